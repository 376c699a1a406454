"""A custom rule module written outside the package: a house rule, tested like the real ones.

House rule "High roller": in the first round the sixth casino does not open; its notes wait
unclaimed and go under the pile at payout. Rolled 6s cannot be placed, and a player who
rolls nothing but 6s keeps the dice and passes (the engine's closed-casino rule, T-7).

A rule module is a frozen attrs class with a stable ``id`` that overrides only the hooks it
needs (here ``closed``). ``lasvegas.testing.random_sim_test`` then plays random games and
checks the engine's whole contract with it: legal actions, exact chance, conservation of
dice and money, JSON round trips, views, replays.

Run it with ``python examples/house_rule.py``; play with it from the command line with
``python -m lasvegas demo --import examples/house_rule.py --module high-roller``.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

import lasvegas as lv
from lasvegas.testing import random_sim_test


@attrs.frozen
class HighRoller(lv.RuleModule):
    """House rule: casino *casino* stays closed during round 1."""

    id: ClassVar[str] = "high-roller"
    editions: ClassVar[frozenset[str]] = frozenset({"classic"})

    casino: int = 6
    """The casino that stays closed in the first round."""

    def closed(self, state: lv.State, index: int) -> frozenset[lv.CasinoNumber]:
        """Casino numbers that take no dice now."""
        return frozenset({lv.CasinoNumber(self.casino)}) if state.round == 1 else frozenset()


def main() -> None:
    """Check the house rule with the conformance test, then show its effect in one game."""
    for players in (2, 3, 4):
        random_sim_test(lv.classic(players, HighRoller()), games=2, seed=players)
        random_sim_test(lv.classic(players, HighRoller(), lv.NeutralDice()), games=1, seed=7)
    print("random_sim_test passed for 2-4 players, with and without neutral dice")

    config = lv.classic(2, HighRoller())
    state = lv.new_game(config)
    rng = lv.Rng(3)
    passes = 0
    while lv.to_move(state) is not None:
        if lv.to_move(state) is lv.CHANCE:
            action = lv.sample_chance(state, rng)
        else:
            action = rng.choice(lv.legal_actions(state))
        step = lv.step(state, action)
        passes += sum(isinstance(e, lv.TurnPassed) for e in step.events)
        if state.round == 1 and isinstance(action, lv.Place):
            assert action.face != 6, "casino 6 is closed in round 1"
        state = step.state
    print(f"One game with the house rule: {passes} turn(s) passed on a roll of only 6s")
    print("Winners:", lv.standings(state).winners)
    assert lv.from_json(lv.to_json(config), lv.GameConfig) == config  # JSON knows the module


if __name__ == "__main__":
    main()
