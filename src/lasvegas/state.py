"""The game state: :class:`State` and its parts.

A state is immutable and hashable and carries its config, so every function of the engine
takes just the state. Build the first one with :func:`lasvegas.new_game`; get the next with
:func:`lasvegas.apply`. States hold no RNG and no hidden order: the order of the unseen part
of the banknote pile is decided by chance actions when a note is drawn (C-4), so a state
holds only that part's contents.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, ClassVar, Final, ParamSpec, TypeVar, final

import attrs

from ._native import (
    FrozenInstanceError,
    attributes,
    finish,
    interpreted,
    native_fields,
    twin_builder,
)
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


_CASINO_FIELDS: Final = ("notes", "dice", "big")


@final
class Casino:
    """One casino: its notes and the dice on it.

    Dice are counted per *owner*: seats ``0 .. players-1`` first, then the imaginary owners
    (the neutral dice, C-21, and others a module adds). Immutable, hashable, compared by
    value.

    >>> Casino(notes=(80_000, 30_000), dice=(0, 2, 0), big=(0, 0, 0)).weights()
    (0, 2, 0)
    """

    __slots__ = _CASINO_FIELDS
    __match_args__: ClassVar = _CASINO_FIELDS
    __attrs_attrs__: ClassVar[Any] = attributes(
        "Casino", notes=tuple[Money, ...], dice=tuple[int, ...], big=tuple[int, ...]
    )

    notes: Final[tuple[Money, ...]]
    """The notes waiting here, highest first."""
    dice: Final[tuple[int, ...]]
    """Plain dice per owner."""
    big: Final[tuple[int, ...]]
    """Big dice per owner (a biggie counts as two dice, B-3, R-3)."""

    def __init__(
        self, notes: tuple[Money, ...], dice: tuple[int, ...], big: tuple[int, ...]
    ) -> None:
        self.notes = notes
        self.dice = dice
        self.big = big

    def weights(self) -> tuple[int, ...]:
        """Dice per owner as counted for ties and ranking: a big die counts two (C-12).

        >>> Casino(notes=(), dice=(1, 3), big=(1, 0)).weights()
        (3, 3)
        """
        return tuple(d + 2 * b for d, b in zip(self.dice, self.big, strict=True))

    def __eq__(self, other: object) -> bool:
        if type(other) is not Casino:
            return NotImplemented
        return (self.notes, self.dice, self.big) == (other.notes, other.dice, other.big)

    def __hash__(self) -> int:
        return hash((self.notes, self.dice, self.big))

    def __repr__(self) -> str:
        return f"Casino(notes={self.notes!r}, dice={self.dice!r}, big={self.big!r})"

    def __reduce__(self) -> tuple[type[Casino], tuple[object, ...]]:
        return Casino, (self.notes, self.dice, self.big)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


finish(Casino)


_STATE_FIELDS: Final = (
    "config",
    "round",
    "phase",
    "cursor",
    "start",
    "active",
    "supply",
    "rolled",
    "casinos",
    "pile_hidden",
    "pile_returned",
    "money",
    "modules",
    "tasks",
)


@final
class State:
    """A game between two actions. Immutable; build the next one with :func:`lasvegas.apply`.

    Hashable and compared by value (every field).

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.classic(4))
    >>> state.round, state.phase, len(state.pile_hidden)
    (1, Phase.FILL, 54)
    """

    __slots__ = _STATE_FIELDS
    __match_args__: ClassVar = _STATE_FIELDS
    __attrs_attrs__: ClassVar[Any] = attributes(
        "State",
        config=GameConfig,
        round=int,
        phase=Phase,
        cursor=int,
        start=Seat,
        active=Seat,
        supply=tuple[tuple[int, ...], ...],
        rolled=tuple[tuple[int, ...], ...],
        casinos=tuple[Casino, ...],
        pile_hidden=tuple[Money, ...],
        pile_returned=tuple[Money, ...],
        money=tuple[tuple[Money, ...], ...],
        modules=tuple[ModuleState | None, ...],
        tasks=tuple[Task, ...],
    )

    config: Final[GameConfig]
    """The game's configuration."""
    round: Final[int]
    """The current round, from 1."""
    phase: Final[Phase]
    """Where the game stands."""
    cursor: Final[int]
    """How far the phase has walked its fixed sequence: the position of its current step.
    ``FILL`` walks the casinos (the 0-based index of the casino drawing notes), ``ROLL`` the
    dice groups (regular, big, kicker, neutral: the group to roll next), ``PAYOUT`` the
    casinos again (the index of the casino paying next); the other phases walk nothing and
    keep it at 0."""
    start: Final[Seat]
    """The round's start player (C-7)."""
    active: Final[Seat]
    """The seat whose turn it is (or was last)."""
    supply: Final[tuple[tuple[int, ...], ...]]
    """Dice each seat still holds this round, per group (regular, big, kicker, neutral)."""
    rolled: Final[tuple[tuple[int, ...], ...]]
    """The active seat's rolled faces per group, sorted; empty tuples when nothing is rolled."""
    casinos: Final[tuple[Casino, ...]]
    """The casinos, index 0 being casino 1 (a 7th is the slot machine, B-7)."""
    pile_hidden: Final[tuple[Money, ...]]
    """The unseen top part of the banknote pile, as a sorted multiset (its order is chance)."""
    pile_returned: Final[tuple[Money, ...]]
    """Notes returned under the pile, top first, in the known order they were returned (C-14)."""
    money: Final[tuple[tuple[Money, ...], ...]]
    """The notes each seat has won, in the order won."""
    modules: Final[tuple[ModuleState | None, ...]]
    """Each module's slice of state, in the order of ``config.modules``."""
    tasks: Final[tuple[Task, ...]]
    """Pending module work; the first one decides who moves next."""

    def __init__(
        self,
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
    ) -> None:
        self.config = config
        self.round = round
        self.phase = phase
        self.cursor = cursor
        self.start = start
        self.active = active
        self.supply = supply
        self.rolled = rolled
        self.casinos = casinos
        self.pile_hidden = pile_hidden
        self.pile_returned = pile_returned
        self.money = money
        self.modules = modules
        self.tasks = tasks

    def _fields(self) -> tuple[object, ...]:
        return (
            self.config,
            self.round,
            self.phase,
            self.cursor,
            self.start,
            self.active,
            self.supply,
            self.rolled,
            self.casinos,
            self.pile_hidden,
            self.pile_returned,
            self.money,
            self.modules,
            self.tasks,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not State:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"State(config={self.config!r}, round={self.round!r}, phase={self.phase!r}, "
            f"cursor={self.cursor!r}, start={self.start!r}, active={self.active!r}, "
            f"supply={self.supply!r}, rolled={self.rolled!r}, casinos={self.casinos!r}, "
            f"pile_hidden={self.pile_hidden!r}, pile_returned={self.pile_returned!r}, "
            f"money={self.money!r}, modules={self.modules!r}, tasks={self.tasks!r})"
        )

    def __reduce__(self) -> tuple[type[State], tuple[object, ...]]:
        return State, self._fields()

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


finish(State)


# -- the state builders -----------------------------------------------------------------------
#
# Rule code builds states with these typed helpers: make_state (every field named), evolve
# (a few changes, the others None) and the fixed-field updaters of the hot path (every
# argument required, about a third cheaper than fourteen optional ones). Their bodies are
# plain State(...) calls, which is what the compiled build runs; the pure build replaces
# them at the end of this module by functions of the same signature that store the slots
# on a twin of State and assign the class (see lasvegas._native): State's own __init__
# stores past its frozen guard through object.__setattr__, about four times slower.


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
    """``State(...)`` for the hot path, every field named.

    >>> import lasvegas as lv
    >>> s = lv.new_game(lv.classic(2))
    >>> make_state(**{f.name: getattr(s, f.name) for f in attrs.fields(State)}) == s
    True
    """
    return State(
        config,
        round,
        phase,
        cursor,
        start,
        active,
        supply,
        rolled,
        casinos,
        pile_hidden,
        pile_returned,
        money,
        modules,
        tasks,
    )


def evolve(
    state: State,
    *,
    config: GameConfig | None = None,
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
    return State(
        state.config if config is None else config,
        state.round if round is None else round,
        state.phase if phase is None else phase,
        state.cursor if cursor is None else cursor,
        state.start if start is None else start,
        state.active if active is None else active,
        state.supply if supply is None else supply,
        state.rolled if rolled is None else rolled,
        state.casinos if casinos is None else casinos,
        state.pile_hidden if pile_hidden is None else pile_hidden,
        state.pile_returned if pile_returned is None else pile_returned,
        state.money if money is None else money,
        state.modules if modules is None else modules,
        state.tasks if tasks is None else tasks,
    )


def with_tasks(state: State, tasks: tuple[Task, ...]) -> State:
    """*state* with its pending tasks replaced."""
    s = state
    return State(
        s.config,
        s.round,
        s.phase,
        s.cursor,
        s.start,
        s.active,
        s.supply,
        s.rolled,
        s.casinos,
        s.pile_hidden,
        s.pile_returned,
        s.money,
        s.modules,
        tasks,
    )


def with_modules(state: State, modules: tuple[ModuleState | None, ...]) -> State:
    """*state* with every module slice replaced (in module order)."""
    s = state
    return State(
        s.config,
        s.round,
        s.phase,
        s.cursor,
        s.start,
        s.active,
        s.supply,
        s.rolled,
        s.casinos,
        s.pile_hidden,
        s.pile_returned,
        s.money,
        modules,
        s.tasks,
    )


def with_modules_tasks(
    state: State, *, modules: tuple[ModuleState | None, ...], tasks: tuple[Task, ...]
) -> State:
    """*state* with its module slices and its tasks replaced (a module's task resolved)."""
    s = state
    return State(
        s.config,
        s.round,
        s.phase,
        s.cursor,
        s.start,
        s.active,
        s.supply,
        s.rolled,
        s.casinos,
        s.pile_hidden,
        s.pile_returned,
        s.money,
        modules,
        tasks,
    )


def with_casinos(state: State, casinos: tuple[Casino, ...]) -> State:
    """*state* with its casinos replaced."""
    s = state
    return State(
        s.config,
        s.round,
        s.phase,
        s.cursor,
        s.start,
        s.active,
        s.supply,
        s.rolled,
        casinos,
        s.pile_hidden,
        s.pile_returned,
        s.money,
        s.modules,
        s.tasks,
    )


def with_phase(
    state: State, *, phase: Phase, cursor: int, active: Seat, rolled: tuple[tuple[int, ...], ...]
) -> State:
    """*state* moved on to *phase* at *cursor*, with *active* and *rolled* (the engine's
    phase changes)."""
    s = state
    return State(
        s.config,
        s.round,
        phase,
        cursor,
        s.start,
        active,
        s.supply,
        rolled,
        s.casinos,
        s.pile_hidden,
        s.pile_returned,
        s.money,
        s.modules,
        s.tasks,
    )


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
    s = state
    return State(
        s.config,
        s.round,
        phase,
        cursor,
        s.start,
        active,
        supply,
        rolled,
        casinos,
        s.pile_hidden,
        s.pile_returned,
        s.money,
        modules,
        s.tasks,
    )


def with_fill(
    state: State,
    *,
    cursor: int,
    casinos: tuple[Casino, ...],
    pile_hidden: tuple[Money, ...],
    pile_returned: tuple[Money, ...],
) -> State:
    """*state* after a banknote left the pile for a casino (C-4, C-5)."""
    s = state
    return State(
        s.config,
        s.round,
        s.phase,
        cursor,
        s.start,
        s.active,
        s.supply,
        s.rolled,
        casinos,
        pile_hidden,
        pile_returned,
        s.money,
        s.modules,
        s.tasks,
    )


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
    s = state
    return State(
        s.config,
        s.round,
        s.phase,
        cursor,
        s.start,
        s.active,
        s.supply,
        s.rolled,
        casinos,
        s.pile_hidden,
        pile_returned,
        money,
        modules,
        s.tasks,
    )


def make_casino(notes: tuple[Money, ...], dice: tuple[int, ...], big: tuple[int, ...]) -> Casino:
    """``Casino(...)`` for the hot path (see :func:`make_state`).

    >>> make_casino((50_000,), (1, 0), (0, 0)) == Casino((50_000,), (1, 0), (0, 0))
    True
    """
    return Casino(notes, dice, big)


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

    For a native class (such as :class:`State`), it is the pure build's twin builder, and
    in the compiled build the class itself.
    """
    if isinstance(cls, type) and native_fields(cls) is not None:
        if not interpreted(cls):
            return cls
        return twin_builder(cls, cls.__dict__["__init__"].__wrapped__)
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


# The pure build: the builders above store the slots on a twin of State (or Casino) and assign
# the class, instead of calling State's __init__ (see the comment above make_state).
if interpreted(State):
    for _builder in (
        make_state,
        with_tasks,
        with_modules,
        with_modules_tasks,
        with_casinos,
        with_phase,
        with_turn,
        with_fill,
        with_payout,
    ):
        globals()[_builder.__name__] = twin_builder(State, _builder, "state")
    globals()["evolve"] = twin_builder(State, evolve, "state")
    globals()["make_casino"] = twin_builder(Casino, make_casino)
