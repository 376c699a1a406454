"""Sphinx extension for the lasvegas docs.

- Every rule of the rules reference (``docs/rules/reference.md``, a list item starting with
  its id in bold) is the target of a label ``rule-<id>`` (``rule-c-12``), so any page or
  docstring can link to it: ``{ref}`C-12 <rule-c-12>```.
- ``rule-trace`` directive: the rule-to-test trace table of ``docs/rules/trace.md``, built
  from the rules pages and the test suite at every build (see :mod:`ruletrace`), so it
  cannot go stale. Each row is the target of a label ``trace-<id>`` (``trace-c-12``) and
  its id links to the rule in the reference.
- Rule ids in bold on the rules pages (``**C-12**``) link to their row of the trace table,
  which lists the tests that hold the rule.
- ``public-api`` directive: autodoc for every public subclass of a base class (all
  actions, events, modules, tiles) that the API reference's pages do not document
  elsewhere, so a new public class shows up in the API reference as soon as ``lasvegas``
  exports it.
- Cross-references to a public name by the path of its defining module
  (``lasvegas.types.CHANCE``, ``lasvegas.modules.base.RuleModule``) or by its bare name
  resolve to where the docs describe it (``lasvegas.CHANCE``), when that is unambiguous.
- Napoleon reads an attribute docstring like ``The edition: one of ...`` as a type
  ("The edition") and a description; the project's attributes take their types from the
  annotations, so the first line is kept as it is.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import Any, ClassVar

import apinames
import ruletrace
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.ext.napoleon.docstring import GoogleDocstring
from sphinx.transforms import SphinxTransform
from sphinx.util.docutils import SphinxDirective
from sphinx.util.inspect import TypeAliasForwardRef
from sphinx.util.nodes import make_refnode

import lasvegas

TRACE_DOC = "rules/trace"
"""The docname of the page holding the trace table."""

REFERENCE_DOC = "rules/reference"
"""The docname of the rules reference, where each rule id is a label's target."""


def rule_label(rule: str) -> str:
    """The label of a rule in the rules reference: ``rule-c-12``, ``rule-t-jackpot-2``."""
    return "rule-" + rule.lower()


def trace_label(rule: str) -> str:
    """The label of a rule's row in the trace table: ``trace-c-12``."""
    return "trace-" + rule.lower()


def _rule_xref(rule: str, label: str, docname: str) -> addnodes.pending_xref:
    """A reference to *label* showing the rule id."""
    return addnodes.pending_xref(
        "",
        nodes.Text(rule),
        refdomain="std",
        reftype="ref",
        reftarget=label,
        refexplicit=True,
        refwarn=True,
        refdoc=docname,
    )


# -- the trace table -----------------------------------------------------------------


def _paragraph(*children: nodes.Node) -> nodes.paragraph:
    para = nodes.paragraph()
    para.extend(children)
    return para


class RuleTraceDirective(SphinxDirective):
    """``rule-trace``: the table rule id -> rules pages -> tests, read from the sources."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        trace = ruletrace.build_trace()
        for page in sorted(ruletrace.RULES_DIR.rglob("*.md")):
            self.env.note_dependency(str(page))
        for path in sorted(ruletrace.TESTS_DIR.rglob("test_*.py")):
            self.env.note_dependency(str(path))

        tested = sum(1 for rule in trace.rules if rule in trace.tests)
        summary = _paragraph(
            nodes.Text(
                f"{len(trace.rules)} rule ids; {tested} of them named by at least one test; "
                f"{len(trace.untested)} without a test; {len(trace.undocumented)} named by "
                "tests but missing from the rules pages."
            )
        )
        table = nodes.table(classes=["rule-trace"])
        group = nodes.tgroup(cols=3)
        table += group
        for width in (14, 26, 60):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        head += self._row([_paragraph(nodes.Text(t))] for t in ("Rule", "Pages", "Tests"))
        group += head
        body = nodes.tbody()
        for rule in trace.rules:
            body += self._rule_row(rule, trace)
        group += body
        return [summary, table]

    def _row(self, cells: Any) -> nodes.row:
        row = nodes.row()
        for content in cells:
            entry = nodes.entry()
            entry.extend(content)
            row += entry
        return row

    def _rule_row(self, rule: str, trace: ruletrace.Trace) -> nodes.row:
        label = trace_label(rule)
        strong = nodes.strong()
        if rule in trace.reference:
            strong += _rule_xref(rule, rule_label(rule), self.env.docname)
        else:
            strong += nodes.Text(rule)
        name = _paragraph(strong)
        name["ids"].append(label)
        name["names"].append(label)
        self.state.document.note_explicit_target(name)

        pages: list[nodes.Node] = []
        for page in trace.pages.get(rule, []):
            ref = addnodes.pending_xref(
                "",
                nodes.inline(text=page),
                refdomain="std",
                reftype="doc",
                reftarget="/rules/" + page,
                refexplicit=False,
                refwarn=True,
                refdoc=self.env.docname,
            )
            pages.append(_paragraph(ref))
        if not pages:
            pages.append(_paragraph(nodes.emphasis(text="not in the rules pages")))

        tests: list[nodes.Node] = [
            _paragraph(nodes.literal(text=case.node_id)) for case in trace.tests.get(rule, [])
        ]
        if not tests:
            tests.append(_paragraph(nodes.strong(text="no test")))
        return self._row([[name], pages, tests])


def _trace_always_outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """Re-read the trace page at every build: a new test file is not a known dependency."""
    return [TRACE_DOC] if TRACE_DOC in env.found_docs else []


_ONE_ID = ruletrace.RULE_ID.pattern.replace("(?P<id>", "(?:")
_ID_LIST = re.compile(rf"{_ONE_ID}(?:(?:\s*,\s*|\s+and\s+|\s+with\s+|\s*/\s*){_ONE_ID})*")
"""Bold text that is rule ids only: ``C-12``, ``B-4, C-9``, ``K-12 with K-7``."""


class RuleLinks(SphinxTransform):
    """Link every rule id in bold on a rules page (``**C-12**``) to its row of the trace.

    Bold text made only of ids (``**B-4, C-9**``) links each of them; bold prose that
    merely mentions an id is left alone.
    """

    default_priority = 500

    def apply(self, **kwargs: Any) -> None:
        docname = self.env.docname
        if not docname.startswith("rules/") or docname == TRACE_DOC:
            return
        for strong in list(self.document.findall(nodes.strong)):
            text = strong.astext()
            if isinstance(strong.parent, nodes.reference) or not _ID_LIST.fullmatch(text):
                continue
            children: list[nodes.Node] = []
            last = 0
            for match in ruletrace.RULE_ID.finditer(text):
                if match.start() > last:
                    children.append(nodes.Text(text[last : match.start()]))
                rule = match["id"]
                children.append(_rule_xref(rule, trace_label(rule), docname))
                last = match.end()
            strong.children = []
            strong.extend(children)


class RuleTargets(SphinxTransform):
    """Make each rule of the rules reference the target of its label ``rule-<id>``.

    A rule is a list item whose first paragraph starts with its id in bold
    (``- **C-12** Ties first: ...``); the label's target is the list item.
    """

    default_priority = 400  # before RuleLinks turns the bold ids into references

    def apply(self, **kwargs: Any) -> None:
        if self.env.docname != REFERENCE_DOC:
            return
        for item in list(self.document.findall(nodes.list_item)):
            para = item.children[0] if item.children else None
            if not isinstance(para, nodes.paragraph) or not para.children:
                continue
            # MyST starts an inline run with an empty text node
            first = next((c for c in para.children if c.astext()), None)
            if not isinstance(first, nodes.strong):
                continue
            match = ruletrace.RULE_ID.fullmatch(first.astext())
            if match is None:
                continue
            label = rule_label(match["id"])
            item["ids"].append(label)
            item["names"].append(label)
            self.document.note_explicit_target(item)


# -- the public-api directive --------------------------------------------------------


class PublicApiDirective(SphinxDirective):
    """``public-api BASE``: autodoc every public subclass of ``lasvegas.BASE``.

    The content names the classes to show first, one per line, in that order; the other
    public subclasses follow in ``__all__`` order. Classes documented with an explicit
    autodoc directive elsewhere are left out. A class belongs to the group of the most
    derived base it subclasses among the groups. On the API reference's pages
    (``docs/api/``), "elsewhere" and "the groups" are those of all its pages; on any other
    page, of that page alone.

    With ``:module: lasvegas.royale.tiles``, the names are that module's ``__all__``
    instead of ``lasvegas.__all__`` (for types a public signature refers to). With
    ``:defined-in: lasvegas.royale.tiles.jackpot``, only the classes that module defines are
    documented (one page per tile module, the names staying the exported ones); it comes
    after ``:module:`` when both are given.
    """

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "module": directives.unchanged,
        "defined-in": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        base = apinames.normalize_base(self.arguments[0])
        if self.env.docname.startswith("api/"):
            # the reference's pages share their groups and their explicit names
            source = apinames.api_text()
            for page in apinames.api_pages():
                self.env.note_dependency(str(page))
        else:
            source = self.env.doc2path(self.env.docname).read_text(encoding="utf-8")
        explicit = apinames.autodoc_targets(source)
        prefix = self.options.get("module", "lasvegas")
        if "module" in self.options:
            module = importlib.import_module(prefix)
            cls = apinames.resolve_class(base)
            top_level = {id(getattr(lasvegas, name)) for name in lasvegas.__all__}
            public = [
                name
                for name in module.__all__
                if isinstance(getattr(module, name), type)
                and issubclass(getattr(module, name), cls)
                and id(getattr(module, name)) not in top_level  # documented as lasvegas.X
            ]
        else:
            public = apinames.public_subclasses(apinames.group_bases(source))[base]
        if "defined-in" in self.options:
            home = importlib.import_module(prefix)
            public = [
                name
                for name in public
                if getattr(home, name).__module__ == self.options["defined-in"]
            ]
        first = [line.strip() for line in self.content if line.strip()]
        unknown = [name for name in first if name not in public]
        if unknown:
            raise self.error(f"not in the {base} group: {', '.join(unknown)}")
        # A class two modules export (lasvegas.royale.TileState, lasvegas.royale.tiles.TileState)
        # is documented once per page, by the first group that lists it.
        done: set[int] = self.env.temp_data.setdefault("public-api-done", set())
        names = []
        for name in (*first, *(n for n in public if n not in first)):
            full = f"{prefix}.{name}"
            obj = getattr(importlib.import_module(prefix), name)
            if full.removeprefix("lasvegas.") in explicit or id(obj) in done:
                continue
            done.add(id(obj))
            names.append(full)
        rst = [text for name in names for text in (f".. autoclass:: {name}", "   :members:", "")]
        if self.env.doc2path(self.env.docname).suffix == ".md":
            # MyST parses nested content as Markdown, and autodoc's output is
            # reStructuredText: wrap it as MyST's own pages do.
            rst = ["```{eval-rst}", *rst, "```"]
        lines = StringList()
        for text in rst:
            lines.append(text, "<public-api>")
        container = nodes.container()
        self.state.nested_parse(lines, self.content_offset, container)
        return list(container.children)


# -- references by module path or bare name ----------------------------------------------


def _candidates(target: str, context: str | None, objects: dict[str, Any]) -> list[str]:
    """Documented names *target* may mean, best first (see :func:`_resolve_public`)."""
    parts = target.split(".")
    if parts[0] == "lasvegas":
        tails = [".".join(parts[-k:]) for k in range(1, len(parts))]
    else:
        tails = [target]
    found = [f"lasvegas.{tail}" for tail in tails if f"lasvegas.{tail}" in objects]
    if context and len(parts) == 1:  # a method or attribute inherited by the current class
        cls = getattr(lasvegas, context.rsplit(".", 1)[-1], None)
        for base in getattr(cls, "__mro__", ()):
            name = f"lasvegas.{base.__name__}.{target}"
            if name in objects:
                found.append(name)
    if found:
        return found[:1]
    for tail in reversed(tails):  # the most specific suffix first
        matches = sorted(
            (n for n in objects if n.startswith("lasvegas.") and n.endswith("." + tail)),
            key=lambda n: n.count("."),
        )
        if len(matches) == 1 or (matches and matches[0].count(".") < matches[1].count(".")):
            return matches[:1]
        if len({(objects[n].docname, objects[n].node_id) for n in matches}) == 1:
            return matches[:1]  # one object under two names (a class and its re-export)
        if matches:
            return []  # ambiguous: leave the warning
    return []


def _resolve_public(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: nodes.Element
) -> nodes.reference | None:
    """Resolve ``lasvegas.types.CHANCE`` to ``lasvegas.CHANCE``, ``TileState`` to its one page.

    Tried in order: the public name (``lasvegas.`` + the last components of the target),
    the same name on a base class of the class the reference is written in (a hook
    documented on ``RuleModule``), then the one documented object whose full name ends
    with the target.
    """
    if node.get("refdomain") != "py":
        return None
    target = str(node["reftarget"]).lstrip("~.")
    objects = env.get_domain("py").objects  # type: ignore[attr-defined]
    names = _candidates(target, node.get("py:class"), objects)
    if not names:
        return None
    entry = objects[names[0]]
    return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, target)


# -- napoleon ------------------------------------------------------------------------


def _parse_attribute_docstring(self: GoogleDocstring) -> list[str]:
    """An attribute docstring is a description only (the type is the annotation's)."""
    lines = self._consume_to_end()
    return type(self)(lines, self._config).lines()


# -- docstrings of data --------------------------------------------------------------


def _data_docstring(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Give re-exported data and type aliases the docstring written under their definition.

    ``lasvegas.BANKNOTES`` is a tuple and ``lasvegas.Seat`` is ``int``: autodoc finds no
    attribute docstring in ``lasvegas/__init__.py`` and shows the builtin type's own
    docstring. The one under the assignment in the defining module is meant instead; with
    none, the builtin type's docstring is dropped.
    """
    if what != "data" or not name.startswith("lasvegas."):
        return
    module, _, attr = name.rpartition(".")
    doc = apinames.attribute_docstring(module, attr)
    if doc is not None:
        lines[:] = [*doc.splitlines(), ""]
    elif lines and lines[0] and (type(obj).__doc__ or "").startswith(lines[0]):
        lines[:] = []  # the builtin type's docstring (str, tuple ...) says nothing of obj


# -- autodoc_type_aliases -------------------------------------------------------------


def _alias_init(self: TypeAliasForwardRef, name: str) -> None:
    """Make an alias (``lasvegas.Seat``) look like a class named by module and qualname.

    Sphinx turns an alias alone into its name, but one inside a union or a generic
    (``Seat | None``, ``tuple[Money, ...]``) is written as ``TypeAliasForwardRef('...')``,
    which is no reference at all.
    """
    self.name = name
    module, _, qualname = name.rpartition(".")
    vars(self).update(__module__=module, __qualname__=qualname, __name__=qualname)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, the transform and the reference resolver."""
    GoogleDocstring._parse_attribute_docstring = _parse_attribute_docstring  # type: ignore[method-assign]
    TypeAliasForwardRef.__init__ = _alias_init  # type: ignore[method-assign]
    app.add_directive("rule-trace", RuleTraceDirective)
    app.add_directive("public-api", PublicApiDirective)
    app.add_transform(RuleTargets)
    app.add_transform(RuleLinks)
    app.connect("env-get-outdated", _trace_always_outdated)
    app.connect("missing-reference", _resolve_public)
    app.connect("autodoc-process-docstring", _data_docstring)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
