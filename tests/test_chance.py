"""Chance is an action: the exact distributions chance nodes list.

`roll_distribution` (every sorted outcome of k dice with its exact multinomial
probability), `roll_probability`, `multiset_draw_distribution` (one draw from a
pile) and `remove_one` (the pile after that draw). Probabilities are
`fractions.Fraction` and sum to exactly 1; results are immutable tuples.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lasvegas.chance import (
    Rng,
    multiset_draw_distribution,
    remove_one,
    roll_distribution,
    roll_probability,
)

sorted_faces = st.lists(st.integers(min_value=1, max_value=6), max_size=12).map(
    lambda faces: tuple(sorted(faces))
)
sorted_items = st.lists(st.integers(min_value=-50, max_value=100), min_size=1, max_size=30).map(
    lambda items: tuple(sorted(items))
)


def brute_force_roll_distribution(k: int) -> dict[tuple[int, ...], Fraction]:
    """Every ordered roll of k dice, counted by its sorted faces."""
    counts = Counter(tuple(sorted(roll)) for roll in product(range(1, 7), repeat=k))
    return {faces: Fraction(count, 6**k) for faces, count in counts.items()}


# --- roll_distribution ---------------------------------------------------------------------


@pytest.mark.parametrize("k", range(13))
def test_roll_distribution_size_and_total(k: int) -> None:
    distribution = roll_distribution(k)
    assert isinstance(distribution, tuple)
    assert len(distribution) == comb(k + 5, 5)
    assert sum(p for _, p in distribution) == 1
    assert {type(p) for _, p in distribution} == {Fraction}
    assert all(p > 0 for _, p in distribution)


@pytest.mark.parametrize("k", range(13))
def test_roll_distribution_order_and_shape(k: int) -> None:
    outcomes = [faces for faces, _ in roll_distribution(k)]
    assert outcomes == sorted(outcomes)
    assert len(set(outcomes)) == len(outcomes)
    for faces in outcomes:
        assert isinstance(faces, tuple)
        assert len(faces) == k
        assert list(faces) == sorted(faces)
        assert all(1 <= face <= 6 for face in faces)


@pytest.mark.parametrize("k", range(6))
def test_roll_distribution_matches_brute_force(k: int) -> None:
    assert dict(roll_distribution(k)) == brute_force_roll_distribution(k)


def test_roll_distribution_of_no_dice() -> None:
    assert roll_distribution(0) == (((), Fraction(1)),)


def test_roll_distribution_known_values() -> None:
    assert roll_distribution(1) == tuple(((face,), Fraction(1, 6)) for face in range(1, 7))
    two = dict(roll_distribution(2))
    assert two[(3, 3)] == Fraction(1, 36)
    assert two[(2, 5)] == Fraction(1, 18)
    eight = dict(roll_distribution(8))
    assert eight[(1, 2, 3, 4, 5, 6, 6, 6)] == Fraction(6720, 6**8)
    assert eight[(4,) * 8] == Fraction(1, 6**8)


def test_roll_distribution_is_cached() -> None:
    assert roll_distribution(8) is roll_distribution(8)


@pytest.mark.parametrize("k", [-1, -10])
def test_roll_distribution_rejects_negative(k: int) -> None:
    with pytest.raises(ValueError, match="k >= 0"):
        roll_distribution(k)


def test_roll_distribution_rejects_non_int_even_when_cached() -> None:
    assert len(roll_distribution(1)) == 6
    with pytest.raises(ValueError, match="k >= 0"):
        roll_distribution(True)


@pytest.mark.parametrize("k", range(9))
def test_roll_probability_agrees_with_distribution(k: int) -> None:
    for faces, p in roll_distribution(k):
        assert roll_probability(faces) == p


@given(sorted_faces)
def test_roll_probability_formula(faces: tuple[int, ...]) -> None:
    k = len(faces)
    weight = 1
    remaining = k
    for count in Counter(faces).values():
        weight *= comb(remaining, count)
        remaining -= count
    assert roll_probability(faces) == Fraction(weight, 6**k)


def test_roll_probability_examples() -> None:
    assert roll_probability(()) == 1
    assert roll_probability((6,)) == Fraction(1, 6)
    assert roll_probability((1, 2)) == Fraction(2, 36)
    assert roll_probability((1, 1, 2)) == Fraction(3, 216)


@pytest.mark.parametrize("faces", [(2, 1), (0,), (7,), (1, 7), (3, 3, 2), (-1, 2), (True,), (1.0,)])
def test_roll_probability_rejects_bad_faces(faces: tuple[int, ...]) -> None:
    assert roll_probability((1,)) == Fraction(1, 6)  # cached: must not answer for (True,)
    with pytest.raises(ValueError, match="faces"):
        roll_probability(faces)


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=0, max_value=10))
def test_sampled_dice_are_outcomes_of_the_distribution(seed: int, k: int) -> None:
    faces = Rng(seed).dice(k)
    assert roll_probability(faces) > 0
    assert faces in dict(roll_distribution(k))


# --- multiset_draw_distribution ------------------------------------------------------------


def test_multiset_draw_distribution_example() -> None:
    assert multiset_draw_distribution((10, 10, 30, 60, 60, 60)) == (
        (10, Fraction(1, 3)),
        (30, Fraction(1, 6)),
        (60, Fraction(1, 2)),
    )
    assert multiset_draw_distribution((5,)) == ((5, Fraction(1)),)


@given(sorted_items)
def test_multiset_draw_distribution_properties(items: tuple[int, ...]) -> None:
    distribution = multiset_draw_distribution(items)
    assert isinstance(distribution, tuple)
    values = [value for value, _ in distribution]
    assert values == sorted(set(items))
    assert sum(p for _, p in distribution) == 1
    counts = Counter(items)
    for value, p in distribution:
        assert p == Fraction(counts[value], len(items))


def test_multiset_draw_distribution_rejects_empty() -> None:
    with pytest.raises(ValueError, match="empty"):
        multiset_draw_distribution(())


def test_multiset_draw_distribution_rejects_unsorted() -> None:
    with pytest.raises(ValueError, match="sorted"):
        multiset_draw_distribution((3, 1, 2))
    with pytest.raises(ValueError, match="sorted"):
        multiset_draw_distribution((1, 1, 2, 1))


def test_multiset_draw_distribution_is_cached() -> None:
    items = (1, 2, 2, 9)
    assert multiset_draw_distribution(items) is multiset_draw_distribution(items)


# --- remove_one ----------------------------------------------------------------------------


def test_remove_one_examples() -> None:
    assert remove_one((1, 3, 3, 5), 3) == (1, 3, 5)
    assert remove_one((1, 3, 3, 5), 1) == (3, 3, 5)
    assert remove_one((1, 3, 3, 5), 5) == (1, 3, 3)
    assert remove_one((4,), 4) == ()


@given(sorted_items, st.data())
def test_remove_one_properties(items: tuple[int, ...], data: st.DataObject) -> None:
    value = data.draw(st.sampled_from(items))
    result = remove_one(items, value)
    assert isinstance(result, tuple)
    assert len(result) == len(items) - 1
    assert list(result) == sorted(result)
    expected = Counter(items)
    expected[value] -= 1
    assert Counter(result) == +expected


@given(sorted_items, st.integers(min_value=-60, max_value=110))
def test_remove_one_absent_is_an_error(items: tuple[int, ...], value: int) -> None:
    if value in items:
        assert len(remove_one(items, value)) == len(items) - 1
    else:
        with pytest.raises(ValueError, match="not in"):
            remove_one(items, value)


def test_remove_one_on_empty_is_an_error() -> None:
    with pytest.raises(ValueError, match="not in"):
        remove_one((), 3)


@given(sorted_items)
def test_draws_then_removes_empty_the_pile(items: tuple[int, ...]) -> None:
    # Drawing every card of a pile one at a time, with certainty at the last one.
    pile = items
    drawn: list[int] = []
    rng = Rng(len(items))
    while pile:
        distribution = multiset_draw_distribution(pile)
        assert sum(p for _, p in distribution) == 1
        value = rng.choice([value for value, _ in distribution])
        drawn.append(value)
        pile = remove_one(pile, value)
    assert sorted(drawn) == list(items)
