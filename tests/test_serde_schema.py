"""The committed JSON Schemas: up to date, shipped, and matching real documents."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lasvegas as lv
import lasvegas.schema
from lasvegas import serde
from lasvegas.testing import example_configs

SCHEMA_DIR = Path(lasvegas.schema.__file__).parent


@cache
def validator(what: str) -> Any:
    """A validator for the committed schema of ``lasvegas/<what>`` documents."""
    schema = lasvegas.schema.load(what)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def check(obj: serde.Document) -> None:
    """Assert that *obj*'s document validates against its format's committed schema."""
    document = json.loads(lv.to_json(obj))
    what = document["format"].removeprefix("lasvegas/")
    errors = sorted(validator(what).iter_errors(document), key=str)
    assert not errors, f"{what}: {errors[0].message[:500]} at {list(errors[0].absolute_path)}"


def test_regenerating_gives_the_committed_files() -> None:
    """The schemas are generated from the classes: run ``python -m lasvegas.schema`` after a change."""
    generated = lasvegas.schema.generate()
    assert sorted(generated) == sorted(serde.FORMATS)
    for what, schema in generated.items():
        path = SCHEMA_DIR / f"{what}.json"
        assert path.exists(), f"{path.name} is missing: run python -m lasvegas.schema"
        assert path.read_text("utf-8") == lasvegas.schema.dumps(schema), (
            f"{path.name} is out of date: run python -m lasvegas.schema"
        )
    assert lasvegas.schema.main(["--check"]) == 0


def test_schemas_are_package_data() -> None:
    """The files load through importlib.resources, as from an installed wheel."""
    for what in serde.FORMATS:
        schema = lasvegas.schema.load(what)
        assert schema["$schema"] == lasvegas.schema.DIALECT
        assert f"lasvegas/{what}" in str(schema["title"])
    with pytest.raises(ValueError, match="unknown document format"):
        lasvegas.schema.load("spaceship")


@given(
    st.sampled_from(example_configs()),
    st.integers(0, 2**32),
    st.integers(0, 300),
)
@settings(max_examples=15)
def test_documents_from_random_games_validate(
    config: lv.GameConfig, seed: int, length: int
) -> None:
    """Every document of a random game of every example config validates against its schema."""
    rng = lv.Rng(seed)
    state = lv.new_game(config)
    actions: list[lv.Action] = []
    check(config)
    while len(actions) < length and (mover := lv.to_move(state)) is not None:
        if mover is lv.CHANCE:
            action = lv.sample_chance(state, rng)
        else:
            legal = lv.legal_actions(state)
            action = legal[rng.below(len(legal))]
        step = lv.step(state, action)
        if len(actions) % 25 == 0:
            check(step)
            check(action)
            for event in step.events:
                check(event)
        actions.append(action)
        state = step.state
    check(state)
    check(lv.standings(state))
    for seat in (None, *range(config.players)):
        check(lv.observe(state, seat))
    check(lv.Record(config, tuple(actions), names=("x",) * config.players, date="d", seed=seed))


@pytest.mark.parametrize(
    ("what", "document"),
    [
        ("action", {"format": "lasvegas/action", "schema": 2, "kind": "place", "face": "4"}),
        ("action", {"format": "lasvegas/action", "schema": 2, "kind": "fly"}),
        ("action", {"format": "lasvegas/action", "schema": 2, "kind": "draw", "value": 1, "x": 0}),
        (
            "config",
            {"format": "lasvegas/config", "schema": 2, "players": 3, "modules": [{"id": "nope"}]},
        ),
        ("config", {"format": "lasvegas/config", "schema": 3, "players": 3}),
        ("config", {"format": "lasvegas/state", "schema": 2, "players": 3}),
    ],
)
def test_schemas_refuse_what_from_json_refuses(what: str, document: dict[str, Any]) -> None:
    """A front-end validating with the schema catches the same mistakes as the loader."""
    assert list(validator(what).iter_errors(document))
    with pytest.raises(lv.DeserializationError):
        lv.from_json(json.dumps(document), serde.FORMATS[what])
