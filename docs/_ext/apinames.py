"""Which public names of ``lasvegas`` the API reference documents, and how.

The reference is the pages of ``docs/api/`` (one per public module, the package
``lasvegas`` itself in a few pages by use). Together they document each name of
``lasvegas.__all__`` either explicitly (an autodoc directive naming it: ``.. autofunction::
apply`` under ``.. currentmodule:: lasvegas``, or ``.. autoclass:: lasvegas.State``) or
through a ``public-api`` directive, which documents every public subclass of a base class
that no page names elsewhere (so a new action, event, module or tile appears in the
reference as soon as it is exported). The groups are assigned over all the pages: a class
goes to the most derived base among every page's groups (:func:`public_subclasses`).

Used by the Sphinx extension ``lasvegas_sphinx`` and by ``tests/test_api_docs.py``.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import re
from collections.abc import Iterable, Sequence
from inspect import cleandoc as inspect_cleandoc
from pathlib import Path

import lasvegas

__all__ = [
    "API_DIR",
    "api_pages",
    "api_text",
    "attribute_docstring",
    "autodoc_targets",
    "defines",
    "group_bases",
    "normalize_base",
    "public_subclasses",
    "resolve_class",
]

_AUTODOC = re.compile(
    r"^\s*(?:\.\.\s+auto(?:class|function|data|attribute|exception|method)::"
    r"|```\{auto(?:class|function|data|attribute|exception|method)\})\s*(?P<name>[\w.]+)",
    re.MULTILINE,
)
_GROUP = re.compile(
    r"^\s*(?:\.\.\s+public-api::|```\{public-api\})\s*(?P<base>[\w.]+)[ \t]*\n"
    r"(?![ \t]*:module:)",  # a group over another module's names competes for none of ours
    re.MULTILINE,
)


API_DIR = Path(__file__).resolve().parents[1] / "api"
"""The API reference's pages (``docs/api/*.md``)."""


def api_pages(api_dir: Path = API_DIR) -> list[Path]:
    """The pages of the API reference, by name."""
    return sorted(api_dir.glob("*.md"))


def api_text(api_dir: Path = API_DIR) -> str:
    """The text of every page of the API reference, one after the other.

    >>> ".. autofunction:: lasvegas.apply" in api_text()
    True
    """
    return "\n".join(page.read_text(encoding="utf-8") for page in api_pages(api_dir))


def _short(name: str) -> str:
    return name.removeprefix("lasvegas.")


def normalize_base(name: str) -> str:
    """A group's base as :func:`public_subclasses` takes it: ``Action``, or a dotted path.

    >>> normalize_base("lasvegas.Action"), normalize_base("lasvegas.royale.tiles.Tile")
    ('Action', 'lasvegas.royale.tiles.Tile')
    """
    rest = name.removeprefix("lasvegas.")
    return rest if "." not in rest else name


def autodoc_targets(text: str) -> set[str]:
    """Names a page documents with autodoc directives, without the ``lasvegas.`` prefix.

    >>> sorted(autodoc_targets(".. autofunction:: apply\\n.. autoclass:: lasvegas.State"))
    ['State', 'apply']
    """
    return {_short(m["name"]) for m in _AUTODOC.finditer(text)}


def group_bases(text: str) -> list[str]:
    """The base classes named by the page's ``public-api`` directives, in page order.

    >>> group_bases("```{public-api} Action\\nRoll\\n```\\n")
    ['Action']
    """
    return [normalize_base(m["base"]) for m in _GROUP.finditer(text)]


def resolve_class(base: str) -> type:
    """The class *base* names: a public name (``Action``) or a dotted path."""
    if "." not in base:
        cls = getattr(lasvegas, base)
    else:
        module, _, name = base.rpartition(".")
        cls = getattr(importlib.import_module(module), name)
    if not isinstance(cls, type):
        raise TypeError(f"{base} is not a class")
    return cls


def public_subclasses(
    bases: Sequence[str], names: Iterable[str] = lasvegas.__all__
) -> dict[str, list[str]]:
    """Assign the public classes to the groups of *bases*: base -> names, in *names* order.

    A class goes to the most derived base it subclasses (a tile to ``Tile`` rather than to
    ``RuleModule`` when the page has both groups); a public base is in its own group.
    *names* defaults to ``lasvegas.__all__``.

    >>> groups = public_subclasses(["Action", "RuleModule"])
    >>> "Roll" in groups["Action"], "NeutralDice" in groups["RuleModule"]
    (True, True)
    """
    classes = {base: resolve_class(base) for base in bases}
    groups: dict[str, list[str]] = {base: [] for base in bases}
    for name in names:
        obj = getattr(lasvegas, name, None)
        if not isinstance(obj, type):
            continue
        matching = [base for base, cls in classes.items() if issubclass(obj, cls)]
        if matching:
            best = min(matching, key=lambda base: -len(classes[base].__mro__))
            groups[best].append(name)
    return groups


def _module_tree(module: str) -> tuple[ast.Module, bool] | None:
    """The parsed source of *module* and whether it is a package, or ``None``."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):  # "lasvegas.config.Ruleset" is no module
        return None
    if spec is None or spec.origin is None:
        return None
    origin = spec.origin
    if not origin.endswith(".py"):
        # A module of the compiled build is a C extension; its source is shipped beside it.
        origin = os.path.join(os.path.dirname(origin), module.rpartition(".")[2] + ".py")
        if not os.path.isfile(origin):
            return None
    with open(origin, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    return tree, spec.submodule_search_locations is not None


def defines(module: str, name: str) -> bool:
    """Whether *module*'s own source assigns *name* at its top level (not an import).

    autodoc's ``automodule`` documents data only where it is assigned: re-exported data
    needs its own ``autodata`` directive.

    >>> defines("lasvegas.types", "Seat"), defines("lasvegas", "Seat")
    (True, False)
    """
    found = _module_tree(module)
    if found is None:
        return False
    for node in found[0].body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return True
    return False


def attribute_docstring(module: str, name: str, _depth: int = 0) -> str | None:
    """The docstring written under the assignment of *name*, following re-exports.

    Data and type aliases carry no ``__doc__`` of their own (``lasvegas.Seat`` is ``int``);
    their docstring is the string literal right below the assignment, in the module that
    defines them, which is found by following ``from .x import name`` from *module*.

    >>> attribute_docstring("lasvegas", "Seat")
    "A player's seat, ``0 .. players-1`` in clockwise order."
    >>> attribute_docstring("lasvegas", "apply") is None  # a function: not an assignment
    True
    """
    found = _module_tree(module)
    if found is None or _depth > 10:
        return None
    tree, package = found
    body = tree.body
    for i, node in enumerate(body):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            nxt = body[i + 1] if i + 1 < len(body) else None
            if (
                isinstance(nxt, ast.Expr)
                and isinstance(nxt.value, ast.Constant)
                and isinstance(nxt.value.value, str)
            ):
                return inspect_cleandoc(nxt.value.value)
            return None
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if (alias.asname or alias.name) == name:
                    base = module if package else module.rpartition(".")[0]
                    for _ in range(max(node.level - 1, 0)):
                        base = base.rpartition(".")[0]
                    source = node.module or ""
                    if node.level:
                        source = f"{base}.{source}" if source else base
                    return attribute_docstring(source, alias.name, _depth + 1)
    return None
