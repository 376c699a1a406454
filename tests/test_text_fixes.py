"""The texts a front-end shows, fixed in every edition (issue: words a player reads)."""

from __future__ import annotations

import re

import pytest

import lasvegas as lv
from lasvegas import cli
from lasvegas.royale.events import DiceMoved
from lasvegas.royale.tiles.lucky_punch import FistMade
from lasvegas.text import describe_place
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


def test_a_single_die_rolled_by_nobody_rolls_in_the_singular() -> None:
    """R-9: two-player Royale rolls a neutral colour with its Biggy; one die "rolls"."""
    assert lv.describe_event(lv.DiceRolled(seat=None, group="big", faces=(4,))) == (
        "The big die rolls 4"
    )
    assert lv.describe_event(lv.DiceRolled(seat=None, group="neutral", faces=(2, 5))) == (
        "The neutral dice roll 2, 5"
    )


def test_c20_a_placement_of_several_groups_names_each_group_with_the() -> None:
    """C-20: a face's dice of every group go together; the label names each one."""
    assert describe_place(lv.Place(4), (1, 1, 0, 0)) == "Place the 4 and the big 4 at casino 4"
    assert describe_place(lv.Place(3), (2, 0, 0, 1)) == (
        "Place the two 3s and the neutral 3 at casino 3"
    )
    assert describe_place(lv.Place(5), (0, 1, 2, 0)) == (
        "Place the big 5 and the two kicker 5s at casino 5"
    )


def test_b5_a_rainbow_card_reads_as_one() -> None:
    """B-5: a rainbow card (written as a note of value 0) is named, never "$0"."""
    from lasvegas.boulevard import RAINBOW, RainbowCards
    from lasvegas.render import svg, text_board

    assert lv.describe_event(lv.NoteDealt(casino=CasinoNumber(4), value=RAINBOW)) == (
        "Casino 4 gets a rainbow card"
    )
    state = lv.new_game(lv.classic(3, RainbowCards()))
    while RAINBOW not in state.casinos[0].notes:
        state = lv.apply(state, lv.Draw(RAINBOW))
    view = lv.observe(state, 0)
    assert RAINBOW in view.casinos[0].notes
    assert text_board(view).splitlines()[1].startswith("Casino 1  Rainbow")
    assert ">Rainbow<" in svg(view)
    assert ">$0<" not in svg(view)


def test_every_decision_has_a_prompt() -> None:
    """Every task of the package says what answering it does (no "answer: <kind>" slug)."""
    import lasvegas.schema
    from lasvegas.modules.base import Task

    lasvegas.schema._import_package()
    todo, missing = list(Task.__subclasses__()), []
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        ours = cls.__module__.startswith("lasvegas.")  # not the tests' own modules
        if ours and cls.__module__ != "lasvegas.state" and cls.prompt is None:  # build twins
            missing.append(cls.__qualname__)
    assert missing == []
