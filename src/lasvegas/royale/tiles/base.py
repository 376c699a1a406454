"""The casino-tile protocol: the :class:`Tile` base class every Royale tile subclasses.

A tile is a rule module (one file under ``royale/tiles/``) in every Royale main-game config:
the 16 tiles form the pool, and each round's deal wakes the dealt ones ("modules that
sleep", :attr:`~lasvegas.RuleModule.sleeps`). The :class:`~lasvegas.royale.Royale` module owns the lifecycle and calls
a tile only while it is in play, at the right moment of the round:

==============================  ==============================================================
Tile method                     called by Royale
==============================  ==============================================================
:meth:`Tile.fresh`              when the tile is dealt to a casino: its slice for the round
:meth:`Tile.setup`              right after that (setup effects, e.g. blank dice; no tasks)
:meth:`Tile.activate`           dice placed at its casino by a seat's roll (T-3), Power Play's
                                rotated die (T-6), or My Choice (``placed`` is then ``None``)
:meth:`Tile.spent`              before a placement at its casino: ``True`` (activation would
                                change nothing) lets the placement take the engine's fast path
:meth:`Tile.before_payout`      T-9 (1): casino by casino, each one after the previous one's
                                tasks are resolved
:meth:`Tile.during_payout`      T-9 (3): right after the core paid this tile's casino
:meth:`Tile.round_end`          T-9 (4): when the round ends (payments owed, cleanup); may push
                                tasks (the next round starts once they are resolved)
==============================  ==============================================================

While a tile sleeps its slice is ``None`` and Royale calls none of these. Decisions and chance
nodes of a tile are :class:`~lasvegas.modules.base.Task` subclasses it pushes (listed in
``tasks``); the base class declares their handlers (:meth:`Tile.task_handlers`): the engine
asks the tile who answers (:meth:`Tile.task_to_move`), what is legal
(:meth:`Tile.task_actions`), what chance brings (:meth:`Tile.task_chance`,
:meth:`Tile.task_sample`), and hands the answer to :meth:`Tile.resolve` (never override
``perform``: the base class resumes the end-of-round order after the tile's last task). A
throw of the black dice needs none of these: its task class lists
:class:`~lasvegas.royale.tiles.shared.BlackThrow` among its bases, and the shared handler
hands the checked faces to :meth:`Tile.thrown`. A tile with several decision task types
overrides :meth:`Tile.task_handlers` with one handler per type (:meth:`Tile.decision`), so
no tile method branches on the task type.

Helpers for tiles: :mod:`lasvegas.royale.table` (counting dice, T-11; moving dice with or
without activation, T-6; supplies, T-10; closed casinos, T-7; imaginary owners, T-8) and
:mod:`lasvegas.royale.bank` (chips, bank payments and rewards, T-1, T-1b, X-8).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, final

import attrs

from ...engine import emit, set_slice, wanted
from ...errors import ConfigError
from ...events import DicePlaced, DiceRolled, Event
from ...modules.base import (
    ModuleState,
    RuleModule,
    SliceT,
    Task,
    TaskHandler,
    TileFact,
    TileInfo,
)
from ...state import Phase
from ...text import money
from ..components import CHIP_VALUE, FACES, MAX_TILES, face_name
from ..draft import TileDraft
from ..events import TileActivated
from ..state import BlackThrow, RoyaleState, TileState, evolve_royale, royale_index, royale_state
from .shared import black_rolled, black_throw_handler, thrown_faces

if TYPE_CHECKING:
    from ...actions import Action
    from ...chance import Rng
    from ...config import Params
    from ...state import State
    from ...types import CasinoNumber, Chance, Money, Seat

__all__ = [
    "Tile",
    "TileDraft",
    "TileState",
    "activate_tile",
    "check_codes",
    "resume",
    "reward_text",
    "start_payout",
    "tile_at",
]

_CODES = frozenset(code for code, _, _ in FACES)
_PAYOUT = Phase.PAYOUT


def reward_text(amount: Money) -> str:
    """A reward in words: $10,000 and $20,000 are 1 and 2 chips (X-8), more is money.

    >>> reward_text(10_000), reward_text(20_000), reward_text(30_000)
    ('1 chip', '2 chips', '$30,000')
    """
    if amount == CHIP_VALUE:
        return "1 chip"
    if amount == 2 * CHIP_VALUE:
        return "2 chips"
    return money(amount)


@attrs.frozen
class Tile(RuleModule[SliceT]):
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
    activation_chips: ClassVar[int | None] = None
    """The most chips one activation of the tile can give the active seat
    (:func:`~lasvegas.royale.bank.chips_for` its largest "when activated" reward; 0 for
    none); ``None``: not declared, and Royale then bounds no seat's chips once the tile has
    been dealt (its ``problems``). Royale's bound also takes it that an activation gives a
    die back to a supply only as Handicap and My Choice do (one die, and no reward with
    it): a tile that gives dice back otherwise must declare ``None``."""
    round_chips: ClassVar[int | None] = None
    """The most chips the tile's other effects ("before payout", "during payout", "when the
    round ends") can give in one round, to all seats together; ``None``: not declared."""

    rule_text: ClassVar[str] = ""
    """The tile's rule in a few plain sentences, for views
    (:attr:`lasvegas.PlayerView.casino_info`)."""

    def __init_subclass__(cls, *, replace: bool = False, **kwargs: object) -> None:
        super().__init_subclass__(replace=replace, **kwargs)
        if cls.code and cls.code not in _CODES:
            raise TypeError(f"{cls.__name__}.code {cls.code!r} is not a face code (X-9)")

    @property
    def name(self) -> str:
        """The printed name of the tile's face.

        >>> from lasvegas.royale.tiles import PayDay
        >>> PayDay().name
        'Pay Day'
        """
        return face_name(self.code)

    # -- views ----------------------------------------------------------------------------------

    def info(self, state: State, index: int, seat: Seat | None) -> TileInfo:
        """The tile as *seat* may know it: name, code, :attr:`rule_text` and :meth:`facts`."""
        return TileInfo(self.name, self.code, self.rule_text, self.facts(state, index, seat))

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state for *seat*'s view (its counter, token holder, stock ...),
        read from what *seat* may see only: the slice as :meth:`~lasvegas.RuleModule.redact`
        gives it and the tile's tasks as :meth:`~lasvegas.RuleModule.public_task` gives them
        (:meth:`seen`). Nothing by default."""
        return ()

    def seen(
        self, state: State, index: int, seat: Seat | None
    ) -> tuple[ModuleState | None, tuple[Task, ...]]:
        """The tile's slice and its pending tasks as *seat* may see them."""
        tasks = tuple(
            shown
            for task in state.tasks
            if task.module == index
            and (shown := self.public_task(state, index, task, seat)) is not None
        )
        return self.redact(state, index, seat), tasks

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

    def fresh(self, state: State, casino: CasinoNumber) -> TileState:
        """The tile's slice for a round in which it lies at *casino* (its setup, T-2).

        Override it to return a :class:`TileState` subclass with the tile's counters and
        tokens in their starting places. Read only the config from *state* (such as the
        number of players): Royale may pass the state from just before the deal, and builds
        the slice once per config, tile and casino, sharing it between rounds and games
        (slices are immutable).
        """
        return TileState(casino)

    def setup(
        self, state: State, index: int, casino: CasinoNumber, log: list[Event] | None
    ) -> State:
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

    def spent(self, state: State, index: int) -> bool:
        """Whether :meth:`activate` would now leave the state exactly as it is, whoever
        places what here (High Five's token already taken ...): placements at this casino
        then take the engine's fast path while no module hears ``TileActivated``.

        Override it only with a cheap, exact test; the default says no.

        >>> import lasvegas as lv
        >>> Tile.spent(lv.HighFive(), lv.new_game(lv.royale(3)), 1)
        False
        """
        return False

    def before_payout(self, state: State, index: int, log: list[Event] | None) -> State:
        """The tile's "before payout" effect (T-9 (1)); may push tasks."""
        return state

    def during_payout(self, state: State, index: int, log: list[Event] | None) -> State:
        """The tile's "during payout" effect, right after its casino paid (T-9 (3)); may push
        tasks (the next casino pays once they are resolved)."""
        return state

    def round_end(self, state: State, index: int, log: list[Event] | None) -> State:
        """Payments owed "when the round ends" and cleanup (T-9 (4)); may push tasks (Bad
        Luck's choice of payment): the next round starts once they are resolved."""
        return state

    def resolve(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Apply *action*, the answer to the tile's first task (``state.tasks[0]``).

        A decision was checked against ``task_actions``; a chance outcome must be checked
        here (raise :class:`~lasvegas.errors.IllegalActionError`). Pop the task
        (``pop_task``) or replace it with the next one.
        """
        raise NotImplementedError(f"{type(self).__name__} has no tasks to resolve")

    # -- helpers ----------------------------------------------------------------------------

    def casino(self, state: State, index: int) -> CasinoNumber | None:
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

    # -- tasks --------------------------------------------------------------------------------

    def task_to_move(self, state: State, index: int, task: Task) -> Seat | Chance:
        """Who answers the tile's decision *task* (a chance task: ``CHANCE``)."""
        raise NotImplementedError(f"{type(self).__name__} does not say who answers {task.kind}")

    def task_actions(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """The legal answers to the tile's decision *task*."""
        return ()

    def task_chance(
        self, state: State, index: int, task: Task
    ) -> tuple[tuple[Action, Fraction], ...]:
        """The outcomes of the tile's chance *task*, exact probabilities."""
        return ()

    def task_sample(self, state: State, index: int, task: Task, rng: Rng) -> Action:
        """One outcome of the tile's chance *task*, drawn directly."""
        raise NotImplementedError(f"{type(self).__name__} cannot draw {task.kind}")

    def task_handlers(self) -> Mapping[type[Task], TaskHandler]:
        """The handlers of the tile's task types: a throw of the black dice
        (:class:`~lasvegas.royale.tiles.shared.BlackThrow`) gets the shared
        :func:`~lasvegas.royale.tiles.shared.black_throw_handler`; the tile's one other task
        type, if any, gets :meth:`task_to_move`, :meth:`task_actions`, :meth:`task_chance`,
        :meth:`task_sample`, resolved by :meth:`perform` (:meth:`resolve`, then the
        end-of-round order). A tile with several task types besides its throw overrides this
        with one handler per type (:meth:`decision`): no tile method branches on the task
        type.

        >>> from lasvegas.royale.tiles.jackpot import JackpotThrow
        >>> import lasvegas as lv
        >>> lv.Jackpot().task_handlers()[JackpotThrow].to_move is None
        True
        """
        own = [t for t in self.tasks if not issubclass(t, BlackThrow)]
        if len(own) > 1:
            raise TypeError(
                f"{type(self).__name__} has several task types: declare a handler per type"
            )
        handlers: dict[type[Task], TaskHandler] = {
            t: black_throw_handler(self) for t in self.tasks if issubclass(t, BlackThrow)
        }
        for t in own:
            handlers[t] = TaskHandler(
                self.perform,
                self.task_to_move,
                self.task_actions,
                self.task_chance,
                self.task_sample,
            )
        return handlers

    def decision(
        self,
        resolve: Callable[[State, int, Action, list[Event] | None], State],
        to_move: Callable[[State, int, Task], Seat | Chance],
        actions: Callable[[State, int, Task], tuple[Action, ...]],
    ) -> TaskHandler:
        """The handler of one of the tile's decision task types: *to_move* answers it with
        one of *actions*, applied by *resolve* (which pops the task or replaces it); then the
        end-of-round order goes on if this was the last task pending (T-9 (1)).

        >>> from lasvegas.royale.tiles.black_box import BlackBoxSplit
        >>> import lasvegas as lv
        >>> len(lv.BlackBox().task_handlers()[BlackBoxSplit].actions(None, 0, None))
        14
        """

        def perform(state: State, index: int, action: Action, log: list[Event] | None) -> State:
            state = resolve(state, index, action, log)
            if not state.tasks and state.phase is _PAYOUT:
                state = resume(state, log)
            return state

        return TaskHandler(perform, to_move, actions)

    # -- hooks the base class implements for every tile ---------------------------------------

    @final
    def perform(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Resolve the tile's task (:meth:`resolve`), then go on with the end-of-round order
        if this was the last task pending (T-9 (1))."""
        state = self.resolve(state, index, action, log)
        if not state.tasks and state.phase is _PAYOUT:
            state = resume(state, log)
        return state

    @final
    def perform_throw(
        self, state: State, index: int, action: Action, log: list[Event] | None
    ) -> State:
        """Resolve the tile's throw of the black dice: the faces, checked
        (:func:`~lasvegas.royale.tiles.shared.thrown_faces`) and reported (``DiceRolled``),
        go to :meth:`thrown`; then the end-of-round order goes on if this was the last task
        pending (T-9 (1))."""
        task = state.tasks[0]
        assert isinstance(task, BlackThrow)
        faces = thrown_faces(state, action)
        if wanted(state, log, DiceRolled):
            state = emit(state, black_rolled(task.seat, faces), log)
        state = self.thrown(state, index, task.seat, faces, log)
        if not state.tasks and state.phase is _PAYOUT:
            state = resume(state, log)
        return state

    def thrown(
        self, state: State, index: int, seat: Seat, faces: tuple[int, ...], log: list[Event] | None
    ) -> State:
        """What the *faces* of *seat*'s throw of the black dice do: the tile's throw task is
        first in ``state.tasks``, the faces are checked and the throw is reported
        (``DiceRolled``). Pop the task or replace it."""
        raise NotImplementedError(f"{type(self).__name__} throws no black dice")


def tile_at(state: State, casino: CasinoNumber) -> int | None:
    """The module index of the tile at *casino* this round, or ``None``.

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round
    >>> state = setup_round(lv.new_game(lv.royale(3, deal=("A2", "C1", "D1"))))
    >>> state.config.modules[tile_at(state, lv.CasinoNumber(1))].code, tile_at(state, 4)
    ('A2', None)
    """
    tiles = royale_state(state).tiles
    return tiles[casino - 1] if casino <= len(tiles) else None


def activate_tile(
    state: State,
    casino: CasinoNumber,
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
    >>> activate_tile(state, lv.CasinoNumber(1), 0, None).modules[0].chips  # Pay Day: no casino yet, nothing
    (2, 2, 2)
    """
    if not 0 <= seat < state.config.players:
        raise ValueError(f"owner {seat} is imaginary and activates no tile (T-8)")
    index = tile_at(state, casino)
    if index is None or state.modules[index] is None:
        return state
    tile = state.config.modules[index]
    assert isinstance(tile, Tile)
    if wanted(state, log, TileActivated):
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
    while not state.tasks:
        s = state.modules[ri]
        assert isinstance(s, RoyaleState)
        if not s.pending:
            break
        state = _next_before_payout(state, ri, s, s.pending, log)
    return state


def start_payout(state: State, index: int, log: list[Event] | None) -> State:
    """The payout starts (T-9 (1)): every tile's casino is pending, then :func:`resume` runs
    their "before payout" effects. *index* is the Royale module's.

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round
    >>> state = setup_round(lv.new_game(lv.royale(3, deal=("B1", "C1", "D1"))))
    >>> start_payout(state, 0, None).modules[0].pending  # Bad Luck's effect needs no task
    ()
    """
    s = state.modules[index]
    assert isinstance(s, RoyaleState)
    pending = _ALL_PENDING[len(s.tiles)]
    if state.tasks:  # (never at PayoutStarted) the effects wait for the tasks
        value = evolve_royale(s, pending=pending)
        return set_slice(state, index, value)
    if not s.pending:
        # The usual case, no tile in play with a "before payout" effect: resume would only
        # put an equal slice (nothing pending) into a new state. Keep the state as it is.
        modules = state.config.modules
        slices = state.modules
        for j in s.tiles:
            module = modules[j]
            if (
                isinstance(module, Tile)
                and slices[j] is not None
                and type(module).before_payout is not _NO_EFFECT
            ):
                break
        else:
            return state
    # resume, from every casino pending: the first step's slice replaces the whole list at
    # once (one state instead of two)
    state = _next_before_payout(state, index, s, pending, log)
    return state if state.tasks else resume(state, log)


_ALL_PENDING = tuple(tuple(range(1, n + 1)) for n in range(MAX_TILES + 1))
"""Casinos 1 .. n, for n tiles (0 to :data:`~lasvegas.royale.components.MAX_TILES`)."""


def _next_before_payout(
    state: State, ri: int, s: RoyaleState, pending: tuple[int, ...], log: list[Event] | None
) -> State:
    """One step of :func:`resume`: the pending casinos whose tile has no "before payout"
    effect (the base class's does nothing) leave the list together with the next that has
    one, whose effect then runs: one state instead of one per casino."""
    modules = state.config.modules
    tile: Tile | None = None
    index = -1
    k = 0
    while k < len(pending):
        index = s.tiles[pending[k] - 1]
        k += 1
        module = modules[index]
        if (
            isinstance(module, Tile)
            and state.modules[index] is not None
            and type(module).before_payout is not _NO_EFFECT
        ):
            tile = module
            break
    s = evolve_royale(s, pending=pending[k:])
    state = set_slice(state, ri, s)
    if tile is not None:
        state = tile.before_payout(state, index, log)
    return state


_NO_EFFECT = Tile.before_payout
"""The base class's "before payout" effect, which does nothing (:func:`resume` skips it)."""


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
