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
the game is unchanged (the session refuses before it changes anything).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import importlib.resources
import json
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..actions import Action
from ..agents import AGENTS
from ..boulevard import Biggies, HundredThousands, Kickers, RainbowCards, SlotMachine
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

__all__ = ["MAX_BODY", "MAX_TABLES", "Lobby", "Table", "create_app", "presets"]

MAX_TABLES: Final = 200
"""Most tables one server keeps open (the oldest finished ones make room first)."""

MAX_BODY: Final = 64_000
"""Most bytes a request body may hold."""

SPECTATOR: Final = "spectator"
"""The seat part of a spectator's URLs."""


def presets(players: int) -> dict[str, GameConfig]:
    """Ready-made configs for *players* seats that the page offers (any other config can be
    sent as a ``lasvegas/config`` document).

    >>> sorted(presets(3))[:3]
    ['Card game', 'Card game with chip cards', 'Classic']
    """
    found: dict[str, GameConfig] = {}
    candidates: dict[str, Callable[[], GameConfig]] = {
        "Classic": lambda: classic(players),
        "Classic with neutral dice": lambda: classic(players, NeutralDice()),
        "Classic with Boulevard modules": lambda: classic(
            players, Biggies(), HundredThousands(), Kickers(), RainbowCards(), SlotMachine()
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


class _RefusedError(Exception):
    """A request refused with *status* and its problems."""

    def __init__(self, status: int, errors: list[str]) -> None:
        super().__init__("; ".join(errors))
        self.status = status
        self.errors = errors


def _error(status: int, errors: Sequence[str], **extra: object) -> JSONResponse:
    return JSONResponse({"errors": list(errors), **extra}, status_code=status)


async def _body(request: Request) -> object:
    """The request's JSON body, bounded and checked (400 otherwise)."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise _RefusedError(400, [f"the body is larger than {MAX_BODY} bytes"])
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise _RefusedError(400, [f"the body is larger than {MAX_BODY} bytes"])
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise _RefusedError(400, [f"the body is not JSON ({exc})"]) from None


def _seats(value: object, players: int) -> list[Human | Bot]:
    """``[{"human": "Ann"}, {"bot": "greedy"}, ...]`` checked, every problem listed."""
    problems: list[str] = []
    seats: list[Human | Bot] = []
    if not isinstance(value, list):
        raise _RefusedError(400, ["seats: expected a list with one entry per seat @ $.seats"])
    if len(value) != players:
        problems.append(f"seats: {players} entries needed, not {len(value)} @ $.seats")
    for i, entry in enumerate(value):
        where = f"@ $.seats[{i}]"
        if isinstance(entry, dict) and set(entry) == {"human"} and isinstance(entry["human"], str):
            name = entry["human"].strip()
            if not 1 <= len(name) <= 40:
                problems.append(f"a name has 1-40 characters {where}")
            seats.append(Human(name))
        elif isinstance(entry, dict) and set(entry) <= {"bot", "name"} and "bot" in entry:
            spec = entry["bot"]
            if not isinstance(spec, str) or spec.partition(":")[0] not in AGENTS:
                problems.append(f"unknown bot {spec!r} (known: {', '.join(AGENTS)}) {where}")
                continue
            name = entry.get("name", spec)
            if not isinstance(name, str) or not 1 <= len(name) <= 40:
                problems.append(f"a name has 1-40 characters {where}")
                continue
            seats.append(Bot(spec, name))
        else:
            problems.append(f'expected {{"human": name}} or {{"bot": spec}} {where}')
    if problems:
        raise _RefusedError(400, problems)
    return seats


def _seat_part(request: Request | WebSocket, table: Table) -> Seat | None:
    raw = request.path_params["seat"]
    if raw == SPECTATOR:
        return None
    if raw.isdigit() and int(raw) < table.session.config.players:
        return int(raw)
    raise _RefusedError(404, [f"no seat {raw!r} at this table"])


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def create_app(*, seed: int | None = None) -> Starlette:
    """The web application (an ASGI app): serve it with uvicorn, test it with Starlette's
    ``TestClient``. *seed* makes the tables' chance and bots reproducible (tests)."""
    lobby = Lobby(seed)
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
        players = int(raw) if raw.isdigit() and 1 <= int(raw) <= 8 else 4
        return JSONResponse(
            {
                "players": players,
                "presets": [
                    {"name": name, "config": to_data(config)}
                    for name, config in presets(players).items()
                ],
                "bots": sorted(AGENTS),
            }
        )

    async def open_table(request: Request) -> Response:
        body = await _body(request)
        if not isinstance(body, dict):
            raise _RefusedError(400, ["expected an object with config and seats @ $"])
        problems = [
            f"unknown field @ $.{k}" for k in sorted(set(body) - {"config", "seats", "seed"})
        ]
        config: GameConfig | None = None
        try:
            config = from_data(body.get("config"), GameConfig)
        except DeserializationError as exc:
            problems += [f"config: {e}" for e in exc.errors]
        seed = body.get("seed")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
            problems.append("seed: expected an integer 0 .. 2**63-1 @ $.seed")
        seats: list[Human | Bot] = []
        if config is not None:
            try:
                seats = _seats(body.get("seats"), config.players)
            except _RefusedError as refused:
                problems += refused.errors
        if problems or config is None:
            raise _RefusedError(400, problems)
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
        since = request.query_params.get("since", "0")
        async with table.lock:
            return JSONResponse(table.snapshot(seat, int(since) if since.isdigit() else 0))

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
            hello = await asyncio.wait_for(socket.receive_json(), timeout=30)
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
        assert isinstance(exc, _RefusedError)
        return _error(exc.status, exc.errors)

    return Starlette(
        routes=[
            Route("/", index),
            Route("/play/{table}/{seat}", index),
            Route("/api/presets", list_presets),
            Route("/api/tables", open_table, methods=["POST"]),
            Route("/api/tables/{table}/seats/{seat}", seat_view),
            Route("/api/tables/{table}/seats/{seat}/actions", seat_act, methods=["POST"]),
            WebSocketRoute("/api/tables/{table}/seats/{seat}/events", events),
        ],
        exception_handlers={_RefusedError: refused},
    )


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
