"""The classic dice game (alea 2012) and its neutral-dice variant (rules C-1 to C-23 of the docs' rules reference)."""

from __future__ import annotations

from ..config import GameConfig, Params, register_builtin_modules, register_edition
from ..modules.base import RuleModule
from .components import BANKNOTES, DICE_PER_PLAYER, MINIMUM, ROUNDS
from .neutral_dice import NeutralDice, NeutralRoll
from .small_game import SmallGame

__all__ = ["BANKNOTES", "NeutralDice", "NeutralRoll", "SmallGame", "classic"]


def _classic_params(players: int) -> Params:
    return Params(
        rounds=ROUNDS,
        min_players=2,
        max_players=5,
        dice=(DICE_PER_PLAYER, 0, 0, 0),
        notes=BANKNOTES,
        minimum=MINIMUM,
    )


register_edition("classic", _classic_params)
register_builtin_modules(NeutralDice, SmallGame)


def classic(players: int = 4, *modules: RuleModule, hide_money: bool = False) -> GameConfig:
    """A classic game for *players* seats (2-5; 6 with the sixth-player module), with *modules*.

    >>> import lasvegas as lv
    >>> lv.classic(4).ruleset.params.rounds
    4
    >>> lv.classic(3, lv.NeutralDice()).modules
    (NeutralDice(per_player=None, rolled=None),)
    """
    return GameConfig(players=players, edition="classic", modules=modules, hide_money=hide_money)
