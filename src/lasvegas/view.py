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
from typing import Final, TypeVar

import attrs

from .actions import Action, Place, safe_repr
from .chance import Rng
from .config import GameConfig
from .engine import Step, legal_actions, standings, to_move
from .errors import ConfigError
from .events import Event
from .modules.base import DiceFaces, LegendEntry, ModuleState, Task, TileFact, TileInfo
from .payout import tied
from .state import Casino, Phase, State, evolve
from .table import Interned, ranking
from .text import _join as _and
from .text import _name_seats, describe, describe_place, money, seat_label
from .types import CHANCE, CasinoNumber, Chance, Money, Seat

__all__ = [
    "OWNER_COLOURS",
    "OWNER_LEGEND",
    "SEAT_COLOURS",
    "DiceFaces",
    "FinalStandings",
    "LegendEntry",
    "MoneyPart",
    "OwnerView",
    "PlayerView",
    "TaskView",
    "TileFact",
    "TileInfo",
    "hidden_variant",
    "observe",
    "observe_events",
]

_T = TypeVar("_T")

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


OWNER_LEGEND: Final = {
    "neutral": "Neutral dice: white dice of no player, placed with the player's own; they "
    "count as one more owner for ties and ranking, and what they win goes under the pile "
    "(C-21).",
    "blank": "Blank dice: grey dice of no player, put into casinos by Royale tiles; they "
    "count as one more owner for ties, ranks and majorities, but win nothing and activate "
    "nothing (T-8).",
}
"""The legend of the imaginary owners by name (:attr:`PlayerView.legend`)."""


@attrs.frozen
class FinalStandings:
    """The standings at the end of a game, in order, with the tie-break explained (C-16,
    R-8, K-11).

    >>> import lasvegas as lv
    >>> FinalStandings((1, 0), (2, 1), (90_000, 120_000), (2, 3), (1,), "Seat 1 wins.").order
    (1, 0)
    """

    order: tuple[Seat, ...]
    """The seats, best first (tied seats by seat number)."""
    places: tuple[int, ...]
    """Each seat's place, from 1 (seats still tied after the tie-break share a place)."""
    money: tuple[Money, ...]
    """Each seat's money (notes plus what modules score)."""
    tiebreak: tuple[int, ...]
    """Each seat's tie-break count (notes won, plus chips in Royale, R-8)."""
    winners: tuple[Seat, ...]
    """The winning seats (several when still tied after the tie-break)."""
    text: str
    """Who won and how, with the tie-break explained when money was tied."""


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
    casino_info: tuple[TileInfo | None, ...] = ()
    """What lies at each casino besides its notes (a Royale tile): its name, its rule in
    short and its public state (the Jackpot's amount, Power Play's holder, Block It!'s
    clusters, Fifty Fifty's throw to beat ...), as the viewer may know it; ``None`` for a
    casino with nothing."""
    casino_faces: tuple[tuple[DiceFaces, ...] | None, ...] = ()
    """The faces of the dice at each casino whose dice may show any face (the slot machine,
    B-7), by owner and face; ``None`` where every die shows the casino's number."""
    ranking: tuple[tuple[int, ...], ...] = ()
    """Each casino's owners in payout order if it paid now, tied owners removed (C-12,
    C-13; the slot machine's own order, B-7): the first is the casino's leader. Owners are
    numbered as in ``owners``."""
    ties: tuple[tuple[int, ...], ...] = ()
    """Each casino's owners whose dice would cancel as ties if it paid now (C-12)."""
    legend: tuple[LegendEntry, ...] = ()
    """The special dice and cards this game's drawings may show (neutral, blank and kicker
    dice, rainbow cards), explained."""
    final: FinalStandings | None = None
    """Once the game is over, its final standings with the tie-break explained; ``None``
    before.

    The fields from ``casino_info`` to ``final`` came later still, with defaults: a view
    document without them loads with them empty."""

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
    aids = config.cached(_config_aids)
    parts, totals = _money_parts(state, aids)
    if config.hide_money and mover is not None:  # once the game is over, all is counted
        shown = tuple(p if s == seat else None for s, p in enumerate(parts))
        counts = tuple(len(notes) if s == seat else None for s, notes in enumerate(won))
        money: tuple[Money | None, ...] = tuple(
            t if s == seat else None for s, t in enumerate(totals)
        )
    else:
        shown = parts
        counts = tuple(map(len, won))
        money = totals
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
    count = len(state.casinos)
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
        _casino_names(count),
        _casino_tiles(state, aids.tile_hooks) if aids.tile_hooks else _no_tiles(count),
        _labels(state, legal, seat, names) if legal else (),
        _prompt(state, seat, mover, names),
        _casino_info(state, aids.info_hooks, seat, names) if aids.info_hooks else _no_tiles(count),
        _casino_faces(state, aids.face_hooks) if aids.face_hooks else _no_tiles(count),
        *(_rankings(state, aids.ranking_hooks) if mover is not None else _over(count)),
        aids.legend,
        None if mover is not None else _final(state, aids, names),
    )


def _label(action: Action, state: State) -> str:
    """*action*'s label for the seat choosing it: its text in that seat's voice
    (:meth:`lasvegas.Action.you_text`), else :func:`lasvegas.describe`'s words."""
    own = action.you_text(state)
    return own if isinstance(own, str) else describe(action, state)


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
            else _label(action, state)
            for action in legal
        )
    return tuple(_label(action, state) for action in legal)


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


def _money_parts(
    state: State, aids: _Aids
) -> tuple[tuple[tuple[MoneyPart, ...], ...], tuple[Money, ...]]:
    """Each seat's money in parts (notes first, then each scoring module's part), and each
    seat's total."""
    noun, scorers = aids.money_names
    notes = tuple(map(sum, state.money))
    if not scorers:
        return _NOTES_ONLY[noun, notes], notes
    modules = state.config.modules
    parts = tuple(
        (
            MoneyPart(noun, notes[s]),
            *(MoneyPart(name, modules[i].score(state, i, s).money) for i, name in scorers),
        )
        for s in range(len(notes))
    )
    return parts, tuple(sum(part.amount for part in p) for p in parts)


def _notes_only(
    key: tuple[str, tuple[Money, ...]],
) -> tuple[tuple[MoneyPart, ...], ...]:
    noun, notes = key
    return tuple((MoneyPart(noun, amount),) for amount in notes)


_NOTES_ONLY: Final[Interned[tuple[str, tuple[Money, ...]], tuple[tuple[MoneyPart, ...], ...]]] = (
    Interned(_notes_only, limit=1024)
)
"""The money parts of the seats where the notes are the only part, by the notes' name and
each seat's notes in dollars (cleared past 1,024 entries)."""


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
    info_hooks: tuple[int, ...]
    face_hooks: tuple[int, ...]
    ranking_hooks: tuple[int, ...]
    legend: tuple[LegendEntry, ...]


def _config_aids(config: GameConfig) -> _Aids:
    declared = config.ruleset.capabilities
    return _Aids(
        _money_names(config),
        _owners(config, None),
        tuple(i for i, c in enumerate(declared) if c.casino_labels is not None),
        tuple(i for i, c in enumerate(declared) if c.casino_info is not None),
        tuple(i for i, c in enumerate(declared) if c.casino_faces is not None),
        tuple(i for i, c in enumerate(declared) if c.casino_ranking is not None),
        _legend(config),
    )


def _legend(config: GameConfig) -> tuple[LegendEntry, ...]:
    """The imaginary owners' entries (:data:`OWNER_LEGEND`), then the modules' declared ones,
    each key once."""
    found: dict[str, LegendEntry] = {}
    for name in config.ruleset.params.owners:
        text = OWNER_LEGEND.get(name, f"{name.capitalize()} dice: dice of no player.")
        found.setdefault(
            name,
            LegendEntry(
                name, f"{name.capitalize()} dice", OWNER_COLOURS.get(name, "#999999"), text
            ),
        )
    for declared in config.ruleset.capabilities:
        for entry in declared.legend:
            found.setdefault(entry.key, entry)
    return tuple(found.values())


def _casino_info(
    state: State, hooks: tuple[int, ...], seat: Seat | None, names: Sequence[str] | None
) -> tuple[TileInfo | None, ...]:
    """What modules show at each casino (their declared ``casino_info(state, index, seat)``),
    seats named by *names* when given."""
    if not hooks:
        return _no_tiles(len(state.casinos))
    answers = []
    declared = state.config.ruleset.capabilities
    for i in hooks:
        hook = declared[i].casino_info
        assert hook is not None  # hooks lists the modules that declare it
        answers.append(hook(state, i, seat))
    found = _first_per_casino(len(state.casinos), answers)
    if names is None:
        return found
    return tuple(
        None
        if info is None
        else attrs.evolve(
            info,
            facts=tuple(attrs.evolve(f, text=_name_seats(f.text, names)) for f in info.facts),
        )
        for info in found
    )


def _casino_faces(state: State, hooks: tuple[int, ...]) -> tuple[tuple[DiceFaces, ...] | None, ...]:
    """The faces of the dice at casinos whose dice show any face (declared ``casino_faces``)."""
    if not hooks:
        return _no_tiles(len(state.casinos))
    answers = []
    declared = state.config.ruleset.capabilities
    for i in hooks:
        hook = declared[i].casino_faces
        assert hook is not None
        answers.append(hook(state, i))
    return _first_per_casino(len(state.casinos), answers)


def _first_per_casino(count: int, answers: Sequence[Sequence[_T | None]]) -> tuple[_T | None, ...]:
    """Per casino (the first *count*), the first of the modules' *answers* that is not ``None``."""
    found: list[_T | None] = [None] * count
    for answer in answers:
        for c, value in enumerate(answer[:count]):
            if found[c] is None and value is not None:
                found[c] = value
    return tuple(found)


def _rankings(
    state: State, hooks: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Each casino's payout order and ties now: the core's (``table.ranking``,
    ``payout.tied``), or a module's for a casino it pays itself (declared ``casino_ranking``)."""
    own: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    declared = state.config.ruleset.capabilities
    for i in hooks:
        hook = declared[i].casino_ranking
        assert hook is not None
        for c, found in enumerate(hook(state, i)):
            if found is not None:
                own.setdefault(c, found)
    core = _CORE_RANKINGS[tuple([(c.dice, c.big) for c in state.casinos])]
    if not own:
        return core
    ranks = list(core[0])
    ties = list(core[1])
    for c, (r, t) in own.items():
        if c < len(ranks):
            ranks[c], ties[c] = r, t
    return tuple(ranks), tuple(ties)


def _core_rankings(
    key: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...],
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The core's payout order and ties of each casino (``table.ranking``, ``payout.tied``),
    by each casino's dice and big dice per owner."""
    casinos = [Casino((), dice, big) for dice, big in key]
    ranks = tuple(ranking(casino) for casino in casinos)
    ties = tuple(tied(casino.weights() if any(casino.big) else casino.dice) for casino in casinos)
    return ranks, ties


_CORE_RANKINGS: Final[
    Interned[
        tuple[tuple[tuple[int, ...], tuple[int, ...]], ...],
        tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]],
    ]
] = Interned(_core_rankings, limit=512)
"""The core's rankings and ties of a table of casinos, by the casinos' dice and big dice
(views of one state are asked for again and again, by each seat; cleared past 512 tables). Keyed by
values alone, never by a casino or a state, so a lookup hashes a few small tuples of
integers."""


@functools.lru_cache(maxsize=16)
def _over(count: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """No ranking and no ties at a game's end: the dice left lie from the last round."""
    empty: tuple[tuple[int, ...], ...] = ((),) * count
    return empty, empty


def _final(state: State, aids: _Aids, names: Sequence[str] | None) -> FinalStandings:
    """The final standings (:func:`lasvegas.standings`) in order, the tie-break explained."""
    result = standings(state)
    money_ = result.money
    counts = result.notes
    n = len(money_)
    keys = [(money_[s], counts[s]) for s in range(n)]
    order = tuple(sorted(range(n), key=lambda s: (-keys[s][0], -keys[s][1], s)))
    places = [0] * n
    for rank_, s in enumerate(order):
        prev = order[rank_ - 1] if rank_ else None
        places[s] = places[prev] if prev is not None and keys[prev] == keys[s] else rank_ + 1
    noun = _tiebreak_noun(state, aids)
    label = functools.partial(seat_label, names=names)
    winners = result.winners
    best = max(money_)
    top = [s for s in order if money_[s] == best]
    if len(top) == 1:
        text = f"{label(top[0])} wins with {money(best)}."
    else:
        each = f"{_and([label(s) for s in top])} have {money(best)} each"
        tally = ", ".join(f"{label(s)} {counts[s]}" for s in top)
        rule = f"the most {noun} wins the tie ({tally})"
        if len(winners) == 1:
            text = f"{each}; {rule}: {label(winners[0])} wins."
        else:
            text = f"{each}; {rule}: {_and([label(s) for s in winners])} share the win."
    return FinalStandings(order, tuple(places), money_, counts, winners, text)


def _tiebreak_noun(state: State, aids: _Aids) -> str:
    """What the tie-break counts: the notes (or cards), and what modules add to the count
    (Royale's chips, R-8)."""
    noun, scorers = aids.money_names
    modules = state.config.modules
    players = state.config.players
    parts = [noun]
    for i, name in scorers:
        if any(modules[i].score(state, i, s).tiebreak for s in range(players)):
            parts.append(name)
    return " plus ".join(parts)


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
    state: State, seat: Seat | None, mover: Seat | Chance | None, names: Sequence[str] | None
) -> str:
    """The view's prompt (see :attr:`PlayerView.prompt`); seats named as
    :func:`lasvegas.text.seat_label` names them."""
    if mover is None:
        winners = [seat_label(w, names) for w in standings(state).winners]
        if len(winners) == 1:
            return f"The game is over: {winners[0]} wins"
        return f"The game is over: {_join(winners)} share the win"
    what = _pending(state)
    if mover is CHANCE:
        return f"Chance: {what}"
    if mover == seat:
        return f"Your turn: {what}"
    return f"Waiting for {seat_label(mover, names)} to {what}"


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
    owners = config.cached(_event_owners)
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
