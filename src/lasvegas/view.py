"""Player views and redacted events: what one seat may know (:func:`observe`, :func:`observe_events`).

A view is its own type, holding the public table plus the viewer's own secrets and nothing
else: no pile order (the state has none), no RNG (the state has none either), no other seat's
secrets. Each module redacts its own slice (:meth:`~lasvegas.RuleModule.redact`), shows of its
pending tasks only what it declares public (:meth:`~lasvegas.RuleModule.public_task`; by
default just the task's kind), and redacts its own events
(:meth:`~lasvegas.RuleModule.redact_event`). With ``GameConfig.hide_money`` other seats' money
and note counts are hidden too (C-23).

Every path from the library to a player should go through these functions: the first state
of a game as much as the later ones (a front-end sends ``to_json(observe(state, seat))`` and
``observe_events(step, seat)``, never the state).
"""

from __future__ import annotations

import attrs

from .actions import Action
from .chance import Rng
from .config import GameConfig
from .engine import Step, legal_actions, to_move
from .events import Event
from .modules.base import ModuleState, Task
from .state import Casino, Phase, State
from .types import Chance, Money, Seat

__all__ = ["PlayerView", "TaskView", "hidden_variant", "observe", "observe_events"]


@attrs.frozen
class TaskView:
    """A pending task as a viewer sees it: its kind and module, and its details if public.

    >>> TaskView(kind="neutral-roll", module="neutral-dice", task=None)
    TaskView(kind='neutral-roll', module='neutral-dice', task=None)
    """

    kind: str
    """The task's kind."""
    module: str
    """The id of the module that resolves it."""
    task: Task | None
    """The task as the viewer may see it (its module's ``public_task``); ``None``: only its
    kind is public."""


@attrs.frozen
class PlayerView:
    """What *seat* may know of a state (``seat=None``: a spectator, who sees the public table).

    Build one with :func:`observe`.
    """

    seat: Seat | None
    """Whose view this is; ``None`` for a spectator."""
    config: GameConfig
    """The game's configuration (public)."""
    players: int
    """Number of seats."""
    round: int
    """The current round, from 1."""
    rounds: int
    """Rounds in the game."""
    phase: Phase
    """Where the game stands."""
    start: Seat
    """The round's start player."""
    active: Seat
    """The seat whose turn it is (or was last)."""
    to_move: Seat | Chance | None
    """Who acts next (as :func:`lasvegas.to_move`)."""
    legal: tuple[Action, ...]
    """The viewer's legal actions now (empty unless the viewer is to move)."""
    supply: tuple[tuple[int, ...], ...]
    """Dice each seat still holds, per group (public: dice are in plain sight)."""
    rolled: tuple[tuple[int, ...], ...]
    """The active seat's rolled faces per group (public: rolled in the open)."""
    casinos: tuple[Casino, ...]
    """The casinos with their notes and dice."""
    pile_size: int
    """Notes left in the pile (the unseen part plus the returned ones)."""
    money: tuple[Money | None, ...]
    """Each seat's money; other seats' are ``None`` when the config hides money (C-23)."""
    notes: tuple[int | None, ...]
    """Each seat's number of notes, hidden like ``money``."""
    modules: tuple[ModuleState | None, ...]
    """Each module's slice as the viewer may see it."""
    tasks: tuple[TaskView, ...]
    """The pending tasks, first one first, as the viewer may see them."""


def observe(state: State, seat: Seat | None = None) -> PlayerView:
    """The view of *state* for *seat* (``None``: a spectator).

    Raises ``ValueError`` for a seat that is not ``None`` or ``0 .. players-1``.

    >>> import lasvegas as lv
    >>> view = lv.observe(lv.new_game(lv.classic(3)), 1)
    >>> view.seat, view.pile_size, view.money
    (1, 54, (0, 0, 0))
    >>> lv.observe(lv.new_game(lv.classic(3, hide_money=True)), 1).money
    (None, 0, None)

    With ``hide_money`` (C-23) other seats' money and note counts are ``None`` until the game
    is over; then the money is counted in the open and every view shows it.
    """
    config = state.config
    n = config.players
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise ValueError(f"seat must be None or 0..{n - 1}, not {seat!r}")
    mover = to_move(state)
    won = state.money
    if config.hide_money and mover is not None:  # once the game is over, all is counted
        money = tuple(sum(notes) if s == seat else None for s, notes in enumerate(won))
        counts = tuple(len(notes) if s == seat else None for s, notes in enumerate(won))
    else:
        money = tuple(map(sum, won))
        counts = tuple(map(len, won))
    modules = config.modules
    slices = tuple(m.redact(state, i, seat) for i, m in enumerate(modules)) if modules else ()
    tasks = (
        tuple(
            TaskView(
                task.kind,
                modules[task.module].id,
                modules[task.module].public_task(state, task.module, task, seat),
            )
            for task in state.tasks
        )
        if state.tasks
        else ()
    )
    return PlayerView(
        seat,
        config,
        n,
        state.round,
        config.ruleset.params.rounds,
        state.phase,
        state.start,
        state.active,
        mover,
        legal_actions(state) if seat is not None and mover == seat else (),
        state.supply,
        state.rolled,
        state.casinos,
        len(state.pile_hidden) + len(state.pile_returned),
        money,
        counts,
        slices,
        tasks,
    )


def _event_owners(config: GameConfig) -> dict[type, int]:
    """Module event types -> index of the module that declares them (a config table)."""
    owners: dict[type, int] = {}
    for i, module in enumerate(config.modules):
        for event_type in module.events:
            owners.setdefault(event_type, i)
    return owners


def observe_events(step: Step, seat: Seat | None = None) -> tuple[Event, ...]:
    """The events of *step* as *seat* may see them (``None``: a spectator).

    The core's events are public. A module's own events (its ``events`` class variable) go
    through its :meth:`~lasvegas.RuleModule.redact_event` hook, which may redact or drop them.

    >>> import lasvegas as lv
    >>> step = lv.step(lv.new_game(lv.classic(2)), lv.Draw(90_000))
    >>> lv.observe_events(step, 0)
    (NoteDealt(casino=1, value=90000),)
    """
    config = step.state.config
    if not config.modules:
        return step.events
    owners = config.table(_event_owners)
    if not owners:
        return step.events
    modules = config.modules
    seen: list[Event] = []
    for event in step.events:
        index = owners.get(type(event))
        if index is None:
            seen.append(event)
            continue
        shown = modules[index].redact_event(step.state, index, event, seat)
        if shown is not None:
            seen.append(shown)
    return tuple(seen)


def hidden_variant(state: State, seat: Seat | None, rng: Rng) -> State:
    """A state that differs from *state* only in what *seat* may not see, drawn with *rng*.

    With ``hide_money`` the money of the seats *seat* may not see is dealt among them again;
    then each module draws again what it hides (:meth:`~lasvegas.RuleModule.resample_hidden`).
    Leak tests check that ``observe(hidden_variant(s, p, rng), p) == observe(s, p)``.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.classic(3))
    >>> hidden_variant(state, 0, lv.Rng(1)) == state
    True
    """
    if state.config.hide_money and to_move(state) is not None:
        others = [s for s in range(state.config.players) if s != seat]
        if len(others) > 1:
            dealt = rng.shuffled([state.money[s] for s in others])
            money = list(state.money)
            for s, notes in zip(others, dealt, strict=True):
                money[s] = notes
            state = attrs.evolve(state, money=tuple(money))
    for i, module in enumerate(state.config.modules):
        state = module.resample_hidden(state, i, seat, rng)
    return state
