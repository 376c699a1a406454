"""Prime Time (tile B1): T-PRIME-1 with T-6, T-7, T-8 and T-9, scripted through the public
API."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.royale.events import BankReceived, DiceMoved, TileActivated
from lasvegas.royale.tiles.bad_luck import BadLuckPay, PayBank
from lasvegas.royale.tiles.no_entry import NoEntryClose
from lasvegas.royale.tiles.prime_time import PrimeTimePlace, PrimeTimeState
from lasvegas.testing import check_json_and_views, finish_round, random_sim_test, setup_round, turn
from lasvegas.types import CasinoNumber

NONE = PrimeTimePlace(())


def start(players: int = 3, *faces: str, **setup: object) -> lv.State:
    """Prime Time at casino 1 (then *faces*); seat 0 to roll."""
    deal = ("B1", *faces)
    config = lv.royale(players, tiles=len(deal), deal=deal)
    return setup_round(lv.new_game(config), **setup)  # type: ignore[arg-type]


def prime(state: lv.State) -> PrimeTimeState:
    (value,) = [s for s in state.modules if isinstance(s, PrimeTimeState)]
    return value


def tie_at_4(state: lv.State, log: list[lv.Event] | None = None) -> lv.State:
    """Seat 0 puts 3 dice at casino 1; seats 1 and 2 two each at casino 4 (a tie); the rest
    of everybody's dice go to casino 6, where seat 0 ends up alone on top."""
    state = turn(state, [1, 1, 1, 6, 6, 6, 6], 1, big=6)
    state = turn(state, [4, 4, 6, 6, 6, 6, 6], 4, big=6)
    state = turn(state, [4, 4, 6, 6, 6, 6, 6], 4, big=6)
    return finish_round(state, {0: 6, 1: 6, 2: 6}, log)


def test_tprime1_t9_the_winner_throws_the_black_dice_before_payout() -> None:
    """T-PRIME-1, T-9 (1): before any casino pays, this casino's winner throws the two black
    dice (a chance node) and chooses none, one or both to place."""
    log: list[lv.Event] = []
    state = tie_at_4(start(), log)
    assert lv.PayoutStarted(round=1) in log
    assert not any(isinstance(e, lv.CasinoPaid) for e in log)
    outcomes = dict(lv.chance_outcomes(state))
    assert len(outcomes) == 21
    assert sum(outcomes.values()) == 1
    with pytest.raises(lv.IllegalActionError, match="black dice"):
        lv.apply(state, lv.Roll((4, 6)))
    step = lv.step(state, lv.Roll((4, 6), "black"))
    assert lv.DiceRolled(seat=0, group="black", faces=(4, 6)) in step.events
    state = step.state
    assert lv.to_move(state) == 0
    assert lv.legal_actions(state) == (
        NONE,
        PrimeTimePlace((4,)),
        PrimeTimePlace((6,)),
        PrimeTimePlace((4, 6)),
    )


def test_tprime1_placed_black_dice_count_as_the_players_dice_in_the_payout() -> None:
    """T-PRIME-1: a black die counts as one of the winner's dice for the rest of the round:
    here it joins casino 4, where the other two players are tied, and wins its higher
    card. It does not activate (T-6)."""
    state = lv.apply(tie_at_4(start()), lv.Roll((4, 6), "black"))
    step = lv.step(state, PrimeTimePlace((4,)))
    assert DiceMoved(owner=0, small=1, big=0, source="black-dice", target="casino-4") in (
        step.events
    )
    assert not any(isinstance(e, TileActivated) for e in step.events)
    assert lv.BanknotePaid(casino=CasinoNumber(4), owner=0, value=60_000) in step.events
    assert lv.TiesRemoved(casino=CasinoNumber(4), owners=(1, 2)) in step.events
    assert 60_000 in step.state.money[0]


def test_tprime1_both_dice_on_a_double_go_to_one_casino() -> None:
    """T-PRIME-1: on a double both black dice may go to the one casino (or just one)."""
    state = lv.apply(tie_at_4(start()), lv.Roll((3, 3), "black"))
    assert lv.legal_actions(state) == (NONE, PrimeTimePlace((3,)), PrimeTimePlace((3, 3)))
    step = lv.step(state, PrimeTimePlace((3, 3)))
    to_3 = DiceMoved(owner=0, small=1, big=0, source="black-dice", target="casino-3")
    assert step.events.count(to_3) == 2
    assert (
        lv.BanknotePaid(casino=CasinoNumber(3), owner=0, value=50_000) in step.events
    )  # alone there
    assert step.state.round == 2


def test_tprime1_placing_none_changes_nothing() -> None:
    """T-PRIME-1: the winner may place none of them."""
    state = lv.apply(tie_at_4(start()), lv.Roll((4, 6), "black"))
    step = lv.step(state, NONE)
    assert not any(isinstance(e, DiceMoved) for e in step.events)
    assert lv.TiesRemoved(casino=CasinoNumber(4), owners=(1, 2)) in step.events
    assert not any(isinstance(e, lv.BanknotePaid) and e.casino == 4 for e in step.events)


def test_tprime1_the_winner_is_found_with_ties_considered() -> None:
    """T-PRIME-1, T-9 (1): the winner is whoever would take the higher card now, ties
    considered: two tied players with 3 dice each drop out and the player with 1 wins."""
    state = start()
    state = turn(state, [1, 1, 1, 6, 6, 6, 6], 1, big=6)
    state = turn(state, [1, 1, 1, 6, 6, 6, 6], 1, big=6)
    state = turn(state, [1, 5, 5, 5, 5, 5, 5], 1, big=5)
    state = finish_round(state, {0: 6, 1: 6, 2: 6})
    assert lv.to_move(state) is lv.CHANCE
    state = lv.apply(state, lv.Roll((2, 2), "black"))
    assert lv.to_move(state) == 2


def test_tprime1_nobody_wins_nobody_throws() -> None:
    """T-PRIME-1: when every owner here is tied (or nobody is here), nothing happens."""
    state = start()
    state = turn(state, [1, 6, 6, 6, 6, 6, 6], 1, big=6)
    state = turn(state, [1, 5, 5, 5, 5, 5, 5], 1, big=5)
    state = turn(state, [1, 4, 4, 4, 4, 4, 4], 1, big=4)
    log: list[lv.Event] = []
    state = finish_round(state, {0: 6, 1: 5, 2: 4}, log)
    assert state.round == 2
    assert not any(isinstance(e, lv.DiceRolled) and e.group == "black" for e in log)


def test_tprime1_t8_an_imaginary_winner_throws_nothing() -> None:
    """T-PRIME-1, T-8: the 2-player neutral set is no player: its win here throws nothing."""
    state = start(2, neutral=(1, 1, 1, 6, 6, 6, 6), neutral_big=1)  # 5 neutral dice at 1
    state = turn(state, [1, 5, 5, 5, 5, 5, 5], 1, big=5)
    log: list[lv.Event] = []
    state = finish_round(state, {0: 5, 1: 4}, log)
    assert state.round == 2
    assert lv.BanknotePaid(casino=CasinoNumber(1), owner=2, value=40_000) in log
    assert not any(isinstance(e, lv.DiceRolled) and e.group == "black" for e in log)


def test_tprime1_t7_no_black_die_in_a_closed_casino() -> None:
    """T-PRIME-1, T-7: a black die cannot go into a casino closed by No Entry!."""
    state = start(3, "E1")  # No Entry! at casino 2
    state = turn(state, [1, 1, 1, 2, 6, 6, 6], 1, big=6)
    state = turn(state, [2, 6, 6, 6, 6, 6, 6], 2, big=6)  # seat 1 activates No Entry!
    state = lv.apply(state, NoEntryClose(CasinoNumber(4)))
    state = turn(state, [5, 6, 6, 6, 6, 6, 6], 5, big=6)
    state = finish_round(state, {0: 6, 1: 6, 2: 6})
    state = lv.apply(state, lv.Roll((4, 6), "black"))
    assert lv.legal_actions(state) == (NONE, PrimeTimePlace((6,)))
    with pytest.raises(lv.IllegalActionError):
        lv.apply(state, PrimeTimePlace((4, 6)))


def test_tprime1_t9_black_dice_count_for_the_next_casinos_before_payout_effects() -> None:
    """T-PRIME-1, T-9 (1): the black dice count for the effects of the casinos after this
    one: a black die at Bad Luck's casino 2 lifts its player off the fewest (here making
    everybody equal, so all three owe)."""
    state = start(3, "C2")  # Bad Luck at casino 2
    state = turn(state, [1, 1, 1, 6, 6, 6, 6], 1, big=6)  # seat 0: none at casino 2
    state = turn(state, [2, 6, 6, 6, 6, 6, 6], 2, big=6)
    state = turn(state, [2, 6, 6, 6, 6, 6, 6], 2, big=6)
    state = finish_round(state, {0: 6, 1: 5, 2: 4})
    state = lv.apply(state, lv.Roll((2, 5), "black"))
    step = lv.step(state, PrimeTimePlace((2,)))
    events = list(step.events)
    while step.state.tasks and isinstance(step.state.tasks[0], BadLuckPay):  # T-1b choices
        step = lv.step(step.state, PayBank(0))
        events.extend(step.events)
    owing = sorted(e.seat for e in events if isinstance(e, BankReceived))
    assert owing == [0, 1, 2]


def test_tprime1_the_black_dice_leave_when_the_round_ends() -> None:
    """T-PRIME-1: placed black dice leave the table at the round's end; each seat's dice are
    conserved throughout (the tile lends the black dice, T-11)."""
    state = lv.apply(tie_at_4(start()), lv.Roll((4, 6), "black"))
    before = lv.apply(state, PrimeTimePlace(()))
    assert not lv.state_problems(before)
    step = lv.step(state, PrimeTimePlace((4, 6)))
    leaving = [e for e in step.events if isinstance(e, DiceMoved) and e.target == "black-dice"]
    assert leaving == [
        DiceMoved(owner=0, small=1, big=0, source="casino-4", target="black-dice"),
        DiceMoved(owner=0, small=1, big=0, source="casino-6", target="black-dice"),
    ]
    assert step.events.index(lv.RoundEnded(round=1)) < step.events.index(leaving[0])
    state = setup_round(step.state)
    assert state.round == 2
    assert state.supply == ((7, 1, 0, 0),) * 3
    assert prime(state).placed == ()
    assert not lv.state_problems(state)


def test_tprime1_black_dice_on_the_table_keep_every_invariant() -> None:
    """T-PRIME-1, T-11: the black dice in a casino are lent to their seat: a state resting
    with them on the table (here while Black Box at casino 2 waits for its split during
    payout) validates, survives JSON and leaks nothing in views."""
    state = start(3, "G1")  # Black Box at casino 2
    state = turn(state, [1, 1, 1, 6, 6, 6, 6], 1, big=6)
    state = turn(state, [2, 2, 2, 6, 6, 6, 6], 2, big=6)  # seat 1 wins casino 2
    state = turn(state, [3, 6, 6, 6, 6, 6, 6], 3, big=6)
    actions: list[lv.Action] = [lv.Roll((4, 4), "black"), PrimeTimePlace((4, 4))]
    state = finish_round(state, {0: 6, 1: 6, 2: 6})
    for action in actions:
        state = lv.apply(state, action)
    assert state.tasks  # Black Box's split, during casino 2's payout
    assert prime(state).placed == (4, 4)
    assert state.casinos[3].dice[:3] == (2, 0, 0)
    assert state.supply[0][:2] == (0, 0)
    assert not lv.state_problems(state)
    assert lv.from_json(lv.to_json(state), lv.State) == state
    check_json_and_views(state, actions)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_prime_time_forced(players: int) -> None:
    """random_sim_test with Prime Time forced on casino 1 and the other tiles dealt at random
    (dice conserved while the black dice are on the table)."""
    random_sim_test(lv.royale(players, deal=("B1",)), games=1, seed=70 + players)
