"""Actions: the core ones and the open :class:`Action` base that modules subclass.

Every action is a small frozen value with a stable :attr:`Action.kind` tag (used in JSON;
never the class name). Chance outcomes (:class:`Roll`, :class:`Draw`) are actions too: a
game is its config plus its action list.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from .types import GROUPS, Face, Money

__all__ = ["Action", "Draw", "Place", "Roll"]


@attrs.frozen
class Action:
    """Base class of every action; modules subclass it for their own decisions.

    A subclass sets the class variable :attr:`kind`, unique across the library and every
    module in a config, and is itself an ``attrs.frozen`` class.
    """

    kind: ClassVar[str] = "action"
    """The stable tag of the action type in JSON and logs."""

    def canonical(self) -> Action:
        """The accepted spelling of this action: an equivalent spelling (a card selection in
        another order, ``Place(4, target=4)``) gives the form the legal actions list; the
        engine tries it when the action as given is not legal. Most actions have one
        spelling and return themselves.

        >>> Place(4, target=4).canonical()
        Place(face=4)
        >>> Place(4).canonical()
        Place(face=4)
        """
        return self


@attrs.frozen(repr=False)
class Roll(Action):
    """Chance: the faces one group of the active seat's dice show (one chance node per group).

    >>> Roll((1, 3, 3, 6))
    Roll(faces=(1, 3, 3, 6))
    >>> Roll((2, 5), group="neutral")
    Roll(faces=(2, 5), group='neutral')
    """

    kind: ClassVar[str] = "roll"
    faces: tuple[Face, ...]
    """The sorted faces of the group, one entry per die."""
    group: str = "regular"
    """Which group of dice was rolled: one of :data:`lasvegas.types.GROUPS` or ``"black"``."""

    def __repr__(self) -> str:
        if self.group == GROUPS[0]:
            return f"Roll(faces={self.faces!r})"
        return f"Roll(faces={self.faces!r}, group={self.group!r})"


@attrs.frozen(repr=False)
class Draw(Action):
    """Chance: the next banknote (or money card) drawn from the top of the pile.

    >>> Draw(60_000)
    Draw(value=60000)
    """

    kind: ClassVar[str] = "draw"
    value: Money
    """The value of the note drawn."""

    def __repr__(self) -> str:
        return f"Draw(value={self.value!r})"


@attrs.frozen(repr=False)
class Place(Action):
    """Place every rolled die showing :attr:`face` at the casino of that face (C-8).

    >>> Place(4)
    Place(face=4)
    >>> Place(4, target=7)
    Place(face=4, target=7)
    """

    kind: ClassVar[str] = "place"
    face: Face
    """The face chosen; all dice showing it are placed (own and neutral, C-20)."""
    target: int | None = None
    """Another casino to place on instead, where a module allows it (the slot machine, B-7)."""

    def __repr__(self) -> str:
        if self.target is None:
            return f"Place(face={self.face!r})"
        return f"Place(face={self.face!r}, target={self.target!r})"

    def canonical(self) -> Action:
        """``Place(f, target=f)`` is ``Place(f)``: the dice go to the casino of their face."""
        if self.target is not None and self.target == self.face:
            return Place(self.face)
        return self
