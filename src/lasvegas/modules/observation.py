"""What a module gives the observers of a game: its part of the observation vector, and its
determiniser.

Both are declared in a module's :class:`~lasvegas.Capabilities` and both work from a
:class:`~lasvegas.PlayerView`, so they are written against the view's type only; this
module holds their types, and nothing here imports the views or the adapters at run
time. The rule modules build on it, the views and the adapters read it: the module
protocol (:class:`~lasvegas.RuleModule`, in ``lasvegas.modules.base``) names no adapter and
no view.

* :data:`SliceEncoder`: ``(config, index) -> [(segment, fill), ...]``, the module's
  :class:`Segment` objects of the reinforcement-learning adapters' observation vector
  (:class:`lasvegas.adapters.encoding.ObservationEncoder`), each with the :data:`SegmentFill` that
  computes its values from a view, seen from a :class:`Perspective`;
* :data:`Determiniser`: ``(state, index, view, rng) -> state``, the module's hidden part
  drawn again in a state rebuilt from a view (:func:`lasvegas.agents.determinise`).

:func:`one_hot`, :func:`counts`, :func:`indexed_counts` and :func:`slice_field` are the small
helpers every slice encoder of the library is written with. Each edition keeps its own
encoders in its own package (``lasvegas.royale.encoding``, ``lasvegas.cardgame.encoding``,
``lasvegas.boulevard.encoding``); the core's segments are the adapters'.

>>> import lasvegas as lv
>>> from lasvegas.adapters.encoding import observation_encoder
>>> segment = observation_encoder(lv.royale(3)).segment("royale.chips")
>>> segment.shape, segment.meaning
((3,), 'chips per seat')
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeAlias

import attrs

from ..chance import Rng
from ..config import GameConfig
from ..state import State
from ..types import Seat

if TYPE_CHECKING:
    from ..view import PlayerView  # named as a string below: the views are not imported

__all__ = [
    "MONEY_UNIT",
    "Determiniser",
    "Perspective",
    "Segment",
    "SegmentFill",
    "SliceEncoder",
    "counts",
    "indexed_counts",
    "one_hot",
    "slice_field",
]

MONEY_UNIT = 10_000
"""Money in the observation vector is in units of this many dollars."""


@attrs.frozen
class Segment:
    """One named part of the observation vector.

    >>> Segment("rolled", (4, 6), 8.0, "rolled dice per group and face").size
    24
    """

    name: str
    """The segment's name (``"casino_dice"``, ``"cardgame.hand"`` ...)."""
    shape: tuple[int, ...]
    """Its shape; the values are stored flat, row-major."""
    high: float
    """The upper bound of every value (the lower bound is 0)."""
    meaning: str
    """What the values are, in words."""
    offset: int = 0
    """Where the segment starts in the vector (set by the encoder)."""

    @property
    def size(self) -> int:
        """How many values the segment holds.

        >>> Segment("pile", (1,), 54.0, "notes left").size
        1
        """
        return math.prod(self.shape)


@attrs.frozen
class Perspective:
    """The seat a vector is built for, and the relative order of seats and owners.

    >>> p = Perspective(seat=2, players=3, owners=4)
    >>> p.seats, p.owner_order, p.relative(0)
    ((2, 0, 1), (2, 0, 1, 3), 1)
    """

    seat: Seat | None
    """The viewer (``None``: a spectator, seen as seat 0 with no private things)."""
    players: int
    """Number of seats."""
    owners: int
    """Seats plus imaginary owners."""

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in relative order: the viewer first, then clockwise."""
        first = self.seat or 0
        return tuple((first + r) % self.players for r in range(self.players))

    @property
    def owner_order(self) -> tuple[int, ...]:
        """The owners in relative order: the seats, then the imaginary owners."""
        return (*self.seats, *range(self.players, self.owners))

    def relative(self, seat: Seat) -> int:
        """The relative index of *seat* (0: the viewer)."""
        return (seat - (self.seat or 0)) % self.players


SegmentFill: TypeAlias = Callable[["PlayerView", Perspective], Sequence[float]]
"""Computes one segment's values (flat) from a view."""

SliceEncoder: TypeAlias = Callable[[GameConfig, int], list[tuple[Segment, SegmentFill]]]
"""Builds the segments of module ``config.modules[index]``: ``(segment, fill)`` pairs. A
module declares its own as :attr:`lasvegas.Capabilities.slice_encoder`."""

Determiniser: TypeAlias = Callable[[State, int, "PlayerView", Rng], State]
"""``(state, index, view, rng) -> state``: completes module *index*'s hidden part (what a
module declares as :attr:`lasvegas.Capabilities.determinise`)."""


def one_hot(size: int, index: int | None) -> list[float]:
    """*size* zeros with a 1 at *index* (none when *index* is ``None`` or out of range).

    >>> one_hot(4, 1), one_hot(2, None)
    ([0.0, 1.0, 0.0, 0.0], [0.0, 0.0])
    """
    values = [0.0] * size
    if index is not None and 0 <= index < size:
        values[index] = 1.0
    return values


def counts(items: Sequence[object], keys: Sequence[object]) -> list[float]:
    """How many of *items* equal each of *keys*, in the keys' order.

    >>> counts((3, 1, 3), range(1, 5))
    [1.0, 0.0, 2.0, 0.0]
    """
    if not items:
        return [0.0] * len(keys)
    found = Counter(items)
    return [float(found[k]) for k in keys]


def indexed_counts(keys: Sequence[object]) -> Callable[[Sequence[object]], list[float]]:
    """:func:`counts` for fixed *keys*, by index (cheaper than a ``Counter``).

    >>> indexed_counts("ab")("abba")
    [2.0, 2.0]
    """
    where = {k: i for i, k in enumerate(keys)}
    size = len(keys)

    def count(items: Sequence[object]) -> list[float]:
        values = [0.0] * size
        for item in items:
            i = where.get(item)
            if i is not None:
                values[i] += 1.0
        return values

    return count


def slice_field(view: PlayerView, index: int, name: str) -> object:
    """The field *name* of module *index*'s slice as *view* shows it (``None`` while the
    slice is ``None``).

    >>> import lasvegas as lv
    >>> view = lv.observe(lv.new_game(lv.classic(2, lv.Kickers())), 0)
    >>> slice_field(view, 0, "out")
    (0, 0)
    """
    part = view.modules[index]
    return getattr(part, name) if part is not None else None
