"""Fifty Fifty (tile B2): throw the black dice, move the counter, then stop or bet on the next.

T-FIFTY-1: at setup the round counter is on the start space. T-FIFTY-2: when activated, the
active player throws the two black dice (a chance node, ``Roll(group="black")``) and moves
the counter one space. They then either stop and take the reward under the counter, or bet
"higher" or "lower" and throw again, moving the counter one more space: a strictly higher
(or lower) sum, as bet, wins the bet and they choose again; a wrong bet or the same sum ends
the effect with nothing. On the last space they must stop. Afterwards the counter returns
to the start space. Track (X-12, *ruling*): start, 1 chip, $30,000, $40,000, $60,000.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...actions import Action
from ...engine import push_task
from ...events import DicePlaced, Event
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import Capabilities, ModuleState, Task, TileFact
from ...state import Phase, evolve, fast_constructor
from ...types import CasinoNumber, Chance, Money, Seat
from ..bank import chips_for
from ..state import BlackThrow, TileState, own_slice
from .base import Tile, TileDraft, reward_text
from .shared import describe_black_throw

if TYPE_CHECKING:
    from ...state import State

__all__ = [
    "FIFTY_FIFTY_TRACK",
    "FiftyFifty",
    "FiftyFiftyBet",
    "FiftyFiftyChoice",
    "FiftyFiftySettled",
    "FiftyFiftyState",
    "FiftyFiftyStop",
    "FiftyFiftyThrow",
]

FIFTY_FIFTY_TRACK: Final[tuple[Money, ...]] = (0, 10_000, 30_000, 40_000, 60_000)
"""The counter's spaces (X-12, *ruling*): the start space (no reward), then 1 chip, $30,000,
$40,000 and $60,000. On the last space the player must stop."""


def bet_won(higher: bool, previous: int, total: int) -> bool:
    """Whether a bet on a *higher* (else lower) sum than *previous* wins with *total* (X-12):
    strictly, an equal sum loses.

    >>> bet_won(True, 7, 9), bet_won(False, 7, 9), bet_won(True, 7, 7), bet_won(False, 7, 7)
    (True, False, False, False)
    """
    return total > previous if higher else total < previous


@final
class FiftyFiftyState(TileState):
    """Fifty Fifty in play: where the round counter stands.

    >>> FiftyFiftyState(casino=2).counter
    0
    """

    __slots__ = ("counter",)
    __match_args__: ClassVar = ("casino", "counter")
    __attrs_attrs__: ClassVar[Any] = described(
        "FiftyFiftyState", ("casino", CasinoNumber), ("counter", int, 0)
    )

    kind: ClassVar[str] = "fifty-fifty"
    counter: Final[int]
    """The counter's space on ``FIFTY_FIFTY_TRACK`` (0: the start space)."""

    @property
    def amount(self) -> Money:
        """The reward under the counter."""
        return FIFTY_FIFTY_TRACK[self.counter]

    def __init__(self, casino: CasinoNumber, counter: int = 0) -> None:
        self.casino = casino
        self.counter = counter

    def __eq__(self, other: object) -> bool:
        if type(other) is not FiftyFiftyState:
            return NotImplemented
        return (self.casino, self.counter) == (other.casino, other.counter)

    def __hash__(self) -> int:
        return hash((self.casino, self.counter))

    def __repr__(self) -> str:
        return f"FiftyFiftyState(casino={self.casino!r}, counter={self.counter!r})"

    def __reduce__(self) -> tuple[type[FiftyFiftyState], tuple[object, ...]]:
        return FiftyFiftyState, (self.casino, self.counter)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(FiftyFiftyState)


@attrs.frozen
class FiftyFiftyStop(Action):
    """Stop and take the reward under the counter (T-FIFTY-2).

    >>> FiftyFiftyStop()
    FiftyFiftyStop()
    """

    kind: ClassVar[str] = "fifty-fifty-stop"

    def text(self, state: State | None = None) -> str:
        """``"Stop and take the reward"``."""
        return "Stop and take the reward"


@attrs.frozen
class FiftyFiftyBet(Action):
    """Bet that the next throw's sum is :attr:`higher` (else lower) than this one (T-FIFTY-2).

    >>> FiftyFiftyBet(higher=False)
    FiftyFiftyBet(higher=False)
    """

    kind: ClassVar[str] = "fifty-fifty-bet"
    higher: bool
    """``True``: bet higher; ``False``: bet lower."""

    def text(self, state: State | None = None) -> str:
        """``"Bet higher"``."""
        return "Bet higher" if self.higher else "Bet lower"


@final
class FiftyFiftyThrow(BlackThrow):
    """Chance: *seat* throws the two black dice (T-FIFTY-2); after a bet, the bet and
    the sum to beat are part of the task."""

    __slots__ = ("higher", "previous")
    __match_args__: ClassVar = ("module", "seat", "previous", "higher")
    __attrs_attrs__: ClassVar[Any] = described(
        "FiftyFiftyThrow",
        ("module", int),
        ("seat", Seat),
        ("previous", int, 0),
        ("higher", bool | None, None),
    )

    kind: ClassVar[str] = "fifty-fifty-throw"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "throw for Fifty-Fifty"
    """What answering this task does, for a view's prompt."""
    purpose: ClassVar[str] = "for Fifty Fifty"
    previous: Final[int]
    """The sum of the previous throw; 0 for the first throw."""
    higher: Final[bool | None]
    """The bet on this throw (``True`` higher, ``False`` lower); ``None`` for the first."""

    seat: Seat
    """The active player."""

    def __init__(
        self, module: int, seat: Seat, previous: int = 0, higher: bool | None = None
    ) -> None:
        self.module = module
        self.seat = seat
        self.previous = previous
        self.higher = higher

    def __eq__(self, other: object) -> bool:
        if type(other) is not FiftyFiftyThrow:
            return NotImplemented
        return (self.module, self.seat, self.previous, self.higher) == (
            other.module,
            other.seat,
            other.previous,
            other.higher,
        )

    def __hash__(self) -> int:
        return hash((self.module, self.seat, self.previous, self.higher))

    def __repr__(self) -> str:
        return f"FiftyFiftyThrow(module={self.module!r}, seat={self.seat!r}, previous={self.previous!r}, higher={self.higher!r})"

    def __reduce__(self) -> tuple[type[FiftyFiftyThrow], tuple[object, ...]]:
        return FiftyFiftyThrow, (self.module, self.seat, self.previous, self.higher)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(FiftyFiftyThrow)


@final
class FiftyFiftyChoice(Task):
    """Decision of :attr:`seat`: stop, or bet higher or lower than :attr:`total` (T-FIFTY-2)."""

    __slots__ = ("seat", "total")
    __match_args__: ClassVar = ("module", "seat", "total")
    __attrs_attrs__: ClassVar[Any] = described(
        "FiftyFiftyChoice", ("module", int), ("seat", Seat), ("total", int)
    )

    kind: ClassVar[str] = "fifty-fifty-choice"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "bet higher or lower (Fifty-Fifty)"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The active player."""
    total: Final[int]
    """The sum of the last throw, which the next must beat as bet."""

    def __init__(self, module: int, seat: Seat, total: int) -> None:
        self.module = module
        self.seat = seat
        self.total = total

    def __eq__(self, other: object) -> bool:
        if type(other) is not FiftyFiftyChoice:
            return NotImplemented
        return (self.module, self.seat, self.total) == (other.module, other.seat, other.total)

    def __hash__(self) -> int:
        return hash((self.module, self.seat, self.total))

    def __repr__(self) -> str:
        return f"FiftyFiftyChoice(module={self.module!r}, seat={self.seat!r}, total={self.total!r})"

    def __reduce__(self) -> tuple[type[FiftyFiftyChoice], tuple[object, ...]]:
        return FiftyFiftyChoice, (self.module, self.seat, self.total)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(FiftyFiftyChoice)


@attrs.frozen
class FiftyFiftySettled(Event):
    """A bet was settled (T-FIFTY-2, X-12): won (the player chooses again) or lost.

    >>> FiftyFiftySettled(seat=0, higher=True, previous=7, total=7, won=False)
    FiftyFiftySettled(seat=0, higher=True, previous=7, total=7, won=False)
    """

    kind: ClassVar[str] = "fifty-fifty-settled"
    seat: Seat
    """The player who bet."""
    higher: bool
    """The bet: higher (else lower)."""
    previous: int
    """The sum bet against."""
    total: int
    """The new sum."""
    won: bool
    """Whether the bet was won (an equal sum loses)."""

    def text(self, state: State | None = None) -> str:
        """``"Seat 0 bet higher than 7 and threw 7: lost"``."""
        bet = "higher" if self.higher else "lower"
        verdict = "won" if self.won else "lost"
        return f"Seat {self.seat} bet {bet} than {self.previous} and threw {self.total}: {verdict}"


_STOP: Final = FiftyFiftyStop()
_new_slice = fast_constructor(FiftyFiftyState)
"""``FiftyFiftyState(casino, counter)`` without attrs' __init__."""
_new_choice = fast_constructor(FiftyFiftyChoice)
"""``FiftyFiftyChoice(module, seat, total)`` without attrs' __init__."""
_new_throw = fast_constructor(FiftyFiftyThrow)
"""``FiftyFiftyThrow(module, seat, previous, higher)`` without attrs' __init__."""
_CHOICES: Final[tuple[Action, ...]] = (_STOP, FiftyFiftyBet(True), FiftyFiftyBet(False))


@attrs.frozen
class FiftyFifty(Tile[FiftyFiftyState]):
    """Fifty Fifty (B2): push your luck with higher-or-lower throws (T-FIFTY-1, T-FIFTY-2).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round, turn
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("B2",))))
    >>> state = turn(state, [1, 2, 2, 2, 2, 2, 2], 1, big=2)
    >>> state = lv.apply(state, lv.Roll((3, 4), "black"))  # the counter moves to 1 chip
    >>> lv.legal_actions(state)
    (FiftyFiftyStop(), FiftyFiftyBet(higher=True), FiftyFiftyBet(higher=False))
    >>> state = lv.apply(lv.apply(state, FiftyFiftyBet(True)), lv.Roll((5, 6), "black"))
    >>> state = lv.apply(state, FiftyFiftyStop())  # 11 > 7: $30,000 from the bank
    >>> state.money[0]
    (30000,)
    """

    id: ClassVar[str] = "fifty-fifty"
    code: ClassVar[str] = "B2"
    rule_text: ClassVar[str] = (
        "When activated, the active player throws the two black dice and moves the counter "
        "one space (1 chip, $30,000, $40,000, $60,000). Then they stop and take the reward "
        'under the counter, or bet "higher" or "lower" and throw again, moving one more '
        "space: a strictly higher (or lower) sum, as bet, lets them choose again; a wrong "
        "bet or the same sum ends with nothing. On the last space they must stop."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        s, tasks = self.seen(state, index, seat)
        if not isinstance(s, FiftyFiftyState):
            return ()
        facts = []
        if s.counter:
            text = f"Counter on {reward_text(s.amount)}"
            facts.append(TileFact("stake", text, amount=s.amount, values=(s.counter,)))
            if s.counter + 1 < len(FIFTY_FIFTY_TRACK):
                nxt = FIFTY_FIFTY_TRACK[s.counter + 1]
                facts.append(TileFact("next", f"A won bet: {reward_text(nxt)}", amount=nxt))
        for task in tasks:
            if isinstance(task, FiftyFiftyChoice):
                text = f"Throw to beat: {task.total}"
                facts.append(TileFact("to-beat", text, seat=task.seat, values=(task.total,)))
            elif isinstance(task, FiftyFiftyThrow) and task.higher is not None:
                way = "higher" if task.higher else "lower"
                text = f"Seat {task.seat} bets {way} than {task.previous}"
                facts.append(TileFact("bet", text, seat=task.seat, values=(task.previous,)))
        return tuple(facts)

    activation_chips: ClassVar[int | None] = chips_for(max(FIFTY_FIFTY_TRACK))
    round_chips: ClassVar[int | None] = 0
    tasks: ClassVar[tuple[type[Task], ...]] = (FiftyFiftyThrow, FiftyFiftyChoice)
    actions: ClassVar[tuple[type[Action], ...]] = (FiftyFiftyStop, FiftyFiftyBet)
    events: ClassVar[tuple[type[Event], ...]] = (FiftyFiftySettled,)
    state_type: ClassVar[type[ModuleState] | None] = FiftyFiftyState

    def fresh(self, state: State, casino: CasinoNumber) -> TileState:
        """T-FIFTY-1: the counter on the start space."""
        return FiftyFiftyState(casino)

    def activate(
        self,
        state: State,
        index: int,
        seat: Seat,
        log: list[Event] | None,
        placed: DicePlaced | None = None,
    ) -> State:
        """T-FIFTY-2: the active seat throws the black dice (a chance node)."""
        return push_task(
            state, _new_throw(module=index, seat=seat, previous=0, higher=None), first=True
        )

    def task_to_move(self, state: State, index: int, task: Task) -> Seat | Chance:
        """The choice is the active player's (the throws are chance: :class:`BlackThrow`)."""
        assert isinstance(task, FiftyFiftyChoice)
        return task.seat

    def task_actions(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """Stop, bet higher or bet lower."""
        return _CHOICES

    def capabilities(self) -> Capabilities:
        """Its decisions (the action space) and the shared text of a black-dice throw."""
        return Capabilities(
            action_space=self.action_space,
            describe_action=describe_black_throw,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """Stop, bet higher, bet lower.

        >>> FiftyFifty().action_space(3)
        (FiftyFiftyStop(), FiftyFiftyBet(higher=True), FiftyFiftyBet(higher=False))
        """
        return _CHOICES

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """Throws, bets and sums are public."""
        return task

    @staticmethod
    def _counter(draft: TileDraft, index: int, counter: int, tasks: tuple[Task, ...]) -> None:
        s = draft.slice(index)
        assert isinstance(s, FiftyFiftyState)
        draft.set_slice(index, _new_slice(casino=s.casino, counter=counter))
        draft.tasks = tasks

    def resolve(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """A stop pays the reward; a bet asks for the next throw."""
        task = state.tasks[0]
        assert isinstance(task, FiftyFiftyChoice)
        s = own_slice(self, state, index)
        rest = state.tasks[1:]
        if type(action) is FiftyFiftyStop:
            draft = TileDraft(state, log)  # the counter, the tasks and the reward as one state
            self._counter(draft, index, 0, rest)
            draft.reward(task.seat, s.amount)
            return draft.build()
        assert isinstance(action, FiftyFiftyBet)
        throw = _new_throw(module=index, seat=task.seat, previous=task.total, higher=action.higher)
        return evolve(state, tasks=(throw, *rest))

    def thrown(
        self, state: State, index: int, seat: Seat, faces: tuple[int, ...], log: list[Event] | None
    ) -> State:
        """A throw moves the counter and settles a bet (T-FIFTY-2)."""
        task = state.tasks[0]
        assert isinstance(task, FiftyFiftyThrow)
        s = own_slice(self, state, index)
        rest = state.tasks[1:]
        # The counter, the tasks, the events and the reward as one state (TileDraft).
        draft = TileDraft(state, log)
        counter = min(s.counter + 1, len(FIFTY_FIFTY_TRACK) - 1)
        total = sum(faces)
        won = task.higher is None or bet_won(task.higher, task.previous, total)
        last = counter == len(FIFTY_FIFTY_TRACK) - 1
        if won and not last:
            self._counter(
                draft,
                index,
                counter,
                (_new_choice(module=index, seat=task.seat, total=total), *rest),
            )
        else:  # a lost bet ends with nothing; on the last space they must stop
            self._counter(draft, index, 0, rest)
        if task.higher is not None and draft.hears(FiftyFiftySettled):
            draft.emit(FiftyFiftySettled(task.seat, task.higher, task.previous, total, won))
        if won and last:
            draft.reward(task.seat, FIFTY_FIFTY_TRACK[counter])
        return draft.build()

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """The counter is on the track.

        >>> import lasvegas as lv
        >>> FiftyFifty().problems(lv.new_game(lv.royale(3)), 1)
        ()
        """
        s = state.modules[index]
        if isinstance(s, FiftyFiftyState) and not 0 <= s.counter < len(FIFTY_FIFTY_TRACK):
            return (f"the counter is on space {s.counter}, off the track",)
        return ()
