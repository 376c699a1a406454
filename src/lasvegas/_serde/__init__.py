"""The machinery behind :mod:`lasvegas.serde`, one module per concern.

- ``bounds``: the bounds of what a document may hold, and how a problem is reported;
- ``registry``: kinds and module ids to classes (:func:`lasvegas.register`);
- ``convert``: the one cattrs converter and its hooks (primitives, containers, attrs
  classes, tagged classes, rule modules);
- ``configs``: the hooks of configs, and the cache of configs loaded;
- ``states``: the hot path that builds a well-formed state document directly;
- ``migrations``: the schema versions and the migration chain;
- ``parse``: decoding the text of a document, strictly.

Importing any of them imports this package first, which imports the converter's modules in
the order their hooks take precedence (a hook registered later wins): whoever uses the
converter gets it whole.
"""

from __future__ import annotations

from . import configs, convert, states

__all__ = ["configs", "convert", "states"]
