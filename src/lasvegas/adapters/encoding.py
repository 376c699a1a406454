"""The observation vector of the RL adapters: fixed-size numbers built from a :class:`~lasvegas.PlayerView`.

:func:`observation_encoder` gives, for a config, an :class:`ObservationEncoder` whose
:meth:`~ObservationEncoder.encode` turns one seat's view into a flat list of floats. It reads
the view and nothing else, so it cannot leak what the seat may not see. Both adapters use it:
PettingZoo's ``"observation"`` and OpenSpiel's observation tensor are this vector.

The layout is a sequence of named :class:`~lasvegas.modules.observation.Segment` objects
(``encoder.segments``, each with
its offset, shape, upper bound and meaning; every lower bound is 0). Conventions:

* **seats are relative**: index 0 is the viewer, 1 the seat to its left, and so on; the
  imaginary owners (neutral dice, ...) follow the seats in the config's order. A vector
  therefore means the same thing whichever seat one plays;
* **money** is in units of $10,000 (a $90,000 note is ``9.0``);
* **counts** are plain numbers (dice, notes, cards); one-hot segments hold a single 1.

The segments, in order:

=======================  ======================  ==========================================
segment                  shape                   meaning
=======================  ======================  ==========================================
``round``                (rounds,)               the current round, one-hot
``phase``                (8,)                    the :class:`~lasvegas.Phase`, one-hot
``to_move``              (players + 2,)          who acts: a relative seat, chance, or over
``active``               (players,)              the seat whose turn it is, one-hot
``start``                (players,)              the round's start player, one-hot
``rolled``               (4, 6)                  the active seat's rolled dice: per group
                                                 (regular, big, kicker, neutral), per face
``supply``               (players, 4)            dice each seat still holds, per group
``casino_dice``          (casinos, owners, 2)    dice per casino per owner: plain, big
``casino_notes``         (casinos, K)            each casino's notes, highest first, padded
                                                 with 0 (K: the most a casino can draw)
``casino_note_count``    (casinos,)              how many notes lie at each casino
``pile``                 (1,)                    notes left in the pile
``money``                (players,)              each seat's money (0 when hidden, C-23)
``notes_won``            (players,)              each seat's number of notes (0 when hidden)
``money_known``          (players,)              1 where the money is shown, 0 where hidden
``task``                 (task kinds + 2,)       the first pending task's kind, one-hot
                                                 (then "another kind", then "no task")
modules' segments        see below               one group per module that has a slice
=======================  ======================  ==========================================

Module segments (named ``"<module id>.<part>"``): the card game (turn, the viewer's hand,
draw pile, discards and own choice by card code, each seat's visible choice, per seat the
sizes of hand, draw pile and discards, whether it has chosen and whether it is out, the box),
chip cards (pile size, chips by colour at each casino and per seat), Royale (chips per
seat, the bank's size and total, who took the higher card at each casino), kickers (dice out
of play per owner), the slot machine (faces used, dice there per owner and face), rainbow
cards (how many were discarded). Each edition's segments are written in its own package
(:mod:`lasvegas.cardgame.encoding`, :mod:`lasvegas.royale.encoding`,
:mod:`lasvegas.boulevard.encoding`), against the slice-encoder protocol of
:mod:`lasvegas.modules.observation`; this module holds the core's segments and puts the
vector together. Any other module with a slice (each Royale tile, modules written outside
the package) gets an ``in_play`` flag, plus the casino it lies at, one-hot, when its slice
has a ``casino`` field; a module declares a richer encoding of its own as
:attr:`lasvegas.Capabilities.slice_encoder` (a
:data:`~lasvegas.modules.observation.SliceEncoder`).

Values above a segment's bound are clipped to it (the bounds are loose: clipping only
happens in configurations the bounds did not foresee, such as a module adding more notes to
a casino than K).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import attrs

from ..config import GameConfig
from ..modules.base import RuleModule
from ..modules.observation import MONEY_UNIT, Perspective, Segment, SegmentFill, counts, one_hot
from ..state import Phase
from ..types import CHANCE
from ..view import PlayerView

if TYPE_CHECKING:
    import numpy
    import numpy.typing

    Vector: TypeAlias = numpy.typing.NDArray[numpy.float32]
    """A numpy ``float32`` vector."""

__all__ = ["ObservationEncoder", "observation_encoder"]

_PHASES = tuple(Phase)


class ObservationEncoder:
    """The observation vector of one config (build it with :func:`observation_encoder`).

    >>> import lasvegas as lv
    >>> encoder = observation_encoder(lv.classic(3))
    >>> [s.name for s in encoder.segments][:4], encoder.size
    (['round', 'phase', 'to_move', 'active'], 143)
    >>> vector = encoder.encode(lv.observe(lv.new_game(lv.classic(3)), 1))
    >>> len(vector), vector[encoder.segment("pile").offset]
    (143, 54.0)
    """

    __slots__ = ("_fills", "_high", "_spans", "config", "segments", "size")

    config: GameConfig
    """The config the vector is for."""
    segments: tuple[Segment, ...]
    """The layout, in order, with offsets."""
    size: int
    """The vector's length."""

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        parts = _core_segments(config)
        for index, module in enumerate(config.modules):
            encoder = config.ruleset.capabilities[index].slice_encoder
            if encoder is not None:
                parts += encoder(config, index)
            elif module.state_type is not None:
                parts += _fallback(config, index, module)
        offset = 0
        segments: list[Segment] = []
        for segment, _ in parts:
            segments.append(attrs.evolve(segment, offset=offset))
            offset += segment.size
        self.segments = tuple(segments)
        self.size = offset
        self._fills = tuple(fill for _, fill in parts)
        self._spans = tuple(
            (s.name, s.offset, s.offset + s.size, s.high, fill)
            for s, fill in zip(self.segments, self._fills, strict=True)
        )
        self._high: Vector | None = None  # the bounds as a numpy array, built on first use

    def segment(self, name: str) -> Segment:
        """The segment called *name*; ``KeyError`` if there is none.

        >>> import lasvegas as lv
        >>> observation_encoder(lv.classic(2)).segment("round").shape
        (4,)
        """
        for segment in self.segments:
            if segment.name == name:
                return segment
        raise KeyError(name)

    def high(self) -> list[float]:
        """The upper bound of every value (every lower bound is 0).

        >>> import lasvegas as lv
        >>> observation_encoder(lv.classic(2)).high()[:3]
        [1.0, 1.0, 1.0]
        """
        bounds: list[float] = []
        for segment in self.segments:
            bounds += [segment.high] * segment.size
        return bounds

    def encode(self, view: PlayerView) -> list[float]:
        """The vector of *view*, clipped to ``[0, high]``.

        >>> import lasvegas as lv
        >>> encoder = observation_encoder(lv.classic(2))
        >>> vector = encoder.encode(lv.observe(lv.new_game(lv.classic(2)), 0))
        >>> vector[encoder.segment("round").offset]
        1.0
        """
        perspective = self._perspective(view)
        vector: list[float] = []
        for name, start, stop, high, fill in self._spans:
            values = fill(view, perspective)
            if len(values) != stop - start:
                raise ValueError(f"segment {name} got {len(values)} values")
            vector += [v if 0.0 <= v <= high else (0.0 if v < 0.0 else high) for v in values]
        return vector

    def encode_array(self, view: PlayerView, out: Vector | None = None) -> Vector:
        """:meth:`encode` as a numpy ``float32`` array (needs numpy, which both RL extras
        install), written into *out* when given (a ``float32`` array of :attr:`size`).

        The values are gathered unclipped and clipped once, by numpy, instead of one by one
        in Python: the adapters build their observations with it.

        >>> import lasvegas as lv
        >>> encoder = observation_encoder(lv.cardgame(3))
        >>> view = lv.observe(lv.new_game(lv.cardgame(3)), 0)
        >>> array = encoder.encode_array(view)
        >>> str(array.dtype), array.tolist() == encoder.encode(view)
        ('float32', True)
        """
        import numpy as np

        perspective = self._perspective(view)
        vector: list[float] = []
        for name, start, stop, _, fill in self._spans:
            values = fill(view, perspective)
            if len(values) != stop - start:
                raise ValueError(f"segment {name} got {len(values)} values")
            vector += values
        high = self._high
        if high is None:
            high = self._high = np.asarray(self.high(), dtype=np.float32)
        array: Vector = np.asarray(vector, dtype=np.float32)
        np.minimum(np.maximum(array, 0.0, out=array), high, out=array)
        if out is None:
            return array
        out[:] = array
        return out

    def _perspective(self, view: PlayerView) -> Perspective:
        if view.config is not self.config and view.config != self.config:
            raise ValueError("the view is of another config than the encoder's")
        return Perspective(view.seat, view.players, self.config.ruleset.owners)

    def layout(self) -> str:
        """The layout as text: one line per segment (offset, name, shape, meaning).

        >>> import lasvegas as lv
        >>> print(observation_encoder(lv.classic(2)).layout().splitlines()[0])
        0 round (4,): the current round, one-hot
        """
        return "\n".join(f"{s.offset} {s.name} {s.shape}: {s.meaning}" for s in self.segments)


def observation_encoder(config: GameConfig) -> ObservationEncoder:
    """The :class:`ObservationEncoder` of *config*, built once and kept with the config
    (:meth:`~lasvegas.GameConfig.cached`).

    >>> import lasvegas as lv
    >>> config = lv.classic(4)
    >>> observation_encoder(config) is observation_encoder(config)
    True
    """
    return config.cached(ObservationEncoder)


# -- the core table ---------------------------------------------------------------------------


def _core_segments(config: GameConfig) -> list[tuple[Segment, SegmentFill]]:
    ruleset = config.ruleset
    params = ruleset.params
    n = config.players
    owners = ruleset.owners
    casinos = params.casinos
    dice_high = float(max(1, *params.owned))
    owner_high = float(max(8, sum(params.owned)) * n)
    positive = [v for v in params.notes if v > 0]
    smallest = min(positive) if positive else MONEY_UNIT
    per_casino = max(2, -(-(params.minimum or 0) // smallest))  # None: no minimum rule
    note_high = max(1.0, max(params.notes, default=0) / MONEY_UNIT)
    money_high = max(1.0, sum(params.notes) / MONEY_UNIT)
    count_high = float(max(1, len(params.notes)))
    kinds: list[tuple[str, str]] = []
    for module in config.modules:
        for task_type in module.tasks:
            if (module.id, task_type.kind) not in kinds:
                kinds.append((module.id, task_type.kind))

    def round_(view: PlayerView, p: Perspective) -> list[float]:
        return one_hot(view.rounds, view.round - 1)

    def phase(view: PlayerView, p: Perspective) -> list[float]:
        return one_hot(len(_PHASES), _PHASES.index(view.phase))

    def to_move(view: PlayerView, p: Perspective) -> list[float]:
        mover = view.to_move
        if mover is None:
            return one_hot(n + 2, n + 1)
        if mover is CHANCE:
            return one_hot(n + 2, n)
        return one_hot(n + 2, p.relative(mover))

    def active(view: PlayerView, p: Perspective) -> list[float]:
        return one_hot(n, p.relative(view.active))

    def start(view: PlayerView, p: Perspective) -> list[float]:
        return one_hot(n, p.relative(view.start))

    def rolled(view: PlayerView, p: Perspective) -> list[float]:
        values: list[float] = []
        for faces in view.rolled:
            values += counts(faces, range(1, 7))
        return values

    def supply(view: PlayerView, p: Perspective) -> list[float]:
        return [float(k) for seat in p.seats for k in view.supply[seat]]

    def casino_dice(view: PlayerView, p: Perspective) -> list[float]:
        order = p.owner_order
        values: list[float] = []
        for casino in view.casinos:
            for owner in order:
                values += [float(casino.dice[owner]), float(casino.big[owner])]
        return values

    def casino_notes(view: PlayerView, p: Perspective) -> list[float]:
        values: list[float] = []
        for casino in view.casinos:
            notes = [v / MONEY_UNIT for v in casino.notes[:per_casino]]
            values += notes + [0.0] * (per_casino - len(notes))
        return values

    def note_count(view: PlayerView, p: Perspective) -> list[float]:
        return [float(len(casino.notes)) for casino in view.casinos]

    def pile(view: PlayerView, p: Perspective) -> list[float]:
        return [float(view.pile_size)]

    def money(view: PlayerView, p: Perspective) -> list[float]:
        return [(view.money[s] or 0) / MONEY_UNIT for s in p.seats]

    def notes_won(view: PlayerView, p: Perspective) -> list[float]:
        return [float(view.notes[s] or 0) for s in p.seats]

    def money_known(view: PlayerView, p: Perspective) -> list[float]:
        return [0.0 if view.money[s] is None else 1.0 for s in p.seats]

    def task(view: PlayerView, p: Perspective) -> list[float]:
        if not view.tasks:
            return one_hot(len(kinds) + 2, len(kinds) + 1)
        first = view.tasks[0]
        key = (first.module, first.kind)
        return one_hot(len(kinds) + 2, kinds.index(key) if key in kinds else len(kinds))

    return [
        (Segment("round", (params.rounds,), 1.0, "the current round, one-hot"), round_),
        (Segment("phase", (len(_PHASES),), 1.0, "the phase, one-hot"), phase),
        (
            Segment("to_move", (n + 2,), 1.0, "who acts: a relative seat, chance, or over"),
            to_move,
        ),
        (Segment("active", (n,), 1.0, "the seat whose turn it is, one-hot"), active),
        (Segment("start", (n,), 1.0, "the round's start player, one-hot"), start),
        (
            Segment("rolled", (4, 6), dice_high, "the rolled dice per group and face"),
            rolled,
        ),
        (Segment("supply", (n, 4), dice_high, "dice each seat holds, per group"), supply),
        (
            Segment(
                "casino_dice",
                (casinos, owners, 2),
                owner_high,
                "dice per casino per owner: plain, big",
            ),
            casino_dice,
        ),
        (
            Segment(
                "casino_notes",
                (casinos, per_casino),
                note_high,
                "each casino's notes, highest first, padded with 0 ($10,000 units)",
            ),
            casino_notes,
        ),
        (
            Segment("casino_note_count", (casinos,), count_high, "notes at each casino"),
            note_count,
        ),
        (Segment("pile", (1,), count_high, "notes left in the pile"), pile),
        (
            Segment("money", (n,), money_high, "each seat's money (0 when hidden)"),
            money,
        ),
        (
            Segment("notes_won", (n,), count_high, "each seat's notes (0 when hidden)"),
            notes_won,
        ),
        (
            Segment("money_known", (n,), 1.0, "1 where the seat's money is shown"),
            money_known,
        ),
        (
            Segment(
                "task",
                (len(kinds) + 2,),
                1.0,
                "the first pending task's kind, one-hot (then other kind, then none)",
            ),
            task,
        ),
    ]


# -- modules' slices -----------------------------------------------------------------------------


def _fallback(
    config: GameConfig, index: int, module: RuleModule
) -> list[tuple[Segment, SegmentFill]]:
    """An ``in_play`` flag, and the casino one-hot when the slice type has a ``casino`` field."""
    casinos = config.ruleset.params.casinos
    state_type = module.state_type
    located = (
        state_type is not None
        and attrs.has(state_type)
        and any(f.name == "casino" for f in attrs.fields(state_type))
    )

    def fill(view: PlayerView, p: Perspective) -> list[float]:
        part = view.modules[index]
        if part is None:
            return [0.0] * (1 + casinos) if located else [0.0]
        if not located:
            return [1.0]
        at = getattr(part, "casino", None)
        return [1.0, *one_hot(casinos, at - 1 if isinstance(at, int) else None)]

    shape = (1 + casinos,) if located else (1,)
    meaning = "in play, then its casino one-hot" if located else "in play"
    return [(Segment(f"{module.id}.in_play", shape, 1.0, meaning), fill)]
