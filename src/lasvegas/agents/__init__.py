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
    "AGENT_OPTIONS",
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


AGENT_OPTIONS: dict[str, dict[str, tuple[type[int] | type[float], float, float]]] = {
    "random": {},
    "greedy": {"exact_dice": (int, 0, 8)},
    "search": {
        "playouts": (int, 1, 10_000),
        "time_limit": (float, 0.001, 60.0),
        "worlds": (int, 1, 1_000),
    },
}
"""The options :func:`make_agent` accepts for each agent, as ``(type, least, most)``.

The bounds keep one decision's work and memory bounded whatever the spec (a spec may come
from a config file or a server operator): at most 10,000 playouts (a few seconds per
decision in Royale on one core), at most 60 seconds of thinking, at most 1,000
determinised states, and an exact endgame of at most 8 dice (a seat's own dice).
The agents' constructors themselves take any value."""


def make_agent(spec: str, seed: int | Rng = 0) -> BaseAgent:
    """An agent from a spec: a name from :data:`AGENTS`, optionally with integer or float
    options after a colon (``"search:playouts=200"``, ``"search:time_limit=0.2"``).

    Only the options of :data:`AGENT_OPTIONS` are read, each within its bounds:

    * ``greedy``: ``exact_dice`` 0 to 8;
    * ``search``: ``playouts`` 1 to 10,000, ``time_limit`` 0.001 to 60 (seconds),
      ``worlds`` 1 to 1,000;
    * ``random``: none.

    Anything else (an unknown agent or option, an option given twice, a value that is not
    a number of the option's type or is out of its bounds) raises ``ValueError`` naming it.

    >>> make_agent("search:playouts=50", seed=1).playouts
    50
    >>> make_agent("robot")
    Traceback (most recent call last):
    ...
    ValueError: unknown agent 'robot' (known: greedy, random, search)
    >>> make_agent("search:playouts=100000")
    Traceback (most recent call last):
    ...
    ValueError: agent 'search:playouts=100000': playouts must be 1 to 10000, not 100000
    """
    name, _, rest = spec.partition(":")
    name = name.strip()
    factory = AGENTS.get(name)
    if factory is None:
        raise ValueError(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))})")
    known = AGENT_OPTIONS.get(name)
    options: dict[str, int | float] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq:
            raise ValueError(f"agent option {item!r}: write key=value")
        number: int | float
        try:
            number = int(value)
        except ValueError:
            try:
                number = float(value)
            except ValueError:
                raise ValueError(f"agent option {item!r}: the value must be a number") from None
        if known is None:  # an agent added to AGENTS without bounds: its constructor decides
            options[key] = number
            continue
        if key not in known:
            takes = ", ".join(sorted(known)) or "none"
            raise ValueError(f"agent {spec!r}: unknown option {key!r} ({name} takes {takes})")
        if key in options:
            raise ValueError(f"agent {spec!r}: option {key!r} given twice")
        kind, least, most = known[key]
        if kind is int and not isinstance(number, int):
            raise ValueError(f"agent {spec!r}: {key} must be a whole number, not {value.strip()}")
        if not least <= number <= most:  # also refuses nan
            bounds = f"{least:g} to {most:g}" if kind is float else f"{least:.0f} to {most:.0f}"
            raise ValueError(f"agent {spec!r}: {key} must be {bounds}, not {value.strip()}")
        options[key] = kind(number)
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
