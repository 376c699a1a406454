"""The one cattrs converter: strict hooks for primitives, containers, unions, literals,
attrs classes, tagged classes and rule modules, generated per class on first use."""

from __future__ import annotations

import enum
import json
import math
import sys
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Literal, cast, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import BaseValidationError, IterableValidationError
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from ..modules.base import RuleModule
from .bounds import MAX_INT, MAX_ITEMS, MAX_STRING, _BadValueError, _index, _json_type
from .registry import _REGISTRY, _TAGGED, _tag_base

# -- resolving annotations ---------------------------------------------------------------------


def _fallback_namespace() -> dict[str, Any]:
    """Names a module may import only for type checking, so its string annotations resolve."""
    import lasvegas

    from .. import types as lv_types

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
