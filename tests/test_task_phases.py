"""Pending tasks agree with the phase, as a general rule of :func:`lasvegas.state_problems`.

Every task type declares the phases it can be pending in (:attr:`lasvegas.Task.phases`); a
state rests in ``turn-start``, ``turn-end``, ``payout`` or ``round-end`` only while a task
waits; no task waits once the game is over; a sleeping module (a Royale tile not in play)
has no task pending. Both sides are checked: every state of random games of every golden
config (tests/golden) passes, and documents with a task moved to a wrong phase are refused
by :func:`lasvegas.from_json` with a :class:`~lasvegas.DeserializationError` naming it.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

import lasvegas as lv
from lasvegas.testing import random_action

_TOOL = Path(__file__).resolve().parent.parent / "tools" / "golden.py"
_spec = importlib.util.spec_from_file_location("lasvegas_golden_tool_phases", _TOOL)
assert _spec is not None
assert _spec.loader is not None
_golden = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = _golden
_spec.loader.exec_module(_golden)
CONFIGS = cast("Callable[[], dict[str, lv.GameConfig]]", _golden.golden_configs)()
NAMES = sorted(CONFIGS)


def states(config: lv.GameConfig, seed: int) -> Iterator[lv.State]:
    """Every state of one random game of *config*."""
    rng = lv.Rng(seed)
    state = lv.new_game(config)
    while True:
        yield state
        action = random_action(state, rng)
        if action is None:
            return
        state = lv.apply(state, action)


def task_types() -> list[type[lv.Task]]:
    """Every task type of every module of the golden configs."""
    seen: dict[type[lv.Task], None] = {}
    for config in CONFIGS.values():
        for module in config.modules:
            for kind in module.tasks:
                seen.setdefault(kind, None)
    return list(seen)


def test_the_sweep_covers_every_golden_config_of_every_edition() -> None:
    """The sweep below covers what tests/golden covers."""
    assert len(CONFIGS) == len(list(_golden.GOLDEN.glob("*.jsonl")))
    assert {config.edition for config in CONFIGS.values()} == {"classic", "royale", "cardgame"}


def test_every_built_in_task_type_declares_its_phases() -> None:
    """Each task type of the library names the phases it can be pending in (never ``over``)."""
    kinds = task_types()
    assert len(kinds) >= 30
    for kind in kinds:
        assert kind.phases, kind.__name__
        assert lv.Phase.OVER not in kind.phases, kind.__name__


def test_every_state_of_random_games_of_every_golden_config_passes() -> None:
    """The sweep: 2 random games of each golden config; every state has no problem, every
    pending task is in a phase its type declares, and every declared phase is met (the
    declarations are no wider than the games)."""
    met: dict[type[lv.Task], set[lv.Phase]] = {}
    checked = 0
    for name in NAMES:
        for seed in (3, 4):
            for state in states(CONFIGS[name], seed):
                assert lv.state_problems(state) == (), (name, seed, state.phase)
                checked += 1
                for task in state.tasks:
                    phases = type(task).phases
                    assert phases is not None
                    assert state.phase in phases, (name, task)
                    met.setdefault(type(task), set()).add(state.phase)
    assert checked > 30_000
    for kind, seen in met.items():
        assert frozenset(seen) == kind.phases, kind.__name__
    assert set(met) == set(task_types())


@given(name=st.sampled_from(NAMES), seed=st.integers(0, 2**32 - 1))
def test_property_every_reachable_state_passes(name: str, seed: int) -> None:
    """Property: every state of a random game of any golden config passes, and those with
    pending tasks reload equal from their JSON."""
    for state in states(CONFIGS[name], seed):
        assert lv.state_problems(state) == ()
        if state.tasks:
            assert lv.from_json(lv.to_json(state), lv.State) == state


def document(state: lv.State) -> Any:
    """The decoded JSON of *state*."""
    return json.loads(lv.to_json(state))


def refused(doc: Any, *expected: str) -> None:
    """*doc* must be refused with every *expected* text in the error."""
    with pytest.raises(lv.DeserializationError) as caught:
        lv.from_json(json.dumps(doc), lv.State)
    for part in expected:
        assert part in str(caught.value)


@functools.cache
def first_tasks() -> dict[type[lv.Task], lv.State]:
    """For each task type, the first state of the golden configs' random games in which a
    task of that type is first in line."""
    found: dict[type[lv.Task], lv.State] = {}
    for name in NAMES:
        for seed in (3, 4):
            for state in states(CONFIGS[name], seed):
                if state.tasks and type(state.tasks[0]) not in found:
                    found[type(state.tasks[0])] = state
    return found


def first_task(kind: str) -> lv.State:
    """The first state found with a task of type *kind* first in line."""
    return next(s for k, s in first_tasks().items() if k.kind == kind)


def _kind(task_type: type[lv.Task]) -> str:
    return task_type.kind


TASK_TYPES = sorted(task_types(), key=_kind)


@pytest.mark.parametrize("kind", TASK_TYPES, ids=_kind)
def test_a_task_moved_to_any_other_phase_is_refused(kind: type[lv.Task]) -> None:
    """Mutation: the state's phase changed to each phase the first task's type is never
    pending in; the document is refused, naming the task, the phase and the allowed ones."""
    state = first_tasks()[kind]
    phases = kind.phases
    assert phases is not None
    wrong = [phase for phase in lv.Phase if phase not in phases and phase is not lv.Phase.OVER]
    assert wrong
    allowed = ", ".join(p.value for p in lv.Phase if p in phases)
    for phase in wrong:
        doc = document(state)
        doc["phase"] = phase.value
        doc["cursor"] = 0
        refused(
            doc,
            f"task 0 ({kind.kind}) is pending in phase {phase.value};",
            f"pending only in phase {allowed}",
        )


def test_a_task_pending_once_the_game_is_over_is_refused() -> None:
    """No task waits in phase ``over``: nobody moves then (C-16)."""
    doc = document(first_task("card-deal"))
    doc["phase"] = "over"
    refused(doc, "task(s) are pending, but the game is over")


@pytest.mark.parametrize("phase", ["turn-start", "turn-end", "payout", "round-end"])
def test_a_phase_the_engine_passes_through_without_a_task_is_refused(phase: str) -> None:
    """The core moves on from these phases at once; a state rests in one only while a task
    waits (C-9, C-11: turns and payout follow without an action)."""
    state = next(s for s in states(lv.classic(3), 1) if s.phase is lv.Phase.PLACE)
    doc = document(state)
    doc["phase"] = phase
    doc["cursor"] = 0
    doc["rolled"] = [[], [], [], []]
    refused(doc, f"no task is pending in phase {phase}, which waits only for one")


def test_a_task_of_a_sleeping_tile_is_refused() -> None:
    """T-2: a tile not in play sleeps (its slice is ``None``) and has no task pending."""
    state = first_task("jackpot-throw")
    doc = document(state)
    jackpot = doc["tasks"][0]["module"]
    doc["modules"][jackpot] = None
    refused(doc, "task 0 (jackpot-throw) is pending, but its module jackpot is asleep")


def test_a_task_listed_twice_is_refused() -> None:
    """Duplicate pending tasks: a Royale card deal (R-4) listed twice."""
    state = next(s for s in states(lv.royale(3), 1) if s.tasks and s.tasks[0].kind == "card-deal")
    doc = document(state)
    doc["tasks"].insert(0, doc["tasks"][0])
    refused(doc, "a pending task is listed twice")


@pytest.mark.parametrize(
    "config", [lv.royale(3), lv.royale(2, tiles=0), lv.cardgame(4)], ids=lambda c: c.edition
)
def test_fill_without_the_modules_deal_is_refused(config: lv.GameConfig) -> None:
    """Where a module deals the notes (Royale's cards, the card game's notes: ``Params.fill``
    off), a state in phase ``fill`` with no deal waiting is unreachable, and refused: the
    core would otherwise draw notes it never deals in that edition (found by the fuzz run)."""
    state = lv.new_game(config)
    assert state.phase is lv.Phase.FILL
    assert state.tasks  # the module's deal waits
    assert lv.from_json(lv.to_json(state), lv.State) == state
    document = json.loads(lv.to_json(state))
    document["tasks"] = []
    with pytest.raises(lv.DeserializationError, match="no task is pending in phase fill"):
        lv.from_json(json.dumps(document), lv.State)
