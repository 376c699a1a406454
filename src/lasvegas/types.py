"""Domain aliases, the chance marker and the limits shared by every edition."""

from __future__ import annotations

import enum
from typing import Final, NewType, TypeAlias

__all__ = [
    "BIG",
    "CHANCE",
    "GROUPS",
    "KICKER",
    "MAX_MONEY",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NEUTRAL",
    "REGULAR",
    "CasinoIndex",
    "CasinoNumber",
    "Chance",
    "Face",
    "Money",
    "Seat",
]

Seat: TypeAlias = int
"""A player's seat, ``0 .. players-1`` in clockwise order."""

Face: TypeAlias = int
"""A die face, ``1 .. 6``; casino *n* is the casino of face *n*."""

Money: TypeAlias = int
"""An amount in whole dollars (``50_000``), never a float."""

MAX_MONEY: Final = 2**53 - 1
"""The largest amount a game may hold: a note's value, a chip set's worth, a seat's money in
its standings (notes and what its modules score). Configs with a larger amount are refused
(:class:`~lasvegas.ConfigError`), and so is a loaded state in which a seat's standings
exceed it (:func:`lasvegas.state_problems`), so every amount of a view or of the standings
is an exact JavaScript number and every JSON integer bound holds."""

CasinoNumber = NewType("CasinoNumber", int)
"""A casino's number, ``1 .. casinos``: casino *n* is the casino of face *n* (the slot
machine is casino 7). Rule hooks that name a casino by number (``closed``, ``hears``) use
this type; events' ``casino`` fields are numbers.

>>> CasinoNumber(3) + 0
3
"""

CasinoIndex = NewType("CasinoIndex", int)
"""A casino's position in ``state.casinos``, ``0 .. casinos-1``: casino number *n* is at
index *n - 1*. Only the ``payout`` hook names a casino by index; the two are distinct
types, so mypy catches one passed for the other.

>>> CasinoIndex(CasinoNumber(3) - 1)
2
"""


class Chance(enum.Enum):
    """The type of :data:`CHANCE`, the marker :func:`lasvegas.to_move` returns at a chance node."""

    CHANCE = "chance"
    """The single member."""

    def __repr__(self) -> str:
        return "lv.CHANCE"


CHANCE: Final = Chance.CHANCE
"""Returned by :func:`lasvegas.to_move` when the next action is a chance outcome."""

MIN_PLAYERS: Final = 2
"""The fewest seats any edition allows."""

MAX_PLAYERS: Final = 6
"""The most seats any edition allows (6 only with the sixth-player module, B-6)."""

GROUPS: Final = ("regular", "big", "kicker", "neutral")
"""The kinds of dice a seat can hold, in the order they are rolled (one chance node each)."""

REGULAR: Final = 0
"""Index of the ``"regular"`` group in :data:`GROUPS`."""

BIG: Final = 1
"""Index of the ``"big"`` group (biggies, B-3, R-2): one die counting two."""

KICKER: Final = 2
"""Index of the ``"kicker"`` group (B-4)."""

NEUTRAL: Final = 3
"""Index of the ``"neutral"`` group (C-17): dice a seat rolls for the imaginary owner."""
