"""``SmallGame``: the classic game cut down until its whole tree can be solved (one round,
few dice, a fixed note deal)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..config import Params
from ..errors import ConfigError
from ..modules.base import RuleModule

__all__ = ["SmallGame"]


@attrs.frozen
class SmallGame(RuleModule):
    """A classic game cut down until its whole tree can be solved: one round, *dice* dice per
    seat (2 by default), and six $50,000 notes for the pile, so that the note deal is fixed
    (every casino draws one $50,000 note: each draw has one outcome) instead of a long chain
    of chance nodes. Two players: about 82,000 nodes with 2 dice.

    It is not a rule of the published game but a variant for solvers
    (:func:`lasvegas.adapters.openspiel.small_config` plays it through OpenSpiel).

    >>> import lasvegas as lv
    >>> params = lv.classic(2, SmallGame()).ruleset.params
    >>> params.rounds, params.dice, params.notes.count(50_000)
    (1, (2, 0, 0, 0), 6)
    """

    id: ClassVar[str] = "small-game"
    dice: int = 2
    """Regular dice per seat (1 to 3: 3 is already too large to solve this way)."""

    def configure(self, params: Params, players: int) -> Params:
        """One round, :attr:`dice` dice per seat, six $50,000 notes (a fixed deal)."""
        if not 1 <= self.dice <= 3:
            raise ConfigError(f"small-game: dice must be 1 to 3, not {self.dice}")
        return attrs.evolve(
            params,
            rounds=1,
            dice=(self.dice, 0, 0, 0),
            notes=(50_000,) * params.casinos,
            minimum=50_000,
            worth=(),
        )
