"""The engine: the one dispatcher behind every edition.

:func:`apply` and :func:`legal_actions` are the hot path; they build states directly (no
``attrs.evolve``, no validators) and create event objects only when someone listens: a
:func:`step` caller, or a module whose ``listens`` names the event type.

The package is split by concern; every public name is importable from here:

* ``_apply``: :func:`new_game`, :func:`apply`, :func:`step` and the automatic transitions;
* ``_moves``: who moves and what (:func:`to_move`, :func:`legal_actions`, chance nodes);
* ``_chance``: :func:`play_chance`, every chance node up to the next decision in one call;
* ``_turns``: rolling and placing dice, turn starts and ends;
* ``_round``: filling the casinos, the payout, the next round (through a
  :class:`~lasvegas.edit.Draft`), :func:`standings`;
* ``_hooks``: the helpers module hooks build states with (:func:`emit`, tasks, slices).

The table operations every edition shares (drawing from a pile, placing dice, paying a
casino) live in :mod:`lasvegas.table`, and several changes to one state are gathered with
:class:`lasvegas.edit.Draft`.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, final

from .._native import FrozenInstanceError, attributes, finish
from ..actions import Action
from ..events import Event
from ..state import State
from ..types import Money, Seat

# The result types come first: the submodules below import them from here (their module is
# lasvegas.engine, the name pickles, the JSON Schemas and the docs use).


@final
class Step:
    """What :func:`step` returns: the new state and the events that led to it.

    Immutable, hashable, compared by value.
    """

    __slots__ = ("events", "state")
    __match_args__: ClassVar = ("state", "events")
    __attrs_attrs__: ClassVar[Any] = attributes("Step", state=State, events=tuple[Event, ...])

    state: Final[State]
    """The state after the action."""
    events: Final[tuple[Event, ...]]
    """What happened, in order (the action's own effect first, then what followed)."""

    def __init__(self, state: State, events: tuple[Event, ...]) -> None:
        self.state = state
        self.events = events

    def __eq__(self, other: object) -> bool:
        if type(other) is not Step:
            return NotImplemented
        return (self.state, self.events) == (other.state, other.events)

    def __hash__(self) -> int:
        return hash((self.state, self.events))

    def __repr__(self) -> str:
        return f"Step(state={self.state!r}, events={self.events!r})"

    def __reduce__(self) -> tuple[type[Step], tuple[object, ...]]:
        return Step, (self.state, self.events)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


finish(Step)


@final
class Standings:
    """Money per seat, and the winners once the game is over (C-16).

    ``money`` is what each seat would score if the game ended now (cash plus whatever the
    modules add, such as Royale chips or chip-card sets). Immutable, hashable, compared by
    value.
    """

    __slots__ = ("money", "notes", "winners")
    __match_args__: ClassVar = ("money", "notes", "winners")
    __attrs_attrs__: ClassVar[Any] = attributes(
        "Standings", money=tuple[Money, ...], notes=tuple[int, ...], winners=tuple[Seat, ...]
    )

    money: Final[tuple[Money, ...]]
    """Score per seat, in dollars."""
    notes: Final[tuple[int, ...]]
    """The tie-break count per seat: notes won (plus what modules add, R-8)."""
    winners: Final[tuple[Seat, ...]]
    """The winning seats once the game is over (several when still tied); empty before."""

    def __init__(
        self, money: tuple[Money, ...], notes: tuple[int, ...], winners: tuple[Seat, ...]
    ) -> None:
        self.money = money
        self.notes = notes
        self.winners = winners

    def __eq__(self, other: object) -> bool:
        if type(other) is not Standings:
            return NotImplemented
        return (self.money, self.notes, self.winners) == (other.money, other.notes, other.winners)

    def __hash__(self) -> int:
        return hash((self.money, self.notes, self.winners))

    def __repr__(self) -> str:
        return f"Standings(money={self.money!r}, notes={self.notes!r}, winners={self.winners!r})"

    def __reduce__(self) -> tuple[type[Standings], tuple[object, ...]]:
        return Standings, (self.money, self.notes, self.winners)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


finish(Standings)


@final
class ChanceRun:
    """What :func:`play_chance` returns: the state at the next decision (or the game's end)
    and the chance actions drawn on the way.

    Immutable, hashable, compared by value.
    """

    __slots__ = ("actions", "state")
    __match_args__: ClassVar = ("state", "actions")
    __attrs_attrs__: ClassVar[Any] = attributes(
        "ChanceRun", state=State, actions=tuple[Action, ...]
    )

    state: Final[State]
    """The state reached: a seat must decide, or the game is over."""
    actions: Final[tuple[Action, ...]]
    """The chance outcomes drawn, in order (``()`` when *state* needed no chance): what
    applying them one by one from the start state reaches :attr:`state` with."""

    def __init__(self, state: State, actions: tuple[Action, ...]) -> None:
        self.state = state
        self.actions = actions

    def __eq__(self, other: object) -> bool:
        if type(other) is not ChanceRun:
            return NotImplemented
        return (self.state, self.actions) == (other.state, other.actions)

    def __hash__(self) -> int:
        return hash((self.state, self.actions))

    def __repr__(self) -> str:
        return f"ChanceRun(state={self.state!r}, actions={self.actions!r})"

    def __reduce__(self) -> tuple[type[ChanceRun], tuple[object, ...]]:
        return ChanceRun, (self.state, self.actions)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


finish(ChanceRun)


# The submodules, after the result types they import from here.
from ._apply import apply, new_game, step  # noqa: E402
from ._chance import play_chance  # noqa: E402
from ._hooks import (  # noqa: E402
    emit,
    hears,
    pop_task,
    push_task,
    set_slice,
    set_slices,
    wanted,
)
from ._moves import (  # noqa: E402
    action_space,
    chance_outcomes,
    closed_casinos,
    legal_actions,
    sample_chance,
    to_move,
)
from ._round import payout_order, standings  # noqa: E402
from ._turns import end_turn, next_turn, roll_again  # noqa: E402

__all__ = [
    "ChanceRun",
    "Standings",
    "Step",
    "action_space",
    "apply",
    "chance_outcomes",
    "closed_casinos",
    "emit",
    "end_turn",
    "hears",
    "legal_actions",
    "new_game",
    "next_turn",
    "payout_order",
    "play_chance",
    "pop_task",
    "push_task",
    "roll_again",
    "sample_chance",
    "set_slice",
    "set_slices",
    "standings",
    "step",
    "to_move",
    "wanted",
]
