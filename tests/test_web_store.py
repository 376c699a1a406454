"""The web tables as a service: stored tables (SQLite and memory), versioned actions, the
bot pool, expiry and the table cap, the seed rule, records, WebSocket resume, and the
session's own guards (versions, exact action types, bots stepped one by one)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import lasvegas as lv
from _web import auth as _auth
from _web import open_table as _open
from _web import split as _split
from lasvegas.actions import Action
from lasvegas.agents import AGENTS
from lasvegas.agents.base import BaseAgent
from lasvegas.cardgame import PlayCards
from lasvegas.session import Bot, Human, Session
from lasvegas.web import Lobby, Table, create_app
from lasvegas.web.store import MemoryStore, SqliteStore, TableStore, default_store_path

# -- helpers -------------------------------------------------------------------------------------


class _Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _humans(n: int) -> list[Human | Bot]:
    return [Human(f"P{i}") for i in range(n)]


def _play(table: Table, clock: _Clock, steps: int, rng: lv.Rng) -> None:
    """Let the humans of *table* take *steps* random legal actions (bots inline)."""
    for _ in range(steps):
        session = table.session
        while session.thinking is not None:
            assert table.bot_move(clock)
        if session.over:
            return
        seat = session.waiting()[0]
        legal = session.legal(seat)
        clock.now += 1
        table.act(seat, legal[rng.below(len(legal))], session.version, clock())


def _everything(table: Table) -> dict[str, Any]:
    """All a table shows, to every seat, with its state and progress."""
    with table.lock:
        return {
            "state": table.session.state,
            "progress": table.session.progress(),
            "snapshots": [table.snapshot(s) for s in (None, *range(table.session.config.players))],
        }


# -- Session: versions, exact types, bots one by one ---------------------------------------------


def test_session_act_refuses_a_float_card_choice_at_once_naming_only_it() -> None:
    """K-13: a choice made at once is checked in full when it is made: a float card is
    refused there (reason bad-type), the error names that action only, nothing changes,
    and the other seats' moves go on."""
    session = Session(lv.cardgame(3), [Human("A"), Human("B"), Bot("random")], seed=3)
    assert session.waiting() == (0, 1)
    card = session.legal(1)[0]
    assert isinstance(card, PlayCards)
    bad = PlayCards(tuple(float(c) for c in card.cards))  # type: ignore[misc]
    assert bad == card  # equal in Python: only the exact types tell them apart
    for seat in (None, 0, 1, 2):
        session.take_notices(seat)
    before = (session.state, session.version, session.waiting(), session.progress())
    with pytest.raises(lv.IllegalActionError) as info:
        session.act(1, bad)
    assert info.value.reason == "bad-type"
    assert repr(bad) in str(info.value)
    others = {repr(a) for a in session.legal(0)} - {repr(bad), repr(card)}
    assert not any(other in str(info.value) for other in others)
    assert (session.state, session.version, session.waiting(), session.progress()) == before
    assert all(session.take_notices(s) == () for s in (None, 0, 1, 2))  # nothing announced
    session.act(0, session.legal(0)[0])  # the other seat's move is untouched
    session.act(1, card)
    assert session.version >= 2


def test_session_act_refuses_wrong_types_on_the_mover_too() -> None:
    session = Session(lv.classic(2), _humans(2), seed=5)
    place = session.legal(0)[0]
    assert isinstance(place, lv.Place)
    for bad in (lv.Place(float(place.face)), lv.Place(True), "place 4", None):  # type: ignore[arg-type]
        with pytest.raises(lv.IllegalActionError) as info:
            session.act(0, bad)  # type: ignore[arg-type]
        assert info.value.reason == "bad-type"
    assert session.version == 0
    session.act(0, place)
    assert session.version == 1


def test_session_act_refuses_a_stale_version_and_changes_nothing() -> None:
    session = Session(lv.classic(2), _humans(2), seed=5)
    first = session.legal(0)[0]
    for stale in (1, -1, True, "0"):
        with pytest.raises(lv.IllegalActionError) as info:
            session.act(0, first, version=stale)  # type: ignore[arg-type]
        assert info.value.reason == "stale"
    assert session.version == 0
    assert session.record().actions == Session(lv.classic(2), _humans(2), seed=5).record().actions
    session.act(0, first, version=0)
    mover = session.waiting()[0]
    with pytest.raises(lv.IllegalActionError) as info:  # the same action sent again
        session.act(mover, session.legal(mover)[0], version=0)
    assert info.value.reason == "stale"
    assert session.version == 1


def test_a_session_without_autoplay_steps_bots_one_by_one_as_autoplay_would() -> None:
    config = lv.royale(3)
    seats: list[Human | Bot] = [Human("A"), Bot("greedy"), Bot("random")]
    auto = Session(config, seats, seed=11)
    stepped = Session(config, seats, seed=11, autoplay=False)
    rng = lv.Rng(4)
    for _ in range(40):
        bots = 0
        while stepped.thinking is not None:
            assert stepped.thinking in (1, 2)
            assert stepped.waiting() == ()
            assert stepped.bot_step()
            bots += 1
        assert not stepped.bot_step()
        assert stepped.state == auto.state
        assert stepped.version == auto.version
        if auto.over:
            break
        legal = auto.legal(0)
        action = legal[rng.below(len(legal))]
        auto.act(0, action)
        stepped.act(0, action)
    assert auto.version > 40


def test_a_session_rebuilt_from_its_progress_goes_on_identically() -> None:
    """Same state, version and held choices (K-13), and the same chance and bots after."""
    config = lv.cardgame(4)
    seats: list[Human | Bot] = [Human("A"), Bot("greedy"), Human("C"), Bot("random")]
    session = Session(config, seats, seed=21, autoplay=False)
    rng = lv.Rng(8)
    held_seen = False
    for _ in range(60):
        if session.over:
            break
        rebuilt = Session(config, seats, seed=21, progress=session.progress(), autoplay=False)
        assert rebuilt.state == session.state
        assert rebuilt.progress() == session.progress()
        held_seen |= bool(session.progress().held)
        # play on both alike: bots and chance must draw the same
        for twin in (session, rebuilt):
            twin_rng = lv.Rng(rng.state)
            while twin.thinking is not None:
                twin.bot_step()
            if twin.waiting():
                seat = twin.waiting()[-1]
                legal = twin.legal(seat)
                twin.act(seat, legal[twin_rng.below(len(legal))], version=twin.version)
        assert rebuilt.state == session.state
        assert rebuilt.progress() == session.progress()
        rng.next_u64()
    assert held_seen


# -- the store -----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["sqlite", "memory"])
def test_a_reopened_table_is_the_same_table(kind: str, tmp_path: Path) -> None:
    """Reopened from its store: same state, version, logs and tokens, and the game goes on
    with the same draws and bots' moves as if nothing had happened."""
    store: TableStore = SqliteStore(tmp_path / "t.sqlite3") if kind == "sqlite" else MemoryStore()
    clock = _Clock()
    lobby = Lobby(store=store, workers=0, clock=clock)
    seats: list[Human | Bot] = [Human("A"), Bot("greedy"), Human("C")]
    table = lobby.open(lv.royale(3), seats, None)
    tokens = dict(table.tokens)
    _play(table, clock, 12, lv.Rng(1))
    while table.bot_move(clock):  # as the reopening lobby will (with its pool: later)
        pass
    before = _everything(table)
    if kind == "sqlite":  # a new connection: what a restarted server reads
        store = SqliteStore(tmp_path / "t.sqlite3")
    again = Lobby(store=store, workers=0, clock=clock)
    reopened = again.get(table.id)
    assert reopened is not None
    assert reopened is not table
    assert reopened.tokens == {}  # only hashes are kept
    assert all(reopened.seat_of(seat, token) for seat, token in tokens.items())
    assert not reopened.seat_of(0, tokens[None])
    assert _everything(reopened) == before
    table.store = None  # the twin goes on alone in memory
    _play(table, clock, 10, lv.Rng(2))
    _play(reopened, clock, 10, lv.Rng(2))
    assert _everything(reopened) == _everything(table)


def test_the_sqlite_store_keeps_hashes_not_tokens_and_refuses_a_step_twice(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    lobby = Lobby(store=SqliteStore(path), workers=0)
    table = lobby.open(lv.classic(2), _humans(2), None)
    raw = path.read_bytes() + (tmp_path / "t.sqlite3-wal").read_bytes()
    assert all(token.encode() not in raw for token in table.tokens.values())
    store = SqliteStore(path)
    saved = store.unfinished()[0]
    with pytest.raises(ValueError, match="stored"):
        store.append(table.id, saved.steps[0])
    assert len(SqliteStore(path).unfinished()[0].steps) == 1


def test_the_sqlite_store_keeps_any_seed(tmp_path: Path) -> None:
    for seed in (2**64 + 5, -3, 0):
        store = SqliteStore(tmp_path / f"{seed}.sqlite3")
        lobby = Lobby(seed=seed, store=store, workers=0)
        table = lobby.open(lv.classic(2), [Human("A"), Bot("greedy")], None)
        reopened = Lobby(store=SqliteStore(tmp_path / f"{seed}.sqlite3"), workers=0)
        assert reopened.tables[table.id].session.seed == seed
        assert reopened.tables[table.id].session.state == table.session.state


def test_default_store_path_follows_xdg_state_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", "/srv/state")
    assert default_store_path() == Path("/srv/state/lasvegas/tables.sqlite3")
    monkeypatch.setenv("XDG_STATE_HOME", "relative/ignored")
    assert default_store_path() == Path.home() / ".local/state/lasvegas/tables.sqlite3"
    monkeypatch.delenv("XDG_STATE_HOME")
    assert default_store_path() == Path.home() / ".local/state/lasvegas/tables.sqlite3"


# -- versioned actions over HTTP -----------------------------------------------------------------


def test_actions_need_the_current_version_and_a_repeat_changes_nothing() -> None:
    client = TestClient(create_app(workers=0))
    table = _open(client, lv.classic(2), [{"human": "Ann"}, {"human": "Bob"}])
    path, token = _split(table["seats"]["0"])
    spectator, spectator_token = _split(table["spectator"])
    first = client.get(path, headers=_auth(token))
    assert first.headers["etag"] == '"0"'
    assert first.json()["version"] == 0
    assert first.headers["cache-control"] == "no-store"
    action = first.json()["view"]["legal"][0]
    before = client.get(spectator, headers=_auth(spectator_token)).json()
    missing = client.post(f"{path}/actions", json=action, headers=_auth(token))
    assert missing.status_code == 428
    assert missing.json()["reason"] == "version-required"
    star = client.post(f"{path}/actions", json=action, headers={**_auth(token), "If-Match": "*"})
    assert star.status_code == 428
    stale = client.post(f"{path}/actions", json=action, headers=_auth(token, 7))
    assert stale.status_code == 412
    assert stale.json()["reason"] == "stale"
    assert stale.json()["version"] == 0
    bad = client.post(f"{path}/actions", json=action, headers={**_auth(token), "If-Match": '"x"'})
    assert bad.status_code == 400
    assert client.get(spectator, headers=_auth(spectator_token)).json() == before
    done = client.post(f"{path}/actions", json=action, headers=_auth(token, 0))
    assert done.status_code == 200
    assert done.headers["etag"] == '"1"'
    assert done.json()["version"] == 1
    assert done.json()["seat"] == 0
    after = client.get(spectator, headers=_auth(spectator_token)).json()
    again = client.post(f"{path}/actions", json=action, headers=_auth(token, 0))  # a retry
    assert again.status_code == 412
    assert again.json()["version"] == 1
    assert client.get(spectator, headers=_auth(spectator_token)).json() == after


def test_the_record_is_given_to_the_seats_once_the_game_is_over(tmp_path: Path) -> None:
    path_db = tmp_path / "t.sqlite3"
    client = TestClient(create_app(workers=0, store=SqliteStore(path_db)))
    table = _open(client, lv.classic(2), [{"human": "Ann"}, {"human": "Bob"}])
    links = {seat: _split(link) for seat, link in table["seats"].items()}
    spectator, spectator_token = _split(table["spectator"])
    path0, token0 = links["0"]
    early = client.get(f"{path0}/record", headers=_auth(token0))
    assert early.status_code == 409
    assert early.json()["reason"] == "not-over"
    assert "seed" not in early.text
    assert client.get(f"{path0}/record", headers=_auth(spectator_token)).status_code == 403
    snapshot: dict[str, Any] = {}
    for _ in range(2000):
        snapshot = client.get(spectator, headers=_auth(spectator_token)).json()
        if snapshot["over"]:
            break
        path, token = links[str(snapshot["waiting"][0])]
        mine = client.get(path, headers=_auth(token)).json()
        answer = client.post(
            f"{path}/actions", json=mine["view"]["legal"][0], headers=_auth(token, mine["version"])
        )
        assert answer.status_code == 200, answer.text
    assert snapshot["over"]
    for path, token in (*links.values(), (spectator, spectator_token)):
        answer = client.get(f"{path}/record", headers=_auth(token))
        assert answer.status_code == 200
        assert answer.headers["content-disposition"].startswith("attachment")
        record = lv.from_data(answer.json(), lv.Record)
        assert len(record.actions) > 50
        assert record.names == ("Ann", "Bob")
    # after a restart, the finished table's record is still there for its seats only
    restarted = TestClient(create_app(workers=0, store=SqliteStore(path_db)))
    kept = restarted.get(f"{path0}/record", headers=_auth(token0))
    assert kept.status_code == 200
    assert kept.json() == answer.json()
    assert restarted.get(f"{path0}/record", headers=_auth(links["1"][1])).status_code == 404
    assert restarted.get(path0, headers=_auth(token0)).json()["reason"] == "gone"


# -- lifecycle -----------------------------------------------------------------------------------


def test_an_idle_table_expires_and_is_archived(tmp_path: Path) -> None:
    clock = _Clock()
    store = SqliteStore(tmp_path / "t.sqlite3")
    client = TestClient(create_app(workers=0, store=store, idle_minutes=10, clock=clock))
    table = _open(client, lv.classic(2), [{"human": "Ann"}, {"human": "Bob"}])
    path, token = _split(table["seats"]["0"])
    clock.now += 9 * 60
    assert client.get(path, headers=_auth(token)).status_code == 200  # looking keeps it
    clock.now += 9 * 60
    assert client.get(path, headers=_auth(token)).status_code == 200
    clock.now += 10 * 60 + 1
    gone = client.get(path, headers=_auth(token))
    assert gone.status_code == 404
    assert gone.json()["reason"] == "gone"
    assert store.unfinished() == []  # archived: never reopened
    with (
        client.websocket_connect(f"{path}/events") as ws,
        pytest.raises(WebSocketDisconnect) as info,
    ):
        ws.receive_json()
    assert info.value.code == 4404


def test_the_watchers_of_a_table_that_expires_are_told_it_is_gone() -> None:
    clock = _Clock()
    client = TestClient(create_app(workers=0, idle_minutes=1, clock=clock))
    table = _open(client, lv.classic(2), _two())
    path, token = _split(table["seats"]["0"])
    with client.websocket_connect(f"{path}/events") as ws:
        ws.send_json({"token": token, "since": 0})
        assert ws.receive_json()["version"] == 0
        clock.now += 61
        _open(client, lv.classic(2), _two())  # an opening sweeps the expired tables
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
    assert info.value.code == 4404


def test_a_stored_table_idle_too_long_is_archived_at_start(tmp_path: Path) -> None:
    clock = _Clock()
    store = SqliteStore(tmp_path / "t.sqlite3")
    Lobby(store=store, workers=0, clock=clock).open(lv.classic(2), _humans(2), None)
    clock.now += 61
    assert Lobby(store=store, workers=0, clock=clock, idle_minutes=1).tables == {}
    assert store.unfinished() == []


def test_a_full_server_retires_its_longest_idle_table() -> None:
    clock = _Clock()
    store = MemoryStore()
    lobby = Lobby(store=store, workers=0, clock=clock, max_tables=3)
    tables = []
    for _ in range(3):
        clock.now += 1
        tables.append(lobby.open(lv.classic(2), _humans(2), None))
    clock.now += 1
    assert lobby.get(tables[0].id) is tables[0]  # looked at: no longer the longest idle
    clock.now += 1
    fourth = lobby.open(lv.classic(2), _humans(2), None)
    assert set(lobby.tables) == {tables[0].id, tables[2].id, fourth.id}
    assert lobby.get(tables[1].id) is None
    assert {t.opened.id for t in store.unfinished()} == set(lobby.tables)
    with pytest.raises(lv.IllegalActionError):  # a retired table takes no more actions
        tables[1].act(0, tables[1].session.legal(0)[0], 0, clock())
    for _ in range(300):  # never "full": each opening makes room
        clock.now += 1
        lobby.open(lv.classic(2), _humans(2), None)
    assert len(lobby.tables) == 3


def test_a_finished_table_makes_room_before_an_unfinished_one() -> None:
    clock = _Clock()
    lobby = Lobby(workers=0, clock=clock, max_tables=2)
    finished = lobby.open(lv.classic(2), [Bot("random"), Bot("random")], 1)
    assert finished.session.over  # bots only: played to the end inline
    clock.now += 5
    waiting = lobby.open(lv.classic(2), _humans(2), None)
    clock.now += 1
    lobby.get(finished.id)  # even looked at more recently
    clock.now += 1
    lobby.open(lv.classic(2), _humans(2), None)
    assert waiting.id in lobby.tables
    assert finished.id not in lobby.tables


# -- seeds ---------------------------------------------------------------------------------------


def test_the_seed_rule() -> None:
    """A seed (the server's or a client's) applies only where no person could read another's
    hand: bots only or one human; two or more humans always get a secret seed."""
    lobby = Lobby(seed=100, workers=0)
    solo = lobby.open(lv.classic(2), [Human("A"), Bot("greedy")], None)
    bots = lobby.open(lv.classic(2), [Bot("random"), Bot("greedy")], None)
    assert (solo.session.seed, bots.session.seed) == (100, 101)
    people = [lobby.open(lv.cardgame(3), _humans(3), None) for _ in range(3)]
    seeds = {t.session.seed for t in people}
    assert len(seeds) == 3
    assert not seeds & set(range(90, 200))
    assert lobby.open(lv.classic(2), [Human("A"), Bot("greedy")], 7).session.seed == 7
    client = TestClient(create_app(seed=100, workers=0))
    config = lv.to_data(lv.classic(2))
    for seats in ([{"human": "A"}, {"human": "B"}],):
        answer = client.post("/api/tables", json={"config": config, "seats": seats, "seed": 5})
        assert answer.status_code == 400
        assert any("seed" in e for e in answer.json()["errors"])
    one = {"config": config, "seats": [{"human": "A"}, {"bot": "greedy"}], "seed": 5}
    assert client.post("/api/tables", json=one).status_code == 201
    app = create_app(seed=100, workers=0)
    created = TestClient(app).post("/api/tables", json={"config": config, "seats": _two()})
    assert created.status_code == 201
    assert app.state.lobby.tables[created.json()["table"]].session.seed not in range(100, 110)


def _two() -> list[dict[str, str]]:
    return [{"human": "A"}, {"human": "B"}]


# -- the bot pool --------------------------------------------------------------------------------


class _SlowAgent(BaseAgent):
    """Waits for the test's signal, then plays the first legal action."""

    release = threading.Event()
    started = threading.Event()

    def choose(self, view: lv.PlayerView, legal: tuple[Action, ...]) -> Action:
        _SlowAgent.started.set()
        assert _SlowAgent.release.wait(30)
        return legal[0]


@pytest.fixture
def slow_agent(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[_SlowAgent]]:
    _SlowAgent.release = threading.Event()
    _SlowAgent.started = threading.Event()
    monkeypatch.setitem(AGENTS, "slow", _SlowAgent)
    yield _SlowAgent
    _SlowAgent.release.set()


def test_a_slow_bot_never_stalls_another_table(slow_agent: type[_SlowAgent]) -> None:
    """One worker, busy with table A's slow bot: table B's human actions and new openings
    answer at once; A shows whose bot is thinking, then its move lands and is pushed."""
    app = create_app(workers=1)
    lobby: Lobby = app.state.lobby
    client = TestClient(app)
    slow = lobby.open(lv.classic(2), [Bot("slow"), Human("A")], None)
    assert slow_agent.started.wait(10)
    assert (slow.session.thinking, slow.bot_busy) == (0, True)
    table = _open(client, lv.classic(2), _two())
    path, token = _split(table["seats"]["0"])
    tic = time.perf_counter()
    for _ in range(5):
        mine = client.get(path, headers=_auth(token)).json()
        if 0 not in mine["waiting"]:
            break
        answer = client.post(
            f"{path}/actions", json=mine["view"]["legal"][0], headers=_auth(token, mine["version"])
        )
        assert answer.status_code == 200
        _open(client, lv.royale(3), [{"human": "X"}, {"human": "Y"}, {"human": "Z"}])
    # all answered while the slow bot still thinks (it waits for the release below)
    assert time.perf_counter() - tic < 20
    assert (slow.session.thinking, slow.session.version) == (0, 0)
    slow_agent.release.set()
    for _ in range(500):
        if not slow.bot_busy:
            break
        time.sleep(0.01)
    assert (slow.session.version, slow.session.thinking, slow.session.waiting()) == (1, None, (1,))


def test_bots_move_one_by_one_and_each_move_is_pushed() -> None:
    """The pages see the bots' moves one by one, each bot thinking first, however fast the
    bots play."""
    app = create_app(workers=2)
    client = TestClient(app)
    table = _open(
        client,
        lv.classic(4),
        [{"human": "A"}, {"bot": "greedy"}, {"bot": "random"}, {"bot": "greedy"}],
    )
    path, token = _split(table["seats"]["0"])
    with client.websocket_connect(f"{path}/events") as ws:
        ws.send_json({"token": token, "since": 0})
        snapshot = ws.receive_json()
        versions = [snapshot["version"]]
        while 0 not in snapshot["waiting"]:
            snapshot = ws.receive_json()
            versions.append(snapshot["version"])
        answer = client.post(
            f"{path}/actions",
            json=snapshot["view"]["legal"][0],
            headers=_auth(token, snapshot["version"]),
        )
        assert answer.status_code == 200  # (that it never waits for bots: the pool tests)
        seen = []
        size = snapshot["log_size"]
        while True:
            pushed = ws.receive_json()
            assert pushed["log"] == [] or pushed["log"][0]["seq"] == size  # no entry twice
            size = pushed["log_size"]
            seen.append((pushed["version"], pushed["thinking"]))
            if 0 in pushed["waiting"]:
                break
    # Every version pushed once, in order, each bot shown thinking before its move (a bot
    # waits until its watchers have been sent that it thinks): the human's move and three
    # bots' moves.
    start = snapshot["version"]
    assert seen == [(start + 1, 1), (start + 2, 2), (start + 3, 3), (start + 4, None)]


# -- WebSocket hello -----------------------------------------------------------------------------


def test_a_watcher_that_is_never_sent_anything_delays_its_bots_only_boundedly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A push that never completes (a watcher that does not read) holds each bot's move
    back by at most ``ANNOUNCE_SECONDS``: the bots still play on to the human's turn."""
    import lasvegas.web as web

    app = create_app(workers=2)
    client = TestClient(app)
    table_data = _open(
        client,
        lv.classic(4),
        [{"human": "A"}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}],
    )
    path, token = _split(table_data["seats"]["0"])
    table = app.state.lobby.tables[table_data["table"]]
    release = threading.Event()
    pushes = []

    async def stuck(_: Table) -> None:
        pushes.append(1)
        while not release.is_set():
            await asyncio.sleep(0.01)

    with client.websocket_connect(f"{path}/events") as ws:
        ws.send_json({"token": token, "since": 0})
        ws.receive_json()
        for _ in range(1000):  # the bots before the human's first turn (pushes work)
            with table.lock:
                if table.session.waiting() == (0,) and not table.bot_busy:
                    break
            time.sleep(0.01)
        monkeypatch.setattr(web, "_push", stuck)
        monkeypatch.setattr(web, "ANNOUNCE_SECONDS", 0.05)
        with table.lock:
            version = table.session.version
            action = lv.legal_actions(table.session.state)[0]
        table.act(0, action, version, time.time())
        app.state.lobby.schedule(table)
        for _ in range(1000):
            with table.lock:
                if table.session.thinking is None and not table.bot_busy:
                    break
            time.sleep(0.01)
        release.set()
    assert table.session.version == version + 4  # the human's move and three bots' moves
    assert table.session.waiting() == (0,)
    assert len(pushes) >= 3  # each bot's move was announced, and never sent


def test_a_websocket_resumes_from_the_last_entry_it_had() -> None:
    client = TestClient(create_app(workers=0))
    table = _open(client, lv.classic(2), _two())
    path, token = _split(table["seats"]["0"])
    full = client.get(path, headers=_auth(token)).json()
    assert full["log_size"] > 2
    assert [e["seq"] for e in full["log"]] == list(range(full["log_size"]))
    with client.websocket_connect(f"{path}/events") as ws:
        ws.send_json({"token": token, "since": 2})
        resumed = ws.receive_json()
    assert resumed["log"] == full["log"][2:]
    assert resumed["log_size"] == full["log_size"]
    with client.websocket_connect(f"{path}/events") as ws:
        ws.send_json({"token": token, "since": full["log_size"]})
        assert ws.receive_json()["log"] == []
    for hello in ({"token": token, "since": -1}, {"token": token, "since": 1.5}, [token]):
        with client.websocket_connect(f"{path}/events") as ws:
            ws.send_json(hello)
            with pytest.raises(WebSocketDisconnect) as info:
                ws.receive_json()
        assert info.value.code == 4400


def test_a_websocket_without_hello_is_closed_and_an_unknown_table_is_4404(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import lasvegas.web

    monkeypatch.setattr(lasvegas.web, "HELLO_SECONDS", 0.2)
    client = TestClient(create_app(workers=0))
    table = _open(client, lv.classic(2), _two())
    path, _ = _split(table["seats"]["0"])
    with (
        client.websocket_connect(f"{path}/events") as ws,
        pytest.raises(WebSocketDisconnect) as info,
    ):
        ws.receive_json()
    assert info.value.code == 4408
    with (
        client.websocket_connect("/api/tables/nope/seats/0/events") as ws,
        pytest.raises(WebSocketDisconnect) as info,
    ):
        ws.receive_json()
    assert info.value.code == 4404


# -- the real server, killed and restarted -------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _serve(port: int, store: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    errors = store.with_suffix(".log")
    with errors.open("ab") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "lasvegas", "serve", "--port", str(port), "--store", str(store)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
    for _ in range(200):  # up to 10 s
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1):
                return server
        except OSError:
            if server.poll() is not None:
                raise AssertionError(errors.read_text()) from None
            time.sleep(0.05)
    server.kill()
    raise AssertionError("the server did not answer in 10 s")


def _http(
    port: int, method: str, path: str, body: object = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data, method=method, headers=headers or {}
    )
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            headers = {k.lower(): v for k, v in answer.headers.items()}
            return answer.status, headers, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        with error:
            headers = {k.lower(): v for k, v in error.headers.items()}
            return error.code, headers, json.loads(error.read())


def test_a_killed_server_reopens_every_game_as_it_was(tmp_path: Path) -> None:
    """SIGKILL between two actions, restart on the same store: the links open the same
    seats, every answered action is there, the logs are the same, and the game goes on."""
    store = tmp_path / "tables.sqlite3"
    port = _free_port()
    server = _serve(port, store)
    try:
        status, _, table = _http(
            port,
            "POST",
            "/api/tables",
            {"config": lv.to_data(lv.cardgame(3)), "seats": [{"human": n} for n in "ABC"]},
        )
        assert status == 201
        links = {int(s): _split(link) for s, link in table["seats"].items()}
        links[-1] = _split(table["spectator"])

        def seen(seat: int) -> Any:
            path, token = links[seat]
            status, headers, snapshot = _http(port, "GET", path, headers=_auth(token))
            assert status == 200
            assert headers["etag"] == f'"{snapshot["version"]}"'
            return snapshot

        sent: list[tuple[str, Any, dict[str, str]]] = []

        def act() -> int:
            seat = seen(-1)["waiting"][0]
            path, token = links[seat]
            mine = seen(seat)
            sent.append(
                (f"{path}/actions", mine["view"]["legal"][-1], _auth(token, mine["version"]))
            )
            status, _, after = _http(port, "POST", *sent[-1])
            assert status == 200, after
            version: int = after["version"]
            return version

        answered = [act() for _ in range(8)]
        before = {seat: seen(seat) for seat in links}
        assert before[-1]["version"] == answered[-1] == 8
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        server = _serve(port, store)
        after = {seat: seen(seat) for seat in links}
        assert after == before
        assert act() == 9
        status, _, refused = _http(port, "POST", *sent[-2])  # a retry of the action before
        assert status == 412
        assert refused["reason"] == "stale"
        assert refused["version"] == 9
        assert seen(-1)["version"] == 9
    finally:
        server.kill()
        server.wait(10)
