"""Setting up a game from the command line: editions, rule modules, plugins, agents."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import cast

import attrs

from .. import config as _config
from ..agents import Agent, make_agent
from ..chance import Rng
from ..config import GameConfig
from ..errors import LasVegasError
from ..modules.base import RuleModule
from ..serde import known_classes
from .common import CliError


def _parse_value(text: str) -> object:
    """An option value: an int, a float, ``true``/``false``, ``none``, or the text itself."""
    lowered = text.strip().lower()
    if lowered in {"true", "false"}:
        return lowered == "true"
    if lowered in {"none", "null"}:
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text.strip()


def _parse_options(text: str, what: str) -> dict[str, object]:
    options: dict[str, object] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise CliError(f"{what} option {item!r}: write key=value")
        options[key.strip().replace("-", "_")] = _parse_value(value)
    return options


def module_classes() -> dict[str, type[RuleModule]]:
    """Every rule module class defined so far, by id (the library's own and imported ones).

    >>> "neutral-dice" in module_classes()
    True
    """
    found = known_classes()["module"]
    return {key: cast("type[RuleModule]", found[key]) for key in sorted(found)}


def make_module(spec: str) -> RuleModule:
    """A rule module from ``ID`` or ``ID:option=value,...`` (for example ``neutral-dice:per_player=2``).

    >>> make_module("neutral-dice:per_player=1").per_player
    1
    """
    module_id, _, rest = spec.partition(":")
    cls = module_classes().get(module_id.strip())
    if cls is None:
        known = ", ".join(module_classes())
        raise CliError(
            f"unknown module {module_id!r} (known: {known}; for a module of another package,"
            " import the package that defines it with --import)"
        )
    options = _parse_options(rest, f"module {module_id}")
    try:
        return cls(**options)
    except (TypeError, ValueError) as exc:
        raise CliError(f"module {spec!r}: {exc}") from None


def import_plugin(name: str) -> None:
    """Import a Python module by dotted name, or a ``.py`` file by path (to define modules).

    >>> import_plugin("lasvegas.classic")
    """
    if name.endswith(".py") or "/" in name or "\\" in name:
        path = Path(name)
        if not path.is_file():
            raise CliError(f"--import {name}: no such file")
        loaded = sys.modules.get(f"_lasvegas_plugin_{path.stem}")
        if loaded is not None and Path(str(loaded.__file__)).resolve() == path.resolve():
            return  # imported already: defining its classes twice would make their ids clash
        spec = importlib.util.spec_from_file_location(f"_lasvegas_plugin_{path.stem}", path)
        if spec is None or spec.loader is None:
            raise CliError(f"--import {name}: cannot load it")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        try:
            spec.loader.exec_module(module)
        except Exception as exc:  # the plugin's own code failed: say how, in one line
            del sys.modules[spec.name]
            raise CliError(f"--import {name}: {_failure(exc)}") from None
        return
    try:
        importlib.import_module(name)
    except Exception as exc:  # not found, or its own code failed
        raise CliError(f"--import {name}: {_failure(exc)}") from None


def _failure(exc: BaseException) -> str:
    """One line saying what went wrong (``SyntaxError: ... (plugin.py, line 3)``)."""
    text = str(exc).strip().splitlines()
    first = text[0] if text else ""
    if isinstance(exc, ImportError) and first:
        return first
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


@attrs.frozen
class GameSetup:
    """A game's setup as given on the command line (plain data, so worker processes can
    rebuild the config).

    >>> [m.id for m in GameSetup(players=3, modules=("neutral-dice",)).config().modules]
    ['neutral-dice']
    """

    players: int = 2
    """Number of seats."""
    edition: str = "classic"
    """The edition's name."""
    modules: tuple[str, ...] = ()
    """Module specs (``ID`` or ``ID:option=value,...``)."""
    edition_options: tuple[str, ...] = ()
    """``KEY=VALUE`` options for the edition's factory (``tiles=0`` for Royale)."""
    hide_money: bool = False
    """Hide other seats' money in views (C-23)."""
    imports: tuple[str, ...] = ()
    """Python modules or files imported first (custom rule modules)."""

    def config(self) -> GameConfig:
        """Build the config; :class:`CliError` says what is wrong."""
        for name in self.imports:
            import_plugin(name)
        if self.edition not in _config.EDITIONS:
            known = ", ".join(sorted(_config.EDITIONS))
            raise CliError(f"unknown edition {self.edition!r} (known: {known})")
        modules = [make_module(spec) for spec in self.modules]
        options: dict[str, object] = {}
        for item in self.edition_options:
            options.update(_parse_options(item, f"edition {self.edition}"))
        import lasvegas

        factory = getattr(lasvegas, self.edition, None)
        try:
            if callable(factory):
                config = factory(self.players, *modules, hide_money=self.hide_money, **options)
            else:
                if options:
                    raise CliError(f"edition {self.edition} has no factory taking options")
                config = GameConfig(self.players, self.edition, tuple(modules), self.hide_money)
        except (LasVegasError, TypeError, ValueError) as exc:
            raise CliError(str(exc)) from None
        if not isinstance(config, GameConfig):
            raise CliError(f"lasvegas.{self.edition} did not build a game config")
        return config


def _add_setup_options(parser: argparse.ArgumentParser, players: int) -> None:
    group = parser.add_argument_group("game setup")
    group.add_argument(
        "--players", type=int, default=players, help=f"number of seats (default {players})"
    )
    group.add_argument(
        "--edition",
        default="classic",
        help="edition: " + ", ".join(sorted(_config.EDITIONS)) + " (default classic)",
    )
    group.add_argument(
        "--module",
        action="append",
        default=[],
        metavar="ID[:OPT=VAL,...]",
        help="add a rule module by id, with options (repeatable; `list` shows the ids)",
    )
    group.add_argument(
        "--neutral", action="store_true", help="play with neutral dice (--module neutral-dice)"
    )
    group.add_argument(
        "--edition-option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an option of the edition's factory, e.g. tiles=0 for royale (repeatable)",
    )
    group.add_argument("--hide-money", action="store_true", help="hide other seats' money (C-23)")
    _add_import_option(group, ", to use the rule modules it defines")


def _add_import_option(parser: argparse._ActionsContainer, why: str) -> None:
    """The repeatable ``--import MODULE_OR_FILE`` (into ``imports``); *why* ends its help."""
    parser.add_argument(
        "--import",
        dest="imports",
        action="append",
        default=[],
        metavar="MODULE_OR_FILE",
        help=f"import a Python module or .py file first{why}",
    )


def _setup(args: argparse.Namespace) -> GameSetup:
    modules = list(args.module)
    if args.neutral and not any(m.partition(":")[0] == "neutral-dice" for m in modules):
        modules.append("neutral-dice")
    return GameSetup(
        players=args.players,
        edition=args.edition,
        modules=tuple(modules),
        edition_options=tuple(args.edition_option),
        hide_money=args.hide_money,
        imports=tuple(args.imports),
    )


def _agents(specs: Sequence[str], count: int, rng: Rng) -> list[Agent]:
    if not specs:
        raise CliError("give at least one agent")
    agents: list[Agent] = []
    for i in range(count):
        try:
            agents.append(make_agent(specs[i % len(specs)], rng.fork()))
        except ValueError as exc:
            raise CliError(str(exc)) from None
    return agents
