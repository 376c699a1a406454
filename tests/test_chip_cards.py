"""Chip cards, module ``ChipCards``, in the card game and the dice game (K-14 to K-17,
B-9, X-20)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import ClassVar

import attrs
import pytest

import lasvegas as lv
from lasvegas.cardgame import CHIP_CARDS, ChipCardsState, ChipTaken
from lasvegas.testing import deal, random_sim_test, turn

NOTES12 = (100_000, 30_000, 90_000, 40_000, 80_000, 50_000, 70_000, 60_000) + (40_000,) * 4
NOTES12_ROUND2 = (100_000, 90_000, 80_000, 70_000, 60_000, 50_000) * 2
FILLER = (11, 21, 31, 41, 51)
SIX = ("blue", "gold", "green", "pink", "silver", "blue")
"""Chips dealt to casinos 1..6 when a test does not care which."""


@attrs.frozen
class OneRound(lv.RuleModule):
    """Test module: a card game of a single round (to script a whole game's end)."""

    id: ClassVar[str] = "test-chip-cards-one-round"
    editions: ClassVar[frozenset[str]] = frozenset({"cardgame"})

    def configure(self, params: lv.Params, players: int) -> lv.Params:
        return attrs.evolve(params, rounds=1)


def chips(state: lv.State, seat: int | None = None) -> ChipCardsState:
    """The chip cards' slice as *seat* sees it."""
    ids = [m.id for m in state.config.modules]
    part = lv.observe(state, seat).modules[ids.index("chip-cards")]
    assert isinstance(part, ChipCardsState)
    return part


def apply_all(state: lv.State, actions: Sequence[lv.Action]) -> lv.State:
    for action in actions:
        state = lv.apply(state, action)
    return state


def card_round(
    players: int = 2,
    *hands: Sequence[int],
    colours: Sequence[str] = SIX,
    values: Sequence[int] = NOTES12,
    extra: Sequence[lv.RuleModule] = (),
) -> lv.State:
    """A card game with chip cards: notes, chips for casinos 1..6, then the hands."""
    state = lv.new_game(lv.cardgame(players, lv.ChipCards(), *extra))
    state = apply_all(state, [lv.Draw(v) for v in values])
    state = apply_all(state, [lv.DrawChip(c) for c in colours])
    return draw(state, *(hands or [FILLER] * players))


def draw(state: lv.State, *hands: Sequence[int]) -> lv.State:
    for hand in hands:
        state = apply_all(state, [lv.DrawCard(c) for c in hand])
    return state


def choose(state: lv.State, *picks: tuple[int, Sequence[int]]) -> lv.State:
    for seat, cards in picks:
        assert lv.to_move(state) == seat
        state = lv.apply(state, lv.PlayCards(tuple(sorted(cards))))
    return state


def take(state: lv.State, seat: int, colour: str | None) -> lv.State:
    assert lv.to_move(state) == seat
    assert lv.TakeChip(colour) in lv.legal_actions(state)
    return lv.apply(state, lv.TakeChip(colour))


# -- K-14, X-20: the deal -------------------------------------------------------------------------------


def test_x20_twenty_five_chip_cards_in_five_colours() -> None:
    """Ruling X-20: 25 chip cards, 5 of each of 5 colours."""
    assert len(CHIP_CARDS) == 25
    assert sorted(Counter(CHIP_CARDS).values()) == [5] * 5


def test_k14_one_chip_card_per_casino_each_round_earlier_ones_stay() -> None:
    """K-14: at each round's start one chip from the face-down pile goes to each casino 1..6
    (one chance node each, after the notes, before the hands); chips left from earlier rounds
    stay."""
    state = lv.new_game(lv.cardgame(2, lv.ChipCards()))
    state = apply_all(state, [lv.Draw(v) for v in NOTES12])
    outcomes = dict(lv.chance_outcomes(state))
    assert outcomes == {lv.DrawChip(c): Fraction(5, 25) for c in set(CHIP_CARDS)}
    assert lv.describe(lv.DrawChip("pink"), state) == "Deal a pink chip card to casino 1"
    with pytest.raises(lv.IllegalActionError):
        lv.apply(state, lv.DrawChip("purple"))
    state = apply_all(state, [lv.DrawChip(c) for c in SIX])
    assert chips(state, 1).casinos == tuple((c,) for c in SIX)
    assert chips(state, 1).pile == tuple(sorted((Counter(CHIP_CARDS) - Counter(SIX)).elements()))
    assert isinstance(lv.chance_outcomes(state)[0][0], lv.DrawCard)  # then the hands
    # Round 1: both seats go out after two turns, never taking a chip.
    state = draw(state, (11, 11, 11, 11, 12), (21, 21, 21, 21, 22))
    state = choose(state, (0, (11, 11, 11, 11, 12)), (1, (21, 21, 21, 21, 22)))
    state = take(take(state, 0, None), 1, None)
    state = draw(state, (31, 31, 31, 41, 51), (41, 41, 41, 51, 61))
    state = choose(state, (0, (31, 31, 31)), (1, (41, 41, 41)))
    state = take(take(state, 0, None), 1, None)
    assert state.round == 2
    state = apply_all(state, [lv.Draw(v) for v in NOTES12_ROUND2])
    state = apply_all(state, [lv.DrawChip(c) for c in ("pink",) * 4 + ("gold", "gold")])
    assert chips(state).casinos[0] == ("blue", "pink")
    assert chips(state).casinos[5] == ("blue", "gold")


def test_k14_two_dice_at_a_casino_or_one_double_card_take_a_chip() -> None:
    """K-14: placing at least two dice at a casino in one turn (a double card is enough)
    lets the seat take a chip there at once; one die does not."""
    state = card_round(2, (11, 21, 31, 41, 51), (32, 41, 41, 11, 21))
    state = choose(state, (0, (11, 21)), (1, (32,)))
    assert lv.to_move(state) == 1  # seat 0 placed one die at casinos 1 and 2: no chip
    assert lv.legal_actions(state) == (lv.TakeChip("green"), lv.TakeChip(None))
    step = lv.step(state, lv.TakeChip("green"))
    assert ChipTaken(seat=1, casino=3, colour="green") in step.events
    state = step.state
    assert chips(state, 0).held == ((), ("green",))  # face up: public
    assert chips(state).casinos[2] == ()
    assert lv.standings(state).money == (0, 10_000)
    assert lv.to_move(state) is lv.CHANCE  # then the draws of the next turn


# -- K-15, K-16: scoring ------------------------------------------------------------------------------


def test_k15_chip_scoring_rulebook_example() -> None:
    """K-15 (rulebook example): Leo has 2 pink and 4 gold chips: $30,000 + $100,000 = $130,000."""
    assert lv.ChipCards().worth(("pink",) * 2 + ("gold",) * 4) == 130_000
    assert [lv.ChipCards().worth(("blue",) * k) for k in range(6)] == [
        0,
        10_000,
        30_000,
        60_000,
        100_000,
        150_000,
    ]
    leo = 0
    colours = ("pink", "pink", "gold", "gold", "gold", "gold")
    state = card_round(2, (12, 22, 11, 21, 31), FILLER, colours=colours)
    state = choose(state, (leo, (12, 22)), (1, (11,)))
    state = take(take(state, leo, "pink"), leo, "pink")
    state = draw(state, (32, 42, 11, 21, 31), FILLER)
    state = choose(state, (leo, (32, 42)), (1, (21,)))
    state = take(take(state, leo, "gold"), leo, "gold")
    state = draw(state, (52, 62, 11, 21, 31), FILLER)
    state = choose(state, (leo, (52, 62)), (1, (31,)))
    state = take(take(state, leo, "gold"), leo, "gold")
    assert Counter(chips(state).held[leo]) == {"pink": 2, "gold": 4}
    assert lv.standings(state).money[leo] == 130_000


def test_k16_chips_are_money_but_not_notes() -> None:
    """K-16: chips count as money for the winner but not as notes for the tie-break."""
    values = (40_000, 30_000, 50_000, 30_000, 50_000, 30_000, 50_000, 30_000) + (40_000,) * 4
    state = card_round(
        2, (11, 11, 11, 11, 12), (21, 21, 21, 21, 22), values=values, extra=(OneRound(),)
    )
    state = choose(state, (0, (11, 11, 11, 11, 12)), (1, (21, 21, 21, 21, 22)))
    state = take(take(state, 0, "blue"), 1, None)
    state = draw(state, (31, 31, 31, 41, 51), (41, 41, 41, 51, 61))
    state = choose(state, (0, (31, 31, 31)), (1, (41, 41, 41)))
    state = take(take(state, 0, None), 1, None)
    assert lv.to_move(state) is None
    assert [sum(won) for won in state.money] == [90_000, 100_000]
    assert lv.standings(state) == lv.Standings(
        money=(100_000, 100_000), notes=(2, 2), winners=(0, 1)
    )


# -- K-17: which chip, who first ---------------------------------------------------------------------


def test_k17_several_qualify_at_one_casino_take_in_turn_order_while_any_left() -> None:
    """K-17: several seats qualifying at one casino in one simultaneous turn take in turn
    order from the start player, one each while any are left."""
    state = card_round(3, (11, 11, 21, 31, 41), (11, 12, 21, 31, 41), (11, 11, 21, 31, 41))
    state = choose(state, (0, (11, 11)), (1, (11, 12)), (2, (11, 11)))
    state = take(state, 0, None)  # seat 0 may decline ...
    state = take(state, 1, "blue")  # ... then seat 1 takes the only chip
    assert lv.to_move(state) is lv.CHANCE  # nothing left for seat 2: no decision
    assert chips(state).held == ((), ("blue",), ())


def test_k17_the_taker_chooses_which_chip() -> None:
    """K-17: with several chips at a casino, the taker chooses which (a decision)."""
    state = lv.new_game(lv.cardgame(2, lv.ChipCards()))
    state = apply_all(state, [lv.Draw(v) for v in NOTES12])
    state = apply_all(state, [lv.DrawChip(c) for c in SIX])
    state = draw(state, (11, 11, 11, 11, 12), (21, 21, 21, 21, 22))
    state = choose(state, (0, (11, 11, 11, 11, 12)), (1, (21, 21, 21, 21, 22)))
    state = take(take(state, 0, None), 1, None)
    state = draw(state, (31, 31, 31, 41, 51), (41, 41, 41, 51, 61))
    state = choose(state, (0, (31, 31, 31)), (1, (41, 41, 41)))
    state = take(take(state, 0, None), 1, None)
    state = apply_all(state, [lv.Draw(v) for v in NOTES12_ROUND2])
    state = apply_all(state, [lv.DrawChip(c) for c in ("pink",) * 4 + ("gold", "gold")])
    state = draw(state, (11, 21, 31, 41, 51), (11, 11, 21, 31, 41))  # seat 1 starts round 2
    state = choose(state, (1, (11,)), (0, (11, 11)))
    assert lv.to_move(state) == 0
    assert lv.legal_actions(state) == (lv.TakeChip("blue"), lv.TakeChip("pink"), lv.TakeChip(None))
    state = take(state, 0, "pink")
    assert chips(state).casinos[0] == ("blue",)


def test_chip_pile_running_out_deals_no_more() -> None:
    """Ruling (as C-6): when the face-down pile runs out, later casinos get no chip."""
    state = lv.new_game(lv.cardgame(2, lv.ChipCards(chips=("pink",) * 3)))
    state = apply_all(state, [lv.Draw(v) for v in NOTES12])
    state = apply_all(state, [lv.DrawChip("pink")] * 3)
    assert chips(state).casinos == (("pink",),) * 3 + ((),) * 3
    assert isinstance(lv.chance_outcomes(state)[0][0], lv.DrawCard)


def test_chip_values_must_cover_the_colours() -> None:
    """K-15 as data: the set values must go up to the largest colour count."""
    assert (
        lv.ChipCards(values=(0, 5_000, 20_000), chips=("a", "a", "b")).worth(("a", "a")) == 20_000
    )
    with pytest.raises(lv.ConfigError, match="values only go up to 2"):
        lv.ChipCards(values=(0, 5_000, 20_000))
    with pytest.raises(lv.ConfigError, match="starting with 0"):
        lv.ChipCards(values=(10_000,))
    with pytest.raises(lv.ConfigError, match="colour names"):
        lv.ChipCards(chips=())


# -- B-9: the dice game ---------------------------------------------------------------------------


def dice_game(*modules: lv.RuleModule, players: int = 2) -> lv.State:
    state = deal(lv.new_game(lv.classic(players, lv.ChipCards(), *modules)), *[[50_000]] * 6)
    return apply_all(state, [lv.DrawChip(c) for c in SIX])


def test_b9_dice_game_chips_dealt_after_the_notes_before_the_neutral_roll() -> None:
    """B-9: one chip per casino 1..6 at each round's start, after the notes and before the
    3-player neutral roll (the chance sequence)."""
    state = deal(lv.new_game(lv.classic(3, lv.ChipCards(), lv.NeutralDice())), *[[50_000]] * 6)
    assert isinstance(lv.chance_outcomes(state)[0][0], lv.DrawChip)
    state = apply_all(state, [lv.DrawChip(c) for c in SIX])
    assert lv.chance_outcomes(state)[0][0] == lv.Roll((1, 1), "neutral")
    assert chips(state).casinos == tuple((c,) for c in SIX)


def test_b9_two_dice_take_a_chip_one_die_does_not() -> None:
    """B-9: placing two dice at a casino lets the seat take a chip there; one die does not."""
    state = dice_game()
    state = turn(state, [1, 1, 2, 3, 4, 5, 6, 6], 1)
    assert lv.to_move(state) == 0
    assert lv.legal_actions(state) == (lv.TakeChip("blue"), lv.TakeChip(None))
    state = take(state, 0, "blue")
    assert lv.standings(state).money == (10_000, 0)
    state = turn(state, [2, 3, 3, 4, 4, 5, 5, 6], 2)
    assert lv.to_move(state) is lv.CHANCE  # seat 1 placed one die: its turn passes on
    assert chips(state).held == (("blue",), ())


def test_b9_own_and_neutral_dice_together() -> None:
    """B-9: own and neutral dice placed together count together."""
    state = dice_game(lv.NeutralDice())
    state = turn(state, [1, 2, 2, 3, 3, 4, 4, 5], 1, neutral=[1, 6, 6, 6])
    assert lv.TakeChip("blue") in lv.legal_actions(state)


def test_b9_a_biggie_counts_two() -> None:
    """B-9: a biggie alone is two dice."""
    state = dice_game(lv.Biggies())
    state = lv.apply(state, lv.Roll((2, 2, 3, 3, 4, 4, 5)))
    state = lv.apply(state, lv.Roll((1,), "big"))
    state = lv.apply(state, lv.Place(1))
    assert lv.legal_actions(state) == (lv.TakeChip("blue"), lv.TakeChip(None))


def test_b9_a_kicker_does_not_count() -> None:
    """B-9: a kicker does not stay and does not count: one die and a kicker earn no chip."""
    state = dice_game(lv.Kickers())
    state = lv.apply(state, lv.Roll((1, 2, 2, 3, 3, 4)))
    state = lv.apply(state, lv.Roll((1, 5), "kicker"))
    state = lv.apply(state, lv.Place(1))
    while lv.to_move(state) == 0:  # the kick decision, if any
        assert not any(isinstance(a, lv.TakeChip) for a in lv.legal_actions(state))
        state = lv.apply(state, lv.legal_actions(state)[0])
    assert chips(state).casinos[0] == ("blue",)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_card_games(players: int) -> None:
    """The engine's contract: random card games with chip cards, simultaneous and sequential."""
    random_sim_test(lv.cardgame(players, lv.ChipCards()), games=1, seed=players)
    random_sim_test(lv.cardgame(players, lv.ChipCards(), lv.Sequential()), games=1, seed=players)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_dice_games(players: int) -> None:
    """The engine's contract, B-9: random dice games with chip cards, with and without neutral dice."""
    random_sim_test(lv.classic(players, lv.ChipCards()), games=1, seed=players)
    random_sim_test(lv.classic(players, lv.ChipCards(), lv.NeutralDice()), games=1, seed=players)
