"""The module author's contract, checked where it is broken.

Each mistake an author can make is refused at the first place it can be seen, with a
message naming the module and the fix, and the conformance test
(:func:`lasvegas.testing.random_sim_test`) reports it in the same words. The third-party
modules are defined here, as an author outside the package would write them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import ClassVar

import attrs
import pytest

import lasvegas as lv
from lasvegas.engine import end_turn, pop_task, push_task, set_slice
from lasvegas.modules.contract import config_problems, money_hint, slice_problems
from lasvegas.state import evolve
from lasvegas.testing import SimulationError, random_sim_test


@attrs.frozen
class Shrug(lv.Action):
    """Pass instead of placing (the dice stay in the supply)."""

    kind: ClassVar[str] = "test-contract-shrug"


@attrs.frozen
class Hum(lv.Action):
    """An action no module declares."""

    kind: ClassVar[str] = "test-contract-hum"


def _shrug_space(players: int) -> tuple[lv.Action, ...]:
    return (Shrug(),)


@attrs.frozen
class NoSpace(lv.RuleModule):
    """Offers a pass but declares no action space."""

    id: ClassVar[str] = "test-contract-no-space"
    actions: ClassVar[tuple[type[lv.Action], ...]] = (Shrug,)

    def offer(self, state: lv.State, index: int, seat: int) -> tuple[lv.Action, ...]:
        return (Shrug(),)

    def perform(
        self, state: lv.State, index: int, action: lv.Action, log: list[lv.Event] | None
    ) -> lv.State:
        return end_turn(state)


def test_an_offer_without_an_action_space_is_refused_when_the_config_is_built() -> None:
    """A module that offers actions but declares no action space is refused by GameConfig
    (it used to pass the conformance test, then crash PettingZoo with a bare KeyError)."""
    with pytest.raises(lv.ConfigError) as caught:
        lv.classic(3, NoSpace())
    message = str(caught.value)
    assert "module 'test-contract-no-space' offers actions" in message
    assert "declares no action space" in message
    assert "Capabilities(action_space=...)" in message


@attrs.frozen
class SpaceUndeclared(NoSpace):
    """Lists its pass in its action space without declaring the type."""

    id: ClassVar[str] = "test-contract-space-undeclared"
    actions: ClassVar[tuple[type[lv.Action], ...]] = ()

    def capabilities(self) -> lv.Capabilities:
        return lv.Capabilities(action_space=_shrug_space)


def test_an_undeclared_action_type_in_the_action_space_is_refused_when_built() -> None:
    """An action type the module offers (its action space lists it) but does not declare in
    ``actions`` is refused by GameConfig, naming the module, the type and the fix."""
    expected = (
        "module 'test-contract-space-undeclared' offers Shrug actions but does not declare "
        "the type: add Shrug to SpaceUndeclared.actions"
    )
    with pytest.raises(lv.ConfigError, match=re.escape(expected)):
        lv.classic(3, SpaceUndeclared())
    assert config_problems((SpaceUndeclared(),), 3)[0].startswith(expected)


@attrs.frozen
class OfferUndeclared(NoSpace):
    """Declares its pass, but offers an undeclared Hum too."""

    id: ClassVar[str] = "test-contract-offer-undeclared"

    def offer(self, state: lv.State, index: int, seat: int) -> tuple[lv.Action, ...]:
        return (Shrug(), Hum())

    def capabilities(self) -> lv.Capabilities:
        return lv.Capabilities(action_space=_shrug_space)


def test_an_offered_undeclared_action_is_refused_naming_the_module() -> None:
    """An offered action of a type the module does not declare is refused, when applied,
    as the module's mistake (it used to be refused with "seat 0 must place dice"); the
    conformance test reports it in the same words."""
    expected = (
        "module 'test-contract-offer-undeclared' offers Hum actions but does not declare the "
        "type: add Hum to OfferUndeclared.actions"
    )
    config = lv.classic(3, OfferUndeclared())
    state = lv.new_game(config)
    while lv.to_move(state) is lv.CHANCE:
        state = lv.apply(state, lv.sample_chance(state, lv.Rng(1)))
    assert Hum() in lv.legal_actions(state)
    with pytest.raises(lv.ConfigError, match=re.escape(expected)):
        lv.apply(state, Hum())
    with pytest.raises(SimulationError, match=re.escape(expected)):
        random_sim_test(config, games=1)


@attrs.frozen
class ListSlice(lv.ModuleState):
    """A slice holding a list: unhashable."""

    kind: ClassVar[str] = "test-contract-list-slice"
    used: tuple[int, ...] = ()
    """What the module keeps (the modules below put a list here: the mistake under test)."""


@attrs.frozen
class ListAtStart(lv.RuleModule):
    """Starts with a list in its slice."""

    id: ClassVar[str] = "test-contract-list-at-start"
    state_type: ClassVar[type[lv.ModuleState] | None] = ListSlice

    def initial_state(self, players: int) -> lv.ModuleState | None:
        return ListSlice(used=[])  # type: ignore[arg-type]


LIST_WORDS = (
    "its slice ListSlice holds a list in field 'used', and a slice must be immutable and "
    "hashable: use a tuple (or frozenset) instead of a list"
)


def test_an_unhashable_slice_is_refused_when_the_game_starts() -> None:
    """A slice holding a list is refused by new_game, naming the module and the field (it
    used to start a game and then fail in attrs' ``__hash__``)."""
    config = lv.classic(3, ListAtStart())
    with pytest.raises(lv.ConfigError) as caught:
        lv.new_game(config)
    assert str(caught.value) == f"module 'test-contract-list-at-start': {LIST_WORDS}"


@attrs.frozen
class ListLater(lv.RuleModule):
    """Puts a list into its slice at its first turn."""

    id: ClassVar[str] = "test-contract-list-later"
    state_type: ClassVar[type[lv.ModuleState] | None] = ListSlice
    listens: ClassVar[tuple[type[lv.Event], ...]] = (lv.TurnStarted,)

    def initial_state(self, players: int) -> lv.ModuleState | None:
        return ListSlice()

    def react(
        self, state: lv.State, index: int, event: lv.Event, log: list[lv.Event] | None
    ) -> lv.State:
        return set_slice(state, index, ListSlice(used=[1]))  # type: ignore[arg-type]


def test_the_conformance_test_reports_an_unhashable_slice_in_the_same_words() -> None:
    """A slice that becomes unhashable in play: random_sim_test names the module and the
    field in the words new_game uses."""
    with pytest.raises(SimulationError) as caught:
        random_sim_test(lv.classic(3, ListLater()), games=1)
    assert f"module 'test-contract-list-later': {LIST_WORDS}" in str(caught.value)


@attrs.frozen
class TupleSlice(lv.RuleModule):
    """Returns a bare tuple as its slice."""

    id: ClassVar[str] = "test-contract-tuple-slice"

    def initial_state(self, players: int) -> lv.ModuleState | None:
        return (1, 2)  # type: ignore[return-value]  # the mistake under test


def test_an_ill_typed_slice_is_refused_when_the_game_starts() -> None:
    """A slice that is no ModuleState is refused by new_game, naming the module; the module's
    problem is found by slice_problems, which random_sim_test runs at every step."""
    with pytest.raises(
        lv.ConfigError,
        match="module 'test-contract-tuple-slice': its slice is a tuple, not a ModuleState",
    ):
        lv.new_game(lv.classic(3, TupleSlice()))


@attrs.frozen
class NoteBonus(lv.RuleModule):
    """Pays a bonus as a banknote out of nowhere (the mistake: bonus money is a Score)."""

    id: ClassVar[str] = "test-contract-note-bonus"
    listens: ClassVar[tuple[type[lv.Event], ...]] = (lv.DicePlaced,)

    def react(
        self, state: lv.State, index: int, event: lv.Event, log: list[lv.Event] | None
    ) -> lv.State:
        assert isinstance(event, lv.DicePlaced)
        money = list(state.money)
        money[event.seat] = (*money[event.seat], 10_000)
        return evolve(state, money=tuple(money))


def test_a_conservation_failure_names_the_step_the_modules_and_the_fix() -> None:
    """Money made out of nowhere: the conformance test names the step (its action), the
    modules that acted in it, and says that bonus money is a Score."""
    with pytest.raises(SimulationError) as caught:
        random_sim_test(lv.classic(3, NoteBonus()), games=1)
    message = str(caught.value)
    assert re.match(
        r"after step \d+ \(Place\(face=\d\); modules that acted: "
        r"'test-contract-note-bonus'\): banknotes not conserved",
        message,
    )
    assert "bonus money is a Score" in message
    assert message.endswith(money_hint())


def test_the_library_modules_keep_the_contract() -> None:
    """Every example config of the library builds, and its first state's slices are fine."""
    from lasvegas.testing import example_configs

    for config in example_configs():
        assert config_problems(config.modules, config.players) == ()
        assert slice_problems(lv.new_game(config)) == ()


@attrs.frozen
class ChooseFace(lv.Action):
    """An answer to the task below."""

    kind: ClassVar[str] = "test-contract-choose-face"
    face: int


@attrs.frozen
class AskFace(lv.Task):
    """A decision of the active seat, at each turn's start."""

    kind: ClassVar[str] = "test-contract-ask-face"
    seat: int
    """Who answers."""


@attrs.frozen
class AsksWithoutSpace(lv.RuleModule):
    """Asks a decision through a task but declares no action space."""

    id: ClassVar[str] = "test-contract-asks-without-space"
    listens: ClassVar[tuple[type[lv.Event], ...]] = (lv.TurnStarted,)
    actions: ClassVar[tuple[type[lv.Action], ...]] = (ChooseFace,)
    tasks: ClassVar[tuple[type[lv.Task], ...]] = (AskFace,)

    def react(
        self, state: lv.State, index: int, event: lv.Event, log: list[lv.Event] | None
    ) -> lv.State:
        return push_task(state, AskFace(index, state.active))

    def task_handlers(self) -> Mapping[type[lv.Task], lv.TaskHandler]:
        return {
            AskFace: lv.TaskHandler(
                lambda state, index, action, log: pop_task(state),
                to_move=lambda state, index, task: state.active,
                actions=lambda state, index, task: (ChooseFace(1), ChooseFace(2)),
            )
        }


def test_a_decision_outside_the_action_space_is_reported_by_the_conformance_test() -> None:
    """A module that asks for decisions through a task (which no config check can see)
    without an action space: the conformance test says so in the words GameConfig uses for
    an offer (PettingZoo used to fail on it with a bare KeyError)."""
    with pytest.raises(SimulationError) as caught:
        random_sim_test(lv.classic(3, AsksWithoutSpace()), games=1)
    message = str(caught.value)
    assert "module 'test-contract-asks-without-space' asks for ChooseFace answers" in message
    assert "declares no action space: return Capabilities(action_space=...)" in message
