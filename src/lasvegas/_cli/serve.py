"""``serve``: web tables in the browser (the web extra)."""

from __future__ import annotations

import argparse
import sqlite3
from typing import TextIO

from .common import CliError


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    """Serve web tables with uvicorn until interrupted."""
    try:
        import uvicorn

        from ..web import create_app
    except ImportError as exc:
        raise CliError(
            f"serve needs the web extra: pip install 'lasvegas-rules[web]' ({exc})"
        ) from None
    if not 0 <= args.port <= 65535:
        raise CliError("--port must be 0..65535")
    if not args.idle_minutes > 0:
        raise CliError("--idle-minutes must be more than 0")
    from ..web.store import MemoryStore, SqliteStore, TableStore, default_store_path

    where = default_store_path() if args.store is None else args.store
    try:
        store: TableStore = MemoryStore() if where == ":memory:" else SqliteStore(where)
    except (OSError, sqlite3.Error) as exc:
        raise CliError(f"cannot open the store {where}: {exc}") from None
    app = create_app(seed=args.seed, store=store, idle_minutes=args.idle_minutes)
    kept = "in memory only" if where == ":memory:" else f"in {where}"
    print(f"Las Vegas tables on http://{args.host}:{args.port}/ (Ctrl-C stops)", file=out)
    print(f"Tables are kept {kept}", file=out, flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
