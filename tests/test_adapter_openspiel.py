"""The OpenSpiel adapter (``lasvegas.adapters.openspiel``): ``pyspiel.random_sim_test`` with
serialisation for one registered example config per edition and module set, and the
adapter's promises (exact chance, stable ids, views only, parameters that load back).

The ``openspiel`` extra is part of the test environment (the ``extras`` dependency group):
a missing extra fails these tests, never skips them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pyspiel
import pytest

import lasvegas as lv
from lasvegas.adapters import REWARDS, Reward
from lasvegas.adapters import openspiel as adapter
from lasvegas.adapters.encoding import observation_encoder
from lasvegas.adapters.openspiel import load_game
from lasvegas.cardgame import CardGameState
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


def test_the_editions_are_covered() -> None:
    """Classic, classic with every Boulevard module, Royale and the card game are tested."""
    assert {"classic", "royale", "cardgame"} <= {c.edition for c in CONFIGS}
    boulevard = {"biggies", "kickers", "slot-machine", "rainbow-cards", "hundred-thousands"}
    assert any(boulevard <= {m.id for m in c.modules} for c in CONFIGS)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_sim_test(config: lv.GameConfig) -> None:
    """OpenSpiel's own checks over whole random games, serialising states on the way (three
    games per configuration: the suite runs them for every registered example config)."""
    game = load_game(config)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    assert game.num_players() == config.players


def _walk(game: Any, seed: int, steps: int) -> list[Any]:
    """The states of one random game (at most *steps* of them)."""
    rng = lv.Rng(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal() and len(states) < steps:
        if state.is_chance_node():
            ids = [i for i, _ in state.chance_outcomes()]
            state.apply_action(ids[rng.below(len(ids))])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
        states.append(state.clone())
    return states


@pytest.mark.parametrize(
    "config", [lv.classic(3, lv.Kickers(), lv.SlotMachine()), lv.cardgame(3), lv.royale(2)]
)
def test_ids_are_the_action_space_and_the_exact_chance_outcomes(config: lv.GameConfig) -> None:
    """Decision ids index ``lv.action_space``; chance ids index ``lv.chance_outcomes`` with the
    exact probabilities; the tensor is the encoder's vector of the player's view."""
    game = load_game(config)
    space = lv.action_space(config)
    encoder = observation_encoder(config)
    assert game.num_distinct_actions() == len(space)
    for state in _walk(game, seed=2, steps=400):
        inner = state.lv_state
        if state.is_chance_node():
            exact = lv.chance_outcomes(inner)
            outcomes = state.chance_outcomes()
            assert [i for i, _ in outcomes] == list(range(len(exact)))
            assert [p for _, p in outcomes] == [float(p) for _, p in exact]
            assert sum(p for _, p in exact) == Fraction(1)
            assert len(exact) <= game.max_chance_outcomes()
        elif not state.is_terminal():
            player = state.current_player()
            legal = [space[i] for i in state.legal_actions()]
            assert legal == sorted(lv.legal_actions(inner), key=space.index)
            tensor = state.observation_tensor(player)
            assert tensor == pytest.approx(encoder.encode(lv.observe(inner, player)))


def test_information_follows_what_the_views_hide() -> None:
    perfect = pyspiel.GameType.Information.PERFECT_INFORMATION
    imperfect = pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert load_game(lv.classic(3, lv.NeutralDice())).get_type().information == perfect
    assert load_game(lv.cardgame(3)).get_type().information == imperfect  # K-18: hands
    assert load_game(lv.classic(3, hide_money=True)).get_type().information == imperfect


def test_information_states_keep_secrets() -> None:
    """K-18: a seat's information state shows its own cards, never another seat's."""
    game = load_game(lv.cardgame(2))
    state = next(s for s in _walk(game, seed=5, steps=200) if s.current_player() == 1)
    inner = state.lv_state
    part = inner.modules[0]
    assert isinstance(part, CardGameState)
    assert part.hands[0]
    hand = f"hands=({part.hands[0]!r}, "
    assert hand in state.information_state_string(0)
    assert hand not in state.information_state_string(1)
    assert state.information_state_string(0).startswith("p0\n")
    assert state.observation_string(0) != state.observation_string(1)


def test_parameters_load_back() -> None:
    """Readable parameters where a factory gives the config back, base64 JSON otherwise."""
    readable = lv.classic(3, lv.NeutralDice(), lv.Kickers())
    odd = lv.classic(3, lv.NeutralDice(per_player=1))
    for config in (readable, odd, lv.royale(2, tiles=0), lv.cardgame(4, lv.Sequential())):
        game = load_game(config, reward="win_loss")
        again = pyspiel.load_game(str(game))
        assert again.config == config
        assert again.reward == "win_loss"
    assert "modules=neutral-dice+kickers" in str(load_game(readable))
    name = "python_lasvegas(players=3,edition=royale)"
    assert pyspiel.load_game(name).config == lv.royale(3)


def test_serialised_states_load_back() -> None:
    game = load_game(lv.cardgame(3, lv.ChipCards()))
    state = _walk(game, seed=3, steps=150)[-1]
    text = pyspiel.serialize_game_and_state(game, state)
    _, loaded = pyspiel.deserialize_game_and_state(text)
    assert loaded.lv_state == state.lv_state
    assert loaded.history() == state.history()
    assert loaded.information_state_string(1) == state.information_state_string(1)


@pytest.mark.parametrize("reward", REWARDS)
def test_returns_at_the_end(reward: Reward) -> None:
    game = load_game(lv.classic(2), reward=reward)
    state = _walk(game, seed=4, steps=10_000)[-1]
    assert state.is_terminal()
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0)
    result = lv.standings(state.lv_state)
    if reward == "win_loss":
        assert returns == [1 / len(result.winners) if s in result.winners else 0.0 for s in (0, 1)]
    else:
        assert returns == pytest.approx([m / sum(result.money) for m in result.money])


def test_wrong_ids_are_refused() -> None:
    game = load_game(lv.classic(2))
    state = game.new_initial_state()
    with pytest.raises(lv.IllegalActionError):
        state.apply_action(99)


def test_docstring_examples_run() -> None:
    """The adapters are left out of ``--doctest-modules`` (an environment without the
    extras could not import them); their docstrings' examples run here."""
    import doctest

    result = doctest.testmod(adapter, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0
