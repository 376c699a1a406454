"""Where the web tables live between requests and across restarts: the :class:`TableStore`
interface, :class:`SqliteStore` (the default of ``lasvegas serve``) and :class:`MemoryStore`
(nothing survives the process: ``serve --store :memory:``).

A store keeps, per table, what opened it (:class:`OpenedTable`: config, seats, seed, the
seats' tokens as SHA-256 hashes, creator, time) and then one :class:`Step` per change
(the opening itself is step 0): the actions it applied to the game, the session's
generators and held choices after it (a :class:`~lasvegas.session.Progress` in pieces),
and the log entries it gave each seat. Replaying the steps rebuilds the very same session
and the very same logs. A store only stores: it never reads a game, so another database
can implement the same five methods over its own tables.

The documents are JSON text (``lasvegas/config``, action and log data) so that a store
needs no knowledge of the game's types. Every method is called under the table's lock, from
a worker thread; a store serialises its own calls across tables.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Final, Protocol

import attrs

__all__ = [
    "DEFAULT_STORE",
    "MemoryStore",
    "OpenedTable",
    "SavedTable",
    "SqliteStore",
    "Step",
    "TableStore",
    "default_store_path",
]

DEFAULT_STORE: Final = "tables.sqlite3"
"""The file name of the default store, in :func:`default_store_path`'s folder."""


def default_store_path() -> Path:
    """Where ``lasvegas serve`` keeps its tables unless told otherwise:
    ``$XDG_STATE_HOME/lasvegas/tables.sqlite3``, or ``~/.local/state/lasvegas/tables.sqlite3``
    when ``XDG_STATE_HOME`` is not set (the XDG base directory convention for state)."""
    base = os.environ.get("XDG_STATE_HOME", "").strip()
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "state"
    return root / "lasvegas" / DEFAULT_STORE


@attrs.frozen
class OpenedTable:
    """What a table was opened with."""

    id: str
    """The table's public id."""
    config: str
    """The game's ``lasvegas/config`` document (JSON text)."""
    seats: str
    """The seats (JSON text): ``[{"human": name} | {"bot": agent spec, "name": name}]``."""
    seed: int
    """The session's seed (a secret: it tells the draws to come)."""
    tokens: tuple[tuple[str, str], ...]
    """``(seat, sha256 hex of its token)`` for each human seat (``"0"``, ``"1"``, ...), the
    spectators (``"spectator"``) and the creator (``"creator"``); the tokens themselves
    are never stored."""
    created: float
    """When the table was opened (seconds since the epoch)."""


@attrs.frozen
class Step:
    """One change of a table, stored in one transaction before the change is answered."""

    version: int
    """The table's version after the step (0: the opening)."""
    seat: int | None
    """The seat that acted (``None`` for the opening)."""
    action: str | None
    """The action that seat sent or its bot chose (JSON text; ``None`` for the opening)."""
    applied: str
    """Every action the step applied to the game, chance outcomes included (JSON list)."""
    session: str
    """The session's generators and held choices after the step (JSON object: ``rng``,
    ``agents``, ``held``)."""
    log: tuple[tuple[str, str], ...]
    """The new log entries, in order: ``(seat, entry as JSON text)`` with seat ``"0"``,
    ``"1"``, ... or ``"spectator"``."""
    at: float
    """When the step was taken (seconds since the epoch)."""
    record: str | None = None
    """The game's ``lasvegas/record`` document (JSON text) when the step ended the game."""


@attrs.frozen
class SavedTable:
    """A table as the store gives it back: how it opened and its steps in order."""

    opened: OpenedTable
    """What the table was opened with."""
    steps: tuple[Step, ...]
    """Its steps, the opening first."""


class TableStore(Protocol):
    """What the web tables need from a database (see the module docs)."""

    def create(self, table: OpenedTable, opening: Step) -> None:
        """Store a new table with its opening step (version 0), in one transaction."""

    def append(self, table_id: str, step: Step) -> None:
        """Store one more step of an open table, durably, before the change is answered;
        a step with a ``record`` also marks the table finished. Raises ``ValueError`` when
        a step of that version is already stored (nothing is written then)."""

    def unfinished(self) -> list[SavedTable]:
        """Every table neither finished nor archived, oldest first."""

    def archive(self, table_id: str, at: float) -> None:
        """Retire an unfinished table (expired, or making room): it is never reopened, and
        its steps stay for the record."""

    def finished(self, table_id: str) -> tuple[tuple[tuple[str, str], ...], str] | None:
        """A finished table's token hashes and record document, or ``None`` when the table
        is unknown or not finished."""


_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed TEXT NOT NULL,
    tokens TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    version INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'over', 'archived')),
    record TEXT
);
CREATE TABLE IF NOT EXISTS steps (
    table_id TEXT NOT NULL REFERENCES tables(id),
    version INTEGER NOT NULL,
    seat INTEGER,
    action TEXT,
    applied TEXT NOT NULL,
    session TEXT NOT NULL,
    log TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, version)
);
"""


def _tokens_text(tokens: Sequence[tuple[str, str]]) -> str:
    return "\n".join(f"{seat}={digest}" for seat, digest in tokens)


def _tokens_of(text: str) -> tuple[tuple[str, str], ...]:
    pairs = (line.partition("=") for line in text.splitlines() if line)
    return tuple((seat, digest) for seat, _, digest in pairs)


def _log_text(log: Sequence[tuple[str, str]]) -> str:
    # one JSON array of [seat, entry] pairs; entries are JSON texts already
    return json.dumps([[seat, entry] for seat, entry in log])


def _log_of(text: str) -> tuple[tuple[str, str], ...]:
    return tuple((str(seat), str(entry)) for seat, entry in json.loads(text))


class SqliteStore:
    """A :class:`TableStore` in one SQLite file (the standard library's ``sqlite3``).

    The file is opened in WAL mode with ``synchronous=FULL``: each step is one transaction,
    committed (and synced) before :meth:`append` returns, so a change answered to a client
    survives a crash of the process or of the machine. *path* ``":memory:"`` keeps the
    database in memory (tests). The parent folder is created when missing.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        """The database file."""
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def _insert_step(self, table_id: str, step: Step) -> None:
        self._db.execute(
            "INSERT INTO steps (table_id, version, seat, action, applied, session, log, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                step.version,
                step.seat,
                step.action,
                step.applied,
                step.session,
                _log_text(step.log),
                step.at,
            ),
        )

    def create(self, table: OpenedTable, opening: Step) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO tables (id, config, seats, seed, tokens, created, updated,"
                    " version, status, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        table.id,
                        table.config,
                        table.seats,
                        str(table.seed),  # any Python int, beyond SQLite's 64 bits too
                        _tokens_text(table.tokens),
                        table.created,
                        opening.at,
                        opening.version,
                        "open" if opening.record is None else "over",
                        opening.record,
                    ),
                )
                self._insert_step(table.id, opening)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def append(self, table_id: str, step: Step) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                try:
                    self._insert_step(table_id, step)
                except sqlite3.IntegrityError:
                    raise ValueError(f"step {step.version} of table {table_id} is stored") from None
                self._db.execute(
                    "UPDATE tables SET updated = ?, version = ?,"
                    " status = CASE WHEN ? IS NULL THEN status ELSE 'over' END,"
                    " record = COALESCE(?, record) WHERE id = ?",
                    (step.at, step.version, step.record, step.record, table_id),
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def unfinished(self) -> list[SavedTable]:
        with self._lock:
            tables = self._db.execute(
                "SELECT id, config, seats, seed, tokens, created FROM tables"
                " WHERE status = 'open' ORDER BY created, id"
            ).fetchall()
            saved = []
            for table_id, config, seats, seed, tokens, created in tables:
                rows = self._db.execute(
                    "SELECT version, seat, action, applied, session, log, at FROM steps"
                    " WHERE table_id = ? ORDER BY version",
                    (table_id,),
                ).fetchall()
                steps = tuple(
                    Step(v, seat, action, applied, session, _log_of(log), at)
                    for v, seat, action, applied, session, log, at in rows
                )
                opened = OpenedTable(
                    table_id, config, seats, int(seed), _tokens_of(tokens), created
                )
                saved.append(SavedTable(opened, steps))
            return saved

    def archive(self, table_id: str, at: float) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE tables SET status = 'archived', updated = ? WHERE id = ? AND status = 'open'",
                (at, table_id),
            )

    def finished(self, table_id: str) -> tuple[tuple[tuple[str, str], ...], str] | None:
        with self._lock:
            row = self._db.execute(
                "SELECT tokens, record FROM tables WHERE id = ? AND status = 'over'", (table_id,)
            ).fetchone()
        if row is None or row[1] is None:
            return None
        return _tokens_of(row[0]), str(row[1])


class MemoryStore:
    """A :class:`TableStore` that keeps everything in this process (gone at exit): the
    explicit opt-out of durability (``serve --store :memory:``) and the default of
    :func:`~lasvegas.web.create_app`."""

    def __init__(self) -> None:
        self._tables: dict[str, OpenedTable] = {}
        self._steps: dict[str, list[Step]] = {}
        self._status: dict[str, str] = {}
        self._records: dict[str, str] = {}
        self._lock = threading.Lock()

    def create(self, table: OpenedTable, opening: Step) -> None:
        with self._lock:
            self._tables[table.id] = table
            self._status[table.id] = "open"
            if opening.record is not None:
                self._status[table.id] = "over"
                self._records[table.id] = opening.record
            else:
                self._steps[table.id] = [opening]

    def append(self, table_id: str, step: Step) -> None:
        with self._lock:
            steps = self._steps.get(table_id)
            if steps is None:
                raise ValueError(f"table {table_id} is not open")
            if any(s.version == step.version for s in steps):
                raise ValueError(f"step {step.version} of table {table_id} is stored")
            steps.append(step)
            if step.record is not None:
                self._status[table_id] = "over"
                self._records[table_id] = step.record
                del self._steps[table_id]  # only the record is asked for from now on

    def unfinished(self) -> list[SavedTable]:
        with self._lock:
            return [
                SavedTable(table, tuple(self._steps[table.id]))
                for table in sorted(self._tables.values(), key=lambda t: (t.created, t.id))
                if self._status[table.id] == "open"
            ]

    def archive(self, table_id: str, at: float) -> None:
        with self._lock:
            if self._status.get(table_id) == "open":
                self._status[table_id] = "archived"
                del self._steps[table_id]  # never reopened: memory is all it would hold

    def finished(self, table_id: str) -> tuple[tuple[tuple[str, str], ...], str] | None:
        with self._lock:
            record = self._records.get(table_id)
            if record is None:
                return None
            return self._tables[table_id].tokens, record
