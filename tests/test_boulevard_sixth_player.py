"""The sixth player, module ``SixthPlayer`` (B-6, X-4, X-6)."""

from __future__ import annotations

import attrs
import pytest

import lasvegas as lv
from lasvegas.testing import deal, random_sim_test


def test_b6_six_players_need_the_module() -> None:
    """B-6: the classic game takes 2-5 players; the sixth player's dice allow 6."""
    with pytest.raises(
        lv.ConfigError,
        match=r"6 players: the classic edition with these modules takes 2-5 "
        r"\(module sixth-player allows 6\)",
    ):
        lv.classic(6)
    state = lv.new_game(lv.classic(6, lv.SixthPlayer()))
    assert state.supply == ((8, 0, 0, 0),) * 6


def test_x6_seven_and_eight_players_are_out_of_scope() -> None:
    """X-6 (ruling): 7 or 8 players are refused even with the sixth player."""
    for players in (7, 8):
        with pytest.raises(lv.ConfigError, match="takes 2-6"):
            lv.classic(players, lv.SixthPlayer())


def test_b6_smaller_games_are_unchanged() -> None:
    """B-6: with fewer players the module changes nothing but the most seats allowed."""
    params = lv.classic(3, lv.SixthPlayer()).ruleset.params
    assert params == attrs.evolve(lv.classic(3).ruleset.params, max_players=6)
    assert lv.new_game(lv.classic(3, lv.SixthPlayer())).supply == lv.new_game(lv.classic(3)).supply


def test_x4_six_players_with_neutral_dice_get_two_each() -> None:
    """X-4 (ruling): 6 players with neutral dice get 2 each (12, beyond the box), as online."""
    state = lv.new_game(lv.classic(6, lv.SixthPlayer(), lv.NeutralDice()))
    assert state.supply == ((8, 0, 0, 2),) * 6


def test_b6_the_sixth_seat_plays_in_turn() -> None:
    """B-6, C-7: seat 5 plays after seat 4; with six seats the next round starts at seat 1."""
    state = deal(lv.new_game(lv.classic(6, lv.SixthPlayer())), *[[90_000]] * 5, [80_000])
    for seat in range(6):
        assert state.active == seat
        state = lv.apply(state, lv.Roll((seat + 1,) * 8))
        state = lv.apply(state, lv.Place(seat + 1))
    assert state.round == 2
    assert state.start == 1
    assert lv.standings(state).money == (90_000, 90_000, 90_000, 90_000, 90_000, 80_000)


@pytest.mark.parametrize("modules", [(), (lv.NeutralDice(),)])
def test_b6_random_games(modules: tuple[lv.RuleModule, ...]) -> None:
    """B-6: random 6-player games keep every engine contract."""
    random_sim_test(lv.classic(6, lv.SixthPlayer(), *modules), games=2, seed=6)
