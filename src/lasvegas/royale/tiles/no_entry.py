"""No Entry! (tile E1): close another casino for the rest of the round, and move a counter.

T-NOENTRY-1: at setup the token is in the middle of the tile and the round counter on the
start space of its track. T-NOENTRY-2: the first activation in a round must place the token
on the die picture of another casino (not this one); later activations may move it to
another casino (neither this one nor the one it is on) or leave it. Each placement or move
advances the counter one space and pays the reward there (X-13, *ruling*: 2 chips, nothing,
$30,000, nothing, 1 chip, then the start space, which pays nothing, and round again); leaving
it pays nothing. T-NOENTRY-3: the casino under the token is closed for the rest of the round
(T-7): it accepts no dice and gives none back, from any source; the core's ``closed`` hook
refuses placements there, and a roll whose faces all point at closed casinos passes the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...actions import Action
from ...engine import push_task
from ...events import DicePlaced, Event
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import Capabilities, ModuleState, Task, TileFact
from ...state import Phase, fast_constructor
from ...table import Interned
from ...types import CasinoNumber, Money, Seat
from ..bank import chips_for
from ..state import TileState, own_slice
from ..table import CASINO_NUMBERS
from .base import Tile, TileDraft, reward_text

if TYPE_CHECKING:
    from ...state import State

__all__ = [
    "NO_ENTRY_TRACK",
    "NoEntry",
    "NoEntryChoice",
    "NoEntryClose",
    "NoEntryLeave",
    "NoEntryMoved",
    "NoEntryState",
]

NO_ENTRY_TRACK: Final[tuple[Money, ...]] = (0, 20_000, 0, 30_000, 0, 10_000)
"""The counter's spaces (X-13, *ruling*): the start space, 2 chips, an empty space, $30,000,
an empty space, 1 chip; after the last space the counter goes on to the start space (which
pays nothing), then round again."""


_OPEN: Final[frozenset[CasinoNumber]] = frozenset()
"""Nothing closed (shared, not rebuilt per call)."""


@final
class NoEntryState(TileState):
    """No Entry! in play: where the token lies and where the round counter stands.

    >>> NoEntryState(casino=1).token, NoEntryState(casino=1).counter
    (0, 0)
    """

    __slots__ = ("counter", "token")
    __match_args__: ClassVar = ("casino", "token", "counter")
    __attrs_attrs__: ClassVar[Any] = described(
        "NoEntryState", ("casino", CasinoNumber), ("token", int, 0), ("counter", int, 0)
    )

    kind: ClassVar[str] = "no-entry"
    token: Final[int]
    """The casino number under the token; 0 while it is in the middle of the tile."""
    counter: Final[int]
    """The counter's space on ``NO_ENTRY_TRACK`` (0: the start space)."""

    def __init__(self, casino: CasinoNumber, token: int = 0, counter: int = 0) -> None:
        self.casino = casino
        self.token = token
        self.counter = counter

    def __eq__(self, other: object) -> bool:
        if type(other) is not NoEntryState:
            return NotImplemented
        return (self.casino, self.token, self.counter) == (other.casino, other.token, other.counter)

    def __hash__(self) -> int:
        return hash((self.casino, self.token, self.counter))

    def __repr__(self) -> str:
        return (
            f"NoEntryState(casino={self.casino!r}, token={self.token!r}, counter={self.counter!r})"
        )

    def __reduce__(self) -> tuple[type[NoEntryState], tuple[object, ...]]:
        return NoEntryState, (self.casino, self.token, self.counter)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(NoEntryState)


@attrs.frozen
class NoEntryClose(Action):
    """Put the token on :attr:`casino`'s die picture, closing it (T-NOENTRY-2, -3).

    >>> NoEntryClose(5)
    NoEntryClose(casino=5)
    """

    kind: ClassVar[str] = "no-entry-close"
    casino: CasinoNumber
    """The casino to close."""

    def text(self, state: State | None = None) -> str:
        """``"Close casino 5"``."""
        return f"Close casino {self.casino}"


@attrs.frozen
class NoEntryLeave(Action):
    """Leave the token where it is (a later activation; no reward, T-NOENTRY-2).

    >>> NoEntryLeave()
    NoEntryLeave()
    """

    kind: ClassVar[str] = "no-entry-leave"

    def text(self, state: State | None = None) -> str:
        """``"Leave the No Entry! token where it is"``."""
        return "Leave the No Entry! token where it is"


@final
class NoEntryChoice(Task):
    """Decision of :attr:`seat`, the active player: where the token goes (T-NOENTRY-2)."""

    __slots__ = ("seat",)
    __match_args__: ClassVar = ("module", "seat")
    __attrs_attrs__: ClassVar[Any] = described("NoEntryChoice", ("module", int), ("seat", Seat))

    kind: ClassVar[str] = "no-entry-choice"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "choose where the No Entry! token goes"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The active player."""

    def __init__(self, module: int, seat: Seat) -> None:
        self.module = module
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if type(other) is not NoEntryChoice:
            return NotImplemented
        return (self.module, self.seat) == (other.module, other.seat)

    def __hash__(self) -> int:
        return hash((self.module, self.seat))

    def __repr__(self) -> str:
        return f"NoEntryChoice(module={self.module!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[type[NoEntryChoice], tuple[object, ...]]:
        return NoEntryChoice, (self.module, self.seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(NoEntryChoice)


@attrs.frozen
class NoEntryMoved(Event):
    """The token went to :attr:`casino`, closing it, and the counter to :attr:`counter`.

    >>> NoEntryMoved(casino=5, counter=1)
    NoEntryMoved(casino=5, counter=1)
    """

    kind: ClassVar[str] = "no-entry-moved"
    casino: int
    """The casino now closed."""
    counter: int
    """The counter's new space on ``NO_ENTRY_TRACK``."""

    def text(self, state: State | None = None) -> str:
        """``"No Entry! closes casino 5"``."""
        return f"No Entry! closes casino {self.casino}"


_LEAVE: Final = NoEntryLeave()
_CLOSE: Final = tuple(NoEntryClose(c) for c in CASINO_NUMBERS)
_CHOICES: Interned[tuple[int, int, int], tuple[Action, ...]] = Interned(limit=1_024)
"""The legal actions by the number of casinos, this tile's casino and the token's, built
once (bounded: a few dozen)."""
_CLOSED: Final[tuple[frozenset[CasinoNumber], ...]] = tuple(
    frozenset((CasinoNumber(c),)) for c in range(8)
)
"""The casino under the token, closed, by its number (built once; 0 is never used)."""
_new_slice = fast_constructor(NoEntryState)
"""``NoEntryState(casino, token, counter)`` without attrs' __init__."""
_new_choice = fast_constructor(NoEntryChoice)
"""``NoEntryChoice(module, seat)`` without attrs' __init__ (built at every activation)."""


@attrs.frozen
class NoEntry(Tile[NoEntryState]):
    """No Entry! (E1): close another casino for the round (T-NOENTRY-1 to T-NOENTRY-3).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round, turn
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("E1",))))
    >>> state = turn(state, [1, 2, 2, 2, 2, 2, 2], 1, big=2)
    >>> lv.legal_actions(state)[:2]
    (NoEntryClose(casino=2), NoEntryClose(casino=3))
    >>> state = lv.apply(state, NoEntryClose(6))  # 2 chips; casino 6 is closed
    >>> state.modules[0].chips
    (4, 2, 2)
    >>> state = lv.apply(state, lv.Roll((1, 2, 3, 4, 5, 6, 6)))
    >>> lv.legal_actions(lv.apply(state, lv.Roll((6,), "big")))
    (Place(face=1), Place(face=2), Place(face=3), Place(face=4), Place(face=5), PayChip())
    """

    id: ClassVar[str] = "no-entry"
    code: ClassVar[str] = "E1"
    rule_text: ClassVar[str] = (
        "The first activation in a round must put the token on another casino: it is closed "
        "for the rest of the round, no dice enter or leave it. Later activations may move "
        "the token to another casino or leave it. Each placement or move advances the "
        "counter and pays the space it reaches: 2 chips, nothing, $30,000, nothing, 1 chip, "
        "nothing."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        s, _ = self.seen(state, index, seat)
        if not isinstance(s, NoEntryState):
            return ()
        facts = []
        if s.token:
            facts.append(TileFact("closed", f"Casino {s.token} is closed", values=(s.token,)))
        nxt = NO_ENTRY_TRACK[(s.counter + 1) % len(NO_ENTRY_TRACK)]
        text = f"Next move pays {reward_text(nxt) if nxt else 'nothing'}"
        facts.append(TileFact("next", text, amount=nxt, values=(s.counter,)))
        return tuple(facts)

    activation_chips: ClassVar[int | None] = chips_for(max(NO_ENTRY_TRACK))
    round_chips: ClassVar[int | None] = 0
    tasks: ClassVar[tuple[type[Task], ...]] = (NoEntryChoice,)
    actions: ClassVar[tuple[type[Action], ...]] = (NoEntryClose, NoEntryLeave)
    events: ClassVar[tuple[type[Event], ...]] = (NoEntryMoved,)
    state_type: ClassVar[type[ModuleState] | None] = NoEntryState

    def fresh(self, state: State, casino: CasinoNumber) -> TileState:
        """T-NOENTRY-1: the token in the middle, the counter on the start space."""
        return NoEntryState(casino)

    def closed(self, state: State, index: int) -> frozenset[CasinoNumber]:
        """T-NOENTRY-3, T-7: the casino under the token, while the tile is in play."""
        s = state.modules[index]
        if s is None:
            return _OPEN
        assert isinstance(s, NoEntryState)
        token = s.token
        if not token:
            return _OPEN
        return _CLOSED[token] if token < len(_CLOSED) else frozenset((CasinoNumber(token),))

    def activate(
        self,
        state: State,
        index: int,
        seat: Seat,
        log: list[Event] | None,
        placed: DicePlaced | None = None,
    ) -> State:
        """T-NOENTRY-2: the active seat chooses where the token goes."""
        return push_task(state, _new_choice(module=index, seat=seat), first=True)

    def task_to_move(self, state: State, index: int, task: Task) -> Seat:
        """The active player chooses."""
        assert isinstance(task, NoEntryChoice)
        return task.seat

    def task_actions(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """Any casino but this one and the one under the token; leaving it once it is out."""
        s = own_slice(self, state, index)
        key = (len(state.casinos), s.casino, s.token)
        actions = _CHOICES.get(key)  # they depend on these alone: built once
        if actions is None:
            n = key[0]
            moves = tuple(a for a in _CLOSE[:n] if a.casino not in (s.casino, s.token))
            actions = _CHOICES.keep(key, (*moves, _LEAVE) if s.token else moves)
        return actions

    def capabilities(self) -> Capabilities:
        """Its decisions, for the adapters (the action space)."""
        return Capabilities(
            action_space=self.action_space,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """Close casino 1 .. 6, or leave the token.

        >>> len(NoEntry().action_space(3))
        7
        """
        return (*_CLOSE, _LEAVE)

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The choice hides nothing."""
        return task

    def resolve(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Move the token and the counter and pay the space's reward, or leave it be."""
        task = state.tasks[0]
        assert isinstance(task, NoEntryChoice)
        draft = TileDraft(state, log)  # the task, the slice, the event and the reward as one state
        draft.pop_task()
        if type(action) is NoEntryLeave:
            return draft.build()
        assert isinstance(action, NoEntryClose)
        s = own_slice(self, state, index)
        counter = (s.counter + 1) % len(NO_ENTRY_TRACK)
        draft.set_slice(index, _new_slice(casino=s.casino, token=action.casino, counter=counter))
        if draft.hears(NoEntryMoved):
            draft.emit(NoEntryMoved(casino=action.casino, counter=counter))
        draft.reward(task.seat, NO_ENTRY_TRACK[counter])
        return draft.build()

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """The token lies on another casino (or in the middle), the counter on the track.

        >>> import lasvegas as lv
        >>> NoEntry().problems(lv.new_game(lv.royale(3)), 1)
        ()
        """
        s = state.modules[index]
        if not isinstance(s, NoEntryState):
            return ()
        found: list[str] = []
        if s.token == s.casino or not 0 <= s.token <= len(state.casinos):
            found.append(f"the token lies on casino {s.token}")
        if not 0 <= s.counter < len(NO_ENTRY_TRACK):
            found.append(f"the counter is on space {s.counter}, off the track")
        return tuple(found)
