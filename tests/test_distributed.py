"""Simulations on Ray (``lasvegas.distributed``, ``simulate --ray``), and the results and
records ``simulate`` streams to disk.

The tests marked ``ray`` start a local Ray instance (2 CPUs) and need the ``ray`` extra: the
plain pytest run deselects them (``-m 'not ray'`` in pyproject.toml); ``nox -s ray``, which
``.ci/run`` runs, installs the extra and runs them. The others need nothing.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import lasvegas as lv
from lasvegas import cli
from lasvegas.distributed import ray_map, shards

SIMULATE = ["simulate", "--games", "12", "--players", "3", "--agents", "greedy", "random"]
SIMULATE += ["--seed", "5", "--json", "--no-progress"]


def _simulate(capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, Any]:
    assert cli.main([*SIMULATE, *extra]) == 0
    document: dict[str, Any] = json.loads(capsys.readouterr().out)
    return document


def _lines(path: Path) -> list[dict[str, Any]]:
    """The JSON lines of an --out file, by game (they are written as games finish)."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return sorted(rows, key=lambda row: row["game"])


def test_shards_cover_every_game_once() -> None:
    for count, workers in [(0, 1), (1, 4), (10, 3), (1000, 2), (5000, 7)]:
        cut = shards(count, workers)
        assert [i for shard in cut for i in shard] == list(range(count))
        assert all(1 <= len(shard) <= 64 for shard in cut)
    with pytest.raises(ValueError, match="workers"):
        shards(5, 0)


def test_simulate_streams_results_and_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--out writes a JSON line per game, --records each game's record; the records replay
    to games whose standings are the lines' money, and the lines add up to the table."""
    out = tmp_path / "games.jsonl"
    records = tmp_path / "records"
    document = _simulate(capsys, "--out", str(out), "--records", str(records))
    rows = _lines(out)
    assert [row["game"] for row in rows] == list(range(12))
    assert sorted(p.name for p in records.iterdir())[:2] == ["game-000000.json", "game-000001.json"]
    for row in rows:
        record = lv.from_json((records / f"game-{row['game']:06d}.json").read_text(), lv.Record)
        assert record.seed == row["seed"]
        money = lv.standings(lv.replay(record)).money
        assert [money[seat] for seat in row["seats"]] == row["money"]
    for entry in document["agents"]:
        share = sum(1 / len(r["winners"]) for r in rows if entry["agent"] in r["winners"])
        assert entry["win_share"] == pytest.approx(share)


def test_ray_without_the_extra_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as without the `ray` extra
    assert cli.main([*SIMULATE, "--ray"]) == 2
    assert "pip install 'lasvegas-rules[ray]'" in capsys.readouterr().err


# -- on Ray --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray instance with 2 CPUs for the module's tests (the CLI uses it as it is)."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.ray
def test_ray_map_gives_every_result_once(local_ray: None) -> None:
    results = dict(ray_map(abs, list(range(-50, 50)), workers=2, shard_size=7))
    assert results == {i: abs(i - 50) for i in range(100)}


@pytest.mark.ray
def test_simulate_on_ray_gives_the_local_results(
    local_ray: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same seeds give the same table, the same per-game lines and the same records
    locally (one process) and on Ray with 1 and 2 workers."""
    runs = {}
    for name, extra in {
        "local": [],
        "ray-1": ["--ray", "--jobs", "1"],
        "ray-2": ["--ray", "--jobs", "2"],
    }.items():
        out = tmp_path / f"{name}.jsonl"
        records = tmp_path / name
        document = _simulate(capsys, *extra, "--out", str(out), "--records", str(records))
        assert document["ray"] == ("" if extra else None)
        files = {p.name: p.read_text(encoding="utf-8") for p in records.iterdir()}
        runs[name] = (document["agents"], _lines(out), files)
    assert runs["ray-1"] == runs["local"]
    assert runs["ray-2"] == runs["local"]
    assert len(runs["local"][2]) == 12
