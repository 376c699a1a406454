"""The $100,000 notes, module ``HundredThousands`` (B-2, X-1)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

import lasvegas as lv
from lasvegas.testing import deal, random_sim_test


def test_b2_x1_five_100000_notes_join_the_pile() -> None:
    """B-2, X-1: the pile holds the 54 classic notes and five $100,000 notes."""
    state = lv.new_game(lv.classic(4, lv.HundredThousands()))
    assert Counter(state.pile_hidden) == Counter(lv.BANKNOTES) + Counter({100_000: 5})
    assert sum(state.pile_hidden) == 3_000_000
    assert dict(lv.chance_outcomes(state))[lv.Draw(100_000)] == Fraction(5, 59)


def test_b2_a_100000_note_is_won_like_any_other() -> None:
    """B-2: a $100,000 note fills a casino alone and goes to the casino's winner."""
    state = lv.new_game(lv.classic(2, lv.HundredThousands()))
    state = deal(state, [100_000], [90_000], [90_000], [90_000], [90_000], [90_000])
    assert state.casinos[0].notes == (100_000,)
    state = lv.apply(state, lv.Roll((1,) * 8))
    state = lv.apply(state, lv.Place(1))
    state = lv.apply(state, lv.Roll((2,) * 8))
    state = lv.apply(state, lv.Place(2))
    assert state.money == ((100_000,), (90_000,))
    assert lv.standings(state).money == (100_000, 90_000)


def test_b2_without_the_module_there_is_no_100000_note() -> None:
    """B-2: the base pile has no $100,000 note; drawing one is refused."""
    with pytest.raises(lv.IllegalActionError):
        lv.apply(lv.new_game(lv.classic(2)), lv.Draw(100_000))


@pytest.mark.parametrize("players", [2, 4])
def test_b2_random_games(players: int) -> None:
    """B-2: random games with the $100,000 notes keep every engine contract."""
    random_sim_test(lv.classic(players, lv.HundredThousands()), games=2, seed=players)
