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
from lasvegas.cardgame._parts import CardGameState, DealCards
from lasvegas.cardgame.chip_cards import ChipCardsState
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


# -- the ten families of impossible states that loaded, and the three that broke play -----------


def in_round_1_placing(state: lv.State) -> bool:
    return state.round == 1 and state.phase is lv.Phase.PLACE and not state.tasks


def test_a_note_held_in_round_1_before_its_payout_is_refused() -> None:
    """C-13: notes are won only at a payout; a note moved from the pile to a seat in round 1
    kept the banknotes conserved and loaded."""
    doc = document(find(lv.classic(3), in_round_1_placing))
    doc["money"][1].append(doc["pile_hidden"].pop())
    refused(doc, "seat 1 holds notes (90000,) in round 1 before its payout")


def test_a_note_won_in_round_1_before_the_payout_is_reachable_in_royale() -> None:
    """Reachable, so not refused: in Royale the tiles pay notes from the bank as they are
    activated (T-1), so a seat can hold a note in round 1 before any payout."""
    config = lv.royale(3, deal=("A1", "B1", "C1"))
    state = find(
        config, lambda s: s.round == 1 and s.phase is lv.Phase.PLACE and any(s.money), seed=2
    )
    assert lv.state_problems(state) == ()
    assert lv.from_json(lv.to_json(state), lv.State) == state


def test_an_extra_note_on_a_casino_is_refused() -> None:
    """C-5: a casino draws notes until they reach the minimum; a note more loaded."""
    doc = document(find(lv.classic(3), in_round_1_placing))
    doc["casinos"][0]["notes"] = sorted(
        [*doc["casinos"][0]["notes"], doc["pile_hidden"].pop()], reverse=True
    )
    refused(doc, "casino 1 holds notes", "more than a fill draws (C-5")


def test_notes_past_the_fill_cursor_are_refused() -> None:
    """C-5: casinos are filled in order 1..6; notes on casino 5 while casino 3 fills loaded."""
    state = find(lv.classic(3), lambda s: s.phase is lv.Phase.FILL and s.cursor == 2)
    doc = document(state)
    doc["casinos"][4]["notes"] = [doc["pile_hidden"].pop()]
    refused(doc, "casino 5 holds notes while casino 3 is being filled")


def test_placing_with_fewer_faces_than_dice_is_refused() -> None:
    """C-8: the active seat rolls all its dice; a roll missing a die loaded and play then
    left the die in the supply, unrolled."""
    doc = document(find(lv.classic(3), in_round_1_placing))
    doc["rolled"][REGULAR].pop()
    refused(doc, "faces are rolled, but the active seat holds 8 dice to place (C-8")


def test_a_game_over_with_notes_on_a_casino_is_refused() -> None:
    """C-14, C-16: the game ends after the last payout, which empties every casino; a
    mid-game state marked over (notes and dice still out) loaded."""
    doc = document(find(lv.classic(3), in_round_1_placing))
    doc["phase"] = "over"
    doc["cursor"] = 0
    doc["rolled"] = [[], [], [], []]
    refused(doc, "the game is over in round 1, not after round 4", "but the game is over (C-14")


@pytest.mark.parametrize("phase", ["fill", "turn-end", "payout"])
def test_rolled_faces_shown_outside_a_turn_are_refused_in_royale(phase: str) -> None:
    """R-2: faces are rolled and placed within a turn; with a Royale task pending, faces shown
    in the fill, at a turn's end or in the payout loaded (the check ran only without tasks)."""
    config = lv.royale(3, deal=("A1", "B1", "C1"))
    state = find(config, lambda s: s.phase.value == phase and bool(s.tasks))
    doc = document(state)
    doc["rolled"][REGULAR] = [1, 2]
    refused(doc, f"dice are rolled in phase {phase}")


def cards(state: lv.State) -> CardGameState:
    """The card game's slice of *state*."""
    part = state.modules[0]
    assert isinstance(part, CardGameState)
    return part


def dealing_after_a_turn(config: lv.GameConfig, seats: int) -> lv.State:
    """A state of the card game *config*, after a turn, with a deal to *seats* seats pending."""
    return find(
        config,
        lambda s: (
            any(isinstance(t, DealCards) and len(t.seats) == seats for t in s.tasks)
            and cards(s).turn >= 1
        ),
    )


def choosing(state: lv.State) -> bool:
    return any(t.kind == "cardgame-choose" for t in state.tasks)


def test_a_card_of_the_hand_also_in_the_draw_pile_is_refused() -> None:
    """K-6: a seat still to choose holds a full hand unless its draw pile is empty; a card of
    the hand put back into the pile (both holding that card) loaded."""
    doc = document(find(lv.cardgame(3), choosing))
    part = doc["modules"][0]
    card = part["hands"][0].pop()
    part["decks"][0] = sorted([*part["decks"][0], card])
    refused(doc, "seat 0 holds 4 cards with cards left to draw (K-6")


def test_every_seat_out_while_a_choice_is_pending_is_refused() -> None:
    """K-7, K-8: the round ends when every seat is out; every seat marked out with a choice
    pending loaded, and nobody could move (the check then failed on an assertion)."""
    doc = document(find(lv.cardgame(3), choosing))
    part = doc["modules"][0]
    part["out"] = [True, True, True]
    for seat in range(3):  # out seats discard their cards (K-7)
        part["discards"][seat] = sorted([*part["discards"][seat], *part["hands"][seat]])
        part["discards"][seat] = sorted([*part["discards"][seat], *part["decks"][seat]])
        part["hands"][seat] = []
        part["decks"][seat] = []
    refused(doc, "a choice is pending but no seat still in the round can choose")


def test_a_pile_note_in_the_box_is_refused() -> None:
    """K-3, K-10: notes reach the box only from a payout; a note of the pile put in the box
    kept the notes conserved and loaded."""
    doc = document(find(lv.cardgame(3), choosing))
    doc["modules"][0]["box"].append(doc["pile_hidden"].pop())
    refused(doc, "the pile holds 35 notes, not 36")


def test_a_sequential_choice_not_from_the_hand_is_refused() -> None:
    """K-12: with Sequential a choice is placed as it is made; a choice of cards the seat
    never placed loaded."""
    config = lv.cardgame(3, lv.Sequential())
    state = find(config, lambda s: cards(s).choices[s.start] is not None)
    doc = document(state)
    seat = state.start
    played = doc["modules"][0]["choices"][seat]
    face = played[0] // 10
    doc["modules"][0]["choices"][seat] = [10 * (face % 6 + 1) + 1] * len(played)
    refused(doc, f"seat {seat}'s choice", "is not a selection it placed (K-12")


def test_a_bank_deal_of_the_wrong_count_is_refused() -> None:
    """T-1: the bank gets the notes beyond two per casino and round; a deal of -2 or 10**6
    cards loaded, and play failed with an IndexError 78 draws later."""
    config = lv.royale(3, deal=("A1", "B1", "C1"))
    state = find(config, lambda s: any(t.kind == "bank-deal" for t in s.tasks))
    for left in (-2, 0, 10**6):
        doc = document(state)
        for task in doc["tasks"]:
            if task["kind"] == "bank-deal":
                task["left"] = left
        refused(doc, f"a bank deal of {left} cards is pending, not of the")


def test_a_rainbow_draw_with_no_rainbow_card_is_refused() -> None:
    """B-5: a draw replaces a rainbow card at a casino; a draw pending with the card gone
    (counted discarded, so the notes balance) loaded, and its first outcome raised ValueError."""
    config = lv.classic(3, lv.RainbowCards())
    state = find(config, lambda s: any(t.kind == "rainbow-draw" for t in s.tasks))
    doc = document(state)
    for casino in doc["casinos"]:
        gone = casino["notes"].count(0)
        casino["notes"] = [n for n in casino["notes"] if n != 0]
        doc["modules"][0]["discarded"] += gone
    refused(doc, "a rainbow card's replacement is pending, but no casino holds one")


def test_a_card_choice_before_the_deal_is_done_is_refused() -> None:
    """K-5: a seat chooses from the cards dealt to it; a choice recorded while its cards were
    still to be dealt loaded, and the next seat then had no legal action."""
    state = dealing_after_a_turn(lv.cardgame(3), 3)
    doc = document(state)
    doc["modules"][0]["choices"][1] = [11]
    refused(doc, "seats [1] have chosen before their cards are dealt (K-5)")


# -- bounds before cross-module questions; money bounded -----------------------------------------

_SIXTEEN_GIB = """
import json, resource, sys, time
cap = 1024 * 1024 * 1024
resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
import lasvegas as lv
text = sys.stdin.read()
begin = time.process_time()
try:
    lv.from_json(text, lv.State)
except lv.DeserializationError as exc:
    print(json.dumps({"refused": str(exc), "seconds": time.process_time() - begin}))
else:
    print(json.dumps({"refused": None}))
"""


def test_a_huge_count_in_one_module_is_refused_before_another_module_asks_for_its_pieces() -> None:
    """X-2, C-17: with the neutral dice and the rainbow cards, 2**31 discarded rainbow cards
    made the neutral dice's count ask the rainbow cards' ``held`` (a 16 GiB tuple) before the
    rainbow cards' own bound ran. Under a 1 GiB address-space cap the state is refused at once."""
    import subprocess
    import sys

    config = lv.classic(3, lv.NeutralDice(), lv.RainbowCards())
    doc = document(find(config, lambda s: s.phase is lv.Phase.PLACE))
    doc["modules"][1]["discarded"] = 2**31
    text = json.dumps(doc)
    assert len(text) < 3000
    done = subprocess.run(
        [sys.executable, "-c", _SIXTEEN_GIB],
        input=text,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    answer = json.loads(done.stdout)
    assert answer["refused"] is not None
    assert "2147483648 rainbow cards discarded, of 6" in answer["refused"]
    assert "MemoryError" not in answer["refused"]
    assert answer["seconds"] < 5


def test_chip_values_beyond_the_money_bound_are_refused() -> None:
    """K-15: chip sets worth near 2**63 loaded, and the views of such a game could not be
    dumped; amounts are bounded by ``MAX_MONEY`` (2**53 - 1)."""
    doc = document(find(lv.classic(3, lv.ChipCards()), in_round_1_placing))
    doc["config"]["modules"][0]["values"] = [0, 1, 2, 3, 4, 2**63 - 1]
    refused(doc, "can score more than 9007199254740991 (MAX_MONEY)")
    with pytest.raises(lv.ConfigError, match="MAX_MONEY"):
        lv.CardGame(notes=(2**53,))


def test_every_view_of_a_game_with_amounts_at_the_bound_dumps() -> None:
    """K-15, C-23: chip sets worth up to ``MAX_MONEY`` across colours: a loaded state of such
    a game is observed by every seat and a spectator, and each view and the standings dump."""
    from lasvegas.types import MAX_MONEY

    top = MAX_MONEY // 5
    config = lv.classic(3, lv.ChipCards(values=(0, 1, 2, 3, 4, top)))

    def holding(s: lv.State) -> bool:
        part = s.modules[0]
        return s.round == 4 and isinstance(part, ChipCardsState) and any(part.held)

    state = find(config, holding)
    loaded = lv.from_json(lv.to_json(state), lv.State)
    for seat in (None, 0, 1, 2):
        view = lv.observe(loaded, seat)
        assert lv.from_json(lv.to_json(view), lv.PlayerView) == view
    standings = lv.standings(loaded)
    assert lv.from_json(lv.to_json(standings), lv.Standings) == standings
    doc = document(state)
    doc["money"][0].append(2**62)  # beyond the bound (and not conserved)
    refused(doc)


def test_a_seat_left_out_of_the_deal_with_cards_to_draw_is_refused() -> None:
    """K-6: after a turn every seat still in the round draws up to 5; a deal listing fewer
    seats loaded (found by the fuzz harness), and the deal then put the skipped seat out
    with cards still in its draw pile."""
    state = dealing_after_a_turn(lv.cardgame(3), 3)
    doc = document(state)
    skipped = doc["tasks"][0]["seats"].pop()
    refused(doc, f"seats [{skipped}] are left out of the pending deal with cards to draw (K-6)")


def test_a_sequential_seat_that_played_without_its_deal_is_refused() -> None:
    """K-12: with Sequential a seat draws 5 right after its own turn; its deal replaced by
    the next choice (a graft of another state's tasks, found by the fuzz harness) loaded,
    and the next deal then left the seat out with an empty hand."""
    config = lv.cardgame(3, lv.Sequential())
    state = dealing_after_a_turn(config, 1)
    doc = document(state)
    seat = doc["tasks"][0]["seats"][0]
    doc["tasks"] = [{"kind": "cardgame-choose", "module": 0}]
    refused(doc, f"seat {seat} holds 0 cards with cards left to draw (K-6")


def test_a_choice_before_the_rounds_deal_is_refused() -> None:
    """K-4, K-5: no seat chooses before the round's cards are dealt; choices grafted into a
    state still dealing the notes (found by the fuzz harness) loaded, and the card deal then
    held seats that had chosen before drawing."""
    state = find(lv.cardgame(3), lambda s: any(t.kind == "cardgame-deal-notes" for t in s.tasks))
    doc = document(state)
    doc["modules"][0]["choices"][1] = [21]
    refused(doc, "seat 1 holds, has chosen or has played cards before the round's deal (K-4)")


# -- found by the 100,000-input run with grafts -----------------------------------------------


def test_a_fill_cursor_moved_on_or_back_is_refused() -> None:
    """C-5: the casinos are filled in order, each to the minimum; a cursor grafted forward
    (casinos skipped, unfilled) or back (a full casino filled again) loaded, and the fill
    then lost notes or overfilled a casino."""
    state = find(lv.classic(3), lambda s: s.phase is lv.Phase.FILL and s.cursor == 3)
    forward = document(state)
    forward["cursor"] = 5
    refused(forward, "is filled below 50000 with notes left in the pile")
    back = document(state)
    back["cursor"] = 1
    refused(back, "casino 2 is being filled, but its notes already reach 50000")


def test_notes_left_on_a_casino_the_payout_is_past_are_refused() -> None:
    """C-13, C-14: a casino paid out keeps no note; a payout cursor grafted past unpaid
    casinos loaded, and their notes then vanished at the round's end."""
    config = lv.classic(3, lv.RainbowCards())
    state = find(
        config, lambda s: s.phase is lv.Phase.PAYOUT and any(c.notes for c in s.casinos[2:])
    )
    doc = document(state)
    doc["cursor"] = 6
    refused(doc, "but the payout is past it")


def test_a_card_game_turn_out_of_step_with_the_phase_is_refused() -> None:
    """K-3, K-4: turn 0 is the round's setup, while the notes are dealt; a turn grafted into
    the setup (or turn 0 into a turn) loaded, and the deal then found cards before it."""
    state = find(lv.cardgame(3), lambda s: any(t.kind == "cardgame-deal-notes" for t in s.tasks))
    doc = document(state)
    doc["modules"][0]["turn"] = 3
    refused(doc, "turn 3 in phase fill: turn 0 is the round's setup")


def test_a_nice_dice_take_of_a_die_the_seat_does_not_have_is_refused() -> None:
    """T-NICE-1: the take's options are dice of this turn's roll the active seat has; an
    option changed to a Biggy the seat does not hold loaded, and taking it raised
    ValueError."""
    config = lv.royale(3, tiles=1, deal=("H1",))
    state = find(config, lambda s: any(t.kind == "nice-dice-take" for t in s.tasks))
    doc = document(state)
    task = next(t for t in doc["tasks"] if t["kind"] == "nice-dice-take")
    seat = task["seat"]
    supply = doc["supply"][seat]
    supply[REGULAR] += supply[BIG]  # no Biggy left in the supply (dice still conserved)
    supply[BIG] = 0
    tile = doc["modules"][task["module"]]["casino"]
    face = next(f for f in range(1, 7) if f != tile)
    task["options"] = sorted({*map(tuple, task["options"]), (face, True)})
    refused(doc, "to put on the tile for face")


def test_a_seat_still_to_choose_with_no_card_is_refused() -> None:
    """K-9: a seat with no card in hand and none to draw is out; a seat marked back in (a
    graft of another state's ``out``, found by the fuzz harness) loaded, and once the others
    had chosen nobody could move."""
    state = find(
        lv.cardgame(3),
        lambda s: (
            any(t.kind == "cardgame-choose" for t in s.tasks)
            and any(cards(s).out)
            and not any(cards(s).decks[t] for t in range(3) if cards(s).out[t])
        ),
    )
    doc = document(state)
    part = doc["modules"][0]
    seat = part["out"].index(True)
    part["out"][seat] = False
    refused(doc, f"seat {seat} is still to choose with no card in hand (K-9")
