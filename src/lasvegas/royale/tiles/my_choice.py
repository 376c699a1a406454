"""My Choice (tile H2): throw the two black dice and take the action of one face.

T-CHOICE-1: when activated, the active player throws the two black dice (a chance node,
``Roll(group="black")``) and chooses one of the two faces; the action of that face happens
(X-16, faces 1-6 in the rulebook's order):

1. 1 chip;
2. 2 chips;
3. $30,000 from the bank (X-8, T-1);
4. activate another tile in play as if dice had just been placed at its casino (the tile
   gets ``placed=None``; a tile that acts on placed dice then does nothing);
5. rotate one of their remaining dice to any face and place it at that casino (no
   activation, T-6), or return one of their dice from a casino to their supply (T-10);
6. put one of their remaining dice on the golden space; a die already there returns to its
   owner (T-10). Dice on the golden space are in no casino (T-11).

T-CHOICE-2: during payout, at this casino's turn (T-9 (3)), the die on the golden space
returns to its owner, who gets $60,000 from the bank.

Rulings: an action that cannot be carried out does nothing (face 4 with no other tile in
play, face 5 with no die to rotate or return, face 6 with no remaining die); the actions of
faces 4-6 are a decision each (which tile, which die), and once a face is chosen its action
is not optional. Face 4 may pick any other tile in play, whether or not it has a "when
activated" effect, but not one at a closed casino (T-7: no dice could have been placed
there).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...actions import Action
from ...engine import push_task
from ...events import Event
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import Capabilities, Held, ModuleState, Task, TaskHandler, TileFact
from ...state import Phase, evolve, fast_constructor
from ...table import Interned
from ...types import BIG, REGULAR, CasinoNumber, Money, Seat
from ..bank import chips_for
from ..state import BlackThrow, TileState, own_slice, royale_state
from ..table import CASINO_NUMBERS, SUPPLY, closed_casinos
from .base import Tile, TileDraft, activate_tile
from .shared import (
    black_throw_handler,
    describe_black_throw,
    draft_return_die,
    draft_rotate_die,
    returns,
    rotations,
    throw_on_activation,
)

if TYPE_CHECKING:
    from ...events import DicePlaced
    from ...state import State

__all__ = [
    "GOLDEN_SPACE_REWARD",
    "MY_CHOICE_ACTIONS",
    "MyChoice",
    "MyChoiceActivate",
    "MyChoiceFace",
    "MyChoiceGolden",
    "MyChoiceMove",
    "MyChoicePick",
    "MyChoiceReturn",
    "MyChoiceRotate",
    "MyChoiceSpace",
    "MyChoiceState",
    "MyChoiceThrow",
    "MyChoiceTile",
]

MY_CHOICE_ACTIONS: Final[tuple[str, ...]] = (
    "1 chip",
    "2 chips",
    "$30,000",
    "activate another tile",
    "rotate or return a die",
    "golden space",
)
"""The actions of the black dice's faces 1 to 6 (X-16), in the rulebook's order."""

MY_CHOICE_REWARDS: Final[tuple[Money, ...]] = (10_000, 20_000, 30_000)
"""The rewards of faces 1 to 3 (X-16): 1 chip, 2 chips (X-8), $30,000 from the bank."""

GOLDEN_SPACE_REWARD: Final[Money] = 60_000
"""What the golden space's die earns its owner during payout (T-CHOICE-2)."""

_PLACE: Final = "golden-space"
"""The place name of the golden space in :class:`~lasvegas.royale.events.DiceMoved`."""


@final
class MyChoiceState(TileState):
    """My Choice in play: the die on the golden space.

    >>> MyChoiceState(casino=3).golden
    -1
    """

    __slots__ = ("golden", "golden_big")
    __match_args__: ClassVar = ("casino", "golden", "golden_big")
    __attrs_attrs__: ClassVar[Any] = described(
        "MyChoiceState", ("casino", CasinoNumber), ("golden", int, -1), ("golden_big", int, 0)
    )

    kind: ClassVar[str] = "my-choice"
    golden: Final[int]
    """The seat whose die lies on the golden space; ``-1`` while it is empty."""
    golden_big: Final[int]
    """1 when that die is the seat's Biggy."""

    def __init__(self, casino: CasinoNumber, golden: int = -1, golden_big: int = 0) -> None:
        self.casino = casino
        self.golden = golden
        self.golden_big = golden_big

    def __eq__(self, other: object) -> bool:
        if type(other) is not MyChoiceState:
            return NotImplemented
        return (self.casino, self.golden, self.golden_big) == (
            other.casino,
            other.golden,
            other.golden_big,
        )

    def __hash__(self) -> int:
        return hash((self.casino, self.golden, self.golden_big))

    def __repr__(self) -> str:
        return f"MyChoiceState(casino={self.casino!r}, golden={self.golden!r}, golden_big={self.golden_big!r})"

    def __reduce__(self) -> tuple[type[MyChoiceState], tuple[object, ...]]:
        return MyChoiceState, (self.casino, self.golden, self.golden_big)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(MyChoiceState)


@final
class MyChoiceThrow(BlackThrow):
    """Chance: *seat* throws the two black dice (T-CHOICE-1)."""

    __slots__ = ()
    __match_args__: ClassVar = ("module", "seat")
    __attrs_attrs__: ClassVar[Any] = described("MyChoiceThrow", ("module", int), ("seat", Seat))

    kind: ClassVar[str] = "my-choice-throw"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "throw for My Choice"
    """What answering this task does, for a view's prompt."""
    purpose: ClassVar[str] = "for My Choice"

    seat: Seat
    """The active seat."""

    def __init__(self, module: int, seat: Seat) -> None:
        self.module = module
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if type(other) is not MyChoiceThrow:
            return NotImplemented
        return (self.module, self.seat) == (other.module, other.seat)

    def __hash__(self) -> int:
        return hash((self.module, self.seat))

    def __repr__(self) -> str:
        return f"MyChoiceThrow(module={self.module!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[type[MyChoiceThrow], tuple[object, ...]]:
        return MyChoiceThrow, (self.module, self.seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(MyChoiceThrow)


@final
class MyChoiceFace(Task):
    """Decision of :attr:`seat`: which of the thrown :attr:`faces` to use."""

    __slots__ = ("faces", "seat")
    __match_args__: ClassVar = ("module", "seat", "faces")
    __attrs_attrs__: ClassVar[Any] = described(
        "MyChoiceFace", ("module", int), ("seat", Seat), ("faces", tuple[int, ...])
    )

    kind: ClassVar[str] = "my-choice-face"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "choose a My Choice reward"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The active seat."""
    faces: Final[tuple[int, ...]]
    """The black dice's faces, sorted."""

    def __init__(self, module: int, seat: Seat, faces: tuple[int, ...]) -> None:
        self.module = module
        self.seat = seat
        self.faces = faces

    def __eq__(self, other: object) -> bool:
        if type(other) is not MyChoiceFace:
            return NotImplemented
        return (self.module, self.seat, self.faces) == (other.module, other.seat, other.faces)

    def __hash__(self) -> int:
        return hash((self.module, self.seat, self.faces))

    def __repr__(self) -> str:
        return f"MyChoiceFace(module={self.module!r}, seat={self.seat!r}, faces={self.faces!r})"

    def __reduce__(self) -> tuple[type[MyChoiceFace], tuple[object, ...]]:
        return MyChoiceFace, (self.module, self.seat, self.faces)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(MyChoiceFace)


@final
class MyChoiceTile(Task):
    """Decision of :attr:`seat` (face 4): which other tile to activate."""

    __slots__ = ("seat",)
    __match_args__: ClassVar = ("module", "seat")
    __attrs_attrs__: ClassVar[Any] = described("MyChoiceTile", ("module", int), ("seat", Seat))

    kind: ClassVar[str] = "my-choice-tile"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "choose a tile to activate (My Choice)"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The active seat."""

    def __init__(self, module: int, seat: Seat) -> None:
        self.module = module
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if type(other) is not MyChoiceTile:
            return NotImplemented
        return (self.module, self.seat) == (other.module, other.seat)

    def __hash__(self) -> int:
        return hash((self.module, self.seat))

    def __repr__(self) -> str:
        return f"MyChoiceTile(module={self.module!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[type[MyChoiceTile], tuple[object, ...]]:
        return MyChoiceTile, (self.module, self.seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(MyChoiceTile)


@final
class MyChoiceMove(Task):
    """Decision of :attr:`seat` (face 5): which die to rotate and place, or to return."""

    __slots__ = ("seat",)
    __match_args__: ClassVar = ("module", "seat")
    __attrs_attrs__: ClassVar[Any] = described("MyChoiceMove", ("module", int), ("seat", Seat))

    kind: ClassVar[str] = "my-choice-move"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "rotate or return a die (My Choice)"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The active seat."""

    def __init__(self, module: int, seat: Seat) -> None:
        self.module = module
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if type(other) is not MyChoiceMove:
            return NotImplemented
        return (self.module, self.seat) == (other.module, other.seat)

    def __hash__(self) -> int:
        return hash((self.module, self.seat))

    def __repr__(self) -> str:
        return f"MyChoiceMove(module={self.module!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[type[MyChoiceMove], tuple[object, ...]]:
        return MyChoiceMove, (self.module, self.seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(MyChoiceMove)


@final
class MyChoiceSpace(Task):
    """Decision of :attr:`seat` (face 6): which remaining die goes on the golden space."""

    __slots__ = ("seat",)
    __match_args__: ClassVar = ("module", "seat")
    __attrs_attrs__: ClassVar[Any] = described("MyChoiceSpace", ("module", int), ("seat", Seat))

    kind: ClassVar[str] = "my-choice-space"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "put a die on the golden space (My Choice)"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The active seat."""

    def __init__(self, module: int, seat: Seat) -> None:
        self.module = module
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if type(other) is not MyChoiceSpace:
            return NotImplemented
        return (self.module, self.seat) == (other.module, other.seat)

    def __hash__(self) -> int:
        return hash((self.module, self.seat))

    def __repr__(self) -> str:
        return f"MyChoiceSpace(module={self.module!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[type[MyChoiceSpace], tuple[object, ...]]:
        return MyChoiceSpace, (self.module, self.seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(MyChoiceSpace)


@attrs.frozen
class MyChoicePick(Action):
    """Use the black die showing :attr:`face` (its action: ``MY_CHOICE_ACTIONS``).

    >>> MyChoicePick(face=4)
    MyChoicePick(face=4)
    """

    kind: ClassVar[str] = "my-choice-pick"
    face: int
    """One of the two faces thrown."""

    def text(self, state: State | None = None) -> str:
        """``"Choose the 4: activate another tile"``."""
        what = MY_CHOICE_ACTIONS[self.face - 1] if 1 <= self.face <= 6 else "?"
        return f"Choose the {self.face}: {what}"


@attrs.frozen
class MyChoiceActivate(Action):
    """Activate the tile at :attr:`casino` (face 4).

    >>> MyChoiceActivate(casino=2)
    MyChoiceActivate(casino=2)
    """

    kind: ClassVar[str] = "my-choice-activate"
    casino: CasinoNumber
    """The casino of the tile to activate."""

    def text(self, state: State | None = None) -> str:
        """``"Activate the tile at casino 2"``."""
        return f"Activate the tile at casino {self.casino}"


@attrs.frozen
class MyChoiceRotate(Action):
    """Rotate a remaining die (the Biggy if :attr:`big`) to :attr:`face` and place it at that
    casino; its tile is not activated (face 5, T-6).

    >>> MyChoiceRotate(face=6, big=True)
    MyChoiceRotate(face=6, big=True)
    """

    kind: ClassVar[str] = "my-choice-rotate"
    face: int
    """The face the die is turned to: the casino it goes to."""
    big: bool
    """Whether the die is the Biggy."""

    def text(self, state: State | None = None) -> str:
        """``"Turn the Biggy to 6 and place it"``."""
        return f"Turn {'the Biggy' if self.big else 'a die'} to {self.face} and place it"


@attrs.frozen
class MyChoiceReturn(Action):
    """Take one of one's dice (the Biggy if :attr:`big`) from :attr:`casino` back into one's
    supply (face 5, T-10).

    >>> MyChoiceReturn(casino=4, big=False)
    MyChoiceReturn(casino=4, big=False)
    """

    kind: ClassVar[str] = "my-choice-return"
    casino: CasinoNumber
    """The open casino the die comes from."""
    big: bool
    """Whether the die is the Biggy."""

    def text(self, state: State | None = None) -> str:
        """``"Take a die back from casino 4"``."""
        return f"Take {'the Biggy' if self.big else 'a die'} back from casino {self.casino}"


@attrs.frozen
class MyChoiceGolden(Action):
    """Put a remaining die (the Biggy if :attr:`big`) on the golden space (face 6).

    >>> MyChoiceGolden(big=False)
    MyChoiceGolden(big=False)
    """

    kind: ClassVar[str] = "my-choice-golden"
    big: bool
    """Whether the die is the Biggy."""

    def text(self, state: State | None = None) -> str:
        """``"Put a die on the golden space"``."""
        return f"Put {'the Biggy' if self.big else 'a die'} on the golden space"


def _other_tiles(state: State, casino: int) -> tuple[CasinoNumber, ...]:
    """The casinos of the tiles in play other than the one at *casino*, open ones only."""
    closed = closed_casinos(state)
    modules = state.modules
    return tuple(
        CasinoNumber(c)
        for c, j in enumerate(royale_state(state).tiles, 1)
        if c != casino and c not in closed and modules[j] is not None
    )


_PICKS: Interned[tuple[int, ...], tuple[Action, ...]] = Interned(limit=1_024)
"""The face choices by throw, built once (bounded: 21 throws)."""
_ROTATES: Final = {(f, b): MyChoiceRotate(f, b) for f in range(1, 7) for b in (False, True)}
_RETURNS: Final = {(c, b): MyChoiceReturn(c, b) for c in CASINO_NUMBERS for b in (False, True)}
"""Every rotation and return, built once."""
_GOLDEN: Final[tuple[tuple[Action, ...], ...]] = (
    (),
    (MyChoiceGolden(False),),
    (MyChoiceGolden(True),),
    (MyChoiceGolden(False), MyChoiceGolden(True)),
)
"""The golden-space choices by which kinds of die are held (1: small, 2: the Biggy)."""
_new_face = fast_constructor(MyChoiceFace)
"""``MyChoiceFace(module, seat, faces)`` without attrs' __init__."""
_new_throw = fast_constructor(MyChoiceThrow)
"""``MyChoiceThrow(module, seat)`` without attrs' __init__ (built at every activation)."""


def _seat(state: State, index: int, task: Task) -> Seat:
    """The active seat decides (the throw is chance: :class:`BlackThrow`)."""
    assert isinstance(task, MyChoiceFace | MyChoiceTile | MyChoiceMove | MyChoiceSpace)
    return task.seat


def _face_actions(state: State, index: int, task: Task) -> tuple[Action, ...]:
    """The faces thrown."""
    assert isinstance(task, MyChoiceFace)
    faces = task.faces
    picks = _PICKS.get(faces)  # they depend on the throw alone: built once
    if picks is None:
        picks = _PICKS.keep(faces, tuple(MyChoicePick(f) for f in sorted(set(faces))))
    return picks


def _tile_actions(state: State, index: int, task: Task) -> tuple[Action, ...]:
    """The other tiles."""
    s = state.modules[index]
    assert isinstance(s, MyChoiceState)
    return tuple(MyChoiceActivate(c) for c in _other_tiles(state, s.casino))


def _move_actions(state: State, index: int, task: Task) -> tuple[Action, ...]:
    """The rotations and returns of the active seat's dice."""
    assert isinstance(task, MyChoiceMove)
    seat = task.seat
    moves: list[Action] = [_ROTATES.get(fb) or MyChoiceRotate(*fb) for fb in rotations(state, seat)]
    moves.extend([_RETURNS.get(cb) or MyChoiceReturn(*cb) for cb in returns(state, seat)])
    return tuple(moves)


def _space_actions(state: State, index: int, task: Task) -> tuple[Action, ...]:
    """The dice the active seat may put on the golden space."""
    assert isinstance(task, MyChoiceSpace)
    held = state.supply[task.seat]
    return _GOLDEN[(1 if held[REGULAR] else 0) + (2 if held[BIG] else 0)]


def _activate(state: State, index: int, action: Action, log: list[Event] | None) -> State:
    """Activate the other tile chosen."""
    task = state.tasks[0]
    assert isinstance(task, MyChoiceTile)
    assert isinstance(action, MyChoiceActivate)
    draft = TileDraft(state, log)
    draft.pop_task()
    return activate_tile(draft.build(), CasinoNumber(action.casino), task.seat, log)


def _move(state: State, index: int, action: Action, log: list[Event] | None) -> State:
    """Rotate or return one of the active seat's dice."""
    task = state.tasks[0]
    assert isinstance(task, MyChoiceMove)
    draft = TileDraft(state, log)  # pop_task and the move as one state
    draft.pop_task()
    if type(action) is MyChoiceRotate:
        draft_rotate_die(draft, task.seat, action.face, action.big)
    else:
        assert isinstance(action, MyChoiceReturn)
        draft_return_die(draft, task.seat, action.casino, action.big)
    return draft.build()


def _golden(state: State, index: int, action: Action, log: list[Event] | None) -> State:
    """Put a die on the golden space; the die there goes back to its owner (T-10)."""
    task = state.tasks[0]
    assert isinstance(task, MyChoiceSpace)
    assert isinstance(action, MyChoiceGolden)
    seat = task.seat
    draft = TileDraft(state, log)  # pop_task and the moves as one state
    draft.pop_task()
    s = state.modules[index]
    assert isinstance(s, MyChoiceState)
    if s.golden >= 0:
        small, big = (0, 1) if s.golden_big else (1, 0)
        draft.move(s.golden, small, big, _PLACE, SUPPLY)
    draft.set_slice(index, MyChoiceState(s.casino, seat, int(action.big)))
    small, big = (0, 1) if action.big else (1, 0)
    draft.move(seat, small, big, SUPPLY, _PLACE)
    return draft.build()


@attrs.frozen
class MyChoice(Tile[MyChoiceState]):
    """My Choice (H2): the black dice offer two of six actions; the player takes one
    (T-CHOICE-1, T-CHOICE-2, X-16).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round, turn
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("H2",))))
    >>> state = turn(state, [1, 2, 2, 2, 2, 2, 2], 1, big=2)
    >>> state = lv.apply(state, lv.Roll((3, 6), "black"))
    >>> lv.legal_actions(state)
    (MyChoicePick(face=3), MyChoicePick(face=6))
    >>> state = lv.apply(lv.apply(state, MyChoicePick(6)), MyChoiceGolden(big=True))
    >>> state.supply[0][:2], [s for s in state.modules if isinstance(s, MyChoiceState)]
    ((6, 0), [MyChoiceState(casino=1, golden=0, golden_big=1)])
    """

    id: ClassVar[str] = "my-choice"
    code: ClassVar[str] = "H2"
    rule_text: ClassVar[str] = (
        "When activated, the active player throws the two black dice and takes the action "
        "of one of the two faces: 1, one chip; 2, two chips; 3, $30,000; 4, activate "
        "another tile; 5, turn one remaining die to any face and place it, or return one of "
        "their dice from a casino; 6, put a remaining die on the golden space. During "
        "payout the die on the golden space goes back to its owner with $60,000."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        s, tasks = self.seen(state, index, seat)
        facts = []
        for task in tasks:
            if isinstance(task, MyChoiceFace):
                thrown = " and ".join(map(str, task.faces))
                text = f"Black dice: {thrown}"
                facts.append(TileFact("black-dice", text, seat=task.seat, values=task.faces))
        if isinstance(s, MyChoiceState) and s.golden >= 0:
            text = f"Seat {s.golden}'s die is on the golden space"
            facts.append(TileFact("golden", text, seat=s.golden))
        return tuple(facts)

    # Activating another tile gives that tile's reward: Royale counts the largest of
    # the round's tiles for every activation.
    activation_chips: ClassVar[int | None] = max(chips_for(amount) for amount in MY_CHOICE_REWARDS)
    round_chips: ClassVar[int | None] = chips_for(GOLDEN_SPACE_REWARD)
    tasks: ClassVar[tuple[type[Task], ...]] = (
        MyChoiceThrow,
        MyChoiceFace,
        MyChoiceTile,
        MyChoiceMove,
        MyChoiceSpace,
    )
    actions: ClassVar[tuple[type[Action], ...]] = (
        MyChoicePick,
        MyChoiceActivate,
        MyChoiceRotate,
        MyChoiceReturn,
        MyChoiceGolden,
    )
    state_type: ClassVar[type[ModuleState] | None] = MyChoiceState

    def fresh(self, state: State, casino: CasinoNumber) -> TileState:
        """The golden space is empty."""
        return MyChoiceState(casino)

    def activate(
        self,
        state: State,
        index: int,
        seat: Seat,
        log: list[Event] | None,
        placed: DicePlaced | None = None,
    ) -> State:
        """T-CHOICE-1: the active seat throws the black dice (a chance node)."""
        return throw_on_activation(state, _new_throw(module=index, seat=seat))

    def task_handlers(self) -> Mapping[type[Task], TaskHandler]:
        """The throw (shared, :class:`BlackThrow`), then the active seat's decisions: the
        faces thrown; the other tiles; the rotations and returns; the dice for the golden
        space."""
        return {
            MyChoiceThrow: black_throw_handler(self),
            MyChoiceFace: self.decision(self._pick, _seat, _face_actions),
            MyChoiceTile: self.decision(_activate, _seat, _tile_actions),
            MyChoiceMove: self.decision(_move, _seat, _move_actions),
            MyChoiceSpace: self.decision(_golden, _seat, _space_actions),
        }

    def capabilities(self) -> Capabilities:
        """Its decisions (the action space) and the shared text of a black-dice throw."""
        return Capabilities(
            action_space=self.action_space,
            describe_action=describe_black_throw,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """Each face, each casino's tile, every rotation and return, both golden dice.

        >>> len(MyChoice().action_space(3))
        38
        """
        return (
            *(MyChoicePick(f) for f in range(1, 7)),
            *(MyChoiceActivate(c) for c in CASINO_NUMBERS),
            *(MyChoiceRotate(f, b) for f in range(1, 7) for b in (False, True)),
            *(MyChoiceReturn(c, b) for c in CASINO_NUMBERS for b in (False, True)),
            MyChoiceGolden(False),
            MyChoiceGolden(True),
        )

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The throw and the decisions hide nothing."""
        return task

    def thrown(
        self, state: State, index: int, seat: Seat, faces: tuple[int, ...], log: list[Event] | None
    ) -> State:
        """The throw asks the active seat to choose one of the faces."""
        return evolve(
            state, tasks=(_new_face(module=index, seat=seat, faces=faces), *state.tasks[1:])
        )

    def _pick(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """The action of the face chosen (X-16): a reward, or the decision that carries it
        out."""
        task = state.tasks[0]
        assert isinstance(task, MyChoiceFace)
        assert isinstance(action, MyChoicePick)
        seat, face = task.seat, action.face
        draft = TileDraft(state, log)  # pop_task and the reward as one state
        draft.pop_task()
        if face <= len(MY_CHOICE_REWARDS):
            draft.reward(seat, MY_CHOICE_REWARDS[face - 1])
            return draft.build()
        follow: Task
        if face == 4:
            follow, actions = MyChoiceTile(index, seat), _tile_actions
        elif face == 5:
            follow, actions = MyChoiceMove(index, seat), _move_actions
        else:
            follow, actions = MyChoiceSpace(index, seat), _space_actions
        state = draft.build()
        if not actions(state, index, follow):
            return state  # nothing can be done (ruling)
        return push_task(state, follow, first=True)

    def during_payout(self, state: State, index: int, log: list[Event] | None) -> State:
        """T-CHOICE-2: the golden space's die returns to its owner, who gets $60,000 from the
        bank."""
        s = own_slice(self, state, index)
        if s.golden < 0:
            return state
        draft = TileDraft(state, log)  # the slice, the move and the payment as one state
        draft.set_slice(index, MyChoiceState(s.casino))
        small, big = (0, 1) if s.golden_big else (1, 0)
        draft.move(s.golden, small, big, _PLACE, SUPPLY)
        draft.pay_from_bank(s.golden, GOLDEN_SPACE_REWARD)
        return draft.build()

    def held(self, state: State, index: int) -> Held:
        """The die on the golden space, for its owner (it is in no casino, T-11)."""
        s = state.modules[index]
        if not isinstance(s, MyChoiceState) or s.golden < 0:
            return Held()
        held = [0] * state.config.players
        held[s.golden] = 1
        return Held(dice=tuple(held))

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """The golden space is empty or holds one die of a seat.

        >>> import lasvegas as lv
        >>> from lasvegas.royale.testing import setup_round
        >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("H2",))))
        >>> index = next(i for i, m in enumerate(state.config.modules) if isinstance(m, MyChoice))
        >>> MyChoice().problems(state, index)
        ()
        """
        s = state.modules[index]
        if s is None:
            return ()
        if not isinstance(s, MyChoiceState):
            return ("the My Choice slice has the wrong type",)
        if not -1 <= s.golden < state.config.players or s.golden_big not in (0, 1):
            return (f"the golden space holds an impossible die ({s.golden}, {s.golden_big})",)
        if s.golden < 0 and s.golden_big:
            return ("an empty golden space holds a Biggy",)
        return ()
