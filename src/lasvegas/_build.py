"""Which build of the library runs: the pure-Python one, or the one compiled with mypyc.

The same source makes both. A wheel built with ``LASVEGAS_COMPILE=1`` compiles the modules
listed in ``COMPILED_MODULES`` (this one among them) to C extensions with mypyc; every
other build (the pure ``py3-none-any`` wheel, an editable install, a source checkout) runs
them as Python. ``hatch_build.py`` reads the list from here.
"""

from __future__ import annotations

import ast
import importlib
import json
import types
from importlib.resources import files
from typing import Final, TypeVar

__all__ = [
    "COMPILED",
    "COMPILED_MODULES",
    "class_annotations",
    "python_class",
    "restore_annotations",
    "restore_docstrings",
]

_C = TypeVar("_C", bound=type)

COMPILED_MODULES: Final = (
    "lasvegas._build",
    "lasvegas._native",
    "lasvegas._ruleset",
    "lasvegas.state",
    "lasvegas._splitmix",
    "lasvegas._emit",
    "lasvegas._rng",
    "lasvegas.payout",
    "lasvegas.table",
    "lasvegas.engine",
    "lasvegas.engine._apply",
    "lasvegas.engine._chance",
    "lasvegas.engine._common",
    "lasvegas.engine._hooks",
    "lasvegas.engine._moves",
    "lasvegas.engine._round",
    "lasvegas.engine._turns",
    "lasvegas.edit",
    "lasvegas.modules._bases",
    # Royale (not royale.tiles.base and .shared: their classes are bases of the tiles'
    # classes, see below)
    "lasvegas.royale.state",
    "lasvegas.royale.deal",
    "lasvegas.royale.bank",
    "lasvegas.royale.module",
    "lasvegas.royale.table",
    "lasvegas.royale.draft",
    "lasvegas.royale.tiles.bad_luck",
    "lasvegas.royale.tiles.black_box",
    "lasvegas.royale.tiles.block_it",
    "lasvegas.royale.tiles.double_down",
    "lasvegas.royale.tiles.fifty_fifty",
    "lasvegas.royale.tiles.handicap",
    "lasvegas.royale.tiles.high_five",
    "lasvegas.royale.tiles.jackpot",
    "lasvegas.royale.tiles.knockout",
    "lasvegas.royale.tiles.lucky_punch",
    "lasvegas.royale.tiles.my_choice",
    "lasvegas.royale.tiles.nice_dice",
    "lasvegas.royale.tiles.no_entry",
    "lasvegas.royale.tiles.pay_day",
    "lasvegas.royale.tiles.power_play",
    "lasvegas.royale.tiles.prime_time",
    "lasvegas.cardgame._parts",
    "lasvegas.cardgame._flow",
    # Boulevard's rule flow (its modules' handlers and hooks are functions of their modules,
    # not bound methods, so that a Boulevard config pickles in both builds)
    "lasvegas.boulevard._dice",
    "lasvegas.boulevard.biggies",
    "lasvegas.boulevard.hundred_thousands",
    "lasvegas.boulevard.kickers",
    "lasvegas.boulevard.minimum_by_players",
    "lasvegas.boulevard.rainbow_cards",
    "lasvegas.boulevard.sixth_player",
    "lasvegas.boulevard.slot_machine",
    # The JSON loader's hot path: a state document's fast structuring and writing, and the
    # state invariants every loaded state is checked against
    "lasvegas._serde.states",
    "lasvegas.validate",
)
"""The modules the compiled build compiles with mypyc: the logic modules, among them the
native state classes (:class:`~lasvegas.State`, :class:`~lasvegas.Casino`). A listed module
may define attrs classes: they stay Python classes with their source's annotations
(:func:`restore_annotations`), exactly the pure build's."""


def _probe() -> None:
    """A function whose type tells whether this module runs compiled."""


COMPILED: Final = not isinstance(_probe, types.FunctionType)
"""``True`` in the compiled build (this module, like every module of ``COMPILED_MODULES``,
is a C extension built by mypyc), ``False`` in the pure one."""


def restore_docstrings() -> None:
    """Give back their docstrings to the classes mypyc keeps as Python classes (an Enum),
    which it gives a filler docstring: the compiled wheel lists them, with their source's
    docstrings, in ``_compiled_docstrings.json``. Nothing to do in the pure build."""
    if not COMPILED:
        return
    listed = files("lasvegas").joinpath("_compiled_docstrings.json")
    if not listed.is_file():
        return
    for name, doc in json.loads(listed.read_text(encoding="utf-8")).items():
        module, _, qualname = name.rpartition(".")
        vars(importlib.import_module(module))[qualname].__doc__ = doc


# -- Python classes in compiled modules: their annotations as written --------------------------
#
# A class of a compiled module that mypyc cannot make native (an attrs class: its decorator is
# not one mypyc knows) is built at import as a Python class, from a class dictionary mypyc
# fills. Into its ``__annotations__`` mypyc writes every class-level name, annotated or not,
# with the bare class of its type (``kind: ClassVar[str] = "roll"`` as ``str``,
# ``tuple[Task, ...]`` as ``tuple``): attrs would then make ``kind`` a field and cattrs would
# load the tasks as dicts. The compiled wheel lists each such class's annotations as the
# source writes them (:func:`class_annotations`, run by the build hook), and
# :func:`restore_annotations` puts them back on the class before attrs reads them: the tagged
# bases (``Action``, ``Event``, ``Task``, ``ModuleState``, ``RuleModule``) do it for every
# subclass through the registry (``lasvegas._tags.claim``), and :func:`python_class` for any
# other class. So the class attrs builds is the pure build's: the same fields, types, repr,
# equality, hashing, pickling and JSON.
#
# What a compiled module's Python classes must still do (mypyc runs the class body):
# - no closure in a method (mypyc 2.4 fails on it): a function of the module instead;
# - no ``attrs.field(...)`` as a class-level value: mypyc checks it against the field's type
#   (a plain default, and the checks in ``__attrs_post_init__``);
# - a name an annotation starts with (``casino: CasinoNumber``) imported at run time, not
#   only under ``TYPE_CHECKING``: mypyc loads the class it names;
# - a plain class deriving from a Python class decorated with :func:`python_class` (mypyc
#   would make it a native class);
# - no Python class that other classes derive from (a base of tile modules or of their
#   slices): mypyc compiles ``isinstance(x, C)``, C a class of a compiled module, as
#   ``type(x) is C`` or C's subclasses that it knows of, and it knows of none of a Python
#   class. Such bases live in a module that is not compiled.

_ANNOTATIONS: dict[str, dict[str, str]] | None = None
"""The compiled wheel's ``_compiled_annotations.json``, read on first use (empty in the pure
build): ``"module.Class"`` -> the class's annotations as the source writes them."""


def class_annotations(source: str) -> dict[str, dict[str, str]]:
    """The ``__annotations__`` of every class in module source *source* as the pure build
    holds them (the module says ``from __future__ import annotations``, so each is the
    annotation's source text), by qualified name; a class without annotations maps to ``{}``.

    >>> class_annotations("class A:\\n    kind: ClassVar[str] = 'a'\\n    x: tuple[int, ...]\\n    y = 2")
    {'A': {'kind': 'ClassVar[str]', 'x': 'tuple[int, ...]'}}
    """
    found: dict[str, dict[str, str]] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                name = prefix + node.name
                found[name] = {
                    stmt.target.id: ast.unparse(stmt.annotation)
                    for stmt in node.body
                    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
                }
                visit(node.body, name + ".")
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(node.body, f"{prefix}{node.name}.<locals>.")

    visit(ast.parse(source).body, "")
    return found


def _annotation_table() -> dict[str, dict[str, str]]:
    global _ANNOTATIONS
    if _ANNOTATIONS is None:
        table: dict[str, dict[str, str]] = {}
        if COMPILED:
            listed = files("lasvegas").joinpath("_compiled_annotations.json")
            if listed.is_file():
                table = json.loads(listed.read_text(encoding="utf-8"))
        _ANNOTATIONS = table
    return _ANNOTATIONS


def restore_annotations(cls: type) -> None:
    """Give *cls*, a Python class just made by a compiled module, the annotations its source
    writes, in place of those mypyc wrote (see above); before attrs reads them. Nothing to do
    in the pure build, or for a class of a module that is not compiled."""
    written = _annotation_table().get(f"{cls.__module__}.{cls.__qualname__}")
    if written is not None:
        type.__setattr__(cls, "__annotations__", dict(written))


def python_class(cls: _C) -> _C:
    """Keep *cls* a Python class with the annotations of its source in the compiled build too.

    For a class of a compiled module that is not a subclass of a tagged base (those are
    kept so by the registry): an attrs class (apply it first, ``@attrs.frozen`` above it) or
    a mixin that Python classes derive from. Any decorator keeps a class out of mypyc's native
    classes; this one also gives back its annotations (:func:`restore_annotations`). In the
    pure build it returns *cls* unchanged.

    >>> import attrs
    >>> @attrs.frozen
    ... @python_class
    ... class Pair:
    ...     left: int
    ...     right: int
    >>> Pair(1, 2)
    Pair(left=1, right=2)
    """
    restore_annotations(cls)
    return cls
