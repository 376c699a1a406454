"""Every code example of the docs runs: one test per page of ``docs/**/*.md``, with Sybil.

Sybil (its MyST parsers) finds a page's examples: its fenced code blocks whose language
is ``python`` (``{code-block} python`` too, and blocks inside other directives such as a
note). They run in order, in one namespace per page (a later block may use what an earlier
one defined):

- a block whose lines start with ``>>>`` is a doctest (options ``ELLIPSIS`` and
  ``NORMALIZE_WHITESPACE``): every output shown must be the output produced;
- any other block is run as a script (with ``from __future__ import annotations``) and
  must not raise.

A block that is not meant to run (a fragment of a class, a template) is marked by the MyST
comment ``% skip: next`` on the line right above its fence (Sybil's ``skip`` directive;
HTML ``<!-- skip: next -->`` works too). Give no reason after ``next``: Sybil reads one as
a Python expression and, if true, skips the whole page's test. Other languages (``console``, ``json``, ``text``)
never run. The docstring examples of the package run with ``--doctest-modules`` (see
``pyproject.toml``).

Sybil rather than a parser of our own: it is the maintained tool for exactly this, and knows
MyST's directives and comments. Its pytest plugin would collect ``docs/`` itself, but that
needs ``docs`` among pytest's ``testpaths`` (and ``--doctest-modules`` would then import
``docs/conf.py``); so the pages are parsed with Sybil here, one parametrised test per page.
"""

from __future__ import annotations

import doctest
import gc
import re
import sys
import types
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.example import SybilFailure
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser

DOCS = Path(__file__).resolve().parents[1] / "docs"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
SYBIL = Sybil(
    parsers=[
        PythonCodeBlockParser(future_imports=["annotations"], doctest_optionflags=FLAGS),
        SkipParser(),
    ]
)
"""The parsers of the docs' examples: Python code blocks (doctests among them) and skips.

The code blocks run with ``from __future__ import annotations``, as the project's own
modules do: a fragment such as ``def choose(self, view: lv.PlayerView) -> lv.Action: ...``
need not import what its annotations name."""


def _pages() -> list[Path]:
    return sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.relative_to(DOCS).parts)


def run_page(page: Path, root: Path = DOCS.parent) -> int:
    """Run every example of *page* in one namespace; return how many Sybil found (a skip
    and the block it skips count).

    The first failure raises Sybil's ``SybilFailure`` (its page and line in the message).
    The namespace is a module registered in ``sys.modules`` while the page runs, as a
    user's own module would be (JSON resolves a class's annotations through its module).
    It is emptied afterwards, so the classes a page defines do not outlive it. *root* is
    what the page's module name is derived from.
    """
    name = page.relative_to(root).as_posix()
    module = types.ModuleType("docs_example_" + re.sub(r"\W", "_", name.removesuffix(".md")))
    document = SYBIL.parse(page)
    document.namespace = module.__dict__
    sys.modules[module.__name__] = module
    ran = 0
    try:
        for example in document:
            example.evaluate()
            ran += 1
    finally:
        del sys.modules[module.__name__]
        module.__dict__.clear()
        gc.collect()
    return ran


PAGES = _pages()


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(DOCS).as_posix() for p in PAGES])
def test_examples_of_the_docs_run(page: Path) -> None:
    """Each docs page's Python examples run, and the doctests among them print what they show."""
    run_page(page)


def test_the_docs_have_examples() -> None:
    """Sybil finds the pages and their examples (a broken setup would pass vacuously)."""
    assert DOCS / "quickstart.md" in PAGES
    assert sum(len(list(SYBIL.parse(page))) for page in PAGES) >= 5
    quickstart = list(SYBIL.parse(DOCS / "quickstart.md"))
    assert quickstart
    assert quickstart[0].parsed.source == "import lasvegas as lv\n"
    for adapter in ("pettingzoo", "openspiel"):  # their extras are installed: they run too
        assert list(SYBIL.parse(DOCS / "adapters" / f"{adapter}.md"))


def test_what_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Doctests, code blocks (inside a note too), ``{code-block} python``; not the block
    after ``% skip: next``, nor other languages, nor directives' contents."""
    page = tmp_path / "page.md"
    page.write_text(
        "\n".join(
            [
                "# Title",
                "```python",
                ">>> 1 + 1",
                "2",
                "```",
                "% skip: next",
                "```python",
                "undefined_name",
                "```",
                "````{code-block} python",
                "x = 1",
                "````",
                "```console",
                "$ false",
                "```",
                "````{note}",
                "```python",
                "print('in a note', x)",
                "```",
                "````",
                "```{eval-rst}",
                ".. autofunction:: lasvegas.apply",
                "```",
                "",
            ]
        ),
        encoding="utf-8",
    )
    # the doctest, the skip, the block it skips (which does not raise), the code block and
    # the note's
    assert run_page(page, tmp_path) == 5
    assert capsys.readouterr().out == "in a note 1\n"


def test_a_failing_example_fails(tmp_path: Path) -> None:
    """A doctest whose output differs, or a script that raises, fails the page's test."""
    bad_doctest = tmp_path / "bad.md"
    bad_doctest.write_text("```python\n>>> 1 + 1\n3\n```\n", encoding="utf-8")
    bad_script = tmp_path / "raises.md"
    bad_script.write_text("```python\nraise ValueError('boom')\n```\n", encoding="utf-8")
    with pytest.raises(SybilFailure, match=r"bad\.md, line 2"):
        run_page(bad_doctest, tmp_path)
    with pytest.raises(ValueError, match="boom"):
        run_page(bad_script, tmp_path)
