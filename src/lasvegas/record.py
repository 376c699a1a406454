"""Game records (replays): :class:`Record`, :func:`replay` and the lenient :func:`read_record`.

Because chance outcomes are actions and :func:`~lasvegas.apply` is deterministic, a game is
fully described by its config plus its action list. A record is that, plus optional
metadata; ``lv.to_json(record)`` writes it as a ``lasvegas/record`` document.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import attrs

from .actions import Action
from .config import GameConfig
from .engine import apply, new_game
from .errors import DeserializationError, IllegalActionError

if TYPE_CHECKING:
    from .state import State

__all__ = ["Record", "read_record", "replay"]


def _check_names(record: Record, _: attrs.Attribute[tuple[str, ...]], names: object) -> None:
    if not isinstance(names, tuple) or not all(isinstance(n, str) for n in names):
        raise ValueError(f"names must be a tuple of strings, not {names!r}")
    if names and len(names) != record.config.players:
        raise ValueError(f"{len(names)} names for {record.config.players} seats")


def _as_tuple(actions: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(actions)


@attrs.frozen
class Record:
    """A game record: the config, every action in order (chance outcomes included), metadata.

    >>> import lasvegas as lv
    >>> record = lv.Record(lv.classic(2), (lv.Draw(90_000),), names=("Ann", "Bob"))
    >>> lv.replay(record).casinos[0].notes
    (90000,)
    """

    config: GameConfig
    """The game's configuration."""
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_as_tuple)
    """Every action from the start, in order, chance outcomes included."""
    names: tuple[str, ...] = attrs.field(default=(), validator=_check_names)
    """The players' names by seat, or ``()``."""
    date: str | None = None
    """When the game was played, as free text (ISO 8601 recommended), or ``None``."""
    seed: int | None = None
    """The seed of the :class:`~lasvegas.Rng` that drew the chance outcomes, if one did.

    Informational: replaying uses the recorded outcomes, never the seed."""


def replay(record: Record) -> State:
    """The state reached by playing *record*'s actions from the start, strictly.

    Raises :class:`~lasvegas.IllegalActionError` at the first illegal action, with a note
    giving its index in the record.

    >>> import lasvegas as lv
    >>> try:
    ...     lv.replay(lv.Record(lv.classic(2), (lv.Draw(10_000), lv.Place(3))))
    ... except lv.IllegalActionError as exc:
    ...     print(exc, exc.__notes__)
    Place(face=3) in phase fill: a banknote draw is next ['at action 1 of the record']
    """
    state = new_game(record.config)
    for index, action in enumerate(record.actions):
        try:
            state = apply(state, action)
        except IllegalActionError as exc:
            exc.add_note(f"at action {index} of the record")
            raise
    return state


_RECORD_KEYS = frozenset({"config", "actions", "names", "date", "seed"})


def read_record(source: str | bytes | Record) -> tuple[State, tuple[str, ...]]:
    """Replay a record leniently, like a PGN reader: stop at the first problem, report it.

    *source* is a ``lasvegas/record`` document or a :class:`Record`. Returns the state
    reached and the problems met (``()`` when the whole record replayed). An action that
    does not decode or is illegal ends the replay there; bad metadata and unknown keys are
    reported and skipped. Only a document whose envelope, config or action list cannot be
    read at all raises :class:`~lasvegas.DeserializationError`.

    >>> import lasvegas as lv
    >>> state, problems = lv.read_record(lv.Record(lv.classic(2), (lv.Draw(90_000), lv.Place(3))))
    >>> state.casinos[0].notes, problems
    ((90000,), ('action 1: Place(face=3) in phase fill: a banknote draw is next',))
    """
    from . import serde

    problems: list[str] = []
    if isinstance(source, Record):
        config = source.config
        raw: list[Any] | tuple[Action, ...] = source.actions
    else:
        doc = serde._parse_document(source, "record")
        if "config" not in doc:
            raise DeserializationError(["required field missing @ $.config"])
        config = serde._structure_part(doc["config"], GameConfig, "$.config")
        raw = doc.get("actions", [])
        if type(raw) is not list:
            raise DeserializationError(["expected an array @ $.actions"])
        for key in sorted(set(doc) - _RECORD_KEYS - {"format", "schema"}):
            problems.append(f"unknown key {key!r} ignored")
        for key, kind in (("names", tuple[str, ...]), ("date", str | None), ("seed", int | None)):
            if key in doc:
                try:
                    serde._structure_part(doc[key], kind, f"$.{key}")
                except DeserializationError as exc:
                    problems.extend(f"{e} (ignored)" for e in exc.errors)
    state = new_game(config)
    for index, item in enumerate(raw):
        if isinstance(item, Action):
            action = item
        else:
            try:
                action = serde._structure_part(item, Action, f"$.actions[{index}]")
            except DeserializationError as exc:
                problems.append(f"action {index} does not decode: {'; '.join(exc.errors)}")
                break
        try:
            state = apply(state, action)
        except IllegalActionError as exc:
            problems.append(f"action {index}: {exc}")
            break
    return state, tuple(problems)
