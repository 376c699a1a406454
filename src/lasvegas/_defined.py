"""A count of the tagged classes defined so far (actions, events, tasks, slices, modules).

The base classes bump it from ``__init_subclass__``; the JSON loader's type registry reads
it to know, without walking the class tree, whether a class was defined since it last
looked (a plugin imported late), so an unknown tag costs a dictionary lookup and no more.
"""

from __future__ import annotations

__all__ = ["defined", "note_defined"]

_COUNT: list[int] = [0]


def note_defined() -> None:
    """Count one more subclass of a tagged base (called from ``__init_subclass__``)."""
    _COUNT[0] += 1


def defined() -> int:
    """How many subclasses of the tagged bases were defined so far (only ever grows).

    >>> import attrs, lasvegas as lv
    >>> before = defined()
    >>> @attrs.frozen
    ... class Nod(lv.Event):
    ...     pass
    >>> defined() > before
    True
    """
    return _COUNT[0]
