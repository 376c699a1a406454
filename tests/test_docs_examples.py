"""Every code example of the docs runs: one test per page of ``docs/**/*.md``.

A page's examples are its fenced code blocks whose language is ``python``, ``py`` or
``pycon`` (``{code-block} python`` too). They run in order, in one namespace per page (a
later block may use what an earlier one defined):

- a block whose first line starts with ``>>>`` is a doctest (options ``ELLIPSIS`` and
  ``NORMALIZE_WHITESPACE``): every output shown must be the output produced;
- any other block is run as a script and must not raise.

A block that is not meant to run (a fragment of a class, a template) is marked by a MyST
comment on the line right above its fence, ``% skip: next`` (a reason may follow), or the
HTML comment ``<!-- skip: next -->`` (Sybil's spelling). Other languages (``console``, ``json``,
``text``) never run. The docstring examples of the package run with ``--doctest-modules``
(see ``pyproject.toml``).
"""

from __future__ import annotations

import doctest
import gc
import re
import sys
import types
from dataclasses import dataclass
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
LANGUAGES = {"python", "py", "pycon", "python3"}
SKIP = re.compile(r"^\s*(?:%\s*skip:\s*next\b.*|<!--\s*skip:\s*next\b.*-->)\s*$")
FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@dataclass(frozen=True)
class Block:
    """One fenced code block of a page."""

    lineno: int
    """The line of its first code line (1-based)."""
    language: str
    """Its language: the fence's info string, or a ``{code-block}``'s argument."""
    code: str
    """Its text."""
    skipped: bool
    """Marked ``skip: next``."""


CODE_DIRECTIVE = re.compile(r"\{(?:code-block|code|sourcecode)\}\s*(?P<language>\S*).*")
OTHER_DIRECTIVE = re.compile(r"\{(?P<name>[\w:-]+)\}.*")
OPAQUE = {"eval-rst", "raw", "math", "mermaid"}  # content that is not Markdown


def _language(info: str) -> str:
    info = info.strip()
    if directive := CODE_DIRECTIVE.fullmatch(info):
        return directive["language"].lower()
    if directive := OTHER_DIRECTIVE.fullmatch(info):
        return "{" + directive["name"] + "}"
    return info.split()[0].lower() if info else ""


def code_blocks(text: str) -> list[Block]:
    """The fenced code blocks of a Markdown page, inside MyST directives (a note) too."""
    lines = text.splitlines()
    blocks: list[Block] = []
    open_directives: list[re.Pattern[str]] = []  # the closing fences of enclosing directives
    i = 0
    while i < len(lines):
        if open_directives and open_directives[-1].match(lines[i]):
            open_directives.pop()
            i += 1
            continue
        opening = FENCE.match(lines[i])
        if opening is None:
            i += 1
            continue
        fence, info = opening["fence"], opening["info"]
        closing = re.compile(rf"^ {{0,3}}{fence[0]}{{{len(fence)},}}\s*$")
        language = _language(info)
        if language.startswith("{") and language[1:-1] not in OPAQUE:
            open_directives.append(closing)  # its content is Markdown: look inside
            i += 1
            continue
        skipped = i > 0 and SKIP.match(lines[i - 1]) is not None
        start = j = i + 1
        while j < len(lines) and not closing.match(lines[j]):
            j += 1
        indent = len(opening["indent"])
        code = "\n".join(
            line[indent:] if line[:indent].isspace() else line for line in lines[start:j]
        )
        blocks.append(Block(start + 1, language, code + "\n", skipped))
        i = j + 1
    return blocks


def _examples(page: Path) -> list[Block]:
    return [
        block
        for block in code_blocks(page.read_text(encoding="utf-8"))
        if block.language in LANGUAGES and not block.skipped
    ]


def _pages() -> list[Path]:
    return sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.relative_to(DOCS).parts)


def run_page(page: Path, root: Path = DOCS.parent) -> None:
    """Run every example of *page* in one namespace; fail with the first failure's report.

    The namespace is a module registered in ``sys.modules`` while the page runs, as a
    user's own module would be (JSON resolves a class's annotations through its module).
    It is emptied afterwards, so the classes a page defines do not outlive it. *root* is
    what the page's name in reports is relative to.
    """
    name = page.relative_to(root).as_posix()
    module = types.ModuleType("docs_example_" + re.sub(r"\W", "_", name.removesuffix(".md")))
    sys.modules[module.__name__] = module
    namespace = module.__dict__
    parser = doctest.DocTestParser()
    try:
        for block in _examples(page):
            where = f"{name}:{block.lineno}"
            if block.code.lstrip().startswith(">>>"):
                test = parser.get_doctest(block.code, namespace, where, str(page), block.lineno - 1)
                report: list[str] = []
                runner = doctest.DocTestRunner(optionflags=FLAGS)
                result = runner.run(test, out=report.append, clear_globs=False)
                namespace.update(test.globs)  # DocTest works on a copy of the namespace
                if result.failed:
                    pytest.fail(f"doctest failed in {where}:\n" + "".join(report), pytrace=False)
            else:
                source = "\n" * (block.lineno - 1) + block.code
                exec(compile(source, str(page), "exec"), namespace)
    finally:
        del sys.modules[module.__name__]
        namespace.clear()
        gc.collect()


PAGES = _pages()


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(DOCS).as_posix() for p in PAGES])
def test_examples_of_the_docs_run(page: Path) -> None:
    """Each docs page's Python examples run, and the doctests among them print what they show."""
    run_page(page)


def test_the_docs_have_examples() -> None:
    """The collector finds the pages and their examples (a broken parser would pass vacuously)."""
    assert DOCS / "quickstart.md" in PAGES
    assert sum(len(_examples(page)) for page in PAGES) >= 5
    quickstart = _examples(DOCS / "quickstart.md")
    assert quickstart
    assert quickstart[0].code.startswith(">>> import lasvegas as lv")


def test_block_parsing() -> None:
    """Languages, skips, doctests and line numbers are read as documented above."""
    text = "\n".join(
        [
            "# Title",  # 1
            "```python",  # 2
            ">>> 1 + 1",  # 3
            "2",  # 4
            "```",  # 5
            "% skip: next (a fragment)",  # 6
            "```python",  # 7
            "undefined_name",  # 8
            "```",  # 9
            "````{code-block} python",  # 10
            "x = 1",  # 11
            "````",  # 12
            "```console",  # 13
            "$ ls",  # 14
            "```",  # 15
            "````{note}",  # 16
            "```python",  # 17
            "y = 2",  # 18
            "```",  # 19
            "````",  # 20
            "```{eval-rst}",  # 21
            ".. autofunction:: lasvegas.apply",  # 22
            "```",  # 23
        ]
    )
    blocks = code_blocks(text)
    assert [(b.lineno, b.language, b.skipped) for b in blocks] == [
        (3, "python", False),
        (8, "python", True),
        (11, "python", False),
        (14, "console", False),
        (18, "python", False),
        (22, "{eval-rst}", False),
    ]
    assert blocks[0].code == ">>> 1 + 1\n2\n"


def test_a_failing_example_fails(tmp_path: Path) -> None:
    """A doctest whose output differs, or a script that raises, fails the page's test."""
    bad_doctest = tmp_path / "bad.md"
    bad_doctest.write_text("```python\n>>> 1 + 1\n3\n```\n", encoding="utf-8")
    bad_script = tmp_path / "raises.md"
    bad_script.write_text("```python\nraise ValueError('boom')\n```\n", encoding="utf-8")
    with pytest.raises(pytest.fail.Exception, match=r"doctest failed in bad\.md:2"):
        run_page(bad_doctest, tmp_path)
    with pytest.raises(ValueError, match="boom"):
        run_page(bad_script, tmp_path)
