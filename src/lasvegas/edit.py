"""One batch edit of a state: :class:`Draft`.

A rule's effect often takes several steps (resolve a task, update a slice, place dice, pay
a seat ...), and each of the engine's helpers (``pop_task``, ``set_slice`` ...) builds a
whole new state: several states per action, most of them thrown away at once. A draft keeps
the changed parts instead and builds the state once, when :meth:`Draft.build` is called.

Every edition's multi-step edits go through it: the engine's payout, round end and next
round (one state from the last placement to the next round's fill when nobody hears
them), Boulevard's kickers, rainbow cards and slot machine, Royale's tiles and the card
game. The one-change helpers (``pop_task``, ``set_slice`` ...) and the placement and roll
of the hot path build one state with one typed updater (``lasvegas.state``) instead.
"""

from __future__ import annotations

from ._emit import emit
from .events import Event
from .modules.base import ModuleState, Task
from .state import Casino, Phase, State, evolve
from .table import place
from .types import Money, Seat

__all__ = ["Draft"]


class Draft:
    """Changes to a state, gathered and then built into one state.

    Start from a state (and the event log of the step, ``None`` for :func:`lasvegas.apply`),
    change any of its parts (a casino's dice, a seat's supply or money, a module's slice,
    the tasks, the phase, the round and its start player), then :meth:`build` once. The
    pending parts are plain attributes (``None``: as in ``state``; ``modules`` is a list),
    so rule code may also read or set them directly.

    Whatever somebody must hear goes through :meth:`emit` in order: when a log is kept or an
    awake module reacts to the event's type, the draft builds the state so far and lets the
    modules react to it, then goes on from there. So the events, the reactions and the
    state reached are exactly those of step-by-step code; only the states nobody sees are
    skipped.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.classic(3))
    >>> draft = Draft(state, None)
    >>> draft.place(4, 1, 2, 0)
    >>> draft.give(2, (50_000,))
    >>> new = draft.build()
    >>> new.casinos[4].dice, new.money
    ((0, 2, 0), ((), (), (50000,)))
    """

    __slots__ = (
        "active",
        "casinos",
        "closing",
        "cursor",
        "log",
        "modules",
        "money",
        "phase",
        "pile_hidden",
        "pile_returned",
        "rolled",
        "round",
        "start",
        "state",
        "supply",
        "tasks",
    )

    def __init__(self, state: State, log: list[Event] | None) -> None:
        self.state: State = state
        """The state built so far (the pending parts below change it)."""
        self.log: list[Event] | None = log
        """The step's event log (``None``: nobody reads the events)."""
        self.round: int | None = None
        self.start: Seat | None = None
        self.phase: Phase | None = None
        self.cursor: int | None = None
        self.active: Seat | None = None
        self.rolled: tuple[tuple[int, ...], ...] | None = None
        self.supply: tuple[tuple[int, ...], ...] | None = None
        self.casinos: tuple[Casino, ...] | None = None
        self.pile_hidden: tuple[Money, ...] | None = None
        self.pile_returned: tuple[Money, ...] | None = None
        self.money: tuple[tuple[Money, ...], ...] | None = None
        self.modules: list[ModuleState | None] | None = None
        self.tasks: tuple[Task, ...] | None = None
        self.closing: bool = False
        """Whether a pending slice is one of a module that closes casinos (T-7): what is
        closed may have changed, so a rule that asks must build first."""

    def build(self) -> State:
        """The state with every change so far (the same object while nothing is pending)."""
        modules = self.modules
        if (
            modules is None
            and self.tasks is None
            and self.casinos is None
            and self.supply is None
            and self.money is None
            and self.phase is None
            and self.cursor is None
            and self.active is None
            and self.rolled is None
            and self.pile_hidden is None
            and self.pile_returned is None
            and self.round is None
            and self.start is None
        ):
            return self.state
        state = self.state = evolve(
            self.state,
            round=self.round,
            start=self.start,
            phase=self.phase,
            cursor=self.cursor,
            active=self.active,
            rolled=self.rolled,
            supply=self.supply,
            casinos=self.casinos,
            pile_hidden=self.pile_hidden,
            pile_returned=self.pile_returned,
            money=self.money,
            modules=None if modules is None else tuple(modules),
            tasks=self.tasks,
        )
        self.round = self.start = self.phase = self.cursor = self.active = self.rolled = None
        self.supply = self.casinos = self.money = self.tasks = None
        self.pile_hidden = self.pile_returned = None
        self.modules = None
        self.closing = False
        return state

    # -- slices and tasks ---------------------------------------------------------------------

    def slice(self, index: int) -> ModuleState | None:
        """Module *index*'s slice, with the changes so far."""
        modules = self.modules
        return self.state.modules[index] if modules is None else modules[index]

    def set_slice(self, index: int, value: ModuleState | None) -> None:
        """``engine.set_slice``: replace module *index*'s slice."""
        modules = self.modules
        if modules is None:
            modules = self.modules = list(self.state.modules)
        modules[index] = value
        if index in self.state.config.ruleset.closers:
            self.closing = True

    def get_tasks(self) -> tuple[Task, ...]:
        """The pending tasks, with the changes so far."""
        tasks = self.tasks
        return self.state.tasks if tasks is None else tasks

    def pop_task(self) -> None:
        """``engine.pop_task``: remove the first pending task."""
        self.tasks = self.get_tasks()[1:]

    def push_task(self, task: Task, *, first: bool = False) -> None:
        """``engine.push_task``: queue *task* last, or *first* (it interrupts the others)."""
        tasks = self.get_tasks()
        self.tasks = (task, *tasks) if first else (*tasks, task)

    # -- the table --------------------------------------------------------------------------------

    def get_supply(self) -> tuple[tuple[int, ...], ...]:
        """The seats' supplies, with the changes so far."""
        supply = self.supply
        return self.state.supply if supply is None else supply

    def get_casinos(self) -> tuple[Casino, ...]:
        """The casinos, with the changes so far."""
        casinos = self.casinos
        return self.state.casinos if casinos is None else casinos

    def get_money(self) -> tuple[tuple[Money, ...], ...]:
        """The notes each seat has won, with the changes so far."""
        money = self.money
        return self.state.money if money is None else money

    def set_casino(self, index: int, casino: Casino) -> None:
        """Replace the casino at *index* (0-based: casino ``index + 1``)."""
        casinos = self.get_casinos()
        self.casinos = (*casinos[:index], casino, *casinos[index + 1 :])

    def place(self, index: int, owner: int, small: int, big: int) -> None:
        """:func:`lasvegas.table.place`: *small* plain dice and *big* big dice of *owner*
        onto the casino at *index* (0-based), nothing taken from a supply."""
        self.set_casino(index, place(self.get_casinos()[index], owner, small, big))

    def give(self, seat: Seat, notes: tuple[Money, ...]) -> None:
        """Add *notes* to what *seat* has won, in this order."""
        money = self.get_money()
        self.money = (*money[:seat], money[seat] + notes, *money[seat + 1 :])

    # -- events -------------------------------------------------------------------------------

    def hears(self, kind: type[Event]) -> bool:
        """Whether an event of type *kind* must be emitted now: a log is kept, or an awake
        module reacts to *kind* (``engine.emit`` would do nothing otherwise)."""
        if self.log is not None:
            return True
        ruleset = self.state.config.ruleset
        indexes = ruleset.reactors.get(kind)
        if not indexes:
            return False
        sleepers = ruleset.sleepers
        modules = self.modules
        slices = self.state.modules if modules is None else modules
        for i in indexes:  # noqa: SIM110 - a plain loop: any() and its generator cost more
            if i not in sleepers or slices[i] is not None:
                return True
        return False

    def emit(self, event: Event) -> None:
        """``engine.emit``, on the state built so far, if anybody hears *event*."""
        if self.hears(type(event)):
            self.state = emit(self.build(), event, self.log)
