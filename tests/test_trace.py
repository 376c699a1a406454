"""The rule-to-test trace holds: every rule id of the docs has a test, and the reverse.

The rules pages (``docs/rules/**/*.md``, the generated trace page aside) state each rule
with its id; a test holds a rule by naming its id in its name or docstring. The scanner
is ``docs/_ext/ruletrace.py``, the same code that builds the trace table of the docs.

The tests of the scanner itself below never name a rule id in their names or docstrings:
they would trace themselves.
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "_ext"))

import ruletrace  # found through the path above


@pytest.fixture(scope="module")
def trace() -> ruletrace.Trace:
    """The trace of the repository's docs and tests."""
    return ruletrace.build_trace()


def _pages_of(trace: ruletrace.Trace, rules: list[str]) -> str:
    return "\n".join(f"  {rule}: on {', '.join(trace.pages[rule])}" for rule in rules)


def _tests_of(trace: ruletrace.Trace, rules: list[str]) -> str:
    return "\n".join(
        f"  {rule}: named by {', '.join(case.node_id for case in trace.tests[rule])}"
        for rule in rules
    )


def test_every_rule_id_of_the_docs_has_a_test(trace: ruletrace.Trace) -> None:
    """No rule of the rules pages lacks a test that names its id."""
    assert not trace.untested, (
        "rule ids on the rules pages that no test names (in its name or docstring):\n"
        + _pages_of(trace, trace.untested)
    )


def test_every_rule_id_a_test_names_is_in_the_docs(trace: ruletrace.Trace) -> None:
    """No test names a rule id that the rules pages do not state."""
    assert not trace.undocumented, (
        "rule ids named by tests but on no rules page (docs/rules/):\n"
        + _tests_of(trace, trace.undocumented)
    )


def test_every_rule_of_the_reference_is_stated_on_a_rules_page(trace: ruletrace.Trace) -> None:
    """The rules reference lists nothing that the pages of the editions and modules lack."""
    assert len(trace.reference) >= 120, "the rules reference lists too few ids"
    assert not trace.unstated, f"in docs/rules/reference.md only: {trace.unstated}"


def test_the_reference_lists_every_rule_id(trace: ruletrace.Trace) -> None:
    """Every id the rules pages or the tests name is listed in the rules reference."""
    assert not trace.unreferenced, (
        f"add to docs/rules/reference.md, in the project's own words: {trace.unreferenced}"
    )


def test_the_trace_reads_the_real_docs_and_tests(trace: ruletrace.Trace) -> None:
    """The scan finds the classic game's pages and tests (a broken scan would pass vacuously)."""
    assert len(trace.pages) >= 20
    classic = [rule for rule in trace.pages if "classic" in trace.pages[rule]]
    assert len(classic) >= 16
    assert any(case.file == "test_classic.py" for rule in classic for case in trace.tests[rule])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("C-1, C-12 and C-1.", ["C-1", "C-12"]),
        ("C-12 is not C-1", ["C-12", "C-1"]),
        ("T-1a, T-1b and T-1 (T-1ab is nothing)", ["T-1a", "T-1b", "T-1"]),
        ("T-JACKPOT-2 and T-HIGHFIVE-1", ["T-JACKPOT-2", "T-HIGHFIVE-1"]),
        ("K-15, X-9, R-6, B-4", ["K-15", "X-9", "R-6", "B-4"]),
        ("XC-1, C-1xy, c-1, $10,000, A-1, T-, C-1-2", []),
        ("(B-3/R-3), C-17-C-22", ["B-3", "R-3", "C-17", "C-22"]),
        ("T-BLOCK-1, T-POWER-2 and T-BLACKBOX-1", ["T-BLOCK-1", "T-POWER-2", "T-BLACKBOX-1"]),
    ],
)
def test_ids_in_text(text: str, expected: list[str]) -> None:
    """Canonical ids are found whole: an id never matches the start of a longer one."""
    assert ruletrace.ids_in_text(text) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("test_c1_each_player", ["C-1"]),
        ("test_c12_c13_c15_example_1", ["C-12", "C-13", "C-15"]),
        ("test_b4_c9_kicked", ["B-4", "C-9"]),
        ("test_t1a_leftovers", ["T-1a"]),
        ("test_tjackpot2_pays", ["T-JACKPOT-2"]),
        ("test_t_jackpot_2_pays", ["T-JACKPOT-2"]),
        ("test_t_high_five_2_token", ["T-HIGHFIVE-2"]),
        ("test_thighfive1_token", ["T-HIGHFIVE-1"]),
        ("test_k_7_out", ["K-7"]),
        ("test_x20_chips", ["X-20"]),
        ("test_random_games", []),
        ("test_top3_tiles_tx1", []),
        ("test_two_players_t_x_ray", []),
        ("test_example_1", []),
    ],
)
def test_ids_in_test_names(name: str, expected: list[str]) -> None:
    """Test names spell ids without hyphens; they map back to the canonical ids."""
    assert ruletrace.ids_in_name(name) == expected


def test_tile_words_come_from_the_docs_too() -> None:
    """A tile the docs name in an id is recognised in test names, others are not."""
    assert ruletrace.ids_in_name("test_tnewtile3_x") == []
    words = ruletrace.TILE_WORDS | {"NEWTILE"}
    assert ruletrace.ids_in_name("test_tnewtile3_x", words) == ["T-NEWTILE-3"]


def test_scanning_a_small_suite(tmp_path: Path) -> None:
    """Pages, test functions, test methods and docstrings are all read, by AST alone."""
    rules = tmp_path / "rules"
    (rules / "part").mkdir(parents=True)
    (rules / "a.md").write_text("- **C-1** one\n- **C-2** two\n", encoding="utf-8")
    (rules / "part" / "b.md").write_text("**T-NEWTILE-1** a tile\n", encoding="utf-8")
    (rules / "0-intro.md").write_text("C-1 is stated on another page\n", encoding="utf-8")
    (rules / "trace.md").write_text("C-99 is only on the trace page\n", encoding="utf-8")
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text(
        "import sys\n"
        "sys.exit('never imported')\n"
        "def test_c1_first():\n"
        "    pass\n"
        "def helper_c2():\n"
        "    '''C-2: not a test.'''\n"
        "class TestGroup:\n"
        "    '''K-5: the whole group.'''\n"
        "    def test_tnewtile1(self):\n"
        "        pass\n"
        "def test_other():\n"
        "    '''Holds X-3 and C-1.'''\n",
        encoding="utf-8",
    )
    found = ruletrace.build_trace(rules, tests)
    # the page that states a rule (in bold) comes before one that mentions it
    assert found.pages == {"C-1": ["a", "0-intro"], "C-2": ["a"], "T-NEWTILE-1": ["part/b"]}
    assert {rule: [c.node_id for c in cases] for rule, cases in found.tests.items()} == {
        "C-1": ["test_x.py::test_c1_first", "test_x.py::test_other"],
        "K-5": ["test_x.py::TestGroup::test_tnewtile1"],
        "T-NEWTILE-1": ["test_x.py::TestGroup::test_tnewtile1"],
        "X-3": ["test_x.py::test_other"],
    }
    assert found.untested == ["C-2"]
    assert found.undocumented == ["K-5", "X-3"]
    assert found.rules == ["C-1", "C-2", "T-NEWTILE-1", "K-5", "X-3"]


def test_code_blocks_of_the_pages_are_not_rule_statements(tmp_path: Path) -> None:
    """An id inside a fenced code example (a template, a snippet) is not a documented rule."""
    page = tmp_path / "p.md"
    page.write_text(
        "**B-1** a rule\n\n```python\n'''T-NEWTILE-1: a docstring in an example.'''\n```\n",
        encoding="utf-8",
    )
    assert ruletrace.docs_rule_ids(tmp_path) == {"B-1": ["p"]}


def test_the_scanners_examples() -> None:
    """The examples in ``docs/_ext/ruletrace.py`` hold."""
    result = doctest.testmod(ruletrace)
    assert result.attempted > 0
    assert result.failed == 0
