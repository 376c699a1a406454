"""The biggies, module ``Biggies`` (B-3), scripted through the public API."""

from __future__ import annotations

from fractions import Fraction

import pytest

import lasvegas as lv
from lasvegas.testing import deal, random_sim_test
from lasvegas.types import CasinoNumber

NOTES = [[60_000], [60_000], [70_000, 10_000], [70_000], [80_000], [80_000]]


def start(players: int = 3) -> lv.State:
    return deal(lv.new_game(lv.classic(players, lv.Biggies())), *NOTES)


def test_b3_each_player_swaps_one_die_for_a_biggie() -> None:
    """B-3: each player has 7 regular dice and a biggie: still 8 dice."""
    for players in (2, 3, 4, 5):
        assert lv.new_game(lv.classic(players, lv.Biggies())).supply == ((7, 1, 0, 0),) * players


def test_b3_the_biggie_is_rolled_after_the_regular_dice() -> None:
    """B-3, the chance sequence: one Roll node for the 7 regular dice, then one for the biggie."""
    state = start()
    state = lv.apply(state, lv.Roll((1, 1, 2, 2, 3, 3, 4)))
    assert lv.chance_outcomes(state) == tuple(
        (lv.Roll((f,), "big"), Fraction(1, 6)) for f in range(1, 7)
    )
    state = lv.apply(state, lv.Roll((6,), "big"))
    assert lv.legal_actions(state) == tuple(lv.Place(f) for f in (1, 2, 3, 4, 6))


def test_b3_the_biggie_is_placed_with_the_dice_of_its_face() -> None:
    """B-3: the biggie goes with the regular dice showing its face (all of them, C-8)."""
    state = start()
    state = lv.apply(state, lv.Roll((1, 1, 2, 2, 3, 3, 4)))
    state = lv.apply(state, lv.Roll((3,), "big"))
    step = lv.step(state, lv.Place(3))
    assert lv.DicePlaced(seat=0, face=3, casino=CasinoNumber(3), counts=(2, 1, 0, 0)) in step.events
    casino = step.state.casinos[2]
    assert casino.dice == (2, 0, 0)
    assert casino.big == (1, 0, 0)
    assert casino.weights() == (4, 0, 0)
    assert step.state.supply[0] == (5, 0, 0, 0)


def test_b3_a_biggie_counts_two_for_ties_and_ranking() -> None:
    """B-3: a biggie alone ties with two dice (both removed) and beats one die."""
    state = start()
    state = lv.apply(state, lv.Roll((1, 1, 1, 1, 1, 1, 1)))
    state = lv.apply(state, lv.Roll((3,), "big"))
    state = lv.apply(state, lv.Place(3))  # seat 0: the biggie alone at casino 3
    state = lv.apply(state, lv.Roll((1, 2, 2, 2, 2, 3, 3)))
    state = lv.apply(state, lv.Roll((5,), "big"))
    state = lv.apply(state, lv.Place(3))  # seat 1: two dice at casino 3: tied with the biggie
    state = lv.apply(state, lv.Roll((2, 2, 2, 2, 2, 2, 3)))
    state = lv.apply(state, lv.Roll((6,), "big"))
    state = lv.apply(state, lv.Place(3))  # seat 2: one die at casino 3
    assert state.casinos[2].weights() == (2, 2, 1)
    # Play out: seat 0's remaining dice on casino 1, seats 1 and 2's on casino 2.
    state = lv.apply(state, lv.Roll((1,) * 7))
    state = lv.apply(state, lv.Place(1))
    state = lv.apply(state, lv.Roll((2, 2, 2, 2, 2)))
    state = lv.apply(state, lv.Roll((2,), "big"))
    step = lv.step(state, lv.Place(2))
    state = step.state
    state = lv.apply(state, lv.Roll((2,) * 6))
    state = lv.apply(state, lv.Roll((2,), "big"))
    step = lv.step(state, lv.Place(2))
    assert lv.TiesRemoved(casino=CasinoNumber(3), owners=(0, 1)) in step.events
    assert lv.BanknotePaid(casino=CasinoNumber(3), owner=2, value=70_000) in step.events


def test_b3_biggies_need_a_regular_die() -> None:
    """B-3: the swap needs a regular die; a config without one is refused."""
    import attrs

    @attrs.frozen
    class NoDice(lv.RuleModule):
        id = "test-no-dice"
        order = 50

        def configure(self, params: lv.Params, players: int) -> lv.Params:
            return attrs.evolve(params, dice=(0, 0, 0, 0))

    with pytest.raises(lv.ConfigError, match="biggie"):
        lv.classic(2, lv.Biggies(), NoDice())


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_b3_random_games(players: int) -> None:
    """B-3: random games with biggies keep every engine contract."""
    random_sim_test(lv.classic(players, lv.Biggies()), games=2, seed=players)
