"""Pay Day (tile D1): $10,000 for every casino holding a die of the active player.

T-PAYDAY-1: when activated, count the casinos (1-6, not tiles) holding at least one die of
the active player, this one included; times $10,000. $10,000 or $20,000 is paid as 1 or 2
chips; $30,000-$60,000 comes from the bank (T-1, X-8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

import attrs

from ...events import DicePlaced, Event
from ...types import Money, Seat
from ..bank import chips_for
from .base import Tile, TileDraft

if TYPE_CHECKING:
    from ...state import State

__all__ = ["PAY_PER_CASINO", "PayDay"]

PAY_PER_CASINO: Final[Money] = 10_000
"""Pay Day's amount per casino holding a die of the active player (T-PAYDAY-1)."""


def casinos_held(state: State, seat: Seat) -> int:
    """How many casinos hold at least one die (small or Biggy) of *seat*.

    >>> import lasvegas as lv
    >>> casinos_held(lv.new_game(lv.royale(3)), 0)
    0
    """
    held = 0
    for c in state.casinos:  # a plain loop: sum() over a generator costs more
        if c.dice[seat] or c.big[seat]:
            held += 1
    return held


@attrs.frozen
class PayDay(Tile):
    """Pay Day (D1): $10,000 per casino with the active player's dice (T-PAYDAY-1).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("D1",))))
    >>> state = lv.apply(state, lv.Roll((1, 2, 2, 3, 3, 4, 5)))
    >>> state = lv.apply(lv.apply(state, lv.Roll((6,), "big")), lv.Place(1))
    >>> state.modules[0].chips  # one casino: 1 chip
    (3, 2, 2)
    """

    id: ClassVar[str] = "pay-day"
    code: ClassVar[str] = "D1"
    rule_text: ClassVar[str] = (
        "When activated, the active player gets $10,000 for every casino (1 to 6) holding "
        "at least one of their dice, this one included: $10,000 or $20,000 as 1 or 2 chips, "
        "more from the bank."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""
    activation_chips: ClassVar[int | None] = chips_for(
        6 * PAY_PER_CASINO
    )  # $10,000 for each of the six casinos
    round_chips: ClassVar[int | None] = 0

    def activate(
        self,
        state: State,
        index: int,
        seat: Seat,
        log: list[Event] | None,
        placed: DicePlaced | None = None,
    ) -> State:
        """T-PAYDAY-1: pay $10,000 per casino holding a die of *seat*."""
        draft = TileDraft(state, log)  # bank.reward, built as one state
        draft.reward(seat, casinos_held(state, seat) * PAY_PER_CASINO)
        return draft.build()
