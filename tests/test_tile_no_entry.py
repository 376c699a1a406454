"""No Entry! (tile E1): T-NOENTRY-1 to T-NOENTRY-3, X-13 and closed casinos (T-7), scripted
through the public API."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.royale.events import BankPaid, ChipsGiven, TileActivated
from lasvegas.royale.table import SUPPLY, closed_casinos, move_dice
from lasvegas.royale.tiles.jackpot import JackpotState
from lasvegas.royale.tiles.no_entry import (
    NO_ENTRY_TRACK,
    NoEntryClose,
    NoEntryLeave,
    NoEntryMoved,
    NoEntryState,
)
from lasvegas.testing import chips, finish_round, random_sim_test, setup_round, turn
from lasvegas.types import CasinoNumber

LEAVE = NoEntryLeave()


def start(*faces: str) -> lv.State:
    """3 players, No Entry! at casino 1 (and *faces* after it); seat 0 to roll."""
    deal = ("E1", *faces)
    return setup_round(lv.new_game(lv.royale(3, tiles=len(deal), deal=deal)))


def tile(state: lv.State) -> NoEntryState:
    (value,) = [s for s in state.modules if isinstance(s, NoEntryState)]
    return value


def activate(state: lv.State, log: list[lv.Event] | None = None) -> lv.State:
    """The active seat places one die at casino 1 (its other dice show 2s): No Entry!."""
    small, big = state.supply[state.active][:2]
    return turn(state, [1] + [2] * (small - 1), 1, big=2 if big else None, log=log)


def choose(state: lv.State, action: lv.Action, log: list[lv.Event]) -> lv.State:
    step = lv.step(state, action)
    log.extend(step.events)
    return step.state


def test_tnoentry1_token_in_the_middle_counter_on_the_start_space() -> None:
    """T-NOENTRY-1: at setup the token lies in the middle of the tile (no casino is closed)
    and the counter is on the start space; so again in a new round."""
    state = start()
    assert tile(state) == NoEntryState(casino=lv.CasinoNumber(1), token=0, counter=0)
    assert closed_casinos(state) == frozenset()
    state = lv.apply(activate(state), NoEntryClose(CasinoNumber(4)))
    assert closed_casinos(state) == frozenset({4})
    state = setup_round(finish_round(state, {0: 5, 1: 5, 2: 6}))
    assert state.round == 2
    assert tile(state) == NoEntryState(casino=lv.CasinoNumber(1), token=0, counter=0)
    assert closed_casinos(state) == frozenset()


def test_tnoentry2_the_first_activation_must_close_another_casino() -> None:
    """T-NOENTRY-2, X-13: the first activation must put the token on another casino (not
    this one; leaving it in the middle is no option); the counter moves to the first space,
    which pays 2 chips."""
    log: list[lv.Event] = []
    state = activate(start(), log)
    assert TileActivated(casino=lv.CasinoNumber(1), face="E1", seat=0) in log
    assert lv.to_move(state) == 0
    assert lv.legal_actions(state) == tuple(NoEntryClose(CasinoNumber(c)) for c in (2, 3, 4, 5, 6))
    for bad in (NoEntryClose(CasinoNumber(1)), LEAVE):
        with pytest.raises(lv.IllegalActionError):
            lv.apply(state, bad)
    state = choose(state, NoEntryClose(CasinoNumber(6)), log)
    assert NoEntryMoved(casino=6, counter=1) in log
    assert ChipsGiven(seat=0, count=2) in log
    assert tile(state) == NoEntryState(casino=lv.CasinoNumber(1), token=6, counter=1)
    assert chips(state) == (4, 2, 2)


def test_tnoentry2_x13_later_activations_move_or_leave_the_token_round_the_track() -> None:
    """T-NOENTRY-2, X-13: later activations may move the token (to neither this casino nor
    the one it is on), advancing the counter and paying its space (2 chips, nothing,
    $30,000, nothing, 1 chip, then the start space for nothing, and round again), or leave
    it, which pays nothing and moves nothing."""
    assert NO_ENTRY_TRACK == (0, 20_000, 0, 30_000, 0, 10_000)
    log: list[lv.Event] = []
    state = choose(activate(start()), NoEntryClose(CasinoNumber(6)), log)  # seat 0: 2 chips
    state = activate(state)  # seat 1
    assert lv.legal_actions(state) == (
        *(NoEntryClose(CasinoNumber(c)) for c in (2, 3, 4, 5)),
        LEAVE,
    )
    state = choose(state, NoEntryClose(CasinoNumber(5)), log)  # the empty space
    assert tile(state) == NoEntryState(casino=lv.CasinoNumber(1), token=5, counter=2)
    assert chips(state) == (4, 2, 2)
    state = choose(activate(state), LEAVE, log)  # seat 2 leaves it: nothing moves
    assert tile(state) == NoEntryState(casino=lv.CasinoNumber(1), token=5, counter=2)
    assert chips(state) == (4, 2, 2)
    state = choose(activate(state), NoEntryClose(CasinoNumber(6)), log)  # seat 0: $30,000
    assert BankPaid(seat=0, amount=30_000, cards=(30_000,), chips=0) in log
    state = choose(activate(state), NoEntryClose(CasinoNumber(5)), log)  # seat 1: empty
    state = choose(activate(state), NoEntryClose(CasinoNumber(6)), log)  # seat 2: 1 chip
    assert ChipsGiven(seat=2, count=1) in log
    state = choose(activate(state), NoEntryClose(CasinoNumber(5)), log)  # seat 0: the start space
    assert tile(state) == NoEntryState(casino=lv.CasinoNumber(1), token=5, counter=0)
    state = choose(
        activate(state), NoEntryClose(CasinoNumber(6)), log
    )  # seat 1: round again, 2 chips
    assert tile(state) == NoEntryState(casino=lv.CasinoNumber(1), token=6, counter=1)
    assert chips(state) == (4, 4, 3)
    assert state.money == ((30_000,), (), ())
    moved = [e for e in log if isinstance(e, NoEntryMoved)]
    assert [e.counter for e in moved] == [1, 2, 3, 4, 5, 0, 1]


def test_tnoentry3_t7_a_closed_casino_accepts_no_dice_and_gives_none_back() -> None:
    """T-NOENTRY-3, T-7: the casino under the token accepts no dice (the placement is not
    legal, and applying it raises); dice already there stay and are paid out as usual; a
    roll whose faces all point at it passes the turn for free, the dice kept."""
    state = start()
    state = turn(state, [5, 5, 1, 2, 2, 2, 2], 5, big=2)  # seat 0: two dice at casino 5
    state = activate(state)  # seat 1
    state = lv.apply(state, NoEntryClose(CasinoNumber(5)))
    state = lv.apply(lv.apply(state, lv.Roll((1, 2, 3, 4, 5, 5, 6))), lv.Roll((5,), "big"))
    assert lv.Place(5) not in lv.legal_actions(state)
    with pytest.raises(lv.IllegalActionError, match="closed"):
        lv.apply(state, lv.Place(5))
    with pytest.raises(ValueError, match="T-7"):
        move_dice(state, 0, small=1, source=CasinoNumber(5), target=SUPPLY, log=None)
    state = lv.apply(state, lv.Place(6))  # seat 2 places elsewhere
    step = lv.step(lv.apply(state, lv.Roll((5,) * 5)), lv.Roll((5,), "big"))  # seat 0
    assert lv.TurnPassed(seat=0, reason="closed") in step.events
    state = step.state
    assert state.supply[0] == (5, 1, 0, 0)
    assert chips(state) == (2, 4, 2)  # seat 1's 2 chips from No Entry!, no pass
    assert state.casinos[4].dice[:3] == (2, 0, 0)
    log: list[lv.Event] = []
    state = finish_round(state, {0: 6, 1: 6, 2: 6}, log)
    assert lv.BanknotePaid(casino=CasinoNumber(5), owner=0, value=70_000) in log


def test_tnoentry3_t7_closing_a_casino_that_holds_a_tile() -> None:
    """T-NOENTRY-3, T-7: a closed casino that holds a tile takes no dice, so its tile cannot
    be activated; a roll of nothing but its face passes the turn."""
    state = start("A2")  # Jackpot at casino 2
    state = lv.apply(activate(state), NoEntryClose(CasinoNumber(2)))
    assert closed_casinos(state) == frozenset({2})
    state = lv.apply(lv.apply(state, lv.Roll((2, 2, 2, 2, 2, 2, 3))), lv.Roll((2,), "big"))
    assert lv.legal_actions(state) == (lv.Place(3), lv.PayChip())  # seat 1: no Jackpot
    placed = lv.step(state, lv.Place(3))
    log = list(placed.events)
    state = placed.state
    step = lv.step(lv.apply(state, lv.Roll((2,) * 7)), lv.Roll((2,), "big"))  # seat 2
    assert lv.TurnPassed(seat=2, reason="closed") in step.events
    assert not any(isinstance(e, TileActivated) and e.casino == 2 for e in [*log, *step.events])
    (jackpot,) = [s for s in step.state.modules if isinstance(s, JackpotState)]
    assert jackpot.counter == 0
    assert step.state.casinos[1].dice[:3] == (0, 0, 0)
    assert step.state.active == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_no_entry_forced(players: int) -> None:
    """random_sim_test with No Entry! forced on casino 1 and the other tiles dealt at random."""
    random_sim_test(lv.royale(players, deal=("E1",)), games=1, seed=40 + players)
