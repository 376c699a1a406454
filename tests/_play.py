"""A helper shared by tests that need a state somewhere in a random game."""

from __future__ import annotations

import lasvegas as lv
from lasvegas.testing import random_action


def random_walk(config: lv.GameConfig, rng: lv.Rng, steps: int) -> lv.State:
    """The state after *steps* random actions (chance drawn with *rng*) of a new game of
    *config*, or at the game's end if it comes first."""
    state = lv.new_game(config)
    for _ in range(steps):
        action = random_action(state, rng)
        if action is None:
            break
        state = lv.apply(state, action)
    return state
