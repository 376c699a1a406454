"""Search and solving with the OpenSpiel game (private to :mod:`lasvegas.adapters.openspiel`,
which exports these names): MCTS rollouts on the library's engine, and the small
configuration whose whole tree goes to OpenSpiel's C++ solvers as EFG text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..chance import Rng
from ..config import GameConfig
from ..engine import apply, legal_actions, sample_chance, to_move
from ..types import CHANCE
from ._common import final_rewards

if TYPE_CHECKING:
    from .openspiel import LasVegasState


class RolloutEvaluator:
    """OpenSpiel's MCTS evaluator (``evaluate``, ``prior``) with random rollouts played on the
    library's engine instead of through OpenSpiel: from a state, *n_rollouts* games are
    finished with uniformly random legal actions and chance drawn with an
    :class:`~lasvegas.Rng` seeded with *seed*, and their final rewards averaged. It plays
    what OpenSpiel's ``RandomRolloutEvaluator`` plays, many times faster (no OpenSpiel call,
    no numpy draw per step). Give it to ``mcts.MCTSBot`` or ``ismcts.ISMCTSBot``.

    >>> import lasvegas as lv
    >>> from lasvegas.adapters.openspiel import load_game
    >>> game = load_game(lv.classic(2))
    >>> values = RolloutEvaluator(2, seed=1).evaluate(game.new_initial_state())
    >>> len(values), round(float(values.sum()), 6)
    (2, 1.0)
    """

    def __init__(self, n_rollouts: int = 1, seed: int | None = None) -> None:
        if n_rollouts < 1:
            raise ValueError("n_rollouts must be at least 1")
        self.n_rollouts = n_rollouts
        """Rollouts averaged per evaluation."""
        self._rng = Rng(0 if seed is None else seed)

    def evaluate(self, state: LasVegasState) -> Any:
        """The mean final rewards of the rollouts from *state* (a numpy array, one per seat)."""
        rng = self._rng
        total = np.zeros(state.num_players())
        for _ in range(self.n_rollouts):
            lv_state = state.lv_state
            while (mover := to_move(lv_state)) is not None:
                if mover is CHANCE:
                    action = sample_chance(lv_state, rng)
                else:
                    legal = legal_actions(lv_state)
                    action = legal[rng.below(len(legal))]
                lv_state = apply(lv_state, action)
            total += final_rewards(lv_state, state._reward)
        return total / self.n_rollouts

    def prior(self, state: LasVegasState) -> list[tuple[int, float]]:
        """Uniform over the legal actions (the chance outcomes' probabilities at chance)."""
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


# -- a configuration small enough for CFR, and the tree as EFG text -----------------------------------


def small_config(players: int = 2, dice: int = 2) -> GameConfig:
    """The classic config with :class:`lasvegas.SmallGame`: the one CFR is run on in the
    tests.

    >>> small_config().players
    2
    """
    from ..classic import SmallGame, classic

    return classic(players, SmallGame(dice=dice))


def to_efg(game: Any) -> str:
    """The whole tree of *game* (an OpenSpiel game) as Gambit EFG text, which
    ``pyspiel.load_efg_game`` loads as a C++ game: tabular algorithms (CFR, exploitability)
    then run at C++ speed instead of calling this Python game at every node. The tree is
    walked in full, so only small configurations (:func:`small_config`) are practical.
    Decisions in one information set (the same information state string) share an infoset;
    an action is named by its id.

    >>> from lasvegas.adapters.openspiel import load_game
    >>> text = to_efg(load_game(small_config(dice=1)))
    >>> text.splitlines()[0]
    'EFG 2 R "python_lasvegas" { "Player 1" "Player 2" }'
    """
    players = game.num_players()
    names = " ".join(f'"Player {p + 1}"' for p in range(players))
    title = game.get_type().short_name
    lines = [f'EFG 2 R "{title}" {{ {names} }}', '""']
    infosets: list[dict[str, int]] = [{} for _ in range(players)]
    counters = {"chance": 0, "outcome": 0}
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            counters["outcome"] += 1
            payoffs = " ".join(repr(float(r)) for r in state.returns())
            lines.append(f't "" {counters["outcome"]} "" {{ {payoffs} }}')
            continue
        if state.is_chance_node():
            counters["chance"] += 1
            outcomes = state.chance_outcomes()
            branches = " ".join(f'"{a}" {p!r}' for a, p in outcomes)
            lines.append(f'c "" {counters["chance"]} "" {{ {branches} }} 0')
            actions = [a for a, _ in outcomes]
        else:
            player = state.current_player()
            key = state.information_state_string(player)
            number = infosets[player].setdefault(key, len(infosets[player]) + 1)
            actions = state.legal_actions()
            labels = " ".join(f'"{a}"' for a in actions)
            lines.append(f'p "" {player + 1} {number} "" {{ {labels} }} 0')
        stack.extend(state.child(a) for a in reversed(actions))
    return "\n".join(lines) + "\n"
