"""Helpers for testing games and rule modules, shipped so module authors can reuse them.

* :func:`random_sim_test` plays random games of a config to the end and checks, at every
  step, the engine's contract (DESIGN §6);
* :func:`check_invariants` checks that dice and money are conserved in one state;
* :func:`play`, :func:`deal` and :func:`random_game` script or play games through the
  public API.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .actions import Action, Draw, Place, Roll
from .chance import Rng
from .config import GameConfig
from .engine import (
    apply,
    chance_outcomes,
    legal_actions,
    new_game,
    sample_chance,
    standings,
    step,
    to_move,
)
from .errors import IllegalActionError
from .state import State
from .types import CHANCE
from .validate import state_problems

__all__ = [
    "EXTRA_CHECKS",
    "SimulationError",
    "check_invariants",
    "check_json_and_views",
    "deal",
    "example_configs",
    "play",
    "random_game",
    "random_sim_test",
    "register_example_configs",
    "turn",
]

StateCheck = Callable[[State], None]
"""A check run on every state of :func:`random_sim_test`; it raises to report a failure."""


def check_json_and_views(state: State, actions: list[Action]) -> None:
    """Raise :class:`SimulationError` unless *state* and its parts survive JSON and views leak nothing.

    The checks of ``lasvegas.serde.roundtrip_problems``: the state, its standings, the
    last action and every seat's view load back equal; views hold no RNG and do not change
    when what the seat may not see is drawn again; a finished game's record replays.

    >>> import lasvegas as lv
    >>> check_json_and_views(lv.new_game(lv.classic(4)), [])
    """
    from .serde import roundtrip_problems

    problems = roundtrip_problems(state, actions)
    if problems:
        raise _fail("; ".join(problems))


EXTRA_CHECKS: list[Callable[[State, list[Action]], None]] = [check_json_and_views]
"""Checks :func:`random_sim_test` runs besides its own (JSON round trips, views ...).

Each is called with a state and the actions that led to it, and raises on a failure.
"""

_EXAMPLES: list[Callable[[], Iterable[GameConfig]]] = []


def register_example_configs(source: Callable[[], Iterable[GameConfig]]) -> None:
    """Add configs to :func:`example_configs`; *source* is called each time they are listed.

    Each edition package registers a few configs covering its modules, so the suite-wide
    property tests (JSON, views, fuzzing) cover every edition without being edited.

    >>> register_example_configs(lambda: [])
    """
    _EXAMPLES.append(source)


def _classic_examples() -> list[GameConfig]:
    from .classic import NeutralDice, classic

    configs = [classic(players) for players in range(2, 6)]
    configs += [classic(players, NeutralDice()) for players in (2, 3, 4)]
    configs.append(classic(4, hide_money=True))
    return configs


register_example_configs(_classic_examples)


def example_configs() -> tuple[GameConfig, ...]:
    """A few configs of every registered edition and module, without duplicates.

    >>> import lasvegas as lv
    >>> lv.classic(4) in example_configs()
    True
    """
    seen: dict[GameConfig, None] = {}
    for source in _EXAMPLES:
        for config in source():
            seen.setdefault(config, None)
    return tuple(seen)


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


def turn(state: State, faces: Iterable[int], face: int, *, neutral: Iterable[int] = ()) -> State:
    """Roll *faces* (and *neutral* faces for the neutral group, if any), then place *face*.

    Leave *faces* empty for a seat that holds only neutral dice.

    >>> import lasvegas as lv
    >>> state = deal(lv.new_game(lv.classic(2)), *[[50_000]] * 6)
    >>> state = turn(state, [6, 1, 1, 1, 1, 1, 1, 1], 6)
    >>> state.casinos[5].dice, lv.to_move(state)
    ((1, 0), lv.CHANCE)
    """
    own = tuple(sorted(faces))
    if own:
        state = apply(state, Roll(own))
    rest = tuple(sorted(neutral))
    if rest:
        state = apply(state, Roll(rest, "neutral"))
    return apply(state, Place(face))


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
    """Raise :class:`SimulationError` unless *state* keeps every invariant.

    The checks are :func:`lasvegas.state_problems` (the ones a loaded state must pass): each
    seat's dice in its supply, on the casinos and held by modules add up to what it got this
    round; the neutral dice likewise; every banknote is in the pile, at a casino, with a seat
    or held by a module; seats, faces and phases are in range and agree with who is to move;
    and each module's own invariants hold.

    >>> import lasvegas as lv
    >>> check_invariants(lv.new_game(lv.classic(4)))
    """
    problems = state_problems(state)
    if problems:
        raise _fail("; ".join(problems))


def random_sim_test(config: GameConfig, games: int = 10, seed: int = 0) -> None:
    """Play *games* random games of *config* and check the engine's contract at every step.

    Checked (DESIGN §6): legal actions are non-empty exactly when a seat is to move, sorted
    without duplicates, and each one applies; chance outcomes have exact probabilities in
    (0, 1] summing to 1 and the sampled outcome is one of them; a task whose type says it is
    always a chance node (``Task.chance``) is one for its module too; dice and money are conserved
    (:func:`check_invariants`); an illegal action raises :class:`IllegalActionError` and
    leaves the state as it was; :func:`~lasvegas.step` reaches the same state as
    :func:`~lasvegas.apply` and both states list the same mover, legal actions and chance
    outcomes (one asked the way a game loop asks, :func:`~lasvegas.to_move` first, the other
    cold); the game ends; replaying the action list gives the same state; and every check in
    :data:`EXTRA_CHECKS` (JSON round trip, views ...) passes.

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
            if state.tasks and state.tasks[0].chance:
                task = state.tasks[0]
                said = state.config.modules[task.module].task_to_move(state, task.module, task)
                if said is not CHANCE:
                    raise _fail(f"{task.kind} is a chance task but task_to_move says {said!r}")
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
            stepped = step(state, action).state
            state = apply(state, action)
            _check_paths_agree(state, stepped, action)
        else:
            raise _fail(f"game {game} did not end")
        if not standings(state).winners:
            raise _fail("a finished game has no winner")
        replayed = play(new_game(config), actions)
        if replayed != state:
            raise _fail("replaying the action list gave another state")


def _check_paths_agree(applied: State, stepped: State, action: Action) -> None:
    """``step`` and ``apply`` reached the same state, and both list the same next moves.

    *applied* is asked the way a game loop asks (:func:`to_move`, then the legal actions,
    which may reuse what :func:`to_move` worked out), *stepped* cold in the other order.
    """
    if stepped != applied:
        raise _fail(f"step(s, {action!r}).state != apply(s, {action!r}) at {applied.phase}")
    mover = to_move(applied)
    legal = legal_actions(applied)
    outcomes = chance_outcomes(applied)
    cold_legal = legal_actions(stepped)
    cold_outcomes = chance_outcomes(stepped)
    if to_move(stepped) != mover:
        raise _fail(f"after {action!r}, step's and apply's states have different movers")
    if cold_legal != legal:
        raise _fail(f"after {action!r}: legal actions {cold_legal} (step) != {legal} (apply)")
    if cold_outcomes != outcomes:
        raise _fail(f"after {action!r}, step's and apply's states list other chance outcomes")


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
