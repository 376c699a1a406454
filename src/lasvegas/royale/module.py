"""The ``Royale`` module: the Royale rules on top of the core engine (parts R and T).

Every Royale config has one. It reacts to the core's events:

* ``RoundStarted``: 2 chips per seat (R-5), the tile deal (T-2: forced faces from the
  ``deal`` option, then one chance node :class:`DealTile` per random slot), the 12 money
  cards in pair order (one ``Draw`` each) ranked onto the casinos (R-4), in round 1 of the
  main game the bank (one ``Draw`` per bank card, T-1; what is never drawn is the reserve),
  and with 2 players the neutral set's two rolls (R-9: ``Roll(group="neutral")`` for the 7
  small dice, then ``Roll(group="big")`` for its Biggy): the round's setup, in
  :mod:`lasvegas.royale.deal`;
* ``DicePlaced``: activates the tile at that casino (T-3);
* the tiles that list ``TurnStarted`` or ``DicePlaced`` in their ``listens`` (Power Play)
  hear them from the engine right after Royale, and only while in play (tiles sleep,
  ``RuleModule.sleeps``);
* ``PayoutStarted``, ``CasinoPaid``, ``RoundEnded``: the end-of-round order of the tiles
  (T-9) and who took each casino's higher card (R-7).

It offers :class:`PayChip` at every placement decision (R-5, R-10), chooses the next start
player (R-7) and adds chips to the standings (R-8).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

import attrs

from ..actions import Action
from ..config import GameConfig, Params
from ..engine import closed_casinos, emit, next_turn, payout_order, set_slices, wanted
from ..errors import ConfigError
from ..events import (
    CasinoPaid,
    DicePlaced,
    Event,
    PayoutStarted,
    RoundEnded,
    RoundStarted,
    TurnPassed,
)
from ..modules.base import (
    Capabilities,
    Held,
    ModuleState,
    RuleModule,
    Score,
    Task,
    TaskHandler,
    TileInfo,
)
from ..state import Casino, Phase, State, with_turn
from ..types import CasinoNumber, Seat
from .bank import take_chips
from .components import (
    CHIP_VALUE,
    CHIPS_PER_ROUND,
    FACES,
    MAX_TILES,
    NO_REPEAT_MAX,
    face_name,
)
from .deal import (
    BankDeal,
    CardDeal,
    DealTile,
    NeutralSetRoll,
    TileDeal,
    deal_options,
    describe_setup,
    normalize_deal,
    pool,
    round_started,
    setup_handlers,
)
from .encoding import royale_segments
from .events import (
    BankPaid,
    BankReceived,
    CardBanked,
    ChipsGiven,
    DiceMoved,
    TileActivated,
    TileDealt,
)
from .state import ROYALE_ID, RoyaleState, evolve_royale, own_slice
from .tiles.base import Tile, TileState, check_codes, start_payout

if TYPE_CHECKING:
    from collections.abc import Mapping

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

    def text(self, state: State | None = None) -> str:
        """``"Seat 0 pays a chip to pass"``."""
        who = "Pay" if state is None else f"Seat {state.active} pays"
        return f"{who} a chip to pass"

    def you_text(self, state: State | None = None) -> str:
        """``"Pay a chip to pass"``."""
        return "Pay a chip to pass"


_PAY: tuple[Action, ...] = (PayChip(),)
_NO_ROLL: tuple[tuple[int, ...], ...] = ((), (), (), ())
_CODES = frozenset(code for code, _, _ in FACES)
_NO_ACTIVATION = Tile.activate
_NEVER_SPENT = Tile.spent
_NO_DURING_PAYOUT = Tile.during_payout
_NO_ROUND_END = Tile.round_end
"""The base class's effects, which do nothing: Royale skips calling them."""


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
    slices[index] = evolve_royale(s, top=top)
    return set_slices(state, tuple(slices))


def _check_tiles(value: int) -> None:
    if type(value) is not int or not 0 <= value <= MAX_TILES:
        raise ConfigError(f"tiles={value!r}: give 0 (basic game) to {MAX_TILES} tiles per round")


def _check_no_repeat(value: bool) -> None:
    if type(value) is not bool:
        raise ConfigError(f"no_repeat must be a bool, not {value!r}")


def _check_deal(value: tuple[tuple[str, ...], ...]) -> None:
    rounds: object = value
    if type(rounds) is not tuple or any(
        type(r) is not tuple or any(type(f) is not str for f in r) for r in rounds
    ):
        raise ConfigError(f"deal={value!r}: give a tuple of face-code tuples, one per round")


# -- the module --------------------------------------------------------------------------------


@attrs.frozen
class Royale(RuleModule[RoyaleState]):
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

    tiles: int = 3
    """Tiles per round, on casinos 1 .. ``tiles`` (T-2)."""
    deal: tuple[tuple[str, ...], ...] = ()
    """Forced faces per round (see ``normalize_deal``); ``()`` deals every tile at random."""
    no_repeat: bool = False
    """Deal no face twice in a game (T-2)."""

    def __attrs_post_init__(self) -> None:
        # Checked here, not by attrs validators: in the compiled build mypyc checks the type
        # of what ``attrs.field(...)`` returns in a class body, which is no option value.
        _check_tiles(self.tiles)
        _check_deal(self.deal)
        _check_no_repeat(self.no_repeat)
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
            tiles = own_slice(self, state, index).tiles
            casino = event.casino
            if casino <= len(tiles):
                j = tiles[casino - 1]
                tile = state.config.modules[j]
                assert isinstance(tile, Tile)
                if wanted(state, log, TileActivated):
                    activated = TileActivated(
                        casino=CasinoNumber(casino), face=tile.code, seat=event.seat
                    )
                    state = emit(state, activated, log)
                if type(tile).activate is not _NO_ACTIVATION:  # the base class's does nothing
                    state = tile.activate(state, j, event.seat, log, event)
            return state
        if kind is CasinoPaid:
            assert isinstance(event, CasinoPaid)
            return self._casino_paid(state, index, event.casino, log)
        if kind is RoundStarted:
            return round_started(self, state, index, log)
        if kind is RoundEnded:  # the higher cards not recorded at a casino heard
            state = _record_top(state, index, len(state.casinos))
        s = own_slice(self, state, index)
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

    def hears(self, state: State, index: int, kind: type[Event], casino: CasinoNumber) -> bool:
        """Placements matter only at a casino holding a tile with a "when activated" effect
        (activation, T-3) while it can still do something (``Tile.spent``), or at any tile's
        casino while a module hears ``TileActivated``. Payouts matter only at the casinos
        whose tile has a "during payout" effect and is in play (T-9 (3)): who took each
        casino's higher card (R-7) is recorded at the next casino heard, or when the round
        ends, from the casinos' dice (paying a casino moves no dice).

        >>> import lasvegas as lv
        >>> state = lv.new_game(lv.royale(3, deal=("A2", "C1", "D1")))
        >>> Royale().hears(state, 0, lv.DicePlaced, 3), Royale().hears(state, 0, lv.DicePlaced, 4)
        (True, False)
        >>> state = lv.new_game(lv.royale(3, deal=("B1", "C1", "D1")))  # Bad Luck: none
        >>> Royale().hears(state, 0, lv.DicePlaced, 1)
        False
        >>> state = lv.new_game(lv.royale(3, deal=("G1", "A2", "D1")))  # Black Box at 1
        >>> [Royale().hears(state, 0, lv.CasinoPaid, casino) for casino in (1, 2, 4)]
        [True, False, False]
        """
        if kind is not DicePlaced:
            return self._payout_tile(state, index, casino) >= 0
        tiles = state.modules[index].tiles  # type: ignore[union-attr]
        if casino > len(tiles):
            return False
        config = state.config
        j = tiles[casino - 1]
        tile = config.modules[j]
        tile_kind = type(tile)
        if tile_kind.activate is not _NO_ACTIVATION and (
            tile_kind.spent is _NEVER_SPENT or not tile.spent(state, j)
        ):
            return True
        return TileActivated in config.ruleset.reactors

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
        recorded (R-7); nothing at a casino :meth:`hears` passes over."""
        j = self._payout_tile(state, index, casino)
        if j < 0:
            return state
        tile: Tile = state.config.modules[j]  # type: ignore[assignment]
        return tile.during_payout(_record_top(state, index, casino), j, log)

    # -- the pass (R-5, R-10) ------------------------------------------------------------------

    def offer(self, state: State, index: int, seat: Seat) -> tuple[Action, ...]:
        """:class:`PayChip` while *seat* holds a chip (R-10); not when every face rolled points
        at a closed casino, where the turn passes for free (T-7)."""
        if not own_slice(self, state, index).chips[seat]:
            return ()
        if state.config.ruleset.closers:
            closed = closed_casinos(state)  # usually nothing: No Entry! sleeps
            if closed:
                for group in state.rolled:  # a plain loop: all() and a generator cost more
                    if not closed.issuperset(group):
                        return _PAY
                return ()
        return _PAY

    # -- tasks: the round's setup chance nodes (lasvegas.royale.deal) ----------------------------

    def task_handlers(self) -> Mapping[type[Task], TaskHandler]:
        """The setup's chance nodes, one handler per task type (:func:`~lasvegas.royale.deal.setup_handlers`)."""
        return setup_handlers(self)

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
        return deal_options(self, state, index)

    def perform(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Apply :class:`PayChip` (R-5): one chip less, and the turn passes."""
        seat = state.active
        s = own_slice(self, state, index)
        chips = s.chips
        if not chips[seat]:  # pragma: no cover - offered only while the seat holds one
            state = take_chips(state, seat, 1)  # raises
        # take_chips(state, seat, 1), then end_turn, building one state
        row = list(chips)
        row[seat] -= 1
        slices = list(state.modules)
        slices[index] = evolve_royale(s, chips=tuple(row))
        if not wanted(state, log, TurnPassed):
            # Nothing comes between the pass and the next turn: build that state at once.
            return next_turn(state, tuple(slices))
        state = with_turn(
            state,
            phase=Phase.TURN_END,
            cursor=0,
            active=seat,
            supply=state.supply,
            rolled=_NO_ROLL,
            casinos=state.casinos,
            modules=tuple(slices),
        )
        if wanted(state, log, TurnPassed):
            state = emit(state, TurnPassed(seat=seat, reason="chip"), log)
        return state

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """Royale's setup tasks hide nothing (the cards drawn so far lie face up)."""
        return task

    def capabilities(self) -> Capabilities:
        """The action space, the tiles' names per casino, the setup's texts, the money parts'
        names and the observation segments."""
        return Capabilities(
            action_space=self.action_space,
            casino_labels=self.casino_labels,
            casino_info=self.casino_info,
            describe_action=describe_setup,
            notes_name="cards",
            score_name="chips",
            slice_encoder=royale_segments,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """The module's one decision: paying a chip to pass (R-5).

        >>> Royale().action_space(3)
        (PayChip(),)
        """
        return _PAY

    def casino_labels(self, state: State, index: int) -> tuple[str | None, ...]:
        """The names of this round's tiles at casinos 1, 2, ... (for a view's ``casino_tiles``)."""
        s = own_slice(self, state, index)
        return tuple(face_name(code) for code in s.deal)

    def casino_info(
        self, state: State, index: int, seat: Seat | None
    ) -> tuple[TileInfo | None, ...]:
        """This round's tiles at casinos 1, 2, ...: name, rule text and public state as *seat*
        may know them (:meth:`~lasvegas.royale.tiles.Tile.info`), for a view's ``casino_info``."""
        s = state.modules[index]
        assert isinstance(s, RoyaleState)
        modules = state.config.modules
        found: list[TileInfo | None] = []
        for i in s.tiles:
            tile = modules[i]
            found.append(tile.info(state, i, seat) if isinstance(tile, Tile) else None)
        return tuple(found)

    # -- next round, standings, accounting ----------------------------------------------------

    def next_start(self, state: State, index: int) -> Seat | None:
        """R-7: whoever took the higher card at casino 6, else 5, ...; imaginary owners never
        start (T-8). Nobody at all: the core's rule, the seat left of the last start."""
        s = own_slice(self, state, index)
        players = state.config.players
        for owner in reversed(s.top):
            if 0 <= owner < players:
                return owner
        return None

    def score(self, state: State, index: int, seat: Seat) -> Score:
        """Each chip is worth $10,000, and chips count with the money cards in a tie (R-8)."""
        s = own_slice(self, state, index)
        chips = s.chips[seat]
        return Score(money=chips * CHIP_VALUE, tiebreak=chips)

    def held(self, state: State, index: int) -> Held:
        """The bank's cards, and cards drawn this round but not yet at a casino."""
        s = own_slice(self, state, index)
        held = s.bank
        for task in state.tasks:
            if isinstance(task, CardDeal) and task.module == index:
                held = held + task.drawn
        return Held(notes=held)

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """The slice's own invariants: chips per seat, not negative and no more than the rules
        can have handed out (``_chip_problems``), a sorted bank, a deal of tiles of the pool
        lying awake at their casinos, nobody else awake, and the faces dealt so far the
        game's rounds of tiles (``_deal_problems``).

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
        found.extend(self._bank_deal_problems(state, s, index))
        if not found:
            found.extend(self._deal_problems(state, s))
        if not found:
            found.extend(self._chip_problems(state, s))
        return tuple(found)

    def _bank_deal_problems(self, state: State, s: RoyaleState, index: int) -> list[str]:
        """A pending bank deal (T-1) is round 1's, of the main game, and draws the bank's
        cards not drawn yet: the notes beyond two per casino and round, less the bank's."""
        deals = [t for t in state.tasks if type(t) is BankDeal and t.module == index]
        if not deals:
            return []
        params = state.config.ruleset.params
        bank = len(params.notes) - 2 * params.casinos * params.rounds
        left = bank - len(s.bank)
        if not self.tiles or state.round != 1 or any(t.left != left or left < 1 for t in deals):
            return [
                f"a bank deal of {deals[0].left} cards is pending, not of the {max(left, 0)}"
                f" the bank is still owed in round 1 of the main game (T-1)"
            ]
        return []

    def _deal_problems(self, state: State, s: RoyaleState) -> list[str]:
        """The faces dealt so far (:attr:`RoyaleState.used`) are this module's rounds of
        tiles: ``tiles`` per round before this one, then this round's deal (T-2); each round's
        from the pool, of distinct physical tiles (X-9), its forced faces first, no face
        twice with ``no_repeat``; and a tile deal is pending for each casino still without
        its tile."""
        tiles = self.tiles
        used = s.used
        deal = s.deal
        done = tiles * (state.round - 1)
        if len(used) != done + len(deal) or used[done:] != deal:
            return [
                f"the faces dealt so far {used} are not {state.round - 1} rounds of {tiles}"
                f" tiles and this round's deal {deal}"
            ]
        faces = pool(state.config)
        for r in range(state.round):
            dealt = used[r * tiles : (r + 1) * tiles]
            forced = self.forced(r + 1)
            if (
                any(face not in faces for face in dealt)
                or len({face[0] for face in dealt}) != len(dealt)
                or dealt[: len(forced)] != forced
            ):
                return [f"round {r + 1}'s faces {dealt} are not a deal of this game (T-2, X-9)"]
        if self.no_repeat and len(set(used)) != len(used):
            return [f"a face is dealt twice with no_repeat: {used}"]
        waiting = [t.casino for t in state.tasks if type(t) is TileDeal]
        if waiting != list(range(len(deal) + 1, tiles + 1)):
            return [f"tile deals are pending for casinos {waiting}, but the deal is {deal}"]
        return []

    def _chip_problems(self, state: State, s: RoyaleState) -> list[str]:
        """No seat, and not the seats together, holds more chips than the rules can have
        handed out by now.

        Chips come from an unlimited supply (X-8) and leave by passes (R-5) and payments to
        the bank (T-1b), none of which the state records, so no count of chips is
        conserved; what the state does bound is how many can have been handed out:
        ``CHIPS_PER_ROUND`` per seat each round started (R-5), plus, each round, the tiles'
        rewards. A reward pays at most one chip per $10,000 begun
        (:func:`~lasvegas.royale.bank.chips_for`); a tile declares the most one activation
        gives (:attr:`Tile.activation_chips`; My Choice activates the others, so the round's
        largest counts for every activation) and the most its other effects give in a round
        (:attr:`Tile.round_chips`). Activation rewards go to the active seat, and a seat's
        activations that pay number at most its dice (8, R-2) each round: count the seat's
        dice in its supply, in Knockout's bar, on the golden space and on Nice Dice's tile,
        8 at the round's start. Each activation of the seat places at least one of them
        (T-3, T-6) and lowers the count, except by the effects that give one back, which pay
        nothing else (Handicap's and My Choice's return of a die, Nice Dice's move of a die
        placed onto its tile); no other move raises it (dice coming back from the bar, the
        golden space or Nice Dice's tile were counted there). In the basic game the bound is
        exact: 2 chips a seat per round. A tile that declares no bound (``None``) lifts the
        check for the game.
        """
        players = state.config.players
        dice = sum(state.config.ruleset.params.dice)
        tiles = self.tiles
        modules = state.config.modules
        faces = pool(state.config)
        paid = 0  # the most chips activations can have paid one seat
        rest = 0  # the most chips the tiles' other effects can have paid all seats
        for r in range(state.round):
            most = 0
            for face in s.used[r * tiles : (r + 1) * tiles]:
                tile = modules[faces[face]]
                assert isinstance(tile, Tile)
                per, other = tile.activation_chips, tile.round_chips
                if per is None or other is None:
                    return []
                most = max(most, per)
                rest += other
            paid += dice * most
        handed = CHIPS_PER_ROUND * state.round
        seat_most = handed + paid + rest
        found = [
            f"seat {seat} holds {count} chips; at most {seat_most} can have been handed out"
            f" by round {state.round} (R-5, X-8)"
            for seat, count in enumerate(s.chips)
            if count > seat_most
        ]
        total = sum(s.chips)
        most_total = (handed + paid) * players + rest
        if not found and total > most_total:
            found.append(
                f"the seats hold {total} chips; at most {most_total} can have been handed out"
                f" by round {state.round} (R-5, X-8)"
            )
        return found


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
