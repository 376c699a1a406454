"""The web server's guards against hostile or careless clients.

Each guard is a small function or an ASGI middleware that :func:`lasvegas.web.create_app`
puts in front of the routes (``docs/reliability.md`` lists them with their defaults):

* **Hosts**: Starlette's ``TrustedHostMiddleware`` answers 400 to a ``Host`` header that
  is not one of :data:`LOCAL_HOSTS` or a name the operator added (DNS rebinding).
* **Origins** (:class:`OriginGuard`): a request that changes something (any method but
  GET, HEAD and OPTIONS) sent from another origin gets 403; a WebSocket opened from another
  origin is closed with code 4403. Requests without an ``Origin`` (not from a browser) pass.
* **Bodies** (:func:`read_json`): JSON only (415 otherwise, which also ends the
  ``text/plain`` requests a foreign page may send without asking), at most
  :data:`MAX_BODY` bytes (413), read within :data:`BODY_TIMEOUT` seconds (408), UTF-8,
  no duplicate keys, no ``NaN``, no lone surrogates (400).
* **Bots** (:class:`BotLevel`): a request names a bot level; the operator decides what
  each level runs (:func:`bot_levels`), and :func:`lasvegas.agents.make_agent` bounds
  every agent option.
* **Names** (:func:`check_name`): printable text, 1 to :data:`MAX_NAME` characters, never
  a seat's designation nor another seat's name.
* **Headers**: ``Cache-Control: no-store`` and ``X-Content-Type-Options: nosniff`` on
  every API answer.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any, Final
from urllib.parse import urlsplit

import attrs
from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .._serde.parse import _parse
from ..agents import make_agent
from ..config import GameConfig
from ..errors import DeserializationError
from ..serde import from_data, known_classes
from ..session import Bot, Human
from ..types import Seat

__all__ = [
    "BODY_TIMEOUT",
    "DEFAULT_BOT_LEVELS",
    "LOCAL_HOSTS",
    "MAX_BODY",
    "MAX_NAME",
    "SPECTATOR",
    "TEST_HOST",
    "BotLevel",
    "OriginGuard",
    "RefusedError",
    "allowed_hosts",
    "bearer_token",
    "bot_levels",
    "check_name",
    "check_opening",
    "error_response",
    "lobby_modules",
    "read_json",
    "seat_index",
    "since_part",
]

MAX_BODY: Final = 64_000
"""Most bytes a request body may hold (413 beyond)."""

BODY_TIMEOUT: Final = 10.0
"""Seconds a client has to send a whole request body (408 beyond)."""

MAX_NAME: Final = 24
"""Most characters of a player's name (after NFC normalisation and stripping)."""

LOCAL_HOSTS: Final = ("localhost", "127.0.0.1", "[::1]")
"""The host names every server answers to; ``serve`` adds the address it binds to and
every ``--allowed-host``."""

TEST_HOST: Final = "testserver"
"""The host name Starlette's ``TestClient`` sends: :func:`lasvegas.web.create_app`
admits it unless told its hosts (``serve`` always tells it)."""

SPECTATOR: Final = "spectator"
"""The seat part of a spectator's URLs."""


class RefusedError(Exception):
    """A request refused with *status* and its problems (answered as
    ``{"errors": [...], **extra}``)."""

    def __init__(self, status: int, errors: list[str], **extra: object) -> None:
        super().__init__("; ".join(errors))
        self.status = status
        """The HTTP status."""
        self.errors = errors
        """Every problem found, in English."""
        self.extra = extra
        """More fields of the answer (such as ``reason``)."""


# -- bot levels ----------------------------------------------------------------------------


@attrs.frozen
class BotLevel:
    """A bot a web client may seat: the client names the level, the operator sets its agent."""

    name: str
    """What a client sends: ``{"bot": name}``."""
    description: str
    """One line for the lobby."""
    agent: str
    """The agent's spec (:func:`lasvegas.agents.make_agent`), with its budget."""


DEFAULT_BOT_LEVELS: Final = (
    BotLevel("easy", "plays any legal move at random", "random"),
    BotLevel("normal", "plays the move that promises the most money now", "greedy"),
    BotLevel(
        "hard",
        "searches: plays each move out many times against sampled dice and hands",
        "search:playouts=300",
    ),
)
"""The bot levels of a server whose operator changed none (``serve --bot-level``)."""

LEGACY_BOTS: Final = ("random", "greedy")
"""Agent names a request may still send as a level (cheap and bounded without options),
for clients written before the levels; they run the agent with its defaults."""


def bot_levels(overrides: Iterable[str] = ()) -> dict[str, BotLevel]:
    """The server's bot levels: :data:`DEFAULT_BOT_LEVELS` changed by *overrides*, each
    ``LEVEL=SPEC`` (``hard=search:playouts=200``); a new level name adds a level. Raises
    ``ValueError`` for a malformed override or an agent spec
    :func:`~lasvegas.agents.make_agent` refuses (so every level is within its bounds).

    >>> bot_levels(["hard=search:playouts=200"])["hard"].agent
    'search:playouts=200'
    """
    levels = {level.name: level for level in DEFAULT_BOT_LEVELS}
    for override in overrides:
        name, eq, spec = override.partition("=")
        name, spec = name.strip(), spec.strip()
        if not eq or not re.fullmatch(r"[a-z][a-z0-9-]{0,23}", name):
            raise ValueError(f"bot level {override!r}: write LEVEL=SPEC (LEVEL in a-z, 0-9, -)")
        make_agent(spec)  # raises ValueError for an unknown agent or an option out of bounds
        old = levels.get(name)
        description = f"{old.description if old else 'set by the server'} ({spec})"
        levels[name] = BotLevel(name, description, spec)
    return levels


# -- names ---------------------------------------------------------------------------------

_REFUSED_CATEGORIES: Final = {
    "Cc": "a control character",
    "Cf": "a format character (such as a bidirectional override)",
    "Cs": "a lone surrogate",
    "Co": "a private-use character",
    "Cn": "an unassigned character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}

_SEAT_WORD: Final = re.compile(r"\d+|seats?|spectators?")
"""Whole names that could pass for a seat or the spectators ("3", "Seat", "Spectator")."""

_SEAT_DESIGNATION: Final = re.compile(r"\bseat\s*(no\.?|number|#)?\s*\d|spectator", re.IGNORECASE)
"""A part of a name that could pass for a seat's designation ("Seat 0", "seat #2")."""


def check_name(raw: object) -> str:
    """*raw* as a player's name: NFC-normalised, stripped, runs of spaces made one.

    Raises ``ValueError`` (with the problem) unless it is printable text of 1 to
    :data:`MAX_NAME` characters that does not look like a seat's designation (``"Seat 0"``,
    ``"spectator"``, digits only): control and format characters (bidirectional overrides,
    zero-width joiners), lone surrogates, private-use and unassigned characters are refused.

    >>> check_name("  Zoë   K ")
    'Zoë K'
    >>> check_name("Seat 0")
    Traceback (most recent call last):
    ...
    ValueError: the name 'Seat 0' looks like a seat's designation
    """
    if not isinstance(raw, str):
        raise ValueError(f"a name is a string, not {type(raw).__name__}")
    for char in raw:
        problem = _REFUSED_CATEGORIES.get(unicodedata.category(char))
        if problem is not None:
            raise ValueError(f"a name may not hold {problem} (U+{ord(char):04X})")
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not 1 <= len(name) <= MAX_NAME:
        raise ValueError(f"a name has 1 to {MAX_NAME} characters, not {len(name)}")
    if unicodedata.category(name[0]).startswith("M"):
        raise ValueError("a name may not begin with a combining mark")
    folded = unicodedata.normalize("NFKC", name).casefold()
    if _SEAT_WORD.fullmatch(folded) or _SEAT_DESIGNATION.search(folded):
        raise ValueError(f"the name {name!r} looks like a seat's designation")
    return name


# -- the opening of a table ----------------------------------------------------------------


def _seats(value: object, players: int, levels: dict[str, BotLevel]) -> list[Human | Bot]:
    """``[{"human": "Ann"}, {"bot": "normal"}, ...]`` checked, every problem listed."""
    if not isinstance(value, list):
        raise RefusedError(400, ["seats: expected a list with one entry per seat @ $.seats"])
    problems: list[str] = []
    if len(value) != players:
        problems.append(f"seats: {players} entries needed, not {len(value)} @ $.seats")
    chosen = ", ".join(levels)
    entries: list[tuple[str, str | None, bool]] = []  # (name, agent spec or None, default name)
    for i, entry in enumerate(value):
        where = f"@ $.seats[{i}]"
        if isinstance(entry, dict) and set(entry) == {"human"}:
            try:
                entries.append((check_name(entry["human"]), None, False))
            except ValueError as exc:
                problems.append(f"{exc} {where}.human")
        elif isinstance(entry, dict) and set(entry) <= {"bot", "name"} and "bot" in entry:
            level = entry["bot"]
            if not isinstance(level, str):
                problems.append(f"a bot is named by its level ({chosen}) {where}.bot")
                continue
            if ":" in level:
                problems.append(
                    f"a bot is chosen by its level ({chosen}): the server sets its "
                    f"options {where}.bot"
                )
                continue
            spec = levels[level].agent if level in levels else None
            if spec is None and level in LEGACY_BOTS:
                spec = level
            if spec is None:
                problems.append(f"unknown bot level {level[:40]!r} (known: {chosen}) {where}.bot")
                continue
            name = entry.get("name")
            if name is None or name == "":
                entries.append((level, spec, True))
                continue
            try:
                entries.append((check_name(name), spec, False))
            except ValueError as exc:
                problems.append(f"{exc} {where}.name")
        else:
            problems.append(f'expected {{"human": name}} or {{"bot": level}} {where}')
    if problems:
        raise RefusedError(400, problems)
    # Names are distinct (case and width folded): a bot's default name gets a number.
    taken: dict[str, int] = {}
    for i, (name, _, default) in enumerate(entries):
        if default:
            continue
        key = unicodedata.normalize("NFKC", name).casefold()
        if key in taken:
            problems.append(f"the name {name!r} is seat {taken[key]}'s already @ $.seats[{i}]")
        taken.setdefault(key, i)
    if problems:
        raise RefusedError(400, problems)
    seats: list[Human | Bot] = []
    for i, (name, spec, default) in enumerate(entries):
        if default:
            base, n = name, 1
            while unicodedata.normalize("NFKC", name).casefold() in taken:
                n += 1
                name = f"{base} {n}"
            taken[unicodedata.normalize("NFKC", name).casefold()] = i
        seats.append(Human(name) if spec is None else Bot(spec, name))
    return seats


def check_opening(
    body: object, levels: dict[str, BotLevel]
) -> tuple[GameConfig, list[Human | Bot], int | None]:
    """The config, seats and seed of a ``POST /api/tables`` body; raises
    :class:`RefusedError` (400) with every problem found."""
    if not isinstance(body, dict):
        raise RefusedError(400, ["expected an object with config and seats @ $"])
    problems = [
        f"unknown field {k[:40]!r} @ $" for k in sorted(set(body) - {"config", "seats", "seed"})
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
            seats = _seats(body.get("seats"), config.players, levels)
        except RefusedError as refused:
            problems += refused.errors
    if problems or config is None:
        raise RefusedError(400, problems)
    return config, seats, seed


def lobby_modules() -> list[dict[str, str]]:
    """What the lobby may choose besides the edition, from the library's module registry:
    every module of the classic game and the card game (each Boulevard module, neutral
    dice, chip cards, the sixth player, the card game's sequential variant), and the
    number of Royale tiles (``"tiles"``: 0 to 6, dealt at random)."""
    found: list[dict[str, str]] = []
    for module_id, cls in sorted(known_classes()["module"].items()):
        editions = sorted(getattr(cls, "editions", ()))
        doc = (cls.__doc__ or "").strip()
        line = doc.splitlines()[0] if doc else ""
        if module_id in ("classic", "royale", "cardgame", "small-game"):
            continue  # an edition's own rules, or a cut-down game for analysis
        if editions == ["royale"]:
            continue  # a Royale tile: dealt at random, chosen through "tiles" below
        for edition in editions:
            found.append(
                {
                    "id": module_id,
                    "name": module_id.replace("-", " ").capitalize(),
                    "edition": edition,
                    "description": line,
                }
            )
    found.append(
        {
            "id": "tiles",
            "name": "Tiles",
            "edition": "royale",
            "description": "How many tiles are dealt each round (0: the basic game, 3: the "
            "main game, up to 6).",
        }
    )
    return found


# -- requests ------------------------------------------------------------------------------


def _lone_surrogate(value: object) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if any("\ud800" <= c <= "\udfff" for c in item):
                return True
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


async def read_json(request: Request, *, timeout: float = BODY_TIMEOUT) -> dict[str, Any]:
    """The request's body: a JSON object, sent as ``application/json``, bounded in size and
    time, parsed as strictly as :func:`lasvegas.from_json` parses (UTF-8, no duplicate
    keys, no ``NaN``) and holding no lone surrogate. Raises :class:`RefusedError`: 415,
    413, 408 or 400."""
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json":
        raise RefusedError(415, ["send the body as JSON (Content-Type: application/json)"])
    size = request.headers.get("content-length")
    if size is not None and (not (size.isascii() and size.isdigit()) or int(size) > MAX_BODY):
        raise RefusedError(413, [f"the body is larger than {MAX_BODY} bytes"])
    raw = bytearray()
    deadline = time.monotonic() + timeout
    stream = request.stream().__aiter__()
    while True:
        try:
            chunk = await asyncio.wait_for(stream.__anext__(), deadline - time.monotonic())
        except StopAsyncIteration:
            break
        except TimeoutError:
            raise RefusedError(408, [f"the body took more than {timeout:g} seconds"]) from None
        raw += chunk
        if len(raw) > MAX_BODY:
            raise RefusedError(413, [f"the body is larger than {MAX_BODY} bytes"])
    try:
        data = _parse(bytes(raw), MAX_BODY)
    except DeserializationError as exc:
        raise RefusedError(400, [f"the body: {e}" for e in exc.errors]) from None
    if _lone_surrogate(data):
        raise RefusedError(400, ["the body holds a lone surrogate (\\ud800-\\udfff) @ $"])
    return data


def seat_index(raw: str, players: int) -> Seat | None:
    """The seat of a URL's seat part: ASCII digits below *players*, or ``spectator``
    (``None``); 404 otherwise."""
    if raw == SPECTATOR:
        return None
    if raw.isascii() and raw.isdigit() and len(raw) <= 2 and int(raw) < players:
        return int(raw)
    raise RefusedError(404, [f"no seat {raw[:20]!r} at this table"])


def bearer_token(headers: Headers) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, or ``None``."""
    scheme, _, token = headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def since_part(request: HTTPConnection) -> int:
    """The ``?since=N`` of a request (ASCII digits; 400 otherwise), 0 when absent."""
    raw = request.query_params.get("since")
    if raw is None:
        return 0
    if raw.isascii() and raw.isdigit() and len(raw) <= 9:
        return int(raw)
    raise RefusedError(400, ["since: expected a count of log entries (ASCII digits)"])


class _AsciiJSON(JSONResponse):
    """A JSON answer written in ASCII (whatever a message quotes, it encodes)."""

    def render(self, content: object) -> bytes:
        return json.dumps(content, separators=(",", ":")).encode("ascii")


def error_response(status: int, errors: Sequence[str], **extra: object) -> JSONResponse:
    """The answer to a refused request: ``{"errors": [...], **extra}`` with *status*."""
    return _AsciiJSON({"errors": list(errors), **extra}, status_code=status)


# -- middleware ----------------------------------------------------------------------------

_SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})


def _same_origin(origin: str, host: str | None) -> bool:
    """Whether an ``Origin`` header names the server the request was sent to (its Host)."""
    if host is None or origin == "null":
        return False
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.strip().lower()


class OriginGuard:
    """ASGI middleware: refuses what a foreign page may make a browser send, and marks
    every API answer ``Cache-Control: no-store``.

    An HTTP request with a method other than GET, HEAD and OPTIONS whose ``Origin`` header
    is not the server's own (``http(s)://`` + its ``Host``) gets 403; so does a WebSocket,
    accepted and closed at once with code 4403 (so the page can tell why).
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        origin = headers.get("origin")
        foreign = origin is not None and not _same_origin(origin, headers.get("host"))
        if scope["type"] == "websocket":
            if foreign:
                message = await receive()
                if message["type"] == "websocket.connect":
                    await send({"type": "websocket.accept"})
                    await send(
                        {"type": "websocket.close", "code": 4403, "reason": "foreign origin"}
                    )
                return
            await self.app(scope, receive, send)
            return
        if foreign and scope["method"] not in _SAFE_METHODS:
            response = error_response(403, ["a request from another site's page is refused"])
            await response(scope, receive, send)
            return
        api = scope["path"].startswith("/api/")

        async def send_marked(message: Message) -> None:
            if message["type"] == "http.response.start" and api:
                marked = MutableHeaders(scope=message)
                marked["Cache-Control"] = "no-store"
                marked.setdefault("X-Content-Type-Options", "nosniff")
            await send(message)

        await self.app(scope, receive, send_marked)


def allowed_hosts(bound: str | None, extra: Sequence[str] = ()) -> list[str]:
    """The host names a server answers to: :data:`LOCAL_HOSTS`, the address it is bound
    to (*bound*, unless a wildcard address) and *extra*."""
    hosts = list(LOCAL_HOSTS)
    if bound and bound not in ("0.0.0.0", "::", ""):
        hosts.append(f"[{bound}]" if ":" in bound and not bound.startswith("[") else bound)
    hosts += [h.strip().lower() for h in extra if h.strip()]
    return list(dict.fromkeys(h.lower() for h in hosts))
