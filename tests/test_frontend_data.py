"""``to_data`` / ``from_data``: documents as plain dicts and lists, checked like JSON text."""

from __future__ import annotations

import json
import math

import pytest

import lasvegas as lv
from lasvegas.testing import deal


def _placing_state() -> lv.State:
    state = deal(lv.new_game(lv.classic(2)), *[[50_000]] * 6)
    return lv.apply(state, lv.Roll((1, 1, 3, 3, 3, 5, 6, 6)))


def test_to_data_is_the_decoded_json_document() -> None:
    state = _placing_state()
    for obj in (state, lv.observe(state, 0), lv.Place(3), lv.classic(3), lv.standings(state)):
        assert lv.to_data(obj) == json.loads(lv.to_json(obj))


def test_from_data_round_trips_every_document() -> None:
    state = _placing_state()
    assert lv.from_data(lv.to_data(state), lv.State) == state
    view = lv.observe(state, 0)
    assert lv.from_data(lv.to_data(view), lv.PlayerView) == view
    step = lv.step(state, lv.Place(3))
    assert lv.from_data(lv.to_data(step), lv.Step) == step


def test_an_item_of_view_legal_is_accepted_back_as_sent() -> None:
    """A client echoes an item of ``view.legal`` without adding the envelope."""
    state = _placing_state()
    sent = lv.to_data(lv.observe(state, 0))
    legal = sent["legal"]
    assert isinstance(legal, list)
    for item in legal:
        assert isinstance(item, dict)
        assert "format" not in item
        action = lv.from_data(item, lv.Action)
        assert action in lv.legal_actions(state)
        assert lv.from_json(json.dumps(item), lv.Action) == action


def test_the_envelope_is_still_required_for_other_documents() -> None:
    body = {k: v for k, v in lv.to_data(lv.classic(2)).items() if k not in ("format", "schema")}
    with pytest.raises(lv.DeserializationError) as info:
        lv.from_data(body, lv.GameConfig)
    assert "required field missing @ $.format" in info.value.errors


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "expected an object, got list @ $"),
        ({"kind": "place", "face": "4"}, "expected an integer, got a string @ $.face"),
        ({"kind": "place", "face": 4, 7: 1}, "expected a string key, got 7 @ $"),
        ({"kind": "place", "face": {1, 2}}, "expected JSON data, got set @ $.face"),
        ({"kind": "draw", "value": math.nan}, "not JSON data"),
        ({"kind": "fly"}, "unknown"),
    ],
)
def test_from_data_refuses_bad_data_with_a_library_error(data: object, message: str) -> None:
    with pytest.raises(lv.DeserializationError) as info:
        lv.from_data(data, lv.Action)
    assert any(message in error for error in info.value.errors), info.value.errors


def test_from_data_lists_every_problem() -> None:
    with pytest.raises(lv.DeserializationError) as info:
        lv.from_data({"kind": "place", "face": "4", "target": "x"}, lv.Action)
    assert len(info.value.errors) == 2


def test_the_action_schema_accepts_an_item_of_view_legal_as_sent() -> None:
    """The shipped JSON Schema agrees with from_data: an action's envelope is optional
    (both keys or neither), so a client that validates what it sends against action.json
    may send an item of ``view.legal`` as it is."""
    import jsonschema

    import lasvegas.schema
    from lasvegas.serde import SCHEMA

    validator = jsonschema.Draft202012Validator(lasvegas.schema.load("action"))
    state = _placing_state()
    for item in lv.to_data(lv.observe(state, 0))["legal"]:  # type: ignore[union-attr]
        assert isinstance(item, dict)
        assert validator.is_valid(item), item
        assert validator.is_valid({"format": "lasvegas/action", "schema": SCHEMA, **item})
        assert not validator.is_valid({"format": "lasvegas/action", **item})
        assert not validator.is_valid({"schema": SCHEMA, **item})
