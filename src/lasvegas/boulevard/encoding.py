"""The Boulevard modules' parts of the reinforcement-learning adapters' observation vector.

Their slice encoders (:attr:`lasvegas.Capabilities.slice_encoder`, each a
:data:`~lasvegas.modules.observation.SliceEncoder`): the kickers' dice out of play per owner,
the slot machine's faces used and dice there per owner and face, how many rainbow cards were
discarded. The Boulevard's other modules keep no slice and add nothing to the vector.

>>> import lasvegas as lv
>>> [segment.name for segment, _ in kickers_segments(lv.classic(3, lv.Kickers()), 0)]
['kickers.out']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..modules.observation import Perspective, Segment, SegmentFill, slice_field

if TYPE_CHECKING:
    from ..config import GameConfig
    from ..view import PlayerView

__all__ = ["kickers_segments", "rainbow_cards_segments", "slot_machine_segments"]


def kickers_segments(config: GameConfig, index: int) -> list[tuple[Segment, SegmentFill]]:
    """The kickers' segments (:class:`lasvegas.Kickers`'s slice encoder)."""
    owners = config.ruleset.owners
    high = float(max(1, sum(config.ruleset.params.dice)) * config.players)

    def out(view: PlayerView, p: Perspective) -> list[float]:
        dice = slice_field(view, index, "out")
        if not isinstance(dice, tuple) or len(dice) != owners:
            return [0.0] * owners
        return [float(dice[o]) for o in p.owner_order]

    return [(Segment("kickers.out", (owners,), high, "dice out of play per owner"), out)]


def slot_machine_segments(config: GameConfig, index: int) -> list[tuple[Segment, SegmentFill]]:
    """The slot machine's segments (:class:`lasvegas.SlotMachine`'s slice encoder)."""
    owners = config.ruleset.owners
    high = float(max(8, sum(config.ruleset.params.dice)) * config.players)

    def used(view: PlayerView, p: Perspective) -> list[float]:
        faces = slice_field(view, index, "used")
        return [1.0 if isinstance(faces, tuple) and f in faces else 0.0 for f in range(1, 7)]

    def dice(view: PlayerView, p: Perspective) -> list[float]:
        entries = slice_field(view, index, "dice")
        rows = {o: [0.0] * 6 for o in range(owners)}
        for face, owner, weight in entries if isinstance(entries, tuple) else ():
            rows[owner][face - 1] += weight
        return [v for o in p.owner_order for v in rows[o]]

    return [
        (Segment("slot-machine.used", (6,), 1.0, "faces used at the slot machine"), used),
        (
            Segment(
                "slot-machine.dice",
                (owners, 6),
                high,
                "dice at the slot machine per owner and face (a biggie counts two)",
            ),
            dice,
        ),
    ]


def rainbow_cards_segments(config: GameConfig, index: int) -> list[tuple[Segment, SegmentFill]]:
    """The rainbow cards' segments (:class:`lasvegas.RainbowCards`'s slice encoder)."""
    high = float(max(1, len(config.ruleset.params.notes)))

    def discarded(view: PlayerView, p: Perspective) -> list[float]:
        count = slice_field(view, index, "discarded")
        return [float(count) if isinstance(count, int) else 0.0]

    return [(Segment("rainbow-cards.discarded", (1,), high, "rainbow cards discarded"), discarded)]
