"""The command line: ``python -m lasvegas demo | play | simulate | bench | replay | list``.

Every subcommand explains itself with ``--help``. Games are set up the same way everywhere:
``--edition`` picks a registered edition (``classic``, ``royale``, ``cardgame`` ...) and
builds it with the edition's factory (:func:`lasvegas.classic` ...), ``--module`` adds a rule
module by its id (any module class defined so far: the library's own, or one defined in a
file given with ``--import``), and ``--seed`` makes the dice and the computer players
repeat. Computer players are named by agent spec (:func:`lasvegas.agents.make_agent`):
``random``, ``greedy``, ``search`` or ``search:playouts=200``.

The library itself never prints; this module is where the program talks to its user.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import datetime
import importlib
import importlib.util
import itertools
import json
import math
import os
import sys
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

import attrs

from . import config as _config
from .actions import Action
from .agents import AGENTS, Agent, make_agent, play_game
from .chance import Rng
from .config import GameConfig
from .engine import (
    Step,
    legal_actions,
    new_game,
    sample_chance,
    standings,
    step,
    to_move,
)
from .errors import DeserializationError, IllegalActionError, LasVegasError
from .events import (
    BanknotePaid,
    CasinoPaid,
    CasinosFilled,
    DicePlaced,
    DiceRolled,
    Event,
    GameEnded,
    NoteDealt,
    NotesReturned,
    PayoutStarted,
    RoundEnded,
    RoundStarted,
    TiesRemoved,
    TurnPassed,
    TurnStarted,
)
from .modules.base import RuleModule
from .record import Record
from .render import hand_labels
from .royale.events import CardBanked
from .serde import from_json, known_classes, to_json
from .text import describe_event, dice_phrase, money, owner_name
from .types import CHANCE, GROUPS, Seat
from .view import PlayerView, observe, observe_events

if TYPE_CHECKING:
    from .state import State

__all__ = ["GameLog", "GameSetup", "build_parser", "main"]

DEMO_AGENTS = ("search:playouts=100", "greedy", "random")
"""The demo's computer players, seat after seat (cycled for more seats)."""


class CliError(Exception):
    """A problem with the command line's input, reported as ``error: ...`` (exit status 2)."""


MAX_READ = 64 * 1024 * 1024
"""The largest file the command line reads (64 MiB): a record of the longest game is a few
hundred KB, and ``replay /dev/zero`` must not read forever."""

MAX_GAMES = 10_000_000
"""The most games one ``simulate`` run plays (its memory stays the same whatever the count)."""


def read_text(path: Path, what: str = "file") -> str:
    """The UTF-8 text of *path*, at most :data:`MAX_READ` bytes; :class:`CliError` says
    what is wrong (no such file, a directory, too large, not UTF-8 ...)."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_READ + 1)
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_READ:
        raise CliError(f"{path}: larger than {MAX_READ // (1024 * 1024)} MiB, not a {what}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CliError(
            f"{path}: not UTF-8 text (byte {exc.start} is {data[exc.start]:#04x}), not a {what}"
        ) from None


def usable_cpus() -> int:
    """How many CPUs this process may run on (its affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


# -- setting up a game -----------------------------------------------------------------------


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
        raise CliError(f"unknown module {module_id!r} (known: {known})")
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
    group.add_argument(
        "--import",
        dest="imports",
        action="append",
        default=[],
        metavar="MODULE_OR_FILE",
        help="import a Python module or .py file first, to use the rule modules it defines",
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


# -- the game log -------------------------------------------------------------------------------


def _casino_notes(notes: Sequence[int]) -> str:
    return " ".join(money(n) for n in notes) if notes else "-"


class GameLog:
    """Prints a readable log of a game, step by step, as one viewer may see it.

    Call :meth:`start` with the config, give :meth:`on_step` to
    :func:`lasvegas.agents.play_game` (or call it after each :func:`lasvegas.step`), and
    call :meth:`finish` with the last state.

    Args:
        out: Where to write.
        names: A label per seat (``"seat 0 (greedy)"``).
        viewer: The seat whose view of the events the log shows (``None``: a spectator).
    """

    def __init__(self, out: TextIO, names: Sequence[str], viewer: Seat | None = None) -> None:
        self.out = out
        """Where the log goes."""
        self.names = list(names)
        """A label per seat."""
        self.viewer = viewer
        """Whose view of the events is shown."""
        self.lines = 0
        """Lines written so far."""
        self._notes: dict[int, list[int]] = {}
        self._banked: list[int] = []
        self._filling = False
        self._rolled: list[str] = []
        self._roller: Seat | None = None
        self._held: str | None = None
        self._count = 0

    def write(self, text: str) -> None:
        """Write one line."""
        self._release()
        print(text, file=self.out)
        self.lines += 1

    def _repeatable(self, text: str) -> None:
        """Write a line, or count it when it repeats the last one ("Seat 0 draws a card" x5)."""
        if text == self._held:
            self._count += 1
            return
        self._release()
        self._held, self._count = text, 1

    def _release(self) -> None:
        held, count = self._held, self._count
        if held is None:
            return
        self._held, self._count = None, 0
        print(held if count == 1 else f"{held} (x{count})", file=self.out)
        self.lines += 1

    def start(self, config: GameConfig) -> None:
        """Write the first round's heading (later rounds get theirs from their events)."""
        self._round(1, new_game(config).start, config)

    def _round(self, number: int, start: Seat, config: GameConfig) -> None:
        self.write("")
        rounds = config.ruleset.params.rounds
        self.write(f"Round {number} of {rounds}: {self.names[start]} starts")
        self._notes = {}
        self._filling = True

    def name(self, owner: int, state: State) -> str:
        """A seat's label, or an imaginary owner's name."""
        if 0 <= owner < len(self.names):
            return self.names[owner]
        return owner_name(owner, state)

    def on_step(self, before: State, action: Action, result: Step) -> None:
        """Log what one action did."""
        state = result.state
        for event in observe_events(result, self.viewer):
            self.event(event, state)

    def _flush(self, state: State) -> None:
        if self._notes:
            for casino in sorted(self._notes):
                notes = sorted(self._notes[casino], reverse=True)
                self.write(f"  Casino {casino}: {_casino_notes(notes)}")
            self._notes = {}
        if self._rolled and self._roller is not None:
            self.write(f"  {self.names[self._roller]} rolls {', '.join(self._rolled)}")
        self._rolled = []
        self._roller = None

    def _rolls(self, seat: Seat) -> str:
        rolled = ", ".join(self._rolled) if self._roller == seat else ""
        self._rolled = []
        self._roller = None
        return f"{self.names[seat]} rolls {rolled} ->" if rolled else f"{self.names[seat]}:"

    def event(self, event: Event, state: State) -> None:
        """Log one event (some are gathered into one line: the notes dealt, a turn)."""
        if isinstance(event, NoteDealt) and self._filling:
            self._notes.setdefault(event.casino, []).append(event.value)
            return
        if isinstance(event, DiceRolled) and event.seat is not None:
            if self._roller != event.seat:
                self._flush(state)
            faces = " ".join(str(f) for f in event.faces)
            label = "" if event.group == "regular" else f"{event.group} "
            self._rolled.append(f"{label}{faces}")
            self._roller = event.seat
            return
        if isinstance(event, DicePlaced):
            cards = state.config.edition == "cardgame"
            what = dice_phrase(event.face, event.counts, cards=cards)
            self.write(f"  {self._rolls(event.seat)} places {what} at casino {event.casino}")
            return
        if isinstance(event, TurnPassed):
            text = describe_event(event, state).split(" ", 2)[2]
            self.write(f"  {self._rolls(event.seat)} {text}")
            return
        if isinstance(event, CardBanked):  # the bank's cards of a Royale setup: one line
            self._banked.append(event.value)
            return
        if self._banked:
            values = sorted(self._banked)
            self._banked = []
            self.write(
                f"  The bank gets {len(values)} cards ({money(values[0])} to "
                f"{money(values[-1])}, {money(sum(values))} in all)"
            )
        if self._filling and type(event).__module__ != Event.__module__:
            self._repeatable("  " + describe_event(event, state))  # a module's setup
            return
        self._filling = False
        self._flush(state)
        if isinstance(event, RoundStarted):
            self._round(event.round, event.start, state.config)
        elif isinstance(event, CasinosFilled | TurnStarted | CasinoPaid | GameEnded):
            return
        elif isinstance(event, PayoutStarted):
            self.write("  Payout:")
        elif isinstance(event, BanknotePaid):
            note = money(event.value)
            self.write(f"    Casino {event.casino}: {note} to {self.name(event.owner, state)}")
        elif isinstance(event, TiesRemoved | NotesReturned):
            self.write("    " + describe_event(event, state))
        elif isinstance(event, RoundEnded):
            result = standings(state)
            parts = [f"{self.names[s]} {money(m)}" for s, m in enumerate(result.money)]
            self.write(f"  After round {event.round}: " + ", ".join(parts))
        else:
            self._repeatable("  " + describe_event(event, state))

    def finish(self, state: State) -> None:
        """Write the final standings (or the current ones, for a game not over)."""
        self._flush(state)
        result = standings(state)
        over = to_move(state) is None
        self.write("")
        self.write("Final standings" if over else "Standings (the game is not over)")
        order = sorted(
            range(len(result.money)), key=lambda s: (-result.money[s], -result.notes[s], s)
        )
        width = max(len(n) for n in self.names)
        for place, seat in enumerate(order, start=1):
            mark = "  winner" if seat in result.winners else ""
            self.write(
                f"  {place}. {self.names[seat]:<{width}}  {money(result.money[seat]):>11}"
                f"  {result.notes[seat]:>2} notes{mark}"
            )


# -- demo -----------------------------------------------------------------------------------------


def _title(config: GameConfig, seed: int | None) -> str:
    ids = [m.id for m in config.modules]
    modules = ", ".join(ids) if len(ids) <= 6 else f"{', '.join(ids[:3])} ... ({len(ids)} modules)"
    modules = modules or "no modules"
    seeded = "" if seed is None else f", seed {seed}"
    return f"Las Vegas ({config.edition}), {config.players} players, {modules}{seeded}"


def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    """Play one whole game between computer players and print its log and standings."""
    config = _setup(args).config()
    rng = Rng(args.seed)
    specs = args.agents or list(DEMO_AGENTS)
    agents = _agents(specs, config.players, rng)
    names = [f"seat {s} ({specs[s % len(specs)].partition(':')[0]})" for s in range(config.players)]
    log = GameLog(out, names)
    log.write(_title(config, args.seed))
    log.write("Players: " + ", ".join(names))
    log.start(config)
    state, actions = play_game(config, agents, rng, on_step=log.on_step)
    log.finish(state)
    log.write(f"({len(actions)} actions, chance outcomes included)")
    return 0


# -- play -----------------------------------------------------------------------------------------


def _owner_label(owner: int, view: PlayerView, names: Sequence[str]) -> str:
    if owner < view.players:
        return names[owner]
    names_ = view.config.ruleset.params.owners
    index = owner - view.players
    return names_[index] if index < len(names_) else f"owner {owner}"


def show_board(view: PlayerView, names: Sequence[str], out: TextIO) -> None:
    """Print the table as *view*'s seat sees it (from the view alone: nothing hidden shows)."""
    print("", file=out)
    print(f"Your turn (round {view.round} of {view.rounds})", file=out)
    tiles = view.casino_tiles or (None,) * len(view.casinos)
    for number, casino in enumerate(view.casinos, start=1):
        dice = [f"{_owner_label(o, view, names)} {w}" for o, w in enumerate(casino.weights()) if w]
        tile = tiles[number - 1]
        print(
            f"  Casino {number}{f' [{tile}]' if tile else ''}: {_casino_notes(casino.notes):<28} "
            f"dice: {', '.join(dice) if dice else '-'}",
            file=out,
        )
    held = []
    for seat, supply in enumerate(view.supply):
        parts = [str(supply[0])] + [
            f"{n} {g}" for g, n in zip(GROUPS[1:], supply[1:], strict=True) if n
        ]
        held.append(f"{names[seat]} {' + '.join(parts)}")
    print("  Dice left: " + ", ".join(held), file=out)
    cash = []
    for seat in range(view.players):
        amount = view.money[seat]
        split = view.money_parts[seat] if seat < len(view.money_parts) else None
        shown = "hidden" if amount is None else money(amount)
        if split is not None and len(split) > 1:
            shown += " (" + " + ".join(f"{p.name} {money(p.amount)}" for p in split) + ")"
        cash.append(f"{names[seat]} {shown}")
    print("  Money: " + ", ".join(cash), file=out)
    hand = hand_labels(view)
    if hand:
        print("  Your hand: " + ", ".join(hand), file=out)
    if view.prompt:
        print(f"  {view.prompt}", file=out)


def _ask(prompt: str, count: int, read: Callable[[], str], out: TextIO) -> int | None:
    """A choice 1..count from the user; ``None`` on quit or end of input. Re-asks on bad input."""
    while True:
        print(prompt, end="", file=out, flush=True)
        try:
            answer = read().strip().lower()
        except EOFError:
            print("", file=out)
            return None
        if answer in {"q", "quit", "exit"}:
            return None
        try:
            number = int(answer)
        except ValueError:
            print(f"Please type a number from 1 to {count} (or q to quit).", file=out)
            continue
        if 1 <= number <= count:
            return number - 1
        print(f"There is no choice {number}: type a number from 1 to {count}.", file=out)


def _check_record_path(path: Path) -> None:
    """Make sure the record can be saved at *path*, before the game starts: :class:`CliError`
    says why not (no such folder, a directory, no permission ...)."""
    if path.is_dir():
        raise CliError(f"--record {path}: is a directory")
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise CliError(f"--record {path}: cannot write there: {exc.strerror or exc}") from None
    if not existed:
        path.unlink(missing_ok=True)


def _save(record: Record, path: Path, out: TextIO) -> bool:
    """Save *record*; whether it worked (a failure is one line on stderr)."""
    try:
        path.write_text(to_json(record) + "\n", encoding="utf-8")
    except OSError as exc:
        print(f"error: cannot save the record to {path}: {exc.strerror or exc}", file=sys.stderr)
        return False
    print(f"Game record saved to {path} (replay it: python -m lasvegas replay {path})", file=out)
    return True


def cmd_play(args: argparse.Namespace, out: TextIO, read: Callable[[], str] | None = None) -> int:
    """Play against computer players in the terminal."""
    config = _setup(args).config()
    players = config.players
    human = args.seat
    if not 0 <= human < players:
        raise CliError(f"--seat must be 0..{players - 1}")
    if not args.no_record:
        _check_record_path(Path(args.record))
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "little")
    rng = Rng(seed)
    specs = args.opponents or ["greedy"]
    # The opponents take the other seats in order, their specs cycled.
    by_seat = [specs[(s - (s > human)) % len(specs)] for s in range(players)]
    agents = _agents(by_seat, players, rng)
    names = []
    for seat in range(players):
        if seat == human:
            names.append(f"{args.name} (seat {seat})")
        else:
            names.append(f"seat {seat} ({by_seat[seat].partition(':')[0]})")
    read = read or input
    log = GameLog(out, names, viewer=human)
    log.write(_title(config, seed))
    log.write("Players: " + ", ".join(names))
    log.write("At your turn, type the number of your choice (q quits).")
    log.start(config)
    state = new_game(config)
    actions: list[Action] = []
    quit_early = False
    while (mover := to_move(state)) is not None:
        if mover is CHANCE:
            action = sample_chance(state, rng)
        elif mover != human:
            action = agents[mover].choose(observe(state, mover), legal_actions(state))
        else:
            view = observe(state, human)
            legal = view.legal
            show_board(view, names, out)
            if any(view.rolled):
                rolled = "; ".join(
                    ("" if g == "regular" else f"{g}: ") + " ".join(map(str, faces))
                    for g, faces in zip(GROUPS, view.rolled, strict=True)
                    if faces
                )
                print(f"  You rolled {rolled}", file=out)
            if len(legal) == 1:
                action = legal[0]
                print(f"Only one choice: {view.labels[0]}.", file=out)
            else:
                for number, label in enumerate(view.labels, start=1):
                    print(f"  {number}. {label}", file=out)
                choice = _ask(f"Your choice (1-{len(legal)}): ", len(legal), read, out)
                if choice is None:
                    quit_early = True
                    break
                action = legal[choice]
        actions.append(action)
        result = step(state, action)
        log.on_step(state, action, result)
        state = result.state
    log.finish(state)
    if quit_early:
        log.write("You left the game.")
    if not args.no_record:
        record = Record(
            config,
            tuple(actions),
            names=tuple(names),
            date=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            seed=seed,
        )
        if not _save(record, Path(args.record), out):
            return 1
    return 1 if quit_early else 0


# -- replay ---------------------------------------------------------------------------------------


def cmd_replay(args: argparse.Namespace, out: TextIO, read: Callable[[], str] | None = None) -> int:
    """Step through a saved game record, printing its log."""
    for name in args.imports:
        import_plugin(name)
    path = Path(args.file)
    text = read_text(path, "game record")
    try:
        record = from_json(text, Record)
    except DeserializationError as exc:
        problems = exc.errors or (str(exc),)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        first = problems[0] if len(problems[0]) <= 300 else problems[0][:297] + "..."
        print(f"error: {path} is not a valid game record: {first}{more}", file=sys.stderr)
        return 1
    config = record.config
    names = list(record.names) or [f"seat {s}" for s in range(config.players)]
    read = read or input
    log = GameLog(out, names)
    log.write(_title(config, record.seed))
    log.write("Players: " + ", ".join(names) + (f"; played {record.date}" if record.date else ""))
    if args.step:
        log.write("Press Enter to go on, q then Enter to run to the end.")
    log.start(config)
    state = new_game(config)
    pausing = args.step
    for index, action in enumerate(record.actions):
        before = log.lines
        try:
            result = step(state, action)
        except IllegalActionError as exc:
            log.finish(state)
            print(f"error: action {index} of the record is illegal: {exc}", file=sys.stderr)
            return 1
        log.on_step(state, action, result)
        state = result.state
        if pausing and log.lines > before:
            try:
                if read().strip().lower() in {"q", "quit"}:
                    pausing = False
            except EOFError:
                pausing = False
    log.finish(state)
    return 0


# -- simulate -------------------------------------------------------------------------------------


@attrs.frozen
class _Job:
    setup: GameSetup
    specs: tuple[str, ...]
    game: int
    seed: int
    record: bool = False


_Result = tuple[tuple[int, ...], tuple[int, ...], str | None]
"""A simulated game: money per entry, winners as entries, the record's JSON (or None)."""


def _run_game(job: _Job) -> _Result:
    """One game of a simulation: (money per entry, winners as entries, its record's JSON
    when the job asks for it)."""
    config = job.setup.config()
    players = config.players
    rng = Rng(job.seed)
    # Entry e plays seat (e + game) % players: every entry gets every seat in turn.
    seat_of = [(e + job.game) % players for e in range(players)]
    entry_at = {seat: e for e, seat in enumerate(seat_of)}
    agent_rngs = [rng.fork() for _ in range(players)]
    agents = [make_agent(job.specs[entry_at[seat]], agent_rngs[seat]) for seat in range(players)]
    state, actions = play_game(config, agents, rng)
    result = standings(state)
    money_ = tuple(result.money[seat_of[e]] for e in range(players))
    winners = tuple(sorted(entry_at[s] for s in result.winners))
    record = None
    if job.record:
        names = tuple(job.specs[entry_at[seat]] for seat in range(players))
        record = to_json(Record(config, actions, names=names, seed=job.seed))
    return money_, winners, record


class _Progress:
    """A progress bar on stderr: rich's when installed, else a plain one."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.done = 0
        self.enabled = enabled
        self._rich: Any = None
        self._task: Any = None
        if not enabled:
            return
        try:
            from rich.console import Console
            from rich.progress import Progress
        except ImportError:
            return
        # on stderr, as the plain bar: stdout carries the results (and --json's document)
        progress = Progress(console=Console(stderr=True), transient=True)
        progress.start()
        self._task = progress.add_task("games", total=total)
        self._rich = progress

    def advance(self) -> None:
        self.done += 1
        if not self.enabled:
            return
        if self._rich is not None:
            self._rich.update(self._task, completed=self.done)
            return
        width = 30
        filled = width * self.done // max(1, self.total)
        bar = "#" * filled + "." * (width - filled)
        sys.stderr.write(f"\r[{bar}] {self.done}/{self.total} games")
        if self.done == self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    def close(self) -> None:
        if self._rich is not None:
            self._rich.stop()


@attrs.frozen
class _Row:
    """One agent's results in a simulation (a row of the table, an entry of the JSON)."""

    agent: str
    spec: str
    games: int
    wins: int
    win_share: float
    win_rate: float
    win_rate_ci95: tuple[float, float]
    mean_money: float
    money_ci95: tuple[float, float]


class _Sums:
    """The count, sum and sum of squares of whole amounts, kept exactly (Python ints): a
    simulation keeps these, not every game's amount, so its memory does not grow."""

    def __init__(self) -> None:
        self.n = 0
        self.total = 0
        self.squares = 0

    def add(self, value: int) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def interval(self) -> tuple[float, float, float]:
        """Mean and a normal-approximation 95% confidence interval."""
        n = self.n
        mean = self.total / n
        if n < 2:
            return mean, mean, mean
        # the sample variance, exactly: (n * sum(v^2) - sum(v)^2) / (n (n - 1))
        var = Fraction(n * self.squares - self.total * self.total, n * (n - 1))
        half = 1.96 * math.sqrt(var / n)
        return mean, mean - half, mean + half


def _wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def _run_games(jobs: list[_Job]) -> list[_Result]:
    """Several games of a simulation, in one worker call."""
    return [_run_game(job) for job in jobs]


def _iter_results(
    jobs: Iterator[_Job], total: int, workers: int
) -> Generator[tuple[_Job, _Result]]:
    """Each job of *jobs* with its result, in order; with several workers, at most a few
    chunks per worker are in flight, so memory does not grow with the number of games."""
    if workers <= 1:
        for job in jobs:
            yield job, _run_game(job)
        return
    chunk = max(1, min(16, total // (workers * 8)))
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
        pending: collections.deque[tuple[list[_Job], concurrent.futures.Future[list[_Result]]]]
        pending = collections.deque()
        while True:
            while len(pending) < 4 * workers:
                batch = list(itertools.islice(jobs, chunk))
                if not batch:
                    break
                pending.append((batch, pool.submit(_run_games, batch)))
            if not pending:
                return
            batch, future = pending.popleft()
            yield from zip(batch, future.result(), strict=True)


def _results(
    args: argparse.Namespace, jobs: Iterator[_Job], workers: int
) -> Iterator[tuple[_Job, _Result]]:
    """``(job, result)`` pairs: in game order locally, as they finish on Ray (``--ray``, whose
    shards need the jobs listed)."""
    if args.ray is None:
        yield from _iter_results(jobs, args.games, workers)
        return
    listed = list(jobs)
    try:
        from .distributed import ray_map

        for g, result in ray_map(_run_game, listed, address=args.ray or None, workers=workers):
            yield listed[g], result
    except ImportError as exc:
        raise CliError(str(exc)) from None


def _game_line(job: _Job, labels: Sequence[str], result: _Result) -> str:
    """The JSON line ``--out`` writes for one finished game."""
    amounts, winners, _ = result
    players = len(amounts)
    return json.dumps(
        {
            "game": job.game,
            "seed": job.seed,
            "seats": [(e + job.game) % players for e in range(players)],
            "money": list(amounts),
            "winners": [labels[e] for e in winners],
        }
    )


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Play computer players against each other and tabulate the results."""
    setup = _setup(args)
    config = setup.config()
    players = config.players
    if args.games < 1:
        raise CliError("--games must be at least 1")
    if args.games > MAX_GAMES:
        raise CliError(f"--games {args.games}: at most {MAX_GAMES:,} games in one run")
    if args.jobs < 1:
        raise CliError("--jobs must be at least 1")
    # Local processes (and a local Ray instance) get at most the CPUs this process may use;
    # a Ray cluster's address gets the workers asked for.
    workers = min(args.jobs, args.games) if args.ray else min(args.jobs, usable_cpus(), args.games)
    if workers < min(args.jobs, args.games):
        print(
            f"note: --jobs {args.jobs} capped at {workers}, the CPUs this process may use",
            file=sys.stderr,
        )
    specs = list(args.agents)
    for spec in specs:
        try:
            make_agent(spec, 0)
        except ValueError as exc:
            raise CliError(str(exc)) from None
    entries = tuple(specs[i % len(specs)] for i in range(players))
    labels = list(entries)
    for i, spec in enumerate(entries):
        if entries.count(spec) > 1:
            labels[i] = f"{spec}#{i + 1}"
    seeds = Rng(args.seed)
    keep = args.records is not None
    jobs = (_Job(setup, entries, g, seeds.next_u64(), keep) for g in range(args.games))
    if keep:
        try:
            Path(args.records).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CliError(f"--records {args.records}: {exc.strerror or exc}") from None
    try:
        lines = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    except OSError as exc:
        raise CliError(f"--out {args.out}: {exc.strerror or exc}") from None
    progress = _Progress(
        args.games, not args.no_progress and (args.progress or sys.stderr.isatty())
    )
    wins = [0] * players
    shares = [Fraction(0)] * players
    money_ = [_Sums() for _ in range(players)]
    started = time.perf_counter()
    try:
        for job, result in _results(args, jobs, workers):
            amounts, winners, record = result
            for e in range(players):
                money_[e].add(amounts[e])
            for e in winners:
                wins[e] += 1
                shares[e] += Fraction(1, len(winners))  # exact: the same in any order
            if lines is not None:  # streamed as each game finishes
                lines.write(_game_line(job, labels, result) + "\n")
                lines.flush()
            if record is not None:
                Path(args.records, f"game-{job.game:06d}.json").write_text(record, encoding="utf-8")
            progress.advance()
    finally:
        progress.close()
        if lines is not None:
            lines.close()
    seconds = time.perf_counter() - started
    rows = []
    for e in range(players):
        share = float(shares[e])
        mean, m_low, m_high = money_[e].interval()
        rows.append(
            _Row(
                agent=labels[e],
                spec=entries[e],
                games=args.games,
                wins=wins[e],
                win_share=share,
                win_rate=share / args.games,
                win_rate_ci95=_wilson(share, args.games),
                mean_money=mean,
                money_ci95=(m_low, m_high),
            )
        )
    if args.json:
        document = {
            "format": "lasvegas/simulation",
            "schema": 1,
            "config": json.loads(to_json(config)),
            "games": args.games,
            "seed": args.seed,
            "jobs": workers,
            "ray": args.ray,
            "seconds": round(seconds, 3),
            "agents": [attrs.asdict(row) for row in rows],
        }
        print(json.dumps(document, indent=2), file=out)
        return 0
    print(_title(config, args.seed) + f": {args.games} games in {seconds:.1f} s", file=out)
    print("Seats rotate between games; a shared win counts as a fraction.", file=out)
    header = (
        f"{'agent':<24} {'wins':>6} {'win rate':>9} {'95% interval':>15} "
        f"{'mean money':>12} {'95% interval':>23}"
    )
    print(header, file=out)
    print("-" * len(header), file=out)
    for row in rows:
        lo, hi = row.win_rate_ci95
        m_lo, m_hi = row.money_ci95
        rate = f"{lo:.1%}-{hi:.1%}"
        spread = f"{money(round(m_lo))}-{money(round(m_hi))}"
        print(
            f"{row.agent:<24} {row.win_share:>6.5g} {row.win_rate:>9.1%} {rate:>15} "
            f"{money(round(row.mean_money)):>12} {spread:>23}",
            file=out,
        )
    return 0


# -- bench and list -------------------------------------------------------------------------------


def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    """Run the benchmark (``lasvegas.bench``)."""
    try:
        bench = importlib.import_module("lasvegas.bench")
    except ImportError as exc:
        raise CliError(f"the benchmark is not available: {exc}") from None
    argv = list(args.args[1:] if args.args[:1] == ["--"] else args.args)
    result = bench.main(argv)
    return int(result or 0)


def _short(text: str, width: int = 30) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    """List the editions, rule modules and agents."""
    for name in args.imports:
        import_plugin(name)
    print("Editions: " + ", ".join(sorted(_config.EDITIONS)), file=out)
    print("Rule modules (--module ID[:OPT=VAL,...]):", file=out)
    for module_id, cls in module_classes().items():
        options = ", ".join(
            f"{f.name}={_short(repr(f.default))}" if f.default is not attrs.NOTHING else f.name
            for f in attrs.fields(cls)
            if f.init
        )
        editions = "/".join(sorted(cls.editions))
        doc = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
        print(f"  {module_id:<20} [{editions}] {doc}", file=out)
        if options:
            print(f"  {'':<20} options: {options}", file=out)
    print(
        "Agents (--agents / --opponents SPEC[:OPT=VAL,...]): " + ", ".join(sorted(AGENTS)), file=out
    )
    return 0


# -- the parser -----------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (``error: ...``), not the usage too."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {_one_line(message)} (`{self.prog} --help` lists the options)\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m lasvegas``.

    >>> build_parser().parse_args(["demo", "--players", "3"]).players
    3
    """
    parser = _Parser(
        prog="python -m lasvegas",
        description="Play, watch, simulate and replay games of the Las Vegas family.",
        epilog="Run `python -m lasvegas COMMAND --help` for a command's options.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    demo = sub.add_parser(
        "demo",
        help="watch computer players play a whole game",
        description="Play one whole game between computer players and print its log: each "
        "round's banknotes per casino, every turn's roll and placement, the payouts, then the "
        "final standings. Takes a few seconds.",
    )
    _add_setup_options(demo, players=4)
    demo.add_argument("--seed", type=int, default=1, help="seed for dice and players (default 1)")
    demo.add_argument(
        "--agents",
        nargs="+",
        metavar="SPEC",
        help="computer players, seat after seat (default: " + " ".join(DEMO_AGENTS) + ", cycled)",
    )

    play = sub.add_parser(
        "play",
        help="play against computer players in the terminal",
        description="Play a game in the terminal against computer players: the table is shown "
        "at each of your turns with numbered choices (bad input asks again). The game record "
        "is saved at the end (or when you quit) for `replay`.",
    )
    _add_setup_options(play, players=3)
    play.add_argument("--seed", type=int, default=None, help="seed for dice and players")
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0, who starts)")
    play.add_argument("--name", default="you", help="your name in the log (default 'you')")
    play.add_argument(
        "--opponents",
        nargs="+",
        metavar="SPEC",
        help="the computer players, seat after seat (default greedy)",
    )
    play.add_argument(
        "--record",
        default="lasvegas-game.json",
        metavar="FILE",
        help="where to save the game record (default lasvegas-game.json)",
    )
    play.add_argument("--no-record", action="store_true", help="do not save the game record")

    simulate = sub.add_parser(
        "simulate",
        help="pit computer players against each other",
        description="Play many games between computer players and print, per agent, its "
        "wins, win rate and mean money with 95% intervals. Seats rotate between games. "
        "With --jobs the games run in several processes, with --ray on a Ray cluster; the "
        "results do not depend on either.",
    )
    _add_setup_options(simulate, players=2)
    simulate.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    simulate.add_argument(
        "--agents",
        nargs="+",
        default=["greedy", "random"],
        metavar="SPEC",
        help="the agents, one per seat, cycled if fewer (default greedy random)",
    )
    simulate.add_argument("--seed", type=int, default=0, help="seed of the series (default 0)")
    simulate.add_argument(
        "--jobs", type=int, default=1, help="worker processes, or Ray workers (default 1)"
    )
    simulate.add_argument(
        "--ray",
        nargs="?",
        const="",
        default=None,
        metavar="ADDRESS",
        help="play the games on a Ray cluster (ray.init's address: auto, ray://HOST:10001 ...; "
        "without ADDRESS, a local Ray instance with --jobs CPUs); needs the ray extra",
    )
    simulate.add_argument(
        "--out",
        metavar="FILE",
        help="write each game's result to FILE as a JSON line, as soon as the game finishes",
    )
    simulate.add_argument(
        "--records",
        metavar="DIR",
        help="save each game's record in DIR (game-000000.json ..., for `replay`)",
    )
    simulate.add_argument("--json", action="store_true", help="print the results as JSON")
    simulate.add_argument(
        "--progress", action="store_true", help="show the progress bar even when not on a terminal"
    )
    simulate.add_argument("--no-progress", action="store_true", help="no progress bar")

    bench = sub.add_parser(
        "bench",
        help="measure the engine's speed",
        description="Run the benchmark (lasvegas.bench): games/s, steps/s and the cost of "
        "apply, legal_actions, observe and a JSON round trip per edition. Arguments after "
        "`--` go to the benchmark (`bench -- --help` lists them).",
    )
    bench.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the benchmark")

    replay = sub.add_parser(
        "replay",
        help="step through a saved game record",
        description="Replay a saved game record (a lasvegas/record JSON document, as `play` "
        "saves) and print its log and final standings.",
    )
    replay.add_argument("file", help="the record file")
    replay.add_argument(
        "--step", action="store_true", help="pause after each logged step (Enter goes on)"
    )
    replay.add_argument(
        "--import",
        dest="imports",
        action="append",
        default=[],
        metavar="MODULE_OR_FILE",
        help="import a Python module or .py file first (custom rule modules in the record)",
    )

    listing = sub.add_parser(
        "list",
        help="list editions, rule modules and agents",
        description="List the editions, the rule modules (with their options) and the agents.",
    )
    listing.add_argument(
        "--import",
        dest="imports",
        action="append",
        default=[],
        metavar="MODULE_OR_FILE",
        help="import a Python module or .py file first, to list the modules it defines",
    )

    serve = sub.add_parser(
        "serve",
        help="serve web tables (needs the web extra)",
        description=(
            "Serve tables of every edition in the browser: open http://HOST:PORT/, choose the "
            "game and the seats, and hand each player the secret link of their seat. Needs "
            "the web extra: pip install 'lasvegas-rules[web]'."
        ),
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 opens the "
        "server to the network)",
    )
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument(
        "--seed", type=int, default=None, help="seed the tables (reproducible games)"
    )
    return parser


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    """Serve web tables with uvicorn until interrupted."""
    try:
        import uvicorn

        from .web import create_app
    except ImportError as exc:
        raise CliError(
            f"serve needs the web extra: pip install 'lasvegas-rules[web]' ({exc})"
        ) from None
    if not 0 <= args.port <= 65535:
        raise CliError("--port must be 0..65535")
    print(f"Las Vegas tables on http://{args.host}:{args.port}/ (Ctrl-C stops)", file=out)
    uvicorn.run(create_app(seed=args.seed), host=args.host, port=args.port, log_level="warning")
    return 0


def _one_line(text: str, limit: int = 500) -> str:
    """*text* on one line, cut to *limit* characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    >>> main(["list"]) == 0  # doctest: +ELLIPSIS
    Editions: ...
    True
    """
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["bench"] and argv[1:2] not in (["-h"], ["--help"]):
        # The benchmark has its own options: hand them over as they are (`bench --games 9`).
        argv = ["bench", "--", *argv[1:]] if argv[1:2] != ["--"] else argv
    args = parser.parse_args(argv)
    out = sys.stdout
    commands: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
        "demo": cmd_demo,
        "play": cmd_play,
        "simulate": cmd_simulate,
        "bench": cmd_bench,
        "replay": cmd_replay,
        "list": cmd_list,
        "serve": cmd_serve,
    }
    try:
        return commands[args.command](args, out)
    except CliError as exc:
        print(f"error: {_one_line(str(exc))}", file=sys.stderr)
        return 2
    except LasVegasError as exc:  # the library refused something the command line passed on
        print(f"error: {_one_line(str(exc))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`... | head`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
