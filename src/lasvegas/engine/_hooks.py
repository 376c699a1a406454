"""The helpers module hooks build states with: events, tasks, slices."""

from __future__ import annotations

from collections.abc import Sequence

from ..events import (
    Event,
)
from ..modules.base import ModuleState, Task
from ..state import (
    State,
    with_modules,
    with_tasks,
)


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
    return with_tasks(state, tasks)


def pop_task(state: State) -> State:
    """Remove the first pending task (the one just resolved).

    >>> import lasvegas as lv
    >>> pop_task(push_task(lv.new_game(lv.classic(2)), lv.Task(module=0))).tasks
    ()
    """
    return with_tasks(state, state.tasks[1:])


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
    return with_modules(state, slices)
