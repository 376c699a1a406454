"""``python -m lasvegas bench``: how fast random games run, per configuration.

It plays full random games (chance drawn with :class:`~lasvegas.Rng`, decisions uniformly
among the legal actions) and prints, per configuration: games/s, steps/s, the time per player
decision with chance included (the figure the editions are compared by), and the cost of one
:func:`~lasvegas.apply`, :func:`~lasvegas.legal_actions`, :func:`~lasvegas.observe` and a JSON
round trip of a mid-game state. Each configuration plays ``--rounds`` rounds of ``--games``
games, interleaved with the other configurations' rounds, and its fastest round is kept (see
:func:`run_all`). The games run with the garbage collector on, as a program's would; the
single calls are timed with it paused, as :mod:`timeit` times them, so that a full collection
of everything the process holds (tens of milliseconds once the games have run) does not land
on a few thousand calls of a few microseconds. It is a benchmark, not a test: figures depend
on the machine.

The project's speed targets are constants of this module, and the benchmark prints each
figure it measures next to its target: :data:`MAX_RATIO` and :data:`MAX_RATIO_BOULEVARD`
(other configurations' time per seat decision against ``classic-4``'s),
:data:`MAX_JSON_ROUNDTRIP_US` and :data:`MAX_OBSERVE_US` (a mid-game ``classic-4`` state).
Two targets compare the library with programs that are not part of it, measured in the same
run, their rounds interleaved with the configurations' (:func:`run_side_by_side`):
:data:`MIN_SHARE_OF_BARE_LOOP` against a bare mutable loop of the classic game (measured
whenever ``classic-4`` is), and :data:`MIN_PYPI_SPEEDUP` against PyPI's unrelated
``lasvegas`` 0.2.0, played by the interpreter of a virtual environment of its own given
with ``--pypi PYTHON`` (it has the same import name as this library).

Each configuration's games are played twice over, interleaved: with the chance between two
decisions played by one :func:`~lasvegas.play_chance` call (the figures the targets use), and
node by node (``sample_chance`` then ``apply`` at each chance node, as a tree search or the
OpenSpiel adapter walks the game): the second time per seat decision is printed next to the
first.

The library comes in two builds of one source (:data:`lasvegas.COMPILED`): the benchmark
prints which one runs, and with ``--other-python PYTHON`` (the interpreter of a virtual
environment that has the other build installed) it also plays the other build's rounds,
in a child process between its own rounds, and prints the compiled build's targets
(:func:`compiled_targets`: :data:`MIN_COMPILED_SHARE_OF_BARE_LOOP`,
:data:`MIN_COMPILED_PYPI_SPEEDUP`, :data:`MIN_COMPILED_SPEEDUP`, the pure build's
:data:`MIN_SHARE_OF_BARE_LOOP`, JSON and ``observe`` of each build no slower than
:data:`TODAY_JSON_ROUNDTRIP_US` and :data:`TODAY_OBSERVE_US`, memory flat), each line naming
the build it judges. ``--memory GAMES`` adds the memory run of each build
(:func:`measure_memory`, judged against :data:`MEMORY_FLAT_TRACED_KB` and
:data:`MEMORY_FLAT_RSS_MB`).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

import lasvegas as lv

from ._baselines import PyPIError, bare_round, other_build_memory, other_build_round, pypi_round

__all__ = [
    "MAX_JSON_ROUNDTRIP_US",
    "MAX_OBSERVE_US",
    "MAX_RATIO",
    "MAX_RATIO_BOULEVARD",
    "MEMORY_FLAT_RSS_MB",
    "MEMORY_FLAT_TRACED_KB",
    "MIN_COMPILED_PYPI_SPEEDUP",
    "MIN_COMPILED_SHARE_OF_BARE_LOOP",
    "MIN_COMPILED_SPEEDUP",
    "MIN_PYPI_SPEEDUP",
    "MIN_SHARE_OF_BARE_LOOP",
    "NO_SLOWER_ALLOWANCE",
    "TODAY_BARE_GAMES_PER_S",
    "TODAY_JSON_ROUNDTRIP_US",
    "TODAY_OBSERVE_US",
    "Baselines",
    "BenchResult",
    "BridgeResult",
    "MemoryCheckpoint",
    "MemoryResult",
    "Target",
    "bridge",
    "build_target_lines",
    "compiled_targets",
    "configurations",
    "main",
    "measure_memory",
    "memory_lines",
    "run",
    "run_all",
    "run_side_by_side",
    "target_lines",
]

MAX_RATIO: Final = 1.5
"""Target: the card game's and Royale's time per seat decision, chance included (played with
:func:`~lasvegas.play_chance`), is at most this multiple of ``classic-4``'s."""

MAX_RATIO_BOULEVARD: Final = 1.75
"""Target: ``boulevard-4-all``'s time per seat decision, chance included, is at most this
multiple of ``classic-4``'s."""

MIN_PYPI_SPEEDUP: Final = 2.0
"""Target: ``classic-4`` plays at least this multiple of PyPI ``lasvegas`` 0.2.0's games/s,
with and without neutral dice (``classic-4`` and ``classic-4-neutral`` against its
4-player games without and with neutral dice; measured with ``--pypi PYTHON``)."""

MAX_JSON_ROUNDTRIP_US: Final = 100.0
"""Target: ``from_json(to_json(state))`` of a mid-game ``classic-4`` state under this many
microseconds."""

MAX_OBSERVE_US: Final = 10.0
"""Target: :func:`~lasvegas.observe` of a mid-game ``classic-4`` state under this many
microseconds."""

MIN_SHARE_OF_BARE_LOOP: Final = 0.5
"""Target: ``classic-4`` plays at least this share of the games/s of a bare mutable loop
that knows nothing but the classic game's arithmetic (``lasvegas._baselines``, measured in
the same run whenever ``classic-4`` is)."""

MIN_COMPILED_SHARE_OF_BARE_LOOP: Final = 1.3
"""Target of the compiled build: ``classic-4`` plays at least this multiple of the bare
loop's games/s."""

MIN_COMPILED_PYPI_SPEEDUP: Final = 4.0
"""Target of the compiled build: ``classic-4-neutral`` plays at least this multiple of PyPI
``lasvegas`` 0.2.0's games/s with neutral dice."""

MIN_COMPILED_SPEEDUP: Final = 2.0
"""Target of the compiled build: ``royale-4-tiles3`` and ``cardgame-4`` each take at most
1/this of the pure build's time per seat decision (measured with ``--other-python``)."""

NO_SLOWER_ALLOWANCE: Final = 1.1
"""JSON round trip and ``observe`` count as no slower when they take at most this multiple
of the time they are compared with (the noise of a shared machine)."""

TODAY_JSON_ROUNDTRIP_US: Final = 87.5
"""The yardstick of "no slower than today" for the JSON round trip of the mid-game
``classic-4`` state: the pure build's time before the compiled build came, measured in one
run with the bare loop at :data:`TODAY_BARE_GAMES_PER_S` (a run is judged against this time
scaled by its own bare loop's speed, so that a slower machine or a loaded one is not taken
for a slower library)."""

TODAY_OBSERVE_US: Final = 6.5
"""The same for :func:`~lasvegas.observe` of that state (before the views' drawing aids
of the web page added rankings, ties, tile facts, faces, a legend and final standings)."""

TODAY_BARE_GAMES_PER_S: Final = 3585.0
"""The bare loop's games/s in the run that measured :data:`TODAY_JSON_ROUNDTRIP_US` and
:data:`TODAY_OBSERVE_US`."""

MEMORY_FLAT_TRACED_KB: Final = 256.0
"""Memory target, "flat": after the warm-up (the first tenth of the games, 10,000 of
10^5), the Python memory still held (:mod:`tracemalloc`, traced from the end of the warm-up
on, measured after the library's bounded tables are emptied and a full garbage collection)
grows by at most this many KiB per 10,000 games, from the end of the warm-up to the last
game (26 bytes a game: one small object kept per game breaks it)."""

MEMORY_FLAT_RSS_MB: Final = 1.0
"""Memory target, "flat": the resident set size grows by at most this many MiB per 10,000
games over the same span (the operating system's view, coarser: pages and arenas)."""


@attrs.frozen
class BenchResult:
    """The figures of one configuration."""

    name: str
    """The configuration's name, e.g. ``"classic-4"``."""
    games: int
    """Random games in the round the figures come from (the fastest of the rounds played)."""
    games_per_s: float
    """Full random games per second."""
    steps_per_s: float
    """Actions (decisions and chance outcomes) applied per second, sampling included."""
    us_per_decision: float
    """Microseconds of the whole loop per seat decision, the chance steps' time included,
    the chance played with :func:`~lasvegas.play_chance` (every chance node up to the next
    decision in one call): the figure the editions are compared by (:data:`MAX_RATIO`)."""
    us_per_step: float
    """Microseconds of the whole loop per action applied, chance outcomes counted like
    decisions (a supplementary figure: editions differ in chance nodes per decision)."""
    apply_us: float
    """Microseconds per :func:`~lasvegas.apply` call."""
    legal_us: float
    """Microseconds per :func:`~lasvegas.legal_actions` call at decisions."""
    observe_us: float
    """Microseconds per :func:`~lasvegas.observe` call on a mid-game state."""
    json_roundtrip_us: float | None
    """Microseconds for ``from_json(to_json(state))`` of a mid-game state (None: no serde)."""
    us_per_decision_nodes: float
    """Microseconds per seat decision of the same games played node by node
    (:func:`~lasvegas.sample_chance` and :func:`~lasvegas.apply` at every chance node), as
    a tree search or the OpenSpiel adapter walks them."""


@attrs.frozen
class Baselines:
    """The outside yardsticks, measured in the same run (:func:`run_side_by_side`)."""

    bare_games_per_s: float | None
    """Games/s of the bare mutable loop of the classic 4-player game, its fastest round
    (``None``: not measured)."""
    pypi_games_per_s: float | None
    """Games/s of PyPI ``lasvegas`` 0.2.0, 4 players without neutral dice, its fastest
    round (``None``: not measured)."""
    pypi_neutral_games_per_s: float | None
    """The same with its neutral dice (2 per player, its default for 4 players)."""
    other: tuple[BenchResult, ...] = ()
    """The other build's figures per configuration, its fastest round each, measured with
    ``--other-python`` (empty: not measured)."""
    other_compiled: bool | None = None
    """Whether that other build is the compiled one (``None``: not measured)."""
    other_memory: MemoryResult | None = None
    """The other build's memory over many games, with ``--other-python`` and ``--memory``
    (``None``: not measured)."""


@attrs.frozen
class MemoryCheckpoint:
    """The memory after some games (``--memory``), after a full garbage collection."""

    games: int
    """Games played so far."""
    rss_mb: float | None
    """The process's resident set size in MiB (``None`` where the platform does not say)."""
    traced_kb: float
    """KiB of Python memory allocated since the end of the warm-up and still held
    (:func:`tracemalloc.get_traced_memory`; 0 at the end of the warm-up)."""


@attrs.frozen
class MemoryResult:
    """Memory over many games of one build (:func:`measure_memory`, ``--memory GAMES``)."""

    compiled: bool
    """Whether the build measured is the compiled one."""
    games: int
    """Games played, the configurations in turn."""
    configs: tuple[str, ...]
    """The configurations played, game 1 the first, game 2 the second, ..."""
    warmup: int
    """Games played before the growth is counted (the first checkpoint)."""
    checkpoints: tuple[MemoryCheckpoint, ...]
    """The memory at the end of the warm-up, then every 10,000 games (every tenth of the
    games in a shorter run) and after the last game."""
    traced_kb_per_10k: float
    """Growth of the Python memory held, KiB per 10,000 games, from the end of the warm-up
    to the last game."""
    rss_mb_per_10k: float | None
    """Growth of the resident set size, MiB per 10,000 games, over the same span."""
    flat: bool
    """Whether both growths are within :data:`MEMORY_FLAT_TRACED_KB` and
    :data:`MEMORY_FLAT_RSS_MB`: the target "memory flat"."""


@attrs.frozen
class Target:
    """One target of the compiled build's work, judged from one run (``--other-python``)."""

    build: str
    """The build whose figure is judged: ``"compiled"`` or ``"pure"``."""
    what: str
    """The target in short, e.g. ``"classic-4 >= 1.3x the bare loop"``."""
    met: bool | None
    """Whether it is met (``None``: not measured in this run)."""
    line: str
    """The line the benchmark prints: the figures, the target and ``met`` or ``NOT MET``."""


@attrs.frozen
class BridgeResult:
    """The OpenSpiel bridge's figures for one configuration (``--openspiel``)."""

    name: str
    """The configuration's name."""
    games: int
    """Random games played through the bridge in the round kept (the fastest)."""
    steps_per_s: float
    """Actions applied per second through ``pyspiel`` (``chance_outcomes`` or
    ``legal_actions``, then ``apply_action``), sampling included: a walk, as a search's
    rollouts or a random simulation make."""
    informed_steps_per_s: float
    """The same, each decision also asking the mover's ``information_state_string`` and
    ``observation_tensor`` (as an RL agent or a tabular method does)."""


def bridge(
    configs: Mapping[str, lv.GameConfig], games: int, seed: int = 1, rounds: int = 3
) -> list[BridgeResult]:
    """Random games of every config played through the OpenSpiel adapter
    (:mod:`lasvegas.adapters.openspiel`, needs the ``openspiel`` extra): as :func:`run_all`,
    *rounds* interleaved rounds of *games* games, the fastest round kept. Each step asks the
    state for its chance outcomes or legal actions, picks one with an
    :class:`~lasvegas.Rng` and applies it, as a tree search or a random simulation does;
    the informed rounds also ask, at each decision, the mover's information state string
    and observation tensor.
    """
    from .adapters.openspiel import load_game

    loaded = {name: load_game(config) for name, config in configs.items()}
    rngs = {name: lv.Rng(seed) for name in configs}
    best: dict[tuple[str, bool], float] = {}
    for _ in range(max(1, rounds)):
        for informed in (False, True):
            for name, game in loaded.items():
                rate = _bridge_round(game, games, rngs[name], informed)
                best[name, informed] = max(rate, best.get((name, informed), 0.0))
    return [BridgeResult(name, games, best[name, False], best[name, True]) for name in configs]


def _bridge_round(game: Any, games: int, rng: lv.Rng, informed: bool) -> float:
    """Steps/s of *games* random games of the OpenSpiel *game*."""
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.below(len(outcomes))][0])
            else:
                if informed:
                    player = state.current_player()
                    state.information_state_string(player)
                    state.observation_tensor(player)
                legal = state.legal_actions()
                state.apply_action(legal[rng.below(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def configurations() -> dict[str, Callable[[], lv.GameConfig]]:
    """The benchmark configurations available in this installation, by name.

    >>> "classic-4" in configurations(), "classic-4-neutral" in configurations()
    (True, True)
    """
    configs: dict[str, Callable[[], lv.GameConfig]] = {
        "classic-4": lambda: lv.classic(4),
        "classic-4-neutral": lambda: lv.classic(4, lv.NeutralDice()),
    }
    boulevard = _boulevard_all()
    if boulevard is not None:
        configs["boulevard-4-all"] = boulevard
    royale = getattr(lv, "royale", None)
    if royale is not None:
        configs["royale-4-tiles3"] = lambda: royale(4)
    cardgame = getattr(lv, "cardgame", None)
    if cardgame is not None:
        configs["cardgame-4"] = lambda: cardgame(4)
    return configs


def _boulevard_all() -> Callable[[], lv.GameConfig] | None:
    names = (
        "SixthPlayer",
        "MinimumByPlayers",
        "HundredThousands",
        "Biggies",
        "Kickers",
        "RainbowCards",
        "SlotMachine",
        "ChipCards",
    )
    classes = [getattr(lv, n, None) for n in names]
    if any(c is None for c in classes):
        return None

    def build() -> lv.GameConfig:
        modules: list[lv.RuleModule] = [c() for c in classes if c is not None]
        return lv.classic(4, *modules)

    return build


def _play_runs(config: lv.GameConfig, rng: lv.Rng) -> tuple[int, int]:
    """One random game, the chance between decisions played by :func:`~lasvegas.play_chance`;
    returns (steps, decisions), the chance actions counted as steps."""
    state = lv.new_game(config)
    steps = decisions = 0
    to_move = lv.to_move
    play_chance = lv.play_chance
    legal_actions = lv.legal_actions
    apply = lv.apply
    while True:
        run = play_chance(state, rng)
        state = run.state
        steps += len(run.actions)
        if to_move(state) is None:
            return steps, decisions
        legal = legal_actions(state)
        state = apply(state, legal[rng.below(len(legal))])
        decisions += 1
        steps += 1


def _play(config: lv.GameConfig, rng: lv.Rng) -> tuple[int, int]:
    """One random game, node by node; returns (steps, decisions)."""
    state = lv.new_game(config)
    steps = decisions = 0
    to_move = lv.to_move
    chance = lv.CHANCE
    sample = lv.sample_chance
    legal_actions = lv.legal_actions
    apply = lv.apply
    while True:
        mover = to_move(state)
        if mover is None:
            return steps, decisions
        if mover is chance:
            action = sample(state, rng)
        else:
            legal = legal_actions(state)
            action = legal[rng.below(len(legal))]
            decisions += 1
        state = apply(state, action)
        steps += 1


def _samples(config: lv.GameConfig, rng: lv.Rng, games: int) -> list[tuple[lv.State, lv.Action]]:
    pairs: list[tuple[lv.State, lv.Action]] = []
    for _ in range(games):
        state = lv.new_game(config)
        while (mover := lv.to_move(state)) is not None:
            if mover is lv.CHANCE:
                action = lv.sample_chance(state, rng)
            else:
                legal = lv.legal_actions(state)
                action = legal[rng.below(len(legal))]
            pairs.append((state, action))
            state = lv.apply(state, action)
    return pairs


def _per_call(fn: Callable[[], object], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat * 1e6


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """The garbage collector off inside the block (as :mod:`timeit` times), back on after.

    >>> with _collector_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _timed_round(
    config: lv.GameConfig, rng: lv.Rng, games: int, nodes: bool = False
) -> tuple[float, int, int]:
    """Play *games* random games (with :func:`~lasvegas.play_chance`, or node by node);
    return (seconds, steps, seat decisions)."""
    play = _play if nodes else _play_runs
    steps = decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        s, d = play(config, rng)
        steps += s
        decisions += d
    return time.perf_counter() - start, steps, decisions


def run(
    name: str, config: lv.GameConfig, games: int, seed: int = 1, rounds: int = 1
) -> BenchResult:
    """Benchmark *config*: *rounds* rounds of *games* random games, the fastest round kept
    (see :func:`run_all`).

    >>> result = run("classic-2", lv.classic(2), games=2)
    >>> result.games, result.games_per_s > 0
    (2, True)
    """
    return run_all({name: config}, games, seed, rounds)[0]


def run_all(
    configs: Mapping[str, lv.GameConfig],
    games: int,
    seed: int = 1,
    rounds: int = 3,
    between: Callable[[], None] | None = None,
) -> list[BenchResult]:
    """Benchmark every config of *configs* (by name): *rounds* rounds of *games* random
    games each, the rounds of the configurations interleaved (round 1 of each, then round 2
    of each, ...; *between*, if given, is called after each round of all of them), and for
    each configuration its fastest round kept, as :mod:`timeit`
    keeps its fastest repeat. On a shared machine a burst of load slows whatever runs
    during it; interleaving exposes every configuration to the same conditions, and the
    fastest round is the one least disturbed. Each configuration plays its own stream of
    games (an :class:`~lasvegas.Rng` seeded with *seed*), different in every round.

    >>> [r.name for r in run_all({"a": lv.classic(2), "b": lv.classic(3)}, games=1, rounds=2)]
    ['a', 'b']
    """
    rngs = {name: lv.Rng(seed) for name in configs}
    for name, config in configs.items():
        _play(config, rngs[name])  # warm the caches
        _play_runs(config, rngs[name])
    best: dict[tuple[str, bool], tuple[float, int, int]] = {}
    for _ in range(max(1, rounds)):
        for name, config in configs.items():
            for nodes in (False, True):
                timed = _timed_round(config, rngs[name], games, nodes)
                kept = best.get((name, nodes))
                if kept is None or timed[0] * max(1, kept[2]) < kept[0] * max(1, timed[2]):
                    best[name, nodes] = timed  # less time per seat decision
        if between is not None:
            between()
    return [
        _result(name, config, games, best[name, False], best[name, True], rngs[name])
        for name, config in configs.items()
    ]


def run_side_by_side(
    configs: Mapping[str, lv.GameConfig],
    games: int,
    seed: int = 1,
    rounds: int = 3,
    pypi: str | None = None,
    other_python: str | None = None,
) -> tuple[list[BenchResult], Baselines]:
    """:func:`run_all`, with the outside yardsticks played between its rounds: the bare loop
    (*games* games a round, when ``classic-4`` is among *configs*) and, if *pypi* names an
    interpreter that has PyPI ``lasvegas`` 0.2.0, that package (*games* games a round with
    and without neutral dice, in a child process). Each keeps its fastest round, as the
    configurations do. With *other_python*, the interpreter of an environment holding the
    other build, that build plays a round of the same configurations between the rounds too
    (:func:`lasvegas._baselines.other_build_round`). Raises
    :class:`lasvegas._baselines.PyPIError` if *pypi* or *other_python* cannot play.

    >>> results, baselines = run_side_by_side({"classic-4": lv.classic(4)}, games=2, rounds=1)
    >>> baselines.bare_games_per_s > 0, baselines.pypi_games_per_s
    (True, None)
    """
    bare_rng = random.Random(seed)
    bare = "classic-4" in configs
    best: dict[str, float] = {}
    other: dict[str, BenchResult] = {}
    other_compiled: list[bool] = []

    def keep(key: str, rate: float) -> None:
        best[key] = max(rate, best.get(key, 0.0))

    def other_round() -> None:
        assert other_python is not None
        compiled, rows = other_build_round(other_python, list(configs), games, seed)
        other_compiled[:] = [compiled]
        for row in rows:
            r = BenchResult(**row)  # type: ignore[arg-type]
            kept = other.get(r.name)
            if kept is None or r.us_per_decision < kept.us_per_decision:
                other[r.name] = r

    def yardsticks() -> None:
        if bare:
            keep("bare", games / bare_round(games, bare_rng))
        if pypi is not None:
            plain, neutral = pypi_round(pypi, games)
            keep("pypi", plain)
            keep("pypi-neutral", neutral)
        if other_python is not None:
            other_round()

    if pypi is not None:
        pypi_round(pypi, 1)  # fail fast, before the games, on an interpreter that cannot play
    if bare:
        bare_round(max(1, games // 10), bare_rng)  # warm up, as run_all does
    results = run_all(configs, games, seed, rounds, between=yardsticks)
    return results, Baselines(
        bare_games_per_s=best.get("bare"),
        pypi_games_per_s=best.get("pypi"),
        pypi_neutral_games_per_s=best.get("pypi-neutral"),
        other=tuple(other[n] for n in configs if n in other),
        other_compiled=other_compiled[0] if other_compiled else None,
    )


def _result(
    name: str,
    config: lv.GameConfig,
    games: int,
    timed: tuple[float, int, int],
    nodes: tuple[float, int, int],
    rng: lv.Rng,
) -> BenchResult:
    """The figures of *config*: the loop's from the round *timed*, then the single calls
    (timed with the garbage collector paused)."""
    elapsed, steps, decisions = timed
    pairs = _samples(config, rng, max(1, min(games, 20)))
    deciding = [s for s, _ in pairs if lv.to_move(s) not in (None, lv.CHANCE)]
    middle = pairs[len(pairs) // 2][0]
    json_us: float | None = None
    to_json = getattr(lv, "to_json", None)
    from_json = getattr(lv, "from_json", None)
    with _collector_paused():
        start = time.perf_counter()
        for state, action in pairs:
            lv.apply(state, action)
        apply_us = (time.perf_counter() - start) / len(pairs) * 1e6
        start = time.perf_counter()
        for state in deciding:
            lv.legal_actions(state)
        legal_us = (time.perf_counter() - start) / max(1, len(deciding)) * 1e6
        observe_us = _per_call(lambda: lv.observe(middle, 0), 2000)
        if to_json is not None and from_json is not None:
            json_us = _per_call(lambda: from_json(to_json(middle), lv.State), 500)
    return BenchResult(
        name=name,
        games=games,
        games_per_s=games / elapsed,
        steps_per_s=steps / elapsed,
        us_per_decision=elapsed / max(1, decisions) * 1e6,
        us_per_step=elapsed / max(1, steps) * 1e6,
        apply_us=apply_us,
        legal_us=legal_us,
        observe_us=observe_us,
        json_roundtrip_us=json_us,
        us_per_decision_nodes=nodes[0] / max(1, nodes[2]) * 1e6,
    )


def _rss_mb() -> float | None:
    """The process's resident set size in MiB, from ``/proc/self/statm`` (Linux); elsewhere
    the peak resident set size (:mod:`resource`), or ``None`` where neither is known."""
    statm = Path("/proc/self/statm")
    try:
        resident = int(statm.read_text().split()[1])
    except (OSError, IndexError, ValueError):
        pass
    else:
        import resource  # a POSIX module: imported where /proc is

        return resident * resource.getpagesize() / 2**20
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10  # bytes or KiB


def _memory_game(config: lv.GameConfig, rng: lv.Rng) -> None:
    """One random game as :func:`_play_runs` plays it; at its 20th decision (if it has one)
    and at its end, the state is also observed by the seat to move (a spectator at the end)
    and round-tripped through JSON, so that their tables are exercised as well."""
    to_json = getattr(lv, "to_json", None)
    from_json = getattr(lv, "from_json", None)
    state = lv.new_game(config)
    decisions = 0
    while True:
        state = lv.play_chance(state, rng).state
        mover = lv.to_move(state)
        if mover is None or decisions == 20:
            lv.observe(state, mover if type(mover) is int else None)
            if to_json is not None and from_json is not None:
                state = from_json(to_json(state), lv.State)
            if mover is None:
                return
        legal = lv.legal_actions(state)
        state = lv.apply(state, legal[rng.below(len(legal))])
        decisions += 1


def measure_memory(
    configs: Mapping[str, lv.GameConfig],
    games: int,
    seed: int = 1,
    report: Callable[[MemoryCheckpoint], None] | None = None,
) -> MemoryResult:
    """Play *games* random games, the configurations of *configs* in turn, and measure the
    memory: after the warm-up (a tenth of the games, at most 10,000), then every 10,000 games
    (every tenth in a shorter run) and at the end, after the library's bounded tables of
    shared values are emptied (every :class:`lasvegas.table.Interned`: each refills and
    clears itself within its limit, so where it stands between two clearings is no growth)
    and a full garbage collection, the resident set size and the Python memory allocated since the warm-up and still held
    (:mod:`tracemalloc`, which traces from the end of the warm-up on and slows the games
    about fourfold). Judged "flat" against :data:`MEMORY_FLAT_TRACED_KB` and
    :data:`MEMORY_FLAT_RSS_MB`. *report*, if given, is called with each checkpoint as it
    is taken (a long run shows its progress).

    >>> result = measure_memory({"classic-2": lv.classic(2)}, games=4)
    >>> [c.games for c in result.checkpoints], result.checkpoints[0].traced_kb
    ([1, 2, 3, 4], 0.0)
    """
    if games < 2:
        raise ValueError(f"measure_memory needs at least 2 games, not {games}")
    played = list(configs.values())
    rng = lv.Rng(seed)
    every = min(10_000, max(1, games // 10))
    checkpoints: list[MemoryCheckpoint] = []
    tracing = tracemalloc.is_tracing()  # someone else's tracing is left as it is
    base = 0
    try:
        for game in range(1, games + 1):
            _memory_game(played[(game - 1) % len(played)], rng)
            if game % every and game != games:
                continue
            _clear_bounded_tables()
            gc.collect()
            if not checkpoints:
                if not tracing:
                    tracemalloc.start()
                base = tracemalloc.get_traced_memory()[0]
            traced = (tracemalloc.get_traced_memory()[0] - base) / 1024 if checkpoints else 0.0
            checkpoints.append(MemoryCheckpoint(game, _rss_mb(), traced))
            if report is not None:
                report(checkpoints[-1])
    finally:
        if not tracing:
            tracemalloc.stop()
    first, last = checkpoints[0], checkpoints[-1]
    span = (last.games - first.games) / 10_000
    traced_growth = (last.traced_kb - first.traced_kb) / span
    rss_growth = (
        None if first.rss_mb is None or last.rss_mb is None else (last.rss_mb - first.rss_mb) / span
    )
    return MemoryResult(
        compiled=lv.COMPILED,
        games=games,
        configs=tuple(configs),
        warmup=first.games,
        checkpoints=tuple(checkpoints),
        traced_kb_per_10k=traced_growth,
        rss_mb_per_10k=rss_growth,
        flat=traced_growth <= MEMORY_FLAT_TRACED_KB
        and (rss_growth is None or rss_growth <= MEMORY_FLAT_RSS_MB),
    )


def _clear_bounded_tables() -> int:
    """Empty the library's module-level tables of shared values (every
    :class:`lasvegas.table.Interned`, bounded by construction: ``tests/test_caches.py``
    checks that each stays within its limit), so that a memory checkpoint counts what
    the games keep beyond them, not where each table stands between two of its
    clearings. Returns how many tables there are.

    >>> _clear_bounded_tables() > 10
    True
    """
    from .table import Interned

    tables = [
        value
        for name, module in list(sys.modules.items())
        if name == "lasvegas" or name.startswith("lasvegas.")
        for value in list(vars(module).values())
        if isinstance(value, Interned)
    ]
    for table in tables:
        table.clear()
    return len(tables)


def memory_lines(memory: MemoryResult) -> list[str]:
    """The memory table of *memory* and its verdict.

    >>> points = (MemoryCheckpoint(10_000, 50.0, 0.0), MemoryCheckpoint(100_000, 50.5, 90.0))
    >>> print("\\n".join(memory_lines(MemoryResult(False, 100_000, ("classic-4",), 10_000,
    ...     points, 10.0, 0.0556, True))))
    memory of the pure Python build: 100,000 games (classic-4 in turn), gc.collect() before each line
        games    RSS MiB  traced KiB since warm-up
       10,000       50.0         0.0
      100,000       50.5        90.0
    pure build: memory over 100,000 games, after a warm-up of 10,000: +10.0 KiB traced and +0.06 MiB RSS per 10,000 games (flat: <= 256 KiB and <= 1 MiB per 10,000: met)
    """
    lines = _memory_header(memory.compiled, memory.games, memory.configs)
    lines.extend(_checkpoint_line(point) for point in memory.checkpoints)
    lines.append(_memory_target(memory).line)
    return lines


def _memory_header(compiled: bool, games: int, configs: Sequence[str]) -> list[str]:
    return [
        f"memory of the {build_name(compiled)} build: {games:,} games "
        f"({', '.join(configs)} in turn), gc.collect() before each line",
        f"{'games':>9} {'RSS MiB':>10}  traced KiB since warm-up",
    ]


def _checkpoint_line(point: MemoryCheckpoint) -> str:
    rss = "-" if point.rss_mb is None else f"{point.rss_mb:.1f}"
    return f"{point.games:>9,} {rss:>10} {point.traced_kb:>11.1f}"


def _memory_target(memory: MemoryResult) -> Target:
    build = "compiled" if memory.compiled else "pure"
    rss = "" if memory.rss_mb_per_10k is None else f" and {memory.rss_mb_per_10k:+.2f} MiB RSS"
    return Target(
        build,
        "memory flat",
        memory.flat,
        f"{build} build: memory over {memory.games:,} games, after a warm-up of "
        f"{memory.warmup:,}: {memory.traced_kb_per_10k:+.1f} KiB traced{rss} per 10,000 games "
        f"(flat: <= {MEMORY_FLAT_TRACED_KB:g} KiB and <= {MEMORY_FLAT_RSS_MB:g} MiB per "
        f"10,000: {_verdict(memory.flat)})",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark from the command line; returns the exit status.

    >>> main(["--games", "1", "--config", "classic-4"])  # doctest: +ELLIPSIS
    build: ...
    config ...
    0
    """
    parser = argparse.ArgumentParser(
        prog="python -m lasvegas bench",
        description="Play random games per configuration and print speed figures and targets.",
    )
    parser.add_argument("--games", type=int, default=500, help="random games per configuration")
    parser.add_argument(
        "--config",
        action="append",
        choices=sorted(configurations()),
        help="configuration to run (repeatable; default: all)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the Rng")
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="rounds of --games games per configuration, interleaved; the fastest is kept",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--pypi",
        metavar="PYTHON",
        help="also play PyPI lasvegas 0.2.0 (an unrelated package with the same import name) "
        "between the rounds, run by PYTHON, the interpreter of a virtual environment of its "
        "own that has it installed: classic-4 against it, with and without neutral dice",
    )
    parser.add_argument(
        "--other-python",
        metavar="PYTHON",
        help="also play the other build of this library (compiled or pure) between the "
        "rounds, run by PYTHON, the interpreter of a virtual environment that has it "
        "installed, and print the compiled build's targets",
    )
    parser.add_argument(
        "--openspiel",
        action="store_true",
        help="also play random games through the OpenSpiel adapter (needs the openspiel "
        "extra): its steps/s next to the engine's, measured in the same run",
    )
    parser.add_argument(
        "--openspiel-games",
        type=int,
        default=20,
        metavar="N",
        help="random games per configuration and round through the adapter (default 20)",
    )
    parser.add_argument(
        "--memory",
        type=int,
        metavar="GAMES",
        help="also play GAMES random games, the configurations in turn, and print the memory "
        "every 10,000 games and whether it stays flat (RSS and tracemalloc; with "
        "--other-python, in the other build too)",
    )
    parser.add_argument(
        "--memory-only",
        action="store_true",
        help="with --memory: only the memory run, no speed rounds",
    )
    args = parser.parse_args(argv)
    if args.memory is not None and args.memory < 2:
        parser.error("--memory must be at least 2 games")
    if args.memory_only and args.memory is None:
        parser.error("--memory-only needs --memory GAMES")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.openspiel_games < 1:
        parser.error("--openspiel-games must be at least 1")
    if args.openspiel:
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            parser.error(
                "--openspiel needs the openspiel extra: pip install 'lasvegas-rules[openspiel]'"
            )
    available = configurations()
    names = args.config or sorted(available)
    configs = {n: available[n]() for n in names}
    if args.memory_only:
        return _memory_only(configs, args.memory, args.seed, args.json)
    try:
        results, baselines = run_side_by_side(
            configs, args.games, args.seed, args.rounds, args.pypi, args.other_python
        )
        memory = None
        if args.memory is not None:
            theirs = None
            if args.other_python is not None:  # the other build's run, at the same time
                theirs = other_build_memory(args.other_python, names, args.memory, args.seed)
            memory = measure_memory(configs, args.memory, args.seed)
            if theirs is not None:
                baselines = attrs.evolve(baselines, other_memory=_memory_from(theirs()))
    except PyPIError as exc:
        parser.error(f"--pypi or --other-python: {exc}")
    targets = compiled_targets(results, baselines, lv.COMPILED, memory)
    bridged = (
        bridge(configs, args.openspiel_games, args.seed, args.rounds) if args.openspiel else []
    )
    if args.json:
        document: dict[str, object] = {
            "compiled": lv.COMPILED,
            "engine": [attrs.asdict(r) for r in results],
            "baselines": attrs.asdict(baselines),
            "memory": None if memory is None else attrs.asdict(memory),
            "targets": [attrs.asdict(t) for t in targets],
        }
        if args.openspiel:
            document["openspiel"] = [attrs.asdict(b) for b in bridged]
        print(json.dumps(document, indent=2))
        return 0
    print(f"build: {build_name(lv.COMPILED)} (lasvegas.COMPILED is {lv.COMPILED})")
    _print_table(results)
    for line in target_lines(results, baselines):
        print(line)
    if baselines.other_compiled is not None:
        print(
            f"\nthe other build, run by {args.other_python}: {build_name(baselines.other_compiled)}"
        )
        _print_table(baselines.other)
    for found in (memory, baselines.other_memory):
        if found is not None:
            print()
            for line in memory_lines(found):
                print(line)
    met = sum(t.met is True for t in targets)
    missed = sum(t.met is False for t in targets)
    print(
        f"\nthe compiled build's targets, both builds in this run: {met} met, {missed} NOT MET, "
        f"{len(targets) - met - missed} not measured"
    )
    for target in targets:
        print(target.line)
    if bridged:
        engine = {r.name: r for r in results}
        print(
            f"\n{'OpenSpiel bridge':<20} {'steps/s':>10} {'engine steps/s':>15} {'ratio':>7}"
            f" {'informed steps/s':>17}"
        )
        for b in bridged:
            own = engine[b.name].steps_per_s
            print(
                f"{b.name:<20} {b.steps_per_s:>10.0f} {own:>15.0f} {own / b.steps_per_s:>6.1f}x"
                f" {b.informed_steps_per_s:>17.0f}"
            )
    sys.stdout.flush()
    return 0


def _memory_only(configs: Mapping[str, lv.GameConfig], games: int, seed: int, as_json: bool) -> int:
    """``--memory GAMES --memory-only``: the memory run alone (the other build's child
    process runs this)."""
    if as_json:
        memory = measure_memory(configs, games, seed)
        print(json.dumps({"compiled": lv.COMPILED, "memory": attrs.asdict(memory)}, indent=2))
        return 0
    print(f"build: {build_name(lv.COMPILED)} (lasvegas.COMPILED is {lv.COMPILED})")
    print("\n".join(_memory_header(lv.COMPILED, games, list(configs))), flush=True)
    memory = measure_memory(
        configs, games, seed, lambda point: print(_checkpoint_line(point), flush=True)
    )
    print(_memory_target(memory).line, flush=True)
    return 0


def _memory_from(document: Mapping[str, Any]) -> MemoryResult:
    """A :class:`MemoryResult` from its JSON form (``--memory-only --json``).

    >>> point = MemoryCheckpoint(1, None, 0.0)
    >>> result = MemoryResult(True, 2, ("classic-2",), 1, (point, point), 0.0, None, True)
    >>> _memory_from(json.loads(json.dumps(attrs.asdict(result)))) == result
    True
    """
    fields = dict(document)
    fields["configs"] = tuple(fields["configs"])
    fields["checkpoints"] = tuple(MemoryCheckpoint(**c) for c in fields["checkpoints"])
    return MemoryResult(**fields)


def build_name(compiled: bool) -> str:
    """How the benchmark names a build.

    >>> build_name(True), build_name(False)
    ('compiled (mypyc)', 'pure Python')
    """
    return "compiled (mypyc)" if compiled else "pure Python"


def _print_table(results: Sequence[BenchResult]) -> None:
    print(
        f"{'config':<20} {'games/s':>9} {'steps/s':>10} {'us/step':>8} {'us/seat dec':>12} "
        f"{'node by node':>13} {'apply us':>9} {'legal us':>9} {'observe us':>11} "
        f"{'json rt us':>11}"
    )
    for r in results:
        rt = "-" if r.json_roundtrip_us is None else f"{r.json_roundtrip_us:.1f}"
        print(
            f"{r.name:<20} {r.games_per_s:>9.0f} {r.steps_per_s:>10.0f} {r.us_per_step:>8.2f} "
            f"{r.us_per_decision:>12.1f} {r.us_per_decision_nodes:>13.1f} {r.apply_us:>9.2f} "
            f"{r.legal_us:>9.2f} {r.observe_us:>11.2f} {rt:>11}"
        )


def build_target_lines(
    results: Sequence[BenchResult],
    baselines: Baselines,
    compiled: bool,
    memory: MemoryResult | None = None,
) -> list[str]:
    """The lines of :func:`compiled_targets`.

    >>> pure = [BenchResult("classic-4", 1, 1000.0, 1.0, 8.0, 4.0, 2.0, 0.5, 3.0, 90.0, 9.0)]
    >>> fast = [attrs.evolve(pure[0], games_per_s=3000.0, observe_us=2.0, json_roundtrip_us=91.0)]
    >>> b = Baselines(2000.0, None, None, other=tuple(pure), other_compiled=False)
    >>> print("\\n".join(build_target_lines(fast, b, True)))  # doctest: +ELLIPSIS
    compiled classic-4: 3,000 games/s, 1.50x the bare loop's 2,000 (target >= 1.3x: met)
    compiled classic-4-neutral >= 4x PyPI lasvegas 0.2.0 with neutral dice: not measured (...)
    compiled royale-4-tiles3 >= 2x the pure build: not measured (...)
    compiled cardgame-4 >= 2x the pure build: not measured (...)
    pure classic-4: 1,000 games/s, 50% of the bare loop's 2,000 (target >= 50%: met)
    pure classic-4 JSON round trip: 90.0 us, today's 87.5 us at this run's speed 156.8 us (target <= 1.1x: met)
    compiled classic-4 JSON round trip: 91.0 us, today's 87.5 us at this run's speed 156.8 us (target <= 1.1x: met)
    pure classic-4 observe: 3.00 us, today's 6.50 us at this run's speed 11.65 us (target <= 1.1x: met)
    compiled classic-4 observe: 2.00 us, today's 6.50 us at this run's speed 11.65 us (target <= 1.1x: met)
    pure memory flat: not measured (--memory GAMES)
    compiled memory flat: not measured (--memory GAMES)
    """
    return [t.line for t in compiled_targets(results, baselines, compiled, memory)]


def compiled_targets(
    results: Sequence[BenchResult],
    baselines: Baselines,
    compiled: bool,
    memory: MemoryResult | None = None,
) -> list[Target]:
    """The targets of the compiled build, judged with both builds measured in one run:
    *results* are this process's build (compiled if *compiled*), ``baselines.other`` the
    other build's (``--other-python``); *memory* and ``baselines.other_memory`` their
    memory runs (``--memory``). In this order: compiled ``classic-4`` at least
    :data:`MIN_COMPILED_SHARE_OF_BARE_LOOP` times the bare loop's games/s; compiled
    ``classic-4-neutral`` at least :data:`MIN_COMPILED_PYPI_SPEEDUP` times PyPI ``lasvegas``
    0.2.0 with neutral dice; compiled ``royale-4-tiles3`` and ``cardgame-4`` at least
    :data:`MIN_COMPILED_SPEEDUP` times the pure build's speed per seat decision; pure
    ``classic-4`` at least :data:`MIN_SHARE_OF_BARE_LOOP` of the bare loop; the JSON round
    trip and ``observe`` of the mid-game ``classic-4`` state in each build no slower than
    today (:data:`TODAY_JSON_ROUNDTRIP_US`, :data:`TODAY_OBSERVE_US`, scaled by this run's
    bare loop against :data:`TODAY_BARE_GAMES_PER_S`, within :data:`NO_SLOWER_ALLOWANCE`);
    the memory of each build flat. A target whose figures this run lacks is said to be not
    measured, and why (``met`` is then ``None``).
    """
    if baselines.other_compiled is not None and baselines.other_compiled == compiled:
        return [
            Target(
                "compiled" if compiled else "pure",
                "two builds",
                None,
                "the other build is the same build as this one: no comparison of the two builds",
            )
        ]
    this = {r.name: r for r in results}
    other = {r.name: r for r in baselines.other} if baselines.other_compiled is not None else {}
    tables = {"compiled": this if compiled else other, "pure": other if compiled else this}
    memories = {
        "compiled" if m.compiled else "pure": m
        for m in (memory, baselines.other_memory)
        if m is not None
    }
    bare = baselines.bare_games_per_s
    targets: list[Target] = []

    def missing(build: str, what: str, needs: str | None = None) -> None:
        why = needs
        if why is None:
            why = (
                f"no {build} build in this run: --other-python PYTHON, the interpreter of an "
                "environment with the other build"
            )
        targets.append(Target(build, what, None, f"{build} {what}: not measured ({why})"))

    def no_bare(build: str) -> str | None:
        if not tables[build]:
            return None
        return "classic-4 not run" if "classic-4" not in tables[build] else "no bare loop"

    c = tables["compiled"].get("classic-4")
    what = f"classic-4 >= {MIN_COMPILED_SHARE_OF_BARE_LOOP:g}x the bare loop"
    if c is None or bare is None:
        missing("compiled", what, no_bare("compiled"))
    else:
        share = c.games_per_s / bare
        ok = share >= MIN_COMPILED_SHARE_OF_BARE_LOOP
        targets.append(
            Target(
                "compiled",
                what,
                ok,
                f"compiled classic-4: {c.games_per_s:,.0f} games/s, {share:.2f}x the bare "
                f"loop's {bare:,.0f} (target >= {MIN_COMPILED_SHARE_OF_BARE_LOOP:g}x: "
                f"{_verdict(ok)})",
            )
        )
    neutral = tables["compiled"].get("classic-4-neutral")
    theirs = baselines.pypi_neutral_games_per_s
    what = (
        f"classic-4-neutral >= {MIN_COMPILED_PYPI_SPEEDUP:g}x PyPI lasvegas 0.2.0 with neutral dice"
    )
    if neutral is None or theirs is None:
        needs = None
        if tables["compiled"]:
            needs = (
                "classic-4-neutral not run"
                if neutral is None
                else "--pypi PYTHON, an environment with PyPI lasvegas 0.2.0"
            )
        missing("compiled", what, needs)
    else:
        times = neutral.games_per_s / theirs
        ok = times >= MIN_COMPILED_PYPI_SPEEDUP
        targets.append(
            Target(
                "compiled",
                what,
                ok,
                f"compiled classic-4-neutral: {times:.2f}x PyPI lasvegas 0.2.0's {theirs:,.0f} "
                f"games/s with neutral dice (target >= {MIN_COMPILED_PYPI_SPEEDUP:g}x: "
                f"{_verdict(ok)})",
            )
        )
    for name in ("royale-4-tiles3", "cardgame-4"):
        fast, slow = tables["compiled"].get(name), tables["pure"].get(name)
        what = f"{name} >= {MIN_COMPILED_SPEEDUP:g}x the pure build"
        if fast is None or slow is None:
            missing("compiled", what, f"{name} not run" if this and other else None)
            continue
        speedup = slow.us_per_decision / fast.us_per_decision
        ok = speedup >= MIN_COMPILED_SPEEDUP
        targets.append(
            Target(
                "compiled",
                what,
                ok,
                f"compiled {name}: {speedup:.2f}x the pure build's speed per seat decision "
                f"(target >= {MIN_COMPILED_SPEEDUP:g}x: {_verdict(ok)})",
            )
        )
    p = tables["pure"].get("classic-4")
    what = f"classic-4 >= {MIN_SHARE_OF_BARE_LOOP:.0%} of the bare loop"
    if p is None or bare is None:
        missing("pure", what, no_bare("pure"))
    else:
        share = p.games_per_s / bare
        ok = share >= MIN_SHARE_OF_BARE_LOOP
        targets.append(
            Target(
                "pure",
                what,
                ok,
                f"pure classic-4: {p.games_per_s:,.0f} games/s, {share:.0%} of the bare loop's "
                f"{bare:,.0f} (target >= {MIN_SHARE_OF_BARE_LOOP:.0%}: {_verdict(ok)})",
            )
        )
    for label, today in (
        ("JSON round trip", TODAY_JSON_ROUNDTRIP_US),
        ("observe", TODAY_OBSERVE_US),
    ):
        for build in ("pure", "compiled"):
            r = tables[build].get("classic-4")
            what = f"classic-4 {label} no slower than today"
            figure = (
                None if r is None else r.observe_us if label == "observe" else r.json_roundtrip_us
            )
            if r is None or bare is None or figure is None:
                missing(build, what, no_bare(build) if r is None or bare is None else "no JSON")
                continue
            scaled = today * TODAY_BARE_GAMES_PER_S / bare
            ok = figure <= scaled * NO_SLOWER_ALLOWANCE
            digits = 1 if label != "observe" else 2
            targets.append(
                Target(
                    build,
                    what,
                    ok,
                    f"{build} classic-4 {label}: {figure:.{digits}f} us, today's "
                    f"{today:.{digits}f} us at this run's speed {scaled:.{digits}f} us "
                    f"(target <= {NO_SLOWER_ALLOWANCE:g}x: {_verdict(ok)})",
                )
            )
    for build in ("pure", "compiled"):
        found = memories.get(build)
        if found is None:
            missing(build, "memory flat", "--memory GAMES")
        else:
            targets.append(_memory_target(found))
    return targets


def _limit(name: str) -> float | None:
    """The ratio target of the configuration *name* against ``classic-4`` (``None``: the
    classic game with neutral dice has none).

    >>> _limit("boulevard-4-all"), _limit("cardgame-4"), _limit("classic-4-neutral")
    (1.75, 1.5, None)
    """
    if name.startswith("boulevard"):
        return MAX_RATIO_BOULEVARD
    if name.startswith("classic"):
        return None
    return MAX_RATIO


def _verdict(met: bool) -> str:
    return "met" if met else "NOT MET"


def target_lines(results: Sequence[BenchResult], baselines: Baselines | None = None) -> list[str]:
    """The lines comparing *results* (and the outside *baselines*) with the targets, for
    the configurations measured.

    The per-decision ratio and the outside yardsticks need ``classic-4`` among the results
    (and ``classic-4-neutral`` for PyPI ``lasvegas`` 0.2.0 with neutral dice); a yardstick
    not measured is said to be so.

    >>> r = BenchResult("classic-4", 1, 1.0, 1.0, 8.0, 4.0, 2.0, 0.5, 3.0, 90.0, 9.0)
    >>> s = attrs.evolve(r, name="royale-4-tiles3", us_per_decision=12.0, us_per_step=5.0)
    >>> t = attrs.evolve(s, name="boulevard-4-all", us_per_decision=16.0)
    >>> print("\\n".join(target_lines([r, s, t])))  # doctest: +ELLIPSIS
    classic-4: JSON round trip 90.0 us (target < 100 us: met); observe 3.00 us (target < 10 us: met)
    royale-4-tiles3: 1.50x classic-4's time per seat decision, chance included (target <= 1.5x: met); 1.25x per step; node by node 1.00x
    boulevard-4-all: 2.00x classic-4's time per seat decision, chance included (target <= 1.75x: NOT MET); 1.25x per step; node by node 1.00x
    bare loop: not measured (it runs with classic-4)
    PyPI lasvegas 0.2.0: not measured (--pypi PYTHON: ...)
    >>> b = Baselines(bare_games_per_s=3.0, pypi_games_per_s=0.5, pypi_neutral_games_per_s=0.4)
    >>> print("\\n".join(target_lines([r], b)[1:]))
    classic-4: 1 games/s, 33% of the bare loop's 3 (target >= 50%: NOT MET)
    classic-4: 2.00x PyPI lasvegas 0.2.0's 0 games/s without neutral dice (target >= 2x: met)
    classic-4-neutral: not measured, so no comparison with PyPI lasvegas 0.2.0 with neutral dice
    """
    lines = []
    base = next((r for r in results if r.name == "classic-4"), None)
    if base is not None:
        json_part = (
            "no JSON round trip"
            if base.json_roundtrip_us is None
            else f"JSON round trip {base.json_roundtrip_us:.1f} us (target < "
            f"{MAX_JSON_ROUNDTRIP_US:g} us: "
            f"{_verdict(base.json_roundtrip_us < MAX_JSON_ROUNDTRIP_US)})"
        )
        lines.append(
            f"{base.name}: {json_part}; observe {base.observe_us:.2f} us (target < "
            f"{MAX_OBSERVE_US:g} us: {_verdict(base.observe_us < MAX_OBSERVE_US)})"
        )
        for r in results:
            if r is not base:
                per_step = r.us_per_step / base.us_per_step
                per_seat = r.us_per_decision / base.us_per_decision
                per_node = r.us_per_decision_nodes / base.us_per_decision_nodes
                limit = _limit(r.name)
                target = (
                    "no target"
                    if limit is None
                    else f"target <= {limit:g}x: {_verdict(per_seat <= limit)}"
                )
                lines.append(
                    f"{r.name}: {per_seat:.2f}x classic-4's time per seat decision, chance "
                    f"included ({target}); {per_step:.2f}x per step; node by node {per_node:.2f}x"
                )
    lines.extend(_outside_lines(results, baselines))
    return lines


def _outside_lines(results: Sequence[BenchResult], baselines: Baselines | None) -> list[str]:
    """The target lines of the outside yardsticks (:func:`target_lines`)."""
    by_name = {r.name: r for r in results}
    base = by_name.get("classic-4")
    bare = None if baselines is None else baselines.bare_games_per_s
    lines = []
    if base is None or bare is None:
        lines.append("bare loop: not measured (it runs with classic-4)")
    else:
        share = base.games_per_s / bare
        lines.append(
            f"classic-4: {base.games_per_s:,.0f} games/s, {share:.0%} of the bare loop's "
            f"{bare:,.0f} (target >= {MIN_SHARE_OF_BARE_LOOP:.0%}: "
            f"{_verdict(share >= MIN_SHARE_OF_BARE_LOOP)})"
        )
    if baselines is None or baselines.pypi_games_per_s is None:
        lines.append(
            "PyPI lasvegas 0.2.0: not measured (--pypi PYTHON: the interpreter of a virtual "
            "environment that has it, e.g. python3 -m venv /tmp/lv020 && /tmp/lv020/bin/pip "
            "install lasvegas==0.2.0)"
        )
        return lines
    pairs = (
        ("classic-4", baselines.pypi_games_per_s, "without"),
        ("classic-4-neutral", baselines.pypi_neutral_games_per_s, "with"),
    )
    for name, theirs, neutral in pairs:
        ours = by_name.get(name)
        if ours is None or theirs is None:
            lines.append(
                f"{name}: not measured, so no comparison with PyPI lasvegas 0.2.0 "
                f"{neutral} neutral dice"
            )
            continue
        times = ours.games_per_s / theirs
        lines.append(
            f"{name}: {times:.2f}x PyPI lasvegas 0.2.0's {theirs:,.0f} games/s {neutral} "
            f"neutral dice (target >= {MIN_PYPI_SPEEDUP:g}x: "
            f"{_verdict(times >= MIN_PYPI_SPEEDUP)})"
        )
    return lines


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
