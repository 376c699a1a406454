"""``play``: a game in the terminal against computer players."""

from __future__ import annotations

import argparse
import datetime
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from ..actions import Action
from ..chance import Rng
from ..engine import legal_actions, new_game, sample_chance, step, to_move
from ..record import Record
from ..render import hand_labels
from ..serde import to_json
from ..text import money
from ..types import CHANCE, GROUPS
from ..view import PlayerView, observe
from .common import CliError, printable
from .log import GameLog, _casino_notes, _title
from .setup import _agents, _setup


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
        line = (
            f"  Casino {number}{f' [{tile}]' if tile else ''}: {_casino_notes(casino.notes):<28} "
            f"dice: {', '.join(dice) if dice else '-'}"
        )
        print(printable(line), file=out)
    held = []
    for seat, supply in enumerate(view.supply):
        parts = [str(supply[0])] + [
            f"{n} {g}" for g, n in zip(GROUPS[1:], supply[1:], strict=True) if n
        ]
        held.append(f"{names[seat]} {' + '.join(parts)}")
    print(printable("  Dice left: " + ", ".join(held)), file=out)
    cash = []
    for seat in range(view.players):
        amount = view.money[seat]
        split = view.money_parts[seat] if seat < len(view.money_parts) else None
        shown = "hidden" if amount is None else money(amount)
        if split is not None and len(split) > 1:
            shown += " (" + " + ".join(f"{p.name} {money(p.amount)}" for p in split) + ")"
        cash.append(f"{names[seat]} {shown}")
    print(printable("  Money: " + ", ".join(cash)), file=out)
    hand = hand_labels(view)
    if hand:
        print(printable("  Your hand: " + ", ".join(hand)), file=out)
    if view.prompt:
        print(printable(f"  {view.prompt}"), file=out)


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
        message = f"error: cannot save the record to {path}: {exc.strerror or exc}"
        print(printable(message), file=sys.stderr)
        return False
    saved = f"Game record saved to {path} (replay it: python -m lasvegas replay {path})"
    print(printable(saved), file=out)
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
                print(printable(f"Only one choice: {view.labels[0]}."), file=out)
            else:
                for number, label in enumerate(view.labels, start=1):
                    print(printable(f"  {number}. {label}"), file=out)
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
