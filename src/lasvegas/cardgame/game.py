"""``CardGame``: Las Vegas: The Card Game (rules K-1 to K-18) on the shared engine.

The card game is the ``"cardgame"`` edition: 4 rounds, the 48 notes, payout to the top two,
no classic filling, and this module, which runs each round through tasks:

1. on :class:`~lasvegas.RoundStarted` it takes the seats' cards into its slice (the core's
   ``supply`` is empty, so the core's turn loop finds nobody) and deals 2 notes to each
   casino 1..6, one chance :class:`~lasvegas.Draw` per note from the core's pile (K-3);
2. on :class:`~lasvegas.CasinosFilled` (after the chip cards, when that module is on) it deals
   each seat 5 cards, seat by seat from the start player, one chance :class:`DrawCard` per
   card (K-4);
3. then up to 6 turns (K-1, K-8): every seat still in the round commits a
   :class:`PlayCards`, in turn order from the start player; nothing of a commitment shows in
   another seat's view or events until the last one reveals them all (K-5, K-13). Revealed
   cards go on the casinos as dice (a double card is one ``big`` die, counting two, K-10), so
   the core's ranking pays them; unchosen cards are discarded (K-6); a seat with 8 cards
   placed is out (K-7); the others draw 5 (K-6, K-9).

When its last task ends no seat holds dice, so the core goes straight to the payout, which
this module takes over only to send leftover notes to the box (K-10). With the
:class:`~lasvegas.cardgame.Sequential` module, seats play one after another instead (K-12).
"""

from __future__ import annotations

import functools
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from itertools import combinations, combinations_with_replacement, groupby
from typing import TYPE_CHECKING, ClassVar, TypeVar

import attrs

from ..actions import Action, Draw
from ..chance import multiset_draw_distribution
from ..config import GameConfig, Params
from ..engine import emit, to_move
from ..errors import ConfigError, IllegalActionError
from ..events import (
    BanknotePaid,
    CasinosFilled,
    DicePlaced,
    Event,
    NoteDealt,
    RoundStarted,
    TiesRemoved,
)
from ..modules.base import Capabilities, ModuleState, RuleModule, Task, TaskHandler
from ..payout import rank, tied
from ..state import Casino, Phase, State, fast_constructor
from ..types import CHANCE, Chance, Money, Seat
from .components import (
    DICE_CARDS,
    HAND_SIZE,
    HIDDEN,
    NOTES,
    NOTES_PER_CASINO,
    OUT_AT,
    TURNS,
    Card,
    card_name,
    is_card,
)

if TYPE_CHECKING:
    from ..chance import Rng
    from ..view import PlayerView

T = TypeVar("T")

__all__ = [
    "CardDrawn",
    "CardGame",
    "CardGameState",
    "CardsCommitted",
    "CardsDiscarded",
    "CardsPlayed",
    "ChooseCards",
    "DealCards",
    "DealNotes",
    "DrawCard",
    "NotesBoxed",
    "PlayCards",
    "SeatOut",
    "drawing_seat",
    "is_sequential",
    "selections",
]

# -- actions -------------------------------------------------------------------------------


@attrs.frozen(repr=False)
class PlayCards(Action):
    """Choose these cards from the hand and place them at the casinos of their faces (K-5).

    ``cards`` is the sorted tuple of card codes (``10 * face + dice``, see
    :mod:`lasvegas.cardgame.components`): 1 or 2 cards, or 3 to 5 cards of one face.

    >>> PlayCards((51, 51, 52))
    PlayCards(cards=(51, 51, 52))
    >>> PlayCards((51, 51, 52)).text()
    'Play a 5, a 5 and a double 5'
    """

    kind: ClassVar[str] = "play-cards"
    cards: tuple[Card, ...]
    """The chosen cards, sorted."""

    def __repr__(self) -> str:
        return f"PlayCards(cards={self.cards!r})"

    def canonical(self) -> PlayCards:
        """The selection with its cards sorted, as the legal actions list it: the order in
        which the cards are named makes no difference.

        >>> PlayCards((52, 51, 51)).canonical()
        PlayCards(cards=(51, 51, 52))
        """
        ordered = tuple(sorted(self.cards))
        return self if ordered == self.cards else PlayCards(ordered)

    def text(self, state: State | None = None) -> str:
        """The selection in words (the :func:`lasvegas.describe` protocol).

        >>> PlayCards((11, 42)).text()
        'Play a 1 and a double 4'
        """
        what = _join([card_name(c) for c in self.cards])
        if state is not None and state.tasks and type(state.tasks[0]) is ChooseCards:
            seat = to_move(state)
            return f"Seat {seat} plays {what}"
        return f"Play {what}"


@attrs.frozen(repr=False)
class DrawCard(Action):
    """Chance: the card a seat draws from its draw pile (one node per card, K-4, K-6).

    The card game's notes are drawn with the core's :class:`~lasvegas.Draw`; dice cards with
    this action, whose ``card`` is a card code (``10 * face + dice``).

    >>> DrawCard(52)
    DrawCard(card=52)
    """

    kind: ClassVar[str] = "draw-card"
    card: Card
    """The card drawn."""

    def __repr__(self) -> str:
        return f"DrawCard(card={self.card!r})"

    def text(self, state: State | None = None) -> str:
        """The draw in words (the :func:`lasvegas.describe` protocol).

        >>> DrawCard(52).text()
        'Draw a double 5'
        """
        if state is not None and state.tasks and type(state.tasks[0]) is DealCards:
            return f"Seat {state.tasks[0].seats[0]} draws {card_name(self.card)}"
        return f"Draw {card_name(self.card)}"


# -- events --------------------------------------------------------------------------------


@attrs.frozen
class CardDrawn(Event):
    """A seat drew a card, face down (its owner sees it in its own view, K-18).

    >>> CardDrawn(seat=2)
    CardDrawn(seat=2)
    """

    kind: ClassVar[str] = "card-drawn"
    seat: Seat
    """The seat that drew."""

    def text(self, state: State | None = None) -> str:
        """The event in words.

        >>> CardDrawn(seat=2).text()
        'Seat 2 draws a card'
        """
        return f"Seat {self.seat} draws a card"


@attrs.frozen
class CardsCommitted(Event):
    """A seat chose its cards for this turn; what it chose stays hidden until the reveal (K-13).

    >>> CardsCommitted(seat=1)
    CardsCommitted(seat=1)
    """

    kind: ClassVar[str] = "cards-committed"
    seat: Seat
    """The seat that chose."""

    def text(self, state: State | None = None) -> str:
        """The event in words.

        >>> CardsCommitted(seat=1).text()
        'Seat 1 has chosen its cards'
        """
        return f"Seat {self.seat} has chosen its cards"


@attrs.frozen
class CardsPlayed(Event):
    """A seat's chosen cards were revealed and placed at the casinos (K-5).

    Followed by one :class:`~lasvegas.DicePlaced` per casino, counting single cards as
    ``regular`` dice and double cards as ``big`` dice.

    >>> CardsPlayed(seat=0, cards=(51, 51, 52))
    CardsPlayed(seat=0, cards=(51, 51, 52))
    """

    kind: ClassVar[str] = "cards-played"
    seat: Seat
    """The seat whose cards were placed."""
    cards: tuple[Card, ...]
    """The cards, sorted."""

    def text(self, state: State | None = None) -> str:
        """The event in words.

        >>> CardsPlayed(seat=0, cards=(51, 52)).text()
        'Seat 0 plays a 5 and a double 5'
        """
        return f"Seat {self.seat} plays {_join([card_name(c) for c in self.cards])}"


@attrs.frozen
class CardsDiscarded(Event):
    """A seat put cards face down under its cocktail glass (K-6, K-7; private, K-18).

    >>> CardsDiscarded(seat=3, count=3)
    CardsDiscarded(seat=3, count=3)
    """

    kind: ClassVar[str] = "cards-discarded"
    seat: Seat
    """The seat that discarded."""
    count: int
    """How many cards (which ones is private)."""

    def text(self, state: State | None = None) -> str:
        """The event in words.

        >>> CardsDiscarded(seat=3, count=3).text(), CardsDiscarded(seat=3, count=1).text()
        ('Seat 3 discards 3 cards', 'Seat 3 discards 1 card')
        """
        return f"Seat {self.seat} discards {self.count} card{'s' if self.count != 1 else ''}"


@attrs.frozen
class SeatOut(Event):
    """A seat is out for the rest of the round.

    ``reason`` is ``"eight-cards"`` (8 or more cards placed, K-7) or ``"no-cards"`` (no card
    in hand and none to draw, K-9).

    >>> SeatOut(seat=2, reason="eight-cards")
    SeatOut(seat=2, reason='eight-cards')
    """

    kind: ClassVar[str] = "seat-out"
    seat: Seat
    """The seat that is out."""
    reason: str
    """Why: ``"eight-cards"`` or ``"no-cards"``."""

    def text(self, state: State | None = None) -> str:
        """The event in words.

        >>> SeatOut(seat=2, reason="eight-cards").text()
        'Seat 2 is out for the round (8 or more cards placed)'
        """
        why = "8 or more cards placed" if self.reason == "eight-cards" else "no cards left"
        return f"Seat {self.seat} is out for the round ({why})"


@attrs.frozen
class NotesBoxed(Event):
    """Notes left at a casino after its payout went back to the box, out of the game (K-10).

    >>> NotesBoxed(casino=5, values=(90_000, 40_000))
    NotesBoxed(casino=5, values=(90000, 40000))
    """

    kind: ClassVar[str] = "notes-boxed"
    casino: int
    """The casino number."""
    values: tuple[Money, ...]
    """The notes, highest first."""

    def text(self, state: State | None = None) -> str:
        """The event in words.

        >>> NotesBoxed(casino=5, values=(90_000, 40_000)).text()
        'Casino 5: $90,000 and $40,000 go back to the box'
        """
        verb = "goes" if len(self.values) == 1 else "go"
        notes = _join([f"${v:,}" for v in self.values])
        return f"Casino {self.casino}: {notes} {verb} back to the box"


# -- tasks ---------------------------------------------------------------------------------


@attrs.frozen
class DealNotes(Task):
    """Chance: deal the round's notes, 2 per casino, casinos 1..6 in order (K-3)."""

    kind: ClassVar[str] = "cardgame-deal-notes"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.FILL})
    prompt: ClassVar[str | None] = "deal the notes"
    """What answering this task does, for a view's prompt."""
    chance: ClassVar[bool] = True


@attrs.frozen
class DealCards(Task):
    """Chance: draw cards into hands, one card per node, seat by seat (K-4, K-6, K-9)."""

    kind: ClassVar[str] = "cardgame-deal-cards"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_START})
    prompt: ClassVar[str | None] = "deal the cards"
    """What answering this task does, for a view's prompt."""
    chance: ClassVar[bool] = True
    seats: tuple[Seat, ...] = ()
    """The seats still to draw, in order; the first draws until it holds 5 cards."""


@attrs.frozen
class ChooseCards(Task):
    """Decision: the first seat (clockwise from the start player) still in the round that has
    not chosen this turn chooses its cards (K-5, K-13; K-12 with ``Sequential``)."""

    kind: ClassVar[str] = "cardgame-choose"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_START})
    prompt: ClassVar[str | None] = "choose cards to play"
    """What answering this task does, for a view's prompt."""


# -- the module's slice ------------------------------------------------------------------------


@attrs.frozen
class CardGameState(ModuleState):
    """The card game's slice of the state: cards per seat, the turn, and the box.

    In a seat's view (:func:`lasvegas.observe`) another seat's hand, draw pile and discards
    show as that many :data:`~lasvegas.cardgame.components.HIDDEN` cards, and another seat's
    choice as ``()`` once made (K-13, K-18). Draw piles are sorted multisets: their order is
    decided by chance when a card is drawn, so it is nowhere in the state.
    """

    kind: ClassVar[str] = "cardgame"
    turn: int
    """The turn of the round, 1 to 6 (0 before the hands are dealt)."""
    decks: tuple[tuple[Card, ...], ...]
    """Each seat's draw pile, as a sorted multiset."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, sorted (chosen cards stay in it until the reveal)."""
    discards: tuple[tuple[Card, ...], ...]
    """Each seat's cards under its cocktail glass this round, sorted."""
    choices: tuple[tuple[Card, ...] | None, ...]
    """Each seat's choice this turn: ``None`` until the seat has chosen."""
    out: tuple[bool, ...]
    """Which seats are out for the rest of the round (K-7, K-9)."""
    box: tuple[Money, ...]
    """Notes gone back to the box, out of the game (K-10), in the order they went."""
    placed: tuple[int, ...]
    """Cards (not dice) each seat has placed at the casinos this round (K-7)."""


def drawing_seat(state: State) -> Seat | None:
    """The seat whose draw pile the next card comes from at a card-draw node (K-4, K-6,
    K-9), or ``None`` when no card is being drawn: the chance outcomes there
    (``lv.chance_outcomes``) are that seat's cards.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.cardgame(3))
    >>> drawing_seat(state) is None  # the notes are dealt first
    True
    >>> for _ in range(12):
    ...     state = lv.apply(state, lv.chance_outcomes(state)[0][0])
    >>> drawing_seat(state), lv.to_move(state)
    (0, lv.CHANCE)
    """
    if state.tasks:
        task = state.tasks[0]
        if type(task) is DealCards and task.seats:
            return task.seats[0]
    return None


# -- legal selections ------------------------------------------------------------------------

_SELECTIONS: dict[tuple[Card, ...], tuple[Action, ...]] = {}
"""Legal selections per hand (bounded: hands are multisets of at most 5 of the 12 cards)."""


def selections(hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """Every legal selection from a sorted *hand*, without duplicates (K-5).

    1 or 2 cards of any faces, or 3 to 5 cards all of one face. Cards with the same code are
    identical, so a selection is a sorted sub-multiset of the hand. Sorted by size, then by
    cards; cached per hand.

    >>> selections((21, 21, 42))
    (PlayCards(cards=(21,)), PlayCards(cards=(42,)), PlayCards(cards=(21, 21)), PlayCards(cards=(21, 42)))
    >>> len(selections((51, 51, 51, 52, 61)))
    10
    """
    found = _SELECTIONS.get(hand)
    if found is None:
        picks: set[tuple[Card, ...]] = set()
        for k in range(1, len(hand) + 1):
            for combo in combinations(hand, k):
                if k <= 2 or combo[0] // 10 == combo[-1] // 10:
                    picks.add(combo)
        found = tuple(PlayCards(c) for c in sorted(picks, key=lambda c: (len(c), c)))
        if len(_SELECTIONS) >= 10_000:  # bounded, whatever it is asked
            _SELECTIONS.clear()
        _SELECTIONS[hand] = found
    return found


# -- helpers -----------------------------------------------------------------------------------


# States, slices, casinos and deal tasks are built on every step of the card game: without
# attrs' __init__, which costs about twice as much on CPython 3.11 (docs/performance.md). None of these
# classes has validators or converters.
_new_state = fast_constructor(State)
_new_casino = fast_constructor(Casino)
_new_slice = fast_constructor(CardGameState)
_new_deal = fast_constructor(DealCards)


def _rebuild(
    state: State,
    modules: tuple[ModuleState | None, ...],
    tasks: tuple[Task, ...],
    casinos: tuple[Casino, ...] | None = None,
) -> State:
    """A copy of *state* with new module slices, tasks and (optionally) casinos."""
    return _new_state(
        state.config,
        state.round,
        state.phase,
        state.cursor,
        state.start,
        state.active,
        state.supply,
        state.rolled,
        state.casinos if casinos is None else casinos,
        state.pile_hidden,
        state.pile_returned,
        state.money,
        modules,
        tasks,
    )


def _join(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _put(items: tuple[T, ...], at: int, value: T) -> tuple[T, ...]:
    changed = list(items)  # faster than slicing for the few seats of a game
    changed[at] = value
    return tuple(changed)


def _slice(state: State, index: int) -> CardGameState:
    s = state.modules[index]
    assert isinstance(s, CardGameState)
    return s


def _with_slice(state: State, index: int, s: CardGameState) -> State:
    return _rebuild(state, _put(state.modules, index, s), state.tasks)


def _evolve(s: CardGameState, **changes: object) -> CardGameState:
    """``attrs.evolve`` for the slice, without attrs' __init__."""
    return _new_slice(*(changes.get(name, getattr(s, name)) for name in _SLICE_FIELDS))


_SLICE_FIELDS: tuple[str, ...] = tuple(f.name for f in attrs.fields(CardGameState))

_ORDERS: dict[int, tuple[tuple[Seat, ...], ...]] = {}
"""Per player count, the seats clockwise from each start seat (bounded by the counts)."""


def _orders(n: int) -> tuple[tuple[Seat, ...], ...]:
    orders = _ORDERS.get(n)
    if orders is None:
        if len(_ORDERS) >= 10_000:  # bounded, whatever it is asked
            _ORDERS.clear()
        orders = _ORDERS[n] = tuple(tuple((s + i) % n for i in range(n)) for s in range(n))
    return orders


def _mover(s: CardGameState, start: Seat) -> Seat | None:
    """The first seat clockwise from *start* still in the round that has not chosen yet."""
    out = s.out
    choices = s.choices
    for seat in _orders(len(out))[start]:
        if choices[seat] is None and not out[seat]:
            return seat
    return None


def _state_mover(state: State, index: int) -> Seat | None:
    """:func:`_mover` of *state*'s slice and start player."""
    return _mover(state.modules[index], state.start)  # type: ignore[arg-type]


def _face(code: Card) -> int:
    return code // 10


def _illegal(state: State, action: object, message: str, reason: str) -> IllegalActionError:
    task = state.tasks[0] if state.tasks else None
    phase = state.phase.value if task is None else f"{state.phase.value} ({task.kind})"
    return IllegalActionError(repr(action), phase, message, reason)


def _check_deck(_: object, __: attrs.Attribute[tuple[Card, ...]], value: object) -> None:
    if type(value) is not tuple or not value or not all(is_card(c) for c in value):
        raise ConfigError(
            "CardGame(deck=...): give a non-empty tuple of card codes 10*face+dice "
            "(face 1-6, one or two dice)"
        )


def _check_notes(_: object, __: attrs.Attribute[tuple[Money, ...]], value: object) -> None:
    if type(value) is not tuple or not value or not all(type(v) is int and v > 0 for v in value):
        raise ConfigError("CardGame(notes=...): give a non-empty tuple of positive amounts")


_DRAWS: dict[Card, DrawCard] = {}
"""Card draws already built, by card."""


@functools.lru_cache(maxsize=4096)
def _card_draws(deck: tuple[Card, ...]) -> tuple[tuple[Action, Fraction], ...]:
    """The card draws from a (sorted) draw pile with their exact probabilities, remembered
    for the last few thousand piles (a search or an OpenSpiel walk asks for the same piles
    again and again)."""
    total = len(deck)
    draws: list[tuple[Action, Fraction]] = []
    start = 0
    while start < total:
        card = deck[start]
        end = bisect_right(deck, card, start)
        draws.append((_draw_action(card), _share(end - start, total)))
        start = end
    return tuple(draws)


_SHARES: dict[tuple[int, int], Fraction] = {}
"""``Fraction(k, n)`` for the counts of a draw pile (bounded: both at most the deck's size)."""


def _share(k: int, n: int) -> Fraction:
    share = _SHARES.get((k, n))
    if share is None:
        share = _SHARES[(k, n)] = Fraction(k, n)
    return share


def _draw_action(c: Card) -> DrawCard:
    action = _DRAWS.get(c)
    if action is None:
        if len(_DRAWS) >= 10_000:  # bounded, whatever it is asked
            _DRAWS.clear()
        action = _DRAWS[c] = DrawCard(c)
    return action


_QUIET: frozenset[type[Event]] = frozenset(
    {CardsCommitted, CardsPlayed, DicePlaced, CardsDiscarded, SeatOut}
)
"""The events of a reveal: built only for a step() caller or a module reacting to one."""

_NOTE_DRAWS: dict[Money, Draw] = {}
"""Note draws already built, by value."""

_PLACEMENTS: dict[tuple[Card, ...], tuple[tuple[int, int, int], ...]] = {}
"""Per selection, ``(face, singles, doubles)`` per face it covers (bounded: a selection is a
sub-multiset of at most 5 of the 12 cards, 1 or 2 cards or one face)."""


def _placements(cards: tuple[Card, ...]) -> tuple[tuple[int, int, int], ...]:
    """The sorted *cards* as runs of one face: ``(face, singles, doubles)``, cached."""
    found = _PLACEMENTS.get(cards)
    if found is None:
        runs: list[tuple[int, int, int]] = []
        for face, group in groupby(cards, key=_face):
            codes = list(group)
            doubles = sum(1 for c in codes if c % 10 == 2)
            runs.append((face, len(codes) - doubles, doubles))
        if len(_PLACEMENTS) >= 10_000:  # bounded, whatever it is asked
            _PLACEMENTS.clear()
        found = _PLACEMENTS[cards] = tuple(runs)
    return found


_RANKED: dict[tuple[int, ...], tuple[int, ...]] = {}
"""Payout orders (:func:`~lasvegas.payout.rank`) already computed, by dice weights per owner
(cleared past 4,096)."""

_CHOOSE: dict[int, ChooseCards] = {}
"""The choice task, by module index (tasks are immutable: one instance serves every state)."""


def _choose_task(index: int) -> ChooseCards:
    task = _CHOOSE.get(index)
    if task is None:
        if len(_CHOOSE) >= 10_000:  # bounded, whatever it is asked
            _CHOOSE.clear()
        task = _CHOOSE[index] = ChooseCards(index)
    return task


# -- the module ----------------------------------------------------------------------------


@attrs.frozen
class CardGame(RuleModule):
    """The card game's rules (K-1 to K-11, K-13, K-18): always part of a ``cardgame`` config.

    ``deck`` is one seat's 30 dice cards and ``notes`` the money notes: the rulings X-18 and
    X-19 by default; pass the printed lists if you own them.

    >>> import lasvegas as lv
    >>> config = lv.cardgame(4)
    >>> config.modules
    (CardGame(),)
    >>> config.ruleset.params.dice, len(config.ruleset.params.notes)
    ((24, 6, 0, 0), 48)
    """

    id: ClassVar[str] = "cardgame"
    order: ClassVar[int] = 20
    editions: ClassVar[frozenset[str]] = frozenset({"cardgame"})
    listens: ClassVar[tuple[type[Event], ...]] = (RoundStarted, CasinosFilled)
    actions: ClassVar[tuple[type[Action], ...]] = (PlayCards, DrawCard)
    tasks: ClassVar[tuple[type[Task], ...]] = (DealNotes, DealCards, ChooseCards)
    state_type: ClassVar[type[ModuleState] | None] = CardGameState
    events: ClassVar[tuple[type[Event], ...]] = (
        CardDrawn,
        CardsCommitted,
        CardsPlayed,
        CardsDiscarded,
        SeatOut,
        NotesBoxed,
    )

    deck: tuple[Card, ...] = attrs.field(default=DICE_CARDS, validator=_check_deck)
    """One seat's dice cards (ruling X-18)."""
    notes: tuple[Money, ...] = attrs.field(default=NOTES, validator=_check_notes)
    """The money notes (ruling X-19)."""

    def __repr__(self) -> str:
        fields = []
        if tuple(sorted(self.deck)) != DICE_CARDS:
            fields.append(f"deck={self.deck!r}")
        if tuple(sorted(self.notes)) != NOTES:
            fields.append(f"notes={self.notes!r}")
        return f"CardGame({', '.join(fields)})"

    # -- config time -------------------------------------------------------------------------

    def configure(self, params: Params, players: int) -> Params:
        """Each seat's cards as dice (single cards ``regular``, double cards ``big``) and the notes.

        The cards never reach the core's supply: this module holds them (``held_dice``).
        """
        doubles = sum(1 for c in self.deck if c % 10 == 2)
        return attrs.evolve(
            params,
            dice=(len(self.deck) - doubles, doubles, 0, 0),
            notes=tuple(sorted(self.notes)),
        )

    def initial_state(self, players: int) -> CardGameState:
        """Full draw piles, empty hands, nobody out, an empty box."""
        return self._fresh(players, ())

    def _fresh(self, players: int, box: tuple[Money, ...]) -> CardGameState:
        return CardGameState(
            turn=0,
            decks=(tuple(sorted(self.deck)),) * players,
            hands=((),) * players,
            discards=((),) * players,
            choices=(None,) * players,
            out=(False,) * players,
            box=box,
            placed=(0,) * players,
        )

    # -- reactions -------------------------------------------------------------------------------

    def react(self, state: State, index: int, event: Event, log: list[Event] | None) -> State:
        """Round start: take the cards, deal the notes (K-3, K-4). Casinos filled: deal hands."""
        if type(event) is RoundStarted:
            n = state.config.players
            s = self._fresh(n, _slice(state, index).box)
            tasks = state.tasks
            if state.pile_hidden or state.pile_returned:
                tasks = (*tasks, DealNotes(index))
            return _new_state(
                state.config,
                state.round,
                state.phase,
                state.cursor,
                state.start,
                state.active,
                ((0, 0, 0, 0),) * n,
                state.rolled,
                state.casinos,
                state.pile_hidden,
                state.pile_returned,
                state.money,
                _put(state.modules, index, s),
                tasks,
            )
        if type(event) is CasinosFilled:
            s = _slice(state, index)
            state = _with_slice(state, index, _evolve(s, turn=1))
            return self._deal(state, index, _orders(state.config.players)[state.start], log)
        return state

    # -- tasks ---------------------------------------------------------------------------------

    def task_handlers(self) -> Mapping[type[Task], TaskHandler]:
        """The note deal and the card deal (chance), and the seats' card choice."""
        chance = TaskHandler(self.perform, None, None, self.task_chance, self.task_sample)
        choice = TaskHandler(self.perform, self.task_to_move, self.task_actions)
        return {DealNotes: chance, DealCards: chance, ChooseCards: choice}

    def task_to_move(self, state: State, index: int, task: Task) -> Seat | Chance:
        """Deals are chance; a choice belongs to the first seat that has not chosen."""
        if type(task) is not ChooseCards:
            return CHANCE
        seat = _state_mover(state, index)
        assert seat is not None, "a choice is pending but every seat has chosen"
        return seat

    def capabilities(self) -> Capabilities:
        """Hand labels, the simultaneous choosers, the action space, texts and a determiniser."""
        return Capabilities(
            hand_labels=self.hand_labels,
            choosers=self.choosers,
            chooser_actions=self.chooser_actions,
            action_space=self.action_space,
            describe_action=self.describe_action,
            determinise=self.determinise,
        )

    def hand_labels(self, part: ModuleState | None, seat: Seat | None) -> tuple[str, ...]:
        """*seat*'s hand in words, read from a view's slice (for :mod:`lasvegas.render`)."""
        if seat is None or not isinstance(part, CardGameState):
            return ()
        return tuple(card_name(c) for c in part.hands[seat])

    def choosers(self, state: State, index: int, task: Task) -> tuple[Seat, ...]:
        """The seats that choose at once now (K-5, K-13): every seat still in the round that
        has not chosen; only the mover with ``Sequential`` (K-12) or outside a choice.

        :class:`lasvegas.session.Session` takes a choice from each of them as it comes.
        """
        if type(task) is not ChooseCards:
            return ()
        s = _slice(state, index)
        if is_sequential(state):
            seat = _state_mover(state, index)
            return () if seat is None else (seat,)
        return tuple(
            seat
            for seat in _orders(len(s.out))[state.start]
            if s.choices[seat] is None and not s.out[seat]
        )

    def chooser_actions(
        self, state: State, index: int, task: Task, seat: Seat
    ) -> tuple[Action, ...]:
        """What *seat*, one of :meth:`choosers`, may choose: the selections from its hand."""
        return selections(_slice(state, index).hands[seat])

    def task_actions(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """The legal selections from the choosing seat's hand (K-5)."""
        s = _slice(state, index)
        seat = _state_mover(state, index)
        assert seat is not None
        return selections(s.hands[seat])

    def task_chance(
        self, state: State, index: int, task: Task
    ) -> tuple[tuple[Action, Fraction], ...]:
        """The next note of the pile, or the next card of the drawing seat's pile."""
        if type(task) is DealNotes:
            if state.pile_hidden:
                return tuple((Draw(v), p) for v, p in multiset_draw_distribution(state.pile_hidden))
            return ((Draw(state.pile_returned[0]), Fraction(1)),)
        assert isinstance(task, DealCards)
        return _card_draws(_slice(state, index).decks[task.seats[0]])

    def task_sample(self, state: State, index: int, task: Task, rng: Rng) -> Action:
        """Draw the next note or card directly."""
        if type(task) is DealCards:
            s: CardGameState = state.modules[index]  # type: ignore[assignment]
            deck = s.decks[task.seats[0]]
            c = deck[rng.below(len(deck))]
            action = _DRAWS.get(c)
            return _draw_action(c) if action is None else action
        hidden = state.pile_hidden
        value = hidden[rng.below(len(hidden))] if hidden else state.pile_returned[0]
        draw = _NOTE_DRAWS.get(value)
        if draw is None:
            if len(_NOTE_DRAWS) >= 10_000:  # bounded, whatever it is asked
                _NOTE_DRAWS.clear()
            draw = _NOTE_DRAWS[value] = Draw(value)
        return draw

    def perform(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Resolve the first task: a note or card drawn, or a seat's choice."""
        task = state.tasks[0]
        kind = type(task)
        if kind is DealCards:
            return self._draw_card(state, index, task, action, log)  # type: ignore[arg-type]
        if kind is DealNotes:
            return self._draw_note(state, index, action, log)
        return self._choose(state, index, action, log)

    # -- dealing -------------------------------------------------------------------------------

    def _draw_note(
        self, state: State, index: int, action: Action, log: list[Event] | None
    ) -> State:
        """K-3: the drawn note goes to the first casino holding fewer than 2 notes."""
        if type(action) is not Draw:
            raise _illegal(state, action, "a note draw is next", "wrong-node")
        value = action.value
        hidden = state.pile_hidden
        returned = state.pile_returned
        if hidden:
            # The unseen pile is a sorted multiset: one binary search finds and removes it.
            i = bisect_left(hidden, value) if type(value) is int else len(hidden)
            if i == len(hidden) or hidden[i] != value:
                raise _illegal(state, action, "no such note is left in the pile", "bad-draw")
            hidden = hidden[:i] + hidden[i + 1 :]
        elif returned and type(value) is int and value == returned[0]:
            returned = returned[1:]
        else:
            raise _illegal(state, action, "the next note is known and is another one", "bad-draw")
        casinos = state.casinos
        at = 0
        while len(casinos[at].notes) >= NOTES_PER_CASINO:
            at += 1
        c = casinos[at]
        notes = c.notes
        if not notes:
            notes = (value,)
        elif len(notes) == 1:
            notes = (notes[0], value) if notes[0] >= value else (value, notes[0])
        else:
            notes = tuple(sorted((*notes, value), reverse=True))
        done = (at == 5 and len(notes) >= NOTES_PER_CASINO) or not (hidden or returned)
        config = state.config
        state = _new_state(
            config,
            state.round,
            state.phase,
            state.cursor,
            state.start,
            state.active,
            state.supply,
            state.rolled,
            _put(casinos, at, _new_casino(notes, c.dice, c.big)),
            hidden,
            returned,
            state.money,
            state.modules,
            state.tasks[1:] if done else state.tasks,
        )
        if log is not None or NoteDealt in config.ruleset.reactors:
            state = emit(state, NoteDealt(casino=at + 1, value=value), log)
        return state

    def _deal(
        self, state: State, index: int, seats: tuple[Seat, ...], log: list[Event] | None
    ) -> State:
        """Queue the draws of *seats* up to 5 cards each (K-4, K-6), or go on if none can draw."""
        s = _slice(state, index)
        hands = s.hands
        decks = s.decks
        seats = tuple(t for t in seats if len(hands[t]) < HAND_SIZE and decks[t])
        if seats:
            return _rebuild(state, state.modules, (*state.tasks, _new_deal(index, seats)))
        return self._dealt(state, index, log)

    def _draw_card(
        self, state: State, index: int, task: DealCards, action: Action, log: list[Event] | None
    ) -> State:
        """K-4, K-6: the drawn card goes into the hand of the first seat of the task."""
        # The hot path of the card game (most of its nodes are card draws): no helpers, and
        # the slice, task and state built without attrs' __init__ (fast_constructor).
        if type(action) is not DrawCard:
            raise _illegal(state, action, "a card draw is next", "wrong-node")
        s: CardGameState = state.modules[index]  # type: ignore[assignment]
        seats = task.seats
        seat = seats[0]
        c = action.card
        decks = s.decks
        deck = decks[seat]
        if type(c) is not int:
            raise _illegal(state, action, "a card is an int code 10*face+dice", "bad-draw")
        i = bisect_left(deck, c)
        if i == len(deck) or deck[i] != c:
            raise _illegal(state, action, f"seat {seat}'s draw pile holds no such card", "bad-draw")
        deck = deck[:i] + deck[i + 1 :]
        hands = list(s.hands)
        hand = hands[seat]
        i = bisect_left(hand, c)  # the hand stays sorted
        hand = hand[:i] + (c,) + hand[i:]  # noqa: RUF005 - faster than unpacking
        hands[seat] = hand
        new_decks = list(decks)
        new_decks[seat] = deck
        s = _new_slice(
            s.turn,
            tuple(new_decks),
            tuple(hands),
            s.discards,
            s.choices,
            s.out,
            s.box,
            s.placed,
        )
        tasks = state.tasks
        done = False
        if len(hand) >= HAND_SIZE or not deck:
            rest = seats[1:]
            for t in rest:  # usually every seat left draws: no new tuple
                if len(hands[t]) >= HAND_SIZE or not new_decks[t]:
                    rest = tuple(t for t in rest if len(hands[t]) < HAND_SIZE and new_decks[t])
                    break
            if rest:
                tasks = (_new_deal(index, rest), *tasks[1:])
            else:
                tasks = tasks[1:]
                done = True
        modules = state.modules
        modules = (s,) if len(modules) == 1 else _put(modules, index, s)
        config = state.config
        state = _new_state(
            config,
            state.round,
            state.phase,
            state.cursor,
            state.start,
            state.active,
            state.supply,
            state.rolled,
            state.casinos,
            state.pile_hidden,
            state.pile_returned,
            state.money,
            modules,
            tasks,
        )
        if log is not None or CardDrawn in config.ruleset.reactors:
            state = emit(state, CardDrawn(seat=seat), log)
        if done:
            state = self._dealt(state, index, log)
        return state

    def _dealt(self, state: State, index: int, log: list[Event] | None) -> State:
        """After a deal: K-9 (no card in hand, none to draw: out), then the next choice, if any.

        K-9 applies to the seats still to choose this turn (a seat that has played keeps an
        empty hand until its next draw).
        """
        s = _slice(state, index)
        gone = [
            t for t in range(len(s.out)) if not s.out[t] and s.choices[t] is None and not s.hands[t]
        ]
        if gone:
            out = tuple(o or t in gone for t, o in enumerate(s.out))
            s = _new_slice(s.turn, s.decks, s.hands, s.discards, s.choices, out, s.box, s.placed)
            state = _with_slice(state, index, s)
            for t in gone:
                state = emit(state, SeatOut(seat=t, reason="no-cards"), log)
            s = _slice(state, index)
        seat = _mover(s, state.start)
        if seat is not None:
            state = _rebuild(state, state.modules, (*state.tasks, _choose_task(index)))
        return state  # otherwise the round ends (K-8): the core pays out

    # -- choosing and placing --------------------------------------------------------------------

    def _choose(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """K-5, K-13: record a choice; the last one reveals all (K-12: each at once)."""
        assert isinstance(action, PlayCards)  # the engine checked it is a legal selection
        s = _slice(state, index)
        start = state.start
        seat = _state_mover(state, index)
        assert seat is not None
        choices = _put(s.choices, seat, action.cards)
        s = _new_slice(s.turn, s.decks, s.hands, s.discards, choices, s.out, s.box, s.placed)
        if is_sequential(state):
            return self._resolve(state, index, s, (seat,), log)
        following = _mover(s, start)
        if following is not None:  # hidden until the last seat has chosen (K-13)
            state = _with_slice(state, index, s)
            if log is not None or CardsCommitted in state.config.ruleset.reactors:
                state = emit(state, CardsCommitted(seat=seat), log)
            return state
        order = tuple(t for t in _orders(len(choices))[start] if choices[t] is not None)
        return self._resolve(state, index, s, order, log, CardsCommitted(seat=seat))

    def _resolve(
        self,
        state: State,
        index: int,
        s: CardGameState,
        seats: tuple[Seat, ...],
        log: list[Event] | None,
        first: Event | None = None,
    ) -> State:
        """Reveal and place the choices of *seats* (in this order), discard, check who is out.

        Single cards go on the casinos as regular dice and double cards as big dice (K-10);
        unchosen cards are discarded (K-6); a seat with 8 cards placed is out and discards its
        draw pile (K-7); the others draw 5 unless the round's last turn is over.
        """
        casinos = list(state.casinos)
        hands = list(s.hands)
        decks = list(s.decks)
        discards = list(s.discards)
        out = list(s.out)
        placed = list(s.placed)
        choices = s.choices
        turn = s.turn
        reactors = state.config.ruleset.reactors
        # Events are built only when someone listens (a step() caller or a reacting module).
        events: list[Event] | None = None
        if log is not None or not _QUIET.isdisjoint(reactors):
            events = [] if first is None else [first]
        draw: list[Seat] = []
        for seat in seats:
            cards = choices[seat]
            assert cards is not None
            if events is not None:
                events.append(CardsPlayed(seat=seat, cards=cards))
            for face, single, double in _placements(cards):
                at = casinos[face - 1]
                dice = at.dice
                big = at.big
                if single:
                    more = list(dice)
                    more[seat] += single
                    dice = tuple(more)
                if double:
                    more = list(big)
                    more[seat] += double
                    big = tuple(more)
                casinos[face - 1] = _new_casino(at.notes, dice, big)
                if events is not None:
                    counts = (single, double, 0, 0)
                    events.append(DicePlaced(seat=seat, face=face, casino=face, counts=counts))
            k = len(cards)
            hand = hands[seat]
            hands[seat] = ()
            if len(hand) > k:  # K-6: unchosen cards are discarded
                rest = list(hand)
                for c in cards:  # a sub-multiset of the hand (the engine checked)
                    rest.remove(c)
                if events is not None:
                    events.append(CardsDiscarded(seat=seat, count=len(rest)))
                rest += discards[seat]
                rest.sort()
                discards[seat] = tuple(rest)
            placed[seat] += k
            if placed[seat] >= OUT_AT:  # K-7
                out[seat] = True
                deck = decks[seat]
                if events is not None:
                    events.append(SeatOut(seat=seat, reason="eight-cards"))
                    if deck:
                        events.append(CardsDiscarded(seat=seat, count=len(deck)))
                if deck:
                    discards[seat] = tuple(sorted((*discards[seat], *deck)))
                    decks[seat] = ()
            elif turn < TURNS:
                draw.append(seat)
        s = _new_slice(
            turn,
            tuple(decks),
            tuple(hands),
            tuple(discards),
            choices,
            tuple(out),
            s.box,
            tuple(placed),
        )
        if turn < TURNS and _mover(s, state.start) is None:  # every seat in has played
            s = _new_slice(
                turn + 1, s.decks, s.hands, s.discards, (None,) * len(out), s.out, s.box, s.placed
            )
        modules = _put(state.modules, index, s)
        tasks = state.tasks[1:]  # the ChooseCards task
        if events is None:
            # Nothing to emit, so queue the draws at once (as _deal would, building one state
            # less): the seats that played hold no card now, so those with a draw pile draw.
            deal = tuple(draw)
            for t in deal:  # usually every one of them still has cards to draw
                if not decks[t]:
                    deal = tuple(t for t in deal if decks[t])
                    break
            if deal:
                return _rebuild(state, modules, (*tasks, _new_deal(index, deal)), tuple(casinos))
        state = _rebuild(state, modules, tasks, tuple(casinos))
        if events is not None:
            for event in events:
                if log is not None or type(event) in reactors:
                    state = emit(state, event, log)
        return self._deal(state, index, tuple(draw), log)

    # -- payout, accounting, views ---------------------------------------------------------------

    def payout(
        self, state: State, index: int, casino: int, log: list[Event] | None
    ) -> State | None:
        """K-10: ties in dice cancel, the top two take the notes, leftovers go to the box."""
        c = state.casinos[casino]
        big = c.big
        weights = (
            tuple([d + 2 * b for d, b in zip(c.dice, big, strict=True)]) if any(big) else c.dice
        )
        if log is not None:
            gone = tied(weights)
            if gone:
                log.append(TiesRemoved(casino=casino + 1, owners=gone))
        ranked = _RANKED.get(weights)
        if ranked is None:
            if len(_RANKED) >= 4096:
                _RANKED.clear()
            ranked = _RANKED[weights] = rank(weights)
        places = state.config.ruleset.params.places
        if places is not None:
            ranked = ranked[:places]
        players = state.config.players
        money = list(state.money)
        boxed: list[Money] = []
        for note, owner in zip(c.notes, ranked, strict=False):
            if log is not None:
                log.append(BanknotePaid(casino=casino + 1, owner=owner, value=note))
            if owner < players:
                money[owner] = (*money[owner], note)
            else:
                boxed.append(note)
        boxed.extend(c.notes[len(ranked) :])
        s = _slice(state, index)
        if boxed:
            if log is not None:
                log.append(NotesBoxed(casino=casino + 1, values=tuple(boxed)))
            s = _evolve(s, box=(*s.box, *boxed))
        return _new_state(
            state.config,
            state.round,
            state.phase,
            state.cursor,
            state.start,
            state.active,
            state.supply,
            state.rolled,
            _put(state.casinos, casino, _new_casino((), c.dice, c.big)),
            state.pile_hidden,
            state.pile_returned,
            tuple(money),
            _put(state.modules, index, s),
            state.tasks,
        )

    def held_dice(self, state: State, index: int) -> tuple[int, ...]:
        """The cards of each seat that are not at a casino: draw pile, hand and discards."""
        s = _slice(state, index)
        return tuple(
            len(d) + len(h) + len(x) for d, h, x in zip(s.decks, s.hands, s.discards, strict=True)
        )

    def held_notes(self, state: State, index: int) -> tuple[Money, ...]:
        """The notes gone back to the box (K-10)."""
        return _slice(state, index).box

    def redact(self, state: State, index: int, seat: Seat | None) -> ModuleState | None:
        """Another seat's hand, draw pile and discards face down; its choice hidden (K-13, K-18).

        With ``Sequential`` a choice is public as soon as it is made (it is placed at once).

        The viewer's own draw pile is shown as the sorted multiset it is (the viewer can
        work it out from what it has seen); nobody sees any pile's order, which no state holds.
        """
        s = _slice(state, index)
        public = is_sequential(state)  # K-12: a choice is placed, face up, as it is made

        def hide(piles: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
            return tuple(p if t == seat else (HIDDEN,) * len(p) for t, p in enumerate(piles))

        return CardGameState(
            turn=s.turn,
            decks=hide(s.decks),
            hands=hide(s.hands),
            discards=hide(s.discards),
            choices=tuple(
                c if public or t == seat or c is None else () for t, c in enumerate(s.choices)
            ),
            out=s.out,
            box=s.box,
            placed=s.placed,
        )

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The card game's tasks hold no secret (choices live in the redacted slice)."""
        return task

    def action_space(self, players: int) -> tuple[Action, ...]:
        """Every selection a hand of :attr:`deck` cards could offer (K-5), as :func:`selections`.

        Sub-multisets of the deck of at most :data:`HAND_SIZE` cards: 1 or 2 cards, or 3 or
        more cards of one face; sorted by size, then by cards.

        >>> actions = CardGame().action_space(4)
        >>> len(actions), actions[0], actions[-1]
        (114, PlayCards(cards=(11,)), PlayCards(cards=(61, 61, 61, 61, 62)))
        """
        stock = Counter(self.deck)
        codes = sorted(stock)
        picks: list[tuple[Card, ...]] = []
        for k in range(1, HAND_SIZE + 1):
            for combo in combinations_with_replacement(codes, k):
                if (k <= 2 or combo[0] // 10 == combo[-1] // 10) and all(
                    combo.count(c) <= stock[c] for c in set(combo)
                ):
                    picks.append(combo)
        return tuple(PlayCards(c) for c in sorted(picks, key=lambda c: (len(c), c)))

    def describe_action(self, state: State, index: int, action: Action) -> str | None:
        """Name the casino a note drawn for the round's deal goes to (K-3).

        >>> import lasvegas as lv
        >>> lv.describe(lv.Draw(50_000), lv.new_game(lv.cardgame(2)))
        'Draw a $50,000 note for casino 1'
        """
        if type(action) is Draw and type(state.tasks[0]) is DealNotes:
            waiting = [i for i, c in enumerate(state.casinos) if len(c.notes) < NOTES_PER_CASINO]
            if waiting:
                return f"Draw a ${action.value:,} note for casino {waiting[0] + 1}"
        return None

    def resample_hidden(self, state: State, index: int, seat: Seat | None, rng: Rng) -> State:
        """Deal every other seat's unseen cards again: the same counts per pile, another split.

        What *seat* knows of another seat's cards is their whole (its 30 cards minus those at
        the casinos), the size of each pile and whether it has chosen; its hand, draw pile,
        discards and choice are drawn again from that whole (K-13, K-18).
        """
        s = _slice(state, index)
        decks = list(s.decks)
        hands = list(s.hands)
        discards = list(s.discards)
        choices = list(s.choices)
        for t in range(len(decks)):
            if t == seat:
                continue
            pool = rng.shuffled((*decks[t], *hands[t], *discards[t]))
            h, d = len(hands[t]), len(discards[t])
            hands[t] = tuple(sorted(pool[:h]))
            discards[t] = tuple(sorted(pool[h : h + d]))
            decks[t] = tuple(sorted(pool[h + d :]))
            if choices[t] is not None and hands[t] and not is_sequential(state):
                legal = selections(hands[t])
                pick = legal[rng.below(len(legal))]
                assert isinstance(pick, PlayCards)
                choices[t] = pick.cards
        s = CardGameState(
            s.turn,
            tuple(decks),
            tuple(hands),
            tuple(discards),
            tuple(choices),
            s.out,
            s.box,
            s.placed,
        )
        return _with_slice(state, index, s)

    def determinise(self, state: State, index: int, view: PlayerView, rng: Rng) -> State:
        """Deal the cards the view shows face down (search agents, ``lasvegas.agents``).

        For every seat but the viewer, the unknown cards are its deck minus its cards at the
        casinos; they are shuffled with *rng* and split by the visible sizes of its hand,
        discards and draw pile. A choice already made but hidden (``()``, K-13) becomes a
        legal selection drawn from the sampled hand. The viewer's own cards are kept.

        >>> import lasvegas as lv
        >>> from lasvegas.agents import determinise
        >>> state = lv.new_game(lv.cardgame(2))
        >>> rng = lv.Rng(3)
        >>> while lv.to_move(state) is lv.CHANCE:
        ...     state = lv.apply(state, lv.sample_chance(state, rng))
        >>> view = lv.observe(state, 1)
        >>> guess = determinise(view, lv.Rng(5))  # calls this method
        >>> guess.modules[0].hands[1] == state.modules[0].hands[1]
        True
        >>> len(guess.modules[0].hands[0]), lv.state_problems(guess), lv.observe(guess, 1) == view
        (5, (), True)
        """
        visible = state.modules[index]
        assert isinstance(visible, CardGameState)
        seat = view.seat
        sequential = is_sequential(state)
        decks = list(visible.decks)
        hands = list(visible.hands)
        discards = list(visible.discards)
        choices = list(visible.choices)
        for t in range(len(decks)):
            if t == seat:
                continue
            unknown = Counter(self.deck)
            for face, casino in enumerate(state.casinos[:6], start=1):
                unknown[10 * face + 1] -= casino.dice[t]
                unknown[10 * face + 2] -= casino.big[t]
            pool = rng.shuffled(tuple(sorted((+unknown).elements())))
            h, d = len(hands[t]), len(discards[t])
            hands[t] = tuple(sorted(pool[:h]))
            discards[t] = tuple(sorted(pool[h : h + d]))
            decks[t] = tuple(sorted(pool[h + d :]))
            if choices[t] is not None and hands[t] and not sequential:
                legal = selections(hands[t])
                pick = legal[rng.below(len(legal))]
                assert isinstance(pick, PlayCards)
                choices[t] = pick.cards
        s = CardGameState(
            visible.turn,
            tuple(decks),
            tuple(hands),
            tuple(discards),
            tuple(choices),
            visible.out,
            visible.box,
            visible.placed,
        )
        return _with_slice(state, index, s)

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """Each seat's cards conserved (draw pile, hand, discards and casinos hold its deck),
        piles sorted, hands of at most 5, choices legal selections from the hand, the turn 0-6.
        """
        s = state.modules[index]
        if not isinstance(s, CardGameState):
            return (f"the slice is a {type(s).__name__}, not a card-game slice",)
        n = state.config.players
        found: list[str] = []
        fields = {
            "decks": s.decks,
            "hands": s.hands,
            "discards": s.discards,
            "choices": s.choices,
            "out": s.out,
            "placed": s.placed,
        }
        for name, value in fields.items():
            if len(value) != n:
                found.append(f"{name} lists {len(value)} seats, not {n}")
        if found:
            return tuple(found)
        if not 0 <= s.turn <= TURNS:
            found.append(f"turn {s.turn} is not in 0-{TURNS}")
        deck = Counter(self.deck)
        for t in range(n):
            piles = (("draw pile", s.decks[t]), ("hand", s.hands[t]), ("discards", s.discards[t]))
            for name, pile in piles:
                if not all(is_card(c) for c in pile) or list(pile) != sorted(pile):
                    found.append(f"seat {t}'s {name} is not a sorted tuple of cards")
            if len(s.hands[t]) > HAND_SIZE:
                found.append(f"seat {t} holds {len(s.hands[t])} cards")
            if found:
                continue
            have = Counter((*s.decks[t], *s.hands[t], *s.discards[t]))
            for face, casino in enumerate(state.casinos[:6], start=1):
                have[10 * face + 1] += casino.dice[t]
                have[10 * face + 2] += casino.big[t]
            at_casinos = sum(c.dice[t] + c.big[t] for c in state.casinos[:6])
            if s.placed[t] != at_casinos:
                found.append(f"seat {t} has {at_casinos} cards at the casinos, not as recorded")
            if +have != deck:
                found.append(f"seat {t}'s cards are not its deck: {dict(have - deck)} too many")
            choice = s.choices[t]
            if choice == ():
                found.append(f"seat {t}'s choice is empty (a seat that plays plays a card)")
            elif (
                choice is not None
                and s.hands[t]
                and not is_sequential(state)
                and PlayCards(choice) not in selections(s.hands[t])
            ):
                found.append(f"seat {t}'s choice {choice} is not a selection from its hand")
        for task in state.tasks:
            if (
                task.module == index
                and isinstance(task, DealNotes)
                and (
                    state.phase is not Phase.FILL
                    or all(len(c.notes) >= NOTES_PER_CASINO for c in state.casinos)
                )
            ):
                found.append("a note deal is pending but no casino is waiting for a note (K-3)")
            if task.module == index and isinstance(task, DealCards):
                seats = task.seats
                if any(type(t) is not int or not 0 <= t < n for t in seats):
                    found.append(f"a card deal lists seats {seats} outside 0-{n - 1}")
                elif len(set(seats)) != len(seats):
                    found.append(f"a card deal lists a seat twice: {seats}")
                elif not found and (
                    not seats or any(len(s.hands[t]) >= HAND_SIZE or not s.decks[t] for t in seats)
                ):
                    found.append(f"a card deal lists seats {seats} that cannot draw (K-4, K-6)")
        return tuple(found)


def is_sequential(state: State) -> bool:
    """Whether the sequential variation (K-12) is in play.

    >>> import lasvegas as lv
    >>> is_sequential(lv.new_game(lv.cardgame(3, lv.Sequential())))
    True
    """
    return state.config.table(_has_sequential)  # asked at every choice: kept with the config


def _has_sequential(config: GameConfig) -> bool:
    """Whether the config has the sequential module (a table of :meth:`GameConfig.table`)."""
    return "sequential" in [module.id for module in config.modules]
