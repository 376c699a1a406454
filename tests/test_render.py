"""lasvegas.render: the text board and the SVG of a view show what the view shows, no more."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import lasvegas as lv
from _play import random_walk
from lasvegas.render import svg, text_board
from lasvegas.session import Bot, Human, Session
from lasvegas.testing import example_configs
from lasvegas.view import hidden_variant

SVG = "{http://www.w3.org/2000/svg}"


def _midgame(config: lv.GameConfig, actions: int = 60, seed: int = 3) -> lv.State:
    rng = lv.Rng(seed)
    return random_walk(config, rng, actions)


def test_str_of_a_view_is_its_text_board() -> None:
    view = lv.observe(_midgame(lv.classic(3)), 0)
    assert str(view) == text_board(view)
    assert str(view).startswith(f"Round {view.round} of 4")
    assert view._repr_svg_() == svg(view)


@pytest.mark.parametrize("config", example_configs(), ids=str)
def test_every_edition_draws_as_valid_svg_and_text(config: lv.GameConfig) -> None:
    state = _midgame(config)
    for seat in (None, *range(config.players)):
        view = lv.observe(state, seat)
        root = ET.fromstring(svg(view))
        assert root.tag == f"{SVG}svg"
        casinos = root.findall(f".//{SVG}g[@class='casino']")
        assert len(casinos) == len(view.casinos)
        words = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
        assert view.prompt in words
        for name in view.casino_tiles:
            if name:
                assert name in words
        board = text_board(view)
        assert len(board.splitlines()) >= len(view.casinos) + 2
        # drawn from the view alone: what the seat may not see cannot change the picture
        variant = lv.observe(hidden_variant(state, seat, lv.Rng(7)), seat)
        assert svg(variant) == svg(view)
        assert text_board(variant) == text_board(view)


def test_dice_are_drawn_in_their_owners_colours() -> None:
    """C-21: neutral dice are an owner of their own and are drawn in its colour."""
    state = _midgame(lv.classic(2, lv.NeutralDice()), actions=40)
    view = lv.observe(state)
    picture = svg(view)
    for owner, colour in enumerate(o.colour for o in view.owners):
        if any(c.dice[owner] or c.big[owner] for c in view.casinos):
            assert f'fill="{colour}"' in picture


def test_the_card_game_shows_only_the_viewers_hand() -> None:
    """K-13: a seat sees its own hand; the others' hands never reach its picture."""
    session = Session(lv.cardgame(3), (Human("A"), Bot("random"), Bot("random")), seed=2)
    mine = svg(session.view(0))
    assert "Your hand: " in mine
    assert "Your hand" not in svg(session.view(None))
    assert "Your hand" in text_board(session.view(1))
    hand = text_board(session.view(0)).split("Your hand: ")[1].splitlines()[0]
    assert hand not in text_board(session.view(None))


def test_text_is_escaped_in_svg() -> None:
    view = lv.observe(lv.new_game(lv.classic(2)), 0, names=("<b>&", "Bob"))
    picture = svg(view)
    ET.fromstring(picture)  # well formed
    assert "<b>" not in picture


def test_b7_the_slot_machine_fits_in_the_picture() -> None:
    """B-7: the slot machine is a seventh casino; the SVG is wide enough for every casino."""
    from lasvegas.boulevard import SlotMachine

    for config in (lv.classic(3), lv.classic(3, SlotMachine())):
        view = lv.observe(_midgame(config), 0)
        root = ET.fromstring(svg(view))
        width = float(root.get("width", "0"))
        frames = [r for r in root.iter(f"{SVG}rect") if r.get("stroke") == "#b58900"]
        assert len(frames) == len(view.casinos)
        assert all(float(r.get("x", "0")) + float(r.get("width", "0")) <= width for r in frames)


def test_r4_royale_calls_its_notes_cards_and_the_card_game_shows_no_dice() -> None:
    """R-4: Royale's money is money cards; K-5: the card game's dice are cards in hand."""
    royale = lv.observe(_midgame(lv.royale(3)), 0)
    assert "Cards in the pile: " in text_board(royale)
    assert "Cards in the pile: " in svg(royale)
    assert "dice left" in svg(royale)
    cards = lv.observe(_midgame(lv.cardgame(3)), 0)
    assert "Notes in the pile: " in svg(cards)
    assert "dice left" not in svg(cards)
