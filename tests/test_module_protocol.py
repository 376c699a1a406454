"""The closed module protocol: hooks that do not depend on each other, one declaration of
what a module listens to, capabilities declared (never looked up by name), casino numbers
and indexes as distinct types."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

import attrs
import pytest

import lasvegas as lv
from lasvegas.engine import closed_casinos
from lasvegas.royale.tiles import Tile
from lasvegas.royale.tiles.jackpot import JackpotThrow
from lasvegas.royale.tiles.no_entry import NoEntryClose
from lasvegas.royale.tiles.shared import BlackThrow, describe_black_throw
from lasvegas.testing import deal, setup_round, turn
from lasvegas.types import CasinoNumber

SRC = Path(lv.__file__).parent


@attrs.frozen
class _Tiebreaking(lv.RuleModule):
    """Adds one to seat 0's tie-break count and no money (R-8-like counts on their own)."""

    id: ClassVar[str] = "test-tiebreaking"

    def score(self, state: lv.State, index: int, seat: lv.Seat) -> lv.Score:
        return lv.Score(tiebreak=1) if seat == 0 else lv.Score()


def test_a_score_counts_its_tiebreak_without_money() -> None:
    """C-16, R-8: one ``score`` hook answers both parts of a seat's standings, and each
    counts on its own: a module may add to the tie-break count without adding money (no
    second hook that runs only when the first is overridden)."""
    config = lv.classic(2, _Tiebreaking())
    assert config.ruleset.scorers == (0,)
    standings = lv.standings(lv.new_game(config))
    assert standings.notes == (1, 0)
    assert standings.money == (0, 0)
    parts = lv.observe(lv.new_game(config), 0).money_parts
    assert parts is not None
    seat = parts[0]
    assert seat is not None
    assert [part.amount for part in seat] == [0, 0]


def test_r_8_chips_count_as_money_and_in_the_tie_break() -> None:
    """R-8: Royale's chips are worth $10,000 each and count with the money cards in a tie;
    K-15/K-16: the card game's chip cards are money only."""
    state = lv.new_game(lv.royale(3))
    royale = state.config.modules[0]
    chips = state.modules[0].chips  # type: ignore[union-attr]
    assert royale.score(state, 0, 0) == lv.Score(money=chips[0] * 10_000, tiebreak=chips[0])
    standings = lv.standings(state)
    assert standings.notes == chips
    card = lv.new_game(lv.cardgame(3))
    assert card.config.modules[0].score(card, 0, 0).tiebreak == 0


RULE_HOOKS = frozenset(
    {
        "configure",
        "initial_state",
        "react",
        "hears",
        "offer",
        "closed",
        "perform",
        "task_handlers",
        "payout",
        "next_start",
        "score",
        "held",
        "problems",
    }
)
"""The closed set of rule hooks: thirteen."""
VIEW_HOOKS = frozenset({"redact", "public_task", "redact_event", "resample_hidden"})
"""The hooks for views and leak tests."""


def test_the_protocol_is_a_closed_set_of_hooks() -> None:
    """``RuleModule`` has exactly the thirteen rule hooks, the four view hooks and
    ``capabilities``: nothing else a module can override (the speed hints for placements
    and payouts are one hook, ``hears``; money and tie-break counts one, ``score``), beside
    the two slice helpers a module calls and never overrides (``slice_of``, ``with_slice``)."""
    methods = {
        name
        for name, value in vars(lv.RuleModule).items()
        if callable(value) and not name.startswith("_")
    }
    assert methods == RULE_HOOKS | VIEW_HOOKS | {"capabilities", "slice_of", "with_slice"}
    assert len(RULE_HOOKS) == 13


def test_a_reaction_without_listens_is_refused() -> None:
    """``react`` is called only for the events in ``listens``: a module that overrides it
    and listens to nothing is refused when the class is made."""
    with pytest.raises(TypeError, match="listens to no event"):

        class _Deaf(lv.RuleModule):
            def react(
                self, state: lv.State, index: int, event: lv.Event, log: list[lv.Event] | None
            ) -> lv.State:
                return state


def test_a_casino_filter_without_a_casino_event_is_refused() -> None:
    """``hears`` is asked only about ``DicePlaced`` and ``CasinoPaid``: a module that
    overrides it and listens to neither is refused when the class is made."""
    with pytest.raises(TypeError, match="does not listen to CasinoPaid or DicePlaced"):

        class _Filter(lv.RuleModule):
            listens: ClassVar[tuple[type[lv.Event], ...]] = (lv.TurnStarted,)

            def hears(
                self,
                state: lv.State,
                index: int,
                kind: type[lv.Event],
                casino: lv.CasinoNumber,
            ) -> bool:
                return False


def test_one_casino_filter_serves_placements_and_payouts() -> None:
    """The filter tables come from the one ``hears`` hook and ``listens``: Royale hears both
    events, Power Play only placements."""
    config = lv.royale(3, deal=("D2", "A2", "C1"))
    ruleset = config.ruleset
    power_play = next(i for i, m in enumerate(config.modules) if m.id == "power-play")
    assert {0, power_play} <= ruleset.placement_filters
    assert 0 in ruleset.paid_filters
    assert power_play not in ruleset.paid_filters


def test_listens_builds_the_reactor_tables() -> None:
    config = lv.royale(3)
    ruleset = config.ruleset
    for i, module in enumerate(config.modules):
        for kind in module.listens:
            assert i in ruleset.reactors[kind]
    power_play = next(i for i, m in enumerate(config.modules) if m.id == "power-play")
    assert power_play in ruleset.reactors[lv.TurnStarted]
    assert power_play in ruleset.placement_filters


def test_capabilities_are_declared_once_per_config() -> None:
    """The views, text, adapters and agents read the declared capabilities."""
    config = lv.royale(3)
    declared = config.ruleset.capabilities
    assert len(declared) == len(config.modules)
    assert declared[0].notes_name == "cards"
    assert declared[0].score_name == "chips"
    hiders = {config.modules[i].id for i in config.ruleset.hiders}
    assert hiders == {"black-box", "lucky-punch"}
    assert all(declared[i].determinise is not None for i in config.ruleset.hiders)
    card = lv.cardgame(3).ruleset.capabilities[0]
    assert card.choosers is not None
    assert card.hand_labels is not None


def test_no_capability_is_looked_up_by_name() -> None:
    """No ``getattr``/``hasattr`` on a module or module class in the library's code."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in {"getattr", "hasattr"}
                and node.args
            ):
                target = ast.unparse(node.args[0])
                if "module" in target or target in {"m", "type(m)", "RuleModule"}:
                    found.append(f"{path.relative_to(SRC)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, found


def test_casino_numbers_and_indexes_are_distinct_types() -> None:
    """The hooks name casinos by 1-based number, but ``payout`` by 0-based index."""
    assert lv.RuleModule.hears.__annotations__["casino"] == "CasinoNumber"
    assert lv.RuleModule.closed.__annotations__["return"] == "frozenset[CasinoNumber]"
    assert lv.RuleModule.payout.__annotations__["casino"] == "CasinoIndex"
    assert lv.CasinoNumber(3) == 3
    assert lv.CasinoIndex(2) == 2


def test_t_7_a_closed_casino_is_a_casino_number() -> None:
    """T-7: No Entry!'s closed casino is the number under its token (casino 6 is face 6)."""
    state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("E1",))))
    state = turn(state, [1, 2, 2, 2, 2, 2, 2], 1, big=2)
    state = lv.apply(state, NoEntryClose(CasinoNumber(6)))
    assert closed_casinos(state) == frozenset({lv.CasinoNumber(6)})


def test_deal_helper_still_works_with_listening_modules() -> None:
    state = deal(lv.new_game(lv.classic(3, lv.NeutralDice())), *[[50_000]] * 6)
    assert state.tasks  # NeutralDice listens to CasinosFilled and pushed its roll


@attrs.frozen
class _Ask(lv.Task):
    """A test decision task."""

    kind: ClassVar[str] = "test-protocol-ask"


@attrs.frozen
class _Unhandled(lv.RuleModule):
    """Lists a task type but declares no handler for it."""

    id: ClassVar[str] = "test-unhandled"
    tasks: ClassVar[tuple[type[lv.Task], ...]] = (_Ask,)


def test_a_task_type_without_a_handler_is_refused() -> None:
    with pytest.raises(lv.ConfigError, match="one task handler per task type"):
        lv.classic(2, _Unhandled())


@attrs.frozen
class _Roll(lv.Task):
    """A test chance task."""

    kind: ClassVar[str] = "test-protocol-roll"
    chance: ClassVar[bool] = True


@attrs.frozen
class _Contradicting(lv.RuleModule):
    """Its chance task's handler names a seat to move: two answers to one question."""

    id: ClassVar[str] = "test-contradicting"
    tasks: ClassVar[tuple[type[lv.Task], ...]] = (_Roll,)

    def task_handlers(self) -> Mapping[type[lv.Task], lv.TaskHandler]:
        return {_Roll: lv.TaskHandler(self.perform, to_move=lambda state, index, task: 0)}


def test_a_chance_task_names_no_seat_to_move() -> None:
    with pytest.raises(lv.ConfigError, match="always chance"):
        lv.classic(2, _Contradicting())


@pytest.mark.parametrize("tile", [lv.Jackpot, lv.FiftyFifty, lv.MyChoice, lv.PrimeTime])
def test_the_black_dice_throw_is_one_shared_piece(tile: type[Tile]) -> None:
    """Jackpot's, Fifty Fifty's, My Choice's and Prime Time's throws have one handler."""
    reference = lv.Jackpot().task_handlers()[JackpotThrow]
    throws = [t for t in tile.tasks if issubclass(t, BlackThrow)]
    assert len(throws) == 1
    handler = tile().task_handlers()[throws[0]]
    assert handler.to_move is None
    assert handler.outcomes is reference.outcomes
    assert handler.sample is reference.sample
    assert tile().capabilities().describe_action is describe_black_throw


class _Encoded(lv.RuleModule):
    """Declares its own part of the adapters' observation vector (a capability)."""

    id: ClassVar[str] = "test-encoded"

    def capabilities(self) -> lv.Capabilities:
        from lasvegas.modules.observation import Segment, SegmentFill

        def segments(config: lv.GameConfig, index: int) -> list[tuple[Segment, SegmentFill]]:
            return [(Segment("test-encoded.one", (1,), 1.0, "always one"), lambda v, p: [1.0])]

        return lv.Capabilities(slice_encoder=segments)


def test_a_slice_encoder_is_a_declared_capability() -> None:
    """The observation vector takes a module's segments from its declared capabilities (no
    registry keyed by module id)."""
    from lasvegas.adapters.encoding import observation_encoder

    config = lv.classic(2, _Encoded())
    encoder = observation_encoder(config)
    segment = encoder.segment("test-encoded.one")
    vector = encoder.encode(lv.observe(lv.new_game(config), 0))
    assert vector[segment.offset] == 1.0
    royale = observation_encoder(lv.royale(3))
    assert royale.segment("royale.chips").size == 3


@attrs.frozen
class _AskAgain(lv.Task):
    """A second task type."""

    kind: ClassVar[str] = "test-ask-again"


def test_every_task_type_of_a_tile_has_its_own_handler() -> None:
    """Tiles with several decision task types (Black Box, Lucky Punch, Handicap, My Choice)
    declare one handler per type; the base class refuses a tile that would leave several
    types to one set of methods branching on the task type."""
    from lasvegas.royale.tiles import TILES

    for cls in TILES:
        handlers = cls().task_handlers()
        assert set(handlers) == set(cls.tasks), cls.__name__
        own = [handlers[t] for t in cls.tasks if not issubclass(t, BlackThrow)]
        assert len({id(h) for h in own}) == len(own), cls.__name__

    class _Twice(Tile):
        id: ClassVar[str] = "test-twice"
        code: ClassVar[str] = "A1"
        tasks: ClassVar[tuple[type[lv.Task], ...]] = (_Ask, _AskAgain)

    with pytest.raises(TypeError, match="declare a handler per type"):
        _Twice().task_handlers()
