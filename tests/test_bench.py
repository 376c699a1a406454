"""The benchmark's outside yardsticks (``lasvegas._baselines``) and their target lines.

The figures themselves are never asserted (a benchmark, not a timed test); what is checked
is that the yardsticks play what they claim and that the benchmark reports them, or says
plainly why it cannot.
"""

from __future__ import annotations

import json
import random
import sys
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


def test_the_compiled_builds_targets_are_judged_from_both_builds() -> None:
    """Compiled classic-4 against the bare loop (1.3x), with neutral dice against PyPI
    lasvegas 0.2.0 (4x), Royale and the card game against the pure build (2x), the pure
    build's share of the bare loop (50%), JSON and observe no slower compiled."""
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
    compiled[0] = attrs.evolve(compiled[0], json_roundtrip_us=95.0, observe_us=2.0)
    baselines = bench.Baselines(2000.0, 700.0, 600.0, other=pure, other_compiled=False)
    lines = bench.build_target_lines(compiled, baselines, compiled=True)
    assert lines == [
        "compiled classic-4: 2,700 games/s, 1.35x the bare loop's 2,000 (target >= 1.3x: met)",
        "pure classic-4: 1,000 games/s, 50% of the bare loop's 2,000 (target >= 50%: met)",
        "compiled classic-4-neutral: 3.33x PyPI lasvegas 0.2.0's 600 games/s with neutral "
        "dice (target >= 4x: NOT MET)",
        "compiled royale-4-tiles3: 2.67x the pure build's speed per seat decision "
        "(target >= 2x: met)",
        "compiled cardgame-4: 1.67x the pure build's speed per seat decision "
        "(target >= 2x: NOT MET)",
        "classic-4 JSON round trip: compiled 95.0 us, pure 80.0 us (no slower, within 10%: "
        "NOT MET)",
        "classic-4 observe: compiled 2.00 us, pure 3.00 us (no slower, within 10%: met)",
    ]
    # Judged the same from the pure build's side (--other-python naming the compiled one).
    flipped = attrs.evolve(baselines, other=tuple(compiled), other_compiled=True)
    assert bench.build_target_lines(list(pure), flipped, compiled=False) == lines
    same = attrs.evolve(baselines, other_compiled=True)
    assert bench.build_target_lines(compiled, same, compiled=True) == [
        "the other build is the same build as this one: no comparison of the two builds"
    ]


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
    assert "classic-4 observe: compiled" in out
    assert "pure classic-4:" in out
    assert "compiled classic-4:" in out
    # The other build's fastest round is kept (the second: 3.0 us per seat decision).
    assert "    3.0 " in out.split("the other build")[1]


def test_an_other_python_that_cannot_run_the_benchmark_is_an_error() -> None:
    with pytest.raises(PyPIError, match="cannot run /nonexistent/python"):
        other_build_round("/nonexistent/python", ["classic-4"], 1, 1)
