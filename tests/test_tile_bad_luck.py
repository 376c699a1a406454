"""Bad Luck (tile C2): T-BADLUCK-1 with the bank payments of T-1b and the end-of-round order
T-9, scripted through the public API."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import lasvegas as lv
from lasvegas.royale.bank import Handover, payment_options
from lasvegas.royale.components import MONEY_CARDS
from lasvegas.royale.events import BankReceived
from lasvegas.royale.state import royale_state
from lasvegas.royale.tiles.bad_luck import BadLuckPay, BadLuckState, PayBank
from lasvegas.testing import finish_round, pay_bank, random_sim_test, setup_round, turn
from lasvegas.types import CasinoNumber

CARDS = (30_000, 30_000, 40_000, 30_000, 50_000, 30_000, 60_000, 50_000, 70_000, 60_000,
         90_000, 80_000)  # fmt: skip
"""Casinos 1-6: (30, 30), (40, 30), (50, 30), (60, 50), (70, 60), (90, 80) thousand."""


def start(players: int = 3) -> lv.State:
    """Bad Luck alone at casino 1; seat 0 to roll."""
    config = lv.royale(players, tiles=1, deal=("C2",))
    return setup_round(lv.new_game(config), cards=CARDS)


def bad_luck(state: lv.State) -> BadLuckState:
    (value,) = [s for s in state.modules if isinstance(s, BadLuckState)]
    return value


def test_tbadluck1_fewest_dice_before_ties_owe_at_the_round_end() -> None:
    """T-BADLUCK-1, T-9 (1): the players with the fewest dice here are fixed before payout,
    counting before ties are removed: two tied seats with 2 dice each do not owe, the seat
    with 1 does."""
    state = start()
    state = turn(state, [1, 1, 5, 5, 5, 5, 5], 1, big=5)  # seat 0: 2 at casino 1
    state = turn(state, [1, 1, 6, 6, 6, 6, 6], 1, big=6)  # seat 1: 2 at casino 1 (a tie)
    state = turn(state, [1, 4, 4, 4, 4, 4, 4], 1, big=4)  # seat 2: 1 at casino 1
    log: list[lv.Event] = []
    state = finish_round(state, {0: 5, 1: 6, 2: 4}, log)
    assert lv.TiesRemoved(casino=CasinoNumber(1), owners=(0, 1)) in log
    assert lv.to_move(state) == 2  # seat 2 ($30,000 and $60,000) chooses how to pay
    state = pay_bank(state, (30_000,), 2, log=log)
    payments = [e for e in log if isinstance(e, BankReceived)]
    assert [p.seat for p in payments] == [2]
    assert log.index(payments[0]) > log.index(lv.RoundEnded(round=1))  # T-9 (4)


def test_tbadluck1_zero_counts_and_t1b_least_payment() -> None:
    """T-BADLUCK-1, T-1b: players with no die here owe; each pays as little as possible:
    exactly $50,000 where cards and chips make it, the one way taken without asking, a choice
    among several ways of least payment."""
    state = start(4)
    state = turn(state, [1] * 7, 1, big=1)  # seat 0: everything at casino 1
    state = turn(state, [3, 5, 5, 5, 5, 5, 5], 3, big=5)  # seat 1: 1 at casino 3
    state = turn(state, [3, 3, 6, 6, 6, 6, 6], 3, big=6)  # seat 2: 2 at casino 3
    state = turn(state, [4, 5, 5, 5, 5, 5, 5], 5, big=5)  # seat 3: 8 at casino 5
    state = turn(state, [5] * 6, 5, big=5)  # seat 1: 8 at casino 5: a tie with seat 3
    state = turn(state, [6] * 5, 6, big=6)  # seat 2: 6 at casino 6
    log: list[lv.Event] = []
    state = turn(state, [4], 4, log=log)  # seat 3: its last die at casino 4
    # seat 1 ($30,000, 2 chips) paid at once; seat 2 ($50,000, $90,000) may pay $50,000 or
    # $90,000 for $40,000 back (or more, with chips): it chooses
    assert lv.to_move(state) == 2
    assert len(lv.legal_actions(state)) == 5
    state = pay_bank(state, (50_000,), 0, log=log)
    assert state.round == 2
    assert bad_luck_payments(log) == [
        BankReceived(seat=1, amount=50_000, cards=(30_000,), chips=2, change=()),
        BankReceived(seat=2, amount=50_000, cards=(50_000,), chips=0, change=()),
        BankReceived(seat=3, amount=50_000, cards=(60_000,), chips=2, change=(30_000,)),
    ]
    assert state.money == ((30_000,), (), (90_000,), (30_000,))
    assert royale_state(state).chips == (4, 2, 4, 2)  # after round 2's two chips each


def bad_luck_payments(log: list[lv.Event]) -> list[BankReceived]:
    return [e for e in log if isinstance(e, BankReceived)]


def test_t1b_rules_example_card_and_both_chips_for_change() -> None:
    """T-1b (example): owing $50,000 with a $60,000 card and 2 chips, the card alone nets
    $60,000 (the bank has no $10,000 card for change); the card and both chips net $50,000
    with a $30,000 card back: that is the only way, taken without asking."""
    assert payment_options((60_000,), 2, (30_000, 40_000, 50_000), 50_000) == (
        Handover(cards=(60_000,), chips=2, change=(30_000,)),
    )
    state = start()
    state = turn(state, [1] * 7, 1, big=1)  # seat 0: everything at casino 1
    state = turn(state, [6] * 7, 6, big=6)  # seat 1: casino 6, $90,000
    log: list[lv.Event] = []
    state = turn(state, [4] * 7, 4, big=4, log=log)  # seat 2: casino 4, $60,000
    state = pay_bank(state, (90_000,), 0, log=log)  # seat 1 chooses first (clockwise from seat 0)
    assert bad_luck_payments(log)[1] == BankReceived(
        seat=2, amount=50_000, cards=(60_000,), chips=2, change=(30_000,)
    )
    assert state.round == 2  # seat 2 was not asked
    assert state.money[2] == (30_000,)
    assert royale_state(state).chips[2] == 2  # round 2's two chips; both were handed over


def test_t1b_several_least_payments_the_debtor_chooses() -> None:
    """T-1b: when several handovers pay the least, the debtor chooses among them: a decision
    of that seat, a legal-action list like any other; the bank gives change in cards,
    greedily, never in chips."""
    state = start()
    state = turn(state, [1] * 7, 1, big=1)  # seat 0: everything at casino 1
    state = turn(state, [6] * 7, 6, big=6)  # seat 1: casino 6, $90,000
    log: list[lv.Event] = []
    state = turn(state, [5] * 7, 5, big=5, log=log)  # seat 2: casino 5, $70,000
    bank_before = royale_state(setup_round(start())).bank
    assert state.phase is lv.Phase.ROUND_END
    assert state.tasks == (BadLuckPay(module=1, seat=1),)
    assert lv.to_move(state) == 1
    legal = lv.legal_actions(state)
    assert legal == (PayBank(0), PayBank(1), PayBank(2))
    assert [lv.describe(a, state) for a in legal] == [
        "Seat 1 hands over $90,000, gets $40,000 back (Bad Luck)",
        "Seat 1 hands over $90,000 and 1 chip, gets $50,000 back (Bad Luck)",
        "Seat 1 hands over $90,000 and 2 chips, gets $60,000 back (Bad Luck)",
    ]
    # to the paying seat, in its own voice (the label once kept the third person's "gets")
    assert lv.observe(state, 1).labels[0] == "Hand over $90,000, get $40,000 back (Bad Luck)"
    with pytest.raises(lv.IllegalActionError):
        lv.apply(state, PayBank(3))
    state = pay_bank(state, (90_000,), 1, log=log)
    # seat 2 ($70,000, 2 chips): $70,000 alone nets $70,000 (no $20,000 card for change);
    # with 1 chip $30,000 comes back, with 2 chips $40,000: both net $50,000
    assert lv.to_move(state) == 2
    assert len(lv.legal_actions(state)) == 2
    state = pay_bank(state, (70_000,), 2, log=log)
    assert bad_luck_payments(log) == [
        BankReceived(seat=1, amount=50_000, cards=(90_000,), chips=1, change=(50_000,)),
        BankReceived(seat=2, amount=50_000, cards=(70_000,), chips=2, change=(40_000,)),
    ]
    assert state.money == ((30_000,), (50_000,), (40_000,))
    bank = royale_state(state).bank
    assert len(bank) == len(bank_before)  # 90,000 and 70,000 in, 50,000 and 40,000 out


def test_t1b_a_player_who_cannot_pay_pays_everything() -> None:
    """T-1b: a debtor holding less than $50,000 hands over all they hold; a debtor with
    nothing pays nothing."""
    state = start()
    state = turn(state, [1] * 7, 1, big=1)  # seat 0: everything at casino 1
    state = lv.apply(lv.apply(state, lv.Roll((5,) * 7)), lv.Roll((5,), "big"))
    state = lv.apply(state, lv.PayChip())  # seat 1 passes
    state = turn(state, [5] * 7, 5, big=5)  # seat 2: 8 at casino 5
    state = lv.apply(lv.apply(state, lv.Roll((5,) * 7)), lv.Roll((5,), "big"))
    state = lv.apply(state, lv.PayChip())  # seat 1 passes again: no chip left
    log: list[lv.Event] = []
    state = turn(state, [5] * 7, 5, big=5, log=log)  # seat 1: a tie with seat 2 at casino 5
    assert bad_luck_payments(log) == [
        BankReceived(seat=1, amount=50_000, cards=(), chips=0, change=()),
        BankReceived(seat=2, amount=50_000, cards=(), chips=2, change=()),
    ]
    assert state.money == ((30_000,), (), ())
    assert royale_state(state).chips == (4, 2, 2)  # round 2's chips: seat 0 kept its two


def test_tbadluck1_imaginary_owners_do_not_count() -> None:
    """T-BADLUCK-1, T-8: the 2-player neutral set has no die at casino 1 but never owes; the
    seat with the fewest dice does."""
    state = start(2)  # the neutral set is all on casino 6
    state = turn(state, [1, 5, 5, 5, 5, 5, 5], 1, big=5)  # seat 0: 1 at casino 1
    state = turn(state, [1, 1, 4, 4, 4, 4, 4], 1, big=4)  # seat 1: 2 at casino 1
    log: list[lv.Event] = []
    state = finish_round(state, {0: 5, 1: 4}, log)
    assert state.tasks == (BadLuckPay(module=1, seat=0),)  # seat 0 only: it chooses how
    log.extend(lv.step(state, PayBank(0)).events)
    assert [p.seat for p in bad_luck_payments(log)] == [0]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_bad_luck_forced(players: int) -> None:
    """random_sim_test with Bad Luck forced on casino 1 and the other tiles dealt at random."""
    random_sim_test(lv.royale(players, deal=("C2",)), games=2, seed=40 + players)


def _least_payments_by_brute_force(
    won: tuple[int, ...], chips: int, bank: tuple[int, ...], amount: int
) -> list[Handover]:
    """T-1b read literally: every handover of cards and chips worth at least the amount, the
    change made greedily (T-1, ``greedy``) from the bank with the handed cards in it; the
    least net payments, one per result, fewest things first."""
    from itertools import combinations

    from lasvegas.royale.bank import greedy

    held = sorted(won)
    if sum(held) + chips * 10_000 < amount:
        return [Handover(tuple(held), chips, ())]
    subsets = {c for k in range(len(held) + 1) for c in combinations(held, k)}
    options = []
    for cards in subsets:
        for count in range(chips + 1):
            value = sum(cards) + count * 10_000
            if value >= amount:
                pot = tuple(sorted(bank + cards))
                change = greedy(pot, value - amount)[0] if value > amount else ()
                options.append(Handover(cards, count, change))
    least = min(h.net for h in options)
    options = [h for h in options if h.net == least]
    options.sort(key=lambda h: (len(h.cards) + h.chips, h.chips, h.cards, h.change))
    seen: dict[object, Handover] = {}
    for h in options:
        gone = Counter(h.cards) - Counter(h.change)
        back = Counter(h.change) - Counter(h.cards)
        seen.setdefault((sorted(gone.elements()), sorted(back.elements()), h.chips).__repr__(), h)
    return list(seen.values())


@given(
    st.lists(st.sampled_from(sorted(set(MONEY_CARDS))), max_size=6),
    st.integers(0, 6),
    st.lists(st.sampled_from(sorted(set(MONEY_CARDS))), max_size=20),
    st.sampled_from([10_000, 20_000, 50_000, 100_000]),
)
def test_t1b_payment_options_are_the_least_payments(
    won: list[int], chips: int, bank: list[int], amount: int
) -> None:
    """T-1b: ``payment_options`` lists exactly the handovers of least net payment (one per
    result, fewest things first), and ``limit`` keeps the first ones; each option is worth
    at least the amount, unless the debtor holds less and pays everything."""
    options = payment_options(tuple(won), chips, tuple(sorted(bank)), amount)
    expected = _least_payments_by_brute_force(tuple(won), chips, tuple(sorted(bank)), amount)
    assert list(options) == expected
    assert payment_options(tuple(won), chips, tuple(sorted(bank)), amount, limit=3) == options[:3]
    for way in options:
        assert way.value >= amount or (sorted(way.cards), way.chips) == (sorted(won), chips)
        assert way.net >= min(amount, way.value)
