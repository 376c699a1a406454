"""Las Vegas Royale: the basic game (part R of the rules reference) and the main game's setup and bank (T-1,
T-1a, T-2 chance sequence, T-4), scripted through the public API."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import ClassVar

import attrs
import pytest

import lasvegas as lv
from lasvegas.royale import MONEY_CARDS, DealTile
from lasvegas.royale.bank import greedy, pay_from_bank, reward
from lasvegas.royale.events import BankPaid, BankReceived, ChipsGiven
from lasvegas.royale.state import royale_state
from lasvegas.royale.table import higher_card_winner
from lasvegas.royale.tiles import TILES
from lasvegas.state import evolve as evolve_state
from lasvegas.testing import ROYALE_CARDS as CARDS
from lasvegas.testing import ROYALE_RESERVE as RESERVE
from lasvegas.testing import (
    check_invariants,
    finish_round,
    random_game,
    random_sim_test,
    setup_round,
    turn,
)
from lasvegas.types import CasinoNumber


def start(players: int = 4, **options: object) -> lv.State:
    """A basic game (unless ``tiles`` is given) at its first roll, default cards dealt."""
    options.setdefault("tiles", 0)
    return setup_round(lv.new_game(lv.royale(players, **options)))  # type: ignore[arg-type]


def payout_events(log: list[lv.Event], casino: int) -> list[lv.Event]:
    return [
        e
        for e in log
        if isinstance(e, lv.BanknotePaid | lv.TiesRemoved | lv.NotesReturned) and e.casino == casino
    ]


# -- R-3 -------------------------------------------------------------------------------


def test_r1_three_rounds_two_to_five_players() -> None:
    """R-1: 2-5 players; the game ends after round 3."""
    for players in range(2, 6):
        config = lv.royale(players, tiles=0)
        state, actions = random_game(config, lv.Rng(players))
        assert state.round == 3
        assert lv.to_move(state) is None
        rounds = []
        replay = lv.new_game(config)
        for action in actions:
            step = lv.step(replay, action)
            rounds += [e.round for e in step.events if isinstance(e, lv.RoundEnded)]
            replay = step.state
        assert rounds == [1, 2, 3]
    for players in (1, 6):
        with pytest.raises(lv.ConfigError, match="takes 2-5"):
            lv.royale(players)


def test_r2_seven_small_dice_and_a_biggy_rolled_regular_then_big() -> None:
    """R-2 and the chance sequence: 7 small dice (one node), then the Biggy (one node)."""
    state = start(3)
    assert state.supply == ((7, 1, 0, 0),) * 3
    outcomes = lv.chance_outcomes(state)
    assert len(outcomes) == 792  # sorted rolls of 7 dice
    assert outcomes[0] == (lv.Roll((1,) * 7), Fraction(1, 6**7))
    state = lv.apply(state, lv.Roll((1, 2, 2, 3, 3, 3, 6)))
    assert lv.chance_outcomes(state) == tuple(
        (lv.Roll((f,), "big"), Fraction(1, 6)) for f in range(1, 7)
    )
    state = lv.apply(state, lv.Roll((3,), "big"))
    state = lv.apply(state, lv.Place(3))  # the three 3s and the Biggy
    assert state.casinos[2].dice == (3, 0, 0)
    assert state.casinos[2].big == (1, 0, 0)
    assert state.supply[0] == (4, 0, 0, 0)


def test_r3_rulebook_example_1_biggy_plus_one_ties_three() -> None:
    """R-3 (rulebook example 1): Anna 5, Ben 3, Carla 1 + Biggy, Denny 1 at casino 4: Ben and
    Carla are tied and removed; Anna takes the higher card, Denny the other."""
    state = start(4)
    state = turn(state, [4, 4, 4, 4, 4, 1, 1], 4, big=2)  # Anna
    state = turn(state, [4, 4, 4, 1, 1, 1, 1], 4, big=2)  # Ben
    state = turn(state, [4, 1, 1, 1, 1, 1, 1], 4, big=4)  # Carla: one die and her Biggy
    state = turn(state, [4, 1, 1, 1, 1, 1, 1], 4, big=2)  # Denny
    assert state.casinos[3].weights() == (5, 3, 3, 1)
    log: list[lv.Event] = []
    finish_round(state, {0: 1, 1: 2, 2: 3, 3: 5}, log)
    assert payout_events(log, 4) == [
        lv.TiesRemoved(casino=CasinoNumber(4), owners=(1, 2)),
        lv.BanknotePaid(casino=CasinoNumber(4), owner=0, value=60_000),
        lv.BanknotePaid(casino=CasinoNumber(4), owner=3, value=50_000),
    ]


def test_r3_rulebook_example_2_biggy_ties_two_dice() -> None:
    """R-3 (rulebook example 2): Anna's Biggy and Carla's two dice tie, so do Ben's and
    Denny's single dice: all four remove their dice and both cards go under the pile."""
    state = start(4)
    state = turn(state, [1] * 7, 5, big=5)  # Anna: the Biggy alone
    state = turn(state, [5, 1, 1, 1, 1, 1, 1], 5, big=1)  # Ben
    state = turn(state, [5, 5, 1, 1, 1, 1, 1], 5, big=1)  # Carla
    state = turn(state, [5, 1, 1, 1, 1, 1, 1], 5, big=1)  # Denny
    log: list[lv.Event] = []
    finish_round(state, {0: 1, 1: 2, 2: 3, 3: 4}, log)
    assert payout_events(log, 5) == [
        lv.TiesRemoved(casino=CasinoNumber(5), owners=(0, 1, 2, 3)),
        lv.NotesReturned(casino=CasinoNumber(5), values=(70_000, 60_000)),
    ]


# -- R-4 -----------------------------------------------------------------------------------------


def test_r4_ninety_cards_and_pairs_ranked_onto_the_casinos() -> None:
    """R-4, X-7: 90 cards; 6 pairs drawn one card at a time; the highest total goes to casino
    6; equal totals: the pair with the higher card goes to the higher casino."""
    assert len(MONEY_CARDS) == 90
    assert sum(MONEY_CARDS) == 5_620_000
    assert Counter(MONEY_CARDS) == {
        30_000: 11,
        40_000: 11,
        50_000: 13,
        60_000: 15,
        70_000: 13,
        80_000: 11,
        90_000: 9,
        100_000: 7,
    }
    state = lv.new_game(lv.royale(3, tiles=0))
    assert state.pile_hidden == MONEY_CARDS
    outcomes = dict(lv.chance_outcomes(state))
    assert outcomes[lv.Draw(60_000)] == Fraction(15, 90)
    assert outcomes[lv.Draw(100_000)] == Fraction(7, 90)
    cards = [
        40_000, 50_000,  # 90,000 with a 50,000
        60_000, 30_000,  # 90,000 with a 60,000: the higher casino of the two
        30_000, 30_000,
        100_000, 100_000,
        70_000, 80_000,
        50_000, 60_000,
    ]  # fmt: skip
    step_events: list[lv.Event] = []
    for value in cards:
        step = lv.step(state, lv.Draw(value))
        step_events += step.events
        state = step.state
    assert [c.notes for c in state.casinos] == [
        (30_000, 30_000),
        (50_000, 40_000),
        (60_000, 30_000),
        (60_000, 50_000),
        (80_000, 70_000),
        (100_000, 100_000),
    ]
    assert lv.NoteDealt(casino=CasinoNumber(6), value=100_000) in step_events
    assert Counter(state.pile_hidden) == Counter(MONEY_CARDS) - Counter(cards)


def test_r4_a_card_not_in_the_pile_is_refused() -> None:
    """R-4: a draw must be a card left in the pile; the state stays as it was."""
    state = lv.new_game(lv.royale(3, tiles=0))
    with pytest.raises(lv.IllegalActionError, match="no such card"):
        lv.apply(state, lv.Draw(20_000))
    with pytest.raises(lv.IllegalActionError, match="money card draw"):
        lv.apply(state, lv.Roll((1,)))


# -- R-5, R-10 -------------------------------------------------------------------------------------


def test_r5_r10_pay_a_chip_to_pass_while_chips_last() -> None:
    """R-5, R-10: 2 chips each round (leftovers kept); after rolling, paying a chip passes
    the turn with the dice kept; not allowed without a chip, allowed again and again."""
    state = start(2)
    assert royale_state(state).chips == (2, 2)
    state = lv.apply(lv.apply(state, lv.Roll((1, 2, 3, 4, 5, 6, 6))), lv.Roll((1,), "big"))
    assert lv.legal_actions(state)[-1] == lv.PayChip()
    step = lv.step(state, lv.PayChip())
    assert lv.TurnPassed(seat=0, reason="chip") in step.events
    state = step.state
    assert state.supply[0] == (7, 1, 0, 0)  # the dice stay with the player
    assert royale_state(state).chips == (1, 2)
    assert state.active == 1
    state = turn(state, [2] * 7, 2, big=2)  # seat 1 places everything
    for _ in range(1):  # seat 0 passes again, with its last chip
        state = lv.apply(lv.apply(state, lv.Roll((1,) * 7)), lv.Roll((1,), "big"))
        state = lv.apply(state, lv.PayChip())
    assert royale_state(state).chips == (0, 2)
    state = lv.apply(lv.apply(state, lv.Roll((1,) * 7)), lv.Roll((1,), "big"))
    assert lv.PayChip() not in lv.legal_actions(state)
    with pytest.raises(lv.IllegalActionError):
        lv.apply(state, lv.PayChip())
    state = lv.apply(state, lv.Place(1))
    state = setup_round(state)
    assert state.round == 2
    assert royale_state(state).chips == (2, 4)


# -- R-6 -----------------------------------------------------------------------------------------

R6_CARDS = (30_000, 30_000, 40_000, 40_000, 70_000, 30_000, 60_000, 50_000, 80_000, 50_000,
            90_000, 80_000)  # fmt: skip


def test_r6_rulebook_payout_examples() -> None:
    """R-6 (rulebook payout examples): the most dice take the higher card, the runner-up the
    other, nobody else anything; a lone owner leaves the second card, which goes under the
    pile. Casino 2: Ben alone takes a $40,000 card, the other goes under the pile. Casino 3:
    Carla $70,000, Ben $30,000, Denny nothing. Casino 5: Anna $80,000, Denny $50,000."""
    state = setup_round(lv.new_game(lv.royale(4, tiles=0)), cards=R6_CARDS)
    assert [c.notes[0] for c in state.casinos] == [30_000, 40_000, 70_000, 60_000, 80_000, 90_000]
    state = turn(state, [5, 5, 5, 1, 1, 1, 1], 5, big=1)  # Anna: 3 at casino 5
    state = turn(state, [2, 3, 3, 6, 6, 6, 6], 2, big=6)  # Ben: 1 at casino 2
    state = turn(state, [3, 3, 3, 1, 1, 1, 1], 3, big=1)  # Carla: 3 at casino 3
    state = turn(state, [3, 5, 1, 1, 1, 1, 1], 3, big=1)  # Denny: 1 at casino 3
    state = turn(state, [1, 1, 1, 1], 1, big=1)  # Anna: the rest at casino 1
    state = turn(state, [3, 3, 6, 6, 6, 6], 3, big=6)  # Ben: 2 at casino 3
    state = turn(state, [4, 4, 4, 4], 4, big=4)  # Carla: the rest at casino 4
    state = turn(state, [5, 6, 6, 6, 6, 6], 5, big=6)  # Denny: 1 at casino 5
    state = turn(state, [6, 6, 6, 6], 6, big=6)  # Ben: the rest at casino 6
    log: list[lv.Event] = []
    state = turn(state, [6] * 5, 6, big=6, log=log)  # Denny: the rest at casino 6
    assert payout_events(log, 2) == [
        lv.BanknotePaid(casino=CasinoNumber(2), owner=1, value=40_000),
        lv.NotesReturned(casino=CasinoNumber(2), values=(40_000,)),
    ]
    assert payout_events(log, 3) == [
        lv.BanknotePaid(casino=CasinoNumber(3), owner=2, value=70_000),
        lv.BanknotePaid(casino=CasinoNumber(3), owner=1, value=30_000),
    ]
    assert payout_events(log, 5) == [
        lv.BanknotePaid(casino=CasinoNumber(5), owner=0, value=80_000),
        lv.BanknotePaid(casino=CasinoNumber(5), owner=3, value=50_000),
    ]
    assert state.money == (
        (30_000, 80_000),
        (40_000, 30_000, 80_000),
        (70_000, 60_000),
        (50_000, 90_000),
    )
    assert state.pile_returned == (30_000, 40_000, 50_000)
    assert state.start == 3  # R-7: Denny took casino 6's higher card


# -- R-7 -----------------------------------------------------------------------------------------


def test_r7_start_player_is_the_winner_of_the_highest_casino_with_a_seat_winner() -> None:
    """R-7, T-8: the neutral set takes casino 6's higher card, so casino 5 decides; an
    imaginary owner never starts."""
    state = start(2)  # the neutral set: all 8 dice on casino 6
    state = turn(state, [4] * 7, 4, big=4)
    state = turn(state, [5] * 7, 5, big=5)
    state = setup_round(state)
    assert state.round == 2
    assert state.start == 1
    state = turn(state, [5] * 7, 5, big=5)  # seat 1 starts
    state = turn(state, [4] * 7, 4, big=4)
    state = setup_round(state)
    assert state.round == 3
    assert state.start == 1


def test_r7_ruling_nobody_won_anywhere() -> None:
    """R-7 (ruling): if nobody won any casino, the seat left of the last start player starts."""
    state = start(3)
    for _ in range(3):
        state = turn(state, [1] * 7, 1, big=1)  # all three tie at casino 1
    state = setup_round(state)
    assert state.round == 2
    assert state.start == 1


def test_r7_t9_higher_cards_read_off_the_dice_where_royale_does_not_hear_the_payout() -> None:
    """R-7, T-9 (3): Royale hears the payout of a casino whose tile acts during payout only
    (``hears``: High Five at casino 1, not Jackpot or Pay Day); the core pays casinos 2-6
    in one state, and Royale reads their higher cards off the dice when the round ends. The
    next start player is the same as when every ``CasinoPaid`` is reported (``step``)."""
    state = start(3, tiles=3, deal=("C1", "A2", "D1"))
    royale = state.config.modules[0]
    assert [royale.hears(state, 0, lv.CasinoPaid, lv.CasinoNumber(c)) for c in range(1, 7)] == [
        True, False, False, False, False, False,
    ]  # fmt: skip
    log: list[lv.Event] = []
    faces = {0: 4, 1: 5, 2: 6}
    quiet = finish_round(state, faces)
    loud = finish_round(state, faces, log)
    assert [e.casino for e in log if isinstance(e, lv.CasinoPaid)] == [1, 2, 3, 4, 5, 6]
    assert quiet == loud
    assert quiet.round == 2
    assert quiet.start == 2  # casino 6's higher card
    assert quiet.money == loud.money


@attrs.frozen
class WinnersSeen(lv.ModuleState):
    """Test slice: what ``higher_card_winner`` said at each ``CasinoPaid``."""

    kind: ClassVar[str] = "test-winners-seen"
    winners: tuple[int | None, ...] = ()


@attrs.frozen
class WinnerWatcher(lv.RuleModule):
    """Test module that hears every casino's payout and asks who took its higher card."""

    id: ClassVar[str] = "test-winner-watcher"
    editions: ClassVar[frozenset[str]] = frozenset({"royale"})
    listens: ClassVar[tuple[type[lv.Event], ...]] = (lv.CasinoPaid,)
    state_type: ClassVar[type[lv.ModuleState] | None] = WinnersSeen

    def initial_state(self, players: int) -> lv.ModuleState | None:
        """Nothing seen yet."""
        return WinnersSeen()

    def react(
        self, state: lv.State, index: int, event: lv.Event, log: list[lv.Event] | None
    ) -> lv.State:
        """Record ``higher_card_winner`` of the casino just paid."""
        assert isinstance(event, lv.CasinoPaid)
        seen = state.modules[index]
        assert isinstance(seen, WinnersSeen)
        slices = list(state.modules)
        slices[index] = WinnersSeen((*seen.winners, higher_card_winner(state, event.casino)))
        return evolve_state(state, modules=tuple(slices))


def test_r7_the_higher_card_winner_is_known_once_the_casino_paid() -> None:
    """R-6, R-7: ``higher_card_winner`` names the winner of a casino as soon as it has paid,
    also where Royale records it only later (a casino whose tile does not act during
    payout); before the payout it is ``None``."""
    config = lv.royale(3, WinnerWatcher(), deal=("C1", "A2", "D1"))
    state = setup_round(lv.new_game(config))
    assert higher_card_winner(state, 4) is None
    state = finish_round(state, {0: 4, 1: 5, 2: 6})
    watcher = state.modules[-1]
    assert isinstance(watcher, WinnersSeen)
    assert watcher.winners == (None, None, None, 0, 1, 2)


# -- R-8, T-4 ------------------------------------------------------------------------------------

R8_ROUND3 = (40_000, 30_000, 60_000, 30_000, 50_000, 50_000, 60_000, 50_000, 70_000, 60_000,
             90_000, 80_000)  # fmt: skip


def _two_rounds_of_50k(round3: tuple[int, ...] = CARDS) -> lv.State:
    """Rounds 1 and 2 of a 2-player basic game in which each seat wins one $50,000 card."""
    state = start(2)  # neutral dice on casino 6
    for cards in (CARDS, round3):
        state = finish_round(state, {0: 3, 1: 2})  # casino 3 and casino 2: 50,000 each
        state = setup_round(state, cards=cards)
    return state


def test_r8_t4_chips_count_ten_thousand_and_several_winners_when_still_tied() -> None:
    """R-8, T-4: after round 3 each chip is worth $10,000; equal money and equal cards plus
    chips: several winners."""
    state = finish_round(_two_rounds_of_50k(), {0: 3, 1: 2})
    assert lv.to_move(state) is None
    assert state.money == ((50_000,) * 3, (50_000,) * 3)
    assert royale_state(state).chips == (6, 6)
    assert lv.standings(state) == lv.Standings(
        money=(210_000, 210_000), notes=(9, 9), winners=(0, 1)
    )


def test_r8_tie_broken_by_money_cards_plus_chips() -> None:
    """R-8: equal money ($210,000 each): the most money cards plus chips wins."""
    state = _two_rounds_of_50k(R8_ROUND3)  # round 3: casino 2 pays 60,000, casino 3 50,000
    assert state.round == 3
    assert state.start == 0
    state = turn(state, [3] * 7, 3, big=3)  # seat 0: 50,000
    state = lv.apply(lv.apply(state, lv.Roll((2,) * 7)), lv.Roll((2,), "big"))
    state = lv.apply(state, lv.PayChip())  # seat 1 passes once
    state = turn(state, [2] * 7, 2, big=2)  # then takes 60,000
    assert lv.to_move(state) is None
    result = lv.standings(state)
    assert result.money == (210_000, 210_000)
    assert result.notes == (3 + 6, 3 + 5)
    assert result.winners == (0,)


# -- R-9 -----------------------------------------------------------------------------------------

R9_CARDS = (30_000, 30_000, 40_000, 30_000, 50_000, 40_000, 70_000, 40_000, 80_000, 30_000,
            90_000, 80_000)  # fmt: skip


def test_r9_the_neutral_set_is_rolled_and_placed_at_each_round_start() -> None:
    """R-9: with 2 players the 7 small neutral dice (one node, group "neutral") and the
    neutral Biggy (one node, group "big") are rolled after the cards and placed."""
    state = lv.new_game(lv.royale(2, tiles=0))
    for value in CARDS:
        state = lv.apply(state, lv.Draw(value))
    outcomes = lv.chance_outcomes(state)
    assert len(outcomes) == 792
    assert outcomes[0][0] == lv.Roll((1,) * 7, "neutral")
    with pytest.raises(lv.IllegalActionError, match="neutral set"):
        lv.apply(state, lv.Roll((1,) * 7))
    step = lv.step(state, lv.Roll((1, 1, 2, 3, 3, 3, 6), "neutral"))
    assert lv.DiceRolled(seat=None, group="neutral", faces=(1, 1, 2, 3, 3, 3, 6)) in step.events
    state = step.state
    assert lv.chance_outcomes(state)[2] == (lv.Roll((3,), "big"), Fraction(1, 6))
    state = lv.apply(state, lv.Roll((3,), "big"))
    neutral = 2
    assert [c.dice[neutral] for c in state.casinos] == [2, 1, 3, 0, 0, 1]
    assert state.casinos[2].big[neutral] == 1
    assert state.casinos[2].weights()[neutral] == 5  # the neutral Biggy counts two
    assert state.phase is lv.Phase.ROLL
    assert state.active == 0


def test_r9_rulebook_neutral_player_payouts() -> None:
    """R-9 (rulebook examples): "the $80,000 card is won by the neutral player: under the
    pile; Ben wins the $30,000 card"; "Carla wins the $70,000 card, the neutral player the
    $40,000 card (under the pile); Ben gets nothing"."""
    config = lv.royale(2, tiles=0)
    state = setup_round(
        lv.new_game(config), cards=R9_CARDS, neutral=(5, 5, 4, 4, 1, 1, 1), neutral_big=5
    )
    assert state.casinos[3].notes == (70_000, 40_000)
    assert state.casinos[4].notes == (80_000, 30_000)  # equal total, higher card: casino 5
    state = turn(state, [4, 4, 4, 1, 1, 2, 2], 4, big=2)  # Carla (seat 0): 3 at casino 4
    state = turn(state, [5, 4, 1, 1, 1, 1, 1], 5, big=1)  # Ben (seat 1): 1 at casino 5
    state = turn(state, [1, 1, 1, 1], 1, big=1)  # Carla: the rest at casino 1
    state = turn(state, [4, 1, 1, 1, 1, 1], 4, big=2)  # Ben: 1 at casino 4
    log: list[lv.Event] = []
    state = turn(state, [2] * 5, 2, big=2, log=log)  # Ben: the rest at casino 2
    neutral = 2
    assert payout_events(log, 4) == [
        lv.BanknotePaid(casino=CasinoNumber(4), owner=0, value=70_000),
        lv.BanknotePaid(casino=CasinoNumber(4), owner=neutral, value=40_000),
        lv.NotesReturned(casino=CasinoNumber(4), values=(40_000,)),
    ]
    assert payout_events(log, 5) == [
        lv.BanknotePaid(casino=CasinoNumber(5), owner=neutral, value=80_000),
        lv.BanknotePaid(casino=CasinoNumber(5), owner=1, value=30_000),
        lv.NotesReturned(casino=CasinoNumber(5), values=(80_000,)),
    ]
    assert 40_000 in state.pile_returned
    assert 80_000 in state.pile_returned


# -- the main game's setup: chance sequence, bank and reserve (T-1, T-1a, T-2) ------------------


def test_t2_design_chance_sequence_of_a_main_game_round() -> None:
    """The chance sequence, T-2, T-1, R-9: tile deal nodes first, then the 12 cards, the
    54 bank cards (round 1), the neutral set (2 players), then the first roll."""
    state = lv.new_game(lv.royale(2))
    rng = lv.Rng(5)
    kinds: list[str] = []
    while state.phase is not lv.Phase.PLACE:
        action = lv.sample_chance(state, rng)
        kinds.append(f"{action.kind}:{getattr(action, 'group', '')}")
        state = lv.apply(state, action)
    assert kinds == (
        ["deal-tile:"] * 3
        + ["draw:"] * (12 + 54)
        + ["roll:neutral", "roll:big", "roll:regular", "roll:big"]
    )


def test_t1_bank_is_public_and_the_reserve_is_24_hidden_cards() -> None:
    """T-1: after round 1's cards, 24 cards are set aside face down (the reserve: the pile's
    unseen part, a sorted multiset) and the rest is the bank, face up."""
    config = lv.royale(3, deal=("A2", "C1", "D1"))
    state = setup_round(lv.new_game(config))
    bank = royale_state(state).bank
    assert len(bank) == 54
    assert Counter(bank) == Counter(MONEY_CARDS) - Counter(CARDS) - Counter(RESERVE)
    assert state.pile_hidden == RESERVE == tuple(sorted(RESERVE))
    view = lv.observe(state, 1)
    assert view.pile_size == 24
    assert view.modules[0] == royale_state(state)  # the bank is public
    assert "pile_hidden" not in lv.to_json(view)


def test_t1_bank_draws_are_chance_nodes_and_never_more_than_the_bank() -> None:
    """T-1: one Draw per bank card (exact probabilities); then play starts with 24 left."""
    state = lv.new_game(lv.royale(3, deal=("A2", "C1", "D1")))
    for value in CARDS:
        state = lv.apply(state, lv.Draw(value))
    for left in range(54, 0, -1):
        outcomes = lv.chance_outcomes(state)
        assert sum(p for _, p in outcomes) == 1
        assert state.tasks[0].kind == "bank-deal"
        state = lv.apply(state, outcomes[-1][0])  # the highest card left each time
        assert len(state.pile_hidden) == 24 + left - 1
    assert state.phase is lv.Phase.ROLL
    rest = sorted((Counter(MONEY_CARDS) - Counter(CARDS)).elements())
    assert state.pile_hidden == tuple(rest[:24])  # the bank took the 54 highest cards


def test_t1_bank_payment_greedy_then_chips() -> None:
    """T-1, X-8: bank payments take the largest card not above what is owed, again and
    again, and chips (unlimited) pay what cards cannot; $10,000 and $20,000 are chips."""
    assert greedy((30_000, 40_000, 60_000), 100_000) == ((60_000, 40_000), (30_000,))
    assert greedy((30_000, 50_000), 40_000) == ((30_000,), (50_000,))
    state = setup_round(lv.new_game(lv.royale(3, deal=("A2", "C1", "D1"))))
    bank = royale_state(state).bank
    log: list[lv.Event] = []
    paid = pay_from_bank(state, 1, 100_000, log)
    assert paid.money[1] == (100_000,)
    assert Counter(royale_state(paid).bank) == Counter(bank) - Counter([100_000])
    assert log == [BankPaid(seat=1, amount=100_000, cards=(100_000,), chips=0)]
    gifts = reward(state, 2, 20_000, None)
    assert royale_state(gifts).chips == (2, 2, 4)
    assert gifts.money[2] == ()
    with pytest.raises(ValueError, match="T-8"):
        reward(state, 3, 30_000, None)  # owner 3 is no seat


def test_t1_empty_bank_pays_in_chips() -> None:
    """T-1: whatever cards cannot pay is paid in chips at $10,000 (chips are unlimited)."""
    state = lv.new_game(lv.royale(3, tiles=0))  # the basic game has no bank
    state = pay_from_bank(state, 0, 40_000, None)
    assert state.money[0] == ()
    assert royale_state(state).chips == (2 + 4, 2, 2)


def test_t1a_leftovers_go_under_the_reserve_and_never_come_back() -> None:
    """T-1a: cards left after payout go under the pile, beneath the reserve: rounds 2 and 3
    deal only reserve cards, and the leftovers stay out of play (still counted)."""
    state = setup_round(lv.new_game(lv.royale(3, deal=("A2", "C1", "D1"))))
    state = finish_round(state, {0: 4, 1: 5, 2: 6})  # no tile is activated
    returned = state.pile_returned
    assert len(returned) == 9  # casinos 1-3 pay nobody, 4-6 only their higher card
    assert state.round == 2
    assert len(state.pile_hidden) == 24
    assert {a.value for a, _ in lv.chance_outcomes(state) if isinstance(a, lv.Draw)} == set(RESERVE)
    state = setup_round(state)
    assert len(state.pile_hidden) == 12
    assert state.pile_returned == returned
    state = setup_round(finish_round(state, {0: 4, 1: 5, 2: 6}))
    assert state.pile_hidden == ()
    assert state.pile_returned[:9] == returned
    state = finish_round(state, {0: 4, 1: 5, 2: 6})
    assert lv.to_move(state) is None
    assert len(state.pile_returned) == 27
    check_invariants(state)


def test_t2_deal_option_fixes_faces_and_bad_options_are_config_errors() -> None:
    """T-2: the ``deal`` option forces faces (by code or id) without chance nodes; the
    other slots are dealt at random; impossible options are ConfigErrors."""
    state = lv.new_game(lv.royale(3, deal=("pay-day",)))
    assert royale_state(state).deal == ("D1",)
    options = [a for a, _ in lv.chance_outcomes(state) if isinstance(a, DealTile)]
    assert options
    assert all(a.face[0] != "D" for a in options)
    for bad in (
        {"tiles": 7},
        {"tiles": 5, "no_repeat": True},
        {"deal": ("C1", "C2")},  # both faces of one tile
        {"deal": ("A2", "C1", "D1", "A2")},
        {"deal": ("Z9",)},
        {"tiles": 0, "deal": ("A2",)},
        {"deal": "A2"},
        {"deal": [["A2"], ["C1"], ["D1"], ["C2"]]},  # four rounds
        {"deal": ("A2", "A2"), "no_repeat": True},
    ):
        with pytest.raises(lv.ConfigError):
            lv.royale(3, **bad)


def test_hide_money_hides_other_seats_money() -> None:
    """C-23 in Royale: with hide_money other seats' money is hidden; chips stay public."""
    state = setup_round(lv.new_game(lv.royale(3, tiles=0, hide_money=True)))
    state = finish_round(state, {0: 4, 1: 5, 2: 6})
    view = lv.observe(state, 0)
    assert view.money_parts[0] == (lv.MoneyPart("cards", 60_000), lv.MoneyPart("chips", 40_000))
    assert view.money[0] == 100_000 == lv.standings(state).money[0]  # chips are money
    assert view.money[1] is None
    assert view.money_parts[1] is None


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_basic_game(players: int) -> None:
    """random_sim_test: the basic game for 2-5 players (conservation, JSON, views, replay)."""
    random_sim_test(lv.royale(players, tiles=0), games=3, seed=players)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_main_game_random_deals(players: int) -> None:
    """random_sim_test: the main game with random deals, 2-5 players; money paid from the
    bank stays accounted for (bank and reserve)."""
    random_sim_test(lv.royale(players), games=3, seed=10 + players)


VARIANTS = [(tiles, 2 + (tiles + shift) % 4) for tiles in range(7) for shift in (0, 2)]
"""(tiles, players): every tile count of the variant, each with two player counts."""


@pytest.mark.parametrize(("tiles", "players"), VARIANTS)
def test_random_sim_tile_variant(tiles: int, players: int) -> None:
    """T-2, random_sim_test: the 0-6 tile variant with the 16 real tiles (casinos 1..k get
    a tile each round), over player counts 2-5."""
    config = lv.royale(players, tiles=tiles)
    random_sim_test(config, games=1, seed=10 * tiles + players)
    _, actions = random_game(config, lv.Rng(tiles + players))
    deals = [a for a in actions if isinstance(a, DealTile)]
    assert len(deals) == 3 * tiles  # 3 rounds, k tiles a round


def test_variants_cover_every_tile_count_and_player_count() -> None:
    """T-2: the variants above play 0 to 6 tiles and 2 to 5 players."""
    assert {t for t, _ in VARIANTS} == set(range(7))
    assert {p for _, p in VARIANTS} == {2, 3, 4, 5}


@pytest.mark.parametrize(("tiles", "players"), [(3, 3), (4, 4), (2, 5)])
def test_t2_no_repeat_never_deals_a_face_twice(tiles: int, players: int) -> None:
    """T-2 option no_repeat: over a whole game no face is dealt twice (at most 4 tiles a
    round: 16 faces, 8 physical tiles), and each round's tiles are different physical
    tiles (X-9: one face of each)."""
    config = lv.royale(players, tiles=tiles, no_repeat=True)
    random_sim_test(config, games=1, seed=tiles)
    for seed in range(5):
        _, actions = random_game(config, lv.Rng(seed))
        faces = [a.face for a in actions if isinstance(a, DealTile)]
        assert len(faces) == 3 * tiles  # 3 rounds
        assert len(set(faces)) == len(faces), faces
        for start in range(0, len(faces), tiles):
            letters = [face[0] for face in faces[start : start + tiles]]
            assert len(set(letters)) == tiles, letters


def test_t2_faces_repeat_by_default() -> None:
    """T-2: without no_repeat the same face may come again in a later round."""
    config = lv.royale(3, tiles=4)
    repeated = 0
    for seed in range(10):
        _, actions = random_game(config, lv.Rng(seed))
        faces = [a.face for a in actions if isinstance(a, DealTile)]
        repeated += len(faces) - len(set(faces))
    assert repeated > 0


@pytest.mark.parametrize("tile", TILES, ids=[t.code for t in TILES])
def test_r5_t1_x8_every_chip_is_accounted_for(tile: type[lv.RuleModule]) -> None:
    """R-5, T-1, T-1b, X-8: chips are unlimited, but none appears or vanishes unannounced.

    Over a random game with the tile on casinos 1-3 every round (2-5 players in turn), each
    step's change in every seat's chips equals what its events say: ``ChipsGiven`` (the
    round's 2 chips, rewards), ``BankPaid.chips`` (the bank's rest in chips),
    ``BankReceived.chips`` (chips paid to the bank) and the chip pass (``TurnPassed`` with
    reason ``"chip"``, R-5).
    """
    code = getattr(tile, "code")  # noqa: B009 - a tile class's face code
    players = 2 + TILES.index(tile) % 4
    config = lv.royale(players, deal=((code,), (code,), (code,)))
    rng = lv.Rng(players)
    state = lv.new_game(config)
    passes = 0
    while (mover := lv.to_move(state)) is not None:
        action = (
            lv.sample_chance(state, rng)
            if mover is lv.CHANCE
            else rng.choice(lv.legal_actions(state))
        )
        before = royale_state(state).chips
        result = lv.step(state, action)
        told = [0] * players
        for event in result.events:
            if isinstance(event, ChipsGiven):
                told[event.seat] += event.count
            elif isinstance(event, BankPaid):
                told[event.seat] += event.chips
            elif isinstance(event, BankReceived):
                told[event.seat] -= event.chips
            elif isinstance(event, lv.TurnPassed) and event.reason == "chip":
                told[event.seat] -= 1
                passes += 1
        after = royale_state(result.state).chips
        assert [a - b for a, b in zip(after, before, strict=True)] == told, (action, result.events)
        state = result.state
    assert passes > 0  # the random players did pass with a chip
