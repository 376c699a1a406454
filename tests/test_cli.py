"""The command line, ``python -m lasvegas``: help, demo, play, simulate, replay, bench, list."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

import lasvegas as lv
from lasvegas import cli
from lasvegas._cli import simulate
from lasvegas.config import EDITIONS
from lasvegas.types import CasinoNumber

SUBCOMMANDS = ("demo", "play", "simulate", "bench", "replay", "list")


def run(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m lasvegas ARGS`` in a child process."""
    return subprocess.run(
        [sys.executable, "-m", "lasvegas", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def test_top_level_help_lists_every_subcommand() -> None:
    result = run("--help")
    assert result.returncode == 0
    for name in SUBCOMMANDS:
        assert name in result.stdout


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_every_subcommand_explains_itself(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main([name, "--help"])
    assert exit_.value.code == 0
    text = capsys.readouterr().out
    assert f"python -m lasvegas {name}" in text
    description = text.split("\n\n")[1]
    assert len(description.split()) >= 8  # a sentence, not just the usage line


def test_no_subcommand_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main([])
    assert exit_.value.code == 2
    assert "COMMAND" in capsys.readouterr().err


def _final_standings(text: str) -> dict[str, tuple[int, int]]:
    """Name -> (money, notes) from the "Final standings" block of a log."""
    block = text.split("Final standings", 1)[1]
    found = {}
    for line in block.splitlines():
        match = re.match(r"\s+\d+\. (.+?)\s+\$([\d,]+)\s+(\d+) notes", line)
        if match:
            found[match.group(1)] = (int(match.group(2).replace(",", "")), int(match.group(3)))
    return found


def test_the_readme_demo_plays_a_whole_game() -> None:
    """The README's first command: a full game between agents, its log and standings."""
    result = run("demo", "--players", "4", "--seed", "1")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for number in range(1, 5):
        assert f"Round {number} of 4" in out
    assert "Casino 6: $" in out  # the notes dealt
    assert "-> places" in out  # the turns
    assert "Payout:" in out
    assert "winner" in out
    assert len(_final_standings(out)) == 4


def test_demo_is_reproducible_and_takes_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["demo", "--players", "3", "--seed", "7", "--neutral", "--agents", "greedy", "random"]
    assert cli.main(args) == 0
    first = capsys.readouterr().out
    assert cli.main(args) == 0
    assert capsys.readouterr().out == first
    assert "neutral-dice" in first
    assert "seat 2 (greedy)" in first  # agents cycle over the seats


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_demo_plays_every_edition(edition: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["demo", "--edition", edition, "--players", "3", "--agents", "random"]) == 0
    assert "Final standings" in capsys.readouterr().out


def test_demo_with_modules_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["demo", "--players", "3", "--agents", "greedy", "--module", "slot-machine"]
    args += ["--module", "neutral-dice:per_player=1", "--seed", "3"]
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    assert "slot-machine" in out
    assert "neutral-dice" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--module", "no-such-module"], "unknown module 'no-such-module'"),
        (["--module", "neutral-dice:per_player"], "write key=value"),
        (["--module", "neutral-dice:per_player=9"], "give 1-4 dice per player"),
        (["--module", "neutral-dice:colour=red"], "colour"),
        (["--edition", "chess"], "unknown edition 'chess'"),
        (["--players", "9"], "9 players"),
        (["--agents", "genius"], "unknown agent 'genius'"),
        (["--edition-option", "tiles=2"], "tiles"),
        (["--import", "no/such/file.py"], "no such file"),
        (["--import", "no_such_python_module"], "no_such_python_module"),
    ],
)
def test_bad_setups_are_clear_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["demo", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert message in err


def test_play_end_to_end_with_bad_input_and_the_record_replays(tmp_path: Path) -> None:
    """A human game fed through stdin, bad answers included; the saved record replays."""
    record_path = tmp_path / "game.json"
    answers = "\n".join(["", "abc", "0", "99", "-1", "2.5"] + ["2", "1", "x", "1"] * 80) + "\n"
    result = run(
        "play", "--players", "3", "--seed", "11", "--neutral",
        "--opponents", "greedy", "random", "--record", str(record_path),
        stdin=answers,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Please type a number from 1 to" in out
    assert "There is no choice 0" in out
    assert "There is no choice 99" in out
    assert "Your turn (round 1 of 4)" in out
    assert "Casino 1:" in out
    assert "Money:" in out
    assert "Dice left:" in out
    assert "Game record saved to" in out

    record = lv.from_json(record_path.read_text(encoding="utf-8"), lv.Record)
    assert record.seed == 11
    assert record.names == ("you (seat 0)", "seat 1 (greedy)", "seat 2 (random)")
    final = lv.replay(record)
    assert lv.to_move(final) is None
    result_standings = lv.standings(final)
    printed = _final_standings(out)
    assert printed == {
        name: (result_standings.money[seat], result_standings.notes[seat])
        for seat, name in enumerate(record.names)
    }

    replayed = run("replay", str(record_path))
    assert replayed.returncode == 0, replayed.stderr
    assert _final_standings(replayed.stdout) == printed


def test_play_quits_cleanly_and_saves_the_game_so_far(tmp_path: Path) -> None:
    record_path = tmp_path / "left.json"
    result = run(
        "play", "--players", "2", "--seed", "3", "--record", str(record_path), stdin="1\nq\n"
    )
    assert result.returncode == 1
    assert "You left the game." in result.stdout
    state, problems = lv.read_record(record_path.read_text(encoding="utf-8"))
    assert problems == ()
    assert lv.to_move(state) is not None


def test_play_survives_the_end_of_input(tmp_path: Path) -> None:
    result = run("play", "--seed", "2", "--no-record", stdin="1\n")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "lasvegas-game.json").exists()


def test_play_in_process_as_another_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["1"] * 200)
    args = cli.build_parser().parse_args(
        ["play", "--players", "2", "--seat", "1", "--seed", "4", "--name", "Ann",
         "--record", str(tmp_path / "r.json")]
    )  # fmt: skip
    assert cli.cmd_play(args, sys.stdout, lambda: next(answers)) == 0
    out = capsys.readouterr().out
    assert "Ann (seat 1)" in out
    record = lv.from_json((tmp_path / "r.json").read_text(encoding="utf-8"), lv.Record)
    assert lv.to_move(lv.replay(record)) is None


def test_play_refuses_a_seat_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--players", "2", "--seat", "2", "--no-record"]) == 2
    assert "--seat must be 0..1" in capsys.readouterr().err


def test_simulate_json_parses_and_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--games", "6", "--agents", "greedy", "random", "--json", "--no-progress"]
    assert cli.main(args) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["format"] == "lasvegas/simulation"
    assert document["games"] == 6
    rows = document["agents"]
    assert [row["agent"] for row in rows] == ["greedy", "random"]
    assert sum(row["win_share"] for row in rows) == pytest.approx(6)
    for row in rows:
        low, high = row["win_rate_ci95"]
        assert 0 <= low <= row["win_rate"] <= high <= 1
        m_low, m_high = row["money_ci95"]
        assert m_low <= row["mean_money"] <= m_high
    assert lv.from_json(json.dumps(document["config"]), lv.GameConfig) == lv.classic(2)


def test_simulate_gives_the_same_results_with_several_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["simulate", "--games", "4", "--players", "3", "--agents", "random", "greedy"]
    base += ["--json", "--seed", "9", "--no-progress"]
    assert cli.main([*base, "--jobs", "1"]) == 0
    one = json.loads(capsys.readouterr().out)["agents"]
    assert cli.main([*base, "--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)["agents"]
    assert one == two
    assert [row["agent"] for row in one] == ["random#1", "greedy", "random#3"]


def test_simulate_prints_a_table_with_a_plain_progress_bar(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "rich.progress", None)  # as without the `cli` extra
    assert cli.main(["simulate", "--games", "3", "--progress"]) == 0
    captured = capsys.readouterr()
    assert "win rate" in captured.out
    assert "mean money" in captured.out
    assert "greedy" in captured.out
    assert "random" in captured.out
    assert "3/3 games" in captured.err


def test_simulate_uses_rich_when_installed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    updates: list[int] = []

    class FakeProgress:
        def __init__(self, console: object, transient: bool) -> None:
            self.stopped = False

        def start(self) -> None:
            updates.append(0)

        def add_task(self, description: str, total: int) -> int:
            return 1

        def update(self, task: int, completed: int) -> None:
            updates.append(completed)

        def stop(self) -> None:
            updates.append(-1)

    fake = types.ModuleType("rich.progress")
    fake.Progress = FakeProgress  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "rich.progress", fake)
    assert cli.main(["simulate", "--games", "2", "--progress"]) == 0
    assert updates == [0, 1, 2, -1]
    assert capsys.readouterr().err == ""


def test_simulate_with_rich_keeps_stdout_for_the_results(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """With the ``cli`` extra (rich) the bar goes to stderr; --json's stdout stays a document."""
    importlib.import_module("rich.progress")  # the test environment holds the cli extra
    assert cli.main(["simulate", "--games", "2", "--progress", "--json"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("{"), repr(out[:40])  # nothing of the bar before the document
    assert out.endswith("}\n"), repr(out[-40:])  # nor after it
    assert json.loads(out)["games"] == 2


def test_simulate_refuses_bad_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--games", "0"]) == 2
    assert cli.main(["simulate", "--jobs", "0"]) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err


def test_replay_steps_with_pauses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = lv.classic(2)
    from lasvegas.agents import RandomAgent, play_game

    state, actions = play_game(config, [RandomAgent(1), RandomAgent(2)], lv.Rng(8))
    path = tmp_path / "r.json"
    path.write_text(lv.to_json(lv.Record(config, actions)), encoding="utf-8")
    presses: list[str] = []

    def read() -> str:
        presses.append("")
        if len(presses) == 3:
            return "q"
        return ""

    args = cli.build_parser().parse_args(["replay", str(path), "--step"])
    assert cli.cmd_replay(args, sys.stdout, read) == 0
    out = capsys.readouterr().out
    assert len(presses) == 3
    result = lv.standings(state)
    assert _final_standings(out) == {
        f"seat {s}": (result.money[s], result.notes[s]) for s in range(2)
    }


def test_replay_reports_bad_and_illegal_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "lasvegas/record", "schema": 1}', encoding="utf-8")
    assert cli.main(["replay", str(bad)]) == 1
    assert "required field missing @ $.config" in capsys.readouterr().err

    illegal = tmp_path / "illegal.json"
    record = lv.Record(lv.classic(2), (lv.Draw(90_000), lv.Place(3)))
    illegal.write_text(lv.to_json(record), encoding="utf-8")
    assert cli.main(["replay", str(illegal)]) == 1
    assert "action 1 of the record is illegal" in capsys.readouterr().err

    assert cli.main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_list_shows_editions_modules_and_agents(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["list"]) == 0
    out = capsys.readouterr().out
    for edition in EDITIONS:
        assert edition in out
    assert "neutral-dice" in out
    assert "per_player=None" in out
    assert "greedy" in out
    assert "search" in out


def test_custom_modules_come_in_with_import(capsys: pytest.CaptureFixture[str]) -> None:
    house_rule = str(Path(__file__).parent.parent / "examples" / "house_rule.py")
    assert cli.main(["list", "--import", house_rule]) == 0
    assert "high-roller" in capsys.readouterr().out
    args = ["demo", "--players", "2", "--agents", "greedy", "--import", house_rule]
    assert cli.main([*args, "--module", "high-roller"]) == 0
    assert "high-roller" in capsys.readouterr().out


def test_bench_runs_the_benchmark_module(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    received: list[list[str]] = []

    def bench_main(argv: list[str]) -> int:
        received.append(argv)
        return 0

    fake = types.ModuleType("lasvegas.bench")
    fake.main = bench_main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "lasvegas.bench", fake)
    assert cli.main(["bench", "--", "--games", "3"]) == 0
    assert received == [["--games", "3"]]


def test_bench_without_the_module_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "lasvegas.bench", None)
    assert cli.main(["bench"]) == 2
    assert "benchmark is not available" in capsys.readouterr().err


def test_game_log_names_imaginary_owners() -> None:
    """C-21: notes the neutral dice win are logged as theirs."""
    import io

    out = io.StringIO()
    log = cli.GameLog(out, ["a", "b"])
    state = lv.new_game(lv.classic(2, lv.NeutralDice()))
    log.event(lv.BanknotePaid(casino=CasinoNumber(2), owner=2, value=40_000), state)
    assert out.getvalue() == "    Casino 2: $40,000 to the neutral dice\n"


def test_an_agent_of_ones_own_plays_in_simulate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/guides/bots.md: register a bot in AGENTS from a file given with --import."""
    plugin = tmp_path / "my_bot.py"
    plugin.write_text(
        "import lasvegas as lv\n"
        "from lasvegas.agents import AGENTS, BaseAgent\n"
        "class MostDice(BaseAgent):\n"
        "    name = 'most-dice'\n"
        "    def choose(self, view, legal):\n"
        "        places = [a for a in legal if isinstance(a, lv.Place)]\n"
        "        if not places:\n"
        "            return legal[self.rng.below(len(legal))]\n"
        "        rolled = [face for group in view.rolled for face in group]\n"
        "        return max(places, key=lambda a: (rolled.count(a.face), a.face))\n"
        "AGENTS['most-dice'] = MostDice\n",
        encoding="utf-8",
    )
    args = ["simulate", "--games", "4", "--import", str(plugin), "--json", "--no-progress"]
    try:
        assert cli.main([*args, "--agents", "most-dice", "random"]) == 0
    finally:
        from lasvegas.agents import AGENTS

        AGENTS.pop("most-dice", None)
    rows = json.loads(capsys.readouterr().out)["agents"]
    assert [row["agent"] for row in rows] == ["most-dice", "random"]


# -- every bad file, path or argument: one clear line, a non-zero exit, no traceback ----------


def one_error_line(err: str) -> str:
    """The single line a failed command wrote on stderr (checked to be one, not a traceback)."""
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    return lines[0]


def test_replay_of_a_non_utf8_record_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"format": "lasvegas/record", "names": ["Jos\xe9"]}')
    assert cli.main(["replay", str(path)]) != 0
    line = one_error_line(capsys.readouterr().err)
    assert "not UTF-8" in line
    assert "byte 44 is 0xe9" in line


def test_replay_of_a_bad_record_is_one_line_even_with_many_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "lasvegas/record", "schema": 1, "x": 1, "y": 2}', "utf-8")
    assert cli.main(["replay", str(path)]) != 0
    line = one_error_line(capsys.readouterr().err)
    assert "is not a valid game record" in line
    assert "more)" in line


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ('raise RuntimeError("boom")\n', "RuntimeError: boom"),
        ("def broken(:\n", "SyntaxError: invalid syntax"),
        ("import no_such_module_anywhere\n", "No module named 'no_such_module_anywhere'"),
        (b"x = '\xff'\n", "SyntaxError"),
    ],
)
def test_a_plugin_that_fails_to_import_is_one_clear_line(
    source: str | bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "failing_plugin.py"
    if isinstance(source, bytes):
        path.write_bytes(source)
    else:
        path.write_text(source, encoding="utf-8")
    for command in (["list"], ["demo", "--players", "2"], ["replay", str(path)]):
        assert cli.main([*command, "--import", str(path)]) != 0
        line = one_error_line(capsys.readouterr().err)
        assert line.startswith(f"error: --import {path}: ")
        assert message in line
    assert "_lasvegas_plugin_failing_plugin" not in sys.modules


def test_a_dotted_plugin_that_fails_in_its_own_code_is_one_clear_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["list", "--import", "this"]) == 0  # a module that imports fine
    capsys.readouterr()
    assert cli.main(["list", "--import", "json.no_such_submodule"]) != 0
    assert "No module named 'json.no_such_submodule'" in one_error_line(capsys.readouterr().err)


def test_replay_dev_zero_reads_a_bounded_amount_and_stops() -> None:
    """``replay /dev/zero`` used to read without end; it stops at 64 MiB with one line."""
    result = run("replay", "/dev/zero", timeout=60)
    assert result.returncode != 0
    line = one_error_line(result.stderr)
    assert "larger than 64 MiB" in line


def test_replay_of_a_directory_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["replay", str(tmp_path)]) != 0
    assert "cannot read" in one_error_line(capsys.readouterr().err)


@pytest.mark.parametrize("where", ["missing-folder/game.json", "folder-itself"])
def test_play_with_a_bad_record_path_says_so_before_the_game_starts(
    where: str, tmp_path: Path
) -> None:
    """The record path is checked before the first move, not after the game is played."""
    (tmp_path / "folder-itself").mkdir()
    target = tmp_path / where
    result = run("play", "--players", "2", "--seed", "1", "--record", str(target), stdin="1\n")
    assert result.returncode != 0
    line = one_error_line(result.stderr)
    assert f"--record {target}" in line
    assert "Your turn" not in result.stdout
    assert not (tmp_path / "missing-folder").exists()


def test_play_checking_the_record_path_leaves_no_empty_file(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    result = run("play", "--players", "2", "--seed", "1", "--record", str(target), stdin="q\n")
    assert result.returncode == 1  # quit early; the record of the game so far is saved
    assert "Traceback" not in result.stderr
    assert lv.from_json(target.read_text(encoding="utf-8"), lv.Record).config == lv.classic(2)


def test_play_reports_a_record_that_cannot_be_saved_after_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """If the record still cannot be written at the end (the disk filled up ...), one line
    says so and the exit status is not 0."""
    target = tmp_path / "game.json"

    def full(self: Path, *args: object, **kwargs: object) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full)
    answers = iter(["q"])
    args = ["play", "--players", "2", "--seed", "1", "--record", str(target)]
    parsed = cli.build_parser().parse_args(args)
    status = cli.cmd_play(parsed, sys.stdout, read=lambda: next(answers))
    assert status != 0
    assert "No space left on device" in one_error_line(capsys.readouterr().err)


def test_simulate_refuses_a_hundred_million_games_with_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``simulate --games 10**8`` used to fail with MemoryError; the count is capped."""
    assert cli.main(["simulate", "--games", str(10**8)]) != 0
    line = one_error_line(capsys.readouterr().err)
    assert f"at most {cli.MAX_GAMES:,} games" in line


def test_simulate_streams_its_games_in_bounded_memory() -> None:
    """The games of a simulation are made and played as the results come in, even with
    several processes: an endless supply of jobs is never read ahead without bound."""
    setup = cli.GameSetup(players=2)
    made = 0

    def endless() -> Iterator[simulate._Job]:
        nonlocal made
        while True:
            made += 1
            yield simulate._Job(setup, ("random", "random"), made, made)

    results = simulate._iter_results(endless(), 10**8, 2)
    first = [next(results) for _ in range(3)]
    assert len(first) == 3
    assert made <= 4 * 2 * 16 + 16  # a few chunks per worker in flight, no more
    results.close()


def test_simulate_caps_jobs_at_the_usable_cpus(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--jobs 10000`` used to fork thousands of processes; it is capped at the CPUs this
    process may use, with a note, and the results are the same."""
    monkeypatch.setattr(simulate, "usable_cpus", lambda: 1)
    args = ["simulate", "--games", "3", "--seed", "4", "--json", "--no-progress"]
    assert cli.main([*args, "--jobs", "10000"]) == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert "--jobs 10000 capped at 1" in captured.err
    capped = json.loads(captured.out)
    assert capped["jobs"] == 1
    assert cli.main(args) == 0
    assert json.loads(capsys.readouterr().out)["agents"] == capped["agents"]
    assert 1 <= cli.usable_cpus() <= (os.cpu_count() or 1)


def test_observe_with_a_bad_seat_is_the_library_error() -> None:
    """``observe`` used to raise a plain ValueError for a seat the game does not have."""
    state = lv.new_game(lv.classic(3))
    for seat in (3, -1, True, 1.0, "1"):
        with pytest.raises(lv.ConfigError, match=r"seat must be None or 0\.\.2"):
            lv.observe(state, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--games", "0"],
        ["simulate", "--jobs", "0"],
        ["demo", "--players", "-3"],
        ["play", "--seat", "7", "--no-record"],
        ["demo", "--agents", "search:playouts=-1"],
        ["demo", "--edition", "royale", "--edition-option", "tiles=x"],
        ["replay", "/no/such/record.json"],
        ["simulate", "--agents"],
        ["demo", "--players", "x"],
        ["no-such-command"],
        [],
    ],
)
def test_bad_arguments_are_one_line_and_a_non_zero_exit(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Argument errors too are one line (argparse's usage is left to ``--help``)."""
    try:
        status = cli.main(args)
    except SystemExit as exc:  # argparse exits by itself
        status = exc.code  # type: ignore[assignment]
    assert status not in (0, None)
    one_error_line(capsys.readouterr().err)


_HOSTILE = (
    "Ann\x1b]52;c;aGVsbG8=\x07",
    "\x1b[2J\x1b[HBob\u202e",
    "2026-01-01\x9b2J\x1b]0;pwned\x1b\\",
)
"""A clipboard write (OSC 52), a screen clear and cursor home (CSI), a bidi override, an
8-bit CSI and a window-title write ended by ST."""


def _clean(text: str) -> bool:
    """No control character (C0 but newline, C1, DEL) nor bidi override in *text*."""
    return not any(
        (ord(c) < 32 and c != "\n") or 0x7F <= ord(c) <= 0x9F or c in "\u202a\u202e\u2066\u2069"
        for c in text
    )


def test_replay_strips_control_characters_from_names_and_dates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record's names and date reach the terminal without escape sequences: the clipboard
    write (OSC 52) and the screen clear (CSI 2J) are removed whole, the text around kept."""
    record = lv.Record(
        lv.classic(2),
        (lv.Draw(90_000),),
        names=_HOSTILE[:2],
        date=_HOSTILE[2],
    )
    path = tmp_path / "hostile.json"
    path.write_text(lv.to_json(record), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0
    captured = capsys.readouterr()
    assert _clean(captured.out)
    assert _clean(captured.err)
    assert "Players: Ann, Bob; played 2026-01-01" in captured.out
    assert "52;" not in captured.out
    assert "aGVsbG8" not in captured.out
    assert "pwned" not in captured.out


def test_replay_errors_strip_control_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An invalid record's problem quotes the record (an unknown key): printed without its
    escape sequences."""
    record = json.loads(lv.to_json(lv.Record(lv.classic(2), ())))
    record["\x1b]52;c;aGVsbG8=\x07x\x1b[2J"] = 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "not a valid game record" in err
    assert _clean(err)
    assert "aGVsbG8" not in err


def test_printable_removes_every_kind_of_control() -> None:
    """C0 and C1 controls, DEL, 7-bit and 8-bit escape sequences and the bidi overrides go;
    tabs and line breaks become spaces; other text stays as it is."""
    from lasvegas._cli.common import printable

    for text in _HOSTILE:
        assert _clean(printable(text))
    assert printable("a\x00b\x7fc\x85d\u2067e\u200ff") == "abcdef"
    assert printable("line\none\ttab") == "line one tab"
    assert printable("Zoë €5 🎲") == "Zoë €5 🎲"
    assert printable("\x1b[31mred\x1b[0m") == "red"
