"""Readable texts: ``lv.describe`` for actions and ``lv.describe_event`` for events."""

from __future__ import annotations

from typing import ClassVar

import attrs
import pytest

import lasvegas as lv
from lasvegas import events as core_events
from lasvegas import text
from lasvegas.engine import end_turn
from lasvegas.testing import deal, example_configs
from lasvegas.types import CasinoNumber


def _placing(config: lv.GameConfig, *rolls: lv.Roll) -> lv.State:
    """Deal $50,000 to every casino, then roll *rolls* for the first seat."""
    state = deal(lv.new_game(config), *[[50_000]] * 6)
    while lv.to_move(state) is lv.CHANCE and state.tasks:  # a module's setup (neutral roll)
        state = lv.apply(state, lv.chance_outcomes(state)[0][0])
    for roll in rolls:
        state = lv.apply(state, roll)
    return state


def test_place_without_state_names_the_face_and_casino() -> None:
    assert lv.describe(lv.Place(5)) == "Place the 5s at casino 5"
    assert lv.describe(lv.Place(3, target=CasinoNumber(7))) == "Place the 3s at casino 7"


def test_place_with_state_counts_the_dice() -> None:
    state = _placing(lv.classic(2), lv.Roll((1, 2, 5, 5, 5, 6, 6, 6)))
    assert lv.describe(lv.Place(5), state) == "Place the three 5s at casino 5"
    assert lv.describe(lv.Place(1), state) == "Place the single 1 at casino 1"
    assert lv.describe(lv.Place(6), state) == "Place the three 6s at casino 6"


def test_place_with_neutral_dice_names_both_groups() -> None:
    """C-20: own and neutral dice of the face go together."""
    state = _placing(
        lv.classic(2, lv.NeutralDice()),
        lv.Roll((1, 2, 2, 3, 4, 5, 6, 6)),
        lv.Roll((2, 3, 3, 5), "neutral"),
    )
    assert lv.describe(lv.Place(2), state) == "Place the two 2s and the neutral 2 at casino 2"
    assert lv.describe(lv.Place(3), state) == "Place the 3 and the two neutral 3s at casino 3"
    assert lv.describe(lv.Place(5), state) == "Place the 5 and the neutral 5 at casino 5"


def test_roll_with_and_without_state() -> None:
    roll = lv.Roll((1, 1, 3, 4, 6, 6, 6, 6))
    assert lv.describe(roll) == "Roll: 1 1 3 4 6 6 6 6"
    assert lv.describe(lv.Roll((2, 5), "neutral")) == "Roll (neutral): 2 5"
    state = deal(lv.new_game(lv.classic(3)), *[[50_000]] * 6)
    state = lv.apply(state, lv.Roll((1, 2, 3, 4, 5, 6, 6, 6)))
    state = lv.apply(state, lv.Place(6))
    assert lv.describe(roll, state) == "Seat 1 rolls 1, 1, 3, 4, 6, 6, 6, 6"


def test_neutral_rolls_name_their_group() -> None:
    """C-18 and C-20: the 3-player leftover roll and a seat's neutral dice."""
    config = lv.classic(3, lv.NeutralDice())
    state = deal(lv.new_game(config), *[[50_000]] * 6)
    assert lv.describe(lv.Roll((2, 5), "neutral"), state) == "The neutral dice show 2, 5"
    state = lv.apply(state, lv.Roll((2, 5), "neutral"))
    state = lv.apply(state, lv.Roll((1, 1, 2, 2, 3, 3, 4, 4)))
    assert lv.describe(lv.Roll((6,), "neutral"), state) == "Seat 0 rolls the neutral die: 6"


def test_draw_with_and_without_state() -> None:
    assert lv.describe(lv.Draw(50_000)) == "Draw a $50,000 note"
    state = deal(lv.new_game(lv.classic(2)), [90_000], [10_000])
    assert lv.describe(lv.Draw(50_000), state) == "Draw a $50,000 note for casino 2"


CORE_EVENTS = [
    (lv.RoundStarted(round=2, start=1), "Round 2 begins; seat 1 starts"),
    (lv.NoteDealt(casino=CasinoNumber(3), value=50_000), "Casino 3 gets a $50,000 note"),
    (lv.CasinosFilled(round=1), "Every casino has its notes for round 1"),
    (lv.TurnStarted(seat=2), "Seat 2's turn"),
    (
        lv.TurnPassed(seat=1, reason="closed"),
        "Seat 1 cannot place (every face rolled points at a closed casino) and keeps its dice",
    ),
    (lv.DiceRolled(seat=0, group="regular", faces=(1, 4)), "Seat 0 rolls 1, 4"),
    (lv.DiceRolled(seat=None, group="neutral", faces=(2, 5)), "The neutral dice roll 2, 5"),
    (lv.DiceRolled(seat=None, group="big", faces=(4,)), "The big die rolls 4"),
    (
        lv.DicePlaced(seat=1, face=5, casino=CasinoNumber(5), counts=(3, 0, 0, 0)),
        "Seat 1 places three 5s at casino 5",
    ),
    (lv.PayoutStarted(round=3), "All dice are placed: round 3 pays out"),
    (
        lv.TiesRemoved(casino=CasinoNumber(3), owners=(1, 2)),
        "Casino 3: owner 1 and owner 2 are tied and remove their dice",
    ),
    (
        lv.BanknotePaid(casino=CasinoNumber(6), owner=1, value=90_000),
        "Casino 6 pays $90,000 to owner 1",
    ),
    (
        lv.NotesReturned(casino=CasinoNumber(2), values=(10_000, 20_000)),
        "Casino 2: $10,000 and $20,000 go under the pile",
    ),
    (lv.CasinoPaid(casino=CasinoNumber(4)), "Casino 4 has paid out"),
    (lv.RoundEnded(round=4), "Round 4 is over"),
    (lv.GameEnded(winners=(0, 2)), "The game is over: seat 0 and seat 2 share the win"),
]


@pytest.mark.parametrize(("event", "expected"), CORE_EVENTS, ids=lambda x: type(x).__name__)
def test_every_core_event_has_its_own_text(event: lv.Event, expected: str) -> None:
    assert lv.describe_event(event) == expected


def test_the_table_above_covers_every_core_event() -> None:
    core = {getattr(core_events, name) for name in core_events.__all__} - {lv.Event}
    assert {type(event) for event, _ in CORE_EVENTS} == core


def test_owners_are_named_with_a_state() -> None:
    """C-21: the imaginary owner's winnings go under the pile."""
    state = lv.new_game(lv.classic(2, lv.NeutralDice()))
    paid = lv.BanknotePaid(casino=CasinoNumber(1), owner=2, value=30_000)
    assert lv.describe_event(paid, state) == (
        "Casino 1 pays $30,000 to the neutral dice (it goes under the pile)"
    )
    tie = lv.TiesRemoved(casino=CasinoNumber(3), owners=(0, 2))
    assert lv.describe_event(tie, state) == (
        "Casino 3: seat 0 and the neutral dice are tied and remove their dice"
    )


@attrs.frozen
class _Shout(lv.Action):
    kind: ClassVar[str] = "test-shout"
    word: str
    times: int = 2


@attrs.frozen
class _Wave(lv.Action):
    kind: ClassVar[str] = "test-wave"

    def text(self, state: lv.State | None = None) -> str:
        return "Wave" if state is None else f"Wave in round {state.round}"


@attrs.frozen
class _Cheer(lv.Event):
    kind: ClassVar[str] = "test-cheer"
    seat: int


def test_module_actions_and_events_get_a_generic_text() -> None:
    assert lv.describe(_Shout("hi")) == "Test shout: word hi, times 2"
    assert lv.describe_event(_Cheer(seat=1)) == "Test cheer: seat 1"


def test_a_text_method_wins() -> None:
    assert lv.describe(_Wave()) == "Wave"
    assert lv.describe(_Wave(), lv.new_game(lv.classic(2))) == "Wave in round 1"


@attrs.frozen
class _Cheered(lv.Event):
    kind: ClassVar[str] = "test-cheered"
    seat: int

    def text(self, state: lv.State | None = None) -> str:
        return f"Seat {self.seat} cheers"

    def you_text(self, state: lv.State | None = None) -> str:
        return "You cheer"


def test_an_event_speaks_to_the_seat_it_is_about() -> None:
    """``describe_event(..., seat=)`` uses the event's declared ``you_text`` for the seat
    whose act it reports, and its ``text`` for anybody else."""
    assert lv.describe_event(_Cheered(seat=1), seat=1) == "You cheer"
    assert lv.describe_event(_Cheered(seat=1), seat=0) == "Seat 1 cheers"
    assert lv.describe_event(_Cheered(seat=1)) == "Seat 1 cheers"
    assert lv.describe_event(_Cheer(seat=1), seat=1) == "Test cheer: seat 1"


def test_a_module_describes_core_actions_answering_its_tasks() -> None:
    """The declared ``describe_action`` of the first pending task's module is asked first."""

    @attrs.frozen
    class Telling(lv.NeutralDice):
        id: ClassVar[str] = "test-telling-neutral"

        def describe_action(self, state: lv.State, index: int, action: lv.Action) -> str | None:
            return "The leftover neutral dice are thrown" if isinstance(action, lv.Roll) else None

        def capabilities(self) -> lv.Capabilities:
            return lv.Capabilities(describe_action=self.describe_action)

    state = deal(lv.new_game(lv.classic(3, Telling())), *[[50_000]] * 6)
    assert state.tasks
    assert lv.describe(lv.Roll((1, 2), "neutral"), state) == "The leftover neutral dice are thrown"
    assert lv.describe(lv.Draw(10_000), state) == "Draw a $10,000 note"


@pytest.mark.parametrize("config", example_configs(), ids=repr)
def test_every_action_and_event_of_random_games_reads(config: lv.GameConfig) -> None:
    """Every legal action, chance outcome and event of a random game has a non-empty text."""
    rng = lv.Rng(11)
    state = lv.new_game(config)
    while (mover := lv.to_move(state)) is not None:
        if mover is lv.CHANCE:
            action = lv.sample_chance(state, rng)
        else:
            legal = lv.legal_actions(state)
            for option in legal:
                assert lv.describe(option, state)
                assert lv.describe(option)
            action = legal[rng.below(len(legal))]
        assert lv.describe(action, state)
        step = lv.step(state, action)
        for event in step.events:
            assert lv.describe_event(event, step.state)
            assert lv.describe_event(event)
        state = step.state


def test_money_and_dice_phrases() -> None:
    assert text.money(2_500_000) == "$2,500,000"
    assert text.dice_phrase(4, (1, 1, 0, 0)) == "one 4 and one big 4"
    assert text.dice_phrase(4, (0, 0, 2, 0)) == "two kicker 4s"


@attrs.frozen
class _Pass(lv.Action):
    kind: ClassVar[str] = "test-text-pass"

    def text(self, state: lv.State | None = None) -> str:
        return "Pass" if state is None else f"Seat {state.active} passes"


@attrs.frozen
class _PassToYou(_Pass):
    kind: ClassVar[str] = "test-text-pass-to-you"

    def you_text(self, state: lv.State | None = None) -> str:
        return "Pass and keep the dice"


def _passes(players: int) -> tuple[lv.Action, ...]:
    return (_Pass(), _PassToYou())


@attrs.frozen
class _Passing(lv.RuleModule):
    id: ClassVar[str] = "test-text-passing"
    actions: ClassVar[tuple[type[lv.Action], ...]] = (_Pass, _PassToYou)

    def offer(self, state: lv.State, index: int, seat: int) -> tuple[lv.Action, ...]:
        return (_Pass(), _PassToYou())

    def perform(
        self, state: lv.State, index: int, action: lv.Action, log: list[lv.Event] | None
    ) -> lv.State:
        return end_turn(state)

    def capabilities(self) -> lv.Capabilities:
        return lv.Capabilities(action_space=_passes)


def test_labels_speak_through_you_text_never_by_cutting_words() -> None:
    """A legal action's label in a view is its declared ``you_text``; without one, its text
    as it is ("Seat 0 passes" was cut to "Passe")."""
    state = lv.new_game(lv.classic(2, _Passing()))
    while lv.to_move(state) is lv.CHANCE:
        state = lv.apply(state, lv.sample_chance(state, lv.Rng(3)))
    seat = lv.to_move(state)
    assert isinstance(seat, int)
    labels = dict(zip(lv.legal_actions(state), lv.observe(state, seat).labels, strict=True))
    assert labels[_Pass()] == f"Seat {seat} passes"
    assert labels[_PassToYou()] == "Pass and keep the dice"
