"""Double Down (tile G2): T-DOUBLE-1, T-DOUBLE-2 with T-9 and T-11, scripted through the
public API."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.royale.events import BankPaid, DiceMoved
from lasvegas.royale.table import casino_count
from lasvegas.royale.tiles.double_down import (
    DOUBLE_DOWN_PRIZES,
    DoubleDownMove,
    DoubleDownPaid,
    DoubleDownState,
)
from lasvegas.testing import check_invariants, finish_round, random_sim_test, setup_round, turn
from lasvegas.types import CasinoNumber


def start(players: int = 3) -> lv.State:
    """Double Down alone at casino 1; seat 0 to roll."""
    return setup_round(lv.new_game(lv.royale(players, tiles=1, deal=("G2",))))


def tile(state: lv.State) -> DoubleDownState:
    (value,) = [s for s in state.modules if isinstance(s, DoubleDownState)]
    return value


def test_tdouble1_move_own_dice_from_the_casino_onto_the_tile() -> None:
    """T-DOUBLE-1, T-11: the active seat may move any number of its dice here onto the tile
    (none at all too); dice on the tile are in no casino but still the seat's."""
    state = turn(start(), [1, 1, 1, 4, 4, 4, 4], 1, big=1)  # 3 small dice and the Biggy here
    legal = lv.legal_actions(state)
    assert legal == tuple(DoubleDownMove(s, b) for b in (0, 1) for s in range(4))
    step = lv.step(state, DoubleDownMove(2, 1))
    assert DiceMoved(owner=0, small=2, big=1, source="casino-1", target="double-down") in (
        step.events
    )
    state = step.state
    assert tile(state) == DoubleDownState(casino=lv.CasinoNumber(1), small=(2, 0, 0), big=(1, 0, 0))
    assert casino_count(state, 1, 0) == 1
    check_invariants(state)  # the tile's dice are accounted for (held)
    assert state.active == 1


def test_tdouble1_dice_placed_earlier_may_follow_later() -> None:
    """T-DOUBLE-1: "dice you just placed in this casino, or dice you placed here previously";
    moving none leaves everything as it was."""
    state = turn(start(), [1, 1, 4, 4, 4, 4, 4], 1, big=4)
    state = lv.apply(state, DoubleDownMove(0, 0))
    assert state.casinos[0].dice[0] == 2
    assert tile(state).small == (0, 0, 0)
    state = turn(state, [5] * 7, 5, big=5)
    state = turn(state, [6] * 7, 6, big=6)
    state = turn(state, [1, 4, 4, 4, 4], 1, big=4)  # seat 0 again: a third die here
    assert lv.legal_actions(state)[-1] == DoubleDownMove(3, 0)
    state = lv.apply(state, DoubleDownMove(3, 0))
    assert tile(state).small == (3, 0, 0)
    assert state.casinos[0].dice[0] == 0


def test_tdouble2_the_tile_pays_like_a_casino_right_after_its_casino() -> None:
    """T-DOUBLE-2, T-9 (3): right after casino 1 pays, the tile pays its winner $60,000 and
    its runner-up $30,000 from the bank, ties removed (a Biggy counting two); its dice did
    not count for casino 1 (T-11)."""
    assert DOUBLE_DOWN_PRIZES == (60_000, 30_000)
    state = turn(start(), [1, 1, 1, 4, 4, 4, 4], 1, big=1)
    state = lv.apply(state, DoubleDownMove(3, 1))  # seat 0: 5 on the tile, none here
    state = turn(state, [1, 1, 5, 5, 5, 5, 5], 1, big=5)
    state = lv.apply(state, DoubleDownMove(2, 0))  # seat 1: 2 on the tile
    state = turn(state, [1, 6, 6, 6, 6, 6, 6], 1, big=6)
    state = lv.apply(state, DoubleDownMove(1, 0))  # seat 2: 1 on the tile
    state = turn(state, [1, 4, 4, 4], 1, big=None)  # seat 0: one die stays at casino 1
    state = lv.apply(state, DoubleDownMove(0, 0))
    log: list[lv.Event] = []
    state = finish_round(state, {0: 4, 1: 5, 2: 6}, log)
    assert (
        lv.BanknotePaid(casino=CasinoNumber(1), owner=0, value=40_000) in log
    )  # seat 0 alone at casino 1
    paid = log.index(DoubleDownPaid(ranked=(0, 1), tied=()))
    assert (
        log.index(lv.CasinoPaid(casino=CasinoNumber(1)))
        < paid
        < log.index(lv.CasinoPaid(casino=CasinoNumber(2)))
    )
    assert BankPaid(seat=0, amount=60_000, cards=(60_000,), chips=0) in log[paid:]
    assert BankPaid(seat=1, amount=30_000, cards=(30_000,), chips=0) in log[paid:]
    assert 60_000 in state.money[0]
    assert 30_000 in state.money[1]


def test_tdouble2_ties_on_the_tile_are_removed() -> None:
    """T-DOUBLE-2: equal counts on the tile cancel (C-12); the next count wins."""
    state = turn(start(), [1, 1, 4, 4, 4, 4, 4], 1, big=4)
    state = lv.apply(state, DoubleDownMove(2, 0))
    state = turn(state, [1, 5, 5, 5, 5, 5, 5], 1, big=1)
    state = lv.apply(state, DoubleDownMove(0, 1))  # seat 1: the Biggy, two dice
    state = turn(state, [1, 6, 6, 6, 6, 6, 6], 1, big=6)
    state = lv.apply(state, DoubleDownMove(1, 0))
    log: list[lv.Event] = []
    state = finish_round(state, {0: 4, 1: 5, 2: 6}, log)
    assert DoubleDownPaid(ranked=(2,), tied=(0, 1)) in log
    assert BankPaid(seat=2, amount=60_000, cards=(60_000,), chips=0) in log
    assert not any(isinstance(e, BankPaid) and e.amount == 30_000 for e in log)


def test_tdouble2_nothing_else_moves_dice_on_or_off_the_tile() -> None:
    """T-DOUBLE-2: the dice stay on the tile until the round ends (activations of the tile
    only move dice from the casino, a seat with none there is not asked), then go back to
    their owners."""
    state = turn(start(), [1, 1, 4, 4, 4, 4, 4], 1, big=4)
    state = lv.apply(state, DoubleDownMove(2, 0))
    state = turn(state, [5] * 7, 5, big=5)
    state = turn(state, [6] * 7, 6, big=6)
    state = turn(state, [1, 4, 4, 4, 4], 1, big=4)
    state = lv.apply(state, DoubleDownMove(0, 0))
    assert tile(state).small == (2, 0, 0)
    log: list[lv.Event] = []
    state = finish_round(state, {0: 4}, log)
    back = DiceMoved(owner=0, small=2, big=0, source="double-down", target="supply")
    assert back in log
    assert log.index(lv.RoundEnded(round=1)) < log.index(back)
    assert state.round == 2
    assert tile(state).small == (0, 0, 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_double_down_forced(players: int) -> None:
    """random_sim_test with Double Down forced on casino 1 and the other tiles dealt at
    random; dice, chips and money conserved."""
    random_sim_test(lv.royale(players, deal=("G2",)), games=1, seed=140 + players)
