"""Nice Dice (tile H1): T-NICE-1 (with its ruling), T-NICE-2 and X-14, with T-6, T-7, T-10
and T-11, scripted through the public API."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.royale.events import BankPaid, ChipsGiven, DiceMoved, TileActivated
from lasvegas.royale.table import casino_count
from lasvegas.royale.tiles.nice_dice import (
    NICE_DICE_REWARDS,
    NiceDiceDecline,
    NiceDiceState,
    NiceDiceTake,
)
from lasvegas.royale.tiles.no_entry import NoEntryClose
from lasvegas.testing import (
    check_invariants,
    chips,
    finish_round,
    random_sim_test,
    setup_round,
    turn,
)
from lasvegas.types import CasinoNumber


def start(players: int = 3, deal: tuple[str, ...] = ("H1",)) -> lv.State:
    """Nice Dice at casino 1 (then the other faces of *deal*); seat 0 to roll."""
    return setup_round(lv.new_game(lv.royale(players, tiles=len(deal), deal=deal)))


def nice(state: lv.State) -> NiceDiceState:
    (value,) = [s for s in state.modules if isinstance(s, NiceDiceState)]
    return value


def test_tnice1_ruling_a_placed_die_or_an_unplaced_die_of_this_roll() -> None:
    """T-NICE-1 and its ruling: the active seat may put on the tile a die it just placed here
    or any die of this turn's roll it did not place (its Biggy too), on the space of its
    face; or decline."""
    state = turn(start(), [1, 1, 4, 6, 6, 6, 6], 1, big=5)
    assert lv.legal_actions(state) == (
        NiceDiceDecline(),
        NiceDiceTake(1, False),
        NiceDiceTake(4, False),
        NiceDiceTake(5, True),
        NiceDiceTake(6, False),
    )
    step = lv.step(state, NiceDiceTake(5, True))
    assert DiceMoved(owner=0, small=0, big=1, source="supply", target="nice-dice") in step.events
    state = step.state
    assert nice(state).owner == (-1, -1, -1, -1, 0, -1)
    assert nice(state).big == (0, 0, 0, 0, 1, 0)
    assert state.supply[0][:2] == (5, 0)
    check_invariants(state)  # the die on the tile is accounted for (held)
    state = turn(state, [1, 2, 2, 2, 2, 2, 2], 1, big=3)  # seat 1: a die placed here
    state = lv.apply(state, NiceDiceTake(1, False))
    assert casino_count(state, 1, 1) == 0  # T-11: on the tile, in no casino
    assert nice(state).owner == (1, -1, -1, -1, 0, -1)
    state = turn(state, [1, 2, 2, 2, 2, 2, 2], 1, big=3)
    state = lv.apply(state, NiceDiceDecline())
    assert nice(state).owner == (1, -1, -1, -1, 0, -1)
    assert state.casinos[0].dice[2] == 1
    assert state.active == 0


def test_tnice1_t6_a_die_on_the_space_goes_to_its_casino_without_activation() -> None:
    """T-NICE-1, T-6: a die already on the space (anybody's) goes to the casino of its face;
    that casino's tile (Jackpot at casino 2) is not activated."""
    state = turn(start(deal=("H1", "A2")), [1, 2, 4, 4, 4, 4, 4], 1, big=4)
    state = lv.apply(state, NiceDiceTake(2, False))  # seat 0 on space 2
    state = turn(state, [1, 2, 5, 5, 5, 5, 5], 1, big=5)
    step = lv.step(state, NiceDiceTake(2, False))  # seat 1 takes space 2
    assert DiceMoved(owner=0, small=1, big=0, source="nice-dice", target="casino-2") in (
        step.events
    )
    assert not any(isinstance(e, TileActivated) and e.casino == 2 for e in step.events)
    state = step.state
    assert not state.tasks  # no Jackpot throw
    assert state.casinos[1].dice[0] == 1
    assert nice(state).owner == (-1, 1, -1, -1, -1, -1)
    assert state.active == 2


def test_tnice1_t7_t10_a_die_pushed_towards_a_closed_casino_goes_home() -> None:
    """T-NICE-1, T-7, T-10: if the casino of the pushed die's face is closed (No Entry!),
    the die goes back to its owner, who had finished and is back in the round."""
    state = turn(start(deal=("E1", "H1")), [2, 5, 6, 6, 6, 6, 6], 2, big=6)
    state = lv.apply(state, NiceDiceTake(5, False))  # seat 0 on space 5
    state = lv.apply(
        turn(state, [1, 3, 3, 3, 3, 3, 3], 1, big=3), NoEntryClose(CasinoNumber(5))
    )  # seat 1
    state = turn(state, [3, 4, 4, 4, 4, 4, 4], 3, big=4)  # seat 2
    state = turn(state, [6, 6, 6, 6, 6], 6, big=6)  # seat 0 places its last dice
    assert state.supply[0] == (0, 0, 0, 0)
    state = turn(state, [3, 3, 3, 3, 3, 3], 3, big=3)  # seat 1 finishes too
    state = turn(state, [2, 5, 4, 4, 4, 4], 2, big=4)  # seat 2 on Nice Dice
    step = lv.step(state, NiceDiceTake(5, False))
    assert DiceMoved(owner=0, small=1, big=0, source="nice-dice", target="supply") in step.events
    state = step.state
    assert state.casinos[4].dice == (0, 0, 0, 0)
    assert state.supply[0][:2] == (1, 0)
    assert state.active == 0  # seat 0 is back
    assert state.phase is lv.Phase.ROLL


def test_tnice2_x14_rewards_by_face_during_payout() -> None:
    """T-NICE-2, X-14: at casino 1's payout each player takes their dice off the tile and
    each space's reward: 1 chip, 2 chips, $30,000 .. $60,000; a Biggy earns one reward."""
    assert NICE_DICE_REWARDS == (10_000, 20_000, 30_000, 40_000, 50_000, 60_000)
    state = turn(start(), [1, 2, 2, 3, 3, 3, 3], 1, big=6)
    state = lv.apply(state, NiceDiceTake(6, True))  # seat 0: Biggy on space 6
    state = lv.apply(turn(state, [1, 2, 4, 4, 4, 4, 4], 1, big=4), NiceDiceTake(2, False))
    state = lv.apply(turn(state, [1, 4, 5, 5, 5, 5, 5], 1, big=5), NiceDiceTake(4, False))
    state = lv.apply(turn(state, [1, 3, 3, 3, 3, 3], 1), NiceDiceTake(1, False))
    assert nice(state).owner == (0, 1, -1, 2, -1, 0)
    log: list[lv.Event] = []
    state = finish_round(state, {0: 3, 1: 4, 2: 5}, log)
    rewards = [e for e in log if isinstance(e, ChipsGiven | BankPaid) and e.seat is not None]
    rewards = rewards[: rewards.index(ChipsGiven(seat=0, count=2))]  # before round 2's chips
    assert rewards == [
        ChipsGiven(seat=0, count=1),
        BankPaid(seat=0, amount=60_000, cards=(60_000,), chips=0),
        ChipsGiven(seat=1, count=2),
        BankPaid(seat=2, amount=40_000, cards=(40_000,), chips=0),
    ]
    first = log.index(ChipsGiven(seat=0, count=1))
    assert (
        log.index(lv.CasinoPaid(casino=CasinoNumber(1)))
        < first
        < log.index(lv.CasinoPaid(casino=CasinoNumber(2)))
    )
    back = DiceMoved(owner=0, small=0, big=1, source="nice-dice", target="supply")
    assert back in log
    assert nice(state).owner == (-1,) * 6
    assert chips(state) == (5, 6, 4)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_nice_dice_forced(players: int) -> None:
    """random_sim_test with Nice Dice forced on casino 1 and the other tiles dealt at random;
    dice, chips and money conserved."""
    random_sim_test(lv.royale(players, deal=("H1",)), games=1, seed=150 + players)
