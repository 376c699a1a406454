"""Handicap (tile F2): take a blank die off the casinos for a reward.

T-HANDICAP-1: at setup the nine blank (gray) dice go into the casinos, one in each of
casinos 1-3 and two in each of casinos 4-6; they belong to the imaginary owner ``"blank"``
(T-8). T-HANDICAP-2: when activated, the active player may take one blank die from any open
casino (T-7) and put it on an empty reward space of the tile (X-17: 2 spaces of 1 chip, 3 of
$30,000, 4 of a choice), taking that space's reward. The choice is: rotate one of their
remaining dice to any face and place it at that casino (no activation, T-6), or return one
of their dice from any open casino to their supply (T-10). Declining gives nothing.

The rotate-or-return choices and moves are the tiles' shared ones
(:mod:`lasvegas.royale.tiles.shared`), which My Choice's fifth action uses too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...actions import Action
from ...engine import push_task
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import Capabilities, Held, ModuleState, Task, TaskHandler, TileFact
from ...state import Phase, fast_constructor, make_casino
from ...table import Interned
from ...types import CasinoNumber, Money, Seat
from ..bank import chips_for
from ..events import DiceMoved
from ..state import TileState, own_slice
from ..table import CASINO_NUMBERS, imaginary_owner, open_casinos
from .base import Tile, TileDraft
from .shared import draft_return_die, draft_rotate_die, returns, rotations

if TYPE_CHECKING:
    from ...events import DicePlaced, Event
    from ...state import State

__all__ = [
    "HANDICAP_SETUP",
    "HANDICAP_SPACES",
    "Handicap",
    "HandicapDecline",
    "HandicapMove",
    "HandicapReturn",
    "HandicapRotate",
    "HandicapState",
    "HandicapTake",
    "HandicapTask",
]

HANDICAP_SETUP: Final[tuple[int, ...]] = (1, 1, 1, 2, 2, 2)
"""Blank dice put into casinos 1..6 at setup (T-HANDICAP-1): nine in all."""

HANDICAP_SPACES: Final[tuple[tuple[str, int, Money], ...]] = (
    ("chip", 2, 10_000),
    ("money", 3, 30_000),
    ("choice", 4, 0),
)
"""The tile's reward spaces (X-17): ``(reward, spaces, amount)``: 2 spaces of 1 chip, 3 of
$30,000, 4 of the rotate-or-return choice."""

_REWARDS: Final = tuple(name for name, _, _ in HANDICAP_SPACES)
_PLACE: Final = "handicap"
"""The place name of the tile's reward spaces in :class:`~lasvegas.royale.events.DiceMoved`."""


# -- the tile ------------------------------------------------------------------------------------


@final
class HandicapState(TileState):
    """Handicap in play: how many blank dice lie on each kind of reward space.

    >>> HandicapState(casino=2).taken
    (0, 0, 0)
    """

    __slots__ = ("taken",)
    __match_args__: ClassVar = ("casino", "taken")
    __attrs_attrs__: ClassVar[Any] = described(
        "HandicapState", ("casino", CasinoNumber), ("taken", tuple[int, ...], (0, 0, 0))
    )

    kind: ClassVar[str] = "handicap"
    taken: Final[tuple[int, ...]]
    """Blank dice on the chip, money and choice spaces (at most 2, 3 and 4; X-17)."""

    def __init__(self, casino: CasinoNumber, taken: tuple[int, ...] = (0, 0, 0)) -> None:
        self.casino = casino
        self.taken = taken

    def __eq__(self, other: object) -> bool:
        if type(other) is not HandicapState:
            return NotImplemented
        return (self.casino, self.taken) == (other.casino, other.taken)

    def __hash__(self) -> int:
        return hash((self.casino, self.taken))

    def __repr__(self) -> str:
        return f"HandicapState(casino={self.casino!r}, taken={self.taken!r})"

    def __reduce__(self) -> tuple[type[HandicapState], tuple[object, ...]]:
        return HandicapState, (self.casino, self.taken)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(HandicapState)


@final
class HandicapTask(Task):
    """Decision of :attr:`seat`: take a blank die for a reward, or decline (T-HANDICAP-2)."""

    __slots__ = ("seat",)
    __match_args__: ClassVar = ("module", "seat")
    __attrs_attrs__: ClassVar[Any] = described("HandicapTask", ("module", int), ("seat", Seat))

    kind: ClassVar[str] = "handicap-take"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "choose whether to take a blank die (Handicap)"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The active seat."""

    def __init__(self, module: int, seat: Seat) -> None:
        self.module = module
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if type(other) is not HandicapTask:
            return NotImplemented
        return (self.module, self.seat) == (other.module, other.seat)

    def __hash__(self) -> int:
        return hash((self.module, self.seat))

    def __repr__(self) -> str:
        return f"HandicapTask(module={self.module!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[type[HandicapTask], tuple[object, ...]]:
        return HandicapTask, (self.module, self.seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(HandicapTask)


@final
class HandicapMove(Task):
    """Decision of :attr:`seat`, who took a choice space: rotate a die or return one."""

    __slots__ = ("seat",)
    __match_args__: ClassVar = ("module", "seat")
    __attrs_attrs__: ClassVar[Any] = described("HandicapMove", ("module", int), ("seat", Seat))

    kind: ClassVar[str] = "handicap-move"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "rotate or return a die (Handicap)"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The active seat."""

    def __init__(self, module: int, seat: Seat) -> None:
        self.module = module
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if type(other) is not HandicapMove:
            return NotImplemented
        return (self.module, self.seat) == (other.module, other.seat)

    def __hash__(self) -> int:
        return hash((self.module, self.seat))

    def __repr__(self) -> str:
        return f"HandicapMove(module={self.module!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[type[HandicapMove], tuple[object, ...]]:
        return HandicapMove, (self.module, self.seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(HandicapMove)


@attrs.frozen
class HandicapTake(Action):
    """Take a blank die from :attr:`casino` onto an empty space of kind :attr:`reward`.

    >>> HandicapTake(casino=4, reward="money")
    HandicapTake(casino=4, reward='money')
    """

    kind: ClassVar[str] = "handicap-take-die"
    casino: CasinoNumber
    """The open casino the blank die comes from."""
    reward: str
    """The kind of space: ``"chip"`` (1 chip), ``"money"`` ($30,000) or ``"choice"``."""

    def text(self, state: State | None = None) -> str:
        """``"Take a blank die from casino 4 for $30,000"``."""
        what = {"chip": "1 chip", "money": "$30,000", "choice": "a rotation or a return"}
        return f"Take a blank die from casino {self.casino} for {what.get(self.reward, '?')}"


@attrs.frozen
class HandicapDecline(Action):
    """Take no blank die (and no reward).

    >>> HandicapDecline()
    HandicapDecline()
    """

    kind: ClassVar[str] = "handicap-decline"

    def text(self, state: State | None = None) -> str:
        """``"Take no blank die"``."""
        return "Take no blank die"


@attrs.frozen
class HandicapRotate(Action):
    """Rotate a remaining die (the Biggy if :attr:`big`) to :attr:`face` and place it at that
    casino; its tile is not activated (T-6).

    >>> HandicapRotate(face=6, big=False)
    HandicapRotate(face=6, big=False)
    """

    kind: ClassVar[str] = "handicap-rotate"
    face: int
    """The face the die is turned to: the casino it goes to."""
    big: bool
    """Whether the die is the Biggy."""

    def text(self, state: State | None = None) -> str:
        """``"Turn a die to 6 and place it at casino 6"``."""
        return f"Turn {'the Biggy' if self.big else 'a die'} to {self.face} and place it"


@attrs.frozen
class HandicapReturn(Action):
    """Take one of one's dice (the Biggy if :attr:`big`) from :attr:`casino` back (T-10).

    >>> HandicapReturn(casino=2, big=True)
    HandicapReturn(casino=2, big=True)
    """

    kind: ClassVar[str] = "handicap-return"
    casino: CasinoNumber
    """The open casino the die comes from."""
    big: bool
    """Whether the die is the Biggy."""

    def text(self, state: State | None = None) -> str:
        """``"Take a die back from casino 2"``."""
        return f"Take {'the Biggy' if self.big else 'a die'} back from casino {self.casino}"


_DECLINE: Final = HandicapDecline()
_TAKES: Final = {(c, name): HandicapTake(c, name) for c in CASINO_NUMBERS for name in _REWARDS}
"""Every take, built once (the legal actions are listed at every activation)."""
_ROTATES: Final = {(f, b): HandicapRotate(f, b) for f in range(1, 7) for b in (False, True)}
_RETURNS: Final = {(c, b): HandicapReturn(c, b) for c in CASINO_NUMBERS for b in (False, True)}
"""Every rotation and return, built once (listed after each choice space taken)."""
_ROOM: Final[Interned[tuple[int, ...], tuple[str, ...]]] = Interned()
"""The kinds of space with room, by the blank dice on each kind (bounded: 60 fillings)."""
_TAKE_LISTS: Final[Interned[tuple[tuple[int, ...], tuple[int, ...]], tuple[Action, ...]]] = (
    Interned(limit=8192)
)
"""The legal actions of a take decision, by the spaces' fillings and the open casinos
holding a blank die (bounded: 60 fillings times 64 sets of casinos)."""
_new_slice = fast_constructor(HandicapState)
"""``HandicapState(casino, taken)`` without attrs' __init__."""
_new_take_task = fast_constructor(HandicapTask)
"""``HandicapTask(module, seat)`` without attrs' __init__ (built at every activation)."""
_new_move_task = fast_constructor(HandicapMove)
"""``HandicapMove(module, seat)`` without attrs' __init__."""


def _seat(state: State, index: int, task: Task) -> Seat:
    """The active seat decides."""
    assert isinstance(task, HandicapTask | HandicapMove)
    return task.seat


def _move_actions(state: State, index: int, task: Task) -> tuple[Action, ...]:
    """After a choice space: every rotation and every return."""
    assert isinstance(task, HandicapMove)
    seat = task.seat
    moves: list[Action] = [_ROTATES.get(fb) or HandicapRotate(*fb) for fb in rotations(state, seat)]
    moves.extend([_RETURNS.get(cb) or HandicapReturn(*cb) for cb in returns(state, seat)])
    return tuple(moves)


@attrs.frozen
class Handicap(Tile[HandicapState]):
    """Handicap (F2): blank dice in every casino; taking one earns a reward (T-HANDICAP-1,
    T-HANDICAP-2, X-17).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round, turn
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("F2",))))
    >>> [c.dice[3] for c in state.casinos]  # the blank owner comes after the 3 seats
    [1, 1, 1, 2, 2, 2]
    >>> state = turn(state, [1, 2, 2, 2, 2, 2, 2], 1, big=2)
    >>> state = lv.apply(state, HandicapTake(casino=5, reward="money"))
    >>> state.money[0], state.casinos[4].dice
    ((30000,), (0, 0, 0, 1))
    """

    id: ClassVar[str] = "handicap"
    code: ClassVar[str] = "F2"
    rule_text: ClassVar[str] = (
        "Blank dice start in the casinos (one in each of casinos 1 to 3, two in each of 4 "
        "to 6). When activated, the active player may take one blank die from an open "
        "casino onto an empty reward space: 1 chip (2 spaces), $30,000 (3 spaces), or (4 "
        "spaces) turn one of their remaining dice to any face and place it, or return one "
        "of their dice from a casino to their supply."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        s, _ = self.seen(state, index, seat)
        if not isinstance(s, HandicapState):
            return ()
        free = tuple(n - t for (_, n, _), t in zip(HANDICAP_SPACES, s.taken, strict=True))
        text = f"Free spaces: {free[0]} chip, {free[1]} $30,000, {free[2]} choice"
        return (TileFact("spaces", text, values=free),)

    activation_chips: ClassVar[int | None] = max(
        chips_for(amount) for _, _, amount in HANDICAP_SPACES
    )
    round_chips: ClassVar[int | None] = 0
    owners: ClassVar[tuple[str, ...]] = ("blank",)
    tasks: ClassVar[tuple[type[Task], ...]] = (HandicapTask, HandicapMove)
    actions: ClassVar[tuple[type[Action], ...]] = (
        HandicapTake,
        HandicapDecline,
        HandicapRotate,
        HandicapReturn,
    )
    state_type: ClassVar[type[ModuleState] | None] = HandicapState

    def fresh(self, state: State, casino: CasinoNumber) -> TileState:
        """Every reward space is empty."""
        return HandicapState(casino)

    def setup(
        self, state: State, index: int, casino: CasinoNumber, log: list[Event] | None
    ) -> State:
        """T-HANDICAP-1: one blank die into each of casinos 1-3, two into each of 4-6 (into
        open casinos only, T-7; they activate nothing, T-6)."""
        # super().setup's slice and the moves, built as one state (TileDraft); the open casinos
        # are those of the state given, as this tile's slice closes nothing
        draft = TileDraft(state, log)
        draft.set_slice(index, self.fresh(state, casino))
        blank = imaginary_owner(state, "blank")
        assert blank is not None
        opened = open_casinos(state)
        n = len(state.casinos)
        if not draft.hears(DiceMoved):
            # TileDraft.move's own path for the six moves (nobody hears them), in one pass: the
            # box holds any number of blank dice and the casinos are open
            casinos = list(state.casinos)
            for number, count in enumerate(HANDICAP_SETUP, 1):
                if count and number in opened and number <= n:
                    c = casinos[number - 1]
                    row = c.dice
                    dice = (*row[:blank], row[blank] + count, *row[blank + 1 :])
                    casinos[number - 1] = make_casino(c.notes, dice, c.big)
            draft.casinos = tuple(casinos)
            return draft.build()
        for number, count in enumerate(HANDICAP_SETUP, 1):
            if count and number in opened and number <= n:
                draft.move(blank, count, 0, "box", CasinoNumber(number))
        return draft.build()

    def activate(
        self,
        state: State,
        index: int,
        seat: Seat,
        log: list[Event] | None,
        placed: DicePlaced | None = None,
    ) -> State:
        """T-HANDICAP-2: the active seat may take a blank die for a reward (a decision), if
        an open casino holds one and a space is empty. My Choice's activation
        (``placed=None``) works the same way."""
        task = _new_take_task(module=index, seat=seat)
        if len(self._take_actions(state, index, task)) < 2:  # declining alone: no decision
            return state
        return push_task(state, task, first=True)

    def task_handlers(self) -> Mapping[type[Task], TaskHandler]:
        """The active seat decides: declining, then every open casino with a blank die times
        every kind of space with room; after a choice space, every rotation and every
        return."""
        return {
            HandicapTask: self.decision(self._take, _seat, self._take_actions),
            HandicapMove: self.decision(self._move, _seat, _move_actions),
        }

    def _take_actions(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """Declining, then every open casino with a blank die times every kind of space with
        room."""
        s = own_slice(self, state, index)
        blank = imaginary_owner(state, "blank")
        assert blank is not None
        casinos = state.casinos
        have = tuple([c for c in open_casinos(state) if casinos[c - 1].dice[blank]])
        key = (s.taken, have)
        actions = _TAKE_LISTS.get(key)  # the list depends on nothing else: built once
        if actions is None:
            room = _ROOM.get(s.taken)
            if room is None:
                room = _ROOM.keep(
                    s.taken,
                    tuple(
                        name
                        for (name, spaces, _), taken in zip(HANDICAP_SPACES, s.taken, strict=True)
                        if taken < spaces
                    ),
                )
            takes = tuple(
                _TAKES.get((c, name)) or HandicapTake(c, name) for c in have for name in room
            )
            actions = _TAKE_LISTS.keep(key, (_DECLINE, *takes))
        return actions

    def capabilities(self) -> Capabilities:
        """Its decisions, for the adapters (the action space)."""
        return Capabilities(
            action_space=self.action_space,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """Declining, a blank die from any casino onto any kind of space, and every rotation
        and return.

        >>> len(Handicap().action_space(3))
        43
        """
        return (
            _DECLINE,
            *(HandicapTake(c, name) for c in CASINO_NUMBERS for name in _REWARDS),
            *(HandicapRotate(f, b) for f in range(1, 7) for b in (False, True)),
            *(HandicapReturn(c, b) for c in CASINO_NUMBERS for b in (False, True)),
        )

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The decisions hide nothing."""
        return task

    def _move(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Rotate or return a die (after a choice space)."""
        task = state.tasks[0]
        assert isinstance(task, HandicapMove)
        draft = TileDraft(state, log)  # pop_task, then the rotation or return, as one state
        draft.pop_task()
        if type(action) is HandicapRotate:
            draft_rotate_die(draft, task.seat, action.face, action.big)
        else:
            assert isinstance(action, HandicapReturn)
            draft_return_die(draft, task.seat, action.casino, action.big)
        return draft.build()

    def _take(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Take the blank die and pay the space's reward (X-17), or decline."""
        task = state.tasks[0]
        assert isinstance(task, HandicapTask)
        seat = task.seat
        # pop_task, then the take with its reward, as one state (TileDraft)
        draft = TileDraft(state, log)
        draft.pop_task()
        if type(action) is not HandicapTake:
            return draft.build()  # declined
        assert isinstance(action, HandicapTake)
        s = own_slice(self, state, index)
        i = _REWARDS.index(action.reward)
        taken = s.taken
        draft.set_slice(
            index, _new_slice(casino=s.casino, taken=(*taken[:i], taken[i] + 1, *taken[i + 1 :]))
        )
        blank = imaginary_owner(state, "blank")
        assert blank is not None
        draft.move(blank, 1, 0, CasinoNumber(action.casino), _PLACE)
        name, _, amount = HANDICAP_SPACES[i]
        if name != "choice":
            draft.reward(seat, amount)
        # _move_actions is not empty: asked of the state before the take, as
        # taking a blank die changes neither the seat's dice nor which casinos are open
        elif rotations(state, seat) or returns(state, seat):
            draft.push_task(_new_move_task(module=index, seat=seat), first=True)
        return draft.build()

    def held(self, state: State, index: int) -> Held:
        """The blank dice on the reward spaces, for the blank owner (they are in no casino)."""
        s = state.modules[index]
        if not isinstance(s, HandicapState):
            return Held()
        blank = imaginary_owner(state, "blank")
        assert blank is not None
        held = [0] * state.config.ruleset.owners
        held[blank] = sum(s.taken)
        return Held(dice=tuple(held))

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """No space holds more blank dice than it has room for, and no blank die went
        missing or appeared.

        >>> import lasvegas as lv
        >>> from lasvegas.royale.testing import setup_round
        >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("F2",))))
        >>> index = next(i for i, m in enumerate(state.config.modules) if isinstance(m, Handicap))
        >>> Handicap().problems(state, index)
        ()
        """
        s = state.modules[index]
        if s is None:
            return ()
        if not isinstance(s, HandicapState):
            return ("the Handicap slice has the wrong type",)
        if len(s.taken) != len(HANDICAP_SPACES) or any(
            not 0 <= n <= room for n, (_, room, _) in zip(s.taken, HANDICAP_SPACES, strict=True)
        ):
            return (f"reward spaces {s.taken} hold more blank dice than they have room for",)
        blank = imaginary_owner(state, "blank")
        if blank is None:
            return ("the config has no blank owner",)
        placed = sum(c.dice[blank] + c.big[blank] for c in state.casinos)
        if placed + sum(s.taken) > sum(HANDICAP_SETUP):
            return (f"{placed} blank dice in casinos and {sum(s.taken)} on the tile",)
        return ()
