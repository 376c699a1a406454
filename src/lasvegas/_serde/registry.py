"""The registry: kinds and module ids to classes, and :func:`register`."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Final, TypeVar, cast

import attrs

from .. import events as _events
from .._defined import defined
from ..actions import Action, Draw, Place, Roll
from ..events import Event
from ..modules.base import ModuleState, RuleModule, Task
from .bounds import _BadValueError

T = TypeVar("T")

_TAGGED: Final = (Action, Event, Task, ModuleState)
"""Base classes whose subclasses are written with their ``kind`` tag."""


# -- the registry ------------------------------------------------------------------------------


def _tag_base(cls: type) -> type | None:
    """Which tagged base class *cls* derives from, if any."""
    for base in _TAGGED:
        if issubclass(cls, base):
            return base
    return None


@attrs.frozen
class _Tables:
    """One complete build of the registry's tables, published whole (readers never see a
    table half filled)."""

    kinds: dict[type, dict[str, type]]
    modules: dict[str, type[RuleModule]]
    clashes: dict[tuple[type | None, str], tuple[type, ...]]
    defined: int
    """:func:`~lasvegas._defined.defined` when the build started: the tables know every
    class defined before."""


class _Registry:
    """Kinds and module ids -> classes, built at import and again only when classes were
    defined since (a plugin imported late) or registered by hand.

    A tag may be claimed by several classes; the claim with the highest rank wins: a class
    registered by hand, then one the core or a module class declares (its ``actions``,
    ``events``, ``tasks``, ``state_type``), then any other subclass defined with its own tag.
    Two claims of the same rank are a clash, reported when the tag is read.

    Safe under threads: a build happens under a lock and replaces :attr:`tables` in one
    assignment, and a lookup reads :attr:`tables` once. An unknown tag costs one dictionary
    lookup and one counter comparison: the class tree is walked again only if a tagged class
    was defined since the last build (never because a document names an unknown tag).
    """

    def __init__(self) -> None:
        self.explicit: tuple[type, ...] = ()
        self.lock = threading.Lock()
        self.tables = self._build()

    def _build(self) -> _Tables:
        """The tables of every class defined now."""
        start = defined()
        claims: dict[tuple[type | None, str], dict[type, int]] = {}

        def claim(cls: type, rank: int) -> None:
            if issubclass(cls, RuleModule):
                key: tuple[type | None, str] = (None, cls.id)
            else:
                base = _tag_base(cls)
                if base is None or cls is base:
                    return
                key = (base, getattr(cls, "kind"))  # noqa: B009 - every tagged class has one
            ranks = claims.setdefault(key, {})
            ranks[cls] = max(rank, ranks.get(cls, 0))

        modules = list(_own_tag_classes(RuleModule, "id"))
        for cls in modules:
            claim(cls, 1)
            for part in _module_contributions(cls):
                claim(part, 2)
        for root in _TAGGED:
            for cls in _own_tag_classes(root, "kind"):
                claim(cls, 1)
        for cls in (Roll, Draw, Place, *(getattr(_events, n) for n in _events.__all__)):
            claim(cls, 2)
        for cls in self.explicit:
            claim(cls, 3)
            if issubclass(cls, RuleModule):
                for part in _module_contributions(cls):
                    claim(part, 2)
        kinds: dict[type, dict[str, type]] = {root: {} for root in _TAGGED}
        modules_by_id: dict[str, type[RuleModule]] = {}
        clashes: dict[tuple[type | None, str], tuple[type, ...]] = {}
        for key, ranks in claims.items():
            best = max(ranks.values())
            chosen = [cls for cls, rank in ranks.items() if rank == best]
            base, tag = key
            if len(chosen) > 1:
                clashes[key] = tuple(chosen)
            elif base is None:
                modules_by_id[tag] = cast("type[RuleModule]", chosen[0])
            else:
                kinds[base][tag] = chosen[0]
        return _Tables(kinds, modules_by_id, clashes, start)

    def current(self) -> _Tables:
        """The tables, built again first if a tagged class was defined since the last build."""
        tables = self.tables
        if tables.defined == defined():
            return tables
        with self.lock:
            if self.tables.defined != defined():  # not built by another thread meanwhile
                self.tables = self._build()
            return self.tables

    def add(self, cls: type) -> None:
        """Register *cls* by hand (it wins over other claims of its tag) and rebuild."""
        with self.lock:
            if cls not in self.explicit:
                self.explicit = (*self.explicit, cls)
            self.tables = self._build()

    def kind(self, base: type, kind: str) -> type:
        tables = self.tables
        cls = tables.kinds[base].get(kind)
        if cls is None and tables.defined != defined():
            tables = self.current()
            cls = tables.kinds[base].get(kind)
        if cls is None:
            noun = base.__name__.lower() if base is not ModuleState else "module state"
            raise _unknown(tables, (base, kind), f"{noun} kind", f"{noun} kind")
        return cls

    def module(self, module_id: str) -> type[RuleModule]:
        tables = self.tables
        cls = tables.modules.get(module_id)
        if cls is None and tables.defined != defined():
            tables = self.current()
            cls = tables.modules.get(module_id)
        if cls is None:
            raise _unknown(tables, (None, module_id), "module id", "module")
        return cls


def _unknown(
    tables: _Tables, key: tuple[type | None, str], claimed: str, unknown: str
) -> _BadValueError:
    """The error for a tag that *tables* resolve to no class: several claim it (a clash,
    ``"<claimed> 'tag' is claimed by several classes (...)"``), or none
    (``"unknown <unknown> 'tag'"``)."""
    tag = key[1]
    classes = tables.clashes.get(key)
    if classes:
        names = ", ".join(sorted(c.__qualname__ for c in classes))
        return _BadValueError(f"{claimed} {tag!r} is claimed by several classes ({names})")
    return _BadValueError(f"unknown {unknown} {_short(tag)}")


def _short(tag: str) -> str:
    """``repr(tag)``, cut short for a message (a tag may be up to MAX_STRING long)."""
    text = repr(tag)
    return text if len(text) <= 60 else text[:56] + "...'"


def _is_attrs_class(obj: object) -> bool:
    """Whether *obj* is an attrs class itself (without narrowing its type, unlike ``attrs.has``).

    The class must hold its own ``__attrs_attrs__``: a slotted attrs class replaces the class
    first defined, and that original, which only inherits ``__attrs_attrs__``, stays in
    ``__subclasses__`` until the garbage collector runs (it would claim the same tag again).
    """
    return isinstance(obj, type) and "__attrs_attrs__" in obj.__dict__


def _own_tag_classes(base: type, tag: str) -> Iterator[type]:
    """Every attrs subclass of *base* defined so far that sets *tag* itself."""
    stack: list[type] = list(base.__subclasses__())
    seen: set[type] = set()
    while stack:
        cls = stack.pop()
        if cls in seen:
            continue
        seen.add(cls)
        stack.extend(cls.__subclasses__())
        if tag in cls.__dict__ and _is_attrs_class(cls):
            yield cls


def _module_contributions(cls: type) -> Iterator[type]:
    """The tagged classes a module class declares."""
    module = cast("type[RuleModule]", cls)
    yield from module.actions
    yield from module.events
    yield from module.tasks
    if module.state_type is not None:
        yield module.state_type


_REGISTRY = _Registry()


def register(cls: type[T]) -> type[T]:
    """Make *cls* known to :func:`from_json`; returns it, so it also works as a decorator.

    Needed only for a class that no defined rule module declares: an action, event, task or
    slice class (with its own ``kind``), or a rule module class (with its own ``id``). A
    class registered by hand wins over another one with the same tag.

    >>> from typing import ClassVar
    >>> import attrs
    >>> import lasvegas as lv
    >>> @lv.register
    ... @attrs.frozen
    ... class Shout(lv.Event):
    ...     kind: ClassVar[str] = "doc-shout"
    ...     word: str
    >>> lv.from_json(lv.to_json(Shout("hi")), lv.Event)
    Shout(word='hi')
    """
    if not _is_attrs_class(cls):
        raise TypeError(f"{cls!r} is not an attrs class")
    if issubclass(cls, RuleModule):
        if "id" not in cls.__dict__:
            raise TypeError(f"{cls.__qualname__} has no id of its own")
    elif _tag_base(cls) is None or "kind" not in cls.__dict__:
        raise TypeError(f"{cls.__qualname__} is not an action, event, task or slice with a kind")
    _REGISTRY.add(cls)
    return cls


def known_classes() -> dict[str, dict[str, type]]:
    """Every class :func:`from_json` knows now, by category and tag (for schemas and tests).

    The categories are ``"action"``, ``"event"``, ``"task"``, ``"slice"`` (keyed by kind)
    and ``"module"`` (keyed by id).

    >>> import lasvegas as lv
    >>> known_classes()["action"]["place"] is lv.Place
    True
    """
    tables = _REGISTRY.current()
    names = {Action: "action", Event: "event", Task: "task", ModuleState: "slice"}
    table: dict[str, dict[str, type]] = {
        names[base]: dict(kinds) for base, kinds in tables.kinds.items()
    }
    table["module"] = dict(tables.modules)
    return table
