"""The layers of the package import without a cycle between the engine and the batch edits.

``lasvegas.edit`` (:class:`~lasvegas.edit.Draft`) and ``lasvegas.engine`` both emit events;
:func:`~lasvegas.engine.emit` lives in the neutral ``lasvegas._emit``, which imports neither,
so the engine imports ``edit`` and ``edit`` never imports the engine: each loads first in a
fresh interpreter, whatever was imported before.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "lasvegas"

# Imports one module of the package in a fresh interpreter without running the package's
# __init__ (which imports everything in its own order), then lists what got loaded.
_PROBE = """
import importlib, importlib.util, sys, types
spec = importlib.util.find_spec("lasvegas")
package = types.ModuleType("lasvegas")
package.__path__ = list(spec.submodule_search_locations)
package.__spec__ = spec  # its resources (the compiled build reads one at import) stay found
sys.modules["lasvegas"] = package
importlib.import_module(sys.argv[1])
print(" ".join(sorted(name for name in sys.modules if name.startswith("lasvegas"))))
"""


def _loaded_by(name: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, name], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


@pytest.mark.parametrize("first", ["lasvegas.edit", "lasvegas.engine", "lasvegas._emit"])
def test_edit_and_engine_each_import_first(first: str) -> None:
    """Each of ``edit``, ``engine`` and ``_emit`` imports alone, first, in a new interpreter."""
    loaded = _loaded_by(first)
    assert first in loaded
    if first != "lasvegas.engine":
        assert not {name for name in loaded if name.startswith("lasvegas.engine")}, loaded


def test_whole_package_imports_with_edit_or_engine_first() -> None:
    """``import lasvegas.edit`` and ``import lasvegas.engine`` in a fresh interpreter."""
    for name in ("lasvegas.edit", "lasvegas.engine"):
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                f"import {name}; import lasvegas.edit; print(lasvegas.edit.Draft, lasvegas.apply)",
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert "Draft" in done.stdout
        assert "apply" in done.stdout


def _module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _top_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The imports run when the module loads: module level, ``if TYPE_CHECKING`` left out
    (imports inside functions run later, once every module is loaded)."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If) and not _is_type_checking(node):
            todo.extend(node.body + node.orelse)
        elif isinstance(node, ast.Try):
            todo.extend(node.body + node.orelse + node.finalbody)
            for handler in node.handlers:
                todo.extend(handler.body)
    return found


def _import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports when it loads (a submodule's import loads
    its packages too, but the facade, ``lasvegas/__init__``, which imports every layer to
    re-export it, is not counted)."""
    modules = {_module_name(path): path for path in SOURCE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in _top_level_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                bases = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                bases = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            for target in bases:
                parts = target.split(".")
                for end in range(2, len(parts) + 1):  # the facade lasvegas/__init__ left out
                    if ".".join(parts[:end]) in modules:
                        targets.add(".".join(parts[:end]))
        targets.discard(name)
        graph[name] = targets
    return graph


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _in_engine(name: str) -> bool:
    return name == "lasvegas.engine" or name.startswith("lasvegas.engine.")


def test_no_import_cycle_between_edit_and_engine() -> None:
    """The engine needs ``edit``; nothing ``edit`` loads (transitively) is the engine."""
    graph = _import_graph()
    assert "lasvegas.edit" in _reachable(graph, "lasvegas.engine._round")
    from_edit = _reachable(graph, "lasvegas.edit")
    assert "lasvegas._emit" in from_edit
    assert not {name for name in from_edit if _in_engine(name)}, sorted(from_edit)
    assert not {name for name in _reachable(graph, "lasvegas._emit") if _in_engine(name)}


def test_the_import_graph_sees_the_cycle_it_guards_against() -> None:
    """The scan finds the edges it must: ``edit`` -> ``_emit``, ``engine._hooks`` ->
    ``_emit``, and a package's ``__init__`` -> its submodules."""
    graph = _import_graph()
    assert "lasvegas._emit" in graph["lasvegas.edit"]
    assert "lasvegas._emit" in graph["lasvegas.engine._hooks"]
    assert "lasvegas.engine._apply" in graph["lasvegas.engine"]
    assert "lasvegas.engine" in graph["lasvegas.engine._round"]  # from . import Standings


def _submodules(package: str) -> list[str]:
    import importlib
    import pkgutil

    found = importlib.import_module(package)
    return [info.name for info in pkgutil.walk_packages(found.__path__, f"{package}.")]


@pytest.mark.parametrize(
    "name",
    [
        m
        for p in ("lasvegas.classic", "lasvegas.royale", "lasvegas.cardgame")
        for m in _submodules(p)
    ],
)
def test_every_submodule_of_an_edition_imports_under_an_alias(name: str) -> None:
    """``import lasvegas.royale.bank as bank`` works although ``lasvegas.royale`` is the
    edition's builder (which carries its package's name for that)."""
    import importlib

    scope: dict[str, object] = {}
    exec(f"import {name} as alias", scope)  # the statement itself is what is tested
    assert scope["alias"] is importlib.import_module(name)
