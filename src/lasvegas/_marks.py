"""Decorators the type checker and mypyc read on the native bases, which do nothing at run time.

This module is not compiled: at run time both names are functions returning the class
unchanged, in both builds. The type checker (and mypyc, which reads the checker's view)
sees ``mypy_extensions.mypyc_attr`` and ``attr.s``:

- :func:`mypyc_attr` with ``allow_interpreted_subclasses=True`` lets Python classes derive
  from a native class (:class:`~lasvegas.Task`, :class:`~lasvegas.ModuleState`, Royale's
  ``TileState`` and ``BlackThrow``), so a module author's frozen attrs subclass works in
  both builds;
- :func:`typed_fields` (``attr.s`` with nothing generated) tells the type checker's attrs
  support which fields a base holds, so that the ``__init__`` of an attrs subclass takes
  them (``MyTask(module=0, ...)`` checked by ``mypy --strict``); mypyc keeps such a class
  native.

``mypy_extensions`` is thus no runtime dependency.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["mypyc_attr", "typed_fields"]

if TYPE_CHECKING:
    from attr import s as typed_fields
    from mypy_extensions import mypyc_attr
else:

    def mypyc_attr(**flags: object) -> Any:
        """mypyc's class options: the class unchanged at run time."""
        return _unchanged

    def typed_fields(**flags: object) -> Any:
        """The fields of a native base, for the type checker: the class unchanged."""
        return _unchanged

    def _unchanged(cls: type) -> type:
        return cls
