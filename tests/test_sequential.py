"""The card game's sequential variation, module ``Sequential`` (K-12)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import lasvegas as lv
from lasvegas.cardgame import (
    HIDDEN,
    CardGameState,
    CardsDiscarded,
    CardsPlayed,
    SeatOut,
)
from lasvegas.testing import random_sim_test
from lasvegas.types import CasinoNumber

NOTES12 = (100_000, 30_000, 90_000, 40_000, 80_000, 50_000) * 2
FILLER = (11, 21, 31, 41, 51)


def table(state: lv.State, seat: int | None) -> CardGameState:
    part = lv.observe(state, seat).modules[0]
    assert isinstance(part, CardGameState)
    return part


def draw(state: lv.State, *hands: Sequence[int]) -> lv.State:
    for hand in hands:
        for code in hand:
            assert lv.to_move(state) is lv.CHANCE
            state = lv.apply(state, lv.DrawCard(code))
    return state


def start(players: int, *hands: Sequence[int]) -> lv.State:
    state = lv.new_game(lv.cardgame(players, lv.Sequential()))
    for value in NOTES12:
        state = lv.apply(state, lv.Draw(value))
    return draw(state, *hands)


def play(state: lv.State, seat: int, cards: Sequence[int]) -> tuple[lv.State, tuple[lv.Event, ...]]:
    assert lv.to_move(state) == seat
    step = lv.step(state, lv.PlayCards(tuple(sorted(cards))))
    return step.state, step.events


def test_k12_each_choice_is_placed_at_once_then_the_seat_draws() -> None:
    """K-12: a seat chooses, places at once, discards the rest of its hand and draws 5, which
    ends its turn; only then does the next seat choose, seeing what was placed."""
    state = start(3, (51, 51, 52, 11, 21), FILLER, FILLER)
    state, happened = play(state, 0, (51, 51))
    assert CardsPlayed(seat=0, cards=(51, 51)) in happened
    assert lv.DicePlaced(seat=0, face=5, casino=CasinoNumber(5), counts=(2, 0, 0, 0)) in happened
    assert CardsDiscarded(seat=0, count=3) in happened
    assert state.casinos[4].dice == (2, 0, 0)
    seen = table(state, 1)
    assert seen.choices == ((51, 51), None, None)  # placed face up: public
    assert seen.discards[0] == (HIDDEN,) * 3  # discards stay private (K-18)
    assert lv.to_move(state) is lv.CHANCE  # seat 0 draws before seat 1 chooses
    state = draw(state, (12, 22, 32, 42, 62))
    assert table(state, 0).hands[0] == (12, 22, 32, 42, 62)
    assert lv.to_move(state) == 1
    state, happened = play(state, 1, (51,))
    assert state.casinos[4].dice == (2, 1, 0)


def test_k12_six_turns_each_then_the_round_ends() -> None:
    """K-12: up to six turns, each seat playing once per turn in order; no draw after the 6th."""
    state = start(2, FILLER, FILLER)
    draws = [FILLER, FILLER, FILLER, (12, 22, 32, 42, 52), (61, 61, 61, 61, 62)]
    plays = [11, 21, 31, 41, 12, 61]
    for turn, card in enumerate(plays, start=1):
        state, happened = play(state, 0, (card,))
        if turn < 6:
            state = draw(state, draws[turn - 1])
        else:
            assert lv.to_move(state) == 1  # turn 6: seat 0 does not draw
        part = state.modules[0]
        assert isinstance(part, CardGameState)
        assert part.turn == turn
        state, happened = play(state, 1, (card,))
        if turn < 6:
            assert lv.RoundEnded(round=1) not in happened
            state = draw(state, draws[turn - 1])
    assert lv.RoundEnded(round=1) in happened
    assert state.round == 2


def test_k12_k7_out_at_the_end_of_its_own_turn() -> None:
    """K-12 with K-7: a seat reaching 8 cards is out at the end of its own turn and does not
    draw; the others play on."""
    state = start(2, (11, 11, 11, 11, 12), FILLER)
    state, _ = play(state, 0, (11, 11, 11, 11, 12))
    state = draw(state, (31, 31, 31, 41, 51))
    state, _ = play(state, 1, (21,))
    state = draw(state, FILLER)
    state, happened = play(state, 0, (31, 31, 31))
    assert SeatOut(seat=0, reason="eight-cards") in happened
    assert lv.to_move(state) == 1  # no draw for seat 0
    state, _ = play(state, 1, (31,))
    state = draw(state, FILLER)
    assert lv.to_move(state) == 1  # seat 0 is skipped from now on


def test_k12_start_player_passes_left() -> None:
    """K-12, K-17: the start player passes to the left each round."""
    state = start(2, (11, 11, 11, 11, 12), (21, 21, 21, 21, 22))
    state, _ = play(state, 0, (11, 11, 11, 11, 12))
    state = draw(state, (31, 31, 31, 41, 51))
    state, _ = play(state, 1, (21, 21, 21, 21, 22))
    state = draw(state, (41, 41, 41, 51, 61))
    state, _ = play(state, 0, (31, 31, 31))
    state, happened = play(state, 1, (41, 41, 41))
    assert lv.RoundEnded(round=1) in happened
    assert state.round == 2
    assert state.start == 1
    for value in NOTES12:
        state = lv.apply(state, lv.Draw(value))
    state = draw(state, FILLER, FILLER)
    assert lv.to_move(state) == 1


def test_k12_is_a_card_game_module() -> None:
    """K-12: the variation exists for the card game only."""
    with pytest.raises(lv.ConfigError, match="does not apply to the classic edition"):
        lv.classic(2, lv.Sequential())


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games(players: int) -> None:
    """Random sequential games conform to the engine's contract."""
    random_sim_test(lv.cardgame(players, lv.Sequential()), games=2, seed=players)
