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

import functools
from collections.abc import Sequence
from typing import Final

import attrs

from .actions import Action, Place, safe_repr
from .chance import Rng
from .config import GameConfig
from .engine import Step, legal_actions, standings, to_move
from .errors import ConfigError
from .events import Event
from .modules.base import ModuleState, Task
from .state import Casino, Phase, State, evolve
from .text import _name_seats, describe, describe_place
from .types import CHANCE, CasinoNumber, Chance, Money, Seat

__all__ = [
    "OWNER_COLOURS",
    "SEAT_COLOURS",
    "MoneyPart",
    "OwnerView",
    "PlayerView",
    "TaskView",
    "hidden_variant",
    "observe",
    "observe_events",
]

SEAT_COLOURS: Final = (
    "#d55e00",
    "#0072b2",
    "#009e73",
    "#cc79a7",
    "#e69f00",
    "#56b4e9",
    "#8c564b",
    "#7f7f7f",
)
"""The colours of seats 0, 1, ... in views (CSS hex; the Okabe-Ito palette, which stays
apart for colour-blind players, then brown and grey)."""

OWNER_COLOURS: Final = {"neutral": "#f5f5f5", "blank": "#bdbdbd"}
"""The colours of the imaginary owners by name (white neutral dice, grey blank dice); any
other imaginary owner is drawn ``#999999``."""


@attrs.frozen
class OwnerView:
    """How a client draws a casino owner: a seat or an imaginary owner (neutral, blank dice).

    >>> import lasvegas as lv
    >>> lv.observe(lv.new_game(lv.classic(2, lv.NeutralDice()))).owners[2]
    OwnerView(name='Neutral dice', colour='#f5f5f5', seat=None)
    """

    name: str
    """The owner's name: the player's name given to :func:`observe` (``"Seat 0"`` by
    default), or ``"Neutral dice"``, ``"Blank dice"`` for an imaginary owner."""
    colour: str
    """The colour its dice are drawn in (CSS hex, :data:`SEAT_COLOURS`,
    :data:`OWNER_COLOURS`)."""
    seat: Seat | None
    """The seat, or ``None`` for an imaginary owner."""


@attrs.frozen
class MoneyPart:
    """One part of a seat's money: its notes (cards), or what a module scores (chips ...).

    >>> MoneyPart("chips", 20_000)
    MoneyPart(name='chips', amount=20000)
    """

    name: str
    """What the part is: ``"notes"`` (``"cards"`` in the editions with money cards), or a
    module's part such as ``"chips"`` or ``"chip cards"``."""
    amount: Money
    """Its worth in dollars."""


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
    """Each seat's money, as :func:`lasvegas.standings` counts it (notes plus what modules
    score, such as Royale's chips); other seats' are ``None`` when the config hides money
    (C-23)."""
    notes: tuple[int | None, ...]
    """Each seat's number of notes (money cards), hidden like ``money``."""
    modules: tuple[ModuleState | None, ...]
    """Each module's slice as the viewer may see it."""
    tasks: tuple[TaskView, ...]
    """The pending tasks, first one first, as the viewer may see them."""
    money_parts: tuple[tuple[MoneyPart, ...] | None, ...] = ()
    """Each seat's ``money`` in parts, notes first (they add up to it); hidden like ``money``."""
    owners: tuple[OwnerView, ...] = ()
    """Every casino owner (the seats, then the imaginary owners), numbered as in a
    casino's ``dice``: names and colours to draw them with."""
    casino_names: tuple[str, ...] = ()
    """The casinos' names (``"Casino 1"`` ...), in order."""
    casino_tiles: tuple[str | None, ...] = ()
    """What lies at each casino besides its notes (a Royale tile's name), or ``None``."""
    labels: tuple[str, ...] = ()
    """A label for each action of ``legal``, in the same order, in the viewer's voice
    (``"Place the three 5s at casino 5"``)."""
    prompt: str = ""
    """The pending decision in a sentence, for the viewer: ``"Your turn: choose dice to
    place"``, ``"Waiting for Seat 1 to roll the dice"``, or who won.

    The fields from ``money_parts`` to ``prompt`` came later than the rest of schema 1, with
    defaults: an older view document loads with them empty."""

    def __str__(self) -> str:
        """The table as text (:func:`lasvegas.render.text_board`)."""
        from .render import text_board  # render draws views: imported when first used

        return text_board(self)

    def _repr_svg_(self) -> str:
        """The table as SVG, which Jupyter shows (:func:`lasvegas.render.svg`)."""
        from .render import svg

        return svg(self)


def observe(
    state: State, seat: Seat | None = None, *, names: Sequence[str] | None = None
) -> PlayerView:
    """The view of *state* for *seat* (``None``: a spectator).

    *names* are the players' names, seat by seat, for the view's owners and prompt
    (``"Seat 0"`` ... by default). Raises :class:`~lasvegas.errors.ConfigError` (a
    ``ValueError``) for a seat that is not ``None`` or an ``int`` in ``0 .. players-1``
    (``True`` is no seat), or names that are not one string per seat.

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
        raise _bad_seat(config, seat)
    if names is not None and (
        isinstance(names, str) or len(names) != n or not all(type(x) is str for x in names)
    ):
        raise ConfigError(f"names must be {n} strings, one per seat, not {safe_repr(names)}")
    mover = to_move(state)
    won = state.money
    modules = config.modules
    aids = config.table(_config_aids)
    parts = _money_parts(state, aids)
    if config.hide_money and mover is not None:  # once the game is over, all is counted
        shown = tuple(p if s == seat else None for s, p in enumerate(parts))
        counts = tuple(len(notes) if s == seat else None for s, notes in enumerate(won))
    else:
        shown = parts
        counts = tuple(map(len, won))
    money = tuple(None if p is None else sum(part.amount for part in p) for p in shown)
    owners = aids.owners if names is None else _owners(config, tuple(names))
    legal = legal_actions(state) if seat is not None and mover == seat else ()
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
        config.players,
        state.round,
        config.ruleset.params.rounds,
        state.phase,
        state.start,
        state.active,
        mover,
        legal,
        state.supply,
        state.rolled,
        state.casinos,
        len(state.pile_hidden) + len(state.pile_returned),
        money,
        counts,
        slices,
        tasks,
        shown,
        owners,
        _casino_names(len(state.casinos)),
        _casino_tiles(state, aids.tile_hooks),
        _labels(state, legal, seat, names) if legal else (),
        _prompt(state, seat, mover, owners),
    )


def _voice(text: str, seat: Seat | None) -> str:
    """*text* in the viewer's voice: ``"Seat 0 pays a chip"`` -> ``"Pay a chip"`` for seat 0."""
    prefix = f"Seat {seat} "
    if seat is None or not text.startswith(prefix):
        return text
    verb, _, rest = text[len(prefix) :].partition(" ")
    if verb.endswith("s"):
        verb = verb[:-1]
    return verb.capitalize() + (f" {rest}" if rest else "")


def _labels(
    state: State, legal: tuple[Action, ...], seat: Seat | None, names: Sequence[str] | None
) -> tuple[str, ...]:
    """The labels of *legal* (:func:`lasvegas.describe` in the viewer's voice, the other
    seats called by *names* when given).

    A placement of the core's placing phase, the commonest decision, is labelled from its
    face and the rolled dice alone, through a cache; anything else goes to ``describe``.
    """
    if names is not None:
        return tuple(_name_seats(label, names) for label in _labels(state, legal, seat, None))
    if not state.tasks and state.phase is Phase.PLACE:
        rolled = state.rolled
        return tuple(
            _place_label(action.face, action.target, tuple(g.count(action.face) for g in rolled))
            if type(action) is Place
            else _voice(describe(action, state), seat)
            for action in legal
        )
    return tuple(_voice(describe(action, state), seat) for action in legal)


@functools.lru_cache(maxsize=4096)
def _place_label(face: int, target: CasinoNumber | None, counts: tuple[int, ...]) -> str:
    """``describe(Place(face, target), state)`` in the placing phase, by the rolled counts."""
    return describe_place(Place(face, target), counts)


@functools.lru_cache(maxsize=256)
def _casino_names(count: int) -> tuple[str, ...]:
    return tuple(f"Casino {i}" for i in range(1, count + 1))


def _money_names(config: GameConfig) -> tuple[str, tuple[tuple[int, str], ...]]:
    """The notes' part's name and the scoring modules' (index, name), for a config.

    The notes' part is named by the first module that declares a ``notes_name``
    (``"cards"``), else ``"notes"``; a module's part by its declared ``score_name`` (else
    its id).
    """
    modules = config.modules
    declared = config.ruleset.capabilities
    noun = next((c.notes_name for c in declared if c.notes_name is not None), "notes")
    scorers = []
    for i in config.ruleset.scorers:
        label = declared[i].score_name
        scorers.append((i, modules[i].id if label is None else label))
    return noun, tuple(scorers)


def _money_parts(state: State, aids: _Aids) -> tuple[tuple[MoneyPart, ...], ...]:
    """Each seat's money in parts: notes first, then each scoring module's part."""
    noun, scorers = aids.money_names
    modules = state.config.modules
    if not scorers:
        return tuple((MoneyPart(noun, sum(notes)),) for notes in state.money)
    return tuple(
        (
            MoneyPart(noun, sum(notes)),
            *(MoneyPart(name, modules[i].score(state, i, s).money) for i, name in scorers),
        )
        for s, notes in enumerate(state.money)
    )


def _owners(config: GameConfig, names: tuple[str, ...] | None) -> tuple[OwnerView, ...]:
    """The seats, then the imaginary owners, with names and colours."""
    seats = tuple(
        OwnerView(
            f"Seat {s}" if names is None else names[s], SEAT_COLOURS[s % len(SEAT_COLOURS)], s
        )
        for s in range(config.players)
    )
    imaginary = tuple(
        OwnerView(f"{name.capitalize()} dice", OWNER_COLOURS.get(name, "#999999"), None)
        for name in config.ruleset.params.owners
    )
    return seats + imaginary


@attrs.frozen
class _Aids:
    """What the drawing aids of a config's views take from the config alone."""

    money_names: tuple[str, tuple[tuple[int, str], ...]]
    owners: tuple[OwnerView, ...]
    tile_hooks: tuple[int, ...]


def _config_aids(config: GameConfig) -> _Aids:
    return _Aids(
        _money_names(config),
        _owners(config, None),
        tuple(i for i, c in enumerate(config.ruleset.capabilities) if c.casino_labels is not None),
    )


@functools.lru_cache(maxsize=256)
def _no_tiles(count: int) -> tuple[None, ...]:
    return (None,) * count


def _casino_tiles(state: State, hooks: tuple[int, ...]) -> tuple[str | None, ...]:
    """What modules show at each casino (their declared ``casino_labels(state, index)``)."""
    if not hooks:
        return _no_tiles(len(state.casinos))
    tiles: list[str | None] = [None] * len(state.casinos)
    declared = state.config.ruleset.capabilities
    for i in hooks:
        hook = declared[i].casino_labels
        assert hook is not None  # hooks lists the modules that declare it
        labels = hook(state, i)
        for c, label in enumerate(labels[: len(tiles)]):
            if tiles[c] is None and isinstance(label, str):
                tiles[c] = label
    return tuple(tiles)


_PHASE_PROMPTS: Final = {
    Phase.FILL: "deal the notes",
    Phase.ROLL: "roll the dice",
    Phase.PLACE: "choose dice to place",
}


def _pending(state: State) -> str:
    """What the next action does, as a verb phrase (a task's ``prompt`` class variable)."""
    if state.tasks:
        task = state.tasks[0]
        phrase = type(task).prompt
        if phrase is not None:
            return phrase
        return "answer: " + task.kind.replace("-", " ")
    return _PHASE_PROMPTS.get(state.phase, "go on")


def _prompt(
    state: State, seat: Seat | None, mover: Seat | Chance | None, owners: tuple[OwnerView, ...]
) -> str:
    """The view's prompt (see :attr:`PlayerView.prompt`)."""
    if mover is None:
        winners = [owners[w].name for w in standings(state).winners]
        if len(winners) == 1:
            return f"The game is over: {winners[0]} wins"
        return f"The game is over: {_join(winners)} share the win"
    what = _pending(state)
    if mover is CHANCE:
        return f"Chance: {what}"
    if mover == seat:
        return f"Your turn: {what}"
    return f"Waiting for {owners[mover].name} to {what}"


def _join(items: Sequence[str]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def _event_owners(config: GameConfig) -> dict[type, int]:
    """Module event types -> index of the module that declares them (a config table)."""
    owners: dict[type, int] = {}
    for i, module in enumerate(config.modules):
        for event_type in module.events:
            owners.setdefault(event_type, i)
    return owners


def _bad_seat(config: GameConfig, seat: object) -> ConfigError:
    """The error for a seat that this game does not have."""
    return ConfigError(
        f"seat must be None or 0..{config.players - 1} in a game of {config.players}, "
        f"not {safe_repr(seat)}"
    )


def observe_events(step: Step, seat: Seat | None = None) -> tuple[Event, ...]:
    """The events of *step* as *seat* may see them (``None``: a spectator).

    The core's events are public. A module's own events (its ``events`` class variable) go
    through its :meth:`~lasvegas.RuleModule.redact_event` hook, which may redact or drop them.

    >>> import lasvegas as lv
    >>> step = lv.step(lv.new_game(lv.classic(2)), lv.Draw(90_000))
    >>> lv.observe_events(step, 0)
    (NoteDealt(casino=1, value=90000),)

    Raises :class:`~lasvegas.errors.ConfigError` for a seat :func:`observe` refuses.
    """
    config = step.state.config
    if seat is not None and (type(seat) is not int or not 0 <= seat < config.players):
        raise _bad_seat(config, seat)
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
            state = evolve(state, money=tuple(money))
    for i, module in enumerate(state.config.modules):
        state = module.resample_hidden(state, i, seat, rng)
    return state
