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


def _roll_node(config: lv.GameConfig) -> lv.State:
    """The first roll node of a game of *config* (the casinos filled by the first draws)."""
    rng = lv.Rng(3)
    state = lv.new_game(config)
    while not (lv.to_move(state) is lv.CHANCE and lv.chance_outcomes(state)[0][0].kind == "roll"):
        state = lv.apply(state, lv.sample_chance(state, rng))
    return state


def test_c9_an_unsorted_roll_is_refused_naming_the_sorted_roll() -> None:
    """C-9: a roll is the sorted faces the dice show; the same faces in another order are
    refused, the state unchanged, with the accepted form (the sorted roll) named; faces that
    are no roll in any order get no such hint."""
    state = _roll_node(lv.classic(2))
    before = lv.to_json(state)
    with pytest.raises(lv.IllegalActionError) as refused:
        lv.apply(state, lv.Roll((6, 5, 4, 3, 2, 1, 1, 1)))
    assert str(refused.value).endswith(
        "not a sorted roll of 8 dice with faces 1-6; "
        "the accepted form is Roll(faces=(1, 1, 1, 2, 3, 4, 5, 6))"
    )
    with pytest.raises(lv.IllegalActionError) as refused:
        lv.step(state, lv.Roll((7, 5, 4, 3, 2, 1, 1, 1)))
    assert "accepted form" not in str(refused.value)
    assert lv.to_json(state) == before
    assert lv.apply(state, lv.Roll((1, 1, 1, 2, 3, 4, 5, 6))) != state
    assert lv.Roll((5, 2)).canonical() == lv.Roll((2, 5))
    assert lv.Roll((2, 5), "black").canonical() == lv.Roll((2, 5), "black")


def test_c18_an_unsorted_leftover_neutral_roll_names_the_sorted_roll() -> None:
    """C-18: the 3-player game's leftover neutral dice are rolled as a sorted roll too; an
    unsorted spelling is refused, the state unchanged, with the sorted one named."""
    state = lv.new_game(lv.classic(3, lv.NeutralDice()))
    rng = lv.Rng(1)
    while True:
        outcomes = lv.chance_outcomes(state)
        first = outcomes[0][0] if outcomes else None
        if isinstance(first, lv.Roll) and first.group == "neutral":
            break
        state = lv.apply(state, lv.sample_chance(state, rng))
    faces = next(a.faces for a, _ in outcomes if isinstance(a, lv.Roll) and len(set(a.faces)) > 1)
    before = lv.to_json(state)
    with pytest.raises(lv.IllegalActionError) as refused:
        lv.apply(state, lv.Roll(tuple(reversed(faces)), "neutral"))
    assert str(refused.value).endswith(f"the accepted form is {lv.Roll(faces, 'neutral')!r}")
    assert lv.to_json(state) == before
