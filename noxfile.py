"""Developer tasks for lasvegas, run with `nox` (`nox -l` lists them).

Each session gets its own virtual environment with the project installed
(editable) plus the `[dependency-groups]` it needs from pyproject.toml, so the
tool versions are the ones declared there. Arguments after `--` go to the tool,
e.g. `nox -s tests -- -k payout -x`.

`.ci/run` does the same checks in one environment (cheaper on a 2-core machine);
these sessions are the developer's convenience.
"""

from __future__ import annotations

import os
from pathlib import Path

import nox

nox.needs_version = ">=2025.2.9"  # nox.project.dependency_groups() is needed
nox.options.sessions = ["tests", "typecheck", "lint", "docs", "examples"]

ROOT = Path(__file__).parent
PYPROJECT = nox.project.load_toml(ROOT / "pyproject.toml")


def install(session: nox.Session, *groups: str, project: bool = True) -> None:
    """Install the project (editable) and the named dependency groups."""
    requirements = list(nox.project.dependency_groups(PYPROJECT, *groups))
    if project:
        requirements[:0] = ["-e", "."]
    if requirements:
        session.install(*requirements)


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite with pytest."""
    install(session, "tests")
    session.run("python", "-m", "pytest", *session.posargs)


@nox.session
def typecheck(session: nox.Session) -> None:
    """Type-check src, tests and examples with mypy --strict (settings in pyproject.toml)."""
    # The tests' own imports (pytest, hypothesis) must be present to be checked.
    install(session, "typing", "tests")
    session.run("mypy", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """Lint with ruff and check the formatting."""
    install(session, "lint", project=False)
    session.run("ruff", "check", ".", *session.posargs)
    session.run("ruff", "format", "--check", ".")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the HTML docs; any warning (including a broken reference) fails."""
    # The API reference documents the RL adapters, which import their extras.
    install(session, "docs", "extras")
    session.run(
        "sphinx-build",
        "-n",
        "-W",
        "--keep-going",
        "-b",
        "html",
        "docs",
        "docs/_build/html",
        *session.posargs,
    )


@nox.session
def examples(session: nox.Session) -> None:
    """Run every script in examples/ (with the extras: the web examples need the ``web`` one)."""
    install(session, "extras")
    scripts = sorted((ROOT / "examples").glob("*.py"))
    if not scripts:
        session.error("no examples/*.py found")
    for script in scripts:
        session.run("python", str(script.relative_to(ROOT)))


@nox.session
def bench(session: nox.Session) -> None:
    """Run the benchmark (`python -m lasvegas bench`) on both builds side by side with its two
    outside yardsticks, and print the compiled build's targets, met or NOT MET.

    This session's environment has the pure build (the editable install); the compiled
    build is compiled from this checkout (`LASVEGAS_COMPILE=1`, needs a C compiler) into a
    virtual environment of its own (`.nox/compiled-build`, rebuilt at every run so that it
    is this source's) and passed with `--other-python`; PyPI's unrelated `lasvegas` 0.2.0
    is installed in another (`.nox/pypi-lasvegas-0.2.0`: it has the same import name as this
    library) and passed with `--pypi`. Arguments after `--` go to the benchmark, e.g.
    `nox -s bench -- --games 300 --memory 100000`."""
    install(session)
    side = Path(".nox") / "pypi-lasvegas-0.2.0"
    python = side / "bin" / "python"
    if not python.exists():
        session.run("python", "-m", "venv", str(side))
        session.run(str(python), "-m", "pip", "install", "-q", "lasvegas==0.2.0", external=True)
    compiled = Path(".nox") / "compiled-build"
    compiled_python = compiled / "bin" / "python"
    if not compiled_python.exists():
        session.run("python", "-m", "venv", str(compiled))
        session.run(str(compiled_python), "-m", "pip", "install", "-q", "-U", "pip", external=True)
    session.run(
        str(compiled_python),
        *("-m", "pip", "install", "-q", "."),  # pip builds a local directory afresh each time
        env={"LASVEGAS_COMPILE": "1"},
        external=True,
    )
    session.run(
        str(compiled_python),
        *("-I", "-c", "import lasvegas, sys; sys.exit(not lasvegas.COMPILED)"),
        external=True,
    )
    session.run(
        "python",
        "-m",
        "lasvegas",
        "bench",
        "--",
        "--pypi",
        str(python),
        "--other-python",
        str(compiled_python),
        *session.posargs,
    )


@nox.session
def ray(session: nox.Session) -> None:
    """Run the tests marked `ray` (not a default session): the `ray` extra installed, a local
    Ray instance with 2 CPUs started by the tests; `simulate --ray` must give the local
    results with 1 and 2 workers. `.ci/run` runs this session."""
    install(session, "tests")
    session.install("-e", ".[ray]")
    session.run(
        "python",
        "-m",
        "pytest",
        "tests/test_distributed.py",
        "-m",
        "ray",
        "-p",
        "no:cacheprovider",
        *session.posargs,
    )


@nox.session
def fuzz(session: nox.Session) -> None:
    """The fuzz harness (100,000 hostile inputs; tests/fuzz/harness.py), then the `fuzz` tests.

    Not a default session. Each loaded state (a mutation, or a graft of one real state's field
    into another of the same config) is played on for 200 moves. `nox -s fuzz -- --inputs
    5000 --seed 3 --moves 500` passes its arguments to the harness; the Hypothesis tests
    marked `fuzz` run with the long profile.
    """
    install(session, "tests")
    session.run("python", "tests/fuzz/harness.py", *(session.posargs or ["--inputs", "100000"]))
    session.run(
        "python",
        "-m",
        "pytest",
        "tests",
        "-m",
        "fuzz",
        env={"HYPOTHESIS_PROFILE": "fuzz"},
    )


@nox.session
def random_profile(session: nox.Session) -> None:
    """Run the property tests 20 times under Hypothesis's random profile (not a default session).

    `nox -s random_profile -- --runs 50` runs them 50 times; other arguments go to pytest.
    It prints how many runs passed and stops at the first failing one.
    """
    install(session, "tests")
    session.run("python", "tools/random_profile.py", *session.posargs)


@nox.session
def browser(session: nox.Session) -> None:
    """Play the web tables in a real browser: Playwright driving Debian's chromium.

    Installs the `web` extra, the test tools and Playwright (its own browser download is
    not used: the tests launch /usr/bin/chromium, installed here with apt-get when it is
    missing and nox runs as root).
    """
    install(session, "tests")  # the project, with every extra (the `web` one included)
    session.install("playwright")
    chromium = Path("/usr/bin/chromium")
    if not chromium.exists():
        if os.geteuid() != 0:
            session.error("/usr/bin/chromium is missing: apt-get install chromium (as root)")
        session.run("apt-get", "update", external=True)
        session.run("apt-get", "install", "-y", "chromium", external=True)
    session.run("python", "-m", "pytest", "tests/browser", "-m", "browser", *session.posargs)
