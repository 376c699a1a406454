"""Views a client can draw from alone: owners, casinos, tiles, labels, prompt, money."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import lasvegas as lv
import lasvegas.schema
from lasvegas.testing import deal, example_configs, random_action, setup_round
from lasvegas.view import hidden_variant


def _placing(config: lv.GameConfig) -> lv.State:
    state = deal(lv.new_game(config), *[[50_000]] * 6)
    return lv.apply(state, lv.Roll((1, 1, 3, 3, 3, 5, 6, 6)))


def test_owners_have_names_and_colours_neutral_dice_included() -> None:
    """C-21: the neutral dice are an imaginary owner numbered after the seats; views name it."""
    view = lv.observe(lv.new_game(lv.classic(3, lv.NeutralDice())), 0)
    assert [o.name for o in view.owners] == ["Seat 0", "Seat 1", "Seat 2", "Neutral dice"]
    assert [o.seat for o in view.owners] == [0, 1, 2, None]
    assert len({o.colour for o in view.owners}) == 4
    assert all(o.colour.startswith("#") and len(o.colour) == 7 for o in view.owners)
    assert len(view.owners) == len(view.casinos[0].dice)


def test_blank_dice_of_a_royale_tile_are_named() -> None:
    config = lv.royale(3, tiles=1, deal=("block-it",))
    names = [o.name for o in lv.observe(lv.new_game(config)).owners]
    assert "Blank dice" in names


def test_players_names_name_the_seats() -> None:
    view = lv.observe(lv.new_game(lv.classic(2)), 1, names=("Ann", "Bob"))
    assert [o.name for o in view.owners] == ["Ann", "Bob"]
    with pytest.raises(ValueError, match="names must be 2 strings"):
        lv.observe(lv.new_game(lv.classic(2)), 1, names=("Ann",))


def test_casinos_have_names() -> None:
    view = lv.observe(lv.new_game(lv.classic(2)))
    assert view.casino_names == tuple(f"Casino {i}" for i in range(1, 7))
    assert view.casino_tiles == (None,) * 6


def test_royale_tiles_are_named_at_their_casinos() -> None:
    """T-2: the round's tiles lie face up at casinos 1, 2, ...; the view names them."""
    config = lv.royale(3, tiles=3, deal=("jackpot", "bad-luck", "pay-day"))
    state = setup_round(lv.new_game(config))
    tiles = lv.observe(state, 0).casino_tiles
    assert tiles[:3] == ("Jackpot", "Bad Luck", "Pay Day")


def test_every_legal_action_has_a_label_in_the_viewers_voice() -> None:
    state = _placing(lv.classic(2))
    view = lv.observe(state, 0)
    assert view.labels == (
        "Place the two 1s at casino 1",
        "Place the three 3s at casino 3",
        "Place the single 5 at casino 5",
        "Place the two 6s at casino 6",
    )
    assert lv.observe(state, 1).labels == ()


def test_royale_pay_chip_label_speaks_to_the_viewer() -> None:
    """R-5: paying a chip to pass is offered at a placement; the label says "Pay", not "Seat 0 pays"."""
    state = setup_round(lv.new_game(lv.royale(3, tiles=0)))
    while lv.to_move(state) is lv.CHANCE:  # the roll (and the Biggy's)
        state = lv.apply(state, lv.chance_outcomes(state)[0][0])
    view = lv.observe(state, lv.to_move(state))  # type: ignore[arg-type]
    labels = dict(zip(view.legal, view.labels, strict=True))
    assert labels[lv.PayChip()] == "Pay a chip to pass"


@pytest.mark.parametrize("config", example_configs(), ids=str)
def test_labels_match_legal_and_money_matches_the_standings(config: lv.GameConfig) -> None:
    """Every view of a random game: a label per legal action, money as standings count it."""
    rng = lv.Rng(5)
    state = lv.new_game(config)
    while (mover := lv.to_move(state)) is not None:
        result = lv.standings(state)
        for seat in (None, *range(config.players)):
            view = lv.observe(state, seat)
            assert len(view.labels) == len(view.legal)
            assert all(label and label[0].isupper() for label in view.labels)
            assert view.prompt
            for s, (money, parts) in enumerate(zip(view.money, view.money_parts, strict=True)):
                if money is None:
                    assert parts is None
                    continue
                assert parts is not None
                assert money == result.money[s] == sum(p.amount for p in parts)
        if mover is lv.CHANCE:
            state = lv.apply(state, lv.sample_chance(state, rng))
        else:
            state = lv.apply(state, rng.choice(lv.legal_actions(state)))
    assert lv.observe(state).prompt.startswith("The game is over: ")


def test_royale_money_is_cards_and_chips() -> None:
    """R-8: each chip is worth $10,000 and counts as money; the view shows the parts."""
    state = lv.new_game(lv.royale(3))
    view = lv.observe(state, 0)
    parts = view.money_parts[0]
    assert parts is not None
    assert [p.name for p in parts] == ["cards", "chips"]
    assert parts[1].amount > 0
    assert view.money[0] == lv.standings(state).money[0] == parts[0].amount + parts[1].amount


def test_prompts_name_who_is_to_move_and_what_they_decide() -> None:
    state = _placing(lv.classic(2))
    assert lv.observe(state, 0).prompt == "Your turn: choose dice to place"
    assert lv.observe(state, 1).prompt == "Waiting for Seat 0 to choose dice to place"
    assert lv.observe(state, 1, names=("Ann", "Bob")).prompt == (
        "Waiting for Seat 0 (Ann) to choose dice to place"
    )
    assert lv.observe(lv.new_game(lv.classic(2))).prompt == "Chance: deal the notes"


def test_c23_hidden_money_hides_its_parts() -> None:
    state = lv.new_game(lv.classic(3, hide_money=True))
    view = lv.observe(state, 1)
    assert view.money_parts[0] is None
    assert view.money_parts[1] is not None


def test_every_schema_property_has_a_description() -> None:
    """A client that knows only the JSON Schemas learns what each field means."""
    missing = []
    for what in lasvegas.schema.generate():
        schema: dict[str, Any] = lasvegas.schema.load(what)
        for name, definition in schema["$defs"].items():
            for prop, sub in definition.get("properties", {}).items():
                if prop not in ("kind", "id") and "description" not in sub:
                    missing.append(f"{what}: {name}.{prop}")
    assert missing == []


def test_view_documents_carry_the_drawing_aids() -> None:
    data = json.loads(lv.to_json(lv.observe(_placing(lv.classic(2)), 0)))
    assert data["owners"][0] == {"name": "Seat 0", "colour": "#d55e00", "seat": 0}
    assert data["labels"][0] == "Place the two 1s at casino 1"
    assert data["money_parts"][0] == [{"name": "notes", "amount": 0}]


@pytest.mark.parametrize("config", example_configs(), ids=str)
def test_event_texts_tell_no_more_than_the_events(config: lv.GameConfig) -> None:
    """A seat's event texts are the same whatever it may not see, when its events are."""
    rng = lv.Rng(11)
    state = lv.new_game(config)
    while (action := random_action(state, rng)) is not None:
        result = lv.step(state, action)
        for seat in (None, *range(config.players)):
            variant = hidden_variant(state, seat, rng)
            try:
                other = lv.step(variant, action)
            except lv.IllegalActionError:
                continue  # the action needs what differs
            seen = lv.observe_events(result, seat)
            if lv.observe_events(other, seat) == seen:
                texts = [lv.describe_event(e, result.state) for e in seen]
                assert [lv.describe_event(e, other.state) for e in seen] == texts
        state = result.state


def test_labels_call_the_other_seats_by_the_players_names() -> None:
    """B-4: a kicker kicks another seat's die; with names, the label names its owner."""
    from lasvegas.boulevard import Kickers

    config = lv.classic(3, Kickers())
    names = ("Ann", "Bob", "Cy")
    rng = lv.Rng(3)
    state = lv.new_game(config)
    seen = 0
    while (mover := lv.to_move(state)) is not None:
        if mover is not lv.CHANCE:
            plain = lv.observe(state, mover).labels
            named = lv.observe(state, mover, names=names).labels
            for before, after in zip(plain, named, strict=True):
                if "seat " in before:
                    seen += 1  # the seat by its index, the player's name after it
                    expected = re.sub(
                        r"seat ([0-9])", lambda m: f"{m[0]} ({names[int(m[1])]})", before
                    )
                    assert after == expected
                else:
                    assert after == before
        state = lv.apply(
            state,
            lv.sample_chance(state, rng)
            if mover is lv.CHANCE
            else rng.choice(lv.legal_actions(state)),
        )
    assert seen > 0
