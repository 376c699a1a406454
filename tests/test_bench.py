"""The benchmark's outside yardsticks (``lasvegas._baselines``) and their target lines.

The figures themselves are never asserted (a benchmark, not a timed test); what is checked
is that the yardsticks play what they claim and that the benchmark reports them, or says
plainly why it cannot.
"""

from __future__ import annotations

import json
import random
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import lasvegas as lv
from lasvegas import _baselines, bench
from lasvegas._baselines import PyPIError, other_build_round


def test_the_bare_loop_plays_four_rounds_of_the_classic_game() -> None:
    """C-2, C-4, C-12: the bare loop deals the game's 54 notes, fills casinos to $50,000 and
    pays unique counts; across four rounds the seats win part of the notes, never more than
    the pile holds, and a seeded game is repeatable."""
    games = [_baselines.bare_classic_game(random.Random(seed)) for seed in range(50)]
    assert all(len(money) == 4 for money in games)
    assert all(0 < sum(money) <= sum(_baselines.NOTES) for money in games)
    assert all(m % 10_000 == 0 for money in games for m in money)
    assert games[7] == _baselines.bare_classic_game(random.Random(7))
    assert sorted(_baselines.NOTES) == sorted(lv.BANKNOTES)


def test_the_side_by_side_run_measures_the_bare_loop_with_classic() -> None:
    results, baselines = bench.run_side_by_side(
        {"classic-4": bench.configurations()["classic-4"]()}, games=3, rounds=2
    )
    assert [r.name for r in results] == ["classic-4"]
    assert baselines.bare_games_per_s is not None
    assert baselines.bare_games_per_s > 0
    assert baselines.pypi_games_per_s is None
    _, without = bench.run_side_by_side(
        {"royale-4-tiles3": bench.configurations()["royale-4-tiles3"]()}, games=1, rounds=1
    )
    assert without.bare_games_per_s is None  # only with classic-4


def test_pypi_with_an_interpreter_that_lacks_it_is_a_clear_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """This interpreter has this library, not PyPI's ``lasvegas`` 0.2.0: the probe refuses
    it, and the benchmark stops before any game with the probe's reason."""
    with pytest.raises(SystemExit) as exited:
        bench.main(
            ["--games", "1", "--rounds", "1", "--config", "classic-4", "--pypi", sys.executable]
        )
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "--pypi" in err
    assert "needs the PyPI package lasvegas==0.2.0" in err


def test_pypi_with_no_interpreter_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(_baselines.PyPIError, match="cannot run"):
        _baselines.pypi_round(str(tmp_path / "no-python"), 1)


def test_the_probe_output_is_read_or_refused() -> None:
    lines = (
        "pypi-lasvegas-0.2.0 players=4 neutral=on games/s=612\n"
        "pypi-lasvegas-0.2.0 players=4 neutral=off games/s=845\n"
    )
    assert _baselines.parse_probe(lines) == (845.0, 612.0)
    with pytest.raises(_baselines.PyPIError, match="unexpected output"):
        _baselines.parse_probe(lines.splitlines()[0])


def test_the_targets_against_the_yardsticks_are_judged() -> None:
    """Met and not met, for the bare loop's share and for PyPI with and without neutral
    dice, from the figures given."""
    classic = bench.BenchResult("classic-4", 1, 1400.0, 1.0, 7.5, 2.0, 2.0, 1.0, 7.0, 85.0, 8.5)
    neutral = bench.BenchResult(
        "classic-4-neutral", 1, 1000.0, 1.0, 9.0, 2.0, 2.0, 1.0, 7.0, 85.0, 10.0
    )
    yardsticks = bench.Baselines(
        bare_games_per_s=2400.0, pypi_games_per_s=700.0, pypi_neutral_games_per_s=600.0
    )
    lines = bench.target_lines([classic, neutral], yardsticks)
    assert "58% of the bare loop's 2,400 (target >= 50%: met)" in lines[-3]
    assert "2.00x PyPI lasvegas 0.2.0's 700 games/s without neutral dice" in lines[-2]
    assert lines[-2].endswith("(target >= 2x: met)")
    assert "1.67x PyPI lasvegas 0.2.0's 600 games/s with neutral dice" in lines[-1]
    assert lines[-1].endswith("(target >= 2x: NOT MET)")


def test_the_json_document_holds_the_yardsticks(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "1", "--rounds", "1", "--config", "classic-4", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in document["engine"]] == ["classic-4"]
    assert document["baselines"]["bare_games_per_s"] > 0
    assert document["baselines"]["pypi_games_per_s"] is None


def test_the_json_document_says_which_build_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "1", "--rounds", "1", "--config", "classic-4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["compiled"] is lv.COMPILED


def _figures(name: str, us_per_decision: float, games_per_s: float) -> bench.BenchResult:
    return bench.BenchResult(
        name, 1, games_per_s, 1.0, us_per_decision, 2.0, 2.0, 1.0, 3.0, 80.0, us_per_decision
    )


def _memory(compiled: bool, traced_kb_per_10k: float, flat: bool) -> bench.MemoryResult:
    points = (
        bench.MemoryCheckpoint(10_000, 50.0, 0.0),
        bench.MemoryCheckpoint(100_000, 50.2, traced_kb_per_10k * 9),
    )
    return bench.MemoryResult(
        compiled, 100_000, ("classic-4",), 10_000, points, traced_kb_per_10k, 0.02, flat
    )


def test_the_compiled_builds_targets_are_judged_from_both_builds() -> None:
    """Compiled classic-4 against the bare loop (1.3x), with neutral dice against PyPI
    lasvegas 0.2.0 (4x), Royale and the card game against the pure build (2x), the pure
    build's share of the bare loop (50%), JSON and observe of each build no slower than
    today (scaled by the run's bare loop), the memory of each build flat: each line names
    the build whose figure it judges."""
    pure = (
        _figures("classic-4", 20.0, 1000.0),
        _figures("classic-4-neutral", 25.0, 800.0),
        _figures("royale-4-tiles3", 40.0, 500.0),
        _figures("cardgame-4", 50.0, 400.0),
    )
    compiled = [
        _figures("classic-4", 8.0, 2700.0),
        _figures("classic-4-neutral", 10.0, 2000.0),
        _figures("royale-4-tiles3", 15.0, 1300.0),
        _figures("cardgame-4", 30.0, 700.0),
    ]
    # The bare loop at 2,000 games/s: today's 87.5 us and 6.5 us scale to 156.8 and 11.65.
    compiled[0] = attrs.evolve(compiled[0], json_roundtrip_us=175.0, observe_us=2.0)
    pure = (attrs.evolve(pure[0], observe_us=13.0), *pure[1:])
    baselines = bench.Baselines(
        2000.0,
        700.0,
        600.0,
        other=pure,
        other_compiled=False,
        other_memory=_memory(False, 300.0, False),
    )
    memory = _memory(True, 12.0, True)
    targets = bench.compiled_targets(compiled, baselines, True, memory)
    assert [(t.build, t.met) for t in targets] == [
        ("compiled", True),
        ("compiled", False),
        ("compiled", True),
        ("compiled", False),
        ("pure", True),
        ("pure", True),
        ("compiled", False),
        ("pure", False),
        ("compiled", True),
        ("pure", False),
        ("compiled", True),
    ]
    lines = bench.build_target_lines(compiled, baselines, True, memory)
    assert lines == [t.line for t in targets]
    assert lines[:9] == [
        "compiled classic-4: 2,700 games/s, 1.35x the bare loop's 2,000 (target >= 1.3x: met)",
        "compiled classic-4-neutral: 3.33x PyPI lasvegas 0.2.0's 600 games/s with neutral "
        "dice (target >= 4x: NOT MET)",
        "compiled royale-4-tiles3: 2.67x the pure build's speed per seat decision "
        "(target >= 2x: met)",
        "compiled cardgame-4: 1.67x the pure build's speed per seat decision "
        "(target >= 2x: NOT MET)",
        "pure classic-4: 1,000 games/s, 50% of the bare loop's 2,000 (target >= 50%: met)",
        "pure classic-4 JSON round trip: 80.0 us, today's 87.5 us at this run's speed "
        "156.8 us (target <= 1.1x: met)",
        "compiled classic-4 JSON round trip: 175.0 us, today's 87.5 us at this run's speed "
        "156.8 us (target <= 1.1x: NOT MET)",
        "pure classic-4 observe: 13.00 us, today's 6.50 us at this run's speed 11.65 us "
        "(target <= 1.1x: NOT MET)",
        "compiled classic-4 observe: 2.00 us, today's 6.50 us at this run's speed 11.65 us "
        "(target <= 1.1x: met)",
    ]
    assert lines[9].startswith("pure build: memory over 100,000 games, after a warm-up of 10,000")
    assert lines[9].endswith("NOT MET)")
    assert "+12.0 KiB traced" in lines[10]
    # Judged the same from the pure build's side (--other-python naming the compiled one).
    flipped = attrs.evolve(
        baselines, other=tuple(compiled), other_compiled=True, other_memory=memory
    )
    assert bench.build_target_lines(list(pure), flipped, False, baselines.other_memory) == lines
    same = attrs.evolve(baselines, other_compiled=True)
    assert bench.build_target_lines(compiled, same, compiled=True) == [
        "the other build is the same build as this one: no comparison of the two builds"
    ]


def test_targets_without_their_figures_say_what_is_missing() -> None:
    """A run of one build: the other build's targets are not measured (``met`` is None)
    and the lines say how to measure them, as do PyPI's and the memory's."""
    alone = [_figures("classic-4", 8.0, 2700.0)]
    targets = bench.compiled_targets(alone, bench.Baselines(2000.0, None, None), lv.COMPILED)
    ours = "compiled" if lv.COMPILED else "pure"
    assert len(targets) == 11
    for target in targets:
        if target.met is None:
            assert "not measured (" in target.line
            assert target.line.startswith(f"{target.build} ")
    assert {t.build for t in targets if t.met is not None} == {ours}
    missing = [t.line for t in targets if t.met is None]
    assert any("--other-python PYTHON" in line for line in missing)
    assert any("--memory GAMES" in line for line in missing)
    if lv.COMPILED:
        assert any("classic-4-neutral not run" in line for line in missing)


def test_memory_is_measured_at_checkpoints_after_a_warm_up() -> None:
    """``measure_memory``: a tenth of the games warm up, then a checkpoint every tenth, each
    with the RSS and the Python memory held since the warm-up; tracemalloc is stopped after,
    and "flat" is the two growths within their bounds."""
    configs = {"classic-2": lv.classic(2), "classic-3": lv.classic(3)}
    result = bench.measure_memory(configs, 20, seed=3)
    assert [c.games for c in result.checkpoints] == list(range(2, 21, 2))
    assert result.warmup == 2
    assert result.configs == ("classic-2", "classic-3")
    assert result.checkpoints[0].traced_kb == 0.0
    assert all(c.traced_kb >= 0 for c in result.checkpoints)
    assert result.compiled is lv.COMPILED
    assert not tracemalloc.is_tracing()
    expected = result.traced_kb_per_10k <= bench.MEMORY_FLAT_TRACED_KB and (
        result.rss_mb_per_10k is None or result.rss_mb_per_10k <= bench.MEMORY_FLAT_RSS_MB
    )
    assert result.flat is expected
    growth = result.checkpoints[-1].traced_kb / (18 / 10_000)
    assert result.traced_kb_per_10k == pytest.approx(growth)
    if sys.platform.startswith("linux"):
        assert all(c.rss_mb is not None and c.rss_mb > 1 for c in result.checkpoints)
    lines = bench.memory_lines(result)
    assert len(lines) == 2 + 10 + 1
    assert lines[-1].endswith(("met)", "NOT MET)"))
    with pytest.raises(ValueError, match="at least 2 games"):
        bench.measure_memory(configs, 1)


def test_memory_checkpoints_empty_the_bounded_tables() -> None:
    """Each checkpoint counts what games keep beyond the library's bounded tables: every
    module-level ``Interned`` is empty right after one (and refills as games go on)."""
    from lasvegas.table import Interned

    tables = [
        value
        for name, module in list(sys.modules.items())
        if name.startswith("lasvegas")
        for value in vars(module).values()
        if isinstance(value, Interned)
    ]
    seen: list[int] = []
    bench.measure_memory(
        {"classic-3": lv.classic(3)},
        2,
        report=lambda point: seen.append(sum(len(t) for t in tables)),
    )
    assert len(tables) > 10
    assert seen == [0, 0]
    bench._play_runs(lv.classic(3), lv.Rng(1))
    assert sum(len(t) for t in tables) > 0


def test_memory_leaves_someone_elses_tracing_on() -> None:
    """A caller's own tracemalloc tracing stays on; the growth counts from the warm-up."""
    tracemalloc.start()
    try:
        result = bench.measure_memory({"classic-2": lv.classic(2)}, 3)
        assert tracemalloc.is_tracing()
        assert result.checkpoints[0].traced_kb == 0.0
        assert [c.games for c in result.checkpoints] == [1, 2, 3]
    finally:
        tracemalloc.stop()


def test_the_memory_options_print_both_builds_and_the_targets(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--memory GAMES`` after the speed rounds, in the other build too (its child process
    stands in here), printed per build and among the targets; ``--json`` holds the same."""
    asked: list[tuple[str, list[str], int, int]] = []

    def other_round(
        python: str, names: list[str], games: int, seed: int
    ) -> tuple[bool, list[dict[str, object]]]:
        return not lv.COMPILED, [attrs.asdict(_figures("classic-4", 5.0, 4000.0))]

    def other_memory(
        python: str, names: list[str], games: int, seed: int
    ) -> Callable[[], dict[str, object]]:
        asked.append((python, names, games, seed))
        document: dict[str, object] = json.loads(
            json.dumps(attrs.asdict(_memory(not lv.COMPILED, 1.0, True)))
        )
        return lambda: document

    monkeypatch.setattr(bench, "other_build_round", other_round)
    monkeypatch.setattr(bench, "other_build_memory", other_memory)
    argv = ["--games", "1", "--rounds", "1", "--config", "classic-4", "--memory", "4"]
    argv += ["--other-python", "/other/python"]
    assert bench.main(argv) == 0
    out = capsys.readouterr().out
    assert asked == [("/other/python", ["classic-4"], 4, 1)]
    assert f"memory of the {bench.build_name(lv.COMPILED)} build: 4 games" in out
    assert f"memory of the {bench.build_name(not lv.COMPILED)} build: 100,000 games" in out
    assert "the compiled build's targets, both builds in this run:" in out
    assert "pure build: memory over" in out
    assert "compiled build: memory over" in out
    assert bench.main([*argv, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["memory"]["games"] == 4
    assert document["memory"]["compiled"] is lv.COMPILED
    assert document["baselines"]["other_memory"]["games"] == 100_000
    targets = document["targets"]
    assert len(targets) == 11
    assert {t["build"] for t in targets} == {"compiled", "pure"}
    assert all(set(t) == {"build", "what", "met", "line"} for t in targets)
    assert [t["met"] is not None for t in targets if t["what"] == "memory flat"] == [True, True]


def test_memory_only_prints_the_memory_run_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """``--memory GAMES --memory-only`` (what the other build's child process runs): no
    speed rounds; with ``--json``, a document the parent reads back."""
    argv = ["--config", "classic-4", "--memory", "2", "--memory-only"]
    assert bench.main(argv) == 0
    out = capsys.readouterr().out
    assert "memory of the" in out
    assert "games/s" not in out
    assert bench.main([*argv, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert set(document) == {"compiled", "memory"}
    assert bench._memory_from(document["memory"]).games == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--memory", "1"], "--memory must be at least 2 games"),
        (["--memory-only"], "--memory-only needs --memory GAMES"),
    ],
)
def test_bad_memory_options_are_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        bench.main(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_an_other_python_that_cannot_run_the_memory_run_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(PyPIError, match="cannot run /nonexistent/python"):
        _baselines.other_build_memory("/nonexistent/python", ["classic-4"], 2, 1)
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\necho nothing\n")
    fake.chmod(0o755)
    finish = _baselines.other_build_memory(str(fake), ["classic-4"], 2, 1)
    with pytest.raises(PyPIError, match="could not run this library's memory benchmark"):
        finish()


def test_the_other_build_plays_between_the_rounds(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--other-python``: the other build's figures (from its child process) are printed
    in their own table, with the build each table is, and the two builds' targets."""
    calls: list[tuple[str, list[str], int, int]] = []

    def other_round(
        python: str, names: list[str], games: int, seed: int
    ) -> tuple[bool, list[dict[str, object]]]:
        calls.append((python, names, games, seed))
        row = attrs.asdict(_figures("classic-4", 5.0 - len(calls), 4000.0))
        return not lv.COMPILED, [row]

    monkeypatch.setattr(bench, "other_build_round", other_round)
    argv = ["--games", "1", "--rounds", "2", "--config", "classic-4"]
    assert bench.main([*argv, "--other-python", "/other/python"]) == 0
    out = capsys.readouterr().out
    assert calls == [("/other/python", ["classic-4"], 1, 1)] * 2
    assert f"build: {bench.build_name(lv.COMPILED)}" in out
    assert f"the other build, run by /other/python: {bench.build_name(not lv.COMPILED)}" in out
    assert "compiled classic-4 observe:" in out
    assert "pure classic-4 observe:" in out
    assert "pure classic-4:" in out
    assert "compiled classic-4:" in out
    # The other build's fastest round is kept (the second: 3.0 us per seat decision).
    assert "    3.0 " in out.split("the other build")[1]


def test_an_other_python_that_cannot_run_the_benchmark_is_an_error() -> None:
    with pytest.raises(PyPIError, match="cannot run /nonexistent/python"):
        other_build_round("/nonexistent/python", ["classic-4"], 1, 1)
