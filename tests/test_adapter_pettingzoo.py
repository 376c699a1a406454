"""The PettingZoo adapter (``lasvegas.adapters.pettingzoo``): PettingZoo's own API and seed tests
for one registered example config per edition and module set, and the adapter's promises.

The ``pettingzoo`` extra is part of the test environment (the ``extras`` dependency group):
a missing extra fails these tests, never skips them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pettingzoo.test as pz_test
import pytest

import lasvegas as lv
from lasvegas.adapters import REWARDS, Reward
from lasvegas.adapters import pettingzoo as adapter
from lasvegas.adapters.pettingzoo import lasvegas_env
from lasvegas.testing import example_configs


def _adapter_configs() -> list[lv.GameConfig]:
    """One registered example config per edition, module set and money visibility."""
    seen: dict[tuple[str, tuple[str, ...], bool], lv.GameConfig] = {}
    for config in example_configs():
        key = (config.edition, tuple(m.id for m in config.modules), config.hide_money)
        seen.setdefault(key, config)
    return list(seen.values())


CONFIGS = _adapter_configs()
IDS = [
    f"{c.edition}-{c.players}p-{'+'.join(m.id for m in c.modules) or 'plain'}"
    + ("-hidden" if c.hide_money else "")
    for c in CONFIGS
]

# PettingZoo's api_test warns about any Dict observation space (and a Dict observation) unless
# the environment's name is on its own list of built-in games; a Dict of "observation" and
# "action_mask" is nevertheless the layout PettingZoo documents for action masking.
DICT_SPACE_WARNINGS = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
    pytest.mark.filterwarnings(
        "ignore:Observation space for each agent probably should be:UserWarning"
    ),
]


def test_the_editions_are_covered() -> None:
    """Classic, classic with every Boulevard module, Royale and the card game are tested."""
    editions = {c.edition for c in CONFIGS}
    assert {"classic", "royale", "cardgame"} <= editions
    boulevard = {"biggies", "kickers", "slot-machine", "rainbow-cards", "hundred-thousands"}
    assert any(boulevard <= {m.id for m in c.modules} for c in CONFIGS)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@DICT_SPACE_WARNINGS[0]
@DICT_SPACE_WARNINGS[1]
def test_pettingzoo_api_test(config: lv.GameConfig, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's api_test, through a whole game (num_cycles covers every turn)."""
    pz_test.api_test(lasvegas_env(config, seed=3), num_cycles=1000)
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_pettingzoo_seed_test(config: lv.GameConfig) -> None:
    """Two environments reset with one seed and given the same actions play the same game."""
    pz_test.seed_test(lambda: lasvegas_env(config), num_cycles=30)


def _play(env: Any, pick: Any) -> dict[str, float]:
    """Play one game to the end with *pick(observation)*; return the final rewards."""
    rewards: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            rewards[agent] = reward
            env.step(None)
        else:
            env.step(pick(observation))
    return rewards


def _first_legal(observation: dict[str, Any]) -> int:
    return int(np.flatnonzero(observation["action_mask"])[0])


@pytest.mark.parametrize(
    "config", [lv.classic(3, lv.Kickers(), lv.SlotMachine()), lv.cardgame(3, lv.ChipCards())]
)
def test_mask_is_the_view_legal_actions(config: lv.GameConfig) -> None:
    """The mask marks exactly the seat's legal actions (codes of ``lv.action_space``); the
    others' masks are empty; the vector is the encoder's vector of the seat's view."""
    from lasvegas.adapters.encoding import observation_encoder

    env = lasvegas_env(config, seed=5)
    env.reset()
    space = lv.action_space(config)
    encoder = observation_encoder(config)
    for _ in range(60):
        state = env.game_state
        mover = lv.to_move(state)
        assert env.agent_selection == f"seat_{mover}"
        for seat in range(config.players):
            observation = env.observe(f"seat_{seat}")
            legal = {space[i] for i in np.flatnonzero(observation["action_mask"])}
            assert legal == (set(lv.legal_actions(state)) if seat == mover else set())
            view = lv.observe(state, seat)
            assert observation["observation"].tolist() == pytest.approx(encoder.encode(view))
        env.step(_first_legal(env.observe(env.agent_selection)))


@pytest.mark.parametrize("reward", REWARDS)
def test_rewards_come_at_the_end(reward: Reward) -> None:
    """No reward before the end; then money share (C-16 standings) or 1 shared by winners."""
    config = lv.classic(3)
    env = lasvegas_env(config, reward=reward, seed=9)
    env.reset()
    seen: list[float] = []
    while env.agents and not any(env.terminations.values()):
        seen += env.rewards.values()
        env.step(_first_legal(env.observe(env.agent_selection)))
    assert set(seen) == {0.0}
    final = _play(env, _first_legal)
    assert sum(final.values()) == pytest.approx(1.0)
    result = lv.standings(env.game_state)
    for seat in range(3):
        got = final[f"seat_{seat}"]
        if reward == "money_share":
            assert got == pytest.approx(result.money[seat] / sum(result.money))
        else:
            assert got == (1 / len(result.winners) if seat in result.winners else 0.0)


def test_seeded_environments_play_the_same_game() -> None:
    """The env's seeded lv.Rng resolves chance: one seed, one game; reset(seed) restarts it."""
    config = lv.royale(3)
    first = lasvegas_env(config, seed=21)
    first.reset()
    _play(first, _first_legal)
    second = lasvegas_env(config)
    second.reset(seed=21)
    _play(second, _first_legal)
    assert first.game_state == second.game_state
    first.reset(seed=21)
    _play(first, _first_legal)
    assert first.game_state == second.game_state


def test_illegal_codes_are_refused() -> None:
    env = lasvegas_env(lv.classic(2), seed=1)
    env.reset()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.game_state
    with pytest.raises(lv.IllegalActionError):
        env.step(illegal)
    with pytest.raises(lv.IllegalActionError, match="not an action code"):
        env.step(99)
    assert env.game_state == before


def test_render_describes_the_table() -> None:
    env = lasvegas_env(lv.classic(2, lv.NeutralDice()), seed=2, render_mode="ansi")
    env.reset()
    env.step(_first_legal(env.observe(env.agent_selection)))
    text = env.render()
    assert text is not None
    assert text.startswith("Last: seat 0: Place the")
    assert "Casino 6:" in text
    with pytest.raises(ValueError, match="render_mode"):
        lasvegas_env(lv.classic(2), render_mode="rgb_array")
    with pytest.raises(ValueError, match="reward"):
        lasvegas_env(lv.classic(2), reward="points")  # type: ignore[arg-type]


def test_docstring_examples_run() -> None:
    """The adapters are left out of ``--doctest-modules`` (an environment without the
    extras could not import them); their docstrings' examples run here."""
    import doctest

    result = doctest.testmod(adapter, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0
