"""Events: what :func:`lasvegas.step` reports happened, for front-ends to animate and log.

Events are frozen values with a stable :attr:`Event.kind` tag, like actions. The core emits
the ones below; modules add their own by subclassing :class:`Event`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from ._tags import claim
from .types import CasinoNumber, Face, Money, Seat

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "BanknotePaid",
    "CasinoPaid",
    "CasinosFilled",
    "DicePlaced",
    "DiceRolled",
    "Event",
    "GameEnded",
    "NoteDealt",
    "NotesReturned",
    "PayoutStarted",
    "RoundEnded",
    "RoundStarted",
    "TiesRemoved",
    "TurnPassed",
    "TurnStarted",
]


@attrs.frozen
class Event:
    """Base class of every event; modules subclass it for their own."""

    def __init_subclass__(cls, *, replace: bool = False, **kwargs: object) -> None:
        """Register the class under its own :attr:`kind` (:func:`lasvegas.register`): a
        kind another class holds is refused here, unless ``replace=True`` is given as a
        class keyword (``class Mine(lv.Event, replace=True)``)."""
        super().__init_subclass__(**kwargs)
        claim(cls, "Event", "kind", replace=replace)

    kind: ClassVar[str] = "event"
    """The stable tag of the event type in JSON and logs."""

    def text(self, state: State | None = None) -> str | None:
        """The event in words, for :func:`lasvegas.describe_event` (and logs): override it
        to word a module's event. *state* is any state of the game (the step's), when the
        caller has it. ``None``, the default: the library's words (the core events', or a
        generic ``"Chip taken: seat 1, casino 3"``).

        >>> RoundStarted(round=2, start=1).text() is None
        True
        """
        return None

    def you_text(self, state: State | None = None) -> str | None:
        """The event in the voice of the seat whose act it reports, its ``seat`` field
        (``"You take 2 chips"`` where :meth:`text` says ``"Seat 1 takes 2 chips"``), for
        :func:`lasvegas.describe_event` asked for that seat (``seat=1``). ``None``, the
        default: :meth:`text`'s words as they are.

        >>> RoundStarted(round=2, start=1).you_text() is None
        True
        """
        return None


@attrs.frozen
class RoundStarted(Event):
    """A round begins (before its notes are dealt).

    >>> RoundStarted(round=1, start=0)
    RoundStarted(round=1, start=0)
    """

    kind: ClassVar[str] = "round-started"
    opens_turn: ClassVar[bool] = True
    """Opens a new group of lines in a session's log (:class:`lasvegas.session.Notice`)."""
    round: int
    """The round number, from 1."""
    start: Seat
    """The round's start player (C-7)."""


@attrs.frozen
class NoteDealt(Event):
    """A banknote was drawn from the pile and laid at a casino (C-5).

    >>> NoteDealt(casino=1, value=50_000)
    NoteDealt(casino=1, value=50000)
    """

    kind: ClassVar[str] = "note-dealt"
    casino: CasinoNumber
    """The casino number the note went to."""
    value: Money
    """The note's value."""


@attrs.frozen
class CasinosFilled(Event):
    """Every casino has its notes for the round; modules finish their setup now.

    >>> CasinosFilled(round=2)
    CasinosFilled(round=2)
    """

    kind: ClassVar[str] = "casinos-filled"
    round: int
    """The round number."""


@attrs.frozen
class TurnStarted(Event):
    """A seat's turn begins (it still holds dice, C-9).

    >>> TurnStarted(seat=2)
    TurnStarted(seat=2)
    """

    kind: ClassVar[str] = "turn-started"
    opens_turn: ClassVar[bool] = True
    """Opens a new group of lines in a session's log (:class:`lasvegas.session.Notice`)."""
    seat: Seat
    """The active seat."""


@attrs.frozen
class TurnPassed(Event):
    """The active seat's turn ended without a placement; its dice stay with it.

    >>> TurnPassed(seat=1, reason="closed")
    TurnPassed(seat=1, reason='closed')
    """

    kind: ClassVar[str] = "turn-passed"
    seat: Seat
    """The seat whose turn passed."""
    reason: str
    """Why: ``"closed"`` (every face rolled points at a closed casino, T-7), or a module's reason."""


@attrs.frozen
class DiceRolled(Event):
    """A group of dice was rolled.

    >>> DiceRolled(seat=0, group="regular", faces=(1, 1, 4))
    DiceRolled(seat=0, group='regular', faces=(1, 1, 4))
    """

    kind: ClassVar[str] = "dice-rolled"
    seat: Seat | None
    """Who rolled, or ``None`` for dice no seat owns (the 3-player neutral roll, C-18)."""
    group: str
    """The group of dice (see :data:`lasvegas.types.GROUPS`)."""
    faces: tuple[Face, ...]
    """The sorted faces."""


@attrs.frozen
class DicePlaced(Event):
    """Dice were placed at a casino.

    ``counts`` gives how many dice of each group (see :data:`lasvegas.types.GROUPS`) were
    placed. When the core reports the placement of a roll, the modules reacting to it see
    the state at the turn's end with ``state.rolled`` still holding that roll (the dice
    placed included); the core clears it once the reactions are done.

    >>> DicePlaced(seat=1, face=5, casino=5, counts=(2, 0, 0, 1))
    DicePlaced(seat=1, face=5, casino=5, counts=(2, 0, 0, 1))
    """

    kind: ClassVar[str] = "dice-placed"
    seat: Seat
    """The seat that placed."""
    face: Face
    """The face chosen."""
    casino: CasinoNumber
    """The casino number the dice went to."""
    counts: tuple[int, ...]
    """Dice placed per group, in the order of :data:`lasvegas.types.GROUPS`."""


@attrs.frozen
class PayoutStarted(Event):
    """All dice are placed; the round's end begins (before-payout effects happen now).

    >>> PayoutStarted(round=1)
    PayoutStarted(round=1)
    """

    kind: ClassVar[str] = "payout-started"
    opens_turn: ClassVar[bool] = True
    """Opens a new group of lines in a session's log (:class:`lasvegas.session.Notice`)."""
    round: int
    """The round number."""


@attrs.frozen
class TiesRemoved(Event):
    """Owners with equal dice counts at a casino removed their dice (C-12).

    >>> TiesRemoved(casino=3, owners=(0, 2))
    TiesRemoved(casino=3, owners=(0, 2))
    """

    kind: ClassVar[str] = "ties-removed"
    casino: CasinoNumber
    """The casino number."""
    owners: tuple[int, ...]
    """The owners (seats, or imaginary owners numbered after the seats) that were tied."""


@attrs.frozen
class BanknotePaid(Event):
    """An owner took a note at a casino (C-13).

    >>> BanknotePaid(casino=6, owner=1, value=90_000)
    BanknotePaid(casino=6, owner=1, value=90000)
    """

    kind: ClassVar[str] = "banknote-paid"
    casino: CasinoNumber
    """The casino number."""
    owner: int
    """The seat, or an imaginary owner (numbered after the seats), that took the note."""
    value: Money
    """The note's value."""


@attrs.frozen
class NotesReturned(Event):
    """Notes went under the pile, in this order (C-14, C-21).

    >>> NotesReturned(casino=2, values=(10_000,))
    NotesReturned(casino=2, values=(10000,))
    """

    kind: ClassVar[str] = "notes-returned"
    casino: CasinoNumber
    """The casino they came from."""
    values: tuple[Money, ...]
    """The notes, in the order they went under the pile."""


@attrs.frozen
class CasinoPaid(Event):
    """A casino's payout is finished.

    >>> CasinoPaid(casino=4)
    CasinoPaid(casino=4)
    """

    kind: ClassVar[str] = "casino-paid"
    casino: CasinoNumber
    """The casino number."""


@attrs.frozen
class RoundEnded(Event):
    """Every casino has paid; the round is over.

    >>> RoundEnded(round=4)
    RoundEnded(round=4)
    """

    kind: ClassVar[str] = "round-ended"
    round: int
    """The round number."""


@attrs.frozen
class GameEnded(Event):
    """The last round is over (C-16).

    >>> GameEnded(winners=(2,))
    GameEnded(winners=(2,))
    """

    kind: ClassVar[str] = "game-ended"
    winners: tuple[Seat, ...]
    """The winning seats (several when still tied)."""
