"""The engine's contract: configs, illegal actions, conservation, random games."""

from __future__ import annotations

import gc
from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lasvegas as lv
from _play import random_walk
from lasvegas.engine import end_turn, next_turn, pop_task, push_task
from lasvegas.state import evolve as evolve_state
from lasvegas.testing import check_invariants, deal, random_game, random_sim_test


@st.composite
def reachable_states(draw: st.DrawFn, config: lv.GameConfig | None = None) -> lv.State:
    """A state reached by random legal play from the start (every one is reachable)."""
    if config is None:
        players = draw(st.integers(2, 5))
        neutral = draw(st.booleans())
        config = lv.classic(players, *([lv.NeutralDice()] if neutral else []))
    rng = lv.Rng(draw(st.integers(0, 2**32)))
    steps = draw(st.integers(0, 400))
    return random_walk(config, rng, steps)


ANY_ACTION = st.one_of(
    st.builds(lv.Place, st.integers(-2, 9)),
    st.builds(lv.Place, st.integers(1, 6), target=st.integers(0, 8)),
    st.builds(
        lv.Roll,
        st.lists(st.integers(0, 7), max_size=10).map(lambda f: tuple(sorted(f))),
        st.sampled_from(["regular", "big", "neutral", "black", "bogus"]),
    ),
    st.builds(lv.Draw, st.sampled_from([0, 5, 10_000, 50_000, 90_000, 100_000])),
)


@given(reachable_states(), ANY_ACTION)
def test_illegal_actions_raise_and_leave_the_state_unchanged(
    state: lv.State, action: lv.Action
) -> None:
    """Errors: any action is either applied or refused with IllegalActionError."""
    before = hash(state)
    snapshot = attrs.asdict(state, recurse=False)
    legal = set(lv.legal_actions(state)) | {a for a, _ in lv.chance_outcomes(state)}
    if action in legal or action.canonical() in legal:  # Place(f, target=f) is Place(f)
        check_invariants(lv.apply(state, action))
    else:
        with pytest.raises(lv.IllegalActionError) as info:
            lv.apply(state, action)
        assert repr(action) in str(info.value)
        assert state.phase.value in str(info.value)
        assert info.value.reason
    assert hash(state) == before
    assert attrs.asdict(state, recurse=False) == snapshot


def test_place_at_a_chance_node_is_refused() -> None:
    """A Place while a roll is due names the roll that is due."""
    state = deal(lv.new_game(lv.classic(2)), *[[50_000]] * 6)
    with pytest.raises(lv.IllegalActionError, match=r"Place\(face=3\) in phase roll") as info:
        lv.apply(state, lv.Place(3))
    assert info.value.reason == "wrong-node"


def test_roll_at_a_decision_is_refused() -> None:
    """A Roll while a placement is due is refused."""
    state = deal(lv.new_game(lv.classic(2)), *[[50_000]] * 6)
    state = lv.apply(state, lv.Roll((1,) * 8))
    with pytest.raises(lv.IllegalActionError, match="must place dice"):
        lv.apply(state, lv.Roll((1,) * 8))


def test_draw_of_a_note_not_in_the_pile_is_refused() -> None:
    """C-4: only notes still in the unseen part can be drawn."""
    state = lv.new_game(lv.classic(2))
    with pytest.raises(lv.IllegalActionError, match="no such note"):
        lv.apply(state, lv.Draw(100_000))
    with pytest.raises(lv.IllegalActionError):
        lv.apply(state, lv.Draw(True))  # a bool is not a note value


def test_nothing_after_the_game_ended() -> None:
    """C-16: once the game is over every action is refused with reason game-over."""
    state, _ = random_game(lv.classic(2), lv.Rng(4))
    assert lv.to_move(state) is None
    assert lv.legal_actions(state) == ()
    assert lv.chance_outcomes(state) == ()
    with pytest.raises(lv.IllegalActionError) as info:
        lv.apply(state, lv.Place(1))
    assert info.value.reason == "game-over"
    with pytest.raises(lv.IllegalActionError):
        lv.sample_chance(state, lv.Rng(1))


@pytest.mark.parametrize("players", [0, 1, 6, 7, -3])
def test_impossible_player_counts(players: int) -> None:
    """C-1, X-6: the classic game takes 2-5 players (6 needs the sixth-player module)."""
    seats = "player" if players == 1 else "players"
    with pytest.raises(lv.ConfigError, match=f"^{players} {seats}: .* takes 2-5") as raised:
        lv.classic(players)
    # only 6 can be reached by adding a module, and the message says which
    assert ("module sixth-player allows 6" in str(raised.value)) == (players == 6)


def test_impossible_player_counts_whatever_the_collector_left() -> None:
    """C-1, X-6: 0, 1, 6 and 7 players raise ConfigError whatever else is defined: the hint
    tries only the library's own modules, not a user's module, nor the class a slotted attrs
    class replaced, which stays among ``RuleModule.__subclasses__()`` until the garbage
    collector frees it (its fields are attrs' field definitions, not values)."""
    gc.collect()
    gc.disable()
    try:

        @attrs.frozen
        class Widening(lv.RuleModule):
            """Doubles the most seats allowed."""

            id: ClassVar[str] = "test-widening"
            factor: int = attrs.field(default=2)
            """How much wider."""

            def configure(self, params: lv.Params, players: int) -> lv.Params:
                return attrs.evolve(params, max_players=params.max_players * self.factor)

        replaced = [
            cls
            for cls in lv.RuleModule.__subclasses__()
            if cls.__qualname__ == Widening.__qualname__ and cls is not Widening
        ]
        assert replaced  # the condition: the class before attrs made it slotted is still there
        for players in (0, 1, 6, 7):
            with pytest.raises(lv.ConfigError, match=f"^{players} player") as raised:
                lv.classic(players)
            assert "test-widening" not in str(raised.value)
            assert ("module sixth-player allows 6" in str(raised.value)) == (players == 6)
    finally:
        gc.enable()


def test_the_hint_knows_every_module_of_the_library() -> None:
    """The explicit list the player-count hint tries holds every module class the library
    defines (a new module registered with ``register_builtin_modules``)."""
    from lasvegas.config import _BUILTIN_MODULES

    gc.collect()
    defined: set[type[lv.RuleModule]] = set()
    stack = list(lv.RuleModule.__subclasses__())
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        own = cls.__module__.startswith("lasvegas.") and "__attrs_attrs__" in cls.__dict__
        if own and cls.__dict__.get("id") is not None:
            defined.add(cls)
    assert defined == set(_BUILTIN_MODULES)


@attrs.frozen
class Loud(lv.RuleModule):
    """Test module that cannot be played with :class:`Quiet`."""

    id: ClassVar[str] = "test-loud"
    conflicts: ClassVar[frozenset[str]] = frozenset({"test-quiet"})


@attrs.frozen
class Quiet(lv.RuleModule):
    """Test module that needs :class:`Loud`... or not: it only exists to conflict."""

    id: ClassVar[str] = "test-quiet"


@attrs.frozen
class Needy(lv.RuleModule):
    """Test module requiring another."""

    id: ClassVar[str] = "test-needy"
    requires: ClassVar[frozenset[str]] = frozenset({"test-quiet"})


def test_config_errors() -> None:
    """Bad mixes of modules, unknown editions and bad option types raise ConfigError."""
    with pytest.raises(lv.ConfigError, match="conflicts with module test-quiet"):
        lv.classic(3, Loud(), Quiet())
    with pytest.raises(lv.ConfigError, match="requires module test-quiet"):
        lv.classic(3, Needy())
    with pytest.raises(lv.ConfigError, match="given twice"):
        lv.classic(3, lv.NeutralDice(), lv.NeutralDice(per_player=1))
    with pytest.raises(lv.ConfigError, match="not a rule module"):
        lv.classic(3, "NeutralDice")  # type: ignore[arg-type]
    with pytest.raises(lv.ConfigError, match="unknown edition"):
        lv.GameConfig(players=3, edition="monaco")
    with pytest.raises(lv.ConfigError, match="players must be an int"):
        lv.classic(True)
    with pytest.raises(lv.ConfigError, match="hide_money"):
        lv.classic(3, hide_money=1)  # type: ignore[arg-type]


def test_module_order_does_not_matter() -> None:
    """Modules are kept in a canonical order, so configs compare equal however they were given."""
    assert lv.classic(3, Quiet(), lv.NeutralDice()) == lv.classic(3, lv.NeutralDice(), Quiet())
    assert hash(lv.classic(3, Quiet(), lv.NeutralDice())) == hash(
        lv.classic(3, lv.NeutralDice(), Quiet())
    )


@given(reachable_states())
def test_dice_and_money_are_conserved(state: lv.State) -> None:
    """C-1, C-2, C-14: dice and banknotes are conserved at every step."""
    check_invariants(state)


def test_apply_is_pure() -> None:
    """apply returns a new state and never changes the one given."""
    state = deal(lv.new_game(lv.classic(3)), *[[50_000]] * 6)
    copy = evolve_state(state)
    after = lv.apply(state, lv.Roll((1, 2, 3, 4, 5, 6, 6, 6)))
    assert state == copy
    assert after != state
    assert lv.step(state, lv.Roll((1, 2, 3, 4, 5, 6, 6, 6))).state == after


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_classic(players: int) -> None:
    """Random games of the classic game keep the engine's contract."""
    random_sim_test(lv.classic(players), games=3, seed=players)


def test_seeded_games_replay_identically() -> None:
    """Rng: a seeded random game is the same every time (golden final standings)."""
    first, actions = random_game(lv.classic(4), lv.Rng(2026))
    second, again = random_game(lv.classic(4), lv.Rng(2026))
    assert first == second
    assert actions == again
    assert lv.standings(first) == lv.standings(second)
    assert sum(lv.standings(first).money) + sum(first.pile_hidden) + sum(first.pile_returned) == (
        2_500_000
    )


def test_sample_chance_follows_the_distribution() -> None:
    """sample_chance draws outcomes with the probabilities chance_outcomes lists (frequency check)."""
    state = deal(lv.new_game(lv.classic(2)), *[[50_000]] * 6)
    state = lv.apply(state, lv.Roll((1,) * 8))
    state = lv.apply(state, lv.Place(1))
    state = lv.apply(state, lv.Roll((2,) * 7 + (3,)))
    state = lv.apply(state, lv.Place(3))
    # Seat 0 has no dice left; seat 1 rolls 7 dice.
    outcomes = lv.chance_outcomes(state)
    assert len(outcomes) == 792  # C(12, 5) sorted rolls of 7 dice
    assert sum(p for _, p in outcomes) == 1
    exact = float(sum(p for a, p in outcomes if isinstance(a, lv.Roll) and 6 not in a.faces))
    rng = lv.Rng(99)
    draws = 6000
    hits = 0
    for _ in range(draws):
        roll = lv.sample_chance(state, rng)
        assert isinstance(roll, lv.Roll)
        assert len(roll.faces) == 7
        hits += 6 not in roll.faces
    assert exact == pytest.approx((5 / 6) ** 7)
    assert abs(hits / draws - exact) < 4 * (exact * (1 - exact) / draws) ** 0.5


@attrs.frozen
class Flip(lv.Task):
    """Test chance task: a coin is flipped at every round's start (heads or tails)."""

    kind: ClassVar[str] = "test-flip"
    chance: ClassVar[bool] = True


@attrs.frozen
class Coin(lv.RuleModule):
    """Test module with a chance task type (``Task.chance``); *honest* says whether its
    handler agrees with the type (names no ``to_move``)."""

    id: ClassVar[str] = "test-coin"
    listens: ClassVar[tuple[type[lv.Event], ...]] = (lv.CasinosFilled,)
    tasks: ClassVar[tuple[type[lv.Task], ...]] = (Flip,)
    honest: bool = True

    def react(
        self, state: lv.State, index: int, event: lv.Event, log: list[lv.Event] | None
    ) -> lv.State:
        """Flip once the casinos are filled."""
        return push_task(state, Flip(module=index))

    def task_handlers(self) -> Mapping[type[lv.Task], lv.TaskHandler]:
        """The flip: chance (honest), or (dishonest) a handler naming a seat to move."""
        to_move = None if self.honest else self.task_to_move
        return {
            Flip: lv.TaskHandler(self.perform, to_move, None, self.task_chance, self.task_sample)
        }

    def task_to_move(self, state: lv.State, index: int, task: lv.Task) -> lv.Seat | lv.Chance:
        """(Dishonest) the start player."""
        return state.start

    def task_chance(
        self, state: lv.State, index: int, task: lv.Task
    ) -> tuple[tuple[lv.Action, Fraction], ...]:
        """Heads (1) or tails (2), even odds."""
        return ((lv.Roll((1,), "black"), Fraction(1, 2)), (lv.Roll((2,), "black"), Fraction(1, 2)))

    def task_sample(self, state: lv.State, index: int, task: lv.Task, rng: lv.Rng) -> lv.Action:
        """One side, drawn directly."""
        return lv.Roll((1 + rng.below(2),), "black")

    def perform(
        self, state: lv.State, index: int, action: lv.Action, log: list[lv.Event] | None
    ) -> lv.State:
        """The flip changes nothing but the queue."""
        if action not in (lv.Roll((1,), "black"), lv.Roll((2,), "black")):
            raise lv.IllegalActionError(repr(action), "flip", "heads or tails", "bad-chance")
        return pop_task(state)


def test_chance_task_type_is_a_chance_node_without_asking_the_module() -> None:
    """A task type with ``chance = True`` is a chance node: ``to_move`` answers
    CHANCE from the type (its handler names no one), ``legal_actions`` is empty, outcomes
    are sampled and applied like any chance node, and a wrong outcome is refused."""
    config = lv.classic(2, Coin())
    assert config.ruleset.handlers[Flip].to_move is None
    state = lv.new_game(config)
    rng = lv.Rng(3)
    while not state.tasks:
        state = lv.apply(state, lv.sample_chance(state, rng))
    assert state.tasks == (Flip(module=0),)
    assert lv.to_move(state) is lv.CHANCE
    assert lv.legal_actions(state) == ()
    assert lv.sample_chance(state, rng) in (lv.Roll((1,), "black"), lv.Roll((2,), "black"))
    with pytest.raises(lv.IllegalActionError):
        lv.apply(state, lv.Roll((3,), "black"))
    after = lv.apply(state, lv.Roll((2,), "black"))
    assert after.tasks == ()
    assert lv.to_move(after) is lv.CHANCE  # the first roll
    assert lv.step(state, lv.Roll((2,), "black")).state == after


def test_a_chance_task_type_agrees_with_its_handler() -> None:
    """``random_sim_test`` plays games with an honest chance task; a module whose handler
    names a seat to move for a task type declared a chance node is refused with its config
    (two answers to one question)."""
    random_sim_test(lv.classic(3, Coin()), games=2, seed=5)
    with pytest.raises(lv.ConfigError, match="Flip is always chance"):
        lv.classic(3, Coin(honest=False))


def test_next_turn_starts_the_next_seats_turn_in_one_state() -> None:
    """C-9: ``next_turn`` ends the active seat's turn with its roll unplaced and gives the
    state the engine reaches after ``end_turn`` (the next seat holding dice rolls); when no
    seat holds dice (C-11) it stays at the turn's end."""
    state = deal(lv.new_game(lv.classic(3)), *[[50_000]] * 6)
    state = lv.apply(state, lv.Roll((1, 2, 3, 4, 5, 6, 6, 6)))
    after = next_turn(state)
    assert (after.phase, after.active, after.rolled) == (lv.Phase.ROLL, 1, ((), (), (), ()))
    assert after.supply == state.supply  # the roll went back, unplaced
    assert after == evolve_state(end_turn(state), phase=lv.Phase.ROLL, cursor=0, active=1)
    # the last seat with dice passes: nobody is left to roll, the payout comes next
    empty = ((0, 0, 0, 0),) * 3
    last = evolve_state(state, supply=empty)
    assert next_turn(last).phase is lv.Phase.TURN_END


@attrs.frozen
class Seen(lv.Task):
    """Test chance task: what ``state.rolled`` held while :class:`Witness` heard a placement."""

    kind: ClassVar[str] = "test-seen"
    chance: ClassVar[bool] = True
    rolled: tuple[tuple[int, ...], ...] = ()


@attrs.frozen
class Witness(lv.RuleModule):
    """Test module: every placement queues a :class:`Seen` holding the roll it saw."""

    id: ClassVar[str] = "test-witness"
    listens: ClassVar[tuple[type[lv.Event], ...]] = (lv.DicePlaced,)
    tasks: ClassVar[tuple[type[lv.Task], ...]] = (Seen,)

    def react(
        self, state: lv.State, index: int, event: lv.Event, log: list[lv.Event] | None
    ) -> lv.State:
        """Queue what the state's roll is now."""
        return push_task(state, Seen(module=index, rolled=state.rolled))

    def task_handlers(self) -> Mapping[type[lv.Task], lv.TaskHandler]:
        """The witness's record: a chance node of one outcome."""
        return {Seen: lv.TaskHandler(self.perform, None, None, self.task_chance, self.task_sample)}

    def task_chance(
        self, state: lv.State, index: int, task: lv.Task
    ) -> tuple[tuple[lv.Action, Fraction], ...]:
        """One outcome."""
        return ((lv.Roll((1,), "black"), Fraction(1)),)

    def task_sample(self, state: lv.State, index: int, task: lv.Task, rng: lv.Rng) -> lv.Action:
        """The one outcome."""
        return lv.Roll((1,), "black")

    def perform(
        self, state: lv.State, index: int, action: lv.Action, log: list[lv.Event] | None
    ) -> lv.State:
        """Nothing but the queue."""
        if action != lv.Roll((1,), "black"):
            raise lv.IllegalActionError(repr(action), "seen", "the one outcome", "bad-chance")
        return pop_task(state)


def test_modules_hearing_a_placement_see_its_roll_which_is_cleared_after() -> None:
    """C-10 and the DicePlaced contract: the modules reacting to a roll's placement see the
    state at the turn's end with ``state.rolled`` still holding the whole roll (what Nice
    Dice reads, T-NICE-1); the state the caller gets back holds no roll, by ``apply`` as by
    ``step``, and the next turn starts from it as usual."""
    state = deal(lv.new_game(lv.classic(2, Witness())), *[[50_000]] * 6)
    roll = (1, 1, 2, 4, 4, 4, 6, 6)
    state = lv.apply(state, lv.Roll(roll))
    after = lv.apply(state, lv.Place(4))
    assert after.tasks == (Seen(module=0, rolled=(roll, (), (), ())),)
    assert (after.phase, after.rolled) == (lv.Phase.TURN_END, ((), (), (), ()))
    assert after.supply[0] == (5, 0, 0, 0)
    assert after.casinos[3].dice == (3, 0)
    assert lv.step(state, lv.Place(4)).state == after
    check_invariants(after)
    following = lv.apply(after, lv.Roll((1,), "black"))
    assert (following.phase, following.active, following.rolled) == (
        lv.Phase.ROLL,
        1,
        ((), (), (), ()),
    )
    random_sim_test(lv.classic(3, Witness()), games=2, seed=11)


@attrs.frozen
class Heard(lv.ModuleState):
    """Test slice: the casinos whose ``CasinoPaid`` reached :class:`PaidAtTwo`."""

    kind: ClassVar[str] = "test-heard"
    casinos: tuple[int, ...] = ()


@attrs.frozen
class PaidAtTwo(lv.RuleModule):
    """Test module that says it hears casino 2's payout only (``hears``) but records
    every ``CasinoPaid`` that reaches it, so a test can see which ones do."""

    id: ClassVar[str] = "test-paid-at-two"
    listens: ClassVar[tuple[type[lv.Event], ...]] = (lv.CasinoPaid,)
    state_type: ClassVar[type[lv.ModuleState] | None] = Heard

    def initial_state(self, players: int) -> lv.ModuleState | None:
        """Nothing heard yet."""
        return Heard()

    def react(
        self, state: lv.State, index: int, event: lv.Event, log: list[lv.Event] | None
    ) -> lv.State:
        """Record the casino."""
        assert isinstance(event, lv.CasinoPaid)
        heard = state.modules[index]
        assert isinstance(heard, Heard)
        slices = list(state.modules)
        slices[index] = Heard((*heard.casinos, event.casino))
        return evolve_state(state, modules=tuple(slices))

    def hears(
        self, state: lv.State, index: int, kind: type[lv.Event], casino: lv.CasinoNumber
    ) -> bool:
        """Casino 2 only."""
        return casino == 2


def test_casinos_nobody_hears_pay_without_their_events() -> None:
    """C-12 to C-14 with ``hears``: without a log, only the casinos some module hears
    are reported to the modules (the others pay in runs, without events), and every casino
    pays as it would otherwise; with a log (``step``) every ``CasinoPaid`` is reported."""
    state = deal(lv.new_game(lv.classic(2, PaidAtTwo())), *[[50_000]] * 6)
    plain = deal(lv.new_game(lv.classic(2)), *[[50_000]] * 6)
    for face in (1, 2):  # seat 0 places its 8 dice at casino 1, seat 1 at casino 2
        state = lv.apply(state, lv.Roll((face,) * 8))
        plain = lv.apply(plain, lv.Roll((face,) * 8))
        last = state
        state, plain = lv.apply(state, lv.Place(face)), lv.apply(plain, lv.Place(face))
    assert state.round == plain.round == 2
    assert state.modules[0] == Heard((2,))
    assert state.money == plain.money == ((50_000,), (50_000,))
    assert state.pile_returned == plain.pile_returned
    stepped = lv.step(last, lv.Place(2))
    assert stepped.state.modules[0] == Heard((1, 2, 3, 4, 5, 6))
    paid = [e.casino for e in stepped.events if isinstance(e, lv.CasinoPaid)]
    assert paid == [1, 2, 3, 4, 5, 6]
    assert stepped.state.money == state.money


def test_c5_a_minimum_only_where_the_core_fills_the_casinos() -> None:
    """C-5: the core fills the casinos to ``Params.minimum``; an edition whose notes a module
    deals (Royale, the card game) has no minimum rule, and a config where the core would fill
    with no minimum is refused."""
    assert lv.classic(3).ruleset.params.minimum == 50_000
    fill = lv.classic(3).ruleset.fill
    assert fill is not None
    assert (fill.minimum, fill.worth) == (50_000, None)
    for config in (lv.royale(3), lv.cardgame(3)):
        params = config.ruleset.params
        assert (params.minimum, params.fill, config.ruleset.fill) == (None, False, None)

    @attrs.frozen
    class NoMinimum(lv.RuleModule):
        """Takes the minimum away while the core still fills."""

        id: ClassVar[str] = "test-no-minimum"

        def configure(self, params: lv.Params, players: int) -> lv.Params:
            return attrs.evolve(params, minimum=None)

    with pytest.raises(lv.ConfigError, match="minimum"):
        lv.classic(3, NoMinimum())
