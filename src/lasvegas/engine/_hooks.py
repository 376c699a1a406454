"""The helpers module hooks build states with: events (:func:`emit`, :func:`wanted`, :func:`hears`, from
the neutral ``lasvegas._emit``), tasks, slices."""

from __future__ import annotations

from collections.abc import Sequence

from .._emit import emit, hears, wanted
from ..modules.base import ModuleState, Task
from ..state import (
    State,
    with_modules,
    with_tasks,
)

__all__ = ["emit", "hears", "pop_task", "push_task", "set_slice", "set_slices", "wanted"]


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
