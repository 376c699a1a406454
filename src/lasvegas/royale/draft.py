"""Royale's batch edit of a state: :class:`TileDraft`, the core's
:class:`~lasvegas.edit.Draft` with Royale's dice moves and payments.

Its own module (not :mod:`lasvegas.royale.tiles.base`, which re-exports it) so that the
compiled build compiles it with the core's ``Draft``: the tiles' hot path then calls both
natively.
"""

from __future__ import annotations

from ..edit import Draft as CoreDraft
from ..engine import closed_casinos
from ..state import make_casino
from ..types import CasinoNumber, Money, Seat
from .bank import bank_payment, give_chips, greedy, pay_from_bank, pay_to_bank
from .components import CHIP_VALUE
from .events import BankPaid, BankReceived, ChipsGiven, DiceMoved
from .state import RoyaleState, evolve_royale, royale_index
from .table import SUPPLY, move_dice

__all__ = ["TileDraft"]


class TileDraft(CoreDraft):
    """:class:`lasvegas.edit.Draft` with Royale's table moves and payments: a tile's
    changes to a state, gathered and then built into one state.

    Moving dice (T-6) and paying or rewarding a seat (T-1, T-1b, X-8) go through the same
    helpers as step-by-step code (``move_dice``, ``reward`` ...) whenever somebody hears
    their events; otherwise they change the pending parts.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.royale(3, tiles=0))
    >>> draft = TileDraft(state, None)
    >>> draft.move(1, 2, 0, SUPPLY, 5)
    >>> draft.reward(1, 20_000)
    >>> new = draft.build()
    >>> new.casinos[4].dice, new.supply[1], new.modules[0].chips
    ((0, 2, 0), (5, 1, 0, 0), (2, 4, 2))
    """

    __slots__ = ()

    # -- dice and money -------------------------------------------------------------------------

    def move(
        self,
        owner: int,
        small: int,
        big: int,
        source: CasinoNumber | str,
        target: CasinoNumber | str,
    ) -> None:
        """``table.move_dice``: move *small* dice and *big* Biggies of *owner*, activating
        nothing (T-6); the same checks, the same ``ValueError``."""
        if self.hears(DiceMoved):
            state = self.build()
            self.state = move_dice(
                state, owner, small=small, big=big, source=source, target=target, log=self.log
            )
            return
        # table._move, on the pending casinos and supplies
        if small < 0 or big < 0:
            raise ValueError("move a non-negative number of dice")
        if self.closing:  # a closer's slice changed: what is closed may have changed too
            self.build()
        state = self.state
        for place, sign in ((source, -1), (target, 1)):
            if isinstance(place, int):
                if place in closed_casinos(state):
                    raise ValueError(
                        f"casino {place} is closed (T-7): no dice may enter or leave it"
                    )
                casinos = self.casinos
                if casinos is None:
                    casinos = state.casinos
                c = casinos[place - 1]
                row = c.dice
                bigs = c.big
                dice = row[owner] + sign * small
                biggies = bigs[owner] + sign * big
                if dice < 0 or biggies < 0:
                    raise ValueError(f"owner {owner} has not that many dice at casino {place}")
                new = make_casino(
                    c.notes,
                    (*row[:owner], dice, *row[owner + 1 :]),
                    (*bigs[:owner], biggies, *bigs[owner + 1 :]),
                )
                self.casinos = (*casinos[: place - 1], new, *casinos[place:])
            elif place == SUPPLY:
                if not 0 <= owner < state.config.players:
                    raise ValueError(f"owner {owner} is imaginary and has no supply (T-8)")
                supply = self.supply
                if supply is None:
                    supply = state.supply
                held = supply[owner]
                r, b = held[0] + sign * small, held[1] + sign * big
                if r < 0 or b < 0:
                    raise ValueError(f"seat {owner} has not that many dice in its supply")
                self.supply = (*supply[:owner], (r, b, *held[2:]), *supply[owner + 1 :])

    def reward(self, seat: Seat, amount: Money) -> None:
        """``bank.reward``: $10,000 / $20,000 as 1 / 2 chips (X-8), more from the bank (T-1)."""
        if amount <= 0:
            return
        if amount > 2 * CHIP_VALUE:
            self.pay_from_bank(seat, amount)
            return
        count = -(-amount // CHIP_VALUE)
        if self.hears(ChipsGiven):
            self.state = give_chips(self.build(), seat, count, self.log)
            return
        # give_chips, on the pending Royale slice
        config = self.state.config
        if not 0 <= seat < config.players:
            raise ValueError(f"only seats receive or pay money, not owner {seat} (T-8)")
        index = royale_index(config)
        s = self.slice(index)
        assert isinstance(s, RoyaleState)
        chips = s.chips
        row = (*chips[:seat], chips[seat] + count, *chips[seat + 1 :])
        self.set_slice(
            index,
            evolve_royale(s, chips=row),
        )

    def _payment(
        self, seat: Seat, amount: Money
    ) -> tuple[int, RoyaleState, tuple[tuple[Money, ...], ...]] | None:
        """For a payment between *seat* and the bank: the Royale module's index, its
        pending slice and the pending money; ``None`` when *amount* is not positive."""
        config = self.state.config
        if not 0 <= seat < config.players:
            raise ValueError(f"only seats receive or pay money, not owner {seat} (T-8)")
        if amount <= 0:
            return None
        index = royale_index(config)
        s = self.slice(index)
        assert isinstance(s, RoyaleState)
        money = self.money
        return index, s, self.state.money if money is None else money

    def pay_from_bank(self, seat: Seat, amount: Money) -> None:
        """``bank.pay_from_bank``: the bank pays *amount* to *seat* (T-1): cards greedily,
        chips for the rest."""
        if self.hears(BankPaid):
            self.state = pay_from_bank(self.build(), seat, amount, self.log)
            return
        # pay_from_bank, on the pending Royale slice and money
        found = self._payment(seat, amount)
        if found is None:
            return
        index, s, money = found
        taken, bank = greedy(s.bank, amount)
        count = -(-(amount - sum(taken)) // CHIP_VALUE)
        self.money = (*money[:seat], money[seat] + taken, *money[seat + 1 :])
        chips = s.chips
        row = (*chips[:seat], chips[seat] + count, *chips[seat + 1 :])
        self.set_slice(
            index,
            evolve_royale(s, chips=row, bank=bank),
        )

    def pay_to_bank(self, seat: Seat, amount: Money) -> None:
        """``bank.pay_to_bank``: *seat* pays *amount* to the bank (T-1b) with the first of
        :func:`~lasvegas.royale.bank.payment_options` (the least payment).

        >>> import lasvegas as lv
        >>> from lasvegas.state import evolve
        >>> draft = TileDraft(evolve(lv.new_game(lv.royale(3)), money=((70_000, 30_000), (), ())), None)
        >>> draft.pay_to_bank(0, 50_000)  # $30,000 and 2 chips: exactly $50,000
        >>> new = draft.build()
        >>> new.money[0], new.modules[0].bank
        ((70000,), (30000,))
        """
        if self.hears(BankReceived):
            self.state = pay_to_bank(self.build(), seat, amount, self.log)
            return
        # pay_to_bank, on the pending Royale slice and money (nobody hears BankReceived)
        found = self._payment(seat, amount)
        if found is None:
            return
        index, s, money = found
        won, bank, _, chips, _ = bank_payment(money[seat], s.chips[seat], s.bank, amount)
        self.money = (*money[:seat], won, *money[seat + 1 :])
        row = (*s.chips[:seat], s.chips[seat] - chips, *s.chips[seat + 1 :])
        self.set_slice(
            index,
            evolve_royale(s, chips=row, bank=bank),
        )
