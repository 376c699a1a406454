"""``SixthPlayer``: a sixth colour of 8 dice, for 6 players (B-6, X-6)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..config import Params
from ..modules.base import RuleModule
from .components import SIXTH_PLAYER_MAX

__all__ = ["SixthPlayer"]


@attrs.frozen
class SixthPlayer(RuleModule):
    """Allows a sixth player with 8 dice of a sixth colour (B-6).

    7 or 8 players stay out of scope (X-6, ruling).

    >>> import lasvegas as lv
    >>> lv.new_game(lv.classic(6, SixthPlayer())).supply[5]
    (8, 0, 0, 0)
    """

    id: ClassVar[str] = "sixth-player"

    def configure(self, params: Params, players: int) -> Params:
        """Raise the most seats allowed to 6."""
        return attrs.evolve(params, max_players=max(params.max_players, SIXTH_PLAYER_MAX))
