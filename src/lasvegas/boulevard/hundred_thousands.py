"""``HundredThousands``: five $100,000 notes are shuffled into the pile (B-2, X-1)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..config import Params
from ..modules.base import RuleModule
from .components import HUNDRED_THOUSANDS

__all__ = ["HundredThousands"]


@attrs.frozen
class HundredThousands(RuleModule):
    """Five $100,000 notes join the banknote pile (B-2, X-1: 59 notes, $3,000,000).

    >>> import lasvegas as lv
    >>> notes = lv.classic(4, HundredThousands()).ruleset.params.notes
    >>> len(notes), sum(notes), notes[-5:]
    (59, 3000000, (100000, 100000, 100000, 100000, 100000))
    """

    id: ClassVar[str] = "hundred-thousands"

    def configure(self, params: Params, players: int) -> Params:
        """Add the five $100,000 notes to the pile (kept sorted)."""
        return attrs.evolve(params, notes=tuple(sorted(params.notes + HUNDRED_THOUSANDS)))
