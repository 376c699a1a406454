"""``GreedyAgent``: a one-step heuristic that scores each placement by the money it expects.

The heuristic looks only at the visible table (casinos, their notes, the dice on them and
the dice every seat still holds) and scores each placement by the money the agent expects
from this round minus what its opponents expect (their mean). The dice still to be placed
are modelled as landing on each casino with probability 1/6 each, independently, so each
casino's expectation is exact under that model and cheap. When the agent is the last seat
holding dice (nobody can answer any more) and holds few, the rest of its round is a
one-player game, solved exactly over every remaining roll.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from ..actions import Action, Place
from ..cardgame.components import OUT_AT, TURNS
from ..cardgame.game import CardGameState, PlayCards
from ..chance import Rng, roll_distribution
from ..payout import rank
from ..state import Phase
from ..types import BIG, KICKER, NEUTRAL, REGULAR
from ..view import PlayerView
from .base import BaseAgent

__all__ = ["GreedyAgent", "Table", "placement_counts"]

_MAX_COMBOS = 150
"""Most joint outcomes of the other owners enumerated per casino (their distributions are
cut to their likeliest entries beyond it)."""


def placement_counts(view: PlayerView, action: Place) -> tuple[int, int, int, int]:
    """Dice of each group a placement moves: the rolled dice showing its face.

    >>> import lasvegas as lv
    >>> from lasvegas.testing import deal
    >>> state = deal(lv.new_game(lv.classic(2)), *[[50_000]] * 6)
    >>> state = lv.apply(state, lv.Roll((1, 1, 2, 4, 4, 4, 6, 6)))
    >>> placement_counts(lv.observe(state, 0), lv.Place(4))
    (3, 0, 0, 0)
    """
    face = action.face
    r = view.rolled
    return (r[0].count(face), r[1].count(face), r[2].count(face), r[3].count(face))


@functools.lru_cache(maxsize=256)
def _binomial(n: int) -> tuple[float, ...]:
    """P(k of n dice show one given face), k = 0..n."""
    return tuple(math.comb(n, k) * (1 / 6) ** k * (5 / 6) ** (n - k) for k in range(n + 1))


@functools.lru_cache(maxsize=1024)
def _landing(single: int, double: int) -> tuple[tuple[int, float], ...]:
    """The weight a casino gains from *single* dice counting 1 and *double* counting 2."""
    dist: dict[int, float] = {}
    for a, pa in enumerate(_binomial(single)):
        for b, pb in enumerate(_binomial(double)):
            dist[a + 2 * b] = dist.get(a + 2 * b, 0.0) + pa * pb
    return tuple(sorted(dist.items()))


def _cut(dist: tuple[tuple[int, float], ...], keep: int) -> tuple[tuple[int, float], ...]:
    """The *keep* likeliest entries (ties by weight), in weight order."""
    if len(dist) <= keep:
        return dist
    best = sorted(dist, key=lambda wp: (-wp[1], wp[0]))[:keep]
    return tuple(sorted(best))


class Table:
    """The visible table reduced to what the heuristic needs, from one seat's point of view.

    Args:
        view: The seat's view.
        places: How many owners a casino pays at most (``None``: one per note).
        neutral: The owner number of the neutral dice, if any.
    """

    def __init__(self, view: PlayerView, places: int | None, neutral: int | None) -> None:
        seat = view.seat
        if seat is None:
            raise ValueError("a table is seen from a seat")
        self.seat = seat
        """The seat whose money is maximised."""
        self.players = view.players
        """Number of seats."""
        self.places = places
        """How many owners a casino pays at most."""
        self.neutral = neutral
        """The owner number of the neutral dice, if any."""
        self.weights = tuple(c.weights() for c in view.casinos)
        """Dice per owner at each casino (a big die counts two)."""
        self.notes = tuple(c.notes for c in view.casinos)
        """The notes at each casino, highest first."""
        self.supply = view.supply
        """Dice each seat still holds, per group."""
        self._cache: dict[object, float] = {}

    def share(self, weights: Sequence[int], notes: Sequence[int]) -> float:
        """What the seat wins at a casino minus its opponents' mean, if it paid out now.

        >>> import lasvegas as lv
        >>> table = Table(lv.observe(lv.new_game(lv.classic(2)), 0), None, None)
        >>> table.share((3, 1), (90_000, 20_000)), table.share((2, 2), (90_000,))
        (70000.0, 0.0)
        """
        ranked = rank(tuple(weights))
        if self.places is not None:
            ranked = ranked[: self.places]
        mine = 0.0
        others = 0.0
        players = self.players
        for note, owner in zip(notes, ranked, strict=False):
            if owner == self.seat:
                mine += note
            elif owner < players:
                others += note
        return mine - others / max(1, players - 1)

    def value(self, weights: tuple[tuple[int, ...], ...], supply: Sequence[Sequence[int]]) -> float:
        """The expected :meth:`share` summed over the casinos, if *supply* is still to land.

        Every die still held lands on a given casino with probability 1/6, independently
        (a big die counts two, neutral dice for the neutral owner). The seat's own dice are
        summed over exactly; the other owners' joint outcomes are cut to the likeliest
        :data:`_MAX_COMBOS` per casino. Results for one casino and one weight of the seat
        are kept, so scoring several placements from one table costs little more than one.
        """
        seat = self.seat
        owners = len(weights[0]) if weights else 0
        single = [0] * owners
        double = [0] * owners
        for s, held in enumerate(supply):
            single[s] += held[REGULAR] + held[KICKER]
            double[s] += held[BIG]
            if held[NEUTRAL] and self.neutral is not None:
                single[self.neutral] += held[NEUTRAL]
        mine = _landing(single[seat], double[seat]) if seat < owners else ((0, 1.0),)
        others = tuple(
            (o, _landing(single[o], double[o]))
            for o in range(owners)
            if o != seat and (single[o] or double[o])
        )
        keep = 64
        while math.prod(len(d) for _, d in others) > _MAX_COMBOS and keep > 1:
            keep -= 1
            others = tuple((o, _cut(d, keep)) for o, d in others)
        total = 0.0
        for casino, notes in zip(weights, self.notes, strict=True):
            if not notes:
                continue
            for add, p in mine:
                row = (*casino[:seat], casino[seat] + add, *casino[seat + 1 :])
                total += p * self._expected(row, notes, others)
        return total

    def _expected(
        self,
        row: tuple[int, ...],
        notes: tuple[int, ...],
        others: tuple[tuple[int, tuple[tuple[int, float], ...]], ...],
    ) -> float:
        """The expected :meth:`share` at one casino over the other owners' landings."""
        key = (row, notes, others)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        outcomes: list[tuple[list[int], float]] = [(list(row), 1.0)]
        for owner, dist in others:
            grown: list[tuple[list[int], float]] = []
            for w, p in outcomes:
                for add, q in dist:
                    nw = w.copy()
                    nw[owner] += add
                    grown.append((nw, p * q))
            outcomes = grown
        result = sum(p * self.share(w, notes) for w, p in outcomes)
        self._cache[key] = result
        return result

    def after(
        self, casino: int, counts: Sequence[int]
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
        """The casinos' weights and the supplies once the seat placed *counts* at *casino*.

        *casino* is an index (0 for casino 1); *counts* are dice per group.
        """
        seat = self.seat
        row = list(self.weights[casino])
        row[seat] += counts[REGULAR] + 2 * counts[BIG] + counts[KICKER]
        if counts[NEUTRAL] and self.neutral is not None:
            row[self.neutral] += counts[NEUTRAL]
        weights = (*self.weights[:casino], tuple(row), *self.weights[casino + 1 :])
        held = tuple(h - c for h, c in zip(self.supply[seat], counts, strict=True))
        supply = (*self.supply[:seat], held, *self.supply[seat + 1 :])
        return weights, supply


class GreedyAgent(BaseAgent):
    """Places where the visible casinos promise the most money this round.

    Each placement is scored by ``Table.value`` (expected money from this round's
    casinos minus the opponents' mean, with the dice still to be placed landing at random);
    when the agent is the only seat left holding dice and holds at most *exact_dice*
    plain dice after the placement, its remaining rolls are solved exactly. Ties between
    equal scores are broken with the agent's generator.

    The card game's plays (:class:`~lasvegas.cardgame.PlayCards`) are scored the same way
    (:meth:`card_scores`): the chosen cards land at their casinos, and every seat's cards
    still to come this round are modelled as dice landing at random; playing cards now
    leaves fewer for later turns, and the eighth card placed puts the seat out (K-7).

    Decisions it cannot judge fall back to a uniformly random legal action: any other
    decision without a placement among its legal actions (module decisions: tiles, kickers,
    chips), and any decision when it has no seat. Module actions offered next to placements
    (such as Royale's pass) are never chosen while a placement is legal.

    Args:
        seed: An int or an :class:`~lasvegas.Rng`.
        exact_dice: Up to how many dice the endgame is solved exactly.

    >>> import lasvegas as lv
    >>> from lasvegas.testing import deal
    >>> state = deal(lv.new_game(lv.classic(2)), [90_000], *[[50_000]] * 5)
    >>> state = lv.apply(state, lv.Roll((1, 2, 2, 3, 3, 4, 5, 6)))
    >>> GreedyAgent(seed=1).choose(lv.observe(state, 0), lv.legal_actions(state))
    Place(face=1)
    """

    name = "greedy"

    def __init__(self, seed: int | Rng = 0, *, exact_dice: int = 4) -> None:
        super().__init__(seed)
        self.exact_dice = exact_dice
        """Up to how many dice the endgame is solved exactly."""

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """The placement with the best score, or a random legal action if none can be judged."""
        if not legal:
            raise ValueError("choose() needs at least one legal action")
        if len(legal) == 1:
            return legal[0]
        if view.seat is not None and all(type(a) is PlayCards for a in legal):
            plays = [a for a in legal if isinstance(a, PlayCards)]
            card_scores = self.card_scores(view, plays)
            if card_scores is not None:
                top_score = max(card_scores)
                return plays[card_scores.index(top_score)]  # the fewest cards among the best
        places = [a for a in legal if isinstance(a, Place)]
        if not places or view.seat is None or view.phase is not Phase.PLACE or view.tasks:
            return legal[self.rng.below(len(legal))]
        scores = self.scores(view, places)
        best = max(scores)
        top = [p for p, s in zip(places, scores, strict=True) if s >= best - 1e-6]
        return top[self.rng.below(len(top))] if len(top) > 1 else top[0]

    def scores(self, view: PlayerView, places: Sequence[Place]) -> list[float]:
        """The score of each placement (higher is better), as :meth:`choose` uses them.

        >>> import lasvegas as lv
        >>> from lasvegas.testing import deal
        >>> state = deal(lv.new_game(lv.classic(2)), [90_000], *[[50_000]] * 5)
        >>> state = lv.apply(state, lv.Roll((1, 2, 2, 3, 3, 4, 5, 6)))
        >>> scores = GreedyAgent().scores(lv.observe(state, 0), [lv.Place(1), lv.Place(2)])
        >>> scores[0] > scores[1]
        True
        """
        ruleset = view.config.ruleset
        table = Table(view, ruleset.params.places, ruleset.neutral_owner)
        seat = table.seat
        others_done = (
            all(not any(held) for s, held in enumerate(view.supply) if s != seat)
            and table.neutral is None
        )
        result: list[float] = []
        for action in places:
            counts = placement_counts(view, action)
            casino = (action.face if action.target is None else action.target) - 1
            weights, supply = table.after(casino, counts)
            held = supply[seat]
            plain = all(type(a) is Place and a.target is None for a in places)
            if (
                others_done
                and plain
                and not held[BIG]
                and not held[KICKER]
                and not held[NEUTRAL]
                and held[REGULAR] <= self.exact_dice
                and len(weights) >= 6
            ):
                result.append(_solo(table, weights, held[REGULAR]))
            else:
                result.append(table.value(weights, supply))
        return result

    def card_scores(self, view: PlayerView, plays: Sequence[PlayCards]) -> list[float] | None:
        """The score of each card-game play (higher is better), or ``None`` without a card game.

        The play's cards go on their casinos (a double card counts two, K-10); then every
        seat still in the round is given the cards it may still place this round (at most
        7 in all, so as not to go out, K-7; about ``_CARDS_PER_TURN`` per turn left,
        this one included for seats that have not played yet) as dice landing on each
        casino with probability 1/6, and ``Table.value`` gives the expected money from
        the top two places (K-10: ties cancel) minus the opponents' mean.

        >>> import lasvegas as lv
        >>> from lasvegas.cardgame import PlayCards
        >>> state = lv.new_game(lv.cardgame(2))
        >>> rng = lv.Rng(3)
        >>> while lv.to_move(state) is lv.CHANCE:
        ...     state = lv.apply(state, lv.sample_chance(state, rng))
        >>> seat = lv.to_move(state)
        >>> plays = [a for a in lv.legal_actions(state) if isinstance(a, PlayCards)]
        >>> scores = GreedyAgent().card_scores(lv.observe(state, seat), plays)
        >>> len(scores) == len(plays)
        True
        """
        seat = view.seat
        s = next((m for m in view.modules if isinstance(m, CardGameState)), None)
        if seat is None or s is None:
            return None
        ruleset = view.config.ruleset
        table = Table(view, ruleset.params.places, ruleset.neutral_owner)
        left = max(0, TURNS - s.turn)  # turns after this one
        owners = len(table.weights[0]) if table.weights else view.players

        def later(placed: int, turns: int) -> tuple[int, int, int, int]:
            if placed >= OUT_AT:
                return (0, 0, 0, 0)
            cards = min(OUT_AT - 1 - placed, round(_CARDS_PER_TURN * turns))
            big = round(cards * _DOUBLE_SHARE)
            return (cards - big, big, 0, 0)

        supply: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)] * owners
        for t in range(min(owners, view.players)):
            if t == seat or s.out[t]:
                continue
            choice = s.choices[t]
            to_play = choice is None or not choice or not _sequential(view)
            supply[t] = later(s.placed[t], left + (1 if to_play else 0))
        result: list[float] = []
        for play in plays:
            rows = [list(w) for w in table.weights]
            for card in play.cards:
                rows[card // 10 - 1][seat] += 2 if card % 10 == 2 else 1
            supply[seat] = later(s.placed[seat] + len(play.cards), left)
            weights = tuple(tuple(r) for r in rows)
            result.append(table.value(weights, supply))
        return result


_CARDS_PER_TURN = 1.5
"""Cards a seat is expected to place per turn left, in :meth:`GreedyAgent.card_scores`."""

_DOUBLE_SHARE = 0.2
"""The share of double cards among the cards still to come (6 of a seat's 30)."""


def _sequential(view: PlayerView) -> bool:
    """Whether the view's game plays the card game's sequential variation (K-12)."""
    return any(module.id == "sequential" for module in view.config.modules)


def _solo(table: Table, weights: tuple[tuple[int, ...], ...], dice: int) -> float:
    """The exact expected value when only the seat still rolls, with *dice* plain dice left.

    At each roll the seat places the face that is best for the rest of its round.
    """
    seat = table.seat

    @functools.cache
    def value(mine: tuple[int, ...], left: int) -> float:
        rows = tuple((*w[:seat], m, *w[seat + 1 :]) for w, m in zip(weights[:6], mine, strict=True))
        if not left:
            total = sum(table.share(w, n) for w, n in zip(rows, table.notes[:6], strict=True))
            return total + sum(
                table.share(w, n) for w, n in zip(weights[6:], table.notes[6:], strict=True)
            )
        expected = 0.0
        for faces, p in roll_distribution(left):
            best = -math.inf
            for face in set(faces):
                k = faces.count(face)
                nxt = (*mine[: face - 1], mine[face - 1] + k, *mine[face:])
                best = max(best, value(nxt, left - k))
            expected += float(p) * best
        return expected

    return value(tuple(w[seat] for w in weights[:6]), dice)
