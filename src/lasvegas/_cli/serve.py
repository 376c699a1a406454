"""``serve``: web tables in the browser (the web extra).

uvicorn runs the app with bounds on what clients may hold (``docs/reliability.md``):
``--limit-concurrency`` connections and tasks at once (503 beyond), ``--timeout-keep-alive``
seconds for an idle kept-alive connection, ``--request-timeout`` seconds for a request's
head (a connection that connects and sends nothing, or trickles its headers, is closed;
uvicorn itself has no such timeout), WebSocket pings every 20 seconds (a peer that does not
answer within 20 seconds is dropped) and WebSocket messages of at most 64 kB.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
from typing import Any, TextIO

from .common import CliError

LIMIT_CONCURRENCY = 256
"""Default of ``--limit-concurrency``."""

TIMEOUT_KEEP_ALIVE = 5
"""Default of ``--timeout-keep-alive`` (seconds)."""

REQUEST_TIMEOUT = 10.0
"""Default of ``--request-timeout`` (seconds)."""


def _protocol(request_timeout: float) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with a deadline on each request's head.

    The deadline is armed when the connection is made and after each response; it is
    disarmed when a request's head is complete (the app then bounds the body: see
    :func:`lasvegas.web.guards.read_json`). When it expires, the connection is closed
    unless it became a WebSocket in the meantime.
    """
    from uvicorn.protocols.http.h11_impl import H11Protocol, RequestResponseCycle

    class DeadlineH11Protocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(request_timeout, self._expire)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _expire(self) -> None:
            self._deadline = None
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return  # closed, or handed over to the WebSocket protocol
            cycle: RequestResponseCycle | None = self.cycle
            if cycle is not None and not cycle.response_complete:
                return  # a request is being answered
            transport.close()

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def handle_events(self) -> None:
            before = self.cycle
            super().handle_events()
            if self.cycle is not before:  # a request's head arrived
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return DeadlineH11Protocol


def _own_names(host: str) -> list[str]:
    """For a wildcard address (``0.0.0.0``, ``::``): this machine's name and the addresses
    it resolves to, which people on the network may type (best effort)."""
    if host not in ("0.0.0.0", "::", ""):
        return []
    import contextlib
    import socket

    name = socket.gethostname()
    found = [name]
    with contextlib.suppress(OSError):
        found += [str(info[4][0]) for info in socket.getaddrinfo(name, None)]
    return [f"[{h}]" if ":" in h else h for h in found]


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    """Serve web tables with uvicorn until interrupted."""
    try:
        import uvicorn

        from ..web import create_app
        from ..web.guards import MAX_BODY, allowed_hosts, bot_levels
    except ImportError as exc:
        raise CliError(
            f"serve needs the web extra: pip install 'lasvegas-rules[web]' ({exc})"
        ) from None
    if not 0 <= args.port <= 65535:
        raise CliError("--port must be 0..65535")
    if not 1 <= args.limit_concurrency <= 100_000:
        raise CliError("--limit-concurrency must be 1..100000")
    if not 0 < args.timeout_keep_alive <= 3600:
        raise CliError("--timeout-keep-alive must be 1..3600 seconds")
    if not 0 < args.request_timeout <= 3600:
        raise CliError("--request-timeout must be more than 0 and at most 3600 seconds")
    if not args.idle_minutes > 0:
        raise CliError("--idle-minutes must be more than 0")
    try:
        levels = bot_levels(args.bot_level)
    except ValueError as exc:
        raise CliError(f"--bot-level: {exc}") from None
    from ..web.store import MemoryStore, SqliteStore, TableStore, default_store_path

    where = default_store_path() if args.store is None else args.store
    try:
        store: TableStore = MemoryStore() if where == ":memory:" else SqliteStore(where)
    except (OSError, sqlite3.Error) as exc:
        raise CliError(f"cannot open the store {where}: {exc}") from None
    hosts = allowed_hosts(args.host, [*args.allowed_host, *_own_names(args.host)])
    app = create_app(
        seed=args.seed,
        bots=levels,
        hosts=hosts,
        body_timeout=args.request_timeout,
        store=store,
        idle_minutes=args.idle_minutes,
    )
    kept = "in memory only" if where == ":memory:" else f"in {where}"
    print(f"Las Vegas tables on http://{args.host}:{args.port}/ (Ctrl-C stops)", file=out)
    print(f"Answering for the host names {', '.join(hosts)} (add one: --allowed-host)", file=out)
    print(f"Tables are kept {kept}", file=out, flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        http=_protocol(args.request_timeout),
        limit_concurrency=args.limit_concurrency,
        timeout_keep_alive=args.timeout_keep_alive,
        timeout_graceful_shutdown=5,
        ws_max_size=MAX_BODY,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
    )
    return 0
