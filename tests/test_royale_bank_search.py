"""T-1b: ``royale.bank.payment_options`` against the search it replaced.

The reference below is the exhaustive search the library used before (every sub-multiset of
the debtor's cards with every number of chips, the change made greedily from the bank with
the handed cards in it, one option per result, in the options' order). It is kept here, and
only here, so that the faster search in ``lasvegas.royale.bank`` can be checked against it:
the same options, in the same order, with the same ``limit`` (the ``PAYMENT_CHOICES`` cap).
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from lasvegas.royale.bank import Handover, bank_payment, greedy, payment_options
from lasvegas.royale.components import CHIP_VALUE, MONEY_CARDS
from lasvegas.royale.tiles.bad_luck import BAD_LUCK_DEBT, PAYMENT_CHOICES
from lasvegas.types import Money


def reference_payment_options(
    won: tuple[Money, ...],
    chips: int,
    bank: tuple[Money, ...],
    amount: Money,
    limit: int | None = None,
) -> tuple[Handover, ...]:
    """T-1b as ``payment_options`` computed it before its faster search (kept verbatim)."""
    held = sorted(won)
    if sum(held) + chips * CHIP_VALUE < amount:
        return (Handover(tuple(held), chips, ()),)
    have = Counter(held)
    in_bank = Counter(bank)
    values = sorted(set(in_bank) | set(have), reverse=True)
    pot0 = [in_bank[v] for v in values]
    ranges = [range(have[v] + 1) for v in values]
    size = len(values)
    by_size: list[list[tuple[tuple[Money, ...], tuple[int, ...], Money, list[int]]]] = [
        [] for _ in range(len(held) + 1)
    ]
    for picks in product(*ranges):
        cards = tuple(v for i in range(size - 1, -1, -1) for v in (values[i],) * picks[i])
        pot = [n + k for n, k in zip(pot0, picks, strict=True)]
        by_size[len(cards)].append((cards, picks, sum(cards), pot))
    for group in by_size:
        group.sort()
    best: Money | None = None
    found: dict[tuple[tuple[int, ...], tuple[int, ...], int], Handover] = {}
    for things in range(len(held) + chips + 1):
        for given_ in range(max(0, things - len(held)), min(things, chips) + 1):
            for cards, picks, worth, pot in by_size[things - given_]:
                owed = worth + given_ * CHIP_VALUE - amount
                if owed < 0:
                    continue
                change = [0] * size
                for i in range(size):
                    if owed <= 0:
                        break
                    v = values[i]
                    if v <= owed:
                        k = min(pot[i], owed // v)
                        change[i] = k
                        owed -= k * v
                net = amount + owed
                if best is None or net < best:
                    best = net
                    found = {}
                elif net > best:
                    continue
                gone = tuple([k - c if k > c else 0 for k, c in zip(picks, change, strict=True)])
                back = tuple([c - k if c > k else 0 for k, c in zip(picks, change, strict=True)])
                key = (gone, back, given_)
                if key in found:
                    continue
                coins = tuple(v for v, c in zip(values, change, strict=True) for _ in range(c))
                found[key] = Handover(cards, given_, coins)
                if best == amount and limit is not None and len(found) >= limit:
                    return tuple(found.values())
    options = tuple(found.values())
    return options if limit is None else options[:limit]


@st.composite
def royale_payments(draw: st.DrawFn) -> tuple[tuple[Money, ...], int, tuple[Money, ...], Money]:
    """A debtor's cards and the bank as a game deals them: both from the 90 money cards,
    the debtor holding up to 12, the bank anything from none to the rest; up to 14 chips."""
    deck = draw(st.permutations(MONEY_CARDS))
    held = draw(st.integers(0, 12))
    in_bank = draw(st.integers(0, len(deck) - held))
    chips = draw(st.integers(0, 14))
    amount = draw(st.sampled_from([BAD_LUCK_DEBT, 10_000, 20_000, 100_000, 150_000]))
    return tuple(deck[:held]), chips, tuple(sorted(deck[held : held + in_bank])), amount


@given(royale_payments(), st.sampled_from([None, PAYMENT_CHOICES, 1, 3]))
def test_t1b_payment_options_as_before_on_royale_cards(
    payment: tuple[tuple[Money, ...], int, tuple[Money, ...], Money], limit: int | None
) -> None:
    """T-1b: on the money cards of the game (any hand and bank a deal can make), the faster
    search lists the same ways to pay as the exhaustive one, in the same order, with the
    same cap."""
    won, chips, bank, amount = payment
    expected = reference_payment_options(won, chips, bank, amount, limit)
    assert payment_options(won, chips, bank, amount, limit) == expected


_VALUES = (5_000, 10_000, 15_000, 20_000, 25_000, 30_000, 35_000, 45_000, 60_000, 100_000)


@given(
    st.lists(st.sampled_from(_VALUES), max_size=8),
    st.integers(0, 6),
    st.lists(st.sampled_from(_VALUES), max_size=12),
    st.integers(-20_000, 300_000),
    st.none() | st.integers(-2, 70),
)
def test_t1b_payment_options_as_before_on_any_cards(
    won: list[Money], chips: int, bank: list[Money], amount: Money, limit: int | None
) -> None:
    """T-1b: the same with card values, amounts and limits a game never uses (cards below a
    chip's worth, values the bank lacks, small banks that run short of change, amounts off
    the $10,000 grid, limits below 1), so that the faster search is the same function, not
    only the same on the game's numbers."""
    hand, pot = tuple(won), tuple(sorted(bank))
    expected = reference_payment_options(hand, chips, pot, amount, limit)
    assert payment_options(hand, chips, pot, amount, limit) == expected


def test_t1b_payment_options_capped_as_before() -> None:
    """T-1b, ``PAYMENT_CHOICES``: a debtor with more ways of least payment than the cap is
    offered the first 64, the same as before; the full list is longer."""
    won = (40_000, 40_000, 50_000, 50_000, 50_000, 60_000, 60_000, 70_000, 80_000, 90_000)
    bank = tuple(sorted(Counter(MONEY_CARDS) - Counter(won) - Counter({100_000: 3})))
    everything = payment_options(won, 6, bank, BAD_LUCK_DEBT)
    assert len(everything) > PAYMENT_CHOICES
    assert everything == reference_payment_options(won, 6, bank, BAD_LUCK_DEBT)
    capped = payment_options(won, 6, bank, BAD_LUCK_DEBT, PAYMENT_CHOICES)
    assert capped == everything[:PAYMENT_CHOICES]
    assert capped == reference_payment_options(won, 6, bank, BAD_LUCK_DEBT, PAYMENT_CHOICES)
    assert all(way.net == BAD_LUCK_DEBT for way in everything)


def test_t1b_bank_short_of_a_value_the_seat_hands_over() -> None:
    """T-1b, T-1: the handed cards join the bank before the change is made. Owing $50,000
    with two $100,000 cards to a bank holding one $30,000 card: one $100,000 card nets
    $70,000 ($30,000 back, the other $20,000 lost); both make $150,000 owed, which the bank
    can change only with one of the handed cards: the same result, so one way."""
    won, bank = (100_000, 100_000), (30_000,)
    options = payment_options(won, 0, bank, 50_000)
    assert options == reference_payment_options(won, 0, bank, 50_000)
    assert options == (Handover(cards=(100_000,), chips=0, change=(30_000,)),)
    assert bank_payment(won, 0, bank, 50_000) == (
        (100_000, 30_000),
        (100_000,),
        (100_000,),
        0,
        (30_000,),
    )


@given(
    st.lists(st.sampled_from(_VALUES), min_size=1, max_size=12).map(lambda p: tuple(sorted(p))),
    st.integers(0, 400_000),
    st.data(),
)
def test_t1_greedy_change_without_one_of_its_cards(
    pot: tuple[Money, ...], owed: Money, data: st.DataObject
) -> None:
    """T-1 (why T-1b's search skips a handover whose change gives back a card of a value it
    hands over): the greedy change for an amount, from a pot without one of the cards it
    gives, for the amount less that card, is the same change but for that card."""
    taken, _ = greedy(pot, owed)
    if not taken:
        assert owed < pot[0]  # nothing to give: every card is above the amount
        return
    card = data.draw(st.sampled_from(taken))
    rest = list(pot)
    rest.remove(card)
    fewer = list(taken)
    fewer.remove(card)
    assert greedy(tuple(rest), owed - card)[0] == tuple(fewer)
