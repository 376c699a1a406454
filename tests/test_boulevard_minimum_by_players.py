"""The minimum by player count, module ``MinimumByPlayers`` (B-1)."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.testing import random_sim_test


@pytest.mark.parametrize(
    ("players", "minimum"), [(2, 30_000), (3, 40_000), (4, 50_000), (5, 60_000), (6, 70_000)]
)
def test_b1_minimum_per_casino_by_player_count(players: int, minimum: int) -> None:
    """B-1: each casino is filled to $30,000 with 2 players ... $70,000 with 6."""
    modules = (
        (lv.MinimumByPlayers(), lv.SixthPlayer()) if players == 6 else (lv.MinimumByPlayers(),)
    )
    config = lv.classic(players, *modules)
    assert config.ruleset.params.minimum == minimum
    state = lv.new_game(config)
    for note in (10_000, 10_000):
        state = lv.apply(state, lv.Draw(note))
    while sum(state.casinos[0].notes) + 10_000 < minimum:
        assert state.cursor == 0
        state = lv.apply(state, lv.Draw(10_000 if 10_000 in state.pile_hidden else 20_000))
    total = sum(state.casinos[0].notes)
    assert state.cursor == 0
    assert total < minimum
    state = lv.apply(state, lv.Draw(90_000))
    assert state.cursor == 1  # the minimum is reached: casino 2 is next


def test_b1_two_players_a_single_30000_note_is_enough() -> None:
    """B-1: with 2 players a $30,000 note alone fills a casino (the base game needs $50,000)."""
    state = lv.apply(lv.new_game(lv.classic(2, lv.MinimumByPlayers())), lv.Draw(30_000))
    assert state.cursor == 1
    base = lv.apply(lv.new_game(lv.classic(2)), lv.Draw(30_000))
    assert base.cursor == 0


def test_b1_seven_players_are_still_refused() -> None:
    """B-1, X-6: the table stops at 6 players; 7 are refused by the player range."""
    with pytest.raises(lv.ConfigError, match="7 players"):
        lv.classic(7, lv.MinimumByPlayers(), lv.SixthPlayer())


@pytest.mark.parametrize("players", [2, 5])
def test_b1_random_games(players: int) -> None:
    """B-1: random games with the minimum by player count keep every engine contract."""
    random_sim_test(lv.classic(players, lv.MinimumByPlayers()), games=2, seed=players)
