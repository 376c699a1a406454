"""``CardGame``: Las Vegas: The Card Game (rules K-1 to K-18) on the shared engine.

The card game is the ``"cardgame"`` edition: 4 rounds, the 48 notes, payout to the top two,
no classic filling, and this module, which runs each round through tasks:

1. on :class:`~lasvegas.RoundStarted` it takes the seats' cards into its slice (the core
   puts no dice in the supplies, the cards being ``Params.held``, so its turn loop finds nobody, and
   fills no casino, ``Params.fill``) and deals 2 notes to each
   casino 1..6, one chance :class:`~lasvegas.Draw` per note from the core's pile (K-3);
2. on :class:`~lasvegas.CasinosFilled` (after the chip cards, when that module is on) it deals
   each seat 5 cards, seat by seat from the start player, one chance :class:`DrawCard` per
   card (K-4);
3. then up to 6 turns (K-1, K-8): every seat still in the round commits a
   :class:`PlayCards`, in turn order from the start player; nothing of a commitment shows in
   another seat's view or events until the last one reveals them all (K-5, K-13). Revealed
   cards go on the casinos as dice (a double card is one ``big`` die, counting two, K-10), so
   the core's ranking pays them; unchosen cards are discarded (K-6); a seat with 8 cards
   placed is out (K-7); the others draw 5 (K-6, K-9).

When its last task ends no seat holds dice, so the core goes straight to the payout, which
this module takes over only to send leftover notes to the box (K-10).

The round's steps are the core's table operations (:mod:`lasvegas.table`), in
``cardgame/_flow.py``; the pieces (actions, events, tasks, the slice) are in
``cardgame/_parts.py``; this module holds the rule module and what it shows and checks.
With the :class:`~lasvegas.cardgame.Sequential` module, seats play one after another
instead (K-12).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, ClassVar

import attrs

from ..actions import Action, Draw
from ..config import Params
from ..errors import ConfigError
from ..events import CasinosFilled, Event, RoundStarted
from ..modules.base import Capabilities, Held, ModuleState, RuleModule, Task, TaskHandler
from ..state import Phase, State
from ..table import draw_outcomes, note_outcomes, sample, sample_note
from ..types import MAX_MONEY, CasinoIndex, Money, Seat
from ._flow import (
    card_slice,
    casinos_filled,
    choices,
    choose,
    chooser,
    deal_cards,
    deal_notes,
    draw_action,
    draw_card,
    draw_note,
    is_sequential,
    mover,
    orders,
    pay_casino,
    selections,
    start_round,
    state_mover,
    with_slice,
)
from ._parts import (
    CardDrawn,
    CardGameState,
    CardsCommitted,
    CardsDiscarded,
    CardsPlayed,
    ChooseCards,
    DealCards,
    DealNotes,
    DrawCard,
    NotesBoxed,
    PlayCards,
    SeatOut,
    drawing_seat,
)
from .components import (
    DICE_CARDS,
    HAND_SIZE,
    HIDDEN,
    NOTES,
    NOTES_PER_CASINO,
    TURNS,
    Card,
    card_name,
    is_card,
)
from .encoding import cardgame_segments

if TYPE_CHECKING:
    from ..chance import Rng
    from ..view import PlayerView

__all__ = [
    "CardDrawn",
    "CardGame",
    "CardGameState",
    "CardsCommitted",
    "CardsDiscarded",
    "CardsPlayed",
    "ChooseCards",
    "DealCards",
    "DealNotes",
    "DrawCard",
    "NotesBoxed",
    "PlayCards",
    "SeatOut",
    "drawing_seat",
    "is_sequential",
    "selections",
]


def _check_deck(_: object, __: attrs.Attribute[tuple[Card, ...]], value: object) -> None:
    if type(value) is not tuple or not value or not all(is_card(c) for c in value):
        raise ConfigError(
            "CardGame(deck=...): give a non-empty tuple of card codes 10*face+dice "
            "(face 1-6, one or two dice)"
        )


def _check_notes(_: object, __: attrs.Attribute[tuple[Money, ...]], value: object) -> None:
    if (
        type(value) is not tuple
        or not value
        or not all(type(v) is int and v > 0 for v in value)
        or sum(value) > MAX_MONEY
    ):
        raise ConfigError(
            "CardGame(notes=...): give a non-empty tuple of positive amounts, totalling at"
            f" most {MAX_MONEY} (MAX_MONEY)"
        )


def _face_down(
    piles: tuple[tuple[Card, ...], ...], seat: Seat | None
) -> tuple[tuple[Card, ...], ...]:
    """*piles*, one per seat, with every seat's but *seat*'s cards face down (K-18)."""
    return tuple(p if t == seat else (HIDDEN,) * len(p) for t, p in enumerate(piles))


def _by_size(cards: tuple[Card, ...]) -> tuple[int, tuple[Card, ...]]:
    """The order of selections: by size, then by cards."""
    return len(cards), cards


# -- the module ----------------------------------------------------------------------------


@attrs.frozen
class CardGame(RuleModule[CardGameState]):
    """The card game's rules (K-1 to K-11, K-13, K-18): always part of a ``cardgame`` config.

    ``deck`` is one seat's 30 dice cards and ``notes`` the money notes: the rulings X-18 and
    X-19 by default; pass the printed lists if you own them.

    >>> import lasvegas as lv
    >>> config = lv.cardgame(4)
    >>> config.modules
    (CardGame(),)
    >>> config.ruleset.params.held, len(config.ruleset.params.notes)
    ((24, 6, 0, 0), 48)
    """

    id: ClassVar[str] = "cardgame"
    order: ClassVar[int] = 20
    editions: ClassVar[frozenset[str]] = frozenset({"cardgame"})
    listens: ClassVar[tuple[type[Event], ...]] = (RoundStarted, CasinosFilled)
    actions: ClassVar[tuple[type[Action], ...]] = (PlayCards, DrawCard)
    tasks: ClassVar[tuple[type[Task], ...]] = (DealNotes, DealCards, ChooseCards)
    state_type: ClassVar[type[ModuleState] | None] = CardGameState
    events: ClassVar[tuple[type[Event], ...]] = (
        CardDrawn,
        CardsCommitted,
        CardsPlayed,
        CardsDiscarded,
        SeatOut,
        NotesBoxed,
    )

    deck: tuple[Card, ...] = attrs.field(default=DICE_CARDS, validator=_check_deck)
    """One seat's dice cards (ruling X-18)."""
    notes: tuple[Money, ...] = attrs.field(default=NOTES, validator=_check_notes)
    """The money notes (ruling X-19)."""

    def __repr__(self) -> str:
        fields = []
        if tuple(sorted(self.deck)) != DICE_CARDS:
            fields.append(f"deck={self.deck!r}")
        if tuple(sorted(self.notes)) != NOTES:
            fields.append(f"notes={self.notes!r}")
        return f"CardGame({', '.join(fields)})"

    # -- config time -------------------------------------------------------------------------

    def configure(self, params: Params, players: int) -> Params:
        """Each seat's cards as the pieces it holds (``Params.held``: single cards ``regular``,
        double cards ``big``) and the notes.

        The cards never reach the core's supply (its ``Params.dice`` are none): this module
        holds them (``held``) and places the revealed ones; it deals the notes itself,
        two per casino, instead of the core's filling (``Params.fill``, K-3).
        """
        doubles = sum(1 for c in self.deck if c % 10 == 2)
        return attrs.evolve(
            params,
            held=(len(self.deck) - doubles, doubles, 0, 0),
            notes=tuple(sorted(self.notes)),
            fill=False,
        )

    def initial_state(self, players: int) -> CardGameState:
        """Full draw piles, empty hands, nobody out, an empty box."""
        return self._fresh(players, ())

    def _fresh(self, players: int, box: tuple[Money, ...]) -> CardGameState:
        return CardGameState(
            turn=0,
            decks=(tuple(sorted(self.deck)),) * players,
            hands=((),) * players,
            discards=((),) * players,
            choices=(None,) * players,
            out=(False,) * players,
            box=box,
            placed=(0,) * players,
        )

    # -- reactions -------------------------------------------------------------------------------

    def react(self, state: State, index: int, event: Event, log: list[Event] | None) -> State:
        """Round start: take the cards, deal the notes (K-3, K-4). Casinos filled: deal hands."""
        if type(event) is RoundStarted:
            fresh = self._fresh(state.config.players, card_slice(state, index).box)
            return start_round(state, index, fresh)
        if type(event) is CasinosFilled:
            return casinos_filled(state, index, log)
        return state

    # -- tasks ---------------------------------------------------------------------------------

    def task_handlers(self) -> Mapping[type[Task], TaskHandler]:
        """The round's note deal (K-3) and the card deals (K-4, K-6, K-9), chance nodes; the
        seats' choice of cards (K-5, K-13).

        >>> CardGame().task_handlers()[DealCards].to_move is None  # a chance node
        True
        """
        return {
            # Both deals also resolve in one state for play_chance (run: the whole deal).
            DealNotes: TaskHandler(
                self.note_drawn, None, None, self.note_outcomes, self.note_sample, deal_notes
            ),
            # A card drawn (K-4, K-6) and a seat's choice, revealed by the last one (K-5,
            # K-13; K-12), are resolved by the flow's functions themselves, which also
            # name the choosing seat and its selections.
            DealCards: TaskHandler(
                draw_card, None, None, self.card_outcomes, self.card_sample, deal_cards
            ),
            ChooseCards: TaskHandler(choose, chooser, choices),
        }

    def capabilities(self) -> Capabilities:
        """Hand labels, the simultaneous choosers, the action space, texts, a determiniser and
        the observation segments."""
        return Capabilities(
            hand_labels=self.hand_labels,
            choosers=self.choosers,
            chooser_actions=self.chooser_actions,
            action_space=self.action_space,
            describe_action=self.describe_action,
            determinise=self.determinise,
            slice_encoder=cardgame_segments,
        )

    def hand_labels(self, part: ModuleState | None, seat: Seat | None) -> tuple[str, ...]:
        """*seat*'s hand in words, read from a view's slice (for :mod:`lasvegas.render`)."""
        if seat is None or not isinstance(part, CardGameState):
            return ()
        return tuple(card_name(c) for c in part.hands[seat])

    def choosers(self, state: State, index: int, task: Task) -> tuple[Seat, ...]:
        """The seats that choose at once now (K-5, K-13): every seat still in the round that
        has not chosen; only the mover with ``Sequential`` (K-12) or outside a choice.

        :class:`lasvegas.session.Session` takes a choice from each of them as it comes.
        """
        if type(task) is not ChooseCards:
            return ()
        s = card_slice(state, index)
        if is_sequential(state):
            seat = state_mover(state, index)
            return () if seat is None else (seat,)
        return tuple(
            seat
            for seat in orders(len(s.out))[state.start]
            if s.choices[seat] is None and not s.out[seat]
        )

    def chooser_actions(
        self, state: State, index: int, task: Task, seat: Seat
    ) -> tuple[Action, ...]:
        """What *seat*, one of :meth:`choosers`, may choose: the selections from its hand."""
        return selections(card_slice(state, index).hands[seat])

    def note_outcomes(
        self, state: State, index: int, task: Task
    ) -> tuple[tuple[Action, Fraction], ...]:
        """The next note of the pile (K-3)."""
        return note_outcomes(state.pile_hidden, state.pile_returned)

    def note_sample(self, state: State, index: int, task: Task, rng: Rng) -> Action:
        """Draw the next note directly."""
        return sample_note(state.pile_hidden, state.pile_returned, rng)

    def note_drawn(
        self, state: State, index: int, action: Action, log: list[Event] | None
    ) -> State:
        """The drawn note goes to the first casino holding fewer than 2 notes (K-3)."""
        return draw_note(state, action, log)

    def card_outcomes(
        self, state: State, index: int, task: Task
    ) -> tuple[tuple[Action, Fraction], ...]:
        """The next card of the drawing seat's pile (K-4, K-6)."""
        assert isinstance(task, DealCards)
        return draw_outcomes(card_slice(state, index).decks[task.seats[0]], draw_action)

    def card_sample(self, state: State, index: int, task: Task, rng: Rng) -> Action:
        """Draw the next card of the drawing seat's pile directly."""
        assert type(task) is DealCards
        s = self.slice_of(state, index)  # once per card
        return draw_action(sample(s.decks[task.seats[0]], rng))

    # -- payout, accounting, views ---------------------------------------------------------------

    def payout(
        self, state: State, index: int, casino: CasinoIndex, log: list[Event] | None
    ) -> State | None:
        """K-10: ties in dice cancel, the top two take the notes, leftovers go to the box."""
        return pay_casino(state, index, casino, log)

    def held(self, state: State, index: int) -> Held:
        """The cards of each seat that are not at a casino (draw pile, hand and discards),
        and the notes gone back to the box (K-10)."""
        s = card_slice(state, index)
        return Held(
            dice=tuple(
                len(d) + len(h) + len(x)
                for d, h, x in zip(s.decks, s.hands, s.discards, strict=True)
            ),
            notes=s.box,
        )

    def redact(self, state: State, index: int, seat: Seat | None) -> ModuleState | None:
        """Another seat's hand, draw pile and discards face down; its choice hidden (K-13, K-18).

        With ``Sequential`` a choice is public as soon as it is made (it is placed at once).

        The viewer's own draw pile is shown as the sorted multiset it is (the viewer can
        work it out from what it has seen); nobody sees any pile's order, which no state holds.
        """
        s = card_slice(state, index)
        public = is_sequential(state)  # K-12: a choice is placed, face up, as it is made

        return CardGameState(
            turn=s.turn,
            decks=_face_down(s.decks, seat),
            hands=_face_down(s.hands, seat),
            discards=_face_down(s.discards, seat),
            choices=tuple(
                c if public or t == seat or c is None else () for t, c in enumerate(s.choices)
            ),
            out=s.out,
            box=s.box,
            placed=s.placed,
        )

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The card game's tasks hold no secret (choices live in the redacted slice)."""
        return task

    def action_space(self, players: int) -> tuple[Action, ...]:
        """Every selection a hand of :attr:`deck` cards could offer (K-5), as :func:`selections`.

        Sub-multisets of the deck of at most :data:`HAND_SIZE` cards: 1 or 2 cards, or 3 or
        more cards of one face; sorted by size, then by cards.

        >>> actions = CardGame().action_space(4)
        >>> len(actions), actions[0], actions[-1]
        (114, PlayCards(cards=(11,)), PlayCards(cards=(61, 61, 61, 61, 62)))
        """
        stock = Counter(self.deck)
        codes = sorted(stock)
        picks: list[tuple[Card, ...]] = []
        for k in range(1, HAND_SIZE + 1):
            for combo in combinations_with_replacement(codes, k):
                if (k <= 2 or combo[0] // 10 == combo[-1] // 10) and all(
                    combo.count(c) <= stock[c] for c in set(combo)
                ):
                    picks.append(combo)
        return tuple(PlayCards(c) for c in sorted(picks, key=_by_size))

    def describe_action(self, state: State, index: int, action: Action) -> str | None:
        """Name the casino a note drawn for the round's deal goes to (K-3).

        >>> import lasvegas as lv
        >>> lv.describe(lv.Draw(50_000), lv.new_game(lv.cardgame(2)))
        'Draw a $50,000 note for casino 1'
        """
        if type(action) is Draw and type(state.tasks[0]) is DealNotes:
            waiting = [i for i, c in enumerate(state.casinos) if len(c.notes) < NOTES_PER_CASINO]
            if waiting:
                return f"Draw a ${action.value:,} note for casino {waiting[0] + 1}"
        return None

    def deal_unseen(self, state: State, index: int, seat: Seat | None, rng: Rng) -> State:
        """Deal again every card *seat* cannot see: the one deal behind both
        :meth:`resample_hidden` (leak tests) and :meth:`determinise` (search agents).

        What *seat* knows of another seat's cards is their whole (its :attr:`deck` less its
        cards at the casinos, which are public), the size of its hand, discards and draw
        pile, and whether it has chosen (K-13, K-18). So for every other seat that whole is
        shuffled with *rng* and split by those sizes, and a choice made but hidden becomes a
        legal selection drawn from the dealt hand; a choice placed as it is made stays
        (``Sequential``, K-12). *seat*'s own cards are kept (``None``, a spectator, keeps
        none). *state*'s slice may be the true one or a seat's redacted one: only the sizes
        and whether a seat has chosen are read from it, so both give the same deal.

        >>> import lasvegas as lv
        >>> state = lv.new_game(lv.cardgame(2))
        >>> rng = lv.Rng(3)
        >>> while lv.to_move(state) is lv.CHANCE:
        ...     state = lv.apply(state, lv.sample_chance(state, rng))
        >>> other = CardGame().deal_unseen(state, 0, 1, lv.Rng(7))
        >>> lv.observe(other, 1) == lv.observe(state, 1), lv.state_problems(other)
        (True, ())
        """
        s = self.slice_of(state, index)
        sequential = is_sequential(state)
        decks = list(s.decks)
        hands = list(s.hands)
        discards = list(s.discards)
        choices = list(s.choices)
        for t in range(len(decks)):
            if t == seat:
                continue
            unseen = Counter(self.deck)
            for face, casino in enumerate(state.casinos[:6], start=1):
                unseen[10 * face + 1] -= casino.dice[t]
                unseen[10 * face + 2] -= casino.big[t]
            pool = rng.shuffled(tuple(sorted((+unseen).elements())))
            h, d = len(hands[t]), len(discards[t])
            hands[t] = tuple(sorted(pool[:h]))
            discards[t] = tuple(sorted(pool[h : h + d]))
            decks[t] = tuple(sorted(pool[h + d :]))
            if choices[t] is not None and hands[t] and not sequential:
                legal = selections(hands[t])
                pick = legal[rng.below(len(legal))]
                assert isinstance(pick, PlayCards)
                choices[t] = pick.cards
        dealt = CardGameState(
            s.turn,
            tuple(decks),
            tuple(hands),
            tuple(discards),
            tuple(choices),
            s.out,
            s.box,
            s.placed,
        )
        return with_slice(state, index, dealt)

    def resample_hidden(self, state: State, index: int, seat: Seat | None, rng: Rng) -> State:
        """Deal every other seat's unseen cards again (:meth:`deal_unseen`): the same counts
        per pile, another split (K-13, K-18)."""
        return self.deal_unseen(state, index, seat, rng)

    def determinise(self, state: State, index: int, view: PlayerView, rng: Rng) -> State:
        """Deal the cards the view shows face down (search agents, ``lasvegas.agents``):
        :meth:`deal_unseen` for the view's seat, from the state rebuilt with the view's slice.

        >>> import lasvegas as lv
        >>> from lasvegas.agents import determinise
        >>> state = lv.new_game(lv.cardgame(2))
        >>> rng = lv.Rng(3)
        >>> while lv.to_move(state) is lv.CHANCE:
        ...     state = lv.apply(state, lv.sample_chance(state, rng))
        >>> view = lv.observe(state, 1)
        >>> guess = determinise(view, lv.Rng(5))  # calls this method
        >>> guess.modules[0].hands[1] == state.modules[0].hands[1]
        True
        >>> len(guess.modules[0].hands[0]), lv.state_problems(guess), lv.observe(guess, 1) == view
        (5, (), True)
        """
        return self.deal_unseen(state, index, view.seat, rng)

    def _flow_problems(
        self, state: State, s: CardGameState, index: int, sequential: bool
    ) -> list[str]:
        """The round's progress: the notes dealt so far, and who can choose.

        Each round deals :data:`NOTES_PER_CASINO` notes to each casino from the pile (K-3),
        so the pile holds the notes of the rounds to come and of this round's casinos still
        waiting; notes reach the box only from a payout (K-10). While a choice is pending and
        no card is being dealt, some seat still in the round has not chosen and holds cards,
        and every seat still in the round (with ``Sequential``, one that has played too)
        holds a full hand unless its draw pile is empty (K-5, K-6, K-12);
        a pending deal lists every seat still in the round with a short hand and cards to
        draw (K-6); in the simultaneous game no seat chooses before its cards are dealt.
        """
        found: list[str] = []
        per_round = NOTES_PER_CASINO * len(state.casinos)
        if state.phase is Phase.OVER:
            expected = len(self.notes) - per_round * state.round
        else:
            dealt = sum(map(len, (c.notes for c in state.casinos)))
            this_round = dealt if state.phase is Phase.FILL else per_round
            expected = len(self.notes) - per_round * (state.round - 1) - this_round
        pile = len(state.pile_hidden) + len(state.pile_returned)
        enough = len(self.notes) >= per_round * state.config.ruleset.params.rounds
        if enough and pile != expected:
            found.append(
                f"the pile holds {pile} notes, not {expected}: {per_round} are dealt each"
                " round and notes reach the box only from a payout (K-3, K-10)"
            )
        deals = [t for t in state.tasks if t.module == index and isinstance(t, DealCards)]
        chooses = [t for t in state.tasks if t.module == index and isinstance(t, ChooseCards)]
        if deals and chooses:
            found.append("a choice is pending while cards are being dealt (K-5, K-6)")
        if deals and not sequential:
            early = [t for t in deals[0].seats if s.choices[t] is not None]
            if early:
                found.append(f"seats {early} have chosen before their cards are dealt (K-5)")
        if deals:
            skipped = [
                t
                for t in range(len(s.out))
                if not s.out[t]
                and len(s.hands[t]) < HAND_SIZE
                and s.decks[t]
                and t not in deals[0].seats
            ]
            if skipped:
                found.append(
                    f"seats {skipped} are left out of the pending deal with cards to draw (K-6)"
                )
        if chooses and not deals:
            seat = mover(s, state.start)
            if seat is None or not s.hands[seat]:
                found.append("a choice is pending but no seat still in the round can choose")
            for t in range(len(s.out)):
                if not s.out[t] and s.choices[t] is None and not s.hands[t]:
                    found.append(
                        f"seat {t} is still to choose with no card in hand (K-9: it is out)"
                    )
                short = len(s.hands[t]) < HAND_SIZE and s.decks[t]
                if not s.out[t] and short:
                    found.append(
                        f"seat {t} holds {len(s.hands[t])} cards with cards left to draw"
                        " (K-6: a seat draws up to 5)"
                    )
        return found

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """Each seat's cards conserved (draw pile, hand, discards and casinos hold its deck),
        piles sorted, hands of at most 5, choices legal selections from the hand (with
        ``Sequential``: selections the seat placed), no cards held by a seat that is out nor
        before the round's deal, the turn 0-6, and the round's progress: the pile holds the
        notes of the rounds to come (K-3, K-10), a pending choice has a seat that can make
        it, every seat still to choose holds cards (K-9), every seat still in the round a
        full hand unless its draw pile is empty, a
        deal lists every seat with a short hand and cards to draw (K-6), no seat chooses
        before its cards are dealt (K-5).
        """
        s = state.modules[index]
        if not isinstance(s, CardGameState):
            return (f"the slice is a {type(s).__name__}, not a card-game slice",)
        n = state.config.players
        found: list[str] = []
        fields = {
            "decks": s.decks,
            "hands": s.hands,
            "discards": s.discards,
            "choices": s.choices,
            "out": s.out,
            "placed": s.placed,
        }
        for name, value in fields.items():
            if len(value) != n:
                found.append(f"{name} lists {len(value)} seats, not {n}")
        if found:
            return tuple(found)
        if not 0 <= s.turn <= TURNS:
            found.append(f"turn {s.turn} is not in 0-{TURNS}")
        elif (s.turn == 0) != (state.phase is Phase.FILL):
            found.append(
                f"turn {s.turn} in phase {state.phase.value}: turn 0 is the round's setup,"
                " while the notes are dealt (K-3, K-4)"
            )
        deck = Counter(self.deck)
        sequential = is_sequential(state)
        for t in range(n):
            piles = (("draw pile", s.decks[t]), ("hand", s.hands[t]), ("discards", s.discards[t]))
            for name, pile in piles:
                if not all(is_card(c) for c in pile) or list(pile) != sorted(pile):
                    found.append(f"seat {t}'s {name} is not a sorted tuple of cards")
            if len(s.hands[t]) > HAND_SIZE:
                found.append(f"seat {t} holds {len(s.hands[t])} cards")
            if found:
                continue
            have = Counter((*s.decks[t], *s.hands[t], *s.discards[t]))
            for face, casino in enumerate(state.casinos[:6], start=1):
                have[10 * face + 1] += casino.dice[t]
                have[10 * face + 2] += casino.big[t]
            at_casinos = sum(c.dice[t] + c.big[t] for c in state.casinos[:6])
            if s.placed[t] != at_casinos:
                found.append(f"seat {t} has {at_casinos} cards at the casinos, not as recorded")
            if +have != deck:
                found.append(f"seat {t}'s cards are not its deck: {dict(have - deck)} too many")
            choice = s.choices[t]
            if choice == ():
                found.append(f"seat {t}'s choice is empty (a seat that plays plays a card)")
            elif choice is not None and sequential:
                placed = Counter[Card]()
                for face, casino in enumerate(state.casinos[:6], start=1):
                    placed[10 * face + 1] += casino.dice[t]
                    placed[10 * face + 2] += casino.big[t]
                if PlayCards(choice) not in selections(choice) or Counter(choice) - placed:
                    found.append(
                        f"seat {t}'s choice {choice} is not a selection it placed (K-12: a"
                        " sequential choice is placed as it is made)"
                    )
            elif (
                choice is not None
                and s.hands[t]
                and PlayCards(choice) not in selections(s.hands[t])
            ):
                found.append(f"seat {t}'s choice {choice} is not a selection from its hand")
            if s.out[t] and (s.decks[t] or s.hands[t]):
                found.append(f"seat {t} is out but holds cards in its hand or draw pile (K-7, K-9)")
            if s.turn == 0 and (
                s.hands[t] or s.discards[t] or s.placed[t] or s.choices[t] is not None
            ):
                found.append(
                    f"seat {t} holds, has chosen or has played cards before the round's deal (K-4)"
                )
        if not found:
            found.extend(self._flow_problems(state, s, index, sequential))
        for task in state.tasks:
            if (
                task.module == index
                and isinstance(task, DealNotes)
                and (
                    state.phase is not Phase.FILL
                    or all(len(c.notes) >= NOTES_PER_CASINO for c in state.casinos)
                )
            ):
                found.append("a note deal is pending but no casino is waiting for a note (K-3)")
            if task.module == index and isinstance(task, DealCards):
                seats = task.seats
                if any(type(t) is not int or not 0 <= t < n for t in seats):
                    found.append(f"a card deal lists seats {seats} outside 0-{n - 1}")
                elif len(set(seats)) != len(seats):
                    found.append(f"a card deal lists a seat twice: {seats}")
                elif not found and (
                    not seats or any(len(s.hands[t]) >= HAND_SIZE or not s.decks[t] for t in seats)
                ):
                    found.append(f"a card deal lists seats {seats} that cannot draw (K-4, K-6)")
        return tuple(found)
