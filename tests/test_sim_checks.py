"""``random_sim_test`` has teeth: it fails when ``step`` and ``apply`` disagree."""

from __future__ import annotations

import pytest

import lasvegas as lv
from lasvegas import testing
from lasvegas.state import evolve as evolve_state
from lasvegas.testing import SimulationError, random_sim_test


def test_random_sim_test_fails_when_step_reaches_another_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A ``step`` whose state differs from ``apply``'s is caught at the first step."""

    def drifting_step(state: lv.State, action: lv.Action) -> lv.Step:
        new = lv.apply(state, action)
        return lv.Step(state=evolve_state(new, round=new.round + 1), events=())

    monkeypatch.setattr(testing, "step", drifting_step)
    with pytest.raises(SimulationError, match=r"step\(s, Draw\(value=\d+\)\)\.state != apply"):
        random_sim_test(lv.classic(3), games=1, seed=3)


def test_random_sim_test_fails_when_the_two_states_list_other_actions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Legal actions that depend on which equal state is asked are caught."""
    stepped: list[lv.State] = []

    def recording_step(state: lv.State, action: lv.Action) -> lv.Step:
        result = lv.step(state, action)
        stepped.append(result.state)
        return result

    def forgetful(state: lv.State) -> tuple[lv.Action, ...]:
        actions = lv.legal_actions(state)
        if any(state is s for s in stepped[-1:]) and len(actions) > 1:
            return actions[:-1]  # a cold path that forgets the last action
        return actions

    monkeypatch.setattr(testing, "step", recording_step)
    monkeypatch.setattr(testing, "legal_actions", forgetful)
    with pytest.raises(SimulationError, match=r"legal actions .* \(step\) != .* \(apply\)"):
        random_sim_test(lv.classic(3), games=1, seed=3)
