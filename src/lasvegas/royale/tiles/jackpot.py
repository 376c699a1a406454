"""Jackpot (tile A2): throw the two black dice; a 7 or a double wins the counter's amount.

T-JACKPOT-1: at setup the counter is on $30,000. T-JACKPOT-2: when activated, the active
player throws the two black dice (a chance node, ``Roll(group="black")``); a sum of 7 or a
double takes the amount under the counter from the bank (T-1) and the counter returns to
$30,000; otherwise the counter advances one space, up to $80,000 (X-11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...events import DicePlaced, Event
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import Capabilities, ModuleState, Task, TileFact
from ...state import Phase, fast_constructor
from ...text import money
from ...types import CasinoNumber, Money, Seat
from ..bank import chips_for
from ..state import BlackThrow, TileState, own_slice
from .base import Tile, TileDraft
from .shared import describe_black_throw, throw_on_activation

if TYPE_CHECKING:
    from ...state import State

__all__ = ["JACKPOT_TRACK", "Jackpot", "JackpotState", "JackpotThrow"]

JACKPOT_TRACK: Final[tuple[Money, ...]] = (30_000, 40_000, 50_000, 60_000, 70_000, 80_000)
"""The Jackpot counter's spaces (X-11, *ruling*); it stays on the last when it cannot advance."""


def wins(faces: tuple[int, ...]) -> bool:
    """A throw of the two black dice that wins the jackpot: a sum of 7 or a double.

    >>> wins((3, 4)), wins((5, 5)), wins((2, 6))
    (True, True, False)
    """
    return sum(faces) == 7 or faces[0] == faces[1]


@final
class JackpotState(TileState):
    """Jackpot in play: where its counter stands.

    >>> JackpotState(casino=1).amount
    30000
    """

    __slots__ = ("counter",)
    __match_args__: ClassVar = ("casino", "counter")
    __attrs_attrs__: ClassVar[Any] = described(
        "JackpotState", ("casino", CasinoNumber), ("counter", int, 0)
    )

    kind: ClassVar[str] = "jackpot"
    counter: Final[int]
    """The counter's space on ``JACKPOT_TRACK`` (0: $30,000)."""

    @property
    def amount(self) -> Money:
        """The amount under the counter."""
        return JACKPOT_TRACK[self.counter]

    def __init__(self, casino: CasinoNumber, counter: int = 0) -> None:
        self.casino = casino
        self.counter = counter

    def __eq__(self, other: object) -> bool:
        if type(other) is not JackpotState:
            return NotImplemented
        return (self.casino, self.counter) == (other.casino, other.counter)

    def __hash__(self) -> int:
        return hash((self.casino, self.counter))

    def __repr__(self) -> str:
        return f"JackpotState(casino={self.casino!r}, counter={self.counter!r})"

    def __reduce__(self) -> tuple[type[JackpotState], tuple[object, ...]]:
        return JackpotState, (self.casino, self.counter)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(JackpotState)


@final
class JackpotThrow(BlackThrow):
    """Chance: *seat* throws the two black dice (T-JACKPOT-2)."""

    __slots__ = ()
    __match_args__: ClassVar = ("module", "seat")
    __attrs_attrs__: ClassVar[Any] = described("JackpotThrow", ("module", int), ("seat", Seat))

    kind: ClassVar[str] = "jackpot-throw"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "throw for the Jackpot"
    """What answering this task does, for a view's prompt."""
    purpose: ClassVar[str] = "for the jackpot"

    seat: Seat
    """The active seat, who wins the jackpot on a 7 or a double."""

    def __init__(self, module: int, seat: Seat) -> None:
        self.module = module
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if type(other) is not JackpotThrow:
            return NotImplemented
        return (self.module, self.seat) == (other.module, other.seat)

    def __hash__(self) -> int:
        return hash((self.module, self.seat))

    def __repr__(self) -> str:
        return f"JackpotThrow(module={self.module!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[type[JackpotThrow], tuple[object, ...]]:
        return JackpotThrow, (self.module, self.seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(JackpotThrow)


_new_slice = fast_constructor(JackpotState)
"""``JackpotState(casino, counter)`` without attrs' __init__."""
_new_throw = fast_constructor(JackpotThrow)
"""``JackpotThrow(module, seat)`` without attrs' __init__ (built at every activation)."""


@attrs.frozen
class Jackpot(Tile[JackpotState]):
    """Jackpot (A2): a 7 or a double on the black dice wins the growing counter (T-JACKPOT-1, -2).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("A2",))))
    >>> state = lv.apply(state, lv.Roll((1, 1, 1, 1, 2, 3, 4)))
    >>> state = lv.apply(lv.apply(state, lv.Roll((5,), "big")), lv.Place(1))
    >>> lv.chance_outcomes(state)[0]
    (Roll(faces=(1, 1), group='black'), Fraction(1, 36))
    >>> state = lv.apply(state, lv.Roll((2, 5), "black"))
    >>> state.money[0]
    (30000,)
    """

    id: ClassVar[str] = "jackpot"
    code: ClassVar[str] = "A2"
    rule_text: ClassVar[str] = (
        "When activated, the active player throws the two black dice. A sum of 7 or a "
        "double wins the amount under the counter from the bank, and the counter goes back "
        "to $30,000; otherwise the counter moves up one space, up to $80,000."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        s, _ = self.seen(state, index, seat)
        if not isinstance(s, JackpotState):
            return ()
        return (TileFact("amount", f"Jackpot: {money(s.amount)}", amount=s.amount),)

    activation_chips: ClassVar[int | None] = chips_for(max(JACKPOT_TRACK))
    round_chips: ClassVar[int | None] = 0
    tasks: ClassVar[tuple[type[Task], ...]] = (JackpotThrow,)
    state_type: ClassVar[type[ModuleState] | None] = JackpotState

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """The counter stands on a space of the track (T-JACKPOT-2, X-11).

        >>> import lasvegas as lv
        >>> Jackpot().problems(lv.new_game(lv.royale(3)), 1)
        ()
        """
        s = state.modules[index]
        if isinstance(s, JackpotState) and not 0 <= s.counter < len(JACKPOT_TRACK):
            return (f"the counter stands on space {s.counter}, not 0-{len(JACKPOT_TRACK) - 1}",)
        return ()

    def fresh(self, state: State, casino: CasinoNumber) -> TileState:
        """T-JACKPOT-1: the counter starts on $30,000 each round the tile is dealt."""
        return JackpotState(casino)

    def activate(
        self,
        state: State,
        index: int,
        seat: Seat,
        log: list[Event] | None,
        placed: DicePlaced | None = None,
    ) -> State:
        """T-JACKPOT-2: the active seat throws the black dice (a chance node)."""
        return throw_on_activation(state, _new_throw(module=index, seat=seat))

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The throw hides nothing."""
        return task

    def capabilities(self) -> Capabilities:
        """The shared text of a black-dice throw."""
        return Capabilities(
            describe_action=describe_black_throw,
        )

    def thrown(
        self, state: State, index: int, seat: Seat, faces: tuple[int, ...], log: list[Event] | None
    ) -> State:
        """Pay the jackpot on a 7 or a double and reset the counter, else advance it."""
        s = own_slice(self, state, index)
        won = wins(faces)
        counter = 0 if won else min(s.counter + 1, len(JACKPOT_TRACK) - 1)
        draft = TileDraft(
            state, log
        )  # the counter, the task, the event and the reward as one state
        draft.set_slice(index, _new_slice(casino=s.casino, counter=counter))
        draft.pop_task()
        if won:
            draft.reward(seat, s.amount)
        return draft.build()
