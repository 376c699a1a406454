"""Several threads playing different games at once: each game ends as it does alone.

The caches the library keeps (per-config tables, bounded ``Interned`` tables of shared
values, the identity-checked tables of rolls and legal lists) are shared by every thread of
a process. Here 4 threads play every example config at once, their interpreter switching
threads every few microseconds, each game on a config loaded afresh (its tables built
while the others play) and each step taken with :func:`lasvegas.step` with its legal list,
chance outcomes and a seat's view asked as well; the search agent plays the two configs
whose playout gains share a key shape (3 seats with the neutral die, 4 seats). Each game's
actions and final JSON must equal those of the same game played alone.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import lasvegas as lv
from lasvegas.agents import Agent, GreedyAgent, RandomAgent, SearchAgent, play_game
from lasvegas.testing import example_configs


def _busy(state: lv.State, action: lv.Action, result: lv.Step) -> None:
    """What a front end asks at each step: the legal list, the chance node, a view."""
    lv.legal_actions(result.state)
    lv.chance_outcomes(result.state)
    lv.observe(result.state, 0)


def _one(job: tuple[int, str, str]) -> tuple[str, tuple[lv.Action, ...]]:
    """Game *seed* of the config given as JSON, on a config object of its own."""
    seed, text, kind = job
    config = lv.from_json(text, lv.GameConfig)
    if kind == "search":
        agents: list[Agent] = [
            SearchAgent(seed=seed + s, playouts=8, worlds=2) for s in range(config.players)
        ]
    else:
        agents = [
            GreedyAgent(seed + s) if s % 2 else RandomAgent(seed + s) for s in range(config.players)
        ]
    state, actions = play_game(config, agents, lv.Rng(seed), on_step=_busy)
    return lv.to_json(state), actions


@contextmanager
def _switching_often() -> Iterator[None]:
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)


def _jobs() -> list[tuple[int, str, str]]:
    jobs = [(i, lv.to_json(c), "agents") for i, c in enumerate(example_configs())]
    jobs += [
        (900, lv.to_json(lv.classic(3, lv.NeutralDice())), "search"),
        (901, lv.to_json(lv.classic(4)), "search"),
    ]
    return jobs


def test_four_threads_playing_different_games_at_once_play_each_as_alone() -> None:
    jobs = _jobs()
    assert len({text for _, text, _ in jobs}) >= 40  # different configs, not one game 4 times
    alone = [_one(job) for job in jobs]
    with _switching_often(), ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(_one, reversed(jobs)))[::-1]
    for job, (state, actions), (state_alone, actions_alone) in zip(
        jobs, together, alone, strict=True
    ):
        assert actions == actions_alone, job[1]
        assert state == state_alone, job[1]
    assert all(lv.from_json(state, lv.State) for state, _ in together)
