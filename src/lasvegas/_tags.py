"""The registry's tables: every tagged class, registered when it is defined.

The tagged bases (:class:`~lasvegas.Action`, :class:`~lasvegas.Event`,
:class:`~lasvegas.Task`, :class:`~lasvegas.ModuleState` by their ``kind``, and
:class:`~lasvegas.RuleModule` by its ``id``) call :func:`claim` from ``__init_subclass__``.
A tag belongs to one class: a second class claiming it is refused right there, at its
definition, with a :class:`TypeError` naming both classes and their modules, unless it says
``replace=True`` (a class keyword, or :func:`lasvegas.register` with ``replace=True``).
A class defined again under the same module and name (a module reloaded, a notebook cell or
a test run twice) replaces the earlier one without asking.

Only finished attrs classes are registered: ``attrs.frozen`` builds a new (slotted) class
from the one the ``class`` statement made, and calls ``__init_subclass__`` again for it;
the first, unfinished class claims nothing. A class that is not slotted (``slots=False``)
is only finished after ``__init_subclass__`` has run: register it with
:func:`lasvegas.register`.

Before anything else, :func:`claim` gives an unfinished class of a module compiled by mypyc
the annotations its source writes (:func:`lasvegas._build.restore_annotations`): so every
tagged class of a compiled module is the attrs class of the pure build.

This file imports nothing of the package but :mod:`lasvegas._build` (which imports nothing of
it), so the bases can use it; the JSON loader reads :data:`TABLES`
(:mod:`lasvegas._serde.registry`).
"""

from __future__ import annotations

import threading
from typing import Final

from ._build import restore_annotations

__all__ = ["MODULES", "TABLES", "claim", "clash_message", "describe_class"]

TABLES: Final[dict[str, dict[str, type]]] = {}
"""Per base class name (``"Action"``, ``"Event"``, ``"Task"``, ``"ModuleState"``,
``"RuleModule"``): tag -> the one class that holds it now. Replaced entries are gone."""

MODULES: Final = "RuleModule"
"""The key of :data:`TABLES` for rule modules (tagged by ``id``)."""

_LOCK: Final = threading.Lock()
_REPLACE: Final = "__lasvegas_replace__"
"""The class attribute that carries ``replace=True`` from the ``class`` statement to the
finished attrs class (attrs rebuilds a slotted class without the class keywords)."""


def describe_class(cls: type) -> str:
    """``"Kickers (lasvegas.boulevard.kickers)"``: a class and the module defining it."""
    return f"{cls.__qualname__} ({cls.__module__})"


def clash_message(base: str, attr: str, tag: str, old: type, new: type) -> str:
    """The refusal of *new*, whose tag *tag* *old* already holds, and the fix."""
    noun = "module id" if attr == "id" else f"{_noun(base)} kind"
    return (
        f"{noun} {tag!r} of {describe_class(new)} is already taken by {describe_class(old)}: "
        f"give {new.__qualname__} another {attr}, or define it with replace=True "
        f"(or lasvegas.register(cls, replace=True)) to replace {old.__qualname__} on purpose"
    )


def _noun(base: str) -> str:
    return {"ModuleState": "slice"}.get(base, base.lower())


def is_finished(cls: type) -> bool:
    """Whether *cls* is a finished attrs class (it holds its own ``__attrs_attrs__``)."""
    return "__attrs_attrs__" in cls.__dict__


def claim(
    cls: type, base: str, attr: str, *, replace: bool = False, explicit: bool = False
) -> None:
    """Register *cls* under its own tag (its class attribute *attr*) among *base*'s classes.

    Called by the bases' ``__init_subclass__`` (with the class keyword *replace*), and by
    :func:`lasvegas.register` (*explicit*). A class without a tag of its own, or not yet a
    finished attrs class, claims nothing (unless *explicit*). Raises :class:`TypeError` when
    another class holds the tag and neither *replace* nor the same module and name allow
    taking it.
    """
    if not is_finished(cls):
        restore_annotations(cls)  # a class of a compiled module, before attrs reads them
    if replace and not is_finished(cls):
        type.__setattr__(cls, _REPLACE, True)  # read again on the finished class
    if attr not in cls.__dict__ or not (explicit or is_finished(cls)):
        return
    tag = cls.__dict__[attr]
    if type(tag) is not str:
        raise TypeError(f"{describe_class(cls)}: {attr} must be a string, not {tag!r}")
    replace = replace or cls.__dict__.get(_REPLACE, False) is True
    with _LOCK:
        table = TABLES.setdefault(base, {})
        old = table.get(tag)
        if old is not None and old is not cls and not replace and not _same_place(old, cls):
            raise TypeError(clash_message(base, attr, tag, old, cls))
        table[tag] = cls


def _same_place(old: type, new: type) -> bool:
    """Whether *new* is *old* defined again (same module, same qualified name)."""
    return old.__module__ == new.__module__ and old.__qualname__ == new.__qualname__
