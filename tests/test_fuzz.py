"""Fuzzing the loader and apply on hostile input (errors, JSON; Hypothesis).

Properties: ``from_json`` raises nothing but ``DeserializationError`` on any text, any JSON
value and any mutation of a valid document, and whatever loads is valid; ``apply`` on a
loaded state with any decodable action raises nothing but ``IllegalActionError`` and returns
valid states. These run briefly with the suite; ``nox -s fuzz`` runs them long (the ``fuzz``
Hypothesis profile) with ``-m fuzz``.
"""

from __future__ import annotations

import json
import types
import typing
from typing import Any, get_args, get_origin

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lasvegas as lv
from _play import random_walk
from lasvegas import serde
from lasvegas._serde import convert, states
from lasvegas.testing import example_configs

pytestmark = pytest.mark.fuzz

DOCUMENT_TYPES = list(serde.FORMATS.values())

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["place", "roll", "draw", "classic", "neutral-dice", "fill", "regular"]),
    lambda children: (
        st.lists(children, max_size=6)
        | st.dictionaries(
            st.sampled_from(["kind", "face", "faces", "value", "players", "round", "config", "id"])
            | st.text(max_size=8),
            children,
            max_size=6,
        )
    ),
    max_leaves=40,
)
"""Arbitrary JSON values (NaN and infinities included), biased toward the library's words."""


def load_or_refuse(text: str | bytes, cls: type[Any]) -> object | None:
    """from_json, asserting that a refusal is a DeserializationError and a success is valid."""
    try:
        obj: object = lv.from_json(text, cls)
    except lv.DeserializationError as exc:
        assert_listed(exc.errors)
        return None
    assert cls in type(obj).__mro__
    state = obj.state if isinstance(obj, lv.Step) else obj
    if isinstance(state, lv.State):
        assert lv.state_problems(state) == ()
    return obj


def assert_listed(errors: tuple[str, ...]) -> None:
    """A refusal lists at least one problem, each a string."""
    assert errors
    assert all(isinstance(e, str) for e in errors)


@given(st.text(max_size=200) | st.binary(max_size=200), st.sampled_from(DOCUMENT_TYPES))
def test_arbitrary_text_is_refused_cleanly(text: str | bytes, cls: type) -> None:
    """Any text or bytes: only DeserializationError comes out of from_json."""
    load_or_refuse(text, cls)


@given(JSON_VALUES, st.sampled_from(sorted(serde.FORMATS)))
def test_arbitrary_json_in_an_envelope_is_refused_cleanly(value: Any, what: str) -> None:
    """Any JSON value, bare or inside a valid envelope: only DeserializationError comes out."""
    cls = serde.FORMATS[what]
    load_or_refuse(json.dumps(value), cls)
    body = value if isinstance(value, dict) else {"value": value}
    load_or_refuse(json.dumps({"format": f"lasvegas/{what}", "schema": 1, **body}), cls)


# -- mutations of valid documents --------------------------------------------------------------


@st.composite
def valid_documents(draw: st.DrawFn) -> tuple[type, Any]:
    """A decoded valid document of a random type from a random game of an example config."""
    config = draw(st.sampled_from(example_configs()))
    rng = lv.Rng(draw(st.integers(0, 2**32)))
    length = draw(st.integers(0, 300))
    state = lv.new_game(config)
    actions: list[lv.Action] = []
    step = lv.Step(state=state, events=())
    while len(actions) < length and (mover := lv.to_move(state)) is not None:
        action = (
            lv.sample_chance(state, rng)
            if mover is lv.CHANCE
            else rng.choice(lv.legal_actions(state))
        )
        step = lv.step(state, action)
        actions.append(action)
        state = step.state
    seat = draw(st.sampled_from([None, *range(config.players)]))
    choices: list[serde.Document] = [
        state,
        state,
        step,
        lv.observe(state, seat),
        lv.Record(config, tuple(actions)),
        config,
        lv.standings(state),
        *actions[-1:],
        *step.events[:1],
    ]
    obj = draw(st.sampled_from(choices))
    what = json.loads(lv.to_json(obj))["format"].removeprefix("lasvegas/")
    return serde.FORMATS[what], json.loads(lv.to_json(obj))


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a decoded JSON value (keys and indexes)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


def mutate(document: Any, data: st.DataObject) -> Any:
    """Change one place of *document* (in place, and returned): a value, a key, an item."""
    path = data.draw(st.sampled_from(paths(document)))
    if not path:
        return data.draw(JSON_VALUES)
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    old = parent[key]
    operation = data.draw(st.sampled_from(["replace", "nudge", "delete", "add", "copy"]))
    if operation == "nudge" and type(old) is int:
        parent[key] = old + data.draw(st.sampled_from([-1, 1, -old, 10_000, -10_000, 2 * old]))
    elif operation == "nudge" and type(old) is list and len(old) > 1:
        i, j = data.draw(st.permutations(range(len(old))))[:2]
        old[i], old[j] = old[j], old[i]
    elif operation == "delete":
        del parent[key]
    elif operation == "add" and isinstance(parent, dict):
        parent[data.draw(st.text(max_size=6))] = data.draw(JSON_VALUES)
    elif operation == "add" and isinstance(parent, list):
        parent.insert(key, data.draw(JSON_VALUES))
    elif operation == "copy" and isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(old)))
    else:
        parent[key] = data.draw(JSON_VALUES)
    return document


@given(valid_documents(), st.data())
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_mutated_documents_are_refused_or_valid(
    document: tuple[type, Any], data: st.DataObject
) -> None:
    """Mutations of valid documents: a DeserializationError, or an object that is valid."""
    cls, value = document
    for _ in range(data.draw(st.integers(1, 3))):
        value = mutate(value, data)
    text = json.dumps(value)
    if data.draw(st.booleans()):  # sometimes a duplicate key, at the top
        text = text.replace("{", '{"schema": 1, ', 1) if text.startswith("{") else text
    load_or_refuse(text, cls)


# -- apply on loaded states with arbitrary decoded actions ---------------------------------------

_NOTES = [0, 5_000, 10_000, 20_000, 50_000, 90_000, 100_000, -10_000]


def field_values(t: Any) -> st.SearchStrategy[Any]:
    """Plausible and implausible JSON values for a field of type *t*."""
    if t is int:
        return st.integers(-3, 10) | st.sampled_from(_NOTES) | st.integers()
    if t is bool:
        return st.booleans()
    if t is str:
        return st.sampled_from(["regular", "big", "kicker", "neutral", "black", "x", ""])
    if t is type(None):
        return st.none()
    origin = get_origin(t)
    args = get_args(t)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(field_values(a) for a in args))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return st.lists(field_values(args[0]), max_size=9).map(
            lambda xs: sorted(xs) if all(type(x) is int for x in xs) else xs
        )
    if origin is tuple:
        return st.tuples(*(field_values(a) for a in args)).map(list)
    return JSON_VALUES


@st.composite
def any_actions(draw: st.DrawFn) -> Any:
    """A decoded action of any known kind, with field values drawn at random (maybe illegal)."""
    kinds = serde.known_classes()["action"]
    kind = draw(st.sampled_from(sorted(kinds)))
    cls = kinds[kind]
    body = {"format": "lasvegas/action", "schema": 1, "kind": kind}
    for field in convert._init_fields(cls):
        body[field.name] = draw(field_values(field.type))
    return load_or_refuse(json.dumps(body), lv.Action)


@st.composite
def loaded_states(draw: st.DrawFn) -> lv.State:
    """A state loaded from JSON: a reachable one, or a mutation of one that still loads."""
    config = draw(st.sampled_from(example_configs()))
    rng = lv.Rng(draw(st.integers(0, 2**32)))
    length = draw(st.integers(0, 300))
    state = random_walk(config, rng, length)
    document = json.loads(lv.to_json(state))
    for path in draw(st.lists(st.sampled_from(paths(document)), max_size=2)):
        parent = document
        for step in path[:-1]:
            parent = parent[step]
        if path and type(parent[path[-1]]) is int:
            parent[path[-1]] += draw(st.sampled_from([-1, 1]))
    loaded = load_or_refuse(json.dumps(document), lv.State)
    return loaded if isinstance(loaded, lv.State) else state


@given(
    loaded_states(),
    st.lists(any_actions() | st.just("legal"), min_size=1, max_size=12),
    st.integers(0, 2**32),
)
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_apply_on_loaded_states_refuses_or_stays_valid(
    state: lv.State, moves: list[Any], seed: int
) -> None:
    """Any decoded action on any loaded state: IllegalActionError (state untouched) or a valid state."""
    rng = lv.Rng(seed)
    for move in moves:
        if lv.to_move(state) is None:
            break
        if move == "legal":
            mover = lv.to_move(state)
            move = (
                lv.sample_chance(state, rng)
                if mover is lv.CHANCE
                else rng.choice(lv.legal_actions(state))
            )
        if move is None:
            continue
        before = attrs.asdict(state, recurse=False)
        try:
            after = lv.apply(state, move)
        except lv.IllegalActionError:
            assert attrs.asdict(state, recurse=False) == before
            continue
        assert lv.state_problems(after) == ()
        state = after


@given(valid_documents(), st.data())
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_the_fast_state_hook_agrees_with_the_generated_one(
    document: tuple[type, Any], data: st.DataObject
) -> None:
    """The hot path for states accepts only what the generated hook accepts, and builds the same."""
    cls, value = document
    if cls is not lv.State:
        value = json.loads(lv.to_json(lv.new_game(data.draw(st.sampled_from(example_configs())))))
    for _ in range(data.draw(st.integers(0, 2))):
        value = mutate(value, data)
    if not isinstance(value, dict):
        return
    body = {k: v for k, v in value.items() if k not in ("format", "schema")}
    fast = states._fast_state(body)
    try:
        slow = convert._body_structurer(lv.State)(body, lv.State)
    except Exception:  # the generated hook refuses: so must the fast one
        assert fast is None
        return
    assert fast is None or fast == slow
