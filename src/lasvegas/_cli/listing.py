"""``list``: the editions, rule modules and agents."""

from __future__ import annotations

import argparse
from typing import TextIO

import attrs

from .. import config as _config
from ..agents import AGENTS
from .common import printable
from .setup import import_plugin, module_classes


def _short(text: str, width: int = 30) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    """List the editions, rule modules and agents."""
    for name in args.imports:
        import_plugin(name)
    print("Editions: " + ", ".join(sorted(_config.EDITIONS)), file=out)
    print("Rule modules (--module ID[:OPT=VAL,...]):", file=out)
    for module_id, cls in module_classes().items():
        options = ", ".join(
            f"{f.name}={_short(repr(f.default))}" if f.default is not attrs.NOTHING else f.name
            for f in attrs.fields(cls)
            if f.init
        )
        editions = "/".join(sorted(cls.editions))
        doc = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
        print(printable(f"  {module_id:<20} [{editions}] {doc}"), file=out)
        if options:
            print(printable(f"  {'':<20} options: {options}"), file=out)
    print(
        "Agents (--agents / --opponents SPEC[:OPT=VAL,...]): " + ", ".join(sorted(AGENTS)), file=out
    )
    return 0
