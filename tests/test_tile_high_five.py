"""High Five (tile C1): T-HIGHFIVE-1, T-HIGHFIVE-2 and its payment from the bank (T-1, T-9),
scripted through the public API."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.royale.events import BankPaid
from lasvegas.royale.tiles.high_five import HighFiveState
from lasvegas.testing import ROYALE_RESERVE as RESERVE
from lasvegas.testing import random_sim_test, setup_round, turn
from lasvegas.types import CasinoNumber


def start(**setup: object) -> lv.State:
    """3 players, High Five alone at casino 1; seat 0 to roll."""
    return setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("C1",))), **setup)  # type: ignore[arg-type]


def token(state: lv.State) -> HighFiveState:
    (value,) = [s for s in state.modules if isinstance(s, HighFiveState)]
    return value


def test_thighfive1_the_token_starts_on_the_tile() -> None:
    """T-HIGHFIVE-1: at setup the token is on the tile."""
    assert token(start()) == HighFiveState(casino=lv.CasinoNumber(1), holder=-1)


def test_thighfive2_five_dice_take_the_token_for_good() -> None:
    """T-HIGHFIVE-2: the token goes to a player with 5 or more dice here when they activate
    the tile; nobody can take it from them afterwards."""
    state = start()
    state = turn(state, [1, 1, 1, 1, 4, 4, 4], 1, big=4)  # seat 0: 4 dice at casino 1
    assert token(state).holder == -1
    state = turn(state, [1, 1, 1, 1, 1, 1, 4], 4, big=4)  # seat 1 places elsewhere
    state = turn(state, [4, 4, 4, 4, 4, 4, 4], 4, big=4)  # seat 2 finishes at casino 4
    state = turn(state, [1, 4, 4], 1, big=4)  # seat 0: the fifth die
    assert token(state).holder == 0
    state = turn(state, [1, 1, 1, 1, 1, 1], 1, big=1)  # seat 1: 8 dice at casino 1
    assert token(state).holder == 0  # it cannot be taken


def test_thighfive2_three_dice_and_the_biggy_make_five() -> None:
    """T-HIGHFIVE-2, T-11 (rulebook: "your fifth die, or 3 and your Biggy"): a Biggy counts
    two."""
    state = turn(start(), [1, 1, 1, 4, 4, 4, 4], 1, big=1)
    assert token(state).holder == 0


def test_thighfive2_exchanged_during_payout_whatever_happened_to_the_dice() -> None:
    """T-HIGHFIVE-2, T-9 (3): at casino 1's payout the holder gets $100,000 from the bank,
    even when their dice there were removed as a tie."""
    state = start()
    state = turn(state, [1, 1, 1, 1, 1, 4, 4], 1, big=4)  # seat 0: 5 dice, takes the token
    state = turn(state, [1, 1, 1, 1, 1, 4, 4], 1, big=4)  # seat 1: 5 dice too: a tie
    log: list[lv.Event] = []
    for face in (5, 4, 6):  # everybody finishes elsewhere
        small, big = state.supply[state.active][:2]
        state = turn(state, [face] * small, face, big=face if big else None, log=log)
    while state.round == 1:
        small, big = state.supply[state.active][:2]
        state = turn(state, [6] * small, 6, big=6 if big else None, log=log)
    assert lv.TiesRemoved(casino=CasinoNumber(1), owners=(0, 1)) in log
    paid = log.index(BankPaid(seat=0, amount=100_000, cards=(100_000,), chips=0))
    assert (
        log.index(lv.CasinoPaid(casino=CasinoNumber(1)))
        < paid
        < log.index(lv.CasinoPaid(casino=CasinoNumber(2)))
    )
    assert 100_000 in state.money[0]


def test_t1_high_five_paid_greedily_when_the_bank_has_no_100000() -> None:
    """T-1: with every $100,000 card in the reserve, the bank pays $90,000 and 1 chip."""
    reserve = (100_000,) * 7 + RESERVE[:17]
    state = start(reserve=reserve)
    state = turn(state, [1, 1, 1, 1, 1, 1, 1], 1, big=1)  # seat 0: 9 at casino 1
    log: list[lv.Event] = []
    while state.round == 1:
        small, big = state.supply[state.active][:2]
        state = turn(state, [6] * small, 6, big=6 if big else None, log=log)
    assert BankPaid(seat=0, amount=100_000, cards=(90_000,), chips=1) in log


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_high_five_forced(players: int) -> None:
    """random_sim_test with High Five forced on casino 1 and the other tiles dealt at random."""
    random_sim_test(lv.royale(players, deal=("C1",)), games=2, seed=30 + players)
