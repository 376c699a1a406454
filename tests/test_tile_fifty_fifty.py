"""Fifty Fifty (tile B2): T-FIFTY-1, T-FIFTY-2 and X-12, scripted through the public API."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.royale.events import BankPaid, ChipsGiven, TileActivated
from lasvegas.royale.tiles.fifty_fifty import (
    FIFTY_FIFTY_TRACK,
    FiftyFiftyBet,
    FiftyFiftySettled,
    FiftyFiftyState,
    FiftyFiftyStop,
)
from lasvegas.testing import chips, finish_round, random_sim_test, setup_round, turn

HIGHER = FiftyFiftyBet(higher=True)
LOWER = FiftyFiftyBet(higher=False)
STOP = FiftyFiftyStop()


def start() -> lv.State:
    """3 players, Fifty Fifty alone at casino 1; seat 0 to roll."""
    return setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("B2",))))


def counter(state: lv.State) -> int:
    (value,) = [s for s in state.modules if isinstance(s, FiftyFiftyState)]
    return value.counter


def activate(state: lv.State, log: list[lv.Event] | None = None) -> lv.State:
    """The active seat places one die at casino 1 (its other dice show 2s)."""
    small, big = state.supply[state.active][:2]
    return turn(state, [1] + [2] * (small - 1), 1, big=2 if big else None, log=log)


def play(state: lv.State, *actions: lv.Action, log: list[lv.Event] | None = None) -> lv.State:
    for action in actions:
        step = lv.step(state, action)
        if log is not None:
            log.extend(step.events)
        state = step.state
    return state


def throw(a: int, b: int) -> lv.Roll:
    return lv.Roll((min(a, b), max(a, b)), "black")


def test_tfifty1_the_counter_starts_on_the_start_space() -> None:
    """T-FIFTY-1: the round counter is on the start space at setup, and again after every
    activation and in every round the tile is dealt."""
    state = start()
    assert counter(state) == 0
    state = play(activate(state), throw(3, 4))
    assert counter(state) == 1
    state = play(state, STOP)
    assert counter(state) == 0
    state = setup_round(finish_round(state, {0: 4, 1: 5, 2: 6}))
    assert state.round == 2
    assert counter(state) == 0


def test_tfifty2_activation_throws_the_black_dice_and_moves_the_counter() -> None:
    """T-FIFTY-2: activation is a chance node (two black dice); the throw moves the counter
    one space, then the active player chooses: stop, bet higher or bet lower."""
    log: list[lv.Event] = []
    state = activate(start(), log)
    assert TileActivated(casino=lv.CasinoNumber(1), face="B2", seat=0) in log
    assert lv.to_move(state) is lv.CHANCE
    outcomes = dict(lv.chance_outcomes(state))
    assert len(outcomes) == 21
    assert sum(outcomes.values()) == 1
    for bad in (lv.Roll((3, 4)), lv.Roll((4, 3), "black"), lv.Roll((1, 2, 3), "black")):
        with pytest.raises(lv.IllegalActionError, match="black dice"):
            lv.apply(state, bad)
    state = play(state, throw(2, 5), log=log)
    assert lv.DiceRolled(seat=0, group="black", faces=(2, 5)) in log
    assert counter(state) == 1
    assert lv.to_move(state) == 0
    assert lv.legal_actions(state) == (STOP, HIGHER, LOWER)


def test_tfifty2_x12_stopping_at_once_pays_one_chip() -> None:
    """T-FIFTY-2, X-12: the first space pays 1 chip; the turn goes on afterwards."""
    log: list[lv.Event] = []
    state = play(activate(start()), throw(1, 1), STOP, log=log)
    assert ChipsGiven(seat=0, count=1) in log
    assert chips(state) == (3, 2, 2)
    assert state.active == 1
    assert state.phase is lv.Phase.ROLL


def test_tfifty2_x12_won_bets_climb_the_track() -> None:
    """T-FIFTY-2, X-12: a strictly higher (or lower) sum, as bet, wins and moves the counter
    on: $30,000 on the second space, $40,000 on the third."""
    assert FIFTY_FIFTY_TRACK == (0, 10_000, 30_000, 40_000, 60_000)
    log: list[lv.Event] = []
    state = play(activate(start()), throw(3, 4), HIGHER, throw(4, 5), log=log)
    assert FiftyFiftySettled(seat=0, higher=True, previous=7, total=9, won=True) in log
    assert counter(state) == 2
    assert lv.legal_actions(state) == (STOP, HIGHER, LOWER)
    state = play(state, STOP, log=log)
    assert BankPaid(seat=0, amount=30_000, cards=(30_000,), chips=0) in log
    assert counter(state) == 0
    state = play(activate(state), throw(5, 6), LOWER, throw(2, 6), LOWER, throw(1, 2), STOP)
    assert state.money[1] == (40_000,)


@pytest.mark.parametrize("bet", [HIGHER, LOWER])
def test_tfifty2_x12_the_same_sum_loses_the_bet(bet: FiftyFiftyBet) -> None:
    """T-FIFTY-2, X-12: the same sum twice in a row loses the bet, whichever it was: the
    effect ends with nothing and the counter goes back to the start space."""
    log: list[lv.Event] = []
    state = play(activate(start()), throw(3, 4), bet, throw(1, 6), log=log)
    settled = FiftyFiftySettled(seat=0, higher=bet.higher, previous=7, total=7, won=False)
    assert settled in log
    assert counter(state) == 0
    assert chips(state) == (2, 2, 2)
    assert state.money[0] == ()
    assert not state.tasks
    assert state.active == 1


def test_tfifty2_a_wrong_bet_ends_with_nothing() -> None:
    """T-FIFTY-2: a bet lost after a bet won still ends with nothing (the reward reached so
    far is lost)."""
    state = play(activate(start()), throw(3, 4), HIGHER, throw(6, 6), LOWER, throw(6, 6))
    assert counter(state) == 0
    assert state.money[0] == ()
    assert chips(state) == (2, 2, 2)


def test_tfifty2_x12_on_the_last_space_they_must_stop() -> None:
    """T-FIFTY-2, X-12: a bet won onto the last space ($60,000) ends the effect: the reward
    is paid without a choice, and the counter returns to the start space."""
    log: list[lv.Event] = []
    state = play(
        activate(start()),
        throw(1, 1),  # 2: 1 chip
        HIGHER,
        throw(2, 3),  # 5: $30,000
        HIGHER,
        throw(4, 4),  # 8: $40,000
        HIGHER,
        throw(6, 6),  # 12: $60,000, the last space
        log=log,
    )
    assert BankPaid(seat=0, amount=60_000, cards=(60_000,), chips=0) in log
    assert state.money[0] == (60_000,)
    assert counter(state) == 0
    assert not state.tasks
    assert state.active == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_fifty_fifty_forced(players: int) -> None:
    """random_sim_test with Fifty Fifty forced on casino 1 and the other tiles dealt at random."""
    random_sim_test(lv.royale(players, deal=("B2",)), games=1, seed=20 + players)
