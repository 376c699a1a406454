"""The web server's guards against hostile or careless clients (lasvegas.web.guards, serve).

Most tests go through Starlette's TestClient; the connection-level ones (idle and slow
clients, the concurrency limit) run a real ``python -m lasvegas serve`` on a free loopback
port and talk to it with raw sockets, every loop bounded.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import lasvegas as lv
from _web import auth as _auth
from _web import open_table
from _web import split as _split
from lasvegas.agents import AGENT_OPTIONS, make_agent
from lasvegas.session import Bot, Human
from lasvegas.web import create_app
from lasvegas.web.guards import (
    MAX_NAME,
    bot_levels,
    check_name,
    check_opening,
    lobby_modules,
)

CLASSIC_2 = lv.to_data(lv.classic(2))


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app(seed=1))


def _opening(*seats: dict[str, object]) -> dict[str, Any]:
    return {"config": lv.to_data(lv.classic(len(seats))), "seats": list(seats)}


def _open(client: TestClient, *seats: dict[str, object]) -> dict[str, Any]:
    return open_table(client, lv.classic(len(seats)), seats)


# -- cross-site requests and hosts ---------------------------------------------------------


def test_a_cross_site_text_plain_post_is_refused_and_opens_nothing(client: TestClient) -> None:
    body = json.dumps(_opening({"human": "Ann"}, {"bot": "normal"}))
    # What any web page can make a browser send without asking: a "simple" request.
    answer = client.post("/api/tables", content=body, headers={"Content-Type": "text/plain"})
    assert answer.status_code == 415
    answer = client.post(
        "/api/tables",
        content=body,
        headers={"Content-Type": "text/plain", "Origin": "https://evil.example"},
    )
    assert answer.status_code == 403
    assert "another site" in answer.json()["errors"][0]


def test_a_post_from_a_foreign_origin_is_refused(client: TestClient) -> None:
    table = _open(client, {"human": "Ann"}, {"human": "Bob"})
    path, token = _split(table["seats"]["0"])
    snapshot = client.get(path, headers=_auth(token)).json()
    legal = snapshot["view"]["legal"][0]
    match = {"If-Match": f'"{snapshot["version"]}"'}
    for origin in ("https://evil.example", "http://testserver.evil.example", "null"):
        answer = client.post(
            f"{path}/actions", json=legal, headers={**_auth(token), **match, "Origin": origin}
        )
        assert answer.status_code == 403, origin
        answer = client.post(
            "/api/tables", json=_opening({"human": "A"}, {"human": "B"}), headers={"Origin": origin}
        )
        assert answer.status_code == 403, origin
    # The page's own origin, and clients that send no Origin (not browsers), pass.
    answer = client.post(
        f"{path}/actions",
        json=legal,
        headers={**_auth(token), **match, "Origin": "http://testserver"},
    )
    assert answer.status_code == 200
    assert client.get(path, headers={**_auth(token), "Origin": "https://evil.example"}).is_success


def test_an_untrusted_host_header_gets_400() -> None:
    app = create_app(seed=1, hosts=["localhost", "127.0.0.1", "[::1]"])
    assert TestClient(app, base_url="http://localhost:8000").get("/").status_code == 200
    assert TestClient(app, base_url="http://127.0.0.1").get("/api/presets").status_code == 200
    assert TestClient(app, base_url="http://[::1]:8000").get("/").status_code == 200
    for host in ("evil.example", "localhost.evil.example", "testserver"):
        answer = TestClient(app, base_url=f"http://{host}").get("/api/presets")
        assert answer.status_code == 400, host  # DNS rebinding: a foreign name for this server
        answer = TestClient(app, base_url=f"http://{host}").post("/api/tables", json={})
        assert answer.status_code == 400, host


def test_serve_trusts_localhost_the_bound_host_and_added_names() -> None:
    from lasvegas.web.guards import allowed_hosts

    assert allowed_hosts("127.0.0.1") == ["localhost", "127.0.0.1", "[::1]"]
    assert allowed_hosts("0.0.0.0", ["Table.Lan"]) == [
        "localhost",
        "127.0.0.1",
        "[::1]",
        "table.lan",
    ]
    assert allowed_hosts("192.168.1.5")[-1] == "192.168.1.5"
    assert allowed_hosts("fe80::1")[-1] == "[fe80::1]"


def test_a_websocket_from_a_foreign_origin_is_closed_with_4403(client: TestClient) -> None:
    table = _open(client, {"human": "Ann"}, {"human": "Bob"})
    path, token = _split(table["seats"]["0"])
    foreign = {"Origin": "https://evil.example"}
    with client.websocket_connect(f"{path}/events", headers=foreign) as ws:
        ws.send_json({"token": token, "since": 0})
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
    assert info.value.code == 4403
    with client.websocket_connect(f"{path}/events", headers={"Origin": "http://testserver"}) as ws:
        ws.send_json({"token": token, "since": 0})
        assert ws.receive_json()["seat"] == 0


def test_a_websocket_that_never_says_hello_is_closed(client: TestClient) -> None:
    table = _open(client, {"human": "Ann"}, {"human": "Bob"})
    path, _ = _split(table["seats"]["0"])
    started = time.monotonic()
    with (
        client.websocket_connect(f"{path}/events") as ws,
        pytest.raises(WebSocketDisconnect) as info,
    ):
        ws.receive_json()
    assert info.value.code in (4400, 4408)
    assert time.monotonic() - started < 8  # the hello timeout is 5 s


# -- bodies ----------------------------------------------------------------------------------


def test_bodies_are_json_only(client: TestClient) -> None:
    table = _open(client, {"human": "Ann"}, {"human": "Bob"})
    path, token = _split(table["seats"]["0"])
    body = json.dumps(_opening({"human": "A"}, {"human": "B"}))
    for media in (None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        headers: dict[str, str] = {} if media is None else {"Content-Type": media}
        answer = client.post("/api/tables", content=body, headers=headers)
        assert answer.status_code == 415, media
        assert "application/json" in answer.json()["errors"][0]
        answer = client.post(f"{path}/actions", content=b"{}", headers={**_auth(token), **headers})
        assert answer.status_code == 415, media
    headers = {"Content-Type": "Application/JSON; charset=utf-8"}
    assert client.post("/api/tables", content=body, headers=headers).status_code == 201


def test_duplicate_keys_nan_and_lone_surrogates_are_refused(client: TestClient) -> None:
    config = json.dumps(CLASSIC_2)
    seats = '[{"human": "Ann"}, {"human": "Bob"}]'
    cases = {
        f'{{"config": {config}, "seats": {seats}, "seats": {seats}}}': "duplicate key 'seats'",
        f'{{"config": {config}, "seats": {seats}, "seed": NaN}}': "NaN",
        f'{{"config": {config}, "seats": [{{"human": "\\ud800"}}, {{"human": "Bob"}}]}}': "surrogate",
        f'{{"config": {config}, "seats": {seats}, "\\udfff": 1}}': "surrogate",
        '{"config": 1, "seats": [], "x": {"a": 1, "a": 2}}': "duplicate key 'a'",
        "[1, 2]": "expected an object",
    }
    for text, problem in cases.items():
        answer = client.post(
            "/api/tables",
            content=text.encode("utf-8", "surrogatepass"),
            headers={"Content-Type": "application/json"},
        )
        assert answer.status_code == 400, text
        assert any(problem in e for e in answer.json()["errors"]), (problem, answer.text)
    raw = b'{"config": 1, "seats": ["\xff"]}'  # not UTF-8
    answer = client.post("/api/tables", content=raw, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    big = b'{"x": "' + b"a" * 70_000 + b'"}'
    answer = client.post("/api/tables", content=big, headers={"Content-Type": "application/json"})
    assert answer.status_code == 413


# -- names -----------------------------------------------------------------------------------

HOSTILE_NAMES = {
    "\ud800": "lone surrogate",
    "Ann\udc00": "lone surrogate",
    "Ann\x00": "control",
    "Ann\nSeat 1 places": "control",
    "\x1b[31mAnn": "control",
    "\u202eAnn": "format",  # right-to-left override
    "Ann\u2066": "format",  # left-to-right isolate
    "\u200bAnn": "format",  # zero-width space
    "Ann\u2028Bob": "line separator",
    "\ue000Ann": "private-use",
    "Ann\U000e0001": "format",  # language tag
    "\u0378Ann": "unassigned",
    "\u0301Ann": "combining mark",
    "Seat 0": "seat's designation",
    "seat 3": "seat's designation",
    "SEAT#1": "seat's designation",
    "Seat\u00a02": "seat's designation",  # a no-break space
    "\uff33\uff45\uff41\uff54 \uff11": "seat's designation",  # fullwidth "Seat 1"
    "seat no. 2": "seat's designation",
    "Spectator": "seat's designation",
    "the spectators": "seat's designation",
    "42": "seat's designation",
    "\u0663": "seat's designation",  # an Arabic-Indic digit
    "Ann (Seat 1)": "seat's designation",
    "": "1 to 24",
    "   ": "1 to 24",
    "A" * (MAX_NAME + 1): "1 to 24",
}


@pytest.mark.parametrize("name", list(HOSTILE_NAMES))
def test_a_hostile_name_is_refused_with_its_problem(client: TestClient, name: str) -> None:
    text = json.dumps(_opening({"human": "Bob"}, {"human": name}), ensure_ascii=True)
    answer = client.post("/api/tables", content=text, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    errors = answer.json()["errors"]
    assert any(HOSTILE_NAMES[name] in e for e in errors), errors
    assert all("seats[1]" in e or "surrogate" in e for e in errors), errors
    with pytest.raises(ValueError, match=HOSTILE_NAMES[name].split()[0]):
        check_name(name)


@pytest.mark.parametrize(
    ("raw", "kept"),
    [
        ("Zoë", "Zoë"),
        ("Zoe\u0308", "Zoë"),  # NFC
        ("  Ann   Marie ", "Ann Marie"),
        ("李雷", "李雷"),
        ("O'Neil-Ba", "O'Neil-Ba"),
        ("🎲 Lucky", "🎲 Lucky"),
        ("Seatbelt", "Seatbelt"),
        ("R2D2", "R2D2"),
        ("Player 2", "Player 2"),  # the page's default names
        ("A" * MAX_NAME, "A" * MAX_NAME),
    ],
)
def test_printable_names_are_kept_normalised(client: TestClient, raw: str, kept: str) -> None:
    assert check_name(raw) == kept
    table = _open(client, {"human": raw}, {"bot": "easy"})
    path, token = _split(table["seats"]["0"])
    snapshot = client.get(path, headers=_auth(token)).json()
    assert snapshot["names"][0] == kept
    assert kept in snapshot["text"] or snapshot["names"][0] == kept


def test_two_seats_may_not_share_a_name(client: TestClient) -> None:
    for a, b in (("Ann", "Ann"), ("Ann", "ANN"), ("Ann", "\uff21\uff4e\uff4e"), ("Ann", " Ann ")):
        answer = client.post("/api/tables", json=_opening({"human": a}, {"human": b}))
        assert answer.status_code == 400, (a, b)
        assert "seat 0's already" in answer.json()["errors"][0]
    answer = client.post(
        "/api/tables", json=_opening({"human": "Ann"}, {"bot": "easy", "name": "ann"})
    )
    assert answer.status_code == 400
    # Bots named by their level get a number when the name is taken.
    levels = bot_levels()
    body = _opening({"human": "normal"}, {"bot": "normal"}, {"bot": "normal"}, {"bot": "easy"})
    _, seats, _ = check_opening(body, levels)
    assert [s.name for s in seats] == ["normal", "normal 2", "normal 3", "easy"]


# -- paths and queries ---------------------------------------------------------------------


def test_seat_paths_are_ascii_digits_or_spectator(client: TestClient) -> None:
    table = _open(client, {"human": "Ann"}, {"human": "Bob"})
    _, token = _split(table["seats"]["0"])
    base = f"/api/tables/{table['table']}/seats"
    for seat in (
        "\u0660",
        "\u0661",
        "\u00b2",
        "\uff10",
        "\U0001d7ce",
        "-1",
        "+1",
        "1.0",
        "0x0",
        "2",
        "99999999999999999999",
        "Spectator",
        "%20",
        "0%00",
    ):
        answer = client.get(f"{base}/{quote(seat)}", headers=_auth(token))
        assert answer.status_code == 404, seat
        answer = client.post(f"{base}/{quote(seat)}/actions", json={}, headers=_auth(token))
        assert answer.status_code == 404, seat


def test_query_garbage_gets_400(client: TestClient) -> None:
    for players in ("x", "\u0663", "0", "1", "7", "-3", "3.0", "99999999999999999999999"):
        answer = client.get(f"/api/presets?players={quote(players)}")
        assert answer.status_code == 400, players
    table = _open(client, {"human": "Ann"}, {"human": "Bob"})
    path, token = _split(table["seats"]["0"])
    for since in ("x", "\u0663", "-1", "1e3", "9" * 40):
        answer = client.get(f"{path}?since={quote(since)}", headers=_auth(token))
        assert answer.status_code == 400, since
    assert client.get(f"{path}?since=0", headers=_auth(token)).status_code == 200
    assert client.get(f"{path}?since=100000", headers=_auth(token)).json()["log"] == []


def test_every_seat_answer_is_no_store(client: TestClient) -> None:
    table = _open(client, {"human": "Ann"}, {"human": "Bob"})
    path, token = _split(table["seats"]["0"])
    answers = [
        client.get(path, headers=_auth(token)),
        client.get(path),  # 403
        client.get(f"/api/tables/{table['table']}/seats/7", headers=_auth(token)),  # 404
        client.post(f"{path}/actions", json={"kind": "nonsense"}, headers=_auth(token)),  # 400
        client.get("/api/presets"),
    ]
    legal = answers[0].json()["view"]["legal"][0]
    answers.append(client.post(f"{path}/actions", json=legal, headers=_auth(token)))
    for answer in answers:
        assert answer.headers["cache-control"] == "no-store", answer.url
        assert answer.headers["x-content-type-options"] == "nosniff"


# -- bots ----------------------------------------------------------------------------------


def test_presets_list_bot_levels_modules_and_limits(client: TestClient) -> None:
    data = client.get("/api/presets?players=6").json()
    assert [b["name"] for b in data["bots"]] == ["easy", "normal", "hard"]
    assert all(b["description"] for b in data["bots"])
    assert data["presets"]  # six players: the classic game with the sixth player
    assert all("sixth-player" in {m["id"] for m in p["config"]["modules"]} for p in data["presets"])
    ids = {(m["id"], m["edition"]) for m in data["modules"]}
    assert {
        ("biggies", "classic"),
        ("hundred-thousands", "classic"),
        ("kickers", "classic"),
        ("rainbow-cards", "classic"),
        ("slot-machine", "classic"),
        ("minimum-by-players", "classic"),
        ("sixth-player", "classic"),
        ("neutral-dice", "classic"),
        ("chip-cards", "classic"),
        ("chip-cards", "cardgame"),
        ("sequential", "cardgame"),
        ("tiles", "royale"),
    } <= ids
    assert data["modules"] == lobby_modules()
    assert data["limits"]["players"] == [2, 6]


@pytest.mark.parametrize(
    "bot",
    [
        "search:time_limit=1000000",
        "search:worlds=100000000",
        "search:playouts=5",
        "hard:playouts=1",
        "greedy:exact_dice=40",
        "search:playouts=nan",
        "search",
        "genius",
        "",
        3,
        None,
        ["hard"],
    ],
)
def test_a_request_cannot_choose_a_bots_options(client: TestClient, bot: object) -> None:
    answer = client.post("/api/tables", json=_opening({"human": "Ann"}, {"bot": bot}))
    assert answer.status_code == 400, answer.text
    assert any("seats[1]" in e and "level" in e for e in answer.json()["errors"])


def test_bot_levels_run_the_operators_budget() -> None:
    levels = bot_levels(["hard=search:playouts=7,worlds=2", "gentle=greedy:exact_dice=2"])
    body = _opening({"human": "Ann"}, {"bot": "hard"}, {"bot": "gentle"}, {"bot": "easy"})
    _, seats, _ = check_opening(body, levels)
    assert seats == [
        Human("Ann"),
        Bot("search:playouts=7,worlds=2", "hard"),
        Bot("greedy:exact_dice=2", "gentle"),
        Bot("random", "easy"),
    ]
    client = TestClient(create_app(seed=2, bots=levels))
    data = client.get("/api/presets?players=3").json()
    assert [b["name"] for b in data["bots"]] == ["easy", "normal", "hard", "gentle"]
    assert "search:playouts=7" in data["bots"][2]["description"]
    table = client.post("/api/tables", json=_opening({"human": "Ann"}, {"bot": "hard"}))
    assert table.status_code == 201
    for bad in (
        "hard=search:playouts=100000",
        "hard=search:time_limit=3600",
        "=random",
        "Hard=random",
        "hard",
        "hard=genius",
    ):
        with pytest.raises(ValueError, match=r"bot level|agent"):
            bot_levels([bad])


def test_serve_refuses_a_bot_level_beyond_the_bounds() -> None:
    from lasvegas import cli

    assert cli.main(["serve", "--bot-level", "hard=search:worlds=5000"]) != 0
    assert cli.main(["serve", "--limit-concurrency", "0"]) != 0
    assert cli.main(["serve", "--request-timeout", "0"]) != 0


@pytest.mark.parametrize(
    ("agent", "option"), [(a, o) for a in AGENT_OPTIONS for o in AGENT_OPTIONS[a]]
)
def test_make_agent_bounds_every_option(agent: str, option: str) -> None:
    kind, least, most = AGENT_OPTIONS[agent][option]
    fmt = (lambda v: str(int(v))) if kind is int else repr
    assert make_agent(f"{agent}:{option}={fmt(least)}") is not None
    assert make_agent(f"{agent}:{option}={fmt(most)}") is not None
    beyond = most + 1 if kind is int else most * 2
    with pytest.raises(ValueError, match=f"{option} must be"):
        make_agent(f"{agent}:{option}={fmt(beyond)}")
    below = least - 1 if kind is int else least / 2
    with pytest.raises(ValueError, match=f"{option} must be"):
        make_agent(f"{agent}:{option}={fmt(below)}")
    with pytest.raises(ValueError, match=f"{option} must be"):
        make_agent(f"{agent}:{option}=nan")
    with pytest.raises(ValueError, match="given twice"):
        make_agent(f"{agent}:{option}={fmt(least)},{option}={fmt(least)}")
    if kind is int:
        with pytest.raises(ValueError, match="whole number"):
            make_agent(f"{agent}:{option}=1.5")


def test_make_agent_refuses_unknown_options() -> None:
    with pytest.raises(ValueError, match="unknown option 'depth' \\(search takes playouts"):
        make_agent("search:depth=3")
    with pytest.raises(ValueError, match="random takes none"):
        make_agent("random:playouts=3")


# -- a real server: connections ------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server() -> Iterator[int]:
    """``python -m lasvegas serve`` on a free loopback port, with small limits."""
    port = _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "lasvegas",
            "serve",
            "--port",
            str(port),
            "--limit-concurrency",
            "16",
            "--request-timeout",
            "1",
            "--timeout-keep-alive",
            "1",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ},
    )
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise AssertionError("the server did not start")
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def _request(port: int, head: str, body: bytes = b"", timeout: float = 5) -> tuple[int, float]:
    """Send one request on a new connection; its status and how long the answer took."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(head.encode("ascii") + b"\r\n" + body)
        data = b""
        while b"\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else 0
    return status, time.monotonic() - started


def _get(port: int, path: str = "/api/presets?players=3") -> tuple[int, float]:
    return _request(port, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n")


def _closed_by_server(conn: socket.socket, within: float) -> bool:
    conn.settimeout(within)
    try:
        return conn.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_idle_connections_beyond_the_limit_get_503_then_are_dropped(server: int) -> None:
    assert _get(server)[0] == 200
    idle = [socket.create_connection(("127.0.0.1", server), timeout=5) for _ in range(24)]
    try:
        time.sleep(0.2)
        status, took = _get(server)
        assert status == 503  # over the limit: refused at once, not queued
        assert took < 1
        assert all(_closed_by_server(c, within=5) for c in idle)  # the head timeout (1 s)
    finally:
        for c in idle:
            c.close()
    status, took = _get(server)
    assert status == 200
    assert took < 2


def test_a_slow_request_head_is_cut(server: int) -> None:
    with socket.create_connection(("127.0.0.1", server), timeout=5) as conn:
        started = time.monotonic()
        closed = False
        for byte in b"GET /api/presets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 40:
            try:
                conn.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            if _closed_by_server(conn, within=0.1):
                closed = True
                break
        assert closed
        assert time.monotonic() - started < 4


def test_a_slow_body_is_cut_with_408(server: int) -> None:
    head = (
        f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server}\r\n"
        "Content-Type: application/json\r\nContent-Length: 1000\r\n"
    )
    status, took = _request(server, head, b'{"config": ', timeout=10)
    assert status == 408
    assert took < 4
    assert _get(server)[0] == 200


def test_a_foreign_host_and_origin_on_the_real_server(server: int) -> None:
    head = "GET / HTTP/1.1\r\nHost: rebind.evil.example\r\nConnection: close\r\n"
    assert _request(server, head)[0] == 400
    body = json.dumps(_opening({"human": "A"}, {"human": "B"})).encode()
    head = (
        f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server}\r\nOrigin: http://evil.example\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n"
    )
    assert _request(server, head, body)[0] == 403
    head = head.replace("http://evil.example", f"http://127.0.0.1:{server}")
    assert _request(server, head, body)[0] == 201


def test_a_websocket_from_a_foreign_origin_on_the_real_server(server: int) -> None:
    from urllib.request import Request, urlopen

    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect
    from websockets.typing import Origin

    body = json.dumps(_opening({"human": "A"}, {"human": "B"})).encode()
    request = Request(
        f"http://127.0.0.1:{server}/api/tables",
        data=body,
        headers={"Content-Type": "application/json"},
    )
    with urlopen(request, timeout=10) as answer:
        table = json.loads(answer.read())
    path, token = _split(table["seats"]["0"])
    url = f"ws://127.0.0.1:{server}{path}/events"
    foreign = Origin("http://evil.example")
    with (
        connect(url, origin=foreign, open_timeout=5.0) as ws,
        pytest.raises(ConnectionClosed) as info,  # closed before any hello
    ):
        ws.recv(timeout=5)
    assert info.value.rcvd is not None
    assert info.value.rcvd.code == 4403
    with connect(url, origin=Origin(f"http://127.0.0.1:{server}"), open_timeout=5.0) as ws:
        ws.send(json.dumps({"token": token, "since": 0}))
        assert json.loads(ws.recv(timeout=5))["seat"] == 0


# -- fuzz ------------------------------------------------------------------------------------

_SEGMENTS = st.one_of(
    st.sampled_from(
        [
            "api",
            "tables",
            "seats",
            "actions",
            "events",
            "presets",
            "play",
            "0",
            "1",
            "spectator",
            "TABLE",
            "",
            "..",
            "%00",
            "%ff",
            "%ed%a0%80",
        ]
    ),
    st.text(max_size=8).map(lambda s: quote(s, safe="")),
)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
_HEADER_TEXT = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=30)


@pytest.fixture(scope="module")
def fuzz_target() -> tuple[TestClient, str, str]:
    client = TestClient(create_app(seed=3))
    table = client.post("/api/tables", json=_opening({"human": "Ann"}, {"human": "Bob"})).json()
    path, token = _split(table["seats"]["0"])
    return client, path, token


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH"]),
    segments=st.lists(_SEGMENTS, max_size=6),
    known=st.booleans(),
    query=st.dictionaries(st.sampled_from(["players", "since", "x"]), _HEADER_TEXT, max_size=2),
    body=st.one_of(st.binary(max_size=200), _JSON.map(lambda v: json.dumps(v).encode())),
    content_type=st.sampled_from([None, "application/json", "text/plain", "application/json; x=y"]),
    origin=st.sampled_from([None, "http://testserver", "https://evil.example", "null", "::"]),
    authorization=st.one_of(st.none(), _HEADER_TEXT, st.just("token")),
    extra=st.dictionaries(
        st.sampled_from(["content-length", "if-match", "host", "accept", "transfer-encoding"]),
        _HEADER_TEXT,
        max_size=2,
    ),
)
def test_no_request_gets_a_500(
    fuzz_target: tuple[TestClient, str, str],
    method: str,
    segments: list[str],
    known: bool,
    query: dict[str, str],
    body: bytes,
    content_type: str | None,
    origin: str | None,
    authorization: str | None,
    extra: dict[str, str],
) -> None:
    client, seat_path, token = fuzz_target
    path = seat_path + "/" + "/".join(segments) if known else "/" + "/".join(segments)
    while "//" in path:  # the client cannot send an empty segment at the start
        path = path.replace("//", "/")
    headers: dict[str, str] = {}
    if content_type is not None:
        headers["Content-Type"] = content_type
    if origin is not None:
        headers["Origin"] = origin
    if authorization == "token":
        headers["Authorization"] = f"Bearer {token}"
    elif authorization is not None:
        headers["Authorization"] = authorization
    if "host" in extra:
        headers["Host"] = extra.pop("host")
    extra.pop("content-length", None)  # httpx writes its own
    extra.pop("transfer-encoding", None)
    headers.update(extra)
    answer = client.request(method, path, params=query, content=body, headers=headers)
    assert answer.status_code < 500, (method, path, answer.text[:200])
