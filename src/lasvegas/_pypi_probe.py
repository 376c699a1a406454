"""Throughput of the PyPI package ``lasvegas`` 0.2.0, as an outside reference point.

What it is: a stand-alone benchmark of an *existing, unrelated* package,
``lasvegas`` 0.2.0 on PyPI (Élie Goudout, MIT), a mutable numpy-based implementation
of the Las Vegas dice game. It plays N full random 4-player games through that
package's own random players (``Game`` with default bots, i.e. its ``random_roll``
and ``random_play``), first with the neutral ("extra") dice on (its default for
4 players: 2 neutral dice per player, neutral winnings go back to the bank), then
with them off (``num_xtr_players=0``), and prints one line per setting, e.g.::

    pypi-lasvegas-0.2.0 players=4 neutral=on games/s=NNN

One ``Game`` object is built per setting and ``run()`` again for every game (the
package's own idiom, as in its ``confront``); ``run()`` resets and re-deals
everything. The package's global ``random`` module is seeded for repeatability.

How it runs: ``python -m lasvegas bench -- --pypi PYTHON`` passes this file's text to
*PYTHON* (``PYTHON -I -c <text> N``) between its own rounds, where *PYTHON* is the
interpreter of a throw-away virtual environment holding that package (it has the same
import name, ``lasvegas``, as this library, so it must never share an environment with
it)::

    python3 -m venv /tmp/lv020 && /tmp/lv020/bin/pip install lasvegas==0.2.0
    python -m lasvegas bench -- --pypi /tmp/lv020/bin/python

It is not part of the library's API: nothing imports it, and it runs only under that
interpreter.
"""

from __future__ import annotations

import importlib
import random
import sys
import time
from typing import Protocol

EXPECTED_VERSION = "0.2.0"
PLAYERS = 4
DEFAULT_GAMES = 2000
WARMUP_GAMES = 20
SEED = 1
ROUNDS = 4


class _Env(Protocol):
    """The few attributes of ``lasvegas.GameEnv`` 0.2.0 read after the timing."""

    is_over: bool | None
    current_round: int
    num_players: int


class _Game(Protocol):
    """The part of ``lasvegas.Game`` 0.2.0 used here."""

    env: _Env

    def run(self) -> None:
        """Play one full game from the start (the env resets itself first)."""


def _new_game(*, neutral: bool) -> _Game:
    """Build a 4-player ``lasvegas.Game`` of the PyPI package, neutral dice on or off."""
    hint = (
        f"needs the PyPI package lasvegas=={EXPECTED_VERSION}; "
        "pass the interpreter of a venv that has it: bench --pypi PYTHON"
    )
    try:
        lv = importlib.import_module("lasvegas")
    except ImportError as exc:
        raise SystemExit(hint) from exc
    version = getattr(lv, "__version__", None)
    if version != EXPECTED_VERSION or not hasattr(lv, "Game"):
        msg = f"{hint} (found version {version!r})"
        raise SystemExit(msg)
    options: dict[str, int] = {} if neutral else {"num_xtr_players": 0}
    game: _Game = lv.Game(num_players=PLAYERS, **options)
    return game


def _check_finished(game: _Game) -> None:
    """Fail loudly if the last game did not end normally after all its rounds."""
    env = game.env
    if env.is_over is not True or env.current_round != ROUNDS or env.num_players != PLAYERS:
        msg = f"unexpected end state: over={env.is_over} round={env.current_round}"
        raise SystemExit(msg)


def bench(games: int, *, neutral: bool) -> float:
    """Return the games per second of ``games`` full random games."""
    random.seed(SEED)
    game = _new_game(neutral=neutral)
    for _ in range(WARMUP_GAMES):
        game.run()
    start = time.perf_counter()
    for _ in range(games):
        game.run()
    elapsed = time.perf_counter() - start
    _check_finished(game)
    return games / elapsed


def main(argv: list[str]) -> None:
    """Parse the optional game count and print one line per neutral-dice setting."""
    games = int(argv[1]) if len(argv) > 1 else DEFAULT_GAMES
    for neutral in (True, False):
        rate = bench(games, neutral=neutral)
        label = "on" if neutral else "off"
        sys.stdout.write(
            f"pypi-lasvegas-{EXPECTED_VERSION} players={PLAYERS} neutral={label} "
            f"games/s={rate:.0f}\n",
        )


if __name__ == "__main__":
    main(sys.argv)
