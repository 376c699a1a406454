"""The two builds of one source: ``lasvegas.COMPILED`` tells which one runs.

The pure build runs every module as Python; the compiled build (a wheel built with
``LASVEGAS_COMPILE=1``) runs the modules of ``lasvegas._build.COMPILED_MODULES`` as C
extensions compiled by mypyc. CI runs this whole suite against both, and sets
``LASVEGAS_EXPECT_COMPILED=1`` for the compiled one.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import pkgutil

import lasvegas
from lasvegas._build import COMPILED_MODULES


def _is_extension(name: str) -> bool:
    spec = importlib.import_module(name).__spec__
    assert spec is not None
    return isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


def test_compiled_says_which_build_runs() -> None:
    """Every listed module is an extension in the compiled build, and none in the pure one."""
    assert isinstance(lasvegas.COMPILED, bool)
    kinds = {name: _is_extension(name) for name in COMPILED_MODULES}
    assert set(kinds.values()) == {lasvegas.COMPILED}, kinds
    if os.environ.get("LASVEGAS_EXPECT_COMPILED") == "1":  # CI's run of the compiled build
        assert lasvegas.COMPILED is True


def test_only_the_listed_modules_are_compiled() -> None:
    """The attrs classes' modules (actions, events, configs, views) stay Python in both."""
    listed = set(COMPILED_MODULES)
    for info in pkgutil.walk_packages(lasvegas.__path__, "lasvegas."):
        if info.name.startswith("lasvegas.adapters.") or info.name in listed:
            continue
        if info.name.endswith("__main__") or info.name.startswith(
            ("lasvegas.web", "lasvegas.distributed")
        ):
            continue
        assert not _is_extension(info.name), info.name
    for name in ("lasvegas.actions", "lasvegas.events", "lasvegas.config", "lasvegas.view"):
        assert name not in listed


def test_the_compiled_modules_exist() -> None:
    """Each listed name is a module of the package (a typo would compile nothing)."""
    for name in COMPILED_MODULES:
        assert importlib.import_module(name).__name__ == name
