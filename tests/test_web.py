"""The web tables (lasvegas.web) through Starlette's TestClient: API, links, refusals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import lasvegas as lv
from _play import random_walk
from _web import auth as _auth
from _web import open_table as _open
from _web import split as _split
from lasvegas.session import Human, Session
from lasvegas.testing import example_configs
from lasvegas.view import hidden_variant
from lasvegas.web import Table, create_app


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app(seed=1, workers=0))  # bots move before the answer


def test_the_page_is_served_with_a_strict_policy(client: TestClient) -> None:
    answer = client.get("/")
    assert answer.status_code == 200
    assert "<svg" not in answer.text  # the page draws what the API sends
    assert "new WebSocket" in answer.text
    assert "default-src 'none'" in answer.headers["content-security-policy"]
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert client.get("/play/abc/0").status_code == 200


def test_presets_cover_every_edition(client: TestClient) -> None:
    data = client.get("/api/presets?players=3").json()
    editions = {p["config"]["edition"] for p in data["presets"]}
    assert editions == {"classic", "royale", "cardgame"}
    modules = {m["id"] for p in data["presets"] for m in p["config"]["modules"]}
    assert {"biggies", "kickers", "rainbow-cards", "slot-machine"} <= modules  # Boulevard
    assert [b["name"] for b in data["bots"]] == ["easy", "normal", "hard"]


def test_a_human_plays_a_whole_classic_game_against_a_bot(client: TestClient) -> None:
    table = _open(client, lv.classic(2), [{"human": "Ann"}, {"bot": "greedy"}])
    assert set(table["seats"]) == {"0"}  # a bot's seat has no link
    path, token = _split(table["seats"]["0"])
    rounds = 0
    while True:
        snapshot = client.get(path, headers=_auth(token)).json()
        if snapshot["over"]:
            break
        view = snapshot["view"]
        assert snapshot["waiting"] == [0]
        assert len(view["labels"]) == len(view["legal"]) > 0
        answer = client.post(
            f"{path}/actions", json=view["legal"][0], headers=_auth(token, snapshot["version"])
        )
        assert answer.status_code == 200, answer.text
        rounds += 1
    assert rounds > 10
    assert snapshot["standings"]["winners"]
    assert snapshot["log"][-1]["text"].startswith("The game is over")
    assert "<svg" in snapshot["svg"]


def test_a_seat_sees_only_its_view_and_acts_only_as_itself(client: TestClient) -> None:
    table = _open(client, lv.cardgame(3), [{"human": "A"}, {"human": "B"}, {"bot": "random"}])
    path0, token0 = _split(table["seats"]["0"])
    path1, token1 = _split(table["seats"]["1"])
    spectator, spectator_token = _split(table["spectator"])
    # no token, or another seat's token: 403
    assert client.get(path0).status_code == 403
    assert client.get(path0, headers=_auth(token1)).status_code == 403
    assert client.get(path0, headers=_auth(spectator_token)).status_code == 403
    mine = client.get(path0, headers=_auth(token0)).json()
    assert mine["seat"] == 0
    hands = mine["view"]["modules"][0]["hands"]
    assert 0 not in hands[0]
    assert all(card == 0 for card in hands[1])
    legal = mine["view"]["legal"][0]
    before = client.get(spectator, headers=_auth(spectator_token)).json()
    assert before["view"]["seat"] is None
    assert before["view"]["legal"] == []
    for headers in ({}, _auth(token1), _auth(spectator_token)):
        answer = client.post(f"{path0}/actions", json=legal, headers=headers)
        assert answer.status_code == 403
    answer = client.post(f"{spectator}/actions", json=legal, headers=_auth(spectator_token))
    assert answer.status_code == 403
    after = client.get(spectator, headers=_auth(spectator_token)).json()
    assert after["view"] == before["view"]
    # both humans choose at once (K-13)
    assert set(mine["waiting"]) == {0, 1}
    theirs = client.get(path1, headers=_auth(token1)).json()
    answer = client.post(
        f"{path1}/actions",
        json=theirs["view"]["legal"][0],
        headers=_auth(token1, theirs["version"]),
    )
    assert answer.status_code == 200
    version = client.get(path0, headers=_auth(token0)).json()["version"]
    answer = client.post(f"{path0}/actions", json=legal, headers=_auth(token0, version))
    assert answer.status_code == 200


def test_bad_input_gets_400_with_every_problem_and_changes_nothing(client: TestClient) -> None:
    table = _open(client, lv.classic(2), [{"human": "Ann"}, {"bot": "greedy"}])
    path, token = _split(table["seats"]["0"])
    spectator, spectator_token = _split(table["spectator"])
    before = client.get(spectator, headers=_auth(spectator_token)).json()["view"]
    answer = client.post(
        f"{path}/actions", json={"kind": "place", "face": "4", "target": "x"}, headers=_auth(token)
    )
    assert answer.status_code == 400
    assert len(answer.json()["errors"]) == 2
    as_json = {**_auth(token), "Content-Type": "application/json"}
    answer = client.post(f"{path}/actions", content=b"{not json", headers=as_json)
    assert answer.status_code == 400
    answer = client.post(f"{path}/actions", content=b"{not json", headers=_auth(token))
    assert answer.status_code == 415  # JSON only
    answer = client.post(f"{path}/actions", content=b"x" * 70_000, headers=as_json)
    assert answer.status_code == 413
    version = client.get(path, headers=_auth(token)).json()["version"]
    answer = client.post(
        f"{path}/actions", json={"kind": "place", "face": 7}, headers=_auth(token, version)
    )
    assert answer.status_code == 409
    assert answer.json()["reason"]
    after = client.get(spectator, headers=_auth(spectator_token)).json()["view"]
    assert after == before


def test_opening_a_table_lists_every_problem(client: TestClient) -> None:
    answer = client.post(
        "/api/tables",
        json={
            "config": {"format": "lasvegas/config", "schema": 1, "players": 3},
            "seats": [{"human": ""}, {"bot": "robot"}],
            "seed": -1,
            "colour": 1,
        },
    )
    assert answer.status_code == 400
    errors = answer.json()["errors"]
    assert any("colour" in e for e in errors)
    assert any("seed" in e for e in errors)
    assert any("3 entries" in e for e in errors)
    assert any("robot" in e for e in errors)
    assert any("1 to 24" in e for e in errors)
    assert client.post("/api/tables", json=[1]).status_code == 400


def test_unknown_tables_and_seats_are_404(client: TestClient) -> None:
    table = _open(client, lv.classic(2), [{"human": "Ann"}, {"bot": "greedy"}])
    _, token = _split(table["seats"]["0"])
    assert client.get("/api/tables/nope/seats/0", headers=_auth(token)).status_code == 404
    assert (
        client.get(f"/api/tables/{table['table']}/seats/9", headers=_auth(token)).status_code == 404
    )


def test_events_are_pushed_over_the_websocket(client: TestClient) -> None:
    table = _open(client, lv.royale(3), [{"human": "A"}, {"bot": "greedy"}, {"bot": "random"}])
    path, token = _split(table["seats"]["0"])
    with client.websocket_connect(f"{path}/events") as socket:
        socket.send_json({"token": token})
        first = socket.receive_json()
        assert first["seat"] == 0
        assert first["log"]
        legal = first["view"]["legal"][0]
        answer = client.post(f"{path}/actions", json=legal, headers=_auth(token, first["version"]))
        assert answer.status_code == 200
        pushed = socket.receive_json()
        assert pushed["version"] == first["version"] + 1
        assert pushed["log"]  # only what is new
        assert pushed["log_size"] == first["log_size"] + len(pushed["log"])


def test_a_websocket_with_a_wrong_token_is_closed(client: TestClient) -> None:
    table = _open(client, lv.classic(2), [{"human": "Ann"}, {"human": "Bob"}])
    path, _ = _split(table["seats"]["0"])
    _, other = _split(table["seats"]["1"])
    with client.websocket_connect(f"{path}/events") as socket:
        socket.send_json({"token": other})
        with pytest.raises(WebSocketDisconnect) as info:
            socket.receive_json()
    assert info.value.code == 4403


def test_serve_binds_to_loopback_by_default() -> None:
    from lasvegas import cli

    args = cli.build_parser().parse_args(["serve"])
    assert args.host == "127.0.0.1"


@given(st.sampled_from(example_configs()), st.integers(0, 2**32), st.integers(0, 300))
@settings(max_examples=15, deadline=None)
def test_a_seats_page_data_leaks_nothing(config: lv.GameConfig, seed: int, length: int) -> None:
    """What the web API sends a seat (its view with labels and prompt, the SVG, the text
    board, whom the game waits for, and in the card game its choices made at once, K-13)
    is the same for every state that differs only in what that seat may not see."""
    rng = lv.Rng(seed)
    state = random_walk(config, rng, length)
    state = lv.play_chance(state, rng).state  # a session resolves chance with its own draws
    seats = [Human(f"P{s}") for s in range(config.players)]
    for seat in (None, *range(config.players)):
        variant = hidden_variant(state, seat, rng)
        tables = [Table("t", Session(config, seats, seed=1, state=s)) for s in (state, variant)]
        shown = [t.snapshot(seat) for t in tables]
        for snapshot in shown:
            del snapshot["log"], snapshot["log_size"]  # no step was taken: nothing was told
        assert shown[0] == shown[1]
