"""The native bases of every module's slice and task: :class:`ModuleState` and :class:`Task`.

Both are compiled by mypyc in the compiled build, as native classes that Python classes may
derive from (``allow_interpreted_subclasses``): a module's slices and tasks are plain typed
classes with slots in both builds, and a compiled module can define its own as native final
classes (Royale's), built and read in C. What a module author writes is unchanged: a frozen
attrs subclass (``@attrs.frozen class MyTask(lv.Task): ...``) inherits the field
:attr:`Task.module` as it inherited it from the attrs class these bases replace, and gets
attrs' ``__init__``, equality, hashing, repr, immutability and pickling, in both builds.

How the bases stay frozen in both builds: their guard is a Python-level ``__setattr__`` put
on the class after its class statement (a C-level one, compiled from the class body, would
make CPython refuse the ``object.__setattr__`` stores of an attrs subclass's ``__init__``);
their own ``__init__`` stores past it, natively when compiled, and through
``object.__setattr__`` in the pure build (:func:`seal`).

A native final class deriving from them (a slice or task of a compiled module) writes its
fields ``Final``, its ``__slots__`` (the fields its bases do not store), ``__attrs_attrs__``
(:func:`described`: attrs' description of every field, inherited ones first, as attrs would
list them), ``__init__`` taking the fields in that order, explicit ``__eq__``, ``__hash__``,
``__repr__``, ``__reduce__``, and a ``__setattr__`` and ``__delattr__`` raising attrs'
``FrozenInstanceError``; :func:`seal` finishes it after its class statement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

import attrs
from attrs.exceptions import FrozenInstanceError

from .._build import COMPILED
from .._marks import mypyc_attr, typed_fields
from .._native import _NATIVE, interpreted, store_past_guard
from .._tags import claim

if TYPE_CHECKING:
    from ..state import Phase


__all__ = ["SEALED", "FrozenInstanceError", "ModuleState", "Task", "described", "open_base", "seal"]

_C = TypeVar("_C", bound=type)

_NO_DEFAULT: Final = attrs.NOTHING

SEALED: Final[set[type]] = set()
"""The bases and the native classes deriving from them, finished by :func:`seal` (in both
builds; compiled, the final ones are also listed by :func:`lasvegas._native.native_fields`)."""


def described(name: str, *fields: tuple[Any, ...]) -> Any:
    """attrs' description of class *name*'s fields, each ``(name, type)`` or ``(name, type,
    default)``, in order (a native class's ``__attrs_attrs__``).

    >>> described("Point", ("x", int), ("y", int, 0)).y.default
    0
    """
    shadow = attrs.make_class(
        name,
        {f[0]: attrs.field(type=f[1], default=f[2] if len(f) > 2 else _NO_DEFAULT) for f in fields},
        frozen=True,
        slots=True,
        weakref_slot=False,
    )
    return attrs.fields(shadow)


def _frozen(*args: object) -> None:
    """The bases' guard (``__setattr__`` and ``__delattr__``): instances are immutable."""
    raise FrozenInstanceError


def _rebuild(cls: Any, values: tuple[object, ...]) -> object:
    """An instance of *cls*, a subclass of a base, with its fields set to *values* (in
    ``__attrs_attrs__`` order): how a subclass without its own ``__reduce__`` unpickles."""
    obj = cls.__new__(cls)
    for a, value in zip(cls.__attrs_attrs__, values, strict=True):
        object.__setattr__(obj, a.name, value)
    return obj


def _values(obj: object) -> tuple[object, ...]:
    return tuple(getattr(obj, a.name) for a in type(obj).__attrs_attrs__)  # type: ignore[attr-defined]


def seal(cls: _C, *, register: bool = True) -> _C:
    """Finish *cls*, a base or a native class deriving from one, after its class statement.

    Its field types are marked resolved (they are given in full), and it is registered by
    its ``kind``. Compiled, a final class is listed as native (its builders are then the
    class itself, see :func:`lasvegas.state.fast_constructor`); in the pure build its
    ``__init__`` becomes one with the same signature and defaults that stores past the guard
    (as attrs' frozen ``__init__`` does).
    """
    names = tuple(a.name for a in cls.__attrs_attrs__)  # type: ignore[attr-defined]
    type.__setattr__(cls, "__attrs_types_resolved__", cls)
    SEALED.add(cls)
    if "__init__" not in vars(cls):  # a base adding no field (BlackThrow)
        pass
    elif interpreted(cls):
        store_past_guard(cls, names)
    elif "__setattr__" in vars(cls) and register:  # a final class
        _NATIVE[cls] = names
    if not register:
        pass
    elif issubclass(cls, Task):
        claim(cls, "Task", "kind")
    elif issubclass(cls, ModuleState):
        claim(cls, "ModuleState", "kind")
    return cls


@mypyc_attr(allow_interpreted_subclasses=True)
class ModuleState:
    """Base class of a module's slice of the state.

    A module's slice is a frozen attrs subclass (``@attrs.frozen class
    KickersState(lv.ModuleState): ...``), registered under its :attr:`kind`. Immutable,
    hashable, compared by value.
    """

    __slots__ = ("__weakref__",)  # as attrs' base had: subclasses' twins share its layout
    __attrs_attrs__: ClassVar[Any] = described("ModuleState")

    def __init_subclass__(cls, *, replace: bool = False, **kwargs: object) -> None:
        """Register the class under its own :attr:`kind` (:func:`lasvegas.register`): a
        kind another class holds is refused here, unless ``replace=True`` is given as a
        class keyword."""
        super().__init_subclass__(**kwargs)
        claim(cls, "ModuleState", "kind", replace=replace)

    kind: ClassVar[str] = "module-state"
    """The stable tag of the slice type in JSON."""

    def __init__(self) -> None:
        pass

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return _values(self) == _values(other)

    def __hash__(self) -> int:
        return hash(_values(self))

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{a.name}={getattr(self, a.name)!r}" for a in type(self).__attrs_attrs__
        )
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (type(self), _values(self))


@typed_fields(auto_attribs=True, init=False, repr=False, eq=False, slots=False)
@mypyc_attr(allow_interpreted_subclasses=True)
class Task:
    """Pending module work: a decision or chance node the module resolves.

    While a task is first in ``state.tasks``, its module answers every engine question.
    A module's task is a frozen attrs subclass (``@attrs.frozen class PickBroken(lv.Task):
    ...``), registered under its :attr:`kind`. Immutable, hashable, compared by value.
    """

    __slots__ = ("__weakref__", "module")
    __attrs_attrs__: ClassVar[Any] = described("Task", ("module", int))

    def __init_subclass__(cls, *, replace: bool = False, **kwargs: object) -> None:
        """Register the class under its own :attr:`kind` (:func:`lasvegas.register`): a
        kind another class holds is refused here, unless ``replace=True`` is given as a
        class keyword."""
        super().__init_subclass__(**kwargs)
        claim(cls, "Task", "kind", replace=replace)

    kind: ClassVar[str] = "task"
    """The stable tag of the task type in JSON."""
    chance: ClassVar[bool] = False
    """Whether every task of this type is a chance node: the engine then answers
    :func:`~lasvegas.to_move` with :data:`~lasvegas.types.CHANCE` without asking the
    handler's ``to_move`` (which must agree; ``random_sim_test`` checks it). A hot-path
    shortcut for setup deals and dice throws."""
    prompt: ClassVar[str | None] = None
    """What answering the task does, as a verb phrase for a view's prompt (``"choose which
    die to kick"``); ``None``: the view says ``"answer: <kind>"``."""
    phases: ClassVar[frozenset[Phase] | None] = None
    """The phases in which a task of this type can be
    pending (the phases whose events or actions push it, since the core moves on to another
    phase only once every task is resolved). :func:`~lasvegas.state_problems` refuses one
    pending in any other phase; ``None`` declares nothing (any phase but ``OVER``). Every
    built-in task declares its phases."""
    module: int
    """Index in ``config.modules`` of the module that resolves this task."""

    def __init__(self, module: int) -> None:
        self.module = module

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return _values(self) == _values(other)

    def __hash__(self) -> int:
        return hash(_values(self))

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{a.name}={getattr(self, a.name)!r}" for a in type(self).__attrs_attrs__
        )
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (type(self), _values(self))


def open_base(cls: _C, *, register: bool = True) -> _C:
    """Finish base *cls* (one Python classes may derive from): :func:`seal` it and give it
    the Python-level guard, and in the compiled build an empty ``__slots__`` entry (attrs
    then sets an inherited field through the base's native attribute, slotted subclass or
    not)."""
    seal(cls, register=register)
    type.__setattr__(cls, "__setattr__", _frozen)
    type.__setattr__(cls, "__delattr__", _frozen)
    if COMPILED and cls.__attrs_attrs__:  # type: ignore[attr-defined]
        # (compiled: empty, or mypyc refuses a native subclass; not on a base without fields,
        # where mypyc's handling of a class decorated as :func:`typed_fields` would trip on it)
        type.__setattr__(cls, "__slots__", ())
    return cls


open_base(ModuleState, register=False)
open_base(Task, register=False)
