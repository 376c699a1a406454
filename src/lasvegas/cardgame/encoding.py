"""The card game's and the chip cards' parts of the reinforcement-learning adapters'
observation vector.

Their slice encoders (:attr:`lasvegas.Capabilities.slice_encoder`, each a
:data:`~lasvegas.modules.observation.SliceEncoder`): the card game's turn, the viewer's hand,
draw pile, discards and own choice by card code, each seat's visible choice, per seat the
sizes of hand, draw pile and discards, whether it has chosen and whether it is out, the box;
the chip cards' pile size and chips by colour at each casino and per seat.

>>> import lasvegas as lv
>>> [segment.name for segment, _ in chip_cards_segments(lv.cardgame(3, lv.ChipCards()), 0)]
['chip-cards.pile', 'chip-cards.casinos', 'chip-cards.held']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..modules.observation import (
    MONEY_UNIT,
    Perspective,
    Segment,
    SegmentFill,
    counts,
    indexed_counts,
    one_hot,
    slice_field,
)
from ._parts import CardGameState
from .components import TURNS

if TYPE_CHECKING:
    from ..config import GameConfig
    from ..view import PlayerView

__all__ = ["cardgame_segments", "chip_cards_segments"]


def cardgame_segments(config: GameConfig, index: int) -> list[tuple[Segment, SegmentFill]]:
    """The card game's segments (:class:`lasvegas.CardGame`'s slice encoder)."""
    from .game import CardGame  # the card game's module imports this file

    module = config.modules[index]
    assert isinstance(module, CardGame)
    codes = tuple(sorted(set(module.deck)))
    n = config.players
    k = len(codes)
    deck_size = float(len(module.deck))
    notes = config.ruleset.params.notes
    by_card = indexed_counts(codes)

    def part(view: PlayerView) -> CardGameState | None:
        s = view.modules[index]
        return s if isinstance(s, CardGameState) else None

    def turn(view: PlayerView, p: Perspective) -> list[float]:
        s = part(view)
        return one_hot(TURNS + 1, s.turn if s is not None else None)

    def own(field: str) -> SegmentFill:
        def fill(view: PlayerView, p: Perspective) -> list[float]:
            s = part(view)
            if s is None or view.seat is None:
                return [0.0] * k
            return by_card(getattr(s, field)[view.seat])

        return fill

    def choices(view: PlayerView, p: Perspective) -> list[float]:
        s = part(view)
        values: list[float] = []
        for seat in p.seats:
            choice = s.choices[seat] if s is not None else None
            values += by_card(choice or ())
        return values

    def seats(view: PlayerView, p: Perspective) -> list[float]:
        s = part(view)
        values: list[float] = []
        for seat in p.seats:
            if s is None:
                values += [0.0] * 5
                continue
            values += [
                float(len(s.hands[seat])),
                float(len(s.decks[seat])),
                float(len(s.discards[seat])),
                0.0 if s.choices[seat] is None else 1.0,
                1.0 if s.out[seat] else 0.0,
            ]
        return values

    def box(view: PlayerView, p: Perspective) -> list[float]:
        s = part(view)
        if s is None:
            return [0.0, 0.0]
        return [float(len(s.box)), sum(s.box) / MONEY_UNIT]

    return [
        (Segment("cardgame.turn", (TURNS + 1,), 1.0, "the turn of the round, one-hot"), turn),
        (Segment("cardgame.hand", (k,), deck_size, "the viewer's hand by card"), own("hands")),
        (
            Segment("cardgame.deck", (k,), deck_size, "the viewer's draw pile by card"),
            own("decks"),
        ),
        (
            Segment("cardgame.discards", (k,), deck_size, "the viewer's discards by card"),
            own("discards"),
        ),
        (
            Segment("cardgame.choices", (n, k), deck_size, "each seat's visible choice"),
            choices,
        ),
        (
            Segment(
                "cardgame.seats",
                (n, 5),
                deck_size,
                "per seat: hand, draw pile and discards sizes, has chosen, is out",
            ),
            seats,
        ),
        (
            Segment(
                "cardgame.box",
                (2,),
                max(float(len(notes)), sum(notes) / MONEY_UNIT),
                "notes in the box: count, total",
            ),
            box,
        ),
    ]


def chip_cards_segments(config: GameConfig, index: int) -> list[tuple[Segment, SegmentFill]]:
    """The chip cards' segments (:class:`lasvegas.ChipCards`'s slice encoder)."""
    from .chip_cards import ChipCards  # the chip cards' module imports this file

    module = config.modules[index]
    assert isinstance(module, ChipCards)
    colours = tuple(sorted(set(module.chips)))
    high = float(len(module.chips))
    c = len(colours)
    n = config.players

    def pile(view: PlayerView, p: Perspective) -> list[float]:
        chips = slice_field(view, index, "pile")
        return [float(len(chips)) if isinstance(chips, tuple) else 0.0]

    def casinos(view: PlayerView, p: Perspective) -> list[float]:
        places = slice_field(view, index, "casinos")
        values: list[float] = []
        for chips in places if isinstance(places, tuple) else ((),) * 6:
            values += counts(chips, colours)
        return values

    def held(view: PlayerView, p: Perspective) -> list[float]:
        held = slice_field(view, index, "held")
        values: list[float] = []
        for seat in p.seats:
            values += counts(held[seat] if isinstance(held, tuple) else (), colours)
        return values

    return [
        (Segment("chip-cards.pile", (1,), high, "chip cards not dealt yet"), pile),
        (Segment("chip-cards.casinos", (6, c), high, "chips at each casino by colour"), casinos),
        (Segment("chip-cards.held", (n, c), high, "chips each seat holds by colour"), held),
    ]
