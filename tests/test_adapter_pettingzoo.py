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


# -- env() / raw_env(), the order of calls, the wrappers ----------------------------------------

WRAPPED = [lv.classic(3), lv.royale(3), lv.cardgame(3, lv.ChipCards())]


@pytest.mark.parametrize("config", WRAPPED, ids=["classic", "royale", "cardgame"])
@DICT_SPACE_WARNINGS[0]
@DICT_SPACE_WARNINGS[1]
def test_env_with_standard_wrappers_passes_api_test(
    config: lv.GameConfig, capsys: pytest.CaptureFixture[str]
) -> None:
    """env() is raw_env() in PettingZoo's standard wrappers, as its classic environments; it
    passes api_test through a whole game, and seed_test."""
    from pettingzoo.utils import wrappers

    wrapped = adapter.env(config, seed=3)
    assert isinstance(wrapped, wrappers.OrderEnforcingWrapper)
    assert isinstance(wrapped.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(wrapped.env.env, wrappers.TerminateIllegalWrapper)
    assert isinstance(wrapped.unwrapped, adapter.LasVegasEnv)
    pz_test.api_test(wrapped, num_cycles=1000)
    assert "Passed API test" in capsys.readouterr().out
    pz_test.seed_test(lambda: adapter.env(config), num_cycles=30)


def test_raw_env_and_env_default_to_two_player_classic() -> None:
    assert adapter.raw_env().config == lv.classic(2)
    assert adapter.env().unwrapped.config == lv.classic(2)
    assert adapter.parallel_env().config == lv.cardgame(3)


@pytest.mark.parametrize("make", [adapter.raw_env, adapter.env], ids=["raw_env", "env"])
def test_step_before_reset_is_a_clear_error(make: Any) -> None:
    """Stepping or observing before reset() raises PettingZoo's own error, wrapped or not
    (it used to be a KeyError on 'seat_0'), and leaves the game as it was."""
    env = make(lv.cardgame(3), seed=1)
    before = env.unwrapped.game_state
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):
        env.step(0)
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before observe"):
        env.observe("seat_0")
    assert env.unwrapped.game_state is before
    env.reset()
    env.step(_first_legal(env.observe(env.agent_selection)))


def test_terminate_illegal_wrapper_ends_the_game(caplog: pytest.LogCaptureFixture) -> None:
    """Under env(), an illegal code ends the game: ILLEGAL_REWARD to the seat that played it."""
    env = adapter.env(lv.classic(2), seed=1)
    env.reset()
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert "Illegal move made" in caplog.text
    assert all(env.terminations.values())
    assert env.rewards[agent] == adapter.ILLEGAL_REWARD


@pytest.mark.parametrize(
    "config", [lv.cardgame(3), lv.classic(2, lv.NeutralDice())], ids=["cardgame", "classic"]
)
def test_render_test(config: lv.GameConfig, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's render_test, every render mode, through env()."""
    pz_test.render_test(lambda render_mode=None: adapter.env(config, render_mode=render_mode))
    assert "Casino 1:" in capsys.readouterr().out


# -- the numpy encoder --------------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_numpy_encoder_is_the_list_encoder(config: lv.GameConfig) -> None:
    """encode_array gives encode's vector as float32 (into *out* when given), every step."""
    from lasvegas.adapters.encoding import observation_encoder

    encoder = observation_encoder(config)
    env = lasvegas_env(config, seed=11)
    env.reset()
    out = np.zeros(encoder.size, dtype=np.float32)
    for _ in range(40):
        if not env.agents or any(env.terminations.values()):
            break
        for seat in (0, config.players - 1):
            view = lv.observe(env.game_state, seat)
            expected = np.asarray(encoder.encode(view), dtype=np.float32)
            array = encoder.encode_array(view)
            assert array.dtype == np.float32
            assert np.array_equal(array, expected)
            assert encoder.encode_array(view, out) is out
            assert np.array_equal(out, expected)
        env.step(_first_legal(env.observe(env.agent_selection)))


# -- the Parallel API environment (the card game's simultaneous choices) ------------------------

PARALLEL = [lv.cardgame(3), lv.cardgame(4, lv.ChipCards()), lv.cardgame(3, lv.Sequential())]
PARALLEL_IDS = ["cardgame-3", "cardgame-4-chip-cards", "cardgame-3-sequential"]


@pytest.mark.parametrize("config", PARALLEL, ids=PARALLEL_IDS)
def test_parallel_api_test(config: lv.GameConfig, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's parallel_api_test, through whole games."""
    pz_test.parallel_api_test(adapter.parallel_env(config, seed=2), num_cycles=2000)
    assert "Passed Parallel API test" in capsys.readouterr().out


def _parallel_game(par: Any, seed: int) -> list[list[tuple[str, int]]]:
    """Play a game with random legal codes; return each step's (agent, code) in order."""
    rng = np.random.default_rng(seed)
    observations, _ = par.reset(seed=seed)
    steps: list[list[tuple[str, int]]] = []
    while par.agents:
        actions: dict[str, int] = {}
        for agent in par.agents:
            legal = np.flatnonzero(observations[agent]["action_mask"])
            actions[agent] = int(rng.choice(legal)) if len(legal) else 0
        steps.append([(agent, actions[agent]) for agent in par.acting])
        observations, *_ = par.step(actions)
    return steps


def test_simultaneous_choices_act_in_one_step() -> None:
    """K-13: every seat still in the round chooses its cards in the same step, seeing only its
    own view (the others' choices stay hidden); the masks mark each chooser's legal
    selections and nothing for the others."""
    config = lv.cardgame(3)
    par = adapter.parallel_env(config, seed=5)
    observations, _ = par.reset()
    space = lv.action_space(config)
    assert list(par.acting) == ["seat_0", "seat_1", "seat_2"]
    state = par.game_state
    for agent, legal in par.acting.items():
        seat = int(agent[-1])
        marked = {space[i] for i in np.flatnonzero(observations[agent]["action_mask"])}
        assert marked == set(legal)
        assert all(isinstance(a, lv.PlayCards) for a in legal)
        hand = state.modules[0].hands[seat]  # type: ignore[union-attr]
        assert {c for a in legal for c in a.cards} <= set(hand)  # type: ignore[attr-defined]
        encoder = par._encoder
        assert np.array_equal(
            observations[agent]["observation"], encoder.encode_array(lv.observe(state, seat))
        )


def test_a_sequential_card_game_has_one_chooser_per_step() -> None:
    """K-12: with Sequential, each choice is placed as it is made: one seat per step."""
    par = adapter.parallel_env(lv.cardgame(3, lv.Sequential()), seed=5)
    par.reset()
    assert len(par.acting) == 1
    assert all(len(step) == 1 for step in _parallel_game(par, seed=3))


@pytest.mark.parametrize("config", PARALLEL, ids=PARALLEL_IDS)
def test_parallel_env_plays_the_aec_env_game(config: lv.GameConfig) -> None:
    """Same seed, same choices: the Parallel env and the AEC env play the same game (the
    simultaneous choices applied in the engine's order), and both are reproducible."""
    par = adapter.parallel_env(config)
    steps = _parallel_game(par, seed=8)
    assert any(len(step) > 1 for step in steps) != ("sequential" in [m.id for m in config.modules])
    final = par.game_state
    assert lv.to_move(final) is None
    again = adapter.parallel_env(config)
    assert _parallel_game(again, seed=8) == steps
    assert again.game_state == final
    aec = lasvegas_env(config)
    aec.reset(seed=8)
    for step in steps:
        for agent, code in step:
            assert aec.agent_selection == agent
            aec.step(code)
    assert aec.game_state == final


def test_parallel_env_refuses_bad_actions_without_change() -> None:
    """A missing or illegal action of an acting seat raises IllegalActionError, nothing
    applied (not even the others' valid actions); a waiting seat's action is ignored."""
    par = adapter.parallel_env(lv.cardgame(3), seed=6)
    observations, _ = par.reset()
    before = par.game_state
    good = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
    with pytest.raises(lv.IllegalActionError, match="seat_2 is to act"):
        par.step({k: v for k, v in good.items() if k != "seat_2"})
    bad = int(np.flatnonzero(observations["seat_1"]["action_mask"] == 0)[0])
    with pytest.raises(lv.IllegalActionError, match="not legal for seat_1"):
        par.step({**good, "seat_1": bad})
    with pytest.raises(lv.IllegalActionError, match="not an action code"):
        par.step({**good, "seat_1": 10_000})
    assert par.game_state is before
    par.step(good)
    assert par.game_state is not before


def test_parallel_step_before_reset_is_a_clear_error() -> None:
    par = adapter.parallel_env(lv.cardgame(3), seed=1)
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):
        par.step({})
