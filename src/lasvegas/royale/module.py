"""The ``Royale`` module: the Royale rules on top of the core engine (parts R and T).

Every Royale config has one. It reacts to the core's events:

* ``RoundStarted``: 2 chips per seat (R-5), the tile deal (T-2: forced faces from the
  ``deal`` option, then one chance node :class:`DealTile` per random slot), the 12 money
  cards in pair order (one ``Draw`` each) ranked onto the casinos (R-4), in round 1 of the
  main game the bank (one ``Draw`` per bank card, T-1; what is never drawn is the reserve),
  and with 2 players the neutral set's two rolls (R-9: ``Roll(group="neutral")`` for the 7
  small dice, then ``Roll(group="big")`` for its Biggy);
* ``DicePlaced``: activates the tile at that casino (T-3);
* the tiles that list ``TurnStarted`` or ``DicePlaced`` in ``Tile.listens`` (Nice Dice,
  Power Play) hear them from the engine right after Royale, and only while in play (tiles
  sleep, ``RuleModule.sleeps``);
* ``PayoutStarted``, ``CasinoPaid``, ``RoundEnded``: the end-of-round order of the tiles
  (T-9) and who took each casino's higher card (R-7).

It offers :class:`PayChip` at every placement decision (R-5, R-10), chooses the next start
player (R-7) and adds chips to the standings (R-8).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

import attrs

from ..actions import Action, Draw, Roll
from ..chance import Rng, multiset_draw_distribution, roll_distribution
from ..config import GameConfig, Params
from ..engine import closed_casinos, emit, next_turn, payout_order, pop_task, set_slices
from ..errors import ConfigError, IllegalActionError
from ..events import (
    CasinoPaid,
    DicePlaced,
    DiceRolled,
    Event,
    NoteDealt,
    PayoutStarted,
    RoundEnded,
    RoundStarted,
    TurnPassed,
)
from ..modules.base import Capabilities, ModuleState, RuleModule, Task
from ..state import Casino, Phase, State, fast_constructor, make_casino, make_state
from ..text import money
from ..types import BIG, CHANCE, REGULAR, Chance, Money, Seat
from .bank import take_chips
from .components import (
    CHIP_VALUE,
    CHIPS_PER_ROUND,
    FACES,
    MAX_TILES,
    NO_REPEAT_MAX,
    face_code,
    face_name,
)
from .events import (
    BankPaid,
    BankReceived,
    CardBanked,
    ChipsGiven,
    DiceMoved,
    TileActivated,
    TileDealt,
)
from .state import ROYALE_ID, RoyaleState, _new_royale, rebuild
from .tiles.base import Tile, TileState, check_codes, start_payout

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "BankDeal",
    "CardDeal",
    "DealTile",
    "NeutralSetRoll",
    "PayChip",
    "Royale",
    "TileDeal",
    "normalize_deal",
    "pool",
]


# -- actions and tasks -----------------------------------------------------------------------


@attrs.frozen
class PayChip(Action):
    """Pay one chip to pass instead of placing (R-5); the rolled dice stay with the player.

    Legal at a placement decision while the seat holds a chip (R-10), any number of times.

    >>> PayChip()
    PayChip()
    """

    kind: ClassVar[str] = "pay-chip"

    def text(self, state: State | None) -> str:
        """``"Seat 0 pays a chip to pass"``."""
        who = "Pay" if state is None else f"Seat {state.active} pays"
        return f"{who} a chip to pass"


@attrs.frozen
class DealTile(Action):
    """Chance: the tile face dealt to the next casino (T-2), by its face code (X-9).

    >>> DealTile("A2")
    DealTile(face='A2')
    """

    kind: ClassVar[str] = "deal-tile"
    face: str
    """The face code, such as ``"A2"`` (Jackpot)."""

    def text(self, state: State | None) -> str:
        """``"Deal Jackpot (A2) to casino 1"``."""
        where = ""
        if state is not None and state.tasks and isinstance(state.tasks[0], TileDeal):
            where = f" to casino {state.tasks[0].casino}"
        return f"Deal {face_name(self.face)} ({self.face}){where}"


@attrs.frozen
class TileDeal(Task):
    """Chance: which tile face goes to :attr:`casino` (one node per randomly dealt tile)."""

    kind: ClassVar[str] = "tile-deal"
    prompt: ClassVar[str | None] = "deal the tiles"
    """What answering this task does, for a view's prompt."""
    chance: ClassVar[bool] = True
    casino: int
    """The casino number the face goes to."""


@attrs.frozen
class CardDeal(Task):
    """Chance: the round's 12 money cards, one ``Draw`` each, in pair order (R-4)."""

    kind: ClassVar[str] = "card-deal"
    prompt: ClassVar[str | None] = "deal the money cards"
    """What answering this task does, for a view's prompt."""
    chance: ClassVar[bool] = True
    drawn: tuple[Money, ...] = ()
    """The cards drawn so far this round, in order (face up: public)."""


@attrs.frozen
class BankDeal(Task):
    """Chance: the bank's cards, one ``Draw`` each, face up (T-1, round 1 of the main game)."""

    kind: ClassVar[str] = "bank-deal"
    prompt: ClassVar[str | None] = "deal the bank's cards"
    """What answering this task does, for a view's prompt."""
    chance: ClassVar[bool] = True
    left: int
    """Cards still to draw into the bank; the cards never drawn are the reserve."""


@attrs.frozen
class NeutralSetRoll(Task):
    """Chance: one group of the 2-player neutral set (R-9): ``"neutral"`` is its 7 small
    dice, then ``"big"`` its Biggy; the dice go straight onto their casinos."""

    kind: ClassVar[str] = "neutral-set-roll"
    prompt: ClassVar[str | None] = "roll the neutral set"
    """What answering this task does, for a view's prompt."""
    chance: ClassVar[bool] = True
    group: str
    """``"neutral"`` or ``"big"``."""


_new_card_deal = fast_constructor(CardDeal)
"""``CardDeal(module, drawn)`` without attrs' __init__ (the hot path of the card deal)."""
_PAY: tuple[Action, ...] = (PayChip(),)
_NO_ROLL: tuple[tuple[int, ...], ...] = ((), (), (), ())
_DRAWS: dict[int, Draw] = {}
"""Draws already built, by card value (bounded by the card values)."""
_DEAL_TILES: dict[str, DealTile] = {}
"""Tile deal outcomes already built, by face code (bounded: 16 faces)."""
_BANK_DEALS: dict[int, tuple[BankDeal]] = {}
"""Bank deal nodes by ``left * _MAX_MODULES + module`` (cards left, module index), built once
as one-task tuples (bounded: a few dozen)."""
_MAX_MODULES = 1 << 16
"""More modules than any config has: the key of :data:`_BANK_DEALS` is one int."""
_CODES = frozenset(code for code, _, _ in FACES)
_BASE_SETUP = Tile.setup
"""The base class's setup: the tile's slice (``Tile.fresh``) and nothing else."""
_NO_ACTIVATION = Tile.activate
_NEVER_SPENT = Tile.spent
_NO_DURING_PAYOUT = Tile.during_payout
_NO_ROUND_END = Tile.round_end
"""The base class's effects, which do nothing: Royale skips calling them."""


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


def _winner(casino: Casino) -> int:
    """The owner who takes the casino's higher card (R-7), ``-1`` for nobody."""
    ranked = payout_order(casino)
    return ranked[0] if ranked else -1


def _record_top(state: State, index: int, casino: int) -> State:
    """*state* with the higher-card winners (R-7) of casinos 1 to number *casino* recorded
    in the Royale slice (module *index*), those not yet recorded read off their dice.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.royale(3, tiles=0))
    >>> _record_top(state, 0, 6).modules[0].top
    (-1, -1, -1, -1, -1, -1)
    """
    s: RoyaleState = state.modules[index]  # type: ignore[assignment]
    top = s.top
    if len(top) >= casino:
        return state
    casinos = state.casinos
    top = (*top, *[_winner(casinos[k]) for k in range(len(top), casino)])
    slices = list(state.modules)
    slices[index] = _new_royale(s.chips, s.bank, s.deal, s.tiles, s.used, top, s.pending)
    return set_slices(state, tuple(slices))


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
    return config.table(_pool)


def _pool(config: GameConfig) -> dict[str, int]:
    """:func:`pool`, built once per config (:meth:`GameConfig.table`)."""
    return {m.code: i for i, m in enumerate(config.modules) if isinstance(m, Tile) and m.code}


def _sorted_pool(config: GameConfig) -> tuple[str, ...]:
    """The faces of :func:`pool`, sorted (kept with the config)."""
    return config.table(_sorted_pool_table)


def _sorted_pool_table(config: GameConfig) -> tuple[str, ...]:
    return tuple(sorted(pool(config)))


def _available_table(config: GameConfig) -> dict[int, dict[str, list[str]]]:
    """The config's answers of ``Royale._available`` without ``no_repeat``, by the letters
    of the round's deal so far as bits (filled on demand, read only; at most 256 entries)."""
    return {}


def _round_tasks_table(config: GameConfig) -> dict[tuple[int, int], tuple[Task, ...]]:
    """The config's round setup tasks, by (module index, round) (filled on demand)."""
    return {}


def _fresh_table(config: GameConfig) -> dict[int, ModuleState]:
    """The config's fresh tile slices (``Tile.fresh``), by ``tile index * (MAX_TILES + 1) +
    casino`` (filled on demand, read only)."""
    return {}


_TABLE_LIMIT = 4096
"""The most entries a per-config table filled on demand keeps (then it starts again)."""


def _check_tiles(_: object, __: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value <= MAX_TILES:
        raise ConfigError(f"tiles={value!r}: give 0 (basic game) to {MAX_TILES} tiles per round")


def _check_no_repeat(_: object, __: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise ConfigError(f"no_repeat must be a bool, not {value!r}")


def _check_deal(
    _: object, __: attrs.Attribute[tuple[tuple[str, ...], ...]], value: tuple[tuple[str, ...], ...]
) -> None:
    rounds: object = value
    if type(rounds) is not tuple or any(
        type(r) is not tuple or any(type(f) is not str for f in r) for r in rounds
    ):
        raise ConfigError(f"deal={value!r}: give a tuple of face-code tuples, one per round")


# -- the module --------------------------------------------------------------------------------


@attrs.frozen
class Royale(RuleModule):
    """The Las Vegas Royale rules (parts R and T); build configs with :func:`lasvegas.royale`.

    ``tiles`` is the number of tiles per round (0: the basic game; 3: the main game; 0-6
    the variant). ``deal`` forces faces per round (``deal[r - 1]`` go to casinos 1, 2, ...
    in round *r*; the other slots are dealt at random). ``no_repeat`` deals no face twice
    in a game (T-2; at most 4 tiles per round).

    >>> import lasvegas as lv
    >>> lv.royale(3).modules[0]
    Royale(tiles=3, deal=(), no_repeat=False)
    >>> Royale(tiles=5, no_repeat=True)
    Traceback (most recent call last):
    ...
    lasvegas.errors.ConfigError: no_repeat allows at most 4 tiles per round (16 faces on 8 tiles), not 5
    """

    id: ClassVar[str] = ROYALE_ID
    order: ClassVar[int] = 0
    editions: ClassVar[frozenset[str]] = frozenset({"royale"})
    listens: ClassVar[tuple[type[Event], ...]] = (
        RoundStarted,
        DicePlaced,
        PayoutStarted,
        CasinoPaid,
        RoundEnded,
    )
    actions: ClassVar[tuple[type[Action], ...]] = (PayChip, DealTile)
    tasks: ClassVar[tuple[type[Task], ...]] = (TileDeal, CardDeal, BankDeal, NeutralSetRoll)
    state_type: ClassVar[type[ModuleState] | None] = RoyaleState
    events: ClassVar[tuple[type[Event], ...]] = (
        TileDealt,
        TileActivated,
        CardBanked,
        ChipsGiven,
        BankPaid,
        BankReceived,
        DiceMoved,
    )

    tiles: int = attrs.field(default=3, validator=_check_tiles)
    """Tiles per round, on casinos 1 .. ``tiles`` (T-2)."""
    deal: tuple[tuple[str, ...], ...] = attrs.field(default=(), validator=_check_deal)
    """Forced faces per round (see ``normalize_deal``); ``()`` deals every tile at random."""
    no_repeat: bool = attrs.field(default=False, validator=_check_no_repeat)
    """Deal no face twice in a game (T-2)."""

    def __attrs_post_init__(self) -> None:
        if self.no_repeat and self.tiles > NO_REPEAT_MAX:
            raise ConfigError(
                f"no_repeat allows at most {NO_REPEAT_MAX} tiles per round "
                f"(16 faces on 8 tiles), not {self.tiles}"
            )
        if self.deal and not self.tiles:
            raise ConfigError("deal needs tiles: the basic game (tiles=0) has none")
        seen: set[str] = set()
        for r, faces in enumerate(self.deal, 1):
            if len(faces) > self.tiles:
                raise ConfigError(f"deal: round {r} forces {len(faces)} tiles of {self.tiles}")
            letters = [f[0] for f in faces]
            if len(set(letters)) != len(letters):
                raise ConfigError(f"deal: round {r} uses both faces of one tile {faces}")
            for face in faces:
                if face not in _CODES:
                    raise ConfigError(f"deal: {face!r} is not a face code (A1 .. H2, X-9)")
                if self.no_repeat and face in seen:
                    raise ConfigError(f"deal: face {face} is dealt twice with no_repeat")
                seen.add(face)

    def forced(self, round: int) -> tuple[str, ...]:
        """The faces forced in *round* (1-based).

        >>> Royale(deal=(("A2",), ("D1", "C1"))).forced(2), Royale().forced(1)
        (('D1', 'C1'), ())
        """
        return self.deal[round - 1] if round <= len(self.deal) else ()

    def check_pool(self, config: GameConfig) -> None:
        """Raise :class:`~lasvegas.errors.ConfigError` unless the config's tile pool can deal
        what this module asks for.

        While only some tiles are written, the pool holds only those: the deal draws from
        the physical tiles that have at least one face in the pool.

        >>> import lasvegas as lv
        >>> config = lv.GameConfig(3, "royale", (Royale(tiles=2), lv.Jackpot(), lv.HighFive()))
        >>> config.modules[0].check_pool(config)  # Jackpot is tile A, High Five tile C
        >>> config = lv.GameConfig(3, "royale", (Royale(tiles=2), lv.HighFive(), lv.BadLuck()))
        >>> config.modules[0].check_pool(config)
        Traceback (most recent call last):
        ...
        lasvegas.errors.ConfigError: tiles=2 needs 2 physical tiles; the pool has 1 (C)
        """
        faces = pool(config)
        check_codes(tuple(m.code for m in config.modules if isinstance(m, Tile) and m.code))
        if not self.tiles:
            return
        letters = sorted({code[0] for code in faces})
        if len(letters) < self.tiles:
            raise ConfigError(
                f"tiles={self.tiles} needs {self.tiles} physical tiles; the pool has "
                f"{len(letters)} ({', '.join(letters)})"
            )
        for faces_of_round in self.deal:
            for face in faces_of_round:
                if face not in faces:
                    raise ConfigError(f"deal: face {face} is not in the config's tile pool")
        if self.no_repeat:
            one_sided = [x for x in letters if not (f"{x}1" in faces and f"{x}2" in faces)]
            if one_sided or len(letters) < 2 * self.tiles:
                raise ConfigError(
                    f"no_repeat with {self.tiles} tiles needs {2 * self.tiles} physical tiles "
                    f"with both faces in the pool; it has {len(letters) - len(one_sided)}"
                )

    # -- config time -----------------------------------------------------------------------

    def configure(self, params: Params, players: int) -> Params:
        """Add the neutral set's imaginary owner with 2 players (R-9)."""
        if players == 2 and "neutral" not in params.owners:
            return attrs.evolve(params, owners=(*params.owners, "neutral"))
        return params

    def initial_state(self, players: int) -> ModuleState | None:
        """No chips yet: each round's start hands out 2 (R-5)."""
        return RoyaleState(chips=(0,) * players)

    # -- reactions ---------------------------------------------------------------------------

    def react(self, state: State, index: int, event: Event, log: list[Event] | None) -> State:
        """Activation (T-3), round setup (R-4, R-5, R-9, T-1, T-2), the end-of-round order
        of the tiles (T-9) and the record of each casino's higher card (R-7)."""
        kind = type(event)
        if kind is DicePlaced:
            assert isinstance(event, DicePlaced)
            tiles = state.modules[index].tiles  # type: ignore[union-attr]
            casino = event.casino
            if casino <= len(tiles):
                j = tiles[casino - 1]
                tile = state.config.modules[j]
                assert isinstance(tile, Tile)
                if log is not None or TileActivated in state.config.ruleset.reactors:
                    activated = TileActivated(casino=casino, face=tile.code, seat=event.seat)
                    state = emit(state, activated, log)
                if type(tile).activate is not _NO_ACTIVATION:  # the base class's does nothing
                    state = tile.activate(state, j, event.seat, log, event)
            return state
        if kind is CasinoPaid:
            assert isinstance(event, CasinoPaid)
            return self._casino_paid(state, index, event.casino, log)
        if kind is RoundStarted:
            return self._round_started(state, index, log)
        if kind is RoundEnded:  # the higher cards not recorded at a casino heard
            state = _record_top(state, index, len(state.casinos))
        s = state.modules[index]
        assert isinstance(s, RoyaleState)
        if not s.tiles:
            return state
        if kind is PayoutStarted:
            return start_payout(state, index, log)
        if kind is RoundEnded:
            modules = state.config.modules
            for j in s.tiles:
                tile = modules[j]
                if (
                    state.modules[j] is not None
                    and isinstance(tile, Tile)
                    and type(tile).round_end is not _NO_ROUND_END  # the base's does nothing
                ):
                    state = tile.round_end(state, j, log)
        return state

    def hears_placement(self, state: State, index: int, casino: int) -> bool:
        """Only placements at a casino holding a tile with a "when activated" effect matter
        (activation, T-3) while it can still do something (``Tile.spent``), or at any
        tile's casino while a module hears ``TileActivated``.

        >>> import lasvegas as lv
        >>> state = lv.new_game(lv.royale(3, deal=("A2", "C1", "D1")))
        >>> Royale().hears_placement(state, 0, 3), Royale().hears_placement(state, 0, 4)
        (True, False)
        >>> state = lv.new_game(lv.royale(3, deal=("B1", "C1", "D1")))  # Bad Luck: none
        >>> Royale().hears_placement(state, 0, 1)
        False
        """
        tiles = state.modules[index].tiles  # type: ignore[union-attr]
        if casino > len(tiles):
            return False
        config = state.config
        j = tiles[casino - 1]
        tile = config.modules[j]
        kind = type(tile)
        if kind.activate is not _NO_ACTIVATION and (
            kind.spent is _NEVER_SPENT or not tile.spent(state, j)
        ):
            return True
        return TileActivated in config.ruleset.reactors

    def _round_started(self, state: State, index: int, log: list[Event] | None) -> State:
        config = state.config
        s = state.modules[index]
        assert isinstance(s, RoyaleState)
        chips = tuple(c + CHIPS_PER_ROUND for c in s.chips)
        modules = list(state.modules)
        for j in s.tiles:  # last round's tiles go back to sleep
            modules[j] = None
        modules[index] = _new_royale(chips, s.bank, (), (), s.used, (), ())
        if log is not None:
            for seat in range(config.players):
                log.append(ChipsGiven(seat=seat, count=CHIPS_PER_ROUND))
        tasks = self._round_tasks(config, index, state.round)  # queued last, as push_task would
        forced = self.forced(state.round) if self.tiles else ()
        if not forced:  # the usual case: the slices and the tasks in one state
            return rebuild(state, modules=tuple(modules), tasks=(*state.tasks, *tasks))
        state = rebuild(state, modules=tuple(modules))
        faces = pool(config)
        for face in forced:
            state = self._deal_face(state, index, face, faces[face], log)
        return rebuild(state, tasks=(*state.tasks, *tasks))

    def _round_tasks(self, config: GameConfig, index: int, round: int) -> tuple[Task, ...]:
        """The setup nodes of *round*, in order: the random tile slots (T-2), the money cards
        (R-4), in round 1 the bank (T-1), with 2 players the neutral set (R-9). Checks the
        tile pool in round 1 (:meth:`check_pool`); kept with the config (tasks are
        immutable, so shared)."""
        table = config.table(_round_tasks_table)
        key = (index, round)
        cached = table.get(key)
        if cached is not None:
            return cached
        tasks: list[Task] = []
        if self.tiles:
            if round == 1:
                self.check_pool(config)
            forced = self.forced(round)
            tasks.extend(
                TileDeal(index, casino) for casino in range(len(forced) + 1, self.tiles + 1)
            )
        tasks.append(CardDeal(index))
        params = config.ruleset.params
        if self.tiles and round == 1:
            bank = len(params.notes) - 2 * params.casinos * params.rounds
            if bank > 0:
                tasks.append(BankDeal(index, bank))
        if params.owner("neutral", config.players) is not None:
            tasks.append(NeutralSetRoll(index, "neutral"))
            tasks.append(NeutralSetRoll(index, "big"))
        if len(table) >= _TABLE_LIMIT:
            table.clear()
        cached = table[key] = tuple(tasks)
        return cached

    def _deal_face(
        self,
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
        casino = len(s.deal) + 1
        config = state.config
        tile = config.modules[tile_index]
        assert isinstance(tile, Tile)
        slices = list(state.modules)
        slices[index] = _new_royale(
            s.chips,
            s.bank,
            (*s.deal, face),
            (*s.tiles, tile_index),
            (*s.used, face),
            s.top,
            s.pending,
        )
        quiet = (
            log is None
            and type(tile).setup is _BASE_SETUP
            and TileDealt not in config.ruleset.reactors
        )
        if quiet:
            # Nobody hears the deal and the setup only sets the tile's slice: both in one state.
            # The fresh slice depends on the config and the casino alone (Tile.fresh reads
            # only the config): built once per config, tile and casino, then shared.
            table = config.table(_fresh_table)
            key = tile_index * (MAX_TILES + 1) + casino
            fresh = table.get(key)
            if fresh is None:
                if len(table) >= _TABLE_LIMIT:
                    table.clear()
                fresh = table[key] = tile.fresh(state, casino)
            slices[tile_index] = fresh
        state = rebuild(state, modules=tuple(slices), tasks=state.tasks[1:] if pop else None)
        if quiet:  # the fresh slice is in: the base setup has nothing left to do
            return state
        if log is not None or TileDealt in config.ruleset.reactors:
            state = emit(state, TileDealt(casino=casino, face=face), log)
        return tile.setup(state, tile_index, casino, log)

    def hears_paid(self, state: State, index: int, casino: int) -> bool:
        """Only the casinos whose tile has a "during payout" effect and is in play (T-9 (3))
        matter: who took each casino's higher card (R-7) is recorded at the next casino heard,
        or when the round ends, from the casinos' dice (paying a casino moves no dice).

        >>> import lasvegas as lv
        >>> state = lv.new_game(lv.royale(3, deal=("G1", "A2", "D1")))  # Black Box at 1
        >>> [Royale().hears_paid(state, 0, casino) for casino in (1, 2, 4)]
        [True, False, False]
        """
        return self._payout_tile(state, index, casino) >= 0

    @staticmethod
    def _payout_tile(state: State, index: int, casino: int) -> int:
        """The module index of the tile at *casino* if it is in play and has a "during
        payout" effect, else ``-1``."""
        tiles: tuple[int, ...] = state.modules[index].tiles  # type: ignore[union-attr]
        if casino > len(tiles):
            return -1
        j = tiles[casino - 1]
        tile = state.config.modules[j]
        if (
            state.modules[j] is None
            or not isinstance(tile, Tile)
            or type(tile).during_payout is _NO_DURING_PAYOUT  # the base's does nothing
        ):
            return -1
        return j

    def _casino_paid(self, state: State, index: int, casino: int, log: list[Event] | None) -> State:
        """T-9 (3): the tile's "during payout" effect, once the higher cards up to here are
        recorded (R-7); nothing at a casino :meth:`hears_paid` passes over."""
        j = self._payout_tile(state, index, casino)
        if j < 0:
            return state
        tile: Tile = state.config.modules[j]  # type: ignore[assignment]
        return tile.during_payout(_record_top(state, index, casino), j, log)

    # -- the pass (R-5, R-10) ------------------------------------------------------------------

    def offer(self, state: State, index: int, seat: Seat) -> tuple[Action, ...]:
        """:class:`PayChip` while *seat* holds a chip (R-10); not when every face rolled points
        at a closed casino, where the turn passes for free (T-7)."""
        if not state.modules[index].chips[seat]:  # type: ignore[union-attr]
            return ()
        ruleset = state.config.ruleset
        closers = ruleset.closers
        if closers:
            # Usually every closer (No Entry!) sleeps: then nothing is closed, and the
            # engine's closed_casinos (one call more per placement decision) can't say more.
            slices = state.modules
            sleepers = ruleset.sleepers
            for i in closers:
                if slices[i] is not None or i not in sleepers:
                    break
            else:
                return _PAY
            closed = closed_casinos(state)  # as the engine just answered it (remembered)
            if closed:
                for group in state.rolled:  # a plain loop: all() and a generator cost more
                    if not closed.issuperset(group):
                        return _PAY
                return ()
        return _PAY

    # -- tasks: the round's setup chance nodes ---------------------------------------------------

    def task_to_move(self, state: State, index: int, task: Task) -> Seat | Chance:
        """Every Royale task is a chance node."""
        return CHANCE

    def deal_options(self, state: State, index: int) -> tuple[tuple[str, Fraction], ...]:
        """The faces the next random tile slot may get, with their probabilities (T-2).

        A physical tile is drawn uniformly among those with a face still available (not
        dealt this round; with ``no_repeat``, not dealt before nor forced in any round), then
        one of its available faces uniformly.

        >>> import lasvegas as lv
        >>> config = lv.GameConfig(3, "royale", (Royale(tiles=2), lv.Jackpot(), lv.HighFive(), lv.BadLuck()))
        >>> config.modules[0].deal_options(lv.new_game(config), 0)
        (('A2', Fraction(1, 2)), ('C1', Fraction(1, 4)), ('C2', Fraction(1, 4)))
        """
        by_letter = self._available(state, index)
        n = len(by_letter)
        return tuple(
            (code, Fraction(1, n * len(faces))) for faces in by_letter.values() for code in faces
        )

    def _available(self, state: State, index: int) -> dict[str, list[str]]:
        """The faces the next slot may get, by physical tile (see :meth:`deal_options`)."""
        s = state.modules[index]
        assert isinstance(s, RoyaleState)
        config = state.config
        if not self.no_repeat:  # then the answer depends on the letters dealt alone: cache it
            letters = 0  # the letters dealt, as bits: at most 256 keys
            for face in s.deal:
                letters |= 1 << (ord(face[0]) & 31)
            table = config.table(_available_table)
            cached = table.get(letters)
            if cached is None:
                if len(table) >= _TABLE_LIMIT:
                    table.clear()
                cached = table[letters] = self._find_available(state, s)
            return cached
        return self._find_available(state, s)

    def _find_available(self, state: State, s: RoyaleState) -> dict[str, list[str]]:
        dealt = {face[0] for face in s.deal}
        blocked: set[str] = set()
        if self.no_repeat:
            blocked.update(s.used)
            for faces in self.deal:
                blocked.update(faces)
        by_letter: dict[str, list[str]] = {}
        for code in _sorted_pool(state.config):
            if code[0] not in dealt and code not in blocked:
                by_letter.setdefault(code[0], []).append(code)
        if not by_letter:
            raise ConfigError("no tile face is left to deal (check the pool and no_repeat)")
        return by_letter

    def _can_deal(self, state: State, index: int, action: Action) -> bool:
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
        blocked = self.no_repeat and (face in s.used or any(face in f for f in self.deal))
        return not blocked

    def task_chance(
        self, state: State, index: int, task: Task
    ) -> tuple[tuple[Action, Fraction], ...]:
        """The outcomes of the setup node *task*, with exact probabilities."""
        if isinstance(task, CardDeal | BankDeal):
            if state.pile_hidden:
                return tuple((Draw(v), p) for v, p in multiset_draw_distribution(state.pile_hidden))
            return ((Draw(state.pile_returned[0]), Fraction(1)),)
        if isinstance(task, TileDeal):
            return tuple((DealTile(face), p) for face, p in self.deal_options(state, index))
        assert isinstance(task, NeutralSetRoll)
        k = self._neutral_dice(state, task.group)
        return tuple((Roll(faces, task.group), p) for faces, p in roll_distribution(k))

    def task_sample(self, state: State, index: int, task: Task, rng: Rng) -> Action:
        """One outcome of the setup node *task*, drawn directly with *rng*."""
        kind = type(task)
        if kind is CardDeal or kind is BankDeal:
            hidden = state.pile_hidden
            value = hidden[rng.below(len(hidden))] if hidden else state.pile_returned[0]
            draw = _DRAWS.get(value)
            if draw is None:
                if len(_DRAWS) >= 10_000:  # bounded, whatever it is asked
                    _DRAWS.clear()
                draw = _DRAWS[value] = Draw(value)
            return draw
        if isinstance(task, TileDeal):
            by_letter = self._available(state, index)
            letters = list(by_letter)  # in order: built from the sorted pool
            faces = by_letter[letters[rng.below(len(letters))]]
            face = faces[rng.below(len(faces))]
            deal = _DEAL_TILES.get(face)
            if deal is None:
                if len(_DEAL_TILES) >= 10_000:  # bounded, whatever it is asked
                    _DEAL_TILES.clear()
                deal = _DEAL_TILES[face] = DealTile(face)
            return deal
        assert isinstance(task, NeutralSetRoll)
        return Roll(rng.dice(self._neutral_dice(state, task.group)), task.group)

    @staticmethod
    def _neutral_dice(state: State, group: str) -> int:
        dice = state.config.ruleset.params.dice
        return dice[REGULAR] if group == "neutral" else dice[BIG]

    def perform(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Apply :class:`PayChip` (R-5) or the outcome of a setup chance node."""
        tasks = state.tasks
        if not tasks:  # PayChip: one chip less, and the turn passes
            assert type(action) is PayChip
            seat = state.active
            s: RoyaleState = state.modules[index]  # type: ignore[assignment]
            chips = s.chips
            if not chips[seat]:  # pragma: no cover - offered only while the seat holds one
                state = take_chips(state, seat, 1)  # raises
            # take_chips(state, seat, 1), then end_turn, building one state
            row = list(chips)
            row[seat] -= 1
            slices = list(state.modules)
            slices[index] = _new_royale(
                tuple(row), s.bank, s.deal, s.tiles, s.used, s.top, s.pending
            )
            if log is None and TurnPassed not in state.config.ruleset.reactors:
                # Nothing comes between the pass and the next turn: build that state at once.
                return next_turn(state, tuple(slices))
            state = make_state(
                state.config,
                state.round,
                Phase.TURN_END,
                0,
                state.start,
                seat,
                state.supply,
                _NO_ROLL,
                state.casinos,
                state.pile_hidden,
                state.pile_returned,
                state.money,
                tuple(slices),
                state.tasks,
            )
            if log is not None or TurnPassed in state.config.ruleset.reactors:
                state = emit(state, TurnPassed(seat=seat, reason="chip"), log)
            return state
        task = tasks[0]
        kind = type(task)
        if kind is not BankDeal and kind is not CardDeal:
            if isinstance(task, TileDeal):
                return self._tile_dealt(state, index, action, task, log)
            assert isinstance(task, NeutralSetRoll)
            return self._neutral_roll(state, action, task, log)
        # One money card drawn: onto the round's pairs or into the bank (T-1). The hot
        # path of the setup (90 draws a game), so it is written out here rather than in a
        # helper method (one call less per draw).
        value = action.value if type(action) is Draw else None
        if type(value) is not int:
            raise _illegal(state, action, task, "a money card draw is next")
        hidden = state.pile_hidden
        returned = state.pile_returned
        if hidden:
            i = bisect_left(hidden, value)
            if i == len(hidden) or hidden[i] != value:
                raise _illegal(state, action, task, "no such card is left in the pile")
            hidden = hidden[:i] + hidden[i + 1 :]
        elif returned and value == returned[0]:
            returned = returned[1:]
        else:
            raise _illegal(state, action, task, "the next card is known and is another one")
        if kind is BankDeal:
            # The bank deal (T-1): 54 draws in round 1, so the slice, the modules and the
            # tasks are built with as few intermediate tuples as possible.
            r: RoyaleState = state.modules[index]  # type: ignore[assignment]
            bank = list(r.bank)
            insort(bank, value)  # the bank stays sorted
            slices = list(state.modules)
            slices[index] = _new_royale(
                r.chips, tuple(bank), r.deal, r.tiles, r.used, r.top, r.pending
            )
            left = task.left - 1  # type: ignore[attr-defined]
            if left:
                key = left * _MAX_MODULES + index  # an int key: no tuple to build and hash
                following = _BANK_DEALS.get(key)
                if following is None:
                    if len(_BANK_DEALS) >= 10_000:  # bounded, whatever it is asked
                        _BANK_DEALS.clear()
                    following = _BANK_DEALS[key] = (BankDeal(index, left),)
                tasks = following if len(tasks) == 1 else (following[0], *tasks[1:])
            else:
                tasks = tasks[1:]
            state = make_state(
                state.config,
                state.round,
                state.phase,
                state.cursor,
                state.start,
                state.active,
                state.supply,
                state.rolled,
                state.casinos,
                hidden,
                returned,
                state.money,
                tuple(slices),
                tasks,
            )
            if log is not None or CardBanked in state.config.ruleset.reactors:
                state = emit(state, CardBanked(value=value), log)
            return state
        drawn = (*task.drawn, value)  # type: ignore[attr-defined]
        casinos = state.casinos
        if len(drawn) < 2 * len(casinos):
            if len(tasks) == 1:
                tasks = (_new_card_deal(index, drawn),)
            else:
                tasks = (_new_card_deal(index, drawn), *tasks[1:])
            pairs = None
        else:  # the last card: the pairs go onto the casinos in the same state
            tasks = tasks[1:]
            pairs = _rank_pairs(drawn)
            casinos = tuple(
                [make_casino(pair, c.dice, c.big) for pair, c in zip(pairs, casinos, strict=True)]
            )
        state = make_state(
            state.config,
            state.round,
            state.phase,
            state.cursor,
            state.start,
            state.active,
            state.supply,
            state.rolled,
            casinos,
            hidden,
            returned,
            state.money,
            state.modules,
            tasks,
        )
        if pairs is not None and (log is not None or NoteDealt in state.config.ruleset.reactors):
            for number, pair in enumerate(pairs, 1):
                for card in pair:
                    state = emit(state, NoteDealt(casino=number, value=card), log)
        return state

    def _tile_dealt(
        self, state: State, index: int, action: Action, task: TileDeal, log: list[Event] | None
    ) -> State:
        """The outcome of a tile deal node (T-2), checked."""
        if self.no_repeat:
            ok = self._can_deal(state, index, action)
        else:  # the table of _available is cached then: a dict lookup answers at once
            face = action.face if type(action) is DealTile else None
            ok = type(face) is str and face in self._available(state, index).get(face[:1], ())
        if not ok:
            options = {f for faces in self._available(state, index).values() for f in faces}
            if type(action) is not DealTile or action.face not in options:
                raise _illegal(state, action, task, "not a face that can be dealt now")
        assert isinstance(action, DealTile)
        face = action.face
        return self._deal_face(state, index, face, pool(state.config)[face], log, pop=True)

    def _neutral_roll(
        self, state: State, action: Action, task: NeutralSetRoll, log: list[Event] | None
    ) -> State:
        k = self._neutral_dice(state, task.group)
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
        state = pop_task(rebuild(state, casinos=tuple(casinos)))
        return emit(state, DiceRolled(seat=None, group=task.group, faces=action.faces), log)

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """Royale's setup tasks hide nothing (the cards drawn so far lie face up)."""
        return task

    def capabilities(self) -> Capabilities:
        """Declares the optional capabilities below (action space, casino labels, describe action)."""
        return Capabilities(
            action_space=self.action_space,
            casino_labels=self.casino_labels,
            describe_action=self.describe_action,
            notes_name="cards",
            score_name="chips",
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """The module's one decision: paying a chip to pass (R-5).

        >>> Royale().action_space(3)
        (PayChip(),)
        """
        return _PAY

    def casino_labels(self, state: State, index: int) -> tuple[str | None, ...]:
        """The names of this round's tiles at casinos 1, 2, ... (for a view's ``casino_tiles``)."""
        s = state.modules[index]
        assert isinstance(s, RoyaleState)
        return tuple(face_name(code) for code in s.deal)

    def describe_action(self, state: State, index: int, action: Action) -> str | None:
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

    # -- next round, standings, accounting ----------------------------------------------------

    def next_start(self, state: State, index: int) -> Seat | None:
        """R-7: whoever took the higher card at casino 6, else 5, ...; imaginary owners never
        start (T-8). Nobody at all: the core's rule, the seat left of the last start."""
        s = state.modules[index]
        assert isinstance(s, RoyaleState)
        players = state.config.players
        for owner in reversed(s.top):
            if 0 <= owner < players:
                return owner
        return None

    def score(self, state: State, index: int, seat: Seat) -> Money:
        """Each chip is worth $10,000 (R-8)."""
        s = state.modules[index]
        assert isinstance(s, RoyaleState)
        return s.chips[seat] * CHIP_VALUE

    def tiebreak(self, state: State, index: int, seat: Seat) -> int:
        """Chips count with the money cards in a tie (R-8)."""
        s = state.modules[index]
        assert isinstance(s, RoyaleState)
        return s.chips[seat]

    def held_notes(self, state: State, index: int) -> tuple[Money, ...]:
        """The bank's cards, and cards drawn this round but not yet at a casino."""
        s = state.modules[index]
        assert isinstance(s, RoyaleState)
        held = s.bank
        for task in state.tasks:
            if isinstance(task, CardDeal) and task.module == index:
                held = held + task.drawn
        return held

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """The slice's own invariants: chips per seat and not negative, a sorted bank, a deal
        of tiles of the pool lying awake at their casinos, and nobody else awake.

        >>> import lasvegas as lv
        >>> state = lv.new_game(lv.royale(3, deal=("A2", "C1", "D1")))
        >>> Royale().problems(state, 0)
        ()
        """
        s = state.modules[index]
        if not isinstance(s, RoyaleState):
            return ("the Royale slice is missing",)
        found: list[str] = []
        players = state.config.players
        if len(s.chips) != players or min(s.chips, default=0) < 0:
            found.append(f"chips {s.chips} are not a count per seat")
        if list(s.bank) != sorted(s.bank):
            found.append("the bank is not kept sorted")
        if len(s.deal) != len(s.tiles) or len(s.deal) > min(self.tiles, len(state.casinos)):
            found.append(f"the deal {s.deal} does not match its tiles {s.tiles}")
            return tuple(found)
        modules = state.config.modules
        for casino, (face, j) in enumerate(zip(s.deal, s.tiles, strict=True), 1):
            tile = modules[j] if 0 <= j < len(modules) else None
            if not isinstance(tile, Tile) or tile.code != face:
                found.append(f"module {j} is not the tile {face} dealt to casino {casino}")
            elif not isinstance(lying := state.modules[j], TileState) or lying.casino != casino:
                found.append(f"tile {face} does not lie awake at casino {casino}")
        for j, m in enumerate(modules):
            if isinstance(m, Tile) and j not in s.tiles and state.modules[j] is not None:
                found.append(f"tile {m.code} is awake but not dealt")
        if len(s.top) > len(state.casinos) or any(
            not -1 <= o < state.config.ruleset.owners for o in s.top
        ):
            found.append(f"higher-card winners {s.top} are out of range")
        if any(not 1 <= c <= len(s.tiles) for c in s.pending):
            found.append(f"pending casinos {s.pending} have no tile")
        found.extend(_imaginary_problems(state))
        return tuple(found)


def _imaginary_problems(state: State) -> list[str]:
    """Dice of imaginary owners only where a rule put them (R-9, T-8).

    The neutral set's group still to roll is on no casino; a tile's imaginary dice (the
    blank dice of Handicap and Block It!) are on the casinos only while such a tile is awake.
    """
    found: list[str] = []
    params = state.config.ruleset.params
    players = state.config.players
    casinos = state.casinos
    neutral = params.owner("neutral", players)
    for task in state.tasks:
        if type(task) is NeutralSetRoll and (
            neutral is None or task.group not in ("neutral", "big") or state.phase is not Phase.FILL
        ):
            found.append(f"{task!r} is pending in a game or phase without it")
            return found
    if neutral is not None:
        for task in state.tasks:
            if type(task) is NeutralSetRoll:
                big = task.group == "big"
                if any((c.big if big else c.dice)[neutral] for c in casinos):
                    found.append(
                        f"the neutral set's {task.group} dice are placed before their roll"
                    )
    modules = state.config.modules
    names = {name for m in modules if isinstance(m, Tile) for name in m.owners}
    for name in sorted(names):
        owner = params.owner(name, players)
        if owner is None or not any(c.dice[owner] or c.big[owner] for c in casinos):
            continue
        if not any(
            isinstance(m, Tile) and name in m.owners and state.modules[j] is not None
            for j, m in enumerate(modules)
        ):
            found.append(f"{name} dice are on the casinos, but no tile that places them is awake")
    return found


def _illegal(state: State, action: Action, task: Task, message: str) -> IllegalActionError:
    return IllegalActionError(
        repr(action), f"{state.phase.value} ({task.kind})", message, "bad-chance"
    )
