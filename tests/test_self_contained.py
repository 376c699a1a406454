"""The project's docs, docstrings and command-line output stand on their own.

Nothing a user reads (``src/``, ``docs/``, ``examples/``) may send them to a file that does
not ship with the project: the design notes and the rules file the library was written
from are not part of it. Rules are cited by their ids (``C-12``), which the docs' rules
reference states; the speed targets are the benchmark's own constants.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from lasvegas import bench

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("src", "docs", "examples")
"""The folders whose text reaches users."""

OUTSIDE = re.compile(r"\bRULES\b|DESIGN\.md|\bDESIGN\b|\banchors/|\.\./shared|\bshared/")
"""A citation of a file outside the project: ``RULES.md``, ``DESIGN §3``, ``../shared/...``."""

SUFFIXES = {".py", ".md", ".rst", ".txt", ".toml", ".json", ".cfg", ".html", ".css"}


def _files() -> list[Path]:
    found = []
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in SUFFIXES and not {"_build", "__pycache__"} & set(path.parts):
                found.append(path)
    return found


def test_the_scan_reads_the_project() -> None:
    """The scan finds the sources and the rules pages (an empty scan would pass vacuously)."""
    names = {path.relative_to(ROOT).as_posix() for path in _files()}
    assert {"src/lasvegas/engine/__init__.py", "docs/rules/index.md", "docs/index.md"} <= names


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_citation_of_a_file_that_does_not_ship(path: Path) -> None:
    """No line of src/, docs/ or examples/ cites the design notes or the rules file."""
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    bad = [f"{n}: {line.strip()}" for n, line in enumerate(lines, 1) if OUTSIDE.search(line)]
    assert not bad, "cite the docs (rules reference, a docs page) instead:\n" + "\n".join(bad)


def test_the_pattern_catches_the_old_citations() -> None:
    """The pattern matches the forms that used to appear, and not the rule ids."""
    for text in (
        "see RULES.md",
        "RULES C-23",
        "(DESIGN §3)",
        "DESIGN target <= 2x",
        "../shared/x",
        "anchors/S",
    ):
        assert OUTSIDE.search(text), text
    for text in ("C-12 and T-BLOCK-2", "the design of the engine", "a shared state"):
        assert not OUTSIDE.search(text), text


def test_the_bench_prints_its_own_targets(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m lasvegas bench`` states each target next to the figure it measures."""
    assert bench.main(["--games", "1", "--rounds", "1", "--config", "classic-4"]) == 0
    out = capsys.readouterr().out
    assert f"target < {bench.MAX_JSON_ROUNDTRIP_US:g} us" in out
    assert f"target < {bench.MAX_OBSERVE_US:g} us" in out
    assert "of the bare loop's" in out
    assert f"target >= {bench.MIN_SHARE_OF_BARE_LOOP:.0%}" in out
    assert "PyPI lasvegas 0.2.0: not measured (--pypi PYTHON" in out
    assert not OUTSIDE.search(out)


CITED_PATH = re.compile(r"(?<![\w./$~-])(\.?[A-Za-z_][\w.-]*)/[\w.-]")
"""A path in the repository (``tools/golden.py``, ``.ci/run``): its first folder is group 1."""


_MADE_BY_BUILDS = (".venv", ".nox", ".ci-", "dist", "build")
"""Folders a checkout gets from environments and builds (``dist/`` when a page cites a wheel
built there): what the scan of cited folders passes over."""


def test_every_folder_cited_ships_in_the_sdist() -> None:
    """A folder of the project named by what users read or run (src/, docs/, examples/, the
    tests, README.md, noxfile.py) is in the sdist: the docs point to ``tools/`` and
    ``.ci/run``, ``tests/test_golden.py`` runs ``tools/golden.py``, the nox sessions run
    ``tools/random_profile.py``."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = set(config["tool"]["hatch"]["build"]["targets"]["sdist"]["include"])
    texts = [*_files(), *sorted((ROOT / "tests").rglob("*.py")), ROOT / "README.md"]
    texts.append(ROOT / "noxfile.py")
    cited: dict[str, str] = {}
    for path in texts:
        for match in CITED_PATH.finditer(path.read_text(encoding="utf-8", errors="replace")):
            folder = match.group(1)
            # Not the folders that environments and builds leave in a checkout (CI's venvs,
            # `python -m build`'s dist/, the compiled build's dist-compiled/): not the project's.
            if (ROOT / folder).is_dir() and not folder.startswith(_MADE_BY_BUILDS):
                cited.setdefault(folder, path.relative_to(ROOT).as_posix())
    assert {"tools", "docs", "tests"} <= cited.keys()  # the scan finds the citations
    missing = {folder: where for folder, where in cited.items() if f"/{folder}" not in shipped}
    assert not missing, f"cited but not in the sdist (pyproject.toml): {missing}"
