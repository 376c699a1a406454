"""Exact small chance trees (the game's "perft").

For tiny configurations the whole chance tree is enumerated through ``chance_outcomes`` and
the probability of every final result is compared with an independent brute force over
ordered dice rolls written here from the rules (C-8, C-9, C-12, C-13, C-20, C-21).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from itertools import product
from typing import ClassVar

import attrs
import pytest

import lasvegas as lv
from lasvegas.testing import deal

NOTES = [[90_000], [20_000, 40_000], [60_000], [10_000, 70_000], [50_000], [80_000]]
"""Notes dealt to casinos 1..6 (each list reaches the minimum with its last note)."""

Policy = Callable[[list[int]], int]
"""Chooses a face from the distinct faces rolled (sorted)."""


@attrs.frozen
class Tiny(lv.RuleModule):
    """Test module: one round, *own* dice each."""

    id: ClassVar[str] = "test-tiny-tree"
    own: int = 2

    def configure(self, params: lv.Params, players: int) -> lv.Params:
        return attrs.evolve(params, rounds=1, dice=(self.own, 0, 0, params.dice[3]))


def engine_distribution(config: lv.GameConfig, policy: Policy) -> dict[tuple[int, ...], Fraction]:
    """Walk the chance tree from the first roll; states are hashable, so transpositions are shared."""
    memo: dict[lv.State, dict[tuple[int, ...], Fraction]] = {}

    def walk(state: lv.State) -> dict[tuple[int, ...], Fraction]:
        if state in memo:
            return memo[state]
        result: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
        mover = lv.to_move(state)
        if mover is None:
            result[lv.standings(state).money] = Fraction(1)
        elif mover is lv.CHANCE:
            outcomes = lv.chance_outcomes(state)
            assert sum(q for _, q in outcomes) == 1
            for action, q in outcomes:
                for money, p in walk(lv.apply(state, action)).items():
                    result[money] += p * q
        else:
            faces = [a.face for a in lv.legal_actions(state) if isinstance(a, lv.Place)]
            result.update(walk(lv.apply(state, lv.Place(policy(faces)))))
        memo[state] = dict(result)
        return memo[state]

    return walk(deal(lv.new_game(config), *NOTES))


def brute_force(
    players: int, own_each: int, neutral_each: int, policy: Policy
) -> dict[tuple[int, ...], Fraction]:
    """The same game written independently: ordered dice, plain lists."""
    notes = [sorted(n, reverse=True) for n in NOTES]
    result: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    white = players  # the imaginary owner's index

    def play(
        own: list[int], neu: list[int], placed: list[list[int]], seat: int, p: Fraction
    ) -> None:
        if not any(own) and not any(neu):
            money = [0] * players
            for c in range(6):
                counts = placed[c]
                ranked = sorted((n, o) for o, n in enumerate(counts) if n and counts.count(n) == 1)[
                    ::-1
                ]
                for (_, owner), note in zip(ranked, notes[c], strict=False):
                    if owner != white:
                        money[owner] += note
            result[tuple(money)] += p
            return
        while not own[seat] and not neu[seat]:
            seat = (seat + 1) % players
        k, m = own[seat], neu[seat]
        for rolled in product(range(1, 7), repeat=k + m):
            mine, whites = rolled[:k], rolled[k:]
            face = policy(sorted(set(rolled)))
            a, b = mine.count(face), whites.count(face)
            new_placed = [row[:] for row in placed]
            new_placed[face - 1][seat] += a
            new_placed[face - 1][white] += b
            own2, neu2 = own[:], neu[:]
            own2[seat] -= a
            neu2[seat] -= b
            play(own2, neu2, new_placed, (seat + 1) % players, p / 6 ** (k + m))

    play(
        [own_each] * players,
        [neutral_each] * players,
        [[0] * (players + 1) for _ in range(6)],
        0,
        Fraction(1),
    )
    return dict(result)


POLICIES: dict[str, Policy] = {"lowest": min, "highest": max, "middle": lambda f: f[len(f) // 2]}


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_exact_tree_two_players_two_dice(policy: str) -> None:
    """C-8, C-9, C-12, C-13: exact outcome probabilities equal an independent brute force."""
    engine = engine_distribution(lv.classic(2, Tiny()), POLICIES[policy])
    assert sum(engine.values()) == 1
    assert engine == brute_force(2, 2, 0, POLICIES[policy])


@pytest.mark.parametrize("policy", ["lowest", "highest"])
def test_exact_tree_with_neutral_dice(policy: str) -> None:
    """C-20, C-21: with one own and one neutral die each, probabilities equal the brute force too."""
    config = lv.classic(2, Tiny(own=1), lv.NeutralDice(per_player=1, rolled=0))
    engine = engine_distribution(config, POLICIES[policy])
    assert sum(engine.values()) == 1
    assert engine == brute_force(2, 1, 1, POLICIES[policy])
