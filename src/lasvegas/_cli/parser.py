"""The argument parser of ``python -m lasvegas``."""

from __future__ import annotations

import argparse
from typing import NoReturn

from .common import _one_line
from .demo import DEMO_AGENTS
from .setup import _add_import_option, _add_setup_options


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (``error: ...``), not the usage too."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {_one_line(message)} (`{self.prog} --help` lists the options)\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m lasvegas``.

    >>> build_parser().parse_args(["demo", "--players", "3"]).players
    3
    """
    parser = _Parser(
        prog="python -m lasvegas",
        description="Play, watch, simulate and replay games of the Las Vegas family.",
        epilog="Run `python -m lasvegas COMMAND --help` for a command's options.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    demo = sub.add_parser(
        "demo",
        help="watch computer players play a whole game",
        description="Play one whole game between computer players and print its log: each "
        "round's banknotes per casino, every turn's roll and placement, the payouts, then the "
        "final standings. Takes a few seconds.",
    )
    _add_setup_options(demo, players=4)
    demo.add_argument("--seed", type=int, default=1, help="seed for dice and players (default 1)")
    demo.add_argument(
        "--agents",
        nargs="+",
        metavar="SPEC",
        help="computer players, seat after seat (default: " + " ".join(DEMO_AGENTS) + ", cycled)",
    )

    play = sub.add_parser(
        "play",
        help="play against computer players in the terminal",
        description="Play a game in the terminal against computer players: the table is shown "
        "at each of your turns with numbered choices (bad input asks again). The game record "
        "is saved at the end (or when you quit) for `replay`.",
    )
    _add_setup_options(play, players=3)
    play.add_argument("--seed", type=int, default=None, help="seed for dice and players")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0, who starts)")
    play.add_argument("--name", default="you", help="your name in the log (default 'you')")
    play.add_argument(
        "--opponents",
        nargs="+",
        metavar="SPEC",
        help="the computer players, seat after seat (default greedy)",
    )
    play.add_argument(
        "--record",
        default="lasvegas-game.json",
        metavar="FILE",
        help="where to save the game record (default lasvegas-game.json)",
    )
    play.add_argument("--no-record", action="store_true", help="do not save the game record")

    simulate = sub.add_parser(
        "simulate",
        help="pit computer players against each other",
        description="Play many games between computer players and print, per agent, its "
        "wins, win rate and mean money with 95% intervals. Seats rotate between games. "
        "With --jobs the games run in several processes, with --ray on a Ray cluster; the "
        "results do not depend on either.",
    )
    _add_setup_options(simulate, players=2)
    simulate.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    simulate.add_argument(
        "--agents",
        nargs="+",
        default=["greedy", "random"],
        metavar="SPEC",
        help="the agents, one per seat, cycled if fewer (default greedy random)",
    )
    simulate.add_argument("--seed", type=int, default=0, help="seed of the series (default 0)")
    simulate.add_argument(
        "--jobs", type=int, default=1, help="worker processes, or Ray workers (default 1)"
    )
    simulate.add_argument(
        "--ray",
        nargs="?",
        const="",
        default=None,
        metavar="ADDRESS",
        help="play the games on a Ray cluster (ray.init's address: auto, ray://HOST:10001 ...; "
        "without ADDRESS, a local Ray instance with --jobs CPUs); needs the ray extra",
    )
    simulate.add_argument(
        "--out",
        metavar="FILE",
        help="write each game's result to FILE as a JSON line, as soon as the game finishes",
    )
    simulate.add_argument(
        "--records",
        metavar="DIR",
        help="save each game's record in DIR (game-000000.json ..., for `replay`)",
    )
    simulate.add_argument("--json", action="store_true", help="print the results as JSON")
    simulate.add_argument(
        "--progress", action="store_true", help="show the progress bar even when not on a terminal"
    )
    simulate.add_argument("--no-progress", action="store_true", help="no progress bar")

    bench = sub.add_parser(
        "bench",
        help="measure the engine's speed",
        description="Run the benchmark (lasvegas.bench): games/s, steps/s and the cost of "
        "apply, legal_actions, observe and a JSON round trip per edition. Arguments after "
        "`--` go to the benchmark (`bench -- --help` lists them).",
    )
    bench.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the benchmark")

    replay = sub.add_parser(
        "replay",
        help="step through a saved game record",
        description="Replay a saved game record (a lasvegas/record JSON document, as `play` "
        "saves) and print its log and final standings.",
    )
    replay.add_argument("file", help="the record file")
    replay.add_argument(
        "--step", action="store_true", help="pause after each logged step (Enter goes on)"
    )
    _add_import_option(replay, " (custom rule modules in the record)")

    listing = sub.add_parser(
        "list",
        help="list editions, rule modules and agents",
        description="List the editions, the rule modules (with their options) and the agents.",
    )
    _add_import_option(listing, ", to list the modules it defines")

    serve = sub.add_parser(
        "serve",
        help="serve web tables (needs the web extra)",
        description=(
            "Serve tables of every edition in the browser: open http://HOST:PORT/, choose the "
            "game and the seats, and hand each player the secret link of their seat. Needs "
            "the web extra: pip install 'lasvegas-rules[web]'."
        ),
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 opens the "
        "server to the network)",
    )
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed the tables where at most one person sits (bots only, or one human): "
        "reproducible games; a table with two or more people always gets a secret seed",
    )
    serve.add_argument(
        "--store",
        default=None,
        metavar="PATH",
        help="SQLite file that keeps the tables across restarts (default "
        "$XDG_STATE_HOME/lasvegas/tables.sqlite3, else ~/.local/state/lasvegas/tables.sqlite3); "
        "':memory:' keeps them in memory only (lost at exit)",
    )
    serve.add_argument(
        "--idle-minutes",
        type=float,
        default=24 * 60,
        metavar="MINUTES",
        help="an unfinished table idle that long expires (default 1440: one day)",
    )
    serve.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also answer requests for this host name (repeatable; localhost, 127.0.0.1, "
        "[::1] and the --host address are always allowed; any other Host header gets 400)",
    )
    serve.add_argument(
        "--bot-level",
        action="append",
        default=[],
        metavar="LEVEL=SPEC",
        help="what a bot level runs, e.g. hard=search:playouts=200 (repeatable; defaults: "
        "easy=random, normal=greedy, hard=search:playouts=300); clients choose levels only",
    )
    serve.add_argument(
        "--limit-concurrency",
        type=int,
        default=256,
        metavar="N",
        help="most connections and tasks at once; more get 503 (default 256)",
    )
    serve.add_argument(
        "--timeout-keep-alive",
        type=int,
        default=5,
        metavar="SECONDS",
        help="close an idle kept-alive connection after this long (default 5)",
    )
    serve.add_argument(
        "--request-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="close a connection that has not sent a request's head within this long, and "
        "refuse a body not sent within it (default 10)",
    )
    return parser
