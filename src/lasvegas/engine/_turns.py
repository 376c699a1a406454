"""A seat's turn: rolling and placing dice (C-8 to C-11), turn starts and ends."""

from __future__ import annotations

from typing import Final

from ..actions import Action, Place, Roll, action_problem
from ..chance import Rng
from ..events import (
    DicePlaced,
    DiceRolled,
    Event,
    TurnPassed,
    TurnStarted,
)
from ..modules.base import ModuleState
from ..state import (
    Casino,
    Phase,
    State,
    with_phase,
    with_turn,
)
from ..table import _OWN_ROLLS, Interned, place, sample_roll
from ..types import GROUPS, CasinoNumber, Seat
from ._common import (
    _NO_ROLL,
    _PLACE,
    _ROLL,
    _TURN_END,
    _first_turn,  # noqa: F401 - the docstrings' examples use it
    _illegal,
)
from ._hooks import emit, wanted
from ._moves import (
    _INT,
    _VALID_ROLLS,
    _next_roll,
    _offers,
    _valid_rolls,
    closed_casinos,
    legal_actions,
)


def _roll(state: State, action: Roll, log: list[Event] | None) -> State:
    group = state.cursor
    seat = state.active
    held = state.supply[seat]
    # The fields read untyped (getattr): compiled code reading a typed field converts it (a
    # TypeError, or True made 1), and a wrong type must get the IllegalActionError below.
    faces: object = getattr(action, "faces")  # noqa: B009
    name: object = getattr(action, "group")  # noqa: B009
    if _OWN_ROLLS.get(id(action)) is not action and (
        type(faces) is not tuple or not {*map(type, faces)} <= _INT or type(name) is not str
    ):  # exact types first: (True, 2) and (1.0, 2) equal (1, 2), and hash alike
        raise _illegal(state, action, action_problem(action) or "malformed roll", "bad-type")
    if name != GROUPS[group]:
        raise _illegal(state, action, f"a roll of {_next_roll(state)} is next", "wrong-group")
    k = held[group]
    valid = _VALID_ROLLS[k] if k < 13 else _valid_rolls(k)
    # The roll as the library built it: equal faces of another type (``True`` for 1) never
    # reach the state or the event cache.
    known = valid.get(faces) if type(faces) is tuple else None
    if known is None:
        hint = action.sorted_hint(lambda sorted_faces: sorted_faces in valid)
        raise _illegal(
            state,
            action,
            f"not a sorted roll of {_next_roll(state)} with faces 1-6{hint}",
            "bad-roll",
        )
    return _rolled_state(state, group, known, log)


def _rolled_state(
    state: State,
    group: int,
    faces: tuple[int, ...],
    log: list[Event] | None,
    rolled: tuple[tuple[int, ...], ...] | None = None,
    rng: Rng | None = None,
    actions: list[Action] | None = None,
) -> State:
    """*state* after the active seat's roll of group index *group* showed *faces* (a roll
    :func:`_roll` checked, or one :func:`lasvegas.table.sample_roll` drew for it): the next
    group to roll or the placement, the reactions, and T-7's pass.

    With *rng* (:func:`~lasvegas.play_chance`, no log), a next group to roll is drawn at
    once when no module hears ``DiceRolled`` (each roll its own chance action, appended to
    *actions*): the turn's rolls then go into one state, nobody seeing those between them.
    *rolled* holds the turn's rolls so far when they are not ``state.rolled`` (the
    earlier groups of such a run)."""
    seat = state.active
    held = state.supply[seat]
    if rolled is None:
        rolled = state.rolled
    if group == 0:
        rolled = (faces, rolled[1], rolled[2], rolled[3])
    else:
        groups = list(rolled)
        groups[group] = faces
        rolled = tuple(groups)
    nxt = group + 1
    while nxt < 4 and not held[nxt]:
        nxt += 1
    ruleset = state.config.ruleset
    if rng is not None and nxt < 4 and DiceRolled not in ruleset.reactors:
        roll = sample_roll(held[nxt], GROUPS[nxt], rng)
        assert actions is not None
        actions.append(roll)
        return _rolled_state(state, nxt, roll.faces, None, rolled, rng, actions)
    state = with_phase(
        state,
        phase=_ROLL if nxt < 4 else _PLACE,
        cursor=nxt if nxt < 4 else 0,
        active=seat,
        rolled=rolled,
    )
    if log is None:
        hearers = ruleset.reactors.get(DiceRolled)
        if hearers:  # emit, inlined: sleeping modules skipped, the event built on demand
            sleepers = ruleset.sleepers
            event: DiceRolled | None = None
            for i in hearers:
                if i not in sleepers or state.modules[i] is not None:
                    if event is None:
                        event = _ROLLED[seat, group, faces]
                    state = state.config.modules[i].react(state, i, event, None)
    else:
        state = emit(state, _ROLLED[seat, group, faces], log)
    if (
        ruleset.closers
        and state.phase is _PLACE
        and not state.tasks
        and closed_casinos(state)  # cheap: nothing is closed most of the time
        and not legal_actions(state)
    ):
        state = end_turn(state)  # T-7: every face points at a closed casino
        if wanted(state, log, TurnPassed):
            state = emit(state, TurnPassed(seat=seat, reason="closed"), log)
    return state


def _rolled(key: tuple[Seat, int, tuple[int, ...]]) -> DiceRolled:
    """The ``DiceRolled`` event of a seat's roll of a group index (``_ROLLED``'s values)."""
    seat, group, faces = key
    return DiceRolled(seat=seat, group=GROUPS[group], faces=faces)


def _place(state: State, action: Place, log: list[Event] | None) -> State:
    face: object = getattr(action, "face")  # noqa: B009 (untyped: see _roll)
    if type(face) is not int:  # True and 1.0 would count the 1s, then index the casinos
        raise _illegal(state, action, action_problem(action) or "malformed placement", "bad-type")
    r0, r1, r2, r3 = state.rolled
    c0 = r0.count(face)
    if r1 or r2 or r3:
        c1 = r1.count(face)
        c2 = r2.count(face)
        c3 = r3.count(face)
    else:
        c1 = c2 = c3 = 0
    if not (c0 or c1 or c2 or c3):
        raise _illegal(state, action, f"no rolled die shows {face!r}", "not-rolled")
    ruleset = state.config.ruleset
    target: object = getattr(action, "target")  # noqa: B009 (untyped: see _roll)
    if target is None:
        index = face - 1
        if ruleset.closers and face in closed_casinos(state):
            raise _illegal(state, action, f"casino {face!r} is closed", "closed")
    else:
        if type(target) is not int:
            raise _illegal(
                state, action, action_problem(action) or "malformed placement", "bad-type"
            )
        if action not in _offers(state, ruleset.offerers):
            if target == face:
                return _place(state, Place(face), log)  # Place(f, target=f) is Place(f)
            raise _illegal(
                state,
                action,
                f"casino {target!r} does not take these dice; "
                f"Place({face!r}) places them at casino {face!r}",
                "bad-target",
            )
        index = target - 1
    seat = state.active
    held = state.supply[seat]
    row = (held[0] - c0, held[1] - c1, held[2] - c2, held[3] - c3)
    casino = place(state.casinos[index], seat, c0 + c2, c1)  # C-10 (a big die: B-3)
    if c3:  # C-21: the neutral dice go to their imaginary owner
        o = ruleset.neutral_owner
        assert o is not None
        casino = place(casino, o, c3, 0)
    # One entry replaced, through a list: cheaper than rebuilding from two slices.
    rows = list(state.supply)
    rows[seat] = row
    supply = tuple(rows)
    changed = list(state.casinos)
    changed[index] = casino
    casinos = tuple(changed)
    reactors = ruleset.reactors
    if log is None and not state.tasks:
        # Whether an awake module hears the placement: it lists DicePlaced in reactors, is
        # not asleep (RuleModule.sleeps) and, if it overrides hears, says so for
        # this casino (inlined: this runs at every placement).
        heard = False
        if DicePlaced in reactors:
            slices = state.modules
            sleepers = ruleset.sleepers
            filters = ruleset.placement_filters
            for i in reactors[DicePlaced]:
                if slices[i] is None and i in sleepers:
                    continue
                if i in filters and not state.config.modules[i].hears(
                    state, i, DicePlaced, CasinoNumber(index + 1)
                ):
                    continue
                heard = True
                break
        if not heard:
            # Fast path: nobody hears the placement, so go straight on to the next turn (as
            # _advance would).
            nxt = _next_seat(supply, seat + 1)
            if nxt >= 0:
                return _start_turn(state, nxt, None, supply, casinos)
    # The turn is over, but the modules reacting to the placement still see its roll in
    # state.rolled (the dice rolled this turn, placed or not); it is cleared below.
    rolled = state.rolled if DicePlaced in reactors else _NO_ROLL
    state = with_turn(
        state,
        phase=_TURN_END,
        cursor=0,
        active=seat,
        supply=supply,
        rolled=rolled,
        casinos=casinos,
        modules=state.modules,
    )
    if wanted(state, log, DicePlaced):
        key = (seat, face, index, c0, c1, c2, c3)
        event = _PLACED.get(key) if type(face) is int else None
        if event is None:
            event = DicePlaced(
                seat=seat, face=face, casino=CasinoNumber(index + 1), counts=(c0, c1, c2, c3)
            )
            if type(face) is int:  # only a face of the right type is shared with later games
                _PLACED.keep(key, event)
        state = emit(state, event, log)
        if (
            log is None
            and not state.tasks
            and state.phase is _TURN_END
            and (nxt := _next_seat(state.supply, state.active + 1)) >= 0
        ):
            # The reactions queued nothing: go on to the next turn (as _advance would).
            return _start_turn(state, nxt, None)
    if state.rolled is not _NO_ROLL and state.phase is _TURN_END:
        state = _to(state, _TURN_END, state.cursor, None, _NO_ROLL)
    return state


def _start_turn(
    state: State,
    seat: Seat,
    log: list[Event] | None,
    supply: tuple[tuple[int, ...], ...] | None = None,
    casinos: tuple[Casino, ...] | None = None,
    modules: tuple[ModuleState | None, ...] | None = None,
) -> State:
    """*seat*'s turn starts: its first group holding dice is rolled next (C-9), and the
    modules hear ``TurnStarted``. *supply*, *casinos* and *modules*, when given, replace
    *state*'s (a placement or a pass and the next turn in one state)."""
    if supply is None:
        supply = state.supply
    held = supply[seat]
    group = 0
    while not held[group]:
        group += 1
    state = with_turn(
        state,
        phase=_ROLL,
        cursor=group,
        active=seat,
        supply=supply,
        rolled=_NO_ROLL,
        casinos=state.casinos if casinos is None else casinos,
        modules=state.modules if modules is None else modules,
    )
    if log is not None:
        return _turn_started(state, seat, log)
    ruleset = state.config.ruleset
    reactors = ruleset.reactors
    if TurnStarted in reactors:  # _awake, inlined: this runs at every turn
        sleepers = ruleset.sleepers
        slices = state.modules
        for i in reactors[TurnStarted]:
            if slices[i] is not None or i not in sleepers:
                return _turn_started(state, seat, None)
    return state


def _turn_started(state: State, seat: Seat, log: list[Event] | None) -> State:
    """Emit ``TurnStarted`` for *seat* (the modules that are awake hear it)."""
    return emit(state, _TURNS[seat], log)


_ROLLED: Final[Interned[tuple[Seat, int, tuple[int, ...]], DiceRolled]] = Interned(_rolled)
"""Roll events already built (immutable, so shared), by seat, group and faces (bounded: the
sorted rolls of a seat's dice per seat and group, and cleared past 10,000)."""


_TURNS: Final[Interned[Seat, TurnStarted]] = Interned(TurnStarted)
"""``TurnStarted`` events already built, by seat."""


_PLACED: Final[Interned[tuple[int, ...], DicePlaced]] = Interned()
"""Placement events already built (immutable, so shared), by seat, face, casino and counts:
bounded by the placements a game allows (a few thousand), and cleared past 10,000."""


def _next_seat(supply: tuple[tuple[int, ...], ...], first: int) -> int:
    """The first seat from *first* on (wrapping) that still holds dice (C-9), or -1 (C-11)."""
    n = len(supply)
    seat = first if first < n else first % n
    for _ in supply:  # each seat once, from *first* on
        held = supply[seat]
        if held[0] or held[1] or held[2] or held[3]:
            return seat
        seat += 1
        if seat == n:
            seat = 0
    return -1


def _to(
    state: State,
    phase: Phase,
    cursor: int,
    active: Seat | None = None,
    rolled: tuple[tuple[int, ...], ...] | None = None,
) -> State:
    """*state* moved on to *phase* and *cursor* (and *active*, *rolled* when given)."""
    return with_phase(
        state,
        phase=phase,
        cursor=cursor,
        active=state.active if active is None else active,
        rolled=state.rolled if rolled is None else rolled,
    )


def end_turn(state: State) -> State:
    """End the active seat's turn with its rolled dice unplaced (they stay in its supply).

    For modules whose action replaces a placement (Royale's pass, R-5).

    >>> import lasvegas as lv
    >>> end_turn(lv.new_game(lv.classic(2))).phase
    Phase.TURN_END
    """
    return with_phase(
        state,
        phase=_TURN_END,
        cursor=0,
        active=state.active,
        rolled=_NO_ROLL,
    )


def roll_again(state: State) -> State:
    """The active seat rolls again: every die it still holds (the dice just rolled, none of
    them placed) is thrown again, group by group, as at the start of its turn; the turn
    goes on from that roll. The turn does not start anew (no ``TurnStarted``).

    For a module action that replaces a placement with a new roll (return it from
    :meth:`~lasvegas.RuleModule.perform`), or a task's answer at a placement decision. The
    state must be at the active seat's placement decision (its dice rolled): anywhere else
    it raises :class:`ValueError`.

    >>> import lasvegas as lv
    >>> state = lv.apply(_first_turn(lv.classic(2)), lv.Roll((1, 1, 2, 4, 4, 4, 6, 6)))
    >>> again = roll_again(state)
    >>> again.phase, again.active, lv.to_move(again), again.rolled
    (Phase.ROLL, 0, lv.CHANCE, ((), (), (), ()))
    >>> lv.chance_outcomes(again) == lv.chance_outcomes(_first_turn(lv.classic(2)))
    True
    """
    if state.phase is not _PLACE:
        raise ValueError(f"roll_again at a placement decision only, not in phase {state.phase}")
    held = state.supply[state.active]
    group = 0
    while group < 4 and not held[group]:
        group += 1
    if group == 4:  # pragma: no cover - a seat at its placement decision holds dice
        raise ValueError(f"seat {state.active} holds no dice to roll again")
    return with_phase(state, phase=_ROLL, cursor=group, active=state.active, rolled=_NO_ROLL)


def next_turn(state: State, modules: tuple[ModuleState | None, ...] | None = None) -> State:
    """End the active seat's turn with its rolled dice unplaced and start the next seat's
    turn at once, building one state: what :func:`end_turn` and then the engine's next step
    give when nothing happens between them (the caller keeps no log and no module hears
    ``TurnPassed``). *modules*, if given, replaces the module slices. When no seat holds
    dice any more (C-11) or tasks are pending, the state stays at the turn's end and the
    engine goes on from there.

    For modules whose action ends a turn, on the hot path (Royale's pass, R-5).

    >>> import lasvegas as lv
    >>> state = lv.apply(_first_turn(lv.classic(2)), lv.Roll((1, 1, 2, 4, 4, 4, 6, 6)))
    >>> after = next_turn(state)
    >>> after.phase, after.active, lv.to_move(after)
    (Phase.ROLL, 1, lv.CHANCE)
    """
    if modules is None:
        modules = state.modules
    supply = state.supply
    nxt = -1 if state.tasks else _next_seat(supply, state.active + 1)
    if nxt < 0:
        return with_turn(
            state,
            phase=_TURN_END,
            cursor=0,
            active=state.active,
            supply=supply,
            rolled=_NO_ROLL,
            casinos=state.casinos,
            modules=modules,
        )
    return _start_turn(state, nxt, None, supply, None, modules)
