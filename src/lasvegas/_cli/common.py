"""What every command uses: its error, reading a file, the CPUs at hand, one-line messages."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Final


class CliError(Exception):
    """A problem with the command line's input, reported as ``error: ...`` (exit status 2)."""


MAX_READ = 64 * 1024 * 1024
"""The largest file the command line reads (64 MiB): a record of the longest game is a few
hundred KB, and ``replay /dev/zero`` must not read forever."""


def read_text(path: Path, what: str = "file") -> str:
    """The UTF-8 text of *path*, at most :data:`MAX_READ` bytes; :class:`CliError` says
    what is wrong (no such file, a directory, too large, not UTF-8 ...)."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_READ + 1)
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_READ:
        raise CliError(f"{path}: larger than {MAX_READ // (1024 * 1024)} MiB, not a {what}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CliError(
            f"{path}: not UTF-8 text (byte {exc.start} is {data[exc.start]:#04x}), not a {what}"
        ) from None


def usable_cpus() -> int:
    """How many CPUs this process may run on (its affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


_ESCAPES: Final = re.compile(
    r"""
    (?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?        # CSI: cursor, colours, clear screen
    | (?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])                   # OSC, DCS, SOS, PM, APC ...
      [^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?                      # ... up to BEL or ST
    | \x1b[\x20-\x2f]*[\x30-\x7e]?                                # any other escape sequence
    """,
    re.VERBOSE,
)
"""Terminal escape sequences, 7-bit and 8-bit, whole (an unterminated one to the end)."""

_CONTROLS: Final = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
"""C0 and C1 controls (tab and newline apart), DEL, and the bidirectional marks and overrides."""


def printable(text: str) -> str:
    r"""*text* safe to print on a terminal: escape sequences (an OSC 52 clipboard write, a
    CSI screen clear ...) removed whole, other C0/C1 controls and the bidirectional overrides
    removed, tabs and line breaks turned into spaces. Every command passes text it did not
    write itself (names, dates, labels and messages from a record, a config or a module)
    through it before printing.

    >>> printable("Ann\x1b]52;c;aGk=\x07 \x1b[2Jwins\u202e\tnow\r\n")
    'Ann wins now  '
    """
    text = _ESCAPES.sub("", text)
    text = text.replace("\t", " ").replace("\n", " ").replace("\r", " ")
    return _CONTROLS.sub("", text)


def _one_line(text: str, limit: int = 500) -> str:
    """*text* on one line, printable (:func:`printable`), cut to *limit* characters."""
    text = " ".join(printable(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
