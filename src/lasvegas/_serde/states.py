"""The hot path: a well-formed state document is built directly."""

from __future__ import annotations

from typing import Any, Final

import attrs
from cattrs.errors import BaseValidationError

from ..config import GameConfig
from ..modules.base import ModuleState, Task
from ..state import Casino, Phase, State, make_casino, make_state
from .bounds import MAX_INT, MAX_ITEMS, _BadValueError
from .configs import _structure_config, _unstructure_config
from .convert import _CONVERTER, _ONLY_INT, _body_structurer, _sequence_factory

# -- the hot path: states ----------------------------------------------------------------------

_STATE_KEYS: Final = frozenset(a.name for a in attrs.fields(State))
_CASINO_KEYS: Final = frozenset(a.name for a in attrs.fields(Casino))
_PHASES: Final = {phase.value: phase for phase in Phase}
_SLICES: Final = _sequence_factory(tuple[ModuleState | None, ...])
_TASKS: Final = _sequence_factory(tuple[Task, ...])


def _lists(value: Any, into: list[list[Any]]) -> bool:
    """Add the arrays of array *value* to *into*; ``False`` unless *value* is an array of arrays."""
    if type(value) is not list or len(value) > MAX_ITEMS:
        return False
    for item in value:
        if type(item) is not list or len(item) > MAX_ITEMS:
            return False
    into.extend(value)
    return True


def _fast_state(value: Any) -> State | None:
    """A well-formed state document's state, built directly; ``None`` for anything unusual.

    Accepts a subset of what the generated hook accepts (exactly the fields, strict ints,
    nothing in doubt), so that the generated hook reports every error with its path.
    """
    if type(value) is not dict or value.keys() != _STATE_KEYS:
        return None
    phase = value["phase"]
    phase = _PHASES.get(phase) if type(phase) is str else None
    raw = value["casinos"]
    if phase is None or type(raw) is not list or len(raw) > MAX_ITEMS:
        return None
    arrays: list[list[Any]] = [value["pile_hidden"], value["pile_returned"]]
    for c in raw:
        if type(c) is not dict or c.keys() != _CASINO_KEYS:
            return None
        arrays += (c["notes"], c["dice"], c["big"])
    if not (
        _lists(arrays, [])
        and _lists(value["supply"], arrays)
        and _lists(value["rolled"], arrays)
        and _lists(value["money"], arrays)
    ):
        return None
    numbers = [value["round"], value["cursor"], value["start"], value["active"]]
    for array in arrays:
        numbers += array
    if set(map(type, numbers)) != _ONLY_INT or min(numbers) < -MAX_INT or max(numbers) > MAX_INT:
        return None
    try:
        config = _structure_config(value["config"], GameConfig)
        slices = _SLICES(value["modules"], None)
        tasks = _TASKS(value["tasks"], None)
    except (BaseValidationError, _BadValueError):
        return None
    return make_state(
        config=config,
        round=value["round"],
        phase=phase,
        cursor=value["cursor"],
        start=value["start"],
        active=value["active"],
        supply=tuple(map(tuple, value["supply"])),
        rolled=tuple(map(tuple, value["rolled"])),
        casinos=tuple(
            make_casino(tuple(c["notes"]), tuple(c["dice"]), tuple(c["big"])) for c in raw
        ),
        pile_hidden=tuple(value["pile_hidden"]),
        pile_returned=tuple(value["pile_returned"]),
        money=tuple(map(tuple, value["money"])),
        modules=slices,
        tasks=tasks,
    )


def _structure_state(value: Any, cls: type) -> State:
    state = _fast_state(value)
    if state is None:
        state = _body_structurer(State)(value, State)
    return state


_CONVERTER.register_structure_hook_func(lambda t: t is State, _structure_state)


# -- the hot path: writing states ----------------------------------------------------------------


def _unstructure_casino(casino: Casino) -> dict[str, Any]:
    """A casino's document: what the hook cattrs generates for its fields writes."""
    return {"notes": list(casino.notes), "dice": list(casino.dice), "big": list(casino.big)}


def _unstructure_state(state: State) -> dict[str, Any]:
    """A state's document, its fields in order, written directly: the same values as the hook
    cattrs generates from the fields (lists for tuples, an enum's value, each slice and task
    by its runtime class), without a generic call per field and per item."""
    unstructure = _CONVERTER.unstructure
    return {
        "config": _unstructure_config(state.config),
        "round": state.round,
        "phase": state.phase.value,
        "cursor": state.cursor,
        "start": state.start,
        "active": state.active,
        "supply": [list(row) for row in state.supply],
        "rolled": [list(row) for row in state.rolled],
        "casinos": [
            {"notes": list(c.notes), "dice": list(c.dice), "big": list(c.big)}
            for c in state.casinos
        ],
        "pile_hidden": list(state.pile_hidden),
        "pile_returned": list(state.pile_returned),
        "money": [list(row) for row in state.money],
        "modules": [None if part is None else unstructure(part) for part in state.modules],
        "tasks": [unstructure(task) for task in state.tasks],
    }


_CONVERTER.register_unstructure_hook_func(lambda t: t is Casino, _unstructure_casino)
_CONVERTER.register_unstructure_hook_func(lambda t: t is State, _unstructure_state)
