"""Hostile state documents: bounded loads and unreachable states refused (DESIGN §3 JSON).

Each test takes a real state of a random game, changes one thing in its JSON the way an
attacker would, and checks that :func:`lasvegas.from_json` refuses it with a
:class:`~lasvegas.DeserializationError` naming the problem, having built nothing from an
unchecked count (the tracemalloc peak stays small). The last test plays random games of every
example config and reloads every state: no reachable state is refused.
"""

from __future__ import annotations

import itertools
import json
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

import lasvegas as lv
from lasvegas.boulevard._dice import SLOT_MACHINE
from lasvegas.boulevard.kickers import KickChoice
from lasvegas.classic.neutral_dice import NeutralRoll
from lasvegas.testing import example_configs, random_action
from lasvegas.types import BIG, REGULAR

MB = 1024 * 1024


def find(config: lv.GameConfig, wanted: Callable[[lv.State], bool], seed: int = 1) -> lv.State:
    """The first state of random games of *config* for which *wanted* holds."""
    rng = lv.Rng(seed)
    for _ in range(20):
        state = lv.new_game(config)
        while (mover := lv.to_move(state)) is not None:
            if wanted(state):
                return state
            if mover is lv.CHANCE:
                action = lv.sample_chance(state, rng)
            else:
                legal = lv.legal_actions(state)
                action = legal[rng.below(len(legal))]
            state = lv.apply(state, action)
    raise AssertionError("no such state in 20 games")


def document(state: lv.State) -> Any:
    """The decoded JSON of *state*."""
    return json.loads(lv.to_json(state))


def refused(doc: Any, *expected: str) -> str:
    """Load *doc*: it must be refused, within 16 MB, with every *expected* text in the errors."""
    tracemalloc.start()
    try:
        with pytest.raises(lv.DeserializationError) as caught:
            lv.from_json(json.dumps(doc), lv.State)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    text = str(caught.value)
    assert peak < 16 * MB, f"{peak / MB:.0f} MB to refuse: {text}"
    for part in expected:
        assert part in text
    return text


def neutral_roll_pending(state: lv.State) -> bool:
    return any(isinstance(t, NeutralRoll) for t in state.tasks)


@pytest.mark.parametrize("dice", [40, 60, 2**31, 2**64 - 1, 0, -1])
def test_a_leftover_neutral_roll_of_too_many_dice_is_refused_at_once(dice: int) -> None:
    """C-18: the leftover roll is of the dice no seat gets (2 with 3 players); 40 dice hung, 60 ran out of memory."""
    doc = document(find(lv.classic(3, lv.NeutralDice()), neutral_roll_pending))
    doc["tasks"][0]["dice"] = dice
    refused(doc, f"a roll of {dice} leftover neutral dice is pending, not of 2")


def test_a_second_leftover_roll_is_refused() -> None:
    """C-18: one leftover roll per round; a duplicated pending task is refused."""
    doc = document(find(lv.classic(3, lv.NeutralDice()), neutral_roll_pending))
    doc["tasks"].append(doc["tasks"][0])
    refused(doc, "a pending task is listed twice")


@pytest.mark.parametrize("discarded", [2**31, 2**64 - 1, 7, -1])
def test_rainbow_cards_discarded_beyond_the_count_are_refused_before_any_note_is_built(
    discarded: int,
) -> None:
    """X-2: 6 rainbow cards; 2**31 discarded made the banknote check build a 16 GiB tuple."""
    doc = document(find(lv.classic(3, lv.RainbowCards()), lambda s: lv.to_move(s) is not None))
    doc["modules"][0]["discarded"] = discarded
    refused(doc, f"{discarded} rainbow cards discarded, of 6")


def test_dice_on_a_casino_before_the_round_starts_are_refused() -> None:
    """C-4: casinos are filled before any die is placed; a seat's die moved onto one is refused."""
    state = find(lv.classic(3), lambda s: s.phase is lv.Phase.FILL and s.cursor == 2)
    doc = document(state)
    doc["supply"][0][REGULAR] -= 1
    doc["casinos"][0]["dice"][0] += 1
    refused(doc, "dice are on a casino before the round starts")


def test_a_biggie_without_the_biggies_module_is_refused() -> None:
    """B-3: only the Biggies module gives a seat a biggie; a regular die turned big is refused."""
    state = find(lv.classic(3), lambda s: s.phase is lv.Phase.PLACE)
    doc = document(state)
    doc["supply"][1][REGULAR] -= 1
    doc["casinos"][3]["big"][1] += 1
    refused(doc, "owner 1 has 1 big dice, more than the game has")


def test_a_second_biggie_is_refused() -> None:
    """B-3: one biggie per seat."""
    state = find(lv.classic(3, lv.Biggies()), lambda s: s.phase is lv.Phase.PLACE and s.round == 1)
    doc = document(state)
    seat = next(s for s in range(3) if state.supply[s][REGULAR])
    doc["supply"][seat][REGULAR] -= 1
    doc["supply"][seat][BIG] += 1
    refused(doc)


@pytest.mark.parametrize("count", [1, 2**64 - 1])
def test_neutral_dice_that_no_game_has_are_refused(count: int) -> None:
    """C-17: 8 neutral dice in all; 2**64-1 of them on a casino loaded and broke play."""
    config = lv.classic(3, lv.NeutralDice())
    state = find(config, lambda s: s.phase is lv.Phase.PLACE)
    owner = config.ruleset.neutral_owner
    assert owner is not None
    doc = document(state)
    doc["casinos"][2]["dice"][owner] += count
    refused(doc, "neutral dice in play")


def test_a_leftover_roll_when_the_neutral_dice_are_already_placed_is_refused() -> None:
    """C-18: the leftover dice are rolled once, before the first turn of the round."""
    config = lv.classic(3, lv.NeutralDice())
    state = find(config, lambda s: s.phase is lv.Phase.PLACE)
    doc = document(state)
    doc["tasks"] = [{"kind": "neutral-roll", "module": 0, "dice": 2}]
    refused(doc, "task 0 (neutral-roll) is pending in phase place")


def test_every_reachable_state_of_every_example_config_reloads() -> None:
    """No reachable state is refused: states of random games of every config reload equal."""
    rng = lv.Rng(11)
    for config in example_configs():
        state = lv.new_game(config)
        for steps in itertools.count():
            if steps % 5 == 0 or state.tasks:
                assert lv.from_json(lv.to_json(state), lv.State) == state
            action = random_action(state, rng)
            if action is None:
                break
            state = lv.apply(state, action)


def kick_at(slot: bool) -> Callable[[lv.State], bool]:
    """A pending kick choice at the slot machine (or at another casino)."""
    return lambda s: any(
        isinstance(t, KickChoice) and (t.casino == SLOT_MACHINE) == slot for t in s.tasks
    )


def test_a_kick_at_a_casino_of_another_face_is_refused() -> None:
    """B-4: the kickers are placed with the face of their casino; a kick choice at casino 3
    for dice of face 5 loaded."""
    state = find(lv.classic(4, lv.Kickers()), kick_at(False))
    doc = document(state)
    task = doc["tasks"][0]
    task["face"] = task["casino"] % 6 + 1
    refused(doc, "is out of range")


@pytest.mark.parametrize("change", ["face", "seat"])
def test_a_kick_at_the_slot_machine_of_dice_it_does_not_hold_is_refused(change: str) -> None:
    """B-4 ruling, B-6: at the slot machine the kickers kick this turn's dice, recorded under
    their face and seat; another face or seat loaded and play then lost track of the dice."""
    config = lv.classic(4, lv.Kickers(), lv.SlotMachine())
    state = find(config, kick_at(True))
    doc = document(state)
    task = doc["tasks"][0]
    task[change] = task[change] % 6 + 1 if change == "face" else (task[change] + 1) % 4
    refused(doc, "kicks dice the slot machine does not hold")


def test_the_neutral_set_placed_before_its_roll_is_refused() -> None:
    """R-9: with 2 players the neutral set is rolled onto the casinos as the round is set up;
    its biggie already on a casino while its roll is pending loaded, and the roll then placed a
    second one."""
    config = lv.royale(2)
    state = find(config, lambda s: any(t.kind == "neutral-set-roll" for t in s.tasks))
    neutral = config.ruleset.params.owner("neutral", 2)
    assert neutral is not None
    doc = document(state)
    for task in doc["tasks"]:
        if task["kind"] == "neutral-set-roll":
            field = "big" if task["group"] == "big" else "dice"
    doc["casinos"][3][field][neutral] += 1
    refused(doc, "dice are placed before their roll")


def test_blank_dice_without_their_tile_awake_are_refused() -> None:
    """T-8: blank dice come onto the casinos from Handicap or Block It! only; 40 of them with
    neither tile awake loaded."""
    config = lv.royale(3, tiles=1, deal=("A2",))
    blank = config.ruleset.params.owner("blank", 3)
    assert blank is not None
    doc = document(find(config, lambda s: s.phase is lv.Phase.PLACE))
    doc["casinos"][1]["dice"][blank] = 40
    refused(doc, "blank dice are on the casinos, but no tile that places them is awake")


def test_an_empty_card_choice_is_refused() -> None:
    """K-13: a seat that chooses plays at least one card; an empty choice of a seat with no
    cards in hand loaded, and a later deal made it an impossible choice."""
    state = find(lv.cardgame(3), lambda s: any(t.kind == "cardgame-choose" for t in s.tasks))
    doc = document(state)
    doc["modules"][0]["choices"][0] = []
    refused(doc, "seat 0's choice is empty")


def test_a_note_deal_with_no_casino_waiting_is_refused() -> None:
    """K-3: notes are dealt to the casinos as the round is set up; a pending note deal after
    the setup loaded, and describing its draw raised StopIteration."""
    state = find(lv.cardgame(3), lambda s: any(t.kind == "cardgame-deal-notes" for t in s.tasks))
    doc = document(state)
    doc["phase"] = "turn-start"
    refused(doc, "task 0 (cardgame-deal-notes) is pending in phase turn-start")


def test_a_neutral_set_roll_of_an_unknown_group_is_refused() -> None:
    """R-9: the neutral set rolls its 7 small dice ("neutral") and its biggie ("big"); a roll of
    another group loaded, and play then placed dice no roll had."""
    state = find(lv.royale(2), lambda s: any(t.kind == "neutral-set-roll" for t in s.tasks))
    doc = document(state)
    for task in doc["tasks"]:
        if task["kind"] == "neutral-set-roll":
            task["group"] = task["group"] + "x"
            break
    refused(doc, "is pending in a game or phase without it")
