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

import pytest

import lasvegas as lv
from lasvegas import _baselines, bench


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
