"""The command line: ``python -m lasvegas demo | play | simulate | bench | replay | list``.

Every subcommand explains itself with ``--help``. Games are set up the same way everywhere:
``--edition`` picks a registered edition (``classic``, ``royale``, ``cardgame`` ...) and
builds it with the edition's factory (:func:`lasvegas.classic` ...), ``--module`` adds a rule
module by its id (any module class defined so far: the library's own, or one defined in a
file given with ``--import``), and ``--seed`` makes the dice and the computer players
repeat. Computer players are named by agent spec (:func:`lasvegas.agents.make_agent`):
``random``, ``greedy``, ``search`` or ``search:playouts=200``.

The library itself never prints; this module is where the program talks to its user.

This module holds :func:`main` and the names the command line has always offered; the parser,
the shared helpers and one module per command are in the private package ``lasvegas._cli``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from ._cli.bench import cmd_bench as cmd_bench
from ._cli.common import MAX_READ as MAX_READ
from ._cli.common import CliError as CliError
from ._cli.common import _one_line
from ._cli.common import read_text as read_text
from ._cli.common import usable_cpus as usable_cpus
from ._cli.demo import DEMO_AGENTS as DEMO_AGENTS
from ._cli.demo import cmd_demo as cmd_demo
from ._cli.listing import cmd_list as cmd_list
from ._cli.log import GameLog
from ._cli.parser import build_parser
from ._cli.play import cmd_play as cmd_play
from ._cli.play import show_board as show_board
from ._cli.replay import cmd_replay as cmd_replay
from ._cli.serve import cmd_serve as cmd_serve
from ._cli.setup import GameSetup
from ._cli.setup import import_plugin as import_plugin
from ._cli.setup import make_module as make_module
from ._cli.setup import module_classes as module_classes
from ._cli.simulate import MAX_GAMES as MAX_GAMES
from ._cli.simulate import cmd_simulate as cmd_simulate
from .errors import LasVegasError

__all__ = ["GameLog", "GameSetup", "build_parser", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    >>> main(["list"]) == 0  # doctest: +ELLIPSIS
    Editions: ...
    True
    """
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["bench"] and argv[1:2] not in (["-h"], ["--help"]):
        # The benchmark has its own options: hand them over as they are (`bench --games 9`).
        argv = ["bench", "--", *argv[1:]] if argv[1:2] != ["--"] else argv
    args = parser.parse_args(argv)
    out = sys.stdout
    commands: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
        "demo": cmd_demo,
        "play": cmd_play,
        "simulate": cmd_simulate,
        "bench": cmd_bench,
        "replay": cmd_replay,
        "list": cmd_list,
        "serve": cmd_serve,
    }
    try:
        return commands[args.command](args, out)
    except CliError as exc:
        print(f"error: {_one_line(str(exc))}", file=sys.stderr)
        return 2
    except LasVegasError as exc:  # the library refused something the command line passed on
        print(f"error: {_one_line(str(exc))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`... | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
