"""Power Play (tile D2): a clear majority here takes the token, which buys a chosen placement.

T-POWER-1: at setup the token is on the tile. T-POWER-2: when activated, if the active player
alone now has more dice here than every other owner (imaginary owners included; a Biggy
counting two, T-11), they take the token, from the tile or from whoever holds it. T-POWER-3:
at the start of their next turn, before rolling, its holder may use it instead of rolling:
they rotate one of their remaining dice to any face and place it at that casino, which
activates that casino's tile (T-6); that is their whole turn, and the token returns to the
tile. T-POWER-4: whenever no owner has a clear majority at this casino, the token returns to
the tile at once.

Rulings (see ``docs/rules/royale/power-play.md``): the holder is offered the token at the
start of each of their turns while they hold it (declining keeps it: nothing in the rules
returns an unused token); using it, the token returns to the tile before the die is placed,
so a die rotated onto this very casino may win it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...actions import Action
from ...engine import emit, end_turn, pop_task, push_task
from ...events import DicePlaced, Event, TurnStarted
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import Capabilities, ModuleState, Task, TileFact
from ...state import Phase, evolve
from ...types import BIG, REGULAR, CasinoNumber, Seat
from ..events import DiceMoved
from ..state import TileState, own_slice
from ..table import closed_casinos, place_dice
from .base import Tile

if TYPE_CHECKING:
    from ...state import State

__all__ = [
    "PowerPlay",
    "PowerPlayChoice",
    "PowerPlayRoll",
    "PowerPlayState",
    "PowerPlayUse",
    "PowerTokenMoved",
    "clear_majority",
]


def clear_majority(weights: tuple[int, ...]) -> int | None:
    """The owner with strictly more dice than every other owner, or ``None`` (T-POWER-2, -4).

    *weights* are the dice per owner, a Biggy counted twice (``Casino.weights()``).

    >>> clear_majority((2, 1, 0)), clear_majority((2, 2, 1)), clear_majority((0, 0, 0))
    (0, None, None)
    """
    best = max(weights, default=0)
    if best <= 0 or weights.count(best) > 1:
        return None
    return weights.index(best)


@final
class PowerPlayState(TileState):
    """Power Play in play: who holds the token.

    >>> PowerPlayState(casino=2).holder
    -1
    """

    __slots__ = ("holder",)
    __match_args__: ClassVar = ("casino", "holder")
    __attrs_attrs__: ClassVar[Any] = described(
        "PowerPlayState", ("casino", CasinoNumber), ("holder", int, -1)
    )

    kind: ClassVar[str] = "power-play"
    holder: Final[int]
    """The seat holding the token; ``-1`` while it is on the tile."""

    def __init__(self, casino: CasinoNumber, holder: int = -1) -> None:
        self.casino = casino
        self.holder = holder

    def __eq__(self, other: object) -> bool:
        if type(other) is not PowerPlayState:
            return NotImplemented
        return (self.casino, self.holder) == (other.casino, other.holder)

    def __hash__(self) -> int:
        return hash((self.casino, self.holder))

    def __repr__(self) -> str:
        return f"PowerPlayState(casino={self.casino!r}, holder={self.holder!r})"

    def __reduce__(self) -> tuple[type[PowerPlayState], tuple[object, ...]]:
        return PowerPlayState, (self.casino, self.holder)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(PowerPlayState)


@attrs.frozen
class PowerPlayUse(Action):
    """Use the token: rotate a die (the Biggy if :attr:`big`) to :attr:`face` and place it
    at that casino, activating its tile (T-POWER-3, T-6).

    >>> PowerPlayUse(face=3, big=False)
    PowerPlayUse(face=3, big=False)
    """

    kind: ClassVar[str] = "power-play-use"
    face: int
    """The face the die is turned to: the casino it goes to."""
    big: bool
    """``True``: the Biggy; ``False``: a small die."""

    def text(self, state: State | None = None) -> str:
        """``"Use Power Play: turn a die to 3 and place it at casino 3"``."""
        die = "the Biggy" if self.big else "a die"
        return f"Use Power Play: turn {die} to {self.face} and place it at casino {self.face}"


@attrs.frozen
class PowerPlayRoll(Action):
    """Keep the token and roll as usual (T-POWER-3).

    >>> PowerPlayRoll()
    PowerPlayRoll()
    """

    kind: ClassVar[str] = "power-play-roll"

    def text(self, state: State | None = None) -> str:
        """``"Keep the Power Play token and roll"``."""
        return "Keep the Power Play token and roll"


@final
class PowerPlayChoice(Task):
    """Decision of :attr:`seat`, the token's holder, at the start of its turn (T-POWER-3)."""

    __slots__ = ("seat",)
    __match_args__: ClassVar = ("module", "seat")
    __attrs_attrs__: ClassVar[Any] = described("PowerPlayChoice", ("module", int), ("seat", Seat))

    kind: ClassVar[str] = "power-play-choice"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.ROLL})
    prompt: ClassVar[str | None] = "choose whether to use Power Play"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The holder, whose turn starts."""

    def __init__(self, module: int, seat: Seat) -> None:
        self.module = module
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if type(other) is not PowerPlayChoice:
            return NotImplemented
        return (self.module, self.seat) == (other.module, other.seat)

    def __hash__(self) -> int:
        return hash((self.module, self.seat))

    def __repr__(self) -> str:
        return f"PowerPlayChoice(module={self.module!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[type[PowerPlayChoice], tuple[object, ...]]:
        return PowerPlayChoice, (self.module, self.seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(PowerPlayChoice)


@attrs.frozen
class PowerTokenMoved(Event):
    """The Power Play token went to :attr:`holder` (``-1``: back to the tile).

    >>> PowerTokenMoved(holder=-1)
    PowerTokenMoved(holder=-1)
    """

    kind: ClassVar[str] = "power-token-moved"
    holder: int
    """The seat now holding it, or ``-1`` for the tile."""

    def text(self, state: State | None = None) -> str:
        """``"Seat 2 takes the Power Play token"``."""
        if self.holder < 0:
            return "The Power Play token returns to the tile"
        return f"Seat {self.holder} takes the Power Play token"


_ROLL: Final = PowerPlayRoll()
_USES: Final[tuple[PowerPlayUse, ...]] = tuple(
    PowerPlayUse(face, big) for big in (False, True) for face in range(1, 7)
)


@attrs.frozen
class PowerPlay(Tile[PowerPlayState]):
    """Power Play (D2): a clear majority takes the token; the token buys a placement of your
    choice at the start of your next turn (T-POWER-1 to T-POWER-4).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round, turn
    >>> state = setup_round(lv.new_game(lv.royale(2, tiles=1, deal=("D2",))))
    >>> state = turn(state, [1, 1, 2, 2, 2, 2, 2], 1, big=2)  # seat 0: 2 dice, a clear majority
    >>> [s.holder for s in state.modules if isinstance(s, PowerPlayState)]
    [0]
    >>> state = turn(state, [3] * 7, 3, big=3)  # seat 1's turn; then seat 0's turn starts
    >>> lv.legal_actions(state)[:3]
    (PowerPlayRoll(), PowerPlayUse(face=1, big=False), PowerPlayUse(face=2, big=False))
    """

    id: ClassVar[str] = "power-play"
    code: ClassVar[str] = "D2"
    rule_text: ClassVar[str] = (
        "When activated, if the active player alone now has more dice here than every other "
        "owner (a Biggy counts two), they take the token, from the tile or from its holder. "
        "At the start of a later turn, instead of rolling, its holder may turn one of their "
        "remaining dice to any face and place it at that casino, which activates its tile; "
        "the token then goes back to the tile. Whenever nobody has a clear majority here, "
        "the token goes back to the tile."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        s, _ = self.seen(state, index, seat)
        if not isinstance(s, PowerPlayState):
            return ()
        if s.holder >= 0:
            return (TileFact("holder", f"Seat {s.holder} holds the token", seat=s.holder),)
        return (TileFact("holder", "The token is on the tile"),)

    activation_chips: ClassVar[int | None] = 0
    round_chips: ClassVar[int | None] = 0
    listens: ClassVar[tuple[type[Event], ...]] = (DiceMoved, TurnStarted, DicePlaced)
    tasks: ClassVar[tuple[type[Task], ...]] = (PowerPlayChoice,)
    actions: ClassVar[tuple[type[Action], ...]] = (PowerPlayRoll, PowerPlayUse)
    events: ClassVar[tuple[type[Event], ...]] = (PowerTokenMoved,)
    state_type: ClassVar[type[ModuleState] | None] = PowerPlayState

    def fresh(self, state: State, casino: CasinoNumber) -> TileState:
        """T-POWER-1: the token on the tile."""
        return PowerPlayState(casino)

    def _hand(self, state: State, index: int, holder: int, log: list[Event] | None) -> State:
        s = own_slice(self, state, index)
        if s.holder == holder:
            return state
        modules = state.modules
        value = PowerPlayState(s.casino, holder)
        state = evolve(state, modules=(*modules[:index], value, *modules[index + 1 :]))
        return emit(state, PowerTokenMoved(holder=holder), log)

    def activate(
        self,
        state: State,
        index: int,
        seat: Seat,
        log: list[Event] | None,
        placed: DicePlaced | None = None,
    ) -> State:
        """T-POWER-2: a clear majority of the active seat here takes the token."""
        s = own_slice(self, state, index)
        if clear_majority(state.casinos[s.casino - 1].weights()) == seat:
            return self._hand(state, index, seat, log)
        return state

    def hears(self, state: State, index: int, kind: type[Event], casino: CasinoNumber) -> bool:
        """Placements matter only while a seat holds the token (T-POWER-4 returns it), and
        only at this tile's casino (or while the majority there is no longer clear).

        >>> import lasvegas as lv
        >>> from lasvegas.royale.testing import setup_round
        >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("D2",))))
        >>> index = next(i for i, m in enumerate(state.config.modules) if isinstance(m, PowerPlay))
        >>> PowerPlay().hears(state, index, lv.DicePlaced, 2)  # the token lies on the tile
        False
        """
        s = state.modules[index]
        if not isinstance(s, PowerPlayState) or s.holder < 0:
            return False
        # A placement at another casino leaves this one's dice as they are, so the reaction
        # would find what it finds now: the token stays while the majority here is clear.
        return casino == s.casino or clear_majority(state.casinos[s.casino - 1].weights()) is None

    def react(self, state: State, index: int, event: Event, log: list[Event] | None) -> State:
        """T-POWER-3 at the holder's turn start; T-POWER-4 after any change of dice (the
        engine calls no sleeping tile: the tile is in play)."""
        s = own_slice(self, state, index)
        if s.holder < 0:
            return state
        if type(event) is TurnStarted:
            assert isinstance(event, TurnStarted)
            if event.seat == s.holder:
                return push_task(state, PowerPlayChoice(index, event.seat), first=True)
            return state
        if state.phase is Phase.ROUND_END:  # the round is over: dice only leave the table
            return state
        if clear_majority(state.casinos[s.casino - 1].weights()) is None:
            return self._hand(state, index, -1, log)
        return state

    def task_to_move(self, state: State, index: int, task: Task) -> Seat:
        """The holder chooses."""
        assert isinstance(task, PowerPlayChoice)
        return task.seat

    def task_actions(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """Roll as usual, or turn a remaining die (small or the Biggy) to an open casino."""
        assert isinstance(task, PowerPlayChoice)
        held = state.supply[task.seat]
        closed = closed_casinos(state) if state.config.ruleset.closers else frozenset()
        uses = tuple(
            use
            for use in _USES
            if use.face not in closed and (held[BIG] if use.big else held[REGULAR])
        )
        return (_ROLL, *uses)

    def capabilities(self) -> Capabilities:
        """Its decisions, for the adapters (the action space)."""
        return Capabilities(
            action_space=self.action_space,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """Roll, or use the token with a small die or the Biggy on each face.

        >>> len(PowerPlay().action_space(3))
        13
        """
        return (_ROLL, *_USES)

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The choice hides nothing."""
        return task

    def resolve(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Roll as usual, or: the token returns, the die is placed (activating), turn over."""
        task = state.tasks[0]
        assert isinstance(task, PowerPlayChoice)
        state = pop_task(state)
        if type(action) is PowerPlayRoll:
            return state
        assert isinstance(action, PowerPlayUse)
        state = end_turn(self._hand(state, index, -1, log))
        small, big = (0, 1) if action.big else (1, 0)
        return place_dice(
            state, task.seat, CasinoNumber(action.face), small=small, big=big, log=log
        )

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """The holder is a seat or the tile.

        >>> import lasvegas as lv
        >>> PowerPlay().problems(lv.new_game(lv.royale(3)), 1)
        ()
        """
        s = state.modules[index]
        if isinstance(s, PowerPlayState) and not -1 <= s.holder < state.config.players:
            return (f"the token is held by {s.holder}, not a seat",)
        return ()
