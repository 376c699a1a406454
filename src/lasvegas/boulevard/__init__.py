"""The Las Vegas Boulevard expansion modules for the classic game (rules B-1 to B-9 of the docs' rules reference).

Each module is one file and combines with the classic game, with the others and with
:class:`~lasvegas.NeutralDice`: ``lv.classic(4, lv.Biggies(), lv.Kickers())``. The
component facts (X-1 to X-6) are data in :mod:`lasvegas.boulevard.components`. The action
cards and bonus cards of the box (B-8, X-5) are not implemented: their texts are not known.
"""

from __future__ import annotations

from ..classic import NeutralDice, classic
from ..config import GameConfig, register_builtin_modules
from ..testing import register_example_configs
from .biggies import Biggies
from .components import RAINBOW
from .hundred_thousands import HundredThousands
from .kickers import DieKicked, Kick, KickChoice, Kickers, KickersRemoved, KickersState
from .minimum_by_players import MinimumByPlayers
from .rainbow_cards import RainbowCards, RainbowDraw, RainbowReplaced, RainbowState
from .sixth_player import SixthPlayer
from .slot_machine import ChooseNote, SlotChoice, SlotMachine, SlotMachineState, slot_ranking

__all__ = [
    "MODULES",
    "RAINBOW",
    "Biggies",
    "ChooseNote",
    "DieKicked",
    "HundredThousands",
    "Kick",
    "KickChoice",
    "Kickers",
    "KickersRemoved",
    "KickersState",
    "MinimumByPlayers",
    "RainbowCards",
    "RainbowDraw",
    "RainbowReplaced",
    "RainbowState",
    "SixthPlayer",
    "SlotChoice",
    "SlotMachine",
    "SlotMachineState",
    "slot_ranking",
]

MODULES = (
    MinimumByPlayers,
    HundredThousands,
    Biggies,
    Kickers,
    RainbowCards,
    SixthPlayer,
    SlotMachine,
)
"""The Boulevard module classes, in rule order (B-1 to B-7)."""

register_builtin_modules(*MODULES)


def _examples() -> list[GameConfig]:
    """Boulevard configs for the suite-wide property tests (JSON, views, fuzzing)."""
    configs = [classic(3, module()) for module in MODULES if module is not SixthPlayer]
    every = tuple(module() for module in MODULES)
    configs += [classic(players, *every) for players in (2, 4, 6)]
    configs += [classic(players, *every, NeutralDice()) for players in (3, 5)]
    configs.append(classic(6, SixthPlayer(), NeutralDice()))
    return configs


register_example_configs(_examples)
