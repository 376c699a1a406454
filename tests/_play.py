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


def random_states(config: lv.GameConfig, seed: int) -> list[lv.State]:
    """Every state of one random game of *config*, chance nodes and decisions alike (chance
    drawn and decisions chosen with ``Rng(seed)``, as :func:`random_action` does)."""
    rng = lv.Rng(seed)
    state = lv.new_game(config)
    states = [state]
    while (action := random_action(state, rng)) is not None:
        state = lv.apply(state, action)
        states.append(state)
    return states
