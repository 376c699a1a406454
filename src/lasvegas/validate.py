"""The invariants of a game state (the JSON loader's checks): what makes a state one the engine can play.

:func:`state_problems` is the exact list of what is checked (its docstring names every
check); :func:`lasvegas.from_json` refuses a state with any problem, and
:func:`lasvegas.testing.check_invariants` runs the same checks at every step of the random
simulation tests. The checks run on whatever a document decoded to, so they never assume
more than the types of the fields: every hook call is guarded, and any exception becomes a
problem.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

import attrs

from .engine import chance_outcomes, legal_actions, to_move
from .state import Phase, State
from .types import BIG, CHANCE, KICKER, MAX_MONEY, NEUTRAL, REGULAR

__all__ = ["state_problems"]

_FACES = frozenset(range(1, 7))
_TASK_FIELDS: dict[type, tuple[str, ...]] = {}
"""The field names of each task class (one entry per class, so bounded by the code)."""
_NEUTRAL_SET = 8
"""Neutral dice in the box: at most these are in play beyond the seats' own (C-17, C-18)."""


def state_problems(state: State) -> tuple[str, ...]:
    """Every invariant *state* breaks, as readable sentences; ``()`` for a valid state.

    This is the exact list of what is checked, in groups run in this order; a group runs
    only when the ones before found nothing, so that every count is checked against the
    config before anything is built from it (checking takes time and memory proportional
    to the state's size):

    1. **Shape.** The round is 1 to ``Params.rounds``; the start and active seats are seats;
       the cursor is in range for the phase; the supply lists every seat, 4 groups each,
       within ``Params.dice``; ``rolled`` has 4 groups of sorted faces 1-6; there are
       ``Params.casinos`` casinos, each counting dice and big dice (never negative) for every
       owner, its notes highest first; money lists every seat; the unseen pile is sorted;
       one slice per module, each of its module's type (or ``None``); every task names a
       module and is one of its task types. Without tasks: a roll in progress matches the
       active seat's supply (C-8).
    2. **Tasks and faces.** A state rests in ``turn-start``, ``turn-end``, ``payout`` or
       ``round-end`` (and in ``fill`` when a module deals the notes) only while a task
       waits; no task waits once the game is over; each task is pending only in the phases
       its type declares (:attr:`Task.phases <lasvegas.Task.phases>`) and not while its
       module sleeps; no task is listed twice; a task's seat fields (``seat``, ``winner``,
       ``splitter``, ``guesser``, ``active``) are seats, ``seats`` and ``rest`` distinct
       seats, ``casino`` a casino, ``face`` and ``faces`` faces 1-6; no seat's dice are on a
       casino during the fill (C-4). While placing, one face is rolled per die the active
       seat holds (C-8); faces are shown in no phase but ``roll`` and ``place``.
    3. **Each module's own problems** (:meth:`~lasvegas.RuleModule.problems`, which bounds
       the module's counts; each built-in module's hook lists what it checks).
    4. **Conservation.** No owner holds more big dice than the game has (B-3); until the
       game is over each seat's dice in its supply, on the casinos and held by modules
       (:meth:`~lasvegas.RuleModule.held`) are ``Params.owned`` (C-1), and the neutral dice
       in play are the seats' own plus at most the 8 of the box (C-17); every banknote of
       ``Params.notes`` is in the pile, at a casino, with a seat or held by a module,
       exactly once (C-2).
    5. **Notes and money.** Once the game is over it is the last round and every casino has
       paid out (C-14, C-16); during the payout, no casino before the cursor holds a note.
       Where the core fills the casinos (``Params.fill``), before the round's payout: the
       casinos before the one being filled reach ``Params.minimum`` (unless the pile is
       empty, C-6) and the one being filled does not yet; no casino after the one being
       filled holds a note (C-5), a casino's
       notes without its largest (counted at their worth) are below ``Params.minimum``
       (C-5: it stops drawing there), and in round 1 no seat holds a note (C-13). Each
       seat's money in its standings (notes and module scores) is within
       :data:`~lasvegas.types.MAX_MONEY`.
    6. **Who moves.** Someone is to move unless the game is over; a chance node has an
       outcome; the seat to move is a seat and has a legal action.

    What is not checked: whether the state is reachable in every other respect (the order
    of past draws, hidden cards consistent with every earlier view, Royale's chips beyond
    the bound its module checks). A state that passes can be played: the fuzz harness
    plays 200 moves on from every state it loads, applying every legal action.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.classic(4))
    >>> lv.state_problems(state)
    ()
    >>> import attrs
    >>> lv.state_problems(attrs.evolve(state, active=7))
    ('active seat 7 is not a seat (0-3)',)
    """
    problems: list[str] = []
    try:
        _shape(state, problems)
        if not problems:
            _tasks(state, problems)
            _rolled(state, problems)
        if not problems:  # each module bounds its own counts before anything is built from them
            _modules(state, problems)
        if not problems:
            _conservation(state, problems)
        if not problems:
            _notes(state, problems)
            _money(state, problems)
        if not problems:
            _node(state, problems)
    except Exception as exc:  # a hostile state can break any assumption: report, never raise
        problems.append(f"the state cannot be checked ({type(exc).__name__}: {exc})")
    return tuple(problems)


def _shape(state: State, problems: list[str]) -> None:
    """Lengths and ranges of the core fields."""
    config = state.config
    ruleset = config.ruleset
    params = ruleset.params
    n = config.players
    owners = ruleset.owners
    if not 1 <= state.round <= params.rounds:
        problems.append(f"round {state.round} is not in 1-{params.rounds}")
    for name, seat in (("start", state.start), ("active", state.active)):
        if not 0 <= seat < n:
            problems.append(f"{name} seat {seat} is not a seat (0-{n - 1})")
    casinos = params.casinos
    limit = {Phase.FILL: casinos - 1, Phase.ROLL: 3, Phase.PAYOUT: casinos}.get(state.phase, 0)
    if not 0 <= state.cursor <= max(limit, 0):
        problems.append(f"cursor {state.cursor} is out of range in phase {state.phase.value}")
    if len(state.supply) != n:
        problems.append(f"supply lists {len(state.supply)} seats, not {n}")
    d0, d1, d2, d3 = params.dice
    for seat, row in enumerate(state.supply):
        if len(row) != 4:
            problems.append(f"seat {seat}'s supply has {len(row)} groups, not 4")
        elif not (
            0 <= row[0] <= d0 and 0 <= row[1] <= d1 and 0 <= row[2] <= d2 and 0 <= row[3] <= d3
        ):
            problems.append(f"seat {seat}'s supply {row} is not within {params.dice}")
    if len(state.rolled) != 4:
        problems.append(f"rolled has {len(state.rolled)} groups, not 4")
    for group, faces in enumerate(state.rolled):
        if faces and (not _FACES.issuperset(faces) or list(faces) != sorted(faces)):
            problems.append(f"rolled group {group} is not sorted faces 1-6: {faces}")
    if len(state.casinos) != casinos:
        problems.append(f"{len(state.casinos)} casinos, not {casinos}")
    for number, casino in enumerate(state.casinos, start=1):
        dice = casino.dice
        big = casino.big
        if len(dice) != owners or len(big) != owners:
            problems.append(f"casino {number} does not count dice for {owners} owners")
        elif min(dice) < 0 or min(big) < 0:
            problems.append(f"casino {number} has a negative number of dice")
        notes = casino.notes
        if len(notes) > 1 and list(notes) != sorted(notes, reverse=True):
            problems.append(f"casino {number}'s notes are not highest first: {notes}")
    if len(state.money) != n:
        problems.append(f"money lists {len(state.money)} seats, not {n}")
    if list(state.pile_hidden) != sorted(state.pile_hidden):
        problems.append("the unseen part of the pile is not kept sorted")
    modules = config.modules
    if len(state.modules) != len(modules):
        problems.append(f"{len(state.modules)} module slices for {len(modules)} modules")
    else:
        for module, part in zip(modules, state.modules, strict=True):
            kind = module.state_type
            if part is None:
                continue
            if kind is None or not isinstance(part, kind):
                want = "no slice" if kind is None else f"a {kind.kind} slice"
                problems.append(f"module {module.id} holds {want}, not {part.kind}")
    for position, task in enumerate(state.tasks):
        if not 0 <= task.module < len(modules):
            problems.append(f"task {position} ({task.kind}) names module {task.module}")
        elif not isinstance(task, modules[task.module].tasks):
            problems.append(
                f"task {position} ({task.kind}) is not a task of module {modules[task.module].id}"
            )
    if problems:
        return
    if not state.tasks and state.phase is Phase.ROLL:
        held = state.supply[state.active]
        if not held[state.cursor]:
            problems.append(f"the active seat holds no dice of group {state.cursor} to roll")
        for group in range(4):
            done = group < state.cursor
            if (len(state.rolled[group]) != held[group]) if done else state.rolled[group]:
                problems.append(f"rolled group {group} does not match the roll so far")


_SEAT_FIELDS: Final = frozenset({"seat", "winner", "splitter", "guesser", "active"})
"""Task fields that hold a seat, by the naming convention of :class:`~lasvegas.Task` fields."""
_SEATS_FIELDS: Final = frozenset({"seats", "rest"})
"""Task fields that hold distinct seats."""


_RESTS_ON_TASKS: Final = (Phase.TURN_START, Phase.TURN_END, Phase.PAYOUT, Phase.ROUND_END)
"""The phases the engine passes through at once: a state rests in one only while a task waits."""


def _task_phases(state: State, problems: list[str]) -> None:
    """Pending tasks agree with the phase and their module.

    A state rests in a phase of :data:`_RESTS_ON_TASKS` only while a task waits, and in
    phase ``fill`` too where a module deals the notes (``Params.fill`` off); no task waits
    once the game is over. Each task type declares the phases it can be pending in
    (:attr:`Task.phases <lasvegas.Task.phases>`: the core leaves a phase only once every
    task is resolved, so a task is pending only in the phases whose events or actions push
    it); a module that sleeps while its slice is ``None`` (Royale's tiles) has no task
    pending then.
    """
    tasks = state.tasks
    phase = state.phase
    if not tasks:
        if phase in _RESTS_ON_TASKS:
            problems.append(f"no task is pending in phase {phase.value}, which waits only for one")
        elif phase is Phase.FILL and not state.config.ruleset.params.fill:
            problems.append(
                "no task is pending in phase fill, but the core does not fill the casinos of"
                " this edition (Params.fill is off): a module's deal must be waiting"
            )
        return
    if phase is Phase.OVER:
        problems.append(f"{len(tasks)} task(s) are pending, but the game is over")
        return
    modules = state.config.modules
    slices = state.modules
    for position, task in enumerate(tasks):
        phases = type(task).phases
        if phases is not None and phase not in phases:
            allowed = ", ".join(p.value for p in Phase if p in phases)
            problems.append(
                f"task {position} ({task.kind}) is pending in phase {phase.value}; a task of"
                f" its type is pending only in phase {allowed}"
            )
        module = modules[task.module]
        if module.sleeps and slices[task.module] is None:
            problems.append(
                f"task {position} ({task.kind}) is pending, but its module {module.id} is asleep"
                " (not in play)"
            )


def _tasks(state: State, problems: list[str]) -> None:
    """Pending tasks: consistent with the phase and their module (:func:`_task_phases`), none
    listed twice, and their seats and casinos in range.

    By convention a task's field named ``seat``, ``winner``, ``splitter``, ``guesser`` or
    ``active`` holds a seat, ``seats`` or ``rest`` distinct seats, ``casino`` a casino's number
    and ``face`` or ``faces`` die faces. Also: no seat's dice are on a casino before the round
    starts (C-4: casinos are filled first).
    """
    _task_phases(state, problems)
    tasks = state.tasks
    if len(tasks) > 1 and len(set(tasks)) < len(tasks):
        problems.append("a pending task is listed twice")
    n = state.config.players
    casinos = len(state.casinos)
    for position, task in enumerate(tasks):
        fields = _TASK_FIELDS.get(type(task))
        if fields is None:
            fields = _TASK_FIELDS[type(task)] = tuple(
                a.name for a in attrs.fields(type(task)) if a.name != "module"
            )
        for name in fields:
            value = getattr(task, name)
            if type(value) is int:
                if name in _SEAT_FIELDS and not 0 <= value < n:
                    problems.append(
                        f"task {position} ({task.kind}): {name} {value} is not a seat (0-{n - 1})"
                    )
                elif name == "casino" and not 1 <= value <= casinos:
                    problems.append(
                        f"task {position} ({task.kind}): casino {value} is not a casino"
                    )
                elif name == "face" and value not in _FACES:
                    problems.append(f"task {position} ({task.kind}): face {value} is not 1-6")
            elif type(value) is tuple:
                if name in _SEATS_FIELDS and (
                    len(set(value)) != len(value) or not all(0 <= s < n for s in value)
                ):
                    problems.append(
                        f"task {position} ({task.kind}): {name} {value} are not distinct seats"
                        f" (one is outside 0-{n - 1} or repeated)"
                    )
                elif name == "faces" and not _FACES.issuperset(value):
                    problems.append(f"task {position} ({task.kind}): faces {value} are not 1-6")
    if state.phase is Phase.FILL and any(any(c.dice[:n]) or any(c.big[:n]) for c in state.casinos):
        problems.append("dice are on a casino before the round starts")


def _rolled(state: State, problems: list[str]) -> None:
    """Faces are shown only within a turn (pending tasks or not): while placing, one per die
    the active seat holds (C-8: a seat rolls all its dice); in no phase but ``roll`` and
    ``place``."""
    if state.phase is Phase.PLACE:
        held = state.supply[state.active]
        if any(len(faces) != c for faces, c in zip(state.rolled, held, strict=True)):
            problems.append(
                f"{sum(map(len, state.rolled))} faces are rolled, but the active seat holds"
                f" {sum(held)} dice to place (C-8: a seat rolls all its dice)"
            )
    elif state.phase is not Phase.ROLL and any(state.rolled):
        problems.append(f"dice are rolled in phase {state.phase.value}")


_BEFORE_PAYOUT: Final = frozenset(
    {Phase.FILL, Phase.TURN_START, Phase.ROLL, Phase.PLACE, Phase.TURN_END}
)
"""The phases of a round before its payout."""


def _notes(state: State, problems: list[str]) -> None:
    """Where the banknotes lie agrees with the phase.

    Once the game is over, it is after the last round and every casino has paid out (C-14,
    C-16); during the payout, the casinos before the cursor have paid out. Where the core
    fills the casinos (``Params.fill``), also: they are filled in order to the minimum (C-5:
    those before the one being filled reach it unless the pile is empty, C-6; the one being
    filled does not yet; no casino after it holds a note), a casino stops drawing once its
    notes reach the minimum (so without its largest note, counted at its worth, they are
    below it), and no seat holds a note before round 1's payout (C-13: notes are won only
    there).
    """
    params = state.config.ruleset.params
    phase = state.phase
    if phase is Phase.OVER:
        if state.round != params.rounds:
            problems.append(
                f"the game is over in round {state.round}, not after round {params.rounds} (C-16)"
            )
        for number, casino in enumerate(state.casinos, start=1):
            if casino.notes:
                problems.append(
                    f"casino {number} holds notes {casino.notes}, but the game is over"
                    " (C-14: every payout empties its casinos)"
                )
        return
    if phase is Phase.PAYOUT:
        for number, casino in enumerate(state.casinos[: state.cursor], start=1):
            if casino.notes:
                problems.append(
                    f"casino {number} holds notes {casino.notes}, but the payout is past it"
                    " (C-13, C-14: a casino paid out keeps no note)"
                )
    minimum = params.minimum
    if not params.fill or minimum is None or phase not in _BEFORE_PAYOUT:
        return
    if state.round == 1:
        for seat, won in enumerate(state.money):
            if won:
                problems.append(
                    f"seat {seat} holds notes {won} in round 1 before its payout"
                    " (C-13: notes are won only at a payout)"
                )
    worth = dict(params.worth)
    if phase is Phase.FILL:
        pile = bool(state.pile_hidden or state.pile_returned)
        for number, casino in enumerate(state.casinos, start=1):
            total = sum(map(worth.get, casino.notes, casino.notes))  # each note at its worth
            if number == state.cursor + 1 and total >= minimum:
                problems.append(
                    f"casino {number} is being filled, but its notes already reach {minimum}"
                    " (C-5: the fill moves on at once)"
                )
            elif number <= state.cursor and total < minimum and pile:
                problems.append(
                    f"casino {number} is filled below {minimum} with notes left in the pile"
                    " (C-5, C-6)"
                )
    for number, casino in enumerate(state.casinos, start=1):
        notes = casino.notes
        if not notes:
            continue
        if phase is Phase.FILL and number > state.cursor + 1:
            problems.append(
                f"casino {number} holds notes while casino {state.cursor + 1} is being filled"
                " (C-5: casinos are filled in order)"
            )
        values = list(map(worth.get, notes, notes))
        if sum(values) - max(values) >= minimum:
            problems.append(
                f"casino {number} holds notes {notes}, more than a fill draws (C-5: a casino"
                f" stops drawing once its notes reach {minimum})"
            )


def _conservation(state: State, problems: list[str]) -> None:
    """Dice per seat and banknotes are conserved (C-1, C-2).

    Each seat's dice in the game (``Params.owned``: its supply's dice and the pieces a module
    holds, the card game's cards) are in its supply, on the casinos or held by a module
    (``held``), until the game is over; the banknotes (``Params.notes``) are in the pile,
    on the casinos, won, or held by a module (``held``).
    """
    config = state.config
    ruleset = config.ruleset
    owned = ruleset.params.owned
    notes_in_game = ruleset.params.notes
    n = config.players
    owners = ruleset.owners
    held = [0] * owners
    for i, module in enumerate(config.modules):
        # A negative count is dice the module lends an owner on the table (Royale's Prime Time:
        # black dice in a casino count as a seat's dice); the totals below must still balance.
        counts = module.held(state, i).dice
        if len(counts) > owners:
            problems.append(f"module {module.id} holds dice for unknown owners: {counts}")
            return
        for owner, count in enumerate(counts):
            held[owner] += count
    own = owned[REGULAR] + owned[BIG] + owned[KICKER]
    bigs = [supply[BIG] for supply in state.supply] + [0] * (owners - n)
    for c in state.casinos:
        if any(c.big):
            for owner, count in enumerate(c.big):
                bigs[owner] += count
    for owner, big in enumerate(bigs):
        if big > owned[BIG]:
            problems.append(f"owner {owner} has {big} big dice, more than the game has (B-3)")
    if state.phase is not Phase.OVER:
        # per owner, its dice and big dice on every casino (each counts one per owner: _shape)
        columns = [c.dice for c in state.casinos] + [c.big for c in state.casinos]
        placed = [sum(col) for col in zip(*columns, strict=True)] if columns else [0] * owners
        for seat in range(n):
            supply = state.supply[seat]
            total = supply[REGULAR] + supply[BIG] + supply[KICKER] + placed[seat] + held[seat]
            if total != own:
                problems.append(
                    f"seat {seat} has {total} dice in play, not {own}"
                    " (counted in its supply, on the casinos and held by modules)"
                )
        neutral = ruleset.neutral_owner
        if neutral is not None:
            in_hand = sum(s[NEUTRAL] for s in state.supply)
            everyone = n * owned[NEUTRAL]
            total = in_hand + placed[neutral] + held[neutral]
            if not everyone <= total <= everyone + _NEUTRAL_SET:
                problems.append(f"{total} neutral dice in play, not {everyone}-{everyone + 8}")
    everywhere = [*state.pile_hidden, *state.pile_returned]
    for casino in state.casinos:
        everywhere += casino.notes
    for won in state.money:
        everywhere += won
    for i, module in enumerate(config.modules):
        everywhere += module.held(state, i).notes
    everywhere.sort()
    if everywhere != sorted(notes_in_game):
        notes = Counter(everywhere)
        expected = Counter(notes_in_game)
        missing = dict(expected - notes)
        extra = dict(notes - expected)
        problems.append(f"banknotes not conserved: missing {missing}, extra {extra}")


def _money(state: State, problems: list[str]) -> None:
    """Every seat's money in its standings (its notes and what its modules score) is at
    most :data:`~lasvegas.types.MAX_MONEY` in size, so every view and the standings dump."""
    config = state.config
    modules = config.modules
    for seat, won in enumerate(state.money):
        amount = sum(won)
        for i in config.ruleset.scorers:
            amount += modules[i].score(state, i, seat).money
        if not -MAX_MONEY <= amount <= MAX_MONEY:
            problems.append(
                f"seat {seat}'s money, {amount}, is beyond the bound of every amount"
                f" ({MAX_MONEY}, MAX_MONEY)"
            )


def _modules(state: State, problems: list[str]) -> None:
    """Each module's own invariants."""
    for i, module in enumerate(state.config.modules):
        problems.extend(f"module {module.id}: {p}" for p in module.problems(state, i))


def _node(state: State, problems: list[str]) -> None:
    """The phase agrees with who is to move, and that mover has something to do."""
    mover = to_move(state)
    n = state.config.players
    if mover is None:
        if state.phase is not Phase.OVER or state.tasks:
            problems.append(f"nobody is to move in phase {state.phase.value}")
    elif mover is CHANCE:
        if not chance_outcomes(state):
            problems.append(f"a chance node with no outcome in phase {state.phase.value}")
    elif type(mover) is not int or not 0 <= mover < n:
        problems.append(f"the seat to move, {mover!r}, is not a seat")
    elif not legal_actions(state):
        problems.append(f"seat {mover} is to move but has no legal action")
