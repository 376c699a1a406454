"""Component data of the card game, kept as data so owners of the printed game can swap it.

The rulebook gives no card list, no note distribution and no chip colours: the tables below
are the rulings X-18, X-19 and X-20 of the docs' rules reference. Pass other tables to
:class:`~lasvegas.cardgame.CardGame` (``deck``, ``notes``) and
:class:`~lasvegas.cardgame.ChipCards` (``chips``, ``values``) to play with another list.

A **dice card** is an ``int`` code, ``10 * face + dice``: ``51`` is a 5 showing one die,
``52`` a 5 showing two dice (a *double card*). Codes sort by face, then by dice, and two
cards with the same code are identical (the rules never tell them apart).
"""

from __future__ import annotations

from typing import Final, TypeAlias

from ..types import Face, Money

__all__ = [
    "CHIP_CARDS",
    "CHIP_COLOURS",
    "CHIP_SET_VALUES",
    "DICE_CARDS",
    "HAND_SIZE",
    "HIDDEN",
    "NOTES",
    "NOTES_PER_CASINO",
    "OUT_AT",
    "ROUNDS",
    "TURNS",
    "Card",
    "card",
    "card_dice",
    "card_face",
    "card_name",
    "is_card",
]

Card: TypeAlias = int
"""A dice card as its code ``10 * face + dice`` (``52``: a 5 showing two dice)."""

HIDDEN: Final[Card] = 0
"""The code a view shows for a face-down card (another seat's hand, any draw pile)."""


def card(face: Face, dice: int = 1) -> Card:
    """The code of the card showing *dice* dice of *face*.

    >>> card(5), card(5, 2)
    (51, 52)
    """
    if type(face) is not int or not 1 <= face <= 6:
        raise ValueError(f"a card's face is 1-6, not {face!r}")
    if type(dice) is not int or not 1 <= dice <= 2:
        raise ValueError(f"a card shows one or two dice, not {dice!r}")
    return 10 * face + dice


def card_face(code: Card) -> Face:
    """The face (and casino) of a card.

    >>> card_face(52)
    5
    """
    return code // 10


def card_dice(code: Card) -> int:
    """How many dice a card shows (a double card shows two, K-10).

    >>> card_dice(52), card_dice(31)
    (2, 1)
    """
    return code % 10


def card_name(code: Card) -> str:
    """A card in words.

    >>> card_name(31), card_name(52), card_name(HIDDEN)
    ('a 3', 'a double 5', 'a face-down card')
    """
    if code == HIDDEN:
        return "a face-down card"
    return f"a double {code // 10}" if code % 10 == 2 else f"a {code // 10}"


def is_card(code: object) -> bool:
    """Whether *code* is a valid card code (an ``int`` with face 1-6 and one or two dice).

    >>> is_card(52), is_card(53), is_card(True)
    (True, False, False)
    """
    return type(code) is int and 1 <= code // 10 <= 6 and 1 <= code % 10 <= 2


DICE_CARDS: Final[tuple[Card, ...]] = tuple(
    sorted(
        [card(face) for face in range(1, 7) for _ in range(4)] + [card(f, 2) for f in range(1, 7)]
    )
)
"""**Ruling X-18.** One player's 30 dice cards, sorted: for each face 1-6, four cards with one
die and one card with two dice (36 dice in all)."""

NOTES: Final[tuple[Money, ...]] = tuple(
    sorted(value for value in range(30_000, 100_001, 10_000) for _ in range(6))
)
"""**Ruling X-19.** The 48 money notes, sorted: six each of $30,000, $40,000, ... $100,000."""

CHIP_COLOURS: Final[tuple[str, ...]] = ("blue", "gold", "green", "pink", "silver")
"""**Ruling X-20.** The five chip-card colours. The rulebook's example names pink and gold; the
other three names are placeholders (only "same colour or not" matters to the rules)."""

CHIP_CARDS: Final[tuple[str, ...]] = tuple(sorted(c for c in CHIP_COLOURS for _ in range(5)))
"""**Ruling X-20.** The 25 chip cards, sorted: five of each colour."""

CHIP_SET_VALUES: Final[tuple[Money, ...]] = (0, 10_000, 30_000, 60_000, 100_000, 150_000)
"""What chip cards of one colour are worth at the end, by how many one holds (K-15)."""

ROUNDS: Final = 4
"""Rounds in a game (K-1, K-11)."""

TURNS: Final = 6
"""Turns in a round at most (K-1, K-8)."""

HAND_SIZE: Final = 5
"""Cards drawn into the hand at each turn (K-4, K-6)."""

OUT_AT: Final = 8
"""Cards placed (cards, not dice) that put a player out for the round (K-7)."""

NOTES_PER_CASINO: Final = 2
"""Notes dealt to each casino at each round's start (K-3)."""
