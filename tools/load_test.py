"""Load test of the web tables on loopback: many tables played at once by scripted clients.

Starts ``python -m lasvegas serve`` on a free loopback port (a separate process, as in
use), opens ``--tables`` tables of ``--config`` (a human seat and bots), and plays each
with one scripted client (all at once, on one asyncio loop): fetch the seat's view, send
back an item of its ``legal`` as it is, until the game is over or ``--time-limit`` runs
out. Prints the latency of the action requests (p50, p99, max), the errors and the games
finished. Needs the ``web`` extra and httpx (or its successor httpx2, which the dev group
installs). Bots are chosen by level (``--bots easy``), as every web client chooses them;
each action is sent with ``If-Match`` and the version of the snapshot it was chosen from.

    python tools/load_test.py --tables 20 --time-limit 60
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
import time

try:
    import httpx
except ImportError:  # the dev group installs httpx2, the same client under a new name
    import httpx2 as httpx  # type: ignore[no-redef]

import lasvegas as lv

CONFIGS = {
    "classic": lambda: lv.classic(3),
    "royale": lambda: lv.royale(3),
    "cardgame": lambda: lv.cardgame(3),
}


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


async def _play(
    client: httpx.AsyncClient,
    config: lv.GameConfig,
    bots: str,
    deadline: float,
    latencies: list[float],
    errors: list[str],
    rng: random.Random,
) -> bool:
    """Open a table and play its human seat to the end; whether the game finished."""
    seats = [{"human": "load"}] + [{"bot": bots}] * (config.players - 1)
    answer = await client.post("/api/tables", json={"config": lv.to_data(config), "seats": seats})
    if answer.status_code != 201:
        errors.append(f"open: {answer.status_code} {answer.text[:200]}")
        return False
    link = answer.json()["seats"]["0"]
    path, _, token = link.partition("#")
    _, _, table, seat = path.split("/")
    api = f"/api/tables/{table}/seats/{seat}"
    headers = {"Authorization": f"Bearer {token}"}
    since = 0  # the log entries already received, as a page keeps them
    while time.monotonic() < deadline:
        snapshot = (await client.get(f"{api}?since={since}", headers=headers)).json()
        since = snapshot["log_size"]
        if snapshot["over"]:
            return True
        legal = snapshot["view"]["legal"]
        if not legal:
            errors.append("the human seat has nothing to do but the game is not over")
            return False
        started = time.perf_counter()
        version = {"If-Match": f'"{snapshot["version"]}"'}
        answer = await client.post(
            f"{api}/actions", json=rng.choice(legal), headers={**headers, **version}
        )
        latencies.append(time.perf_counter() - started)
        if answer.status_code != 200:
            errors.append(f"act: {answer.status_code} {answer.text[:200]}")
    return False


async def _run(args: argparse.Namespace, base: str) -> dict[str, object]:
    config = CONFIGS[args.config]()
    latencies: list[float] = []
    errors: list[str] = []
    deadline = time.monotonic() + args.time_limit
    limits = httpx.Limits(max_connections=args.tables + 5)
    started = time.perf_counter()
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        results = await asyncio.gather(
            *(
                _play(client, config, args.bots, deadline, latencies, errors, random.Random(i))
                for i in range(args.tables)
            ),
            return_exceptions=True,
        )
    seconds = time.perf_counter() - started
    for result in results:
        if isinstance(result, BaseException):
            errors.append(f"client: {type(result).__name__}: {result}")
    ordered = sorted(latencies)

    def quantile(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0

    return {
        "config": args.config,
        "bots": args.bots,
        "tables": args.tables,
        "finished": sum(1 for r in results if r is True),
        "actions": len(latencies),
        "seconds": round(seconds, 1),
        "actions_per_second": round(len(latencies) / seconds, 1) if seconds else 0.0,
        "p50_ms": round(quantile(0.50), 1),
        "p99_ms": round(quantile(0.99), 1),
        "max_ms": round(ordered[-1] * 1000, 1) if ordered else 0.0,
        "mean_ms": round(statistics.fmean(ordered) * 1000, 1) if ordered else 0.0,
        "errors": len(errors),
        "first_errors": errors[:5],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20, help="tables played at once (1-200)")
    parser.add_argument("--config", choices=sorted(CONFIGS), default="classic")
    parser.add_argument("--bots", default="easy", help="bot level of the other seats")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds, at most 600")
    args = parser.parse_args()
    if not 1 <= args.tables <= 200 or not 0 < args.time_limit <= 600:
        parser.error("--tables 1-200 and --time-limit up to 600 seconds")
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "lasvegas", "serve", "--port", str(port), "--seed", "1"],
        stdout=subprocess.DEVNULL,
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
        actions = result["actions"]
        assert isinstance(actions, int)
        result["server_cpu_ms_per_action"] = round(cpu / actions * 1000, 1) if actions else 0.0
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(json.dumps(result, indent=2))
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
