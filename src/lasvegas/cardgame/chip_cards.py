"""``ChipCards``: chip cards for the card game and the classic dice game (K-14 to K-17, B-9).

One module serves both editions. At the start of each round (on
:class:`~lasvegas.CasinosFilled`) one chip card from the face-down pile goes next to each
casino 1..6, one chance :class:`DrawChip` per casino; chips of earlier rounds stay (K-14).
When a seat places at least two dice at a casino in one turn (on
:class:`~lasvegas.DicePlaced`: regular and neutral dice count one, a big die or double card
two, a kicker nothing; B-9, K-14) and chips lie there, that seat decides at once which chip to
take, or none (:class:`TakeChip`). Several seats qualifying at one casino in one
simultaneous turn take in turn order from the start player, one chip each while any are
left (K-17). At the end each colour held scores by its count (K-15); chips are money for
the winner but not notes for the tie-break (K-16).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from itertools import groupby
from typing import TYPE_CHECKING, ClassVar

import attrs

from ..actions import Action
from ..engine import emit, wanted
from ..errors import ConfigError, IllegalActionError
from ..events import CasinosFilled, DicePlaced, Event
from ..modules.base import Capabilities, ModuleState, RuleModule, Score, Task, TaskHandler
from ..state import Phase, State, evolve
from ..table import Interned
from ..types import MAX_MONEY, Chance, Money, Seat
from .components import CHIP_CARDS, CHIP_SET_VALUES
from .encoding import chip_cards_segments

if TYPE_CHECKING:
    from ..chance import Rng

__all__ = [
    "ChipCards",
    "ChipCardsState",
    "ChipDealt",
    "ChipTaken",
    "ChooseChip",
    "DealChips",
    "DrawChip",
    "TakeChip",
]

CHIP_CASINOS = 6
"""Chip cards lie at casinos 1..6 only (not at the slot machine, B-9)."""


@attrs.frozen(repr=False)
class DrawChip(Action):
    """Chance: the colour of the chip card dealt from the face-down pile to a casino (K-14).

    >>> DrawChip("pink")
    DrawChip(colour='pink')
    """

    kind: ClassVar[str] = "draw-chip"
    colour: str
    """The colour of the chip card."""

    def __repr__(self) -> str:
        return f"DrawChip(colour={self.colour!r})"

    def text(self, state: State | None = None) -> str:
        """The deal in words (the :func:`lasvegas.describe` protocol).

        >>> DrawChip("pink").text()
        'Deal a pink chip card'
        """
        if state is not None and state.tasks and type(state.tasks[0]) is DealChips:
            return f"Deal a {self.colour} chip card to casino {state.tasks[0].casino}"
        return f"Deal a {self.colour} chip card"


@attrs.frozen(repr=False)
class TakeChip(Action):
    """Take a chip card of this colour from the casino just played at, or none (``None``).

    >>> TakeChip("gold"), TakeChip(None)
    (TakeChip(colour='gold'), TakeChip(colour=None))
    """

    kind: ClassVar[str] = "take-chip"
    colour: str | None
    """The colour taken, or ``None`` to take no chip card."""

    def __repr__(self) -> str:
        return f"TakeChip(colour={self.colour!r})"

    def text(self, state: State | None = None) -> str:
        """The action in words (the :func:`lasvegas.describe` protocol).

        >>> TakeChip("gold").text(), TakeChip(None).text()
        ('Take a gold chip card', 'Take no chip card')
        """
        return "Take no chip card" if self.colour is None else f"Take a {self.colour} chip card"


@attrs.frozen
class ChipDealt(Event):
    """A chip card was dealt face up next to a casino (K-14).

    >>> ChipDealt(casino=3, colour="pink")
    ChipDealt(casino=3, colour='pink')
    """

    kind: ClassVar[str] = "chip-dealt"
    casino: int
    """The casino number."""
    colour: str
    """The chip's colour."""

    def text(self, state: State | None = None) -> str:
        """The event in words.

        >>> ChipDealt(casino=3, colour="pink").text()
        'Casino 3 gets a pink chip card'
        """
        return f"Casino {self.casino} gets a {self.colour} chip card"


@attrs.frozen
class ChipTaken(Event):
    """A seat took a chip card from a casino (K-14, K-17).

    >>> ChipTaken(seat=1, casino=3, colour="pink")
    ChipTaken(seat=1, casino=3, colour='pink')
    """

    kind: ClassVar[str] = "chip-taken"
    seat: Seat
    """The seat that took it."""
    casino: int
    """The casino number."""
    colour: str
    """The chip's colour."""

    def text(self, state: State | None = None) -> str:
        """The event in words.

        >>> ChipTaken(seat=1, casino=3, colour="pink").text()
        'Seat 1 takes a pink chip card at casino 3'
        """
        return f"Seat {self.seat} takes a {self.colour} chip card at casino {self.casino}"


@attrs.frozen
class DealChips(Task):
    """Chance: deal one chip card to each casino from ``casino`` to 6, one node per chip."""

    kind: ClassVar[str] = "chip-cards-deal"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_START})
    prompt: ClassVar[str | None] = "deal the chip cards"
    """What answering this task does, for a view's prompt."""
    chance: ClassVar[bool] = True
    casino: int = 1
    """The casino number the next chip goes to."""


@attrs.frozen
class ChooseChip(Task):
    """Decision: ``seat`` placed at least two dice at ``casino``; it may take a chip there."""

    kind: ClassVar[str] = "chip-cards-choose"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_START, Phase.TURN_END})
    prompt: ClassVar[str | None] = "choose whether to take a chip card"
    """What answering this task does, for a view's prompt."""
    seat: Seat = 0
    """The seat that may take a chip."""
    casino: int = 1
    """The casino number."""


@attrs.frozen
class ChipCardsState(ModuleState):
    """Where the chip cards are. Everything here is public: dealt chips lie face up.

    The face-down pile is a sorted multiset (its order is decided by chance when a chip is
    dealt); its contents follow from the chips everybody has seen.
    """

    kind: ClassVar[str] = "chip-cards"
    pile: tuple[str, ...]
    """The chips not dealt yet, sorted."""
    casinos: tuple[tuple[str, ...], ...]
    """The chips next to casinos 1..6, sorted per casino."""
    held: tuple[tuple[str, ...], ...]
    """The chips each seat has taken, sorted: the seat's own, which :meth:`ChipCards.score`
    counts (not chips the module keeps aside, its :meth:`~lasvegas.RuleModule.held`: none)."""


def _check_chips(_: object, __: attrs.Attribute[tuple[str, ...]], value: object) -> None:
    if type(value) is not tuple or not value or not all(type(c) is str and c for c in value):
        raise ConfigError("ChipCards(chips=...): give a non-empty tuple of colour names")


def _check_values(_: object, __: attrs.Attribute[tuple[Money, ...]], value: object) -> None:
    if (
        type(value) is not tuple
        or len(value) < 2
        or value[0] != 0
        or not all(type(v) is int and v >= 0 for v in value)
    ):
        raise ConfigError(
            "ChipCards(values=...): give the worth of 0, 1, 2, ... chips of one colour, "
            "starting with 0"
        )


def _slice(state: State, index: int) -> ChipCardsState:
    s = state.modules[index]
    assert isinstance(s, ChipCardsState)
    return s


def _with(state: State, index: int, s: ChipCardsState, tasks: tuple[Task, ...]) -> State:
    modules = state.modules
    return evolve(
        state,
        modules=(*modules[:index], s, *modules[index + 1 :]),
        tasks=tasks,
    )


def _takes(here: tuple[str, ...]) -> tuple[Action, ...]:
    return (*(TakeChip(c) for c in dict.fromkeys(here)), TakeChip(None))


_TAKES: Interned[tuple[str, ...], tuple[Action, ...]] = Interned(_takes)
"""The chip choices per sorted chips at a casino (bounded: a casino holds a few chips of 5
colours)."""
_DRAWS: Interned[str, DrawChip] = Interned(DrawChip)
"""Chip deals already built, by colour."""


@attrs.frozen
class ChipCards(RuleModule[ChipCardsState]):
    """Chip cards (K-14 to K-17, B-9), for the card game and the classic dice game.

    ``chips`` are the chip cards (ruling X-20: 5 colours x 5) and ``values`` what 0, 1, 2 ...
    chips of one colour are worth at the end (K-15).

    >>> import lasvegas as lv
    >>> lv.cardgame(4, ChipCards()).modules
    (ChipCards(), CardGame())
    >>> [m.id for m in lv.classic(3, ChipCards(), lv.NeutralDice()).modules]
    ['chip-cards', 'neutral-dice']
    >>> ChipCards().worth(("pink", "pink", "gold", "gold", "gold", "gold"))
    130000
    """

    id: ClassVar[str] = "chip-cards"
    order: ClassVar[int] = 5
    editions: ClassVar[frozenset[str]] = frozenset({"classic", "cardgame"})
    listens: ClassVar[tuple[type[Event], ...]] = (CasinosFilled, DicePlaced)
    actions: ClassVar[tuple[type[Action], ...]] = (DrawChip, TakeChip)
    tasks: ClassVar[tuple[type[Task], ...]] = (DealChips, ChooseChip)
    state_type: ClassVar[type[ModuleState] | None] = ChipCardsState
    events: ClassVar[tuple[type[Event], ...]] = (ChipDealt, ChipTaken)

    chips: tuple[str, ...] = attrs.field(default=CHIP_CARDS, validator=_check_chips)
    """The chip cards, by colour (ruling X-20)."""
    values: tuple[Money, ...] = attrs.field(default=CHIP_SET_VALUES, validator=_check_values)
    """What 0, 1, 2 ... chips of one colour are worth (K-15)."""

    def __attrs_post_init__(self) -> None:
        counts = Counter(self.chips)
        most = max(counts.values())
        if most >= len(self.values):
            raise ConfigError(
                f"ChipCards: {most} chips of one colour, but values only go up to "
                f"{len(self.values) - 1}"
            )
        if len(counts) * max(self.values) > MAX_MONEY:
            raise ConfigError(
                f"ChipCards: {len(counts)} colours worth up to {max(self.values)} each can"
                f" score more than {MAX_MONEY} (MAX_MONEY)"
            )

    def __repr__(self) -> str:
        fields = []
        if tuple(sorted(self.chips)) != CHIP_CARDS:
            fields.append(f"chips={self.chips!r}")
        if self.values != CHIP_SET_VALUES:
            fields.append(f"values={self.values!r}")
        return f"ChipCards({', '.join(fields)})"

    def worth(self, chips: tuple[str, ...]) -> Money:
        """What a set of chip cards scores at the end (K-15): per colour, by its count.

        >>> ChipCards().worth(("blue", "gold", "gold", "gold"))
        70000
        """
        return sum(self.values[k] for k in Counter(chips).values())

    def initial_state(self, players: int) -> ChipCardsState:
        """All chips in the face-down pile; none at the casinos or with the seats."""
        return ChipCardsState(
            pile=tuple(sorted(self.chips)),
            casinos=((),) * CHIP_CASINOS,
            held=((),) * players,
        )

    # -- reactions ---------------------------------------------------------------------------

    def react(self, state: State, index: int, event: Event, log: list[Event] | None) -> State:
        """Deal the round's chips (K-14, B-9); offer a chip to a seat that placed 2+ dice."""
        if type(event) is DicePlaced:  # the hot path: exit early when no chip is offered
            counts = event.counts
            casino = event.casino
            # a kicker does not count (B-9)
            if casino > CHIP_CASINOS or counts[0] + 2 * counts[1] + counts[3] < 2:
                return state
            s = _slice(state, index)
            if s.casinos[casino - 1]:
                task = ChooseChip(index, event.seat, casino)
                return _with(state, index, s, (*state.tasks, task))
            return state
        assert isinstance(event, CasinosFilled)
        s = _slice(state, index)
        if s.pile:
            return _with(state, index, s, (*state.tasks, DealChips(index, 1)))
        return state

    # -- tasks -------------------------------------------------------------------------------

    def task_handlers(self) -> Mapping[type[Task], TaskHandler]:
        """The chip deal (K-16, chance) and a seat's choice of chip (K-17)."""
        return {
            DealChips: TaskHandler(self.dealt, None, None, self.deal_outcomes, self.deal_sample),
            ChooseChip: TaskHandler(self.chosen, self.chooser, self.choices),
        }

    def chooser(self, state: State, index: int, task: Task) -> Seat | Chance:
        """A choice belongs to the seat that placed."""
        assert isinstance(task, ChooseChip)
        return task.seat

    def choices(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """One :class:`TakeChip` per colour lying at the casino, then taking none (K-17)."""
        assert isinstance(task, ChooseChip)
        here = _slice(state, index).casinos[task.casino - 1]
        return _TAKES[here]

    def deal_outcomes(
        self, state: State, index: int, task: Task
    ) -> tuple[tuple[Action, Fraction], ...]:
        """Each colour left in the face-down pile, by its count."""
        pile = _slice(state, index).pile
        return tuple(
            (DrawChip(c), Fraction(sum(1 for _ in group), len(pile))) for c, group in groupby(pile)
        )

    def deal_sample(self, state: State, index: int, task: Task, rng: Rng) -> Action:
        """One chip from the face-down pile."""
        pile = _slice(state, index).pile
        return _DRAWS[pile[rng.below(len(pile))]]

    def dealt(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Deal a chip to a casino (K-16)."""
        task = state.tasks[0]
        assert isinstance(task, DealChips)
        s = _slice(state, index)
        if type(action) is not DrawChip or action.colour not in s.pile:
            raise IllegalActionError(
                repr(action),
                f"{state.phase.value} ({task.kind})",
                "a chip card left in the face-down pile is dealt next",
                "bad-draw",
            )
        pile = list(s.pile)
        pile.remove(action.colour)
        at = task.casino - 1
        here = tuple(sorted((*s.casinos[at], action.colour)))
        s = ChipCardsState(tuple(pile), (*s.casinos[:at], here, *s.casinos[at + 1 :]), s.held)
        rest = state.tasks[1:]
        if task.casino < CHIP_CASINOS and pile:
            rest = (DealChips(index, task.casino + 1), *rest)
        state = _with(state, index, s, rest)
        if not wanted(state, log, ChipDealt):
            return state
        return emit(state, ChipDealt(casino=task.casino, colour=action.colour), log)

    def chosen(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Let a seat take one chip, or none (K-17)."""
        task = state.tasks[0]
        s = _slice(state, index)
        assert isinstance(task, ChooseChip)
        assert isinstance(action, TakeChip)
        if action.colour is None:
            return _with(state, index, s, state.tasks[1:])
        at = task.casino - 1
        left = list(s.casinos[at])
        left.remove(action.colour)
        seat = task.seat
        held = tuple(sorted((*s.held[seat], action.colour)))
        casinos = (*s.casinos[:at], tuple(left), *s.casinos[at + 1 :])
        s = ChipCardsState(s.pile, casinos, (*s.held[:seat], held, *s.held[seat + 1 :]))
        # K-17: later seats take while any chips are left; drop offers at casinos now empty.
        rest = tuple(
            t
            for t in state.tasks[1:]
            if not (type(t) is ChooseChip and t.module == index and not casinos[t.casino - 1])
        )
        state = _with(state, index, s, rest)
        if not wanted(state, log, ChipTaken):
            return state
        return emit(state, ChipTaken(seat=seat, casino=task.casino, colour=action.colour), log)

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """Chip tasks hold no secret."""
        return task

    def capabilities(self) -> Capabilities:
        """Its decisions (the action space), the name of its part of the money and its
        observation segments."""
        return Capabilities(
            action_space=self.action_space,
            score_name="chip cards",
            slice_encoder=chip_cards_segments,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """Taking a chip of each colour, then taking none.

        >>> ChipCards().action_space(4)
        (TakeChip(colour='blue'), TakeChip(colour='gold'), TakeChip(colour='green'), TakeChip(colour='pink'), TakeChip(colour='silver'), TakeChip(colour=None))
        """
        return (*(TakeChip(c) for c in sorted(set(self.chips))), TakeChip(None))

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """Every chip card is in the pile, at a casino or with a seat; each place sorted."""
        s = state.modules[index]
        if not isinstance(s, ChipCardsState):
            return (f"the slice is a {type(s).__name__}, not a chip-cards slice",)
        found: list[str] = []
        if len(s.casinos) != CHIP_CASINOS:
            found.append(f"chips lie at {len(s.casinos)} casinos, not {CHIP_CASINOS}")
        if len(s.held) != state.config.players:
            found.append(f"chips are held by {len(s.held)} seats, not {state.config.players}")
        places = (s.pile, *s.casinos, *s.held)
        if not all(list(p) == sorted(p) for p in places):
            found.append("a pile of chip cards is not sorted")
        seen: Counter[str] = Counter()
        for p in places:
            seen.update(p)
        if seen != Counter(self.chips):
            found.append("chip cards are not conserved")
        return tuple(found)

    # -- scoring -------------------------------------------------------------------------------

    def score(self, state: State, index: int, seat: Seat) -> Score:
        """The chip cards *seat* holds, scored per colour (K-15); they are money, not notes
        for the tie-break (K-16)."""
        return Score(money=self.worth(_slice(state, index).held[seat]))
