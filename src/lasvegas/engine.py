"""The engine: the one dispatcher behind every edition.

:func:`apply` and :func:`legal_actions` are the hot path; they build states directly (no
``attrs.evolve``, no validators) and create event objects only when someone listens: a
:func:`step` caller, or a module whose ``listens`` names the event type.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from .actions import Action, Draw, Place, Roll, action_problem, safe_repr
from .chance import Rng, multiset_draw_distribution, remove_one, roll_distribution
from .config import GameConfig, Ruleset
from .errors import IllegalActionError
from .events import (
    BanknotePaid,
    CasinoPaid,
    CasinosFilled,
    DicePlaced,
    DiceRolled,
    Event,
    GameEnded,
    NoteDealt,
    NotesReturned,
    PayoutStarted,
    RoundEnded,
    RoundStarted,
    TiesRemoved,
    TurnPassed,
    TurnStarted,
)
from .modules.base import ModuleState, Task, TaskHandler
from .payout import rank, tied
from .state import Casino, Phase, State, make_casino, make_state
from .types import CHANCE, GROUPS, CasinoIndex, CasinoNumber, Chance, Money, Seat

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "Standings",
    "Step",
    "action_space",
    "apply",
    "chance_outcomes",
    "closed_casinos",
    "emit",
    "end_turn",
    "hears",
    "legal_actions",
    "new_game",
    "next_turn",
    "payout_order",
    "pop_task",
    "push_task",
    "sample_chance",
    "set_slice",
    "set_slices",
    "standings",
    "step",
    "to_move",
]

_NO_ROLL: tuple[tuple[int, ...], ...] = ((), (), (), ())
_FILL = Phase.FILL
_ROLL = Phase.ROLL
_PLACE = Phase.PLACE
_TURN_START = Phase.TURN_START
_TURN_END = Phase.TURN_END
_PAYOUT = Phase.PAYOUT
_ROUND_END = Phase.ROUND_END
_OVER = Phase.OVER


@attrs.frozen
class Step:
    """What :func:`step` returns: the new state and the events that led to it."""

    state: State
    """The state after the action."""
    events: tuple[Event, ...]
    """What happened, in order (the action's own effect first, then what followed)."""


@attrs.frozen
class Standings:
    """Money per seat, and the winners once the game is over (C-16).

    ``money`` is what each seat would score if the game ended now (cash plus whatever the
    modules add, such as Royale chips or chip-card sets).
    """

    money: tuple[Money, ...]
    """Score per seat, in dollars."""
    notes: tuple[int, ...]
    """The tie-break count per seat: notes won (plus what modules add, R-8)."""
    winners: tuple[Seat, ...]
    """The winning seats once the game is over (several when still tied); empty before."""


# -- building states ---------------------------------------------------------------------


def new_game(config: GameConfig) -> State:
    """The state before the first action: round 1, the pile shuffled, casinos empty.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.classic(4))
    >>> lv.to_move(state)
    lv.CHANCE
    """
    ruleset = config.ruleset
    params = ruleset.params
    n = config.players
    empty = (0,) * ruleset.owners
    casino = Casino(notes=(), dice=empty, big=empty)
    modules: tuple[ModuleState | None, ...] = tuple(m.initial_state(n) for m in config.modules)
    state = make_state(
        config,
        1,
        _FILL,
        0,
        0,
        0,
        (params.dice,) * n,
        _NO_ROLL,
        (casino,) * params.casinos,
        params.notes,
        (),
        ((),) * n,
        modules,
        (),
    )
    if RoundStarted in ruleset.reactors:
        state = emit(state, RoundStarted(round=1, start=0), None)
    return _advance(state, None)


def to_move(state: State) -> Seat | Chance | None:
    """Who acts next: a seat, :data:`~lasvegas.types.CHANCE`, or ``None`` once the game is over.

    >>> import lasvegas as lv
    >>> lv.to_move(lv.new_game(lv.classic(2)))
    lv.CHANCE
    """
    if state.tasks:
        task = state.tasks[0]
        if task.chance:
            return CHANCE
        mover = state.config.ruleset.handlers[type(task)].to_move
        return CHANCE if mover is None else mover(state, task.module, task)
    phase = state.phase
    if phase is _PLACE:
        return state.active
    if phase is _OVER:
        return None
    return CHANCE


def _task_mover(state: State, handler: TaskHandler, task: Task) -> Seat | Chance:
    """``handler.to_move`` for the first task of *state* (``CHANCE`` for a chance task)."""
    if task.chance:
        return CHANCE
    mover = handler.to_move
    return CHANCE if mover is None else mover(state, task.module, task)


def legal_actions(state: State) -> tuple[Action, ...]:
    """The legal actions of the seat to move; ``()`` at a chance node or once the game is over.

    >>> import lasvegas as lv
    >>> state = lv.apply(_first_turn(lv.classic(2)), lv.Roll((1, 1, 2, 4, 4, 4, 6, 6)))
    >>> lv.legal_actions(state)
    (Place(face=1), Place(face=2), Place(face=4), Place(face=6))
    """
    if state.tasks:
        task = state.tasks[0]
        if task.chance:
            return ()
        handler = state.config.ruleset.handlers[type(task)]
        if _task_mover(state, handler, task) is CHANCE or handler.actions is None:
            return ()
        return handler.actions(state, task.module, task)
    if state.phase is not _PLACE:
        return ()
    r0, r1, r2, r3 = state.rolled
    places: tuple[Action, ...] | None
    ruleset = state.config.ruleset
    if ruleset.closers:  # the faces rolled, less the closed casinos, as a bit mask
        mask = _mask(r0) | _mask(r1) | _mask(r2) | _mask(r3)
        closed = closed_casinos(state)
        places = _BY_MASK[mask & ~_closed_mask(closed) if closed else mask]
    elif r1 or r2 or r3:  # several groups: the faces any of them shows, as a bit mask
        masks = _MASKS
        try:
            places = _BY_MASK[masks[r0] | masks[r1] | masks[r2] | masks[r3]]
        except KeyError:
            places = _BY_MASK[_mask(r0) | _mask(r1) | _mask(r2) | _mask(r3)]
    else:
        places = _PLACES.get(r0)
        if places is None:
            places = _BY_MASK[_mask(r0)]
            if len(_PLACES) >= 50_000:
                _PLACES.clear()
            _PLACES[r0] = places
    offerers = ruleset.offerers
    if not offerers:
        return places
    offers = _offers(state, offerers)
    return places + offers if offers else places


def _closed_mask(closed: frozenset[int]) -> int:
    """The casinos 1-6 of *closed* as bits ``1 << number`` (the faces they close).

    >>> bin(_closed_mask(frozenset({2, 6})))
    '0b1000100'
    """
    mask = _CLOSED_MASKS.get(closed)
    if mask is None:
        mask = 0
        valid = True
        for casino in closed:
            if type(casino) is int and 1 <= casino <= 6:
                mask |= 1 << casino
            else:
                valid = False
        if valid:
            _CLOSED_MASKS[closed] = mask  # at most the 64 sets of casinos 1-6
    return mask


def _offers(state: State, offerers: tuple[int, ...]) -> tuple[Action, ...]:
    """What the modules offer the active seat at a placement decision, in module order."""
    modules = state.config.modules
    active = state.active
    if len(offerers) == 1:
        i = offerers[0]
        return modules[i].offer(state, i, active)
    extra: list[Action] = []
    for i in offerers:
        extra.extend(modules[i].offer(state, i, active))
    return tuple(extra)


def closed_casinos(state: State) -> frozenset[CasinoNumber]:
    """The casino numbers the modules close now: the union of their ``closed`` answers,
    sleeping modules skipped.

    >>> import lasvegas as lv
    >>> closed_casinos(lv.new_game(lv.royale(3)))
    frozenset()
    """
    modules = state.config.modules
    ruleset = state.config.ruleset
    closers = ruleset.closers
    sleepers = ruleset.sleepers
    slices = state.modules
    if len(closers) == 1:
        i = closers[0]
        asleep = slices[i] is None and i in sleepers  # then it closes nothing
        return _OPEN if asleep else modules[i].closed(state, i)
    closed = _OPEN
    for i in closers:
        if slices[i] is not None or i not in sleepers:
            closed |= modules[i].closed(state, i)
    return closed


_OPEN: frozenset[CasinoNumber] = frozenset()


def _awake(state: State, indexes: tuple[int, ...]) -> bool:
    """Whether any module of *indexes* is awake: not one that sleeps while its slice is
    ``None`` (``RuleModule.sleeps``) with its slice ``None``."""
    sleepers = state.config.ruleset.sleepers
    slices = state.modules
    for i in indexes:  # noqa: SIM110 - a plain loop: any() and its generator cost more
        if slices[i] is not None or i not in sleepers:
            return True
    return False


def hears(state: State, kind: type[Event]) -> bool:
    """Whether a module awake in *state* reacts to events of type *kind* (``listens``,
    sleeping modules not counted): a module may skip building an event nobody hears when it
    keeps no log.

    >>> import lasvegas as lv
    >>> from lasvegas.events import DicePlaced
    >>> hears(lv.new_game(lv.classic(3)), DicePlaced)
    False
    >>> hears(lv.new_game(lv.classic(3, lv.Kickers())), DicePlaced)
    True
    """
    indexes = state.config.ruleset.reactors.get(kind)
    return indexes is not None and _awake(state, indexes)


_CLOSED_MASKS: dict[frozenset[int], int] = {}
"""Closed casinos as bit masks (:func:`_closed_mask`), by the set of casino numbers: only
sets of the ints 1-6 are kept, so at most 64 entries."""

_PLACES: dict[tuple[int, ...], tuple[Action, ...]] = {}
"""Placements per roll of the regular group alone, by its sorted faces (bounded: the sorted
rolls a seat's dice allow, and cleared past 50,000)."""
_MASKS: dict[tuple[int, ...], int] = {(): 0}
"""The faces a group's sorted roll shows, as bits ``1 << face``, by the roll (bounded like
:data:`_PLACES`)."""
_BY_MASK: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Place(face) for face in range(1, 7) if mask >> face & 1) for mask in range(128)
)
"""The placements of the faces of each mask of :data:`_MASKS`, in face order, built once."""


def _mask(faces: tuple[int, ...]) -> int:
    """The bit mask of *faces* (:data:`_MASKS`), remembered.

    >>> _mask((1, 1, 4, 6)) == 1 << 1 | 1 << 4 | 1 << 6
    True
    """
    mask = _MASKS.get(faces)
    if mask is None:
        if len(_MASKS) >= 50_000:
            _MASKS.clear()
            _MASKS[()] = 0
        mask = 0
        for face in faces:
            mask |= 1 << face
        _MASKS[faces] = mask
    return mask


def action_space(config: GameConfig) -> tuple[Action, ...]:
    """Every decision action a game of *config* can ever have, in a fixed order.

    The index of an action in this tuple is its integer code in the reinforcement-learning
    adapters: the core's placements first (``Place(1)`` .. ``Place(6)``), then each module's
    declared action space (:attr:`~lasvegas.Capabilities.action_space`), in module order. Chance outcomes are not in
    it. Raises :class:`ValueError` if two modules list the same action.

    >>> import lasvegas as lv
    >>> lv.action_space(lv.classic(4))
    (Place(face=1), Place(face=2), Place(face=3), Place(face=4), Place(face=5), Place(face=6))
    """
    return config.table(_action_space)


def _action_space(config: GameConfig) -> tuple[Action, ...]:
    """:func:`action_space`, built once per config (:meth:`GameConfig.table`)."""
    actions: list[Action] = [Place(face) for face in range(1, 7)]
    for declared in config.ruleset.capabilities:
        if declared.action_space is not None:
            actions.extend(declared.action_space(config.players))
    if len(set(actions)) != len(actions):
        raise ValueError("two modules list the same action in their action_space")
    return tuple(actions)


def chance_outcomes(state: State) -> tuple[tuple[Action, Fraction], ...]:
    """Every outcome of the chance node with its exact probability (they sum to 1).

    ``()`` when no chance node is next.

    >>> import lasvegas as lv
    >>> outcomes = lv.chance_outcomes(lv.new_game(lv.classic(4)))
    >>> outcomes[0]
    (Draw(value=10000), Fraction(1, 9))
    >>> sum(p for _, p in outcomes)
    Fraction(1, 1)
    """
    if state.tasks:
        task = state.tasks[0]
        handler = state.config.ruleset.handlers[type(task)]
        if _task_mover(state, handler, task) is not CHANCE or handler.outcomes is None:
            return ()
        return handler.outcomes(state, task.module, task)
    phase = state.phase
    if phase is _ROLL:
        group = state.cursor
        return _roll_outcomes(state.supply[state.active][group], GROUPS[group])
    if phase is _FILL:
        if state.pile_hidden:
            return tuple((Draw(v), p) for v, p in multiset_draw_distribution(state.pile_hidden))
        return ((Draw(state.pile_returned[0]), Fraction(1)),)
    return ()


@functools.lru_cache(maxsize=64)
def _roll_outcomes(k: int, group: str) -> tuple[tuple[Action, Fraction], ...]:
    return tuple((Roll(faces, group), p) for faces, p in roll_distribution(k))


@functools.lru_cache(maxsize=16)
def _valid_rolls(k: int) -> dict[tuple[int, ...], tuple[int, ...]]:
    """The sorted rolls of *k* dice, each mapped to itself (the canonical tuple of ints)."""
    return {faces: faces for faces, _ in roll_distribution(k)}


_VALID_ROLLS: tuple[dict[tuple[int, ...], tuple[int, ...]], ...] = tuple(
    _valid_rolls(k) for k in range(13)
)


_INT: frozenset[type] = frozenset({int})
"""The one type a face may have: ``{*map(type, faces)} <= _INT`` checks a roll in C."""

_ROLLS: tuple[dict[tuple[int, ...], Roll], ...] = ({}, {}, {}, {})
"""Rolls already built, per group (bounded by the number of sorted rolls of a seat's dice)."""
_OWN_ROLLS: dict[int, Roll] = {}
"""The rolls of :data:`_ROLLS` by ``id``: :func:`apply` knows its own rolls (their faces are
ints) by identity, with no look at their faces. Each entry keeps its roll alive, so its id
cannot be another object's while it is here (bounded: cleared at 100,000 entries)."""
_DRAWS: dict[int, Draw] = {}
"""Draws already built, by note value."""


def sample_chance(state: State, rng: Rng) -> Action:
    """Draw one outcome of the chance node with *rng*, directly (nothing is enumerated).

    >>> import lasvegas as lv
    >>> lv.sample_chance(lv.new_game(lv.classic(4)), lv.Rng(7))
    Draw(value=...)

    Raises :class:`~lasvegas.errors.IllegalActionError` when no chance node is next.
    """
    if state.tasks:
        task = state.tasks[0]
        handler = state.config.ruleset.handlers[type(task)]
        if handler.sample is not None and (
            task.chance or _task_mover(state, handler, task) is CHANCE
        ):
            return handler.sample(state, task.module, task, rng)
    else:
        phase = state.phase
        if phase is _ROLL:
            group = state.cursor
            faces = rng.dice(state.supply[state.active][group])
            cache = _ROLLS[group]
            roll = cache.get(faces)
            if roll is None:
                if len(cache) >= 10_000:  # bounded, whatever it is asked
                    cache.clear()
                roll = cache[faces] = Roll(faces, GROUPS[group])
                if len(_OWN_ROLLS) >= 100_000:
                    _OWN_ROLLS.clear()
                _OWN_ROLLS[id(roll)] = roll
            return roll
        if phase is _FILL:
            hidden = state.pile_hidden
            value = hidden[rng.below(len(hidden))] if hidden else state.pile_returned[0]
            draw = _DRAWS.get(value)
            if draw is None:
                if len(_DRAWS) >= 10_000:  # bounded, whatever it is asked
                    _DRAWS.clear()
                draw = _DRAWS[value] = Draw(value)
            return draw
    raise IllegalActionError(
        "sample_chance", _phase_name(state), "no chance node is next", "not-chance"
    )


# -- applying actions ----------------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after *action*; *state* itself is never changed.

    Raises :class:`~lasvegas.errors.IllegalActionError` (naming the action, the phase and
    the reason) for an action that is not legal now.

    >>> import lasvegas as lv
    >>> state = lv.apply(_first_turn(lv.classic(2)), lv.Roll((1, 1, 2, 4, 4, 4, 6, 6)))
    >>> state = lv.apply(state, lv.Place(4))
    >>> state.casinos[3].dice
    (3, 0)
    >>> lv.apply(state, lv.Place(4))
    Traceback (most recent call last):
    ...
    lasvegas.errors.IllegalActionError: Place(face=4) in phase roll: a roll of 8 dice is next
    """
    if not state.tasks:  # the hot path: skip the general dispatcher
        kind = type(action)
        phase = state.phase
        if phase is _ROLL and kind is Roll:
            state = _roll(state, action, None)  # type: ignore[arg-type]
        elif phase is _PLACE and kind is Place:
            state = _place(state, action, None)  # type: ignore[arg-type]
        elif phase is _FILL and kind is Draw:
            state = _draw(state, action, None)  # type: ignore[arg-type]
        else:
            state = _apply(state, action, None)
        phase = state.phase
        if (phase is _ROLL or phase is _PLACE) and not state.tasks:
            return state
        return _advance(state, None)
    # _apply_task, inlined (the hot path of module chance nodes and decisions)
    task = state.tasks[0]
    index = task.module
    handler = state.config.ruleset.handlers[type(task)]
    if task.chance or _task_mover(state, handler, task) is CHANCE:
        if (problem := action_problem(action)) is not None:
            raise _illegal(state, action, problem, "bad-type")
    else:
        legal = () if handler.actions is None else handler.actions(state, index, task)
        action = _check_listed(state, action, legal)
    state = handler.resolve(state, index, action, None)
    if state.tasks:
        return state
    return _advance(state, None)


def step(state: State, action: Action) -> Step:
    """Like :func:`apply`, also returning the events that happened, for front-ends.

    >>> import lasvegas as lv
    >>> state = lv.apply(_first_turn(lv.classic(2)), lv.Roll((1, 1, 2, 4, 4, 4, 6, 6)))
    >>> lv.step(state, lv.Place(6)).events[0]
    DicePlaced(seat=0, face=6, casino=6, counts=(2, 0, 0, 0))
    """
    log: list[Event] = []
    new = _advance(_apply(state, action, log), log)
    return Step(state=new, events=tuple(log))


def _phase_name(state: State) -> str:
    if state.tasks:
        return f"{state.phase.value} ({state.tasks[0].kind})"
    return state.phase.value


def _illegal(state: State, action: object, message: str, reason: str) -> IllegalActionError:
    return IllegalActionError(safe_repr(action), _phase_name(state), message, reason)


def _apply(state: State, action: Action, log: list[Event] | None) -> State:
    if state.tasks:
        return _apply_task(state, action, log)
    phase = state.phase
    kind = type(action)
    if phase is _PLACE:
        if kind is Place:
            return _place(state, action, log)  # type: ignore[arg-type]
        ruleset = state.config.ruleset
        owner = ruleset.action_owner.get(kind)
        if owner is not None:
            module = state.config.modules[owner]
            offerers = ruleset.offerers
            if len(offerers) == 1 and offerers[0] == owner:
                offered = _offers(state, offerers)  # what legal_actions just listed
            else:
                offered = module.offer(state, owner, state.active)
            return module.perform(state, owner, _check_listed(state, action, offered), log)
        raise _illegal(state, action, f"seat {state.active} must place dice", "not-legal")
    if phase is _ROLL:
        if kind is not Roll:
            raise _illegal(state, action, f"a roll of {_next_roll(state)} is next", "wrong-node")
        return _roll(state, action, log)  # type: ignore[arg-type]
    if phase is _FILL:
        if kind is not Draw:
            raise _illegal(state, action, "a banknote draw is next", "wrong-node")
        return _draw(state, action, log)  # type: ignore[arg-type]
    if phase is _OVER:
        raise _illegal(state, action, "the game is over", "game-over")
    raise _illegal(state, action, "no action is expected", "wrong-node")  # pragma: no cover


def _next_roll(state: State) -> str:
    k = state.supply[state.active][state.cursor]
    group = GROUPS[state.cursor]
    noun = "die" if k == 1 else "dice"
    return f"{k} {noun}" if group == "regular" else f"{k} {group} {noun}"


def _apply_task(state: State, action: Action, log: list[Event] | None) -> State:
    task = state.tasks[0]
    index = task.module
    handler = state.config.ruleset.handlers[type(task)]
    if task.chance or _task_mover(state, handler, task) is CHANCE:
        if (problem := action_problem(action)) is not None:
            raise _illegal(state, action, problem, "bad-type")
    else:
        legal = () if handler.actions is None else handler.actions(state, index, task)
        action = _check_listed(state, action, legal)
    return handler.resolve(state, index, action, log)


def _not_listed(action: object, legal: tuple[Action, ...]) -> str:
    """The message for *action* not among *legal*: the legal actions of its type, if any."""
    alike = [a for a in legal if type(a) is type(action)]
    if not alike:
        return "not among the legal actions"
    shown = ", ".join(repr(a) for a in alike[:4])
    more = f" and {len(alike) - 4} more" if len(alike) > 4 else ""
    return f"not among the legal actions; the legal ones of its type are {shown}{more}"


def _check_listed(state: State, action: object, actions: tuple[Action, ...]) -> Action:
    """The listed action *action* stands for: itself, or its accepted spelling
    (:meth:`~lasvegas.Action.canonical`); else an :class:`IllegalActionError`.

    Identity first: the action chosen is usually one of the very objects listed (and
    comparing attrs actions by value costs a Python call each). An action made elsewhere
    must then have exactly the declared type in every field (``True`` and ``1.0`` compare
    equal to ``1``: equality alone would let them through) and the class of the listed
    action it equals."""
    for listed in actions:
        if listed is action:
            return listed
    problem = action_problem(action)
    if problem is not None or not isinstance(action, Action):
        raise _illegal(state, action, problem or "not an action", "bad-type")
    kind = type(action)
    for listed in actions:
        if type(listed) is kind and listed == action:
            return action
    accepted = action.canonical()
    if accepted is not action:
        kind = type(accepted)
        for listed in actions:
            if type(listed) is kind and listed == accepted:
                return accepted
    raise _illegal(state, action, _not_listed(action, actions), "not-legal")


def _roll(state: State, action: Roll, log: list[Event] | None) -> State:
    group = state.cursor
    seat = state.active
    held = state.supply[seat]
    faces = action.faces
    if _OWN_ROLLS.get(id(action)) is not action and (
        type(faces) is not tuple or not {*map(type, faces)} <= _INT or type(action.group) is not str
    ):  # exact types first: (True, 2) and (1.0, 2) equal (1, 2), and hash alike
        raise _illegal(state, action, action_problem(action) or "malformed roll", "bad-type")
    if action.group != GROUPS[group]:
        raise _illegal(state, action, f"a roll of {_next_roll(state)} is next", "wrong-group")
    k = held[group]
    valid = _VALID_ROLLS[k] if k < 13 else _valid_rolls(k)
    # The roll as the library built it: equal faces of another type (``True`` for 1) never
    # reach the state or the event cache.
    faces = valid.get(faces) if type(faces) is tuple else None  # type: ignore[assignment]
    if faces is None:
        raise _illegal(
            state, action, f"not a sorted roll of {_next_roll(state)} with faces 1-6", "bad-roll"
        )
    rolled = state.rolled
    rolled = (faces, *rolled[1:]) if group == 0 else (*rolled[:group], faces, *rolled[group + 1 :])
    nxt = group + 1
    while nxt < 4 and not held[nxt]:
        nxt += 1
    state = make_state(
        state.config,
        state.round,
        _ROLL if nxt < 4 else _PLACE,
        nxt if nxt < 4 else 0,
        state.start,
        seat,
        state.supply,
        rolled,
        state.casinos,
        state.pile_hidden,
        state.pile_returned,
        state.money,
        state.modules,
        state.tasks,
    )
    ruleset = state.config.ruleset
    if log is None:
        hearers = ruleset.reactors.get(DiceRolled)
        if hearers:  # emit, inlined: sleeping modules skipped, the event built on demand
            sleepers = ruleset.sleepers
            event: DiceRolled | None = None
            for i in hearers:
                if i not in sleepers or state.modules[i] is not None:
                    if event is None:
                        event = _rolled(seat, group, faces)
                    state = state.config.modules[i].react(state, i, event, None)
    else:
        state = emit(state, _rolled(seat, group, faces), log)
    if (
        ruleset.closers
        and state.phase is _PLACE
        and not state.tasks
        and closed_casinos(state)  # cheap: nothing is closed most of the time
        and not legal_actions(state)
    ):
        state = end_turn(state)  # T-7: every face points at a closed casino
        if log is not None or TurnPassed in ruleset.reactors:
            state = emit(state, TurnPassed(seat=seat, reason="closed"), log)
    return state


def _rolled(seat: Seat, group: int, faces: tuple[int, ...]) -> DiceRolled:
    """The ``DiceRolled`` event of *seat*'s roll of group index *group* (built once)."""
    key = (seat, group, faces)
    event = _ROLLED.get(key)
    if event is None:
        if len(_ROLLED) >= 10_000:
            _ROLLED.clear()
        event = _ROLLED[key] = DiceRolled(seat=seat, group=GROUPS[group], faces=faces)
    return event


def _place(state: State, action: Place, log: list[Event] | None) -> State:
    face = action.face
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
    if action.target is None:
        index = face - 1
        if ruleset.closers and face in closed_casinos(state):
            raise _illegal(state, action, f"casino {face!r} is closed", "closed")
    else:
        if type(action.target) is not int:
            raise _illegal(
                state, action, action_problem(action) or "malformed placement", "bad-type"
            )
        if action not in _offers(state, ruleset.offerers):
            if action.target == face:
                return _place(state, Place(face), log)  # Place(f, target=f) is Place(f)
            raise _illegal(
                state,
                action,
                f"casino {action.target!r} does not take these dice; "
                f"Place({face!r}) places them at casino {face!r}",
                "bad-target",
            )
        index = action.target - 1
    seat = state.active
    held = state.supply[seat]
    row = (held[0] - c0, held[1] - c1, held[2] - c2, held[3] - c3)
    casino = state.casinos[index]
    dice = casino.dice
    if c0 or c2:
        dice = (*dice[:seat], dice[seat] + c0 + c2, *dice[seat + 1 :])
    if c3:
        o = ruleset.neutral_owner
        assert o is not None
        dice = (*dice[:o], dice[o] + c3, *dice[o + 1 :])
    big = casino.big
    if c1:
        big = (*big[:seat], big[seat] + c1, *big[seat + 1 :])
    casinos = state.casinos
    supply = state.supply
    supply = (*supply[:seat], row, *supply[seat + 1 :])
    casinos = (*casinos[:index], make_casino(casino.notes, dice, big), *casinos[index + 1 :])
    reactors = ruleset.reactors
    if log is None and not state.tasks:
        # Whether an awake module hears the placement: it lists DicePlaced in reactors, is
        # not asleep (RuleModule.sleeps) and, if it overrides hears_placement, says so for
        # this casino (inlined: this runs at every placement).
        heard = False
        if DicePlaced in reactors:
            slices = state.modules
            sleepers = ruleset.sleepers
            filters = ruleset.placement_filters
            for i in reactors[DicePlaced]:
                if slices[i] is None and i in sleepers:
                    continue
                if i in filters and not state.config.modules[i].hears_placement(
                    state, i, CasinoNumber(index + 1)
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
    state = make_state(
        state.config,
        state.round,
        _TURN_END,
        0,
        state.start,
        seat,
        supply,
        rolled,
        casinos,
        state.pile_hidden,
        state.pile_returned,
        state.money,
        state.modules,
        state.tasks,
    )
    if log is not None or DicePlaced in reactors:
        key = (seat, face, index, c0, c1, c2, c3)
        event = _PLACED.get(key) if type(face) is int else None
        if event is None:
            event = DicePlaced(seat=seat, face=face, casino=index + 1, counts=(c0, c1, c2, c3))
            if type(face) is int:  # only a face of the right type is shared with later games
                if len(_PLACED) >= 10_000:
                    _PLACED.clear()
                _PLACED[key] = event
        if log is None:  # emit, inlined: the hot path of games with placement reactions
            modules = state.config.modules
            sleepers = ruleset.sleepers
            for i in reactors[DicePlaced]:
                if i not in sleepers or state.modules[i] is not None:
                    state = modules[i].react(state, i, event, None)
        else:
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
    state = make_state(
        state.config,
        state.round,
        _ROLL,
        group,
        state.start,
        seat,
        supply,
        _NO_ROLL,
        state.casinos if casinos is None else casinos,
        state.pile_hidden,
        state.pile_returned,
        state.money,
        state.modules if modules is None else modules,
        state.tasks,
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
    ruleset = state.config.ruleset
    reactors = ruleset.reactors
    event = _TURNS.get(seat)
    if event is None:
        if len(_TURNS) >= 10_000:  # bounded, whatever it is asked
            _TURNS.clear()
        event = _TURNS[seat] = TurnStarted(seat=seat)
    if log is None:  # emit, inlined (sleeping modules skipped)
        modules = state.config.modules
        sleepers = ruleset.sleepers
        for i in reactors[TurnStarted]:
            if i not in sleepers or state.modules[i] is not None:
                state = modules[i].react(state, i, event, None)
    else:
        state = emit(state, event, log)
    return state


_ROLLED: dict[tuple[int, int, tuple[int, ...]], DiceRolled] = {}
"""Roll events already built (immutable, so shared), by seat, group and faces (bounded: the
sorted rolls of a seat's dice per seat and group, and cleared past 10,000)."""
_TURNS: dict[int, TurnStarted] = {}
"""``TurnStarted`` events already built, by seat."""

_PLACED: dict[tuple[int, ...], DicePlaced] = {}
"""Placement events already built (immutable, so shared), by seat, face, casino and counts:
bounded by the placements a game allows (a few thousand), and cleared past 10,000."""


def _draw(state: State, action: Draw, log: list[Event] | None) -> State:
    value = action.value
    if type(value) is not int:  # True and 1.0 would pass for notes of 1 below
        raise _illegal(state, action, action_problem(action) or "malformed draw", "bad-type")
    hidden = state.pile_hidden
    returned = state.pile_returned
    if hidden:
        if value not in hidden:
            raise _illegal(state, action, "no such note is left in the pile", "bad-draw")
        hidden = remove_one(hidden, value)
    elif returned and value == returned[0]:
        returned = returned[1:]
    else:
        raise _illegal(state, action, "the next note is known and is another one", "bad-draw")
    index = state.cursor
    casino = state.casinos[index]
    notes = tuple(sorted((*casino.notes, value), reverse=True))
    casinos = state.casinos
    params = state.config.ruleset.params
    if params.worth:
        worth = state.config.table(_worth)
        total = sum(worth.get(v, v) for v in notes)
    else:
        total = sum(notes)
    full = total >= params.minimum and index + 1 < params.casinos
    state = make_state(
        state.config,
        state.round,
        _FILL,
        index + 1 if full else index,
        state.start,
        state.active,
        state.supply,
        state.rolled,
        (*casinos[:index], make_casino(notes, casino.dice, casino.big), *casinos[index + 1 :]),
        hidden,
        returned,
        state.money,
        state.modules,
        state.tasks,
    )
    if log is not None or NoteDealt in state.config.ruleset.reactors:
        state = emit(state, NoteDealt(casino=index + 1, value=value), log)
    return state


def _worth(config: GameConfig) -> dict[Money, Money]:
    """``Params.worth`` as a mapping, kept with the config (callers must not change it)."""
    return dict(config.ruleset.params.worth)


# -- automatic transitions --------------------------------------------------------------------


def _advance(state: State, log: list[Event] | None) -> State:
    """Run every transition that needs no action, until a node needs one (or tasks wait)."""
    while not state.tasks:
        phase = state.phase
        if phase is _FILL:
            ruleset = state.config.ruleset
            params = ruleset.params
            index = state.cursor
            if not state.pile_hidden and not state.pile_returned:
                index = params.casinos  # C-6: the pile ran out; later casinos get nothing
            else:
                # C-5: on to the first casino below the minimum (no draw happens between,
                # so the casinos already filled are passed over without a state each)
                casinos = state.casinos
                worth = state.config.table(_worth) if params.worth else None
                while index < params.casinos:
                    notes = casinos[index].notes
                    total = sum(notes) if worth is None else sum(worth.get(v, v) for v in notes)
                    if total < params.minimum:
                        break
                    index += 1
                if index < params.casinos:
                    return state if index == state.cursor else _to(state, _FILL, index)
            state = _to(state, _TURN_START, 0, state.start)
            if log is not None or CasinosFilled in ruleset.reactors:
                state = emit(state, CasinosFilled(round=state.round), log)
        elif phase is _TURN_END or phase is _TURN_START:
            supply = state.supply
            seat = _next_seat(supply, state.active if phase is _TURN_START else state.active + 1)
            if seat >= 0:
                state = _start_turn(state, seat, log)
            else:  # C-11: every seat has placed all its dice
                state = _to(state, _PAYOUT, 0, state.active, _NO_ROLL)
                if log is not None or PayoutStarted in state.config.ruleset.reactors:
                    state = emit(state, PayoutStarted(round=state.round), log)
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


def _next_seat(supply: tuple[tuple[int, ...], ...], first: int) -> int:
    """The first seat from *first* on (wrapping) that still holds dice (C-9), or -1 (C-11)."""
    n = len(supply)
    for i in range(first, first + n):
        seat = i % n
        held = supply[seat]
        if held[0] or held[1] or held[2] or held[3]:
            return seat
    return -1


def _to(
    state: State,
    phase: Phase,
    cursor: int,
    active: Seat | None = None,
    rolled: tuple[tuple[int, ...], ...] | None = None,
) -> State:
    """*state* moved on to *phase* and *cursor* (and *active*, *rolled* when given)."""
    return make_state(
        state.config,
        state.round,
        phase,
        cursor,
        state.start,
        state.active if active is None else active,
        state.supply,
        state.rolled if rolled is None else rolled,
        state.casinos,
        state.pile_hidden,
        state.pile_returned,
        state.money,
        state.modules,
        state.tasks,
    )


def _with(state: State, **changes: Any) -> State:
    """``attrs.evolve`` for states, without its per-call introspection (see the docs' performance page)."""
    get = changes.get
    return make_state(
        get("config", state.config),
        get("round", state.round),
        get("phase", state.phase),
        get("cursor", state.cursor),
        get("start", state.start),
        get("active", state.active),
        get("supply", state.supply),
        get("rolled", state.rolled),
        get("casinos", state.casinos),
        get("pile_hidden", state.pile_hidden),
        get("pile_returned", state.pile_returned),
        get("money", state.money),
        get("modules", state.modules),
        get("tasks", state.tasks),
    )


def _payout_step(state: State, log: list[Event] | None) -> State:
    config = state.config
    ruleset = config.ruleset
    index = state.cursor
    if index >= len(state.casinos):
        state = _to(state, _ROUND_END, 0)
        if log is not None or RoundEnded in ruleset.reactors:
            state = emit(state, RoundEnded(round=state.round), log)
        return state
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
    if log is not None or CasinoPaid in ruleset.reactors:
        event = _PAID.get(index)
        if event is None:
            if len(_PAID) >= 10_000:  # bounded, whatever it is asked
                _PAID.clear()
            event = _PAID[index] = CasinoPaid(casino=index + 1)
        state = emit(state, event, log)
    return state


_PAID: dict[int, CasinoPaid] = {}
"""``CasinoPaid`` events already built (immutable, so shared), by casino index."""


def _hears_paid(state: State, ruleset: Ruleset, casino: int) -> bool:
    """Whether any awake module hears the payout of casino number *casino*: it lists
    ``CasinoPaid`` in ``listens``, is not asleep and, if it overrides ``hears_paid``,
    says so for that casino."""
    hearers = ruleset.reactors.get(CasinoPaid)
    if not hearers:
        return False
    slices = state.modules
    sleepers = ruleset.sleepers
    filters = ruleset.paid_filters
    for i in hearers:
        if slices[i] is None and i in sleepers:
            continue
        if i in filters and not state.config.modules[i].hears_paid(state, i, CasinoNumber(casino)):
            continue
        return True
    return False


def _pay_rest(state: State, stop: int) -> State:
    """The fast path of :func:`_pay_casino` for the casinos from the cursor to index *stop*
    (excluded), when nobody hears them."""
    config = state.config
    places = config.ruleset.params.places
    players = config.players
    money = list(state.money)
    back: list[Money] = []
    casinos = list(state.casinos)
    for index in range(state.cursor, stop):
        casino = casinos[index]
        notes = casino.notes
        if not notes:
            continue
        ranked = payout_order(casino)
        if places is not None:
            ranked = ranked[:places]
        for note, owner in zip(notes, ranked, strict=False):
            if owner < players:
                money[owner] = (*money[owner], note)
            else:  # C-21
                back.append(note)
        back.extend(notes[len(ranked) :])
        casinos[index] = make_casino((), casino.dice, casino.big)
    return make_state(
        config,
        state.round,
        _PAYOUT,
        stop,
        state.start,
        state.active,
        state.supply,
        state.rolled,
        tuple(casinos),
        state.pile_hidden,
        state.pile_returned + tuple(back) if back else state.pile_returned,
        tuple(money),
        state.modules,
        state.tasks,
    )


def payout_order(casino: Casino) -> tuple[int, ...]:
    """The owners of *casino* in payout order after ties are removed:
    ``lasvegas.payout.rank(casino.weights())``, remembered per dice and big dice.

    >>> from lasvegas.state import Casino
    >>> payout_order(Casino((50_000,), (2, 3, 2), (0, 0, 0)))
    (1,)
    """
    dice = casino.dice
    big = casino.big
    key = (dice, big)
    ranked = _RANKS.get(key)
    if ranked is None:
        if len(_RANKS) >= 4096:  # casinos' dice vary without end: keep a few thousand
            _RANKS.clear()
        ranked = _RANKS[key] = rank(casino.weights() if any(big) else dice)
    return ranked


_RANKS: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}
"""Payout orders already computed (:func:`~lasvegas.payout.rank`), by a casino's dice and big
dice per owner (cleared past 4,096: about 1.5 MB at most)."""


def _pay_casino(state: State, index: int, log: list[Event] | None) -> State:
    """C-12 to C-14, C-21: remove ties, pay in rank order, return the rest under the pile."""
    config = state.config
    places = config.ruleset.params.places
    players = config.players
    casino = state.casinos[index]
    notes = casino.notes
    if log is not None:
        gone = tied(casino.weights() if any(casino.big) else casino.dice)
        if gone:
            log.append(TiesRemoved(casino=index + 1, owners=gone))
    ranked = payout_order(casino)
    if places is not None:
        ranked = ranked[:places]
    money = list(state.money)
    back: list[Money] = []
    for note, owner in zip(notes, ranked, strict=False):
        if log is not None:
            log.append(BanknotePaid(casino=index + 1, owner=owner, value=note))
        if owner < players:
            money[owner] = (*money[owner], note)
        else:  # C-21: the imaginary owner's winnings go under the pile
            back.append(note)
    back.extend(notes[len(ranked) :])
    if back and log is not None:
        log.append(NotesReturned(casino=index + 1, values=tuple(back)))
    casinos = state.casinos
    return make_state(
        config,
        state.round,
        state.phase,
        index + 1,
        state.start,
        state.active,
        state.supply,
        state.rolled,
        (*casinos[:index], make_casino((), casino.dice, casino.big), *casinos[index + 1 :]),
        state.pile_hidden,
        state.pile_returned + tuple(back) if back else state.pile_returned,
        tuple(money),
        state.modules,
        state.tasks,
    )


def _next_round(state: State, log: list[Event] | None) -> State:
    config = state.config
    ruleset = config.ruleset
    if state.round >= ruleset.params.rounds:
        state = _to(state, _OVER, state.cursor)
        if log is not None or GameEnded in ruleset.reactors:
            state = emit(state, GameEnded(winners=standings(state).winners), log)
        return state
    start: Seat | None = None
    for i in ruleset.starters:
        start = config.modules[i].next_start(state, i)
        if start is not None:
            break
    if start is None:
        start = (state.start + 1) % config.players  # C-7
    empty = (0,) * ruleset.owners
    state = _with(
        state,
        round=state.round + 1,
        phase=_FILL,
        cursor=0,
        start=start,
        active=start,
        supply=(ruleset.params.dice,) * config.players,
        rolled=_NO_ROLL,
        casinos=(Casino((), empty, empty),) * ruleset.params.casinos,
    )
    if log is not None or RoundStarted in ruleset.reactors:
        state = emit(state, RoundStarted(round=state.round, start=start), log)
    return state


# -- standings ---------------------------------------------------------------------------------


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
            money[seat] += modules[i].score(state, i, seat)
    for i in ruleset.tiebreakers:
        for seat in range(config.players):
            counts[seat] += modules[i].tiebreak(state, i, seat)
    winners: tuple[Seat, ...] = ()
    if state.phase is _OVER and not state.tasks:
        best = max(zip(money, counts, strict=True))
        winners = tuple(s for s in range(config.players) if (money[s], counts[s]) == best)
    return Standings(money=tuple(money), notes=tuple(counts), winners=winners)


# -- helpers for module authors ----------------------------------------------------------------


def emit(state: State, event: Event, log: list[Event] | None) -> State:
    """Record *event* in *log* (if any) and let the modules that react to its type react.

    >>> import lasvegas as lv
    >>> log: list[lv.Event] = []
    >>> _ = emit(lv.new_game(lv.classic(2)), lv.RoundEnded(round=1), log)
    >>> log
    [RoundEnded(round=1)]
    """
    if log is not None:
        log.append(event)
    ruleset = state.config.ruleset
    indexes = ruleset.reactors.get(type(event))
    if indexes:
        modules = state.config.modules
        sleepers = ruleset.sleepers
        for i in indexes:
            if i not in sleepers or state.modules[i] is not None:  # sleeping modules skipped
                state = modules[i].react(state, i, event, log)
    return state


def push_task(state: State, task: Task, *, first: bool = False) -> State:
    """Queue *task*: last (after pending tasks), or first (it interrupts them).

    >>> import lasvegas as lv
    >>> state = push_task(lv.new_game(lv.classic(2)), lv.Task(module=0))
    >>> state.tasks
    (Task(module=0),)
    """
    tasks = (task, *state.tasks) if first else (*state.tasks, task)
    return make_state(
        state.config,
        state.round,
        state.phase,
        state.cursor,
        state.start,
        state.active,
        state.supply,
        state.rolled,
        state.casinos,
        state.pile_hidden,
        state.pile_returned,
        state.money,
        state.modules,
        tasks,
    )


def pop_task(state: State) -> State:
    """Remove the first pending task (the one just resolved).

    >>> import lasvegas as lv
    >>> pop_task(push_task(lv.new_game(lv.classic(2)), lv.Task(module=0))).tasks
    ()
    """
    return make_state(
        state.config,
        state.round,
        state.phase,
        state.cursor,
        state.start,
        state.active,
        state.supply,
        state.rolled,
        state.casinos,
        state.pile_hidden,
        state.pile_returned,
        state.money,
        state.modules,
        state.tasks[1:],
    )


def set_slice(state: State, index: int, value: ModuleState | None) -> State:
    """Replace module *index*'s slice of the state.

    >>> import lasvegas as lv
    >>> set_slice(lv.new_game(lv.classic(2, lv.NeutralDice())), 0, None).modules
    (None,)
    """
    modules: Sequence[ModuleState | None] = state.modules
    return set_slices(state, (*modules[:index], value, *modules[index + 1 :]))


def set_slices(state: State, slices: tuple[ModuleState | None, ...]) -> State:
    """Replace every module slice at once (*slices* in module order): one state for a change
    to several slices, or for one slice set in a list copy on a hot path.

    >>> import lasvegas as lv
    >>> set_slices(lv.new_game(lv.classic(2, lv.NeutralDice())), (None,)).modules
    (None,)
    """
    return make_state(
        state.config,
        state.round,
        state.phase,
        state.cursor,
        state.start,
        state.active,
        state.supply,
        state.rolled,
        state.casinos,
        state.pile_hidden,
        state.pile_returned,
        state.money,
        slices,
        state.tasks,
    )


def end_turn(state: State) -> State:
    """End the active seat's turn with its rolled dice unplaced (they stay in its supply).

    For modules whose action replaces a placement (Royale's pass, R-5).

    >>> import lasvegas as lv
    >>> end_turn(lv.new_game(lv.classic(2))).phase
    Phase.TURN_END
    """
    return make_state(
        state.config,
        state.round,
        _TURN_END,
        0,
        state.start,
        state.active,
        state.supply,
        _NO_ROLL,
        state.casinos,
        state.pile_hidden,
        state.pile_returned,
        state.money,
        state.modules,
        state.tasks,
    )


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
        return make_state(
            state.config,
            state.round,
            _TURN_END,
            0,
            state.start,
            state.active,
            supply,
            _NO_ROLL,
            state.casinos,
            state.pile_hidden,
            state.pile_returned,
            state.money,
            modules,
            state.tasks,
        )
    return _start_turn(state, nxt, None, supply, None, modules)


def _first_turn(config: GameConfig) -> State:
    """Deal the notes (lowest first) and return the state at the first roll (for examples)."""
    state = new_game(config)
    while state.phase is _FILL or (state.tasks and to_move(state) is CHANCE):
        state = apply(state, min(chance_outcomes(state), key=_outcome_key)[0])
    return state


def _outcome_key(outcome: tuple[Action, Fraction]) -> str:
    return repr(outcome[0])
