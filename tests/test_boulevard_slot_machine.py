"""The slot machine, module ``SlotMachine`` (B-7), scripted through the public API."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import pytest

import lasvegas as lv
from lasvegas.boulevard import SlotChoice, SlotMachineState, slot_ranking
from lasvegas.testing import check_invariants, deal, random_sim_test
from lasvegas.types import CasinoNumber

REGULAR_NOTES = [[60_000], [60_000], [70_000], [70_000], [80_000], [80_000]]
SLOT_NOTES = [10_000, 20_000, 30_000]


def start(players: int, *modules: lv.RuleModule, slot: Iterable[int] = SLOT_NOTES) -> lv.State:
    """Deal $60k-$80k to casinos 1-6 and *slot* to the slot machine; return the first roll."""
    state = deal(lv.new_game(lv.classic(players, lv.SlotMachine(), *modules)), *REGULAR_NOTES)
    return deal(state, list(slot))


def roll(
    state: lv.State,
    regular: Iterable[int] = (),
    *,
    big: Iterable[int] = (),
    neutral: Iterable[int] = (),
) -> lv.State:
    """Roll the given faces for each group of the active seat (empty groups are skipped)."""
    for group, faces in (("regular", regular), ("big", big), ("neutral", neutral)):
        ordered = tuple(sorted(faces))
        if ordered:
            state = lv.apply(state, lv.Roll(ordered, group))
    return state


def dump(state: lv.State, face: int) -> lv.State:
    """Every seat in turn rolls all its dice as *face* and places them, until the round is over."""
    this_round = state.round
    while state.round == this_round and state.phase is lv.Phase.ROLL and not state.tasks:
        held = state.supply[state.active]
        for group, count in zip(lv.GROUPS, held, strict=True):
            if count:
                state = lv.apply(state, lv.Roll((face,) * count, group))
        state = lv.apply(state, lv.Place(face))
    return state


def slot_of(state: lv.State) -> SlotMachineState:
    module = next(i for i, m in enumerate(state.config.modules) if m.id == "slot-machine")
    value = state.modules[module]
    assert isinstance(value, SlotMachineState)
    return value


def denny_ben_carla(*, last: bool = True) -> lv.State:
    """The rulebook's example up to the slot machine's payout (Denny 0, Ben 1, Carla 2).

    With ``last=False``, stop before Carla's last placement (which ends the round).
    """
    state = start(3)
    state = roll(state, [1, 1, 2, 2, 3, 3, 3, 5])  # Denny
    state = lv.apply(state, lv.Place(3, target=CasinoNumber(7)))
    state = roll(state, [1, 1, 2, 2, 4, 5, 6, 6])  # Ben
    state = lv.apply(state, lv.Place(6, target=CasinoNumber(7)))
    state = roll(state, [1, 1, 2, 2, 4, 4, 5, 5])  # Carla
    state = lv.apply(state, lv.Place(4, target=CasinoNumber(7)))
    state = roll(state, [3, 5, 5, 5, 5])  # Denny
    assert lv.Place(3, target=CasinoNumber(7)) not in lv.legal_actions(state)
    state = lv.apply(state, lv.Place(5))
    state = roll(state, [2, 2, 2, 2, 2, 2])  # Ben
    state = lv.apply(state, lv.Place(2))
    state = roll(state, [1, 6, 6, 6, 6, 6])  # Carla adds one single 1
    state = lv.apply(state, lv.Place(1, target=CasinoNumber(7)))
    state = roll(state, [3])  # Denny
    state = lv.apply(state, lv.Place(3))
    state = roll(state, [6, 6, 6, 6, 6])  # Carla, Ben being out of dice (C-9)
    return lv.apply(state, lv.Place(6)) if last else state


def test_b7_rulebook_example_denny_ben_carla() -> None:
    """B-7 (rulebook example): Carla chooses first (sum 9 like Denny, but a 4), then Denny, then Ben."""
    state = denny_ben_carla()
    assert state.casinos[6].dice == (3, 2, 3)
    assert slot_ranking(state.casinos[6].weights(), slot_of(state).dice) == ((2, 0, 1), ())
    assert lv.to_move(state) == 2
    assert state.tasks == (SlotChoice(module=0, order=(2, 0, 1)),)
    assert lv.legal_actions(state) == (
        lv.ChooseNote(30_000),
        lv.ChooseNote(20_000),
        lv.ChooseNote(10_000),
    )
    state = lv.apply(state, lv.ChooseNote(20_000))  # Carla may choose any note
    assert lv.to_move(state) == 0
    assert lv.legal_actions(state) == (lv.ChooseNote(30_000), lv.ChooseNote(10_000))
    state = lv.apply(state, lv.ChooseNote(30_000))
    assert lv.to_move(state) == 1
    assert lv.legal_actions(state) == (lv.ChooseNote(10_000),)
    state = lv.apply(state, lv.ChooseNote(10_000))
    assert state.money[2][-1] == 20_000
    assert state.money[0][-1] == 30_000
    assert state.money[1][-1] == 10_000
    assert state.round == 2
    assert state.phase is lv.Phase.FILL


def test_b7_the_slot_machine_pays_after_casino_6() -> None:
    """B-7 (ruling): the slot machine is paid after casino 6: its events come between CasinoPaid(6) and (7)."""
    state = denny_ben_carla()
    events: list[lv.Event] = []
    for note in (30_000, 20_000, 10_000):
        step = lv.step(state, lv.ChooseNote(note))
        events += step.events
        state = step.state
    assert events[:2] == [
        lv.BanknotePaid(casino=CasinoNumber(7), owner=2, value=30_000),
        lv.BanknotePaid(casino=CasinoNumber(7), owner=0, value=20_000),
    ]
    assert events[2:5] == [
        lv.BanknotePaid(casino=CasinoNumber(7), owner=1, value=10_000),
        lv.CasinoPaid(casino=CasinoNumber(7)),
        lv.RoundEnded(round=1),
    ]


def test_b7_payout_starts_when_casino_6_is_paid() -> None:
    """B-7 (ruling): the last placement pays casinos 1-6, then stops at the slot machine's first choice."""
    step = lv.step(denny_ben_carla(last=False), lv.Place(6))
    paid = [e.casino for e in step.events if isinstance(e, lv.CasinoPaid)]
    assert paid == [1, 2, 3, 4, 5, 6]
    assert lv.PayoutStarted(round=1) in step.events
    assert lv.to_move(step.state) == 2
    assert step.state.casinos[6].notes == (30_000, 20_000, 10_000)
    assert all(not c.notes for c in step.state.casinos[:6])


def test_b7_a_face_only_once_per_round_by_anyone() -> None:
    """B-7: a face already on the slot machine this round is offered to nobody, not even its placer."""
    state = start(2)
    state = roll(state, [1, 2, 2, 3, 3, 4, 4, 6])
    legal = lv.legal_actions(state)
    assert legal == (
        lv.Place(1),
        lv.Place(2),
        lv.Place(3),
        lv.Place(4),
        lv.Place(6),
        lv.Place(1, target=CasinoNumber(7)),
        lv.Place(2, target=CasinoNumber(7)),
        lv.Place(3, target=CasinoNumber(7)),
        lv.Place(4, target=CasinoNumber(7)),
        lv.Place(6, target=CasinoNumber(7)),
    )
    state = lv.apply(state, lv.Place(4, target=CasinoNumber(7)))
    assert state.casinos[6].dice == (2, 0)
    assert state.casinos[3].dice == (0, 0)
    assert slot_of(state).used == (4,)
    state = roll(state, [4, 4, 5, 5, 5, 5, 5, 5])
    assert lv.Place(4, target=CasinoNumber(7)) not in lv.legal_actions(state)
    assert lv.Place(5, target=CasinoNumber(7)) in lv.legal_actions(state)
    with pytest.raises(lv.IllegalActionError, match="does not take these dice") as info:
        lv.apply(state, lv.Place(4, target=CasinoNumber(7)))
    assert info.value.reason == "bad-target"
    state = lv.apply(state, lv.Place(4))
    state = roll(state, [1, 1, 2, 3, 4, 6])
    assert lv.Place(4, target=CasinoNumber(7)) not in lv.legal_actions(
        state
    )  # seat 0 may not either


def test_b7_filled_last_like_the_other_casinos() -> None:
    """B-7 (ruling): the slot machine draws notes after casino 6, to the same minimum."""
    state = deal(lv.new_game(lv.classic(2, lv.SlotMachine())), *REGULAR_NOTES)
    assert state.phase is lv.Phase.FILL
    assert state.cursor == 6
    outcomes = dict(lv.chance_outcomes(state))
    assert outcomes[lv.Draw(90_000)] == Fraction(5, 48)
    state = deal(state, [10_000, 30_000])
    assert state.phase is lv.Phase.FILL  # $40,000 is below the minimum
    state = deal(state, [90_000])
    assert state.casinos[6].notes == (90_000, 30_000, 10_000)
    assert state.phase is lv.Phase.ROLL


def test_b7_ties_broken_by_pip_sum_then_highest_die() -> None:
    """B-7: equal counts are ranked by the higher pip sum, then by the higher single die."""
    assert slot_ranking((2, 2), ((6, 0, 2), (5, 1, 2))) == ((0, 1), ())  # 12 beats 10
    assert slot_ranking((2, 2), ((3, 0, 1), (5, 0, 1), (4, 1, 2))) == ((0, 1), ())  # 8 = 8, 5 > 4
    assert slot_ranking((2, 2), ((1, 0, 1), (5, 0, 1), (2, 1, 1), (4, 1, 1))) == ((0, 1), ())
    # Only dice of one face can tie in everything: a seat's 5 and a neutral 5 (owner 2).
    assert slot_ranking((1, 2, 1), ((5, 0, 1), (5, 2, 1), (6, 1, 2))) == ((1,), (0, 2))
    assert slot_ranking((1, 3, 0), ((6, 0, 1), (1, 1, 3))) == ((1, 0), ())  # count first


def test_b7_equal_in_everything_cancel_neutral_ruling() -> None:
    """B-7 (online ruling): a seat's 5 and a neutral 5 on the slot machine are still tied: both cancel."""
    state = start(2, lv.NeutralDice())
    state = roll(state, [1, 1, 1, 1, 1, 1, 1, 5], neutral=[2, 2, 2, 5])
    state = lv.apply(state, lv.Place(5, target=CasinoNumber(7)))
    assert state.casinos[6].dice == (1, 0, 1)
    state = dump(state, 6)
    # Nobody is ranked: no choice, every note goes under the pile.
    assert state.round == 2
    assert state.pile_returned[-3:] == (30_000, 20_000, 10_000)


def test_b7_the_imaginary_owner_takes_the_highest_note_left() -> None:
    """B-7: the neutral dice take the highest note left at their rank; it goes under the pile."""
    state = start(2, lv.NeutralDice())
    state = roll(state, [1, 1, 1, 1, 1, 1, 2, 2], neutral=[3, 3, 4, 5])
    state = lv.apply(state, lv.Place(3, target=CasinoNumber(7)))  # neutral: two 3s
    state = roll(state, [1, 1, 1, 1, 1, 1, 2, 4], neutral=[4, 4, 5, 5])
    state = lv.apply(state, lv.Place(4, target=CasinoNumber(7)))  # seat 1: one 4; neutral: two 4s
    state = roll(state, [1, 1, 1, 1, 1, 1, 2, 2], neutral=[6, 6])
    state = lv.apply(state, lv.Place(6, target=CasinoNumber(7)))  # neutral: two 6s (6 dice in all)
    returned = len(state.pile_returned)
    state = dump(state, 2)
    # Neutral (owner 2): 6 dice, ranks first and takes $30,000 (under the pile); seat 1 chooses next.
    assert lv.to_move(state) == 1
    assert lv.legal_actions(state) == (lv.ChooseNote(20_000), lv.ChooseNote(10_000))
    state = lv.apply(state, lv.ChooseNote(10_000))
    assert state.money[1][-1] == 10_000
    assert state.round == 2
    assert 30_000 in state.pile_returned[returned:]
    # The neutral note at its rank, then the leftover.
    assert state.pile_returned[-2:] == (30_000, 20_000)


def test_b7_a_biggie_counts_two_dice_and_twice_its_face() -> None:
    """B-7 with B-3: a biggie counts as two dice and its face twice in the pip sum."""
    state = start(2, lv.Biggies())
    state = roll(state, [1, 1, 1, 1, 1, 1, 2], big=[3])
    state = lv.apply(
        state, lv.Place(3, target=CasinoNumber(7))
    )  # seat 0: biggie 3 = 2 dice, 6 pips
    state = roll(state, [1, 1, 1, 1, 1, 5, 5], big=[1])
    state = lv.apply(state, lv.Place(5, target=CasinoNumber(7)))  # seat 1: two 5s = 2 dice, 10 pips
    assert state.casinos[6].weights() == (2, 2)
    assert sorted(slot_of(state).dice) == [(3, 0, 2), (5, 1, 2)]
    state = dump(state, 1)
    assert lv.to_move(state) == 1  # 10 pips beat 6


def test_b7_each_owner_one_note_unclaimed_go_under_the_pile() -> None:
    """B-7: one owner takes one note; the notes nobody takes go under the pile."""
    state = start(2)
    state = roll(state, [1, 1, 1, 1, 1, 1, 1, 2])
    state = lv.apply(state, lv.Place(2, target=CasinoNumber(7)))
    state = dump(state, 3)
    assert lv.to_move(state) == 0
    step = lv.step(state, lv.ChooseNote(10_000))
    assert step.state.money[0] == (10_000,)
    assert lv.NotesReturned(casino=CasinoNumber(7), values=(30_000, 20_000)) in step.events
    check_invariants(step.state)


def test_b7_the_slot_machine_is_cleared_each_round() -> None:
    """B-7: faces are used for one round; the next round's slot machine is empty."""
    state = start(2)
    state = roll(state, [1, 1, 1, 1, 1, 1, 1, 2])
    state = lv.apply(state, lv.Place(2, target=CasinoNumber(7)))
    state = dump(state, 3)
    state = lv.apply(state, lv.ChooseNote(30_000))
    assert state.round == 2
    assert slot_of(state) == SlotMachineState()
    assert state.casinos[6].dice == (0, 0)


def test_b7_a_choice_must_be_one_of_the_notes_there() -> None:
    """B-7: choosing a note that is not at the slot machine is illegal and changes nothing."""
    state = denny_ben_carla()
    with pytest.raises(lv.IllegalActionError, match="ChooseNote"):
        lv.apply(state, lv.ChooseNote(90_000))
    with pytest.raises(lv.IllegalActionError):
        lv.apply(state, lv.Place(1))
    assert lv.to_move(state) == 2


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_b7_random_games(players: int) -> None:
    """B-7: random games with the slot machine keep every engine contract."""
    random_sim_test(lv.classic(players, lv.SlotMachine()), games=2, seed=players)
