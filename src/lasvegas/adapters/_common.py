"""What both adapters share: the final rewards and a plain-text board of a view."""

from __future__ import annotations

from typing import Literal, TypeAlias

from ..engine import standings, to_move
from ..state import State
from ..types import CHANCE, GROUPS
from ..view import PlayerView

__all__ = ["REWARDS", "Reward", "board_text", "check_reward", "final_rewards"]

Reward: TypeAlias = Literal["money_share", "win_loss"]
"""How a finished game is scored for the agents."""

REWARDS: tuple[Reward, ...] = ("money_share", "win_loss")
"""The reward options: ``"money_share"``, each seat's share of all the money at the end
(standings, so chips and chip cards count); ``"win_loss"``, 1 shared equally by the winners
(1 for a sole winner, 1/2 each for two tied winners, C-16), 0 for the others. Both sum to 1."""


def check_reward(reward: object) -> Reward:
    """*reward* if it is one of :data:`REWARDS`; ``ValueError`` otherwise.

    >>> check_reward("win_loss")
    'win_loss'
    """
    for option in REWARDS:
        if reward == option:
            return option
    raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")


def final_rewards(state: State, reward: Reward) -> tuple[float, ...]:
    """Each seat's reward for the finished game *state* (all 0 while it goes on).

    >>> import lasvegas as lv
    >>> final_rewards(lv.new_game(lv.classic(2)), "money_share")
    (0.0, 0.0)
    """
    n = state.config.players
    if to_move(state) is not None:
        return (0.0,) * n
    result = standings(state)
    if reward == "win_loss":
        share = 1.0 / len(result.winners)
        return tuple(share if seat in result.winners else 0.0 for seat in range(n))
    total = sum(result.money)
    if total <= 0:
        return (1.0 / n,) * n
    return tuple(m / total for m in result.money)


def _owner(owner: int, view: PlayerView) -> str:
    if owner < view.players:
        return f"seat {owner}"
    names = view.config.ruleset.params.owners
    index = owner - view.players
    return names[index] if index < len(names) else f"owner {owner}"


def _money(amount: int) -> str:
    return f"${amount:,}"


def board_text(view: PlayerView) -> str:
    """The table as *view*'s seat sees it, one line per part (nothing hidden shows).

    >>> import lasvegas as lv
    >>> print(board_text(lv.observe(lv.new_game(lv.classic(2)), 0)).splitlines()[0])
    Round 1 of 4, phase fill, chance to move (seat 0's view)
    """
    mover = view.to_move
    who = "game over" if mover is None else "chance" if mover is CHANCE else f"seat {mover}"
    viewer = "spectator's view" if view.seat is None else f"seat {view.seat}'s view"
    lines = [
        f"Round {view.round} of {view.rounds}, phase {view.phase.value}, {who} to move ({viewer})"
    ]
    for number, casino in enumerate(view.casinos, start=1):
        notes = " ".join(_money(v) for v in casino.notes) or "no notes"
        dice = []
        for owner, (plain, big) in enumerate(zip(casino.dice, casino.big, strict=True)):
            if plain or big:
                extra = f" + {big} big" if big else ""
                dice.append(f"{_owner(owner, view)} {plain}{extra}")
        lines.append(f"Casino {number}: {notes}; dice: {', '.join(dice) or '-'}")
    rolled = [
        f"{group} {' '.join(map(str, faces))}"
        for group, faces in zip(GROUPS, view.rolled, strict=True)
        if faces
    ]
    if rolled:
        lines.append(f"Rolled by seat {view.active}: {'; '.join(rolled)}")
    held = []
    for seat, supply in enumerate(view.supply):
        parts = [f"{k} {group}" for group, k in zip(GROUPS, supply, strict=True) if k]
        held.append(f"seat {seat} {' + '.join(parts) or 'none'}")
    lines.append("Dice left: " + ", ".join(held))
    cash = []
    for seat in range(view.players):
        amount = view.money[seat]
        shown = "hidden" if amount is None else f"{_money(amount)} ({view.notes[seat]} notes)"
        cash.append(f"seat {seat} {shown}")
    lines.append("Money: " + ", ".join(cash))
    lines.append(f"Pile: {view.pile_size} notes")
    for module, part in zip(view.config.modules, view.modules, strict=True):
        if part is not None:
            lines.append(f"{module.id}: {part!r}")
    for task in view.tasks:
        shown = "" if task.task is None else f": {task.task!r}"
        lines.append(f"Pending: {task.kind} ({task.module}){shown}")
    if view.legal:
        lines.append("Legal: " + ", ".join(map(repr, view.legal)))
    return "\n".join(lines)
