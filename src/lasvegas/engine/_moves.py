"""Who moves and what: legal actions, closed casinos, chance outcomes and sampling."""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Final

from ..actions import Action, Place, action_problem
from ..chance import Rng, roll_distribution
from ..config import GameConfig
from ..errors import IllegalActionError
from ..modules.base import Task, TaskHandler
from ..state import (
    State,
)
from ..table import note_outcomes, roll_outcomes, sample_note, sample_roll
from ..types import CHANCE, GROUPS, CasinoNumber, Chance, Seat
from ._common import (
    _FILL,
    _OVER,
    _PLACE,
    _ROLL,
    _first_turn,  # noqa: F401 - the docstrings' examples use it
    _illegal,
    _phase_name,
)


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
        actions = handler.actions
        mover = handler.to_move  # _task_mover, inlined (a decision's hot path)
        if actions is None or mover is None:
            return ()
        index = task.module
        if mover(state, index, task) is CHANCE:
            return ()
        return actions(state, index, task)
    if state.phase is not _PLACE:
        return ()
    r0, r1, r2, r3 = state.rolled
    places: tuple[Action, ...] | None
    ruleset = state.config.ruleset
    closers = ruleset.closers
    if closers or r1 or r2 or r3:  # the faces any group shows, as a bit mask
        masks = _MASKS
        try:
            mask = masks[r0] | masks[r1] | masks[r2] | masks[r3]
        except KeyError:
            mask = _mask(r0) | _mask(r1) | _mask(r2) | _mask(r3)
        if closers:  # less the closed casinos
            closed = closed_casinos(state)
            if closed:
                mask &= ~_closed_mask(closed)
        places = _BY_MASK[mask]
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
    ruleset = state.config.ruleset
    closers = ruleset.closers
    slices = state.modules
    if len(closers) == 1:
        i = closers[0]
        if slices[i] is None and i in ruleset.sleepers:  # asleep: it closes nothing
            return _OPEN
        return state.config.modules[i].closed(state, i)
    modules = state.config.modules
    sleepers = ruleset.sleepers
    closed = _OPEN
    for i in closers:
        if slices[i] is not None or i not in sleepers:
            closed |= modules[i].closed(state, i)
    return closed


_OPEN: Final[frozenset[CasinoNumber]] = frozenset()


_CLOSED_MASKS: Final[dict[frozenset[int], int]] = {}
"""Closed casinos as bit masks (:func:`_closed_mask`), by the set of casino numbers: only
sets of the ints 1-6 are kept, so at most 64 entries."""


_PLACES: Final[dict[tuple[int, ...], tuple[Action, ...]]] = {}
"""Placements per roll of the regular group alone, by its sorted faces (bounded: the sorted
rolls a seat's dice allow, and cleared past 50,000)."""


_MASKS: Final[dict[tuple[int, ...], int]] = {(): 0}
"""The faces a group's sorted roll shows, as bits ``1 << face``, by the roll (bounded like
:data:`_PLACES`)."""


_BY_MASK: Final[tuple[tuple[Action, ...], ...]] = tuple(
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
    declared action space (:attr:`~lasvegas.Capabilities.action_space`), in module order.
    Chance outcomes are not in it. Raises :class:`ValueError` if two modules list the same action.

    >>> import lasvegas as lv
    >>> lv.action_space(lv.classic(4))
    (Place(face=1), Place(face=2), Place(face=3), Place(face=4), Place(face=5), Place(face=6))
    """
    return config.cached(_action_space)


def _action_space(config: GameConfig) -> tuple[Action, ...]:
    """:func:`action_space`, built once per config (:meth:`GameConfig.cached`)."""
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
        return roll_outcomes(state.supply[state.active][group], GROUPS[group])
    if phase is _FILL:
        return note_outcomes(state.pile_hidden, state.pile_returned)
    return ()


@functools.lru_cache(maxsize=16)
def _valid_rolls(k: int) -> dict[tuple[int, ...], tuple[int, ...]]:
    """The sorted rolls of *k* dice, each mapped to itself (the canonical tuple of ints)."""
    return {faces: faces for faces, _ in roll_distribution(k)}


_VALID_ROLLS: Final[tuple[dict[tuple[int, ...], tuple[int, ...]], ...]] = tuple(
    _valid_rolls(k) for k in range(13)
)


_INT: Final[frozenset[type]] = frozenset({int})
"""The one type a face may have: ``{*map(type, faces)} <= _INT`` checks a roll in C."""


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
        sampler = handler.sample
        if sampler is not None and (task.chance or _task_mover(state, handler, task) is CHANCE):
            return sampler(state, task.module, task, rng)
    else:
        phase = state.phase
        if phase is _ROLL:
            group = state.cursor
            return sample_roll(state.supply[state.active][group], GROUPS[group], rng)
        if phase is _FILL:
            return sample_note(state.pile_hidden, state.pile_returned, rng)
    raise IllegalActionError(
        "sample_chance", _phase_name(state), "no chance node is next", "not-chance"
    )


def _next_roll(state: State) -> str:
    k = state.supply[state.active][state.cursor]
    group = GROUPS[state.cursor]
    noun = "die" if k == 1 else "dice"
    return f"{k} {noun}" if group == "regular" else f"{k} {group} {noun}"


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
