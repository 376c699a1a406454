"""The library's layers, read from its import statements.

Three layers, each importing only from the layers under it:

* the **core** (the engine, the state, the table operations, chance, actions, events, the
  config, JSON, views and records) names no edition: no import of ``lasvegas.classic``,
  ``lasvegas.boulevard``, ``lasvegas.royale`` or ``lasvegas.cardgame``;
* the **module protocol** (``lasvegas.modules``) and the **rule modules** (the editions'
  packages) import nothing from the adapters, and nothing from the views at run time (a
  determiniser or a slice encoder may name :class:`~lasvegas.PlayerView` in its annotations,
  imported under ``TYPE_CHECKING``); the protocol's base, ``lasvegas.modules.base``, names
  neither, not even for the type checker;
* the **adapters** build on all of them.

The imports are parsed with :mod:`ast`, so an import inside a function (a lazy one) counts as
much as one at the top of a file.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "lasvegas"

EDITIONS = ("lasvegas.classic", "lasvegas.boulevard", "lasvegas.royale", "lasvegas.cardgame")
"""The editions' packages: the rule modules."""

CORE = (
    "actions",
    "chance",
    "config",
    "edit",
    "engine",
    "errors",
    "events",
    "payout",
    "record",
    "serde",
    "state",
    "table",
    "text",
    "types",
    "validate",
    "view",
    "modules",
    "_native",
    "_splitmix",
    "_tags",
    "_serde",
)
"""The core's modules and packages, under ``lasvegas``."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _files(*names: str) -> list[Path]:
    """The source files of the modules and packages *names* (under ``lasvegas``)."""
    found: list[Path] = []
    for name in names:
        path = PACKAGE / name
        if path.is_dir():
            found += sorted(path.rglob("*.py"))
        else:
            found.append(path.with_suffix(".py"))
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(path: Path) -> list[tuple[str, bool]]:
    """Every module *path* imports, absolute, each with whether the import only runs for the
    type checker (under ``if TYPE_CHECKING:``).

    >>> ("lasvegas.types", False) in imports(PACKAGE / "modules" / "base.py")
    True
    """
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, bool]] = []

    def visit(nodes: list[ast.stmt], typing_only: bool) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and _type_checking(node):
                visit(node.body, True)
                visit(node.orelse, typing_only)
                continue
            if isinstance(node, ast.Import):
                found.extend((alias.name, typing_only) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join([*base, node.module] if node.module else base)
                else:
                    target = node.module or ""
                found.append((target, typing_only))
                found.extend((f"{target}.{alias.name}", typing_only) for alias in node.names)
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    visit([n for n in inner if isinstance(n, ast.stmt)], typing_only)
                    for handler in inner:
                        if isinstance(handler, ast.ExceptHandler):
                            visit(handler.body, typing_only)

    visit(ast.parse(path.read_text(encoding="utf-8")).body, False)
    return found


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_the_import_reader_resolves_relative_and_typing_only_imports() -> None:
    """The reader itself: a relative import is made absolute, and one under
    ``TYPE_CHECKING`` is marked as such (otherwise the tests below could pass by reading
    nothing)."""
    found = imports(PACKAGE / "modules" / "base.py")
    assert ("lasvegas._tags", False) in found
    assert ("lasvegas.state", True) in found
    assert ("lasvegas.modules.observation", True) in found
    assert ("lasvegas.modules.observation.SliceEncoder", True) in found
    agents = imports(PACKAGE / "agents" / "determinise.py")
    assert ("lasvegas.view", False) in agents


def test_the_module_protocol_names_no_adapter_and_no_view() -> None:
    """``lasvegas.modules.base`` imports nothing from the adapters or the views, even for the
    type checker: the slice encoder's and the determiniser's types are
    ``lasvegas.modules.observation``'s."""
    names = [name for name, _ in imports(PACKAGE / "modules" / "base.py")]
    assert names, "nothing read"
    wrong = [n for n in names if _under(n, "lasvegas.adapters") or _under(n, "lasvegas.view")]
    assert wrong == []


@pytest.mark.parametrize(
    "path",
    _files("modules", "classic", "boulevard", "royale", "cardgame"),
    ids=lambda p: _module_name(p),
)
def test_rule_modules_import_no_adapter_and_no_view_at_run_time(path: Path) -> None:
    """The module protocol and every rule module (each Royale tile too): no adapter at all, a
    view only in an annotation; each edition's observation encoder lives in its own package
    (``lasvegas.<edition>.encoding``)."""
    found = imports(path)
    adapters = [n for n, _ in found if _under(n, "lasvegas.adapters")]
    views = [n for n, typing_only in found if _under(n, "lasvegas.view") and not typing_only]
    assert adapters == [], f"{_module_name(path)} imports the adapters: {adapters}"
    assert views == [], f"{_module_name(path)} imports the views at run time: {views}"


@pytest.mark.parametrize("path", _files(*CORE), ids=lambda p: _module_name(p))
def test_the_core_names_no_edition(path: Path) -> None:
    """The core (engine, state, table, chance, actions, events, config, JSON, views, the
    module protocol ...) imports no edition's package, even lazily or for the type checker:
    an edition plugs in through the module protocol only."""
    named = [n for n, _ in imports(path) if any(_under(n, e) for e in EDITIONS)]
    assert named == [], f"{_module_name(path)} names an edition: {named}"


def test_each_edition_encodes_its_own_slices() -> None:
    """The adapters' encoder holds the core's segments only: no edition's slice type or
    module is named there, and every edition's slice encoder is in the edition's package."""
    import lasvegas as lv
    from lasvegas.adapters.encoding import observation_encoder

    found = imports(PACKAGE / "adapters" / "encoding.py")
    assert [n for n, _ in found if any(_under(n, e) for e in EDITIONS)] == []
    modules: tuple[lv.RuleModule, ...] = (lv.CardGame(), lv.ChipCards(), lv.Royale())
    for module in (*modules, lv.Kickers(), lv.SlotMachine(), lv.RainbowCards()):
        encoder = module.capabilities().slice_encoder
        assert encoder is not None, module
        home = type(module).__module__.rpartition(".")[0]
        assert encoder.__module__ == f"{home}.encoding", (module, encoder.__module__)
    assert observation_encoder(lv.royale(3)).segment("royale.chips").size == 3
