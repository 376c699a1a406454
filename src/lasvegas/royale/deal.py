"""The Royale round's setup (R-4, R-5, R-9, T-1, T-2): the deal of the tiles, the money
cards and, in round 1, the bank, and the 2-player neutral set's rolls.

:func:`round_started` runs at each ``RoundStarted`` (for the :class:`~lasvegas.royale.Royale`
module): 2 chips per seat, the forced tiles dealt, then the round's chance nodes queued
(:class:`TileDeal` per random tile slot, :class:`CardDeal`, :class:`BankDeal`,
:class:`NeutralSetRoll`); :func:`setup_handlers` are their handlers, one per task type.
"""

from __future__ import annotations

from bisect import insort
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ..actions import Action, Draw, Roll
from ..chance import Rng, roll_distribution
from ..config import GameConfig
from ..engine import emit, pop_task, wanted
from ..errors import ConfigError, IllegalActionError
from ..events import DiceRolled, Event, NoteDealt
from ..modules._bases import FrozenInstanceError, described, seal
from ..modules.base import ModuleState, Task, TaskHandler
from ..state import Casino, Phase, State, evolve, fast_constructor, make_casino
from ..table import (
    Interned,
    draw_notes,
    note_outcomes,
    roll_outcomes,
    sample_note,
    sample_roll,
    take_note,
)
from ..text import money
from ..types import BIG, REGULAR, CasinoNumber, Money
from .components import CHIPS_PER_ROUND, MAX_TILES, face_code, face_name
from .events import CardBanked, ChipsGiven, TileDealt
from .state import RoyaleState, evolve_royale
from .tiles.base import Tile

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .module import Royale

__all__ = [
    "BankDeal",
    "CardDeal",
    "DealTile",
    "NeutralSetRoll",
    "TileDeal",
    "deal_options",
    "describe_setup",
    "normalize_deal",
    "pool",
    "round_started",
    "setup_handlers",
]


@attrs.frozen
class DealTile(Action):
    """Chance: the tile face dealt to the next casino (T-2), by its face code (X-9).

    >>> DealTile("A2")
    DealTile(face='A2')
    """

    kind: ClassVar[str] = "deal-tile"
    face: str
    """The face code, such as ``"A2"`` (Jackpot)."""

    def text(self, state: State | None = None) -> str:
        """``"Deal Jackpot (A2) to casino 1"``."""
        where = ""
        if state is not None and state.tasks and isinstance(state.tasks[0], TileDeal):
            where = f" to casino {state.tasks[0].casino}"
        return f"Deal {face_name(self.face)} ({self.face}){where}"


@final
class TileDeal(Task):
    """Chance: which tile face goes to :attr:`casino` (one node per randomly dealt tile)."""

    __slots__ = ("casino",)
    __match_args__: ClassVar = ("module", "casino")
    __attrs_attrs__: ClassVar[Any] = described("TileDeal", ("module", int), ("casino", int))

    kind: ClassVar[str] = "tile-deal"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.FILL})
    prompt: ClassVar[str | None] = "deal the tiles"
    """What answering this task does, for a view's prompt."""
    chance: ClassVar[bool] = True
    casino: Final[int]
    """The casino number the face goes to."""

    def __init__(self, module: int, casino: int) -> None:
        self.module = module
        self.casino = casino

    def __eq__(self, other: object) -> bool:
        if type(other) is not TileDeal:
            return NotImplemented
        return (self.module, self.casino) == (other.module, other.casino)

    def __hash__(self) -> int:
        return hash((self.module, self.casino))

    def __repr__(self) -> str:
        return f"TileDeal(module={self.module!r}, casino={self.casino!r})"

    def __reduce__(self) -> tuple[type[TileDeal], tuple[object, ...]]:
        return TileDeal, (self.module, self.casino)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(TileDeal)


@final
class CardDeal(Task):
    """Chance: the round's 12 money cards, one ``Draw`` each, in pair order (R-4)."""

    __slots__ = ("drawn",)
    __match_args__: ClassVar = ("module", "drawn")
    __attrs_attrs__: ClassVar[Any] = described(
        "CardDeal", ("module", int), ("drawn", tuple[Money, ...], ())
    )

    kind: ClassVar[str] = "card-deal"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.FILL})
    prompt: ClassVar[str | None] = "deal the money cards"
    """What answering this task does, for a view's prompt."""
    chance: ClassVar[bool] = True
    drawn: Final[tuple[Money, ...]]
    """The cards drawn so far this round, in order (face up: public)."""

    def __init__(self, module: int, drawn: tuple[Money, ...] = ()) -> None:
        self.module = module
        self.drawn = drawn

    def __eq__(self, other: object) -> bool:
        if type(other) is not CardDeal:
            return NotImplemented
        return (self.module, self.drawn) == (other.module, other.drawn)

    def __hash__(self) -> int:
        return hash((self.module, self.drawn))

    def __repr__(self) -> str:
        return f"CardDeal(module={self.module!r}, drawn={self.drawn!r})"

    def __reduce__(self) -> tuple[type[CardDeal], tuple[object, ...]]:
        return CardDeal, (self.module, self.drawn)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(CardDeal)


@final
class BankDeal(Task):
    """Chance: the bank's cards, one ``Draw`` each, face up (T-1, round 1 of the main game)."""

    __slots__ = ("left",)
    __match_args__: ClassVar = ("module", "left")
    __attrs_attrs__: ClassVar[Any] = described("BankDeal", ("module", int), ("left", int))

    kind: ClassVar[str] = "bank-deal"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.FILL})
    prompt: ClassVar[str | None] = "deal the bank's cards"
    """What answering this task does, for a view's prompt."""
    chance: ClassVar[bool] = True
    left: Final[int]
    """Cards still to draw into the bank; the cards never drawn are the reserve."""

    def __init__(self, module: int, left: int) -> None:
        self.module = module
        self.left = left

    def __eq__(self, other: object) -> bool:
        if type(other) is not BankDeal:
            return NotImplemented
        return (self.module, self.left) == (other.module, other.left)

    def __hash__(self) -> int:
        return hash((self.module, self.left))

    def __repr__(self) -> str:
        return f"BankDeal(module={self.module!r}, left={self.left!r})"

    def __reduce__(self) -> tuple[type[BankDeal], tuple[object, ...]]:
        return BankDeal, (self.module, self.left)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(BankDeal)


@final
class NeutralSetRoll(Task):
    """Chance: one group of the 2-player neutral set (R-9): ``"neutral"`` is its 7 small
    dice, then ``"big"`` its Biggy; the dice go straight onto their casinos."""

    __slots__ = ("group",)
    __match_args__: ClassVar = ("module", "group")
    __attrs_attrs__: ClassVar[Any] = described("NeutralSetRoll", ("module", int), ("group", str))

    kind: ClassVar[str] = "neutral-set-roll"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.FILL})
    prompt: ClassVar[str | None] = "roll the neutral set"
    """What answering this task does, for a view's prompt."""
    chance: ClassVar[bool] = True
    group: Final[str]
    """``"neutral"`` or ``"big"``."""

    def __init__(self, module: int, group: str) -> None:
        self.module = module
        self.group = group

    def __eq__(self, other: object) -> bool:
        if type(other) is not NeutralSetRoll:
            return NotImplemented
        return (self.module, self.group) == (other.module, other.group)

    def __hash__(self) -> int:
        return hash((self.module, self.group))

    def __repr__(self) -> str:
        return f"NeutralSetRoll(module={self.module!r}, group={self.group!r})"

    def __reduce__(self) -> tuple[type[NeutralSetRoll], tuple[object, ...]]:
        return NeutralSetRoll, (self.module, self.group)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(NeutralSetRoll)


_new_card_deal = fast_constructor(CardDeal)
"""``CardDeal(module, drawn)`` without attrs' __init__ (the hot path of the card deal)."""


_DEAL_TILES: Interned[str, DealTile] = Interned(DealTile)
"""Tile deal outcomes already built, by face code (bounded: 16 faces)."""
_BANK_DEALS: Interned[int, tuple[BankDeal]] = Interned()
"""Bank deal nodes by ``left * _MAX_MODULES + module`` (cards left, module index), built once
as one-task tuples (bounded: a few dozen)."""
_MAX_MODULES = 1 << 16
"""More modules than any config has: the key of :data:`_BANK_DEALS` is one int."""


_BASE_SETUP = Tile.setup
"""The base class's setup: the tile's slice (``Tile.fresh``) and nothing else."""


def _rank_pairs(drawn: tuple[Money, ...]) -> list[tuple[Money, Money]]:
    """R-4: the pairs of *drawn* (cards 1-2, 3-4, ...), higher card first, in casino order:
    the lowest total to casino 1 ... the highest to casino 6; equal totals: the pair holding
    the higher card to the higher casino.

    >>> _rank_pairs((10_000, 60_000, 30_000, 40_000, 20_000, 50_000))  # all $70,000
    [(40000, 30000), (50000, 20000), (60000, 10000)]
    >>> _rank_pairs((90_000, 10_000, 20_000, 30_000))
    [(30000, 20000), (90000, 10000)]
    """
    ranked: list[tuple[Money, Money, Money]] = []
    for i in range(0, len(drawn), 2):
        high, low = drawn[i], drawn[i + 1]
        if high < low:
            high, low = low, high
        ranked.append((high + low, high, low))
    ranked.sort()  # by total, then the higher card (equal keys are equal pairs)
    return [(high, low) for _, high, low in ranked]


def normalize_deal(
    deal: Sequence[str] | Sequence[Sequence[str]] | None, rounds: int = 3
) -> tuple[tuple[str, ...], ...]:
    """The ``deal`` option as faces per round: a flat sequence is used in every round.

    Faces may be given by code or by tile id; partial lists leave the other slots random.

    >>> normalize_deal(["jackpot", "D1"])
    (('A2', 'D1'), ('A2', 'D1'), ('A2', 'D1'))
    >>> normalize_deal([["C1"], [], ["C2", "A2"]])
    (('C1',), (), ('C2', 'A2'))
    >>> normalize_deal(None)
    ()
    """
    if deal is None:
        return ()
    if isinstance(deal, str):
        raise ConfigError(f"deal={deal!r}: give a sequence of tile faces, such as ('A2', 'D1')")
    items = tuple(deal)
    try:
        if all(isinstance(item, str) for item in items):
            flat = tuple(face_code(item) for item in items)  # type: ignore[arg-type]
            return (flat,) * rounds
        per_round: list[tuple[str, ...]] = []
        for item in items:
            if isinstance(item, str):
                raise ConfigError(f"deal={deal!r}: mix of faces and rounds")
            per_round.append(tuple(face_code(face) for face in item))
    except ValueError as err:
        if isinstance(err, ConfigError):
            raise
        raise ConfigError(f"deal: {err}") from None
    if len(per_round) > rounds:
        raise ConfigError(f"deal gives {len(per_round)} rounds; the game has {rounds}")
    return tuple(per_round)


def pool(config: GameConfig) -> dict[str, int]:
    """The tile faces of the config's pool, each with its module index.

    >>> import lasvegas as lv
    >>> config = lv.royale(3)
    >>> config.modules[pool(config)["A2"]]
    Jackpot()
    >>> pool(lv.royale(3, tiles=0))
    {}
    """
    return config.cached(_pool)


def _pool(config: GameConfig) -> dict[str, int]:
    """:func:`pool`, built once per config (:meth:`GameConfig.cached`)."""
    return {m.code: i for i, m in enumerate(config.modules) if isinstance(m, Tile) and m.code}


def _sorted_pool(config: GameConfig) -> tuple[str, ...]:
    """The faces of :func:`pool`, sorted (kept with the config)."""
    return config.cached(_sorted_pool_table)


def _sorted_pool_table(config: GameConfig) -> tuple[str, ...]:
    return tuple(sorted(pool(config)))


def _available_table(config: GameConfig) -> Interned[int, dict[str, list[str]]]:
    """The config's answers of ``Royale._available`` without ``no_repeat``, by the letters
    of the round's deal so far as bits (filled on demand, read only; at most 256 entries)."""
    return Interned(limit=_TABLE_LIMIT)


def _round_tasks_table(config: GameConfig) -> Interned[tuple[int, int], tuple[Task, ...]]:
    """The config's round setup tasks, by (module index, round) (filled on demand)."""
    return Interned(limit=_TABLE_LIMIT)


def _fresh_table(config: GameConfig) -> Interned[int, ModuleState]:
    """The config's fresh tile slices (``Tile.fresh``), by ``tile index * (MAX_TILES + 1) +
    casino`` (filled on demand, read only)."""
    return Interned(limit=_TABLE_LIMIT)


_TABLE_LIMIT = 4096
"""The most entries a per-config table filled on demand keeps (then it starts again)."""


def round_started(royale: Royale, state: State, index: int, log: list[Event] | None) -> State:
    config = state.config
    s = state.modules[index]
    assert isinstance(s, RoyaleState)
    chips = tuple(c + CHIPS_PER_ROUND for c in s.chips)
    modules = list(state.modules)
    for j in s.tiles:  # last round's tiles go back to sleep
        modules[j] = None
    modules[index] = evolve_royale(s, chips=chips, deal=(), tiles=(), top=(), pending=())
    if log is not None:
        for seat in range(config.players):
            log.append(ChipsGiven(seat=seat, count=CHIPS_PER_ROUND))
    tasks = _round_tasks(royale, config, index, state.round)  # queued last, as push_task would
    forced = royale.forced(state.round) if royale.tiles else ()
    if not forced:  # the usual case: the slices and the tasks in one state
        return evolve(state, modules=tuple(modules), tasks=(*state.tasks, *tasks))
    state = evolve(state, modules=tuple(modules))
    faces = pool(config)
    for face in forced:
        state = _deal_face(royale, state, index, face, faces[face], log)
    return evolve(state, tasks=(*state.tasks, *tasks))


def _round_tasks(royale: Royale, config: GameConfig, index: int, round: int) -> tuple[Task, ...]:
    """The setup nodes of *round*, in order: the random tile slots (T-2), the money cards
    (R-4), in round 1 the bank (T-1), with 2 players the neutral set (R-9). Checks the
    tile pool in round 1 (:meth:`check_pool`); kept with the config (tasks are
    immutable, so shared)."""
    table = config.cached(_round_tasks_table)
    key = (index, round)
    cached = table.get(key)
    if cached is not None:
        return cached
    tasks: list[Task] = []
    if royale.tiles:
        if round == 1:
            royale.check_pool(config)
        forced = royale.forced(round)
        tasks.extend(TileDeal(index, casino) for casino in range(len(forced) + 1, royale.tiles + 1))
    tasks.append(CardDeal(index))
    params = config.ruleset.params
    if royale.tiles and round == 1:
        bank = len(params.notes) - 2 * params.casinos * params.rounds
        if bank > 0:
            tasks.append(BankDeal(index, bank))
    if params.owner("neutral", config.players) is not None:
        tasks.append(NeutralSetRoll(index, "neutral"))
        tasks.append(NeutralSetRoll(index, "big"))
    return table.keep(key, tuple(tasks))


def _deal_face(
    royale: Royale,
    state: State,
    index: int,
    face: str,
    tile_index: int,
    log: list[Event] | None,
    *,
    pop: bool = False,
) -> State:
    """Deal *face* to the next casino (and resolve the first task, its node, if *pop*)."""
    s = state.modules[index]
    assert isinstance(s, RoyaleState)
    casino = CasinoNumber(len(s.deal) + 1)
    config = state.config
    tile = config.modules[tile_index]
    assert isinstance(tile, Tile)
    slices = list(state.modules)
    slices[index] = evolve_royale(
        s, deal=(*s.deal, face), tiles=(*s.tiles, tile_index), used=(*s.used, face)
    )
    quiet = (
        log is None and type(tile).setup is _BASE_SETUP and TileDealt not in config.ruleset.reactors
    )
    if quiet:
        # Nobody hears the deal and the setup only sets the tile's slice: both in one state.
        # The fresh slice depends on the config and the casino alone (Tile.fresh reads
        # only the config): built once per config, tile and casino, then shared.
        table = config.cached(_fresh_table)
        key = tile_index * (MAX_TILES + 1) + casino
        fresh = table.get(key)
        if fresh is None:
            fresh = table.keep(key, tile.fresh(state, casino))
        slices[tile_index] = fresh
    state = evolve(state, modules=tuple(slices), tasks=state.tasks[1:] if pop else None)
    if quiet:  # the fresh slice is in: the base setup has nothing left to do
        return state
    if wanted(state, log, TileDealt):
        state = emit(state, TileDealt(casino=casino, face=face), log)
    return tile.setup(state, tile_index, casino, log)


def deal_options(royale: Royale, state: State, index: int) -> tuple[tuple[str, Fraction], ...]:
    """The faces the next random tile slot may get, with their probabilities (T-2): see
    :meth:`lasvegas.royale.Royale.deal_options`."""
    by_letter = _available(royale, state, index)
    n = len(by_letter)
    return tuple(
        (code, Fraction(1, n * len(faces))) for faces in by_letter.values() for code in faces
    )


def _available(royale: Royale, state: State, index: int) -> dict[str, list[str]]:
    """The faces the next slot may get, by physical tile (see :meth:`deal_options`)."""
    s = state.modules[index]
    assert isinstance(s, RoyaleState)
    config = state.config
    if not royale.no_repeat:  # then the answer depends on the letters dealt alone: cache it
        letters = 0  # the letters dealt, as bits: at most 256 keys
        for face in s.deal:
            letters |= 1 << (ord(face[0]) & 31)
        table = config.cached(_available_table)
        cached = table.get(letters)
        if cached is None:
            cached = table.keep(letters, _find_available(royale, state, s))
        return cached
    return _find_available(royale, state, s)


def _find_available(royale: Royale, state: State, s: RoyaleState) -> dict[str, list[str]]:
    dealt = {face[0] for face in s.deal}
    blocked: set[str] = set()
    if royale.no_repeat:
        blocked.update(s.used)
        for faces in royale.deal:
            blocked.update(faces)
    by_letter: dict[str, list[str]] = {}
    for code in _sorted_pool(state.config):
        if code[0] not in dealt and code not in blocked:
            by_letter.setdefault(code[0], []).append(code)
    if not by_letter:
        raise ConfigError("no tile face is left to deal (check the pool and no_repeat)")
    return by_letter


def _can_deal(royale: Royale, state: State, index: int, action: Action) -> bool:
    """Whether *action* deals a face :meth:`_available` offers (the same test, without
    building the table: a face of the pool, of a tile not dealt this round, and with
    ``no_repeat`` neither dealt before nor forced in any round)."""
    if type(action) is not DealTile or not isinstance(action, DealTile):
        return False
    face = action.face
    if face not in pool(state.config):
        return False
    s = state.modules[index]
    assert isinstance(s, RoyaleState)
    letter = face[0]
    if any(f[0] == letter for f in s.deal):
        return False
    blocked = royale.no_repeat and (face in s.used or any(face in f for f in royale.deal))
    return not blocked


def _neutral_dice(state: State, group: str) -> int:
    """How many dice the neutral set rolls in *group* (R-9)."""
    dice = state.config.ruleset.params.dice
    return dice[REGULAR] if group == "neutral" else dice[BIG]


def _draw_outcomes(state: State, index: int, task: Task) -> tuple[tuple[Action, Fraction], ...]:
    """A card or bank deal: each card value left in the pile, by its count."""
    return note_outcomes(state.pile_hidden, state.pile_returned)


def _draw_sample(state: State, index: int, task: Task, rng: Rng) -> Action:
    """A card or bank deal: one card of the pile, drawn directly."""
    return sample_note(state.pile_hidden, state.pile_returned, rng)


def _tile_outcomes(
    royale: Royale, state: State, index: int, task: Task
) -> tuple[tuple[Action, Fraction], ...]:
    """A tile deal: each face the slot may get (:func:`deal_options`)."""
    return tuple((DealTile(face), p) for face, p in deal_options(royale, state, index))


def _tile_sample(royale: Royale, state: State, index: int, task: Task, rng: Rng) -> Action:
    """A tile deal: a physical tile, then one of its faces, drawn directly."""
    by_letter = _available(royale, state, index)
    letters = list(by_letter)  # in order: built from the sorted pool
    faces = by_letter[letters[rng.below(len(letters))]]
    face = faces[rng.below(len(faces))]
    return _DEAL_TILES[face]


def _roll_outcomes(state: State, index: int, task: Task) -> tuple[tuple[Action, Fraction], ...]:
    """A roll of the neutral set: every sorted roll of its dice in the group (C-9, R-9)."""
    assert isinstance(task, NeutralSetRoll)
    return roll_outcomes(_neutral_dice(state, task.group), task.group)


def _roll_sample(state: State, index: int, task: Task, rng: Rng) -> Action:
    """A roll of the neutral set, drawn directly."""
    assert isinstance(task, NeutralSetRoll)
    return sample_roll(_neutral_dice(state, task.group), task.group, rng)


def setup_handlers(royale: Royale) -> dict[type[Task], TaskHandler]:
    """The handlers of the setup's chance nodes, one per task type (all chance).

    >>> import lasvegas as lv
    >>> sorted(t.__name__ for t in setup_handlers(lv.Royale()))
    ['BankDeal', 'CardDeal', 'NeutralSetRoll', 'TileDeal']
    """
    return {
        TileDeal: TaskHandler(
            partial(_tile_dealt, royale),
            None,
            None,
            partial(_tile_outcomes, royale),
            partial(_tile_sample, royale),
        ),
        CardDeal: TaskHandler(
            _card_dealt, None, None, _draw_outcomes, _draw_sample, _card_deal_run
        ),
        BankDeal: TaskHandler(
            _bank_dealt, None, None, _draw_outcomes, _draw_sample, _bank_deal_run
        ),
        NeutralSetRoll: TaskHandler(_neutral_rolled, None, None, _roll_outcomes, _roll_sample),
    }


def _drawn(state: State, action: Action) -> tuple[Money, tuple[Money, ...], tuple[Money, ...]]:
    """The card a ``Draw`` answering a card or bank deal takes, checked, and the pile's
    hidden and returned parts without it."""
    task = state.tasks[0]
    value = action.value if type(action) is Draw else None
    if type(value) is not int:
        raise _illegal(state, action, task, "a money card draw is next")
    pile = take_note(state.pile_hidden, state.pile_returned, value)
    if pile is None:
        if state.pile_hidden:
            raise _illegal(state, action, task, "no such card is left in the pile")
        raise _illegal(state, action, task, "the next card is known and is another one")
    hidden, returned = pile
    return value, hidden, returned


def _card_dealt(state: State, index: int, action: Action, log: list[Event] | None) -> State:
    """One money card drawn onto the round's pairs (R-4); the last one puts the pairs onto
    the casinos."""
    value, hidden, returned = _drawn(state, action)
    task = state.tasks[0]
    assert type(task) is CardDeal
    return _cards_dealt(state, index, (*task.drawn, value), hidden, returned, log)


def _cards_dealt(
    state: State,
    index: int,
    drawn: tuple[Money, ...],
    hidden: tuple[Money, ...],
    returned: tuple[Money, ...],
    log: list[Event] | None,
) -> State:
    """The round's cards drawn so far are *drawn*, the pile is *hidden* and *returned*: the
    deal waits for the next card, or, all drawn, the pairs go onto the casinos in the same
    state (R-4)."""
    tasks = state.tasks
    casinos = state.casinos
    if len(drawn) < 2 * len(casinos):
        if len(tasks) == 1:
            tasks = (_new_card_deal(module=index, drawn=drawn),)
        else:
            tasks = (_new_card_deal(module=index, drawn=drawn), *tasks[1:])
        pairs = None
    else:  # the last card: the pairs go onto the casinos
        tasks = tasks[1:]
        pairs = _rank_pairs(drawn)
        casinos = tuple(
            [make_casino(pair, c.dice, c.big) for pair, c in zip(pairs, casinos, strict=True)]
        )
    state = evolve(
        state,
        casinos=casinos,
        pile_hidden=hidden,
        pile_returned=returned,
        tasks=tasks,
    )
    if pairs is not None and wanted(state, log, NoteDealt):
        for number, pair in enumerate(pairs, 1):
            for card in pair:
                state = emit(state, NoteDealt(casino=CasinoNumber(number), value=card), log)
    return state


def _bank_dealt(state: State, index: int, action: Action, log: list[Event] | None) -> State:
    """One card drawn into the bank (T-1)."""
    value, hidden, returned = _drawn(state, action)
    task = state.tasks[0]
    assert type(task) is BankDeal
    return _banked(state, index, task.left, (value,), hidden, returned, log)


def _banked(
    state: State,
    index: int,
    left: int,
    values: Sequence[Money],
    hidden: tuple[Money, ...],
    returned: tuple[Money, ...],
    log: list[Event] | None,
) -> State:
    """The cards *values* drawn into the bank (T-1) while *left* were still to come, the
    pile left *hidden* and *returned*: the slice, the modules and the tasks built once."""
    tasks = state.tasks
    r: RoyaleState = state.modules[index]  # type: ignore[assignment]
    bank = list(r.bank)
    for value in values:
        insort(bank, value)  # the bank stays sorted
    slices = list(state.modules)
    slices[index] = evolve_royale(r, bank=tuple(bank))
    left -= len(values)
    if left:
        key = left * _MAX_MODULES + index  # an int key: no tuple to build and hash
        following = _BANK_DEALS.get(key)
        if following is None:
            following = _BANK_DEALS.keep(key, (BankDeal(index, left),))
        tasks = following if len(tasks) == 1 else (following[0], *tasks[1:])
    else:
        tasks = tasks[1:]
    state = evolve(
        state,
        pile_hidden=hidden,
        pile_returned=returned,
        modules=tuple(slices),
        tasks=tasks,
    )
    if wanted(state, log, CardBanked):
        for value in values:
            state = emit(state, CardBanked(value=value), log)
    return state


def _card_deal_run(
    state: State, index: int, task: Task, rng: Rng
) -> tuple[State, tuple[Action, ...]]:
    """The rest of the money-card deal (R-4) for :func:`lasvegas.play_chance`: the cards
    drawn as node by node (:func:`lasvegas.table.draw_notes`), then the pairs onto the
    casinos in one state, as the last node leaves it."""
    assert type(task) is CardDeal
    count = 2 * len(state.casinos) - len(task.drawn)
    draws, hidden, returned = draw_notes(state.pile_hidden, state.pile_returned, count, rng)
    drawn = (*task.drawn, *[d.value for d in draws])
    return _cards_dealt(state, index, drawn, hidden, returned, None), tuple(draws)


def _bank_deal_run(
    state: State, index: int, task: Task, rng: Rng
) -> tuple[State, tuple[Action, ...]]:
    """The rest of the bank's deal (T-1) for :func:`lasvegas.play_chance`: the cards drawn
    as node by node (:func:`lasvegas.table.draw_notes`) go into the bank in one state, as
    the last node leaves it; one card at a time when a module hears them."""
    assert type(task) is BankDeal
    count = 1 if CardBanked in state.config.ruleset.reactors else task.left
    draws, hidden, returned = draw_notes(state.pile_hidden, state.pile_returned, count, rng)
    values = [d.value for d in draws]
    return _banked(state, index, task.left, values, hidden, returned, None), tuple(draws)


def _tile_dealt(
    royale: Royale, state: State, index: int, action: Action, log: list[Event] | None
) -> State:
    """The outcome of a tile deal node (T-2), checked."""
    task = state.tasks[0]
    if royale.no_repeat:
        ok = _can_deal(royale, state, index, action)
    else:  # the table of _available is cached then: a dict lookup answers at once
        face = action.face if type(action) is DealTile else None
        ok = type(face) is str and face in _available(royale, state, index).get(face[:1], ())
    if not ok:
        options = {f for faces in _available(royale, state, index).values() for f in faces}
        if type(action) is not DealTile or action.face not in options:
            raise _illegal(state, action, task, "not a face that can be dealt now")
    assert isinstance(action, DealTile)
    face = action.face
    return _deal_face(royale, state, index, face, pool(state.config)[face], log, pop=True)


def _neutral_rolled(state: State, index: int, action: Action, log: list[Event] | None) -> State:
    """The outcome of a roll of the neutral set (R-9), checked: the dice go onto their
    casinos."""
    task = state.tasks[0]
    assert isinstance(task, NeutralSetRoll)
    k = _neutral_dice(state, task.group)
    if (
        type(action) is not Roll
        or action.group != task.group
        or type(action.faces) is not tuple
        or action.faces not in {f for f, _ in roll_distribution(k)}
    ):
        noun = "its Biggy" if task.group == "big" else f"its {k} small dice"
        raise _illegal(state, action, task, f"the neutral set rolls {noun} next")
    owner = state.config.ruleset.params.owner("neutral", state.config.players)
    assert owner is not None
    casinos = list(state.casinos)
    for face in action.faces:
        c = casinos[face - 1]
        if task.group == "big":
            big = (*c.big[:owner], c.big[owner] + 1, *c.big[owner + 1 :])
            casinos[face - 1] = Casino(c.notes, c.dice, big)
        else:
            dice = (*c.dice[:owner], c.dice[owner] + 1, *c.dice[owner + 1 :])
            casinos[face - 1] = Casino(c.notes, dice, c.big)
    state = pop_task(evolve(state, casinos=tuple(casinos)))
    return emit(state, DiceRolled(seat=None, group=task.group, faces=action.faces), log)


def describe_setup(state: State, index: int, action: Action) -> str | None:
    """Texts for the answers to the setup nodes (:func:`lasvegas.describe`)."""
    task = state.tasks[0]
    if isinstance(action, Draw) and isinstance(task, CardDeal):
        pair = len(task.drawn) // 2 + 1
        return f"Draw a {money(action.value)} card for pair {pair}"
    if isinstance(action, Draw) and isinstance(task, BankDeal):
        return f"Draw a {money(action.value)} card into the bank"
    if isinstance(action, Roll) and isinstance(task, NeutralSetRoll):
        what = "Biggy" if task.group == "big" else "small dice"
        faces = ", ".join(str(f) for f in action.faces)
        return f"The neutral set's {what} show {faces}"
    return None


def _illegal(state: State, action: Action, task: Task, message: str) -> IllegalActionError:
    return IllegalActionError(
        repr(action), f"{state.phase.value} ({task.kind})", message, "bad-chance"
    )
