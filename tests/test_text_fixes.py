"""The texts a front-end shows, fixed in every edition (issue: words a player reads)."""

from __future__ import annotations

import re

import pytest

import lasvegas as lv
from lasvegas import cli
from lasvegas.royale.events import DiceMoved
from lasvegas.royale.tiles.lucky_punch import FistMade
from lasvegas.types import CasinoNumber


def test_royale_dice_moved_names_places_in_words() -> None:
    """T-11: dice moved between casinos, supplies and tiles read as places, not slugs."""
    event = DiceMoved(owner=1, small=1, big=0, source="casino-3", target="black-dice")
    state = lv.new_game(lv.royale(3))
    assert lv.describe_event(event, state) == (
        "One die of seat 1 moves from casino 3 to the black dice"
    )
    event = DiceMoved(owner=0, small=2, big=1, source="tile-G2", target="supply")
    assert lv.describe_event(event, state) == (
        "Two dice and the Biggy of seat 0 move from the Double Down tile to the supply"
    )


def test_t_lucky_2_a_fist_with_one_token_is_singular() -> None:
    """T-LUCKY-2: the seat that made the fist reads how many tokens it holds, in good English."""
    assert FistMade(seat=0, tokens=1).text(None) == "Seat 0 makes a fist with 1 token"
    assert FistMade(seat=0, tokens=3).text(None) == "Seat 0 makes a fist with 3 tokens"


def test_r5_a_chip_paid_to_pass_is_a_choice_not_a_cannot() -> None:
    """R-5: paying a chip to pass reads as the choice it is."""
    text = lv.describe_event(lv.TurnPassed(seat=2, reason="chip"))
    assert text == "Seat 2 pays a chip to pass and keeps its dice"
    assert "cannot" not in text


def test_card_game_double_cards_read_as_doubles() -> None:
    """K-5: a double card counts two at its casino; the texts call it a double, not a big die."""
    state = lv.new_game(lv.cardgame(3))
    event = lv.DicePlaced(seat=0, face=2, casino=CasinoNumber(2), counts=(1, 1, 0, 0))
    assert lv.describe_event(event, state) == "Seat 0 places one 2 and one double 2 at casino 2"
    classic = lv.new_game(lv.classic(3))
    assert "big 2" in lv.describe_event(event, classic)


def test_card_game_demo_says_double(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["demo", "--edition", "cardgame", "--players", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "double" in out
    assert " big " not in out


def test_royale_demo_gathers_the_banks_cards_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """T-1: the bank's cards at setup read as one line, not one line per card."""
    assert cli.main(["demo", "--edition", "royale", "--players", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "card goes to the bank" not in out
    assert len(re.findall(r"The bank gets \d+ cards", out)) == 1
    assert "casino-" not in out
    assert "black-dice" not in out


def test_simulate_wins_column_sums_to_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    """A shared win counts as a fraction in the table, so the column adds up to the games."""
    args = ["simulate", "--games", "40", "--players", "3", "--agents", "random", "--seed", "3"]
    assert cli.main([*args, "--no-progress"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("random")]
    assert len(lines) == 3
    assert sum(float(line.split()[1]) for line in lines) == pytest.approx(40)


def test_the_royale_table_of_play_shows_no_reprs(capsys: pytest.CaptureFixture[str]) -> None:
    """The terminal table names tiles and money parts instead of printing module reprs."""
    answers = iter(["1"] * 3 + ["q"])
    code = cli.cmd_play(
        cli.build_parser().parse_args(
            ["play", "--edition", "royale", "--players", "3", "--seed", "2", "--no-record"]
        ),
        __import__("sys").stdout,
        lambda: next(answers),
    )
    assert code == 1
    out = capsys.readouterr().out
    assert "RoyaleState(" not in out
    assert "TileState(" not in out
    assert "State(" not in out
    assert "chips $20,000" in out
    assert "Pay a chip to pass" in out
