"""The neutral-dice variant, module ``NeutralDice`` (C-17 to C-22)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import lasvegas as lv
from lasvegas.testing import deal, random_sim_test, setup_round, turn

SIX_50K = [[50_000]] * 6


def start(players: int, module: lv.NeutralDice | None = None, *casinos: list[int]) -> lv.State:
    config = lv.classic(players, module or lv.NeutralDice())
    return deal(lv.new_game(config), *(casinos or SIX_50K))


@pytest.mark.parametrize(("players", "each"), [(2, 4), (3, 2), (4, 2)])
def test_c17_neutral_dice_per_player(players: int, each: int) -> None:
    """C-17: 4 neutral dice each with 2 players, 2 each with 3 or 4."""
    state = lv.new_game(lv.classic(players, lv.NeutralDice()))
    assert state.supply == ((8, 0, 0, each),) * players


def test_c17_neutral_dice_are_a_separate_roll_after_the_own_dice() -> None:
    """C-17, the chance sequence: the own dice roll first, then one node for the neutral group."""
    state = start(2)
    assert lv.chance_outcomes(state)[0][0] == lv.Roll((1,) * 8)
    state = lv.apply(state, lv.Roll((1,) * 8))
    outcomes = lv.chance_outcomes(state)
    assert outcomes[0] == (lv.Roll((1, 1, 1, 1), "neutral"), Fraction(1, 6**4))
    assert len(outcomes) == 126  # sorted rolls of 4 dice


def test_c18_three_players_roll_the_two_leftover_dice_at_round_start() -> None:
    """C-18: with 3 players the 2 leftover neutral dice are rolled before the first turn and placed."""
    state = deal(lv.new_game(lv.classic(3, lv.NeutralDice())), *SIX_50K)
    assert lv.to_move(state) is lv.CHANCE
    outcomes = dict(lv.chance_outcomes(state))
    assert outcomes[lv.Roll((2, 5), "neutral")] == Fraction(2, 36)
    assert outcomes[lv.Roll((4, 4), "neutral")] == Fraction(1, 36)
    with pytest.raises(lv.IllegalActionError):
        lv.apply(state, lv.Roll((2, 5)))  # not the neutral group
    step = lv.step(state, lv.Roll((2, 5), "neutral"))
    state = step.state
    neutral = 3
    assert state.casinos[1].dice[neutral] == 1
    assert state.casinos[4].dice[neutral] == 1
    assert lv.DiceRolled(seat=None, group="neutral", faces=(2, 5)) in step.events
    assert state.phase is lv.Phase.ROLL
    assert state.active == 0


def test_c18_setup_round_rolls_the_leftover_dice_on_chosen_faces() -> None:
    """C-18 through the scripting vocabulary: ``setup_round`` answers the leftover roll with
    the faces of ``leftover`` (in any order; without it, the first outcome) and stops at the
    first seat's roll, where ``turn`` plays the own and neutral dice."""
    config = lv.classic(3, lv.NeutralDice())
    state = setup_round(lv.new_game(config), notes=SIX_50K, leftover=(6, 3))
    neutral = 3
    assert [c.dice[neutral] for c in state.casinos] == [0, 0, 1, 0, 0, 1]
    assert (state.phase, state.active, state.tasks) == (lv.Phase.ROLL, 0, ())
    first = setup_round(lv.new_game(config), notes=SIX_50K)
    assert [c.dice[neutral] for c in first.casinos] == [2, 0, 0, 0, 0, 0]  # Roll((1, 1))
    state = turn(state, [3, 4, 4, 4, 4, 4, 4, 4], 3, neutral=[3, 5])
    assert state.casinos[2].dice == (1, 0, 0, 2)


def test_c18_no_leftover_roll_with_two_or_four_players() -> None:
    """C-18: only the 3-player game has leftover neutral dice to roll."""
    for players in (2, 4):
        state = start(players)
        assert state.phase is lv.Phase.ROLL
        assert not state.tasks


def test_c19_five_and_six_players_default_to_two_each() -> None:
    """C-19 (ruling): 5 players get 2 neutral dice each; the count is configurable."""
    assert lv.new_game(lv.classic(5, lv.NeutralDice())).supply[0] == (8, 0, 0, 2)
    assert lv.new_game(lv.classic(4, lv.NeutralDice(per_player=1))).supply[0] == (8, 0, 0, 1)
    assert lv.NeutralDice(per_player=1).leftover(4) == 4
    with pytest.raises(lv.ConfigError, match="per_player"):
        lv.NeutralDice(per_player=9)


def test_c20_rulebook_example_carla() -> None:
    """C-20 (rulebook example): own 1, 1, 5 and neutral 1, 6: place the three 1s, the 5, or the 6."""
    state = start(4)
    state = lv.apply(state, lv.Roll((1, 1, 2, 2, 3, 3, 4, 5)))
    state = lv.apply(state, lv.Roll((1, 6), "neutral"))
    assert lv.Place(6) in lv.legal_actions(state)
    one = lv.apply(state, lv.Place(1))
    assert one.casinos[0].dice == (2, 0, 0, 0, 1)  # Carla's two 1s and the white one
    assert one.supply[0] == (6, 0, 0, 1)
    six = lv.apply(state, lv.Place(6))  # the neutral 6 alone
    assert six.casinos[5].dice == (0, 0, 0, 0, 1)
    assert six.supply[0] == (8, 0, 0, 1)


def test_c21_example_1_white_takes_the_top_note() -> None:
    """C-21 (rulebook example 1): white wins $80,000 (under the pile), Benno gets $30,000."""
    state = start(2, None, [30_000, 80_000], *[[50_000]] * 5)
    # Anna (seat 0) places 3 neutral 1s, Benno (seat 1) 2 own 1s.
    state = turn(state, [2] * 8, 1, neutral=[1, 1, 1, 6])  # Anna: three white 1s
    state = turn(state, [1, 1, 3, 3, 3, 3, 3, 3], 1, neutral=[4, 4, 4, 4])  # Benno: two 1s
    assert state.casinos[0].dice == (0, 2, 3)
    state = turn(state, [2] * 8, 2, neutral=[6])
    state = turn(state, [3] * 6, 3, neutral=[4, 4, 4, 4])
    state = turn(state, [], 6, neutral=[6])  # Anna's last (neutral) die
    state = turn(state, [], 4, neutral=[4, 4, 4, 4])
    assert state.money[1][:1] == (30_000,)
    assert state.pile_returned[0] == 80_000


def test_c21_example_2_white_second() -> None:
    """C-21 (rulebook example 2): Carla $70,000, white $40,000 (under the pile), Anna nothing."""
    state = start(2, None, [40_000, 70_000], *[[50_000]] * 5)
    # Seat 0 (Carla) 3 own 1s; white 2 at casino 1 (from seat 1); seat 1 (Anna) 1 own 1.
    state = turn(state, [1, 1, 1, 2, 2, 2, 2, 2], 1, neutral=[6, 6, 6, 6])
    state = turn(state, [1, 3, 3, 3, 3, 3, 3, 3], 1, neutral=[1, 1, 5, 5])
    assert state.casinos[0].dice == (3, 1, 2)
    state = turn(state, [2] * 5, 2, neutral=[6, 6, 6, 6])
    state = turn(state, [3] * 7, 3, neutral=[5, 5])
    state = turn(state, [], 6, neutral=[6, 6, 6, 6])
    state = turn(state, [], 5, neutral=[5, 5])
    assert state.money[0][0] == 70_000
    assert all(note != 40_000 for note in state.money[1])
    assert state.pile_returned[0] == 40_000


def test_c22_neutral_dice_keep_a_seat_in_the_round() -> None:
    """C-22: a seat whose own dice are all placed still plays while it holds neutral dice."""
    state = start(2)
    state = turn(state, [5] * 8, 5, neutral=[1, 2, 3, 4])
    assert state.supply[0] == (0, 0, 0, 4)
    state = turn(state, [6] * 8, 6, neutral=[6, 6, 6, 6])
    assert state.supply[1] == (0, 0, 0, 0)
    # Seat 0 has only neutral dice now: its next roll is a single neutral-group node.
    assert state.active == 0
    assert state.cursor == 3
    assert lv.chance_outcomes(state)[0][0] == lv.Roll((1, 1, 1, 1), "neutral")
    state = lv.apply(state, lv.Roll((1, 2, 3, 4), "neutral"))
    state = lv.apply(state, lv.Place(1))
    assert state.supply[0] == (0, 0, 0, 3)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_neutral_dice(players: int) -> None:
    """C-17 to C-22 in random games: the engine's contract holds (random_sim_test)."""
    random_sim_test(lv.classic(players, lv.NeutralDice()), games=2, seed=players)
