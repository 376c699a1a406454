"""What every command uses: its error, reading a file, the CPUs at hand, one-line messages."""

from __future__ import annotations

import os
from pathlib import Path


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


def _one_line(text: str, limit: int = 500) -> str:
    """*text* on one line, cut to *limit* characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
