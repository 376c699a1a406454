"""The Royale tile infrastructure (T-2, T-3, T-5 to T-11): the deal, the pool of
sleeping tiles, activation, the dice helpers, closed casinos, imaginary owners and the
end-of-round order, exercised with small test tiles defined here."""

from __future__ import annotations

import inspect
from fractions import Fraction
from pathlib import Path
from typing import ClassVar

import attrs
import pytest

import lasvegas as lv
from lasvegas.engine import emit, pop_task, push_task
from lasvegas.royale import TILES, DealTile, Royale, Tile, TileState
from lasvegas.royale.bank import reward
from lasvegas.royale.components import FACES
from lasvegas.royale.events import TileActivated, TileDealt
from lasvegas.royale.state import royale_state
from lasvegas.royale.table import SUPPLY, casino_count, imaginary_owner, move_dice, place_dice
from lasvegas.royale.tiles import activate_tile
from lasvegas.testing import (
    bank,
    chips,
    finish_round,
    random_game,
    random_sim_test,
    setup_round,
    turn,
)
from lasvegas.types import CasinoNumber

# -- test tiles --------------------------------------------------------------------------------


@attrs.frozen
class Mark(lv.Event):
    """A test tile's protocol call, in the order the calls happen."""

    kind: ClassVar[str] = "test-mark"
    label: str


@attrs.frozen
class Ack(lv.Action):
    """The answer to :class:`AskTask`."""

    kind: ClassVar[str] = "test-ack"


@attrs.frozen
class AskTask(lv.Task):
    """A decision of seat 0 a test tile asks for before payout."""

    kind: ClassVar[str] = "test-ask"


@attrs.frozen
class Probe(Tile):
    """A test tile that marks every protocol call (its face is set per subclass)."""

    id: ClassVar[str] = "test-probe"
    events: ClassVar[tuple[type[lv.Event], ...]] = (Mark,)

    def _mark(self, state: lv.State, index: int, what: str, log: list[lv.Event] | None) -> lv.State:
        casino = self.casino(state, index)
        return emit(state, Mark(f"{what}-{casino}"), log)

    def activate(
        self,
        state: lv.State,
        index: int,
        seat: int,
        log: list[lv.Event] | None,
        placed: lv.DicePlaced | None = None,
    ) -> lv.State:
        how = "placed" if placed is not None else "direct"
        return self._mark(state, index, f"activate-{how}-seat{seat}", log)

    def before_payout(self, state: lv.State, index: int, log: list[lv.Event] | None) -> lv.State:
        return self._mark(state, index, "before", log)

    def during_payout(self, state: lv.State, index: int, log: list[lv.Event] | None) -> lv.State:
        return self._mark(state, index, "during", log)

    def round_end(self, state: lv.State, index: int, log: list[lv.Event] | None) -> lv.State:
        return self._mark(state, index, "end", log)


def _probe(code: str) -> type[Probe]:
    cls = type(f"Probe{code}", (Probe,), {"id": f"test-probe-{code.lower()}", "code": code})
    return attrs.frozen(cls)


PROBES = {f"{letter}{face}": _probe(f"{letter}{face}") for letter in "ABCDEFGH" for face in (1, 2)}
"""One probe tile per face: a full pool of 16 for the deal tests."""


@attrs.frozen
class Asker(Probe):
    """Before payout, seat 0 must answer a decision (a task), then it marks again."""

    id: ClassVar[str] = "test-asker"
    code: ClassVar[str] = "B1"
    tasks: ClassVar[tuple[type[lv.Task], ...]] = (AskTask,)

    def before_payout(self, state: lv.State, index: int, log: list[lv.Event] | None) -> lv.State:
        state = self._mark(state, index, "before", log)
        return push_task(state, AskTask(index))

    def task_to_move(self, state: lv.State, index: int, task: lv.Task) -> int:
        return 0

    def task_actions(self, state: lv.State, index: int, task: lv.Task) -> tuple[lv.Action, ...]:
        return (Ack(),)

    def resolve(
        self, state: lv.State, index: int, action: lv.Action, log: list[lv.Event] | None
    ) -> lv.State:
        return self._mark(pop_task(state), index, "answered", log)


@attrs.frozen
class Mover(Probe):
    """When activated, moves one of the active seat's dice to casino 1 *without* activation
    (T-6: a rotation, a displaced die ...)."""

    id: ClassVar[str] = "test-mover"
    code: ClassVar[str] = "F2"

    def activate(
        self,
        state: lv.State,
        index: int,
        seat: int,
        log: list[lv.Event] | None,
        placed: lv.DicePlaced | None = None,
    ) -> lv.State:
        if state.supply[seat][0]:
            state = move_dice(state, seat, small=1, source=SUPPLY, target=CasinoNumber(1), log=log)
        return state


@attrs.frozen
class Placer(Probe):
    """When activated, places one of the active seat's dice at casino 1 *as a roll would*
    (T-6: Power Play's rotated die), which activates casino 1's tile."""

    id: ClassVar[str] = "test-placer"
    code: ClassVar[str] = "D2"

    def activate(
        self,
        state: lv.State,
        index: int,
        seat: int,
        log: list[lv.Event] | None,
        placed: lv.DicePlaced | None = None,
    ) -> lv.State:
        if state.supply[seat][0]:
            state = place_dice(state, seat, CasinoNumber(1), small=1, log=log)
        return state


@attrs.frozen
class Returner(Probe):
    """When activated, every die at casino 5 goes back to its owner's supply (T-10)."""

    id: ClassVar[str] = "test-returner"
    code: ClassVar[str] = "E2"

    def activate(
        self,
        state: lv.State,
        index: int,
        seat: int,
        log: list[lv.Event] | None,
        placed: lv.DicePlaced | None = None,
    ) -> lv.State:
        casino = state.casinos[4]
        for owner in range(state.config.players):
            small, big = casino.dice[owner], casino.big[owner]
            if small or big:
                state = move_dice(
                    state,
                    owner,
                    small=small,
                    big=big,
                    source=CasinoNumber(5),
                    target=SUPPLY,
                    log=log,
                )
        return state


@attrs.frozen
class Closer(Probe):
    """Closes casino 6 while in play (T-7, as No Entry! does)."""

    id: ClassVar[str] = "test-closer"
    code: ClassVar[str] = "E1"

    def closed(self, state: lv.State, index: int) -> frozenset[lv.CasinoNumber]:
        return frozenset({lv.CasinoNumber(6)}) if state.modules[index] is not None else frozenset()


@attrs.frozen
class Blank(Probe):
    """Needs the ``"blank"`` imaginary owner (T-8, as Block It! and Handicap do)."""

    id: ClassVar[str] = "test-blank"
    code: ClassVar[str] = "F1"
    owners: ClassVar[tuple[str, ...]] = ("blank",)


@attrs.frozen
class OtherBlank(Blank):
    id: ClassVar[str] = "test-other-blank"
    code: ClassVar[str] = "F2"


def config_with(*tiles: Tile, players: int = 3, **options: object) -> lv.GameConfig:
    """A Royale config whose pool is *tiles*."""
    royale = Royale(**options)  # type: ignore[arg-type]
    return lv.GameConfig(players=players, edition="royale", modules=(royale, *tiles))


def full_pool(players: int = 3, **options: object) -> lv.GameConfig:
    return config_with(*(cls() for cls in PROBES.values()), players=players, **options)


def marks(log: list[lv.Event]) -> list[str]:
    return [e.label for e in log if isinstance(e, Mark)]


# -- T-2: the deal -----------------------------------------------------------------------------


def test_t2_three_distinct_physical_tiles_with_a_random_face_each() -> None:
    """T-2, X-9: each round 3 of the 8 physical tiles, each with a random face, on casinos
    1-3: one chance node per casino; both faces of a tile are never out together."""
    state = lv.new_game(full_pool())
    first = lv.chance_outcomes(state)
    assert len(first) == 16
    assert {p for _, p in first} == {Fraction(1, 16)}
    state = lv.apply(state, DealTile("B2"))
    second = dict(lv.chance_outcomes(state))
    assert len(second) == 14
    assert DealTile("B1") not in second
    assert second[DealTile("A1")] == Fraction(1, 14)
    with pytest.raises(lv.IllegalActionError, match="not a face"):
        lv.apply(state, DealTile("B1"))
    step = lv.step(state, DealTile("A1"))
    assert TileDealt(casino=lv.CasinoNumber(2), face="A1") in step.events
    state = lv.apply(step.state, DealTile("H2"))
    assert royale_state(state).deal == ("B2", "A1", "H2")
    awake = {
        m.code: state.modules[i] for i, m in enumerate(state.config.modules) if isinstance(m, Tile)
    }
    assert awake["B2"] == TileState(lv.CasinoNumber(1))
    assert awake["A1"] == TileState(lv.CasinoNumber(2))
    assert awake["H2"] == TileState(lv.CasinoNumber(3))
    assert sum(1 for value in awake.values() if value is not None) == 3  # the rest sleep


def test_t2_the_same_face_may_come_again_by_default() -> None:
    """T-2: without no_repeat a face dealt in round 1 may be dealt again in round 2."""
    state = setup_round(lv.new_game(full_pool()), tiles=("B2", "A1", "H2"))
    state = setup_round(finish_round(state, {0: 4, 1: 5, 2: 6}), tiles=("B2", "A1", "H2"))
    assert state.round == 2
    assert royale_state(state).deal == ("B2", "A1", "H2")


def test_t2_no_repeat_deals_no_face_twice() -> None:
    """T-2 no_repeat: faces dealt before (and faces forced for any round) are not dealt; a
    physical tile with one face left is drawn as often as one with two."""
    state = setup_round(lv.new_game(full_pool(no_repeat=True)), tiles=("B2", "A1", "H2"))
    state = finish_round(state, {0: 4, 1: 5, 2: 6})
    options = dict(lv.chance_outcomes(state))
    assert DealTile("B2") not in options
    assert DealTile("A1") not in options
    assert options[DealTile("A2")] == Fraction(1, 8)
    assert options[DealTile("C1")] == Fraction(1, 16)
    forced = lv.new_game(full_pool(no_repeat=True, deal=((), (), ("C1",))))
    assert dict(lv.chance_outcomes(forced))[DealTile("C2")] == Fraction(1, 8)
    with pytest.raises(lv.ConfigError, match="at most 4"):
        full_pool(tiles=5, no_repeat=True)


def test_t2_no_repeat_with_four_tiles_never_repeats() -> None:
    """T-2: with no_repeat and 4 tiles, 12 different faces over the game (random games)."""
    config = full_pool(tiles=4, no_repeat=True)
    for seed in range(3):
        state, _ = random_game(config, lv.Rng(seed))
        used = royale_state(state).used
        assert len(used) == 12
        assert len(set(used)) == 12


@pytest.mark.parametrize("tiles", [0, 1, 6])
def test_t2_variant_zero_to_six_tiles(tiles: int) -> None:
    """T-2 variant: 0 to 6 tiles on casinos 1 .. k; 0 is the basic game (no bank either)."""
    state = lv.new_game(full_pool(tiles=tiles))
    rng = lv.Rng(tiles)
    while state.phase is not lv.Phase.ROLL:
        state = lv.apply(state, lv.sample_chance(state, rng))
    deal = royale_state(state).deal
    assert len(deal) == tiles
    assert len({face[0] for face in deal}) == tiles
    assert len(bank(state)) == (54 if tiles else 0)


def test_t2_deal_draws_from_the_registered_faces_only() -> None:
    """T-2 while only some tiles are written: the deal draws the physical tiles that have a
    face in the pool, then one of their faces in the pool; what the pool cannot deal is a
    ConfigError."""
    partial = [PROBES[code]() for code in ("A2", "C1", "C2", "D1")]
    state = lv.new_game(config_with(*partial))
    assert lv.chance_outcomes(state) == (
        (DealTile("A2"), Fraction(1, 3)),
        (DealTile("C1"), Fraction(1, 6)),
        (DealTile("C2"), Fraction(1, 6)),
        (DealTile("D1"), Fraction(1, 3)),
    )
    for bad in (
        {"tiles": 4},  # only 3 physical tiles have a face in the pool
        {"deal": (("A1",),)},  # not in the pool
        {"no_repeat": True},  # needs physical tiles with both faces in the pool
    ):
        with pytest.raises(lv.ConfigError):
            lv.new_game(config_with(*partial, **bad))
    with pytest.raises(lv.ConfigError, match="two tile modules have the face F2"):
        lv.new_game(config_with(PROBES["F2"](), Mover()))


def test_t2_a_hand_built_config_that_cannot_deal_is_refused() -> None:
    """T-2: a hand-built config whose pool cannot deal the tiles asked for is a ConfigError."""
    with pytest.raises(lv.ConfigError, match="physical tiles"):
        lv.new_game(config_with(PROBES["A1"](), tiles=2))


# -- modules that sleep, T-3 activation ----------------------------------------------------------


def test_t3_own_placement_activates_only_the_tile_at_that_casino() -> None:
    """T-3, modules that sleep: placing dice by one's own roll at a casino with a
    tile activates that tile (TileActivated, then its effect); sleeping tiles do nothing."""
    state = setup_round(lv.new_game(full_pool()), tiles=("C1", "A2", "H1"))
    log: list[lv.Event] = []
    state = turn(state, [2, 2, 5, 5, 5, 5, 5], 2, big=5, log=log)
    assert TileActivated(casino=lv.CasinoNumber(2), face="A2", seat=0) in log
    assert marks(log) == ["activate-placed-seat0-2"]
    log.clear()
    state = turn(state, [4, 2, 2, 2, 2, 2, 2], 4, big=2, log=log)
    assert marks(log) == []  # casino 4 has no tile


def test_r9_t6_neutral_dice_activate_no_tile() -> None:
    """R-9, T-6: the 2-player neutral dice are placed without activating the tiles there."""
    state = lv.new_game(full_pool(players=2, deal=(("A1", "B1", "C1"),)))
    log: list[lv.Event] = []
    while state.phase is not lv.Phase.ROLL:
        outcome = lv.chance_outcomes(state)[0][0]  # all 1s for the neutral set
        step = lv.step(state, outcome)
        log += step.events
        state = step.state
    assert state.casinos[0].weights()[2] == 9  # 7 small + the Biggy (two) at casino 1
    assert not any(isinstance(e, lv.DicePlaced) for e in log)
    assert marks(log) == []


# -- T-6: placements with and without activation ---------------------------------------------------


def test_t6_move_dice_does_not_activate() -> None:
    """T-6: a die a tile moves (a rotation, a displaced die) activates nothing: no DicePlaced."""
    state = setup_round(
        lv.new_game(config_with(PROBES["A1"](), Mover(), tiles=2)), tiles=("A1", "F2")
    )
    log: list[lv.Event] = []
    state = turn(state, [2, 3, 3, 3, 3, 3, 3], 2, big=3, log=log)
    assert marks(log) == []  # the probe at casino 1 was not activated
    assert state.casinos[0].dice[0] == 1
    assert state.supply[0] == (5, 1, 0, 0)
    assert sum(isinstance(e, lv.DicePlaced) for e in log) == 1
    assert state.active == 1  # the move was part of seat 0's turn


def test_t6_place_dice_activates_like_a_roll() -> None:
    """T-6: a placement made as a roll's (Power Play's rotated die) activates the tile."""
    state = setup_round(
        lv.new_game(config_with(PROBES["A1"](), Placer(), tiles=2)), tiles=("A1", "D2")
    )
    log: list[lv.Event] = []
    state = turn(state, [2, 3, 3, 3, 3, 3, 3], 2, big=3, log=log)
    assert marks(log) == ["activate-placed-seat0-1"]
    assert lv.DicePlaced(seat=0, face=1, casino=CasinoNumber(1), counts=(1, 0, 0, 0)) in log
    assert state.active == 1


def test_t3_activate_tile_directly_as_my_choice_would() -> None:
    """T-3, T-CHOICE-1's hook: another tile can activate a tile without placing dice; the
    tile then gets ``placed=None``; imaginary owners never activate (T-8)."""
    state = setup_round(lv.new_game(full_pool()), tiles=("C1", "A2", "H1"))
    log: list[lv.Event] = []
    activate_tile(state, lv.CasinoNumber(3), 1, log)
    assert marks(log) == ["activate-direct-seat1-3"]
    with pytest.raises(ValueError, match="T-8"):
        activate_tile(state, lv.CasinoNumber(3), 3, None)


# -- T-7: closed casinos ---------------------------------------------------------------------------


def test_t7_closed_casino_passes_the_turn_for_free() -> None:
    """T-7: a roll whose faces all point at closed casinos passes the turn with the dice kept;
    the player is not made to pay a chip (R-5's pass is not offered then)."""
    state = setup_round(lv.new_game(config_with(Closer(), tiles=1)), tiles=("E1",))
    step = lv.step(lv.apply(state, lv.Roll((6,) * 7)), lv.Roll((6,), "big"))
    assert lv.TurnPassed(seat=0, reason="closed") in step.events
    assert step.state.supply[0] == (7, 1, 0, 0)
    assert chips(step.state) == (2, 2, 2)
    state = lv.apply(lv.apply(step.state, lv.Roll((5, 6, 6, 6, 6, 6, 6))), lv.Roll((6,), "big"))
    assert lv.legal_actions(state) == (lv.Place(5), lv.PayChip())
    with pytest.raises(ValueError, match="T-7"):
        move_dice(state, 1, small=1, source=SUPPLY, target=CasinoNumber(6), log=None)


# -- T-8: imaginary owners -------------------------------------------------------------------------


def test_t8_blank_and_neutral_are_two_imaginary_owners() -> None:
    """T-8: the blank dice's owner is added once however many tiles need it; with 2 players
    the neutral set is another owner; imaginary owners take no reward."""
    config = config_with(Blank(), OtherBlank(), players=2, tiles=1)
    assert config.ruleset.params.owners == ("neutral", "blank")
    state = lv.new_game(config)
    assert imaginary_owner(state, "neutral") == 2
    assert imaginary_owner(state, "blank") == 3
    assert len(state.casinos[0].dice) == 4
    with pytest.raises(ValueError, match="T-8"):
        reward(state, 3, 20_000, None)


# -- T-9: the end-of-round order -------------------------------------------------------------------


def test_t9_end_of_round_order() -> None:
    """T-9: (1) before-payout effects casino by casino, each waiting for the tasks of the one
    before; (2)-(3) the casinos pay from 1 to 6, each tile's during-payout effect right after
    its casino; (4) the round-end effects last."""
    config = config_with(Asker(), PROBES["C1"](), PROBES["D1"](), tiles=3)
    state = setup_round(lv.new_game(config), tiles=("B1", "C1", "D1"))
    log: list[lv.Event] = []
    state = finish_round(state, {0: 4, 1: 5, 2: 6}, log)
    assert marks(log) == ["before-1"]  # casino 2's effect waits for seat 0's answer
    assert lv.to_move(state) == 0
    assert lv.legal_actions(state) == (Ack(),)
    step = lv.step(state, Ack())
    order = [
        e.label if isinstance(e, Mark) else f"paid-{e.casino}"
        for e in step.events
        if isinstance(e, Mark | lv.CasinoPaid)
    ]
    assert order == [
        "answered-1",
        "before-2",
        "before-3",
        "paid-1",
        "during-1",
        "paid-2",
        "during-2",
        "paid-3",
        "during-3",
        "paid-4",
        "paid-5",
        "paid-6",
        "end-1",
        "end-2",
        "end-3",
    ]
    ended = [i for i, e in enumerate(step.events) if isinstance(e, lv.RoundEnded)]
    assert ended
    assert ended[0] < step.events.index(Mark("end-1"))


def test_t5_a_tile_task_shows_only_its_kind_by_default() -> None:
    """T-5: a tile's pending task shows only its kind in views unless the tile makes it
    public (hidden decisions stay hidden)."""
    config = config_with(Asker(), tiles=1)
    state = finish_round(setup_round(lv.new_game(config), tiles=("B1",)), {0: 4, 1: 5, 2: 6})
    view = lv.observe(state, 1)
    assert view.tasks == (lv.TaskView(kind="test-ask", module="test-asker", task=None),)


# -- T-10, T-11 ------------------------------------------------------------------------------------


def test_t10_dice_coming_back_bring_a_finished_player_back() -> None:
    """T-10: dice returned to a supply during the round bring a seat that had finished back
    into the round (the turn order looks at who holds dice)."""
    config = config_with(Returner(), tiles=1)
    state = setup_round(lv.new_game(config), tiles=("E2",))
    state = turn(state, [5, 2, 2, 2, 2, 2, 2], 5, big=2)  # seat 0: 1 die at casino 5
    state = turn(state, [5] * 7, 5, big=5)  # seat 1: everything at casino 5, finished
    assert state.supply[1] == (0, 0, 0, 0)
    state = turn(state, [1] * 7, 1, big=1)  # seat 2 activates the returner at casino 1
    assert state.supply[0] == (7, 1, 0, 0)
    assert state.supply[1] == (7, 1, 0, 0)
    assert state.casinos[4].dice == (0, 0, 0)
    assert state.phase is lv.Phase.ROLL
    assert state.active == 0
    state = turn(state, [6] * 7, 6, big=6)
    assert state.active == 1
    assert state.phase is lv.Phase.ROLL


def test_t11_counting_dice_for_tiles() -> None:
    """T-11: a Biggy counts two; dice a tile keeps aside (a bar, a tile space) are in no
    casino."""
    state = setup_round(lv.new_game(lv.royale(3, tiles=0)))
    state = turn(state, [3, 3, 1, 1, 1, 1, 1], 3, big=3)
    assert casino_count(state, 3, 0) == 4
    state = move_dice(state, 0, big=1, source=CasinoNumber(3), target="bar", log=None)
    assert casino_count(state, 3, 0) == 2


# -- random simulations ----------------------------------------------------------------------------


def test_random_sim_full_pool_of_test_tiles() -> None:
    """random_sim_test over a full pool of 16 (test) tiles: random deals, 3 and 6 tiles."""
    random_sim_test(full_pool(players=4), games=2, seed=3)
    random_sim_test(full_pool(players=2, tiles=6), games=2, seed=4)


def test_every_registered_tile_has_its_file_tests_docs_and_export() -> None:
    """One file, one registry line, one test file and one docs page for every tile in
    the registry: the X-9 face and id, the files, the toctree entry and the export."""
    root = Path(__file__).resolve().parent.parent
    toctree = (root / "docs/rules/royale/index.md").read_text("utf-8")
    ids = {code: module_id for code, module_id, _ in FACES}
    assert [tile.code for tile in TILES] == sorted(tile.code for tile in TILES)
    for tile in TILES:
        assert ids[tile.code] == tile.id
        stem = tile.id.replace("-", "_")
        # (the module's file: a .py, or in the compiled build the extension beside it)
        assert tile.__module__ == f"lasvegas.royale.tiles.{stem}"
        assert Path(inspect.getfile(tile)).name.partition(".")[0] == stem
        assert (root / f"tests/test_tile_{stem}.py").exists()
        assert (root / f"docs/rules/royale/{tile.id}.md").exists()
        assert f"\n{tile.id}\n" in toctree
        assert getattr(lv, tile.__name__) is tile
        assert tile.__name__ in lv.__all__


@pytest.mark.parametrize(
    "config",
    [lv.royale(4), lv.royale(3, tiles=6), lv.royale(4, deal=("C1", "D2", "E1"))],
    ids=["main-4", "variant-3-six-tiles", "high-five-block-it"],
)
def test_t3_placements_nobody_hears_change_nothing(config: lv.GameConfig) -> None:
    """T-3 and the fast paths: where Royale says a placement at a tile's casino is not heard
    (a tile without an activation effect, a spent one: ``Tile.spent``, Power Play away from
    its token), skipping the activation changes nothing: ``apply`` (which skips it) and
    ``step`` (which keeps a log, so activates) reach the same state at every step."""
    royale = config.modules[0]
    assert isinstance(royale, Royale)
    skipped = 0
    for seed in range(6):
        state, rng = lv.new_game(config), lv.Rng(seed)
        while (mover := lv.to_move(state)) is not None:
            if mover is lv.CHANCE:
                action = lv.sample_chance(state, rng)
            else:
                legal = lv.legal_actions(state)
                action = legal[rng.below(len(legal))]
                tiles = royale_state(state).tiles
                if isinstance(action, lv.Place) and not state.tasks:
                    casino = action.target or action.face
                    number = lv.CasinoNumber(casino)
                    if casino <= len(tiles) and not royale.hears(state, 0, lv.DicePlaced, number):
                        skipped += 1
            after = lv.apply(state, action)
            assert lv.step(state, action).state == after
            state = after
    assert skipped > 0  # the fast path was taken at tile casinos


def test_every_tile_action_type_is_exported_from_lasvegas_royale() -> None:
    """Every action type a tile lists (its decisions' answers) is importable from
    ``lasvegas.royale`` and named in its ``__all__``, so scripts need not find decisions by
    their ``kind`` tag."""
    import sys

    import lasvegas.royale  # noqa: F401 - the package, not the config function lv.royale

    package = sys.modules["lasvegas.royale"]
    listed = {a for tile in TILES for a in tile.actions}
    assert listed
    for action in listed:
        assert action.__name__ in package.__all__, action.__name__
        assert getattr(package, action.__name__) is action
