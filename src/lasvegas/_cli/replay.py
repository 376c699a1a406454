"""``replay``: step through a saved game record, with its log."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from ..engine import new_game, step
from ..errors import DeserializationError, IllegalActionError
from ..record import Record
from ..serde import from_json
from .common import printable, read_text
from .log import GameLog, _title
from .setup import import_plugin


def cmd_replay(args: argparse.Namespace, out: TextIO, read: Callable[[], str] | None = None) -> int:
    """Step through a saved game record, printing its log."""
    for name in args.imports:
        import_plugin(name)
    path = Path(args.file)
    text = read_text(path, "game record")
    try:
        record = from_json(text, Record)
    except DeserializationError as exc:
        problems = exc.errors or (str(exc),)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        first = problems[0] if len(problems[0]) <= 300 else problems[0][:297] + "..."
        message = f"error: {path} is not a valid game record: {first}{more}"
        print(printable(message), file=sys.stderr)
        return 1
    config = record.config
    names = list(record.names) or [f"seat {s}" for s in range(config.players)]
    read = read or input
    log = GameLog(out, names)
    log.write(_title(config, record.seed))
    log.write("Players: " + ", ".join(names) + (f"; played {record.date}" if record.date else ""))
    if args.step:
        log.write("Press Enter to go on, q then Enter to run to the end.")
    log.start(config)
    state = new_game(config)
    pausing = args.step
    for index, action in enumerate(record.actions):
        before = log.lines
        try:
            result = step(state, action)
        except IllegalActionError as exc:
            log.finish(state)
            message = f"error: action {index} of the record is illegal: {exc}"
            print(printable(message), file=sys.stderr)
            return 1
        log.on_step(state, action, result)
        state = result.state
        if pausing and log.lines > before:
            try:
                if read().strip().lower() in {"q", "quit"}:
                    pausing = False
            except EOFError:
                pausing = False
    log.finish(state)
    return 0
