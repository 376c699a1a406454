"""The game state: :class:`State` and its parts.

A state is immutable and hashable and carries its config, so every function of the engine
takes just the state. Build the first one with :func:`lasvegas.new_game`; get the next with
:func:`lasvegas.apply`. States hold no RNG and no hidden order: the order of the unseen part
of the banknote pile is decided by chance actions when a note is drawn (C-4), so a state
holds only that part's contents.
"""

from __future__ import annotations

import enum
import functools
import inspect
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import attrs

from .config import GameConfig
from .modules.base import ModuleState, Task
from .types import Money, Seat

__all__ = ["Casino", "Phase", "State"]

T = TypeVar("T")
P = ParamSpec("P")


class Phase(enum.Enum):
    """Where a game stands between two actions."""

    FILL = "fill"
    """Round setup: the casino at ``cursor`` is drawing notes (chance)."""
    TURN_START = "turn-start"
    """Setup is done; the next turn starts at the start player once modules are done."""
    ROLL = "roll"
    """The active seat rolls the group of dice at ``cursor`` (chance)."""
    PLACE = "place"
    """The active seat chooses a face to place."""
    TURN_END = "turn-end"
    """The active seat has placed; the turn passes once modules are done."""
    PAYOUT = "payout"
    """The casino at ``cursor`` pays out next."""
    ROUND_END = "round-end"
    """Every casino has paid; the next round starts once modules are done."""
    OVER = "over"
    """The game is over."""

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


@attrs.frozen(weakref_slot=False)
class Casino:
    """One casino: its notes and the dice on it.

    Dice are counted per *owner*: seats ``0 .. players-1`` first, then the imaginary owners
    (the neutral dice, C-21, and others a module adds).

    >>> Casino(notes=(80_000, 30_000), dice=(0, 2, 0), big=(0, 0, 0)).weights()
    (0, 2, 0)
    """

    notes: tuple[Money, ...]
    """The notes waiting here, highest first."""
    dice: tuple[int, ...]
    """Plain dice per owner."""
    big: tuple[int, ...]
    """Big dice per owner (a biggie counts as two dice, B-3, R-3)."""

    def weights(self) -> tuple[int, ...]:
        """Dice per owner as counted for ties and ranking: a big die counts two (C-12).

        >>> Casino(notes=(), dice=(1, 3), big=(1, 0)).weights()
        (3, 3)
        """
        return tuple(d + 2 * b for d, b in zip(self.dice, self.big, strict=True))


@attrs.frozen(weakref_slot=False)
class State:
    """A game between two actions. Immutable; build the next one with :func:`lasvegas.apply`.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.classic(4))
    >>> state.round, state.phase, len(state.pile_hidden)
    (1, Phase.FILL, 54)
    """

    config: GameConfig
    """The game's configuration."""
    round: int
    """The current round, from 1."""
    phase: Phase
    """Where the game stands."""
    cursor: int
    """The casino index being filled or paid (``FILL``, ``PAYOUT``) or the dice group to roll
    next (``ROLL``); 0 otherwise."""
    start: Seat
    """The round's start player (C-7)."""
    active: Seat
    """The seat whose turn it is (or was last)."""
    supply: tuple[tuple[int, ...], ...]
    """Dice each seat still holds this round, per group (regular, big, kicker, neutral)."""
    rolled: tuple[tuple[int, ...], ...]
    """The active seat's rolled faces per group, sorted; empty tuples when nothing is rolled."""
    casinos: tuple[Casino, ...]
    """The casinos, index 0 being casino 1 (a 7th is the slot machine, B-7)."""
    pile_hidden: tuple[Money, ...]
    """The unseen top part of the banknote pile, as a sorted multiset (its order is chance)."""
    pile_returned: tuple[Money, ...]
    """Notes returned under the pile, top first, in the known order they were returned (C-14)."""
    money: tuple[tuple[Money, ...], ...]
    """The notes each seat has won, in the order won."""
    modules: tuple[ModuleState | None, ...]
    """Each module's slice of state, in the order of ``config.modules``."""
    tasks: tuple[Task, ...]
    """Pending module work; the first one decides who moves next."""


# -- fast construction ----------------------------------------------------------------------
#
# attrs' frozen __init__ sets each slot through object.__setattr__, which on CPython 3.11
# costs about four times a plain slot store; building states is most of the hot path
# (see docs/performance.md). The engine therefore builds a State as an instance of a private twin class
# with the very same slots, stores them directly (in make_state itself: no __init__ frame),
# then turns it into a State by assigning its class (allowed because the two layouts are
# identical). The result is an ordinary, frozen State: equal, hashable and immutable like
# any other.


class _StateTwin:
    __slots__ = State.__slots__  # type: ignore[attr-defined]

    # The slots, typed (no values: the slots come from State); make_state fills them.
    config: GameConfig
    round: int
    phase: Phase
    cursor: int
    start: Seat
    active: Seat
    supply: tuple[tuple[int, ...], ...]
    rolled: tuple[tuple[int, ...], ...]
    casinos: tuple[Casino, ...]
    pile_hidden: tuple[Money, ...]
    pile_returned: tuple[Money, ...]
    money: tuple[tuple[Money, ...], ...]
    modules: tuple[ModuleState | None, ...]
    tasks: tuple[Task, ...]


class _CasinoTwin:
    __slots__ = Casino.__slots__  # type: ignore[attr-defined]

    notes: tuple[Money, ...]
    dice: tuple[int, ...]
    big: tuple[int, ...]


_new = object.__new__


_FIELDS = tuple(field.name for field in attrs.fields(State))


def _updater(stub: Callable[P, State]) -> Callable[P, State]:
    """Generate the body of a state builder from *stub*'s signature, once, at import.

    The stub's parameters name the fields it sets; a parameter ``state`` supplies every
    other field (and, for a parameter whose default is ``None``, that field when ``None``
    is passed). The body is the one the hot path wants: one plain slot store per field on
    a :class:`_StateTwin`, then the class assignment (see above), no loop and no
    introspection per call. The stub keeps the signature mypy checks the callers against
    (its own body never runs).
    """
    signature = inspect.signature(stub)
    params = signature.parameters
    if set(params) - {"state", *_FIELDS} or ("state" not in params and set(params) != set(_FIELDS)):
        raise TypeError(f"{stub.__name__}: parameters must be State fields (and state)")
    lines = []
    for name in _FIELDS:
        param = params.get(name)
        if param is None:
            value = f"state.{name}"
        elif param.default is None:
            value = f"state.{name} if {name} is None else {name}"
        elif param.default is inspect.Parameter.empty:
            value = name
        else:
            raise TypeError(f"{stub.__name__}: {name} may default only to None")
        lines.append(f"    twin_.{name} = {value}\n")
    bare = signature.replace(
        parameters=[p.replace(annotation=inspect.Parameter.empty) for p in params.values()],
        return_annotation=inspect.Signature.empty,
    )
    source = (
        f"def {stub.__name__}{bare}:\n    twin_ = _new_(_StateTwin)\n{''.join(lines)}"
        "    twin_.__class__ = _State_\n    return twin_\n"
    )
    namespace: dict[str, Any] = {"_new_": _new, "_StateTwin": _StateTwin, "_State_": State}
    exec(source, namespace)  # the source holds nothing but State's field names
    built: Callable[P, State] = functools.update_wrapper(namespace[stub.__name__], stub)
    return built


# The state builders: each stub's signature says which fields it sets; _updater writes the
# body. Add one here (rather than a hand-written field-by-field copy) when a hot path
# changes another fixed set of fields.


@_updater
def make_state(
    *,
    config: GameConfig,
    round: int,
    phase: Phase,
    cursor: int,
    start: Seat,
    active: Seat,
    supply: tuple[tuple[int, ...], ...],
    rolled: tuple[tuple[int, ...], ...],
    casinos: tuple[Casino, ...],
    pile_hidden: tuple[Money, ...],
    pile_returned: tuple[Money, ...],
    money: tuple[tuple[Money, ...], ...],
    modules: tuple[ModuleState | None, ...],
    tasks: tuple[Task, ...],
) -> State:
    """``State(...)`` for the hot path, every field named: the same frozen State, built
    without attrs' __init__.

    >>> import lasvegas as lv
    >>> s = lv.new_game(lv.classic(2))
    >>> make_state(**{f.name: getattr(s, f.name) for f in attrs.fields(State)}) == s
    True
    """
    raise NotImplementedError  # generated by _updater


@_updater
def evolve(
    state: State,
    *,
    round: int | None = None,
    phase: Phase | None = None,
    cursor: int | None = None,
    start: Seat | None = None,
    active: Seat | None = None,
    supply: tuple[tuple[int, ...], ...] | None = None,
    rolled: tuple[tuple[int, ...], ...] | None = None,
    casinos: tuple[Casino, ...] | None = None,
    pile_hidden: tuple[Money, ...] | None = None,
    pile_returned: tuple[Money, ...] | None = None,
    money: tuple[tuple[Money, ...], ...] | None = None,
    modules: tuple[ModuleState | None, ...] | None = None,
    tasks: tuple[Task, ...] | None = None,
) -> State:
    """*state* with the named fields replaced (``None``: unchanged): ``attrs.evolve`` for
    states, typed and without its per-call introspection.

    For one change or a few on a cold path; the hot path uses the fixed-field updaters
    below (:func:`with_phase`, :func:`with_turn` ...), whose arguments are all required
    (about a third cheaper than fourteen optional ones), or a :class:`~lasvegas.edit.Draft`
    for several changes gathered over a function.

    >>> import lasvegas as lv
    >>> s = evolve(lv.new_game(lv.classic(2)), round=3, money=((50_000,), ()))
    >>> s.round, s.money
    (3, ((50000,), ()))
    """
    raise NotImplementedError  # generated by _updater


@_updater
def with_tasks(state: State, tasks: tuple[Task, ...]) -> State:
    """*state* with its pending tasks replaced."""
    raise NotImplementedError  # generated by _updater


@_updater
def with_modules(state: State, modules: tuple[ModuleState | None, ...]) -> State:
    """*state* with every module slice replaced (in module order)."""
    raise NotImplementedError  # generated by _updater


@_updater
def with_modules_tasks(
    state: State, *, modules: tuple[ModuleState | None, ...], tasks: tuple[Task, ...]
) -> State:
    """*state* with its module slices and its tasks replaced (a module's task resolved)."""
    raise NotImplementedError  # generated by _updater


@_updater
def with_casinos(state: State, casinos: tuple[Casino, ...]) -> State:
    """*state* with its casinos replaced."""
    raise NotImplementedError  # generated by _updater


@_updater
def with_phase(
    state: State, *, phase: Phase, cursor: int, active: Seat, rolled: tuple[tuple[int, ...], ...]
) -> State:
    """*state* moved on to *phase* at *cursor*, with *active* and *rolled* (the engine's
    phase changes)."""
    raise NotImplementedError  # generated by _updater


@_updater
def with_turn(
    state: State,
    *,
    phase: Phase,
    cursor: int,
    active: Seat,
    supply: tuple[tuple[int, ...], ...],
    rolled: tuple[tuple[int, ...], ...],
    casinos: tuple[Casino, ...],
    modules: tuple[ModuleState | None, ...],
) -> State:
    """*state* at a turn's edge: the phase, the active seat, its supply and roll, the
    casinos and the slices (a placement, a pass, the next turn's start)."""
    raise NotImplementedError  # generated by _updater


@_updater
def with_fill(
    state: State,
    *,
    cursor: int,
    casinos: tuple[Casino, ...],
    pile_hidden: tuple[Money, ...],
    pile_returned: tuple[Money, ...],
) -> State:
    """*state* after a banknote left the pile for a casino (C-4, C-5)."""
    raise NotImplementedError  # generated by _updater


@_updater
def with_payout(
    state: State,
    *,
    cursor: int,
    casinos: tuple[Casino, ...],
    pile_returned: tuple[Money, ...],
    money: tuple[tuple[Money, ...], ...],
    modules: tuple[ModuleState | None, ...],
) -> State:
    """*state* after a payout: the casinos emptied, the notes won, the notes returned and
    the slices (C-12 to C-14)."""
    raise NotImplementedError  # generated by _updater


def make_casino(notes: tuple[Money, ...], dice: tuple[int, ...], big: tuple[int, ...]) -> Casino:
    """``Casino(...)`` for the hot path (see :func:`make_state`).

    >>> make_casino((50_000,), (1, 0), (0, 0)) == Casino((50_000,), (1, 0), (0, 0))
    True
    """
    twin = _new(_CasinoTwin)
    twin.notes = notes
    twin.dice = dice
    twin.big = big
    twin.__class__ = Casino  # type: ignore[assignment]
    return twin  # type: ignore[return-value]


def fast_constructor(cls: Callable[P, T]) -> Callable[P, T]:
    """A function building a frozen, slotted attrs *cls* faster than ``cls(...)``.

    It takes the fields as ``cls(...)`` does (by name, or positionally in ``attrs.fields(cls)``
    order) and is typed as *cls* itself, so mypy checks every call as it checks
    ``cls(...)``; name the fields (``build(turn=1, hands=...)``) wherever two of them share a
    type. It stores them without attrs' __init__ (which goes through ``object.__setattr__``, slow on CPython
    3.11). Where CPython allows it, an instance of a private twin class (a sibling of *cls*
    with the same slots and plain attribute stores) gets its slots, then becomes a *cls* by
    class assignment, as :func:`make_state` does; otherwise (a class declaring
    ``__weakref__`` among its own slots has a layout no twin can share) the slots are
    stored through their member descriptors, which is slower but still beats attrs. The
    result is an ordinary, frozen *cls*: equal, hashable and immutable like any other.

    No validator, converter, default or ``__attrs_post_init__`` runs, so classes with any
    of those on a field (or with ``init=False`` fields, or slots that are not fields) are
    refused; callers must pass values ``cls(...)`` would accept unchanged.

    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> build = fast_constructor(Point)
    >>> p = build(x=1, y=2)
    >>> p, p == Point(1, 2), hash(p) == hash(Point(1, 2)), type(p) is Point
    (Point(x=1, y=2), True, True, True)
    >>> p.x = 3
    Traceback (most recent call last):
    ...
    attr.exceptions.FrozenInstanceError: can't set attribute
    """
    if not isinstance(cls, type) or not attrs.has(cls):
        raise TypeError(f"{getattr(cls, '__qualname__', cls)!r} is not an attrs class")
    fields = attrs.fields(cls)
    names = [f.name for f in fields]
    own = set(cls.__dict__.get("__slots__", ())) - {"__weakref__"}
    if "__dict__" in cls.__dict__ or not own <= set(names):
        raise TypeError(f"{cls.__qualname__} is not a slotted attrs class with only field slots")
    if getattr(cls, "__attrs_post_init__", None) is not None or any(
        f.validator is not None or f.converter is not None or not f.init for f in fields
    ):
        raise TypeError(f"{cls.__qualname__} has validators, converters or non-init fields")
    # The parameters are named as in cls's __init__ (attrs' aliases: no leading underscore),
    # so the builder takes the same positional and keyword arguments; the helpers the body
    # uses have names no alias can have.
    aliases = [f.alias or f.name for f in fields]
    args = ", ".join(aliases)
    # A sibling (same base, same slots) so that class assignment is allowed; object's own
    # __setattr__ and __delattr__ (both, or CPython keeps its slow slot wrapper) make its
    # stores plain slot stores instead of attrs' frozen check.
    twin = type(
        f"_{cls.__name__}Twin",
        (cls.__mro__[1],),
        {
            "__slots__": cls.__dict__.get("__slots__", ()),
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            "__module__": __name__,
        },
    )
    namespace: dict[str, Any] = {"_new_": object.__new__, "_twin_": twin, "_cls_": cls}
    try:
        setattr(object.__new__(twin), "__class__", cls)  # noqa: B010 - the trial itself
    except TypeError:  # layouts CPython will not swap: store through the descriptors
        for i, name in enumerate(names):
            member = next(k.__dict__[name] for k in cls.__mro__ if name in k.__dict__)
            namespace[f"_set{i}_"] = member.__set__
        body = "".join(f"    _set{i}_(o_, {a})\n" for i, a in enumerate(aliases))
        source = f"def build({args}):\n    o_ = _new_(_cls_)\n{body}    return o_\n"
    else:
        body = "".join(f"    o_.{name} = {a}\n" for name, a in zip(names, aliases, strict=True))
        source = (
            f"def build({args}):\n    o_ = _new_(_twin_)\n{body}"
            "    o_.__class__ = _cls_\n    return o_\n"
        )
    exec(source, namespace)  # the source holds nothing but the field names
    build: Callable[P, T] = namespace["build"]
    build.__doc__ = f"``{cls.__qualname__}(...)`` without attrs' __init__ (fast_constructor)."
    return build
