"""Every public name of ``lasvegas`` has a docstring and a place in the API reference.

The reference is the pages of ``docs/api/``, one per public module (the package ``lasvegas``
itself in a few pages by use). A name is in it when an autodoc directive on one of them
names it (``.. autofunction:: lasvegas.apply``), or when it is a class of a ``public-api``
group there (every public subclass of ``Action``, ``Event``, ``RuleModule``, the tiles'
base): see ``docs/_ext/apinames.py``, which the docs build uses too.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import sys
from pathlib import Path
from types import ModuleType

import pytest

import lasvegas

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "_ext"))

import apinames  # found through the path above

API_DIR = Path(__file__).resolve().parents[1] / "docs" / "api"
SUBMODULES = (
    "lasvegas.testing",
    "lasvegas.agents",
    "lasvegas.chance",
    "lasvegas.table",
    "lasvegas.edit",
    "lasvegas.session",
    "lasvegas.render",
    "lasvegas.web",
    "lasvegas.web.guards",
    "lasvegas.web.store",
    "lasvegas.distributed",
    "lasvegas.modules.observation",
    "lasvegas.adapters",
    "lasvegas.adapters.encoding",
    "lasvegas.adapters.pettingzoo",
    "lasvegas.adapters.openspiel",
)
"""Public submodules the reference documents with ``automodule``."""


def _import(module: str) -> ModuleType:
    """*module*, imported (the test environment holds every extra the adapters need)."""
    return importlib.import_module(module)


def _docstring(module: str, name: str) -> str | None:
    """The docstring of *module*'s name *name*: its own, or the one under its assignment.

    A class's own docstring is in its ``__dict__`` (never inherited); a function's (or a
    cached function's) is its ``__doc__``; data (tuples, aliases of ``int``) only have
    their type's docstring, so theirs is the string under the assignment.
    """
    obj = getattr(sys.modules[module], name)
    if inspect.isclass(obj):
        own = obj.__dict__.get("__doc__")
    elif callable(obj) and obj.__doc__ != type(obj).__doc__:
        own = obj.__doc__
    else:
        own = None
    if own and own.strip():
        return str(own)
    return apinames.attribute_docstring(module, name)


@pytest.mark.parametrize("name", sorted(set(lasvegas.__all__) - {"__version__"}))
def test_every_public_name_has_a_docstring(name: str) -> None:
    """Classes and functions carry their own; data and aliases one under their assignment."""
    doc = _docstring("lasvegas", name)
    assert doc is not None, f"lasvegas.{name} has no docstring"
    assert doc.strip(), f"lasvegas.{name} has an empty docstring"


def test_every_public_name_is_in_the_api_reference() -> None:
    """Each name of ``lasvegas.__all__`` is named by an autodoc directive or a public-api group."""
    text = apinames.api_text(API_DIR)
    explicit = apinames.autodoc_targets(text)
    groups = apinames.public_subclasses(apinames.group_bases(text))
    grouped = {name for names in groups.values() for name in names}
    missing = sorted(set(lasvegas.__all__) - explicit - grouped)
    assert not missing, (
        "public names missing from the API reference (docs/api/); add each on its page, e.g. "
        f"'.. autofunction:: lasvegas.NAME' in an eval-rst block: {missing}"
    )


def test_the_api_reference_names_only_public_names() -> None:
    """The top-level names the page documents exist and are exported in ``__all__``."""
    text = apinames.api_text(API_DIR)
    top_level = {name for name in apinames.autodoc_targets(text) if "." not in name}
    assert top_level <= set(lasvegas.__all__), sorted(top_level - set(lasvegas.__all__))


def test_the_public_submodules_are_documented() -> None:
    """``lasvegas.testing``, ``agents``, ``chance`` and the adapters have an automodule."""
    text = apinames.api_text(API_DIR)
    for module in SUBMODULES:
        assert f".. automodule:: {module}\n" in text, module


@pytest.mark.parametrize("module", SUBMODULES)
def test_every_name_of_the_public_submodules_has_a_docstring(module: str) -> None:
    """What ``automodule`` documents from ``__all__`` is described (data included)."""
    mod = _import(module)
    undocumented = [name for name in mod.__all__ if not _docstring(module, name)]
    assert not undocumented, f"{module}: no docstring for {undocumented}"


@pytest.mark.parametrize("module", SUBMODULES)
def test_re_exported_data_of_the_public_submodules_is_in_the_api_reference(module: str) -> None:
    """``automodule`` skips data a module imports (an alias, a registry): the page names it."""
    text = apinames.api_text(API_DIR)
    explicit = apinames.autodoc_targets(text)
    mod = _import(module)
    missing = [
        name
        for name in mod.__all__
        if not (inspect.isclass(getattr(mod, name)) or inspect.isroutine(getattr(mod, name)))
        and not apinames.defines(module, name)
        and f"{module}.{name}".removeprefix("lasvegas.") not in explicit
    ]
    assert not missing, f"add '.. autodata:: {module}.NAME' to its page in docs/api/ for {missing}"


def _automodules(text: str) -> set[str]:
    return {line.split("::")[1].strip() for line in text.splitlines() if ".. automodule::" in line}


def test_the_api_reference_has_one_page_per_public_module() -> None:
    """Each public submodule is the subject of a page of its own, every page is in a toctree
    of the reference, and no page holds a large part of the reference."""
    pages = {page.stem: page.read_text(encoding="utf-8") for page in apinames.api_pages(API_DIR)}
    for module in SUBMODULES:
        holding = [name for name, text in pages.items() if module in _automodules(text)]
        assert len(holding) == 1, f"{module} is documented on {holding}"
        assert _automodules(pages[holding[0]]) == {module}, holding[0]
    listed = {
        entry
        for text in pages.values()
        for tree in text.split("```{toctree}")[1:]
        for entry in tree.split("```")[0].split()
        if not entry.startswith(":")
    }
    assert listed >= set(pages) - {"index"}, sorted(set(pages) - listed - {"index"})
    sizes = {
        name: text.count(".. auto") + text.count("{public-api}") for name, text in pages.items()
    }
    assert max(sizes.values()) < 60, sizes


def test_public_api_groups_sort_classes_to_the_most_derived_base() -> None:
    """A tile goes to the tiles' group, not to the rule modules' one."""
    groups = apinames.public_subclasses(["RuleModule", "lasvegas.royale.tiles.Tile", "Action"])
    assert "Jackpot" in groups["lasvegas.royale.tiles.Tile"]
    assert "Jackpot" not in groups["RuleModule"]
    assert {"RuleModule", "NeutralDice"} <= set(groups["RuleModule"])
    assert "Roll" in groups["Action"]


def test_autodoc_targets_read_both_markups() -> None:
    """Directives are found in reStructuredText (in eval-rst blocks) and as MyST fences."""
    text = (
        "```{eval-rst}\n.. autofunction:: lasvegas.apply\n   .. autoclass:: State\n```\n"
        "```{autodata} lasvegas.CHANCE\n```\n```{public-api} Event\nRoundStarted\n```\n"
    )
    assert apinames.autodoc_targets(text) == {"apply", "State", "CHANCE"}
    assert apinames.group_bases(text) == ["Event"]


def test_the_helpers_examples() -> None:
    """The examples in ``docs/_ext/apinames.py`` hold."""
    result = doctest.testmod(apinames, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def _tile_modules() -> list[str]:
    tiles = importlib.import_module("lasvegas.royale.tiles")
    objects = [getattr(tiles, name) for name in tiles.__all__]
    return sorted(
        {
            obj.__module__
            for obj in objects
            if inspect.isclass(obj) and obj.__module__.startswith("lasvegas.royale.tiles")
        }
    )


def test_the_tiles_native_bases_are_on_the_tiles_page() -> None:
    """``TileState`` and ``BlackThrow``, the native bases of the tiles' slices and throws,
    are defined in ``lasvegas.royale.state`` (a compiled module): the tiles' page lists them
    (a ``public-api`` group limited to that module, and ``BlackThrow`` by name)."""
    text = apinames.api_text(API_DIR)
    tiles = importlib.import_module("lasvegas.royale.tiles")
    assert tiles.TileState.__module__ == "lasvegas.royale.state"
    assert ":module: lasvegas.royale.tiles\n:defined-in: lasvegas.royale.state\nTileState\n" in text
    assert ".. autoclass:: lasvegas.royale.tiles.shared.BlackThrow\n" in text


@pytest.mark.parametrize("module", _tile_modules())
def test_every_tile_module_has_its_page(module: str) -> None:
    """Each tile module (and the tiles' base) is on a page of its own: its classes through
    ``public-api`` groups limited to it, its data and helpers by explicit directives."""
    text = apinames.api_text(API_DIR)
    mod = importlib.import_module(module)
    explicit = apinames.autodoc_targets(text)
    if module.endswith(".base"):
        assert ".. automodule:: lasvegas.royale.tiles\n" in text
    else:
        assert f".. automodule:: {module}\n" in text
        assert f":defined-in: {module}\n" in text
    missing = [
        name
        for name in mod.__all__
        if not inspect.isclass(getattr(mod, name))
        and f"{module}.{name}".removeprefix("lasvegas.") not in explicit
        and f"royale.tiles.{name}" not in explicit
    ]
    assert not missing, f"{module}: add '.. autodata::' or '.. autofunction::' for {missing}"
