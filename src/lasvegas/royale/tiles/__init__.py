"""The casino tiles of Las Vegas Royale (rules T-1 to T-11 and the tiles' T-<TILE>-n), one module per file.

:data:`TILES` is the registry: the pool of every Royale main-game config is one instance of
each class listed there, and the tile deal draws from the faces of that pool. To add a
tile, write its file and add its class to :data:`TILES` (one line); see
``docs/rules/royale/index.md``, "How to write a tile".

All 16 faces of X-9 are listed. A hand-built config whose pool lacks some faces deals only
from the physical tiles that have a face in it (see :meth:`lasvegas.royale.Royale.check_pool`).
"""

from __future__ import annotations

from typing import Final

from ..state import TileState
from .bad_luck import BadLuck, BadLuckPay, BadLuckState, PayBank
from .base import Tile, activate_tile, resume, tile_at
from .black_box import (
    BlackBox,
    BlackBoxChoose,
    BlackBoxSplit,
    ChoosePile,
    PileChosen,
    SplitTokens,
    TokensSplit,
)
from .block_it import BlockIt, BlockItPlace, BlockItState, PlaceCluster
from .double_down import DoubleDown, DoubleDownMove, DoubleDownPaid, DoubleDownState, DoubleDownTask
from .fifty_fifty import (
    FiftyFifty,
    FiftyFiftyBet,
    FiftyFiftyChoice,
    FiftyFiftySettled,
    FiftyFiftyState,
    FiftyFiftyStop,
    FiftyFiftyThrow,
)
from .handicap import (
    Handicap,
    HandicapDecline,
    HandicapMove,
    HandicapReturn,
    HandicapRotate,
    HandicapState,
    HandicapTake,
    HandicapTask,
)
from .high_five import HighFive, HighFiveState
from .jackpot import Jackpot, JackpotState, JackpotThrow
from .knockout import Knockout, KnockoutChoice, KnockoutPut, KnockoutState
from .lucky_punch import (
    FistMade,
    FistOpened,
    GuessTokens,
    HideTokens,
    LuckyPunch,
    LuckyPunchGuess,
    LuckyPunchHide,
)
from .my_choice import (
    MyChoice,
    MyChoiceActivate,
    MyChoiceFace,
    MyChoiceGolden,
    MyChoiceMove,
    MyChoicePick,
    MyChoiceReturn,
    MyChoiceRotate,
    MyChoiceSpace,
    MyChoiceState,
    MyChoiceThrow,
    MyChoiceTile,
)
from .nice_dice import NiceDice, NiceDiceDecline, NiceDiceState, NiceDiceTake, NiceDiceTask
from .no_entry import (
    NoEntry,
    NoEntryChoice,
    NoEntryClose,
    NoEntryLeave,
    NoEntryMoved,
    NoEntryState,
)
from .pay_day import PayDay
from .power_play import (
    PowerPlay,
    PowerPlayChoice,
    PowerPlayRoll,
    PowerPlayState,
    PowerPlayUse,
    PowerTokenMoved,
)
from .prime_time import (
    PrimeTime,
    PrimeTimeChoice,
    PrimeTimePlace,
    PrimeTimeState,
    PrimeTimeThrow,
)

__all__ = [
    "TILES",
    "BadLuck",
    "BadLuckPay",
    "BadLuckState",
    "BlackBox",
    "BlackBoxChoose",
    "BlackBoxSplit",
    "BlockIt",
    "BlockItPlace",
    "BlockItState",
    "ChoosePile",
    "DoubleDown",
    "DoubleDownMove",
    "DoubleDownPaid",
    "DoubleDownState",
    "DoubleDownTask",
    "FiftyFifty",
    "FiftyFiftyBet",
    "FiftyFiftyChoice",
    "FiftyFiftySettled",
    "FiftyFiftyState",
    "FiftyFiftyStop",
    "FiftyFiftyThrow",
    "FistMade",
    "FistOpened",
    "GuessTokens",
    "Handicap",
    "HandicapDecline",
    "HandicapMove",
    "HandicapReturn",
    "HandicapRotate",
    "HandicapState",
    "HandicapTake",
    "HandicapTask",
    "HideTokens",
    "HighFive",
    "HighFiveState",
    "Jackpot",
    "JackpotState",
    "JackpotThrow",
    "Knockout",
    "KnockoutChoice",
    "KnockoutPut",
    "KnockoutState",
    "LuckyPunch",
    "LuckyPunchGuess",
    "LuckyPunchHide",
    "MyChoice",
    "MyChoiceActivate",
    "MyChoiceFace",
    "MyChoiceGolden",
    "MyChoiceMove",
    "MyChoicePick",
    "MyChoiceReturn",
    "MyChoiceRotate",
    "MyChoiceSpace",
    "MyChoiceState",
    "MyChoiceThrow",
    "MyChoiceTile",
    "NiceDice",
    "NiceDiceDecline",
    "NiceDiceState",
    "NiceDiceTake",
    "NiceDiceTask",
    "NoEntry",
    "NoEntryChoice",
    "NoEntryClose",
    "NoEntryLeave",
    "NoEntryMoved",
    "NoEntryState",
    "PayBank",
    "PayDay",
    "PileChosen",
    "PlaceCluster",
    "PowerPlay",
    "PowerPlayChoice",
    "PowerPlayRoll",
    "PowerPlayState",
    "PowerPlayUse",
    "PowerTokenMoved",
    "PrimeTime",
    "PrimeTimeChoice",
    "PrimeTimePlace",
    "PrimeTimeState",
    "PrimeTimeThrow",
    "SplitTokens",
    "Tile",
    "TileState",
    "TokensSplit",
    "activate_tile",
    "resume",
    "tile_at",
]

TILES: Final[tuple[type[Tile], ...]] = (
    LuckyPunch,  # A1
    Jackpot,  # A2
    PrimeTime,  # B1
    FiftyFifty,  # B2
    HighFive,  # C1
    BadLuck,  # C2
    PayDay,  # D1
    PowerPlay,  # D2
    NoEntry,  # E1
    Knockout,  # E2
    BlockIt,  # F1
    Handicap,  # F2
    BlackBox,  # G1
    DoubleDown,  # G2
    NiceDice,  # H1
    MyChoice,  # H2
)
"""The registered tiles, in face-code order: one line per tile."""
