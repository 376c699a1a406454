"""The two worked house rules of the extending guide (docs/guides/extending.md), "All in"
and "Second chance", taken from the page as a reader would copy them: the conformance test
on more configs, JSON round trips of every state of random games, PettingZoo's API test,
and their rules, scripted.

The page itself runs (with Sybil) in ``test_docs_examples``; here its namespace is kept so
the classes it defines can be tested further.
"""

from __future__ import annotations

import doctest
import sys
import types
import warnings
from pathlib import Path
from typing import Any

import pettingzoo.test as pz_test
import pytest
from sybil import Sybil
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser

import lasvegas as lv
from lasvegas.adapters.pettingzoo import lasvegas_env
from lasvegas.testing import deal, random_game, random_sim_test, turn

PAGE = Path(__file__).resolve().parents[1] / "docs" / "guides" / "extending.md"
SYBIL = Sybil(
    parsers=[
        PythonCodeBlockParser(
            future_imports=["annotations"],
            doctest_optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        ),
        SkipParser(),
    ]
)
"""The parsers ``test_docs_examples`` runs the docs' pages with."""


@pytest.fixture(scope="module")
def guide() -> dict[str, Any]:
    """The namespace the guide's examples leave behind (they all run first)."""
    module = types.ModuleType(
        "docs_example_docs_guides_extending"
    )  # as test_docs_examples names it
    document = SYBIL.parse(PAGE)
    document.namespace = module.__dict__
    sys.modules[module.__name__] = module
    try:
        with warnings.catch_warnings():  # PettingZoo warns about any Dict observation
            warnings.filterwarnings("ignore", "Observation", UserWarning)
            for example in document:
                example.evaluate()
    finally:
        del sys.modules[module.__name__]
    return module.__dict__


def _modules(guide: dict[str, Any]) -> list[lv.RuleModule]:
    return [guide["AllIn"](), guide["SecondChance"]()]


def test_conformance_for_every_player_count_and_mix(guide: dict[str, Any]) -> None:
    """random_sim_test: each module alone (2-5 players), with the Boulevard modules, and
    both together."""
    all_in, second = _modules(guide)
    for module in (all_in, second):
        for players in (2, 3, 4, 5):
            random_sim_test(lv.classic(players, module), games=3, seed=10 + players)
        boulevard = (lv.Biggies(), lv.Kickers(), lv.SlotMachine(), lv.RainbowCards())
        random_sim_test(lv.classic(4, module, *boulevard), games=2, seed=3)
        random_sim_test(lv.classic(3, module, lv.NeutralDice(), lv.HundredThousands()), games=2)
    random_sim_test(lv.classic(5, all_in, second, lv.NeutralDice()), games=3, seed=4)


def test_every_state_of_a_game_round_trips_through_json(guide: dict[str, Any]) -> None:
    """Configs, states, actions and events of games with both modules load back equal."""
    config = lv.classic(4, *_modules(guide))
    assert lv.from_json(lv.to_json(config), lv.GameConfig) == config
    for seed in range(3):
        _, actions = random_game(config, lv.Rng(seed))
        state = lv.new_game(config)
        for action in actions:
            assert lv.from_json(lv.to_json(action), lv.Action) == action
            step = lv.step(state, action)
            for event in step.events:
                assert lv.from_json(lv.to_json(event), lv.Event) == event
            state = step.state
            assert lv.from_json(lv.to_json(state), lv.State) == state


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
@pytest.mark.parametrize("which", ["AllIn", "SecondChance", "both"])
def test_pettingzoo_api_test(
    guide: dict[str, Any], which: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """PettingZoo's api_test through whole games, each module alone and both together."""
    modules = _modules(guide) if which == "both" else [guide[which]()]
    pz_test.api_test(lasvegas_env(lv.classic(3, *modules), seed=5), num_cycles=1000)
    assert "Passed API test" in capsys.readouterr().out


def test_all_in_pays_a_whole_roll_of_two_dice_or_more_only(guide: dict[str, Any]) -> None:
    """A roll placed whole earns the bonus (as a Score, not a banknote); a roll placed in
    part, or a single die, earns nothing; the bonus option is checked."""
    config = lv.classic(2, guide["AllIn"](bonus=20_000))
    state = deal(lv.new_game(config), *[[50_000]] * 6)
    state = turn(state, [2, 2, 2, 2, 2, 2, 2, 2], 2)  # seat 0: all in
    state = turn(state, [1, 1, 1, 1, 1, 1, 1, 3], 1)  # seat 1: one die left over
    state = turn(state, [3], 3)  # seat 1: a single die is not a whole roll "of dice"
    # the round is paid: seat 0 won casino 2, seat 1 casinos 1 and 3; seat 0's bonus is
    # added to its standings, and no banknote was made for it
    assert state.money == ((50_000,), (50_000, 50_000))
    assert lv.standings(state).money == (50_000 + 20_000, 100_000)
    with pytest.raises(ValueError, match="bonus"):
        guide["AllIn"](bonus=-1)


def test_second_chance_once_per_round_back_next_round(guide: dict[str, Any]) -> None:
    """Second chance: offered until used, used once per round, given back each round."""
    config = lv.classic(2, guide["SecondChance"]())
    roll_again = guide["RollAgain"]()
    state = deal(lv.new_game(config), *[[50_000]] * 6)
    state = lv.apply(state, lv.Roll((1, 1, 1, 1, 1, 1, 1, 1)))
    state = lv.apply(state, roll_again)
    state = lv.apply(state, lv.Roll((2, 2, 3, 3, 4, 4, 5, 5)))
    assert roll_again not in lv.legal_actions(state)
    state = lv.apply(state, lv.Place(2))
    state = lv.apply(state, lv.Roll((1, 1, 2, 2, 3, 3, 4, 4)))
    assert roll_again in lv.legal_actions(state)  # seat 1 has its own
    while state.round == 1:
        if lv.to_move(state) is lv.CHANCE:
            state = lv.apply(state, lv.sample_chance(state, lv.Rng(2)))
        else:
            state = lv.apply(state, lv.legal_actions(state)[0])  # a placement, never the re-roll
    while lv.to_move(state) is lv.CHANCE and state.phase is not lv.Phase.PLACE:
        state = lv.apply(state, lv.sample_chance(state, lv.Rng(3)))
    assert state.round == 2
    assert state.phase is lv.Phase.PLACE
    assert roll_again in lv.legal_actions(state)
