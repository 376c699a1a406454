"""``simulate``: computer players against each other, many games, with the results tabulated."""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import itertools
import json
import math
import sys
import time
from collections.abc import Generator, Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, TextIO

import attrs

from ..agents import make_agent, play_game
from ..chance import Rng
from ..engine import standings
from ..record import Record
from ..serde import to_json
from ..text import money
from .common import CliError, printable, usable_cpus
from .log import _title
from .setup import GameSetup, _setup

MAX_GAMES = 10_000_000
"""The most games one ``simulate`` run plays (its memory stays the same whatever the count)."""


@attrs.frozen
class _Job:
    setup: GameSetup
    specs: tuple[str, ...]
    game: int
    seed: int
    record: bool = False


_Result = tuple[tuple[int, ...], tuple[int, ...], str | None]
"""A simulated game: money per entry, winners as entries, the record's JSON (or None)."""


def _run_game(job: _Job) -> _Result:
    """One game of a simulation: (money per entry, winners as entries, its record's JSON
    when the job asks for it)."""
    config = job.setup.config()
    players = config.players
    rng = Rng(job.seed)
    # Entry e plays seat (e + game) % players: every entry gets every seat in turn.
    seat_of = [(e + job.game) % players for e in range(players)]
    entry_at = {seat: e for e, seat in enumerate(seat_of)}
    agent_rngs = [rng.fork() for _ in range(players)]
    agents = [make_agent(job.specs[entry_at[seat]], agent_rngs[seat]) for seat in range(players)]
    state, actions = play_game(config, agents, rng)
    result = standings(state)
    money_ = tuple(result.money[seat_of[e]] for e in range(players))
    winners = tuple(sorted(entry_at[s] for s in result.winners))
    record = None
    if job.record:
        names = tuple(job.specs[entry_at[seat]] for seat in range(players))
        record = to_json(Record(config, actions, names=names, seed=job.seed))
    return money_, winners, record


class _Progress:
    """A progress bar on stderr: rich's when installed, else a plain one."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.done = 0
        self.enabled = enabled
        self._rich: Any = None
        self._task: Any = None
        if not enabled:
            return
        try:
            from rich.console import Console
            from rich.progress import Progress
        except ImportError:
            return
        # on stderr, as the plain bar: stdout carries the results (and --json's document)
        progress = Progress(console=Console(stderr=True), transient=True)
        progress.start()
        self._task = progress.add_task("games", total=total)
        self._rich = progress

    def advance(self) -> None:
        self.done += 1
        if not self.enabled:
            return
        if self._rich is not None:
            self._rich.update(self._task, completed=self.done)
            return
        width = 30
        filled = width * self.done // max(1, self.total)
        bar = "#" * filled + "." * (width - filled)
        sys.stderr.write(f"\r[{bar}] {self.done}/{self.total} games")
        if self.done == self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    def close(self) -> None:
        if self._rich is not None:
            self._rich.stop()


@attrs.frozen
class _Row:
    """One agent's results in a simulation (a row of the table, an entry of the JSON)."""

    agent: str
    spec: str
    games: int
    wins: int
    win_share: float
    win_rate: float
    win_rate_ci95: tuple[float, float]
    mean_money: float
    money_ci95: tuple[float, float]


class _Sums:
    """The count, sum and sum of squares of whole amounts, kept exactly (Python ints): a
    simulation keeps these, not every game's amount, so its memory does not grow."""

    def __init__(self) -> None:
        self.n = 0
        self.total = 0
        self.squares = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def interval(self) -> tuple[float, float, float]:
        """Mean and a normal-approximation 95% confidence interval."""
        n = self.n
        mean = self.total / n
        if n < 2:
            return mean, mean, mean
        # the sample variance, exactly: (n * sum(v^2) - sum(v)^2) / (n (n - 1))
        var = Fraction(n * self.squares - self.total * self.total, n * (n - 1))
        half = 1.96 * math.sqrt(var / n)
        return mean, mean - half, mean + half


def _wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def _run_games(jobs: list[_Job]) -> list[_Result]:
    """Several games of a simulation, in one worker call."""
    return [_run_game(job) for job in jobs]


def _iter_results(
    jobs: Iterator[_Job], total: int, workers: int
) -> Generator[tuple[_Job, _Result]]:
    """Each job of *jobs* with its result, in order; with several workers, at most a few
    chunks per worker are in flight, so memory does not grow with the number of games."""
    if workers <= 1:
        for job in jobs:
            yield job, _run_game(job)
        return
    chunk = max(1, min(16, total // (workers * 8)))
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
        pending: collections.deque[tuple[list[_Job], concurrent.futures.Future[list[_Result]]]]
        pending = collections.deque()
        while True:
            while len(pending) < 4 * workers:
                batch = list(itertools.islice(jobs, chunk))
                if not batch:
                    break
                pending.append((batch, pool.submit(_run_games, batch)))
            if not pending:
                return
            batch, future = pending.popleft()
            yield from zip(batch, future.result(), strict=True)


def _results(
    args: argparse.Namespace, jobs: Iterator[_Job], workers: int
) -> Iterator[tuple[_Job, _Result]]:
    """``(job, result)`` pairs: in game order locally, as they finish on Ray (``--ray``, whose
    shards need the jobs listed)."""
    if args.ray is None:
        yield from _iter_results(jobs, args.games, workers)
        return
    listed = list(jobs)
    try:
        from ..distributed import ray_map

        for g, result in ray_map(_run_game, listed, address=args.ray or None, workers=workers):
            yield listed[g], result
    except ImportError as exc:
        raise CliError(str(exc)) from None


def _game_line(job: _Job, labels: Sequence[str], result: _Result) -> str:
    """The JSON line ``--out`` writes for one finished game."""
    amounts, winners, _ = result
    players = len(amounts)
    return json.dumps(
        {
            "game": job.game,
            "seed": job.seed,
            "seats": [(e + job.game) % players for e in range(players)],
            "money": list(amounts),
            "winners": [labels[e] for e in winners],
        }
    )


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Play computer players against each other and tabulate the results."""
    setup = _setup(args)
    config = setup.config()
    players = config.players
    if args.games < 1:
        raise CliError("--games must be at least 1")
    if args.games > MAX_GAMES:
        raise CliError(f"--games {args.games}: at most {MAX_GAMES:,} games in one run")
    if args.jobs < 1:
        raise CliError("--jobs must be at least 1")
    # Local processes (and a local Ray instance) get at most the CPUs this process may use;
    # a Ray cluster's address gets the workers asked for.
    workers = min(args.jobs, args.games) if args.ray else min(args.jobs, usable_cpus(), args.games)
    if workers < min(args.jobs, args.games):
        print(
            f"note: --jobs {args.jobs} capped at {workers}, the CPUs this process may use",
            file=sys.stderr,
        )
    specs = list(args.agents)
    for spec in specs:
        try:
            make_agent(spec, 0)
        except ValueError as exc:
            raise CliError(str(exc)) from None
    entries = tuple(specs[i % len(specs)] for i in range(players))
    labels = list(entries)
    for i, spec in enumerate(entries):
        if entries.count(spec) > 1:
            labels[i] = f"{spec}#{i + 1}"
    seeds = Rng(args.seed)
    keep = args.records is not None
    jobs = (_Job(setup, entries, g, seeds.next_u64(), keep) for g in range(args.games))
    if keep:
        try:
            Path(args.records).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CliError(f"--records {args.records}: {exc.strerror or exc}") from None
    try:
        lines = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    except OSError as exc:
        raise CliError(f"--out {args.out}: {exc.strerror or exc}") from None
    progress = _Progress(
        args.games, not args.no_progress and (args.progress or sys.stderr.isatty())
    )
    wins = [0] * players
    shares = [Fraction(0)] * players
    money_ = [_Sums() for _ in range(players)]
    started = time.perf_counter()
    try:
        for job, result in _results(args, jobs, workers):
            amounts, winners, record = result
            for e in range(players):
                money_[e].add(amounts[e])
            for e in winners:
                wins[e] += 1
                shares[e] += Fraction(1, len(winners))  # exact: the same in any order
            if lines is not None:  # streamed as each game finishes
                lines.write(_game_line(job, labels, result) + "\n")
                lines.flush()
            if record is not None:
                Path(args.records, f"game-{job.game:06d}.json").write_text(record, encoding="utf-8")
            progress.advance()
    finally:
        progress.close()
        if lines is not None:
            lines.close()
    seconds = time.perf_counter() - started
    rows = []
    for e in range(players):
        share = float(shares[e])
        mean, m_low, m_high = money_[e].interval()
        rows.append(
            _Row(
                agent=labels[e],
                spec=entries[e],
                games=args.games,
                wins=wins[e],
                win_share=share,
                win_rate=share / args.games,
                win_rate_ci95=_wilson(share, args.games),
                mean_money=mean,
                money_ci95=(m_low, m_high),
            )
        )
    if args.json:
        document = {
            "format": "lasvegas/simulation",
            "schema": 1,
            "config": json.loads(to_json(config)),
            "games": args.games,
            "seed": args.seed,
            "jobs": workers,
            "ray": args.ray,
            "seconds": round(seconds, 3),
            "agents": [attrs.asdict(row) for row in rows],
        }
        print(json.dumps(document, indent=2), file=out)
        return 0
    title = _title(config, args.seed) + f": {args.games} games in {seconds:.1f} s"
    print(printable(title), file=out)
    print("Seats rotate between games; a shared win counts as a fraction.", file=out)
    header = (
        f"{'agent':<24} {'wins':>6} {'win rate':>9} {'95% interval':>15} "
        f"{'mean money':>12} {'95% interval':>23}"
    )
    print(header, file=out)
    print("-" * len(header), file=out)
    for row in rows:
        lo, hi = row.win_rate_ci95
        m_lo, m_hi = row.money_ci95
        rate = f"{lo:.1%}-{hi:.1%}"
        spread = f"{money(round(m_lo))}-{money(round(m_hi))}"
        line = (
            f"{row.agent:<24} {row.win_share:>6.5g} {row.win_rate:>9.1%} {rate:>15} "
            f"{money(round(row.mean_money)):>12} {spread:>23}"
        )
        print(printable(line), file=out)
    return 0
