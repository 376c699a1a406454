"""The rainbow cards, module ``RainbowCards`` (B-5, X-2), scripted through the public API."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import ClassVar

import attrs
import pytest

import lasvegas as lv
from lasvegas.boulevard import RAINBOW, RainbowDraw, RainbowReplaced, RainbowState
from lasvegas.testing import check_invariants, deal, random_sim_test
from lasvegas.types import CasinoNumber


@attrs.frozen
class TinyPile(lv.RuleModule):
    """Test module: a pile of *count* $50,000 notes (runs before the rainbow cards are added)."""

    id: ClassVar[str] = "test-tiny-pile"
    order: ClassVar[int] = 50
    count: int = 9

    def configure(self, params: lv.Params, players: int) -> lv.Params:
        return attrs.evolve(params, notes=(50_000,) * self.count)


def all_in(state: lv.State, faces: dict[int, int]) -> lv.State:
    """Each seat in turn rolls all 8 dice as its face in *faces* and places them (one turn each)."""
    for _ in faces:
        seat = state.active
        state = lv.apply(state, lv.Roll((faces[seat],) * 8))
        state = lv.apply(state, lv.Place(faces[seat]))
    return state


def discarded(state: lv.State) -> int:
    index = next(i for i, m in enumerate(state.config.modules) if m.id == "rainbow-cards")
    value = state.modules[index]
    assert isinstance(value, RainbowState)
    return value.discarded


def test_x2_six_rainbow_cards_in_the_pile() -> None:
    """X-2: six rainbow cards are shuffled into the pile, written as the note value RAINBOW (0)."""
    assert RAINBOW == 0
    state = lv.new_game(lv.classic(4, lv.RainbowCards()))
    assert Counter(state.pile_hidden)[RAINBOW] == 6
    assert len(state.pile_hidden) == 60
    assert dict(lv.chance_outcomes(state))[lv.Draw(RAINBOW)] == Fraction(6, 60)
    assert lv.new_game(lv.classic(4, lv.RainbowCards(count=2))).pile_hidden[:3] == (0, 0, 10_000)
    with pytest.raises(lv.ConfigError, match="count"):
        lv.RainbowCards(count=0)


def test_b5_a_rainbow_card_counts_40000_for_the_minimum() -> None:
    """B-5: a rainbow card dealt at setup counts as $40,000 when the casino is filled."""
    state = lv.new_game(lv.classic(2, lv.RainbowCards()))
    state = lv.apply(state, lv.Draw(RAINBOW))
    assert state.cursor == 0  # $40,000 < $50,000: casino 1 draws again
    state = lv.apply(state, lv.Draw(10_000))
    assert state.casinos[0].notes == (10_000, RAINBOW)
    assert state.cursor == 1
    small = lv.new_game(lv.classic(2, lv.RainbowCards(), lv.MinimumByPlayers()))
    small = lv.apply(small, lv.Draw(RAINBOW))  # B-1: $30,000 with 2 players
    assert small.cursor == 1
    assert small.casinos[0].notes == (RAINBOW,)


def test_b5_rainbow_cards_are_replaced_before_payout_repeatedly() -> None:
    """B-5: before payout each rainbow card is replaced by the top note, again while a rainbow is drawn."""
    state = lv.new_game(lv.classic(2, lv.RainbowCards()))
    state = deal(state, [RAINBOW, 10_000], [50_000], [50_000], [60_000], [60_000], [70_000])
    state = all_in(state, {0: 1, 1: 2})
    assert state.phase is lv.Phase.PAYOUT
    assert state.cursor == 0
    assert state.tasks == (RainbowDraw(module=0),)
    assert lv.to_move(state) is lv.CHANCE
    assert lv.legal_actions(state) == ()
    hidden = state.pile_hidden
    outcomes = dict(lv.chance_outcomes(state))
    assert outcomes[lv.Draw(RAINBOW)] == Fraction(5, len(hidden))  # pile order is chance (C-4)
    assert sum(outcomes.values()) == 1
    step = lv.step(state, lv.Draw(RAINBOW))  # another rainbow: replaced in turn
    state = step.state
    assert step.events == (RainbowReplaced(casino=1, value=RAINBOW),)
    assert state.casinos[0].notes == (10_000, RAINBOW)
    assert lv.to_move(state) is lv.CHANCE
    assert discarded(state) == 1
    check_invariants(state)
    step = lv.step(state, lv.Draw(90_000))
    state = step.state
    assert step.events[0] == RainbowReplaced(casino=1, value=90_000)
    assert lv.BanknotePaid(casino=CasinoNumber(1), owner=0, value=90_000) in step.events
    assert discarded(state) == 2
    assert state.money == ((90_000,), (50_000,))
    assert Counter(state.pile_hidden)[RAINBOW] == 4  # 6, less the two discarded
    check_invariants(state)


def test_b5_order_casinos_then_the_slot_machine_ruling() -> None:
    """B-5 (ruling): rainbow cards are replaced casino by casino, 1..6, then the slot machine."""
    config = lv.classic(2, lv.RainbowCards(), lv.SlotMachine())
    state = deal(lv.new_game(config), [60_000], [RAINBOW, 20_000], [50_000], [60_000], [60_000])
    state = deal(state, [70_000], [RAINBOW, 90_000])
    state = all_in(state, {0: 1, 1: 3})
    first = lv.step(state, lv.Draw(40_000))
    assert first.events == (RainbowReplaced(casino=2, value=40_000),)
    second = lv.step(first.state, lv.Draw(80_000))
    assert second.events[0] == RainbowReplaced(casino=7, value=80_000)
    assert second.state.round == 2  # nobody played the slot machine: it pays nothing
    assert 80_000 in second.state.pile_returned


def test_b5_a_draw_must_be_a_note_of_the_pile() -> None:
    """B-5: a replacement must draw a note left in the pile; anything else is refused."""
    state = lv.new_game(lv.classic(2, lv.RainbowCards()))
    state = deal(state, [RAINBOW, 10_000], [90_000], [90_000], [90_000], [90_000], [90_000])
    state = all_in(state, {0: 1, 1: 2})
    for bad in (lv.Draw(90_000), lv.Draw(-1), lv.Place(1), lv.Roll((1,))):
        with pytest.raises(lv.IllegalActionError, match="rainbow-draw"):
            lv.apply(state, bad)
    assert lv.to_move(state) is lv.CHANCE


def test_b5_replacement_from_the_returned_notes() -> None:
    """B-5, C-4: with the unseen pile empty, the replacement is the next returned note, for certain."""
    config = lv.classic(2, lv.RainbowCards(count=1), TinyPile(9))
    state = deal(lv.new_game(config), *[[50_000]] * 6)
    state = all_in(state, {0: 1, 1: 2})  # casinos 3-6 return their notes under the pile
    assert state.round == 2
    assert state.pile_returned == (50_000,) * 4
    state = deal(state, [RAINBOW, 50_000], [50_000], [50_000])
    assert state.pile_hidden == ()
    state = deal(state, [50_000], [50_000], [50_000])
    state = all_in(state, {1: 3, 0: 4})
    assert state.tasks == (RainbowDraw(module=1),)  # the test pile module comes first
    assert lv.chance_outcomes(state) == ((lv.Draw(50_000), Fraction(1)),)
    assert lv.sample_chance(state, lv.Rng(3)) == lv.Draw(50_000)
    state = lv.apply(state, lv.Draw(50_000))
    assert discarded(state) == 1
    assert state.round == 3
    check_invariants(state)


def test_b5_empty_pile_discards_without_replacement_ruling() -> None:
    """B-5 (ruling): with the pile empty, a rainbow card is discarded and not replaced."""
    config = lv.classic(2, lv.RainbowCards(count=1), TinyPile(5))
    state = deal(lv.new_game(config), [RAINBOW, 50_000], [50_000], [50_000], [50_000], [50_000])
    assert state.phase is lv.Phase.ROLL  # C-6: casino 6 got nothing
    state = all_in(state, {0: 2})
    step = lv.step(state, lv.Roll((1,) * 8))
    step = lv.step(step.state, lv.Place(1))
    assert RainbowReplaced(casino=1, value=None) in step.events
    assert lv.BanknotePaid(casino=CasinoNumber(1), owner=1, value=50_000) in step.events
    assert discarded(step.state) == 1
    assert step.state.round == 2
    check_invariants(step.state)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_b5_random_games(players: int) -> None:
    """B-5: random games with rainbow cards keep every engine contract; notes are conserved."""
    random_sim_test(lv.classic(players, lv.RainbowCards()), games=2, seed=players)
