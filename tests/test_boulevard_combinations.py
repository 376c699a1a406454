"""The Boulevard modules combined with each other, with NeutralDice and with ChipCards (part B)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

import lasvegas as lv
from lasvegas.boulevard import MODULES, KickersState, RainbowState, SlotMachineState
from lasvegas.state import evolve as evolve_state
from lasvegas.testing import check_invariants, example_configs, random_game, random_sim_test

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules" / "boulevard"


def every_module() -> list[lv.RuleModule]:
    """The seven Boulevard modules, NeutralDice and ChipCards (B-9), each with default options."""
    return [module() for module in MODULES] + [lv.NeutralDice(), lv.ChipCards()]


def players_allowed(modules: tuple[lv.RuleModule, ...]) -> range:
    return range(2, 7 if any(m.id == "sixth-player" for m in modules) else 6)


def test_every_subset_of_modules_builds_or_is_refused_with_a_reason() -> None:
    """Part B: every mix of the modules (and NeutralDice, ChipCards) works or says why it cannot."""
    modules = every_module()
    built = 0
    refused: list[tuple[int, bool, str]] = []
    for size in range(len(modules) + 1):
        for mix in itertools.combinations(modules, size):
            sixth = any(m.id == "sixth-player" for m in mix)
            for players in range(2, 7):
                try:
                    config = lv.classic(players, *mix)
                except lv.ConfigError as error:
                    refused.append((players, sixth, str(error)))
                    continue
                built += 1
                check_invariants(lv.new_game(config))
    assert built == 2**9 * 4 + 2**8
    assert len(refused) == 2**8
    reason = (
        "6 players: the classic edition with these modules takes 2-5 (module sixth-player allows 6)"
    )
    assert set(refused) == {(6, False, reason)}


def _pairs() -> list[tuple[lv.RuleModule, lv.RuleModule, int]]:
    """Every pair of modules with every player count it allows (2-5, or 2-6 with SixthPlayer)."""
    return [
        (first, second, players)
        for first, second in itertools.combinations(every_module(), 2)
        for players in players_allowed((first, second))
    ]


PAIRS = _pairs()


@pytest.mark.parametrize(
    ("first", "second", "players"), PAIRS, ids=[f"{a.id}+{b.id}-{n}" for a, b, n in PAIRS]
)
def test_part_b_every_pair_of_modules_plays(
    first: lv.RuleModule, second: lv.RuleModule, players: int
) -> None:
    """Part B: every pair of modules plays random games that keep every engine contract,
    with every player count the pair allows (each module alone is played at every player
    count in its own test file)."""
    random_sim_test(lv.classic(players, first, second), games=1, seed=players)


def test_part_b_pairs_cover_every_player_count() -> None:
    """Part B: each of the 36 pairs above is played with 2-5 players, and with 6 when it
    holds SixthPlayer (B-6)."""
    pairs = {(a.id, b.id) for a, b, _ in PAIRS}
    assert len(pairs) == 36
    for a, b in pairs:
        counts = {n for x, y, n in PAIRS if (x.id, y.id) == (a, b)}
        six = "sixth-player" in (a, b)
        assert counts == ({2, 3, 4, 5, 6} if six else {2, 3, 4, 5}), (a, b, counts)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_part_b_all_modules_together(players: int) -> None:
    """Part B, B-9: all modules at once, with NeutralDice and ChipCards, for 2-6 players."""
    random_sim_test(lv.classic(players, *every_module()), games=2, seed=players)


def test_part_b_all_boulevard_modules_without_neutral_dice() -> None:
    """Part B: the seven Boulevard modules alone (the benchmark's configuration), 4 players."""
    random_sim_test(lv.classic(4, *(module() for module in MODULES)), games=2, seed=4)


def test_part_b_a_random_game_uses_every_module() -> None:
    """Part B: a random game with every module kicks, replaces rainbows and pays the slot machine."""
    config = lv.classic(4, *every_module())
    state, actions = random_game(config, lv.Rng(11))
    kinds = {a.kind for a in actions}
    assert {"kick", "choose-note", "take-chip", "draw-chip"} <= kinds
    assert any(isinstance(a, lv.Place) and a.target == 7 for a in actions)
    assert any(isinstance(a, lv.Roll) and a.group == "kicker" for a in actions)
    assert any(isinstance(a, lv.Roll) and a.group == "big" for a in actions)
    assert state.round == 4
    assert lv.standings(state).winners


def test_part_b_configs_are_registered_examples() -> None:
    """Part B: the Boulevard configs are among the examples of the suite-wide property tests."""
    examples = example_configs()
    every = tuple(module() for module in MODULES)
    assert lv.classic(6, *every) in examples
    for module in MODULES:
        assert any(module in {type(m) for m in c.modules} for c in examples)


def test_part_b_module_catalogue_has_docs_and_tests() -> None:
    """Part B: each module has one docs page and one test file, listed in the Boulevard index."""
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    tests = Path(__file__).resolve().parent
    for module in MODULES:
        name = module.id.replace("-", "_")
        assert (DOCS / f"{module.id}.md").is_file(), module.id
        assert (tests / f"test_boulevard_{name}.py").is_file(), module.id
        assert module.id in index
        assert module.__name__ in index


def test_b8_x5_action_and_bonus_cards_are_not_implemented() -> None:
    """B-8, X-5 (ruling): action and bonus cards are out of scope; the docs say so and why."""
    assert not hasattr(lv, "ActionCards")
    assert not hasattr(lv, "BonusCards")
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    section = index[index.index("## Not implemented") :]
    assert re.search(r"ActionCards.*not implemented", section, re.S)
    assert "bonus cards" in section.lower()
    assert "texts are not known" in section


def test_part_b_broken_slices_are_reported() -> None:
    """Part B: a loaded state whose Boulevard slices are inconsistent is reported, not trusted."""
    config = lv.classic(2, lv.Kickers(), lv.RainbowCards(), lv.SlotMachine())
    state, _ = random_game(config, lv.Rng(5))
    assert lv.state_problems(state) == ()
    kickers, rainbow, slot = state.modules
    assert isinstance(kickers, KickersState)
    assert isinstance(rainbow, RainbowState)
    assert isinstance(slot, SlotMachineState)
    broken = [
        ((KickersState(out=(0, 0, 0, 0)), rainbow, slot), "module kickers: out of play"),
        ((KickersState(out=(3, 0)), rainbow, slot), "module kickers: out of play"),
        ((kickers, RainbowState(discarded=7), slot), "module rainbow-cards: 7 rainbow cards"),
        ((kickers, rainbow, SlotMachineState(used=(3, 3), dice=())), "module slot-machine"),
        ((kickers, rainbow, SlotMachineState(used=(3,), dice=((3, 0, 9),))), "module slot-machine"),
    ]
    for modules, problem in broken:
        problems = lv.state_problems(evolve_state(state, modules=modules))
        assert any(p.startswith(problem) for p in problems), problems
