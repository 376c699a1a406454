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
from .actions import Action, Draw, Place, Roll
from .chance import Rng
from .classic import BANKNOTES, NeutralDice, classic
from .config import GameConfig, Params
from .engine import (
    Standings,
    Step,
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
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
from .modules.base import ModuleState, RuleModule, Task
from .state import Casino, Phase, State
from .types import CHANCE, GROUPS, Chance, Face, Money, Seat
from .view import PlayerView, observe

__all__ = [
    "BANKNOTES",
    "CHANCE",
    "GROUPS",
    "Action",
    "BanknotePaid",
    "Casino",
    "CasinoPaid",
    "CasinosFilled",
    "Chance",
    "ConfigError",
    "DeserializationError",
    "DicePlaced",
    "DiceRolled",
    "Draw",
    "Event",
    "Face",
    "GameConfig",
    "GameEnded",
    "IllegalActionError",
    "LasVegasError",
    "ModuleState",
    "Money",
    "NeutralDice",
    "NoteDealt",
    "NotesReturned",
    "Params",
    "PayoutStarted",
    "Phase",
    "Place",
    "PlayerView",
    "Rng",
    "Roll",
    "RoundEnded",
    "RoundStarted",
    "RuleModule",
    "Seat",
    "Standings",
    "State",
    "Step",
    "Task",
    "TiesRemoved",
    "TurnPassed",
    "TurnStarted",
    "__version__",
    "apply",
    "chance_outcomes",
    "classic",
    "legal_actions",
    "new_game",
    "observe",
    "sample_chance",
    "standings",
    "step",
    "to_move",
]
