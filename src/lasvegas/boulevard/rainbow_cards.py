"""``RainbowCards``: wild cards in the pile, replaced by real notes before payout (B-5, X-2).

A rainbow card is written as the note value :data:`~lasvegas.boulevard.components.RAINBOW`
(``0``, ruling): it is shuffled into the pile with the banknotes, dealt like them and counts
as $40,000 for a casino's minimum (the core's ``Params.worth``). When all dice are placed
and before payout, each rainbow card at a casino (casinos 1..6, then the slot machine) is
discarded and replaced by the top note of the pile; a rainbow drawn as a replacement is
replaced in turn. Each replacement is a chance node (:class:`RainbowDraw`) drawing like the
core does: from the unseen part of the pile while it lasts (its order is chance), then the
returned notes in their known order. Discarded rainbow cards leave the game (ruling) and are
the module's ``held``. Ruling: if the pile is empty, a rainbow card is discarded with
no replacement (C-6 in spirit).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar, Final, final

import attrs

from ..actions import Action, Draw
from ..chance import Rng
from ..config import Params
from ..edit import Draft
from ..errors import ConfigError, IllegalActionError
from ..events import Event, PayoutStarted
from ..modules._bases import FrozenInstanceError, described, seal
from ..modules.base import (
    Capabilities,
    Held,
    LegendEntry,
    ModuleState,
    RuleModule,
    Task,
    TaskHandler,
)
from ..state import Casino, Phase, State
from ..table import note_outcomes, sample_note, take_note
from ..text import money
from ..types import Money, Seat
from .components import RAINBOW, RAINBOW_CARDS, RAINBOW_WORTH
from .encoding import rainbow_cards_segments

__all__ = ["RainbowCards", "RainbowDraw", "RainbowReplaced", "RainbowState"]


@final
class RainbowDraw(Task):
    """Chance: the top note of the pile replaces the first rainbow card at a casino (B-5)."""

    __slots__ = ()
    __match_args__: ClassVar = ("module",)
    __attrs_attrs__: ClassVar[Any] = described("RainbowDraw", ("module", int))

    kind: ClassVar[str] = "rainbow-draw"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.PAYOUT})
    prompt: ClassVar[str | None] = "draw a note for a rainbow card"
    """What answering this task does, for a view's prompt."""
    chance: ClassVar[bool] = True

    def __init__(self, module: int) -> None:
        self.module = module

    def __eq__(self, other: object) -> bool:
        if type(other) is not RainbowDraw:
            return NotImplemented
        return (self.module,) == (other.module,)

    def __hash__(self) -> int:
        return hash((self.module,))

    def __repr__(self) -> str:
        return f"RainbowDraw(module={self.module!r})"

    def __reduce__(self) -> tuple[type[RainbowDraw], tuple[object, ...]]:
        return RainbowDraw, (self.module,)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(RainbowDraw)


@final
class RainbowState(ModuleState):
    """The rainbow cards' slice: how many have been discarded (out of the game). A rainbow
    card lying at a casino is a note of value 0 in the casino's ``notes`` (B-5)."""

    __slots__ = ("discarded",)
    __match_args__: ClassVar = ("discarded",)
    __attrs_attrs__: ClassVar[Any] = described("RainbowState", ("discarded", int, 0))

    kind: ClassVar[str] = "rainbow-cards"
    discarded: Final[int]
    """Rainbow cards discarded so far in the game."""

    def __init__(self, discarded: int = 0) -> None:
        self.discarded = discarded

    def __eq__(self, other: object) -> bool:
        if type(other) is not RainbowState:
            return NotImplemented
        return (self.discarded,) == (other.discarded,)

    def __hash__(self) -> int:
        return hash((self.discarded,))

    def __repr__(self) -> str:
        return f"RainbowState(discarded={self.discarded!r})"

    def __reduce__(self) -> tuple[type[RainbowState], tuple[object, ...]]:
        return RainbowState, (self.discarded,)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(RainbowState)


@attrs.frozen
class RainbowReplaced(Event):
    """A rainbow card at a casino was discarded and replaced by a note of the pile (B-5).

    *value* is the note drawn (another rainbow card is replaced in turn), or ``None`` when
    the pile was empty (ruling: no replacement).

    >>> RainbowReplaced(casino=2, value=60_000)
    RainbowReplaced(casino=2, value=60000)
    """

    kind: ClassVar[str] = "rainbow-replaced"
    casino: int
    """The casino number."""
    value: Money | None
    """The note that replaced the rainbow card, or ``None`` (empty pile)."""

    def text(self, state: State | None = None) -> str:
        """The event in words (the :func:`lasvegas.describe_event` protocol).

        >>> RainbowReplaced(casino=2, value=60_000).text()
        'The rainbow card at casino 2 is replaced by a $60,000 note'
        >>> RainbowReplaced(casino=2, value=0).text()
        'The rainbow card at casino 2 is replaced by another rainbow card'
        """
        if self.value is None:
            return f"The rainbow card at casino {self.casino} is discarded: the pile is empty"
        note = "another rainbow card" if self.value == RAINBOW else f"a {money(self.value)} note"
        return f"The rainbow card at casino {self.casino} is replaced by {note}"


def _check_count(value: object) -> None:
    if type(value) is not int or not 1 <= value <= 60:
        raise ConfigError(f"RainbowCards(count={value!r}): give 1-60 rainbow cards")


@attrs.frozen
class RainbowCards(RuleModule[RainbowState]):
    """Rainbow cards in the pile, worth $40,000 at setup, replaced before payout (B-5).

    ``count`` is the number of rainbow cards (X-2: 6).

    >>> import lasvegas as lv
    >>> params = lv.classic(4, RainbowCards()).ruleset.params
    >>> params.notes[:7], params.worth
    ((0, 0, 0, 0, 0, 0, 10000), ((0, 40000),))
    """

    id: ClassVar[str] = "rainbow-cards"
    listens: ClassVar[tuple[type[Event], ...]] = (PayoutStarted,)
    tasks: ClassVar[tuple[type[Task], ...]] = (RainbowDraw,)
    state_type: ClassVar[type[ModuleState] | None] = RainbowState
    events: ClassVar[tuple[type[Event], ...]] = (RainbowReplaced,)
    """The module's own events."""

    count: int = RAINBOW_CARDS
    """How many rainbow cards are shuffled into the pile (X-2)."""

    def __attrs_post_init__(self) -> None:
        # Checked here, not by an attrs validator: in the compiled build mypyc checks the type
        # of what ``attrs.field(...)`` returns in a class body, which is no option value.
        _check_count(self.count)

    def configure(self, params: Params, players: int) -> Params:
        """Shuffle the rainbow cards into the pile; each counts $40,000 for the minimum."""
        if RAINBOW in params.notes:
            raise ConfigError(f"rainbow cards: the pile already holds notes of value {RAINBOW}")
        return attrs.evolve(
            params,
            notes=tuple(sorted(params.notes + (RAINBOW,) * self.count)),
            worth=(*params.worth, (RAINBOW, RAINBOW_WORTH)),
        )

    def initial_state(self, players: int) -> ModuleState | None:
        """No rainbow card discarded yet."""
        return RainbowState()

    def react(self, state: State, index: int, event: Event, log: list[Event] | None) -> State:
        """Before payout, start replacing the rainbow cards at the casinos."""
        if not _first_rainbow(state.casinos):
            return state
        draft = Draft(state, log)
        _next(draft, index, pushed=False)
        return draft.build()

    def task_handlers(self) -> Mapping[type[Task], TaskHandler]:
        """The rainbow card draw: a chance node."""
        return {RainbowDraw: _HANDLER}

    def draw_outcomes(
        self, state: State, index: int, task: Task
    ) -> tuple[tuple[Action, Fraction], ...]:
        """The top note of the pile: any unseen note by count, else the next returned one."""
        return _draw_outcomes(state, index, task)

    def draw_sample(self, state: State, index: int, task: Task, rng: Rng) -> Action:
        """Draw the top note directly."""
        return _draw_sample(state, index, task, rng)

    def drawn(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Discard the first rainbow card at a casino and lay the drawn note in its place."""
        return _drawn(state, index, action, log)

    def held(self, state: State, index: int) -> Held:
        """The discarded rainbow cards, out of the game."""
        return Held(notes=(RAINBOW,) * _slice(state, index).discarded)

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """A pending replacement is public (the note drawn is chance, not a secret)."""
        return task

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """No more rainbow cards discarded than there are; a pending replacement draw has a
        rainbow card at a casino to replace and a note in the pile to draw (B-5)."""
        discarded = _slice(state, index).discarded
        if not 0 <= discarded <= self.count:
            return (f"{discarded} rainbow cards discarded, of {self.count}",)
        if any(type(t) is RainbowDraw and t.module == index for t in state.tasks):
            if not _first_rainbow(state.casinos):
                return ("a rainbow card's replacement is pending, but no casino holds one (B-5)",)
            if not (state.pile_hidden or state.pile_returned):
                return ("a rainbow card's replacement is pending, but the pile is empty (B-5)",)
        return ()

    def capabilities(self) -> Capabilities:
        """The words for a rainbow card's replacement draw; its observation segments."""
        return Capabilities(
            describe_action=_describe_action,
            slice_encoder=rainbow_cards_segments,
            legend=(
                LegendEntry(
                    "rainbow",
                    "Rainbow card",
                    None,
                    "A rainbow card counts as $40,000 for a casino's minimum; before payout it "
                    "is replaced by the top note of the pile (B-5).",
                ),
            ),
        )

    def describe_action(self, state: State, index: int, action: Action) -> str | None:
        """The replacement draw in words (the :func:`lasvegas.describe` protocol).

        >>> import lasvegas as lv
        >>> lv.RainbowCards().describe_action(lv.new_game(lv.classic(2)), 0, lv.Draw(0))
        'Draw a rainbow card to replace a rainbow card'
        """
        return _describe_action(state, index, action)


# The task handler and the description are functions of the module, not bound methods: a
# config holds them (its ``Ruleset``) and pickles, and in the compiled build a bound method
# of a compiled method does not pickle (its function has no ``__name__``).


def _describe_action(state: State, index: int, action: Action) -> str | None:
    if type(action) is not Draw:
        return None
    value = action.value
    note = "a rainbow card" if value == RAINBOW else f"a {money(value)} note"
    number = _first_rainbow(state.casinos)
    where = f"the rainbow card at casino {number}" if number else "a rainbow card"
    return f"Draw {note} to replace {where}"


def _draw_outcomes(state: State, index: int, task: Task) -> tuple[tuple[Action, Fraction], ...]:
    return note_outcomes(state.pile_hidden, state.pile_returned)


def _draw_sample(state: State, index: int, task: Task, rng: Rng) -> Action:
    return sample_note(state.pile_hidden, state.pile_returned, rng)


def _drawn(state: State, index: int, action: Action, log: list[Event] | None) -> State:
    task = state.tasks[0]
    value = action.value if isinstance(action, Draw) else None
    drawn = None if value is None else take_note(state.pile_hidden, state.pile_returned, value)
    if value is None or drawn is None:
        raise IllegalActionError(
            repr(action),
            f"{state.phase.value} ({task.kind})",
            "a draw of a note left in the pile is next",
            "bad-draw",
        )
    number = _first_rainbow(state.casinos)
    casino = state.casinos[number - 1]
    notes = list(casino.notes)
    notes.remove(RAINBOW)
    notes.append(value)
    notes.sort(reverse=True)
    draft = Draft(state, log)
    draft.set_casino(number - 1, Casino(tuple(notes), casino.dice, casino.big))
    draft.pile_hidden, draft.pile_returned = drawn
    draft.set_slice(index, RainbowState(_slice(state, index).discarded + 1))
    if draft.hears(RainbowReplaced):
        draft.emit(RainbowReplaced(casino=number, value=value))
    _next(draft, index, pushed=True)
    return draft.build()


_HANDLER: Final = TaskHandler(_drawn, None, None, _draw_outcomes, _draw_sample)
"""The rainbow card draw's handler (the same for every instance)."""


def _slice(state: State, index: int) -> RainbowState:
    value = state.modules[index]
    assert isinstance(value, RainbowState)
    return value


def _first_rainbow(casinos: tuple[Casino, ...]) -> int:
    """The number of the first casino holding a rainbow card, or 0."""
    for number, casino in enumerate(casinos, 1):
        notes = casino.notes
        if notes and notes[-1] == RAINBOW:  # highest first: a rainbow card is last
            return number
    return 0


def _next(draft: Draft, index: int, *, pushed: bool) -> None:
    """Queue the next replacement, or finish (discarding unreplaceable rainbows, ruling)."""
    casinos = draft.get_casinos()
    if not _first_rainbow(casinos):
        if pushed:
            draft.pop_task()
        return
    state = draft.state
    hidden = state.pile_hidden if draft.pile_hidden is None else draft.pile_hidden
    returned = state.pile_returned if draft.pile_returned is None else draft.pile_returned
    if hidden or returned:
        if not pushed:
            draft.push_task(RainbowDraw(index))
        return
    log = draft.log
    part = draft.slice(index)
    assert isinstance(part, RainbowState)
    discarded = part.discarded
    for number, casino in enumerate(casinos, 1):
        kept = tuple(v for v in casino.notes if v != RAINBOW)
        if len(kept) < len(casino.notes):
            discarded += len(casino.notes) - len(kept)
            draft.set_casino(number - 1, Casino(kept, casino.dice, casino.big))
            if log is not None:
                gone = len(casino.notes) - len(kept)
                log.extend([RainbowReplaced(casino=number, value=None)] * gone)
    draft.set_slice(index, RainbowState(discarded))
    if pushed:
        draft.pop_task()
