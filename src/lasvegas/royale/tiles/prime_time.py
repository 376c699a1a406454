"""Prime Time (tile B1): before payout, this casino's winner throws the black dice and may add
them to the casinos of their faces.

T-PRIME-1: before payout (T-9 (1)), if a player is this casino's winner (whoever would take
the higher card at that moment, ties considered: ``payout.rank`` of the dice now here; an
imaginary owner is no player, T-8), they throw the two black dice (a chance node,
``Roll(group="black")``) and choose to place none, one or both of them in the casinos of
their faces: both in one casino on a double is allowed; not in a closed casino (T-7). Placed
black dice count as that player's dice for the rest of the round (the payout, and the
before-payout effects of the casinos after this one) and leave when it ends. They do not
activate (T-6).

Accounting: a black die in a casino is counted there as one of the seat's small dice, so
:meth:`PrimeTime.held` reports it as a *negative* held die of that seat (a die the
module lends the seat for the round), which keeps each seat's dice conserved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...actions import Action
from ...engine import payout_order, push_task
from ...events import Event
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import Capabilities, Held, ModuleState, Task, TileFact
from ...state import Phase, evolve, fast_constructor
from ...table import Interned
from ...types import CasinoNumber, Chance, Seat
from ..state import BlackThrow, TileState, own_slice
from ..table import closed_casinos
from .base import Tile, TileDraft
from .shared import describe_black_throw

if TYPE_CHECKING:
    from ...state import State

__all__ = [
    "BLACK_DICE",
    "PrimeTime",
    "PrimeTimeChoice",
    "PrimeTimePlace",
    "PrimeTimeState",
    "PrimeTimeThrow",
]

BLACK_DICE: Final = "black-dice"
"""The place name of the black dice off the table in
:class:`~lasvegas.royale.events.DiceMoved`."""


@final
class PrimeTimeState(TileState):
    """Prime Time in play: the black dice placed this round and the seat they count for.

    >>> PrimeTimeState(casino=1).placed
    ()
    """

    __slots__ = ("placed", "seat")
    __match_args__: ClassVar = ("casino", "seat", "placed")
    __attrs_attrs__: ClassVar[Any] = described(
        "PrimeTimeState",
        ("casino", CasinoNumber),
        ("seat", int, -1),
        ("placed", tuple[int, ...], ()),
    )

    kind: ClassVar[str] = "prime-time"
    seat: Final[int]
    """The seat the placed black dice count for; ``-1`` before any is placed."""
    placed: Final[tuple[int, ...]]
    """The casino number of each black die placed, in order."""

    def __init__(self, casino: CasinoNumber, seat: int = -1, placed: tuple[int, ...] = ()) -> None:
        self.casino = casino
        self.seat = seat
        self.placed = placed

    def __eq__(self, other: object) -> bool:
        if type(other) is not PrimeTimeState:
            return NotImplemented
        return (self.casino, self.seat, self.placed) == (other.casino, other.seat, other.placed)

    def __hash__(self) -> int:
        return hash((self.casino, self.seat, self.placed))

    def __repr__(self) -> str:
        return f"PrimeTimeState(casino={self.casino!r}, seat={self.seat!r}, placed={self.placed!r})"

    def __reduce__(self) -> tuple[type[PrimeTimeState], tuple[object, ...]]:
        return PrimeTimeState, (self.casino, self.seat, self.placed)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(PrimeTimeState)


@attrs.frozen
class PrimeTimePlace(Action):
    """Place the black dice showing :attr:`faces` at the casinos of those faces (none: ``()``).

    >>> PrimeTimePlace((2, 5))
    PrimeTimePlace(faces=(2, 5))
    """

    kind: ClassVar[str] = "prime-time-place"
    faces: tuple[int, ...]
    """The faces of the black dice placed, sorted: none, one or both."""

    def text(self, state: State | None = None) -> str:
        """``"Place the black dice at casinos 2 and 5"``."""
        if not self.faces:
            return "Place no black die"
        if len(self.faces) == 1:
            return f"Place a black die at casino {self.faces[0]}"
        return f"Place the black dice at casinos {self.faces[0]} and {self.faces[1]}"


@final
class PrimeTimeThrow(BlackThrow):
    """Chance: *seat*, this casino's winner, throws the two black dice (T-PRIME-1)."""

    __slots__ = ()
    __match_args__: ClassVar = ("module", "seat")
    __attrs_attrs__: ClassVar[Any] = described("PrimeTimeThrow", ("module", int), ("seat", Seat))

    kind: ClassVar[str] = "prime-time-throw"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.PAYOUT})
    prompt: ClassVar[str | None] = "throw for Prime Time"
    """What answering this task does, for a view's prompt."""
    purpose: ClassVar[str] = "for Prime Time"

    seat: Seat
    """The winner."""

    def __init__(self, module: int, seat: Seat) -> None:
        self.module = module
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if type(other) is not PrimeTimeThrow:
            return NotImplemented
        return (self.module, self.seat) == (other.module, other.seat)

    def __hash__(self) -> int:
        return hash((self.module, self.seat))

    def __repr__(self) -> str:
        return f"PrimeTimeThrow(module={self.module!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[type[PrimeTimeThrow], tuple[object, ...]]:
        return PrimeTimeThrow, (self.module, self.seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(PrimeTimeThrow)


@final
class PrimeTimeChoice(Task):
    """Decision of :attr:`seat`: which of the thrown black dice to place (T-PRIME-1)."""

    __slots__ = ("faces", "seat")
    __match_args__: ClassVar = ("module", "seat", "faces")
    __attrs_attrs__: ClassVar[Any] = described(
        "PrimeTimeChoice", ("module", int), ("seat", Seat), ("faces", tuple[int, ...])
    )

    kind: ClassVar[str] = "prime-time-choice"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.PAYOUT})
    prompt: ClassVar[str | None] = "stop or go on (Prime Time)"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The winner."""
    faces: Final[tuple[int, ...]]
    """The two black dice's faces, sorted."""

    def __init__(self, module: int, seat: Seat, faces: tuple[int, ...]) -> None:
        self.module = module
        self.seat = seat
        self.faces = faces

    def __eq__(self, other: object) -> bool:
        if type(other) is not PrimeTimeChoice:
            return NotImplemented
        return (self.module, self.seat, self.faces) == (other.module, other.seat, other.faces)

    def __hash__(self) -> int:
        return hash((self.module, self.seat, self.faces))

    def __repr__(self) -> str:
        return f"PrimeTimeChoice(module={self.module!r}, seat={self.seat!r}, faces={self.faces!r})"

    def __reduce__(self) -> tuple[type[PrimeTimeChoice], tuple[object, ...]]:
        return PrimeTimeChoice, (self.module, self.seat, self.faces)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(PrimeTimeChoice)


def _options(faces: tuple[int, ...], closed: frozenset[int]) -> tuple[Action, ...]:
    a, b = faces
    options: list[Action] = [PrimeTimePlace(())]
    for f in sorted({a, b}):
        if f not in closed:
            options.append(PrimeTimePlace((f,)))
    if a not in closed and b not in closed:
        options.append(PrimeTimePlace((a, b)))
    return tuple(options)


_SPACE: Final[tuple[Action, ...]] = (
    PrimeTimePlace(()),
    *(PrimeTimePlace((f,)) for f in range(1, 7)),
    *(PrimeTimePlace((a, b)) for a in range(1, 7) for b in range(a, 7)),
)


_new_slice = fast_constructor(PrimeTimeState)
"""``PrimeTimeState(casino, seat, placed)`` without attrs' __init__."""
_new_throw = fast_constructor(PrimeTimeThrow)
"""``PrimeTimeThrow(module, seat)`` without attrs' __init__ (built at every activation)."""
_OPTIONS: Interned[tuple[tuple[int, ...], frozenset[int]], tuple[Action, ...]] = Interned(
    limit=4_096
)
"""The choices by throw and closed casinos, built once (bounded: 21 throws times the few
sets of closed casinos)."""


@attrs.frozen
class PrimeTime(Tile[PrimeTimeState]):
    """Prime Time (B1): the winner here may add the two black dice to the table (T-PRIME-1).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import finish_round, setup_round
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("B1",))))
    >>> state = finish_round(state, {0: 1, 1: 4, 2: 5})  # seat 0 wins casino 1
    >>> lv.chance_outcomes(state)[0]
    (Roll(faces=(1, 1), group='black'), Fraction(1, 36))
    >>> state = lv.apply(state, lv.Roll((4, 6), "black"))
    >>> lv.to_move(state), lv.legal_actions(state)[-1]
    (0, PrimeTimePlace(faces=(4, 6)))
    """

    id: ClassVar[str] = "prime-time"
    code: ClassVar[str] = "B1"
    rule_text: ClassVar[str] = (
        "Before payout, this casino's winner throws the two black dice and may put none, "
        "one or both of them at the casinos of their faces (not a closed casino). Placed "
        "black dice count as that player's dice for the rest of the round; they activate "
        "nothing."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        s, tasks = self.seen(state, index, seat)
        facts = []
        for task in tasks:
            if isinstance(task, PrimeTimeChoice):
                thrown = " and ".join(map(str, task.faces))
                text = f"Seat {task.seat} threw the black dice: {thrown}"
                facts.append(TileFact("black-dice", text, seat=task.seat, values=task.faces))
        if isinstance(s, PrimeTimeState) and s.seat >= 0 and s.placed:
            where = ", ".join(map(str, s.placed))
            text = f"Black dice of Seat {s.seat} at casino {where}"
            facts.append(TileFact("placed", text, seat=s.seat, values=s.placed))
        return tuple(facts)

    activation_chips: ClassVar[int | None] = 0
    round_chips: ClassVar[int | None] = 0
    tasks: ClassVar[tuple[type[Task], ...]] = (PrimeTimeThrow, PrimeTimeChoice)
    actions: ClassVar[tuple[type[Action], ...]] = (PrimeTimePlace,)
    state_type: ClassVar[type[ModuleState] | None] = PrimeTimeState

    def fresh(self, state: State, casino: CasinoNumber) -> TileState:
        """No black die on the table."""
        return PrimeTimeState(casino)

    def before_payout(self, state: State, index: int, log: list[Event] | None) -> State:
        """T-PRIME-1: the winner here now (ties considered) throws the black dice."""
        s = own_slice(self, state, index)
        ranked = payout_order(state.casinos[s.casino - 1])  # payout.rank(weights), remembered
        if not ranked or ranked[0] >= state.config.players:
            return state
        return push_task(state, _new_throw(module=index, seat=ranked[0]), first=True)

    def task_to_move(self, state: State, index: int, task: Task) -> Seat | Chance:
        """The placement is the winner's choice (the throw is chance: :class:`BlackThrow`)."""
        assert isinstance(task, PrimeTimeChoice)
        return task.seat

    def task_actions(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """None, either die alone, or both; never into a closed casino (T-7)."""
        assert isinstance(task, PrimeTimeChoice)
        closed = closed_casinos(state) if state.config.ruleset.closers else frozenset()
        key = (task.faces, closed)
        options = _OPTIONS.get(key)  # the choices depend on these alone: built once
        if options is None:
            options = _OPTIONS.keep(key, _options(task.faces, closed))
        return options

    def capabilities(self) -> Capabilities:
        """Its decisions (the action space) and the shared text of a black-dice throw."""
        return Capabilities(
            action_space=self.action_space,
            describe_action=describe_black_throw,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """Every placement of none, one or two black dice.

        >>> len(PrimeTime().action_space(3))
        28
        """
        return _SPACE

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The throw and the choice hide nothing."""
        return task

    def thrown(
        self, state: State, index: int, seat: Seat, faces: tuple[int, ...], log: list[Event] | None
    ) -> State:
        """The throw asks the winner to choose where the black dice go."""
        return evolve(state, tasks=(PrimeTimeChoice(index, seat, faces), *state.tasks[1:]))

    def resolve(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """The choice places the black dice."""
        task = state.tasks[0]
        rest = state.tasks[1:]
        assert isinstance(task, PrimeTimeChoice)
        assert isinstance(action, PrimeTimePlace)
        draft = TileDraft(state, log)  # the task, the slice and the moves as one state
        draft.tasks = rest
        if not action.faces:
            return draft.build()
        s = own_slice(self, state, index)
        draft.set_slice(
            index, _new_slice(casino=s.casino, seat=task.seat, placed=(*s.placed, *action.faces))
        )
        for face in action.faces:
            draft.move(task.seat, 1, 0, BLACK_DICE, CasinoNumber(face))
        return draft.build()

    def round_end(self, state: State, index: int, log: list[Event] | None) -> State:
        """The black dice leave the table when the round ends."""
        s = own_slice(self, state, index)
        if not s.placed:
            return state
        draft = TileDraft(state, log)  # the slice and the moves as one state
        draft.set_slice(index, PrimeTimeState(s.casino))
        for casino in s.placed:
            draft.move(s.seat, 1, 0, CasinoNumber(casino), BLACK_DICE)
        return draft.build()

    def held(self, state: State, index: int) -> Held:
        """The black dice on the table, as negative held dice of the seat they count for (the
        casinos count them as that seat's dice; see the module's docstring)."""
        s = state.modules[index]
        if s is None:
            return Held()
        assert isinstance(s, PrimeTimeState)
        if not s.placed:
            return Held()
        return Held(
            dice=tuple(-len(s.placed) if seat == s.seat else 0 for seat in range(s.seat + 1))
        )

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """At most the two black dice, counted for a seat, at casinos that hold them.

        >>> import lasvegas as lv
        >>> PrimeTime().problems(lv.new_game(lv.royale(3)), 1)
        ()
        """
        s = state.modules[index]
        if not isinstance(s, PrimeTimeState) or not s.placed:
            return ()
        if len(s.placed) > 2 or not 0 <= s.seat < state.config.players:
            return (f"black dice {s.placed} placed for seat {s.seat}",)
        if any(not 1 <= c <= len(state.casinos) for c in s.placed):
            return (f"black dice placed off the table: {s.placed}",)
        for casino in set(s.placed):
            if state.casinos[casino - 1].dice[s.seat] < s.placed.count(casino):
                return (f"casino {casino} holds fewer dice of seat {s.seat} than black dice",)
        return ()
