"""The registry: kinds and module ids to classes, and :func:`register`."""

from __future__ import annotations

from typing import Final, TypeVar, cast

from .._tags import MODULES, TABLES, claim
from ..actions import Action
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


class _Registry:
    """Kinds and module ids -> classes: the tables the bases fill when a class is defined
    (:mod:`lasvegas._tags`), read here by the JSON loader.

    A tag names one class at a time: a class claiming a tag another one holds is refused
    when it is defined (unless it replaces that one on purpose), so a lookup can return
    neither a clash nor a replaced class. A lookup is one dictionary read; the tables are
    only written under the registry's lock, one entry at a time.
    """

    def kind(self, base: type, kind: str) -> type:
        cls = TABLES.get(base.__name__, {}).get(kind)
        if cls is None:
            noun = base.__name__.lower() if base is not ModuleState else "slice"
            raise _BadValueError(f"unknown {noun} kind {_short(kind)}: {IMPORT_HINT}")
        return cls

    def module(self, module_id: str) -> type[RuleModule]:
        cls = TABLES.get(MODULES, {}).get(module_id)
        if cls is None:
            raise _BadValueError(f"unknown module {_short(module_id)}: {IMPORT_HINT}")
        return cast("type[RuleModule]", cls)


IMPORT_HINT: Final = "import the package that defines it before loading"
"""The fix an unknown kind or module id names: the class is defined by a package (a
plugin) that was not imported yet."""


def _short(tag: str) -> str:
    """``repr(tag)``, cut short for a message (a tag may be up to MAX_STRING long)."""
    text = repr(tag)
    return text if len(text) <= 60 else text[:56] + "...'"


def _is_attrs_class(obj: object) -> bool:
    """Whether *obj* is an attrs class itself (without narrowing its type, unlike ``attrs.has``)."""
    return isinstance(obj, type) and "__attrs_attrs__" in obj.__dict__


_REGISTRY = _Registry()


def register(cls: type[T], *, replace: bool = False) -> type[T]:
    """Register *cls* with :func:`from_json`; returns it, so it also works as a decorator.

    Every finished ``attrs.frozen`` subclass of :class:`Action`, :class:`Event`,
    :class:`~lasvegas.Task` or :class:`~lasvegas.ModuleState` with its own ``kind``, and of
    :class:`~lasvegas.RuleModule` with its own ``id``, is registered when it is defined: a
    tag another class already holds is refused there, with a :class:`TypeError` naming both
    classes. Call this only to replace a class on purpose (``replace=True``, as the class
    keyword ``class Mine(lv.Action, replace=True)`` does), or for a class attrs finishes
    after its definition (``slots=False``). Registering a registered class again does
    nothing.

    >>> from typing import ClassVar
    >>> import attrs
    >>> import lasvegas as lv
    >>> @attrs.frozen
    ... class Shout(lv.Event):
    ...     kind: ClassVar[str] = "doc-shout"
    ...     word: str
    >>> lv.from_json(lv.to_json(Shout("hi")), lv.Event)
    Shout(word='hi')
    >>> @attrs.frozen
    ... class Whisper(lv.Event):
    ...     kind: ClassVar[str] = "doc-shout"
    Traceback (most recent call last):
    ...
    TypeError: event kind 'doc-shout' of Whisper (...) is already taken by Shout (...): ...
    """
    if not _is_attrs_class(cls):
        raise TypeError(f"{cls!r} is not an attrs class")
    if issubclass(cls, RuleModule):
        if "id" not in cls.__dict__:
            raise TypeError(f"{cls.__qualname__} has no id of its own")
        claim(cls, MODULES, "id", replace=replace, explicit=True)
        return cls
    base = _tag_base(cls)
    if base is None or "kind" not in cls.__dict__:
        raise TypeError(f"{cls.__qualname__} is not an action, event, task or slice with a kind")
    claim(cls, base.__name__, "kind", replace=replace, explicit=True)
    return cls


def known_classes() -> dict[str, dict[str, type]]:
    """Every class :func:`from_json` knows now, by category and tag (for schemas and tests).

    The categories are ``"action"``, ``"event"``, ``"task"``, ``"slice"`` (keyed by kind)
    and ``"module"`` (keyed by id).

    >>> import lasvegas as lv
    >>> known_classes()["action"]["place"] is lv.Place
    True
    """
    names = {Action: "action", Event: "event", Task: "task", ModuleState: "slice"}
    table: dict[str, dict[str, type]] = {
        name: dict(TABLES.get(base.__name__, {})) for base, name in names.items()
    }
    table["module"] = dict(TABLES.get(MODULES, {}))
    return table
