"""My Choice (tile H2): T-CHOICE-1, T-CHOICE-2 and X-16, with its activation of other tiles
and T-6, T-7, T-10, scripted through the public API."""

from __future__ import annotations

from fractions import Fraction

import pytest

import lasvegas as lv
from lasvegas.royale.events import BankPaid, ChipsGiven, DiceMoved, TileActivated
from lasvegas.royale.tiles.double_down import DoubleDownMove
from lasvegas.royale.tiles.jackpot import JackpotThrow
from lasvegas.royale.tiles.my_choice import (
    GOLDEN_SPACE_REWARD,
    MY_CHOICE_ACTIONS,
    MyChoiceActivate,
    MyChoiceGolden,
    MyChoicePick,
    MyChoiceReturn,
    MyChoiceRotate,
    MyChoiceState,
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


def start(players: int = 3, deal: tuple[str, ...] = ("H2",)) -> lv.State:
    """My Choice at casino 1 (then the other faces of *deal*); seat 0 to roll."""
    return setup_round(lv.new_game(lv.royale(players, tiles=len(deal), deal=deal)))


def golden(state: lv.State) -> MyChoiceState:
    (value,) = [s for s in state.modules if isinstance(s, MyChoiceState)]
    return value


def activate(state: lv.State, throw: tuple[int, int], rest: int = 4) -> lv.State:
    """The active seat places one die at casino 1 (its other dice on *rest*) and throws."""
    small, big = state.supply[state.active][:2]
    state = turn(state, [1] + [rest] * (small - 1), 1, big=rest if big else None)
    return lv.apply(state, lv.Roll(throw, "black"))


def test_tchoice1_the_throw_is_a_chance_node_of_the_black_dice() -> None:
    """T-CHOICE-1: activation throws the two black dice (21 sorted outcomes); the active seat
    then chooses one of the two faces (one choice on a double)."""
    state = turn(start(), [1, 4, 4, 4, 4, 4, 4], 1, big=4)
    assert lv.to_move(state) is lv.CHANCE
    outcomes = dict(lv.chance_outcomes(state))
    assert len(outcomes) == 21
    assert sum(outcomes.values()) == 1
    assert outcomes[lv.Roll((2, 5), "black")] == Fraction(1, 18)
    for bad in (lv.Roll((2, 5)), lv.Roll((5, 2), "black"), lv.Roll((1, 2, 3), "black")):
        with pytest.raises(lv.IllegalActionError, match="black dice"):
            lv.apply(state, bad)
    step = lv.step(state, lv.Roll((2, 5), "black"))
    assert lv.DiceRolled(seat=0, group="black", faces=(2, 5)) in step.events
    assert lv.to_move(step.state) == 0
    assert lv.legal_actions(step.state) == (MyChoicePick(2), MyChoicePick(5))
    assert lv.legal_actions(lv.apply(state, lv.Roll((3, 3), "black"))) == (MyChoicePick(3),)


def test_tchoice1_x16_faces_1_to_3_chips_and_money() -> None:
    """T-CHOICE-1, X-16: face 1 is 1 chip, face 2 is 2 chips, face 3 is $30,000 (bank)."""
    assert MY_CHOICE_ACTIONS[:3] == ("1 chip", "2 chips", "$30,000")
    state = lv.apply(activate(start(), (1, 4)), MyChoicePick(1))
    assert chips(state) == (3, 2, 2)
    state = lv.apply(activate(state, (2, 6)), MyChoicePick(2))
    assert chips(state) == (3, 4, 2)
    step = lv.step(activate(state, (3, 6)), MyChoicePick(3))
    assert BankPaid(seat=2, amount=30_000, cards=(30_000,), chips=0) in step.events
    assert step.state.money[2] == (30_000,)


def test_tchoice1_face_4_activates_pay_day_as_if_dice_were_placed_there() -> None:
    """T-CHOICE-1 face 4, T-3: My Choice activates another tile in play for the active seat
    (Pay Day at casino 2 counts the casinos holding that seat's dice: 2 chips)."""
    state = turn(start(deal=("H2", "D1")), [4, 3, 3, 3, 3, 3, 3], 4, big=3)  # seat 0 at 4
    state = turn(state, [5] * 7, 5, big=5)
    state = turn(state, [6] * 7, 6, big=6)
    state = lv.apply(activate(state, (4, 6), rest=3), MyChoicePick(4))
    assert lv.legal_actions(state) == (MyChoiceActivate(CasinoNumber(2)),)
    step = lv.step(state, MyChoiceActivate(CasinoNumber(2)))
    assert TileActivated(casino=lv.CasinoNumber(2), face="D1", seat=0) in step.events
    assert ChipsGiven(seat=0, count=2) in step.events  # casinos 1 and 4
    assert not any(isinstance(e, lv.DicePlaced) for e in step.events)
    assert lv.TurnStarted(seat=0) in step.events  # seats 1 and 2 are done: seat 0 again


def test_tchoice1_face_4_activates_jackpot_which_throws() -> None:
    """T-CHOICE-1 face 4: Jackpot activated by My Choice throws its black dice (it does not
    act on placed dice) and pays on a 7."""
    state = lv.apply(activate(start(deal=("H2", "A2")), (4, 4)), MyChoicePick(4))
    state = lv.apply(state, MyChoiceActivate(CasinoNumber(2)))
    assert isinstance(state.tasks[0], JackpotThrow)
    assert lv.to_move(state) is lv.CHANCE
    state = lv.apply(state, lv.Roll((3, 4), "black"))
    assert state.money[0] == (30_000,)
    assert state.active == 1


def test_tchoice1_face_4_other_tiles_with_or_without_an_activation_effect() -> None:
    """T-CHOICE-1 face 4 (rulings): any other tile in play may be chosen; one without a "when
    activated" effect (Black Box) does nothing; Double Down still offers the seat's dice at
    its casino; a tile at a closed casino (T-7) cannot be chosen; with no other tile the
    face does nothing."""
    state = lv.apply(activate(start(deal=("H2", "G1")), (4, 5)), MyChoicePick(4))
    step = lv.step(state, MyChoiceActivate(CasinoNumber(2)))
    assert TileActivated(casino=lv.CasinoNumber(2), face="G1", seat=0) in step.events
    assert not step.state.tasks
    state = turn(start(deal=("H2", "G2")), [2, 2, 4, 4, 4, 4, 4], 2, big=4)
    state = lv.apply(state, DoubleDownMove(0, 0))  # seat 0 keeps its 2 dice at casino 2
    state = turn(state, [5] * 7, 5, big=5)
    state = turn(state, [6] * 7, 6, big=6)
    state = lv.apply(activate(state, (4, 4)), MyChoicePick(4))
    state = lv.apply(state, MyChoiceActivate(CasinoNumber(2)))
    assert lv.legal_actions(state)[-1] == DoubleDownMove(2, 0)
    state = lv.apply(
        turn(start(deal=("H2", "E1", "A2")), [2] * 7, 2, big=2), NoEntryClose(CasinoNumber(3))
    )
    state = lv.apply(activate(state, (4, 6)), MyChoicePick(4))
    assert lv.legal_actions(state) == (
        MyChoiceActivate(CasinoNumber(2)),
    )  # Jackpot's casino 3 is closed
    state = lv.apply(activate(start(), (4, 4)), MyChoicePick(4))
    assert not state.tasks
    assert state.active == 1


def test_tchoice1_face_5_t6_the_rotated_die_activates_nothing() -> None:
    """T-CHOICE-1 face 5, T-6: a remaining die rotated and placed does not activate the tile
    where it lands (Jackpot at casino 2)."""
    state = lv.apply(activate(start(deal=("H2", "A2")), (5, 6)), MyChoicePick(5))
    legal = lv.legal_actions(state)
    assert {a for a in legal if isinstance(a, MyChoiceRotate)} == {
        MyChoiceRotate(f, b) for f in range(1, 7) for b in (False, True)
    }
    assert {a for a in legal if isinstance(a, MyChoiceReturn)} == {
        MyChoiceReturn(CasinoNumber(1), False)
    }
    step = lv.step(state, MyChoiceRotate(2, True))
    assert DiceMoved(owner=0, small=0, big=1, source="supply", target="casino-2") in step.events
    assert not any(isinstance(e, TileActivated | lv.DicePlaced) for e in step.events)
    assert not step.state.tasks
    assert step.state.casinos[1].big[0] == 1
    assert step.state.active == 1


def test_tchoice1_face_5_t10_a_returned_die_brings_a_finished_player_back() -> None:
    """T-CHOICE-1 face 5, T-10: a player who placed their last dice may return one from a
    casino (no rotation is possible) and is back in the round."""
    state = turn(start(), [1] * 7, 1, big=1)
    state = lv.apply(lv.apply(state, lv.Roll((5, 5), "black")), MyChoicePick(5))
    assert lv.legal_actions(state) == (
        MyChoiceReturn(CasinoNumber(1), False),
        MyChoiceReturn(CasinoNumber(1), True),
    )
    state = lv.apply(state, MyChoiceReturn(CasinoNumber(1), False))
    assert state.supply[0][:2] == (1, 0)
    state = turn(state, [2] * 7, 2, big=2)
    state = turn(state, [3] * 7, 3, big=3)
    assert state.active == 0
    assert state.phase is lv.Phase.ROLL


def test_tchoice1_face_6_golden_space_pushes_off_the_die_there_t10() -> None:
    """T-CHOICE-1 face 6, T-10, T-11: a remaining die goes on the golden space (in no casino);
    the next one sends it back to its owner, who had finished and is back in the round."""
    state = turn(start(), [1, 1, 1, 1, 1, 1, 2], 1, big=1)  # seat 0 keeps one die, the 2
    state = lv.apply(lv.apply(state, lv.Roll((6, 6), "black")), MyChoicePick(6))
    assert lv.legal_actions(state) == (MyChoiceGolden(False),)
    state = lv.apply(state, MyChoiceGolden(False))
    assert golden(state) == MyChoiceState(casino=lv.CasinoNumber(1), golden=0, golden_big=0)
    assert state.supply[0] == (0, 0, 0, 0)
    check_invariants(state)
    state = lv.apply(activate(state, (1, 6)), MyChoicePick(6))  # seat 1
    assert lv.legal_actions(state) == (MyChoiceGolden(False), MyChoiceGolden(True))
    step = lv.step(state, MyChoiceGolden(True))
    assert DiceMoved(owner=0, small=1, big=0, source="golden-space", target="supply") in (
        step.events
    )
    state = step.state
    assert golden(state) == MyChoiceState(casino=lv.CasinoNumber(1), golden=1, golden_big=1)
    assert state.supply[0][:2] == (1, 0)
    state = turn(state, [3] * 7, 3, big=3)  # seat 2
    assert state.active == 0  # seat 0 is back


def test_tchoice2_the_golden_die_returns_with_60000_during_payout() -> None:
    """T-CHOICE-2, T-9 (3): at casino 1's payout the golden space's die returns to its owner,
    who gets $60,000 from the bank."""
    assert GOLDEN_SPACE_REWARD == 60_000
    state = lv.apply(lv.apply(activate(start(), (2, 6)), MyChoicePick(6)), MyChoiceGolden(True))
    log: list[lv.Event] = []
    state = finish_round(state, {0: 4, 1: 5, 2: 6}, log)
    back = DiceMoved(owner=0, small=0, big=1, source="golden-space", target="supply")
    paid = BankPaid(seat=0, amount=60_000, cards=(60_000,), chips=0)
    assert log.index(lv.CasinoPaid(casino=CasinoNumber(1))) < log.index(back) < log.index(paid)
    assert log.index(paid) < log.index(lv.CasinoPaid(casino=CasinoNumber(2)))
    assert 60_000 in state.money[0]
    assert golden(state).golden == -1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_my_choice_forced(players: int) -> None:
    """random_sim_test with My Choice forced on casino 1 and the other tiles dealt at random;
    dice, chips and money conserved."""
    random_sim_test(lv.royale(players, deal=("H2",)), games=1, seed=160 + players)
