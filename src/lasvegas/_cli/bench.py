"""``bench``: the benchmark (:mod:`lasvegas.bench`), its arguments handed over."""

from __future__ import annotations

import argparse
import importlib
from typing import TextIO

from .common import CliError


def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    """Run the benchmark (``lasvegas.bench``)."""
    try:
        bench = importlib.import_module("lasvegas.bench")
    except ImportError as exc:
        raise CliError(f"the benchmark is not available: {exc}") from None
    argv = list(args.args[1:] if args.args[:1] == ["--"] else args.args)
    result = bench.main(argv)
    return int(result or 0)
