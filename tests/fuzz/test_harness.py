"""The fuzz harness's slice for the normal test run (``nox -s fuzz`` runs 100,000 inputs).

The harness runs in a subprocess, because it caps its own address space (``RLIMIT_AS``) and
arms a CPU timer per input; its last line is the summary.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HARNESS = Path(__file__).with_name("harness.py")


def counts(line: str) -> dict[str, str]:
    """The ``name=value`` pairs of a summary line."""
    return dict(part.split("=", 1) for part in line.split() if "=" in part)


def test_a_slice_of_the_fuzz_run_finds_nothing() -> None:
    """3,000 hostile inputs (300 of them grafts between real states of one config), each
    loaded state played on for 200 moves with every legal action applied at each decision:
    0 escapes, 0 over the time or memory limit, 0 accepted-impossible. About 15 s of CPU."""
    done = subprocess.run(
        [sys.executable, str(HARNESS), "--inputs", "3000", "--seed", "0"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    summary = counts(done.stdout.strip().splitlines()[-1])
    assert summary["inputs"] == "3000", done.stdout + done.stderr
    assert int(summary["loaded"]) > 0
    assert int(summary["refused"]) > 0
    assert summary["grafts"] == "300"
    assert int(summary["grafts_loaded"]) > 0
    assert int(summary["moves"]) > 5_000  # the follow-up play after each loaded state
    for name in ("escapes", "action_escapes", "over_time", "over_memory", "accepted_impossible"):
        assert summary[name] == "0", f"{name}: {done.stdout[-3000:]}"


def test_the_harness_is_deterministic_per_seed() -> None:
    """Two runs of the same seed count the same (the summary without its timings)."""
    lines = []
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, str(HARNESS), "--inputs", "200", "--seed", "5"],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        summary = counts(done.stdout.strip().splitlines()[-1])
        for timing in ("slowest_ms", "slowest_input", "peak_rss_mb", "seconds"):
            del summary[timing]
        lines.append(summary)
    assert lines[0] == lines[1]
    assert lines[0]["inputs"] == "200"
