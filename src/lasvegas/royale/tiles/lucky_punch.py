"""Lucky Punch (tile A1): hide 1-3 tokens in a fist; a wrong guess from the left pays.

T-LUCKY-1: at setup the three tokens are on the tile. T-LUCKY-2: when activated, the active
player secretly takes 1-3 tokens (a hidden decision, T-5); then the seat to their left
guesses how many (1, 2 or 3). A right guess gives nothing; a wrong guess gives the active
player the reward for the number hidden (X-10: 1 -> 2 chips, 2 -> $30,000, 3 -> $40,000).
The tokens go back to the tile.

The fist lives only in the pending :class:`LuckyPunchGuess` task: no other seat's view shows
it (:meth:`LuckyPunch.public_task`), nor the events of the step that makes it
(:meth:`LuckyPunch.redact_event`), until the guess reveals it (:class:`FistOpened`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...actions import Action
from ...engine import push_task
from ...events import DicePlaced, Event
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import Capabilities, Task, TaskHandler, TileFact
from ...state import Phase, evolve, fast_constructor
from ...types import Money, Seat
from ..bank import chips_for
from .base import Tile, TileDraft

if TYPE_CHECKING:
    from ...chance import Rng
    from ...state import State
    from ...view import PlayerView

__all__ = [
    "LUCKY_PUNCH_REWARDS",
    "LUCKY_PUNCH_TOKENS",
    "FistMade",
    "FistOpened",
    "GuessTokens",
    "HideTokens",
    "LuckyPunch",
    "LuckyPunchGuess",
    "LuckyPunchHide",
]

LUCKY_PUNCH_TOKENS: Final = 3
"""The tokens on the tile at setup (T-LUCKY-1); the fist holds 1 to this many."""

LUCKY_PUNCH_REWARDS: Final[tuple[Money, ...]] = (20_000, 30_000, 40_000)
"""The reward for a wrong guess by the number of tokens hidden, 1 to 3 (X-10, *ruling*);
$20,000 is paid as 2 chips (X-8)."""


@attrs.frozen
class HideTokens(Action):
    """The active player's secret choice: hide :attr:`tokens` tokens in the fist (T-LUCKY-2).

    >>> HideTokens(2)
    HideTokens(tokens=2)
    """

    kind: ClassVar[str] = "lucky-punch-hide"
    tokens: int
    """How many tokens (1-3) go in the fist."""

    def text(self, state: State | None = None) -> str:
        """``"Hide 2 tokens in the fist"``."""
        noun = "token" if self.tokens == 1 else "tokens"
        return f"Hide {self.tokens} {noun} in the fist"


@attrs.frozen
class GuessTokens(Action):
    """The guess of the seat to the active player's left: the fist holds :attr:`tokens`.

    >>> GuessTokens(3)
    GuessTokens(tokens=3)
    """

    kind: ClassVar[str] = "lucky-punch-guess"
    tokens: int
    """The number guessed (1-3)."""

    def text(self, state: State | None = None) -> str:
        """``"Guess 3 tokens"``."""
        noun = "token" if self.tokens == 1 else "tokens"
        return f"Guess {self.tokens} {noun}"


@final
class LuckyPunchHide(Task):
    """Decision of :attr:`seat`, the active player: how many tokens to hide (T-LUCKY-2)."""

    __slots__ = ("seat",)
    __match_args__: ClassVar = ("module", "seat")
    __attrs_attrs__: ClassVar[Any] = described("LuckyPunchHide", ("module", int), ("seat", Seat))

    kind: ClassVar[str] = "lucky-punch-hide"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "hide tokens in the fist (Lucky Punch)"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The active player, who makes the fist."""

    def __init__(self, module: int, seat: Seat) -> None:
        self.module = module
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if type(other) is not LuckyPunchHide:
            return NotImplemented
        return (self.module, self.seat) == (other.module, other.seat)

    def __hash__(self) -> int:
        return hash((self.module, self.seat))

    def __repr__(self) -> str:
        return f"LuckyPunchHide(module={self.module!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[type[LuckyPunchHide], tuple[object, ...]]:
        return LuckyPunchHide, (self.module, self.seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(LuckyPunchHide)


@final
class LuckyPunchGuess(Task):
    """Decision of :attr:`guesser`, the seat to the left of :attr:`seat`: guess the fist.

    :attr:`tokens` is the secret (T-5): a view shows it to :attr:`seat` only, others see
    ``None``.
    """

    __slots__ = ("guesser", "seat", "tokens")
    __match_args__: ClassVar = ("module", "seat", "guesser", "tokens")
    __attrs_attrs__: ClassVar[Any] = described(
        "LuckyPunchGuess",
        ("module", int),
        ("seat", Seat),
        ("guesser", Seat),
        ("tokens", int | None),
    )

    kind: ClassVar[str] = "lucky-punch-guess"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "guess the tokens in the fist (Lucky Punch)"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The active player, whose fist it is."""
    guesser: Final[Seat]
    """The seat to the active player's left, who guesses."""
    tokens: Final[int | None]
    """The tokens in the fist (1-3); ``None`` in a view of a seat that may not see it."""

    def __init__(self, module: int, seat: Seat, guesser: Seat, tokens: int | None) -> None:
        self.module = module
        self.seat = seat
        self.guesser = guesser
        self.tokens = tokens

    def __eq__(self, other: object) -> bool:
        if type(other) is not LuckyPunchGuess:
            return NotImplemented
        return (self.module, self.seat, self.guesser, self.tokens) == (
            other.module,
            other.seat,
            other.guesser,
            other.tokens,
        )

    def __hash__(self) -> int:
        return hash((self.module, self.seat, self.guesser, self.tokens))

    def __repr__(self) -> str:
        return f"LuckyPunchGuess(module={self.module!r}, seat={self.seat!r}, guesser={self.guesser!r}, tokens={self.tokens!r})"

    def __reduce__(self) -> tuple[type[LuckyPunchGuess], tuple[object, ...]]:
        return LuckyPunchGuess, (self.module, self.seat, self.guesser, self.tokens)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(LuckyPunchGuess)


@attrs.frozen
class FistMade(Event):
    """A seat made a fist (T-LUCKY-2); :attr:`tokens` is ``None`` for every other seat.

    >>> FistMade(seat=0, tokens=None)
    FistMade(seat=0, tokens=None)
    """

    kind: ClassVar[str] = "fist-made"
    seat: Seat
    """The seat holding the fist."""
    tokens: int | None
    """The tokens in it (only its own seat sees them)."""

    def text(self, state: State | None = None) -> str:
        """``"Seat 0 makes a fist"`` (with the tokens for the seat itself)."""
        if self.tokens is None:
            return f"Seat {self.seat} makes a fist"
        noun = "token" if self.tokens == 1 else "tokens"
        return f"Seat {self.seat} makes a fist with {self.tokens} {noun}"


@attrs.frozen
class FistOpened(Event):
    """The guess is made and the fist is opened (T-LUCKY-2): public.

    >>> FistOpened(seat=0, guesser=1, guess=2, tokens=3)
    FistOpened(seat=0, guesser=1, guess=2, tokens=3)
    """

    kind: ClassVar[str] = "fist-opened"
    seat: Seat
    """The seat whose fist it was."""
    guesser: Seat
    """The seat that guessed."""
    guess: int
    """The number guessed."""
    tokens: int
    """The number hidden; a different guess pays :attr:`seat` the reward (X-10)."""

    def text(self, state: State | None = None) -> str:
        """``"Seat 1 guessed 2; seat 0's fist holds 3: wrong"``."""
        verdict = "right" if self.guess == self.tokens else "wrong"
        return (
            f"Seat {self.guesser} guessed {self.guess}; seat {self.seat}'s fist holds "
            f"{self.tokens}: {verdict}"
        )


_HIDES: Final[tuple[Action, ...]] = tuple(HideTokens(n) for n in range(1, LUCKY_PUNCH_TOKENS + 1))
_GUESSES: Final[tuple[Action, ...]] = tuple(
    GuessTokens(n) for n in range(1, LUCKY_PUNCH_TOKENS + 1)
)

_new_guess = fast_constructor(LuckyPunchGuess)
"""``LuckyPunchGuess(module, seat, guesser, tokens)`` without attrs' __init__."""
_new_hide = fast_constructor(LuckyPunchHide)
"""``LuckyPunchHide(module, seat)`` without attrs' __init__ (built at every activation)."""


def _hider(state: State, index: int, task: Task) -> Seat:
    """The fist's owner."""
    assert isinstance(task, LuckyPunchHide)
    return task.seat


def _guesser(state: State, index: int, task: Task) -> Seat:
    """The seat to the left of the fist's owner."""
    assert isinstance(task, LuckyPunchGuess)
    return task.guesser


def _hide_actions(state: State, index: int, task: Task) -> tuple[Action, ...]:
    """1, 2 or 3 tokens to hide."""
    return _HIDES


def _guess_actions(state: State, index: int, task: Task) -> tuple[Action, ...]:
    """1, 2 or 3 tokens to guess."""
    return _GUESSES


@attrs.frozen
class LuckyPunch(Tile):
    """Lucky Punch (A1): a hidden fist of 1-3 tokens; a wrong guess pays (T-LUCKY-1, -2).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round, turn
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("A1",))))
    >>> state = turn(state, [1, 2, 2, 2, 2, 2, 2], 1, big=2)
    >>> lv.to_move(state), lv.legal_actions(state)
    (0, (HideTokens(tokens=1), HideTokens(tokens=2), HideTokens(tokens=3)))
    >>> state = lv.apply(state, HideTokens(3))
    >>> lv.to_move(state), lv.observe(state, 1).tasks[0].task.tokens
    (1, None)
    >>> state = lv.apply(state, GuessTokens(2))  # wrong: seat 0 gets $40,000 from the bank
    >>> state.money[0]
    (40000,)
    """

    id: ClassVar[str] = "lucky-punch"
    code: ClassVar[str] = "A1"
    rule_text: ClassVar[str] = (
        "When activated, the active player secretly takes 1, 2 or 3 tokens in a fist and "
        "the player to their left guesses how many. A wrong guess pays the active player: 2 "
        "chips for 1 token, $30,000 for 2, $40,000 for 3; a right guess pays nothing."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        _, tasks = self.seen(state, index, seat)
        facts = []
        for task in tasks:
            if isinstance(task, LuckyPunchGuess):
                text = f"Seat {task.guesser} guesses how many tokens Seat {task.seat} holds"
                if task.tokens is None:
                    facts.append(TileFact("fist", text, seat=task.seat))
                else:
                    text += f" ({task.tokens} hidden)"
                    facts.append(TileFact("fist", text, seat=task.seat, values=(task.tokens,)))
        return tuple(facts)

    activation_chips: ClassVar[int | None] = chips_for(max(LUCKY_PUNCH_REWARDS))
    round_chips: ClassVar[int | None] = 0
    tasks: ClassVar[tuple[type[Task], ...]] = (LuckyPunchHide, LuckyPunchGuess)
    actions: ClassVar[tuple[type[Action], ...]] = (HideTokens, GuessTokens)
    events: ClassVar[tuple[type[Event], ...]] = (FistMade, FistOpened)
    # The slice is the plain TileState: the three tokens are always on the tile between
    # activations (T-LUCKY-1), and the fist lives in the guesser's task only (T-5).

    def activate(
        self,
        state: State,
        index: int,
        seat: Seat,
        log: list[Event] | None,
        placed: DicePlaced | None = None,
    ) -> State:
        """T-LUCKY-2: the active seat makes a fist (a hidden decision)."""
        return push_task(state, _new_hide(module=index, seat=seat), first=True)

    def task_handlers(self) -> Mapping[type[Task], TaskHandler]:
        """The fist's owner hides 1, 2 or 3 tokens; the seat to their left guesses (the
        guesses do not depend on the fist)."""
        return {
            LuckyPunchHide: self.decision(self._hide, _hider, _hide_actions),
            LuckyPunchGuess: self.decision(self._guess, _guesser, _guess_actions),
        }

    def capabilities(self) -> Capabilities:
        """Its decisions (the action space) and a determiniser of the hidden fist."""
        return Capabilities(
            action_space=self.action_space,
            determinise=self.determinise,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """The three hides and the three guesses.

        >>> len(LuckyPunch().action_space(3))
        6
        """
        return _HIDES + _GUESSES

    def _hide(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Make the fist: the guesser's task holds it."""
        task = state.tasks[0]
        assert isinstance(task, LuckyPunchHide)
        assert isinstance(action, HideTokens)
        n = state.config.players
        guess = _new_guess(
            module=index, seat=task.seat, guesser=(task.seat + 1) % n, tokens=action.tokens
        )
        draft = TileDraft(state, log)  # the task and the event as one state
        draft.tasks = (guess, *state.tasks[1:])
        if draft.hears(FistMade):
            draft.emit(FistMade(seat=task.seat, tokens=action.tokens))
        return draft.build()

    def _guess(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Open the fist and pay a wrong guess."""
        task = state.tasks[0]
        assert isinstance(task, LuckyPunchGuess)
        assert isinstance(action, GuessTokens)
        hidden = task.tokens
        assert hidden is not None
        draft = TileDraft(state, log)  # the task, the event and the reward as one state
        draft.pop_task()
        if draft.hears(FistOpened):
            guessed = action.tokens
            draft.emit(
                FistOpened(seat=task.seat, guesser=task.guesser, guess=guessed, tokens=hidden)
            )
        if action.tokens != hidden:
            draft.reward(task.seat, LUCKY_PUNCH_REWARDS[hidden - 1])
        return draft.build()

    # -- hidden information (T-5) -----------------------------------------------------------

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The fist's tokens are shown to its owner only; everything else is public."""
        if isinstance(task, LuckyPunchGuess) and seat != task.seat:
            return LuckyPunchGuess(task.module, task.seat, task.guesser, None)
        return task

    def redact_event(
        self, state: State, index: int, event: Event, seat: Seat | None
    ) -> Event | None:
        """:class:`FistMade` shows the tokens to the fist's owner only."""
        if isinstance(event, FistMade) and seat != event.seat:
            return FistMade(seat=event.seat, tokens=None)
        return event

    def resample_hidden(self, state: State, index: int, seat: Seat | None, rng: Rng) -> State:
        """The tokens of a fist *seat* may not see, drawn again (1-3)."""
        return _deal_unseen(state, index, rng, seat)

    def determinise(self, state: State, index: int, view: PlayerView, rng: Rng) -> State:
        """Fill in a fist the view does not show (search agents, ``lasvegas.agents``)."""
        return _deal_unseen(state, index, rng, None, face_down=True)

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """A fist holds 1-3 tokens and the guesser sits to its owner's left.

        >>> import lasvegas as lv
        >>> LuckyPunch().problems(lv.new_game(lv.royale(3)), 1)
        ()
        """
        found: list[str] = []
        n = state.config.players
        for task in state.tasks:
            if task.module != index:
                continue
            if isinstance(task, LuckyPunchGuess):
                if task.tokens not in range(1, LUCKY_PUNCH_TOKENS + 1):
                    found.append(f"the fist holds {task.tokens!r} tokens, not 1-3")
                if not 0 <= task.seat < n or task.guesser != (task.seat + 1) % n:
                    found.append(f"seat {task.guesser} does not sit left of seat {task.seat}")
            elif isinstance(task, LuckyPunchHide) and not 0 <= task.seat < n:
                found.append(f"seat {task.seat} is not a seat")
        return tuple(found)


def _deal_unseen(
    state: State, index: int, rng: Rng, seat: Seat | None, *, face_down: bool = False
) -> State:
    """The tile's one deal of what a seat does not see, for :meth:`LuckyPunch.resample_hidden`
    (every fist whose owner is not *seat*) and :meth:`LuckyPunch.determinise` (with
    *face_down*: the fists a view does not show): each such fist holds 1-3 tokens, drawn
    uniformly."""
    tasks: list[Task] = []
    changed = False
    for task in state.tasks:
        if isinstance(task, LuckyPunchGuess) and task.module == index:
            unseen = task.tokens is None if face_down else seat != task.seat
            if unseen:
                tokens = rng.below(LUCKY_PUNCH_TOKENS) + 1
                task = LuckyPunchGuess(task.module, task.seat, task.guesser, tokens)
                changed = True
        tasks.append(task)
    return evolve(state, tasks=tuple(tasks)) if changed else state
