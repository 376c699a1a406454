"""Decoding the text of a document, strictly (the text may be hostile)."""

from __future__ import annotations

import json
from typing import Any, Final

from ..errors import DeserializationError
from .bounds import _BadValueError, _json_type

# -- parsing -----------------------------------------------------------------------------------


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook``: build an object, refusing duplicate keys."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _BadValueError(f"duplicate key {key!r}")
            seen.add(key)
    return result


def _constant(name: str) -> Any:
    """``parse_constant``: refuse ``NaN``, ``Infinity`` and ``-Infinity``."""
    raise _BadValueError(f"{name} is not allowed")


_DECODER: Final = json.JSONDecoder(object_pairs_hook=_pairs, parse_constant=_constant)
"""The strict decoder, built once (``json.loads`` with these options builds one per call, a
fifth of its time), shared by every thread as ``json.loads`` shares its own."""


def _parse(text: object, max_size: int) -> dict[str, Any]:
    """Decode the text of a document to its top-level object."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_size:
            raise DeserializationError(
                [f"document too large ({len(text)} bytes, at most {max_size}) @ $"]
            )
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise DeserializationError([f"not UTF-8 text ({exc.reason}) @ $"]) from None
    if not isinstance(text, str):
        raise DeserializationError([f"expected JSON text, got {type(text).__name__} @ $"])
    if len(text) > max_size:
        raise DeserializationError(
            [f"document too large ({len(text)} characters, at most {max_size}) @ $"]
        )
    try:
        if text.startswith("\ufeff"):  # as json.loads refuses it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        data = _DECODER.decode(text)
    except _BadValueError as exc:
        raise DeserializationError([f"{exc} @ $"]) from None
    except RecursionError:
        raise DeserializationError(["nesting too deep @ $"]) from None
    except ValueError as exc:  # JSONDecodeError, or an int with too many digits
        raise DeserializationError([f"not valid JSON ({exc}) @ $"]) from None
    if type(data) is not dict:
        raise DeserializationError([f"expected an object, got {_json_type(data)} @ $"])
    return data
