"""The two outside yardsticks of ``python -m lasvegas bench``, measured in the same run.

* :func:`bare_classic_game`: a bare loop of the classic 4-player game, mutable lists and
  integers only, no rules engine, no states, no checks. It is the practical floor for pure
  CPython, the yardstick of :data:`lasvegas.bench.MIN_SHARE_OF_BARE_LOOP`.
* :func:`pypi_round`: PyPI's unrelated ``lasvegas`` 0.2.0 (a mutable numpy-based engine,
  same import name), played by another interpreter, the one of a throw-away virtual
  environment it is installed in, through the script ``_pypi_probe.py`` that ships next to
  this module. It is the yardstick of :data:`lasvegas.bench.MIN_PYPI_SPEEDUP`.

Neither is rule code: the bare loop draws with its own :class:`random.Random`, and the
probe runs in a child process (``-I``: isolated from this environment and from the folder
of this package, whose ``types.py`` would shadow the standard library's).
"""

from __future__ import annotations

import json
import random
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = [
    "NOTES",
    "PyPIError",
    "bare_classic_game",
    "bare_round",
    "other_build_round",
    "pypi_round",
]

NOTES = (
    [10_000] * 6
    + [20_000] * 8
    + [30_000] * 8
    + [40_000] * 6
    + [50_000] * 6
    + [
        60_000,
        70_000,
        80_000,
        90_000,
    ]
    * 5
)
"""The 54 banknotes of the classic game, as the bare loop deals them."""

PROBE = Path(__file__).with_name("_pypi_probe.py")
"""The script the other interpreter runs (it prints one line per neutral-dice setting)."""


class PyPIError(RuntimeError):
    """PyPI ``lasvegas`` 0.2.0 could not be measured with the interpreter given."""


def bare_classic_game(rng: random.Random, players: int = 4) -> list[int]:
    """One random classic game by the bare loop; returns the money each seat won.

    The notes are dealt to each casino until it holds $50,000 (C-4), each seat rolls what
    it holds and puts every die of one random face on that casino, and each casino pays its
    notes, highest first, to the unique counts, highest first (ties knocked out); what is
    not paid goes under the pile. Four rounds, no neutral dice.

    >>> money = bare_classic_game(random.Random(1))
    >>> len(money), 0 < sum(money) <= sum(NOTES)
    (4, True)
    """
    pile = NOTES[:]
    rng.shuffle(pile)
    money = [0] * players
    start = 0
    for _round in range(4):
        casinos = []
        for _c in range(6):
            notes: list[int] = []
            while sum(notes) < 50_000 and pile:
                notes.append(pile.pop())
            casinos.append(sorted(notes, reverse=True))
        placed = [[0] * players for _ in range(6)]
        left = [8] * players
        p = start
        while any(left):
            if left[p]:
                counts = [0] * 7
                for _ in range(left[p]):
                    counts[rng.randint(1, 6)] += 1
                face = rng.choice([f for f in range(1, 7) if counts[f]])
                placed[face - 1][p] += counts[face]
                left[p] -= counts[face]
            p = (p + 1) % players
        back = []
        for c in range(6):
            tally: dict[int, list[int]] = {}
            for q in range(players):
                n = placed[c][q]
                if n:
                    tally.setdefault(n, []).append(q)
            ranked = sorted(((n, qs[0]) for n, qs in tally.items() if len(qs) == 1), reverse=True)
            notes = casinos[c]
            for i, (_n, q) in enumerate(ranked[: len(notes)]):
                money[q] += notes[i]
            back.extend(notes[len(ranked) :])
        pile[:0] = back  # under the pile
        start = (start + 1) % players
    return money


def bare_round(games: int, rng: random.Random) -> float:
    """Seconds the bare loop takes for *games* 4-player games.

    >>> bare_round(2, random.Random(1)) > 0
    True
    """
    play = bare_classic_game
    start = time.perf_counter()
    for _ in range(games):
        play(rng)
    return time.perf_counter() - start


def pypi_round(python: str, games: int, timeout: float = 600.0) -> tuple[float, float]:
    """Games/s of PyPI ``lasvegas`` 0.2.0 without and with neutral dice (4 players, its own
    random players), played by the interpreter *python*, which must have that package
    installed (in a virtual environment of its own: it has the same import name).

    Raises :class:`PyPIError` naming what went wrong (no such interpreter, not that
    package, an unexpected output).

    >>> pypi_round("/nonexistent/python", 1)
    Traceback (most recent call last):
    ...
    lasvegas._baselines.PyPIError: cannot run /nonexistent/python: ...
    """
    source = PROBE.read_text(encoding="utf-8")
    try:
        done = subprocess.run(
            [python, "-I", "-c", source, str(games)],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        raise PyPIError(f"cannot run {python}: {exc}") from exc
    if done.returncode != 0:
        said = (done.stderr.strip() or done.stdout.strip()).splitlines()
        raise PyPIError(f"{python} could not play PyPI lasvegas 0.2.0: {said[-1] if said else ''}")
    return parse_probe(done.stdout)


def other_build_round(
    python: str, names: list[str], games: int, seed: int, timeout: float = 1800.0
) -> tuple[bool, list[dict[str, object]]]:
    """One round of the benchmark by the other build of this library: the interpreter
    *python* (of an environment that has it installed) runs ``python -m lasvegas bench
    --json`` on the configurations *names*, *games* games each, in a child process
    isolated (``-I``) from this environment and from the working directory.

    Returns whether that build is compiled, and its figures per configuration (the fields
    of :class:`lasvegas.bench.BenchResult`). Raises :class:`PyPIError` if it cannot run.

    >>> other_build_round("/nonexistent/python", ["classic-4"], 1, 1)
    Traceback (most recent call last):
    ...
    lasvegas._baselines.PyPIError: cannot run /nonexistent/python: ...
    """
    command = [python, "-I", "-m", "lasvegas", "bench", "--", "--json", "--rounds", "1"]
    command += ["--games", str(games), "--seed", str(seed)]
    for name in names:
        command += ["--config", name]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        raise PyPIError(f"cannot run {python}: {exc}") from exc
    try:
        document = json.loads(done.stdout)
        compiled = document["compiled"]
        rows = document["engine"]
    except (ValueError, KeyError, TypeError):
        said = (done.stderr.strip() or done.stdout.strip()).splitlines()
        raise PyPIError(
            f"{python} could not run this library's benchmark: {said[-1] if said else ''}"
        ) from None
    if not isinstance(compiled, bool) or not isinstance(rows, list):
        raise PyPIError(f"{python} printed an unexpected benchmark document")
    return compiled, rows


def other_build_memory(
    python: str, names: list[str], games: int, seed: int, timeout: float = 7200.0
) -> Callable[[], dict[str, Any]]:
    """Start the memory run of the other build of this library (``--memory GAMES``): the
    interpreter *python* runs ``python -m lasvegas bench --memory GAMES --memory-only
    --json`` on the configurations *names* in a child process, isolated as in
    :func:`other_build_round`, while the caller goes on (the two builds' runs at the same
    time). Returns a function that waits for it (at most *timeout* seconds) and returns
    its document's ``memory`` object (the fields of :class:`lasvegas.bench.MemoryResult`).
    Raises :class:`PyPIError` if it cannot run, or the function does.

    >>> other_build_memory("/nonexistent/python", ["classic-4"], 2, 1)
    Traceback (most recent call last):
    ...
    lasvegas._baselines.PyPIError: cannot run /nonexistent/python: ...
    """
    command = [python, "-I", "-m", "lasvegas", "bench", "--", "--json", "--memory-only"]
    command += ["--memory", str(games), "--seed", str(seed)]
    for name in names:
        command += ["--config", name]
    try:
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    except OSError as exc:
        raise PyPIError(f"cannot run {python}: {exc}") from exc

    def finish() -> dict[str, Any]:
        try:
            out, err = child.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            raise PyPIError(f"{python} did not finish its memory run in {timeout:g} s") from None
        try:
            memory = json.loads(out)["memory"]
        except (ValueError, KeyError, TypeError):
            said = (err.strip() or out.strip()).splitlines()
            raise PyPIError(
                f"{python} could not run this library's memory benchmark: "
                f"{said[-1] if said else ''}"
            ) from None
        if not isinstance(memory, dict):
            raise PyPIError(f"{python} printed an unexpected memory document")
        return memory

    return finish


def parse_probe(output: str) -> tuple[float, float]:
    """The games/s without and with neutral dice in the probe's *output*.

    >>> parse_probe("pypi-lasvegas-0.2.0 players=4 neutral=on games/s=700\\n"
    ...             "pypi-lasvegas-0.2.0 players=4 neutral=off games/s=850\\n")
    (850.0, 700.0)
    >>> parse_probe("nothing")
    Traceback (most recent call last):
    ...
    lasvegas._baselines.PyPIError: unexpected output of the probe: 'nothing'
    """
    rates: dict[str, float] = {}
    for line in output.splitlines():
        fields = dict(part.split("=", 1) for part in line.split()[1:] if "=" in part)
        if "neutral" in fields and "games/s" in fields:
            rates[fields["neutral"]] = float(fields["games/s"])
    if set(rates) != {"on", "off"}:
        raise PyPIError(f"unexpected output of the probe: {output.strip()[:200]!r}")
    return rates["off"], rates["on"]
