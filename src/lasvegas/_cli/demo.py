"""``demo``: computer players play one whole game, with its log."""

from __future__ import annotations

import argparse
from typing import TextIO

from ..agents import play_game
from ..chance import Rng
from .log import GameLog, _title
from .setup import _agents, _setup

DEMO_AGENTS = ("search:playouts=100", "greedy", "random")
"""The demo's computer players, seat after seat (cycled for more seats)."""


def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    """Play one whole game between computer players and print its log and standings."""
    config = _setup(args).config()
    rng = Rng(args.seed)
    specs = args.agents or list(DEMO_AGENTS)
    agents = _agents(specs, config.players, rng)
    names = [f"seat {s} ({specs[s % len(specs)].partition(':')[0]})" for s in range(config.players)]
    log = GameLog(out, names)
    log.write(_title(config, args.seed))
    log.write("Players: " + ", ".join(names))
    log.start(config)
    state, actions = play_game(config, agents, rng, on_step=log.on_step)
    log.finish(state)
    log.write(f"({len(actions)} actions, chance outcomes included)")
    return 0
