"""Equivalent spellings of one action are that action: a card selection named in any order
(K-5) and ``Place(f, target=f)`` (C-8); other wrong spellings are refused with a message
that names the accepted form."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas.testing import deal, setup_round
from lasvegas.types import CasinoNumber

FILLER_NOTES = [[50_000]] * 6


def card_state() -> lv.State:
    """A card game of 2 seats, seat 0 to choose from 11, 21, 41, 41, 62."""
    state = setup_round(
        lv.new_game(lv.cardgame(2)), hands=[(11, 21, 41, 41, 62), (11, 21, 31, 41, 51)]
    )
    assert lv.to_move(state) == 0
    return state


def test_k5_a_selection_in_any_order_is_that_selection() -> None:
    """K-5: the cards of a selection may be named in any order; the state reached is the one
    of the sorted selection, and the action recorded is the sorted one."""
    state = card_state()
    sorted_pick = lv.PlayCards((41, 41, 62))
    assert sorted_pick not in lv.legal_actions(state)  # 3 cards must share a face
    assert lv.PlayCards((11, 41)) in lv.legal_actions(state)
    expected = lv.apply(state, lv.PlayCards((11, 41)))
    assert lv.apply(state, lv.PlayCards((41, 11))) == expected
    assert lv.step(state, lv.PlayCards((41, 11))).state == expected
    assert lv.PlayCards((41, 11)).canonical() == lv.PlayCards((11, 41))


def test_k5_a_selection_not_legal_in_any_order_names_the_accepted_form() -> None:
    """K-5: a selection that is not legal in any order is refused, the state unchanged, with
    the legal selections named."""
    state = card_state()
    with pytest.raises(lv.IllegalActionError, match=r"PlayCards\(cards=\(11,\)\)") as err:
        lv.apply(state, lv.PlayCards((62, 41, 41)))
    assert "not among the legal actions" in str(err.value)
    assert err.value.reason == "not-legal"


def test_c8_place_with_its_own_casino_as_target_is_place() -> None:
    """C-8: ``Place(f, target=f)`` places the dice showing f at casino f, as ``Place(f)``."""
    state = deal(lv.new_game(lv.classic(2)), *FILLER_NOTES)
    state = lv.apply(state, lv.Roll((1, 2, 3, 4, 4, 5, 6, 6)))
    expected = lv.apply(state, lv.Place(4))
    assert lv.apply(state, lv.Place(4, target=CasinoNumber(4))) == expected
    assert lv.step(state, lv.Place(4, target=CasinoNumber(4))).state == expected
    with pytest.raises(lv.IllegalActionError, match=r"Place\(4\) places them at casino 4"):
        lv.apply(state, lv.Place(4, target=CasinoNumber(5)))


def test_c8_place_with_its_own_casino_as_target_beside_the_slot_machine() -> None:
    """C-8, B-7: with the slot machine (whose targets are other casinos), ``Place(f,
    target=f)`` is still ``Place(f)``."""
    state = setup_round(lv.new_game(lv.classic(3, lv.SlotMachine())))
    state = lv.apply(state, lv.Roll((1, 2, 3, 4, 4, 5, 6, 6)))
    assert lv.apply(state, lv.Place(6, target=CasinoNumber(6))) == lv.apply(state, lv.Place(6))
