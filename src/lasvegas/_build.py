"""Which build of the library runs: the pure-Python one, or the one compiled with mypyc.

The same source makes both. A wheel built with ``LASVEGAS_COMPILE=1`` compiles the modules
listed in ``COMPILED_MODULES`` (this one among them) to C extensions with mypyc; every
other build (the pure ``py3-none-any`` wheel, an editable install, a source checkout) runs
them as Python. ``hatch_build.py`` reads the list from here.
"""

from __future__ import annotations

import importlib
import json
import types
from importlib.resources import files
from typing import Final

__all__ = ["COMPILED", "COMPILED_MODULES", "restore_docstrings"]

COMPILED_MODULES: Final = (
    "lasvegas._build",
    "lasvegas._native",
    "lasvegas.state",
    "lasvegas._splitmix",
    "lasvegas.payout",
    "lasvegas.table",
    "lasvegas.engine",
    "lasvegas.engine._apply",
    "lasvegas.engine._chance",
    "lasvegas.engine._common",
    "lasvegas.engine._hooks",
    "lasvegas.engine._moves",
    "lasvegas.engine._round",
    "lasvegas.engine._turns",
    "lasvegas.cardgame._flow",
)
"""The modules the compiled build compiles with mypyc: the logic modules that define no
attrs class (mypyc would turn an attrs class's constants into fields), among them the
native state classes (:class:`~lasvegas.State`, :class:`~lasvegas.Casino`)."""


def _probe() -> None:
    """A function whose type tells whether this module runs compiled."""


COMPILED: Final = not isinstance(_probe, types.FunctionType)
"""``True`` in the compiled build (this module, like every module of ``COMPILED_MODULES``,
is a C extension built by mypyc), ``False`` in the pure one."""


def restore_docstrings() -> None:
    """Give back their docstrings to the classes mypyc keeps as Python classes (an Enum),
    which it gives a filler docstring: the compiled wheel lists them, with their source's
    docstrings, in ``_compiled_docstrings.json``. Nothing to do in the pure build."""
    if not COMPILED:
        return
    listed = files("lasvegas").joinpath("_compiled_docstrings.json")
    if not listed.is_file():
        return
    for name, doc in json.loads(listed.read_text(encoding="utf-8")).items():
        module, _, qualname = name.rpartition(".")
        vars(importlib.import_module(module))[qualname].__doc__ = doc
