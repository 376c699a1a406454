"""Helpers for testing games and rule modules, shipped so module authors can reuse them.

* :func:`random_sim_test` plays random games of a config to the end and checks, at every
  step, the engine's contract (DESIGN §6);
* :func:`check_invariants` checks that dice and money are conserved in one state;
* :func:`play`, :func:`deal` and :func:`random_game` script or play games through the
  public API.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from .actions import Action, Draw
from .chance import Rng
from .config import GameConfig
from .engine import (
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    sample_chance,
    standings,
    to_move,
)
from .errors import IllegalActionError
from .state import Phase, State
from .types import BIG, CHANCE, KICKER, NEUTRAL, REGULAR

__all__ = [
    "SimulationError",
    "check_invariants",
    "deal",
    "play",
    "random_game",
    "random_sim_test",
]

StateCheck = Callable[[State], None]
"""A check run on every state of :func:`random_sim_test`; it raises to report a failure."""

EXTRA_CHECKS: list[Callable[[State, list[Action]], None]] = []
"""Checks other parts of the library add to :func:`random_sim_test` (JSON, views ...).

Each is called with a state and the actions that led to it, and raises on a failure.
"""


class SimulationError(AssertionError):
    """A check of :func:`random_sim_test` or :func:`check_invariants` failed."""


def play(state: State, actions: Iterable[Action]) -> State:
    """Apply *actions* in order.

    >>> import lasvegas as lv
    >>> state = play(lv.new_game(lv.classic(2)), [lv.Draw(90_000)])
    >>> state.casinos[0].notes
    (90000,)
    """
    for action in actions:
        state = apply(state, action)
    return state


def deal(state: State, *casinos: Iterable[int]) -> State:
    """Deal the given notes to casinos 1, 2, ... in order (as ``Draw`` actions).

    >>> import lasvegas as lv
    >>> state = deal(lv.new_game(lv.classic(2)), [90_000], [10_000, 40_000])
    >>> [c.notes for c in state.casinos[:3]]
    [(90000,), (40000, 10000), ()]
    """
    for notes in casinos:
        for value in notes:
            state = apply(state, Draw(value))
    return state


def random_game(config: GameConfig, rng: Rng) -> tuple[State, list[Action]]:
    """Play one game with uniformly random legal actions; return the end state and the actions.

    >>> import lasvegas as lv
    >>> state, actions = random_game(lv.classic(3), lv.Rng(5))
    >>> lv.to_move(state) is None, len(actions) > 100
    (True, True)
    """
    state = new_game(config)
    actions: list[Action] = []
    while True:
        mover = to_move(state)
        if mover is None:
            return state, actions
        if mover is CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = legal_actions(state)
            action = legal[rng.below(len(legal))]
        actions.append(action)
        state = apply(state, action)


def _fail(message: str) -> SimulationError:
    return SimulationError(message)


def check_invariants(state: State) -> None:
    """Raise :class:`SimulationError` unless dice and money are conserved in *state*.

    Each seat's dice in its supply, on the casinos and held by modules add up to what it
    got this round; the neutral dice likewise; every banknote is in the pile, at a casino,
    with a seat or held by a module.

    >>> import lasvegas as lv
    >>> check_invariants(lv.new_game(lv.classic(4)))
    """
    config = state.config
    ruleset = config.ruleset
    params = ruleset.params
    n = config.players
    owners = ruleset.owners
    held = [0] * owners
    for i, module in enumerate(config.modules):
        for owner, count in enumerate(module.held_dice(state, i)):
            held[owner] += count
    own = params.dice[REGULAR] + params.dice[BIG] + params.dice[KICKER]
    if state.phase is not Phase.OVER:
        for seat in range(n):
            supply = state.supply[seat]
            if any(c < 0 for c in supply):
                raise _fail(f"seat {seat} holds a negative number of dice: {supply}")
            placed = sum(c.dice[seat] + c.big[seat] for c in state.casinos)
            total = supply[REGULAR] + supply[BIG] + supply[KICKER] + placed + held[seat]
            if total != own:
                raise _fail(f"seat {seat} has {total} dice in play, not {own}")
        neutral = ruleset.neutral_owner
        if neutral is not None:
            in_hand = sum(s[NEUTRAL] for s in state.supply)
            placed = sum(c.dice[neutral] + c.big[neutral] for c in state.casinos)
            if in_hand + placed + held[neutral] < n * params.dice[NEUTRAL]:
                raise _fail("neutral dice went missing")
    notes: Counter[int] = Counter(state.pile_hidden)
    notes.update(state.pile_returned)
    for casino in state.casinos:
        notes.update(casino.notes)
        if list(casino.notes) != sorted(casino.notes, reverse=True):
            raise _fail(f"casino notes are not highest first: {casino.notes}")
    for won in state.money:
        notes.update(won)
    for i, module in enumerate(config.modules):
        notes.update(module.held_notes(state, i))
    if notes != Counter(params.notes):
        missing = Counter(params.notes) - notes
        extra = notes - Counter(params.notes)
        raise _fail(f"banknotes not conserved: missing {dict(missing)}, extra {dict(extra)}")
    if list(state.pile_hidden) != sorted(state.pile_hidden):
        raise _fail("the unseen part of the pile is not kept sorted")


def random_sim_test(config: GameConfig, games: int = 10, seed: int = 0) -> None:
    """Play *games* random games of *config* and check the engine's contract at every step.

    Checked (DESIGN §6): legal actions are non-empty exactly when a seat is to move, sorted
    without duplicates, and each one applies; chance outcomes have exact probabilities in
    (0, 1] summing to 1 and the sampled outcome is one of them; dice and money are conserved
    (:func:`check_invariants`); an illegal action raises :class:`IllegalActionError` and
    leaves the state as it was; the game ends; replaying the action list gives the same
    state; and every check in :data:`EXTRA_CHECKS` (JSON round trip, views ...) passes.

    >>> import lasvegas as lv
    >>> random_sim_test(lv.classic(3, lv.NeutralDice()), games=2, seed=1)
    """
    rng = Rng(seed)
    for game in range(games):
        state = new_game(config)
        actions: list[Action] = []
        for steps in range(100_000):  # pragma: no branch - every game ends well before
            _check_state(state, actions, steps)
            mover = to_move(state)
            if mover is None:
                break
            if mover is CHANCE:
                outcomes = chance_outcomes(state)
                if not outcomes:
                    raise _fail(f"no chance outcomes at {state.phase}")
                if sum(p for _, p in outcomes) != 1 or any(not 0 < p <= 1 for _, p in outcomes):
                    raise _fail("chance probabilities are not exact and summing to 1")
                if len({a for a, _ in outcomes}) != len(outcomes):
                    raise _fail("duplicate chance outcomes")
                action = sample_chance(state, rng)
                if action not in {a for a, _ in outcomes}:
                    raise _fail(f"sampled {action!r} is not a listed outcome")
                if legal_actions(state):
                    raise _fail("legal actions listed at a chance node")
            else:
                legal = legal_actions(state)
                if not legal:
                    raise _fail(f"seat {mover} is to move but has no legal action")
                if len(set(legal)) != len(legal):
                    raise _fail(f"duplicate legal actions: {legal}")
                if chance_outcomes(state):
                    raise _fail("chance outcomes listed at a decision")
                for other in legal:
                    apply(state, other)  # every legal action applies
                action = legal[rng.below(len(legal))]
            _check_refuses(state, rng)
            actions.append(action)
            state = apply(state, action)
        else:
            raise _fail(f"game {game} did not end")
        if not standings(state).winners:
            raise _fail("a finished game has no winner")
        replayed = play(new_game(config), actions)
        if replayed != state:
            raise _fail("replaying the action list gave another state")


def _check_state(state: State, actions: list[Action], steps: int) -> None:
    check_invariants(state)
    if steps < 10 or steps & (steps - 1) == 0 or to_move(state) is None:
        for extra in EXTRA_CHECKS:
            extra(state, actions)


_PROBES: tuple[Action, ...] = (Draw(-1), Action())


def _check_refuses(state: State, rng: Rng) -> None:
    """An illegal action raises IllegalActionError and the state stays the same."""
    before = hash(state)
    for probe in _PROBES:
        try:
            apply(state, probe)
        except IllegalActionError:
            continue  # refused, as it must be
        raise _fail(f"{probe!r} was accepted at {state.phase}")
    if hash(state) != before:
        raise _fail("a refused action changed the state")
