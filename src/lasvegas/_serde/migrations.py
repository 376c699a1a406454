"""The schema versions: the migration chain and :func:`migrate`."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeAlias

from ..errors import DeserializationError

Migration: TypeAlias = Callable[[str, dict[str, Any]], dict[str, Any]]
"""One step of :data:`MIGRATIONS`: ``(what, document) -> document`` one schema version later.

*what* is the document's format without its ``lasvegas/`` prefix (``"state"``); the step
returns a new dict (it must not change the one given) and does not touch ``schema``.
"""


def _view_drawing_aids(what: str, document: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 -> 2: views gained ``money_parts``, ``owners``, ``casino_names``,
    ``casino_tiles``, ``labels`` and ``prompt``; a schema-1 view gets them empty (it cannot
    know them), and its ``money`` stays what it was (the notes: add a module's part by hand).
    Every other format is unchanged."""
    if what != "view":
        return dict(document)
    aids = {
        "money_parts": [],
        "owners": [],
        "casino_names": [],
        "casino_tiles": [],
        "labels": [],
        "prompt": "",
    }
    return {**document, **{k: v for k, v in aids.items() if k not in document}}


MIGRATIONS: Final[tuple[Migration, ...]] = (_view_drawing_aids,)
"""The migration chain: ``MIGRATIONS[i]`` turns a schema ``i + 1`` document into schema ``i + 2``."""

SCHEMA: Final = len(MIGRATIONS) + 1
"""The schema version this library writes (and the newest it reads)."""

_ENVELOPE: Final = ("format", "schema")


def migrate(
    document: dict[str, Any], migrations: Sequence[Migration] = MIGRATIONS
) -> dict[str, Any]:
    """Bring a decoded document of an older schema up to date, through the migration chain.

    *document* is not changed; the result has ``"schema": len(migrations) + 1``. Raises
    :class:`~lasvegas.DeserializationError` for a missing or unknown envelope, or a schema
    newer than the chain knows.

    >>> def rename(what, doc):  # schema 1 -> 2: "players" became "seats"
    ...     return {("seats" if k == "players" else k): v for k, v in doc.items()}
    >>> migrate({"format": "lasvegas/config", "schema": 1, "players": 3}, [rename])
    {'format': 'lasvegas/config', 'schema': 2, 'seats': 3}
    """
    newest = len(migrations) + 1
    fmt = document.get("format")
    version = document.get("schema")
    if type(fmt) is not str or not fmt.startswith("lasvegas/"):
        raise DeserializationError([f"unknown format {json.dumps(fmt)[:60]} @ $.format"])
    if type(version) is not int or not 1 <= version <= newest:
        raise DeserializationError([f"cannot migrate schema {version!r} (1-{newest}) @ $.schema"])
    if version == newest:
        return document
    what = fmt[9:]
    doc = copy.deepcopy(document)
    for step in migrations[version - 1 :]:
        doc = step(what, doc)
    return {"format": fmt, "schema": newest, **{k: v for k, v in doc.items() if k not in _ENVELOPE}}
