"""Knockout? (tile E2): every opponent puts a die in the bar; the active player gets theirs back.

T-KNOCKOUT-1: when activated, each opponent, clockwise from the active player's left, who has
a remaining die and fewer than 2 dice in the bar must put one of their remaining dice there
(their choice of die; a Biggy counts as one of the two). Then the active player takes all of
their own dice in the bar back into their supply (T-10: a player who had finished comes back
into the round). T-KNOCKOUT-2: dice in the bar are out of play (T-11: in no casino) until the
round ends; then they return to their owners.

Ruling: an opponent asked to choose holds both kinds of dice (small dice and the Biggy); one
who holds only one kind has nothing to choose, and that die goes to the bar at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...actions import Action
from ...events import DicePlaced, Event
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import Capabilities, Held, ModuleState, Task, TileFact
from ...state import Phase, fast_constructor
from ...table import Interned
from ...types import BIG, REGULAR, CasinoNumber, Seat
from ..state import TileState, own_slice
from ..table import SUPPLY
from .base import Tile, TileDraft

if TYPE_CHECKING:
    from ...state import State

__all__ = ["BAR", "BAR_SIZE", "Knockout", "KnockoutChoice", "KnockoutPut", "KnockoutState"]

BAR: Final = "bar"
"""The place name of the bar in :class:`~lasvegas.royale.events.DiceMoved`."""

BAR_SIZE: Final = 2
"""The most dice a player may have in the bar (T-KNOCKOUT-1; a Biggy counts as one)."""


@final
class KnockoutState(TileState):
    """Knockout? in play: each seat's dice in the bar.

    >>> KnockoutState(casino=1, small=(0, 1, 0), big=(0, 0, 1)).held()
    (0, 1, 1)
    """

    __slots__ = ("big", "small")
    __match_args__: ClassVar = ("casino", "small", "big")
    __attrs_attrs__: ClassVar[Any] = described(
        "KnockoutState",
        ("casino", CasinoNumber),
        ("small", tuple[int, ...], ()),
        ("big", tuple[int, ...], ()),
    )

    kind: ClassVar[str] = "knockout"
    small: Final[tuple[int, ...]]
    """Small dice in the bar, per seat (empty: none at all)."""
    big: Final[tuple[int, ...]]
    """Biggies in the bar, per seat (empty: none at all)."""

    def held(self) -> tuple[int, ...]:
        """Dice in the bar per seat, a Biggy counting as one die (T-KNOCKOUT-1)."""
        if not self.big:
            return self.small
        if not self.small:
            return self.big
        return tuple(s + b for s, b in zip(self.small, self.big, strict=True))

    def __init__(
        self, casino: CasinoNumber, small: tuple[int, ...] = (), big: tuple[int, ...] = ()
    ) -> None:
        self.casino = casino
        self.small = small
        self.big = big

    def __eq__(self, other: object) -> bool:
        if type(other) is not KnockoutState:
            return NotImplemented
        return (self.casino, self.small, self.big) == (other.casino, other.small, other.big)

    def __hash__(self) -> int:
        return hash((self.casino, self.small, self.big))

    def __repr__(self) -> str:
        return f"KnockoutState(casino={self.casino!r}, small={self.small!r}, big={self.big!r})"

    def __reduce__(self) -> tuple[type[KnockoutState], tuple[object, ...]]:
        return KnockoutState, (self.casino, self.small, self.big)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(KnockoutState)


@attrs.frozen
class KnockoutPut(Action):
    """The die an opponent puts in the bar: the Biggy if :attr:`big`, else a small die.

    >>> KnockoutPut(big=True)
    KnockoutPut(big=True)
    """

    kind: ClassVar[str] = "knockout-put"
    big: bool
    """``True``: the Biggy; ``False``: a small die."""

    def text(self, state: State | None = None) -> str:
        """``"Put the Biggy in the bar"``."""
        return "Put the Biggy in the bar" if self.big else "Put a small die in the bar"


@final
class KnockoutChoice(Task):
    """Decision of :attr:`seat`, an opponent of :attr:`active`: which die goes to the bar."""

    __slots__ = ("active", "rest", "seat")
    __match_args__: ClassVar = ("module", "seat", "active", "rest")
    __attrs_attrs__: ClassVar[Any] = described(
        "KnockoutChoice",
        ("module", int),
        ("seat", Seat),
        ("active", Seat),
        ("rest", tuple[Seat, ...]),
    )

    kind: ClassVar[str] = "knockout-choice"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "choose a die to take back (Knockout)"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The opponent who chooses."""
    active: Final[Seat]
    """The active player, who takes their own bar dice back at the end."""
    rest: Final[tuple[Seat, ...]]
    """The opponents still to put a die in the bar after :attr:`seat`, in order."""

    def __init__(self, module: int, seat: Seat, active: Seat, rest: tuple[Seat, ...]) -> None:
        self.module = module
        self.seat = seat
        self.active = active
        self.rest = rest

    def __eq__(self, other: object) -> bool:
        if type(other) is not KnockoutChoice:
            return NotImplemented
        return (self.module, self.seat, self.active, self.rest) == (
            other.module,
            other.seat,
            other.active,
            other.rest,
        )

    def __hash__(self) -> int:
        return hash((self.module, self.seat, self.active, self.rest))

    def __repr__(self) -> str:
        return f"KnockoutChoice(module={self.module!r}, seat={self.seat!r}, active={self.active!r}, rest={self.rest!r})"

    def __reduce__(self) -> tuple[type[KnockoutChoice], tuple[object, ...]]:
        return KnockoutChoice, (self.module, self.seat, self.active, self.rest)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(KnockoutChoice)


_PUTS: Final[tuple[Action, ...]] = (KnockoutPut(False), KnockoutPut(True))
_OPPONENTS: Interned[tuple[Seat, int], tuple[Seat, ...]] = Interned()
"""The opponents of a seat, clockwise from its left, by seat and number of players."""
_new_slice = fast_constructor(KnockoutState)
"""``KnockoutState(casino, small, big)`` without attrs' __init__."""
_new_choice = fast_constructor(KnockoutChoice)
"""``KnockoutChoice(module, seat, active, rest)`` without attrs' __init__."""


@attrs.frozen
class Knockout(Tile[KnockoutState]):
    """Knockout? (E2): opponents' dice go to the bar, yours come back (T-KNOCKOUT-1, -2).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round, turn
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("E2",))))
    >>> state = turn(state, [1, 2, 2, 2, 2, 2, 2], 1, big=2)
    >>> lv.to_move(state), lv.legal_actions(state)  # seat 1 chooses which die
    (1, (KnockoutPut(big=False), KnockoutPut(big=True)))
    >>> state = lv.apply(lv.apply(state, KnockoutPut(True)), KnockoutPut(False))
    >>> state.supply[1], state.supply[2]
    ((7, 0, 0, 0), (6, 1, 0, 0))
    """

    id: ClassVar[str] = "knockout"
    code: ClassVar[str] = "E2"
    rule_text: ClassVar[str] = (
        "When activated, each opponent in turn from the active player's left who has a "
        "remaining die and fewer than 2 dice in the bar must put one of their remaining "
        "dice there (a Biggy counts as one); then the active player takes all of their own "
        "dice in the bar back. Dice in the bar are out of play and go back to their owners "
        "when the round ends."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        s, _ = self.seen(state, index, seat)
        if not isinstance(s, KnockoutState):
            return ()
        bar = s.held()
        if not any(bar):
            return ()
        parts = [f"Seat {p}: {n}" for p, n in enumerate(bar) if n]
        return (TileFact("bar", "Dice in the bar: " + ", ".join(parts), values=bar),)

    activation_chips: ClassVar[int | None] = 0
    round_chips: ClassVar[int | None] = 0
    tasks: ClassVar[tuple[type[Task], ...]] = (KnockoutChoice,)
    actions: ClassVar[tuple[type[Action], ...]] = (KnockoutPut,)
    state_type: ClassVar[type[ModuleState] | None] = KnockoutState

    def fresh(self, state: State, casino: CasinoNumber) -> TileState:
        """The bar is empty."""
        n = state.config.players
        return KnockoutState(casino, (0,) * n, (0,) * n)

    def activate(
        self,
        state: State,
        index: int,
        seat: Seat,
        log: list[Event] | None,
        placed: DicePlaced | None = None,
    ) -> State:
        """T-KNOCKOUT-1: the opponents from the active seat's left, then the active seat."""
        n = state.config.players
        opponents = _OPPONENTS.get((seat, n))
        if opponents is None:
            opponents = _OPPONENTS.keep((seat, n), tuple((seat + k) % n for k in range(1, n)))
        return self._go_on(TileDraft(state, log), index, seat, opponents)

    def _go_on(
        self, draft: TileDraft, index: int, active: Seat, opponents: tuple[Seat, ...]
    ) -> State:
        """Put the opponents' dice in the bar in order, asking whoever has a choice; then the
        active seat takes its own bar dice back (T-10). Every step goes into *draft*, built
        once at the end (one state instead of two per die moved)."""
        for k, seat in enumerate(opponents):
            s = draft.slice(index)
            assert isinstance(s, KnockoutState)
            held = draft.get_supply()[seat]
            if s.small[seat] + s.big[seat] >= BAR_SIZE or not (held[REGULAR] or held[BIG]):
                continue
            if held[REGULAR] and held[BIG]:
                draft.push_task(
                    _new_choice(module=index, seat=seat, active=active, rest=opponents[k + 1 :]),
                    first=True,
                )
                return draft.build()
            self._to_bar(draft, index, seat, big=not held[REGULAR])
        s = draft.slice(index)
        assert isinstance(s, KnockoutState)
        small, big = s.small[active], s.big[active]
        if not (small or big):
            return draft.build()
        self._set(draft, index, s, active, 0, 0)
        draft.move(active, small, big, BAR, SUPPLY)
        return draft.build()

    @staticmethod
    def _set(
        draft: TileDraft, index: int, s: KnockoutState, seat: Seat, small: int, big: int
    ) -> None:
        value = _new_slice(
            casino=s.casino,
            small=(*s.small[:seat], small, *s.small[seat + 1 :]),
            big=(*s.big[:seat], big, *s.big[seat + 1 :]),
        )
        draft.set_slice(index, value)

    def _to_bar(self, draft: TileDraft, index: int, seat: Seat, *, big: bool) -> None:
        s = draft.slice(index)
        assert isinstance(s, KnockoutState)
        self._set(draft, index, s, seat, s.small[seat] + (not big), s.big[seat] + big)
        draft.move(seat, int(not big), int(big), SUPPLY, BAR)

    def task_to_move(self, state: State, index: int, task: Task) -> Seat:
        """The opponent whose die goes to the bar chooses it."""
        assert isinstance(task, KnockoutChoice)
        return task.seat

    def task_actions(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """A small die or the Biggy (asked only of a seat holding both)."""
        return _PUTS

    def capabilities(self) -> Capabilities:
        """Its decisions, for the adapters (the action space)."""
        return Capabilities(
            action_space=self.action_space,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """A small die or the Biggy.

        >>> Knockout().action_space(3)
        (KnockoutPut(big=False), KnockoutPut(big=True))
        """
        return _PUTS

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The choice hides nothing."""
        return task

    def resolve(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """The chosen die goes to the bar; then the next opponents, then the active seat."""
        task = state.tasks[0]
        assert isinstance(task, KnockoutChoice)
        assert isinstance(action, KnockoutPut)
        draft = TileDraft(state, log)
        draft.pop_task()
        self._to_bar(draft, index, task.seat, big=action.big)
        return self._go_on(draft, index, task.active, task.rest)

    def round_end(self, state: State, index: int, log: list[Event] | None) -> State:
        """T-KNOCKOUT-2: the bar's dice return to their owners when the round ends."""
        s = own_slice(self, state, index)
        draft = TileDraft(state, log)  # the moves and the slice as one state
        for seat in range(state.config.players):
            small, big = s.small[seat], s.big[seat]
            if small or big:
                draft.move(seat, small, big, BAR, SUPPLY)
        n = state.config.players
        draft.set_slice(index, _new_slice(casino=s.casino, small=(0,) * n, big=(0,) * n))
        return draft.build()

    def held(self, state: State, index: int) -> Held:
        """T-11: the dice in the bar are in no casino and no supply."""
        s = state.modules[index]
        if s is None:
            return Held()
        assert isinstance(s, KnockoutState)
        return Held(dice=s.held())

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """One count per seat, at most 2 dice each (at most 1 Biggy), and nothing negative.

        >>> import lasvegas as lv
        >>> Knockout().problems(lv.new_game(lv.royale(3)), 1)
        ()
        """
        s = state.modules[index]
        if not isinstance(s, KnockoutState):
            return ()
        n = state.config.players
        if len(s.small) != n or len(s.big) != n:
            return (f"the bar counts dice for {len(s.small)} seats, not {n}",)
        if any(
            x < 0 or b < 0 or b > 1 or x + b > BAR_SIZE for x, b in zip(s.small, s.big, strict=True)
        ):
            return (f"the bar holds {s.small} small dice and {s.big} Biggies",)
        return ()
