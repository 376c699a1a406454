"""A web table: ``python -m lasvegas serve`` (needs the ``web`` extra: Starlette and uvicorn).

One page of plain HTML, JavaScript and SVG (no build step, shipped in the package) talks to
a small JSON API; views are pushed to the page over a WebSocket after every change.

* ``POST /api/tables`` opens a table: a config document (any edition, any modules), a
  :class:`~lasvegas.session.Human` or :class:`~lasvegas.session.Bot` per seat, a seed.
  The answer holds one secret link per human seat and one for spectators.
* ``GET /api/tables/{table}/seats/{seat}`` (``seat``: a number or ``spectator``) is what
  that seat sees: its view (``lasvegas/view`` data, with labels and prompt), the view as
  SVG and text, whom the game waits for, and the event log.
* ``POST /api/tables/{table}/seats/{seat}/actions`` takes an action: an item of the view's
  ``legal``, sent back as it is.
* ``WS /api/tables/{table}/seats/{seat}/events`` pushes the same snapshot after every
  change; the first message from the client is ``{"token": ...}``.

Security: the server binds to 127.0.0.1 unless told otherwise. Every request for a seat
carries that seat's secret token (``Authorization: Bearer <token>``; the page keeps it in
the link's ``#fragment``, which browsers never send to a server nor in a ``Referer``): a
wrong token or none is refused with 403, so a seat sees only its own view and acts only as
itself; the spectator token gives the spectator view and no action. A malformed request
gets 400 with every problem listed; an action that is not legal now gets 409. In both cases
the game is unchanged (the session refuses before it changes anything). The guards of
:mod:`lasvegas.web.guards` stand in front of every route: trusted hosts, same-origin
requests, JSON-only bounded bodies, bot levels instead of agent options, checked names.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import importlib.resources
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..actions import Action
from ..boulevard import (
    Biggies,
    HundredThousands,
    Kickers,
    RainbowCards,
    SixthPlayer,
    SlotMachine,
)
from ..cardgame import cardgame
from ..cardgame.chip_cards import ChipCards
from ..classic import NeutralDice, classic
from ..config import GameConfig
from ..errors import ConfigError, DeserializationError, IllegalActionError
from ..render import svg, text_board
from ..royale import royale
from ..serde import from_data, to_data
from ..session import Bot, Human, Notice, Session, notice_data
from ..types import Seat
from .guards import (
    BODY_TIMEOUT,
    LOCAL_HOSTS,
    MAX_BODY,
    MAX_NAME,
    SPECTATOR,
    TEST_HOST,
    BotLevel,
    OriginGuard,
    RefusedError,
    bearer_token,
    bot_levels,
    check_opening,
    error_response,
    lobby_modules,
    read_json,
    seat_index,
    since_part,
)

__all__ = ["MAX_BODY", "MAX_TABLES", "Lobby", "Table", "create_app", "presets"]

MAX_TABLES: Final = 200
"""Most tables one server keeps open (the oldest finished ones make room first)."""


def presets(players: int) -> dict[str, GameConfig]:
    """Ready-made configs for *players* seats that the page offers (any other config can be
    sent as a ``lasvegas/config`` document).

    >>> sorted(presets(3))[:3]
    ['Card game', 'Card game with chip cards', 'Classic']
    """
    found: dict[str, GameConfig] = {}
    six = (SixthPlayer(),) if players == 6 else ()  # a sixth player is a Boulevard module
    candidates: dict[str, Callable[[], GameConfig]] = {
        "Classic": lambda: classic(players, *six),
        "Classic with neutral dice": lambda: classic(players, *six, NeutralDice()),
        "Classic with Boulevard modules": lambda: classic(
            players, *six, Biggies(), HundredThousands(), Kickers(), RainbowCards(), SlotMachine()
        ),
        "Royale, basic game": lambda: royale(players, tiles=0),
        "Royale with three tiles": lambda: royale(players),
        "Card game": lambda: cardgame(players),
        "Card game with chip cards": lambda: cardgame(players, ChipCards()),
    }
    for name, build in candidates.items():
        try:
            found[name] = build()
        except ConfigError:
            continue  # not for this number of players
    return found


class Table:
    """One game on the server: its session, the seats' tokens, its event logs, its watchers."""

    def __init__(self, table_id: str, session: Session) -> None:
        self.id = table_id
        """The table's public id (in URLs; it grants nothing by itself)."""
        self.session = session
        """The game."""
        players = session.config.players
        self.tokens: dict[Seat | None, str] = {
            seat: secrets.token_urlsafe(24)
            for seat in (None, *range(players))
            if seat is None or isinstance(session.seats[seat], Human)
        }
        """The secret token of each human seat and of the spectators (``None``)."""
        self.logs: dict[Seat | None, list[dict[str, Any]]] = {
            seat: [] for seat in (None, *range(players))
        }
        """What each seat has been told so far: ``{"text": ..., "event": ... | None}``."""
        self.lock = asyncio.Lock()
        """Serialises the changes to the session."""
        self.watchers: dict[WebSocket, tuple[Seat | None, int]] = {}
        """The open WebSockets, with the seat each one watches and how much of its log it
        has been sent."""
        self.version = 0
        """How many changes the table has seen."""
        self._collect()

    def seat_of(self, seat: Seat | None, token: str | None) -> bool:
        """Whether *token* is the secret of *seat* (compared in constant time)."""
        expected = self.tokens.get(seat)
        return expected is not None and token is not None and hmac.compare_digest(expected, token)

    def _collect(self) -> None:
        written: dict[Notice, dict[str, Any]] = {}  # a notice most seats share, written once
        for seat, log in self.logs.items():
            for notice in self.session.take_notices(seat):
                entry = written.get(notice)
                if entry is None:
                    entry = written[notice] = notice_data(notice)
                log.append(entry)

    def act(self, seat: Seat, action: Action) -> None:
        """Let *seat* take *action* (raises :class:`~lasvegas.IllegalActionError`, changing nothing)."""
        self.session.act(seat, action)
        self.version += 1
        self._collect()

    def snapshot(self, seat: Seat | None, since: int = 0) -> dict[str, Any]:
        """What *seat* sees now, with its log from entry *since*."""
        session = self.session
        view = session.view(seat)
        result: dict[str, Any] = {
            "table": self.id,
            "version": self.version,
            "seat": seat,
            "names": list(session.names),
            "bots": [isinstance(s, Bot) for s in session.seats],
            "view": to_data(view),
            "svg": svg(view),
            "text": text_board(view),
            "waiting": list(session.waiting()),
            "over": session.over,
            "log": self.logs[seat][since:],
            "log_size": len(self.logs[seat]),
        }
        if session.over:
            result["standings"] = to_data(session.standings())
        return result


@attrs.define
class Lobby:
    """The server's tables, in memory."""

    seed: int | None = None
    """Seeds the tables' sessions in turn (``None``: each table gets a random seed)."""
    tables: dict[str, Table] = attrs.field(factory=dict)
    """The open tables by id."""

    def open(self, config: GameConfig, seats: Sequence[Human | Bot], seed: int | None) -> Table:
        """A new table (the oldest finished table is closed when the server is full)."""
        if len(self.tables) >= MAX_TABLES:
            finished = [t for t in self.tables.values() if t.session.over]
            if not finished:
                raise _RefusedError(503, ["the server is full: try again later"])
            del self.tables[finished[0].id]
        if seed is None:
            seed = secrets.randbits(63) if self.seed is None else self.seed + len(self.tables)
        table = Table(secrets.token_urlsafe(8), Session(config, seats, seed=seed))
        self.tables[table.id] = table
        return table


_RefusedError = RefusedError


def _error(status: int, errors: Sequence[str], **extra: object) -> JSONResponse:
    return error_response(status, errors, **extra)


async def _body(request: Request) -> object:
    """The request's JSON body, checked (:func:`lasvegas.web.guards.read_json`)."""
    return await read_json(request, timeout=request.app.state.body_timeout)


def _seat_part(request: Request | WebSocket, table: Table) -> Seat | None:
    return seat_index(request.path_params["seat"], table.session.config.players)


def _token(request: Request) -> str | None:
    return bearer_token(request.headers)


def create_app(
    *,
    seed: int | None = None,
    bots: dict[str, BotLevel] | None = None,
    hosts: Sequence[str] | None = None,
    body_timeout: float = BODY_TIMEOUT,
) -> Starlette:
    """The web application (an ASGI app): serve it with uvicorn, test it with Starlette's
    ``TestClient``. *seed* makes the tables' chance and bots reproducible (tests).

    *bots* are the bot levels a client may seat
    (:func:`lasvegas.web.guards.bot_levels`, the defaults when ``None``); *hosts* the
    ``Host`` names the server answers to (others get 400): when ``None``, the
    localhost names and ``testserver``, the name of Starlette's ``TestClient``;
    *body_timeout* the seconds a client has to send a request's body (408 beyond).
    """
    lobby = Lobby(seed)
    levels = bot_levels() if bots is None else dict(bots)
    trusted = [*LOCAL_HOSTS, TEST_HOST] if hosts is None else list(hosts)
    page = importlib.resources.files(__package__).joinpath("static/index.html").read_text("utf-8")
    headers = {
        "Content-Security-Policy": (
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
            "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'"
        ),
        "Referrer-Policy": "no-referrer",
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-store",
    }

    def table_of(request: Request | WebSocket) -> Table:
        table = lobby.tables.get(request.path_params["table"])
        if table is None:
            raise _RefusedError(404, ["no such table"])
        return table

    async def index(request: Request) -> Response:
        return HTMLResponse(page, headers=headers)

    async def list_presets(request: Request) -> Response:
        raw = request.query_params.get("players", "4")
        if not (raw.isascii() and raw.isdigit() and len(raw) <= 2 and 2 <= int(raw) <= 6):
            raise RefusedError(400, ["players: expected a number of players, 2 to 6"])
        players = int(raw)
        return JSONResponse(
            {
                "players": players,
                "presets": [
                    {"name": name, "config": to_data(config)}
                    for name, config in presets(players).items()
                ],
                "bots": [
                    {"name": level.name, "description": level.description}
                    for level in levels.values()
                ],
                "modules": lobby_modules(),
                "limits": {"players": [2, 6], "tiles": [0, 6], "name": [1, MAX_NAME]},
            }
        )

    async def open_table(request: Request) -> Response:
        config, seats, seed = check_opening(await _body(request), levels)
        table = await asyncio.to_thread(lobby.open, config, seats, seed)
        base = f"/play/{table.id}"
        links = {
            str(seat): f"{base}/{seat}#{token}"
            for seat, token in table.tokens.items()
            if seat is not None
        }
        return JSONResponse(
            {
                "table": table.id,
                "seats": links,
                "spectator": f"{base}/{SPECTATOR}#{table.tokens[None]}",
            },
            status_code=201,
        )

    async def seat_view(request: Request) -> Response:
        table = table_of(request)
        seat = _seat_part(request, table)
        if not table.seat_of(seat, _token(request)):
            raise _RefusedError(403, ["this link's token does not open this seat"])
        since = since_part(request)
        async with table.lock:
            return JSONResponse(table.snapshot(seat, since))

    async def seat_act(request: Request) -> Response:
        table = table_of(request)
        seat = _seat_part(request, table)
        if seat is None or not table.seat_of(seat, _token(request)):
            raise _RefusedError(403, ["this link's token may not act for this seat"])
        body = await _body(request)
        try:
            action = from_data(body, Action)
        except DeserializationError as exc:
            raise _RefusedError(400, list(exc.errors)) from None
        async with table.lock:
            try:
                await asyncio.to_thread(table.act, seat, action)
            except IllegalActionError as exc:
                return _error(409, [str(exc)], reason=exc.reason)
        await _push(table)
        return JSONResponse({"version": table.version})

    async def events(socket: WebSocket) -> None:
        await socket.accept()
        try:
            table = table_of(socket)
            seat = _seat_part(socket, table)
            hello = await asyncio.wait_for(socket.receive_json(), timeout=5)
            token = hello.get("token") if isinstance(hello, dict) else None
            if not isinstance(token, str) or not table.seat_of(seat, token):
                await socket.close(code=4403, reason="this link's token does not open this seat")
                return
        except (_RefusedError, TimeoutError, ValueError, KeyError):
            await socket.close(code=4400)
            return
        except WebSocketDisconnect:
            return
        async with table.lock:
            snapshot = table.snapshot(seat)
            table.watchers[socket] = (seat, snapshot["log_size"])
        await socket.send_json(snapshot)
        try:
            while True:
                await socket.receive_text()  # the page sends nothing more; wait for the close
        except WebSocketDisconnect:
            pass
        finally:
            table.watchers.pop(socket, None)

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RefusedError)
        return _error(exc.status, exc.errors, **exc.extra)

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/play/{table}/{seat}", index),
            Route("/api/presets", list_presets),
            Route("/api/tables", open_table, methods=["POST"]),
            Route("/api/tables/{table}/seats/{seat}", seat_view),
            Route("/api/tables/{table}/seats/{seat}/actions", seat_act, methods=["POST"]),
            WebSocketRoute("/api/tables/{table}/seats/{seat}/events", events),
        ],
        exception_handlers={RefusedError: refused},
        middleware=[
            Middleware(TrustedHostMiddleware, allowed_hosts=trusted, www_redirect=False),
            Middleware(OriginGuard),
        ],
    )
    app.state.body_timeout = body_timeout
    return app


async def _push(table: Table) -> None:
    """Send every watcher of *table* its new snapshot, with the log entries it has not had."""
    for socket in list(table.watchers):
        async with table.lock:
            if socket not in table.watchers:
                continue
            seat, sent = table.watchers[socket]
            snapshot = table.snapshot(seat, sent)
            table.watchers[socket] = (seat, snapshot["log_size"])
        with contextlib.suppress(Exception):  # a closed socket: its handler will drop it
            await socket.send_json(snapshot)
