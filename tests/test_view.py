"""Player views and redacted events (C-23)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lasvegas as lv
from lasvegas.cardgame.game import CardsCommitted, CardsPlayed
from lasvegas.engine import emit, pop_task, push_task, set_slice
from lasvegas.serde import roundtrip_problems
from lasvegas.state import evolve as evolve_state
from lasvegas.testing import (
    SimulationError,
    check_json_and_views,
    deal,
    example_configs,
    random_game,
    random_sim_test,
)
from lasvegas.view import hidden_variant

# -- a module with secrets: each seat holds a hand; the start player picks a card in secret ----


@attrs.frozen
class Hands(lv.ModuleState):
    """Each seat's hand (``None`` where the viewer may not see it) and its size."""

    kind: ClassVar[str] = "test-view-hands"
    hands: tuple[tuple[int, ...] | None, ...]
    """The cards of each seat."""
    sizes: tuple[int, ...]
    """How many cards each seat holds (public)."""


@attrs.frozen
class Pick(lv.Action):
    """Pick a card of your hand, face down."""

    kind: ClassVar[str] = "test-view-pick"
    card: int
    """The card."""


@attrs.frozen
class Choose(lv.Task):
    """The start player picks a card; ``card`` is the secret pick once made (0: not yet)."""

    kind: ClassVar[str] = "test-view-choose"
    seat: int = 0
    """Who picks."""
    card: int = 0
    """A secret: the card picked so far."""


@attrs.frozen
class Peeked(lv.Event):
    """A seat looked at a card (only that seat sees which)."""

    kind: ClassVar[str] = "test-view-peeked"
    seat: int
    """Who looked."""
    card: int | None
    """The card, or ``None`` for the others."""


def _deal(players: int) -> Hands:
    cards = [(10 * s + 1, 10 * s + 2, 10 * s + 3) for s in range(players)]
    return Hands(hands=tuple(cards), sizes=(3,) * players)


def _picks(players: int) -> tuple[lv.Action, ...]:
    """Every card a seat may pick (the cards dealt, whoever holds them)."""
    return tuple(Pick(10 * s + k) for s in range(players) for k in (1, 2, 3))


@attrs.frozen
class Secrets(lv.RuleModule):
    """A test module hiding hands, a pending pick and a peek, through the view hooks."""

    id: ClassVar[str] = "test-view-secrets"
    listens: ClassVar[tuple[type[lv.Event], ...]] = (lv.CasinosFilled,)
    actions: ClassVar[tuple[type[lv.Action], ...]] = (Pick,)
    tasks: ClassVar[tuple[type[lv.Task], ...]] = (Choose,)
    events: ClassVar[tuple[type[lv.Event], ...]] = (Peeked,)
    state_type: ClassVar[type[lv.ModuleState] | None] = Hands

    def initial_state(self, players: int) -> lv.ModuleState | None:
        """Deal three cards to each seat."""
        return _deal(players)

    def react(
        self, state: lv.State, index: int, event: lv.Event, log: list[lv.Event] | None
    ) -> lv.State:
        """The start player picks a card in secret at each round's start."""
        return push_task(state, Choose(module=index, seat=state.start))

    def capabilities(self) -> lv.Capabilities:
        """The action space: every card of the deal."""
        return lv.Capabilities(action_space=_picks)

    def task_handlers(self) -> Mapping[type[lv.Task], lv.TaskHandler]:
        """The secret pick."""
        return {Choose: lv.TaskHandler(self.perform, self.task_to_move, self.task_actions)}

    def task_to_move(self, state: lv.State, index: int, task: lv.Task) -> lv.Seat | lv.Chance:
        """The picking seat."""
        assert isinstance(task, Choose)
        return task.seat

    def task_actions(self, state: lv.State, index: int, task: lv.Task) -> tuple[lv.Action, ...]:
        """Any card of the picker's hand."""
        assert isinstance(task, Choose)
        hands = state.modules[index]
        assert isinstance(hands, Hands)
        hand = hands.hands[task.seat]
        assert hand is not None
        return tuple(Pick(c) for c in hand)

    def perform(
        self, state: lv.State, index: int, action: lv.Action, log: list[lv.Event] | None
    ) -> lv.State:
        """Look at the picked card (a secret event) and rotate the hand."""
        task = state.tasks[0]
        assert isinstance(task, Choose)
        assert isinstance(action, Pick)
        hands = state.modules[index]
        assert isinstance(hands, Hands)
        hand = hands.hands[task.seat]
        assert hand is not None
        rotated = (*hand[1:], hand[0])
        new = (*hands.hands[: task.seat], rotated, *hands.hands[task.seat + 1 :])
        state = pop_task(set_slice(state, index, attrs.evolve(hands, hands=new)))
        return emit(state, Peeked(seat=task.seat, card=action.card), log)

    def redact(self, state: lv.State, index: int, seat: lv.Seat | None) -> lv.ModuleState | None:
        """Only the viewer's own hand."""
        hands = state.modules[index]
        assert isinstance(hands, Hands)
        shown = tuple(h if s == seat else None for s, h in enumerate(hands.hands))
        return attrs.evolve(hands, hands=shown)

    def public_task(
        self, state: lv.State, index: int, task: lv.Task, seat: lv.Seat | None
    ) -> lv.Task | None:
        """Who picks is public; the pick is the picker's secret."""
        assert isinstance(task, Choose)
        return task if seat == task.seat else attrs.evolve(task, card=0)

    def redact_event(
        self, state: lv.State, index: int, event: lv.Event, seat: lv.Seat | None
    ) -> lv.Event | None:
        """Others see that a seat peeked, not at what."""
        assert isinstance(event, Peeked)
        return event if seat == event.seat else attrs.evolve(event, card=None)

    def resample_hidden(
        self, state: lv.State, index: int, seat: lv.Seat | None, rng: lv.Rng
    ) -> lv.State:
        """Deal the cards *seat* cannot see among the hands *seat* cannot see, and redraw secret picks."""
        hands = state.modules[index]
        assert isinstance(hands, Hands)
        others = [s for s in range(len(hands.hands)) if s != seat]
        pool = [c for s in others for c in hands.hands[s] or ()]
        pool = list(rng.shuffled(pool))
        new = list(hands.hands)
        for s in others:
            size = hands.sizes[s]
            new[s], pool = tuple(pool[:size]), pool[size:]
        tasks = tuple(
            attrs.evolve(t, card=rng.below(100)) if isinstance(t, Choose) and t.seat != seat else t
            for t in state.tasks
        )
        state = set_slice(state, index, attrs.evolve(hands, hands=tuple(new)))
        return evolve_state(state, tasks=tasks)

    def problems(self, state: lv.State, index: int) -> tuple[str, ...]:
        """Hands match their sizes."""
        hands = state.modules[index]
        assert isinstance(hands, Hands)
        if tuple(len(h or ()) for h in hands.hands) != hands.sizes:
            return ("hand sizes do not match",)
        return ()


@attrs.frozen
class Leaky(Secrets):
    """The same module with a bug: its views show every hand."""

    id: ClassVar[str] = "test-view-leaky"

    def redact(self, state: lv.State, index: int, seat: lv.Seat | None) -> lv.ModuleState | None:
        """Everything (the bug)."""
        return state.modules[index]


def first_pick(config: lv.GameConfig) -> lv.State:
    """A state where the start player must pick a card."""
    state = deal(lv.new_game(config), *[[50_000]] * 6)
    assert isinstance(state.tasks[0], Choose)
    return state


# -- core views -----------------------------------------------------------------------------------


def test_c23_money_is_public_by_default() -> None:
    """C-23 ruling: every seat's money and note count is in every view by default."""
    state, _ = random_game(lv.classic(3), lv.Rng(3))
    money = tuple(sum(n) for n in state.money)
    for seat in (None, 0, 1, 2):
        view = lv.observe(state, seat)
        assert view.money == money
        assert view.notes == tuple(len(n) for n in state.money)


def _before_the_end(config: lv.GameConfig, rng: lv.Rng) -> lv.State:
    """The state of a random game just before its last action (money won, game not over)."""
    _, actions = random_game(config, rng)
    state = lv.new_game(config)
    for action in actions[:-1]:
        state = lv.apply(state, action)
    assert lv.to_move(state) is not None
    return state


def test_c23_hide_money_hides_other_seats_money_and_note_counts() -> None:
    """C-23 ruling: with hide_money a seat sees only its own money; a spectator sees none."""
    state = _before_the_end(lv.classic(3, hide_money=True), lv.Rng(3))
    view = lv.observe(state, 1)
    assert view.money == (None, sum(state.money[1]), None)
    assert view.notes == (None, len(state.money[1]), None)
    assert lv.observe(state, None).money == (None, None, None)
    assert str(sum(state.money[0])) not in lv.to_json(view).split('"money"')[1].split("]")[0]


def test_c23_hidden_money_does_not_reach_the_view() -> None:
    """C-23: moving money among the seats p cannot see leaves p's view as it was; visible money does not."""
    hidden = _before_the_end(lv.classic(4, hide_money=True), lv.Rng(8))
    assert len({sum(n) for n in hidden.money[1:]}) > 1  # the deal below changes something
    other = evolve_state(
        hidden, money=(hidden.money[0], hidden.money[2], hidden.money[3], hidden.money[1])
    )
    assert lv.observe(other, 0) == lv.observe(hidden, 0)
    assert lv.observe(other, 1) != lv.observe(hidden, 1)
    shown = evolve_state(hidden, config=lv.classic(4))
    swapped = evolve_state(other, config=lv.classic(4))
    assert lv.observe(swapped, 0) != lv.observe(shown, 0)
    variant = hidden_variant(hidden, 0, lv.Rng(1))
    assert lv.observe(variant, 0) == lv.observe(hidden, 0)


def test_c23_hidden_money_is_shown_once_the_game_is_over() -> None:
    """C-23 ruling: the final count is public, so every view shows all money at the end
    (as the ``GameEnded`` event names the winners)."""
    config = lv.classic(3, hide_money=True)
    over, _ = random_game(config, lv.Rng(3))
    money = tuple(sum(n) for n in over.money)
    for seat in (None, 0, 1, 2):
        assert lv.observe(over, seat).money == money
        assert lv.observe(over, seat).notes == tuple(len(n) for n in over.money)
    assert hidden_variant(over, 0, lv.Rng(1)) == over  # nothing is hidden any more


def test_only_the_seat_to_move_sees_legal_actions() -> None:
    """A view lists legal actions for its seat when that seat is to move, never for others."""
    state = lv.apply(
        deal(lv.new_game(lv.classic(3)), *[[50_000]] * 6), lv.Roll((1, 2, 2, 3, 4, 5, 6, 6))
    )
    assert lv.observe(state, 0).legal == lv.legal_actions(state)
    assert lv.observe(state, 1).legal == ()
    assert lv.observe(state, None).legal == ()
    assert lv.observe(state, 0).to_move == 0


def test_views_hold_no_rng_and_no_pile() -> None:
    """A view's JSON holds no RNG state, seed, or pile contents: only the pile's size."""
    state = lv.new_game(lv.classic(4))
    text = lv.to_json(lv.observe(state, 2))
    keys: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            keys.update(value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(json.loads(text))
    assert not {k for k in keys if "rng" in k.lower() or "seed" in k.lower()}
    assert "pile_hidden" not in keys
    assert "pile_returned" not in keys
    assert lv.observe(state, 2).pile_size == 54


def test_observe_refuses_a_seat_that_does_not_exist() -> None:
    """Seats are None or 0 .. players-1."""
    state = lv.new_game(lv.classic(2))
    step = lv.step(state, lv.Draw(90_000))
    for seat in (2, -1, True, "0", 1.0, [0]):
        with pytest.raises(lv.ConfigError, match=r"seat must be None or 0\.\.1 in a game of 2"):
            lv.observe(state, seat)  # type: ignore[arg-type]
        with pytest.raises(lv.ConfigError, match="seat must be"):
            lv.observe_events(step, seat)  # type: ignore[arg-type]


def test_a_pending_task_shows_only_its_kind_by_default() -> None:
    """Tasks are shown by kind and module; their details only if the module says they are public."""
    state = deal(lv.new_game(lv.classic(3, lv.NeutralDice())), *[[50_000]] * 6)
    view = lv.observe(state, 0)
    assert view.tasks == (lv.TaskView(kind="neutral-roll", module="neutral-dice", task=None),)
    assert view.to_move is lv.CHANCE


def test_core_events_are_public() -> None:
    """observe_events passes the core's events to every seat and spectators."""
    state = lv.apply(deal(lv.new_game(lv.classic(2)), *[[50_000]] * 6), lv.Roll((1,) * 8))
    step = lv.step(state, lv.Place(1))
    for seat in (None, 0, 1):
        assert lv.observe_events(step, seat) == step.events


@given(st.sampled_from(example_configs()), st.integers(0, 2**32), st.integers(0, 400))
@settings(max_examples=20)
def test_views_of_every_config_leak_nothing(config: lv.GameConfig, seed: int, length: int) -> None:
    """Views: for every seat, states differing only in what it may not see look the same.

    Covers every registered example config through each module's resample_hidden hook; the
    views also round-trip through JSON and hold no RNG (check_json_and_views). The whole view
    is compared, drawing aids included: owners, casino tiles, the labels of the legal
    actions, the prompt and the money with its parts, the tiles' rule texts and public state
    (``casino_info``), the slot machine's faces, each casino's ranking and ties, the legend
    and the final standings.
    """
    rng = lv.Rng(seed)
    state = lv.new_game(config)
    actions: list[lv.Action] = []
    while len(actions) < length and (mover := lv.to_move(state)) is not None:
        action = (
            lv.sample_chance(state, rng)
            if mover is lv.CHANCE
            else rng.choice(lv.legal_actions(state))
        )
        actions.append(action)
        state = lv.apply(state, action)
    check_json_and_views(state, actions)
    for seat in (None, *range(config.players)):
        assert lv.observe(hidden_variant(state, seat, rng), seat) == lv.observe(state, seat)


def _possible(state: lv.State, action: lv.Action) -> bool:
    """Whether *action* may be applied at *state* (a chance outcome or a legal action)."""
    if lv.to_move(state) is lv.CHANCE:
        return any(action == outcome for outcome, _ in lv.chance_outcomes(state))
    return action in lv.legal_actions(state)


PUBLIC_REVEALS: dict[type[lv.Event], str] = {
    CardsPlayed: "K-13, K-18: the last commitment of a turn reveals every seat's cards at once",
}
"""Module events that show every seat what was hidden until then, and the rules that say so.

The core's events are public too, but never reveal anything: the core hides nothing but the
money of ``hide_money``, and no core event tells a seat's money (C-23).
"""


def _public_reveals(step: lv.Step) -> tuple[lv.Event, ...]:
    """The events of *step* that reveal to everybody (as the spectator sees them)."""
    return tuple(e for e in lv.observe_events(step, None) if type(e) in PUBLIC_REVEALS)


@given(st.sampled_from(example_configs()), st.integers(0, 2**32))
@settings(max_examples=20)
def test_events_of_every_config_leak_nothing(config: lv.GameConfig, seed: int) -> None:
    """A seat learns from a step's events only what it sees after the step and what the step
    reveals to everybody (K-13, K-18, C-23).

    Over a random game of every registered example config, at each step and for each seat
    *p* (and the spectator): the same action is applied to the state and to a variant that
    differs only in what *p* may not see (``hidden_variant``). When the two steps leave *p*
    the same view and reveal the same to everybody (the events of ``PUBLIC_REVEALS``, such
    as the cards of a simultaneous turn), *p*'s redacted events (``observe_events``) must be
    the same: a drawn card, a hidden fist, a secret split or an uncommitted choice never
    reaches *p* through an event. A public reveal is public: every seat is shown it as the
    spectator is.
    """
    rng = lv.Rng(seed)
    state = lv.new_game(config)
    compared = 0
    while (mover := lv.to_move(state)) is not None:
        if mover is lv.CHANCE:
            action = lv.sample_chance(state, rng)
        else:
            action = rng.choice(lv.legal_actions(state))
        result = lv.step(state, action)
        reveals = _public_reveals(result)
        for seat in (None, *range(config.players)):
            seen = lv.observe_events(result, seat)
            assert tuple(e for e in seen if type(e) in PUBLIC_REVEALS) == reveals
            variant = hidden_variant(state, seat, rng)
            if variant == state or not _possible(variant, action):
                continue  # nothing hidden differs, or the action needs what differs
            other = lv.step(variant, action)
            if (
                lv.observe(other.state, seat) == lv.observe(result.state, seat)
                and _public_reveals(other) == reveals
            ):
                assert lv.observe_events(other, seat) == seen
                compared += 1
        state = result.state
    if config.hide_money or config.edition == "cardgame":
        # other seats' money, or hands and draw piles, are hidden at every step: the
        # property was checked, not passed over
        assert compared > 0


def test_a_commitment_is_hidden_until_the_public_reveal() -> None:
    """K-13: seat 0's commitment tells seat 1 nothing; seat 1's, the last of the turn, reveals
    both seats' cards to everybody alike, so what a variant of seat 0's hidden cards reveals
    differs (a reveal, not a leak: ``test_events_of_every_config_leak_nothing`` compares the
    events where the reveals agree).
    """
    rng = lv.Rng(7)
    state = lv.new_game(lv.cardgame(2))
    while lv.to_move(state) is lv.CHANCE:
        state = lv.apply(state, lv.sample_chance(state, rng))
    assert lv.to_move(state) == 0
    committed = lv.step(state, lv.legal_actions(state)[0])
    assert lv.observe_events(committed, 1) == (CardsCommitted(seat=0),)
    state = committed.state
    assert lv.to_move(state) == 1
    action = lv.legal_actions(state)[0]
    revealed = lv.step(state, action)
    reveals = _public_reveals(revealed)
    assert [e.seat for e in reveals if isinstance(e, CardsPlayed)] == [0, 1]
    for seat in (0, 1):
        seen = lv.observe_events(revealed, seat)
        assert tuple(e for e in seen if type(e) in PUBLIC_REVEALS) == reveals
    variants = [hidden_variant(state, 1, lv.Rng(seed)) for seed in range(20)]
    others = {_public_reveals(lv.step(v, action)) for v in variants if _possible(v, action)}
    assert len(others | {reveals}) > 1


# -- modules with secrets -------------------------------------------------------------------------


def test_a_module_redacts_its_slice_per_seat() -> None:
    """Each seat sees its own hand only; a spectator sees none; sizes stay public."""
    state = first_pick(lv.classic(3, Secrets()))
    own = lv.observe(state, 1).modules[0]
    assert isinstance(own, Hands)
    assert own.hands == (None, (11, 12, 13), None)
    assert own.sizes == (3, 3, 3)
    spectator = lv.observe(state, None).modules[0]
    assert isinstance(spectator, Hands)
    assert spectator.hands == (None, None, None)
    assert "11" not in lv.to_json(lv.observe(state, 0))


def test_a_pending_task_shows_what_its_module_declares_public() -> None:
    """public_task: the picker sees its secret; others see who picks, not what."""
    state = first_pick(lv.classic(3, Secrets()))
    state = evolve_state(state, tasks=(Choose(module=0, seat=0, card=2),))
    mine = lv.observe(state, 0).tasks
    theirs = lv.observe(state, 2).tasks
    assert mine == (
        lv.TaskView("test-view-choose", "test-view-secrets", Choose(module=0, seat=0, card=2)),
    )
    assert theirs == (
        lv.TaskView("test-view-choose", "test-view-secrets", Choose(module=0, seat=0, card=0)),
    )


def test_module_events_are_redacted_per_seat() -> None:
    """observe_events: the peeking seat sees the card, the others see that it peeked."""
    state = first_pick(lv.classic(3, Secrets()))
    step = lv.step(state, Pick(2))
    assert Peeked(seat=0, card=2) in lv.observe_events(step, 0)
    assert Peeked(seat=0, card=None) in lv.observe_events(step, 1)
    assert Peeked(seat=0, card=None) in lv.observe_events(step, None)
    assert Peeked(seat=0, card=2) in step.events
    assert lv.from_json(lv.to_json(step), lv.Step) == step


def test_hidden_variants_of_a_module_change_the_state_but_not_the_view() -> None:
    """The leak property has teeth: the redrawn state differs, each seat's view does not."""
    state = first_pick(lv.classic(3, Secrets()))
    for seat in (None, 0, 1, 2):
        variant = hidden_variant(state, seat, lv.Rng(seat or 7))
        assert variant != state
        assert not lv.state_problems(variant)
        assert lv.observe(variant, seat) == lv.observe(state, seat)
    random_sim_test(lv.classic(3, Secrets()), games=2, seed=1)


def test_a_leaking_module_is_caught_by_the_random_simulation_test() -> None:
    """EXTRA_CHECKS: random_sim_test (every edition's) fails on a view that shows a hidden hand."""
    state = first_pick(lv.classic(3, Leaky()))
    problems = roundtrip_problems(state, [])
    assert "seat 0's view changes with what it may not see" in problems
    with pytest.raises(SimulationError, match="may not see"):
        random_sim_test(lv.classic(3, Leaky()), games=1, seed=1)
