"""The JSON loader's type registry under threads: built once, never rebuilt because a
document names an unknown kind, and never seen half built by another thread."""

from __future__ import annotations

import sys
import threading
import typing
from collections.abc import Iterator

import attrs
import pytest

import lasvegas as lv
from lasvegas._serde import registry
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
    then (so the registry is built again meanwhile). Every valid document loads, every
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


def test_an_unknown_kind_does_not_build_the_registry_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A document naming an unknown kind or module costs a lookup: the class tree is not
    walked again (it used to be, for each such document: 17 times the CPU of another bad
    document)."""
    registry._REGISTRY.current()  # up to date with every class defined so far
    builds = [0]
    build = registry._Registry._build

    def counting(self: registry._Registry) -> registry._Tables:
        builds[0] += 1
        return build(self)

    monkeypatch.setattr(registry._Registry, "_build", counting)
    classes: tuple[type, ...] = (lv.Action, lv.Event, lv.GameConfig)
    for i in range(300):
        with pytest.raises(lv.DeserializationError, match="unknown"):
            lv.from_json(UNKNOWN[i % 3] % i, classes[i % 3])
    with pytest.raises(lv.DeserializationError, match="unknown module 'no-such-module-7'"):
        lv.from_json(UNKNOWN[2] % 7, lv.GameConfig)
    assert builds[0] == 0

    @attrs.frozen
    class Later(lv.Event):
        kind: typing.ClassVar[str] = "later-single-event"

    text = '{"format": "lasvegas/event", "schema": 1, "kind": "later-single-event"}'
    assert type(lv.from_json(text, lv.Event)) is Later
    assert type(lv.from_json(text, lv.Event)) is Later
    assert builds[0] == 1  # once for the new class, then never again


def test_valid_documents_load_from_the_old_tables_while_a_build_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A build (after a class was defined late) makes its tables aside and publishes them
    whole: while it runs, other threads load valid documents from the tables they have,
    without waiting for it and without ever seeing a table half filled."""
    docs = _documents()
    inside = threading.Event()
    release = threading.Event()
    build = registry._Registry._build

    def held(self: registry._Registry) -> registry._Tables:
        inside.set()
        assert release.wait(60)
        return build(self)

    monkeypatch.setattr(registry._Registry, "_build", held)

    @attrs.frozen
    class Held(lv.Event):
        kind: typing.ClassVar[str] = "held-build-event"

    text = '{"format": "lasvegas/event", "schema": 1, "kind": "held-build-event"}'
    found: list[type] = []
    builder = threading.Thread(target=lambda: found.append(type(lv.from_json(text, lv.Event))))
    builder.start()
    try:
        assert inside.wait(60)  # the builder is inside the build, holding the lock
        for doc, cls in docs:
            assert lv.from_json(doc, cls) is not None
    finally:
        release.set()
        builder.join(60)
    assert found == [Held]
