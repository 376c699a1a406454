"""Interactions between tiles that the rules define (T-6, T-8, T-10, T-NICE-1,
T-CHOICE-1), scripted through the public API.

Elsewhere: the rulebook's Power Play / blank dice example is
``tests/test_tile_power_play.py::test_tpower4_rulebook_example_blank_dice_take_the_majority_away``;
My Choice activating Jackpot and Pay Day, and its rotation, are in
``tests/test_tile_my_choice.py``; blank and neutral dice as two owners in
``tests/test_tile_block_it.py``.
"""

from __future__ import annotations

import lasvegas as lv
from lasvegas.royale.events import TileActivated
from lasvegas.royale.tiles.handicap import HandicapRotate, HandicapTake
from lasvegas.royale.tiles.jackpot import JackpotThrow
from lasvegas.royale.tiles.my_choice import MyChoicePick, MyChoiceRotate
from lasvegas.royale.tiles.nice_dice import NiceDiceDecline, NiceDiceTake
from lasvegas.royale.tiles.power_play import PowerPlayState, PowerPlayUse
from lasvegas.testing import setup_round, turn
from lasvegas.types import CasinoNumber


def start(*deal: str) -> lv.State:
    """3 players with *deal* on casinos 1, 2, ...; seat 0 to roll."""
    return setup_round(lv.new_game(lv.royale(3, tiles=len(deal), deal=deal)))


def holder(state: lv.State) -> int:
    (value,) = [s for s in state.modules if isinstance(s, PowerPlayState)]
    return value.holder


def test_t6_power_play_rotation_activates_where_handicap_rotation_does_not() -> None:
    """T-6: Handicap's rotated die lands at Jackpot's casino without activating it; Power
    Play's rotated die landing there activates it (the black dice are thrown)."""
    state = start("D2", "A2", "F2")  # Power Play 1, Jackpot 2, Handicap 3
    state = turn(state, [1, 1, 4, 4, 4, 4, 4], 1, big=4)  # 2 dice beat casino 1's blank die
    assert holder(state) == 0
    state = turn(state, [3, 5, 5, 5, 5, 5, 5], 3, big=5)  # seat 1 activates Handicap
    state = lv.apply(
        lv.apply(state, HandicapTake(CasinoNumber(6), "choice")), HandicapRotate(2, False)
    )
    assert state.casinos[1].dice[1] == 1
    assert not state.tasks  # no Jackpot throw
    state = turn(state, [6] * 7, 6, big=6)  # seat 2; then seat 0's turn starts
    step = lv.step(state, PowerPlayUse(2, False))
    assert TileActivated(casino=lv.CasinoNumber(2), face="A2", seat=0) in step.events
    assert isinstance(step.state.tasks[0], JackpotThrow)


def test_t6_power_play_rotation_activates_where_my_choice_rotation_does_not() -> None:
    """T-6: My Choice's rotated die (face 5) lands at Jackpot's casino without activating
    it; Power Play's does activate it."""
    state = start("D2", "A2", "H2")  # Power Play 1, Jackpot 2, My Choice 3
    state = turn(state, [1, 4, 4, 4, 4, 4, 4], 1, big=4)  # seat 0 takes the token
    state = turn(state, [3, 5, 5, 5, 5, 5, 5], 3, big=5)  # seat 1 activates My Choice
    state = lv.apply(lv.apply(state, lv.Roll((5, 6), "black")), MyChoicePick(5))
    step = lv.step(state, MyChoiceRotate(2, True))
    assert not any(isinstance(e, TileActivated) for e in step.events)
    state = step.state
    assert state.casinos[1].big[1] == 1
    assert not state.tasks
    state = turn(state, [6] * 7, 6, big=6)
    state = lv.apply(state, PowerPlayUse(2, False))
    assert isinstance(state.tasks[0], JackpotThrow)


def test_tnice1_power_plays_rotated_die_is_a_die_just_placed() -> None:
    """T-NICE-1 with T-POWER-3: Power Play's rotated die, placed at Nice Dice's casino,
    activates it and may go on the tile; that turn had no roll, so the dice of the seat's
    previous roll are not offered."""
    state = start("D2", "H1")  # Power Play 1, Nice Dice 2
    state = turn(state, [1, 3, 4, 5, 5, 5, 5], 1, big=6)  # seat 0 takes the token
    state = turn(state, [2, 6, 6, 6, 6, 6, 6], 2, big=6)  # seat 1 at Nice Dice
    assert lv.legal_actions(state) == (
        NiceDiceDecline(),
        NiceDiceTake(2, False),
        NiceDiceTake(6, False),
        NiceDiceTake(6, True),
    )
    state = lv.apply(state, NiceDiceDecline())
    state = turn(state, [6] * 7, 6, big=6)  # seat 2; then seat 0's turn starts
    state = lv.apply(state, PowerPlayUse(2, False))
    assert lv.legal_actions(state) == (NiceDiceDecline(), NiceDiceTake(2, False))
    state = lv.apply(state, NiceDiceTake(2, False))
    assert state.casinos[1].dice[0] == 0
    assert state.supply[0][:2] == (5, 1)
    assert state.active == 1
