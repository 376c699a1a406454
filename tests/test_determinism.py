"""Determinism across threads and processes: the same seed gives the same game everywhere.

A game played with :class:`lasvegas.Rng` depends on nothing but its seed: not on the thread
it runs in, on other games running at the same time, or on the process's hash seed (set
iteration order). Each game is compared by its record's JSON (every action) and its final
state's JSON.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import lasvegas as lv
from lasvegas.testing import example_configs, random_game

SCRIPT = """
import sys
import lasvegas as lv
from lasvegas.testing import example_configs, random_game
for i, config in enumerate(example_configs()):
    state, actions = random_game(config, lv.Rng(100 + i))
    sys.stdout.write(lv.to_json(lv.Record(config, tuple(actions))) + "\\n")
    sys.stdout.write(lv.to_json(state) + "\\n")
"""


def games() -> list[str]:
    """The record and final state of one seeded game of every example config, as JSON lines."""
    lines: list[str] = []
    for i, config in enumerate(example_configs()):
        state, actions = random_game(config, lv.Rng(100 + i))
        lines.append(lv.to_json(lv.Record(config, tuple(actions))))
        lines.append(lv.to_json(state))
    return lines


def one(args: tuple[int, lv.GameConfig]) -> tuple[str, str]:
    """One seeded game, played in whatever thread runs it, loaded back from its own JSON."""
    i, config = args
    state, actions = random_game(config, lv.Rng(100 + i))
    text = lv.to_json(state)
    assert lv.from_json(text, lv.State) == state
    return lv.to_json(lv.Record(config, tuple(actions))), text


def test_threads_play_the_same_games_as_one_thread() -> None:
    """8 threads playing every config's seeded game at once give the same records and states."""
    alone = games()
    jobs = list(enumerate(example_configs())) * 2
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(one, jobs))
    together = [line for pair in results for line in pair]
    assert together == alone + alone


def test_processes_with_other_hash_seeds_play_the_same_games() -> None:
    """Fresh interpreters with different PYTHONHASHSEEDs give the same records and states."""
    alone = games()
    for seed in ("0", "1", "12345"):
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            timeout=600,
        )
        assert done.stdout.splitlines() == alone
