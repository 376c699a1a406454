"""Royale's part of the reinforcement-learning adapters' observation vector.

The Royale module's slice encoder (:attr:`lasvegas.Capabilities.slice_encoder`, a
:data:`~lasvegas.modules.observation.SliceEncoder`): chips per seat, the bank's size and
total, who took the higher card at each casino. The tiles have no encoder of their own: each
gets the generic ``in_play`` flag and casino of :mod:`lasvegas.adapters.encoding`.

>>> import lasvegas as lv
>>> [segment.name for segment, _ in royale_segments(lv.royale(3), 0)]
['royale.chips', 'royale.bank', 'royale.top']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..modules.observation import MONEY_UNIT, Perspective, Segment, SegmentFill, one_hot
from .state import RoyaleState

if TYPE_CHECKING:
    from ..config import GameConfig
    from ..view import PlayerView

__all__ = ["royale_segments"]


def royale_segments(config: GameConfig, index: int) -> list[tuple[Segment, SegmentFill]]:
    """Royale's segments (:class:`lasvegas.Royale`'s slice encoder)."""
    n = config.players
    owners = config.ruleset.owners
    casinos = 6
    notes = config.ruleset.params.notes

    def part(view: PlayerView) -> RoyaleState | None:
        s = view.modules[index]
        return s if isinstance(s, RoyaleState) else None

    def chips(view: PlayerView, p: Perspective) -> list[float]:
        s = part(view)
        return [float(s.chips[seat]) if s is not None else 0.0 for seat in p.seats]

    def bank(view: PlayerView, p: Perspective) -> list[float]:
        s = part(view)
        if s is None:
            return [0.0, 0.0]
        return [float(len(s.bank)), sum(s.bank) / MONEY_UNIT]

    def top(view: PlayerView, p: Perspective) -> list[float]:
        s = part(view)
        order = p.owner_order
        values: list[float] = []
        for number in range(casinos):
            owner = s.top[number] if s is not None and number < len(s.top) else None
            if owner is None:
                values += [0.0] * (owners + 1)
            elif owner < 0:
                values += one_hot(owners + 1, owners)
            else:
                values += one_hot(owners + 1, order.index(owner))
        return values

    return [
        (Segment("royale.chips", (n,), 100.0, "chips per seat"), chips),
        (
            Segment(
                "royale.bank",
                (2,),
                max(float(len(notes)), sum(notes) / MONEY_UNIT),
                "the bank: cards, total",
            ),
            bank,
        ),
        (
            Segment(
                "royale.top",
                (casinos, owners + 1),
                1.0,
                "who took the higher card at each casino (owner one-hot, then nobody)",
            ),
            top,
        ),
    ]
