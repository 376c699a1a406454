"""The agent protocol, and the base class of the library's agents.

An agent is any object with ``choose(view, legal) -> action``: it is given only the
seat's :class:`~lasvegas.PlayerView` (:func:`lasvegas.observe`) and the legal actions, so
it never sees hidden information. The view carries the game's config (public: edition,
seats, modules), which is all an agent needs to know about the game.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..actions import Action
from ..chance import Rng
from ..view import PlayerView

__all__ = ["Agent", "BaseAgent", "as_rng"]


@runtime_checkable
class Agent(Protocol):
    """Anything that picks one of the legal actions from what its seat may see.

    >>> from lasvegas.agents import RandomAgent
    >>> isinstance(RandomAgent(seed=1), Agent)
    True
    """

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """One of *legal*, chosen from *view* (the state as the seat to move sees it)."""
        ...


def as_rng(seed: int | Rng) -> Rng:
    """An :class:`~lasvegas.Rng` from a seed, or the generator itself.

    >>> import lasvegas as lv
    >>> rng = lv.Rng(3)
    >>> as_rng(rng) is rng, as_rng(3).next_u64() == lv.Rng(3).next_u64()
    (True, True)
    """
    return seed if isinstance(seed, Rng) else Rng(seed)


class BaseAgent:
    """What the library's agents share: a seeded generator and a name.

    Subclasses implement :meth:`choose`. The same seed gives the same decisions, game after
    game, on every platform.

    Args:
        seed: An int or an :class:`~lasvegas.Rng` (used as is, not copied).
    """

    name: str = "agent"
    """A short name, used in tables and logs."""

    def __init__(self, seed: int | Rng = 0) -> None:
        self.rng: Rng = as_rng(seed)
        """The agent's own generator: its decisions draw from it and from nothing else."""

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """One of *legal*; subclasses decide how."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
