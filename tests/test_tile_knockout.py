"""Knockout? (tile E2): T-KNOCKOUT-1, T-KNOCKOUT-2, the bar and the Biggy, and dice coming back
(T-10, T-11), scripted through the public API."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.royale.events import DiceMoved, TileActivated
from lasvegas.royale.table import casino_count
from lasvegas.royale.tiles.knockout import KnockoutPut, KnockoutState
from lasvegas.testing import finish_round, random_sim_test, setup_round, turn
from lasvegas.types import CasinoNumber

SMALL = KnockoutPut(big=False)
BIGGY = KnockoutPut(big=True)


def start(players: int = 3) -> lv.State:
    """Knockout? alone at casino 1; seat 0 to roll."""
    return setup_round(lv.new_game(lv.royale(players, tiles=1, deal=("E2",))))


def bar(state: lv.State) -> KnockoutState:
    (value,) = [s for s in state.modules if isinstance(s, KnockoutState)]
    return value


def knock(state: lv.State, log: list[lv.Event] | None = None) -> lv.State:
    """The active seat places one small die at casino 1 (its other dice show 2s)."""
    small, big = state.supply[state.active][:2]
    return turn(state, [1] + [2] * (small - 1), 1, big=2 if big else None, log=log)


def one_die(state: lv.State, face: int) -> lv.State:
    """The active seat places one small die at casino *face* (its other dice show 2s)."""
    small, big = state.supply[state.active][:2]
    return turn(state, [face] + [2] * (small - 1), face, big=2 if big else None)


def to_bar(owner: int, *, big: bool = False) -> DiceMoved:
    return DiceMoved(owner=owner, small=int(not big), big=int(big), source="supply", target="bar")


def play(state: lv.State, *actions: lv.Action, log: list[lv.Event]) -> lv.State:
    for action in actions:
        step = lv.step(state, action)
        log.extend(step.events)
        state = step.state
    return state


def test_tknockout1_each_opponent_clockwise_from_the_left_puts_a_die_in_the_bar() -> None:
    """T-KNOCKOUT-1: each opponent with a remaining die, clockwise from the active player's
    left, must put one of their dice in the bar, choosing which (a decision of that seat);
    one holding only one kind of die has nothing to choose (ruling)."""
    state = start(4)
    state = turn(state, [5] * 7, 5, big=3)  # seat 0: only its Biggy left
    log: list[lv.Event] = []
    state = knock(state, log)  # seat 1 activates Knockout?
    assert TileActivated(casino=lv.CasinoNumber(1), face="E2", seat=1) in log
    assert lv.to_move(state) == 2
    assert lv.legal_actions(state) == (SMALL, BIGGY)
    state = play(state, SMALL, log=log)
    assert lv.to_move(state) == 3
    state = play(state, BIGGY, log=log)
    moves = [e for e in log if isinstance(e, DiceMoved)]
    assert moves == [to_bar(2), to_bar(3, big=True), to_bar(0, big=True)]  # seat 0: no choice
    assert bar(state).small == (0, 0, 1, 0)
    assert bar(state).big == (1, 0, 0, 1)
    assert [state.supply[s][:2] for s in range(4)] == [(0, 0), (6, 1), (6, 1), (7, 0)]
    assert state.active == 2  # seat 0 had finished: its Biggy went to the bar
    assert state.phase is lv.Phase.ROLL
    assert not lv.state_problems(state)


def test_tknockout1_the_bar_and_the_biggy() -> None:
    """T-KNOCKOUT-1, T-11: an opponent with 2 dice in the bar puts no more there, and a Biggy
    counts as one of the two; dice in the bar are in no casino."""
    state = start(3)
    state = knock(state)  # seat 0: seat 1 and seat 2 choose
    state = play(state, BIGGY, SMALL, log=[])  # seat 1's Biggy, seat 2's small die
    assert (bar(state).small, bar(state).big) == ((0, 0, 1), (0, 1, 0))
    state = one_die(state, 4)  # seat 1
    state = one_die(state, 4)  # seat 2
    log: list[lv.Event] = []
    state = knock(state, log)  # seat 0 again: seat 1 holds only small dice (no choice)
    assert lv.to_move(state) == 2
    state = play(state, SMALL, log=log)
    assert [e for e in log if isinstance(e, DiceMoved)] == [to_bar(1), to_bar(2)]
    assert (bar(state).small, bar(state).big) == ((0, 1, 2), (0, 1, 0))  # both bars full
    state = one_die(state, 4)  # seat 1
    state = one_die(state, 4)  # seat 2
    log = []
    state = knock(state, log)  # seat 0 for the third time: nobody puts a die in the bar
    assert not [e for e in log if isinstance(e, DiceMoved)]
    assert (bar(state).small, bar(state).big) == ((0, 1, 2), (0, 1, 0))
    assert state.active == 1
    assert casino_count(state, 4, 1) == 2  # the dice in the bar are at no casino
    assert sum(c.dice[1] + c.big[1] for c in state.casinos) + sum(state.supply[1]) == 6
    assert not lv.state_problems(state)


def test_tknockout1_a_biggy_fills_the_bar_as_one_die() -> None:
    """T-KNOCKOUT-1: a small die and the Biggy are the most one player has in the bar; once
    there, that player is skipped."""
    state = start(2)
    state = knock(state)  # seat 0: seat 1 chooses
    state = lv.apply(state, SMALL)
    state = turn(state, [4] * 6, 4, big=2)  # seat 1: its 6 small dice at casino 4
    state = knock(state)  # seat 0: seat 1 holds only its Biggy: no choice
    assert bar(state).small == (0, 1)
    assert bar(state).big == (0, 1)
    assert state.supply[1][:2] == (0, 0)
    assert state.active == 0  # seat 1 is out of dice: seat 0 plays on
    state = knock(state)  # seat 0 once more: nothing happens to seat 1
    assert bar(state).small == (0, 1)
    assert bar(state).big == (0, 1)
    assert not lv.state_problems(state)


def test_tknockout1_t10_the_active_player_takes_their_bar_dice_back_and_comes_back() -> None:
    """T-KNOCKOUT-1, T-10: after the opponents, the active player takes all of their own dice
    in the bar back; a player who had just placed their last dice comes back into the
    round with them."""
    state = start(3)
    state = play(knock(state), SMALL, SMALL, log=[])  # seat 0: seats 1 and 2 put a die in
    log: list[lv.Event] = []
    state = turn(state, [1] * 6, 1, big=1, log=log)  # seat 1 places all its dice here
    state = play(state, SMALL, log=log)  # seat 2 chooses; seat 0 (both kinds) too
    state = play(state, SMALL, log=log)
    back = DiceMoved(owner=1, small=1, big=0, source="bar", target="supply")
    assert [e for e in log if isinstance(e, DiceMoved)] == [to_bar(2), to_bar(0), back]
    assert bar(state).small == (1, 0, 2)
    assert state.supply[1][:2] == (1, 0)
    assert state.active == 2
    state = turn(state, [6] * 5, 6, big=6)  # seat 2 finishes
    state = turn(state, [6] * 5, 6, big=6)  # seat 0 finishes
    assert state.active == 1  # seat 1 is back
    assert state.phase is lv.Phase.ROLL
    assert state.supply[1][:2] == (1, 0)


def test_tknockout2_bar_dice_are_out_of_play_until_the_round_ends() -> None:
    """T-KNOCKOUT-2, T-11: dice in the bar count at no casino and win nothing; when the
    round ends they return to their owners (the next round starts with full supplies)."""
    state = start(3)
    state = play(knock(state), SMALL, BIGGY, log=[])
    assert bar(state).small == (0, 1, 0)
    assert bar(state).big == (0, 0, 1)
    log: list[lv.Event] = []
    state = finish_round(state, {0: 6, 1: 5, 2: 5}, log)
    returned = [e for e in log if isinstance(e, DiceMoved) and e.source == "bar"]
    assert returned == [
        DiceMoved(owner=1, small=1, big=0, source="bar", target="supply"),
        DiceMoved(owner=2, small=0, big=1, source="bar", target="supply"),
    ]
    assert log.index(lv.RoundEnded(round=1)) < log.index(returned[0])
    # casino 5: seat 1 has 6 small dice and its Biggy (8), seat 2 its 7 small dice: no tie
    assert lv.BanknotePaid(casino=CasinoNumber(5), owner=1, value=70_000) in log
    state = setup_round(state)
    assert state.round == 2
    assert state.supply == ((7, 1, 0, 0),) * 3
    assert bar(state).small == (0, 0, 0)
    assert not lv.state_problems(state)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_knockout_forced(players: int) -> None:
    """random_sim_test with Knockout? forced on casino 1 and the other tiles dealt at random
    (dice conserved with the bar's dice held by the tile)."""
    random_sim_test(lv.royale(players, deal=("E2",)), games=1, seed=50 + players)
