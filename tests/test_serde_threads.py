"""The JSON loader's type registry under threads: filled when classes are defined, never
changed because a document names an unknown kind, and read safely while other threads
define classes."""

from __future__ import annotations

import sys
import threading
import typing
from collections.abc import Iterator

import attrs
import pytest

import lasvegas as lv
from lasvegas import _tags
from lasvegas.testing import random_game


@pytest.fixture
def fast_switching() -> Iterator[None]:
    """Threads switch as often as the interpreter allows, so races show."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _documents() -> list[tuple[str, type]]:
    """Valid documents of every kind: actions, events, a config, mid-game states of several
    editions (their tasks and module slices are tagged too)."""
    docs: list[tuple[str, type]] = [
        (lv.to_json(lv.Place(4)), lv.Action),
        (lv.to_json(lv.Roll((1, 2), "neutral")), lv.Action),
        (lv.to_json(lv.DiceRolled(seat=0, group="regular", faces=(1, 2))), lv.Event),
    ]
    for config in (lv.classic(3, lv.NeutralDice()), lv.royale(3), lv.cardgame(3)):
        docs.append((lv.to_json(config), lv.GameConfig))
        _, actions = random_game(config, lv.Rng(2))
        state = lv.new_game(config)
        for action in actions[: len(actions) // 2]:
            state = lv.apply(state, action)
        docs.append((lv.to_json(state), lv.State))
    return docs


UNKNOWN = (
    '{"format": "lasvegas/action", "schema": 1, "kind": "no-such-kind-%d", "face": 4}',
    '{"format": "lasvegas/event", "schema": 1, "kind": "no-such-event-%d"}',
    '{"format": "lasvegas/config", "schema": 1, "players": 3, "edition": "classic",'
    ' "modules": [{"id": "no-such-module-%d"}], "hide_money": false}',
)


def test_valid_documents_load_while_other_threads_send_unknown_kinds(
    fast_switching: None,
) -> None:
    """Eight threads: four load valid documents of every kind over and over, three send
    documents with unknown kinds and module ids, and one defines new tagged classes now and
    then (so the registry grows meanwhile). Every valid document loads, every
    unknown one is refused with the library's error, and nothing else is raised."""
    docs = _documents()
    expected: list[object] = [lv.from_json(text, cls) for text, cls in docs]
    rounds = 40
    failures: list[str] = []
    refused = [0]
    start = threading.Barrier(8)

    # the small documents many times (where a race shows), every document a few times
    small = [i for i, (text, _) in enumerate(docs) if len(text) < 200]
    order = [*small * 250, *range(len(docs))] * (rounds // 10)

    def load_valid() -> None:
        start.wait()
        for i in order:
            text, cls = docs[i]
            try:
                loaded: object = lv.from_json(text, cls)
            except Exception as exc:  # any failure of a valid load is the bug
                failures.append(f"{type(exc).__name__}: {exc}")
                continue
            if loaded != expected[i]:
                failures.append(f"{cls.__name__} loaded differently")

    def send_unknown(seed: int) -> None:
        start.wait()
        for i in range(rounds * 50):
            text = UNKNOWN[(seed + i) % len(UNKNOWN)] % i
            cls = (lv.Action, lv.Event, lv.GameConfig)[(seed + i) % len(UNKNOWN)]
            try:
                lv.from_json(text, cls)
            except lv.DeserializationError:
                refused[0] += 1
            except Exception as exc:
                failures.append(f"unknown kind: {type(exc).__name__}: {exc}")

    def define_classes() -> None:
        start.wait()
        for i in range(rounds):

            @attrs.frozen
            class Late(lv.Event):
                kind: typing.ClassVar[str] = f"late-thread-event-{i}"

            # a class defined late is found, as a plugin's would be
            text = '{"format": "lasvegas/event", "schema": 1, "kind": "late-thread-event-%d"}'
            try:
                assert type(lv.from_json(text % i, lv.Event)) is Late
            except Exception as exc:
                failures.append(f"late class: {type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=load_valid) for _ in range(4)]
    threads += [threading.Thread(target=send_unknown, args=(seed,)) for seed in range(3)]
    threads.append(threading.Thread(target=define_classes))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    assert not any(thread.is_alive() for thread in threads)
    assert failures == []
    assert refused[0] == 3 * rounds * 50


def test_an_unknown_kind_is_one_lookup_and_changes_nothing() -> None:
    """A document naming an unknown kind or module costs a lookup: the tables, filled when
    classes are defined, are neither rebuilt nor changed by it; a class defined later is
    found at once."""
    before = {base: dict(table) for base, table in _tags.TABLES.items()}
    classes: tuple[type, ...] = (lv.Action, lv.Event, lv.GameConfig)
    for i in range(300):
        with pytest.raises(lv.DeserializationError, match="unknown"):
            lv.from_json(UNKNOWN[i % 3] % i, classes[i % 3])
    with pytest.raises(lv.DeserializationError, match="unknown module 'no-such-module-7'"):
        lv.from_json(UNKNOWN[2] % 7, lv.GameConfig)
    assert {base: dict(table) for base, table in _tags.TABLES.items()} == before

    @attrs.frozen
    class Later(lv.Event):
        kind: typing.ClassVar[str] = "later-single-event"

    text = '{"format": "lasvegas/event", "schema": 1, "kind": "later-single-event"}'
    assert type(lv.from_json(text, lv.Event)) is Later


def test_a_clash_on_another_thread_is_refused_there(fast_switching: None) -> None:
    """Eight threads define eight different classes claiming the same kind at once: exactly
    one holds it, the seven others are refused at their definition, and loading gives the
    holder."""
    start = threading.Barrier(8)
    made: list[type] = []
    refused: list[str] = []

    def define(i: int) -> None:
        start.wait()
        try:
            body = {"kind": "racing-event", "__module__": __name__}
            made.append(attrs.frozen(type(f"Racer{i}", (lv.Event,), body)))
        except TypeError as exc:
            refused.append(str(exc))

    threads = [threading.Thread(target=define, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(made) == 1
    assert len(refused) == 7
    assert all("already taken by Racer" in message for message in refused)
    text = '{"format": "lasvegas/event", "schema": 1, "kind": "racing-event"}'
    assert type(lv.from_json(text, lv.Event)) is made[0]
