"""The casino-tile protocol: the :class:`Tile` base class every Royale tile subclasses.

A tile is a rule module (one file under ``royale/tiles/``) in every Royale main-game config:
the 16 tiles form the pool, and each round's deal wakes the dealt ones ("modules that
sleep", DESIGN §3). The :class:`~lasvegas.royale.Royale` module owns the lifecycle and calls
a tile only while it is in play, at the right moment of the round:

==============================  ==============================================================
Tile method                     called by Royale
==============================  ==============================================================
:meth:`Tile.fresh`              when the tile is dealt to a casino: its slice for the round
:meth:`Tile.setup`              right after that (setup effects, e.g. blank dice; no tasks)
:meth:`Tile.activate`           dice placed at its casino by a seat's roll (T-3), Power Play's
                                rotated die (T-6), or My Choice (``placed`` is then ``None``)
:meth:`Tile.before_payout`      T-9 (1): casino by casino, each one after the previous one's
                                tasks are resolved
:meth:`Tile.during_payout`      T-9 (3): right after the core paid this tile's casino
:meth:`Tile.round_end`          T-9 (4): when the round ends (payments owed, cleanup; no tasks)
==============================  ==============================================================

While a tile sleeps its slice is ``None`` and Royale calls none of these. Decisions and chance
nodes of a tile are :class:`~lasvegas.modules.base.Task` subclasses it pushes; the engine
then asks the tile (``task_to_move``, ``task_actions``, ``task_chance``, ``task_sample``)
and hands the answer to :meth:`Tile.resolve` (never override ``perform``: the base class
resumes the end-of-round order after the tile's last task).

Helpers for tiles: :mod:`lasvegas.royale.table` (counting dice, T-11; moving dice with or
without activation, T-6; supplies, T-10; closed casinos, T-7; imaginary owners, T-8) and
:mod:`lasvegas.royale.bank` (chips, bank payments and rewards, T-1, T-1b, X-8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, final

import attrs

from ...engine import emit, set_slice
from ...errors import ConfigError
from ...events import DicePlaced, Event
from ...modules.base import ModuleState, RuleModule
from ...state import Phase
from ..components import FACES, face_name
from ..events import TileActivated
from ..state import RoyaleState, _new_royale, royale_index, royale_state

if TYPE_CHECKING:
    from ...actions import Action
    from ...config import GameConfig, Params
    from ...state import State
    from ...types import Seat

__all__ = [
    "Tile",
    "TileState",
    "activate_tile",
    "check_codes",
    "listeners",
    "resume",
    "tile_at",
]

_CODES = frozenset(code for code, _, _ in FACES)


@attrs.frozen
class TileState(ModuleState):
    """The slice of a tile in play; a sleeping tile's slice is ``None``.

    Tiles with more to remember subclass it (a counter, a token holder ...).

    >>> TileState(casino=2).casino
    2
    """

    kind: ClassVar[str] = "tile"
    casino: int
    """The casino the tile lies at this round (1 .. the number of tiles)."""


@attrs.frozen
class Tile(RuleModule):
    """Base class of the 16 casino tiles (T-3 to T-11 and each tile's own rules).

    A subclass sets :attr:`code` (the X-9 face code, such as ``"A2"``) and ``id`` (the
    module id, such as ``"jackpot"``), lists its task, action and slice types in ``tasks``,
    ``actions`` and ``state_type``, and overrides only the protocol methods it needs.

    >>> from lasvegas.royale.tiles import Jackpot
    >>> Jackpot().code, Jackpot().name, Jackpot.id
    ('A2', 'Jackpot', 'jackpot')
    """

    code: ClassVar[str] = ""
    """The face code (X-9): the physical tile's letter and the face's number."""
    owners: ClassVar[tuple[str, ...]] = ()
    """Imaginary owners the tile needs in every game it may be dealt in (``("blank",)``,
    T-8); added once to the config however many tiles ask for them."""
    order: ClassVar[int] = 50
    editions: ClassVar[frozenset[str]] = frozenset({"royale"})
    requires: ClassVar[frozenset[str]] = frozenset({"royale"})
    state_type: ClassVar[type[ModuleState] | None] = TileState
    sleeps: ClassVar[bool] = True
    """A tile sleeps while its slice is ``None``: the engine skips its reactions then."""
    listens: ClassVar[tuple[type[Event], ...]] = ()
    """Core events (``TurnStarted``, ``DicePlaced``) passed to :meth:`on_event` while the tile
    is in play, in module order, right after the :class:`~lasvegas.royale.Royale` module's
    own reaction. They are added to ``reacts_to``: as the tile :attr:`sleeps`, the engine
    calls no sleeping tile for them (nor builds the event when every listener sleeps)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if cls.code and cls.code not in _CODES:
            raise TypeError(f"{cls.__name__}.code {cls.code!r} is not a face code (X-9)")
        missing = tuple(kind for kind in cls.listens if kind not in cls.reacts_to)
        if missing:
            cls.reacts_to = (*cls.reacts_to, *missing)

    @property
    def name(self) -> str:
        """The printed name of the tile's face.

        >>> from lasvegas.royale.tiles import PayDay
        >>> PayDay().name
        'Pay Day'
        """
        return face_name(self.code)

    # -- config time ------------------------------------------------------------------------

    def configure(self, params: Params, players: int) -> Params:
        """Add the imaginary owners in :attr:`owners` that the config does not have yet."""
        missing = tuple(o for o in self.owners if o not in params.owners)
        if not missing:
            return params
        return attrs.evolve(params, owners=(*params.owners, *missing))

    def initial_state(self, players: int) -> ModuleState | None:
        """A tile sleeps until it is dealt: its slice starts as ``None``."""
        return None

    # -- the protocol (called by the Royale module while the tile is in play) ---------------

    def fresh(self, state: State, casino: int) -> TileState:
        """The tile's slice for a round in which it lies at *casino* (its setup, T-2).

        Override it to return a :class:`TileState` subclass with the tile's counters and
        tokens in their starting places.
        """
        return TileState(casino)

    def setup(self, state: State, index: int, casino: int, log: list[Event] | None) -> State:
        """The tile was dealt to *casino*: set its slice (:meth:`fresh`) and do its setup.

        Override it (calling ``super().setup``) for setup that changes the table, such as
        Handicap's blank dice. Setup must not push tasks.
        """
        return set_slice(state, index, self.fresh(state, casino))

    def activate(
        self,
        state: State,
        index: int,
        seat: Seat,
        log: list[Event] | None,
        placed: DicePlaced | None = None,
    ) -> State:
        """The tile's "when activated" effect for the active *seat* (T-3).

        *placed* is the placement that activated it, or ``None`` when another tile activated
        it (My Choice: "a tile that acts on placed dice then does nothing"). Push a task
        (``push_task(state, task, first=True)``) for anything that needs a decision or
        chance; the turn goes on once every task is resolved.
        """
        return state

    def before_payout(self, state: State, index: int, log: list[Event] | None) -> State:
        """The tile's "before payout" effect (T-9 (1)); may push tasks."""
        return state

    def during_payout(self, state: State, index: int, log: list[Event] | None) -> State:
        """The tile's "during payout" effect, right after its casino paid (T-9 (3)); may push
        tasks (the next casino pays once they are resolved)."""
        return state

    def round_end(self, state: State, index: int, log: list[Event] | None) -> State:
        """Payments owed "when the round ends" and cleanup (T-9 (4)); must not push tasks."""
        return state

    def resolve(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Apply *action*, the answer to the tile's first task (``state.tasks[0]``).

        A decision was checked against ``task_actions``; a chance outcome must be checked
        here (raise :class:`~lasvegas.errors.IllegalActionError`). Pop the task
        (``pop_task``) or replace it with the next one.
        """
        raise NotImplementedError(f"{type(self).__name__} has no tasks to resolve")

    # -- helpers ----------------------------------------------------------------------------

    def casino(self, state: State, index: int) -> int | None:
        """The casino this tile lies at this round, or ``None`` while it sleeps.

        >>> import lasvegas as lv
        >>> from lasvegas.royale.testing import setup_round
        >>> state = setup_round(lv.new_game(lv.royale(3, deal=("C2", "A2", "D1"))))
        >>> tiles = {m.code: i for i, m in enumerate(state.config.modules) if isinstance(m, Tile)}
        >>> jackpot, high_five = state.config.modules[tiles["A2"]], state.config.modules[tiles["C1"]]
        >>> jackpot.casino(state, tiles["A2"]), high_five.casino(state, tiles["C1"])
        (2, None)
        """
        value = state.modules[index]
        return value.casino if isinstance(value, TileState) else None

    # -- hooks the base class implements for every tile ---------------------------------------

    @final
    def perform(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Resolve the tile's task (:meth:`resolve`), then go on with the end-of-round order
        if this was the last task pending (T-9 (1))."""
        state = self.resolve(state, index, action, log)
        if not state.tasks and state.phase is Phase.PAYOUT:
            state = resume(state, log)
        return state

    def react(self, state: State, index: int, event: Event, log: list[Event] | None) -> State:
        """Core events in ``reacts_to`` reach :meth:`on_event` only while the tile is in play."""
        if state.modules[index] is None:
            return state
        return self.on_event(state, index, event, log)

    def on_event(self, state: State, index: int, event: Event, log: list[Event] | None) -> State:
        """A core event of a type in ``reacts_to`` while the tile is in play (rarely needed:
        the protocol methods above cover the tiles' timing)."""
        return state


def listeners(config: GameConfig) -> dict[type[Event], tuple[int, ...]]:
    """The module indexes of the config's tiles by the core event types in their
    :attr:`Tile.listens`, in module order (cached per config).

    >>> import lasvegas as lv
    >>> from lasvegas.events import TurnStarted
    >>> config = lv.royale(3)
    >>> [config.modules[j].id for j in listeners(config)[TurnStarted]]
    ['nice-dice', 'power-play']
    """
    cached = _LISTENERS.get(id(config))
    if cached is not None and cached[0] is config:
        return cached[1]
    found: dict[type[Event], list[int]] = {}
    for j, m in enumerate(config.modules):
        if isinstance(m, Tile):
            for kind in m.listens:
                found.setdefault(kind, []).append(j)
    table = {kind: tuple(js) for kind, js in found.items()}
    if len(_LISTENERS) >= 64:
        _LISTENERS.clear()
    _LISTENERS[id(config)] = (config, table)
    return table


_LISTENERS: dict[int, tuple[GameConfig, dict[type[Event], tuple[int, ...]]]] = {}
"""Listener tables already computed, by config (the config is kept, so its id stays its own)."""


def tile_at(state: State, casino: int) -> int | None:
    """The module index of the tile at *casino* this round, or ``None``.

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round
    >>> state = setup_round(lv.new_game(lv.royale(3, deal=("A2", "C1", "D1"))))
    >>> state.config.modules[tile_at(state, 1)].code, tile_at(state, 4)
    ('A2', None)
    """
    tiles = royale_state(state).tiles
    return tiles[casino - 1] if casino <= len(tiles) else None


def activate_tile(
    state: State,
    casino: int,
    seat: Seat,
    log: list[Event] | None,
    placed: DicePlaced | None = None,
) -> State:
    """Activate the tile at *casino* for *seat* (T-3); My Choice calls it with ``placed=None``.

    Emits :class:`~lasvegas.royale.events.TileActivated`. Imaginary owners never activate a
    tile (T-8); a casino without a tile does nothing.

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round
    >>> state = setup_round(lv.new_game(lv.royale(3, deal=("D1", "C1", "A2"))))
    >>> activate_tile(state, 1, 0, None).modules[0].chips  # Pay Day: no casino yet, nothing
    (2, 2, 2)
    """
    if not 0 <= seat < state.config.players:
        raise ValueError(f"owner {seat} is imaginary and activates no tile (T-8)")
    index = tile_at(state, casino)
    if index is None or state.modules[index] is None:
        return state
    tile = state.config.modules[index]
    assert isinstance(tile, Tile)
    state = emit(state, TileActivated(casino=casino, face=tile.code, seat=seat), log)
    return tile.activate(state, index, seat, log, placed)


def resume(state: State, log: list[Event] | None) -> State:
    """Run the "before payout" effects still pending (T-9 (1)), casino by casino, stopping
    whenever one leaves tasks to resolve (the base class calls this again afterwards).

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.royale(3))
    >>> resume(state, None) is state
    True
    """
    ri = royale_index(state.config)
    modules = state.config.modules
    while not state.tasks:
        s = state.modules[ri]
        assert isinstance(s, RoyaleState)
        if not s.pending:
            break
        casino = s.pending[0]
        s = _new_royale(s.chips, s.bank, s.deal, s.tiles, s.used, s.top, s.pending[1:])
        state = set_slice(state, ri, s)
        index = s.tiles[casino - 1]
        tile = modules[index]
        if state.modules[index] is not None and isinstance(tile, Tile):
            state = tile.before_payout(state, index, log)
    return state


def check_codes(codes: tuple[str, ...]) -> None:
    """Raise :class:`~lasvegas.errors.ConfigError` if two tiles in a config share a face.

    >>> check_codes(("A2", "A2"))
    Traceback (most recent call last):
    ...
    lasvegas.errors.ConfigError: two tile modules have the face A2
    """
    seen: set[str] = set()
    for code in codes:
        if code in seen:
            raise ConfigError(f"two tile modules have the face {code}")
        seen.add(code)
