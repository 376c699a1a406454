"""The bounds of what a document may hold, and how a problem with a value is reported."""

from __future__ import annotations

import math
from typing import Final

import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationNote,
)

from ..errors import LasVegasError

MAX_TEXT: Final = 1_000_000
"""Default bound on the length of a document :func:`from_json` accepts (characters or bytes)."""

MAX_ITEMS: Final = 65_536
"""Most items a JSON array may hold."""

MAX_STRING: Final = 1_000
"""Most characters a JSON string may hold."""

MAX_INT: Final = 2**64 - 1
"""Largest magnitude of a JSON integer (a 64-bit seed fits; every game number is far below)."""


# -- errors ------------------------------------------------------------------------------------


class _BadValueError(ValueError):
    """One problem with a value; its path is added by the structures around it."""


def _json_type(value: object) -> str:
    """The JSON name of a decoded value's type, for messages."""
    if value is None:
        return "null"
    if type(value) is bool:
        return "a boolean"
    if type(value) is int:
        return "an integer"
    if type(value) is float:
        return "a decimal number" if math.isfinite(value) else "a non-finite number"
    if type(value) is str:
        return "a string"
    if type(value) is list:
        return "an array"
    if type(value) is dict:
        return "an object"
    return type(value).__name__  # pragma: no cover - json.loads makes nothing else


def _format(exc: BaseException, _type: object) -> str:
    """Describe one leaf problem (used with ``cattrs.transform_error``)."""
    if isinstance(exc, _BadValueError):
        return str(exc)
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"unknown keys: {', '.join(sorted(exc.extra_fields))}"
    if isinstance(exc, LasVegasError):
        return str(exc)
    return f"invalid value ({type(exc).__name__}: {exc})"


def _messages(exc: BaseException, path: str = "$") -> list[str]:
    """Every problem in *exc* as ``"problem @ path"``."""
    return cattrs.transform_error(exc, path, _format)


def _group(
    cls: type, problems: list[tuple[str, Exception]], extra: set[str] | None = None
) -> ClassValidationError:
    """An exception group for *cls* whose members know which field they are about."""
    members: list[Exception] = []
    for name, exc in problems:
        exc.add_note(AttributeValidationNote(f"Structuring {cls.__name__} @ {name}", name, cls))
        members.append(exc)
    if extra:
        members.append(ForbiddenExtraKeysError(None, cls, extra))
    return ClassValidationError(f"While structuring {cls.__name__}", members, cls)


def _index(exc: Exception, index: int, kind: object) -> Exception:
    exc.add_note(IterableValidationNote(f"Structuring @ index {index}", index, kind))
    return exc
