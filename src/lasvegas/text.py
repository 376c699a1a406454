"""Readable English texts for actions and events, for logs and front-ends.

:func:`describe` turns an action into a sentence, more precise when it is given the state
the action applies to; :func:`describe_event` does the same for the events of
:func:`lasvegas.step`.

Modules plug their own texts in through methods declared on the bases:

* an action or event class may override :meth:`lasvegas.Action.text` /
  :meth:`lasvegas.Event.text`, ``text(self, state: State | None = None) -> str | None``;
  a string it returns is used as is (``None``: the library's words). Its
  ``you_text``, with the same signature, words it for the seat that acts (the labels of a
  view's legal actions; :func:`describe_event` with ``seat=``);
* a rule module whose tasks are answered by core actions (a money card drawn with
  :class:`~lasvegas.Draw`, black dice rolled with :class:`~lasvegas.Roll`) may define
  ``describe_action(self, state: State, index: int, action: Action) -> str | None``; while
  one of its tasks is first in ``state.tasks``, :func:`describe` asks it first (``None``
  means "use the default text");
* anything else gets a generic text built from its ``kind`` and its fields
  (``"Take chip: casino 3"``).

>>> import lasvegas as lv
>>> describe(lv.Place(5))
'Place the 5s at casino 5'
>>> describe_event(lv.BanknotePaid(casino=6, owner=1, value=90_000), lv.new_game(lv.classic(2)))
'Casino 6 pays $90,000 to seat 1'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from .actions import Action, Draw, Place, Roll, action_problem, safe_repr
from .errors import IllegalActionError
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
from .state import Phase
from .types import GROUPS, Seat

if TYPE_CHECKING:
    from .state import State

__all__ = [
    "describe",
    "describe_event",
    "describe_place",
    "dice_phrase",
    "money",
    "owner_name",
    "seat_label",
]

_NUMBERS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


def money(amount: int) -> str:
    """An amount of dollars as printed on the notes.

    >>> money(50_000), money(-20_000)
    ('$50,000', '-$20,000')
    """
    if amount < 0:
        return f"-${-amount:,}"
    return f"${amount:,}"


def _note_label(value: int) -> str:
    """A note at a casino: its value, or ``Rainbow`` for a Boulevard rainbow card (B-5),
    which is written as a note of value 0."""
    return "Rainbow" if value == 0 else money(value)


_SEAT_WORD = re.compile(r"\b([Ss]eat) ([0-9]+)\b")


def seat_label(seat: int, names: Sequence[str] | None = None) -> str:
    """How texts name *seat*: by its index, with the player's name after it, so that no
    name can pass for another seat (a player named "Seat 0" sitting at seat 1 is
    ``Seat 1 (Seat 0)``).

    >>> seat_label(2, ("Ann", "Bob", "Cid")), seat_label(0), seat_label(0, ("Seat 0",))
    ('Seat 2 (Cid)', 'Seat 0', 'Seat 0')
    """
    plain = f"Seat {seat}"
    if names is None or not 0 <= seat < len(names) or names[seat] == plain:
        return plain
    return f"{plain} ({names[seat]})"


def _name_seats(text: str, names: Sequence[str]) -> str:
    """*text* with each ``Seat 3`` / ``seat 3`` followed by that player's name from *names*
    (``Seat 3 (Dan)``), in one pass, so that a name is never read as a seat.

    >>> _name_seats("Seat 1 pays seat 0", ("Seat 1", "Ann"))
    'Seat 1 (Ann) pays seat 0 (Seat 1)'
    """

    def named(match: re.Match[str]) -> str:
        s = int(match.group(2))
        if s >= len(names) or names[s] == f"Seat {s}":
            return match.group(0)
        return f"{match.group(0)} ({names[s]})"

    return _SEAT_WORD.sub(named, text)


def _number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _join(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _faces(faces: Sequence[int]) -> str:
    return ", ".join(str(f) for f in faces)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def owner_name(owner: int, state: State | None = None) -> str:
    """How a text names a casino owner: a seat, or an imaginary owner of the config.

    Owners ``0 .. players-1`` are seats; later ones are the imaginary owners of
    :attr:`lasvegas.Params.owners` (the neutral dice, C-21). Without a state the number
    alone is known.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.classic(2, lv.NeutralDice()))
    >>> owner_name(1, state), owner_name(2, state), owner_name(2)
    ('seat 1', 'the neutral dice', 'owner 2')
    """
    if state is None:
        return f"owner {owner}"
    players = state.config.players
    if owner < players:
        return f"seat {owner}"
    names = state.config.ruleset.params.owners
    if owner - players < len(names):
        return f"the {names[owner - players]} dice"
    return f"owner {owner}"


def _seat(seat: int | None) -> str:
    return "nobody" if seat is None else f"seat {seat}"


def dice_phrase(face: int, counts: Sequence[int], *, cards: bool = False) -> str:
    """Some dice showing *face*, *counts* giving how many of each group (:data:`~lasvegas.GROUPS`).

    With *cards* (the card game, whose double cards are its "big" group) a big one is a
    double.

    >>> dice_phrase(5, (3, 0, 0, 0)), dice_phrase(5, (2, 0, 0, 1)), dice_phrase(2, (0, 1, 0, 0))
    ('three 5s', 'two 5s and one neutral 5', 'one big 2')
    >>> dice_phrase(2, (1, 1, 0, 0), cards=True)
    'one 2 and one double 2'
    """
    parts: list[str] = []
    for group, count in zip(GROUPS, counts, strict=False):
        if not count:
            continue
        shown = "double" if cards and group == "big" else group
        label = "" if group == "regular" else f"{shown} "
        noun = f"{face}s" if count > 1 else str(face)
        parts.append(f"{_number(count)} {label}{noun}")
    return _join(parts)


def _generic(obj: object) -> str:
    """``Take chip: casino 3``: the kind, humanised, and the fields."""
    kind = str(getattr(type(obj), "kind", type(obj).__name__))
    head = _capital(kind.replace("-", " ").replace("_", " "))
    cls = type(obj)
    if not attrs.has(cls):
        return head
    fields = [
        f"{f.name.replace('_', ' ')} {_value(getattr(obj, f.name))}" for f in attrs.fields(cls)
    ]
    return f"{head}: {', '.join(fields)}" if fields else head


def _value(value: object) -> str:
    if isinstance(value, tuple):
        return "(" + ", ".join(_value(v) for v in value) + ")"
    if isinstance(value, Action | Event):
        return _generic(value)
    return str(value)


def _own_text(obj: object, state: State | None) -> str | None:
    """The words *obj* (an action or event) gives itself (its ``text``), if any."""
    if isinstance(obj, Action | Event):
        result = obj.text(state)
        if isinstance(result, str):
            return result
    return None


def describe(action: Action, state: State | None = None) -> str:
    """A readable English sentence for *action*.

    With *state*, the state the action is about to be applied to, the text is more
    precise: how many dice a placement moves, who rolls, which casino a note goes to.

    >>> import lasvegas as lv
    >>> from lasvegas.testing import deal
    >>> describe(lv.Place(5)), describe(lv.Roll((1, 1, 3, 4, 6, 6)))
    ('Place the 5s at casino 5', 'Roll: 1 1 3 4 6 6')
    >>> describe(lv.Draw(50_000))
    'Draw a $50,000 note'
    >>> state = deal(lv.new_game(lv.classic(3)), *[[50_000]] * 5)
    >>> describe(lv.Draw(50_000), state)
    'Draw a $50,000 note for casino 6'
    >>> state = lv.apply(state, lv.Draw(60_000))
    >>> describe(lv.Roll((1, 1, 3, 5, 5, 5, 6, 6)), state)
    'Seat 0 rolls 1, 1, 3, 5, 5, 5, 6, 6'
    >>> state = lv.apply(state, lv.Roll((1, 1, 3, 5, 5, 5, 6, 6)))
    >>> describe(lv.Place(5), state), describe(lv.Place(3), state)
    ('Place the three 5s at casino 5', 'Place the single 3 at casino 3')

    With a state, a malformed action (a field not of its declared type, such as
    ``Place(True)`` or ``Place(1.0)``, or no action at all) raises
    :class:`~lasvegas.errors.IllegalActionError`, as :func:`~lasvegas.apply` would.
    """
    if state is not None:
        problem = action_problem(action)
        if problem is not None:
            phase = state.phase.value
            if state.tasks:
                phase = f"{phase} ({state.tasks[0].kind})"
            raise IllegalActionError(safe_repr(action), phase, problem, "bad-type")
    own = _own_text(action, state)
    if own is not None:
        return own
    if state is not None and state.tasks:
        task = state.tasks[0]
        hook = state.config.ruleset.capabilities[task.module].describe_action
        if hook is not None:
            text = hook(state, task.module, action)
            if isinstance(text, str):
                return text
    if isinstance(action, Place):
        return _describe_place(action, state)
    if isinstance(action, Roll):
        return _describe_roll(action, state)
    if isinstance(action, Draw):
        text = f"Draw a {money(action.value)} note"
        if state is not None and not state.tasks and state.phase is Phase.FILL:
            text += f" for casino {state.cursor + 1}"
        return text
    return _generic(action)


def _describe_place(action: Place, state: State | None) -> str:
    if state is not None and not state.tasks and state.phase is Phase.PLACE:
        face = action.face
        return describe_place(action, tuple(group.count(face) for group in state.rolled))
    return describe_place(action)


def describe_place(action: Place, counts: Sequence[int] = ()) -> str:
    """The text of a placement whose face shows on *counts* rolled dice per group.

    >>> describe_place(Place(5), (3, 0, 0, 0)), describe_place(Place(2), (0, 1, 0, 0))
    ('Place the three 5s at casino 5', 'Place the big 2 at casino 2')
    """
    face = action.face
    casino = face if action.target is None else action.target
    where = f"at casino {casino}"
    total = sum(counts)
    if total == 1 and counts[0] == 1:
        return f"Place the single {face} {where}"
    if total == 1:
        return f"Place the {dice_phrase(face, counts).split(' ', 1)[1]} {where}"
    if total:
        return f"Place {_the_dice(face, counts)} {where}"
    return f"Place the {face}s {where}"


def _the_dice(face: int, counts: Sequence[int]) -> str:
    """``the two 5s and the neutral 5``: the rolled dice of *face*, each group named."""
    parts = []
    for group, count in zip(GROUPS, counts, strict=False):
        if count:
            label = "" if group == "regular" else f"{group} "
            parts.append(
                f"the {label}{face}" if count == 1 else f"the {_number(count)} {label}{face}s"
            )
    return _join(parts)


def _describe_roll(action: Roll, state: State | None) -> str:
    group = action.group
    dice = "die" if len(action.faces) == 1 else "dice"
    if state is None:
        if group == "regular":
            return "Roll: " + " ".join(str(f) for f in action.faces)
        return f"Roll ({group}): " + " ".join(str(f) for f in action.faces)
    if state.tasks or state.phase is not Phase.ROLL:
        return f"The {group} {dice} show {_faces(action.faces)}"
    seat = _capital(_seat(state.active))
    if group == "regular":
        return f"{seat} rolls {_faces(action.faces)}"
    return f"{seat} rolls the {group} {dice}: {_faces(action.faces)}"


def describe_event(event: Event, state: State | None = None, seat: Seat | None = None) -> str:
    """A readable English sentence for *event*.

    *state* (any state of the same game, such as the :class:`~lasvegas.Step`'s) lets the
    text name imaginary owners (the neutral dice) instead of numbering them. With *seat*,
    an event reporting that seat's own act (its ``seat`` field) is worded in its voice when
    the event class gives such words (:meth:`lasvegas.Event.you_text`).

    >>> import lasvegas as lv
    >>> describe_event(lv.DicePlaced(seat=1, face=5, casino=5, counts=(2, 0, 0, 1)))
    'Seat 1 places two 5s and one neutral 5 at casino 5'
    >>> describe_event(lv.TiesRemoved(casino=3, owners=(0, 2)), lv.new_game(lv.classic(3)))
    'Casino 3: seat 0 and seat 2 are tied and remove their dice'
    >>> describe_event(lv.GameEnded(winners=(2,)))
    'The game is over: seat 2 wins'
    """
    if seat is not None and getattr(event, "seat", None) == seat:
        yours = event.you_text(state)
        if isinstance(yours, str):
            return yours
    own = _own_text(event, state)
    if own is not None:
        return own
    text = _core_text(event, state) if type(event) in _CORE_EVENTS else None
    return _generic(event) if text is None else text


def _core_text(event: Event, state: State | None) -> str | None:
    """The text of a core event, or ``None`` for any other event."""
    match event:
        case RoundStarted():
            return f"Round {event.round} begins; seat {event.start} starts"
        case NoteDealt():
            if event.value == 0:  # a Boulevard rainbow card is written as a note of value 0 (B-5)
                return f"Casino {event.casino} gets a rainbow card"
            return f"Casino {event.casino} gets a {money(event.value)} note"
        case CasinosFilled():
            return f"Every casino has its notes for round {event.round}"
        case TurnStarted():
            return f"Seat {event.seat}'s turn"
        case TurnPassed():
            if event.reason == "chip":  # a choice, not a "cannot" (Royale, R-5)
                return f"Seat {event.seat} pays a chip to pass and keeps its dice"
            if event.reason == "closed":
                why = "every face rolled points at a closed casino"
            else:
                why = event.reason.replace("-", " ")
            return f"Seat {event.seat} cannot place ({why}) and keeps its dice"
        case DiceRolled():
            dice = "die" if len(event.faces) == 1 else "dice"
            if event.seat is None:
                verb = "rolls" if len(event.faces) == 1 else "roll"
                return f"The {event.group} {dice} {verb} {_faces(event.faces)}"
            if event.group == "regular":
                return f"Seat {event.seat} rolls {_faces(event.faces)}"
            return f"Seat {event.seat} rolls the {event.group} {dice}: {_faces(event.faces)}"
        case DicePlaced():
            cards = state is not None and state.config.edition == "cardgame"
            what = dice_phrase(event.face, event.counts, cards=cards) or f"no {event.face}s"
            return f"Seat {event.seat} places {what} at casino {event.casino}"
        case PayoutStarted():
            return f"All dice are placed: round {event.round} pays out"
        case TiesRemoved():
            who = _join([owner_name(o, state) for o in event.owners])
            return f"Casino {event.casino}: {who} are tied and remove their dice"
        case BanknotePaid():
            text = f"Casino {event.casino} pays {money(event.value)} to {owner_name(event.owner, state)}"
            if state is not None and event.owner >= state.config.players:
                text += " (it goes under the pile)"
            return text
        case NotesReturned():
            verb = "goes" if len(event.values) == 1 else "go"
            notes = _join([money(v) for v in event.values])
            return f"Casino {event.casino}: {notes} {verb} under the pile"
        case CasinoPaid():
            return f"Casino {event.casino} has paid out"
        case RoundEnded():
            return f"Round {event.round} is over"
        case GameEnded():
            if len(event.winners) == 1:
                return f"The game is over: seat {event.winners[0]} wins"
            seats = _join([f"seat {s}" for s in event.winners])
            return f"The game is over: {seats} share the win"
    return None


_CORE_EVENTS: frozenset[type[Event]] = frozenset(
    (
        RoundStarted,
        NoteDealt,
        CasinosFilled,
        TurnStarted,
        TurnPassed,
        DiceRolled,
        DicePlaced,
        PayoutStarted,
        TiesRemoved,
        BanknotePaid,
        NotesReturned,
        CasinoPaid,
        RoundEnded,
        GameEnded,
    )
)
"""The core events :func:`_core_text` words, by exact type (a subclass of one of them words
itself, or gets the generic text)."""
