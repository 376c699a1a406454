"""The game state: :class:`State` and its parts.

A state is immutable and hashable and carries its config, so every function of the engine
takes just the state. Build the first one with :func:`lasvegas.new_game`; get the next with
:func:`lasvegas.apply`. States hold no RNG and no hidden order: the order of the unseen part
of the banknote pile is decided by chance actions when a note is drawn (C-4), so a state
holds only that part's contents.
"""

from __future__ import annotations

import enum

import attrs

from .config import GameConfig
from .modules.base import ModuleState, Task
from .types import Money, Seat

__all__ = ["Casino", "Phase", "State"]


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
# (DESIGN §4). The engine therefore builds a State as an instance of a private twin class
# with the very same slots, whose __init__ stores them directly, then turns it into a State
# by assigning its class (allowed because the two layouts are identical). The result is an
# ordinary, frozen State: equal, hashable and immutable like any other.


class _StateTwin:
    __slots__ = State.__slots__  # type: ignore[attr-defined]

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


class _CasinoTwin:
    __slots__ = Casino.__slots__  # type: ignore[attr-defined]

    def __init__(
        self, notes: tuple[Money, ...], dice: tuple[int, ...], big: tuple[int, ...]
    ) -> None:
        self.notes = notes
        self.dice = dice
        self.big = big


def make_state(
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
    """``State(...)`` for the hot path: the same frozen State, built without attrs' __init__.

    >>> import lasvegas as lv
    >>> s = lv.new_game(lv.classic(2))
    >>> make_state(*(getattr(s, f.name) for f in attrs.fields(State))) == s
    True
    """
    twin = _StateTwin(
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
    twin.__class__ = State  # type: ignore[assignment]
    return twin  # type: ignore[return-value]


def make_casino(notes: tuple[Money, ...], dice: tuple[int, ...], big: tuple[int, ...]) -> Casino:
    """``Casino(...)`` for the hot path (see :func:`make_state`).

    >>> make_casino((50_000,), (1, 0), (0, 0)) == Casino((50_000,), (1, 0), (0, 0))
    True
    """
    twin = _CasinoTwin(notes, dice, big)
    twin.__class__ = Casino  # type: ignore[assignment]
    return twin  # type: ignore[return-value]
