"""lasvegas: a typed rules library for Rüdiger Dorn's Las Vegas family of games.

>>> import lasvegas as lv
>>> state = lv.new_game(lv.classic(players=4))
>>> rng = lv.Rng(1)
>>> while lv.to_move(state) is not None:
...     if lv.to_move(state) is lv.CHANCE:
...         action = lv.sample_chance(state, rng)
...     else:
...         action = rng.choice(lv.legal_actions(state))
...     state = lv.apply(state, action)
>>> len(lv.standings(state).winners) >= 1
True
"""

from .__about__ import __version__
from ._build import COMPILED
from ._build import restore_docstrings as _restore_docstrings
from .actions import Action, Draw, Place, Roll
from .boulevard import (
    Biggies,
    ChooseNote,
    HundredThousands,
    Kick,
    Kickers,
    MinimumByPlayers,
    RainbowCards,
    SixthPlayer,
    SlotMachine,
)
from .cardgame import (
    CardGame,
    ChipCards,
    DrawCard,
    DrawChip,
    PlayCards,
    Sequential,
    TakeChip,
    cardgame,
)
from .chance import Rng
from .classic import BANKNOTES, NeutralDice, SmallGame, classic
from .config import GameConfig, Params
from .engine import (
    ChanceRun,
    Standings,
    Step,
    action_space,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    play_chance,
    sample_chance,
    standings,
    step,
    to_move,
)
from .errors import ConfigError, DeserializationError, IllegalActionError, LasVegasError
from .events import (
    BanknotePaid,
    CasinoPaid,
    CasinosFilled,
    DicePlaced,
    DiceRolled,
    Event,
    GameEnded,
    NoteDealt,
    NotesReturned,
    PayoutStarted,
    RoundEnded,
    RoundStarted,
    TiesRemoved,
    TurnPassed,
    TurnStarted,
)
from .modules.base import (
    Capabilities,
    Held,
    ModuleState,
    RuleModule,
    Score,
    Task,
    TaskHandler,
)
from .record import Record, read_record, replay
from .royale import PayChip, Royale, royale
from .royale.tiles import (
    BadLuck,
    BlackBox,
    BlockIt,
    DoubleDown,
    FiftyFifty,
    Handicap,
    HighFive,
    Jackpot,
    Knockout,
    LuckyPunch,
    MyChoice,
    NiceDice,
    NoEntry,
    PayDay,
    PowerPlay,
    PrimeTime,
)
from .serde import from_data, from_json, register, to_data, to_json
from .state import Casino, Phase, State
from .text import describe, describe_event
from .types import CHANCE, GROUPS, CasinoIndex, CasinoNumber, Chance, Face, Money, Seat
from .validate import state_problems
from .view import (
    DiceFaces,
    FinalStandings,
    LegendEntry,
    MoneyPart,
    OwnerView,
    PlayerView,
    TaskView,
    TileFact,
    TileInfo,
    observe,
    observe_events,
)

_restore_docstrings()

# ``import lasvegas.royale.bank as bank`` reaches the submodule through the attribute
# ``lasvegas.royale``, which is the edition's builder, and Python then looks it up as
# ``sys.modules[f"{lasvegas.royale.__name__}.bank"]``: so each builder that shadows its
# package carries the package's full name, and every submodule imports under any spelling.
for _builder in (classic, royale, cardgame):
    _builder.__name__ = f"{__name__}.{_builder.__qualname__}"
del _builder

__all__ = [
    "BANKNOTES",
    "CHANCE",
    "COMPILED",
    "GROUPS",
    "Action",
    "BadLuck",
    "BanknotePaid",
    "Biggies",
    "BlackBox",
    "BlockIt",
    "Capabilities",
    "CardGame",
    "Casino",
    "CasinoIndex",
    "CasinoNumber",
    "CasinoPaid",
    "CasinosFilled",
    "Chance",
    "ChanceRun",
    "ChipCards",
    "ChooseNote",
    "ConfigError",
    "DeserializationError",
    "DiceFaces",
    "DicePlaced",
    "DiceRolled",
    "DoubleDown",
    "Draw",
    "DrawCard",
    "DrawChip",
    "Event",
    "Face",
    "FiftyFifty",
    "FinalStandings",
    "GameConfig",
    "GameEnded",
    "Handicap",
    "Held",
    "HighFive",
    "HundredThousands",
    "IllegalActionError",
    "Jackpot",
    "Kick",
    "Kickers",
    "Knockout",
    "LasVegasError",
    "LegendEntry",
    "LuckyPunch",
    "MinimumByPlayers",
    "ModuleState",
    "Money",
    "MoneyPart",
    "MyChoice",
    "NeutralDice",
    "NiceDice",
    "NoEntry",
    "NoteDealt",
    "NotesReturned",
    "OwnerView",
    "Params",
    "PayChip",
    "PayDay",
    "PayoutStarted",
    "Phase",
    "Place",
    "PlayCards",
    "PlayerView",
    "PowerPlay",
    "PrimeTime",
    "RainbowCards",
    "Record",
    "Rng",
    "Roll",
    "RoundEnded",
    "RoundStarted",
    "Royale",
    "RuleModule",
    "Score",
    "Seat",
    "Sequential",
    "SixthPlayer",
    "SlotMachine",
    "SmallGame",
    "Standings",
    "State",
    "Step",
    "TakeChip",
    "Task",
    "TaskHandler",
    "TaskView",
    "TiesRemoved",
    "TileFact",
    "TileInfo",
    "TurnPassed",
    "TurnStarted",
    "__version__",
    "action_space",
    "apply",
    "cardgame",
    "chance_outcomes",
    "classic",
    "describe",
    "describe_event",
    "from_data",
    "from_json",
    "legal_actions",
    "new_game",
    "observe",
    "observe_events",
    "play_chance",
    "read_record",
    "register",
    "replay",
    "royale",
    "sample_chance",
    "standings",
    "state_problems",
    "step",
    "to_data",
    "to_json",
    "to_move",
]
