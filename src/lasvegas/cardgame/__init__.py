"""Las Vegas: The Card Game (2016), its sequential variation and chip cards (rules K-1 to K-18).

The card game is an edition of the one engine: :func:`cardgame` builds a config of the
``"cardgame"`` edition (4 rounds, no dice in the core's supply, the 48 notes, no classic
filling, payout to the top two) with the :class:`CardGame` module, which deals notes and cards
and runs the simultaneous turns; :class:`Sequential` (K-12) and :class:`ChipCards` (K-14 to
K-17, also usable with the classic dice game, B-9) are optional modules.
"""

from __future__ import annotations

from ..config import GameConfig, Params, register_builtin_modules, register_edition
from ..modules.base import RuleModule
from ..testing import register_example_configs
from .chip_cards import (
    ChipCards,
    ChipCardsState,
    ChipDealt,
    ChipTaken,
    ChooseChip,
    DealChips,
    DrawChip,
    TakeChip,
)
from .components import (
    CHIP_CARDS,
    DICE_CARDS,
    HIDDEN,
    NOTES,
    ROUNDS,
    Card,
    card,
    card_dice,
    card_face,
    card_name,
)
from .game import (
    CardDrawn,
    CardGame,
    CardGameState,
    CardsCommitted,
    CardsDiscarded,
    CardsPlayed,
    ChooseCards,
    DealCards,
    DealNotes,
    DrawCard,
    NotesBoxed,
    PlayCards,
    SeatOut,
    drawing_seat,
    selections,
)
from .sequential import Sequential

__all__ = [
    "CHIP_CARDS",
    "DICE_CARDS",
    "HIDDEN",
    "NOTES",
    "Card",
    "CardDrawn",
    "CardGame",
    "CardGameState",
    "CardsCommitted",
    "CardsDiscarded",
    "CardsPlayed",
    "ChipCards",
    "ChipCardsState",
    "ChipDealt",
    "ChipTaken",
    "ChooseCards",
    "ChooseChip",
    "DealCards",
    "DealChips",
    "DealNotes",
    "DrawCard",
    "DrawChip",
    "NotesBoxed",
    "PlayCards",
    "SeatOut",
    "Sequential",
    "TakeChip",
    "card",
    "card_dice",
    "card_face",
    "card_name",
    "cardgame",
    "drawing_seat",
    "selections",
]


def _cardgame_params(players: int) -> Params:
    return Params(
        rounds=ROUNDS,
        min_players=2,
        max_players=5,
        dice=(0, 0, 0, 0),
        notes=NOTES,
        places=2,
        fill=False,  # no minimum rule: the CardGame module deals the notes (K-3)
    )


register_edition("cardgame", _cardgame_params)
register_builtin_modules(CardGame, Sequential, ChipCards)


def cardgame(players: int = 4, *modules: RuleModule, hide_money: bool = False) -> GameConfig:
    """A card game for *players* seats (2-5, K-1) with *modules* (``Sequential``, ``ChipCards``).

    The :class:`CardGame` module is always in the config; pass your own ``CardGame(deck=...,
    notes=...)`` among *modules* to play with other component lists.

    >>> import lasvegas as lv
    >>> config = lv.cardgame(4, lv.ChipCards())
    >>> config.edition, [m.id for m in config.modules]
    ('cardgame', ['chip-cards', 'cardgame'])
    >>> lv.cardgame(6)
    Traceback (most recent call last):
    ...
    lasvegas.errors.ConfigError: 6 players: the cardgame edition with these modules takes 2-5
    """
    if not any(isinstance(m, CardGame) for m in modules):
        modules = (CardGame(), *modules)
    return GameConfig(players=players, edition="cardgame", modules=modules, hide_money=hide_money)


def _examples() -> list[GameConfig]:
    """Card-game and chip-card configs for the suite-wide property tests (JSON, views, fuzzing)."""
    from ..classic import NeutralDice, classic

    configs = [cardgame(players) for players in range(2, 6)]
    configs += [cardgame(players, Sequential()) for players in (2, 4)]
    configs += [cardgame(players, ChipCards()) for players in (3, 5)]
    configs += [cardgame(4, Sequential(), ChipCards()), cardgame(3, hide_money=True)]
    configs += [classic(players, ChipCards()) for players in (2, 4)]
    configs.append(classic(3, ChipCards(), NeutralDice()))
    return configs


register_example_configs(_examples)
