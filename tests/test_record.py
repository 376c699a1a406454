"""Game records (a game is its config plus its action list): replay, strict and lenient."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lasvegas as lv
from lasvegas.testing import deal, example_configs, random_game


@given(st.sampled_from(example_configs()), st.integers(0, 2**32))
@settings(max_examples=15)
def test_a_saved_record_replays_to_the_final_state(config: lv.GameConfig, seed: int) -> None:
    """Loading a record and replaying it reproduces the final state exactly, chance included."""
    state, actions = random_game(config, lv.Rng(seed))
    record = lv.Record(config, actions, seed=seed, date="2026-11-22T20:00:00Z")
    loaded = lv.from_json(lv.to_json(record), lv.Record)
    assert loaded == record
    assert lv.replay(loaded) == state
    assert lv.read_record(lv.to_json(record)) == (state, ())
    assert lv.read_record(record) == (state, ())


def test_a_record_holds_metadata() -> None:
    """Names (one per seat), a date and the seed are optional metadata."""
    record = lv.Record(lv.classic(2), [lv.Draw(10_000)], names=("Ann", "Bob"), date="today", seed=7)
    assert record.actions == (lv.Draw(10_000),)
    document = json.loads(lv.to_json(record))
    assert document["names"] == ["Ann", "Bob"]
    assert document["seed"] == 7
    assert lv.Record(lv.classic(2)).names == ()
    assert lv.Record(lv.classic(2)).seed is None
    with pytest.raises(ValueError, match="3 names for 2 seats"):
        lv.Record(lv.classic(2), names=("a", "b", "c"))
    document["names"] = ["Ann"]
    with pytest.raises(lv.DeserializationError, match="1 names for 2 seats"):
        lv.from_json(json.dumps(document), lv.Record)


def test_replay_is_strict() -> None:
    """replay raises at the first illegal action, naming its index in the record."""
    state = deal(lv.new_game(lv.classic(2)), *[[50_000]] * 6)
    actions = [lv.Draw(50_000)] * 6 + [lv.Roll((1,) * 8), lv.Place(2), lv.Place(1)]
    with pytest.raises(lv.IllegalActionError, match="no rolled die shows 2") as info:
        lv.replay(lv.Record(lv.classic(2), actions))
    assert info.value.reason == "not-rolled"
    assert "at action 7 of the record" in info.value.__notes__
    assert lv.replay(lv.Record(lv.classic(2), actions[:6])) == state


def test_read_record_stops_at_the_first_illegal_action() -> None:
    """Lenient reading, like a PGN reader: the state before the problem, and the problem."""
    actions = [lv.Draw(50_000)] * 6 + [lv.Roll((1,) * 8), lv.Place(2), lv.Place(1)]
    record = lv.Record(lv.classic(2), actions)
    state, problems = lv.read_record(lv.to_json(record))
    assert state == lv.replay(lv.Record(lv.classic(2), actions[:7]))
    assert problems == ("action 7: Place(face=2) in phase place: no rolled die shows 2",)
    assert lv.read_record(record) == (state, problems)


def test_read_record_reports_bad_actions_and_metadata() -> None:
    """An action that does not decode ends the replay; bad metadata and unknown keys are skipped."""
    record = lv.Record(lv.classic(2), [lv.Draw(50_000)] * 3)
    document = json.loads(lv.to_json(record))
    document["actions"][1] = {"kind": "draw", "value": "50000"}
    document["names"] = "Ann and Bob"
    document["seed"] = 1.5
    document["comment"] = "a good game"
    state, problems = lv.read_record(json.dumps(document))
    assert state == lv.replay(lv.Record(lv.classic(2), [lv.Draw(50_000)]))
    assert problems == (
        "unknown key 'comment' ignored",
        "expected an array, got a string @ $.names (ignored)",
        "expected an integer, got a decimal number @ $.seed (ignored)",
        "action 1 does not decode: expected an integer, got a string @ $.actions[1].value",
    )
    document["actions"][1] = {"kind": "warp"}
    assert lv.read_record(json.dumps(document))[1][-1] == (
        "action 1 does not decode: unknown action kind 'warp': import the package that defines"
        " it before loading @ $.actions[1]"
    )


def test_read_record_raises_only_when_nothing_can_be_read() -> None:
    """A broken envelope, config or action list raises DeserializationError."""
    good = json.loads(lv.to_json(lv.Record(lv.classic(2))))
    changes: list[tuple[Callable[[dict[str, Any]], object], str]] = [
        (lambda d: d.update(format="lasvegas/state"), "expected a lasvegas/record"),
        (lambda d: d.pop("config"), "required field missing @ $.config"),
        (lambda d: d["config"].update(players=9), "impossible config"),
        (lambda d: d.update(actions={}), "expected an array @ $.actions"),
    ]
    for change, problem in changes:
        document = json.loads(json.dumps(good))
        change(document)
        with pytest.raises(lv.DeserializationError, match=re.escape(problem)):
            lv.read_record(json.dumps(document))
    with pytest.raises(lv.DeserializationError, match="not valid JSON"):
        lv.read_record("{")
