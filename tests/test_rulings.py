"""Rulings the docs mark where the rulebooks are silent, held through the public API.

Each test names the rule ids it holds and the word "ruling"; the docs page of each rule
(``docs/rules/``) marks the ruling, gives its reason and names the test. The rulings that
older test files already hold (Power Play's return and declining, the kicker that kicks a
die of its own placement, the sequential seat going out, the sixth-player module) are not
repeated here.
"""

from __future__ import annotations

from typing import TypeVar

import lasvegas as lv
from lasvegas.boulevard.slot_machine import slot_ranking
from lasvegas.cardgame import ChipCardsState
from lasvegas.royale import PayChip
from lasvegas.royale.tiles.block_it import PlaceCluster
from lasvegas.royale.tiles.high_five import HighFiveState
from lasvegas.royale.tiles.power_play import PowerPlayRoll, PowerPlayState
from lasvegas.testing import deal, setup_round, turn
from lasvegas.types import CasinoNumber

SIX = ("blue", "gold", "green", "pink", "silver", "blue")
"""Chips dealt to casinos 1..6."""


T = TypeVar("T")


def _slice(state: lv.State, kind: type[T]) -> T:
    (found,) = [s for s in state.modules if isinstance(s, kind)]
    return found


def _place(state: lv.State, face: int, count: int) -> lv.State:
    """The active Royale seat places *count* small dice at casino *face* (the others, and
    the Biggy, show 6, or 5 when *face* is 6)."""
    small, big = state.supply[state.active][:2]
    other = 5 if face == 6 else 6
    faces = [face] * count + [other] * (small - count)
    return turn(state, faces, face, big=other if big else None)


# -- Power Play ------------------------------------------------------------------------------


def test_tpower4_t8_ruling_an_imaginary_majority_keeps_the_token() -> None:
    """T-POWER-4, T-8, ruling: blank dice with a clear majority at Power Play's casino leave
    the token with its holder; only a tie for the most (or no dice) returns it."""
    config = lv.royale(3, tiles=2, deal=("F1", "D2"))  # Block It! at 1, Power Play at 2
    state = setup_round(lv.new_game(config))
    state = _place(state, 2, 1)  # seat 0: one die, a clear majority: takes the token
    assert _slice(state, PowerPlayState).holder == 0
    state = _place(state, 1, 1)  # seat 1 activates Block It!
    state = lv.apply(state, PlaceCluster(3, CasinoNumber(2)))  # three blank dice to casino 2
    assert state.casinos[1].weights()[0] == 1
    assert max(state.casinos[1].weights()) == 3  # the blank owner's clear majority
    assert _slice(state, PowerPlayState).holder == 0


def test_tpower3_r5_ruling_the_token_is_used_before_rolling_the_chip_pass_after() -> None:
    """T-POWER-3, R-5, ruling: the holder's "pass the turn" with the token is a choice before
    rolling that costs no chip; declining it, they roll, and Royale's chip pass is offered
    after the roll as to anyone."""
    config = lv.royale(3, tiles=1, deal=("D2",))  # Power Play at casino 1
    state = setup_round(lv.new_game(config))
    state = _place(state, 1, 1)  # seat 0 takes the token
    state = _place(_place(state, 4, 1), 5, 1)  # seats 1 and 2
    assert lv.to_move(state) == 0
    assert state.phase is lv.Phase.ROLL  # before any roll of this turn
    legal = lv.legal_actions(state)
    assert legal[0] == PowerPlayRoll()
    assert not [a for a in legal if isinstance(a, PayChip)]  # the token's pass is no chip pass
    royale_part = state.modules[[m.id for m in config.modules].index("royale")]
    state = lv.apply(state, PowerPlayRoll())
    state = lv.apply(lv.apply(state, lv.Roll((2, 2, 3, 3, 4, 6))), lv.Roll((6,), "big"))
    assert PayChip() in lv.legal_actions(state)
    assert _slice(state, PowerPlayState).holder == 0  # declined: still held
    assert (
        state.modules[[m.id for m in config.modules].index("royale")] == royale_part
    )  # no chip paid


# -- High Five -------------------------------------------------------------------------------


def test_thighfive2_ruling_a_placement_past_five_takes_the_token() -> None:
    """T-HIGHFIVE-2, ruling: "5 or more" dice, not "the fifth die" alone: going from 4 dice
    to 6 in one placement takes the token."""
    config = lv.royale(3, tiles=1, deal=("C1",))  # High Five at casino 1
    state = setup_round(lv.new_game(config))
    state = _place(state, 1, 4)  # seat 0: 4 dice at casino 1
    assert _slice(state, HighFiveState).holder == -1
    state = _place(_place(state, 3, 1), 4, 1)  # seats 1 and 2 elsewhere
    state = _place(state, 1, 2)  # seat 0: 2 more, 6 in all
    assert state.casinos[0].weights()[0] == 6
    assert _slice(state, HighFiveState).holder == 0


# -- the slot machine ------------------------------------------------------------------------


def test_b7_ruling_tie_breaks_below_first_place() -> None:
    """B-7, ruling: the tie-breaks (sum of pips, then the highest die) order every rank, and
    owners equal on all three cancel at any rank, not only for first place."""
    # seat 0 three 1s; seats 1 and 2 two dice each: seat 1's 6s beat seat 2's 4s for second
    assert slot_ranking((3, 2, 2), ((1, 0, 3), (6, 1, 2), (4, 2, 2))) == ((0, 1, 2), ())
    # seats 1 and 2 equal in dice, pips and highest die below seat 0: both cancel
    equal = ((1, 0, 3), (5, 1, 1), (3, 1, 1), (5, 2, 1), (3, 2, 1))
    assert slot_ranking((3, 2, 2), equal) == ((0,), (1, 2))


# -- chip cards ------------------------------------------------------------------------------


def _chips(state: lv.State) -> ChipCardsState:
    return _slice(state, ChipCardsState)


def test_b9_ruling_dice_of_earlier_turns_do_not_count() -> None:
    """B-9, ruling: "two dice at a casino in one turn" counts that turn's placement only: a
    second single die at a casino, with one already there from an earlier turn, takes no
    chip card."""
    state = deal(lv.new_game(lv.classic(2, lv.ChipCards())), *[[50_000]] * 6)
    for colour in SIX:
        state = lv.apply(state, lv.DrawChip(colour))
    state = turn(state, [1, 2, 2, 3, 3, 4, 4, 5], 1)  # seat 0: one die at casino 1
    assert lv.to_move(state) is lv.CHANCE  # no chip decision: seat 1 rolls
    state = turn(state, [2, 3, 3, 4, 4, 5, 5, 6], 6)  # seat 1: one die at casino 6
    state = turn(state, [1, 2, 2, 3, 3, 4, 4], 1)  # seat 0: one more die at casino 1
    assert state.casinos[0].dice[0] == 2
    assert lv.to_move(state) is lv.CHANCE  # still no chip decision
    assert _chips(state).held == ((), ())


def test_b9_c18_ruling_the_leftover_neutral_dice_take_no_chip() -> None:
    """B-9, C-18, ruling: the 3-player leftover neutral dice rolled at the round's start are
    placed by nobody: no chip card for them, and no seat's "two dice" counts them."""
    config = lv.classic(3, lv.ChipCards(), lv.NeutralDice())
    state = deal(lv.new_game(config), *[[50_000]] * 6)
    for colour in SIX:
        state = lv.apply(state, lv.DrawChip(colour))
    step = lv.step(state, lv.Roll((1, 1), "neutral"))  # both leftover dice on casino 1
    state = step.state
    assert state.casinos[0].dice[3] == 2
    assert not [e for e in step.events if isinstance(e, lv.DicePlaced)]
    assert lv.to_move(state) is lv.CHANCE  # seat 0's roll, no chip decision
    state = turn(state, [1, 2, 2, 3, 3, 4, 4, 5], 1, neutral=[2, 3])  # one die of seat 0
    assert lv.to_move(state) is lv.CHANCE  # one die this turn: no chip, though 3 are there
    assert _chips(state).held == ((), (), ())
