"""``Kickers``: violet dice that kick one die off a casino (B-4, X-3).

Each seat swaps one or two regular dice for kickers (group ``"kicker"``, rolled in its own
chance node after the regular and big dice). When kickers are placed, they leave
the casino at once and are out of play for the rest of the round; for each kicker, the
placing seat chooses one die at that casino (a :class:`KickChoice` decision answered by a
:class:`Kick`), which goes back to its owner's supply. A kicked seat that had no dice left is
in the round again: the core's turn order only asks who still holds dice (C-9).

Rulings (B-4): a kicked neutral die is out of play for the round (online
edition); a kicker placed on the slot machine may only kick a die placed there in the same
turn (online edition); two kickers placed together kick one die each, one after the other,
the placing seat choosing both times; a kicker never kicks a kicker (kickers never stay on a
casino).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final, final

import attrs

from ..actions import Action
from ..config import Params
from ..engine import emit, set_slice, wanted
from ..errors import ConfigError
from ..events import DicePlaced, Event, RoundStarted
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
from ..state import Casino, Phase, State, evolve
from ..table import Interned
from ..text import owner_name
from ..types import BIG, KICKER, NEUTRAL, REGULAR, Chance, Face, Seat
from ._dice import SLOT_MACHINE, bump, move_die, with_casino
from .components import KICKERS_IN_BOX, KICKERS_PER_PLAYER
from .encoding import kickers_segments

__all__ = ["DieKicked", "Kick", "KickChoice", "Kickers", "KickersRemoved", "KickersState"]


@attrs.frozen(repr=False)
class Kick(Action):
    """Kick one die of *owner* off the casino where the kicker landed (B-4).

    *owner* is a seat or an imaginary owner (the neutral dice, numbered after the seats);
    *big* picks the owner's biggie rather than a regular die (B-3).

    >>> Kick(2)
    Kick(owner=2)
    >>> Kick(0, big=True)
    Kick(owner=0, big=True)
    """

    kind: ClassVar[str] = "kick"
    owner: int
    """The owner of the kicked die, a seat or an imaginary owner numbered after the seats."""
    big: bool = False
    """Whether the kicked die is the owner's biggie."""

    def __repr__(self) -> str:
        if self.big:
            return f"Kick(owner={self.owner!r}, big=True)"
        return f"Kick(owner={self.owner!r})"

    def text(self, state: State | None = None) -> str:
        """The kick in words (the :func:`lasvegas.describe` protocol).

        >>> Kick(2).text(), Kick(0, big=True).text()
        ('Kick a die of owner 2', 'Kick the biggie of owner 0')
        """
        die = "the biggie" if self.big else "a die"
        where = ""
        if state is not None and state.tasks and type(state.tasks[0]) is KickChoice:
            where = f" off casino {state.tasks[0].casino}"
        return f"Kick {die} of {owner_name(self.owner, state)}{where}"


@final
class KickChoice(Task):
    """Decision of :attr:`seat`: which die its kicker kicks off casino :attr:`casino` (B-4)."""

    __slots__ = ("casino", "face", "fresh", "kicks", "seat")
    __match_args__: ClassVar = ("module", "seat", "casino", "face", "kicks", "fresh")
    __attrs_attrs__: ClassVar[Any] = described(
        "KickChoice",
        ("module", int),
        ("seat", Seat),
        ("casino", int),
        ("face", Face),
        ("kicks", int),
        ("fresh", tuple[int, int, int] | None, None),
    )

    kind: ClassVar[str] = "kick-choice"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "choose which die to kick"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The seat that placed the kickers and chooses."""
    casino: Final[int]
    """The casino number the kickers were placed at."""
    face: Final[Face]
    """The face placed (the face of every die this turn put there)."""
    kicks: Final[int]
    """Kicks still to make (one per kicker placed, B-4 ruling)."""
    fresh: Final[tuple[int, int, int] | None]
    """This turn's dice still on the slot machine that may be kicked (regular, big, neutral),
    per the online ruling; ``None`` at the other casinos."""

    def __init__(
        self,
        module: int,
        seat: Seat,
        casino: int,
        face: Face,
        kicks: int,
        fresh: tuple[int, int, int] | None = None,
    ) -> None:
        self.module = module
        self.seat = seat
        self.casino = casino
        self.face = face
        self.kicks = kicks
        self.fresh = fresh

    def __eq__(self, other: object) -> bool:
        if type(other) is not KickChoice:
            return NotImplemented
        return (self.module, self.seat, self.casino, self.face, self.kicks, self.fresh) == (
            other.module,
            other.seat,
            other.casino,
            other.face,
            other.kicks,
            other.fresh,
        )

    def __hash__(self) -> int:
        return hash((self.module, self.seat, self.casino, self.face, self.kicks, self.fresh))

    def __repr__(self) -> str:
        return f"KickChoice(module={self.module!r}, seat={self.seat!r}, casino={self.casino!r}, face={self.face!r}, kicks={self.kicks!r}, fresh={self.fresh!r})"

    def __reduce__(self) -> tuple[type[KickChoice], tuple[object, ...]]:
        return KickChoice, (self.module, self.seat, self.casino, self.face, self.kicks, self.fresh)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(KickChoice)


@final
class KickersState(ModuleState):
    """The kickers' slice: dice out of play for the rest of the round."""

    __slots__ = ("out",)
    __match_args__: ClassVar = ("out",)
    __attrs_attrs__: ClassVar[Any] = described("KickersState", ("out", tuple[int, ...], ()))

    kind: ClassVar[str] = "kickers"
    out: Final[tuple[int, ...]]
    """Dice out of play per owner, each seat's kickers already used, then the kicked dice of
    imaginary owners (neutral dice, ruling); all back at the next round's start."""

    def __init__(self, out: tuple[int, ...] = ()) -> None:
        self.out = out

    def __eq__(self, other: object) -> bool:
        if type(other) is not KickersState:
            return NotImplemented
        return (self.out,) == (other.out,)

    def __hash__(self) -> int:
        return hash((self.out,))

    def __repr__(self) -> str:
        return f"KickersState(out={self.out!r})"

    def __reduce__(self) -> tuple[type[KickersState], tuple[object, ...]]:
        return KickersState, (self.out,)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(KickersState)


@attrs.frozen
class KickersRemoved(Event):
    """Kickers left the casino they were placed at and are out of play for the round (B-4).

    >>> KickersRemoved(seat=1, casino=4, kickers=1)
    KickersRemoved(seat=1, casino=4, kickers=1)
    """

    kind: ClassVar[str] = "kickers-removed"
    seat: Seat
    """The seat whose kickers they were."""
    casino: int
    """The casino number they were placed at."""
    kickers: int
    """How many."""

    def text(self, state: State | None = None) -> str:
        """The event in words (the :func:`lasvegas.describe_event` protocol).

        >>> KickersRemoved(seat=1, casino=4, kickers=2).text()
        "Seat 1's 2 kickers leave casino 4, out of play for the round"
        """
        what = "kicker leaves" if self.kickers == 1 else f"{self.kickers} kickers leave"
        return f"Seat {self.seat}'s {what} casino {self.casino}, out of play for the round"


@attrs.frozen
class DieKicked(Event):
    """A kicker kicked a die off a casino (B-4).

    >>> DieKicked(seat=0, casino=3, owner=2, big=False, face=3)
    DieKicked(seat=0, casino=3, owner=2, big=False, face=3)
    """

    kind: ClassVar[str] = "die-kicked"
    seat: Seat
    """The seat whose kicker it was."""
    casino: int
    """The casino number."""
    owner: int
    """The owner of the kicked die (an imaginary owner's die goes out of play)."""
    big: bool
    """Whether it was a biggie."""
    face: Face
    """The face the kicked die showed (the casino's, or on the slot machine the face placed)."""

    def text(self, state: State | None = None) -> str:
        """The event in words (the :func:`lasvegas.describe_event` protocol).

        >>> DieKicked(seat=0, casino=3, owner=1, big=False, face=3).text()
        'Seat 0 kicks a 3 of owner 1 off casino 3'
        """
        die = "the biggie" if self.big else f"a {self.face}"
        owner = owner_name(self.owner, state)
        return f"Seat {self.seat} kicks {die} of {owner} off casino {self.casino}"


def _check_per_player(value: object) -> None:
    if value is not None and (type(value) is not int or value not in (1, 2)):
        raise ConfigError(f"Kickers(per_player={value!r}): give 1 or 2 kickers per player, or None")


@attrs.frozen
class Kickers(RuleModule[KickersState]):
    """Kickers kick one die each off the casino they are placed at (B-4).

    ``per_player`` overrides the kickers each seat gets; by default 2 with fewer than 6
    players and 1 with 6 (X-3, :data:`~lasvegas.boulevard.components.KICKERS_PER_PLAYER`).
    The box holds 10 kickers, so more are refused.

    >>> import lasvegas as lv
    >>> lv.new_game(lv.classic(4, Kickers())).supply[0]
    (6, 0, 2, 0)
    >>> lv.classic(6, lv.SixthPlayer(), Kickers(per_player=2))
    Traceback (most recent call last):
    ...
    lasvegas.errors.ConfigError: kickers: 6 players x 2 kickers needs 12, the box has 10 (X-3)
    """

    id: ClassVar[str] = "kickers"
    listens: ClassVar[tuple[type[Event], ...]] = (RoundStarted, DicePlaced)
    actions: ClassVar[tuple[type[Action], ...]] = (Kick,)
    tasks: ClassVar[tuple[type[Task], ...]] = (KickChoice,)
    state_type: ClassVar[type[ModuleState] | None] = KickersState
    events: ClassVar[tuple[type[Event], ...]] = (KickersRemoved, DieKicked)
    """The module's own events."""

    per_player: int | None = None
    """Kickers each seat gets; ``None`` for the rulebook's numbers (X-3)."""

    def __attrs_post_init__(self) -> None:
        # Checked here, not by an attrs validator: in the compiled build mypyc checks the type
        # of what ``attrs.field(...)`` returns in a class body, which is no option value.
        _check_per_player(self.per_player)

    def kickers_each(self, players: int) -> int:
        """Kickers each seat gets.

        >>> Kickers().kickers_each(5), Kickers().kickers_each(6), Kickers(1).kickers_each(3)
        (2, 1, 1)
        """
        if self.per_player is not None:
            return self.per_player
        return KICKERS_PER_PLAYER.get(players, 1)

    def configure(self, params: Params, players: int) -> Params:
        """Swap one or two regular dice of each seat for kickers (X-3)."""
        k = self.kickers_each(players)
        if k * players > KICKERS_IN_BOX:
            raise ConfigError(
                f"kickers: {players} players x {k} kickers needs {k * players}, "
                f"the box has {KICKERS_IN_BOX} (X-3)"
            )
        dice = list(params.dice)
        if dice[REGULAR] < k:
            raise ConfigError(f"kickers: every seat needs {k} regular dice to swap for kickers")
        dice[REGULAR] -= k
        dice[KICKER] += k
        return attrs.evolve(params, dice=(dice[0], dice[1], dice[2], dice[3]))

    def initial_state(self, players: int) -> ModuleState | None:
        """No die is out of play (sized at the round's start)."""
        return KickersState()

    def react(self, state: State, index: int, event: Event, log: list[Event] | None) -> State:
        """Take placed kickers out of play and ask which dice they kick; reset each round."""
        if type(event) is DicePlaced:
            kickers = event.counts[KICKER]
            if not kickers:
                return state
            return self._placed(state, index, event, kickers, log)
        owners = state.config.ruleset.owners
        out = (0,) * owners
        if _slice(state, index).out != out:
            state = set_slice(state, index, KickersState(out))
        return state

    def _placed(
        self, state: State, index: int, event: DicePlaced, kickers: int, log: list[Event] | None
    ) -> State:
        seat = event.seat
        number = event.casino
        casino = move_die(state.casinos[number - 1], seat, False, -kickers)
        out = bump(_slice(state, index).out, seat, kickers)
        if log is not None:
            log.append(KickersRemoved(seat=seat, casino=number, kickers=kickers))
        counts = event.counts
        fresh = (counts[REGULAR], counts[BIG], counts[NEUTRAL]) if number == SLOT_MACHINE else None
        tasks = state.tasks
        if _has_target(casino, fresh):
            tasks = (KickChoice(index, seat, number, event.face, kickers, fresh), *tasks)
        modules = state.modules
        return evolve(
            state,
            casinos=with_casino(state, number, casino),
            modules=(*modules[:index], KickersState(out), *modules[index + 1 :]),
            tasks=tasks,
        )

    def task_handlers(self) -> Mapping[type[Task], TaskHandler]:
        """The kick choice (B-4)."""
        return {KickChoice: _HANDLER}

    def kicker(self, state: State, index: int, task: Task) -> Seat | Chance:
        """The seat that placed the kickers chooses."""
        return _kicker(state, index, task)

    def kicks(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """One :class:`Kick` per kind of die that may be kicked, by owner."""
        return _kicks(state, index, task)

    def kicked(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Kick the chosen die back to its owner's supply (a neutral die: out of play)."""
        return _kicked(state, index, action, log)

    def held(self, state: State, index: int) -> Held:
        """Kickers out of play per seat, and kicked neutral dice (out of play, ruling)."""
        return Held(dice=_slice(state, index).out)

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """A kick choice is public: everybody sees who kicks at which casino."""
        return task

    def capabilities(self) -> Capabilities:
        """For the adapters: its decisions (the action space) and observation segments."""
        return Capabilities(
            action_space=_action_space,
            slice_encoder=kickers_segments,
            legend=(
                LegendEntry(
                    "kicker",
                    "Kicker",
                    None,
                    "A kicker die, rolled and placed like the others: placed at a casino, it "
                    "removes itself and one other die there of the player's choice, and is out "
                    "of play for the rest of the round (B-4).",
                ),
            ),
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """Every kick: a die of each seat (plain or biggie), then a neutral die (owner *players*).

        The neutral dice are the classic game's only imaginary owner, numbered right after the
        seats; they have no biggies.

        >>> Kickers().action_space(2)
        (Kick(owner=0), Kick(owner=0, big=True), Kick(owner=1), Kick(owner=1, big=True), Kick(owner=2))
        """
        return _action_space(players)

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """The slice sized per owner and within the kickers dealt; kick choices in range."""
        config = state.config
        out = _slice(state, index).out
        kickers = config.ruleset.params.dice[KICKER]
        found: list[str] = []
        if len(out) != config.ruleset.owners or any(c < 0 for c in out):
            found.append(f"out of play {out} is not a count per owner")
        elif any(c > kickers for c in out[: config.players]):
            found.append(f"out of play {out}: a seat has only {kickers} kickers")
        for task in state.tasks:
            if type(task) is KickChoice and task.module == index:
                fresh = task.fresh
                if not (
                    0 <= task.seat < config.players
                    and 1 <= task.casino <= len(state.casinos)
                    and 1 <= task.face <= 6
                    and 1 <= task.kicks <= kickers
                    and (fresh is None) == (task.casino != SLOT_MACHINE)
                    and (fresh is not None or task.face == task.casino)
                    and (fresh is None or min(fresh) >= 0)
                ):
                    found.append(f"{task!r} is out of range")
        return tuple(found)


def _slice(state: State, index: int) -> KickersState:
    value = state.modules[index]
    assert isinstance(value, KickersState)
    return value


# The task handler and the action space are functions of the module, not bound methods: a
# config holds them (its ``Ruleset``) and pickles, and in the compiled build a bound method
# of a compiled method does not pickle (its function has no ``__name__``).


def _kicker(state: State, index: int, task: Task) -> Seat | Chance:
    assert isinstance(task, KickChoice)
    return task.seat


def _kicks(state: State, index: int, task: Task) -> tuple[Action, ...]:
    assert isinstance(task, KickChoice)
    return _targets(state, task)


def _kicked(state: State, index: int, action: Action, log: list[Event] | None) -> State:
    task = state.tasks[0]
    assert isinstance(task, KickChoice)
    assert isinstance(action, Kick)
    owner = action.owner
    big = action.big
    number = task.casino
    casino = move_die(state.casinos[number - 1], owner, big, -1)
    supply = state.supply
    out = _slice(state, index).out
    if owner < state.config.players:
        held = bump(supply[owner], BIG if big else REGULAR, 1)
        supply = (*supply[:owner], held, *supply[owner + 1 :])
    else:
        out = bump(out, owner, 1)
    fresh = task.fresh
    if fresh is not None:
        fresh = _take_fresh(fresh, 2 if owner != task.seat else 1 if big else 0)
    tasks = state.tasks[1:]
    kicks = task.kicks - 1
    if kicks and _has_target(casino, fresh):
        tasks = (KickChoice(index, task.seat, number, task.face, kicks, fresh), *tasks)
    modules = state.modules
    state = evolve(
        state,
        supply=supply,
        casinos=with_casino(state, number, casino),
        modules=(*modules[:index], KickersState(out), *modules[index + 1 :]),
        tasks=tasks,
    )
    if wanted(state, log, DieKicked):
        event = DieKicked(seat=task.seat, casino=number, owner=owner, big=big, face=task.face)
        state = emit(state, event, log)
    return state


_HANDLER: Final = TaskHandler(_kicked, _kicker, _kicks)
"""The kick choice's handler (the same for every instance)."""


def _action_space(players: int) -> tuple[Action, ...]:
    kicks: list[Action] = []
    for seat in range(players):
        kicks += [_kick(seat, False), _kick(seat, True)]
    kicks.append(_kick(players, False))
    return tuple(kicks)


def _take_fresh(fresh: tuple[int, int, int], i: int) -> tuple[int, int, int]:
    a, b, c = fresh
    return (a - 1, b, c) if i == 0 else (a, b - 1, c) if i == 1 else (a, b, c - 1)


_KICKS: Interned[tuple[int, bool], Kick] = Interned(lambda key: Kick(*key))
"""Kick actions already built (at most 2 per owner)."""


def _kick(owner: int, big: bool) -> Kick:
    return _KICKS[owner, big]


def _has_target(casino: Casino, fresh: tuple[int, int, int] | None) -> bool:
    """Whether a kicker at *casino* finds a die to kick (else it has no effect, B-4)."""
    if fresh is not None:
        return any(fresh)
    return any(casino.dice) or any(casino.big)


def _targets(state: State, task: KickChoice) -> tuple[Action, ...]:
    """The dice the kicker may kick: anything at the casino, or this turn's dice on the slot."""
    fresh = task.fresh
    found: list[Action] = []
    if fresh is not None:
        regular, big, neutral = fresh
        if regular:
            found.append(_kick(task.seat, False))
        if big:
            found.append(_kick(task.seat, True))
        if neutral:
            owner = state.config.ruleset.neutral_owner
            assert owner is not None
            found.append(_kick(owner, False))
        return tuple(found)
    casino = state.casinos[task.casino - 1]
    bigs = casino.big
    if not any(bigs):  # the common case: no biggie at the casino
        dice = casino.dice
        return tuple([_kick(owner, False) for owner in range(len(dice)) if dice[owner]])
    for owner, (plain, big_dice) in enumerate(zip(casino.dice, bigs, strict=True)):
        if plain:
            found.append(_kick(owner, False))
        if big_dice:
            found.append(_kick(owner, True))
    return tuple(found)
