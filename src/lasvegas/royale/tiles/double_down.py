"""Double Down (tile G2): dice moved onto the tile compete for a second payout.

T-DOUBLE-1: when activated, the active player may move any number of their own dice from
this casino onto the tile (dice placed now or earlier). T-DOUBLE-2: no other action places
dice on the tile or takes them off; dice on the tile are in no casino (T-11). During payout,
right after this casino (T-9 (3)), the tile pays like a casino: ties removed (C-12, a Biggy
counting two), the winner $60,000 and the runner-up $30,000 from the bank (T-1). When the
round ends the dice go back to their owners.

Ruling: activated by My Choice (``placed=None``), the player may still move their dice from
this casino: the tile acts on every die of theirs here, not only on dice just placed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...actions import Action
from ...engine import push_task
from ...events import Event
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import Capabilities, Held, ModuleState, Task, TileFact
from ...payout import rank, tied
from ...state import Phase, fast_constructor
from ...table import Interned
from ...types import CasinoNumber, Chance, Money, Seat
from ..bank import chips_for
from ..components import SMALL_DICE
from ..state import TileState, own_slice
from ..table import SUPPLY, closed_casinos
from .base import Tile, TileDraft

if TYPE_CHECKING:
    from ...events import DicePlaced
    from ...state import State

__all__ = [
    "DOUBLE_DOWN_PRIZES",
    "DoubleDown",
    "DoubleDownMove",
    "DoubleDownPaid",
    "DoubleDownState",
    "DoubleDownTask",
]

DOUBLE_DOWN_PRIZES: Final[tuple[Money, ...]] = (60_000, 30_000)
"""What the tile pays its winner and runner-up from the bank (T-DOUBLE-2)."""

_PLACE: Final = "double-down"
"""The place name of the tile in :class:`~lasvegas.royale.events.DiceMoved`."""


@final
class DoubleDownState(TileState):
    """Double Down in play: each seat's dice on the tile.

    >>> DoubleDownState(casino=1, small=(2, 0), big=(0, 1)).weights()
    (2, 2)
    """

    __slots__ = ("big", "small")
    __match_args__: ClassVar = ("casino", "small", "big")
    __attrs_attrs__: ClassVar[Any] = described(
        "DoubleDownState",
        ("casino", CasinoNumber),
        ("small", tuple[int, ...], ()),
        ("big", tuple[int, ...], ()),
    )

    kind: ClassVar[str] = "double-down"
    small: Final[tuple[int, ...]]
    """Small dice on the tile, per seat."""
    big: Final[tuple[int, ...]]
    """Biggies on the tile, per seat."""

    def weights(self) -> tuple[int, ...]:
        """Dice per seat for the tile's payout, a Biggy counting two (R-3, T-11)."""
        return tuple(s + 2 * b for s, b in zip(self.small, self.big, strict=True))

    def __init__(
        self, casino: CasinoNumber, small: tuple[int, ...] = (), big: tuple[int, ...] = ()
    ) -> None:
        self.casino = casino
        self.small = small
        self.big = big

    def __eq__(self, other: object) -> bool:
        if type(other) is not DoubleDownState:
            return NotImplemented
        return (self.casino, self.small, self.big) == (other.casino, other.small, other.big)

    def __hash__(self) -> int:
        return hash((self.casino, self.small, self.big))

    def __repr__(self) -> str:
        return f"DoubleDownState(casino={self.casino!r}, small={self.small!r}, big={self.big!r})"

    def __reduce__(self) -> tuple[type[DoubleDownState], tuple[object, ...]]:
        return DoubleDownState, (self.casino, self.small, self.big)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(DoubleDownState)


@final
class DoubleDownTask(Task):
    """Decision of :attr:`seat`: how many of its dice here go onto the tile (T-DOUBLE-1)."""

    __slots__ = ("seat",)
    __match_args__: ClassVar = ("module", "seat")
    __attrs_attrs__: ClassVar[Any] = described("DoubleDownTask", ("module", int), ("seat", Seat))

    kind: ClassVar[str] = "double-down-move"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "choose dice to move onto Double Down"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The active seat."""

    def __init__(self, module: int, seat: Seat) -> None:
        self.module = module
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if type(other) is not DoubleDownTask:
            return NotImplemented
        return (self.module, self.seat) == (other.module, other.seat)

    def __hash__(self) -> int:
        return hash((self.module, self.seat))

    def __repr__(self) -> str:
        return f"DoubleDownTask(module={self.module!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[type[DoubleDownTask], tuple[object, ...]]:
        return DoubleDownTask, (self.module, self.seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(DoubleDownTask)


@attrs.frozen
class DoubleDownMove(Action):
    """Move :attr:`small` small dice and :attr:`big` Biggies from the casino onto the tile
    (both 0: move nothing).

    >>> DoubleDownMove(small=2, big=1)
    DoubleDownMove(small=2, big=1)
    """

    kind: ClassVar[str] = "double-down-move-dice"
    small: int
    """Small dice moved."""
    big: int
    """Biggies moved (0 or 1)."""

    def text(self, state: State | None = None) -> str:
        """``"Move 2 dice and the Biggy onto Double Down"``."""
        parts = []
        if self.small:
            parts.append(f"{self.small} {'die' if self.small == 1 else 'dice'}")
        if self.big:
            parts.append("the Biggy")
        return f"Move {' and '.join(parts) or 'no dice'} onto Double Down"


@attrs.frozen
class DoubleDownPaid(Event):
    """The tile paid like a casino: :attr:`tied` seats' dice cancelled, :attr:`ranked`
    seats paid in order ($60,000, then $30,000).

    >>> DoubleDownPaid(ranked=(2, 0), tied=(1, 3))
    DoubleDownPaid(ranked=(2, 0), tied=(1, 3))
    """

    kind: ClassVar[str] = "double-down-paid"
    ranked: tuple[Seat, ...]
    """The winner and the runner-up (fewer when ties leave fewer)."""
    tied: tuple[Seat, ...]
    """Seats whose dice on the tile cancelled each other (C-12)."""

    def text(self, state: State | None = None) -> str:
        """``"Double Down pays seat 2 and seat 0"``."""
        if not self.ranked:
            return "Double Down pays nobody"
        return "Double Down pays " + " and ".join(f"seat {s}" for s in self.ranked)


_MOVES: Interned[tuple[int, int], tuple[Action, ...]] = Interned()
"""The legal moves by the seat's small dice and Biggies at the casino (bounded: a seat's
dice), built once."""
_new_slice = fast_constructor(DoubleDownState)
"""``DoubleDownState(casino, small, big)`` without attrs' __init__."""
_new_task = fast_constructor(DoubleDownTask)
"""``DoubleDownTask(module, seat)`` without attrs' __init__ (built at every activation)."""


@attrs.frozen
class DoubleDown(Tile[DoubleDownState]):
    """Double Down (G2): dice moved onto the tile win a second payout of $60,000 / $30,000
    (T-DOUBLE-1, T-DOUBLE-2).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round, turn
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("G2",))))
    >>> state = turn(state, [1, 1, 1, 2, 2, 2, 2], 1, big=1)
    >>> lv.legal_actions(state)[-1]
    DoubleDownMove(small=3, big=1)
    >>> state = lv.apply(state, DoubleDownMove(small=2, big=1))
    >>> state.casinos[0].dice[0], state.casinos[0].big[0]
    (1, 0)
    """

    id: ClassVar[str] = "double-down"
    code: ClassVar[str] = "G2"
    rule_text: ClassVar[str] = (
        "When activated, the active player may move any number of their own dice from this "
        "casino onto the tile. During payout, right after this casino, the tile pays like a "
        "casino from the bank: ties removed, the most dice $60,000, the next $30,000. Then "
        "the dice go back to their owners."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        s, _ = self.seen(state, index, seat)
        if not isinstance(s, DoubleDownState):
            return ()
        weights = s.weights()
        if not any(weights):
            return ()
        parts = [f"Seat {p}: {n}" for p, n in enumerate(weights) if n]
        return (TileFact("dice", "Dice on the tile: " + ", ".join(parts), values=weights),)

    activation_chips: ClassVar[int | None] = 0
    round_chips: ClassVar[int | None] = sum(chips_for(prize) for prize in DOUBLE_DOWN_PRIZES)
    tasks: ClassVar[tuple[type[Task], ...]] = (DoubleDownTask,)
    actions: ClassVar[tuple[type[Action], ...]] = (DoubleDownMove,)
    events: ClassVar[tuple[type[Event], ...]] = (DoubleDownPaid,)
    state_type: ClassVar[type[ModuleState] | None] = DoubleDownState

    def fresh(self, state: State, casino: CasinoNumber) -> TileState:
        """No dice on the tile."""
        empty = (0,) * state.config.players
        return DoubleDownState(casino, empty, empty)

    def activate(
        self,
        state: State,
        index: int,
        seat: Seat,
        log: list[Event] | None,
        placed: DicePlaced | None = None,
    ) -> State:
        """T-DOUBLE-1: the active seat may move dice of its own from this casino onto the
        tile (a decision), if it has some there and the casino is open (T-7)."""
        casino = self.casino(state, index)
        assert casino is not None
        c = state.casinos[casino - 1]
        if not (c.dice[seat] or c.big[seat]) or casino in closed_casinos(state):
            return state
        return push_task(state, _new_task(module=index, seat=seat), first=True)

    def task_to_move(self, state: State, index: int, task: Task) -> Seat | Chance:
        """The active seat decides."""
        assert isinstance(task, DoubleDownTask)
        return task.seat

    def task_actions(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """Every number of its small dice and Biggies here, from none at all to every one."""
        assert isinstance(task, DoubleDownTask)
        casino = self.casino(state, index)
        assert casino is not None
        c = state.casinos[casino - 1]
        key = (c.dice[task.seat], c.big[task.seat])
        moves = _MOVES.get(key)  # the list depends on these counts alone: built once
        if moves is None:
            moves = _MOVES.keep(
                key,
                tuple(DoubleDownMove(s, b) for b in range(key[1] + 1) for s in range(key[0] + 1)),
            )
        return moves

    def capabilities(self) -> Capabilities:
        """Its decisions, for the adapters (the action space)."""
        return Capabilities(
            action_space=self.action_space,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """Any number of small dice (up to 7, R-2) with or without the Biggy.

        >>> len(DoubleDown().action_space(3))
        16
        """
        return tuple(DoubleDownMove(s, b) for b in (0, 1) for s in range(SMALL_DICE + 1))

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The decision hides nothing."""
        return task

    def resolve(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Move the dice onto the tile, without activating anything (T-6)."""
        task = state.tasks[0]
        assert isinstance(task, DoubleDownTask)
        assert isinstance(action, DoubleDownMove)
        draft = TileDraft(state, log)  # pop_task, set_slice and move_dice as one state
        draft.pop_task()
        if not (action.small or action.big):
            return draft.build()
        s = own_slice(self, state, index)
        seat = task.seat
        small = (*s.small[:seat], s.small[seat] + action.small, *s.small[seat + 1 :])
        big = (*s.big[:seat], s.big[seat] + action.big, *s.big[seat + 1 :])
        draft.set_slice(index, _new_slice(casino=s.casino, small=small, big=big))
        draft.move(seat, action.small, action.big, s.casino, _PLACE)
        return draft.build()

    def during_payout(self, state: State, index: int, log: list[Event] | None) -> State:
        """T-DOUBLE-2: right after this casino, the tile pays like a casino: ties removed,
        $60,000 and $30,000 from the bank."""
        s = own_slice(self, state, index)
        weights = s.weights()
        ranked = rank(weights)[: len(DOUBLE_DOWN_PRIZES)]
        if not any(weights):
            return state
        draft = TileDraft(state, log)  # the event and the payments as one state
        if draft.hears(DoubleDownPaid):
            draft.emit(DoubleDownPaid(ranked=ranked, tied=tied(weights)))
        for seat, prize in zip(ranked, DOUBLE_DOWN_PRIZES, strict=False):
            draft.pay_from_bank(seat, prize)
        return draft.build()

    def round_end(self, state: State, index: int, log: list[Event] | None) -> State:
        """The dice on the tile go back to their owners when the round ends."""
        s = own_slice(self, state, index)
        draft = TileDraft(state, log)  # the moves and the slice as one state
        for seat, (small, big) in enumerate(zip(s.small, s.big, strict=True)):
            if small or big:
                draft.move(seat, small, big, _PLACE, SUPPLY)
        empty = (0,) * state.config.players
        draft.set_slice(index, _new_slice(casino=s.casino, small=empty, big=empty))
        return draft.build()

    def held(self, state: State, index: int) -> Held:
        """The dice on the tile, per seat (they are in no casino, T-11)."""
        s = state.modules[index]
        if not isinstance(s, DoubleDownState):
            return Held()
        return Held(dice=tuple(a + b for a, b in zip(s.small, s.big, strict=True)))

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """One count per seat, none negative, at most one Biggy per seat.

        >>> import lasvegas as lv
        >>> from lasvegas.royale.testing import setup_round
        >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("G2",))))
        >>> index = next(i for i, m in enumerate(state.config.modules) if isinstance(m, DoubleDown))
        >>> DoubleDown().problems(state, index)
        ()
        """
        s = state.modules[index]
        if s is None:
            return ()
        if not isinstance(s, DoubleDownState):
            return ("the Double Down slice has the wrong type",)
        n = state.config.players
        if len(s.small) != n or len(s.big) != n:
            return (f"dice on the tile {s.small}, {s.big} are not counts per seat",)
        if min(s.small) < 0 or not all(0 <= b <= 1 for b in s.big):
            return (f"dice on the tile {s.small}, {s.big} are out of range",)
        return ()
