"""Handicap (tile F2): T-HANDICAP-1, T-HANDICAP-2 and X-17, with T-6, T-7, T-8 and T-10,
scripted through the public API."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.royale.events import BankPaid, DiceMoved, TileActivated
from lasvegas.royale.table import imaginary_owner
from lasvegas.royale.tiles.handicap import (
    HANDICAP_SETUP,
    HANDICAP_SPACES,
    HandicapDecline,
    HandicapReturn,
    HandicapRotate,
    HandicapState,
    HandicapTake,
)
from lasvegas.royale.tiles.no_entry import NoEntryClose
from lasvegas.testing import chips, finish_round, random_sim_test, setup_round, turn
from lasvegas.types import CasinoNumber


def start(players: int = 3, deal: tuple[str, ...] = ("F2",)) -> lv.State:
    """Handicap at casino 1 (then the other faces of *deal*); seat 0 to roll."""
    return setup_round(lv.new_game(lv.royale(players, tiles=len(deal), deal=deal)))


def handicap(state: lv.State) -> HandicapState:
    (value,) = [s for s in state.modules if isinstance(s, HandicapState)]
    return value


def blank(state: lv.State) -> tuple[int, ...]:
    """The blank dice in casinos 1..6."""
    owner = imaginary_owner(state, "blank")
    assert owner is not None
    return tuple(c.dice[owner] for c in state.casinos)


def activate(state: lv.State, casino: int = 1, log: list[lv.Event] | None = None) -> lv.State:
    """The active seat rolls one die on *casino* (the rest on 4) and places it."""
    small, big = state.supply[state.active][:2]
    rest = 4 if casino != 4 else 5
    faces = [casino] + [rest] * (small - 1)
    return turn(state, faces, casino, big=rest if big else None, log=log)


def test_thandicap1_blank_dice_in_every_casino() -> None:
    """T-HANDICAP-1: one blank die in each of casinos 1-3, two in each of 4-6, owned by the
    imaginary blank owner (T-8); they are moved in without a placement (T-6), each round."""
    assert HANDICAP_SETUP == (1, 1, 1, 2, 2, 2)
    state = start()
    assert blank(state) == (1, 1, 1, 2, 2, 2)
    assert handicap(state) == HandicapState(casino=lv.CasinoNumber(1), taken=(0, 0, 0))
    log: list[lv.Event] = []
    state = finish_round(state, {0: 2, 1: 3, 2: 4}, log)  # round 2 is dealt in the same step
    setup = [e for e in log if isinstance(e, DiceMoved) and e.source == "box"]
    assert setup[0] == DiceMoved(owner=3, small=1, big=0, source="box", target="casino-1")
    assert setup[-1] == DiceMoved(owner=3, small=2, big=0, source="box", target="casino-6")
    assert blank(state) == (1, 1, 1, 2, 2, 2)
    assert state.round == 2


def test_thandicap2_x17_take_a_blank_die_for_a_chip_or_30000() -> None:
    """T-HANDICAP-2, X-17: the active seat may take a blank die from any casino onto an
    empty space: 1 chip or $30,000 from the bank (T-1)."""
    assert HANDICAP_SPACES == (("chip", 2, 10_000), ("money", 3, 30_000), ("choice", 4, 0))
    state = activate(start())
    legal = lv.legal_actions(state)
    assert legal[0] == HandicapDecline()
    assert set(legal[1:]) == {
        HandicapTake(CasinoNumber(c), kind)
        for c in range(1, 7)
        for kind in ("chip", "money", "choice")
    }
    step = lv.step(state, HandicapTake(CasinoNumber(5), "chip"))
    state = step.state
    assert DiceMoved(owner=3, small=1, big=0, source="casino-5", target="handicap") in step.events
    assert chips(state) == (3, 2, 2)
    assert blank(state) == (1, 1, 1, 2, 1, 2)
    assert handicap(state).taken == (1, 0, 0)
    step = lv.step(activate(state), HandicapTake(CasinoNumber(1), "money"))
    assert BankPaid(seat=1, amount=30_000, cards=(30_000,), chips=0) in step.events
    assert step.state.money[1] == (30_000,)
    assert blank(step.state) == (0, 1, 1, 2, 1, 2)


def test_thandicap2_declining_gives_nothing() -> None:
    """T-HANDICAP-2: declining takes no blank die and gives nothing; the turn goes on."""
    state = activate(start())
    before = (chips(state), state.money, blank(state))
    state = lv.apply(state, HandicapDecline())
    assert (chips(state), state.money, blank(state)) == before
    assert handicap(state).taken == (0, 0, 0)
    assert state.active == 1
    assert state.phase is lv.Phase.ROLL


def test_thandicap2_x17_spaces_fill_up_and_the_dice_run_out() -> None:
    """X-17: 2 chip spaces, 3 money spaces, 4 choice spaces; a full kind is not offered; once
    the nine blank dice are on the tile, activating it asks nothing."""
    state = start()
    order = ["chip", "chip", "money", "money", "money", "choice", "choice", "choice", "choice"]
    for n, kind in enumerate(order):
        state = activate(state)
        kinds = {a.reward for a in lv.legal_actions(state) if isinstance(a, HandicapTake)}
        assert kinds == {
            k for k, room in (("chip", 2), ("money", 3), ("choice", 4)) if order[:n].count(k) < room
        }
        casino = next(c for c, count in enumerate(blank(state), 1) if count)
        state = lv.apply(state, HandicapTake(CasinoNumber(casino), kind))
        if kind == "choice":
            state = lv.apply(state, HandicapRotate(6, False))
    assert handicap(state).taken == (2, 3, 4)
    assert blank(state) == (0,) * 6
    log: list[lv.Event] = []
    state = activate(state, log=log)
    assert any(isinstance(e, TileActivated) for e in log)
    assert not state.tasks


def test_thandicap2_t6_the_rotated_die_activates_nothing() -> None:
    """T-HANDICAP-2, T-6: a choice space lets the player rotate a remaining die and place it;
    the casino's tile (Jackpot at casino 2) is not activated."""
    state = lv.apply(activate(start(deal=("F2", "A2"))), HandicapTake(CasinoNumber(3), "choice"))
    legal = lv.legal_actions(state)
    rotations = {a for a in legal if isinstance(a, HandicapRotate)}
    assert rotations == {HandicapRotate(f, b) for f in range(1, 7) for b in (False, True)}
    assert {a for a in legal if isinstance(a, HandicapReturn)} == {
        HandicapReturn(CasinoNumber(1), False)
    }
    step = lv.step(state, HandicapRotate(2, False))
    assert DiceMoved(owner=0, small=1, big=0, source="supply", target="casino-2") in step.events
    assert not any(isinstance(e, TileActivated | lv.DicePlaced) for e in step.events)
    state = step.state
    assert state.casinos[1].dice[0] == 1
    assert state.supply[0][:2] == (5, 1)
    assert not state.tasks  # no Jackpot throw
    assert state.active == 1


def test_thandicap2_t10_a_returned_die_brings_a_finished_player_back() -> None:
    """T-HANDICAP-2, T-10: a player who placed their last dice and returns one of their dice
    from a casino is back in the round."""
    state = turn(start(), [1] * 7, 1, big=1)  # seat 0 places all 8 dice at casino 1
    state = lv.apply(state, HandicapTake(CasinoNumber(4), "choice"))
    assert lv.legal_actions(state) == (
        HandicapReturn(CasinoNumber(1), False),
        HandicapReturn(CasinoNumber(1), True),
    )
    state = lv.apply(state, HandicapReturn(CasinoNumber(1), True))
    assert state.supply[0][:2] == (0, 1)
    assert state.casinos[0].big[0] == 0
    state = activate(activate(state, 2), 3)  # seats 1 and 2
    assert state.active == 0  # seat 0 is back
    assert state.phase is lv.Phase.ROLL
    state = lv.apply(state, lv.Roll((6,), "big"))
    assert lv.legal_actions(state)[0] == lv.Place(6)


def test_thandicap2_t7_closed_casinos_give_and_take_nothing() -> None:
    """T-HANDICAP-2, T-7: with casino 5 closed by No Entry!, its blank dice cannot be taken,
    no die may be rotated onto it nor returned from it."""
    state = lv.apply(activate(start(deal=("E1", "F2"))), NoEntryClose(CasinoNumber(5)))
    state = turn(state, [5, 5, 2, 3, 3, 3, 3], 2, big=5)  # seat 1: 1 die at casino 2
    takes = {a.casino for a in lv.legal_actions(state) if isinstance(a, HandicapTake)}
    assert takes == {1, 2, 3, 4, 6}
    state = lv.apply(state, HandicapTake(CasinoNumber(6), "choice"))
    legal = lv.legal_actions(state)
    assert {a.face for a in legal if isinstance(a, HandicapRotate)} == {1, 2, 3, 4, 6}
    assert {a for a in legal if isinstance(a, HandicapReturn)} == {
        HandicapReturn(CasinoNumber(2), False)
    }


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_handicap_forced(players: int) -> None:
    """random_sim_test with Handicap forced on casino 1 and the other tiles dealt at random;
    dice, chips and money conserved."""
    random_sim_test(lv.royale(players, deal=("F2",)), games=1, seed=120 + players)
