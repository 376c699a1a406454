"""Every script in examples/ runs to the end without error (as the nox `examples` session does)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.py"))


def test_the_examples_are_there() -> None:
    names = {path.stem for path in EXAMPLES}
    assert {
        "random_game",
        "frontend_loop",
        "house_rule",
        "tournament",
        "save_and_load",
        "web_session",
        "web_http",
    } <= names


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda path: path.stem)
def test_example_runs(script: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
        cwd=script.parent.parent,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip(), "an example shows what it did"
    assert "Traceback" not in result.stderr
