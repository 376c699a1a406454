"""``Biggies``: each player's biggie counts as two dice (B-3)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..config import Params
from ..errors import ConfigError
from ..modules.base import RuleModule
from ..types import BIG, REGULAR

__all__ = ["Biggies"]


@attrs.frozen
class Biggies(RuleModule):
    """Each player replaces one regular die with their biggie (B-3); still 8 dice.

    The biggie is a die of the ``"big"`` group: rolled in its own chance node after the
    regular dice, placed with the regular dice of the same face, and counted as
    two dice for ties and ranking by the core (:meth:`lasvegas.Casino.weights`).

    >>> import lasvegas as lv
    >>> lv.new_game(lv.classic(4, Biggies())).supply[0]
    (7, 1, 0, 0)
    """

    id: ClassVar[str] = "biggies"

    def configure(self, params: Params, players: int) -> Params:
        """Turn one regular die of each seat into its biggie."""
        dice = list(params.dice)
        if dice[REGULAR] < 1:
            raise ConfigError("biggies: every seat needs a regular die to swap for its biggie")
        dice[REGULAR] -= 1
        dice[BIG] += 1
        return attrs.evolve(params, dice=(dice[0], dice[1], dice[2], dice[3]))
