"""JSON for everything public: :func:`to_json`, :func:`from_json`, the registry, migrations.

Every document is one JSON object in an envelope::

    {"format": "lasvegas/state", "schema": 1, ...the object's fields...}

``format`` names what the document holds (see :data:`FORMATS`), ``schema`` the version of
its layout (:data:`SCHEMA`). Actions, events, tasks and module slices carry their stable
``kind`` tag (never the class name); a config's rule modules are ``{"id": ..., options}``.

Loading is strict, because the text may come from a hostile client: the text's size is
bounded, duplicate keys, ``NaN`` and ``Infinity`` are refused, so are unknown keys, missing
fields, unknown kinds and module ids, and any coercion (``"5"``, ``true`` or ``1.9`` are not
ints); every int, string and list is bounded; and a loaded state must keep every invariant
of :func:`lasvegas.state_problems`. Every problem raises
:class:`~lasvegas.DeserializationError`, whose ``errors`` list each problem with its path;
no other exception escapes :func:`from_json`.

There is one cattrs converter, built once at import and extended lazily: hooks for a class
are generated the first time it is met. Classes are found by their tags: the core's own
actions and events, and every rule module class defined so far (its ``id``, and the classes
in its ``actions``, ``events``, ``tasks`` and ``state_type`` class variables). A module whose
class is defined (imported) is therefore known; :func:`register` adds a class by hand.

Speed: a well-formed state document is built directly (one pass of C-speed type checks);
anything irregular falls back to the generated hooks, which report each problem with its path.
"""

from __future__ import annotations

import copy
import enum
import json
import math
import sys
import threading
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, Literal, TypeAlias, TypeVar, cast, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    BaseValidationError,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from . import events as _events
from ._defined import defined
from .actions import Action, Draw, Place, Roll
from .config import GameConfig
from .engine import Standings, Step
from .errors import DeserializationError, LasVegasError
from .events import Event
from .modules.base import ModuleState, RuleModule, Task
from .record import Record
from .state import Casino, Phase, State
from .validate import state_problems
from .view import PlayerView

__all__ = [
    "FORMATS",
    "MAX_INT",
    "MAX_ITEMS",
    "MAX_STRING",
    "MAX_TEXT",
    "MIGRATIONS",
    "SCHEMA",
    "Document",
    "JSONValue",
    "Migration",
    "from_data",
    "from_json",
    "known_classes",
    "migrate",
    "register",
    "roundtrip_problems",
    "to_data",
    "to_json",
]

T = TypeVar("T")

Document: TypeAlias = GameConfig | State | Action | Event | PlayerView | Standings | Record | Step
"""Everything :func:`to_json` writes."""

JSONValue: TypeAlias = "dict[str, JSONValue] | list[JSONValue] | str | int | float | bool | None"
"""A decoded JSON value: what :func:`to_data` returns and :func:`from_data` reads."""

Migration: TypeAlias = Callable[[str, dict[str, Any]], dict[str, Any]]
"""One step of :data:`MIGRATIONS`: ``(what, document) -> document`` one schema version later.

*what* is the document's format without its ``lasvegas/`` prefix (``"state"``); the step
returns a new dict (it must not change the one given) and does not touch ``schema``.
"""


def _view_drawing_aids(what: str, document: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 -> 2: views gained ``money_parts``, ``owners``, ``casino_names``,
    ``casino_tiles``, ``labels`` and ``prompt``; a schema-1 view gets them empty (it cannot
    know them), and its ``money`` stays what it was (the notes: add a module's part by hand).
    Every other format is unchanged."""
    if what != "view":
        return dict(document)
    aids = {
        "money_parts": [],
        "owners": [],
        "casino_names": [],
        "casino_tiles": [],
        "labels": [],
        "prompt": "",
    }
    return {**document, **{k: v for k, v in aids.items() if k not in document}}


MIGRATIONS: Final[tuple[Migration, ...]] = (_view_drawing_aids,)
"""The migration chain: ``MIGRATIONS[i]`` turns a schema ``i + 1`` document into schema ``i + 2``."""

SCHEMA: Final = len(MIGRATIONS) + 1
"""The schema version this library writes (and the newest it reads)."""

FORMATS: Final[dict[str, type]] = {
    "config": GameConfig,
    "state": State,
    "action": Action,
    "event": Event,
    "view": PlayerView,
    "standings": Standings,
    "record": Record,
    "step": Step,
}
"""The document formats: ``"lasvegas/<key>"`` holds an instance of the value."""

MAX_TEXT: Final = 1_000_000
"""Default bound on the length of a document :func:`from_json` accepts (characters or bytes)."""

MAX_ITEMS: Final = 65_536
"""Most items a JSON array may hold."""

MAX_STRING: Final = 1_000
"""Most characters a JSON string may hold."""

MAX_INT: Final = 2**64 - 1
"""Largest magnitude of a JSON integer (a 64-bit seed fits; every game number is far below)."""

_TAGGED: Final = (Action, Event, Task, ModuleState)
"""Base classes whose subclasses are written with their ``kind`` tag."""

_ENVELOPE: Final = ("format", "schema")


# -- errors ------------------------------------------------------------------------------------


class _BadValueError(ValueError):
    """One problem with a value; its path is added by the structures around it."""


def _json_type(value: object) -> str:
    """The JSON name of a decoded value's type, for messages."""
    if value is None:
        return "null"
    if type(value) is bool:
        return "a boolean"
    if type(value) is int:
        return "an integer"
    if type(value) is float:
        return "a decimal number" if math.isfinite(value) else "a non-finite number"
    if type(value) is str:
        return "a string"
    if type(value) is list:
        return "an array"
    if type(value) is dict:
        return "an object"
    return type(value).__name__  # pragma: no cover - json.loads makes nothing else


def _format(exc: BaseException, _type: object) -> str:
    """Describe one leaf problem (used with ``cattrs.transform_error``)."""
    if isinstance(exc, _BadValueError):
        return str(exc)
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"unknown keys: {', '.join(sorted(exc.extra_fields))}"
    if isinstance(exc, LasVegasError):
        return str(exc)
    return f"invalid value ({type(exc).__name__}: {exc})"


def _messages(exc: BaseException, path: str = "$") -> list[str]:
    """Every problem in *exc* as ``"problem @ path"``."""
    return cattrs.transform_error(exc, path, _format)


def _group(
    cls: type, problems: list[tuple[str, Exception]], extra: set[str] | None = None
) -> ClassValidationError:
    """An exception group for *cls* whose members know which field they are about."""
    members: list[Exception] = []
    for name, exc in problems:
        exc.add_note(AttributeValidationNote(f"Structuring {cls.__name__} @ {name}", name, cls))
        members.append(exc)
    if extra:
        members.append(ForbiddenExtraKeysError(None, cls, extra))
    return ClassValidationError(f"While structuring {cls.__name__}", members, cls)


def _index(exc: Exception, index: int, kind: object) -> Exception:
    exc.add_note(IterableValidationNote(f"Structuring @ index {index}", index, kind))
    return exc


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
            classes = tables.clashes.get((base, kind))
            if classes:
                names = ", ".join(sorted(c.__qualname__ for c in classes))
                raise _BadValueError(
                    f"{noun} kind {kind!r} is claimed by several classes ({names})"
                )
            raise _BadValueError(f"unknown {noun} kind {_short(kind)}")
        return cls

    def module(self, module_id: str) -> type[RuleModule]:
        tables = self.tables
        cls = tables.modules.get(module_id)
        if cls is None and tables.defined != defined():
            tables = self.current()
            cls = tables.modules.get(module_id)
        if cls is None:
            classes = tables.clashes.get((None, module_id))
            if classes:
                names = ", ".join(sorted(c.__qualname__ for c in classes))
                raise _BadValueError(
                    f"module id {module_id!r} is claimed by several classes ({names})"
                )
            raise _BadValueError(f"unknown module {_short(module_id)}")
        return cls


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

    >>> import attrs, typing
    >>> import lasvegas as lv
    >>> @lv.register
    ... @attrs.frozen
    ... class Shout(lv.Event):
    ...     kind: typing.ClassVar[str] = "doc-shout"
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


# -- resolving annotations ---------------------------------------------------------------------


def _fallback_namespace() -> dict[str, Any]:
    """Names a module may import only for type checking, so its string annotations resolve."""
    import lasvegas

    from . import types as lv_types

    names: dict[str, Any] = {n: getattr(lasvegas, n) for n in lasvegas.__all__}
    names.update({n: getattr(lv_types, n) for n in lv_types.__all__})
    names.update(vars(typing))
    return names


_RESOLVED: set[type] = set()


def _resolve(cls: type) -> None:
    """Resolve the string annotations of attrs class *cls* (once); raise NameError if stuck."""
    if cls in _RESOLVED:
        return
    try:
        attrs.resolve_types(cls)
    except NameError:
        module = sys.modules.get(cls.__module__)
        namespace = {**_fallback_namespace(), **(vars(module) if module else {})}
        attrs.resolve_types(cls, globalns=namespace)
    _RESOLVED.add(cls)


def _init_fields(cls: type) -> tuple[attrs.Attribute[Any], ...]:
    """The fields of attrs class *cls* that JSON holds (those ``__init__`` takes)."""
    _resolve(cls)
    return tuple(a for a in attrs.fields(cls) if a.init)


# -- the converter: primitives -----------------------------------------------------------------

_CONVERTER: Final = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
"""The one converter: strict hooks, generated per class on first use."""


def _structure_int(value: Any, _: object) -> int:
    if type(value) is int:
        if -MAX_INT <= value <= MAX_INT:
            return value
        raise _BadValueError(f"integer out of range (magnitude above {MAX_INT})")
    raise _BadValueError(f"expected an integer, got {_json_type(value)}")


def _structure_str(value: Any, _: object) -> str:
    if type(value) is str:
        if len(value) > MAX_STRING:
            raise _BadValueError(f"string too long ({len(value)} characters, at most {MAX_STRING})")
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise _BadValueError("string with a lone surrogate (not Unicode text)") from None
        return value
    raise _BadValueError(f"expected a string, got {_json_type(value)}")


def _structure_bool(value: Any, _: object) -> bool:
    if type(value) is bool:
        return value
    raise _BadValueError(f"expected a boolean, got {_json_type(value)}")


def _structure_float(value: Any, _: object) -> float:
    if type(value) is int and -MAX_INT <= value <= MAX_INT:
        return float(value)
    if type(value) is float and math.isfinite(value):
        return value
    raise _BadValueError(f"expected a number, got {_json_type(value)}")


def _structure_none(value: Any, _: object) -> None:
    if value is not None:
        raise _BadValueError(f"expected null, got {_json_type(value)}")


_ENUMS: dict[type, dict[tuple[type, Any], enum.Enum]] = {}


def _structure_enum(value: Any, cls: type[enum.Enum]) -> enum.Enum:
    table = _ENUMS.get(cls)
    if table is None:
        table = _ENUMS[cls] = {(type(m.value), m.value): m for m in cls}
    try:
        member = table.get((type(value), value))
    except TypeError:  # an unhashable value (array, object)
        member = None
    if member is not None:
        return member
    allowed = ", ".join(json.dumps(m.value) for m in cls)
    raise _BadValueError(f"expected one of {allowed}, got {json.dumps(value)[:40]}")


_CONVERTER.register_structure_hook(int, _structure_int)
_CONVERTER.register_structure_hook(str, _structure_str)
_CONVERTER.register_structure_hook(bool, _structure_bool)
_CONVERTER.register_structure_hook(float, _structure_float)
_CONVERTER.register_structure_hook(type(None), _structure_none)
for _enum_base in (enum.Enum, enum.IntEnum, enum.StrEnum):
    _CONVERTER.register_structure_hook(_enum_base, _structure_enum)
    _CONVERTER.register_unstructure_hook(_enum_base, lambda member: member.value)


# -- the converter: containers, unions, literals -----------------------------------------------


def _is_union(t: Any) -> bool:
    return get_origin(t) in (typing.Union, types.UnionType)


def _describe(t: Any) -> str:
    """A short readable name of a type, for messages."""
    if _is_union(t):
        return " or ".join(_describe(a) for a in get_args(t))
    if t is type(None):
        return "null"
    return getattr(t, "__name__", None) or repr(t)


def _union_factory(t: Any) -> Callable[[Any, Any], Any]:
    members = [a for a in get_args(t) if a is not type(None)]
    optional = len(members) < len(get_args(t))
    hooks: list[tuple[Any, Callable[[Any, Any], Any]]] = []

    def structure(value: Any, _: object) -> Any:
        if value is None:
            if optional:
                return None
            raise _BadValueError(f"expected {_describe(t)}, got null")
        if not hooks:
            hooks.extend((m, _CONVERTER.get_structure_hook(m)) for m in members)
        failures: list[Exception] = []
        for member, hook in hooks:
            try:
                return hook(value, member)
            except (_BadValueError, BaseValidationError) as exc:
                failures.append(exc)
        if len(failures) == 1:
            raise failures[0]
        raise _BadValueError(f"expected {_describe(t)}, got {_json_type(value)}")

    return structure


def _is_literal(t: Any) -> bool:
    return get_origin(t) is Literal


def _is_set(t: Any) -> bool:
    return get_origin(t) in (frozenset, set) or t in (frozenset, set)


def _literal_factory(t: Any) -> Callable[[Any, Any], Any]:
    allowed = get_args(t)

    def structure(value: Any, _: object) -> Any:
        for option in allowed:
            if type(option) is type(value) and option == value:
                return option
        shown = ", ".join(json.dumps(a) for a in allowed)
        raise _BadValueError(f"expected one of {shown}, got {_json_type(value)}")

    return structure


def _check_array(value: Any) -> None:
    if type(value) is not list:
        raise _BadValueError(f"expected an array, got {_json_type(value)}")
    if len(value) > MAX_ITEMS:
        raise _BadValueError(f"array too long ({len(value)} items, at most {MAX_ITEMS})")


_ONLY_INT: Final = frozenset({int})


def _is_sequence(t: Any) -> bool:
    origin = get_origin(t)
    if origin is tuple:
        args = get_args(t)
        return len(args) == 2 and args[1] is Ellipsis
    return origin in (list, Sequence, frozenset, set)


def _sequence_factory(t: Any) -> Callable[[Any, Any], Any]:
    origin = get_origin(t)
    item = get_args(t)[0]
    build: Callable[[Iterable[Any]], Any] = tuple if origin in (tuple, Sequence) else origin
    unique = origin in (frozenset, set)
    ints = item is int
    rows = _is_sequence(item) and get_origin(item) is tuple and get_args(item)[0] is int
    item_hook: list[Callable[[Any, Any], Any]] = []

    def structure(value: Any, _: object) -> Any:
        if type(value) is not list:
            raise _BadValueError(f"expected an array, got {_json_type(value)}")
        if not value:
            return build(value)
        if len(value) > MAX_ITEMS:
            raise _BadValueError(f"array too long ({len(value)} items, at most {MAX_ITEMS})")
        if (
            ints  # the fast path: every item an int in range, checked at C speed
            and set(map(type, value)) == _ONLY_INT
            and min(value) >= -MAX_INT
            and max(value) <= MAX_INT
        ):
            return build(value)
        if rows:  # the fast path for tuples of tuples of ints (supplies, rolls, money)
            for row in value:
                if type(row) is not list or (
                    row
                    and (
                        len(row) > MAX_ITEMS
                        or set(map(type, row)) != _ONLY_INT
                        or min(row) < -MAX_INT
                        or max(row) > MAX_INT
                    )
                ):
                    break
            else:
                return build(map(tuple, value))
        if not item_hook:
            item_hook.append(_CONVERTER.get_structure_hook(item))
        hook = item_hook[0]
        out: list[Any] = []
        failures: list[Exception] = []
        for i, x in enumerate(value):
            try:
                out.append(hook(x, item))
            except Exception as exc:
                failures.append(_index(exc, i, item))
        if failures:
            raise IterableValidationError(f"While structuring {t!r}", failures, t)
        result = build(out)
        if unique and len(result) != len(out):
            raise _BadValueError("duplicate items in a set")
        return result

    return structure


def _is_fixed_tuple(t: Any) -> bool:
    return get_origin(t) is tuple and not _is_sequence(t)


def _fixed_tuple_factory(t: Any) -> Callable[[Any, Any], Any]:
    items = get_args(t)

    def structure(value: Any, _: object) -> tuple[Any, ...]:
        _check_array(value)
        if len(value) != len(items):
            raise _BadValueError(f"expected an array of {len(items)} items, got {len(value)}")
        out: list[Any] = []
        failures: list[Exception] = []
        for i, (x, kind) in enumerate(zip(value, items, strict=True)):
            try:
                out.append(_CONVERTER.structure(x, kind))
            except Exception as exc:
                failures.append(_index(exc, i, kind))
        if failures:
            raise IterableValidationError(f"While structuring {t!r}", failures, t)
        return tuple(out)

    return structure


def _unstructure_set(value: frozenset[Any] | set[Any]) -> list[Any]:
    items = [_CONVERTER.unstructure(x) for x in value]
    try:
        return sorted(items)
    except TypeError:
        return sorted(items, key=lambda x: json.dumps(x, sort_keys=True))


_CONVERTER.register_structure_hook_factory(_is_union, _union_factory)
_CONVERTER.register_structure_hook_factory(_is_literal, _literal_factory)
_CONVERTER.register_structure_hook_factory(_is_sequence, _sequence_factory)
_CONVERTER.register_structure_hook_factory(_is_fixed_tuple, _fixed_tuple_factory)
_CONVERTER.register_unstructure_hook_func(_is_set, _unstructure_set)


# -- the converter: attrs classes, tagged classes, configs -------------------------------------

_BODY_IN: dict[type, Callable[[Any, Any], Any]] = {}
_BODY_OUT: dict[type, Callable[[Any], dict[str, Any]]] = {}


def _body_structurer(cls: type) -> Callable[[Any, Any], Any]:
    """Structure the fields of attrs class *cls* (without its tag) from a dict."""
    fn = _BODY_IN.get(cls)
    if fn is None:
        _resolve(cls)
        generated: Callable[[Any, Any], Any] = make_dict_structure_fn(cls, _CONVERTER)

        def fn(value: Any, _: object) -> Any:
            if type(value) is not dict:
                raise _BadValueError(f"expected an object, got {_json_type(value)}")
            try:
                return generated(value, cls)
            except (BaseValidationError, _BadValueError):
                raise
            except Exception as exc:  # a validator refused the values
                raise _BadValueError(f"invalid {cls.__name__}: {exc}") from exc

        _BODY_IN[cls] = fn
    return fn


def _body_unstructurer(cls: type) -> Callable[[Any], dict[str, Any]]:
    """Unstructure the fields of attrs class *cls* (without its tag) to a dict."""
    fn = _BODY_OUT.get(cls)
    if fn is None:
        _resolve(cls)
        fn = _BODY_OUT[cls] = make_dict_unstructure_fn(cls, _CONVERTER)
    return fn


def _is_plain_attrs(t: Any) -> bool:
    return isinstance(t, type) and attrs.has(t)


def _is_tagged(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, _TAGGED)


def _structure_tagged(value: Any, t: type) -> Any:
    if type(value) is not dict:
        raise _BadValueError(f"expected an object, got {_json_type(value)}")
    base = _tag_base(t)
    assert base is not None
    if "kind" not in value:
        raise _BadValueError("missing kind")
    kind = value["kind"]
    if type(kind) is not str:
        raise _BadValueError(f"kind must be a string, not {_json_type(kind)}")
    cls = _REGISTRY.kind(base, kind)
    if not issubclass(cls, t):
        raise _BadValueError(f"a {kind!r} is not a {t.__name__}")
    body = dict(value)
    del body["kind"]
    return _body_structurer(cls)(body, cls)


def _unstructure_tagged(obj: Any) -> dict[str, Any]:
    cls = type(obj)
    return {"kind": cls.kind, **_body_unstructurer(cls)(obj)}


def _structure_module(value: Any, _: object) -> RuleModule:
    if type(value) is not dict:
        raise _BadValueError(f"expected an object, got {_json_type(value)}")
    if "id" not in value:
        raise _BadValueError("missing module id")
    module_id = _structure_str(value["id"], str)
    cls = _REGISTRY.module(module_id)
    body = dict(value)
    del body["id"]
    return cast("RuleModule", _body_structurer(cls)(body, cls))


def _unstructure_module(module: RuleModule) -> dict[str, Any]:
    return {"id": module.id, **_body_unstructurer(type(module))(module)}


_CONFIGS: dict[tuple[Any, ...], GameConfig] = {}
"""Configs already loaded (a game's states share one config object), by their fields:
at most 64, each of a small document (:func:`_small`), so no input can pin much memory."""

_CONFIG_CACHE_SIZE: Final = 64
_CONFIG_CACHE_NODES: Final = 2048
"""The largest config document (in JSON values and string characters) that is remembered;
the example configs use under 300."""


def _small(value: Any, budget: int = _CONFIG_CACHE_NODES) -> int:
    """What is left of *budget* after counting the JSON values of *value* (strings count
    their length); negative once over, stopping early.

    >>> _small({"players": 3, "modules": [{"id": "biggies"}]}) > 0
    True
    >>> _small(list(range(3000)))
    -1
    """
    stack = [value]
    while stack and budget >= 0:
        item = stack.pop()
        budget -= 1
        if type(item) is dict:
            stack.extend(item.values())
            budget -= sum(len(k) for k in item)
        elif type(item) is list:
            stack.extend(item)
        elif type(item) is str:
            budget -= len(item)
    return budget


_CONFIG_KEYS: Final = frozenset({"players", "edition", "modules", "hide_money"})


def _structure_config(value: Any, _: object) -> GameConfig:
    if type(value) is not dict:
        raise _BadValueError(f"expected an object, got {_json_type(value)}")
    problems: list[tuple[str, Exception]] = []
    extra = set(value) - _CONFIG_KEYS
    fields: dict[str, Any] = {}
    for name, hook, default in (
        ("players", _structure_int, None),
        ("edition", _structure_str, "classic"),
        ("hide_money", _structure_bool, False),
    ):
        if name not in value:
            if default is None:
                problems.append((name, KeyError(name)))
            fields[name] = default
            continue
        try:
            fields[name] = hook(value[name], None)
        except _BadValueError as exc:
            problems.append((name, exc))
    modules: tuple[RuleModule, ...] = ()
    if "modules" in value:
        try:
            modules = _MODULE_LIST(value["modules"], None)
        except (_BadValueError, BaseValidationError) as exc:
            problems.append(("modules", exc))
    if problems or extra:
        raise _group(GameConfig, problems, extra)
    key: tuple[Any, ...] = (fields["players"], fields["edition"], fields["hide_money"], modules)
    config = None
    if _small(value) < 0:
        key = ()  # a large document: built afresh, never remembered
    else:
        try:
            config = _CONFIGS.get(key)
        except TypeError:  # an option that cannot be hashed: no caching (GameConfig says why)
            key = ()
    if config is None:
        try:
            config = GameConfig(
                players=fields["players"],
                edition=fields["edition"],
                modules=modules,
                hide_money=fields["hide_money"],
            )
        except LasVegasError as exc:
            raise _BadValueError(f"impossible config: {exc}") from exc
        if key:
            if len(_CONFIGS) >= _CONFIG_CACHE_SIZE:
                _CONFIGS.clear()
            _CONFIGS[key] = config
    return config


def _unstructure_config(config: GameConfig) -> dict[str, Any]:
    return {
        "players": config.players,
        "edition": config.edition,
        "modules": [_unstructure_module(m) for m in config.modules],
        "hide_money": config.hide_money,
    }


_MODULE_LIST: Final = _sequence_factory(tuple[RuleModule, ...])


def _structure_attrs(value: Any, cls: type) -> Any:
    return _body_structurer(cls)(value, cls)


_CONVERTER.register_structure_hook_func(_is_plain_attrs, _structure_attrs)
_CONVERTER.register_unstructure_hook_factory(_is_plain_attrs, _body_unstructurer)
_CONVERTER.register_structure_hook_func(_is_tagged, _structure_tagged)
_CONVERTER.register_unstructure_hook_func(_is_tagged, _unstructure_tagged)
_CONVERTER.register_structure_hook_func(
    lambda t: isinstance(t, type) and issubclass(t, RuleModule), _structure_module
)
_CONVERTER.register_unstructure_hook_func(
    lambda t: isinstance(t, type) and issubclass(t, RuleModule), _unstructure_module
)
_CONVERTER.register_structure_hook_func(lambda t: t is GameConfig, _structure_config)
_CONVERTER.register_unstructure_hook_func(lambda t: t is GameConfig, _unstructure_config)


# -- the hot path: states ----------------------------------------------------------------------

_STATE_KEYS: Final = frozenset(a.name for a in attrs.fields(State))
_CASINO_KEYS: Final = frozenset(a.name for a in attrs.fields(Casino))
_PHASES: Final = {phase.value: phase for phase in Phase}
_SLICES: Final = _sequence_factory(tuple[ModuleState | None, ...])
_TASKS: Final = _sequence_factory(tuple[Task, ...])


def _lists(value: Any, into: list[list[Any]]) -> bool:
    """Add the arrays of array *value* to *into*; ``False`` unless *value* is an array of arrays."""
    if type(value) is not list or len(value) > MAX_ITEMS:
        return False
    for item in value:
        if type(item) is not list or len(item) > MAX_ITEMS:
            return False
    into.extend(value)
    return True


def _fast_state(value: Any) -> State | None:
    """A well-formed state document's state, built directly; ``None`` for anything unusual.

    Accepts a subset of what the generated hook accepts (exactly the fields, strict ints,
    nothing in doubt), so that the generated hook reports every error with its path.
    """
    if type(value) is not dict or value.keys() != _STATE_KEYS:
        return None
    phase = value["phase"]
    phase = _PHASES.get(phase) if type(phase) is str else None
    raw = value["casinos"]
    if phase is None or type(raw) is not list or len(raw) > MAX_ITEMS:
        return None
    arrays: list[list[Any]] = [value["pile_hidden"], value["pile_returned"]]
    for c in raw:
        if type(c) is not dict or c.keys() != _CASINO_KEYS:
            return None
        arrays += (c["notes"], c["dice"], c["big"])
    if not (
        _lists(arrays, [])
        and _lists(value["supply"], arrays)
        and _lists(value["rolled"], arrays)
        and _lists(value["money"], arrays)
    ):
        return None
    numbers = [value["round"], value["cursor"], value["start"], value["active"]]
    for array in arrays:
        numbers += array
    if set(map(type, numbers)) != _ONLY_INT or min(numbers) < -MAX_INT or max(numbers) > MAX_INT:
        return None
    try:
        config = _structure_config(value["config"], GameConfig)
        slices = _SLICES(value["modules"], None)
        tasks = _TASKS(value["tasks"], None)
    except (BaseValidationError, _BadValueError):
        return None
    return State(
        config=config,
        round=value["round"],
        phase=phase,
        cursor=value["cursor"],
        start=value["start"],
        active=value["active"],
        supply=tuple(map(tuple, value["supply"])),
        rolled=tuple(map(tuple, value["rolled"])),
        casinos=tuple(
            Casino(notes=tuple(c["notes"]), dice=tuple(c["dice"]), big=tuple(c["big"])) for c in raw
        ),
        pile_hidden=tuple(value["pile_hidden"]),
        pile_returned=tuple(value["pile_returned"]),
        money=tuple(map(tuple, value["money"])),
        modules=slices,
        tasks=tasks,
    )


def _structure_state(value: Any, cls: type) -> State:
    state = _fast_state(value)
    if state is None:
        state = _body_structurer(State)(value, State)
    return state


_CONVERTER.register_structure_hook_func(lambda t: t is State, _structure_state)


# -- parsing -----------------------------------------------------------------------------------


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook``: build an object, refusing duplicate keys."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _BadValueError(f"duplicate key {key!r}")
            seen.add(key)
    return result


def _constant(name: str) -> Any:
    """``parse_constant``: refuse ``NaN``, ``Infinity`` and ``-Infinity``."""
    raise _BadValueError(f"{name} is not allowed")


def _parse(text: object, max_size: int) -> dict[str, Any]:
    """Decode the text of a document to its top-level object."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_size:
            raise DeserializationError(
                [f"document too large ({len(text)} bytes, at most {max_size}) @ $"]
            )
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DeserializationError([f"not UTF-8 text ({exc.reason}) @ $"]) from None
    if not isinstance(text, str):
        raise DeserializationError([f"expected JSON text, got {type(text).__name__} @ $"])
    if len(text) > max_size:
        raise DeserializationError(
            [f"document too large ({len(text)} characters, at most {max_size}) @ $"]
        )
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except _BadValueError as exc:
        raise DeserializationError([f"{exc} @ $"]) from None
    except RecursionError:
        raise DeserializationError(["nesting too deep @ $"]) from None
    except ValueError as exc:  # JSONDecodeError, or an int with too many digits
        raise DeserializationError([f"not valid JSON ({exc}) @ $"]) from None
    if type(data) is not dict:
        raise DeserializationError([f"expected an object, got {_json_type(data)} @ $"])
    return data


def _envelope(data: dict[str, Any], expected: str | None) -> tuple[str, int]:
    """Check the envelope: returns the format (without prefix) and the schema version."""
    errors: list[str] = []
    what = ""
    fmt = data.get("format")
    if "format" not in data:
        errors.append("required field missing @ $.format")
    elif type(fmt) is not str or not fmt.startswith("lasvegas/") or fmt[9:] not in FORMATS:
        known = ", ".join(f"lasvegas/{k}" for k in FORMATS)
        errors.append(f"unknown format {json.dumps(fmt)[:60]} (known: {known}) @ $.format")
    else:
        what = fmt[9:]
        if expected is not None and what != expected:
            errors.append(f"expected a lasvegas/{expected} document, got {fmt} @ $.format")
    version = data.get("schema")
    if "schema" not in data:
        errors.append("required field missing @ $.schema")
    elif type(version) is not int:
        errors.append(f"expected an integer, got {_json_type(version)} @ $.schema")
    elif version > SCHEMA:
        errors.append(
            f"schema {version} is newer than this library reads (1-{SCHEMA}): "
            "upgrade lasvegas @ $.schema"
        )
    elif version < 1:
        errors.append(f"schema {version} does not exist @ $.schema")
    if errors:
        raise DeserializationError(errors)
    return what, cast("int", version)


def migrate(
    document: dict[str, Any], migrations: Sequence[Migration] = MIGRATIONS
) -> dict[str, Any]:
    """Bring a decoded document of an older schema up to date, through the migration chain.

    *document* is not changed; the result has ``"schema": len(migrations) + 1``. Raises
    :class:`~lasvegas.DeserializationError` for a missing or unknown envelope, or a schema
    newer than the chain knows.

    >>> def rename(what, doc):  # schema 1 -> 2: "players" became "seats"
    ...     return {("seats" if k == "players" else k): v for k, v in doc.items()}
    >>> migrate({"format": "lasvegas/config", "schema": 1, "players": 3}, [rename])
    {'format': 'lasvegas/config', 'schema': 2, 'seats': 3}
    """
    newest = len(migrations) + 1
    fmt = document.get("format")
    version = document.get("schema")
    if type(fmt) is not str or not fmt.startswith("lasvegas/"):
        raise DeserializationError([f"unknown format {json.dumps(fmt)[:60]} @ $.format"])
    if type(version) is not int or not 1 <= version <= newest:
        raise DeserializationError([f"cannot migrate schema {version!r} (1-{newest}) @ $.schema"])
    if version == newest:
        return document
    what = fmt[9:]
    doc = copy.deepcopy(document)
    for step in migrations[version - 1 :]:
        doc = step(what, doc)
    return {"format": fmt, "schema": newest, **{k: v for k, v in doc.items() if k not in _ENVELOPE}}


def _load(data: dict[str, Any], what: str, cls: type[T]) -> T:
    """Structure a checked document's body and check the result's invariants."""
    body = {k: v for k, v in data.items() if k not in _ENVELOPE}
    target = FORMATS[what]
    try:
        obj: Any = _CONVERTER.structure(body, target)
    except (BaseValidationError, _BadValueError) as exc:
        raise DeserializationError(_messages(exc)) from None
    if not isinstance(obj, cls):
        raise DeserializationError([f"expected a {cls.__name__}, got a {type(obj).__name__} @ $"])
    state = obj.state if isinstance(obj, Step) else obj
    if isinstance(state, State):
        problems = state_problems(state)
        if problems:
            path = "$.state" if isinstance(obj, Step) else "$"
            raise DeserializationError([f"invalid state: {p} @ {path}" for p in problems])
    return obj


_FORMAT_OF: dict[type, str] = {}


def _format_of(cls: type) -> str:
    what = _FORMAT_OF.get(cls)
    if what is not None:
        return what
    for what, base in FORMATS.items():
        if issubclass(cls, base):
            _FORMAT_OF[cls] = what
            return what
    raise TypeError(
        f"from_json cannot load a {cls.__name__} (known: {', '.join(c.__name__ for c in FORMATS.values())})"
    )


def from_json(text: str | bytes, cls: type[T], *, max_size: int = MAX_TEXT) -> T:
    """Load a document written by :func:`to_json`, strictly (the text may be hostile).

    *cls* is what you expect: :class:`~lasvegas.GameConfig`, :class:`~lasvegas.State`,
    :class:`~lasvegas.Action` (or one action class), :class:`~lasvegas.Event` (or one event
    class), :class:`~lasvegas.PlayerView`, :class:`~lasvegas.Standings`,
    :class:`~lasvegas.Record` or :class:`~lasvegas.Step`. Older schemas are migrated first.

    Raises :class:`~lasvegas.DeserializationError` (and nothing else) for any problem; its
    ``errors`` list each one as ``"problem @ $.path"``. A loaded state keeps every invariant
    of :func:`~lasvegas.state_problems`. A *cls* that is not a document type is a
    programming error (``TypeError``).

    >>> import lasvegas as lv
    >>> lv.from_json('{"format": "lasvegas/action", "schema": 1, "kind": "place", "face": 4}', lv.Action)
    Place(face=4)
    >>> lv.from_json('{"format": "lasvegas/action", "schema": 1, "kind": "place", "face": "4"}', lv.Place)
    Traceback (most recent call last):
    ...
    lasvegas.errors.DeserializationError: expected an integer, got a string @ $.face
    """
    what = _format_of(cls)
    try:
        data = _bare_action(_parse(text, max_size), what)
        _, version = _envelope(data, what)
        if version != SCHEMA:
            data = migrate(data)
        return _load(data, what, cls)
    except DeserializationError:
        raise
    except Exception as exc:  # the contract: nothing else escapes, whatever the input did
        raise DeserializationError([f"cannot load ({type(exc).__name__}: {exc}) @ $"]) from exc


def to_json(obj: Document, *, indent: int | None = None) -> str:
    """The JSON document of *obj*: a config, state, action, event, view, standings, record or step.

    >>> import lasvegas as lv
    >>> lv.to_json(lv.Place(4))
    '{"format":"lasvegas/action","schema":2,"kind":"place","face":4,"target":null}'
    >>> lv.from_json(lv.to_json(lv.classic(3)), lv.GameConfig) == lv.classic(3)
    True
    """
    what = _format_of(type(obj))
    body = _CONVERTER.unstructure(obj, FORMATS[what])
    document = {"format": f"lasvegas/{what}", "schema": SCHEMA, **body}
    if indent is None:
        return _COMPACT.encode(document)
    return json.dumps(
        document, separators=(",", ": "), indent=indent, allow_nan=False, ensure_ascii=False
    )


def _bare_action(data: dict[str, Any], what: str) -> dict[str, Any]:
    """An action without an envelope (an item of a view's ``legal``, sent back as it is) gets one.

    Only for actions: the items of ``legal`` are written without ``format`` and ``schema``,
    and a client answers with one of them. A document with either key is left as it is.
    """
    if what == "action" and "format" not in data and "schema" not in data:
        return {"format": "lasvegas/action", "schema": SCHEMA, **data}
    return data


def to_data(obj: Document) -> dict[str, JSONValue]:
    """The document of *obj* as plain dicts and lists (what :func:`to_json` writes, decoded).

    For embedding a document in a larger message (a WebSocket frame, a chat payload) that
    is encoded once; lists stand for tuples, strings for enums.

    >>> import lasvegas as lv
    >>> lv.to_data(lv.Place(4))
    {'format': 'lasvegas/action', 'schema': 2, 'kind': 'place', 'face': 4, 'target': None}
    """
    data: dict[str, JSONValue] = json.loads(to_json(obj))
    return data


def _data_problems(data: object) -> list[str]:
    """Where *data* is not plain JSON data (non-string keys, sets, objects, too deep)."""
    problems: list[str] = []
    todo: list[tuple[object, str, int]] = [(data, "$", 0)]
    while todo:
        value, path, depth = todo.pop()
        if depth > 200:
            problems.append(f"nesting too deep @ {path}")
        elif isinstance(value, dict):
            for key, item in value.items():
                if type(key) is not str:
                    problems.append(f"expected a string key, got {key!r} @ {path}")
                else:
                    todo.append((item, f"{path}.{key}", depth + 1))
        elif isinstance(value, list | tuple):
            todo.extend((item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value))
        elif value is not None and not isinstance(value, str | int | float):
            problems.append(f"expected JSON data, got {type(value).__name__} @ {path}")
    return sorted(problems)


def from_data(data: object, cls: type[T], *, max_size: int = MAX_TEXT) -> T:
    """Load a document given as plain dicts and lists (the inverse of :func:`to_data`).

    The same checks and errors as :func:`from_json` (the data is encoded and read by it),
    plus :class:`~lasvegas.DeserializationError` for anything that is not JSON data. An
    action may come without its envelope, as the items of a view's ``legal`` are written:

    >>> import lasvegas as lv
    >>> lv.from_data({"kind": "place", "face": 4, "target": None}, lv.Action)
    Place(face=4)
    >>> lv.from_data({"kind": "place", "face": "4"}, lv.Action)
    Traceback (most recent call last):
    ...
    lasvegas.errors.DeserializationError: expected an integer, got a string @ $.face
    """
    _format_of(cls)  # a cls that is not a document type is a programming error
    if not isinstance(data, dict):
        raise DeserializationError([f"expected an object, got {type(data).__name__} @ $"])
    problems = _data_problems(data)
    if problems:
        raise DeserializationError(problems)
    try:
        text = json.dumps(data, allow_nan=False, ensure_ascii=False)
    except (ValueError, TypeError, RecursionError) as exc:
        raise DeserializationError([f"not JSON data ({exc}) @ $"]) from None
    return from_json(text, cls, max_size=max_size)


_COMPACT: Final = json.JSONEncoder(separators=(",", ":"), allow_nan=False, ensure_ascii=False)
"""The encoder of compact documents (built once: building one per call costs a third)."""


def _structure_part(value: Any, cls: Any, path: str) -> Any:
    """Structure one decoded part of a document (for readers that go piece by piece).

    Raises :class:`~lasvegas.DeserializationError` with paths under *path*.
    """
    try:
        return _CONVERTER.structure(value, cls)
    except (BaseValidationError, _BadValueError) as exc:
        raise DeserializationError(_messages(exc, path)) from None
    except Exception as exc:
        raise DeserializationError([f"cannot load ({type(exc).__name__}: {exc}) @ {path}"]) from exc


def _parse_document(text: str | bytes, what: str, *, max_size: int = MAX_TEXT) -> dict[str, Any]:
    """Decode *text*, check its envelope is a ``lasvegas/<what>`` document, and migrate it."""
    data = _parse(text, max_size)
    _, version = _envelope(data, what)
    return migrate(data) if version != SCHEMA else data


# -- the check random_sim_test runs ------------------------------------------------------------


def roundtrip_problems(state: State, actions: Sequence[Action]) -> list[str]:
    """What goes wrong writing and reading *state* and its parts (for :mod:`lasvegas.testing`).

    Checked: the state, its standings and the last action come back equal from JSON; every
    seat's view and the spectator's come back equal too, hold no RNG, and do not change when
    what the seat may not see is drawn again (:func:`~lasvegas.view.hidden_variant`); at the
    end of a game, the record of *actions* comes back equal and replays to *state*.

    >>> import lasvegas as lv
    >>> roundtrip_problems(lv.new_game(lv.classic(3)), [])
    []
    """
    from .chance import Rng
    from .engine import standings, to_move
    from .record import replay
    from .view import hidden_variant, observe

    problems: list[str] = []

    def same(obj: Document, cls: type, name: str) -> None:
        try:
            back: object = from_json(to_json(obj), cls)
        except DeserializationError as exc:
            problems.append(f"{name} does not load back: {exc}")
            return
        if back != obj:
            problems.append(f"{name} loads back different: {back!r} != {obj!r}")

    same(state, State, "the state")
    same(standings(state), Standings, "the standings")
    if actions:
        same(actions[-1], Action, f"action {len(actions) - 1}")
    rng = Rng(len(actions))
    for seat in (None, *range(state.config.players)):
        view = observe(state, seat)
        same(view, PlayerView, f"seat {seat}'s view")
        text = to_json(view)
        if '"rng' in text.lower() or '"seed' in text.lower():
            problems.append(f"seat {seat}'s view holds an RNG")
        other = hidden_variant(state, seat, rng)
        if observe(other, seat) != view:
            problems.append(f"seat {seat}'s view changes with what it may not see")
    if to_move(state) is None:
        record = Record(state.config, tuple(actions))
        same(record, Record, "the record")
        if replay(record) != state:
            problems.append("the record does not replay to the final state")
    return problems
