"""Las Vegas: The Card Game, module ``CardGame`` (K-1 to K-11, K-13, K-18, X-18, X-19).

Every scenario is scripted through the public API: notes are ``lv.Draw`` outcomes, cards are
``lv.DrawCard`` outcomes, choices are ``lv.PlayCards``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lasvegas as lv
from lasvegas.cardgame import (
    DICE_CARDS,
    HIDDEN,
    NOTES,
    CardGameState,
    CardsCommitted,
    CardsDiscarded,
    CardsPlayed,
    NotesBoxed,
    SeatOut,
    card,
    card_dice,
    card_face,
    selections,
)
from lasvegas.testing import (
    deal_cards,
    part,
    play,
    play_cards,
    random_game,
    random_sim_test,
    setup_round,
)
from lasvegas.types import CasinoNumber

NOTES12 = (
    100_000, 30_000,  # casino 1
    90_000, 40_000,  # casino 2
    80_000, 50_000,  # casino 3
    70_000, 60_000,  # casino 4
    100_000, 90_000,  # casino 5
    40_000, 30_000,  # casino 6
)  # fmt: skip
"""Notes for casinos 1..6, two each, in dealing order."""

FILLER = (11, 21, 31, 41, 51)
"""A hand whose exact cards do not matter to a test."""


@attrs.frozen
class OneRound(lv.RuleModule):
    """Test module: a card game of a single round (to script a whole game's end)."""

    id: ClassVar[str] = "test-one-round"
    editions: ClassVar[frozenset[str]] = frozenset({"cardgame"})

    def configure(self, params: lv.Params, players: int) -> lv.Params:
        return attrs.evolve(params, rounds=1)


def table(state: lv.State, seat: int | None) -> CardGameState:
    """The card game's slice as *seat* sees it."""
    value = part(lv.observe(state, seat), "cardgame")
    assert isinstance(value, CardGameState)
    return value


def notes(state: lv.State, values: Iterable[int] = NOTES12) -> lv.State:
    """Draw these notes (casinos 1..6, two each), one chance node each."""
    return play(state, [lv.Draw(value) for value in values])


def choose(state: lv.State, *picks: tuple[int, Sequence[int]]) -> lv.State:
    """Each ``(seat, cards)`` commits in turn; the seat must be the one to move."""
    for seat, cards in picks:
        assert lv.to_move(state) == seat
        state = play_cards(state, cards)
    return state


def events(state: lv.State, action: lv.Action) -> tuple[lv.State, tuple[lv.Event, ...]]:
    step = lv.step(state, action)
    return step.state, step.events


def start(players: int = 4, *hands: Sequence[int], config: lv.GameConfig | None = None) -> lv.State:
    """The round's notes (NOTES12) and hands (seat by seat) dealt: the first choice is next."""
    game = lv.new_game(config or lv.cardgame(players))
    return setup_round(game, notes=NOTES12, hands=hands or [FILLER] * players)


# -- K-1 to K-4: the game, the components, the round's setup ------------------------------------


def test_k1_two_to_five_players_four_rounds() -> None:
    """K-1: 2-5 players; 4 rounds."""
    for players in range(2, 6):
        assert lv.cardgame(players).ruleset.params.rounds == 4
    for players in (1, 6):
        with pytest.raises(lv.ConfigError, match="takes 2-5"):
            lv.cardgame(players)


def test_k1_k8_at_most_six_turns_per_round() -> None:
    """K-1, K-8: in random games no round has more than 6 turns of choices."""
    for seed in range(3):
        state = lv.new_game(lv.cardgame(3))
        rng = lv.Rng(seed)
        turns: Counter[int] = Counter()
        while (mover := lv.to_move(state)) is not None:
            if mover is lv.CHANCE:
                action = lv.sample_chance(state, rng)
            else:
                legal = lv.legal_actions(state)
                action = legal[rng.below(len(legal))]
            new, happened = events(state, action)
            turns[state.round] += sum(isinstance(e, CardsPlayed) for e in happened)
            part = new.modules[0]
            assert isinstance(part, CardGameState)
            assert part.turn <= 6
            state = new
        assert all(count <= 6 * 3 for count in turns.values())
        assert sorted(turns) == [1, 2, 3, 4]


def test_k2_x18_thirty_dice_cards_per_player() -> None:
    """K-2, ruling X-18: 30 cards each, per face four single cards and one double card."""
    deck = DICE_CARDS
    assert len(deck) == 30
    assert Counter(deck) == {10 * f + 1: 4 for f in range(1, 7)} | {
        10 * f + 2: 1 for f in range(1, 7)
    }
    assert sum(card_dice(c) for c in deck) == 36
    assert card(5, 2) == 52
    assert card_face(52) == 5
    with pytest.raises(ValueError, match="one or two dice"):
        card(5, 3)
    # The core sees each seat's cards as 24 regular and 6 big dice, held by the module: no
    # dice in the supply, the cards in Params.held, all of them what conservation counts.
    config = lv.cardgame(3)
    params = config.ruleset.params
    assert (params.dice, params.held, params.owned) == ((0, 0, 0, 0), (24, 6, 0, 0), (24, 6, 0, 0))
    state = lv.new_game(config)
    assert state.supply == ((0, 0, 0, 0),) * 3
    assert state.config.modules[0].held(state, 0).dice == (30, 30, 30)


def test_k3_x19_forty_eight_notes_two_per_casino() -> None:
    """K-3, ruling X-19: 48 notes (6 each of $30,000-$100,000); 2 dealt per casino, by chance."""
    assert Counter(NOTES) == dict.fromkeys(range(30000, 100001, 10000), 6)
    state = lv.new_game(lv.cardgame(4))
    assert state.pile_hidden == NOTES
    outcomes = dict(lv.chance_outcomes(state))
    assert outcomes == {lv.Draw(v): Fraction(6, 48) for v in range(30_000, 100_001, 10_000)}
    assert lv.describe(lv.Draw(30_000), state) == "Draw a $30,000 note for casino 1"
    state = lv.apply(state, lv.Draw(100_000))
    assert dict(lv.chance_outcomes(state))[lv.Draw(100_000)] == Fraction(5, 47)
    state = notes(state, NOTES12[1:])
    assert [c.notes for c in state.casinos] == [
        (100_000, 30_000),
        (90_000, 40_000),
        (80_000, 50_000),
        (70_000, 60_000),
        (100_000, 90_000),
        (40_000, 30_000),
    ]
    assert len(state.pile_hidden) == 36
    with pytest.raises(lv.IllegalActionError):
        lv.apply(lv.new_game(lv.cardgame(4)), lv.Draw(10_000))  # no such note in this game


def test_k4_five_cards_each_seat_by_seat_one_node_per_card() -> None:
    """K-4: each seat draws 5 from its own 30 shuffled cards, seat by seat from the start player."""
    state = notes(lv.new_game(lv.cardgame(3)))
    outcomes = dict(lv.chance_outcomes(state))
    assert outcomes[lv.DrawCard(51)] == Fraction(4, 30)
    assert outcomes[lv.DrawCard(52)] == Fraction(1, 30)
    assert sum(outcomes.values()) == 1
    assert len(outcomes) == 12
    state = deal_cards(state, (52, 11, 11, 11, 11))
    assert table(state, 0).hands[0] == (11, 11, 11, 11, 52)
    assert Counter(table(state, 0).decks[0]) == Counter(DICE_CARDS) - Counter((52, 11, 11, 11, 11))
    # Seat 0 has no single 1 left: that outcome is gone from seat 0's pile, not from seat 1's.
    assert lv.DrawCard(11) in dict(lv.chance_outcomes(state))
    state = deal_cards(state, (11,))
    assert table(state, 1).hands[1] == (11,)
    with pytest.raises(lv.IllegalActionError, match="no such card"):
        lv.apply(state, lv.DrawCard(53))
    state = deal_cards(state, (12,))
    with pytest.raises(lv.IllegalActionError):
        lv.apply(state, lv.DrawCard(12))  # seat 1 has only one double 1
    state = deal_cards(state, (21, 31, 41), FILLER)
    assert lv.to_move(state) == 0  # every hand is dealt: the first choice


def quick_round(state: lv.State, first: int = 0) -> lv.State:
    """Two players, both out after two turns: five of one face, then three of another (K-7)."""
    other = 1 - first
    state = notes(state)
    state = deal_cards(state, (11, 11, 11, 11, 12), (21, 21, 21, 21, 22))
    state = choose(state, (first, (11, 11, 11, 11, 12)), (other, (21, 21, 21, 21, 22)))
    state = deal_cards(state, (31, 31, 31, 41, 51), (41, 41, 41, 51, 61))
    return choose(state, (first, (31, 31, 31)), (other, (41, 41, 41)))


def test_k4_k17_every_round_reshuffles_and_the_start_player_passes_left() -> None:
    """K-4, K-17: each round every seat starts from all 30 cards; seat 1 starts round 2."""
    state = quick_round(lv.new_game(lv.cardgame(2)))
    assert state.round == 2
    assert state.start == 1
    state = notes(state)
    part = table(state, 0)
    assert part.decks[0] == DICE_CARDS
    assert part.hands == ((), ())
    assert part.discards[0] == ()
    assert part.out == (False, False)
    state = deal_cards(state, (61,))
    assert table(state, 1).hands[1] == (61,)  # seat 1, the start player, is dealt first
    state = deal_cards(state, (61, 61, 61, 62), FILLER)
    assert lv.to_move(state) == 1  # and chooses first (K-13)


# -- K-5, K-13: selections, simultaneous and hidden ------------------------------------------------

LEO = (51, 51, 51, 11, 21)
HENRY = (61, 61, 31, 32, 41)
REBECCA = (11, 41, 41, 21, 62)
EMILY = (51, 11, 21, 31, 42)


def test_k5_selection_criteria_rulebook_example() -> None:
    """K-5 (rulebook example): Leo three 5s, Henry two 6s, Rebecca a 1 and a 4, Emily a 5;
    nobody may choose two 4s and a 2."""
    state = start(4, LEO, HENRY, REBECCA, EMILY)
    assert lv.PlayCards((51, 51, 51)) in lv.legal_actions(state)
    state = choose(state, (0, (51, 51, 51)))
    assert lv.PlayCards((61, 61)) in lv.legal_actions(state)
    state = choose(state, (1, (61, 61)))
    legal = lv.legal_actions(state)
    assert lv.PlayCards((11, 41)) in legal
    assert lv.PlayCards((21, 41, 41)) not in legal
    before = state
    with pytest.raises(lv.IllegalActionError, match="not among the legal actions"):
        lv.apply(state, lv.PlayCards((21, 41, 41)))
    assert state == before
    state = choose(state, (2, (11, 41)), (3, (51,)))
    assert state.casinos[4].dice == (3, 0, 0, 1)
    assert state.casinos[5].dice == (0, 2, 0, 0)


def test_k5_legal_selections_listed_once() -> None:
    """K-5: identical cards make one selection; 3-5 cards only of one face; 1-2 of any."""
    assert [a.cards for a in selections((21, 21, 21, 21, 22))] == [  # type: ignore[attr-defined]
        (21,),
        (22,),
        (21, 21),
        (21, 22),
        (21, 21, 21),
        (21, 21, 22),
        (21, 21, 21, 21),
        (21, 21, 21, 22),
        (21, 21, 21, 21, 22),
    ]
    assert len(selections((11, 21, 31, 41, 51))) == 5 + 10


@given(st.lists(st.sampled_from(DICE_CARDS), min_size=1, max_size=5))
def test_k5_selections_match_a_brute_force(cards: list[int]) -> None:
    """K-5: the legal selections are exactly the distinct sub-multisets meeting the criteria."""
    hand = tuple(sorted(cards))
    expected: set[tuple[int, ...]] = set()
    for mask in range(1, 2 ** len(hand)):
        pick = tuple(c for i, c in enumerate(hand) if mask >> i & 1)
        if len(pick) <= 2 or len({c // 10 for c in pick}) == 1:
            expected.add(pick)
    listed = [a.cards for a in selections(hand)]  # type: ignore[attr-defined]
    assert len(listed) == len(set(listed))
    assert set(listed) == expected


def test_k13_choices_hidden_until_the_last_one_reveals_all() -> None:
    """K-5, K-13: commitments in turn order; nothing of one shows in another seat's view or
    events until the last seat has chosen; then all are placed at once."""
    state = start(4, LEO, HENRY, REBECCA, EMILY)
    before = lv.observe(state, 1)
    state, happened = events(state, lv.PlayCards((51, 51, 51)))
    assert happened == (CardsCommitted(seat=0),)
    assert lv.to_move(state) == 1
    seen = table(state, 1)
    assert seen.choices == ((), None, None, None)
    assert seen.hands[0] == (HIDDEN,) * 5  # the hand still holds 5 cards: no count leaks
    assert lv.observe(state, 1).casinos == before.casinos
    assert table(state, None).choices[0] == ()
    assert table(state, 0).choices[0] == (51, 51, 51)  # a seat sees its own choice
    other = lv.apply(start(4, LEO, HENRY, REBECCA, EMILY), lv.PlayCards((11,)))
    for seat in (None, 1, 2, 3):
        assert lv.observe(other, seat) == lv.observe(state, seat)
    assert lv.observe(other, 0) != lv.observe(state, 0)
    state = choose(state, (1, (61, 61)), (2, (11, 41)))
    state, happened = events(state, lv.PlayCards((51,)))
    played = [e for e in happened if isinstance(e, CardsPlayed)]
    assert played == [
        CardsPlayed(seat=0, cards=(51, 51, 51)),
        CardsPlayed(seat=1, cards=(61, 61)),
        CardsPlayed(seat=2, cards=(11, 41)),
        CardsPlayed(seat=3, cards=(51,)),
    ]
    assert lv.DicePlaced(seat=0, face=5, casino=CasinoNumber(5), counts=(3, 0, 0, 0)) in happened
    assert state.casinos[0].dice == (0, 0, 1, 0)
    assert state.casinos[3].dice == (0, 0, 1, 0)


def test_k13_views_ignore_what_is_hidden() -> None:
    """K-13, K-18: redrawing every card hidden from a seat leaves that seat's view unchanged."""
    rng = lv.Rng(11)
    for config in (lv.cardgame(3), lv.cardgame(2, lv.Sequential(), lv.ChipCards())):
        state = lv.new_game(config)
        for _ in range(250):
            if lv.to_move(state) is None:
                break
            for seat in (None, 0, 1):
                for i, module in enumerate(config.modules):
                    other = module.resample_hidden(state, i, seat, rng)
                    assert lv.observe(other, seat) == lv.observe(state, seat)
            if lv.to_move(state) is lv.CHANCE:
                state = lv.apply(state, lv.sample_chance(state, rng))
            else:
                legal = lv.legal_actions(state)
                state = lv.apply(state, legal[rng.below(len(legal))])


# -- K-6, K-18: discards and new cards ---------------------------------------------------------------


def test_k6_k18_unchosen_cards_discarded_privately_then_five_new() -> None:
    """K-6: unchosen cards are discarded and each seat draws 5 anew; K-18: discards are private."""
    state = start(4, LEO, HENRY, REBECCA, EMILY)
    state = choose(state, (0, (51, 51, 51)), (1, (61, 61)), (2, (11, 41)))
    state, happened = events(state, lv.PlayCards((51,)))
    assert CardsDiscarded(seat=0, count=2) in happened
    assert CardsDiscarded(seat=3, count=4) in happened
    mine, theirs = table(state, 0), table(state, 1)
    assert mine.discards[0] == (11, 21)
    assert theirs.discards[0] == (HIDDEN, HIDDEN)
    assert theirs.discards[1] == (31, 32, 41)
    assert mine.hands == ((), (), (), ())
    assert mine.turn == 2
    assert lv.to_move(state) is lv.CHANCE
    state = deal_cards(state, (12, 22, 32, 42, 52))
    assert table(state, 0).hands[0] == (12, 22, 32, 42, 52)
    assert table(state, 1).hands[0] == (HIDDEN,) * 5
    assert table(state, 1).decks[0] == (HIDDEN,) * 20


# -- K-7, K-8: out at 8 cards, the round's end -----------------------------------------------------


def test_k7_k8_rebecca_out_after_eleven_cards_round_ends_after_six_turns() -> None:
    """K-7 (rulebook example): Rebecca has 7 cards placed after turn 3 and places four 2s in
    turn 4: 11 cards, so she sits out turns 5 and 6; K-8: the round ends after turn 6."""
    rebecca = 1
    state = start(2, (11, 21, 31, 41, 51), (11, 11, 11, 12, 31))
    state = choose(state, (0, (11,)), (rebecca, (11, 11, 11)))
    state = deal_cards(state, FILLER, (31, 41, 51, 61, 62))
    state = choose(state, (0, (21,)), (rebecca, (31, 41)))
    state = deal_cards(state, FILLER, (51, 61, 32, 42, 52))
    state = choose(state, (0, (31,)), (rebecca, (51, 61)))
    assert sum(c.dice[rebecca] + c.big[rebecca] for c in state.casinos) == 7
    state = deal_cards(state, FILLER, (21, 21, 21, 21, 22))
    state = choose(state, (0, (41,)))
    state, happened = events(state, lv.PlayCards((21, 21, 21, 21)))
    assert sum(c.dice[rebecca] + c.big[rebecca] for c in state.casinos) == 11
    assert SeatOut(seat=rebecca, reason="eight-cards") in happened
    part = table(state, rebecca)
    assert part.out == (False, True)
    assert part.decks[rebecca] == ()
    assert len(part.discards[rebecca]) == 30 - 11
    # Turn 5: only seat 0 draws and chooses; its choice is revealed at once.
    state = deal_cards(state, (12, 22, 32, 42, 52))
    assert lv.to_move(state) == 0
    state, happened = events(state, lv.PlayCards((12,)))
    assert CardsPlayed(seat=0, cards=(12,)) in happened
    state = deal_cards(state, (61, 61, 61, 61, 62))
    state, happened = events(state, lv.PlayCards((61,)))
    assert lv.RoundEnded(round=1) in happened  # K-8: after the 6th turn
    assert state.round == 2


def test_k8_round_ends_when_every_player_is_out() -> None:
    """K-8: once every seat is out the round ends, before its 6th turn."""
    state = notes(lv.new_game(lv.cardgame(2)))
    state = deal_cards(state, (11, 11, 11, 11, 12), (21, 21, 21, 21, 22))
    state = choose(state, (0, (11, 11, 11, 11, 12)), (1, (21, 21, 21, 21, 22)))
    state = deal_cards(state, (31, 31, 31, 41, 51), (41, 41, 41, 51, 61))
    state = choose(state, (0, (31, 31, 31)))
    state, happened = events(state, lv.PlayCards((41, 41, 41)))
    assert [e for e in happened if isinstance(e, SeatOut)] == [
        SeatOut(seat=0, reason="eight-cards"),
        SeatOut(seat=1, reason="eight-cards"),
    ]
    assert lv.PayoutStarted(round=1) in happened
    assert lv.RoundEnded(round=1) in happened
    assert state.round == 2
    assert lv.to_move(state) is lv.CHANCE


def test_k9_short_draw_pile() -> None:
    """K-9 (ruling): with fewer than 5 cards left a seat draws what is left; with no card in
    hand and none to draw it is out."""
    small = lv.CardGame(deck=(11, 21, 31, 41, 51, 61, 12))
    config = lv.cardgame(2, small)
    assert config.ruleset.params.held == (6, 1, 0, 0)
    state = start(2, (11, 21, 31, 41, 51), (11, 21, 31, 41, 51), config=config)
    state = choose(state, (0, (11,)), (1, (21,)))
    state = deal_cards(state, (61, 12), (61,))
    assert table(state, 0).hands[0] == (12, 61)
    state = deal_cards(state, (12,))
    assert lv.to_move(state) == 0  # the deal stopped at 2 cards each
    state = choose(state, (0, (12,)))
    state, happened = events(state, lv.PlayCards((12, 61)))
    assert SeatOut(seat=0, reason="no-cards") in happened
    assert SeatOut(seat=1, reason="no-cards") in happened
    assert lv.RoundEnded(round=1) in happened


# -- K-10, K-11: payout, the end ---------------------------------------------------------------------


def test_k10_ties_counted_in_dice_rulebook_example() -> None:
    """K-10 (rulebook example, casino 5): Leo 3 cards/4 dice, Henry 4 cards/4 dice, Rebecca
    1 card/2 dice, Emily 2 cards/2 dice: both pairs are tied and removed; the casino's notes
    go back to the box. Elsewhere the most dice takes the higher note, the runner-up the
    other, and a lone owner's second note goes to the box."""
    leo, henry, rebecca, emily = 0, 1, 2, 3
    state = start(
        4, (51, 51, 52, 61, 62), (51, 51, 51, 51, 61), (52, 11, 21, 41, 42), (51, 51, 11, 21, 31)
    )
    state = choose(
        state,
        (leo, (51, 51, 52)),
        (henry, (51, 51, 51, 51)),
        (rebecca, (52,)),
        (emily, (51, 51)),
    )
    assert state.casinos[4].weights() == (4, 4, 2, 2)
    assert state.casinos[4].dice == (2, 4, 0, 2)
    assert state.casinos[4].big == (1, 0, 1, 0)
    state = deal_cards(
        state,
        (11, 11, 11, 11, 12),
        (21, 21, 21, 21, 22),
        (31, 31, 31, 31, 32),
        (41, 41, 41, 41, 42),
    )
    state = choose(
        state,
        (leo, (11, 11, 11, 11, 12)),
        (henry, (21, 21, 21, 21, 22)),
        (rebecca, (31, 31, 31, 31, 32)),
        (emily, (41, 41, 41, 41, 42)),
    )
    state = deal_cards(state, (61, 61, 11, 21, 41), (61, 12, 22, 32, 52))
    state = choose(state, (rebecca, (61, 61)))
    state, happened = events(state, lv.PlayCards((61,)))
    assert lv.TiesRemoved(casino=CasinoNumber(5), owners=(0, 1, 2, 3)) in happened
    assert NotesBoxed(casino=5, values=(100_000, 90_000)) in happened
    assert not [e for e in happened if isinstance(e, lv.BanknotePaid) and e.casino == 5]
    assert lv.BanknotePaid(casino=CasinoNumber(6), owner=rebecca, value=40_000) in happened
    assert lv.BanknotePaid(casino=CasinoNumber(6), owner=emily, value=30_000) in happened
    assert NotesBoxed(casino=1, values=(30_000,)) in happened
    assert state.money[leo] == (100_000,)
    assert state.money[rebecca] == (80_000, 40_000)
    part = table(state, None)
    assert part.box == (30_000, 40_000, 50_000, 60_000, 100_000, 90_000)
    assert lv.standings(state).money == (100_000, 90_000, 120_000, 100_000)


def test_k10_a_double_card_counts_two_dice() -> None:
    """K-10: ties and ranks count dice, not cards: one double card beats one single card and
    ties with two single cards."""
    state = start(3, (52, 11, 21, 31, 41), (51, 11, 21, 31, 41), (61, 61, 62, 11, 21))
    state = choose(state, (0, (52,)), (1, (51,)), (2, (61, 61)))
    state = deal_cards(state, (62, 11, 21, 31, 41), (61, 61, 11, 21, 31), (11, 12, 22, 32, 42))
    state = choose(state, (0, (62,)), (1, (61, 61)), (2, (11,)))
    # Casino 5: seat 0 has 1 card / 2 dice, seat 1 one die. Casino 6: seat 0 one double card,
    # seat 1 and seat 2 two single cards each: all three hold 2 dice.
    assert state.casinos[4].weights() == (2, 1, 0)
    assert state.casinos[5].weights() == (2, 2, 2)
    state, happened = finish_round(state, avoid=frozenset({5, 6}))
    assert lv.BanknotePaid(casino=CasinoNumber(5), owner=0, value=100_000) in happened
    assert lv.BanknotePaid(casino=CasinoNumber(5), owner=1, value=90_000) in happened
    assert lv.TiesRemoved(casino=CasinoNumber(6), owners=(0, 1, 2)) in happened
    assert NotesBoxed(casino=6, values=(40_000, 30_000)) in happened


def _drawn_key(action: lv.Action, avoid: frozenset[int]) -> tuple[bool, str]:
    """Lowest card first, cards of avoided faces last."""
    face = action.card // 10 if isinstance(action, lv.DrawCard) else 0
    return face in avoid, repr(action)


def finish_round(
    state: lv.State, avoid: frozenset[int] = frozenset()
) -> tuple[lv.State, list[lv.Event]]:
    """Play the round to its end: draw the lowest card (avoided faces last), play as many
    cards as allowed, none of an avoided face."""
    now = state.round
    log: list[lv.Event] = []
    while state.round == now and (mover := lv.to_move(state)) is not None:
        if mover is lv.CHANCE:
            action = min(lv.chance_outcomes(state), key=lambda o: _drawn_key(o[0], avoid))[0]
        else:
            plays = [a for a in lv.legal_actions(state) if isinstance(a, lv.PlayCards)]
            action = max(
                (a for a in plays if not {c // 10 for c in a.cards} & avoid),
                key=lambda a: len(a.cards),
            )
        step = lv.step(state, action)
        log.extend(step.events)
        state = step.state
    return state, log


def play_to_end(state: lv.State) -> lv.State:
    """Finish a game deterministically through the public API (lowest outcome, first choice)."""
    while (mover := lv.to_move(state)) is not None:
        if mover is lv.CHANCE:
            state = lv.apply(state, min(lv.chance_outcomes(state), key=lambda o: repr(o[0]))[0])
        else:
            state = lv.apply(state, lv.legal_actions(state)[0])
    return state


def test_k11_end_after_four_rounds_all_notes_used() -> None:
    """K-11: the game ends after 4 rounds, when all 48 notes have been used (won or boxed)."""
    state, _ = random_game(lv.cardgame(4), lv.Rng(21))
    assert lv.to_move(state) is None
    assert state.round == 4
    assert state.pile_hidden == ()
    assert state.pile_returned == ()
    won = [n for notes_won in state.money for n in notes_won]
    part = table(state, None)
    assert Counter(won) + Counter(part.box) == Counter(NOTES)
    assert lv.standings(state).winners


def test_k11_money_tie_goes_to_more_notes() -> None:
    """K-11: most money wins; tied on money, more notes wins."""
    values = (
        40_000,
        30_000,
        80_000,
        30_000,
        40_000,
        30_000,
        40_000,
        30_000,
        40_000,
        30_000,
        80_000,
        30_000,
    )
    state = notes(lv.new_game(lv.cardgame(2, OneRound())), values)
    state = deal_cards(state, (11, 11, 11, 11, 12), (21, 21, 21, 21, 22))
    state = choose(state, (0, (11, 11, 11, 11, 12)), (1, (21, 21, 21, 21, 22)))
    state = deal_cards(state, (31, 41, 61, 62, 52), (61, 61, 61, 51, 41))
    state = choose(state, (0, (31, 41)), (1, (61, 61, 61)))
    state = deal_cards(state, (51, 21, 31, 41, 42))
    state, happened = events(state, lv.PlayCards((51,)))
    result = lv.standings(state)
    assert result.money == (160_000, 160_000)
    assert result.notes == (4, 2)
    assert result.winners == (0,)
    assert lv.GameEnded(winners=(0,)) in happened


def two_turn_game(values: Sequence[int], *modules: lv.RuleModule) -> lv.State:
    state = notes(lv.new_game(lv.cardgame(2, OneRound(), *modules)), values)
    return deal_cards(state, (11, 11, 11, 11, 12), (21, 21, 21, 21, 22))


def test_k11_still_tied_several_winners() -> None:
    """K-11: tied on money and on notes: several winners."""
    values = (50_000, 30_000) * 4 + (40_000,) * 4
    state = two_turn_game(values)
    state = choose(state, (0, (11, 11, 11, 11, 12)), (1, (21, 21, 21, 21, 22)))
    state = deal_cards(state, (31, 31, 31, 41, 51), (41, 41, 41, 51, 61))
    state = choose(state, (0, (31, 31, 31)), (1, (41, 41, 41)))
    assert lv.to_move(state) is None
    assert lv.standings(state) == lv.Standings(
        money=(100_000, 100_000), notes=(2, 2), winners=(0, 1)
    )


# -- the edition on the engine ---------------------------------------------------------------------


def test_cardgame_module_options_replace_the_component_lists() -> None:
    """X-18, X-19 are data: a config can carry other decks and notes."""
    config = lv.cardgame(2, lv.CardGame(notes=(50_000,) * 12))
    assert config.ruleset.params.notes == (50_000,) * 12
    assert config.modules == (lv.CardGame(notes=(50_000,) * 12),)
    with pytest.raises(lv.ConfigError, match="deck"):
        lv.CardGame(deck=(13,))
    with pytest.raises(lv.ConfigError, match="notes"):
        lv.CardGame(notes=())
    with pytest.raises(lv.ConfigError, match="does not apply"):
        lv.classic(3, lv.CardGame())
    state = play_to_end(lv.new_game(config))
    assert sum(len(m) for m in state.money) + len(table(state, None).box) == 12


def test_texts_of_actions_and_events() -> None:
    """Actions and events read as sentences (the ``describe`` protocol)."""
    state = start(2, (51, 51, 52, 11, 21), FILLER)
    assert lv.describe(lv.PlayCards((51, 51, 52)), state) == "Seat 0 plays a 5, a 5 and a double 5"
    assert lv.describe(lv.DrawCard(52)) == "Draw a double 5"
    assert lv.describe_event(SeatOut(seat=1, reason="no-cards")) == (
        "Seat 1 is out for the round (no cards left)"
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games(players: int) -> None:
    """Random simultaneous games conform to the engine's contract."""
    random_sim_test(lv.cardgame(players), games=2, seed=players)


def test_k4_a_loaded_card_deal_must_name_real_seats() -> None:
    """K-4: a saved state whose pending card deal names a seat that does not exist is refused
    (found by the long fuzz run: it loaded, then broke one chance action later)."""
    state = lv.new_game(lv.cardgame(4, lv.Sequential()))
    rng = lv.Rng(1)
    while not (state.tasks and state.tasks[0].kind == "cardgame-deal-cards"):
        state = lv.apply(state, lv.sample_chance(state, rng))
    doc = json.loads(lv.to_json(state))
    doc["tasks"][0]["seats"][0] = -1
    with pytest.raises(lv.DeserializationError, match="outside 0-3"):
        lv.from_json(json.dumps(doc), lv.State)
