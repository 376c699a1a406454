"""Nice Dice (tile H1): a die of this turn's roll goes on the tile's space for its face.

T-NICE-1: when activated, the active player may put one die of this turn's roll on the
tile's space for its face: a die just placed here, or one of the roll's dice they did not
place (ruling: "a die you just rolled" includes the unplaced dice, since the tile sits on
casinos 1-3 and its spaces 4-6 could otherwise never be used). A die already on that space
goes to the casino of its face without activating it (T-6); if that casino is closed (T-7)
it goes back to its owner (T-10). T-NICE-2: during payout, at this casino's turn (T-9 (3)),
each player takes their dice off the tile and the reward for each space they held (X-14:
1 chip, 2 chips, $30,000 ... $60,000 for faces 1 to 6; a Biggy earns one reward). Dice on
the tile are in no casino (T-11).

Rulings: the players take their rewards clockwise from the round's start player, each space
from 1 to 6 (the order matters only for the bank's cards). Activated by My Choice
(``placed=None``), the tile does nothing: no die of that turn was placed at its casino
(T-CHOICE-1: "a tile that acts on placed dice then does nothing"). Power Play's rotated die
(T-6) is a die just placed here; that turn has no roll, so no unplaced die qualifies.

The unplaced dice are read off ``state.rolled`` at activation: the core reports a roll's
placement (``DicePlaced``) while the state still holds that roll, so the tile keeps no record
of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...actions import Action
from ...engine import push_task
from ...events import Event
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import Capabilities, Held, ModuleState, Task, TileFact
from ...state import Phase, fast_constructor
from ...table import Interned
from ...types import BIG, REGULAR, CasinoNumber, Chance, Money, Seat
from ..bank import chips_for
from ..state import TileState, own_slice
from ..table import SUPPLY, closed_casinos
from .base import Tile, TileDraft

if TYPE_CHECKING:
    from ...events import DicePlaced
    from ...state import State

__all__ = [
    "NICE_DICE_REWARDS",
    "NiceDice",
    "NiceDiceDecline",
    "NiceDiceState",
    "NiceDiceTake",
    "NiceDiceTask",
]

NICE_DICE_REWARDS: Final[tuple[Money, ...]] = (10_000, 20_000, 30_000, 40_000, 50_000, 60_000)
"""The reward of the spaces for faces 1 to 6 (X-14, *ruling*); $10,000 and $20,000 are 1
and 2 chips (X-8); a Biggy earns one reward."""

_PLACE: Final = "nice-dice"
"""The place name of the tile's spaces in :class:`~lasvegas.royale.events.DiceMoved`."""
_SPACES: Final = len(NICE_DICE_REWARDS)


@final
class NiceDiceState(TileState):
    """Nice Dice in play: whose die lies on each space.

    >>> NiceDiceState(casino=2).owner
    (-1, -1, -1, -1, -1, -1)
    """

    __slots__ = ("big", "owner")
    __match_args__: ClassVar = ("casino", "owner", "big")
    __attrs_attrs__: ClassVar[Any] = described(
        "NiceDiceState",
        ("casino", CasinoNumber),
        ("owner", tuple[int, ...], (-1,) * _SPACES),
        ("big", tuple[int, ...], (0,) * _SPACES),
    )

    kind: ClassVar[str] = "nice-dice"
    owner: Final[tuple[int, ...]]
    """The seat whose die lies on the spaces for faces 1..6; ``-1`` for an empty space."""
    big: Final[tuple[int, ...]]
    """1 where the die on a space is a Biggy."""

    def __init__(
        self,
        casino: CasinoNumber,
        owner: tuple[int, ...] = (-1,) * _SPACES,
        big: tuple[int, ...] = (0,) * _SPACES,
    ) -> None:
        self.casino = casino
        self.owner = owner
        self.big = big

    def __eq__(self, other: object) -> bool:
        if type(other) is not NiceDiceState:
            return NotImplemented
        return (self.casino, self.owner, self.big) == (other.casino, other.owner, other.big)

    def __hash__(self) -> int:
        return hash((self.casino, self.owner, self.big))

    def __repr__(self) -> str:
        return f"NiceDiceState(casino={self.casino!r}, owner={self.owner!r}, big={self.big!r})"

    def __reduce__(self) -> tuple[type[NiceDiceState], tuple[object, ...]]:
        return NiceDiceState, (self.casino, self.owner, self.big)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(NiceDiceState)


@final
class NiceDiceTask(Task):
    """Decision of :attr:`seat`: which die of this turn's roll goes on the tile, if any."""

    __slots__ = ("options", "seat")
    __match_args__: ClassVar = ("module", "seat", "options")
    __attrs_attrs__: ClassVar[Any] = described(
        "NiceDiceTask", ("module", int), ("seat", Seat), ("options", tuple[tuple[int, bool], ...])
    )

    kind: ClassVar[str] = "nice-dice-take"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "choose a die to put on Nice Dice"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The active seat."""
    options: Final[tuple[tuple[int, bool], ...]]
    """The dice it may put on the tile: ``(face, big)``."""

    def __init__(self, module: int, seat: Seat, options: tuple[tuple[int, bool], ...]) -> None:
        self.module = module
        self.seat = seat
        self.options = options

    def __eq__(self, other: object) -> bool:
        if type(other) is not NiceDiceTask:
            return NotImplemented
        return (self.module, self.seat, self.options) == (other.module, other.seat, other.options)

    def __hash__(self) -> int:
        return hash((self.module, self.seat, self.options))

    def __repr__(self) -> str:
        return f"NiceDiceTask(module={self.module!r}, seat={self.seat!r}, options={self.options!r})"

    def __reduce__(self) -> tuple[type[NiceDiceTask], tuple[object, ...]]:
        return NiceDiceTask, (self.module, self.seat, self.options)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(NiceDiceTask)


def _option_problems(state: State, s: NiceDiceState, task: NiceDiceTask) -> str:
    """What makes a pending take's options impossible, or ``""``: each is a die the seat
    can give, one on the tile's casino or one of its supply (a Biggy if ``big``), listed
    once and sorted."""
    seat = task.seat
    options = task.options
    if seat != state.active or list(options) != sorted(set(options)):
        return f"a take of seat {seat} with options {options} is not the active seat's sorted dice"
    here = state.casinos[s.casino - 1]
    held = state.supply[seat]
    for face, big in options:
        if not 1 <= face <= _SPACES:
            return f"option {(face, big)} is not a die"
        if face == s.casino:
            has = here.big[seat] if big else here.dice[seat]
        else:
            has = held[BIG] if big else held[REGULAR]
        if not has:
            return (
                f"seat {seat} has no {'Biggy' if big else 'die'} to put on the tile for face {face}"
            )
    return ""


@attrs.frozen
class NiceDiceTake(Action):
    """Put a die showing :attr:`face` (the Biggy if :attr:`big`) on the tile's space for
    that face.

    >>> NiceDiceTake(face=5, big=False)
    NiceDiceTake(face=5, big=False)
    """

    kind: ClassVar[str] = "nice-dice-put"
    face: int
    """The die's face: the space it goes on."""
    big: bool
    """Whether the die is the Biggy."""

    def text(self, state: State | None = None) -> str:
        """``"Put the 5 on Nice Dice"``."""
        return f"Put {'the Biggy' if self.big else 'a die'} showing {self.face} on Nice Dice"


@attrs.frozen
class NiceDiceDecline(Action):
    """Put no die on the tile.

    >>> NiceDiceDecline()
    NiceDiceDecline()
    """

    kind: ClassVar[str] = "nice-dice-decline"

    def text(self, state: State | None = None) -> str:
        """``"Put no die on Nice Dice"``."""
        return "Put no die on Nice Dice"


_DECLINE: Final = NiceDiceDecline()
_TAKES: Final = {(f, b): NiceDiceTake(f, b) for f in range(1, _SPACES + 1) for b in (False, True)}
"""Every take, built once."""
_CHOICES: Interned[tuple[tuple[int, bool], ...], tuple[Action, ...]] = Interned(limit=4096)
"""The legal actions by the task's options, built once (bounded: the sets of dice a roll
offers; cleared past 4,096)."""
_new_slice = fast_constructor(NiceDiceState)
"""``NiceDiceState(casino, owner, big)`` without attrs' __init__."""


@attrs.frozen
class NiceDice(Tile[NiceDiceState]):
    """Nice Dice (H1): a die on the space for its face earns that face's reward at payout
    (T-NICE-1, T-NICE-2, X-14).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round, turn
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("H1",))))
    >>> state = turn(state, [1, 1, 4, 6, 6, 6, 6], 1, big=5)
    >>> lv.legal_actions(state)
    (NiceDiceDecline(), NiceDiceTake(face=1, big=False), NiceDiceTake(face=4, big=False), NiceDiceTake(face=5, big=True), NiceDiceTake(face=6, big=False))
    >>> state = lv.apply(state, NiceDiceTake(face=6, big=False))
    >>> state.supply[0][:2]
    (4, 1)
    """

    id: ClassVar[str] = "nice-dice"
    code: ClassVar[str] = "H1"
    rule_text: ClassVar[str] = (
        "When activated, the active player may put one die of this turn's roll (placed here "
        "or not placed) on the tile's space for its face; a die already there goes to the "
        "casino of its face. During payout each player takes their dice back and a reward "
        "per space: 1 chip, 2 chips, $30,000, $40,000, $50,000 or $60,000 for faces 1 to 6."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        s, _ = self.seen(state, index, seat)
        if not isinstance(s, NiceDiceState) or all(o < 0 for o in s.owner):
            return ()
        parts = [f"{f}: Seat {o}" for f, o in enumerate(s.owner, start=1) if o >= 0]
        return (TileFact("spaces", "Spaces taken: " + ", ".join(parts), values=s.owner),)

    activation_chips: ClassVar[int | None] = 0
    round_chips: ClassVar[int | None] = sum(chips_for(amount) for amount in NICE_DICE_REWARDS)
    tasks: ClassVar[tuple[type[Task], ...]] = (NiceDiceTask,)
    actions: ClassVar[tuple[type[Action], ...]] = (NiceDiceTake, NiceDiceDecline)
    state_type: ClassVar[type[ModuleState] | None] = NiceDiceState

    def fresh(self, state: State, casino: CasinoNumber) -> TileState:
        """Every space is empty."""
        return NiceDiceState(casino)

    def activate(
        self,
        state: State,
        index: int,
        seat: Seat,
        log: list[Event] | None,
        placed: DicePlaced | None = None,
    ) -> State:
        """T-NICE-1: the active seat may put a die placed here now, or an unplaced die of
        this turn's roll, on the tile (a decision). Nothing when My Choice activates it.

        The roll is ``state.rolled``, which still holds it while the core reports the
        placement; Power Play's rotated die comes with no roll."""
        if placed is None:
            return state
        rolled = state.rolled
        s = own_slice(self, state, index)
        here = state.casinos[s.casino - 1]
        held = state.supply[seat]
        options: list[tuple[int, bool]] = []
        if placed.casino == s.casino and placed.counts[REGULAR] and here.dice[seat]:
            options.append((s.casino, False))
        if placed.casino == s.casino and placed.counts[BIG] and here.big[seat]:
            options.append((s.casino, True))
        if held[REGULAR]:
            options.extend((f, False) for f in sorted(set(rolled[REGULAR])) if f != s.casino)
        if held[BIG] and rolled[BIG] and rolled[BIG][0] != s.casino:
            options.append((rolled[BIG][0], True))
        if not options:
            return state
        return push_task(state, NiceDiceTask(index, seat, tuple(sorted(options))), first=True)

    def task_to_move(self, state: State, index: int, task: Task) -> Seat | Chance:
        """The active seat decides."""
        assert isinstance(task, NiceDiceTask)
        return task.seat

    def task_actions(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """Declining, or one of the task's dice."""
        assert isinstance(task, NiceDiceTask)
        options = task.options
        actions = _CHOICES.get(options)  # they depend on the options alone: built once
        if actions is None:
            takes = [_TAKES.get(option) or NiceDiceTake(*option) for option in options]
            actions = _CHOICES.keep(options, (_DECLINE, *takes))
        return actions

    def capabilities(self) -> Capabilities:
        """Its decisions, for the adapters (the action space)."""
        return Capabilities(
            action_space=self.action_space,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """Declining, or a small die or the Biggy onto each space.

        >>> len(NiceDice().action_space(3))
        13
        """
        return (
            _DECLINE,
            *(NiceDiceTake(f, b) for f in range(1, _SPACES + 1) for b in (False, True)),
        )

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The decision hides nothing."""
        return task

    def resolve(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Put the die on its space; a die already there goes to the casino of its face
        (no activation, T-6), or back to its owner if that casino is closed (T-7, T-10)."""
        task = state.tasks[0]
        assert isinstance(task, NiceDiceTask)
        draft = TileDraft(state, log)  # the task, the moves and the slice as one state
        draft.pop_task()
        if not isinstance(action, NiceDiceTake):
            return draft.build()
        s = own_slice(self, state, index)
        face = action.face
        i = face - 1
        seat = task.seat
        if s.owner[i] >= 0:
            other, big = s.owner[i], s.big[i]
            target: CasinoNumber | str = (
                SUPPLY if face in closed_casinos(state) else CasinoNumber(face)
            )
            draft.move(other, 1 - big, big, _PLACE, target)
        owner = (*s.owner[:i], seat, *s.owner[i + 1 :])
        bigs = (*s.big[:i], int(action.big), *s.big[i + 1 :])
        draft.set_slice(index, _new_slice(casino=s.casino, owner=owner, big=bigs))
        source: CasinoNumber | str = CasinoNumber(s.casino) if face == s.casino else SUPPLY
        small, big = (0, 1) if action.big else (1, 0)
        draft.move(seat, small, big, source, _PLACE)
        return draft.build()

    def during_payout(self, state: State, index: int, log: list[Event] | None) -> State:
        """T-NICE-2: each player takes their dice off the tile and the reward of each space
        (X-14), clockwise from the start player, spaces from 1 to 6 (ruling)."""
        s = own_slice(self, state, index)
        if not s.owner or max(s.owner) < 0:  # every space empty
            return state
        draft = TileDraft(state, log)  # the slice, the moves and the rewards as one state
        draft.set_slice(index, NiceDiceState(s.casino))
        n = state.config.players
        start = state.start
        for k in range(n):
            seat = (start + k) % n
            for i, (owner, big) in enumerate(zip(s.owner, s.big, strict=True)):
                if owner == seat:
                    draft.move(seat, 1 - big, big, _PLACE, SUPPLY)
                    draft.reward(seat, NICE_DICE_REWARDS[i])
        return draft.build()

    def held(self, state: State, index: int) -> Held:
        """The dice on the tile, per seat (they are in no casino, T-11)."""
        s = state.modules[index]
        if not isinstance(s, NiceDiceState):
            return Held()
        held = [0] * state.config.players
        for owner in s.owner:
            if owner >= 0:
                held[owner] += 1
        return Held(dice=tuple(held))

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """Six spaces, each empty or holding one die of a seat; a pending take's options
        are dice the active seat can give (on the tile's casino, or in its supply).

        >>> import lasvegas as lv
        >>> from lasvegas.royale.testing import setup_round
        >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("H1",))))
        >>> index = next(i for i, m in enumerate(state.config.modules) if isinstance(m, NiceDice))
        >>> NiceDice().problems(state, index)
        ()
        """
        s = state.modules[index]
        if s is None:
            return ()
        if not isinstance(s, NiceDiceState):
            return ("the Nice Dice slice has the wrong type",)
        n = state.config.players
        if len(s.owner) != _SPACES or len(s.big) != _SPACES:
            return (f"spaces {s.owner}, {s.big} are not one per face",)
        for owner, big in zip(s.owner, s.big, strict=True):
            if not -1 <= owner < n or big not in (0, 1) or (big and owner < 0):
                return (f"spaces {s.owner}, {s.big} hold impossible dice",)
        for seat in range(n):
            if sum(b for o, b in zip(s.owner, s.big, strict=True) if o == seat) > 1:
                return (f"seat {seat} has more than one Biggy on the tile",)
        for task in state.tasks:
            if type(task) is NiceDiceTask and task.module == index:
                found = _option_problems(state, s, task)
                if found:
                    return (found,)
        return ()
