"""Bad Luck (tile C2): the players with the fewest dice here pay $50,000 to the bank.

T-BADLUCK-1: before payout (T-9 (1)), every player with the fewest dice at this casino
(before ties are removed; zero counts; a Biggy counts two, T-11; imaginary owners are not
counted, T-8) owes $50,000 to the bank, paid when the round ends (T-9 (4)) as T-1b says:
cards from the lowest upward, then chips, change in cards; a player who holds less pays
everything. Ruling: the debtors pay one after another clockwise from the round's start
player (the order matters only for the bank's change).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

import attrs

from ...engine import set_slice
from ...events import Event
from ...modules.base import ModuleState
from ...types import Money, Seat
from ..table import casino_count
from .base import Draft, Tile, TileState

if TYPE_CHECKING:
    from ...state import State

__all__ = ["BAD_LUCK_DEBT", "BadLuck", "BadLuckState"]

BAD_LUCK_DEBT: Final[Money] = 50_000
"""What each player with the fewest dice owes the bank (T-BADLUCK-1)."""


@attrs.frozen
class BadLuckState(TileState):
    """Bad Luck in play: the seats fixed as debtors before payout.

    >>> BadLuckState(casino=3).debtors
    ()
    """

    kind: ClassVar[str] = "bad-luck"
    debtors: tuple[Seat, ...] = ()
    """The seats that owe $50,000 when the round ends (fixed before payout)."""


@attrs.frozen
class BadLuck(Tile):
    """Bad Luck (C2): the fewest dice here cost $50,000 at the round's end (T-BADLUCK-1).

    >>> BadLuck().code, BadLuck().name
    ('C2', 'Bad Luck')
    """

    id: ClassVar[str] = "bad-luck"
    code: ClassVar[str] = "C2"
    state_type: ClassVar[type[ModuleState] | None] = BadLuckState

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """The debtors are distinct seats (T-BADLUCK-1).

        >>> import lasvegas as lv
        >>> BadLuck().problems(lv.new_game(lv.royale(3)), 1)
        ()
        """
        s = state.modules[index]
        if isinstance(s, BadLuckState):
            debtors = s.debtors
            n = state.config.players
            if len(set(debtors)) != len(debtors) or not all(0 <= t < n for t in debtors):
                return (f"the debtors {debtors} are not distinct seats",)
        return ()

    def fresh(self, state: State, casino: int) -> TileState:
        """Nobody owes anything yet."""
        return BadLuckState(casino)

    def before_payout(self, state: State, index: int, log: list[Event] | None) -> State:
        """T-BADLUCK-1: fix the seats with the fewest dice here (zero counts; no ties removed)."""
        s = state.modules[index]
        assert isinstance(s, BadLuckState)
        counts = [casino_count(state, s.casino, seat) for seat in range(state.config.players)]
        fewest = min(counts)
        debtors = tuple(seat for seat, n in enumerate(counts) if n == fewest)
        return set_slice(state, index, BadLuckState(s.casino, debtors))

    def round_end(self, state: State, index: int, log: list[Event] | None) -> State:
        """T-9 (4), T-1b: each debtor pays $50,000, clockwise from the start player (ruling)."""
        s = state.modules[index]
        assert isinstance(s, BadLuckState)
        n = state.config.players
        start = state.start
        draft = Draft(state, log)  # the payments and the slice as one state
        for i in range(n):
            seat = (start + i) % n
            if seat in s.debtors:
                draft.pay_to_bank(seat, BAD_LUCK_DEBT)
        draft.set_slice(index, BadLuckState(s.casino, ()))
        return draft.build()
