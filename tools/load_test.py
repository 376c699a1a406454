"""Load test of the web tables on loopback: many tables played at once by scripted clients.

Starts ``python -m lasvegas serve`` on a free loopback port (a separate process, as in
use; with ``--store`` pointing to a fresh SQLite file in a temporary directory, never the
user's default path, or to ``:memory:`` with ``--memory``), opens ``--tables`` tables of ``--config`` (one human seat, the
others bots of level ``--bots``, as every web client chooses them), and plays each with one
scripted client, all at once on one asyncio loop, as the page does: follow the seat's
WebSocket (``/api/tables/{t}/seats/{s}/events``, hello ``{"token", "since"}``), and each
time a pushed snapshot gives the seat legal actions, send back a random item of its
``legal`` as it is, with ``If-Match: "<version>"`` of that snapshot. A 412 (stale) reloads
the snapshot and chooses again. The bots move in the server's background pool after the
answer to the human's action, so the client measures two times separately:

* the **action latency**: an action POST, request to answer (the step is durable in the
  store before the answer);
* the **turn time**: from sending the human's action to the first snapshot (pushed, or the
  POST's answer) that gives the seat legal actions again: the bots' moves and the chance
  outcomes in between included (the action that ends the game has none).

It also reports the wait from each table's opening request to the seat's first decision
and from its last action to the end of the game.

Each game stops at the end, or when ``--time-limit`` runs out (every wait is bounded by
it). Prints JSON: games finished, errors, p50/p99/max of both times, and the CPU time the
server and the clients used. Exit status 1 on any error or unfinished game. Needs the
``web`` extra (websockets) and httpx (or its successor httpx2, which the dev group
installs).

    python tools/load_test.py --tables 20 --config classic --bots easy --time-limit 240
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

try:  # the dev group installs httpx2, httpx's successor under a new name
    import httpx2 as httpx
except ImportError:
    import httpx  # type: ignore[no-redef, import-not-found, unused-ignore]
from websockets.asyncio.client import ClientConnection, connect

import lasvegas as lv

CONFIGS: dict[str, Callable[[], lv.GameConfig]] = {
    "classic": lambda: lv.classic(3),
    "royale": lambda: lv.royale(3),
    "cardgame": lambda: lv.cardgame(3),
}
STALE_RETRIES = 20
"""How many 412 answers in a row one decision may get before the client gives up."""


@dataclass
class Tally:
    """What the clients measured (seconds) and the problems they met."""

    actions: list[float] = field(default_factory=list)
    """The latency of each action POST that was answered 200."""
    turns: list[float] = field(default_factory=list)
    """From each human action sent to the seat's next decision."""
    opens: list[float] = field(default_factory=list)
    """From each table's opening request to the seat's first decision (the bots' moves
    before it included)."""
    ends: list[float] = field(default_factory=list)
    """From each table's last human action to the end of its game."""
    games: list[float] = field(default_factory=list)
    """From each table's opening request to the end of its game (the socket's close not
    included)."""
    stale: int = 0
    """Action POSTs answered 412 (the client reloaded and chose again)."""
    errors: list[str] = field(default_factory=list)
    """Every unexpected answer, closed socket or wait past the time limit."""


def _cpu_seconds(pid: int) -> float:
    """CPU time (user + system) the process *pid* has used so far (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _ready(snapshot: dict[str, Any]) -> bool:
    """Whether *snapshot* ends the wait: the game is over or the seat has a decision."""
    return bool(snapshot["over"] or snapshot["view"]["legal"])


async def _next_ready(
    feed: ClientConnection, newest: dict[str, Any], deadline: float
) -> dict[str, Any]:
    """The first snapshot pushed on *feed*, no older than *newest*, that is ready
    (*newest* itself if it is); raises :class:`TimeoutError` past *deadline*."""
    while not _ready(newest):
        message = await asyncio.wait_for(feed.recv(), max(0.0, deadline - time.monotonic()))
        pushed: dict[str, Any] = json.loads(message)
        if pushed["version"] >= newest["version"]:
            newest = pushed
    return newest


async def _play(
    client: httpx.AsyncClient,
    ws_base: str,
    config: lv.GameConfig,
    bots: str,
    deadline: float,
    tally: Tally,
    rng: random.Random,
) -> bool:
    """Open a table and play its human seat to the end; whether the game finished."""
    seats = [{"human": "load"}] + [{"bot": bots}] * (config.players - 1)
    begun = opened = time.perf_counter()  # opened: until the seat's first decision
    answer = await client.post("/api/tables", json={"config": lv.to_data(config), "seats": seats})
    if answer.status_code != 201:
        tally.errors.append(f"open: {answer.status_code} {answer.text[:200]}")
        return False
    path, _, token = answer.json()["seats"]["0"].partition("#")
    _, _, table, seat = path.split("/")
    api = f"/api/tables/{table}/seats/{seat}"
    headers = {"Authorization": f"Bearer {token}"}
    async with connect(f"{ws_base}{api}/events", open_timeout=30, close_timeout=5) as feed:
        await feed.send(json.dumps({"token": token, "since": 0}))
        newest: dict[str, Any] = json.loads(
            await asyncio.wait_for(feed.recv(), max(0.0, deadline - time.monotonic()))
        )
        sent_at: float | None = None  # when the last human action was sent
        stale_in_a_row = 0
        while time.monotonic() < deadline:
            try:
                newest = await _next_ready(feed, newest, deadline)
            except TimeoutError:
                break
            if newest["over"]:
                if sent_at is not None:
                    tally.ends.append(time.perf_counter() - sent_at)
                tally.games.append(time.perf_counter() - begun)
                return True
            if sent_at is not None:
                tally.turns.append(time.perf_counter() - sent_at)
                sent_at = None
            elif opened:
                tally.opens.append(time.perf_counter() - opened)
            opened = 0.0
            version = newest["version"]
            started = time.perf_counter()
            answer = await client.post(
                f"{api}/actions",
                json=rng.choice(newest["view"]["legal"]),
                headers={**headers, "If-Match": f'"{version}"'},
            )
            if answer.status_code == 200:
                tally.actions.append(time.perf_counter() - started)
                sent_at, stale_in_a_row = started, 0
                replied: dict[str, Any] = answer.json()
                if replied["version"] >= newest["version"]:
                    newest = replied
                continue
            if answer.status_code == 412 and stale_in_a_row < STALE_RETRIES:
                tally.stale += 1
                stale_in_a_row += 1
                reloaded = await client.get(api, headers=headers)
                if reloaded.status_code != 200:
                    tally.errors.append(f"reload: {reloaded.status_code} {reloaded.text[:200]}")
                    return False
                newest = reloaded.json()
                continue
            tally.errors.append(f"act: {answer.status_code} {answer.text[:200]}")
            return False
    tally.errors.append(f"table {table}: not over at the time limit")
    return False


def _quantiles(seconds: list[float], name: str) -> dict[str, object]:
    ordered = sorted(seconds)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)

    if not ordered:
        return {f"{name}_count": 0}
    return {
        f"{name}_count": len(ordered),
        f"{name}_p50_ms": at(0.50),
        f"{name}_p99_ms": at(0.99),
        f"{name}_max_ms": round(ordered[-1] * 1000, 1),
        f"{name}_mean_ms": round(statistics.fmean(ordered) * 1000, 1),
    }


async def _run(args: argparse.Namespace, base: str) -> dict[str, object]:
    config = CONFIGS[args.config]()
    tally = Tally()
    deadline = time.monotonic() + args.time_limit
    limits = httpx.Limits(max_connections=args.tables + 5)
    ws_base = "ws" + base.removeprefix("http")
    started = time.perf_counter()
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        results = await asyncio.gather(
            *(
                _play(client, ws_base, config, args.bots, deadline, tally, random.Random(i))
                for i in range(args.tables)
            ),
            return_exceptions=True,
        )
    seconds = time.perf_counter() - started
    for result in results:
        if isinstance(result, BaseException):
            tally.errors.append(f"client: {type(result).__name__}: {result}")
    return {
        "config": args.config,
        "bots": args.bots,
        "tables": args.tables,
        "store": ":memory:" if args.memory else "SQLite file",
        "finished": sum(1 for r in results if r is True),
        "seconds": round(seconds, 1),
        **_quantiles(tally.actions, "action"),
        **_quantiles(tally.turns, "turn"),
        **_quantiles(tally.opens, "first_decision"),
        **_quantiles(tally.ends, "to_end"),
        "longest_game_seconds": round(max(tally.games, default=0.0), 1),
        "stale_412": tally.stale,
        "errors": len(tally.errors),
        "first_errors": tally.errors[:5],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=20, help="tables played at once (1-200)")
    parser.add_argument("--config", choices=sorted(CONFIGS), default="classic")
    parser.add_argument("--bots", default="easy", help="bot level of the other seats")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds, at most 600")
    parser.add_argument(
        "--memory", action="store_true", help="serve with --store :memory: (no SQLite file)"
    )
    args = parser.parse_args()
    if not 1 <= args.tables <= 200 or not 0 < args.time_limit <= 600:
        parser.error("--tables 1-200 and --time-limit up to 600 seconds")
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="lasvegas-load-") as scratch:
        store = ":memory:" if args.memory else os.path.join(scratch, "tables.sqlite3")
        command = [sys.executable, "-m", "lasvegas", "serve", "--port", str(port)]
        server = subprocess.Popen(
            [*command, "--seed", "1", "--store", store], stdout=subprocess.DEVNULL
        )
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(100):
                try:
                    httpx.get(base + "/api/presets", timeout=1)
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            cpu_before = _cpu_seconds(server.pid)
            client_before = _cpu_seconds(os.getpid())
            result = asyncio.run(_run(args, base))
            result["client_cpu_seconds"] = round(_cpu_seconds(os.getpid()) - client_before, 1)
            cpu = _cpu_seconds(server.pid) - cpu_before
            result["server_cpu_seconds"] = round(cpu, 1)
            actions = result.get("action_count", 0)
            assert isinstance(actions, int)
            result["server_cpu_ms_per_action"] = round(cpu / actions * 1000, 1) if actions else 0.0
            result["load_average"] = [round(x, 2) for x in os.getloadavg()]
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=10)
    print(json.dumps(result, indent=2))
    return 1 if result["errors"] or result["finished"] != args.tables else 0


if __name__ == "__main__":
    sys.exit(main())
