"""The fixed integer action encoding, ``lv.action_space(config)``, used by the RL adapters.

Every registered example config (:func:`lasvegas.testing.example_configs`: every edition,
module and tile that registers its configs) plays random games; every legal action at every
decision must be in the config's action space. A module that offers decisions without
listing them in its ``action_space`` hook fails here.

The docs table the codes of the standard config of every edition (``docs/adapters/
pettingzoo.md``, "The action encoding"); the tests below recompute every row from
``lv.action_space`` and fail when a table disagrees.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import attrs
import pytest

import lasvegas as lv
from lasvegas.testing import example_configs
from lasvegas.types import CasinoNumber

CONFIGS = example_configs()


def _label(config: lv.GameConfig) -> str:
    ids = "+".join(m.id for m in config.modules)
    hidden = "-hidden" if config.hide_money else ""
    return f"{config.edition}-{config.players}p-{ids or 'plain'}{hidden}"


@pytest.mark.parametrize("config", CONFIGS, ids=[_label(c) for c in CONFIGS])
def test_every_legal_action_is_in_the_action_space(config: lv.GameConfig) -> None:
    space = lv.action_space(config)
    assert len(set(space)) == len(space)
    codes = set(space)
    rng = lv.Rng(8)
    decisions = 0
    for _ in range(3):
        state = lv.new_game(config)
        while (mover := lv.to_move(state)) is not None:
            if mover is lv.CHANCE:
                action = lv.sample_chance(state, rng)
                assert action not in codes  # chance outcomes are not decisions
            else:
                legal = lv.legal_actions(state)
                missing = [a for a in legal if a not in codes]
                assert not missing, f"legal but not in action_space: {missing} ({state.tasks})"
                decisions += 1
                action = legal[rng.below(len(legal))]
            state = lv.apply(state, action)
    assert decisions > 0


def test_action_space_starts_with_the_core_placements() -> None:
    """``Place(1)`` .. ``Place(6)`` are codes 0-5 in every config; modules follow in order."""
    for config in CONFIGS:
        assert lv.action_space(config)[:6] == tuple(lv.Place(f) for f in range(1, 7))
    kickers = lv.classic(3, lv.Kickers(), lv.SlotMachine())
    space = lv.action_space(kickers)
    assert space[6] == lv.Kick(0)
    assert lv.Place(4, target=CasinoNumber(7)) in space
    assert lv.ChooseNote(100_000) in space


def test_card_game_action_space_is_every_k5_selection() -> None:
    """K-5: 1 or 2 cards of any faces, or 3 to 5 cards of one face, from the 30-card deck."""
    space = lv.action_space(lv.cardgame(3))
    plays = [a for a in space if isinstance(a, lv.PlayCards)]
    assert len(plays) == 114
    for play in plays:
        faces = {c // 10 for c in play.cards}
        assert len(play.cards) <= 2 or len(faces) == 1
    assert lv.PlayCards((52, 52)) not in space  # one double card per face in the deck


# -- the documented tables -----------------------------------------------------------------------

ENCODING_PAGE = Path(__file__).resolve().parents[1] / "docs" / "adapters" / "pettingzoo.md"
"""The page whose section "The action encoding" tables the codes of every edition."""

BOULEVARD = (
    lv.SixthPlayer,
    lv.MinimumByPlayers,
    lv.HundredThousands,
    lv.Biggies,
    lv.Kickers,
    lv.RainbowCards,
    lv.SlotMachine,
    lv.ChipCards,
)
"""Every Boulevard module (the standard "classic with all of Boulevard" config)."""

STANDARD_CONFIGS = {
    "classic": lv.classic(4),
    "classic with neutral dice": lv.classic(4, lv.NeutralDice()),
    "classic with all of Boulevard": lv.classic(4, *(module() for module in BOULEVARD)),
    "royale": lv.royale(4),
    "card game": lv.cardgame(4),
}
"""The configs the docs must table (the editions, 4 players each)."""

_MARKER = re.compile(r"^%\s*action-codes:\s*(?P<config>.+?)\s*$")
_CODES = re.compile(r"^(?P<first>\d+)(?:\s*[\u2013-]\s*(?P<last>\d+))?$")  # en dash or hyphen
_DASH = "\N{EN DASH}"


@dataclass(frozen=True)
class ActionTable:
    """One table of the docs: the configs it is for, its rows, the text of its section."""

    lineno: int
    """The line of its first marker (1-based)."""
    configs: tuple[str, ...]
    """The config expressions of its ``% action-codes:`` markers."""
    rows: tuple[tuple[int, str, str, str], ...]
    """Per row: its line, its codes cell, its module cell and its actions cell."""
    section: str
    """The text from the section's heading to the table (it names the space's size)."""


def action_tables(text: str) -> list[ActionTable]:
    """The tables of a page that ``% action-codes: <config>`` comment lines mark, in order."""
    lines = text.splitlines()
    tables: list[ActionTable] = []
    heading = 0
    fenced = False
    i = 0
    while i < len(lines):
        if lines[i].startswith(("```", "~~~")):
            fenced = not fenced
        elif lines[i].startswith("#") and not fenced:
            heading = i
        if fenced or not _MARKER.match(lines[i]):
            i += 1
            continue
        start = i
        configs: list[str] = []
        while i < len(lines) and (marker := _MARKER.match(lines[i])):
            configs.append(marker["config"])
            i += 1
        rows: list[tuple[int, str, str, str]] = []
        while i < len(lines) and lines[i].startswith("|"):
            cells = [cell.strip() for cell in lines[i].strip().strip("|").split("|")]
            cells += [""] * (3 - len(cells))
            rows.append((i + 1, cells[0], cells[1], cells[2]))
            i += 1
        section = "\n".join(lines[heading:start])
        tables.append(ActionTable(start + 1, tuple(configs), tuple(rows[2:]), section))
    return tables


def _owners(config: lv.GameConfig) -> list[str]:
    """The module id of each code of the config (``core`` for the engine's placements)."""
    owners = ["core"] * 6
    for module, declared in zip(config.modules, config.ruleset.capabilities, strict=True):
        space = declared.action_space
        owners += [module.id] * (0 if space is None else len(space(config.players)))
    return owners


def _pattern(text: str) -> ast.Call:
    """``Kick(owner, big=True)`` as a call: bare names are fields, keywords fixed values."""
    call = ast.parse(text, mode="eval").body
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
        raise ValueError(f"{text!r} is not an action pattern such as Kick(owner, big=True)")
    return call


def _misfits(action: lv.Action, call: ast.Call) -> list[str]:
    """How *action* does not fit the pattern *call* (empty when it fits)."""
    assert isinstance(call.func, ast.Name)
    if type(action).__name__ != call.func.id:
        return [f"{action!r} is not a {call.func.id}"]
    fields = {field.name for field in attrs.fields(type(action))}
    found = [
        f"{call.func.id} has no field {arg.id if isinstance(arg, ast.Name) else ast.unparse(arg)!r}"
        for arg in call.args
        if not isinstance(arg, ast.Name) or arg.id not in fields
    ]
    for keyword in call.keywords:
        if keyword.arg is None or keyword.arg not in fields:
            found.append(f"{call.func.id} has no field {keyword.arg!r}")
        elif getattr(action, keyword.arg) != ast.literal_eval(keyword.value):
            found.append(f"{action!r} does not have {ast.unparse(keyword)}")
    return found


def table_problems(table: ActionTable, config: lv.GameConfig) -> list[str]:
    """Where *table* disagrees with ``lv.action_space(config)`` (empty when it agrees).

    The rows must cover the codes from 0 in order, without gaps; each row's actions come
    from its module and fit its pattern (one action for the whole range) or are its first
    and last action (two, separated by an ellipsis).
    """
    space = lv.action_space(config)
    owners = _owners(config)
    found: list[str] = []
    if f"`Discrete({len(space)})`" not in table.section:
        found.append(f"line {table.lineno}: the section does not say `Discrete({len(space)})`")
    expected = 0
    for lineno, codes, module, actions in table.rows:
        where = f"line {lineno}"
        match = _CODES.fullmatch(codes)
        if match is None:
            found.append(f"{where}: {codes!r} is not a code or a range of codes")
            continue
        first = int(match["first"])
        last = int(match["last"] or first)
        if first != expected or last < first or last >= len(space):
            found.append(f"{where}: codes {first}-{last} do not follow code {expected - 1}")
            expected = last + 1
            continue
        expected = last + 1
        codes_owners = set(owners[first : last + 1])
        if codes_owners != {module.strip("`")}:
            found.append(f"{where}: codes {first}-{last} belong to {sorted(codes_owners)}")
        patterns = [_pattern(p) for p in re.findall(r"`([^`]+)`", actions)]
        if len(patterns) == 1:
            for action in space[first : last + 1]:
                found += [f"{where}: {misfit}" for misfit in _misfits(action, patterns[0])]
        elif len(patterns) == 2 and "…" in actions:
            found += [f"{where}: {m}" for m in _misfits(space[first], patterns[0])]
            found += [f"{where}: {m}" for m in _misfits(space[last], patterns[1])]
            kinds = {type(action).__name__ for action in space[first : last + 1]}
            if len(kinds) != 1:
                found.append(f"{where}: codes {first}-{last} mix the actions {sorted(kinds)}")
        else:
            found.append(f"{where}: {actions!r} is neither a pattern nor 'first … last'")
    if expected != len(space):
        found.append(f"line {table.lineno}: the rows end at {expected - 1}, not {len(space) - 1}")
    return found


def _documented() -> dict[str, tuple[ActionTable, lv.GameConfig]]:
    """The page's tables by config expression, each with its config."""
    tables = action_tables(ENCODING_PAGE.read_text(encoding="utf-8"))
    return {
        expression: (table, eval(expression, {"lv": lv}))
        for table in tables
        for expression in table.configs
    }


def test_the_docs_table_the_action_codes_of_every_edition() -> None:
    """The docs' tables (docs/adapters/pettingzoo.md, "The action encoding") give exactly
    the codes of ``lv.action_space`` for the standard config of every edition."""
    documented = _documented()
    configs = [config for _, config in documented.values()]
    for name, config in STANDARD_CONFIGS.items():
        assert config in configs, f"the docs have no table of {name}"
    problems = [
        f"{expression}: {problem}"
        for expression, (table, config) in documented.items()
        for problem in table_problems(table, config)
    ]
    assert not problems, "\n".join(problems)


def test_a_wrong_action_table_is_caught() -> None:
    """A wrong range, module or action, a missing row or a wrong size: each is reported."""
    text = ENCODING_PAGE.read_text(encoding="utf-8")
    boulevard = STANDARD_CONFIGS["classic with all of Boulevard"]
    (right,) = [
        line for line in text.splitlines() if line.startswith(f"| 21{_DASH}26 | `slot-machine`")
    ]

    def problems(page: str) -> list[str]:
        (table,) = [t for t in action_tables(page) if eval(t.configs[0], {"lv": lv}) == boulevard]
        return table_problems(table, boulevard)

    assert problems(text) == []
    wrong = {
        right.replace(f"21{_DASH}26", f"21{_DASH}25"): "do not follow",
        right.replace("slot-machine", "kickers"): "belong to ['slot-machine']",
        right.replace("target=7", "target=None"): "does not have target=None",
        right.replace("Place(face,", "Kick(face,"): "is not a Kick",
        right.replace("face,", "faces,"): "has no field 'faces'",
        right.replace("`Place(face, target=7)`", "placements"): "neither a pattern",
        "": "do not follow",  # the row left out
    }
    for line, message in wrong.items():
        found = problems(text.replace(right + "\n", line + "\n" if line else "", 1))
        assert any(message in problem for problem in found), (line, found)
    found = problems(text.replace("`Discrete(37)`", "`Discrete(36)`"))
    assert any("does not say `Discrete(37)`" in problem for problem in found), found
