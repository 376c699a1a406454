"""``RandomAgent``: picks uniformly among the legal actions."""

from __future__ import annotations

from ..actions import Action
from ..view import PlayerView
from .base import BaseAgent

__all__ = ["RandomAgent"]


class RandomAgent(BaseAgent):
    """Picks one of the legal actions uniformly at random (with its own seeded generator).

    It judges nothing, so it plays every edition and module, and is the baseline the other
    agents are measured against.

    >>> import lasvegas as lv
    >>> view = lv.observe(lv.new_game(lv.classic(2)), 0)
    >>> legal = (lv.Place(1), lv.Place(4), lv.Place(6))
    >>> RandomAgent(seed=5).choose(view, legal) in legal
    True
    >>> RandomAgent(seed=5).choose(view, legal) == RandomAgent(seed=5).choose(view, legal)
    True
    """

    name = "random"

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        """A uniformly random legal action."""
        if not legal:
            raise ValueError("choose() needs at least one legal action")
        return legal[self.rng.below(len(legal))]
