"""Play one seeded random game of classic Las Vegas for 4 players and print the standings.

The library's own generator (``lv.Rng``) rolls the dice and draws the banknotes at
every chance node; the players pick uniformly among their legal actions with a
separately seeded ``random.Random``. The same seed plays the same game on every
platform and Python version.

Run it with ``python examples/random_game.py [SEED]``.
"""

from __future__ import annotations

import random
import sys

import lasvegas as lv


def main(argv: list[str]) -> None:
    """Play the game for the seed given on the command line (default 1) and print the result."""
    seed = int(argv[1]) if len(argv) > 1 else 1
    state = lv.new_game(lv.classic(players=4))
    dice = lv.Rng(seed)  # chance: dice and banknotes
    choices = random.Random(seed)  # the players' decisions
    while lv.to_move(state) is not None:
        if lv.to_move(state) == lv.CHANCE:
            state = lv.apply(state, lv.sample_chance(state, dice))
        else:
            state = lv.apply(state, choices.choice(lv.legal_actions(state)))

    standings = lv.standings(state)
    print(f"Classic Las Vegas, 4 players, seed {seed}: final standings")
    for seat, money in enumerate(standings.money):
        print(f"  seat {seat}: ${money:,}")
    print("Winner(s): " + ", ".join(f"seat {seat}" for seat in standings.winners))


if __name__ == "__main__":
    main(sys.argv)
