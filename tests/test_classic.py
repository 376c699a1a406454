"""The classic dice game (part C of the rules reference, C-1 to C-16), scripted through the public API."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import attrs
import pytest

import lasvegas as lv
from lasvegas.testing import deal, play, random_game, turn
from lasvegas.types import CasinoNumber

FIVE_50K = [[50_000]] * 5


def first_turn(players: int = 4, *casinos: list[int]) -> lv.State:
    """Deal the given notes (default: 50,000 at every casino) and return the first roll node."""
    notes = list(casinos) or [[50_000]] * 6
    return deal(lv.new_game(lv.classic(players)), *notes)


def test_c1_each_player_has_eight_dice() -> None:
    """C-1: every seat starts each round with 8 dice; 2-5 players are allowed."""
    for players in range(2, 6):
        state = lv.new_game(lv.classic(players))
        assert state.supply == ((8, 0, 0, 0),) * players


def test_c2_banknotes() -> None:
    """C-2: 54 banknotes worth $2,500,000 with the printed distribution."""
    assert len(lv.BANKNOTES) == 54
    assert sum(lv.BANKNOTES) == 2_500_000
    assert Counter(lv.BANKNOTES) == {
        10_000: 6,
        20_000: 8,
        30_000: 8,
        40_000: 6,
        50_000: 6,
        60_000: 5,
        70_000: 5,
        80_000: 5,
        90_000: 5,
    }
    assert lv.new_game(lv.classic(4)).pile_hidden == lv.BANKNOTES


def test_c3_four_rounds() -> None:
    """C-3: a game has 4 rounds; it is over after the 4th."""
    state, actions = random_game(lv.classic(3), lv.Rng(3))
    assert state.round == 4
    assert lv.to_move(state) is None
    assert state.phase is lv.Phase.OVER
    replay = lv.new_game(lv.classic(3))
    ended = []
    for action in actions:
        step = lv.step(replay, action)
        ended += [e.round for e in step.events if isinstance(e, lv.RoundEnded)]
        replay = step.state
    assert ended == [1, 2, 3, 4]


def test_c4_pile_order_is_chance_and_hidden() -> None:
    """C-4: each draw from the unseen part is a chance node over the notes left, by count."""
    outcomes = dict(lv.chance_outcomes(lv.new_game(lv.classic(4))))
    assert outcomes[lv.Draw(10_000)] == Fraction(6, 54)
    assert outcomes[lv.Draw(90_000)] == Fraction(5, 54)
    assert sum(outcomes.values()) == 1
    state = lv.apply(lv.new_game(lv.classic(4)), lv.Draw(90_000))
    assert dict(lv.chance_outcomes(state))[lv.Draw(90_000)] == Fraction(4, 53)


def test_c4_returned_notes_go_under_the_pile_in_known_order() -> None:
    """C-4, C-14: returned notes sit under the unseen part, drawn last, in the order returned."""
    state = round_one_examples_2_to_4()
    assert state.pile_returned == (40_000, 50_000)
    assert Counter(state.pile_hidden) + Counter(state.pile_returned) + Counter(
        n for c in state.casinos for n in c.notes
    ) + Counter(n for won in state.money for n in won) == Counter(lv.BANKNOTES)


def test_c5_casinos_fill_in_order_to_the_minimum() -> None:
    """C-5: casinos 1..6 in order each draw notes until they total at least $50,000."""
    state = lv.new_game(lv.classic(2))
    state = play(state, [lv.Draw(10_000), lv.Draw(20_000)])
    assert state.cursor == 0  # $30,000 is not enough yet
    state = lv.apply(state, lv.Draw(30_000))
    assert state.casinos[0].notes == (30_000, 20_000, 10_000)
    assert state.cursor == 1
    state = lv.apply(state, lv.Draw(90_000))
    assert state.casinos[1].notes == (90_000,)
    state = deal(state, *[[50_000]] * 4)
    assert [c.notes for c in state.casinos] == [
        (30_000, 20_000, 10_000),
        (90_000,),
        (50_000,),
        (50_000,),
        (50_000,),
        (50_000,),
    ]
    assert state.phase is lv.Phase.ROLL


@attrs.frozen
class ShortPile(lv.RuleModule):
    """Test module: a pile of three $50,000 notes, so it runs out while filling (C-6)."""

    id = "test-short-pile"

    def configure(self, params: lv.Params, players: int) -> lv.Params:
        return attrs.evolve(params, notes=(50_000, 50_000, 50_000))


def test_c6_pile_runs_out() -> None:
    """C-6: when the pile runs out, later casinos get nothing and a casino without notes pays nothing."""
    state = lv.new_game(lv.classic(2, ShortPile()))
    state = deal(state, [50_000], [50_000], [50_000])
    assert state.phase is lv.Phase.ROLL
    assert [c.notes for c in state.casinos] == [(50_000,)] * 3 + [()] * 3
    # Seat 0 puts all 8 dice on casino 6, which has no note: it wins nothing there.
    state = turn(state, [6] * 8, 6)
    state = turn(state, [1] * 8, 1)
    assert state.money == ((), (50_000,))


def test_c7_start_player_rotates() -> None:
    """C-7: seat 0 starts round 1; each later round starts one seat to the left."""
    _state, actions = random_game(lv.classic(3), lv.Rng(11))
    replay = lv.new_game(lv.classic(3))
    starts = []
    for action in actions:
        step = lv.step(replay, action)
        starts += [e.start for e in step.events if isinstance(e, lv.RoundStarted)]
        replay = step.state
    assert lv.new_game(lv.classic(3)).start == 0
    assert starts == [1, 2, 0]  # rounds 2, 3, 4 (round 1 starts in new_game)


def test_c8_roll_all_remaining_dice_and_place_every_die_of_the_face() -> None:
    """C-8: the active seat rolls all remaining dice and places all dice of the chosen face."""
    state = first_turn(4)
    assert lv.to_move(state) is lv.CHANCE
    with pytest.raises(lv.IllegalActionError, match="a sorted roll of 8 dice"):
        lv.apply(state, lv.Roll((3, 3, 3, 3, 5)))
    state = turn(state, [3, 3, 3, 3, 5, 1, 2, 2], 3)  # the rulebook's Benno places all four 3s
    assert state.casinos[2].dice == (4, 0, 0, 0)
    assert state.supply[0] == (4, 0, 0, 0)
    # ... and later rolls only the four dice left.
    for _seat in (1, 2, 3):
        state = turn(state, [6] * 8, 6)
    assert lv.chance_outcomes(state)[0] == (lv.Roll((1, 1, 1, 1)), Fraction(1, 6**4))
    with pytest.raises(lv.IllegalActionError, match="a sorted roll of 4 dice"):
        lv.apply(state, lv.Roll((1, 2, 3, 4, 5)))


def test_c8_place_only_a_rolled_face() -> None:
    """C-8: only a face that was rolled can be chosen; the error names action, phase and reason."""
    state = lv.apply(first_turn(2), lv.Roll((1, 1, 2, 2, 3, 3, 4, 4)))
    assert lv.legal_actions(state) == tuple(lv.Place(f) for f in (1, 2, 3, 4))
    with pytest.raises(lv.IllegalActionError) as info:
        lv.apply(state, lv.Place(5))
    assert str(info.value) == "Place(face=5) in phase place: no rolled die shows 5"
    assert info.value.reason == "not-rolled"


def test_c9_seats_without_dice_are_skipped() -> None:
    """C-9: a seat with no dice left is skipped; one seat may then take several turns in a row."""
    state = first_turn(2)
    state = turn(state, [2] * 8, 2)  # seat 0 is done after one turn
    state = turn(state, [1, 1, 1, 1, 3, 3, 3, 3], 1)
    assert state.active == 1
    state = turn(state, [3, 3, 3, 5], 3)
    assert state.active == 1
    state = lv.apply(state, lv.Roll((5,)))
    assert lv.to_move(state) == 1


def test_c10_a_single_face_still_needs_the_placement() -> None:
    """C-10: with one distinct face rolled, placing it is the single legal action."""
    state = lv.apply(first_turn(2), lv.Roll((4,) * 8))
    assert lv.to_move(state) == 0
    assert lv.legal_actions(state) == (lv.Place(4),)


def test_c11_round_ends_when_every_die_is_placed() -> None:
    """C-11: the round ends (payout follows) only once every seat has placed all its dice."""
    state = first_turn(2)
    state = turn(state, [1] * 8, 1)
    assert state.round == 1
    assert lv.to_move(state) is lv.CHANCE
    step = lv.step(lv.apply(state, lv.Roll((2,) * 8)), lv.Place(2))
    kinds = [type(e) for e in step.events]
    assert lv.PayoutStarted in kinds
    assert lv.RoundEnded in kinds
    assert step.state.round == 2


def round_one_example_1() -> lv.State:
    """C-15 first example at casino 1: Anna 5, Benno 3, Carla 3, Denny 1; notes 80k/30k/10k."""
    state = first_turn(4, [10_000, 30_000, 80_000], *FIVE_50K)
    assert state.casinos[0].notes == (80_000, 30_000, 10_000)
    state = turn(state, [1, 1, 1, 1, 1, 2, 2, 2], 1)  # Anna
    state = turn(state, [1, 1, 1, 3, 3, 3, 3, 3], 1)  # Benno
    state = turn(state, [1, 1, 1, 4, 4, 4, 4, 4], 1)  # Carla
    state = turn(state, [1, 5, 5, 5, 5, 5, 5, 5], 1)  # Denny
    assert state.casinos[0].dice == (5, 3, 3, 1)
    state = turn(state, [2, 2, 2], 2)
    state = turn(state, [3] * 5, 3)
    state = turn(state, [4] * 5, 4)
    return turn(state, [5] * 7, 5)


def test_c12_c13_c15_example_1_ties_cancel_then_rank() -> None:
    """C-12, C-13, C-15 (example 1): Benno and Carla cancel; Anna $80,000, Denny $30,000."""
    step_events: list[lv.Event] = []
    state = first_turn(4, [10_000, 30_000, 80_000], *FIVE_50K)
    for faces, face in [
        ([1, 1, 1, 1, 1, 2, 2, 2], 1),
        ([1, 1, 1, 3, 3, 3, 3, 3], 1),
        ([1, 1, 1, 4, 4, 4, 4, 4], 1),
        ([1, 5, 5, 5, 5, 5, 5, 5], 1),
        ([2, 2, 2], 2),
        ([3] * 5, 3),
        ([4] * 5, 4),
        ([5] * 7, 5),
    ]:
        state = lv.apply(state, lv.Roll(tuple(faces)))
        step = lv.step(state, lv.Place(face))
        step_events += step.events
        state = step.state
    assert state == round_one_example_1()
    assert lv.TiesRemoved(casino=CasinoNumber(1), owners=(1, 2)) in step_events
    assert lv.BanknotePaid(casino=CasinoNumber(1), owner=0, value=80_000) in step_events
    assert lv.BanknotePaid(casino=CasinoNumber(1), owner=3, value=30_000) in step_events
    assert lv.NotesReturned(casino=CasinoNumber(1), values=(10_000,)) in step_events
    # Casino 2: Anna alone; 3: Benno; 4: Carla; 5: Denny; 6: no dice.
    assert state.money == ((80_000, 50_000), (50_000,), (50_000,), (30_000, 50_000))


def test_c14_leftovers_go_under_the_pile_in_payout_order() -> None:
    """C-14: the $10,000 left at casino 1 goes under the pile before casino 6's unclaimed note."""
    state = round_one_example_1()
    assert state.pile_returned == (10_000, 50_000)
    # Round 2 draws the unseen part first; the returned notes come last, in that order.
    assert len(state.pile_hidden) == 54 - 8


def round_one_examples_2_to_4() -> lv.State:
    """C-15 examples 2-4 in one round (4 players)."""
    state = first_turn(
        4, [40_000, 40_000], [20_000, 70_000], [50_000], [50_000], [50_000], [50_000]
    )
    state = turn(state, [3, 3, 4, 4, 4, 4, 4, 4], 3)  # Anna: 2 at casino 3
    state = turn(state, [2, 2, 3, 5, 5, 5, 5, 5], 3)  # Benno: 1 at casino 3
    state = turn(state, [2, 2, 2, 3, 3, 6, 6, 6], 3)  # Carla: 2 at casino 3
    state = turn(state, [1, 1, 1, 1, 1, 1, 2, 3], 3)  # Denny: 1 at casino 3
    state = turn(state, [4] * 6, 4)  # Anna
    state = turn(state, [2, 2, 5, 5, 5, 5, 5], 2)  # Benno: 2 at casino 2
    state = turn(state, [2, 2, 2, 6, 6, 6], 2)  # Carla: 3 at casino 2
    state = turn(state, [1, 1, 1, 1, 1, 1, 2], 2)  # Denny: 1 at casino 2
    state = turn(state, [5] * 5, 5)  # Benno (Anna has no dice left, C-9)
    state = turn(state, [6] * 3, 6)  # Carla
    return turn(state, [1] * 6, 1)  # Denny


def test_c15_examples_2_to_4() -> None:
    """C-15: all pairs tied win nothing; a lone owner takes one of two $40,000 notes; Carla > Benno > Denny."""
    state = round_one_examples_2_to_4()
    anna, benno, carla, denny = state.money
    assert anna == (50_000,)  # casino 4 only: casino 3 (example 2) paid nobody
    assert benno == (20_000, 50_000)  # example 4: runner-up at casino 2
    assert carla == (70_000, 50_000)  # example 4: first at casino 2
    assert denny == (40_000,)  # example 3: one $40,000, the other under the pile
    assert state.pile_returned == (40_000, 50_000)


@attrs.frozen
class TinyGame(lv.RuleModule):
    """Test module: 1 round, a low minimum, two dice each (for end-of-game tie tests)."""

    id = "test-tiny"

    def configure(self, params: lv.Params, players: int) -> lv.Params:
        return attrs.evolve(params, rounds=1, dice=(2, 0, 0, 0), minimum=10_000)


def test_c16_most_money_wins_then_most_notes() -> None:
    """C-16: equal money goes to the seat with more banknotes."""
    state = deal(
        lv.new_game(lv.classic(2, TinyGame())),
        [20_000],
        [20_000],
        [40_000],
        [10_000],
        [10_000],
        [10_000],
    )
    state = turn(state, [1, 2], 1)  # seat 0: casino 1
    state = turn(state, [3, 3], 3)  # seat 1: both dice on casino 3
    state = turn(state, [2], 2)  # seat 0: casino 2
    result = lv.standings(state)
    assert result.money == (40_000, 40_000)
    assert result.notes == (2, 1)
    assert result.winners == (0,)


def test_c16_still_tied_means_several_winners() -> None:
    """C-16: equal money and equal note counts give several winners."""
    state = deal(
        lv.new_game(lv.classic(2, TinyGame())),
        *[[30_000]] * 6,
    )
    state = turn(state, [1, 1], 1)
    state = turn(state, [2, 2], 2)
    result = lv.standings(state)
    assert result.money == (30_000, 30_000)
    assert result.winners == (0, 1)


def test_c16_no_winner_before_the_end() -> None:
    """C-16: standings name winners only once the game is over."""
    state = round_one_example_1()
    assert lv.standings(state).winners == ()
    assert lv.standings(state).money == (130_000, 50_000, 50_000, 80_000)
