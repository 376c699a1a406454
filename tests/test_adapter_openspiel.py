"""The OpenSpiel adapter (``lasvegas.adapters.openspiel``): ``pyspiel.random_sim_test`` with
serialisation for one registered example config per edition and module set, and the
adapter's promises (exact chance, stable ids, views only, parameters that load back).

The ``openspiel`` extra is part of the test environment (the ``extras`` dependency group):
a missing extra fails these tests, never skips them.
"""

from __future__ import annotations

import importlib
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
    hand = f"cardgame.hands[0]={part.hands[0]!r}"
    assert hand in state.information_state_string(0)
    assert hand not in state.information_state_string(1)
    assert state.information_state_string(0).startswith("p0\n")
    assert state.observation_string(0) != state.observation_string(1)


@pytest.mark.parametrize("config", [lv.cardgame(3), lv.royale(2)], ids=["cardgame", "royale"])
def test_information_states_do_not_depend_on_when_they_are_asked(config: lv.GameConfig) -> None:
    """A walk keeps no information state; asked at the end, they are replayed from the
    start and are the strings of a game where every seat's was asked at every step, and of
    the same game played through OpenSpiel's C++ ``child`` (which calls ``_apply_action``);
    the history is the same whichever way the actions were applied."""
    game = load_game(config)
    lazy = _walk(game, seed=7, steps=150)[-1]
    eager = game.new_initial_state()
    through_cpp = game.new_initial_state()
    for code in lazy.history():
        for seat in range(config.players):
            eager.information_state_string(seat)
        eager.apply_action(code)
        through_cpp = through_cpp.child(code)
    for state in (eager, through_cpp):
        assert state.history() == lazy.history()
        assert state.history_str() == ", ".join(map(str, lazy.history()))
        assert state.move_number() == len(lazy.history())
        assert [(p.player, p.action) for p in state.full_history()] == [
            (p.player, p.action) for p in lazy.full_history()
        ]
        for seat in range(config.players):
            assert state.information_state_string(seat) == lazy.information_state_string(seat)
    players = [p.player for p in lazy.full_history()]
    assert -1 in players
    assert 0 in players
    assert game.new_initial_state().is_initial_state()
    assert not lazy.is_initial_state()


@pytest.mark.parametrize("config", [lv.cardgame(3), lv.royale(2), lv.classic(2)])
def test_python_answers_are_openspiels(config: lv.GameConfig) -> None:
    """The calls the state answers in Python give what OpenSpiel's C++ ``State`` gives
    through the adapter's hooks: legal actions of every player (chance ids at a chance
    node, none for a seat not to act, none at the end), chance node, observation and
    information state of every seat."""
    game = load_game(config)
    cpp = pyspiel.State
    for state in [*_walk(game, seed=9, steps=60), _walk(game, seed=9, steps=10_000)[-1]]:
        assert state.is_chance_node() == cpp.is_chance_node(state)
        assert state.is_terminal() == cpp.is_terminal(state)
        assert state.legal_actions() == cpp.legal_actions(state)
        for player in range(config.players):
            assert state.legal_actions(player) == cpp.legal_actions(state, player)
            if not state.is_terminal():
                strings = (state.information_state_string(player), state.observation_string(player))
                assert strings == (
                    cpp.information_state_string(state, player),
                    cpp.observation_string(state, player),
                )
                assert state.observation_tensor(player) == cpp.observation_tensor(state, player)
    assert state.is_terminal()
    assert state.legal_actions() == []


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

    from lasvegas.adapters import _spiel_history, _spiel_search

    for module in (adapter, _spiel_history, _spiel_search):
        flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
        result = doctest.testmod(module, optionflags=flags)
        assert result.failed == 0, module.__name__
    assert result.attempted > 0


# -- resampling, ISMCTS, CFR --------------------------------------------------------------------


def _decision(game: Any, seed: int, player: int, skip: int) -> Any:
    """A state of a random game where *player* is to decide (the *skip*-th such state)."""
    for state in _walk(game, seed=seed, steps=2000):
        if state.current_player() == player:
            if skip == 0:
                return state
            skip -= 1
    raise AssertionError("no such decision")


@pytest.mark.parametrize(
    "config",
    [lv.cardgame(3), lv.cardgame(2, lv.ChipCards()), lv.royale(2), lv.classic(2, hide_money=True)],
    ids=["cardgame-3", "cardgame-2-chip-cards", "royale-2", "classic-2-hidden"],
)
def test_resample_from_infostate_keeps_what_the_player_knows(config: lv.GameConfig) -> None:
    """resample_from_infostate samples the hidden parts with the library's determinisation:
    the player's information state string, view and legal actions are kept (K-18: its own
    hand; C-23: its own money); what it cannot see may differ; nothing of the true state
    shows in the other seats' information states. In the card game the others' hands are
    hidden at every decision: some sample differs from the truth."""
    game = load_game(config)
    state = _decision(game, seed=4, player=1, skip=6)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    truth = state.lv_state
    differs = False
    for _ in range(5):
        sample = state.resample_from_infostate(1, sampler)
        inner = sample.lv_state
        assert sample.information_state_string(1) == state.information_state_string(1)
        assert sample.legal_actions() == state.legal_actions()
        assert lv.observe(inner, 1).legal == lv.observe(truth, 1).legal
        assert inner.casinos == truth.casinos
        assert sample.information_state_string(0).startswith("p0\nsampled for p1: ")
        differs = differs or inner != truth
        again = sample.child(sample.legal_actions()[0])
        assert again.information_state_string(1).startswith(sample.information_state_string(1))
    assert differs or config.edition != "cardgame"


def test_resample_of_perfect_information_is_the_state() -> None:
    game = load_game(lv.classic(2))
    state = _decision(game, seed=1, player=0, skip=2)
    sample = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.lv_state == state.lv_state


@pytest.mark.parametrize(
    ("config", "wins"), [(lv.cardgame(2), 3), (lv.royale(2), 3)], ids=["cardgame", "royale"]
)
def test_ismcts_plays_and_beats_random(config: lv.GameConfig, wins: int) -> None:
    """OpenSpiel's ISMCTSBot (20 simulations a move, one random rollout each on the library's
    engine with RolloutEvaluator, worlds resampled through resample_from_infostate) plays
    whole games of the hidden-information editions and wins at least *wins* of 4
    two-player games against a uniformly random player, seats alternating (fixed seeds: the
    result is always the same; it won all 4 of each when this was written)."""
    from open_spiel.python.algorithms import ismcts

    np_ = importlib.import_module("numpy")
    game = load_game(config, reward="win_loss")
    score = 0.0
    for g in range(4):
        rs = np_.random.RandomState(g)
        evaluator = adapter.RolloutEvaluator(1, seed=g)
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=rs)
        # the bot's own sampler is seeded from the clock: a seeded one keeps the test exact
        bot.set_resampler(lambda s, p, rs=rs: s.resample_from_infostate(p, rs.random_sample))
        me = g % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rs.choice(ids, p=np_.asarray(probs) / sum(probs))))
            elif state.current_player() == me:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rs.choice(state.legal_actions())))
        score += state.returns()[me]
    assert score >= wins, score


@pytest.mark.slow
def test_cfr_on_the_small_configuration() -> None:
    """The small configuration (one round, 2 dice each, a fixed deal of six $50,000 notes, 2
    players; about 82,000 nodes) exported as EFG: OpenSpiel's CFR brings its NashConv
    (win_loss utilities) below 0.001 in 10 iterations, a fifth or less of the first
    iteration's."""
    game = load_game(adapter.small_config(), reward="win_loss")
    efg = pyspiel.load_efg_game(adapter.to_efg(game))
    assert efg.num_players() == 2
    solver = pyspiel.CFRSolver(efg)
    solver.evaluate_and_update_policy()
    first = pyspiel.nash_conv(efg, solver.average_policy())
    for _ in range(9):
        solver.evaluate_and_update_policy()
    final = pyspiel.nash_conv(efg, solver.average_policy())
    assert final < 0.001
    assert final <= first / 5


def test_efg_export_is_the_game_tree() -> None:
    """A tiny tree (one die each: no choice) exported and loaded back: the same number of
    terminal histories and the same expected returns as the Python game."""
    game = load_game(adapter.small_config(dice=1), reward="win_loss")
    efg = pyspiel.load_efg_game(adapter.to_efg(game))
    from open_spiel.python.algorithms import expected_game_score
    from open_spiel.python.policy import UniformRandomPolicy

    ours = expected_game_score.policy_value(
        game.new_initial_state(), [UniformRandomPolicy(game)] * 2
    )
    theirs = expected_game_score.policy_value(
        efg.new_initial_state(), [UniformRandomPolicy(efg)] * 2
    )
    assert ours == pytest.approx(theirs)
    assert sum(ours) == pytest.approx(1.0)


def test_rollout_evaluator_plays_to_the_end() -> None:
    """RolloutEvaluator's values are final rewards (money shares, summing to 1) of games
    finished from the state; its prior is uniform over the legal actions."""
    game = load_game(lv.cardgame(3))
    state = _decision(game, seed=2, player=0, skip=3)
    evaluator = adapter.RolloutEvaluator(3, seed=4)
    values = evaluator.evaluate(state)
    assert values.shape == (3,)
    assert float(values.sum()) == pytest.approx(1.0)
    prior = evaluator.prior(state)
    assert [a for a, _ in prior] == state.legal_actions()
    assert sum(p for _, p in prior) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="n_rollouts"):
        adapter.RolloutEvaluator(0)
