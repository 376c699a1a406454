"""Las Vegas Royale (2019): the basic game (rules R-1 to R-10) and the main game with its casino
tiles (part T).

:func:`royale` builds a config: the ``"royale"`` edition (3 rounds, 7 small dice and 1 Biggy
per seat rolled as ``"regular"`` then ``"big"``, the 90 money cards of X-7 as the pile, no
classic filling, payout to the top two), the :class:`Royale` module, and in the main game
the pool of tile modules (:data:`lasvegas.royale.tiles.TILES`).

The tiles' action types (the answers to their decisions, such as
:class:`~lasvegas.royale.tiles.PlaceCluster` or :class:`~lasvegas.royale.tiles.PayBank`) are
importable from here as from :mod:`lasvegas.royale.tiles`.

>>> from lasvegas.royale import PlaceCluster, PayBank
>>> PlaceCluster(size=3, casino=5), PayBank(option=0)
(PlaceCluster(size=3, casino=5), PayBank(option=0))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..config import GameConfig, Params, register_builtin_modules, register_edition
from ..modules.base import RuleModule
from ..testing import register_example_configs
from .components import CARDS_PER_ROUND, MONEY_CARDS, ROUNDS, SMALL_DICE
from .module import (
    BankDeal,
    CardDeal,
    DealTile,
    NeutralSetRoll,
    PayChip,
    Royale,
    TileDeal,
    normalize_deal,
)
from .state import RoyaleState
from .tiles import (
    TILES,
    ChoosePile,
    DoubleDownMove,
    FiftyFiftyBet,
    FiftyFiftyStop,
    GuessTokens,
    HandicapDecline,
    HandicapReturn,
    HandicapRotate,
    HandicapTake,
    HideTokens,
    KnockoutPut,
    MyChoiceActivate,
    MyChoiceGolden,
    MyChoicePick,
    MyChoiceReturn,
    MyChoiceRotate,
    NiceDiceDecline,
    NiceDiceTake,
    NoEntryClose,
    NoEntryLeave,
    PayBank,
    PlaceCluster,
    PowerPlayRoll,
    PowerPlayUse,
    PrimeTimePlace,
    SplitTokens,
    Tile,
    TileState,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "CARDS_PER_ROUND",
    "MONEY_CARDS",
    "TILES",
    "BankDeal",
    "CardDeal",
    "ChoosePile",
    "DealTile",
    "DoubleDownMove",
    "FiftyFiftyBet",
    "FiftyFiftyStop",
    "GuessTokens",
    "HandicapDecline",
    "HandicapReturn",
    "HandicapRotate",
    "HandicapTake",
    "HideTokens",
    "KnockoutPut",
    "MyChoiceActivate",
    "MyChoiceGolden",
    "MyChoicePick",
    "MyChoiceReturn",
    "MyChoiceRotate",
    "NeutralSetRoll",
    "NiceDiceDecline",
    "NiceDiceTake",
    "NoEntryClose",
    "NoEntryLeave",
    "PayBank",
    "PayChip",
    "PlaceCluster",
    "PowerPlayRoll",
    "PowerPlayUse",
    "PrimeTimePlace",
    "Royale",
    "RoyaleState",
    "SplitTokens",
    "Tile",
    "TileDeal",
    "TileState",
    "royale",
]


def _royale_params(players: int) -> Params:
    return Params(
        rounds=ROUNDS,
        min_players=2,
        max_players=5,
        dice=(SMALL_DICE, 1, 0, 0),
        notes=MONEY_CARDS,
        places=2,
        fill=False,
    )


register_edition("royale", _royale_params)
register_builtin_modules(Royale, *TILES)


def royale(
    players: int = 4,
    *modules: RuleModule,
    tiles: int = 3,
    deal: Sequence[str] | Sequence[Sequence[str]] | None = None,
    no_repeat: bool = False,
    hide_money: bool = False,
) -> GameConfig:
    """A Las Vegas Royale game for *players* seats (2-5).

    ``tiles``: 0 is the basic game, 3 the main game (the default), 0-6 the variant (T-2).
    ``deal`` fixes tile faces (by code ``"A2"`` or id ``"jackpot"``) on casinos 1, 2, ...:
    one sequence for every round, or one sequence per round; slots it leaves out are dealt at
    random. ``no_repeat`` deals no face twice in a game (T-2; at most 4 tiles per round).
    Two players get the neutral set (R-9) automatically. *modules* are added to the config.

    >>> import lasvegas as lv
    >>> config = lv.royale(3)
    >>> config.ruleset.params.rounds, config.ruleset.params.dice, len(config.modules) - len(TILES)
    (3, (7, 1, 0, 0), 1)
    >>> lv.royale(2, tiles=0).modules
    (Royale(tiles=0, deal=(), no_repeat=False),)
    >>> lv.royale(3, deal=("jackpot",)).modules[0].deal
    (('A2',), ('A2',), ('A2',))
    """
    main = Royale(tiles=tiles, deal=normalize_deal(deal, ROUNDS), no_repeat=no_repeat)
    pool = tuple(tile() for tile in TILES) if tiles else ()
    config = GameConfig(
        players=players,
        edition="royale",
        modules=(main, *pool, *modules),
        hide_money=hide_money,
    )
    main.check_pool(config)
    return config


def _examples() -> list[GameConfig]:
    """Royale configs for the suite-wide property tests (JSON, views, fuzzing)."""
    configs = [royale(players) for players in range(2, 6)]
    configs += [royale(players, tiles=0) for players in (2, 3, 5)]
    configs += [royale(3, deal=(tile.code,)) for tile in TILES]
    configs.append(royale(4, hide_money=True))
    return configs


register_example_configs(_examples)
