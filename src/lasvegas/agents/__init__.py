"""Computer players: one protocol, three agents, and a loop that plays them.

* :class:`Agent`: anything with ``choose(view, legal) -> action``; it gets only its seat's
  :class:`~lasvegas.PlayerView` and the legal actions, never the state.
* :class:`RandomAgent`: uniformly random legal actions (the baseline).
* :class:`GreedyAgent`: a one-step heuristic, the money each placement promises.
* :class:`SearchAgent`: Monte Carlo search over chance from determinised states.

Every agent is seeded and deterministic for its seed (:class:`SearchAgent` with a playout
budget; a time budget depends on the machine). Decisions an agent cannot judge (tiles,
card-game plays, module decisions it does not know) fall back to a random legal action.

>>> import lasvegas as lv
>>> from lasvegas.agents import GreedyAgent, RandomAgent, play_game
>>> state, actions = play_game(lv.classic(2), [GreedyAgent(1), RandomAgent(2)], lv.Rng(3))
>>> lv.to_move(state) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..actions import Action
from ..chance import Rng
from ..config import GameConfig
from ..engine import (
    Step,
    apply,
    legal_actions,
    new_game,
    play_chance,
    sample_chance,
    step,
    to_move,
)
from ..state import State
from ..types import CHANCE
from ..view import observe
from .base import Agent, BaseAgent, as_rng
from .determinise import Determiniser, consistent, determinise, hides
from .greedy import GreedyAgent
from .random_agent import RandomAgent
from .search import SearchAgent

__all__ = [
    "AGENTS",
    "Agent",
    "BaseAgent",
    "Determiniser",
    "GreedyAgent",
    "RandomAgent",
    "SearchAgent",
    "as_rng",
    "consistent",
    "determinise",
    "hides",
    "make_agent",
    "play_game",
]

AGENTS: dict[str, Callable[..., BaseAgent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "search": SearchAgent,
}
"""The library's agents by name (as the command line knows them)."""


def make_agent(spec: str, seed: int | Rng = 0) -> BaseAgent:
    """An agent from a spec: a name from :data:`AGENTS`, optionally with integer or float
    options after a colon (``"search:playouts=200"``, ``"search:time_limit=0.2"``).

    >>> make_agent("search:playouts=50", seed=1).playouts
    50
    >>> make_agent("robot")
    Traceback (most recent call last):
    ...
    ValueError: unknown agent 'robot' (known: greedy, random, search)
    """
    name, _, rest = spec.partition(":")
    factory = AGENTS.get(name.strip())
    if factory is None:
        raise ValueError(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))})")
    options: dict[str, int | float] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"agent option {item!r}: write key=value")
        try:
            options[key.strip()] = int(value)
        except ValueError:
            try:
                options[key.strip()] = float(value)
            except ValueError:
                raise ValueError(f"agent option {item!r}: the value must be a number") from None
    try:
        return factory(seed, **options)
    except TypeError as exc:
        raise ValueError(f"agent {spec!r}: {exc}") from None


def play_game(
    config: GameConfig,
    agents: Sequence[Agent],
    rng: Rng | int,
    *,
    on_step: Callable[[State, Action, Step], None] | None = None,
) -> tuple[State, tuple[Action, ...]]:
    """Play a whole game: *agents[seat]* decides for each seat, *rng* rolls and draws.

    Each agent sees only :func:`lasvegas.observe` of its seat. With *on_step*, every action is applied with
    :func:`lasvegas.step` and ``on_step(state_before, action, step)`` is called, for logs.
    Returns the final state and every action (chance included): the game's record.

    >>> import lasvegas as lv
    >>> agents = [RandomAgent(seed) for seed in range(3)]
    >>> state, actions = play_game(lv.classic(3), agents, lv.Rng(7))
    >>> lv.standings(state).winners != ()
    True
    """
    if len(agents) != config.players:
        raise ValueError(f"{config.players} seats need {config.players} agents, not {len(agents)}")
    chance = as_rng(rng)
    state = new_game(config)
    actions: list[Action] = []
    while True:
        mover = to_move(state)
        if mover is None:
            return state, tuple(actions)
        if mover is CHANCE and on_step is None:  # every chance node to the next decision
            run = play_chance(state, chance)
            actions += run.actions
            state = run.state
            continue
        if mover is CHANCE:
            action = sample_chance(state, chance)
        else:
            legal = legal_actions(state)
            action = agents[mover].choose(observe(state, mover), legal)
        actions.append(action)
        if on_step is None:
            state = apply(state, action)
        else:
            result = step(state, action)
            on_step(state, action, result)
            state = result.state
