"""Determinisation: a full :class:`~lasvegas.State` sampled to agree with one seat's view.

Search agents need states to simulate from, but an agent only ever gets a
:class:`~lasvegas.PlayerView`. :func:`determinise` rebuilds a state from the view, filling
what the view does not show with a sample consistent with what the seat knows:

* the pile: its contents are the notes not seen on the casinos nor won by the seats (the
  view gives each seat's money and note count, not the notes themselves, so the notes each
  seat won are sampled to match its money where possible); the order of its unseen part is
  chance in every state anyway (C-4);
* hidden money (C-23): another seat's money and note count, when hidden, are guessed equal
  to the viewer's;
* pending tasks: taken from the view where their module shows them
  (:meth:`~lasvegas.RuleModule.public_task`);
* module slices: a module that hides nothing (it overrides neither
  :meth:`~lasvegas.RuleModule.redact` nor :meth:`~lasvegas.RuleModule.resample_hidden`)
  is taken from the view as is. A module that hides something needs a determiniser that
  samples its hidden part, declared in its capabilities
  (:attr:`~lasvegas.Capabilities.determinise`, ``(state, index, view, rng) -> State``;
  for a module whose code you do not own, a subclass declares it). It gets the state
  rebuilt so far (with the view's redacted slice and tasks) and returns it completed.
  Its resampling for the leak tests and its determiniser can be one deal of what a seat
  cannot see, reading from the slice only what the redacted slice shows too (as
  :meth:`~lasvegas.CardGame.deal_unseen` serves both for the card game).

Without a determiniser for a hiding module, or when a pending task is not shown,
:func:`determinise` returns ``None`` and search agents fall back to their heuristic.
Callers check a rebuilt state by comparing its legal actions with the ones they were given
(:func:`consistent`).
"""

from __future__ import annotations

from collections import Counter

from ..actions import Action
from ..chance import Rng
from ..engine import legal_actions, to_move
from ..modules.base import ModuleState, RuleModule, Task
from ..modules.observation import Determiniser
from ..state import Phase, State, evolve
from ..types import Money
from ..view import PlayerView

__all__ = ["Determiniser", "consistent", "determinise", "hides"]


def hides(module: RuleModule) -> bool:
    """Whether *module* may hide something from a seat (it overrides a redaction hook).

    >>> import lasvegas as lv
    >>> hides(lv.NeutralDice())
    False
    """
    cls = type(module)
    return (
        cls.redact is not RuleModule.redact or cls.resample_hidden is not RuleModule.resample_hidden
    )


def determinise(view: PlayerView, rng: Rng) -> State | None:
    """A state that agrees with *view*, its hidden parts sampled with *rng*.

    Returns ``None`` when the view does not show a pending task, or a module in play hides
    part of its slice and has no determiniser.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.classic(3))
    >>> rng = lv.Rng(2)
    >>> for _ in range(40):
    ...     action = (lv.sample_chance(state, rng) if lv.to_move(state) is lv.CHANCE
    ...               else lv.legal_actions(state)[0])
    ...     state = lv.apply(state, action)
    >>> guess = determinise(lv.observe(state, 1), lv.Rng(9))
    >>> guess is not None and guess.casinos == state.casinos and guess.supply == state.supply
    True
    >>> lv.standings(guess).money == lv.standings(state).money
    True
    """
    config = view.config
    tasks: list[Task] = []
    for shown in view.tasks:
        if shown.task is None:
            return None
        tasks.append(shown.task)
    samplers: list[tuple[int, Determiniser]] = []
    declared = config.ruleset.capabilities
    for index in config.ruleset.hiders:
        method = declared[index].determinise
        if method is None:
            return None
        samplers.append((index, method))
    params = config.ruleset.params
    seat = view.seat
    totals: list[Money] = []
    counts: list[int] = []
    # The notes' part of each seat's money (view.money adds what modules score, such as chips).
    won = [None if parts is None else parts[0].amount for parts in view.money_parts]
    for s in range(view.players):
        total = won[s]
        count = view.notes[s]
        if (total is None or count is None) and seat is not None:
            total = won[seat]
            count = view.notes[seat]
        totals.append(total or 0)
        counts.append(count or 0)
    unseen: Counter[Money] = Counter(params.notes)
    for casino in view.casinos:
        unseen.subtract(casino.notes)
    pool = sorted(unseen.elements())
    money: list[tuple[Money, ...]] = []
    for total, count in zip(totals, counts, strict=True):
        found = _notes_for(pool, total, count, rng)
        for note in found:
            pool.remove(note)
        exact = len(found) == count and sum(found) == total
        money.append(tuple(found) if exact else _split(total, count))
    while len(pool) > view.pile_size:  # notes held by modules, or a guess that went wrong
        pool.pop(rng.below(len(pool)))
    slices: tuple[ModuleState | None, ...] = view.modules
    state = State(
        config=config,
        round=view.round,
        phase=view.phase,
        cursor=_cursor(view),
        start=view.start,
        active=view.active,
        supply=view.supply,
        rolled=view.rolled,
        casinos=view.casinos,
        pile_hidden=tuple(pool),
        pile_returned=(),
        money=tuple(money),
        modules=slices,
        tasks=tuple(tasks),
    )
    for index, sample in samplers:
        state = sample(state, index, view, rng)
    return _settle_notes(state, view, totals, counts, rng)


def _settle_notes(
    state: State, view: PlayerView, totals: list[Money], counts: list[int], rng: Rng
) -> State:
    """The seats' notes and the pile drawn again once the notes held by modules are known.

    Notes held by modules (:meth:`~lasvegas.RuleModule.held`, known once every slice
    is complete) are neither won nor in the pile; when exact notes for every seat's money
    turn up among the rest and the pile's size is right, the rebuilt state conserves the
    notes. Otherwise the first guess stands.
    """
    left: Counter[Money] = Counter(state.config.ruleset.params.notes)
    for casino in state.casinos:
        left.subtract(casino.notes)
    for index, module in enumerate(state.config.modules):
        left.subtract(module.held(state, index).notes)
    if any(count < 0 for count in left.values()):
        return state
    pool = sorted(left.elements())
    money: list[tuple[Money, ...]] = []
    for total, count in zip(totals, counts, strict=True):
        found = _notes_for(pool, total, count, rng)
        if len(found) != count or sum(found) != total:
            return state
        for note in found:
            pool.remove(note)
        money.append(tuple(found))
    if len(pool) != view.pile_size:
        return state
    return evolve(state, pile_hidden=tuple(pool), pile_returned=(), money=tuple(money))


def consistent(state: State, view: PlayerView, legal: tuple[Action, ...]) -> bool:
    """Whether a determinised *state* offers the seat of *view* exactly *legal*.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.classic(2))
    >>> consistent(state, lv.observe(state, 0), ())
    True
    """
    return to_move(state) == view.to_move and legal_actions(state) == legal


def _split(total: Money, count: int) -> tuple[Money, ...]:
    """*count* amounts adding up to *total* exactly (the standings only need the sums)."""
    if count <= 0:
        return (total,) if total else ()
    base, extra = divmod(total, count)
    return tuple(base + (1 if i < extra else 0) for i in range(count))


def _notes_for(pool: list[Money], total: Money, count: int, rng: Rng) -> list[Money]:
    """*count* notes of *pool* adding up to *total*, found by a short randomised search.

    Falls back to *count* random notes when no exact set turns up quickly.
    """
    if count <= 0 or not pool:
        return []
    if count > len(pool):
        return list(pool)
    values = sorted(set(pool), reverse=True)
    have = Counter(pool)
    budget = [2000]

    def search(left: Money, k: int, start: int, chosen: list[Money]) -> list[Money] | None:
        if k == 0:
            return chosen if left == 0 else None
        budget[0] -= 1
        if budget[0] < 0:
            return None
        for i in range(start, len(values)):
            v = values[i]
            if v * k < left:  # values only get smaller from here
                break
            if have[v] <= 0 or v > left:
                continue
            have[v] -= 1
            found = search(left - v, k - 1, i, [*chosen, v])
            have[v] += 1
            if found is not None:
                return found
        return None

    found = search(total, count, 0, [])
    if found is not None:
        return found
    picks = list(pool)
    return [picks.pop(rng.below(len(picks))) for _ in range(count)]


def _cursor(view: PlayerView) -> int:
    """The state's cursor, which the view does not carry: 0 at decisions."""
    if view.phase is Phase.ROLL:
        held = view.supply[view.active]
        for group, count in enumerate(held):
            if count and not view.rolled[group]:
                return group
        return 0
    if view.phase is Phase.FILL:
        minimum = view.config.ruleset.params.minimum
        if minimum is not None:  # None: a module deals the notes, no casino waits for one
            for index, casino in enumerate(view.casinos):
                if sum(casino.notes) < minimum:
                    return index
        return len(view.casinos) - 1
    return 0
