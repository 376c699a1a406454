"""A table played through the web tables' HTTP API, as a page (or any other client) does.

The script starts the server in-process (uvicorn on a free port of 127.0.0.1, the ``web``
extra), opens a table of the classic game for one person (Ann, seat 0) and two bots, then
plays Ann's seat over HTTP: it reads the seat's snapshot, sends back one of its ``legal``
actions as it is, with the snapshot's version in ``If-Match``, and goes on until the game
is over. Then it prints the final standings and stops the server.

Run it with ``python examples/web_http.py`` (needs ``pip install -e '.[web]'``).
"""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request
from typing import Any

import uvicorn

from lasvegas import classic, to_data
from lasvegas.web import create_app


def call(base: str, method: str, path: str, body: object = None, **headers: str) -> Any:
    """One request to the API; the decoded JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    for name, value in headers.items():
        request.add_header(name.replace("_", "-"), value)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def main() -> None:
    """Start a server, play Ann's seat to the end over HTTP, stop the server."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))  # a free port
    port = listener.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        for _ in range(200):  # at most 10 s
            if server.started:
                break
            time.sleep(0.05)
        assert server.started, "the server did not start"
        base = f"http://127.0.0.1:{port}"
        offered = call(base, "GET", "/api/presets?players=3")["bots"]  # the bot levels
        bot = next(b["name"] if isinstance(b, dict) else b for b in offered)
        opened = call(
            base,
            "POST",
            "/api/tables",
            {
                "config": to_data(classic(3)),
                "seats": [{"human": "Ann"}, {"bot": bot}, {"bot": bot}],
            },
        )
        table, token = opened["table"], opened["seats"]["0"].split("#")[1]
        auth = {"Authorization": f"Bearer {token}"}
        seat = f"/api/tables/{table}/seats/0"
        moves = 0
        for _ in range(20_000):  # bounded: a game is a few hundred snapshots
            snapshot = call(base, "GET", seat, **auth)
            if snapshot["over"]:
                break
            legal = snapshot["view"]["legal"]
            if not legal:  # the bots move after the answer, one by one: wait for Ann's turn
                assert snapshot["thinking"] is not None or snapshot["waiting"] != [0]
                time.sleep(0.01)
                continue
            version = f'"{snapshot["version"]}"'
            call(base, "POST", seat + "/actions", legal[0], If_Match=version, **auth)
            moves += 1

        final = snapshot["view"]["final"]
        names = snapshot["names"]
        for s in final["order"]:
            print(f"{final['places'][s]}. {names[s]}: ${final['money'][s]:,}")
        print(final["text"])
        print(f"Ann made {moves} moves over HTTP; her log has {snapshot['log_size']} lines.")
        # What was checked: the game ended with standings, Ann's moves were hers, and her
        # log names her by seat and groups its lines by turn.
        assert final["winners"]
        assert moves > 0
        log = call(base, "GET", seat + "?since=0", **auth)["log"]
        assert any(entry["text"].startswith("Seat 0 (Ann) places") for entry in log)
        assert all(isinstance(entry.get("turn"), int) for entry in log)
    finally:
        server.should_exit = True
        thread.join(timeout=10)


if __name__ == "__main__":
    main()
