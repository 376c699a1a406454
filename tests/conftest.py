"""Shared pytest configuration: the Hypothesis profiles.

Profiles (pick one with the environment variable ``HYPOTHESIS_PROFILE`` or
pytest's ``--hypothesis-profile NAME``, which wins over both):

- ``dev``: the default; 50 examples per test, no deadline.
- ``ci``: loaded when the ``CI`` environment variable is set (and no
  ``HYPOTHESIS_PROFILE`` is given); derandomised so every CI run tries the
  same examples, no example database, and a reproduction blob on failure.
- ``random``: like ``dev`` but with no example database, so every run tries new
  examples and none replays an earlier failure; ``nox -s random_profile`` runs the
  property tests under it many times, to find tests that hold only for the examples the
  derandomised ``ci`` profile happens to try.
- ``thorough``: 1,000 examples per test, for a longer local run.
- ``fuzz``: 20,000 examples per test; ``nox -s fuzz`` uses it for the tests
  marked ``fuzz``.

Deadlines are off everywhere: a whole game per example is slow on a loaded
2-core machine, and speed is measured by ``python -m lasvegas bench``, never by
timed tests.

Every Hypothesis test is marked ``property`` at collection (``pytest -m property`` runs
them all).

This module must not import ``lasvegas`` at import time; fixtures that need
the library import it inside their bodies.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# Every profile derives from Hypothesis's own defaults, not from whatever profile
# is current: with CI set, Hypothesis has already loaded its built-in "ci" profile
# (which suppresses the too_slow health check), and profiles would inherit that.
_BASE = settings.get_profile("default")

settings.register_profile("dev", _BASE, max_examples=50, deadline=None)
settings.register_profile(
    "ci",
    _BASE,
    derandomize=True,
    deadline=None,
    database=None,
    print_blob=True,
    max_examples=50,
)
settings.register_profile(
    "random", _BASE, max_examples=50, deadline=None, database=None, print_blob=True
)
settings.register_profile("thorough", _BASE, max_examples=1000, deadline=None)
settings.register_profile("fuzz", _BASE, max_examples=20000, deadline=None)


def _profile_name() -> str:
    """The profile to load: an explicit ``HYPOTHESIS_PROFILE``, else ``ci`` on CI, else ``dev``."""
    explicit = os.environ.get("HYPOTHESIS_PROFILE")
    if explicit:
        return explicit
    if "CI" in os.environ:
        return "ci"
    return "dev"


settings.load_profile(_profile_name())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every Hypothesis test ``property``."""
    for item in items:
        function = getattr(item, "function", None)
        if getattr(function, "is_hypothesis_test", False):
            item.add_marker(pytest.mark.property)
