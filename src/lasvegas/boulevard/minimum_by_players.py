"""``MinimumByPlayers``: the minimum per casino depends on the player count (B-1)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..config import Params
from ..modules.base import RuleModule
from .components import MINIMUM_BY_PLAYERS

__all__ = ["MinimumByPlayers"]


@attrs.frozen
class MinimumByPlayers(RuleModule):
    """Casinos are filled to a minimum that grows with the player count (B-1).

    2 players: $30,000; 3: $40,000; 4: $50,000 (as the base game); 5: $60,000; 6: $70,000
    (the table :data:`~lasvegas.boulevard.components.MINIMUM_BY_PLAYERS`).

    >>> import lasvegas as lv
    >>> lv.classic(2, MinimumByPlayers()).ruleset.params.minimum
    30000
    >>> lv.classic(5, MinimumByPlayers()).ruleset.params.minimum
    60000
    """

    id: ClassVar[str] = "minimum-by-players"

    def configure(self, params: Params, players: int) -> Params:
        """Set the minimum for *players* seats (other counts are refused by the player range)."""
        minimum = MINIMUM_BY_PLAYERS.get(players, params.minimum)
        return attrs.evolve(params, minimum=minimum)
