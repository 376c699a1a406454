"""Jackpot (tile A2): T-JACKPOT-1, T-JACKPOT-2 and X-11, scripted through the public API."""

from __future__ import annotations

from fractions import Fraction

import pytest

import lasvegas as lv
from lasvegas.royale.events import BankPaid, TileActivated
from lasvegas.royale.state import royale_state
from lasvegas.royale.tiles.jackpot import JACKPOT_TRACK, JackpotState
from lasvegas.testing import finish_round, random_sim_test, setup_round


def start() -> lv.State:
    """3 players, Jackpot alone at casino 1, default cards; seat 0 to roll."""
    return setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("A2",))))


def jackpot(state: lv.State) -> JackpotState:
    (value,) = [s for s in state.modules if isinstance(s, JackpotState)]
    return value


def one_die_at_casino_1(state: lv.State, log: list[lv.Event] | None = None) -> lv.State:
    """The active seat rolls one 1 (the rest 4s) and places it: Jackpot is activated."""
    small, big = state.supply[state.active][:2]
    state = lv.apply(state, lv.Roll((1,) + (4,) * (small - 1)))
    if big:
        state = lv.apply(state, lv.Roll((4,), "big"))
    step = lv.step(state, lv.Place(1))
    if log is not None:
        log.extend(step.events)
    return step.state


def throw(state: lv.State, faces: tuple[int, int], log: list[lv.Event] | None = None) -> lv.State:
    step = lv.step(state, lv.Roll(faces, "black"))
    if log is not None:
        log.extend(step.events)
    return step.state


def test_tjackpot1_counter_starts_on_30000_each_round() -> None:
    """T-JACKPOT-1, X-11: the counter starts on $30,000 each round the tile is dealt."""
    assert JACKPOT_TRACK == (30_000, 40_000, 50_000, 60_000, 70_000, 80_000)
    state = start()
    assert jackpot(state) == JackpotState(casino=lv.CasinoNumber(1), counter=0)
    state = throw(one_die_at_casino_1(state), (1, 2))
    assert jackpot(state).counter == 1
    state = setup_round(finish_round(state, {0: 4, 1: 5, 2: 6}))
    assert state.round == 2
    assert jackpot(state) == JackpotState(casino=lv.CasinoNumber(1), counter=0)


def test_tjackpot2_activation_throws_the_black_dice() -> None:
    """T-JACKPOT-2: activation is a chance node: the two black dice, group "black"."""
    log: list[lv.Event] = []
    state = one_die_at_casino_1(start(), log)
    assert TileActivated(casino=lv.CasinoNumber(1), face="A2", seat=0) in log
    assert lv.to_move(state) is lv.CHANCE
    assert lv.legal_actions(state) == ()
    outcomes = dict(lv.chance_outcomes(state))
    assert len(outcomes) == 21
    assert sum(outcomes.values()) == 1
    assert outcomes[lv.Roll((3, 4), "black")] == Fraction(1, 18)
    assert outcomes[lv.Roll((5, 5), "black")] == Fraction(1, 36)
    faces = {a.faces: p for a, p in outcomes.items() if isinstance(a, lv.Roll)}
    winning = sum(p for f, p in faces.items() if sum(f) == 7 or f[0] == f[1])
    assert winning == Fraction(1, 3)
    for bad in (lv.Roll((3, 4)), lv.Roll((1, 2, 3), "black"), lv.Roll((4, 3), "black")):
        with pytest.raises(lv.IllegalActionError, match="black dice"):
            lv.apply(state, bad)
    assert lv.sample_chance(state, lv.Rng(1)) in outcomes


def test_tjackpot2_seven_or_double_pays_the_counter_from_the_bank() -> None:
    """T-JACKPOT-2, T-1: a 7 pays the amount under the counter from the bank; a miss moves
    the counter on; a double pays the new amount and the counter returns to $30,000."""
    state = start()
    bank = royale_state(state).bank
    log: list[lv.Event] = []
    state = throw(one_die_at_casino_1(state), (2, 5), log)  # seat 0: 7
    assert lv.DiceRolled(seat=0, group="black", faces=(2, 5)) in log
    assert BankPaid(seat=0, amount=30_000, cards=(30_000,), chips=0) in log
    assert state.money[0] == (30_000,)
    assert jackpot(state).counter == 0
    assert len(royale_state(state).bank) == len(bank) - 1
    state = throw(one_die_at_casino_1(state), (1, 2))  # seat 1: miss
    state = throw(one_die_at_casino_1(state), (1, 3))  # seat 2: miss
    assert jackpot(state).amount == 50_000
    state = throw(one_die_at_casino_1(state), (6, 6))  # seat 0: a double
    assert state.money[0] == (30_000, 50_000)
    assert jackpot(state).counter == 0
    assert state.phase is lv.Phase.ROLL
    assert state.active == 1


def test_tjackpot2_counter_stops_on_80000() -> None:
    """T-JACKPOT-2, X-11: the counter advances up to $80,000 and stays there."""
    state = start()
    for _ in range(7):
        state = throw(one_die_at_casino_1(state), (1, 2))
    assert jackpot(state).amount == 80_000
    state = throw(one_die_at_casino_1(state), (3, 4))
    assert state.money[state.active - 1] == (80_000,)
    assert jackpot(state).counter == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_jackpot_forced(players: int) -> None:
    """random_sim_test with Jackpot forced on casino 1 and the other tiles dealt at random."""
    random_sim_test(lv.royale(players, deal=("A2",)), games=2, seed=players)
