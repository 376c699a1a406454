"""Applying actions: :func:`new_game`, :func:`apply`, :func:`step` and the automatic transitions between them."""

from __future__ import annotations

from ..actions import Action, Draw, Place, Roll, action_problem
from ..config import GameConfig
from ..errors import ConfigError
from ..events import (
    Event,
    RoundStarted,
)
from ..modules.contract import initial_slices, slice_problems, undeclared_offer
from ..state import (
    Casino,
    State,
    make_state,
)
from ..types import CHANCE
from . import Step
from ._common import (
    _FILL,
    _NO_ROLL,
    _OVER,
    _PLACE,
    _ROLL,
    _first_turn,  # noqa: F401 - the docstrings' examples use it
    _illegal,
)
from ._hooks import emit
from ._moves import _check_listed, _next_roll, _offers, _task_mover
from ._round import _advance, _draw
from ._turns import _place, _roll


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
    modules = initial_slices(config)  # a module's ill-typed slice is refused here
    state = make_state(
        config=config,
        round=1,
        phase=_FILL,
        cursor=0,
        start=0,
        active=0,
        supply=(params.dice,) * n,
        rolled=_NO_ROLL,
        casinos=(casino,) * params.casinos,
        pile_hidden=params.notes,
        pile_returned=(),
        money=((),) * n,
        modules=modules,
        tasks=(),
    )
    if RoundStarted in ruleset.reactors:
        state = emit(state, RoundStarted(round=1, start=0), None)
    state = _advance(state, None)
    problems = slice_problems(state)
    if problems:
        raise ConfigError("; ".join(problems))
    return state


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
    state = _apply(state, action, None)
    if state.tasks:
        return state
    phase = state.phase
    if phase is _ROLL or phase is _PLACE:
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
        if ruleset.offerers and (broken := undeclared_offer(state, action)) is not None:
            raise ConfigError(broken)
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
