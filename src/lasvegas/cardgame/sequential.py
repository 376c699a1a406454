"""``Sequential``: the card game's variation with turns one after another (K-12).

Players do not choose at the same time: from the round's start player clockwise, each seat
still in the round chooses its cards by the same selection criteria (K-5), places them at
once (they are public from that moment, and chip cards are taken at once, K-14), discards the
rest of its hand and draws 5 new cards, which ends its turn. A seat with 8 or more cards
placed at the end of its own turn is out for the rest of the round (K-7). The start player
passes to the left each round, as in the simultaneous game (K-17).

The module has no hooks of its own: :class:`~lasvegas.cardgame.CardGame` checks whether it is
in play (:func:`~lasvegas.cardgame.game.is_sequential`) when a seat has chosen, and then
reveals that choice at once instead of waiting for every seat (K-13).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..modules.base import RuleModule

__all__ = ["Sequential"]


@attrs.frozen
class Sequential(RuleModule):
    """The sequential variation of the card game (K-12): seats choose and place in turn.

    >>> import lasvegas as lv
    >>> config = lv.cardgame(3, lv.Sequential())
    >>> [m.id for m in config.modules]
    ['cardgame', 'sequential']
    >>> lv.classic(3, lv.Sequential())
    Traceback (most recent call last):
    ...
    lasvegas.errors.ConfigError: module sequential does not apply to the classic edition
    """

    id: ClassVar[str] = "sequential"
    order: ClassVar[int] = 30
    editions: ClassVar[frozenset[str]] = frozenset({"cardgame"})
    requires: ClassVar[frozenset[str]] = frozenset({"cardgame"})
