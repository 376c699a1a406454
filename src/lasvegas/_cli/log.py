"""The readable log of a game, as one viewer may see it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from .. import events as ev
from ..actions import Action
from ..config import GameConfig
from ..engine import Step, new_game, standings, to_move
from ..royale.events import CardBanked
from ..text import _note_label, describe_event, dice_phrase, money, owner_name
from ..types import Seat
from ..view import observe_events
from .common import printable

if TYPE_CHECKING:
    from ..state import State


def _casino_notes(notes: Sequence[int]) -> str:
    return " ".join(_note_label(n) for n in notes) if notes else "-"


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
        print(printable(text), file=self.out)
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
        print(printable(held if count == 1 else f"{held} (x{count})"), file=self.out)
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

    def event(self, event: ev.Event, state: State) -> None:
        """Log one event (some are gathered into one line: the notes dealt, a turn)."""
        if isinstance(event, ev.NoteDealt) and self._filling:
            self._notes.setdefault(event.casino, []).append(event.value)
            return
        if isinstance(event, ev.DiceRolled) and event.seat is not None:
            if self._roller != event.seat:
                self._flush(state)
            faces = " ".join(str(f) for f in event.faces)
            label = "" if event.group == "regular" else f"{event.group} "
            self._rolled.append(f"{label}{faces}")
            self._roller = event.seat
            return
        if isinstance(event, ev.DicePlaced):
            cards = state.config.edition == "cardgame"
            what = dice_phrase(event.face, event.counts, cards=cards)
            self.write(f"  {self._rolls(event.seat)} places {what} at casino {event.casino}")
            return
        if isinstance(event, ev.TurnPassed):
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
        if self._filling and type(event).__module__ != ev.Event.__module__:
            self._repeatable("  " + describe_event(event, state))  # a module's setup
            return
        self._filling = False
        self._flush(state)
        if isinstance(event, ev.RoundStarted):
            self._round(event.round, event.start, state.config)
        elif isinstance(event, ev.CasinosFilled | ev.TurnStarted | ev.CasinoPaid | ev.GameEnded):
            return
        elif isinstance(event, ev.PayoutStarted):
            self.write("  Payout:")
        elif isinstance(event, ev.BanknotePaid):
            note = money(event.value)
            self.write(f"    Casino {event.casino}: {note} to {self.name(event.owner, state)}")
        elif isinstance(event, ev.TiesRemoved | ev.NotesReturned):
            self.write("    " + describe_event(event, state))
        elif isinstance(event, ev.RoundEnded):
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


def _title(config: GameConfig, seed: int | None) -> str:
    ids = [m.id for m in config.modules]
    modules = ", ".join(ids) if len(ids) <= 6 else f"{', '.join(ids[:3])} ... ({len(ids)} modules)"
    modules = modules or "no modules"
    seeded = "" if seed is None else f", seed {seed}"
    return f"Las Vegas ({config.edition}), {config.players} players, {modules}{seeded}"
