"""JSON Schemas (draft 2020-12) of every document the library writes, for front-ends in any language.

The files ``<format>.json`` in this package (``state.json``, ``action.json`` ...) are
generated from the attrs classes by a small walker over their fields, committed, and shipped
in the wheel. They cover the library's own editions and modules; a module written outside
the package extends the converter (:func:`lasvegas.register`), not these files. Regenerate
them after changing a document type::

    python -m lasvegas.schema          # rewrite the files
    python -m lasvegas.schema --check  # exit 1 if a file is out of date

Load a committed schema with :func:`load`.
"""

from __future__ import annotations

import ast
import enum
import functools
import importlib
import importlib.resources
import inspect
import itertools
import json
import pkgutil
import re
import textwrap
import types
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, Literal, cast, get_args, get_origin

import attrs

from .._serde.convert import _CONVERTER, _init_fields
from .._serde.registry import _TAGGED, _tag_base
from ..config import GameConfig
from ..modules.base import RuleModule
from ..serde import FORMATS, MAX_INT, MAX_ITEMS, MAX_STRING, SCHEMA, known_classes

__all__ = ["DIALECT", "Schema", "dumps", "generate", "load", "main"]

DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of the files."""

Schema = dict[str, object]
"""A JSON Schema (decoded)."""

_CATEGORY: Final[dict[str, str]] = {
    "Action": "action",
    "Event": "event",
    "Task": "task",
    "ModuleState": "slice",
}


def _own(cls: type) -> bool:
    """Whether *cls* belongs to the package (the shipped schema covers nothing else)."""
    return cls.__module__ == "lasvegas" or cls.__module__.startswith("lasvegas.")


def _import_package() -> None:
    """Import every submodule of the package, so every module class is defined."""
    import lasvegas

    for info in pkgutil.walk_packages(lasvegas.__path__, "lasvegas."):
        if info.name.endswith("__main__"):
            continue
        try:
            importlib.import_module(info.name)
        except ImportError:  # an optional extra (pettingzoo, openspiel ...) is missing
            continue


class _Walker:
    """Builds schemas of types, collecting the definitions they refer to."""

    def __init__(self, known: dict[str, dict[str, type]]) -> None:
        self.known = known
        self.defs: dict[str, Schema] = {}

    def ref(self, name: str) -> Schema:
        return {"$ref": f"#/$defs/{name}"}

    def of(self, t: Any) -> Schema:
        """The schema of values of type *t*."""
        if t is int:
            return {"type": "integer", "minimum": -MAX_INT, "maximum": MAX_INT}
        if t is bool:
            return {"type": "boolean"}
        if t is str:
            return {"type": "string", "maxLength": MAX_STRING}
        if t is float:
            return {"type": "number"}
        if t is type(None) or t is None:
            return {"type": "null"}
        if t is Any:
            return {}
        if isinstance(t, typing.NewType):  # CasinoNumber ...: the JSON of its base type
            return self.of(t.__supertype__)
        origin = get_origin(t)
        args = get_args(t)
        if origin in (typing.Union, types.UnionType):
            return {"anyOf": [self.of(a) for a in args]}
        if origin is Literal:
            return {"enum": list(args)}
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": self.of(args[0]), "maxItems": MAX_ITEMS}
        if origin is tuple:
            return {
                "type": "array",
                "prefixItems": [self.of(a) for a in args],
                "items": False,
                "minItems": len(args),
                "maxItems": len(args),
            }
        if origin in (list, Sequence):
            return {"type": "array", "items": self.of(args[0]), "maxItems": MAX_ITEMS}
        if origin in (frozenset, set):
            return {
                "type": "array",
                "items": self.of(args[0]),
                "maxItems": MAX_ITEMS,
                "uniqueItems": True,
            }
        if isinstance(t, type) and issubclass(t, enum.Enum):
            return {"enum": [m.value for m in t]}
        if t is GameConfig:
            return self.ref(self.config())
        if isinstance(t, type) and issubclass(t, RuleModule):
            return self.ref(self.union("module", RuleModule))
        base = _tag_base(t) if isinstance(t, type) else None
        if base is not None:
            category = _CATEGORY[base.__name__]
            tagged: type = t
            if tagged is not base and self.known[category].get(getattr(t, "kind", "")) is t:
                return self.ref(self.tagged(tagged, category))
            return self.ref(self.union(category, tagged))
        if isinstance(t, type) and attrs.has(t):
            return self.ref(self.plain(t))
        raise TypeError(f"no JSON Schema for {t!r}")

    def properties(self, cls: type) -> tuple[dict[str, Schema], list[str]]:
        """The properties and required names of attrs class *cls*'s fields."""
        props: dict[str, Schema] = {}
        required: list[str] = []
        docs = _field_docs(cls)
        for field in _init_fields(cls):
            schema = dict(self.of(field.type))
            if field.name in docs:
                schema["description"] = docs[field.name]
            if field.default is attrs.NOTHING:
                required.append(field.name)
            elif not isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
                schema["default"] = _json_value(field.default)
            props[field.name] = schema
        return props, required

    def plain(self, cls: type) -> str:
        name = _plain_name(cls)
        if name not in self.defs:
            self.defs[name] = {}  # reserve the name: classes may refer to themselves
            props, required = self.properties(cls)
            self.defs[name] = _object(cls.__qualname__, props, required, _class_doc(cls))
        return name

    def tagged(self, cls: type, category: str) -> str:
        kind: str = getattr(cls, "kind")  # noqa: B009 - a ClassVar every tagged class has
        name = f"{category}:{kind}"
        if name not in self.defs:
            self.defs[name] = {}
            props, required = self.properties(cls)
            self.defs[name] = _object(
                cls.__qualname__,
                {"kind": {"const": kind}, **props},
                ["kind", *required],
                _class_doc(cls),
            )
        return name

    def module(self, cls: type[RuleModule]) -> str:
        name = f"module:{cls.id}"
        if name not in self.defs:
            self.defs[name] = {}
            props, required = self.properties(cls)
            self.defs[name] = _object(
                cls.__qualname__,
                {"id": {"const": cls.id}, **props},
                ["id", *required],
                _class_doc(cls),
            )
        return name

    def union(self, category: str, base: type) -> str:
        """A definition: one of the package's known classes of *category* that are a *base*."""
        name = base.__name__ if base in (*_TAGGED, RuleModule) else _plain_name(base)
        if name not in self.defs:
            self.defs[name] = {}
            members = [
                cls
                for _, cls in sorted(self.known[category].items())
                if issubclass(cls, base) and _own(cls)
            ]
            if category == "module":
                refs = [self.ref(self.module(cast("type[RuleModule]", c))) for c in members]
            else:
                refs = [self.ref(self.tagged(c, category)) for c in members]
            self.defs[name] = {"oneOf": refs}
        return name

    def config(self) -> str:
        name = "GameConfig"
        if name not in self.defs:
            self.defs[name] = {}
            props: dict[str, Schema] = {
                "players": self.of(int),
                "edition": {**self.of(str), "default": "classic"},
                "modules": {
                    "type": "array",
                    "items": self.of(RuleModule),
                    "maxItems": MAX_ITEMS,
                    "default": [],
                },
                "hide_money": {**self.of(bool), "default": False},
            }
            docs = _field_docs(GameConfig)
            for key, prop in props.items():
                if key in docs:
                    prop["description"] = docs[key]
            self.defs[name] = _object("GameConfig", props, ["players"], _class_doc(GameConfig))
        return name


def _plain_name(cls: type) -> str:
    module = cls.__module__
    if module.startswith("lasvegas."):
        module = module[len("lasvegas.") :]
    return f"{module}.{cls.__qualname__}"


_ROLE: Final = re.compile(r":[a-z]+(?::[a-z]+)?:`~?(?:[^`<]*<)?([^`>]+)>?`")


def _plain_text(doc: str) -> str:
    """A docstring as plain text: Sphinx roles become their target's last name, ````x```` ``x``."""
    text = _ROLE.sub(lambda m: m.group(1).rsplit(".", 1)[-1], doc)
    text = text.replace("``", "`")
    return " ".join(textwrap.dedent(text).split())


@functools.cache
def _own_field_docs(cls: type) -> dict[str, str]:
    """The docstrings under the fields written in *cls*'s own class body."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        node = _compiled_class_node(cls)
        if node is None:
            return {}
    else:
        body = ast.parse(source).body
        if not body or not isinstance(body[0], ast.ClassDef):
            return {}
        node = body[0]
    docs: dict[str, str] = {}
    statements = node.body
    for here, after in itertools.pairwise(statements):
        if (
            isinstance(here, ast.AnnAssign)
            and isinstance(here.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[here.target.id] = _plain_text(after.value.value)
    return docs


def _compiled_class_node(cls: type) -> ast.ClassDef | None:
    """*cls*'s class statement read from the ``.py`` file beside its compiled module (a
    module compiled by mypyc keeps no source for ``inspect``); ``None`` if there is none."""
    home = importlib.import_module(cls.__module__)
    path = Path(getattr(home, "__file__", None) or "")
    if path.suffix not in (".so", ".pyd"):
        return None
    source = path.with_name(path.name.split(".", 1)[0] + ".py")
    if path.name.startswith("__init__."):
        source = path.with_name("__init__.py")
    if not source.is_file():
        return None
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__qualname__:
            return node
    return None


def _field_docs(cls: type) -> dict[str, str]:
    """The docstrings under *cls*'s fields (its own, then its bases')."""
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        docs.update(_own_field_docs(klass))
    return docs


def _class_doc(cls: type) -> str | None:
    """The first paragraph of *cls*'s docstring, as plain text."""
    doc = cls.__doc__
    if not doc:  # compiled by mypyc, which keeps no docstrings: read the source beside it
        node = _compiled_class_node(cls)
        doc = None if node is None else ast.get_docstring(node)
    if not doc:
        return None
    return _plain_text(inspect.cleandoc(doc).split("\n\n", 1)[0])


def _object(
    title: str, props: dict[str, Schema], required: list[str], description: str | None = None
) -> Schema:
    schema: Schema = {"title": title, "type": "object", "properties": props}
    if description:
        schema["description"] = description
    if required:
        schema["required"] = required
    schema["additionalProperties"] = False
    return schema


def _json_value(value: object) -> object:
    """A field default as JSON (as the converter writes it)."""
    result: object = _CONVERTER.unstructure(value)
    return json.loads(json.dumps(result))


def _fields(definition: Schema) -> tuple[dict[str, Schema], list[str]]:
    """The ``properties`` and ``required`` of an object *definition* :func:`_object` wrote."""
    props = cast("dict[str, Schema]", definition["properties"])
    return props, cast("list[str]", definition.get("required", []))


def _document(what: str, walker: _Walker) -> Schema:
    """The schema of a ``lasvegas/<what>`` document."""
    cls = FORMATS[what]
    envelope: dict[str, Schema] = {
        "format": {
            "const": f"lasvegas/{what}",
            "description": "What the document holds.",
        },
        "schema": {"const": SCHEMA, "description": "The version of the document's layout."},
    }
    top: Schema = {
        "$schema": DIALECT,
        "title": f"lasvegas/{what} document, schema {SCHEMA}",
    }
    # An action may come without its envelope (an item of a view's ``legal`` sent back as it
    # is, which from_json/from_data accept): both keys or neither.
    bare = what == "action"
    if bare:
        for key in envelope:
            envelope[key] = {
                **envelope[key],
                "description": f"{envelope[key]['description']} Optional in an action, with "
                "the other envelope key: an item of a view's legal is sent back without both.",
            }
    base = _tag_base(cls)
    if base is not None:
        category = _CATEGORY[base.__name__]
        variants: list[Schema] = []
        for _, member in sorted(walker.known[category].items()):
            if not _own(member):
                continue
            definition = walker.defs[walker.tagged(member, category)]
            props, required = _fields(definition)
            variant = _object(
                str(definition["title"]),
                {**envelope, **props},
                required if bare else ["format", "schema", *required],
                cast("str | None", definition.get("description")),
            )
            if bare:
                variant["dependentRequired"] = {"format": ["schema"], "schema": ["format"]}
            variants.append(variant)
        top["oneOf"] = variants
    else:
        if cls is GameConfig:
            definition = walker.defs[walker.config()]
        else:
            definition = walker.defs[walker.plain(cls)]
        props, required = _fields(definition)
        top.update(
            _object(
                cls.__qualname__,
                {**envelope, **props},
                ["format", "schema", *required],
                cast("str | None", definition.get("description")),
            )
        )
        top["title"] = f"lasvegas/{what} document, schema {SCHEMA}"
    top["$defs"] = dict(sorted(walker.defs.items()))
    return top


def generate() -> dict[str, Schema]:
    """The schema of every document format, generated now from the package's classes.

    >>> schemas = generate()
    >>> sorted(schemas)[:3], schemas["state"]["$schema"] == DIALECT
    (['action', 'config', 'event'], True)
    """
    _import_package()
    known = known_classes()
    result: dict[str, Schema] = {}
    for what in sorted(FORMATS):
        result[what] = _document(what, _Walker(known))
    return result


def dumps(schema: Schema) -> str:
    """The text of a schema file (stable, so regenerating gives the same bytes)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def load(what: str) -> Schema:
    """The committed schema of ``lasvegas/<what>`` documents (shipped with the package).

    >>> load("action")["$schema"]
    'https://json-schema.org/draft/2020-12/schema'
    """
    if what not in FORMATS:
        raise ValueError(f"unknown document format {what!r} (known: {', '.join(FORMATS)})")
    text = importlib.resources.files(__name__).joinpath(f"{what}.json").read_text("utf-8")
    schema: Schema = json.loads(text)
    return schema


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m lasvegas.schema [--check]``: rewrite the schema files (or check them).

    Returns the exit status: 0, or 1 when ``--check`` finds a file out of date.
    """
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in args
    directory = Path(__file__).parent
    stale = []
    for what, schema in generate().items():
        path = directory / f"{what}.json"
        text = dumps(schema)
        old = path.read_text("utf-8") if path.exists() else None
        if old != text:
            stale.append(path.name)
            if not check:
                path.write_text(text, "utf-8")
    if check and stale:
        sys.stderr.write(f"out of date: {', '.join(stale)} (run python -m lasvegas.schema)\n")
        return 1
    return 0
