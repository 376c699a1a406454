"""What the native state classes share: their field descriptions and their pure-build fix-ups.

:class:`~lasvegas.State`, :class:`~lasvegas.state.Casino`, :class:`~lasvegas.ChanceRun` and
other classes on the hot path are plain final classes with slots and hand-written
``__init__``, ``__eq__``, ``__hash__``, ``__repr__`` and ``__reduce__``, so that one source
serves both builds: interpreted, and compiled by mypyc into native classes (whose
attribute stores are C stores). Each such class

- declares its fields ``Final`` (mypy refuses an assignment to them);
- refuses ``setattr`` and ``delattr`` with attrs' ``FrozenInstanceError`` through its own
  ``__setattr__`` and ``__delattr__`` (compiled, its ``__init__`` stores natively, past that
  guard, and ``object.__setattr__`` is refused too);
- describes its fields to attrs (``__attrs_attrs__``, built by :func:`attributes` with the
  field types written out, which a compiled class has no annotations for), so
  ``attrs.fields``, ``attrs.has``, ``attrs.asdict``, ``attrs.evolve`` and the JSON
  converter treat it as they treated the attrs class it replaces;
- is finished by :func:`finish` right after its class statement.

Interpreted, the guard would also refuse the stores of the class body's ``__init__``:
:func:`finish` gives such a class an ``__init__`` that stores through ``object.__setattr__``
(as attrs' frozen ``__init__`` does), and the hot path builds instances with
:func:`twin_builder`'s functions instead, which store the slots on a twin class and then
assign the class (the fastest construction pure Python has). Compiled, none of this runs:
the builders' own source (plain constructor calls) is what is compiled.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from types import FunctionType
from typing import Any, ParamSpec, TypeVar

import attrs
from attrs.exceptions import FrozenInstanceError

__all__ = ["FrozenInstanceError", "attributes", "finish", "interpreted", "twin_builder"]

T = TypeVar("T")
P = ParamSpec("P")

_new = object.__new__
_NATIVE: dict[type, tuple[str, ...]] = {}


def attributes(name: str, **types: Any) -> Any:
    """attrs' description of the fields *types* (name to type, in order) of class *name*.

    >>> attributes("Point", x=int, y=int).y.type
    <class 'int'>
    """
    shadow = attrs.make_class(
        name,
        {field: attrs.field(type=t) for field, t in types.items()},
        frozen=True,
        slots=True,
        weakref_slot=False,
    )
    return attrs.fields(shadow)


def interpreted(cls: type) -> bool:
    """Whether *cls* runs as Python code (the pure build), not as a compiled native class."""
    return isinstance(cls.__dict__.get("__init__"), FunctionType)


def finish(cls: type) -> None:
    """Finish native class *cls* after its class statement (see the module's docstring).

    Its field types are marked resolved (they are given in full); in the pure build its
    ``__init__`` becomes one with the same signature that stores past the guard.
    """
    names = tuple(a.name for a in cls.__attrs_attrs__)  # type: ignore[attr-defined]
    cls.__attrs_types_resolved__ = cls  # type: ignore[attr-defined]
    _NATIVE[cls] = names
    if not interpreted(cls):  # compiled: native attributes, no __slots__ left to check
        return
    if sorted(cls.__dict__.get("__slots__", ())) != sorted(names):
        raise TypeError(f"{cls.__qualname__}: __slots__ must be the fields")
    store_past_guard(cls, names)


def store_past_guard(cls: type, names: tuple[str, ...]) -> None:
    """Replace interpreted *cls*'s ``__init__`` (taking the fields *names*, in order) by one
    with the same signature, defaults and docstring that stores each field past the
    immutability guard, as attrs' frozen ``__init__`` does."""
    init = cls.__dict__["__init__"]
    params = list(inspect.signature(init).parameters)[1:]
    if params != list(names):
        raise TypeError(f"{cls.__qualname__}: __init__ must take the fields, in order")
    body = "".join(f"    _set_(self, {n!r}, {n})\n" for n in names)
    source = f"def __init__(self, {', '.join(names)}):\n{body}    pass\n"
    namespace: dict[str, Any] = {"_set_": object.__setattr__}
    exec(source, namespace)  # the source holds nothing but the field names
    namespace["__init__"].__defaults__ = init.__defaults__
    stores = functools.update_wrapper(namespace["__init__"], init)
    type.__setattr__(cls, "__init__", stores)


def twin_builder(cls: type, stub: Callable[P, T], source: str | None = None) -> Callable[P, T]:
    """A function with *stub*'s signature building a *cls* the pure build's fastest way.

    *stub*'s parameters name fields of native class *cls* (finished by :func:`finish`);
    the parameter *source*, if given, is an instance supplying every other field (and the
    field of a parameter defaulting to ``None`` when ``None`` is passed). The body stores
    one slot per field on an instance of a private twin of *cls* (same slots, no guard),
    then assigns the class: no ``__init__`` frame, no guard, no loop.
    """
    names = _NATIVE[cls]
    signature = inspect.signature(stub)
    name = stub.__name__
    if "self" in signature.parameters:  # cls's own __init__: a builder taking what it takes
        signature = signature.replace(parameters=list(signature.parameters.values())[1:])
        name = "build"
    params = signature.parameters
    allowed = set(names) | ({source} if source else set())
    if set(params) - allowed or (source not in params and set(params) != set(names)):
        raise TypeError(f"{name}: parameters must be {cls.__name__} fields")
    lines = []
    for field in names:
        param = params.get(field)
        if param is None:
            value = f"{source}.{field}"
        elif param.default is None and source is not None:
            value = f"{source}.{field} if {field} is None else {field}"
        elif param.default is inspect.Parameter.empty:
            value = field
        else:
            raise TypeError(f"{name}: {field} may default only to None")
        lines.append(f"    twin_.{field} = {value}\n")
    bare = signature.replace(
        parameters=[p.replace(annotation=inspect.Parameter.empty) for p in params.values()],
        return_annotation=inspect.Signature.empty,
    )
    twin = _TWINS.get(cls)
    if twin is None:
        slots = cls.__dict__["__slots__"]
        twin = _TWINS[cls] = type(f"_{cls.__name__}Twin", (), {"__slots__": slots})
    body = "".join(lines)
    code = (
        f"def {name}{bare}:\n    twin_ = _new_(_twin_)\n{body}"
        "    twin_.__class__ = _cls_\n    return twin_\n"
    )
    namespace: dict[str, Any] = {"_new_": _new, "_twin_": twin, "_cls_": cls}
    exec(code, namespace)  # the source holds nothing but field and parameter names
    built: Callable[P, T] = namespace[name]
    if name == stub.__name__:
        functools.update_wrapper(built, stub)
    else:
        built.__doc__ = f"``{cls.__qualname__}(...)`` stored on a twin (the pure build's way)."
    return built


_TWINS: dict[type, type] = {}


def native_fields(cls: type) -> tuple[str, ...] | None:
    """The fields of native class *cls*, in order; ``None`` if *cls* is not one."""
    return _NATIVE.get(cls)
