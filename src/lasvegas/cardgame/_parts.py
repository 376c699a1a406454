"""The card game's pieces: its actions, events, tasks and slice, and who draws.

What :class:`~lasvegas.cardgame.CardGame` plays with (K-3 to K-13): :class:`PlayCards` and
the chance action :class:`DrawCard`; the events a reveal and a deal emit; the tasks a round
runs through (:class:`DealNotes`, :class:`DealCards`, :class:`ChooseCards`); the slice
:class:`CardGameState`; and :func:`drawing_seat`, whose pile a card comes from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ..actions import Action
from ..engine import to_move
from ..events import Event
from ..modules._bases import FrozenInstanceError, described, seal
from ..modules.base import ModuleState, Task
from ..state import Phase
from ..types import Money, Seat
from .components import Card, card_face, card_name

if TYPE_CHECKING:
    from ..state import State

__all__ = [
    "CardDrawn",
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

    def you_text(self, state: State | None = None) -> str:
        """``"Play a 1 and a double 4"``, to the seat choosing the cards."""
        return f"Play {_join([card_name(c) for c in self.cards])}"


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
    opens_turn: ClassVar[bool] = True
    """The first of a run of draws opens a turn's group in a session's log (the hands are
    filled for the next choice)."""
    seat: Seat
    """The seat that drew."""

    def text_many(self, count: int, state: State | None = None) -> str:
        """*count* equal draws in one line, as a session's log collapses them.

        >>> CardDrawn(seat=2).text_many(5)
        'Seat 2 draws 5 cards'
        """
        return f"Seat {self.seat} draws {count} cards" if count != 1 else self.text(state)

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

    def highlight(self) -> tuple[int, ...]:
        """The casinos the revealed cards go to, for a log's mark on the board.

        >>> CardsPlayed(seat=0, cards=(21, 52, 51)).highlight()
        (2, 5)
        """
        return tuple(sorted({card_face(c) for c in self.cards}))


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


@final
class DealNotes(Task):
    """Chance: deal the round's notes, 2 per casino, casinos 1..6 in order (K-3)."""

    __slots__ = ()
    __match_args__: ClassVar = ("module",)
    __attrs_attrs__: ClassVar[Any] = described("DealNotes", ("module", int))

    kind: ClassVar[str] = "cardgame-deal-notes"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.FILL})
    prompt: ClassVar[str | None] = "deal the notes"
    """What answering this task does, for a view's prompt."""
    chance: ClassVar[bool] = True

    def __init__(self, module: int) -> None:
        self.module = module

    def __eq__(self, other: object) -> bool:
        if type(other) is not DealNotes:
            return NotImplemented
        return (self.module,) == (other.module,)

    def __hash__(self) -> int:
        return hash((self.module,))

    def __repr__(self) -> str:
        return f"DealNotes(module={self.module!r})"

    def __reduce__(self) -> tuple[type[DealNotes], tuple[object, ...]]:
        return DealNotes, (self.module,)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(DealNotes)


@final
class DealCards(Task):
    """Chance: draw cards into hands, one card per node, seat by seat (K-4, K-6, K-9)."""

    __slots__ = ("seats",)
    __match_args__: ClassVar = ("module", "seats")
    __attrs_attrs__: ClassVar[Any] = described(
        "DealCards", ("module", int), ("seats", tuple[Seat, ...], ())
    )

    kind: ClassVar[str] = "cardgame-deal-cards"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_START})
    prompt: ClassVar[str | None] = "deal the cards"
    """What answering this task does, for a view's prompt."""
    chance: ClassVar[bool] = True
    seats: Final[tuple[Seat, ...]]
    """The seats still to draw, in order; the first draws until it holds 5 cards."""

    def __init__(self, module: int, seats: tuple[Seat, ...] = ()) -> None:
        self.module = module
        self.seats = seats

    def __eq__(self, other: object) -> bool:
        if type(other) is not DealCards:
            return NotImplemented
        return (self.module, self.seats) == (other.module, other.seats)

    def __hash__(self) -> int:
        return hash((self.module, self.seats))

    def __repr__(self) -> str:
        return f"DealCards(module={self.module!r}, seats={self.seats!r})"

    def __reduce__(self) -> tuple[type[DealCards], tuple[object, ...]]:
        return DealCards, (self.module, self.seats)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(DealCards)


@final
class ChooseCards(Task):
    """Decision: the first seat (clockwise from the start player) still in the round that has
    not chosen this turn chooses its cards (K-5, K-13; K-12 with ``Sequential``)."""

    __slots__ = ()
    __match_args__: ClassVar = ("module",)
    __attrs_attrs__: ClassVar[Any] = described("ChooseCards", ("module", int))

    kind: ClassVar[str] = "cardgame-choose"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_START})
    prompt: ClassVar[str | None] = "choose cards to play"
    """What answering this task does, for a view's prompt."""

    def __init__(self, module: int) -> None:
        self.module = module

    def __eq__(self, other: object) -> bool:
        if type(other) is not ChooseCards:
            return NotImplemented
        return (self.module,) == (other.module,)

    def __hash__(self) -> int:
        return hash((self.module,))

    def __repr__(self) -> str:
        return f"ChooseCards(module={self.module!r})"

    def __reduce__(self) -> tuple[type[ChooseCards], tuple[object, ...]]:
        return ChooseCards, (self.module,)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(ChooseCards)


# -- the module's slice ------------------------------------------------------------------------


@final
class CardGameState(ModuleState):
    """The card game's slice of the state: cards per seat, the turn, and the box.

    In a seat's view (:func:`lasvegas.observe`) another seat's hand, draw pile and discards
    show as that many :data:`~lasvegas.cardgame.components.HIDDEN` cards, and another seat's
    choice as ``()`` once made (K-13, K-18). Draw piles are sorted multisets: their order is
    decided by chance when a card is drawn, so it is nowhere in the state.
    """

    __slots__ = ("box", "choices", "decks", "discards", "hands", "out", "placed", "turn")
    __match_args__: ClassVar = (
        "turn",
        "decks",
        "hands",
        "discards",
        "choices",
        "out",
        "box",
        "placed",
    )
    __attrs_attrs__: ClassVar[Any] = described(
        "CardGameState",
        ("turn", int),
        ("decks", tuple[tuple[Card, ...], ...]),
        ("hands", tuple[tuple[Card, ...], ...]),
        ("discards", tuple[tuple[Card, ...], ...]),
        ("choices", tuple[tuple[Card, ...] | None, ...]),
        ("out", tuple[bool, ...]),
        ("box", tuple[Money, ...]),
        ("placed", tuple[int, ...]),
    )

    kind: ClassVar[str] = "cardgame"
    turn: Final[int]
    """The turn of the round, 1 to 6 (0 before the hands are dealt)."""
    decks: Final[tuple[tuple[Card, ...], ...]]
    """Each seat's draw pile, as a sorted multiset of card codes (as in ``hands``)."""
    hands: Final[tuple[tuple[Card, ...], ...]]
    """Each seat's hand, sorted (chosen cards stay in it until the reveal). A card is the
    code ``10 * face + dice``: ``31`` a 3, ``32`` a double 3 (two dice, K-10); ``0`` a face-down card
    the viewer may not see."""
    discards: Final[tuple[tuple[Card, ...], ...]]
    """Each seat's cards under its cocktail glass this round, sorted card codes."""
    choices: Final[tuple[tuple[Card, ...] | None, ...]]
    """Each seat's choice this turn, as card codes: ``None`` until the seat has chosen,
    ``[]`` when chosen but hidden from the viewer (K-13)."""
    out: Final[tuple[bool, ...]]
    """Which seats are out for the rest of the round (K-7, K-9)."""
    box: Final[tuple[Money, ...]]
    """Notes gone back to the box, out of the game (K-10), in the order they went."""
    placed: Final[tuple[int, ...]]
    """Cards (not dice) each seat has placed at the casinos this round (K-7)."""

    def __init__(
        self,
        turn: int,
        decks: tuple[tuple[Card, ...], ...],
        hands: tuple[tuple[Card, ...], ...],
        discards: tuple[tuple[Card, ...], ...],
        choices: tuple[tuple[Card, ...] | None, ...],
        out: tuple[bool, ...],
        box: tuple[Money, ...],
        placed: tuple[int, ...],
    ) -> None:
        self.turn = turn
        self.decks = decks
        self.hands = hands
        self.discards = discards
        self.choices = choices
        self.out = out
        self.box = box
        self.placed = placed

    def __eq__(self, other: object) -> bool:
        if type(other) is not CardGameState:
            return NotImplemented
        return (
            self.turn,
            self.decks,
            self.hands,
            self.discards,
            self.choices,
            self.out,
            self.box,
            self.placed,
        ) == (
            other.turn,
            other.decks,
            other.hands,
            other.discards,
            other.choices,
            other.out,
            other.box,
            other.placed,
        )

    def __hash__(self) -> int:
        return hash(
            (
                self.turn,
                self.decks,
                self.hands,
                self.discards,
                self.choices,
                self.out,
                self.box,
                self.placed,
            )
        )

    def __repr__(self) -> str:
        return f"CardGameState(turn={self.turn!r}, decks={self.decks!r}, hands={self.hands!r}, discards={self.discards!r}, choices={self.choices!r}, out={self.out!r}, box={self.box!r}, placed={self.placed!r})"

    def __reduce__(self) -> tuple[type[CardGameState], tuple[object, ...]]:
        return CardGameState, (
            self.turn,
            self.decks,
            self.hands,
            self.discards,
            self.choices,
            self.out,
            self.box,
            self.placed,
        )

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(CardGameState)


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


def _join(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
