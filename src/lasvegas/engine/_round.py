"""The round around the turns: filling the casinos (C-4 to C-6), payout (C-12 to C-14, C-21), the next round and the standings (C-16)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..actions import Draw, action_problem
from ..config import Ruleset
from ..edit import Draft
from ..events import (
    CasinoPaid,
    CasinosFilled,
    Event,
    GameEnded,
    NoteDealt,
    NotesReturned,
    PayoutStarted,
    RoundEnded,
    RoundStarted,
)
from ..state import (
    Casino,
    State,
    make_casino,
    with_fill,
    with_payout,
)
from ..table import Interned, add_note, no_such_note, pay, pile_total, ranking, take_note
from ..types import CasinoIndex, CasinoNumber, Money, Seat
from . import Standings
from ._common import (
    _FILL,
    _NO_ROLL,
    _OVER,
    _PAYOUT,
    _ROLL,
    _ROUND_END,
    _TURN_END,
    _TURN_START,
    _illegal,
)
from ._hooks import emit, hears, wanted
from ._turns import _next_seat, _start_turn, _to


def _draw(state: State, action: Draw, log: list[Event] | None) -> State:
    # Read untyped (getattr): compiled code reading a typed field converts it (a TypeError,
    # or True made 1), and a wrong type must get the IllegalActionError below.
    value: object = getattr(action, "value")  # noqa: B009
    if type(value) is not int:  # True and 1.0 would pass for notes of 1 below
        raise _illegal(state, action, action_problem(action) or "malformed draw", "bad-type")
    hidden = state.pile_hidden
    drawn = take_note(hidden, state.pile_returned, value)
    if drawn is None:
        raise _illegal(state, action, no_such_note(hidden), "bad-draw")
    index = state.cursor
    casinos = state.casinos
    casino = add_note(casinos[index], value)
    ruleset = state.config.ruleset
    fill = ruleset.fill
    if fill is None:  # a module deals the notes: the core draws none
        raise _illegal(state, action, "the core fills no casino in this edition", "bad-draw")
    worth = fill.worth
    notes = casino.notes
    total = pile_total(notes, worth)
    full = total >= fill.minimum and index + 1 < ruleset.params.casinos
    state = with_fill(
        state,
        cursor=index + 1 if full else index,
        casinos=(*casinos[:index], casino, *casinos[index + 1 :]),
        pile_hidden=drawn[0],
        pile_returned=drawn[1],
    )
    if wanted(state, log, NoteDealt):
        state = emit(state, NoteDealt(casino=CasinoNumber(index + 1), value=value), log)
    return state


def _advance(state: State, log: list[Event] | None) -> State:
    """Run every transition that needs no action, until a node needs one (or tasks wait)."""
    while not state.tasks:
        phase = state.phase
        if phase is _FILL:
            ruleset = state.config.ruleset
            params = ruleset.params
            index = state.cursor
            fill = ruleset.fill
            if fill is None or (not state.pile_hidden and not state.pile_returned):
                # C-6: the pile ran out, later casinos get nothing; or a module deals them
                index = params.casinos
            else:
                # C-5: on to the first casino below the minimum (no draw happens between,
                # so the casinos already filled are passed over without a state each)
                index = _below_minimum(
                    state.casinos, index, params.casinos, fill.minimum, fill.worth
                )
                if index < params.casinos:
                    return state if index == state.cursor else _to(state, _FILL, index)
            state = _to(state, _TURN_START, 0, state.start)
            if wanted(state, log, CasinosFilled):
                state = emit(state, CasinosFilled(round=state.round), log)
        elif phase is _TURN_END or phase is _TURN_START:
            supply = state.supply
            seat = _next_seat(supply, state.active if phase is _TURN_START else state.active + 1)
            if seat >= 0:
                state = _start_turn(state, seat, log)
            else:  # C-11: every seat has placed all its dice
                state = _start_payout(state, log)
                continue
            if state.tasks or state.phase is not _ROLL:
                continue
            return state
        elif phase is _PAYOUT:
            state = _payout_step(state, log)
        elif phase is _ROUND_END:
            state = _next_round(state, log)
        else:
            return state
    return state


def _below_minimum(
    casinos: Sequence[Casino],
    index: int,
    count: int,
    minimum: Money,
    worth: dict[Money, Money] | None,
) -> int:
    """The index of the first casino from *index* whose notes are below *minimum* (C-5),
    or *count* when every casino up to *count* is full."""
    while index < count:
        notes = casinos[index].notes
        total = pile_total(notes, worth)
        if total < minimum:
            return index
        index += 1
    return index


def _payout_step(state: State, log: list[Event] | None) -> State:
    config = state.config
    ruleset = config.ruleset
    index = state.cursor
    if index >= len(state.casinos):
        return _end_round(Draft(state, log))
    if log is None and not ruleset.payers:
        # A run of casinos nobody hears pays in one state, without events.
        casinos = len(state.casinos)
        if CasinoPaid not in ruleset.reactors:
            stop = casinos
        else:
            stop = index
            while stop < casinos and not _hears_paid(state, ruleset, stop + 1):
                stop += 1
        if stop > index:
            return _pay_rest(state, stop)
    paid: State | None = None
    for i in ruleset.payers:
        paid = config.modules[i].payout(state, i, CasinoIndex(index), log)
        if paid is not None:
            break
    state = _pay_casino(state, index, log) if paid is None else _to(paid, paid.phase, index + 1)
    if wanted(state, log, CasinoPaid):
        state = emit(state, _PAID[index], log)
    return state


_PAID: Final[Interned[int, CasinoPaid]] = Interned(
    lambda index: CasinoPaid(casino=CasinoNumber(index + 1))
)
"""``CasinoPaid`` events already built (immutable, so shared), by casino index."""


def _hears_paid(state: State, ruleset: Ruleset, casino: int) -> bool:
    """Whether any awake module hears the payout of casino number *casino*: it lists
    ``CasinoPaid`` in ``listens``, is not asleep and, if it overrides ``hears``, says so
    for that casino."""
    hearers = ruleset.reactors.get(CasinoPaid)
    if not hearers:
        return False
    slices = state.modules
    sleepers = ruleset.sleepers
    filters = ruleset.paid_filters
    for i in hearers:
        if slices[i] is None and i in sleepers:
            continue
        if i in filters and not state.config.modules[i].hears(
            state, i, CasinoPaid, CasinoNumber(casino)
        ):
            continue
        return True
    return False


def _start_payout(state: State, log: list[Event] | None) -> State:
    """C-11: every seat has placed all its dice; the payout starts. When nobody hears it
    (no log, no awake module hearing ``PayoutStarted`` or ``CasinoPaid``) and no module
    takes over a payout, every casino pays, the round ends and the next one starts in one
    draft."""
    ruleset = state.config.ruleset
    if (
        log is None
        and not ruleset.payers
        and CasinoPaid not in ruleset.reactors
        and not hears(state, PayoutStarted)
    ):
        draft = Draft(state, None)
        draft.phase = _PAYOUT
        draft.cursor = 0
        draft.rolled = _NO_ROLL
        _pay_run(draft, 0, len(state.casinos))
        return _end_round(draft)
    state = _to(state, _PAYOUT, 0, state.active, _NO_ROLL)
    if wanted(state, log, PayoutStarted):
        state = emit(state, PayoutStarted(round=state.round), log)
    return state


def _pay_rest(state: State, stop: int) -> State:
    """The fast path of :func:`_pay_casino` for the casinos from the cursor to index *stop*
    (excluded), when nobody hears them."""
    draft = Draft(state, None)
    _pay_run(draft, state.cursor, stop)
    draft.cursor = stop
    return draft.build()


def _pay_run(draft: Draft, first: int, stop: int) -> None:
    """Pay the casinos from index *first* to *stop* (excluded) in *draft*, without events
    (C-12 to C-14, C-21)."""
    places = draft.state.config.ruleset.params.places
    money = list(draft.get_money())
    back: list[Money] = []
    casinos = list(draft.get_casinos())
    for index in range(first, stop):
        casino = casinos[index]
        if casino.notes:
            back += pay(casino, CasinoNumber(index + 1), money, places, None)
            casinos[index] = make_casino((), casino.dice, casino.big)
    draft.casinos = tuple(casinos)
    draft.money = tuple(money)
    if back:
        returned = draft.pile_returned
        if returned is None:
            returned = draft.state.pile_returned
        draft.pile_returned = returned + tuple(back)


payout_order: Final = ranking
"""The owners of a casino in payout order after ties are removed (C-12, C-13):
:func:`lasvegas.table.ranking`, under the name module hooks know it by.

>>> from lasvegas.state import Casino
>>> payout_order(Casino((50_000,), (2, 3, 2), (0, 0, 0)))
(1,)
"""


def _pay_casino(state: State, index: int, log: list[Event] | None) -> State:
    """C-12 to C-14, C-21: remove ties, pay in rank order, return the rest under the pile."""
    casino = state.casinos[index]
    money = list(state.money)
    back = pay(casino, CasinoNumber(index + 1), money, state.config.ruleset.params.places, log)
    if back and log is not None:
        log.append(NotesReturned(casino=CasinoNumber(index + 1), values=tuple(back)))
    casinos = state.casinos
    return with_payout(
        state,
        cursor=index + 1,
        casinos=(*casinos[:index], make_casino((), casino.dice, casino.big), *casinos[index + 1 :]),
        pile_returned=state.pile_returned + tuple(back) if back else state.pile_returned,
        money=tuple(money),
        modules=state.modules,
    )


def _end_round(draft: Draft) -> State:
    """Every casino has paid: ``RoundEnded``, then the next round (or the game's end) in the
    same draft, unless a module that hears the round's end asks for something first."""
    draft.phase = _ROUND_END
    draft.cursor = 0
    if draft.hears(RoundEnded):
        draft.emit(RoundEnded(round=draft.state.round))
        if draft.state.tasks:
            return draft.build()
    return _new_round(draft)


def _next_round(state: State, log: list[Event] | None) -> State:
    return _new_round(Draft(state, log))


def _new_round(draft: Draft) -> State:
    """C-7, C-16: the next round's start player and fresh table, or the game's end."""
    state = draft.state
    config = state.config
    ruleset = config.ruleset
    if state.round >= ruleset.params.rounds:
        draft.phase = _OVER
        if draft.hears(GameEnded):
            draft.emit(GameEnded(winners=standings(draft.build()).winners))
        return draft.build()
    start: Seat | None = None
    if ruleset.starters:
        state = draft.build()  # the modules choose from the round's end
        for i in ruleset.starters:
            start = config.modules[i].next_start(state, i)
            if start is not None:
                break
    if start is None:
        start = (state.start + 1) % config.players  # C-7
    empty = (0,) * ruleset.owners
    draft.round = state.round + 1
    draft.phase = _FILL
    draft.cursor = 0
    draft.start = start
    draft.active = start
    draft.supply = (ruleset.params.dice,) * config.players
    draft.rolled = _NO_ROLL
    draft.casinos = (Casino((), empty, empty),) * ruleset.params.casinos
    if draft.hears(RoundStarted):
        draft.emit(RoundStarted(round=state.round + 1, start=start))
    return draft.build()


def standings(state: State) -> Standings:
    """Money per seat now, and the winners once the game is over (C-16).

    Most money wins; a tie goes to the most notes; a tie after that gives several winners.

    >>> import lasvegas as lv
    >>> lv.standings(lv.new_game(lv.classic(3)))
    Standings(money=(0, 0, 0), notes=(0, 0, 0), winners=())
    """
    config = state.config
    modules = config.modules
    ruleset = config.ruleset
    money = [sum(notes) for notes in state.money]
    counts = [len(notes) for notes in state.money]
    for i in ruleset.scorers:
        for seat in range(config.players):
            score = modules[i].score(state, i, seat)
            money[seat] += score.money
            counts[seat] += score.tiebreak
    winners: tuple[Seat, ...] = ()
    if state.phase is _OVER and not state.tasks:
        best = max(zip(money, counts, strict=True))
        winners = tuple(s for s in range(config.players) if (money[s], counts[s]) == best)
    return Standings(money=tuple(money), notes=tuple(counts), winners=winners)
