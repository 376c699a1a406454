"""A bot tournament: every agent meets every other in 2-player classic games.

Each pairing plays the same dice twice, once from each seat, so luck evens out; a shared
win counts half. ``python -m lasvegas simulate`` runs longer matches with confidence
intervals and several processes.

Run it with ``python examples/tournament.py [GAMES_PER_PAIRING]`` (default 4).
"""

from __future__ import annotations

import itertools
import sys

import lasvegas as lv
from lasvegas.agents import make_agent, play_game

AGENTS = ("random", "greedy", "search:playouts=60")


def match(first: str, second: str, games: int, seed: int) -> tuple[float, float]:
    """Points of *first* and *second* over *games* games (seats alternating)."""
    points = [0.0, 0.0]
    for game in range(games):
        swap = game % 2 == 1
        specs = (second, first) if swap else (first, second)
        agents = [
            make_agent(spec, seed * 1000 + game * 10 + seat) for seat, spec in enumerate(specs)
        ]
        state, _ = play_game(lv.classic(2), agents, lv.Rng(seed * 1000 + game // 2))
        winners = lv.standings(state).winners
        for seat in winners:
            points[(1 - seat) if swap else seat] += 1 / len(winners)
    return points[0], points[1]


def main(argv: list[str]) -> None:
    """Play the round robin and print the table."""
    games = int(argv[1]) if len(argv) > 1 else 4
    score = dict.fromkeys(AGENTS, 0.0)
    for n, (a, b) in enumerate(itertools.combinations(AGENTS, 2)):
        pa, pb = match(a, b, games, seed=n)
        score[a] += pa
        score[b] += pb
        print(f"{a:>20} {pa:4.1f} - {pb:4.1f} {b}")
    print()
    print("Table (points; one per game won):")
    for place, (name, points) in enumerate(sorted(score.items(), key=lambda kv: -kv[1]), 1):
        print(f"  {place}. {name:<20} {points:4.1f}")


if __name__ == "__main__":
    main(sys.argv)
