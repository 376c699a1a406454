"""Events of Las Vegas Royale, added to the core's (see :mod:`lasvegas.events`).

Like every event they are frozen values with a stable ``kind`` tag; :func:`lasvegas.step`
returns them so front-ends can animate the tile deal, activations, chips and bank payments.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from ..events import Event
from ..text import money, owner_name
from ..types import CasinoNumber, Money, Seat
from .components import face_code, face_name

if TYPE_CHECKING:
    from ..state import State

__all__ = [
    "BankPaid",
    "BankReceived",
    "CardBanked",
    "ChipsGiven",
    "DiceMoved",
    "TileActivated",
    "TileDealt",
]


@attrs.frozen
class TileDealt(Event):
    """A tile face went to a casino at the start of a round (T-2).

    >>> TileDealt(casino=1, face="A2")
    TileDealt(casino=1, face='A2')
    """

    kind: ClassVar[str] = "tile-dealt"
    casino: CasinoNumber
    """The casino number (1 .. the number of tiles)."""
    face: str
    """The face code (X-9), such as ``"A2"`` for Jackpot."""

    def text(self, state: State | None = None) -> str:
        """``"Jackpot (A2) goes to casino 1"``."""
        return f"{face_name(self.face)} ({self.face}) goes to casino {self.casino}"


@attrs.frozen
class TileActivated(Event):
    """A seat activated the tile at a casino (T-3), or another tile activated it (My Choice).

    >>> TileActivated(casino=2, face="D1", seat=0)
    TileActivated(casino=2, face='D1', seat=0)
    """

    kind: ClassVar[str] = "tile-activated"
    casino: CasinoNumber
    """The casino number."""
    face: str
    """The tile's face code."""
    seat: Seat
    """The active seat."""

    def text(self, state: State | None = None) -> str:
        """``"Seat 0 activates Jackpot at casino 1"``."""
        return f"Seat {self.seat} activates {face_name(self.face)} at casino {self.casino}"


@attrs.frozen
class CardBanked(Event):
    """A money card was drawn into the bank (T-1: round 1 of the main game, face up).

    >>> CardBanked(value=70_000)
    CardBanked(value=70000)
    """

    kind: ClassVar[str] = "card-banked"
    value: Money
    """The card's value."""

    def text(self, state: State | None = None) -> str:
        """``"A $70,000 card goes to the bank"``."""
        return f"A {money(self.value)} card goes to the bank"


@attrs.frozen
class ChipsGiven(Event):
    """A seat received chips (R-5 at a round's start, or a reward, X-8).

    >>> ChipsGiven(seat=1, count=2)
    ChipsGiven(seat=1, count=2)
    """

    kind: ClassVar[str] = "chips-given"
    seat: Seat
    """The seat."""
    count: int
    """How many chips."""

    def text(self, state: State | None = None) -> str:
        """``"Seat 1 takes 2 chips"``."""
        noun = "chip" if self.count == 1 else "chips"
        return f"Seat {self.seat} takes {self.count} {noun}"


@attrs.frozen
class BankPaid(Event):
    """The bank paid a seat (T-1): these cards, then chips for what cards could not pay.

    >>> BankPaid(seat=0, amount=100_000, cards=(60_000, 40_000), chips=0)
    BankPaid(seat=0, amount=100000, cards=(60000, 40000), chips=0)
    """

    kind: ClassVar[str] = "bank-paid"
    seat: Seat
    """The seat paid."""
    amount: Money
    """The amount owed to the seat."""
    cards: tuple[Money, ...]
    """The bank cards handed over, in the order taken (largest first)."""
    chips: int
    """Chips for the rest (X-8: chips are unlimited)."""

    def text(self, state: State | None = None) -> str:
        """``"The bank pays seat 0 $100,000: $90,000 and 1 chip"``."""
        parts = [money(c) for c in self.cards]
        if self.chips:
            parts.append(f"{self.chips} chip" + ("" if self.chips == 1 else "s"))
        return f"The bank pays seat {self.seat} {money(self.amount)}: {' and '.join(parts)}"


@attrs.frozen
class BankReceived(Event):
    """A seat paid the bank (T-1b): the cards and chips it handed over, and the change in
    cards the bank gave back.

    >>> BankReceived(seat=2, amount=50_000, cards=(30_000, 30_000), chips=0, change=(10_000,))
    BankReceived(seat=2, amount=50000, cards=(30000, 30000), chips=0, change=(10000,))
    """

    kind: ClassVar[str] = "bank-received"
    seat: Seat
    """The paying seat."""
    amount: Money
    """The amount owed."""
    cards: tuple[Money, ...]
    """The cards handed over, ascending."""
    chips: int
    """The chips handed over."""
    change: tuple[Money, ...]
    """The cards the bank gave back as change (never chips)."""

    def text(self, state: State | None = None) -> str:
        """``"Seat 2 pays the bank $50,000: $30,000 and 2 chips"`` (and the change)."""
        parts = [money(c) for c in self.cards]
        if self.chips:
            parts.append(f"{self.chips} chip" + ("" if self.chips == 1 else "s"))
        text = f"Seat {self.seat} pays the bank {money(self.amount)}: "
        text += " and ".join(parts) if parts else "nothing (holds nothing)"
        if self.change:
            text += "; change " + " and ".join(money(c) for c in self.change)
        return text


@attrs.frozen
class DiceMoved(Event):
    """Dice moved without a placement from a roll, so they activate nothing (T-6).

    Places are ``"supply"`` (a seat's supply), ``"casino-N"`` (casino N), ``"box"`` (dice
    that are not in play: blank dice before they enter, the 2-player neutral set) or a
    tile's own place named by the tile (``"bar"``, ``"tile-G2"`` ...).

    >>> DiceMoved(owner=1, small=1, big=0, source="casino-4", target="supply")
    DiceMoved(owner=1, small=1, big=0, source='casino-4', target='supply')
    """

    kind: ClassVar[str] = "dice-moved"
    owner: int
    """The seat, or an imaginary owner (numbered after the seats), the dice belong to."""
    small: int
    """Small dice moved."""
    big: int
    """Big dice (Biggies) moved."""
    source: str
    """Where they came from."""
    target: str
    """Where they went."""

    def text(self, state: State | None = None) -> str:
        """``"One die of seat 1 moves from casino 4 to the supply"``.

        >>> DiceMoved(owner=0, small=2, big=1, source="casino-3", target="black-dice").text(None)
        'Two dice and the Biggy of owner 0 move from casino 3 to the black dice'
        >>> DiceMoved(owner=0, small=1, big=0, source="supply", target="double-down").text(None)
        'One die of owner 0 moves from the supply to the Double Down tile'
        """
        parts = []
        if self.small:
            parts.append(f"{_count(self.small)} {'die' if self.small == 1 else 'dice'}")
        if self.big:
            parts.append("the Biggy" if self.big == 1 else f"{_count(self.big)} Biggies")
        what = " and ".join(parts) or "no dice"
        verb = "moves" if self.small + self.big == 1 else "move"
        text = (
            f"{what} of {owner_name(self.owner, state)} {verb} from {place_text(self.source)} "
            f"to {place_text(self.target)}"
        )
        return text[:1].upper() + text[1:]


_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _count(n: int) -> str:
    return _COUNTS[n] if 0 <= n < len(_COUNTS) else str(n)


def place_text(place: str) -> str:
    """A place of :class:`DiceMoved` in words.

    >>> place_text("casino-4"), place_text("tile-G2"), place_text("bar"), place_text("nice-dice")
    ('casino 4', 'the Double Down tile', 'the bar', 'the Nice Dice tile')
    """
    if place.startswith("casino-"):
        return f"casino {place[7:]}"
    if place.startswith("tile-"):
        try:
            return f"the {face_name(place[5:])} tile"
        except KeyError:
            return f"the tile {place[5:]}"
    try:
        return f"the {face_name(face_code(place))} tile"
    except ValueError:
        return "the " + place.replace("-", " ")
