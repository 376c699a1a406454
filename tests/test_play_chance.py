"""``lv.play_chance``: every chance node up to the next decision in one call.

The contract: from any state, the same final state, the same chance actions and the same
``Rng`` afterwards as the node-by-node loop
``while to_move(s) is CHANCE: a = sample_chance(s, rng); s = apply(s, a)``; at a decision
or once the game is over, the state itself and no action. Checked over every golden config
(the example configs and the extra ones) from states reached by random play, so every
module's ``TaskHandler.run`` hook and the core's own fast paths (the FILL phase's note
draws, the rolls) meet the loop they stand for.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

import lasvegas as lv

_TOOL = Path(__file__).resolve().parent.parent / "tools" / "golden.py"
_spec = importlib.util.spec_from_file_location("lasvegas_golden_tool_chance", _TOOL)
assert _spec is not None
assert _spec.loader is not None
_golden = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = _golden
_spec.loader.exec_module(_golden)

CONFIGS = cast("Callable[[], dict[str, lv.GameConfig]]", _golden.golden_configs)()
NAMES = sorted(CONFIGS)


def _loop(state: lv.State, rng: lv.Rng) -> tuple[lv.State, tuple[lv.Action, ...]]:
    """The node-by-node loop ``play_chance`` stands for."""
    actions: list[lv.Action] = []
    while lv.to_move(state) is lv.CHANCE:
        action = lv.sample_chance(state, rng)
        actions.append(action)
        state = lv.apply(state, action)
    return state, tuple(actions)


def _check_game(config: lv.GameConfig, seed: int, stride: int) -> int:
    """Play a random game of *config*; at every chance node and every *stride*-th decision
    compare ``play_chance`` with the loop (state, actions, ``Rng`` state after). Returns
    the number of comparisons."""
    rng = lv.Rng(seed)
    state = lv.new_game(config)
    compared = 0
    decisions = 0
    while True:
        mover = lv.to_move(state)
        if mover is lv.CHANCE or decisions % stride == 0:
            mine = lv.Rng.from_state(rng.state)
            theirs = lv.Rng.from_state(rng.state)
            run = lv.play_chance(state, mine)
            expected, actions = _loop(state, theirs)
            assert run.actions == actions
            assert run.state == expected
            assert mine.state == theirs.state
            assert mine.next_u64() == theirs.next_u64()
            if not actions:
                assert run.state is state
            compared += 1
        if mover is None:
            return compared
        if mover is lv.CHANCE:
            action = lv.sample_chance(state, rng)  # walk node by node: every chance node met
        else:
            decisions += 1
            legal = lv.legal_actions(state)
            action = legal[rng.below(len(legal))]
        state = lv.apply(state, action)


@pytest.mark.parametrize("name", NAMES)
def test_play_chance_is_the_loop_on_every_config(name: str) -> None:
    """A seeded game per golden config: ``play_chance`` equals the loop at every chance
    node and at decisions (where it returns the state itself and no action)."""
    assert _check_game(CONFIGS[name], seed=len(name), stride=7) > 0


@given(name=st.sampled_from(NAMES), seed=st.integers(0, 2**32 - 1))
def test_play_chance_is_the_loop(name: str, seed: int) -> None:
    """Property: for any config and seed, ``play_chance`` equals the loop from every node
    of a random game (final state, chance actions, ``Rng`` state after)."""
    assert _check_game(CONFIGS[name], seed=seed, stride=3) > 0


def test_play_chance_at_a_decision_and_at_the_end() -> None:
    """At a seat's decision and after the game's end: the state itself, no action, and the
    ``Rng`` untouched."""
    rng = lv.Rng(3)
    run = lv.play_chance(lv.new_game(lv.classic(3)), rng)
    assert lv.to_move(run.state) == 0
    before = rng.state
    again = lv.play_chance(run.state, rng)
    assert again.state is run.state
    assert again.actions == ()
    assert rng.state == before
    end, _ = lv.testing.random_game(lv.classic(2), lv.Rng(1))
    done = lv.play_chance(end, rng)
    assert done.state is end
    assert done.actions == ()
    assert rng.state == before


def test_play_chance_records_replay() -> None:
    """The actions drawn replay through ``apply`` to the same state (records keep them)."""
    state = lv.new_game(lv.cardgame(4))
    run = lv.play_chance(state, lv.Rng(11))
    for action in run.actions:
        state = lv.apply(state, action)
    assert state == run.state
    assert lv.to_move(state) is not lv.CHANCE
