"""Sphinx configuration for the lasvegas documentation.

Built with ``sphinx-build -n -W --keep-going -b html docs docs/_build/html``:
nitpicky, and every warning is an error. No network is available at build
time, so no remote intersphinx inventory is used.
"""

from __future__ import annotations

import importlib.metadata
import sys
from pathlib import Path

# The project's own extension (docs/_ext/lasvegas_sphinx.py): the rule-to-test trace
# table, links from rule ids to it, the public-api directive, reference fixes.
sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "lasvegas"
author = "The lasvegas developers"
copyright = "2026, The lasvegas developers"
release = importlib.metadata.version("lasvegas-rules")
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "lasvegas_sphinx",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

# -- MyST -------------------------------------------------------------------
myst_enable_extensions = ["colon_fence"]

# -- autodoc / napoleon -----------------------------------------------------
autodoc_typehints = "description"
autodoc_member_order = "bysource"
# Show the domain aliases by name (``Seat``, not ``int``) in signatures and descriptions;
# this works because every module uses ``from __future__ import annotations``.
autodoc_type_aliases = {
    "Seat": "lasvegas.Seat",
    "Face": "lasvegas.Face",
    "Money": "lasvegas.Money",
    "CasinoNumber": "lasvegas.CasinoNumber",
    "CasinoIndex": "lasvegas.CasinoIndex",
    "Reward": "lasvegas.adapters.Reward",
    "JSONValue": "lasvegas.serde.JSONValue",
    # Royale's tile draft, named apart from the core's lasvegas.edit.Draft it extends
    "TileDraft": "lasvegas.royale.tiles.base.TileDraft",
}
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# -- intersphinx ------------------------------------------------------------
# Empty on purpose: the docs build has no network, and a remote inventory
# would make every build fail (or warn, which -W turns into a failure).
intersphinx_mapping: dict[str, tuple[str, str | None]] = {}

# -- nitpicky references ----------------------------------------------------
nitpicky = True
# References that cannot resolve without intersphinx (builtins and typing.*
# resolve on their own), or to type variables and private aliases.
# To be tuned once the public API exists.
nitpick_ignore = [
    # The web tables' server (lasvegas.web) names Starlette's types (no intersphinx here).
    ("py:class", "WebSocket"),
    ("py:class", "starlette.applications.Starlette"),
    ("py:class", "pathlib.Path"),  # lasvegas.web.store's paths
    ("py:class", "Path"),
    ("py:class", "fractions.Fraction"),
    ("py:class", "Fraction"),
    ("py:class", "T"),
    ("py:class", "~P"),  # the ParamSpec of lasvegas.state.fast_constructor
    ("py:class", "attrs.AttrsInstance"),
    ("py:class", "cattrs.Converter"),
    ("py:class", "cattrs.preconf.json.JsonConverter"),
    ("py:class", "collections.abc.Sequence"),
    ("py:class", "collections.abc.Mapping"),
    ("py:class", "collections.abc.Iterable"),
    ("py:class", "collections.abc.Iterator"),
    ("py:class", "collections.abc.Callable"),
    ("py:class", "random.Random"),
    ("py:class", "typing_extensions.Self"),
    ("py:class", "Self"),
    # the RL packages' classes, behind the adapters' extras (no intersphinx offline)
    ("py:class", "pettingzoo.AECEnv"),
    ("py:class", "pettingzoo.utils.env.AECEnv"),
    ("py:class", "pettingzoo.ParallelEnv"),
    ("py:class", "pettingzoo.utils.env.ParallelEnv"),
    ("py:class", "AECEnv"),
    ("py:class", "Vector"),
    ("py:class", "numpy.typing.NDArray"),
    ("py:class", "numpy.float32"),
    ("py:class", "pyspiel.Game"),
    ("py:class", "pyspiel.State"),
    ("py:class", "pyspiel.Observer"),
]
nitpick_ignore_regex = [
    ("py:class", r"lasvegas(\.\w+)*\.[TKV]"),  # type variables, e.g. lasvegas.chance.T
    ("py:class", r"[KV]"),  # lasvegas.table.Interned's key and value types
    ("py:class", r"SliceT|_S"),  # a rule module's slice type (lasvegas.RuleModule)
    ("py:class", r"lasvegas(\.\w+)*\._\w+"),  # private names and aliases
    ("py:class", r"starlette(\.\w+)+|ASGIApp"),  # the web guards' Starlette types
]

# -- HTML -------------------------------------------------------------------
html_theme = "furo"
html_title = f"lasvegas {release}"
