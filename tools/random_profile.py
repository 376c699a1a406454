"""Run the property tests (the Hypothesis tests, marked ``property``) many times under
Hypothesis's random profile, and say how many runs passed.

CI's own test run uses the derandomised ``ci`` profile: every run tries the same examples,
so a property that holds only for those would pass CI for ever. Here each run draws new
examples (profile ``random``: no example database, see ``tests/conftest.py``), and the
first failing run stops the loop with Hypothesis's report and reproduction blob.

Usage, from the project's root, with the test environment's Python::

    python tools/random_profile.py [--runs N] [pytest arguments ...]

``nox -s random_profile`` runs it 20 times (``nox -s random_profile -- --runs 50`` for
more); ``.ci/run`` runs it 20 times too (``RANDOM_PROFILE_RUNS`` sets another count).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    """Run the property tests ``--runs`` times; 0 if every run passed, else pytest's code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="how many runs (default 20)")
    args, pytest_args = parser.parse_known_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    env = {**os.environ, "HYPOTHESIS_PROFILE": "random"}
    command = [sys.executable, "-m", "pytest", "tests", "-m", "property", "-q"]
    command += ["-p", "no:cacheprovider", *pytest_args]
    start = time.monotonic()
    for run in range(1, args.runs + 1):
        print(f"---- random profile: run {run} of {args.runs}", flush=True)
        status = subprocess.run(command, cwd=ROOT, env=env, check=False).returncode
        if status != 0:
            print(f"random profile: run {run} of {args.runs} FAILED (pytest exited {status})")
            return status
    seconds = time.monotonic() - start
    print(f"random profile: {args.runs} of {args.runs} runs passed ({seconds:.0f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
