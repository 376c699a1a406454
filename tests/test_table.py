"""The core's table operations (``lasvegas.table``) and batch edit (``lasvegas.edit``)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import lasvegas as lv
from lasvegas.edit import Draft
from lasvegas.engine import pop_task, push_task, set_slice
from lasvegas.payout import rank
from lasvegas.state import Casino
from lasvegas.table import (
    add_note,
    deal_notes,
    draw,
    draw_notes,
    draw_outcomes,
    note_outcomes,
    pay,
    pile_total,
    place,
    ranking,
    roll_outcomes,
    sample,
    sample_note,
    sample_roll,
    take,
    take_note,
)
from lasvegas.types import CasinoNumber

notes = st.lists(st.sampled_from([10_000, 20_000, 50_000, 90_000]), max_size=6)
dice = st.lists(st.integers(0, 4), min_size=3, max_size=5)


@given(pile=st.lists(st.integers(1, 9), min_size=1, max_size=12).map(lambda p: tuple(sorted(p))))
def test_a_draw_is_one_chance_node_over_the_pile(pile: tuple[int, ...]) -> None:
    """C-4: the outcomes are the distinct items with their counts' shares; taking one
    leaves the rest of the multiset; a sampled item is one of them."""
    outcomes = draw_outcomes(pile, int)
    assert sum(p for _, p in outcomes) == 1
    assert dict(outcomes) == {v: Fraction(k, len(pile)) for v, k in Counter(pile).items()}
    for value, _ in outcomes:
        rest = take(pile, value)
        assert rest is not None
        assert Counter(rest) + Counter([value]) == Counter(pile)
    assert take(pile, 10) is None
    assert sample(pile, lv.Rng(len(pile))) in pile


def test_c14_the_returned_notes_come_back_in_their_order() -> None:
    """C-14: once the unseen part is gone, the returned notes are drawn top first."""
    assert take_note((), (90_000, 10_000), 90_000) == ((), (10_000,))
    assert take_note((), (90_000, 10_000), 10_000) is None
    assert note_outcomes((), (90_000, 10_000)) == ((lv.Draw(90_000), Fraction(1)),)
    assert sample_note((), (90_000,), lv.Rng(1)) == lv.Draw(90_000)
    assert take_note((10_000, 50_000), (90_000,), 50_000) == ((10_000,), (90_000,))


@given(
    hidden=st.lists(st.sampled_from([10_000, 20_000, 50_000, 90_000]), max_size=9).map(
        lambda p: tuple(sorted(p))
    ),
    returned=notes.map(tuple),
    count=st.integers(0, 16),
    seed=st.integers(0, 2**64 - 1),
)
def test_c4_c14_draw_notes_is_the_draws_one_by_one(
    hidden: tuple[int, ...], returned: tuple[int, ...], count: int, seed: int
) -> None:
    """C-4, C-14: drawing *count* notes at once gives the draws, the pile left and the Rng
    state of as many draws one after the other (sample_note, then take_note)."""
    if count > len(hidden) + len(returned):
        with pytest.raises(ValueError, match="notes drawn from a pile of"):
            draw_notes(hidden, returned, count, lv.Rng(seed))
        return
    rng, one_by_one = lv.Rng(seed), lv.Rng(seed)
    draws, left_hidden, left_returned = draw_notes(hidden, returned, count, rng)
    expected = []
    pile: tuple[tuple[int, ...], tuple[int, ...]] | None = (hidden, returned)
    for _ in range(count):
        assert pile is not None
        draw = sample_note(*pile, one_by_one)
        expected.append(draw)
        pile = take_note(*pile, draw.value)
    assert draws == expected
    assert (left_hidden, left_returned) == pile
    assert rng.state == one_by_one.state


@given(
    pile=st.lists(st.integers(1, 9), min_size=1, max_size=12).map(sorted),
    seed=st.integers(0, 2**64 - 1),
)
def test_k4_draw_from_a_list_is_sample_then_take(pile: list[int], seed: int) -> None:
    """K-4 (a card drawn from a seat's pile): drawing from the list gives the item
    :func:`sample` gives, leaves what :func:`take` leaves, and uses the same Rng call."""
    rng, again = lv.Rng(seed), lv.Rng(seed)
    before = tuple(pile)
    item = draw(pile, rng)
    assert item == sample(before, again)
    assert tuple(pile) == take(before, item)
    assert rng.state == again.state


@given(
    hidden=st.lists(st.sampled_from([10_000, 20_000, 50_000, 90_000]), max_size=9).map(
        lambda p: tuple(sorted(p))
    ),
    returned=notes.map(tuple),
    start=notes.map(lambda n: tuple(sorted(n, reverse=True))),
    minimum=st.sampled_from([50_000, 100_000]),
    rainbow=st.booleans(),
    seed=st.integers(0, 2**64 - 1),
)
def test_c5_c6_deal_notes_fills_a_casino_as_the_draws_one_by_one(
    hidden: tuple[int, ...],
    returned: tuple[int, ...],
    start: tuple[int, ...],
    minimum: int,
    rainbow: bool,
    seed: int,
) -> None:
    """C-5, C-6 (B-5: a note may count for another value): filling a casino at once gives
    the draws, the casino, the pile left and the Rng state of one note at a time
    (sample_note, take_note, add_note) until its notes count for the minimum or the pile
    is out."""
    assume(hidden or returned)  # the core never fills from an empty pile (C-6 ends it first)
    worth = {90_000: 10_000} if rainbow else None
    casino = Casino(start, (0, 0), (0, 0))
    rng, one_by_one = lv.Rng(seed), lv.Rng(seed)
    drawn: list[lv.Action] = []
    dealt, left_hidden, left_returned = deal_notes(
        casino, hidden, returned, rng, minimum, worth, drawn
    )
    expected = []
    pile: tuple[tuple[int, ...], tuple[int, ...]] | None = (hidden, returned)
    while True:
        assert pile is not None
        note = sample_note(*pile, one_by_one)
        expected.append(note)
        pile = take_note(*pile, note.value)
        casino = add_note(casino, note.value)
        assert pile is not None
        if pile_total(casino.notes, worth) >= minimum or not (pile[0] or pile[1]):
            break
    assert drawn == expected
    assert dealt == casino
    assert (left_hidden, left_returned) == pile
    assert rng.state == one_by_one.state


def test_c9_a_roll_is_one_chance_node_per_group() -> None:
    """C-9: a group's roll lists its sorted rolls; a sampled roll is one of them."""
    outcomes = roll_outcomes(2, "regular")
    assert sum(p for _, p in outcomes) == 1
    assert sample_roll(2, "regular", lv.Rng(4)) in dict(outcomes)


@given(values=notes, row=dice, big=st.integers(0, 2), places=st.sampled_from([None, 1, 2]))
def test_c12_c13_pay_conserves_the_notes_and_follows_the_ranking(
    values: list[int], row: list[int], big: int, places: int | None
) -> None:
    """C-12, C-13: ties cancel, the highest note goes to the first ranked owner; every
    note is paid to a seat or handed back (C-14, C-21: an imaginary owner's too)."""
    casino = Casino(tuple(sorted(values, reverse=True)), tuple(row), (big,) + (0,) * (len(row) - 1))
    players = len(row) - 1  # the last owner is imaginary
    money: list[tuple[int, ...]] = [()] * players
    rest = pay(casino, CasinoNumber(1), money, places, None)
    won = [note for seat in money for note in seat]
    assert Counter(won) + Counter(rest) == Counter(values)
    ranked = rank(casino.weights())
    assert ranking(casino) == ranked
    paid = ranked if places is None else ranked[:places]
    for note, owner in zip(casino.notes, paid, strict=False):
        if owner < players:
            assert note in money[owner]


def test_c10_placing_and_adding_notes() -> None:
    """C-10: placed dice join their owner's; a big die counts two (B-3); notes stay sorted."""
    casino = place(Casino((50_000,), (1, 0), (0, 0)), 1, 2, 1)
    assert (casino.dice, casino.big, casino.weights()) == ((1, 2), (0, 1), (1, 4))
    assert add_note(casino, 60_000).notes == (60_000, 50_000)


def test_a_draft_builds_what_the_step_by_step_helpers_build() -> None:
    """Several changes gathered in one Draft give the state the helpers give one by one."""
    state = lv.new_game(lv.classic(3, lv.NeutralDice()))
    task = lv.Task(module=0)
    draft = Draft(state, None)
    draft.push_task(task)
    draft.push_task(task, first=True)
    draft.pop_task()
    draft.set_slice(0, None)
    draft.place(3, 2, 1, 0)
    draft.give(1, (20_000,))
    built = draft.build()
    expected = pop_task(push_task(push_task(state, task), task, first=True))
    expected = set_slice(expected, 0, None)
    assert built.tasks == expected.tasks
    assert built.modules == expected.modules
    assert built.casinos[3].dice == (0, 0, 1, 0)
    assert built.money == ((), (20_000,), ())
    assert draft.build() is built  # nothing pending: the same state


@pytest.mark.parametrize("group", ["regular", "big", "neutral", "black"])
@given(k=st.integers(0, 12), seed=st.integers(0, 2**64 - 1))
def test_c9_sample_roll_draws_what_rng_dice_draws(group: str, k: int, seed: int) -> None:
    """C-9: a roll drawn by the table is the sorted faces ``Rng.dice`` draws from the same
    generator (whichever path the build takes), and leaves the generator as ``dice`` does."""
    rng, again = lv.Rng(seed), lv.Rng(seed)
    for _ in range(3):
        roll = sample_roll(k, group, rng)
        assert roll == lv.Roll(again.dice(k), group)
        assert sample_roll(k, group, lv.Rng(seed)) is sample_roll(k, group, lv.Rng(seed))
    assert rng.below(1000) == again.below(1000)


def test_c9_roll_key_numbers_the_sorted_faces() -> None:
    """The compiled roll table's key: equal exactly when the sorted faces are equal, for
    every draw of up to five dice and many of six to eight."""
    from lasvegas._rng import roll_faces, roll_key

    rng = lv.Rng(11)
    for k in range(1, 9):
        codes = range(6**k) if k <= 5 else [rng.below(6**k) for _ in range(20_000)]
        by_key: dict[int, tuple[int, ...]] = {}
        by_faces: dict[tuple[int, ...], int] = {}
        for code in codes:
            faces, key = roll_faces(k, code), roll_key(k, code)
            assert len(faces) == k
            assert list(faces) == sorted(faces)
            assert by_key.setdefault(key, faces) == faces
            assert by_faces.setdefault(faces, key) == key
