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

from typing import TYPE_CHECKING, ClassVar, Final

import attrs

from ...actions import Action
from ...engine import push_task
from ...events import DicePlaced, Event
from ...modules.base import ModuleState, Task
from ...types import BIG, REGULAR, Seat
from ..state import rebuild
from ..table import SUPPLY, move_dice
from .base import Tile, TileState

if TYPE_CHECKING:
    from ...state import State

__all__ = ["BAR", "BAR_SIZE", "Knockout", "KnockoutChoice", "KnockoutPut", "KnockoutState"]

BAR: Final = "bar"
"""The place name of the bar in :class:`~lasvegas.royale.events.DiceMoved`."""

BAR_SIZE: Final = 2
"""The most dice a player may have in the bar (T-KNOCKOUT-1; a Biggy counts as one)."""


@attrs.frozen
class KnockoutState(TileState):
    """Knockout? in play: each seat's dice in the bar.

    >>> KnockoutState(casino=1, small=(0, 1, 0), big=(0, 0, 1)).held()
    (0, 1, 1)
    """

    kind: ClassVar[str] = "knockout"
    small: tuple[int, ...] = ()
    """Small dice in the bar, per seat (empty: none at all)."""
    big: tuple[int, ...] = ()
    """Biggies in the bar, per seat (empty: none at all)."""

    def held(self) -> tuple[int, ...]:
        """Dice in the bar per seat, a Biggy counting as one die (T-KNOCKOUT-1)."""
        if not self.big:
            return self.small
        if not self.small:
            return self.big
        return tuple(s + b for s, b in zip(self.small, self.big, strict=True))


@attrs.frozen
class KnockoutPut(Action):
    """The die an opponent puts in the bar: the Biggy if :attr:`big`, else a small die.

    >>> KnockoutPut(big=True)
    KnockoutPut(big=True)
    """

    kind: ClassVar[str] = "knockout-put"
    big: bool
    """``True``: the Biggy; ``False``: a small die."""

    def text(self, state: State | None) -> str:
        """``"Put the Biggy in the bar"``."""
        return "Put the Biggy in the bar" if self.big else "Put a small die in the bar"


@attrs.frozen
class KnockoutChoice(Task):
    """Decision of :attr:`seat`, an opponent of :attr:`active`: which die goes to the bar."""

    kind: ClassVar[str] = "knockout-choice"
    seat: Seat
    """The opponent who chooses."""
    active: Seat
    """The active player, who takes their own bar dice back at the end."""
    rest: tuple[Seat, ...]
    """The opponents still to put a die in the bar after :attr:`seat`, in order."""


_PUTS: Final[tuple[Action, ...]] = (KnockoutPut(False), KnockoutPut(True))


@attrs.frozen
class Knockout(Tile):
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
    tasks: ClassVar[tuple[type[Task], ...]] = (KnockoutChoice,)
    actions: ClassVar[tuple[type[Action], ...]] = (KnockoutPut,)
    state_type: ClassVar[type[ModuleState] | None] = KnockoutState

    def fresh(self, state: State, casino: int) -> TileState:
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
        opponents = tuple((seat + k) % n for k in range(1, n))
        return self._go_on(state, index, seat, opponents, log)

    def _go_on(
        self,
        state: State,
        index: int,
        active: Seat,
        opponents: tuple[Seat, ...],
        log: list[Event] | None,
    ) -> State:
        """Put the opponents' dice in the bar in order, asking whoever has a choice; then the
        active seat takes its own bar dice back (T-10)."""
        for k, seat in enumerate(opponents):
            s = state.modules[index]
            assert isinstance(s, KnockoutState)
            held = state.supply[seat]
            if s.small[seat] + s.big[seat] >= BAR_SIZE or not (held[REGULAR] or held[BIG]):
                continue
            if held[REGULAR] and held[BIG]:
                task = KnockoutChoice(index, seat, active, opponents[k + 1 :])
                return push_task(state, task, first=True)
            state = self._to_bar(state, index, seat, big=not held[REGULAR], log=log)
        s = state.modules[index]
        assert isinstance(s, KnockoutState)
        small, big = s.small[active], s.big[active]
        if not (small or big):
            return state
        state = self._set(state, index, s, active, 0, 0)
        return move_dice(state, active, small=small, big=big, source=BAR, target=SUPPLY, log=log)

    @staticmethod
    def _set(state: State, index: int, s: KnockoutState, seat: Seat, small: int, big: int) -> State:
        value = KnockoutState(
            s.casino,
            (*s.small[:seat], small, *s.small[seat + 1 :]),
            (*s.big[:seat], big, *s.big[seat + 1 :]),
        )
        modules = state.modules
        return rebuild(state, modules=(*modules[:index], value, *modules[index + 1 :]))

    def _to_bar(
        self, state: State, index: int, seat: Seat, *, big: bool, log: list[Event] | None
    ) -> State:
        s = state.modules[index]
        assert isinstance(s, KnockoutState)
        state = self._set(state, index, s, seat, s.small[seat] + (not big), s.big[seat] + big)
        return move_dice(
            state, seat, small=int(not big), big=int(big), source=SUPPLY, target=BAR, log=log
        )

    def task_to_move(self, state: State, index: int, task: Task) -> Seat:
        """The opponent whose die goes to the bar chooses it."""
        assert isinstance(task, KnockoutChoice)
        return task.seat

    def task_actions(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """A small die or the Biggy (asked only of a seat holding both)."""
        return _PUTS

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
        state = rebuild(state, tasks=state.tasks[1:])
        state = self._to_bar(state, index, task.seat, big=action.big, log=log)
        return self._go_on(state, index, task.active, task.rest, log)

    def round_end(self, state: State, index: int, log: list[Event] | None) -> State:
        """T-KNOCKOUT-2: the bar's dice return to their owners when the round ends."""
        s = state.modules[index]
        assert isinstance(s, KnockoutState)
        for seat in range(state.config.players):
            small, big = s.small[seat], s.big[seat]
            if small or big:
                state = move_dice(
                    state, seat, small=small, big=big, source=BAR, target=SUPPLY, log=log
                )
        n = state.config.players
        value = KnockoutState(s.casino, (0,) * n, (0,) * n)
        modules = state.modules
        return rebuild(state, modules=(*modules[:index], value, *modules[index + 1 :]))

    def held_dice(self, state: State, index: int) -> tuple[int, ...]:
        """T-11: the dice in the bar are in no casino and no supply."""
        s = state.modules[index]
        if s is None:
            return ()
        assert isinstance(s, KnockoutState)
        return s.held()

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
