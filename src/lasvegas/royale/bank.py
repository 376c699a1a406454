"""Chips and the bank: every payment a Royale tile makes or asks for goes through here.

* :func:`give_chips` (R-5, X-8: chips are unlimited);
* :func:`pay_from_bank` (T-1: bank cards greedily, the largest card not above what is still
  owed, then chips at $10,000 for the rest);
* :func:`reward` (X-8: $10,000 and $20,000 are 1 and 2 chips, more comes from the bank);
* :func:`payment_options` and :func:`pay_to_bank` (T-1b: the debtor pays as little as
  possible: the handovers of cards and chips worth at least the amount whose net payment,
  after the bank's change in cards, greedily and never in chips, is the least; a debtor who
  holds less pays everything).

Cards a seat receives from the bank join its won cards (``state.money[seat]``), so they
count as money cards for the tie-break (R-8). Only seats receive or pay: imaginary owners
never do (T-8).
"""

from __future__ import annotations

from bisect import bisect_right, insort
from collections import Counter
from itertools import product

import attrs

from ..engine import emit
from ..events import Event
from ..state import State
from ..types import Money, Seat
from .components import CHIP_VALUE
from .events import BankPaid, BankReceived, ChipsGiven
from .state import RoyaleState, _new_royale, rebuild, royale_state, set_royale

__all__ = [
    "Handover",
    "bank_payment",
    "chips_for",
    "give_chips",
    "greedy",
    "pay_from_bank",
    "pay_to_bank",
    "payment_options",
    "reward",
    "take_chips",
]


def greedy(bank: tuple[Money, ...], amount: Money) -> tuple[tuple[Money, ...], tuple[Money, ...]]:
    """Cards taken greedily from the sorted *bank* towards *amount*, and the bank left (T-1).

    Again and again the largest card not above what is still owed is taken; the rest of the
    amount (``amount - sum(taken)``) is what cards could not pay.

    >>> greedy((30_000, 40_000, 60_000, 100_000), 100_000)
    ((100000,), (30000, 40000, 60000))
    >>> greedy((30_000, 40_000, 60_000), 100_000)
    ((60000, 40000), (30000,))
    >>> greedy((30_000, 50_000), 40_000)
    ((30000,), (50000,))
    """
    owed = amount
    left = list(bank)
    taken: list[Money] = []
    while owed > 0:
        i = bisect_right(left, owed)
        if i == 0:
            break
        card = left.pop(i - 1)
        taken.append(card)
        owed -= card
    return tuple(taken), tuple(left)


def _check_seat(state: State, seat: Seat) -> None:
    if not 0 <= seat < state.config.players:
        raise ValueError(f"only seats receive or pay money, not owner {seat} (T-8)")


def _with_chips(state: State, s: RoyaleState, seat: Seat, chips: int) -> State:
    row = (*s.chips[:seat], chips, *s.chips[seat + 1 :])
    return set_royale(state, _new_royale(row, s.bank, s.deal, s.tiles, s.used, s.top, s.pending))


def give_chips(state: State, seat: Seat, count: int, log: list[Event] | None) -> State:
    """*seat* takes *count* chips from the unlimited supply (X-8).

    >>> import lasvegas as lv
    >>> state = give_chips(lv.new_game(lv.royale(3)), 1, 2, None)
    >>> royale_state(state).chips
    (2, 4, 2)
    """
    _check_seat(state, seat)
    if count <= 0:
        return state
    s = royale_state(state)
    state = _with_chips(state, s, seat, s.chips[seat] + count)
    if log is not None or ChipsGiven in state.config.ruleset.reactors:
        state = emit(state, ChipsGiven(seat=seat, count=count), log)
    return state


def take_chips(state: State, seat: Seat, count: int) -> State:
    """*seat* hands back *count* chips (it must hold them).

    >>> import lasvegas as lv
    >>> royale_state(take_chips(lv.new_game(lv.royale(3)), 0, 1)).chips
    (1, 2, 2)
    """
    _check_seat(state, seat)
    s = royale_state(state)
    if not 0 <= count <= s.chips[seat]:
        raise ValueError(f"seat {seat} holds {s.chips[seat]} chips, cannot hand over {count}")
    return _with_chips(state, s, seat, s.chips[seat] - count)


def pay_from_bank(state: State, seat: Seat, amount: Money, log: list[Event] | None) -> State:
    """The bank pays *amount* to *seat* (T-1): cards greedily, chips for the rest.

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round
    >>> state = setup_round(lv.new_game(lv.royale(3, deal=("A2", "C1", "D1"))))
    >>> state = pay_from_bank(state, 0, 100_000, None)
    >>> state.money[0]
    (100000,)
    """
    _check_seat(state, seat)
    if amount <= 0:
        return state
    s = royale_state(state)
    taken, bank = greedy(s.bank, amount)
    rest = amount - sum(taken)
    chips = -(-rest // CHIP_VALUE)
    money = state.money
    state = rebuild(state, money=(*money[:seat], money[seat] + taken, *money[seat + 1 :]))
    row = (*s.chips[:seat], s.chips[seat] + chips, *s.chips[seat + 1 :])
    state = set_royale(state, _new_royale(row, bank, s.deal, s.tiles, s.used, s.top, s.pending))
    if log is not None or BankPaid in state.config.ruleset.reactors:
        state = emit(state, BankPaid(seat=seat, amount=amount, cards=taken, chips=chips), log)
    return state


def chips_for(amount: Money) -> int:
    """The most chips a payment of *amount* to a seat can be: one per $10,000 begun (X-8),
    as :func:`reward` pays $10,000 and $20,000 and :func:`pay_from_bank` what the bank's
    cards cannot pay (T-1).

    >>> chips_for(20_000), chips_for(60_000), chips_for(0)
    (2, 6, 0)
    """
    return -(-amount // CHIP_VALUE)


def reward(state: State, seat: Seat, amount: Money, log: list[Event] | None) -> State:
    """A tile's reward of *amount* to *seat*: $10,000 / $20,000 as 1 / 2 chips (X-8), more
    from the bank (T-1), nothing for 0.

    >>> import lasvegas as lv
    >>> state = reward(lv.new_game(lv.royale(3)), 2, 20_000, None)
    >>> royale_state(state).chips, state.money[2]
    ((2, 2, 4), ())
    """
    if amount <= 0:
        return state
    if amount <= 2 * CHIP_VALUE:
        return give_chips(state, seat, -(-amount // CHIP_VALUE), log)
    return pay_from_bank(state, seat, amount, log)


@attrs.frozen
class Handover:
    """One way to pay the bank (T-1b): the cards and chips handed over and the change in
    cards that comes back.

    >>> Handover(cards=(60_000,), chips=2, change=(30_000,)).net
    50000
    """

    cards: tuple[Money, ...]
    """The values of the cards handed over, ascending."""
    chips: int
    """How many chips are handed over ($10,000 each)."""
    change: tuple[Money, ...]
    """The bank's change, in cards (largest first, as :func:`greedy` takes them)."""

    @property
    def value(self) -> Money:
        """What is handed over: the cards and the chips."""
        return sum(self.cards) + self.chips * CHIP_VALUE

    @property
    def net(self) -> Money:
        """What the payment costs the debtor: the value handed over minus the change."""
        return self.value - sum(self.change)

    def text(self) -> str:
        """The handover in words.

        >>> Handover(cards=(60_000,), chips=2, change=(30_000,)).text()
        'hand over $60,000 and 2 chips, get $30,000 back'
        """
        parts = [f"${card:,}" for card in self.cards]
        if self.chips:
            parts.append("1 chip" if self.chips == 1 else f"{self.chips} chips")
        given = " and ".join(parts) if parts else "nothing"
        if not self.change:
            return f"hand over {given}"
        back = " and ".join(f"${card:,}" for card in self.change)
        return f"hand over {given}, get {back} back"


def payment_options(
    won: tuple[Money, ...],
    chips: int,
    bank: tuple[Money, ...],
    amount: Money,
    limit: int | None = None,
) -> tuple[Handover, ...]:
    """The ways a seat holding the cards *won* and *chips* chips may pay *amount* to the
    bank holding *bank* (sorted), as T-1b allows: the distinct handovers worth at least the
    amount whose net payment (value handed over minus the change) is the least possible.
    The change is made from the bank with the handed cards in it, greedily (:func:`greedy`);
    change it cannot make is lost. A seat holding less than *amount* hands over everything
    (the one option). Fewest things handed over come first, then the fewer chips, then the
    lower cards. Handovers with the same result (the same cards and chips leave the seat,
    the same cards come back) are one option, the one handing over the fewest things: a
    card handed over and given back as change makes no difference. With *limit*, only the
    first *limit* options are listed (and the search stops once they are sure).

    >>> [h.text() for h in payment_options((60_000,), 2, (30_000, 40_000), 50_000)]
    ['hand over $60,000 and 2 chips, get $30,000 back']
    >>> [h.text() for h in payment_options((60_000,), 3, (30_000, 40_000), 50_000)]
    ['hand over $60,000 and 2 chips, get $30,000 back', 'hand over $60,000 and 3 chips, get $40,000 back']
    >>> payment_options((30_000,), 1, (), 50_000)  # less than the amount: everything
    (Handover(cards=(30000,), chips=1, change=()),)
    """
    held = sorted(won)
    if sum(held) + chips * CHIP_VALUE < amount:
        return (Handover(tuple(held), chips, ()),)
    # Counts per card value, largest value first: the greedy change (T-1), the largest card
    # not above what is still owed again and again, is as many of each value as fit, in turn.
    have = Counter(held)
    in_bank = Counter(bank)
    values = sorted(set(in_bank) | set(have), reverse=True)
    pot0 = [in_bank[v] for v in values]
    ranges = [range(have[v] + 1) for v in values]
    size = len(values)
    # every sub-multiset of the seat's cards, by size, each size in ascending card order
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
    # Handovers in the options' order: fewer things, then fewer chips, then lower cards. The
    # net payment is never below the amount, so once an option pays exactly the amount and
    # *limit* options are found, no later handover can change the list.
    for things in range(len(held) + chips + 1):
        for given in range(max(0, things - len(held)), min(things, chips) + 1):
            for cards, picks, worth, pot in by_size[things - given]:
                owed = worth + given * CHIP_VALUE - amount
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
                net = amount + owed  # what the cards could not give back is paid too
                if best is None or net < best:
                    best = net
                    found = {}
                elif net > best:
                    continue
                # one option per result: a card handed over and given back is no difference
                gone = tuple([k - c if k > c else 0 for k, c in zip(picks, change, strict=True)])
                back = tuple([c - k if c > k else 0 for k, c in zip(picks, change, strict=True)])
                key = (gone, back, given)
                if key in found:
                    continue
                coins = tuple(v for v, c in zip(values, change, strict=True) for _ in range(c))
                found[key] = Handover(cards, given, coins)
                if best == amount and limit is not None and len(found) >= limit:
                    return tuple(found.values())
    options = tuple(found.values())
    return options if limit is None else options[:limit]


def bank_payment(
    won: tuple[Money, ...],
    chips: int,
    bank: tuple[Money, ...],
    amount: Money,
    handover: Handover | None = None,
) -> tuple[tuple[Money, ...], tuple[Money, ...], tuple[Money, ...], int, tuple[Money, ...]]:
    """A payment of *amount* to the bank (T-1b) by a seat holding the cards *won* and
    *chips* chips, with the bank holding *bank* (sorted), made with *handover* (by default
    the first of :func:`payment_options`): the seat's cards after it, the bank after it, the
    cards handed over, the chips handed over and the change received.

    >>> bank_payment((60_000,), 2, (30_000, 40_000), 50_000)  # T-1b's example
    ((30000,), (40000, 60000), (60000,), 2, (30000,))
    >>> bank_payment((10_000,), 1, (50_000,), 40_000)  # all it holds: the card and its chip
    ((), (10000, 50000), (10000,), 1, ())
    """
    if handover is None:
        handover = payment_options(won, chips, bank, amount)[0]
    kept = list(won)
    for card in handover.cards:
        kept.remove(card)
    pot = list(bank)
    for card in handover.cards:
        insort(pot, card)
    for card in handover.change:
        pot.remove(card)
    kept.extend(handover.change)
    return tuple(kept), tuple(pot), handover.cards, handover.chips, handover.change


def pay_to_bank(
    state: State,
    seat: Seat,
    amount: Money,
    log: list[Event] | None,
    handover: Handover | None = None,
) -> State:
    """*seat* pays *amount* to the bank (T-1b) with *handover*, one of
    :func:`payment_options` (by default the first).

    The handed cards join the bank, which then gives change in cards, greedily (T-1), never
    in chips: change the bank's cards cannot make is lost. A debtor who holds less than the
    amount hands over everything.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.royale(3))
    >>> state = rebuild(state, money=((70_000, 30_000), (), ()))
    >>> state = pay_to_bank(state, 0, 50_000, None)
    >>> state.money[0], royale_state(state).bank  # $30,000 and 2 chips: exactly $50,000
    ((70000,), (30000,))
    >>> royale_state(state).chips
    (0, 2, 2)
    """
    _check_seat(state, seat)
    if amount <= 0:
        return state
    s = royale_state(state)
    won, bank, handed, chips, change = bank_payment(
        state.money[seat], s.chips[seat], s.bank, amount, handover
    )
    money = state.money
    state = rebuild(state, money=(*money[:seat], won, *money[seat + 1 :]))
    row = (*s.chips[:seat], s.chips[seat] - chips, *s.chips[seat + 1 :])
    state = set_royale(state, _new_royale(row, bank, s.deal, s.tiles, s.used, s.top, s.pending))
    event = BankReceived(seat=seat, amount=amount, cards=handed, chips=chips, change=change)
    return emit(state, event, log)
