"""The rule-to-test trace: which tests hold which rule ids.

Rule ids are those of the project's rules reference, ``docs/rules/reference.md`` (``C-12``,
``B-4``, ``R-6``, ``T-1a``, ``T-JACKPOT-2``, ``K-15``, ``X-9``), which lists every rule once.
The pages of the editions and modules (``docs/rules/**/*.md``) state each rule with its id
in more detail; a test holds a rule when the id is in its name or its docstring. This module
finds all three, from the files alone (the tests are read with :mod:`ast`, never imported),
and builds the trace: rule id -> the pages that state it and the tests that name it.

Spellings:

- in the docs and in docstrings, the canonical id: ``C-12``, ``T-1a``, ``T-JACKPOT-2``;
- in a test's name, lower case without hyphens, one id per ``_``-separated word:
  ``test_c12_c13_ties``, ``test_t1a_...``, ``test_tjackpot2_...``; the spelled-out forms
  ``c_12`` and ``t_jackpot_2`` (or ``t_high_five_2``) are understood too. A tile's name is
  recognised only when it is a known tile (:data:`TILE_WORDS`, or a ``T-WORD-n`` id that the
  docs use), so that a word like ``top3`` is never read as a rule id.

Used by the Sphinx extension ``lasvegas_sphinx`` (the trace table of ``docs/rules/trace.md``,
built at every docs build) and by ``tests/test_trace.py``. Run it as a script for a quick
report: ``python docs/_ext/ruletrace.py``.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "RULE_ID",
    "TILE_WORDS",
    "Trace",
    "build_trace",
    "docs_rule_ids",
    "ids_in_name",
    "ids_in_text",
    "prose",
    "reference_ids",
    "rule_sort_key",
    "traced_tests",
]

ROOT = Path(__file__).resolve().parents[2]
"""The repository's root (this file is ``docs/_ext/ruletrace.py``)."""

RULES_DIR = ROOT / "docs" / "rules"
"""Where the rules pages live."""

TESTS_DIR = ROOT / "tests"
"""Where the test suite lives."""

TRACE_PAGE = "trace.md"
"""The generated page itself, under :data:`RULES_DIR`: it is not a source of ids."""

REFERENCE_PAGE = "reference.md"
"""The rules reference, under :data:`RULES_DIR`: the list of every rule id (see
:func:`reference_ids`). The other pages are checked against it, so it is not one of them."""

PARTS = "CBRTKX"
"""The parts of the rules reference, in the order the trace lists them."""

RULE_ID = re.compile(
    r"(?<!\w)"  # not the end of a longer word ("XC-1", "T-BLOCK-1" holds no "K-1")
    r"(?P<id>[CBRKX]-\d+[a-z]?|T-(?:[A-Z]+-)?\d+[a-z]?)"
    r"(?!\w|-\d)"  # "C-1" never matches the start of "C-12", "C-1xy" or "C-1-2"
)
"""A canonical rule id in running text: ``C-12``, ``T-1a``, ``T-JACKPOT-2``."""

TILE_WORDS = frozenset(
    {
        "LUCKY",
        "JACKPOT",
        "PRIME",
        "FIFTY",
        "HIGHFIVE",
        "BADLUCK",
        "PAYDAY",
        "POWER",
        "NOENTRY",
        "KNOCKOUT",
        "BLOCK",
        "HANDICAP",
        "BLACKBOX",
        "DOUBLE",
        "NICE",
        "CHOICE",
    }
)
"""The tiles' words in ``T-WORD-n`` ids (the rules reference's part T, one per tile)."""

_COMPACT = re.compile(r"(?P<part>[cbrtkx])(?P<num>\d+)(?P<sub>[a-z]?)")
_COMPACT_TILE = re.compile(r"t(?P<word>[a-z]+?)(?P<num>\d+)")
_NUMBER = re.compile(r"(?P<num>\d+)(?P<sub>[a-z]?)")
_WORD = re.compile(r"[a-z]+")
_WORD_NUMBER = re.compile(r"(?P<word>[a-z]+?)(?P<num>\d+)")


def ids_in_text(text: str) -> list[str]:
    """The canonical rule ids in *text*, in order of appearance, each once.

    >>> ids_in_text("C-1 and C-12, then T-1a and T-JACKPOT-2; not XC-3 nor C-4xy")
    ['C-1', 'C-12', 'T-1a', 'T-JACKPOT-2']
    """
    return list(dict.fromkeys(m["id"] for m in RULE_ID.finditer(text)))


def _tile_id(words: Iterable[str], num: str, tile_words: frozenset[str]) -> str | None:
    word = "".join(words).upper()
    return f"T-{word}-{num}" if word in tile_words else None


def ids_in_name(name: str, tile_words: frozenset[str] = TILE_WORDS) -> list[str]:
    """The rule ids a test's name spells, mapped back to canonical ids, each once.

    >>> ids_in_name("test_c12_c13_c15_example_1")
    ['C-12', 'C-13', 'C-15']
    >>> ids_in_name("test_t1a_and_tjackpot2_and_t_high_five_2_and_k_7")
    ['T-1a', 'T-JACKPOT-2', 'T-HIGHFIVE-2', 'K-7']
    >>> ids_in_name("test_top3_tiles_x_ray_c")
    []
    """
    tokens = name.lower().split("_")
    found: list[str] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        step = 1
        rule: str | None = None
        if m := _COMPACT.fullmatch(token):
            rule = f"{m['part'].upper()}-{m['num']}{m['sub']}"
        elif m := _COMPACT_TILE.fullmatch(token):
            rule = _tile_id([m["word"]], m["num"], tile_words)
        elif len(token) == 1 and token in "cbrtkx" and i + 1 < len(tokens):
            if m := _NUMBER.fullmatch(tokens[i + 1]):  # "c_12", "t_1a"
                rule, step = f"{token.upper()}-{m['num']}{m['sub']}", 2
            elif token == "t":  # "t_jackpot_2", "t_high_five_2", "t_jackpot2"
                rule, step = _spelled_tile(tokens, i + 1, tile_words)
        if rule is not None:
            found.append(rule)
        i += step if rule is not None else 1
    return list(dict.fromkeys(found))


def _spelled_tile(
    tokens: list[str], start: int, tile_words: frozenset[str]
) -> tuple[str | None, int]:
    """A tile id spelled as words after a ``t`` token, and how many tokens it took."""
    words: list[str] = []
    for j in range(start, min(start + 4, len(tokens))):
        token = tokens[j]
        if m := _WORD_NUMBER.fullmatch(token):
            return _tile_id([*words, m["word"]], m["num"], tile_words), j - start + 2
        if token.isdigit() and words:
            return _tile_id(words, token, tile_words), j - start + 2
        if not _WORD.fullmatch(token):
            break
        words.append(token)
    return None, 1


def rule_sort_key(rule: str) -> tuple[int, str, int, str]:
    """Order ids by part (C, B, R, T, K, X), then tile word, number and letter.

    >>> sorted(["C-12", "T-JACKPOT-2", "C-2", "B-1", "T-1a", "T-1"], key=rule_sort_key)
    ['C-2', 'C-12', 'B-1', 'T-1', 'T-1a', 'T-JACKPOT-2']
    """
    parts = rule.split("-")
    word = parts[1] if len(parts) == 3 else ""
    m = _NUMBER.fullmatch(parts[-1])
    number, sub = (int(m["num"]), m["sub"]) if m else (0, parts[-1])
    return PARTS.find(parts[0]), word, number, sub


def _pages(rules_dir: Path) -> Iterator[Path]:
    for page in sorted(rules_dir.rglob("*.md")):
        if (
            page.relative_to(rules_dir).as_posix() not in (TRACE_PAGE, REFERENCE_PAGE)
            and "_build" not in page.parts
        ):
            yield page


_FENCE = re.compile(r"^ {0,3}(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE_DIRECTIVE = re.compile(r"\s*\{(?:code-block|code|sourcecode|literalinclude)\}")


def prose(text: str) -> str:
    r"""*text* without its fenced code blocks (MyST directives such as notes are kept).

    An id in a code example (a template of a docstring, a snippet) states no rule.

    >>> prose("a\n```{note}\nb\n```\nc\n```python\nx = 'C-1'\n```\nd")
    'a\n```{note}\nb\n```\nc\nd'
    """
    kept: list[str] = []
    code: re.Pattern[str] | None = None  # the closing fence of the code block we are in
    directives: list[re.Pattern[str]] = []  # the closing fences of enclosing directives
    for line in text.splitlines():
        if code is not None:
            if code.match(line):
                code = None
            continue
        if directives and directives[-1].match(line):
            directives.pop()
            kept.append(line)
            continue
        opening = _FENCE.match(line)
        if opening is None:
            kept.append(line)
            continue
        fence, info = opening["fence"], opening["info"]
        closing = re.compile(rf"^ {{0,3}}{fence[0]}{{{len(fence)},}}\s*$")
        if info.lstrip().startswith("{") and not _CODE_DIRECTIVE.match(info):
            directives.append(closing)
            kept.append(line)
        else:
            code = closing
    return "\n".join(kept)


def docs_rule_ids(rules_dir: Path = RULES_DIR) -> dict[str, list[str]]:
    """Every rule id the rules pages mention -> the pages (paths under *rules_dir*, no suffix).

    The pages that state the rule (its id in bold: ``**C-12**``) come first, then those
    that only mention it. The trace page itself is left out (it lists what the other pages
    and the tests hold), the rules reference too (:func:`reference_ids` reads it), and so
    are fenced code blocks (:func:`prose`).
    """
    stating: dict[str, list[str]] = {}
    mentioning: dict[str, list[str]] = {}
    for page in _pages(rules_dir):
        name = page.relative_to(rules_dir).with_suffix("").as_posix()
        text = prose(page.read_text(encoding="utf-8"))
        bold = set(ids_in_text(" ".join(_BOLD.findall(text))))
        for rule in ids_in_text(text):
            (stating if rule in bold else mentioning).setdefault(rule, []).append(name)
    return {
        rule: stating.get(rule, []) + mentioning.get(rule, [])
        for rule in stating.keys() | mentioning.keys()
    }


@dataclass(frozen=True)
class TracedTest:
    """A test function (or method) and the rule ids it names."""

    file: str
    """Its file, relative to the tests directory (``test_classic.py``)."""
    name: str
    """``test_name`` or ``TestClass::test_name``."""
    rules: tuple[str, ...]
    """The rule ids in its name, its docstring, or its class's name and docstring."""

    @property
    def node_id(self) -> str:
        """``file::name``, as pytest names the test (without the ``tests/`` prefix)."""
        return f"{self.file}::{self.name}"


def _rules_of(
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, tile_words: frozenset[str]
) -> list[str]:
    return ids_in_name(node.name, tile_words) + ids_in_text(ast.get_docstring(node) or "")


def _tests_in(tree: ast.Module, file: str, tile_words: frozenset[str]) -> Iterator[TracedTest]:
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test"
        ):
            rules = _rules_of(node, tile_words)
            yield TracedTest(file, node.name, tuple(dict.fromkeys(rules)))
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            outer = _rules_of(node, tile_words)
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and (
                    item.name.startswith("test")
                ):
                    rules = outer + _rules_of(item, tile_words)
                    yield TracedTest(file, f"{node.name}::{item.name}", tuple(dict.fromkeys(rules)))


def traced_tests(
    tests_dir: Path = TESTS_DIR, tile_words: frozenset[str] = TILE_WORDS
) -> list[TracedTest]:
    """Every test function of the suite (``test_*.py`` under *tests_dir*), with its rule ids."""
    cases: list[TracedTest] = []
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        cases.extend(_tests_in(tree, path.relative_to(tests_dir).as_posix(), tile_words))
    return cases


@dataclass(repr=False)
class Trace:
    """The rule-to-test trace of the docs and the test suite."""

    pages: dict[str, list[str]]
    """Rule id -> the rules pages that mention it."""
    tests: dict[str, list[TracedTest]] = field(default_factory=dict)
    """Rule id -> the tests that name it (ids the docs lack included)."""
    reference: list[str] = field(default_factory=list)
    """The ids the rules reference lists, in its order."""

    def __repr__(self) -> str:
        return f"<Trace of {len(self.rules)} rule ids>"

    @property
    def rules(self) -> list[str]:
        """Every id of the docs or the tests, in the rules reference's order."""
        return sorted(
            self.pages.keys() | self.tests.keys() | set(self.reference), key=rule_sort_key
        )

    @property
    def untested(self) -> list[str]:
        """Ids the docs mention (the reference included) that no test names."""
        return [
            rule
            for rule in self.rules
            if (rule in self.pages or rule in self.reference) and rule not in self.tests
        ]

    @property
    def undocumented(self) -> list[str]:
        """Ids that tests name but no rules page mentions."""
        return [rule for rule in self.rules if rule not in self.pages and rule in self.tests]

    @property
    def unstated(self) -> list[str]:
        """Ids of the rules reference that no page of an edition or module mentions."""
        return [rule for rule in self.reference if rule not in self.pages]

    @property
    def unreferenced(self) -> list[str]:
        """Ids of the pages or the tests that the rules reference lacks."""
        listed = set(self.reference)
        return [rule for rule in self.rules if rule not in listed]


def build_trace(rules_dir: Path = RULES_DIR, tests_dir: Path = TESTS_DIR) -> Trace:
    """Read the rules pages and the tests and build the trace.

    >>> trace = build_trace()
    >>> "C-12" in trace.pages and any(t.name.startswith("test_c12") for t in trace.tests["C-12"])
    True
    """
    pages = docs_rule_ids(rules_dir)
    reference = rules_dir / REFERENCE_PAGE
    listed = reference_ids(reference) if reference.exists() else []
    tile_words = TILE_WORDS | {
        rule.split("-")[1] for rule in [*pages, *listed] if rule.count("-") == 2
    }
    trace = Trace(pages, reference=listed)
    for case in traced_tests(tests_dir, tile_words):
        for rule in case.rules:
            trace.tests.setdefault(rule, []).append(case)
    return trace


_REFERENCE_ITEM = re.compile(r"^- \*\*(?P<id>[^*]+)\*\*")


def reference_ids(path: Path = RULES_DIR / REFERENCE_PAGE) -> list[str]:
    r"""The ids a rules reference lists: each list item that starts with an id in bold.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = Path(tmp) / "reference.md"
    ...     text = "- **C-1** Each player ...\n  see **C-9**\n- **T-JACKPOT-2** When ...\n"
    ...     _ = path.write_text(text)
    ...     reference_ids(path)
    ['C-1', 'T-JACKPOT-2']
    """
    found = []
    for line in prose(path.read_text(encoding="utf-8")).splitlines():
        match = _REFERENCE_ITEM.match(line)
        if match and RULE_ID.fullmatch(match["id"]):
            found.append(match["id"])
    return list(dict.fromkeys(found))


def main(argv: list[str]) -> int:
    """Print the trace and its problems; exit status 1 if there is any."""
    trace = build_trace()
    for rule in trace.rules:
        names = ", ".join(case.node_id for case in trace.tests.get(rule, [])) or "NO TEST"
        print(f"{rule:16} {names}")
    print(f"\n{len(trace.rules)} ids; untested: {trace.untested or 'none'}")
    print(f"named by tests but not in the docs: {trace.undocumented or 'none'}")
    print(f"in the rules reference but on no other rules page: {trace.unstated or 'none'}")
    print(f"missing from the rules reference: {trace.unreferenced or 'none'}")
    problems = trace.untested or trace.undocumented or trace.unstated or trace.unreferenced
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
