"""``SearchAgent``: Monte Carlo search over chance, from states determinised from the view.

At each decision the agent samples a few full states that agree with its view
(:func:`~lasvegas.agents.determinise`), then spends its budget of playouts on the legal
actions by sequential halving: a playout applies the action in one of the sampled states
and plays on to the end of the round (or game), rolling the dice and drawing the notes
with the agent's generator and letting every seat play by a fast playout policy (mostly
:func:`_quick`, sometimes random). Every action still in the running is tried with the
same dice (common random numbers), so the comparison between actions is not drowned in
luck. A playout is worth the agent's money minus its best opponent's at that point (in
units of $100,000); in the last round, a win (shared wins count in part) or a loss. The
action with the best mean wins.
"""

from __future__ import annotations

import math
import time

from ..actions import Action, Place
from ..chance import Rng
from ..config import GameConfig
from ..engine import apply, legal_actions, play_chance, standings, to_move
from ..payout import rank
from ..state import Phase, State
from ..types import CHANCE, Seat
from ..view import PlayerView
from .base import BaseAgent
from .determinise import consistent, determinise
from .greedy import GreedyAgent

__all__ = ["SearchAgent"]

_NOISE = 1
"""Out of 10 playout decisions, how many are random rather than :func:`_quick`."""

_DIE_COST = 40_000
"""What the playout policy charges per own die placed: dice kept are worth money later.

(Measured: with this charge the playout policy alone plays about even with
:class:`GreedyAgent` in 2-player classic games; without it, it wins under 30%.)"""

_SCALE = 100_000
"""Money differences are counted in units of $100,000 in a playout's value."""


class SearchAgent(BaseAgent):
    """Monte Carlo search over chance, determinised from the seat's view.

    The budget is *playouts* playouts per decision (deterministic for a seed), or, when
    *time_limit* is given, as many as fit in that many seconds (not reproducible: it
    depends on the machine).

    It falls back to a :class:`GreedyAgent` (which itself falls back to a random legal
    action where it cannot judge) when no state can be rebuilt that agrees with the view
    and offers the same legal actions: a module that hides information and has no
    determiniser (every hiding module of the library has one; a third-party module may
    not), or a pending task the view does not show (:func:`~lasvegas.agents.determinise`).

    Args:
        seed: An int or an :class:`~lasvegas.Rng`.
        playouts: Playouts per decision (when *time_limit* is ``None``).
        time_limit: Seconds per decision instead of a playout count.
        worlds: How many determinised states the playouts are spread over.

    >>> import lasvegas as lv
    >>> from lasvegas.testing import deal
    >>> state = deal(lv.new_game(lv.classic(2)), [90_000], *[[50_000]] * 5)
    >>> state = lv.apply(state, lv.Roll((1, 2, 2, 3, 3, 4, 5, 6)))
    >>> agent = SearchAgent(seed=1, playouts=60)
    >>> agent.choose(lv.observe(state, 0), lv.legal_actions(state)) in lv.legal_actions(state)
    True
    """

    name = "search"

    def __init__(
        self,
        seed: int | Rng = 0,
        *,
        playouts: int = 2000,
        time_limit: float | None = None,
        worlds: int = 8,
    ) -> None:
        super().__init__(seed)
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts}")
        self.playouts = playouts
        """Playouts per decision."""
        self.time_limit = time_limit
        """Seconds per decision, or ``None`` to count playouts."""
        self.worlds = max(1, worlds)
        """Determinised states per decision."""
        self.fallback = GreedyAgent(self.rng.fork())
        """The agent used where no search is possible."""
        self.searched = 0
        """Decisions decided by search so far."""
        self.fell_back = 0
        """Decisions handed to the fallback so far."""

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """The legal action with the best mean playout value."""
        if not legal:
            raise ValueError("choose() needs at least one legal action")
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        if seat is None:
            self.fell_back += 1
            return self.fallback.choose(view, legal)
        worlds: list[State] = []
        for _ in range(self.worlds):
            world = determinise(view, self.rng)
            if world is None or not consistent(world, view, legal):
                break
            worlds.append(world)
        if not worlds:
            self.fell_back += 1
            return self.fallback.choose(view, legal)
        self.searched += 1
        return legal[self._search(worlds, legal, seat)]

    def _search(self, worlds: list[State], legal: tuple[Action, ...], seat: Seat) -> int:
        """Sequential halving with common random numbers.

        The budget is split over ``ceil(log2(k))`` rounds; in each, every action still in
        the running gets the same number of playouts, played with the same dice (the same
        seeds) for every action, and the better half goes on. With a time limit, all actions
        get playouts in turn until the time is up.
        """
        k = len(legal)
        children: dict[tuple[int, int], State] = {}
        totals = [0.0] * k
        counts = [0] * k
        rng = self.rng
        round_ = worlds[0].round

        def batch(alive: list[int], w: int) -> None:
            seed = rng.next_u64()
            for i in alive:
                child = children.get((w, i))
                if child is None:
                    child = children[(w, i)] = apply(worlds[w], legal[i])
                totals[i] += _playout(child, seat, round_, Rng(seed))
                counts[i] += 1

        alive = list(range(k))
        batches = 0
        if self.time_limit is not None:
            deadline = time.perf_counter() + self.time_limit
            while not batches or time.perf_counter() < deadline:
                batch(alive, batches % len(worlds))
                batches += 1
        else:
            rounds = max(1, math.ceil(math.log2(k)))
            budget = self.playouts
            for r in range(rounds):
                per_action = max(1, budget // (len(alive) * (rounds - r)))
                for _ in range(per_action):
                    batch(alive, batches % len(worlds))
                    batches += 1
                    budget -= len(alive)
                if len(alive) > 1 and r < rounds - 1:
                    alive.sort(key=lambda j: (-totals[j] / counts[j], j))
                    alive = alive[: max(1, (len(alive) + 1) // 2)]
        return max(alive, key=lambda j: (totals[j] / counts[j], -j))


def _playout(state: State, seat: Seat, round_: int, rng: Rng) -> float:
    """Play on to the end of the round with the playout policy; the seat's value there."""
    over = Phase.OVER
    place = Phase.PLACE
    while state.round == round_ and state.phase is not over:
        mover = to_move(state)
        if mover is None:
            break
        if mover is CHANCE:  # every chance node to the next decision, in one call
            state = play_chance(state, rng).state
            continue
        legal = legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        elif state.phase is place and not state.tasks and rng.below(10) >= _NOISE:
            action = _quick(state, legal, rng)
        else:
            action = legal[rng.below(len(legal))]
        state = apply(state, action)
    result = standings(state)
    money = result.money
    lead = (money[seat] - max(m for s, m in enumerate(money) if s != seat)) / _SCALE
    if state.phase is over:  # the last round: winning is what counts, the margin barely
        won = 1.0 / len(result.winners) if seat in result.winners else 0.0
        return 2.0 * won - 1.0 + 0.01 * lead
    return lead


def _quick(state: State, legal: tuple[Action, ...], rng: Rng) -> Action:
    """The playout policy: the placement that gains most at its casino if it paid now.

    The gain is the mover's note there minus its opponents' mean, after the placement
    against before, less :data:`_DIE_COST` per own die placed; ties go to the placement
    using fewer dice. Other actions are never preferred to a placement (they are taken at
    random only when nothing else is legal).
    """
    seat = state.active
    config = state.config
    players = config.players
    ruleset = config.ruleset
    places = ruleset.params.places
    neutral = ruleset.neutral_owner
    r0, r1, r2, r3 = state.rolled
    casinos = state.casinos
    best: Action | None = None
    best_key = (-math.inf, 0)
    gains = config.cached(_gains)
    for action in legal:
        if type(action) is not Place:
            continue
        face = action.face
        index = (face if action.target is None else action.target) - 1
        if index >= len(casinos):
            continue
        casino = casinos[index]
        own = r0.count(face)
        big = r1.count(face) if r1 else 0
        kick = r2.count(face) if r2 else 0
        extra = r3.count(face) if r3 and neutral is not None else 0
        used = own + big + kick
        notes = casino.notes
        gain = 0.0
        if notes:
            before = casino.weights() if any(casino.big) else casino.dice
            key = (before, notes, seat, own + 2 * big + kick, extra, places)
            cached = gains.get(key)
            if cached is None:
                after = list(before)
                after[seat] += own + 2 * big + kick
                if extra and neutral is not None:
                    after[neutral] += extra
                cached = _share(tuple(after), notes, seat, players, places) - _share(
                    before, notes, seat, players, places
                )
                if len(gains) >= _GAINS_SIZE:
                    gains.clear()
                gains[key] = cached
            gain = cached
        score = (gain - _DIE_COST * used, -used)
        if score > best_key:
            best, best_key = action, score
    if best is None:
        return legal[rng.below(len(legal))]
    return best


def _gains(config: GameConfig) -> dict[tuple[object, ...], float]:
    """:func:`_quick`'s gains already computed in games of *config* (a table of the
    config, :meth:`~lasvegas.GameConfig.cached`; cleared past :data:`_GAINS_SIZE`). Kept
    per config because a gain depends on the config's seats and neutral die beyond its
    key: a 3-seat game with the neutral die and a 4-seat game both have casinos of 4
    dice counts, the fourth the neutral die's in one and an opponent's in the other."""
    return {}


_GAINS_SIZE = 200_000
"""The most entries one config's :func:`_gains` holds."""


def _share(
    weights: tuple[int, ...], notes: tuple[int, ...], seat: Seat, players: int, places: int | None
) -> float:
    ranked = rank(weights)
    if places is not None:
        ranked = ranked[:places]
    mine = 0
    others = 0
    for note, owner in zip(notes, ranked, strict=False):
        if owner == seat:
            mine += note
        elif owner < players:
            others += note
    return mine - others / (players - 1)
