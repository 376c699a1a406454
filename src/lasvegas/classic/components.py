"""Component data of the classic game, kept as data so owners of other printings can swap it."""

from __future__ import annotations

from typing import Final

from ..types import Money

__all__ = ["BANKNOTES", "DICE_PER_PLAYER", "MINIMUM", "ROUNDS"]

BANKNOTES: Final[tuple[Money, ...]] = tuple(
    sorted(
        [10_000] * 6
        + [20_000] * 8
        + [30_000] * 8
        + [40_000] * 6
        + [50_000] * 6
        + [60_000, 70_000, 80_000, 90_000] * 5
    )
)
"""The 54 banknotes of the classic game, sorted (C-2): $2,500,000 in all."""

DICE_PER_PLAYER: Final = 8
"""Dice of each player's colour (C-1)."""

MINIMUM: Final[Money] = 50_000
"""A casino draws notes until they total at least this (C-5)."""

ROUNDS: Final = 4
"""Rounds in a game (C-3)."""
