"""A round of the card game on the core's table operations (K-3 to K-10).

The core's round runs as for every edition (fill, turns, payout, next round); with the
card game's parameters it deals no dice to the supplies and fills no casino to a minimum
(the seats' cards are ``Params.held``, not ``Params.dice``, and ``Params.fill`` is
``False``), so the module's tasks do both:

* the note deal (K-3) draws from the core's banknote pile and adds each note to the first
  casino holding fewer than two (:func:`lasvegas.table.take_note`,
  :func:`~lasvegas.table.add_note`);
* the card deals (K-4, K-6) draw from each seat's own pile, one chance node per card
  (:func:`~lasvegas.table.take`, :func:`~lasvegas.table.draw_outcomes`);
* a reveal places the chosen cards as dice, a double card being one big die
  (:func:`~lasvegas.table.place`, K-10), so the core's ranking pays them;
* a casino pays the top two (``Params.places``) and its leftovers go to the box
  (:func:`~lasvegas.table.pay`, K-10).

Each function builds one new state (a :class:`~lasvegas.edit.Draft` where it changes
several parts) and builds events only for a :func:`~lasvegas.step` caller or a module
that reacts to them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from itertools import groupby
from typing import TYPE_CHECKING, TypeVar

from .._native import interpreted
from ..actions import Action, Draw
from ..edit import Draft
from ..engine import emit, wanted
from ..errors import IllegalActionError
from ..events import DicePlaced, Event, NoteDealt
from ..state import (
    Casino,
    State,
    evolve,
    fast_constructor,
    make_casino,
    with_modules,
    with_modules_tasks,
    with_tasks,
)
from ..table import (
    Interned,
    add_note,
    draw,
    no_such_note,
    pay,
    place,
    sample,
    sample_note,
    take,
    take_note,
)
from ..types import CasinoNumber, Money, Seat
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
)
from .components import HAND_SIZE, NOTES_PER_CASINO, OUT_AT, TURNS, Card

if TYPE_CHECKING:
    from ..chance import Rng
    from ..modules.base import Task

T = TypeVar("T")


def new_slice(
    turn: int,
    decks: tuple[tuple[Card, ...], ...],
    hands: tuple[tuple[Card, ...], ...],
    discards: tuple[tuple[Card, ...], ...],
    choices: tuple[tuple[Card, ...] | None, ...],
    out: tuple[bool, ...],
    box: tuple[Money, ...],
    placed: tuple[int, ...],
) -> CardGameState:
    """The card game's slice with these fields: the builder of the hot path (a slice is
    built at every card draw). Compiled, a call of this function is a C call that builds the
    native class; in the pure build the name is rebound below to a builder storing the slots
    on a twin."""
    return CardGameState(turn, decks, hands, discards, choices, out, box, placed)


def new_deal(module: int, seats: tuple[Seat, ...]) -> DealCards:
    """The task dealing cards to *seats*: the builder of the hot path (see :func:`new_slice`)."""
    return DealCards(module, seats)


if interpreted(CardGameState):  # the pure build: builders that store on twins
    globals().update(
        new_slice=fast_constructor(CardGameState), new_deal=fast_constructor(DealCards)
    )


def put(items: tuple[T, ...], at: int, value: T) -> tuple[T, ...]:
    """*items* with the one at *at* replaced."""
    changed = list(items)  # faster than slicing for the few seats of a game
    changed[at] = value
    return tuple(changed)


def card_slice(state: State, index: int) -> CardGameState:
    """The card game's slice of *state* (module *index*)."""
    s = state.modules[index]
    assert isinstance(s, CardGameState)
    return s


def with_slice(state: State, index: int, s: CardGameState) -> State:
    """*state* with the card game's slice replaced."""
    return with_modules(state, put(state.modules, index, s))


def _orders(n: int) -> tuple[tuple[Seat, ...], ...]:
    return tuple(tuple((s + i) % n for i in range(n)) for s in range(n))


orders = Interned(_orders).__getitem__
"""Per player count *n*, per start seat, the *n* seats clockwise from it (built once)."""


def mover(s: CardGameState, start: Seat) -> Seat | None:
    """The first seat clockwise from *start* still in the round that has not chosen yet.

    Asked several times of one slice at each choice (who moves, what it may choose, who
    chose): the last answer is kept with the slice it was found in.
    """
    last = _last_mover[0]
    if last[0] is s and last[1] == start:
        return last[2]
    found = first_to_choose(s.choices, s.out, start)
    _last_mover[0] = (s, start, found)
    return found


def first_to_choose(
    choices: tuple[tuple[Card, ...] | None, ...], out: tuple[bool, ...], start: Seat
) -> Seat | None:
    """The first seat clockwise from *start* not *out* that has no choice in *choices*."""
    for seat in orders(len(out))[start]:
        if choices[seat] is None and not out[seat]:
            return seat
    return None


_last_mover: list[tuple[CardGameState | None, Seat, Seat | None]] = [(None, 0, None)]
"""The last slice and start :func:`mover` was asked about, and its answer (slices are
immutable, and the slice is held here, so it is the same slice while it is here). One
tuple, replaced whole: safe when several threads play."""


def state_mover(state: State, index: int) -> Seat | None:
    """:func:`mover` of *state*'s slice and start player."""
    return mover(state.modules[index], state.start)  # type: ignore[arg-type]


def chooser(state: State, index: int, task: Task) -> Seat:
    """A choice belongs to the first seat that has not chosen (K-5, K-13): the
    ``ChooseCards`` handler's ``to_move``."""
    seat = mover(state.modules[index], state.start)  # type: ignore[arg-type]
    assert seat is not None, "a choice is pending but every seat has chosen"
    return seat


def choices(state: State, index: int, task: Task) -> tuple[Action, ...]:
    """The legal selections from the choosing seat's hand (K-5): the ``ChooseCards``
    handler's ``actions``."""
    s: CardGameState = state.modules[index]  # type: ignore[assignment]
    seat = mover(s, state.start)
    assert seat is not None
    return selections(s.hands[seat])


def illegal(state: State, action: object, message: str, reason: str) -> IllegalActionError:
    """The error for *action*, which the first task does not take."""
    task = state.tasks[0] if state.tasks else None
    phase = state.phase.value if task is None else f"{state.phase.value} ({task.kind})"
    return IllegalActionError(repr(action), phase, message, reason)


def is_sequential(state: State) -> bool:
    """Whether the sequential variation (K-12) is in play.

    >>> import lasvegas as lv
    >>> is_sequential(lv.new_game(lv.cardgame(3, lv.Sequential())))
    True
    """
    return any(module.id == "sequential" for module in state.config.modules)


draw_action = Interned(DrawCard).__getitem__
"""``DrawCard(card)``, built once per card (actions are immutable, so shared)."""

choose_task = Interned(ChooseCards).__getitem__
"""The choice task of module *index* (tasks are immutable: one serves every state)."""


# -- the round's start: notes and hands ------------------------------------------------------


def start_round(state: State, index: int, fresh: CardGameState) -> State:
    """K-3, K-4: the seats take their cards (*fresh*, the box kept) and the note deal is
    queued when the pile holds notes."""
    draft = Draft(state, None)
    draft.set_slice(index, fresh)
    if state.pile_hidden or state.pile_returned:
        draft.push_task(DealNotes(index))
    return draft.build()


def casinos_filled(state: State, index: int, log: list[Event] | None) -> State:
    """The notes are dealt: the first turn begins and the seats draw their hands (K-4)."""
    s = card_slice(state, index)
    state = with_slice(state, index, _with(s, turn=1))
    return deal(state, index, orders(state.config.players)[state.start], log)


def _with(
    s: CardGameState,
    *,
    turn: int | None = None,
    decks: tuple[tuple[Card, ...], ...] | None = None,
    hands: tuple[tuple[Card, ...], ...] | None = None,
    choices: tuple[tuple[Card, ...] | None, ...] | None = None,
    out: tuple[bool, ...] | None = None,
    box: tuple[Money, ...] | None = None,
) -> CardGameState:
    """The slice *s* with the named fields replaced (``None``: unchanged)."""
    return new_slice(
        turn=s.turn if turn is None else turn,
        decks=s.decks if decks is None else decks,
        hands=s.hands if hands is None else hands,
        discards=s.discards,
        choices=s.choices if choices is None else choices,
        out=s.out if out is None else out,
        box=s.box if box is None else box,
        placed=s.placed,
    )


def draw_note(state: State, action: Action, log: list[Event] | None) -> State:
    """K-3: the drawn note goes to the first casino holding fewer than 2 notes."""
    if type(action) is not Draw:
        raise illegal(state, action, "a note draw is next", "wrong-node")
    value = action.value
    hidden = state.pile_hidden
    drawn = take_note(hidden, state.pile_returned, value)
    if drawn is None:
        raise illegal(state, action, no_such_note(hidden), "bad-draw")
    casinos = list(state.casinos)
    at, done = note_dealt(casinos, value, drawn)
    state = evolve(
        state,
        casinos=tuple(casinos),
        pile_hidden=drawn[0],
        pile_returned=drawn[1],
        tasks=state.tasks[1:] if done else state.tasks,
    )
    if wanted(state, log, NoteDealt):
        state = emit(state, NoteDealt(casino=CasinoNumber(at + 1), value=value), log)
    return state


def note_dealt(
    casinos: list[Casino], value: Money, pile: tuple[tuple[Money, ...], tuple[Money, ...]]
) -> tuple[int, bool]:
    """K-3: the note of *value* goes to the first of *casinos* holding fewer than 2 notes
    (the list is changed); returns that casino's index and whether the deal is over (the
    last casino holds its 2 notes, or *pile*, the pile after the draw, is empty)."""
    at = 0
    while len(casinos[at].notes) >= NOTES_PER_CASINO:
        at += 1
    casino = casinos[at] = add_note(casinos[at], value)
    done = (at == 5 and len(casino.notes) >= NOTES_PER_CASINO) or not (pile[0] or pile[1])
    return at, done


def deal_notes(state: State, index: int, task: Task, rng: Rng) -> tuple[State, tuple[Action, ...]]:
    """The whole note deal (K-3) in one state, for :func:`lasvegas.play_chance` (the
    ``DealNotes`` handler's ``run``): the notes :func:`draw_note` would deal one by one,
    drawn from *rng* in the same order. One note at a time when a module hears them."""
    if NoteDealt in state.config.ruleset.reactors:
        action = sample_note(state.pile_hidden, state.pile_returned, rng)
        return draw_note(state, action, None), (action,)
    pile = (state.pile_hidden, state.pile_returned)
    casinos = list(state.casinos)
    drawn: list[Action] = []
    done = False
    while not done:
        action = sample_note(pile[0], pile[1], rng)
        drawn.append(action)
        taken = take_note(pile[0], pile[1], action.value)
        assert taken is not None  # drawn from this very pile
        pile = taken
        done = note_dealt(casinos, action.value, pile)[1]
    state = evolve(
        state,
        casinos=tuple(casinos),
        pile_hidden=pile[0],
        pile_returned=pile[1],
        tasks=state.tasks[1:],
    )
    return state, tuple(drawn)


def to_draw(hand: Sequence[Card], deck: Sequence[Card]) -> int:
    """K-4, K-6: how many cards a seat holding *hand* draws from *deck*, its pile: up to 5
    in hand, as many as the pile holds."""
    missing = HAND_SIZE - len(hand)
    if missing <= 0:
        return 0
    left = len(deck)
    return missing if missing < left else left  # min() and max() cost more, per card


def deal(state: State, index: int, seats: tuple[Seat, ...], log: list[Event] | None) -> State:
    """Queue the draws of *seats* up to 5 cards each (K-4, K-6), or go on if none can draw."""
    s = card_slice(state, index)
    hands = s.hands
    decks = s.decks
    seats = tuple(t for t in seats if to_draw(hands[t], decks[t]))
    if seats:
        return with_tasks(state, (*state.tasks, new_deal(module=index, seats=seats)))
    return dealt(state, index, log)


def draw_card(state: State, index: int, action: Action, log: list[Event] | None) -> State:
    """K-4, K-6: the drawn card goes into the hand of the first seat of the first task (a
    :class:`DealCards`); the DealCards task handler itself."""
    # The hot path of the card game (most of its nodes are card draws): one state, the
    # slice and the task built without attrs' __init__.
    task: DealCards = state.tasks[0]  # type: ignore[assignment]
    if type(action) is not DrawCard:
        raise illegal(state, action, "a card draw is next", "wrong-node")
    s: CardGameState = state.modules[index]  # type: ignore[assignment]
    seats = task.seats
    seat = seats[0]
    c = action.card
    if type(c) is not int:
        raise illegal(state, action, "a card is an int code 10*face+dice", "bad-draw")
    decks = list(s.decks)
    hands = list(s.hands)
    rest = card_dealt(decks, hands, seats, c)
    if rest is None:
        raise illegal(state, action, f"seat {seat}'s draw pile holds no such card", "bad-draw")
    tasks = state.tasks
    if rest is not seats:
        tasks = (new_deal(module=index, seats=rest), *tasks[1:]) if rest else tasks[1:]
    state = _dealt_slice(state, index, s, decks, hands, tasks)
    if wanted(state, log, CardDrawn):
        state = emit(state, CardDrawn(seat=seat), log)
    if not rest:
        state = dealt(state, index, log)
    return state


def card_dealt(
    decks: list[tuple[Card, ...]], hands: list[tuple[Card, ...]], seats: tuple[Seat, ...], c: Card
) -> tuple[Seat, ...] | None:
    """K-4, K-6: card *c* leaves the draw pile of the first of *seats* for its hand (kept
    sorted; the lists are changed). Returns the seats still to draw: *seats* itself while
    the first one draws on, ``()`` once all are done; ``None`` when that pile holds no *c*."""
    seat = seats[0]
    deck = take(decks[seat], c)
    if deck is None:
        return None
    hand = hands[seat]
    i = bisect_left(hand, c)  # the hand stays sorted
    hand = hand[:i] + (c,) + hand[i:]  # noqa: RUF005 - faster than unpacking
    hands[seat] = hand
    decks[seat] = deck
    if to_draw(hand, deck):
        return seats
    rest = seats[1:]
    for t in rest:  # usually every seat left draws: no new tuple
        if not to_draw(hands[t], decks[t]):
            return tuple(t for t in rest if to_draw(hands[t], decks[t]))
    return rest


def deal_cards(state: State, index: int, task: Task, rng: Rng) -> tuple[State, tuple[Action, ...]]:
    """The whole card deal of the first task (K-4, K-6) in one state, for
    :func:`lasvegas.play_chance` (the ``DealCards`` handler's ``run``): the cards
    :func:`draw_card` would deal one by one, drawn from *rng* in the same order (a seat's
    pile and hand held as lists meanwhile), then :func:`dealt`. One card at a time when a
    module hears them."""
    assert type(task) is DealCards
    s: CardGameState = state.modules[index]  # type: ignore[assignment]
    if CardDrawn in state.config.ruleset.reactors:
        action = draw_action(sample(s.decks[task.seats[0]], rng))
        return draw_card(state, index, action, None), (action,)
    decks = list(s.decks)
    hands = list(s.hands)
    drawn: list[Action] = []
    for seat in task.seats:  # each seat in turn draws its cards (K-4, K-6)
        deck = list(decks[seat])
        hand = list(hands[seat])
        for _ in range(to_draw(hand, deck)):
            c = draw(deck, rng)
            hand.append(c)
            drawn.append(draw_action(c))
        hand.sort()  # the hand stays sorted
        hands[seat] = tuple(hand)
        decks[seat] = tuple(deck)
    state = _dealt_slice(state, index, s, decks, hands, state.tasks[1:])
    return dealt(state, index, None), tuple(drawn)


def _dealt_slice(
    state: State,
    index: int,
    s: CardGameState,
    decks: list[tuple[Card, ...]],
    hands: list[tuple[Card, ...]],
    tasks: tuple[Task, ...],
) -> State:
    """*state* with the slice *s* holding *decks* and *hands*, and *tasks*."""
    # Once per card: the slice built directly (not through _with's defaults, ~100 ns more)
    s = new_slice(
        turn=s.turn,
        decks=tuple(decks),
        hands=tuple(hands),
        discards=s.discards,
        choices=s.choices,
        out=s.out,
        box=s.box,
        placed=s.placed,
    )
    modules = state.modules
    modules = (s,) if len(modules) == 1 else put(modules, index, s)
    return with_modules_tasks(state, modules=modules, tasks=tasks)


def dealt(state: State, index: int, log: list[Event] | None) -> State:
    """After a deal: K-9 (no card in hand, none to draw: out), then the next choice, if any.

    K-9 applies to the seats still to choose this turn (a seat that has played keeps an
    empty hand until its next draw).
    """
    s = card_slice(state, index)
    gone = [
        t for t in range(len(s.out)) if not s.out[t] and s.choices[t] is None and not s.hands[t]
    ]
    if gone:
        out = tuple(o or t in gone for t, o in enumerate(s.out))
        state = with_slice(state, index, _with(s, out=out))
        for t in gone:
            state = emit(state, SeatOut(seat=t, reason="no-cards"), log)
        s = card_slice(state, index)
    if mover(s, state.start) is not None:
        state = with_tasks(state, (*state.tasks, choose_task(index)))
    return state  # otherwise the round ends (K-8): the core pays out


# -- choosing and placing ----------------------------------------------------------------------


def choose(state: State, index: int, action: Action, log: list[Event] | None) -> State:
    """K-5, K-13: record a choice; the last one reveals all (K-12: each at once)."""
    assert isinstance(action, PlayCards)  # the engine checked it is a legal selection
    s: CardGameState = state.modules[index]  # type: ignore[assignment]
    start = state.start
    seat = mover(s, start)
    assert seat is not None
    choices = put(s.choices, seat, action.cards)
    if is_sequential(state):
        return resolve(state, index, s, choices, (seat,), log)
    if first_to_choose(choices, s.out, start) is not None:  # hidden until the last (K-13)
        state = with_slice(state, index, _with(s, choices=choices))
        if wanted(state, log, CardsCommitted):
            state = emit(state, CardsCommitted(seat=seat), log)
        return state
    order = tuple(t for t in orders(len(choices))[start] if choices[t] is not None)
    return resolve(state, index, s, choices, order, log, CardsCommitted(seat=seat))


# -- legal selections ------------------------------------------------------------------------


def selections(hand: tuple[Card, ...]) -> tuple[Action, ...]:
    """Every legal selection from a sorted *hand*, without duplicates (K-5).

    1 or 2 cards of any faces, or 3 to 5 cards all of one face. Cards with the same code are
    identical, so a selection is a sorted sub-multiset of the hand. Sorted by size, then by
    cards; cached per hand.

    >>> selections((21, 21, 42))
    (PlayCards(cards=(21,)), PlayCards(cards=(42,)), PlayCards(cards=(21, 21)), PlayCards(cards=(21, 42)))
    >>> len(selections((51, 51, 51, 52, 61)))
    10
    """
    return _SELECTIONS[hand]


def _selections(hand: tuple[Card, ...]) -> tuple[Action, ...]:
    cards: list[Card] = []  # the hand's distinct cards, and how many of each
    counts: list[int] = []
    for c in hand:
        if cards and cards[-1] == c:
            counts[-1] += 1
        else:
            cards.append(c)
            counts.append(1)
    picks: list[tuple[Card, ...]] = [(c,) for c in cards]  # 1 card
    for i, c in enumerate(cards):  # 2 cards of any faces
        if counts[i] > 1:
            picks.append((c, c))
        picks += [(c, other) for other in cards[i + 1 :]]
    if any(_face(hand[i]) == _face(hand[i + 2]) for i in range(len(hand) - 2)):
        picks += _one_face(cards, counts, len(hand))  # 3 to 5 cards all of one face
    return tuple(_PLAYS[c] for c in picks)


def _one_face(cards: list[Card], counts: list[int], most: int) -> list[tuple[Card, ...]]:
    """The selections of 3 to *most* cards all of one face from the hand holding *counts*
    of each of *cards* (distinct, sorted), sorted by size, then by cards."""
    # per face: its lower card (a single) and how many, its higher one (a double) and how many
    faces: list[tuple[Card, int, Card, int]] = []
    for c, n in zip(cards, counts, strict=True):
        if faces and _face(faces[-1][0]) == _face(c):
            faces[-1] = (faces[-1][0], faces[-1][1], c, n)
        else:
            faces.append((c, n, c, 0))
    found: list[tuple[Card, ...]] = []
    for k in range(3, most + 1):
        for low, lows, high, highs in faces:
            for m in range(min(lows, k), max(k - highs, 0) - 1, -1):  # more lower cards first
                found.append((low,) * m + (high,) * (k - m))
    return found


_PLAYS: Interned[tuple[Card, ...], Action] = Interned(PlayCards)
"""One action per selection, shared by the hands that offer it (at most the 114 of a deck)."""


_SELECTIONS: Interned[tuple[Card, ...], tuple[Action, ...]] = Interned(_selections)
"""Legal selections per hand (bounded: hands are multisets of at most 5 of the 12 cards)."""


_QUIET: frozenset[type[Event]] = frozenset(
    {CardsCommitted, CardsPlayed, DicePlaced, CardsDiscarded, SeatOut}
)
"""The events of a reveal: built only for a step() caller or a module reacting to one."""


def placements(cards: tuple[Card, ...]) -> tuple[tuple[int, int, int], ...]:
    """The sorted *cards* as runs of one face: ``(face, singles, doubles)``, cached."""
    return _PLACEMENTS[cards]


def _placements(cards: tuple[Card, ...]) -> tuple[tuple[int, int, int], ...]:
    runs: list[tuple[int, int, int]] = []
    for face, group in groupby(cards, key=_face):
        codes = list(group)
        doubles = sum(1 for c in codes if c % 10 == 2)
        runs.append((face, len(codes) - doubles, doubles))
    return tuple(runs)


_PLACEMENTS: Interned[tuple[Card, ...], tuple[tuple[int, int, int], ...]] = Interned(_placements)
"""Per selection, ``(face, singles, doubles)`` per face it covers (bounded: a selection is a
sub-multiset of at most 5 of the 12 cards, 1 or 2 cards or one face)."""


def _face(code: Card) -> int:
    return code // 10


def resolve(
    state: State,
    index: int,
    s: CardGameState,
    choices: tuple[tuple[Card, ...] | None, ...],
    seats: tuple[Seat, ...],
    log: list[Event] | None,
    first: Event | None = None,
) -> State:
    """Reveal and place the *choices* of *seats* (in this order), discard, check who is out.

    Single cards go on the casinos as regular dice and double cards as big dice (K-10);
    unchosen cards are discarded (K-6); a seat with 8 cards placed is out and discards its
    draw pile (K-7); the others draw 5 unless the round's last turn is over.
    """
    casinos = list(state.casinos)
    hands = list(s.hands)
    decks = list(s.decks)
    discards = list(s.discards)
    out = list(s.out)
    placed = list(s.placed)
    turn = s.turn
    reactors = state.config.ruleset.reactors
    # Events are built only when someone listens (a step() caller or a reacting module).
    events: list[Event] | None = None
    if log is not None or not _QUIET.isdisjoint(reactors):
        events = [] if first is None else [first]
    draw: list[Seat] = []
    for seat in seats:
        cards = choices[seat]
        assert cards is not None
        if events is not None:
            events.append(CardsPlayed(seat=seat, cards=cards))
        for face, single, double in placements(cards):
            casinos[face - 1] = place(casinos[face - 1], seat, single, double)  # K-10: big die
            if events is not None:
                counts = (single, double, 0, 0)
                events.append(
                    DicePlaced(seat=seat, face=face, casino=CasinoNumber(face), counts=counts)
                )
        k = len(cards)
        hand = hands[seat]
        hands[seat] = ()
        if len(hand) > k:  # K-6: unchosen cards are discarded
            rest = list(hand)
            for c in cards:  # a sub-multiset of the hand (the engine checked)
                rest.remove(c)
            if events is not None:
                events.append(CardsDiscarded(seat=seat, count=len(rest)))
            rest += discards[seat]
            rest.sort()
            discards[seat] = tuple(rest)
        placed[seat] += k
        if placed[seat] >= OUT_AT:  # K-7
            out[seat] = True
            deck = decks[seat]
            if events is not None:
                events.append(SeatOut(seat=seat, reason="eight-cards"))
                if deck:
                    events.append(CardsDiscarded(seat=seat, count=len(deck)))
            if deck:
                discards[seat] = tuple(sorted((*discards[seat], *deck)))
                decks[seat] = ()
        elif turn < TURNS:
            draw.append(seat)
    still_in = tuple(out)
    if turn < TURNS and first_to_choose(choices, still_in, state.start) is None:
        turn += 1  # every seat in has played: the next turn
        choices = (None,) * len(out)
    s = new_slice(
        turn=turn,
        decks=tuple(decks),
        hands=tuple(hands),
        discards=tuple(discards),
        choices=choices,
        out=still_in,
        box=s.box,
        placed=tuple(placed),
    )
    modules = put(state.modules, index, s)
    tasks = state.tasks[1:]  # the ChooseCards task is done
    if events is None:
        # Nothing to emit, so queue the draws at once (as deal would, building one state
        # less): the seats that played hold no card now, so those with a draw pile draw.
        seated = tuple(t for t in draw if decks[t])
        if seated:
            tasks = (*tasks, new_deal(module=index, seats=seated))
            return evolve(state, casinos=tuple(casinos), modules=modules, tasks=tasks)
    state = evolve(state, casinos=tuple(casinos), modules=modules, tasks=tasks)
    if events is not None:
        for event in events:
            if wanted(state, log, type(event)):
                state = emit(state, event, log)
    return deal(state, index, tuple(draw), log)


# -- payout -------------------------------------------------------------------------------------


def pay_casino(state: State, index: int, casino: int, log: list[Event] | None) -> State:
    """K-10: ties in dice cancel, the top two take the notes, leftovers go to the box."""
    c = state.casinos[casino]
    money = list(state.money)
    boxed = pay(c, CasinoNumber(casino + 1), money, state.config.ruleset.params.places, log)
    s = card_slice(state, index)
    if boxed:
        if log is not None:
            log.append(NotesBoxed(casino=casino + 1, values=tuple(boxed)))
        s = _with(s, box=(*s.box, *boxed))
    return evolve(
        state,
        casinos=put(state.casinos, casino, _emptied(c)),
        money=tuple(money),
        modules=put(state.modules, index, s),
    )


def _emptied(casino: Casino) -> Casino:
    return make_casino((), casino.dice, casino.big)
