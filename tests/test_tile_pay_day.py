"""Pay Day (tile D1): T-PAYDAY-1 and X-8, scripted through the public API."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.royale.events import BankPaid, ChipsGiven, TileActivated
from lasvegas.testing import chips, random_sim_test, setup_round, turn


def start() -> lv.State:
    """3 players, Pay Day alone at casino 1; seat 0 to roll."""
    return setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("D1",))))


def one_die(state: lv.State, face: int, log: list[lv.Event] | None = None) -> lv.State:
    """The active seat places one small die at casino *face* (its other dice show 4s or 3s)."""
    small, big = state.supply[state.active][:2]
    other = 3 if face == 4 else 4
    return turn(state, [face] + [other] * (small - 1), face, big=other if big else None, log=log)


def test_tpayday1_one_or_two_casinos_pay_chips() -> None:
    """T-PAYDAY-1, X-8: one casino (this one) pays 1 chip; two casinos pay 2 chips."""
    log: list[lv.Event] = []
    state = one_die(start(), 1, log)  # seat 0: only casino 1
    assert TileActivated(casino=lv.CasinoNumber(1), face="D1", seat=0) in log
    assert ChipsGiven(seat=0, count=1) in log
    assert chips(state) == (3, 2, 2)
    assert state.money[0] == ()
    state = one_die(state, 4)  # seat 1 at casino 4 (no tile)
    state = one_die(state, 5)  # seat 2 at casino 5
    state = one_die(state, 1)  # seat 0 again: still one casino
    state = one_die(state, 1)  # seat 1: casinos 4 and 1
    assert chips(state) == (4, 4, 2)


def test_tpayday1_three_or_more_casinos_pay_from_the_bank() -> None:
    """T-PAYDAY-1, T-1: three casinos pay $30,000 and four $40,000 from the bank; a Biggy
    alone makes its casino count; the casinos count, not the tiles."""
    state = start()
    state = one_die(state, 5)  # seat 0 at casino 5
    state = one_die(one_die(state, 4), 4)
    state = one_die(state, 6)  # seat 0 at casino 6
    state = one_die(one_die(state, 4), 4)
    log: list[lv.Event] = []
    state = one_die(state, 1, log)  # seat 0: casinos 5, 6 and 1
    assert BankPaid(seat=0, amount=30_000, cards=(30_000,), chips=0) in log
    state = one_die(one_die(state, 4), 4)
    state = turn(state, [5, 5, 5, 5], 2, big=2)  # seat 0: the Biggy alone at casino 2
    state = one_die(one_die(state, 4), 4)
    log.clear()
    state = turn(state, [1, 5, 5, 5], 1, log=log)  # seat 0: casinos 1, 2, 5 and 6
    assert BankPaid(seat=0, amount=40_000, cards=(40_000,), chips=0) in log
    assert state.money[0] == (30_000, 40_000)
    assert chips(state)[0] == 2


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_pay_day_forced(players: int) -> None:
    """random_sim_test with Pay Day forced on casino 1 and the other tiles dealt at random."""
    random_sim_test(lv.royale(players, deal=("D1",)), games=2, seed=20 + players)
