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
import hashlib
import hmac
import importlib.resources
import json
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..actions import Action, safe_repr
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
from ..session import Bot, Human, Notice, Progress, Session, notice_data
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
from .store import MemoryStore, OpenedTable, SavedTable, Step, TableStore

__all__ = [
    "ANNOUNCE_SECONDS",
    "HELLO_SECONDS",
    "IDLE_MINUTES",
    "MAX_BODY",
    "MAX_TABLES",
    "Lobby",
    "Table",
    "bot_workers",
    "create_app",
    "presets",
]

MAX_TABLES: Final = 200
"""Most tables one server keeps open: when full, the longest-idle table makes room
(finished ones first; an unfinished one is archived in the store)."""

HELLO_SECONDS: Final = 5.0
"""How long a new WebSocket may take to send its hello before it is closed (4408)."""

NO_STORE: Final = {"Cache-Control": "no-store"}
"""The header of every seat response."""


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


def _hash(token: str) -> str:
    """The SHA-256 of a token (hex): what the server keeps of it."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _key(seat: Seat | None) -> str:
    """A seat's key in the store: ``"0"``, ``"1"``, ... or ``"spectator"``."""
    return SPECTATOR if seat is None else str(seat)


def _seat_data(seat: Human | Bot) -> dict[str, str]:
    return (
        {"human": seat.name} if isinstance(seat, Human) else {"bot": seat.agent, "name": seat.name}
    )


def _seat_of_data(data: dict[str, str]) -> Human | Bot:
    return Human(data["human"]) if "human" in data else Bot(data["bot"], data["name"])


class Table:
    """One game on the server: its session, the hashes of its seats' tokens, its event
    logs, its watchers, and the store that keeps every change.

    ``Table(id, session)`` wraps a session as it is (no store, fresh tokens: tests and
    scripts); the server opens tables with :meth:`Lobby.open` and reopens stored ones.
    """

    def __init__(
        self,
        table_id: str,
        session: Session,
        *,
        store: TableStore | None = None,
        hashes: dict[str, str] | None = None,
        logs: dict[Seat | None, list[dict[str, Any]]] | None = None,
        touched: float = 0.0,
    ) -> None:
        self.id = table_id
        """The table's public id (in URLs; it grants nothing by itself)."""
        self.session = session
        """The game."""
        players = session.config.players
        reopened = hashes is not None
        self.tokens: dict[Seat | None, str] = {}
        """The secret token of each human seat and of the spectators (``None``), for a table
        opened in this process (they are handed out once, then only their hashes are kept:
        empty for a reopened table)."""
        if hashes is None:
            self.tokens = {
                seat: secrets.token_urlsafe(24)
                for seat in (None, *range(players))
                if seat is None or isinstance(session.seats[seat], Human)
            }
            hashes = {_key(seat): _hash(token) for seat, token in self.tokens.items()}
        self.hashes = hashes
        """The SHA-256 of each seat's token by seat key (``"0"``, ..., ``"spectator"``,
        ``"creator"``)."""
        self.logs: dict[Seat | None, list[dict[str, Any]]] = logs or {
            seat: [] for seat in (None, *range(players))
        }
        """What each seat has been told so far: entries ``{"seq", "text", "event", ...}``."""
        self.lock = threading.Lock()
        """Serialises the changes to the session and the reads of it (threads: the
        request handlers' and the bot workers')."""
        self.watchers: dict[WebSocket, tuple[Seat | None, int, int]] = {}
        """The open WebSockets, with the seat each one watches, how much of its log it has
        been sent and the last version it was sent (changed under :attr:`lock`)."""
        # the event loop serving each watcher (where a bot worker sends its pushes)
        self._loops: dict[WebSocket, asyncio.AbstractEventLoop] = {}
        self.store = store
        """Where each change is kept (``None``: nowhere)."""
        self.touched = touched
        """When the table last changed or was looked at (seconds since the epoch)."""
        self.bot_busy = False
        """Whether a bot move of this table is queued or being chosen."""
        self.closed = False
        """Whether the table was retired (expired or evicted): it takes no more changes."""
        self.creator: str | None = None
        """The creator's key, for a table opened in this process (handed out once)."""
        self._stored = len(session.progress().actions) if reopened else 0
        if store is None:
            self._collect()

    @property
    def version(self) -> int:
        """The table's version: how many changes the game has seen (:attr:`Session.version`)."""
        return self.session.version

    def seat_of(self, seat: Seat | None, token: str | None) -> bool:
        """Whether *token* is the secret of *seat* (compared in constant time)."""
        expected = self.hashes.get(_key(seat))
        return (
            expected is not None
            and token is not None
            and hmac.compare_digest(expected, _hash(token))
        )

    def _collect(self) -> list[tuple[str, str]]:
        """Move the session's new notices into the logs; the new entries as JSON texts."""
        written: dict[Notice, dict[str, Any]] = {}  # a notice most seats share, built once
        new: list[tuple[str, str]] = []
        for seat, log in self.logs.items():
            for notice in self.session.take_notices(seat):
                entry = written.get(notice)
                if entry is None:
                    entry = written[notice] = notice_data(notice)
                entry = {"seq": len(log), **entry}
                log.append(entry)
                new.append((_key(seat), json.dumps(entry)))
        return new

    def _step(self, seat: Seat | None, action: Action | None, at: float) -> Step:
        """The change just made, as a store step (collects the new log entries)."""
        session = self.session
        progress = session.progress()
        applied = progress.actions[self._stored :]
        self._stored = len(progress.actions)
        state = {
            "rng": progress.rng,
            "agents": [list(pair) for pair in progress.agents],
            "held": [[s, to_data(a)] for s, a in progress.held],
        }
        return Step(
            progress.version,
            seat,
            None if action is None else json.dumps(to_data(action)),
            json.dumps([to_data(a) for a in applied]),
            json.dumps(state),
            tuple(self._collect()),
            at,
            json.dumps(to_data(session.record())) if session.over else None,
        )

    def opened(self, created: float) -> tuple[OpenedTable, Step]:
        """The table's opening, as the store keeps it (call once, on a new table)."""
        session = self.session
        opened = OpenedTable(
            self.id,
            json.dumps(to_data(session.config)),
            json.dumps([_seat_data(s) for s in session.seats]),
            session.seed,
            tuple(self.hashes.items()),
            created,
        )
        return opened, self._step(None, None, created)

    def act(self, seat: Seat, action: Action, version: int | None = None, at: float = 0.0) -> None:
        """Let *seat* take *action* chosen at *version* and store the change before this
        returns (raises :class:`~lasvegas.IllegalActionError`, changing nothing)."""
        with self.lock:
            if self.closed:
                raise IllegalActionError(safe_repr(action), "gone", "the table is closed", "gone")
            self.session.act(seat, action, version=version)
            self._commit(seat, action, at)

    def _commit(self, seat: Seat, action: Action, at: float) -> None:
        step = self._step(seat, action, at)
        self.touched = at
        if self.store is not None:
            self.store.append(self.id, step)

    def bot_move(self, clock: Callable[[], float]) -> bool:
        """Choose and play the next bot's move (choosing outside the lock), store it; say
        whether a move was played."""
        with self.lock:
            turn = None if self.closed else self.session.bot_turn()
        if turn is None:
            return False
        action = turn.choose()
        with self.lock:
            if self.closed or not self.session.play_bot(turn, action):
                return False
            self._commit(turn.seat, action, clock())
        return True

    def snapshot(self, seat: Seat | None, since: int = 0) -> dict[str, Any]:
        """What *seat* sees now, with its log from entry *since* (call under :attr:`lock`)."""
        session = self.session
        view = session.view(seat)
        result: dict[str, Any] = {
            "table": self.id,
            "version": session.version,
            "seat": seat,
            "names": list(session.names),
            "bots": [isinstance(s, Bot) for s in session.seats],
            "view": to_data(view),
            "svg": svg(view),
            "text": text_board(view),
            "waiting": list(session.waiting()),
            "thinking": session.thinking,
            "over": session.over,
            "log": self.logs[seat][since:],
            "log_size": len(self.logs[seat]),
        }
        if session.over:
            result["standings"] = to_data(session.standings())
        return result

    @classmethod
    def reopen(cls, saved: SavedTable, store: TableStore | None) -> Table:
        """The table *saved* in a store, as it was: same session, tokens and logs."""
        opened = saved.opened
        config = from_data(json.loads(opened.config), GameConfig)
        seats = [_seat_of_data(s) for s in json.loads(opened.seats)]
        actions: list[Action] = []
        logs: dict[Seat | None, list[dict[str, Any]]] = {
            seat: [] for seat in (None, *range(config.players))
        }
        keys = {_key(seat): seat for seat in logs}
        for step in saved.steps:
            actions += [from_data(a, Action) for a in json.loads(step.applied)]
            for key, entry in step.log:
                logs[keys[key]].append(json.loads(entry))
        last = saved.steps[-1]
        state = json.loads(last.session)
        progress = Progress(
            tuple(actions),
            tuple((int(s), from_data(a, Action)) for s, a in state["held"]),
            int(state["rng"]),
            tuple((int(s), int(r)) for s, r in state["agents"]),
            last.version,
        )
        session = Session(config, seats, seed=opened.seed, progress=progress, autoplay=False)
        for seat in logs:
            session.take_notices(seat)  # the logs come from the store
        return cls(
            opened.id,
            session,
            store=store,
            hashes=dict(opened.tokens),
            logs=logs,
            touched=last.at,
        )


IDLE_MINUTES: Final = 24 * 60
"""How long an unfinished table may sit unchanged and unlooked-at before it expires."""


ANNOUNCE_SECONDS: Final = 2.0
"""Longest a bot's move is held back for the table's watchers to be sent that the bot is
thinking (a watcher that reads slowly delays its own table's bots by at most this a move;
no bot worker waits meanwhile)."""


def bot_workers() -> int:
    """The default size of the bot pool: ``min(4, cpu count)``."""
    return max(1, min(4, os.cpu_count() or 1))


class Lobby:
    """The server's tables: the open ones in memory (under :attr:`lock`), every change in
    *store*, the bots' moves in a bounded pool of *workers* threads (``0``: a bot moves
    inside the request that made it its turn, before the answer).

    *seed* seeds the tables where no person could read another's hand (bots only, or one
    human): table k opened with *seed* gets ``seed + k``; a table with two or more humans
    always gets a secret seed (``secrets.randbits(63)``). *idle_minutes*: an unfinished
    table that long unchanged and unlooked-at expires (archived in the store, then 404).
    *max_tables*: when full, the longest-idle table makes room (finished ones first).
    On creation the lobby reopens every unfinished table of *store*.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        store: TableStore | None = None,
        idle_minutes: float = IDLE_MINUTES,
        workers: int | None = None,
        max_tables: int = MAX_TABLES,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.seed = seed
        """The operator's seed for tables with at most one human (``None``: secret seeds)."""
        self.store: TableStore = store if store is not None else MemoryStore()
        """Where the tables are kept."""
        self.idle = idle_minutes * 60.0
        """Seconds after which an idle unfinished table expires."""
        self.max_tables = max_tables
        """Most tables kept open at once."""
        self.clock = clock
        """The time now (seconds since the epoch)."""
        self.tables: dict[str, Table] = {}
        """The open tables by id (under :attr:`lock`)."""
        self.lock = threading.Lock()
        """Guards :attr:`tables`."""
        self.seeded = 0
        """How many tables got the operator's seed."""
        workers = bot_workers() if workers is None else workers
        self.pool = ThreadPoolExecutor(workers, "lasvegas-bots") if workers > 0 else None
        """The bot workers (``None``: bots move inline)."""
        self._tasks: set[asyncio.Task[None]] = set()
        now = clock()
        for saved in self.store.unfinished():
            if now - saved.steps[-1].at > self.idle:
                self.store.archive(saved.opened.id, now)
                continue
            try:
                table = Table.reopen(saved, self.store)
            except Exception:  # left in the store as it is, for a later version to reopen
                logging.getLogger(__name__).exception("cannot reopen table %s", saved.opened.id)
                continue
            self.tables[table.id] = table
        for table in list(self.tables.values()):
            self.schedule(table)

    def open(self, config: GameConfig, seats: Sequence[Human | Bot], seed: int | None) -> Table:
        """A new table, stored before this returns (the longest-idle table is retired
        when the server is full). A *seed* is refused where two or more humans sit."""
        humans = sum(isinstance(s, Human) for s in seats)
        if humans >= 2 and seed is not None:
            raise _RefusedError(
                400,
                [
                    "seed: a table with two or more people gets the server's secret seed"
                    " (a known seed would show every hand) @ $.seed"
                ],
            )
        now = self.clock()
        with self.lock:
            if seed is None:
                if humans <= 1 and self.seed is not None:
                    seed = self.seed + self.seeded
                    self.seeded += 1
                else:
                    seed = secrets.randbits(63)
            self._make_room(now)
        table = Table(
            secrets.token_urlsafe(8),
            Session(config, seats, seed=seed, autoplay=False),
            store=self.store,
            touched=now,
        )
        table.creator = secrets.token_urlsafe(24)
        table.hashes["creator"] = _hash(table.creator)
        opened, opening = table.opened(now)
        self.store.create(opened, opening)
        with self.lock:
            self._make_room(now)
            self.tables[table.id] = table
        self.schedule(table)
        return table

    def _make_room(self, now: float) -> None:
        """Retire the expired tables, then the longest-idle ones (finished ones first)
        until a new table fits."""
        self._sweep(now)
        while self.tables and len(self.tables) >= self.max_tables:
            victim = min(self.tables.values(), key=lambda t: (not t.session.over, t.touched))
            self._retire(victim, now)

    def get(self, table_id: str) -> Table | None:
        """The open table *table_id* (``None``: unknown, expired or retired)."""
        now = self.clock()
        with self.lock:
            table = self.tables.get(table_id)
            if table is not None and self._expired(table, now):
                self._retire(table, now)
                return None
            if table is not None:
                table.touched = max(table.touched, now)
            return table

    def _expired(self, table: Table, now: float) -> bool:
        return now - table.touched > self.idle and not table.bot_busy

    def _sweep(self, now: float) -> None:
        for table in list(self.tables.values()):
            if self._expired(table, now):
                self._retire(table, now)

    def _retire(self, table: Table, now: float) -> None:
        """Close *table* and drop it from memory (archived when unfinished)."""
        with table.lock:
            table.closed = True
            over = table.session.over
            watchers = list(table._loops.items())
        if not over:
            self.store.archive(table.id, now)
        del self.tables[table.id]
        for socket, loop in watchers:  # the pages stop retrying on 4404
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._close, socket)

    def _close(self, socket: WebSocket) -> None:
        task = asyncio.get_running_loop().create_task(_close_gone(socket))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def schedule(self, table: Table) -> None:
        """Queue the next bot move of *table* (one at a time per table)."""
        with table.lock:
            if table.bot_busy or table.closed or table.session.thinking is None:
                return
            table.bot_busy = True
        if self.pool is None:
            self._bots(table)
        else:
            self._after_push(table)

    def _bots(self, table: Table) -> None:
        """Play *table*'s next bot move; in the pool, queue the next one behind the other
        tables' moves once this one is pushed (:meth:`_after_push`); inline, play them all.
        """
        while True:
            try:
                moved = table.bot_move(self.clock)
            except Exception:  # a bot that fails: the table waits, the server goes on
                logging.getLogger(__name__).exception("a bot failed at table %s", table.id)
                moved = False
            with table.lock:
                more = moved and not table.closed and table.session.thinking is not None
                if not more:
                    table.bot_busy = False
            if more and self.pool is not None:
                self._after_push(table)  # pushes this move, which names the next bot
                return
            if moved:
                self.notify(table)
            if not more:
                return

    def _after_push(self, table: Table) -> None:
        """Queue *table*'s next bot move in the pool once its watchers have been sent the
        table as it is now, which names that bot as thinking (at most
        :data:`ANNOUNCE_SECONDS` later): the pages see the bots' moves one by one, each
        bot thinking first, however fast the bots play. No worker waits meanwhile."""
        pool = self.pool
        assert pool is not None

        def queue() -> None:
            with contextlib.suppress(RuntimeError):  # the server is shutting down
                pool.submit(self._bots, table)

        self.notify(table, then=queue)

    def notify(self, table: Table, then: Callable[[], None] | None = None) -> None:
        """Push *table*'s change to its watchers (from any thread); then call *then*, once
        every watcher's event loop has sent it (each at most :data:`ANNOUNCE_SECONDS`
        later; at once when nobody watches)."""
        with table.lock:
            loops = set(table._loops.values())
        if then is not None:
            then = _Countdown(len(loops), then)
            if not loops:
                then()
        for loop in loops:
            try:
                loop.call_soon_threadsafe(self._spawn, table, then)
            except RuntimeError:  # the loop is shutting down
                if then is not None:
                    then()

    def _spawn(self, table: Table, then: Callable[[], None] | None = None) -> None:
        """Push *table* to its watchers on this loop; call *then* once it is sent, at most
        :data:`ANNOUNCE_SECONDS` later."""
        loop = asyncio.get_running_loop()
        task = loop.create_task(_push(table))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        if then is not None:
            once = _Once(then)
            once.late = loop.call_later(ANNOUNCE_SECONDS, once)  # the push goes on
            task.add_done_callback(once)

    def record(self, table_id: str, seat: str, token: str | None) -> str | None:
        """A finished table's record document if *token* opens *seat*, else ``None``."""
        found = self.store.finished(table_id)
        if found is None or token is None:
            return None
        expected = dict(found[0]).get(seat)
        if expected is None or not hmac.compare_digest(expected, _hash(token)):
            return None
        return found[1]


_RefusedError = RefusedError


def _error(status: int, errors: Sequence[str], **extra: object) -> JSONResponse:
    return error_response(status, errors, **extra)


async def _body(request: Request) -> object:
    """The request's JSON body, checked (:func:`lasvegas.web.guards.read_json`)."""
    return await read_json(request, timeout=request.app.state.body_timeout)


def _seat_part(request: Request | WebSocket, table: Table) -> Seat | None:
    return seat_index(request.path_params["seat"], table.session.config.players)


def _if_match(request: Request) -> int:
    """The version an action was chosen against (``If-Match: "<version>"``): 428 without
    one, 400 when it is no version."""
    raw = request.headers.get("if-match")
    if raw is None or raw.strip() in ("", "*"):
        raise _RefusedError(
            428,
            ['an action needs the header If-Match: "<version>" (the snapshot\'s ETag)'],
            reason="version-required",
        )
    value = raw.strip().removeprefix("W/").strip('"')
    if not (value.isascii() and value.isdigit() and len(value) < 16):
        raise _RefusedError(400, ['If-Match: expected "<version>", a number'])
    return int(value)


def _token(request: Request) -> str | None:
    return bearer_token(request.headers)


def create_app(
    *,
    seed: int | None = None,
    bots: dict[str, BotLevel] | None = None,
    hosts: Sequence[str] | None = None,
    body_timeout: float = BODY_TIMEOUT,
    store: TableStore | None = None,
    idle_minutes: float = IDLE_MINUTES,
    workers: int | None = None,
    clock: Callable[[], float] = time.time,
) -> Starlette:
    """The web application (an ASGI app): serve it with uvicorn, test it with Starlette's
    ``TestClient``. *seed* makes the tables with at most one human reproducible (tests).

    *bots* are the bot levels a client may seat
    (:func:`lasvegas.web.guards.bot_levels`, the defaults when ``None``); *hosts* the
    ``Host`` names the server answers to (others get 400): when ``None``, the
    localhost names and ``testserver``, the name of Starlette's ``TestClient``;
    *body_timeout* the seconds a client has to send a request's body (408 beyond).
    *store* keeps the tables (default: a :class:`~lasvegas.web.store.MemoryStore`; the
    ``serve`` command uses a :class:`~lasvegas.web.store.SqliteStore`); *idle_minutes*,
    *workers* and *clock*: see :class:`Lobby`.
    """
    lobby = Lobby(seed, store=store, idle_minutes=idle_minutes, workers=workers, clock=clock)
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
        table = lobby.get(request.path_params["table"])
        if table is None:
            raise _RefusedError(404, ["no such table (unknown, expired or closed)"], reason="gone")
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
                "creator": table.creator,
            },
            status_code=201,
        )

    def answer(table: Table, seat: Seat | None, since: int) -> Response:
        with table.lock:
            snapshot = table.snapshot(seat, since)
        return JSONResponse(snapshot, headers={"ETag": f'"{snapshot["version"]}"', **NO_STORE})

    async def seat_view(request: Request) -> Response:
        table = table_of(request)
        seat = _seat_part(request, table)
        if not table.seat_of(seat, _token(request)):
            raise _RefusedError(403, ["this link's token does not open this seat"])
        return answer(table, seat, since_part(request))

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
        version = _if_match(request)

        def act() -> None:
            table.act(seat, action, version, lobby.clock())
            lobby.schedule(table)

        try:
            await asyncio.to_thread(act)
        except IllegalActionError as exc:
            if exc.reason == "stale":
                return _error(
                    412,
                    [f"the table has changed since version {version}: reload and choose again"],
                    reason="stale",
                    version=table.version,
                )
            if exc.reason == "gone":
                return _error(404, ["no such table (unknown, expired or closed)"], reason="gone")
            return _error(409, [str(exc)], reason=exc.reason)
        await _push(table)
        return answer(table, seat, since_part(request))

    async def record(request: Request) -> Response:
        table_id = request.path_params["table"]
        raw = request.path_params["seat"]
        token = _token(request)
        table = lobby.get(table_id)
        document: str | None
        if table is not None:
            seat = _seat_part(request, table)
            if not table.seat_of(seat, token):
                raise _RefusedError(403, ["this link's token does not open this seat"])
            with table.lock:
                over = table.session.over
                document = json.dumps(to_data(table.session.record())) if over else None
            if document is None:
                return _error(409, ["the record is given once the game is over"], reason="not-over")
        else:
            document = await asyncio.to_thread(lobby.record, table_id, raw, token)
            if document is None:
                raise _RefusedError(404, ["no finished table opens with this link"], reason="gone")
        return Response(
            document,
            media_type="application/json",
            headers={
                "Content-Disposition": f'attachment; filename="lasvegas-{table_id}.json"',
                **NO_STORE,
            },
        )

    async def events(socket: WebSocket) -> None:
        await socket.accept()
        try:
            table = table_of(socket)
            seat = _seat_part(socket, table)
        except _RefusedError as refused:
            await socket.close(code=4404, reason=refused.errors[0][:100])
            return
        try:
            hello = await asyncio.wait_for(socket.receive_json(), timeout=HELLO_SECONDS)
        except TimeoutError:
            await socket.close(code=4408, reason="no hello in time")
            return
        except (ValueError, KeyError):
            await socket.close(code=4400, reason="the hello is not JSON")
            return
        except WebSocketDisconnect:
            return
        token = hello.get("token") if isinstance(hello, dict) else None
        since = hello.get("since", 0) if isinstance(hello, dict) else None
        if type(since) is not int or since < 0:
            await socket.close(code=4400, reason='expected {"token": str, "since": int >= 0}')
            return
        if not isinstance(token, str) or not table.seat_of(seat, token):
            await socket.close(code=4403, reason="this link's token does not open this seat")
            return
        with table.lock:
            snapshot = table.snapshot(seat, min(since, len(table.logs[seat])))
            table.watchers[socket] = (seat, snapshot["log_size"], snapshot["version"])
            table._loops[socket] = asyncio.get_running_loop()
        await socket.send_json(snapshot)
        try:
            while True:
                await socket.receive_text()  # the page sends nothing more; wait for the close
        except WebSocketDisconnect:
            pass
        finally:
            with table.lock:
                table.watchers.pop(socket, None)
                table._loops.pop(socket, None)

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
            Route("/api/tables/{table}/seats/{seat}/record", record),
            WebSocketRoute("/api/tables/{table}/seats/{seat}/events", events),
        ],
        exception_handlers={RefusedError: refused},
        middleware=[
            Middleware(TrustedHostMiddleware, allowed_hosts=trusted, www_redirect=False),
            Middleware(OriginGuard),
        ],
    )
    app.state.body_timeout = body_timeout
    app.state.lobby = lobby  # the tables, for tests and embedding programs
    return app


async def _close_gone(socket: WebSocket) -> None:
    """Close a watcher of a retired table (code 4404: the page stops retrying)."""
    with contextlib.suppress(Exception):  # already closed
        await socket.close(code=4404, reason="this table is gone (expired or closed)")


class _Countdown:
    """Calls *call* at its *count*-th call (its first for a count of 0), from any thread."""

    def __init__(self, count: int, call: Callable[[], None]) -> None:
        self.left = count
        self.call = call
        self.lock = threading.Lock()

    def __call__(self) -> None:
        with self.lock:
            self.left -= 1
            last = self.left <= 0
        if last:
            self.call()


class _Once:
    """*call* on the first call only, which cancels :attr:`late` (one event loop's
    callbacks: a task done or a timer)."""

    def __init__(self, call: Callable[[], None]) -> None:
        self.call: Callable[[], None] | None = call
        self.late: asyncio.TimerHandle | None = None

    def __call__(self, *_: object) -> None:
        if self.late is not None:
            self.late.cancel()
        call, self.call = self.call, None
        if call is not None:
            call()


async def _push(table: Table) -> None:
    """Send every watcher of *table* its new snapshot, with the log entries it has not had
    (run by the event loop, which alone touches the watchers); a watcher already sent this
    version is skipped."""
    for socket in list(table.watchers):
        with table.lock:
            if socket not in table.watchers:
                continue
            seat, sent, version = table.watchers[socket]
            if version == table.session.version and sent == len(table.logs[seat]):
                continue
            snapshot = table.snapshot(seat, sent)
            table.watchers[socket] = (seat, snapshot["log_size"], snapshot["version"])
        with contextlib.suppress(Exception):  # a closed socket: its handler will drop it
            await socket.send_json(snapshot)
