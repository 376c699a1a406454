"""Component data of the Boulevard box (rules X-1 to X-6), kept as data.

Every fact the rulebooks leave open is one constant here, marked as a ruling where it is
one, so that an owner of the printed components can swap in the real numbers without
touching rule code.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from ..types import Money

__all__ = [
    "ACTION_CARDS",
    "BONUS_CARDS",
    "HUNDRED_THOUSANDS",
    "KICKERS_IN_BOX",
    "KICKERS_PER_PLAYER",
    "MINIMUM_BY_PLAYERS",
    "RAINBOW",
    "RAINBOW_CARDS",
    "RAINBOW_WORTH",
    "SIXTH_PLAYER_MAX",
]

MINIMUM_BY_PLAYERS: Final = MappingProxyType(
    {2: 30_000, 3: 40_000, 4: 50_000, 5: 60_000, 6: 70_000}
)
"""The minimum per casino by player count (B-1)."""

HUNDRED_THOUSANDS: Final[tuple[Money, ...]] = (100_000,) * 5
"""The five $100,000 notes shuffled into the pile (X-1, B-2)."""

KICKERS_IN_BOX: Final = 10
"""The violet kicker dice in the box (X-3)."""

KICKERS_PER_PLAYER: Final = MappingProxyType({2: 2, 3: 2, 4: 2, 5: 2, 6: 1})
"""Kickers per player by player count, two with fewer than 6 players (X-3, B-4)."""

RAINBOW_CARDS: Final = 6
"""Rainbow cards shuffled into the pile (X-2, from the box's published component list)."""

RAINBOW: Final[Money] = 0
"""The note value that stands for a rainbow card in piles and casinos (B-5, a ruling).

A rainbow card is no banknote, but it travels with them (pile, casino), so the library
writes it as this sentinel value; no real banknote is worth $0. It never reaches a seat: it
is replaced before payout and then kept aside (the :class:`~lasvegas.RainbowCards` slice).
"""

RAINBOW_WORTH: Final[Money] = 40_000
"""What a rainbow card counts for when a casino is filled to its minimum (B-5)."""

SIXTH_PLAYER_MAX: Final = 6
"""The most seats with the sixth-player module (B-6); 7 or 8 are out of scope (X-6, a ruling)."""

ACTION_CARDS: Final = 10
"""Action cards in the box (X-5), not implemented as their texts are not known (a ruling)."""

BONUS_CARDS: Final = 10
"""Bonus cards in the box (X-5), not implemented as their texts are not known (a ruling)."""
