"""The primitives a module author needs: rolling again (``lasvegas.engine.roll_again``)."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.engine import roll_again
from lasvegas.testing import deal


def _placing(config: lv.GameConfig, *rolls: lv.Roll) -> lv.State:
    state = deal(lv.new_game(config), *[[50_000]] * 6)
    for roll in rolls:
        state = lv.apply(state, roll)
    return state


def test_roll_again_throws_every_group_the_seat_holds_again() -> None:
    """At a placement decision the active seat rolls again, group by group (regular, then
    neutral), with the same chance nodes as at its turn's start; no TurnStarted."""
    config = lv.classic(3, lv.NeutralDice())
    start = deal(lv.new_game(config), *[[50_000]] * 6)
    while lv.to_move(start) is lv.CHANCE and start.phase is not lv.Phase.ROLL:
        start = lv.apply(start, lv.sample_chance(start, lv.Rng(1)))
    first = lv.chance_outcomes(start)
    state = lv.apply(start, lv.Roll((1, 1, 2, 3, 4, 5, 6, 6)))
    state = lv.apply(state, lv.Roll((2, 5), "neutral"))
    assert state.phase is lv.Phase.PLACE
    again = roll_again(state)
    assert (again.phase, again.active, again.rolled) == (lv.Phase.ROLL, 0, ((),) * 4)
    assert lv.chance_outcomes(again) == first
    step = lv.step(again, lv.Roll((3, 3, 3, 3, 3, 3, 3, 3)))
    assert [type(e).__name__ for e in step.events] == ["DiceRolled"]
    assert lv.to_move(step.state) is lv.CHANCE  # the neutral dice next
    placed = lv.apply(step.state, lv.Roll((3, 3), "neutral"))
    assert lv.legal_actions(placed) == (lv.Place(3),)


def test_roll_again_only_at_a_placement_decision() -> None:
    """Anywhere but a placement decision it refuses (nothing has been rolled to throw again)."""
    state = _placing(lv.classic(2))
    assert state.phase is lv.Phase.ROLL
    with pytest.raises(ValueError, match="placement decision only"):
        roll_again(state)
