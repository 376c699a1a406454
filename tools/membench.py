"""Memory benchmark: RSS over many games played like a server, which must stay flat.

A server shows the odds of every chance node and keeps its games as JSON between requests.
This script plays random games of every example config in turn
(:func:`lasvegas.testing.example_configs`), and at every chance node asks for the odds
(:func:`lasvegas.chance_outcomes`, which asks :func:`lasvegas.chance.multiset_draw_distribution`
about the pile at each banknote draw); every ``--reload`` steps it writes the state to JSON
and plays on from the state and config loaded back (:func:`lasvegas.from_json`), as a
server handling one request per move would.

It prints the resident set size (RSS, read from ``/proc/self/status``) after a garbage
collection at 20 checkpoints, and the growth after warm-up (the first tenth of the games):
the library's caches are bounded, so that growth must stay within ``--budget`` MB (5 by
default); the exit status is 1 when it does not.

Usage, from the repository root (100,000 games take about half an hour on one fast core)::

    python tools/membench.py                  # 100,000 games
    python tools/membench.py --games 20000    # a shorter run
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import time
from pathlib import Path

import lasvegas as lv
from lasvegas.testing import example_configs


def rss_mb() -> float:
    """The process's resident set size in MB (peak RSS where /proc is missing)."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def serve_game(config: lv.GameConfig, rng: lv.Rng, reload: int) -> int:
    """Play one random game like a server; return its number of steps."""
    state = lv.new_game(config)
    steps = 0
    while (mover := lv.to_move(state)) is not None:
        if mover is lv.CHANCE:
            odds = lv.chance_outcomes(state)  # shown to the players
            assert odds
            action = lv.sample_chance(state, rng)
        else:
            legal = lv.legal_actions(state)
            action = legal[rng.below(len(legal))]
        state = lv.apply(state, action)
        steps += 1
        if steps % reload == 0:  # the next request loads the game back from JSON
            state = lv.from_json(lv.to_json(state), lv.State)
    return steps


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; exit 1 when RSS grows more than the budget after warm-up."""
    parser = argparse.ArgumentParser(description="RSS over games played like a server")
    parser.add_argument("--games", type=int, default=100_000, help="games to play")
    parser.add_argument("--reload", type=int, default=10, help="steps between JSON reloads")
    parser.add_argument("--budget", type=float, default=5.0, help="MB allowed after warm-up")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random games")
    args = parser.parse_args(argv)
    configs = example_configs()
    rng = lv.Rng(args.seed)
    checkpoints = max(1, args.games // 20)
    warm = max(1, args.games // 10)
    start = time.perf_counter()
    gc.collect()
    print(f"games=0 rss={rss_mb():.1f}MB ({len(configs)} configs, reload every {args.reload})")
    baseline = None
    highest = 0.0
    steps = 0
    for game in range(1, args.games + 1):
        steps += serve_game(configs[game % len(configs)], rng, args.reload)
        if game == warm or game % checkpoints == 0 or game == args.games:
            gc.collect()
            rss = rss_mb()
            if game == warm:
                baseline = rss
            if baseline is not None and game >= warm:
                highest = max(highest, rss)
            elapsed = time.perf_counter() - start
            print(f"games={game} rss={rss:.1f}MB steps={steps} elapsed={elapsed:.0f}s")
    assert baseline is not None
    growth = highest - baseline
    print(
        f"after warm-up ({warm} games): {baseline:.1f}MB, highest {highest:.1f}MB, "
        f"growth {growth:+.1f}MB (budget {args.budget}MB)"
    )
    return 0 if growth <= args.budget else 1


if __name__ == "__main__":
    sys.exit(main())
