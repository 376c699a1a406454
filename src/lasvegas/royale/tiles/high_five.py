"""High Five (tile C1): five dice at this casino win the token, worth $100,000 at payout.

T-HIGHFIVE-1: at setup the token is on the tile. T-HIGHFIVE-2: when activated, if the token
is on the tile and the active player now has 5 or more dice at this casino (a Biggy counting
two, T-11), they take it; it cannot be taken from them. During payout, at this casino's turn
(T-9 (3)), its holder exchanges it for $100,000 from the bank, whatever happened to their
dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...engine import set_slice
from ...events import DicePlaced, Event
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import ModuleState, TileFact
from ...types import CasinoNumber, Money, Seat
from ..bank import chips_for
from ..state import TileState, own_slice
from ..table import casino_count
from .base import Tile, TileDraft

if TYPE_CHECKING:
    from ...state import State

__all__ = ["HIGH_FIVE_DICE", "HIGH_FIVE_REWARD", "HighFive", "HighFiveState"]

HIGH_FIVE_DICE: Final = 5
"""Dice a player needs at the casino to take the token (T-HIGHFIVE-2)."""

HIGH_FIVE_REWARD: Final[Money] = 100_000
"""What the token is exchanged for during payout (T-HIGHFIVE-2)."""


@final
class HighFiveState(TileState):
    """High Five in play: who holds the token.

    >>> HighFiveState(casino=2).holder
    -1
    """

    __slots__ = ("holder",)
    __match_args__: ClassVar = ("casino", "holder")
    __attrs_attrs__: ClassVar[Any] = described(
        "HighFiveState", ("casino", CasinoNumber), ("holder", int, -1)
    )

    kind: ClassVar[str] = "high-five"
    holder: Final[int]
    """The seat holding the token; ``-1`` while it is on the tile (or once exchanged)."""

    def __init__(self, casino: CasinoNumber, holder: int = -1) -> None:
        self.casino = casino
        self.holder = holder

    def __eq__(self, other: object) -> bool:
        if type(other) is not HighFiveState:
            return NotImplemented
        return (self.casino, self.holder) == (other.casino, other.holder)

    def __hash__(self) -> int:
        return hash((self.casino, self.holder))

    def __repr__(self) -> str:
        return f"HighFiveState(casino={self.casino!r}, holder={self.holder!r})"

    def __reduce__(self) -> tuple[type[HighFiveState], tuple[object, ...]]:
        return HighFiveState, (self.casino, self.holder)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(HighFiveState)


@attrs.frozen
class HighFive(Tile[HighFiveState]):
    """High Five (C1): the first to have 5 dice here takes a token worth $100,000.

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("C1",))))
    >>> state = lv.apply(state, lv.Roll((1, 1, 1, 1, 2, 3, 4)))
    >>> state = lv.apply(lv.apply(state, lv.Roll((1,), "big")), lv.Place(1))
    >>> [s.holder for s in state.modules if isinstance(s, HighFiveState)]  # 4 + Biggy: 6 dice
    [0]
    """

    id: ClassVar[str] = "high-five"
    code: ClassVar[str] = "C1"
    rule_text: ClassVar[str] = (
        "When activated, if the token is on the tile and the active player now has 5 or "
        "more dice here (a Biggy counts two), they take it; nobody can take it from them. "
        "During payout its holder exchanges it for $100,000 from the bank."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        s, _ = self.seen(state, index, seat)
        if not isinstance(s, HighFiveState):
            return ()
        if s.holder >= 0:
            return (TileFact("holder", f"Seat {s.holder} holds the token", seat=s.holder),)
        return (TileFact("holder", "The token is on the tile"),)

    activation_chips: ClassVar[int | None] = 0
    round_chips: ClassVar[int | None] = chips_for(HIGH_FIVE_REWARD)
    state_type: ClassVar[type[ModuleState] | None] = HighFiveState

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """The token lies on the tile (``-1``) or is held by a seat (T-HIGHFIVE-1).

        >>> import lasvegas as lv
        >>> HighFive().problems(lv.new_game(lv.royale(3)), 1)
        ()
        """
        s = state.modules[index]
        if isinstance(s, HighFiveState) and not -1 <= s.holder < state.config.players:
            return (f"the token is held by {s.holder}, not a seat",)
        return ()

    def fresh(self, state: State, casino: CasinoNumber) -> TileState:
        """T-HIGHFIVE-1: the token starts on the tile."""
        return HighFiveState(casino)

    def activate(
        self,
        state: State,
        index: int,
        seat: Seat,
        log: list[Event] | None,
        placed: DicePlaced | None = None,
    ) -> State:
        """T-HIGHFIVE-2: take the token from the tile with 5 or more dice here."""
        s = own_slice(self, state, index)
        if s.holder < 0 and casino_count(state, s.casino, seat) >= HIGH_FIVE_DICE:
            return set_slice(state, index, HighFiveState(s.casino, seat))
        return state

    def spent(self, state: State, index: int) -> bool:
        """Once taken, the token cannot be taken again (T-HIGHFIVE-2): activation does
        nothing more this round.

        >>> import lasvegas as lv
        >>> from lasvegas.royale.testing import setup_round
        >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("C1",))))
        >>> index = next(i for i, m in enumerate(state.config.modules) if isinstance(m, HighFive))
        >>> HighFive().spent(state, index)  # the token lies on the tile
        False
        """
        s = state.modules[index]
        return isinstance(s, HighFiveState) and s.holder >= 0

    def during_payout(self, state: State, index: int, log: list[Event] | None) -> State:
        """T-HIGHFIVE-2: the holder exchanges the token for $100,000 from the bank."""
        s = own_slice(self, state, index)
        if s.holder < 0:
            return state
        draft = TileDraft(state, log)  # the slice and the payment as one state
        draft.set_slice(index, HighFiveState(s.casino, -1))
        draft.pay_from_bank(s.holder, HIGH_FIVE_REWARD)
        return draft.build()
