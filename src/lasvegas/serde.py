"""JSON for everything public: :func:`to_json`, :func:`from_json`, the registry, migrations.

Every document is one JSON object in an envelope::

    {"format": "lasvegas/state", "schema": 1, ...the object's fields...}

``format`` names what the document holds (see :data:`FORMATS`), ``schema`` the version of
its layout (:data:`SCHEMA`). Actions, events, tasks and module slices carry their stable
``kind`` tag (never the class name); a config's rule modules are ``{"id": ..., options}``.

Loading is strict, because the text may come from a hostile client: the text's size is
bounded, duplicate keys, ``NaN`` and ``Infinity`` are refused, so are unknown keys, missing
fields, unknown kinds and module ids, and any coercion (``"5"``, ``true`` or ``1.9`` are not
ints); every int, string and list is bounded; and a loaded state must keep every invariant
of :func:`lasvegas.state_problems`. Every problem raises
:class:`~lasvegas.DeserializationError`, whose ``errors`` list each problem with its path;
no other exception escapes :func:`from_json`.

There is one cattrs converter, built once at import and extended lazily: hooks for a class
are generated the first time it is met. Classes are found by their tags: the core's own
actions and events, and every rule module class defined so far (its ``id``, and the classes
in its ``actions``, ``events``, ``tasks`` and ``state_type`` class variables). A module whose
class is defined (imported) is therefore known; :func:`register` adds a class by hand.

Speed: a well-formed state document is built directly (one pass of C-speed type checks);
anything irregular falls back to the generated hooks, which report each problem with its path.

This module holds the public names and the way in and out (parse, envelope, load, check); the
machinery is in the private package ``lasvegas._serde``, one module per concern.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final, TypeAlias, TypeVar, cast

from cattrs.errors import BaseValidationError

from ._serde.bounds import (
    MAX_INT,
    MAX_ITEMS,
    MAX_STRING,
    MAX_TEXT,
    _BadValueError,
    _json_type,
    _messages,
)
from ._serde.convert import _CONVERTER
from ._serde.migrations import _ENVELOPE, MIGRATIONS, SCHEMA, Migration, migrate
from ._serde.parse import _parse
from ._serde.registry import known_classes, register
from .actions import Action
from .config import GameConfig
from .engine import Standings, Step
from .errors import DeserializationError
from .events import Event
from .record import Record
from .state import State
from .validate import state_problems
from .view import PlayerView

__all__ = [
    "FORMATS",
    "MAX_INT",
    "MAX_ITEMS",
    "MAX_STRING",
    "MAX_TEXT",
    "MIGRATIONS",
    "SCHEMA",
    "Document",
    "JSONValue",
    "Migration",
    "from_data",
    "from_json",
    "known_classes",
    "migrate",
    "register",
    "roundtrip_problems",
    "to_data",
    "to_json",
]

T = TypeVar("T")

Document: TypeAlias = GameConfig | State | Action | Event | PlayerView | Standings | Record | Step
"""Everything :func:`to_json` writes."""

JSONValue: TypeAlias = "dict[str, JSONValue] | list[JSONValue] | str | int | float | bool | None"
"""A decoded JSON value: what :func:`to_data` returns and :func:`from_data` reads."""


FORMATS: Final[dict[str, type]] = {
    "config": GameConfig,
    "state": State,
    "action": Action,
    "event": Event,
    "view": PlayerView,
    "standings": Standings,
    "record": Record,
    "step": Step,
}
"""The document formats: ``"lasvegas/<key>"`` holds an instance of the value."""


def _envelope(data: dict[str, Any], expected: str | None) -> tuple[str, int]:
    """Check the envelope: returns the format (without prefix) and the schema version."""
    errors: list[str] = []
    what = ""
    fmt = data.get("format")
    if "format" not in data:
        errors.append("required field missing @ $.format")
    elif type(fmt) is not str or not fmt.startswith("lasvegas/") or fmt[9:] not in FORMATS:
        known = ", ".join(f"lasvegas/{k}" for k in FORMATS)
        errors.append(f"unknown format {json.dumps(fmt)[:60]} (known: {known}) @ $.format")
    else:
        what = fmt[9:]
        if expected is not None and what != expected:
            errors.append(f"expected a lasvegas/{expected} document, got {fmt} @ $.format")
    version = data.get("schema")
    if "schema" not in data:
        errors.append("required field missing @ $.schema")
    elif type(version) is not int:
        errors.append(f"expected an integer, got {_json_type(version)} @ $.schema")
    elif version > SCHEMA:
        errors.append(
            f"schema {version} is newer than this library reads (1-{SCHEMA}): "
            "upgrade lasvegas @ $.schema"
        )
    elif version < 1:
        errors.append(f"schema {version} does not exist @ $.schema")
    if errors:
        raise DeserializationError(errors)
    return what, cast("int", version)


def _load(data: dict[str, Any], what: str, cls: type[T]) -> T:
    """Structure a checked document's body and check the result's invariants."""
    body = {k: v for k, v in data.items() if k not in _ENVELOPE}
    target = FORMATS[what]
    try:
        obj: Any = _CONVERTER.structure(body, target)
    except (BaseValidationError, _BadValueError) as exc:
        raise DeserializationError(_messages(exc)) from None
    if not isinstance(obj, cls):
        raise DeserializationError([f"expected a {cls.__name__}, got a {type(obj).__name__} @ $"])
    state = obj.state if isinstance(obj, Step) else obj
    if isinstance(state, State):
        problems = state_problems(state)
        if problems:
            path = "$.state" if isinstance(obj, Step) else "$"
            raise DeserializationError([f"invalid state: {p} @ {path}" for p in problems])
    return obj


_FORMAT_OF: dict[type, str] = {}


def _format_of(cls: type) -> str:
    what = _FORMAT_OF.get(cls)
    if what is not None:
        return what
    for what, base in FORMATS.items():
        if issubclass(cls, base):
            _FORMAT_OF[cls] = what
            return what
    raise TypeError(
        f"from_json cannot load a {cls.__name__} (known: {', '.join(c.__name__ for c in FORMATS.values())})"
    )


def from_json(text: str | bytes, cls: type[T], *, max_size: int = MAX_TEXT) -> T:
    """Load a document written by :func:`to_json`, strictly (the text may be hostile).

    *cls* is what you expect: :class:`~lasvegas.GameConfig`, :class:`~lasvegas.State`,
    :class:`~lasvegas.Action` (or one action class), :class:`~lasvegas.Event` (or one event
    class), :class:`~lasvegas.PlayerView`, :class:`~lasvegas.Standings`,
    :class:`~lasvegas.Record` or :class:`~lasvegas.Step`. Older schemas are migrated first.

    Raises :class:`~lasvegas.DeserializationError` (and nothing else) for any problem; its
    ``errors`` list each one as ``"problem @ $.path"``. A loaded state keeps every invariant
    of :func:`~lasvegas.state_problems`. A *cls* that is not a document type is a
    programming error (``TypeError``).

    >>> import lasvegas as lv
    >>> lv.from_json('{"format": "lasvegas/action", "schema": 1, "kind": "place", "face": 4}', lv.Action)
    Place(face=4)
    >>> lv.from_json('{"format": "lasvegas/action", "schema": 1, "kind": "place", "face": "4"}', lv.Place)
    Traceback (most recent call last):
    ...
    lasvegas.errors.DeserializationError: expected an integer, got a string @ $.face
    """
    what = _format_of(cls)
    try:
        data = _bare_action(_parse(text, max_size), what)
        _, version = _envelope(data, what)
        if version != SCHEMA:
            data = migrate(data)
        return _load(data, what, cls)
    except DeserializationError:
        raise
    except Exception as exc:  # the contract: nothing else escapes, whatever the input did
        raise DeserializationError([f"cannot load ({type(exc).__name__}: {exc}) @ $"]) from exc


def to_json(obj: Document, *, indent: int | None = None) -> str:
    """The JSON document of *obj*: a config, state, action, event, view, standings, record or step.

    >>> import lasvegas as lv
    >>> lv.to_json(lv.Place(4))
    '{"format":"lasvegas/action","schema":2,"kind":"place","face":4,"target":null}'
    >>> lv.from_json(lv.to_json(lv.classic(3)), lv.GameConfig) == lv.classic(3)
    True
    """
    what = _format_of(type(obj))
    body = _CONVERTER.unstructure(obj, FORMATS[what])
    document = {"format": f"lasvegas/{what}", "schema": SCHEMA, **body}
    if indent is None:
        return _COMPACT.encode(document)
    return json.dumps(
        document, separators=(",", ": "), indent=indent, allow_nan=False, ensure_ascii=False
    )


def _bare_action(data: dict[str, Any], what: str) -> dict[str, Any]:
    """An action without an envelope (an item of a view's ``legal``, sent back as it is) gets one.

    Only for actions: the items of ``legal`` are written without ``format`` and ``schema``,
    and a client answers with one of them. A document with either key is left as it is.
    """
    if what == "action" and "format" not in data and "schema" not in data:
        return {"format": "lasvegas/action", "schema": SCHEMA, **data}
    return data


def to_data(obj: Document) -> dict[str, JSONValue]:
    """The document of *obj* as plain dicts and lists (what :func:`to_json` writes, decoded).

    For embedding a document in a larger message (a WebSocket frame, a chat payload) that
    is encoded once; lists stand for tuples, strings for enums.

    >>> import lasvegas as lv
    >>> lv.to_data(lv.Place(4))
    {'format': 'lasvegas/action', 'schema': 2, 'kind': 'place', 'face': 4, 'target': None}
    """
    data: dict[str, JSONValue] = json.loads(to_json(obj))
    return data


def _data_problems(data: object) -> list[str]:
    """Where *data* is not plain JSON data (non-string keys, sets, objects, too deep)."""
    problems: list[str] = []
    todo: list[tuple[object, str, int]] = [(data, "$", 0)]
    while todo:
        value, path, depth = todo.pop()
        if depth > 200:
            problems.append(f"nesting too deep @ {path}")
        elif isinstance(value, dict):
            for key, item in value.items():
                if type(key) is not str:
                    problems.append(f"expected a string key, got {key!r} @ {path}")
                else:
                    todo.append((item, f"{path}.{key}", depth + 1))
        elif isinstance(value, list | tuple):
            todo.extend((item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value))
        elif value is not None and not isinstance(value, str | int | float):
            problems.append(f"expected JSON data, got {type(value).__name__} @ {path}")
    return sorted(problems)


def from_data(data: object, cls: type[T], *, max_size: int = MAX_TEXT) -> T:
    """Load a document given as plain dicts and lists (the inverse of :func:`to_data`).

    The same checks and errors as :func:`from_json` (the data is encoded and read by it),
    plus :class:`~lasvegas.DeserializationError` for anything that is not JSON data. An
    action may come without its envelope, as the items of a view's ``legal`` are written:

    >>> import lasvegas as lv
    >>> lv.from_data({"kind": "place", "face": 4, "target": None}, lv.Action)
    Place(face=4)
    >>> lv.from_data({"kind": "place", "face": "4"}, lv.Action)
    Traceback (most recent call last):
    ...
    lasvegas.errors.DeserializationError: expected an integer, got a string @ $.face
    """
    _format_of(cls)  # a cls that is not a document type is a programming error
    if not isinstance(data, dict):
        raise DeserializationError([f"expected an object, got {type(data).__name__} @ $"])
    problems = _data_problems(data)
    if problems:
        raise DeserializationError(problems)
    try:
        text = json.dumps(data, allow_nan=False, ensure_ascii=False)
    except (ValueError, TypeError, RecursionError) as exc:
        raise DeserializationError([f"not JSON data ({exc}) @ $"]) from None
    return from_json(text, cls, max_size=max_size)


_COMPACT: Final = json.JSONEncoder(
    separators=(",", ":"), allow_nan=False, ensure_ascii=False, check_circular=False
)
"""The encoder of compact documents (built once: building one per call costs a third). It
does not look for reference cycles (about an eighth of its time): a document is built afresh
by the converter from immutable values: no list or dict in it contains itself."""


def _structure_part(value: Any, cls: Any, path: str) -> Any:
    """Structure one decoded part of a document (for readers that go piece by piece).

    Raises :class:`~lasvegas.DeserializationError` with paths under *path*.
    """
    try:
        return _CONVERTER.structure(value, cls)
    except (BaseValidationError, _BadValueError) as exc:
        raise DeserializationError(_messages(exc, path)) from None
    except Exception as exc:
        raise DeserializationError([f"cannot load ({type(exc).__name__}: {exc}) @ {path}"]) from exc


def _parse_document(text: str | bytes, what: str, *, max_size: int = MAX_TEXT) -> dict[str, Any]:
    """Decode *text*, check its envelope is a ``lasvegas/<what>`` document, and migrate it."""
    data = _parse(text, max_size)
    _, version = _envelope(data, what)
    return migrate(data) if version != SCHEMA else data


# -- the check random_sim_test runs ------------------------------------------------------------


def roundtrip_problems(state: State, actions: Sequence[Action]) -> list[str]:
    """What goes wrong writing and reading *state* and its parts (for :mod:`lasvegas.testing`).

    Checked: the state, its standings and the last action come back equal from JSON; every
    seat's view and the spectator's come back equal too, hold no RNG, and do not change when
    what the seat may not see is drawn again (:func:`~lasvegas.view.hidden_variant`); at the
    end of a game, the record of *actions* comes back equal and replays to *state*.

    >>> import lasvegas as lv
    >>> roundtrip_problems(lv.new_game(lv.classic(3)), [])
    []
    """
    from .chance import Rng
    from .engine import standings, to_move
    from .record import replay
    from .view import hidden_variant, observe

    problems: list[str] = []

    def same(obj: Document, cls: type, name: str) -> None:
        try:
            back: object = from_json(to_json(obj), cls)
        except DeserializationError as exc:
            problems.append(f"{name} does not load back: {exc}")
            return
        if back != obj:
            problems.append(f"{name} loads back different: {back!r} != {obj!r}")

    same(state, State, "the state")
    same(standings(state), Standings, "the standings")
    if actions:
        same(actions[-1], Action, f"action {len(actions) - 1}")
    rng = Rng(len(actions))
    for seat in (None, *range(state.config.players)):
        view = observe(state, seat)
        same(view, PlayerView, f"seat {seat}'s view")
        text = to_json(view)
        if '"rng' in text.lower() or '"seed' in text.lower():
            problems.append(f"seat {seat}'s view holds an RNG")
        other = hidden_variant(state, seat, rng)
        if observe(other, seat) != view:
            problems.append(f"seat {seat}'s view changes with what it may not see")
    if to_move(state) is None:
        record = Record(state.config, tuple(actions))
        same(record, Record, "the record")
        if replay(record) != state:
            problems.append("the record does not replay to the final state")
    return problems
