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
from operator import itemgetter
from typing import NamedTuple

import attrs

from .._build import python_class
from ..engine import emit, wanted
from ..events import Event
from ..state import State, evolve, fast_constructor
from ..types import Money, Seat
from .components import CHIP_VALUE
from .events import BankPaid, BankReceived, ChipsGiven
from .state import RoyaleState, evolve_royale, royale_state, set_royale

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
    return set_royale(
        state,
        evolve_royale(s, chips=row),
    )


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
    if wanted(state, log, ChipsGiven):
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
    state = evolve(state, money=(*money[:seat], money[seat] + taken, *money[seat + 1 :]))
    row = (*s.chips[:seat], s.chips[seat] + chips, *s.chips[seat + 1 :])
    state = set_royale(
        state,
        evolve_royale(s, chips=row, bank=bank),
    )
    if wanted(state, log, BankPaid):
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
@python_class
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


_new_handover = fast_constructor(Handover)
"""``Handover(cards, chips, change)`` without attrs' __init__: a payment search builds about
twenty."""


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
    held = tuple(sorted(won))
    if sum(held) + chips * CHIP_VALUE < amount:
        return (Handover(held, chips, ()),)
    # Every handover, in the options' order: fewest things, then fewest chips, then the lowest
    # cards. What the change cannot give back of the overpayment is lost: the handovers that
    # lose the least make the least net payment. Nothing loses less than nothing: once a
    # handover loses nothing and *limit* options are found, no later one changes the list.
    search = _Search(held, bank)
    known = search.known  # the changes worked out so far (search.change), looked up here
    least: Money | None = None
    options: list[Handover] = []
    for things in range(len(held) + chips + 1):
        for given in range(max(0, things - len(held)), min(things, chips) + 1):
            due = amount - given * CHIP_VALUE  # what the cards must make up
            for cards, worth, values in search.by_size[things - given]:
                if worth < due:
                    continue
                found = known.get(worth - due)
                change, lost, back = search.change(worth - due) if found is None else found
                if values & back:
                    # A card of a value handed over would come back (see _Search): the same
                    # handover without that card has the same result, and came first.
                    continue
                if least is None or lost < least:
                    least = lost
                    options = []
                elif lost > least:
                    continue
                options.append(_new_handover(cards, given, change))
                if least == 0 and limit is not None and len(options) >= limit:
                    return tuple(options)
    return tuple(options) if limit is None else tuple(options[:limit])


class _Change(NamedTuple):
    """The bank's change for an overpayment (T-1), from its own cards."""

    cards: tuple[Money, ...]
    """The cards given back, largest first (as :func:`greedy` takes them)."""
    lost: Money
    """What they could not give back."""
    back: int
    """The values a handover must not hold to be a way to pay with this change (bit *i* for
    the *i*-th of the search's values): the values among the cards, and those the bank ran
    short of (see :class:`_Search`)."""


_cards = itemgetter(0)
"""A subset's cards (:class:`_Search`)."""


class _Search:
    """What :func:`payment_options` looks at for one debtor and one bank.

    The debtor's cards are multisets of few distinct values: their sub-multisets (how many
    of each value) are listed once each, by size, each size in ascending order.

    The change (T-1) is made greedily from the bank with the handed cards in it: the
    largest card not above what is still owed, again and again, that is as many of each
    value as fit, largest value first. Only the handovers where no card of a value handed
    over comes back make distinct options, and for those the handed cards play no part in
    the change, which is worked out once per overpayment from the bank's own cards:

    - A handover whose change gives back a card of a value it hands over has the same
      result (the same cards leave the seat, the same come back) as the same handover
      without that card: with one card and its value less to pay, the greedy change takes
      the same cards but that one. That handover has one thing fewer and came first.
    - Unless the bank's own cards run short of a value the seat hands over (the change
      would take more of it than the bank has), the handed cards, added to the bank, change
      nothing: at each value the change takes as many as fit, or all the bank has, the
      same with them as without. Where it does, the change takes more of the first such
      value than the bank has, so one of the handed cards: the case above.
    """

    __slots__ = ("bank", "by_size", "known", "values")

    def __init__(self, held: tuple[Money, ...], bank: tuple[Money, ...]) -> None:
        have = Counter(held)
        in_bank = Counter(bank)
        self.values = tuple(sorted({*have, *in_bank}, reverse=True))
        """The card values of the seat and the bank, largest first."""
        self.bank = tuple([in_bank[value] for value in self.values])
        """How many cards of each value the bank holds."""
        self.known: dict[Money, _Change] = {}
        """The change for an overpayment (:meth:`change`)."""
        subsets: list[tuple[tuple[Money, ...], Money, int]] = [((), 0, 0)]
        for i in range(len(self.values) - 1, -1, -1):  # values ascending: cards ascending
            value = self.values[i]
            if value in have:
                runs = [
                    ((value,) * k, k * value, 1 << i if k else 0) for k in range(have[value] + 1)
                ]
                subsets = [
                    (cards + run, worth + more, values | bit)
                    for cards, worth, values in subsets
                    for run, more, bit in runs
                ]
        self.by_size: list[list[tuple[tuple[Money, ...], Money, int]]] = [
            [] for _ in range(len(held) + 1)
        ]
        """Every sub-multiset of the seat's cards, by size, each size in ascending order: the
        cards (ascending), their worth, and their values (bit *i* for ``values[i]``)."""
        for subset in subsets:
            self.by_size[len(subset[0])].append(subset)
        for group in self.by_size:
            group.sort(key=_cards)  # no two subsets hold the same cards: by cards alone

    def change(self, owed: Money) -> _Change:
        """The bank's change for *owed* from its own cards: as many of each value as fit,
        largest value first."""
        known = self.known.get(owed)
        if known is None:
            cards: list[Money] = []
            back = 0
            rest = owed
            values = self.values
            bank = self.bank
            for i in range(len(values)):
                if not rest:  # nothing left to give back: no later value fits
                    break
                value = values[i]
                k = rest // value
                if k:  # the value fits: taken, or the bank runs short of it (both count)
                    back |= 1 << i
                    n = bank[i]
                    if k > n:  # the bank runs short of this value
                        k = n
                    if k:
                        cards += (value,) * k
                        rest -= k * value
            known = self.known[owed] = _Change(tuple(cards), rest, back)
        return known


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
    >>> state = evolve(state, money=((70_000, 30_000), (), ()))
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
    state = evolve(state, money=(*money[:seat], won, *money[seat + 1 :]))
    row = (*s.chips[:seat], s.chips[seat] - chips, *s.chips[seat + 1 :])
    state = set_royale(
        state,
        evolve_royale(s, chips=row, bank=bank),
    )
    event = BankReceived(seat=seat, amount=amount, cards=handed, chips=chips, change=change)
    return emit(state, event, log)
