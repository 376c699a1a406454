"""What the OpenSpiel adapter keeps of a game's history (private to
:mod:`lasvegas.adapters.openspiel`): each seat's information state, worked out only when
asked for, and the chance nodes' probabilities as floats.

A walk that never asks for an information state (MCTS rollouts, a random simulation, the
bench) keeps nothing per step but the engine's state: each state knows only the *anchor*,
the node of the history where every seat's information state is known (the start of the
game, a deserialised state, a resampled one), and its OpenSpiel history (a linked list:
one small tuple per action). The first time an information state is asked for on a line
of play, the actions since the anchor are replayed with :func:`lasvegas.step` to get their
events; from then on, each action on that line keeps its events at once, and every seat's
information state is worked out from its parent's when asked for.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from fractions import Fraction

import attrs

from ..actions import Action
from ..config import GameConfig
from ..engine import Step, apply, chance_outcomes, new_game, step, to_move
from ..events import Event
from ..modules.base import RuleModule
from ..serde import from_json, to_json
from ..state import State
from ..types import CHANCE
from ..view import observe_events

Trail = tuple[str, "Trail"] | None
"""What a seat saw, newest step first, as a linked list (appending shares the past)."""

Secret = tuple[tuple[str, object], ...]
"""What a seat's view shows beyond a spectator's: ``(where, value)`` pairs, the smallest
parts of the modules' slices and tasks that differ (:func:`secret`)."""


class Seen:
    """One seat's information state at one node: its trail, and what its view shows beyond
    a spectator's there (as pairs, or only as text in a deserialised state)."""

    __slots__ = ("_text", "pairs", "trail")

    def __init__(self, trail: Trail, pairs: Secret | None, text: str | None = None) -> None:
        self.trail = trail
        self.pairs = pairs
        self._text = text

    @property
    def text(self) -> str:
        if self._text is None:
            assert self.pairs is not None
            self._text = secret_text(self.pairs)
        return self._text

    def differs(self, pairs: Secret) -> bool:
        """Whether *pairs* is another secret than this one's."""
        if self.pairs is not None:
            return pairs != self.pairs
        return secret_text(pairs) != self.text


class Log:
    """A node of the history of a game with hidden information, on a line of play where
    information states are asked for: the step that led to it, its events, and each seat's
    information state there, worked out from its parent's when asked for. Once every seat's
    is known, the node drops its events, its spectator's view and its parent."""

    __slots__ = (
        "chosen",
        "depth",
        "events",
        "mover",
        "parent",
        "public",
        "seen",
        "state",
        "waiting",
    )

    def __init__(
        self,
        parent: Log | None,
        mover: int | None,
        chosen: Action | None,
        state: State,
        events: tuple[Event, ...],
        seen: list[Seen | None],
        depth: int,
    ) -> None:
        self.parent = parent
        self.mover = mover
        """The seat whose decision led here (``None``: chance, or the root)."""
        self.chosen = chosen
        """The action that led here (``None``: the root)."""
        self.state = state
        self.events = events
        self.seen = seen
        self.waiting = seen.count(None)
        self.public: tuple[object, ...] | None = None
        self.depth = depth
        """The length of the OpenSpiel history of the states at this node."""

    def seat(self, seat: int) -> Seen:
        """*seat*'s information state here (computed from the nearest known ancestor's)."""
        known = self.seen[seat]
        if known is not None:
            return known
        chain: list[Log] = []
        node: Log | None = self
        while node is not None and node.seen[seat] is None:
            chain.append(node)
            node = node.parent
        assert node is not None  # a root's information states are always known
        last = node.seen[seat]
        assert last is not None
        for node in reversed(chain):
            state = node.state
            if node.mover == seat:
                entry = f"you: {node.chosen!r}"
            else:
                events = observe_events(Step(state, node.events), seat)
                entry = "; ".join(map(repr, events)) or "-"
            if node.public is None:
                node.public = private_parts(state, None)
            pairs = secret(state, seat, node.public)
            if last.differs(pairs):
                now = Seen(None, pairs)
                now.trail = (f"{entry} | yours: {now.text}", last.trail)
            else:
                now = Seen((entry, last.trail), last.pairs, last._text)
            node.seen[seat] = last = now
            node.waiting -= 1
            if node.waiting == 0:  # every seat worked out: drop what only they needed
                node.events = ()
                node.public = None
                node.parent = None
        return last


def replay(anchor: Log, codes: Sequence[int], actions: tuple[Action, ...], players: int) -> Log:
    """The nodes of the actions *codes* (OpenSpiel ids) played from *anchor*, with their
    events: the line of play of a state whose information states were never asked for."""
    node = anchor
    state = anchor.state
    for code in codes:
        mover = to_move(state)
        chosen = chance_outcomes(state)[code][0] if mover is CHANCE else actions[code]
        done = step(state, chosen)
        state = done.state
        seat = mover if isinstance(mover, int) else None
        node = Log(node, seat, chosen, state, done.events, [None] * players, node.depth + 1)
    return node


History = tuple[int, int, "History"] | None
"""OpenSpiel's history of a state, newest first, as a linked list: ``(player, action id,
the rest)`` (``player`` is ``-1`` for chance)."""


class Frozen:
    """Holds an immutable :class:`~lasvegas.State`, its mover, the OpenSpiel history that
    led to it, and (hidden information) where its information states come from: its node of
    the history (:class:`Log`) once they are asked for on its line of play, otherwise the
    anchor.

    Copied by reference (OpenSpiel clones states with ``copy.deepcopy``; nothing here
    changes but caches of what the history implies) and pickled as the states' JSON, the
    history and the information states (OpenSpiel serialises a Python state by pickling its
    attributes).
    """

    __slots__ = (
        "anchor",
        "codes",
        "depth",
        "history",
        "legal",
        "log",
        "mover",
        "outcomes",
        "state",
    )

    def __init__(
        self, state: State, log: Log | None, anchor: Log | None, history: History, depth: int
    ) -> None:
        self.state = state
        self.mover = to_move(state)
        self.log = log
        """The history node (``None``: not asked for yet, or perfect information)."""
        self.anchor = anchor
        """Where the information states are known when :attr:`log` is not (``None`` in a
        perfect-information game)."""
        self.history = history
        self.depth = depth
        """The length of :attr:`history`."""
        self.outcomes: tuple[tuple[Action, Fraction], ...] | None = None
        self.legal: tuple[int, ...] | None = None
        self.codes: object = None
        """The adapter's action codes of the config (passed on to the children)."""

    def chance(self) -> tuple[tuple[Action, Fraction], ...]:
        if self.outcomes is None:
            self.outcomes = chance_outcomes(self.state)
        return self.outcomes

    def child(self, chosen: Action, code: int) -> Frozen:
        """The holder of the state after *chosen* (OpenSpiel's action id *code*)."""
        mover = self.mover
        seat = mover if isinstance(mover, int) else None
        history = (-1 if seat is None else seat, code, self.history)
        log = self.log
        if log is None:
            child = Frozen(apply(self.state, chosen), None, self.anchor, history, self.depth + 1)
        else:
            done = step(self.state, chosen)
            node = Log(
                log, seat, chosen, done.state, done.events, [None] * len(log.seen), log.depth + 1
            )
            child = Frozen(done.state, node, None, history, self.depth + 1)
        child.codes = self.codes
        return child

    def moves(self) -> list[tuple[int, int]]:
        """The history, oldest first: ``(player, action id)`` pairs."""
        out: list[tuple[int, int]] = []
        history = self.history
        while history is not None:
            out.append((history[0], history[1]))
            history = history[2]
        out.reverse()
        return out

    def line(self, actions: tuple[Action, ...]) -> Log:
        """This state's history node, replayed from the anchor if need be (*actions*: the
        action space)."""
        log = self.log
        if log is None:
            anchor = self.anchor
            assert anchor is not None
            if anchor.depth == self.depth:  # the anchor's own state (maybe shared by games)
                return anchor
            codes = [code for _, code in self.moves()[anchor.depth :]]
            log = replay(anchor, codes, actions, len(anchor.seen))
            log.state = self.state  # the same state, one object
            self.log = log
            self.anchor = None
        return log

    def __deepcopy__(self, memo: dict[int, object]) -> Frozen:
        return self

    def __reduce__(self) -> tuple[Callable[..., Frozen], tuple[object, ...]]:
        moves = tuple(self.moves())
        if self.log is None and self.anchor is None:
            return (_thaw, (to_json(self.state), None, None, moves))
        root = self.log if self.log is not None else self.anchor
        assert root is not None
        seen = [root.seat(seat) for seat in range(len(root.seen))]
        known = (
            to_json(root.state),
            root.depth,
            tuple(entries(s.trail) for s in seen),
            tuple(s.text for s in seen),
        )
        if self.log is not None:
            return (_thaw, (None, known, None, moves))
        return (_thaw, (to_json(self.state), None, known, moves))


_Known = tuple[str, int, tuple[tuple[str, ...], ...], tuple[str, ...]]


def _root(known: _Known) -> Log:
    text, depth, trails, secrets = known
    seen: list[Seen | None] = [
        Seen(trail(e), None, s) for e, s in zip(trails, secrets, strict=True)
    ]
    return Log(None, None, None, from_json(text, State), (), seen, depth)


def _thaw(
    text: str | None,
    log: _Known | None,
    anchor: _Known | None,
    moves: tuple[tuple[int, int], ...],
) -> Frozen:
    history: History = None
    for player, code in moves:
        history = (player, code, history)
    if log is not None:
        node = _root(log)
        return Frozen(node.state, node, None, history, len(moves))
    assert text is not None
    state = from_json(text, State)
    return Frozen(state, None, None if anchor is None else _root(anchor), history, len(moves))


def entries(trail: Trail) -> tuple[str, ...]:
    """A trail's entries, oldest first (flat: pickling a long linked list would recurse)."""
    out: list[str] = []
    while trail is not None:
        out.append(trail[0])
        trail = trail[1]
    return tuple(reversed(out))


def trail(items: tuple[str, ...]) -> Trail:
    """The trail of *items* (oldest first)."""
    out: Trail = None
    for item in items:
        out = (item, out)
    return out


def sampled(state: State, player: int, mine: Seen) -> Frozen:
    """The holder of a resampled *state*: *player*'s information state is *mine*, the other
    seats' start from *state* (nothing of the true state leaks through them)."""
    public = private_parts(state, None)
    seen: list[Seen | None] = []
    for seat in range(state.config.players):
        if seat == player:
            seen.append(mine)
            continue
        pairs = secret(state, seat, public)
        fresh = Seen(None, pairs)
        fresh.trail = (f"sampled for p{player}: {fresh.text}", None)
        seen.append(fresh)
    return Frozen(state, None, Log(None, None, None, state, (), seen, 0), None, 0)


def initial(config: GameConfig, imperfect: bool) -> Frozen:
    """The holder of the state before the first action (every seat's information state is
    what its view shows beyond a spectator's, if anything), built once per config and kept
    with it (:meth:`~lasvegas.GameConfig.cached`)."""
    return config.cached(_initial_imperfect if imperfect else _initial_perfect)


def _initial_perfect(config: GameConfig) -> Frozen:
    """:func:`initial` of a perfect-information game."""
    return Frozen(new_game(config), None, None, None, 0)


def _initial_imperfect(config: GameConfig) -> Frozen:
    """:func:`initial` of an imperfect-information game."""
    state = new_game(config)
    public = private_parts(state, None)
    seen: list[Seen | None] = []
    for seat in range(config.players):
        pairs = secret(state, seat, public)
        start = Seen(None, pairs)
        start.trail = (f"start: {start.text}", None) if pairs else None
        seen.append(start)
    return Frozen(state, None, Log(None, None, None, state, (), seen, 0), None, 0)


# -- what a seat sees beyond a spectator ---------------------------------------------------------


def _hiders(config: GameConfig) -> tuple[tuple[int, ...], frozenset[int]]:
    """The modules of *config* that redact their slices, and those that redact their tasks
    (the others show the same to every seat: nothing of theirs is compared)."""
    modules = config.modules
    return (
        tuple(i for i, m in enumerate(modules) if type(m).redact is not RuleModule.redact),
        frozenset(
            i for i, m in enumerate(modules) if type(m).public_task is not RuleModule.public_task
        ),
    )


def private_parts(state: State, seat: int | None) -> tuple[object, ...]:
    """The slices and pending tasks of the modules that redact them, as *seat* sees them
    (as in its view)."""
    config = state.config
    redacting, tasking = config.cached(_hiders)
    modules = config.modules
    parts: list[object] = [modules[i].redact(state, i, seat) for i in redacting]
    for task in state.tasks:
        if task.module in tasking:
            parts.append(modules[task.module].public_task(state, task.module, task, seat))
    return tuple(parts)


def secret(state: State, seat: int, public: tuple[object, ...]) -> Secret:
    """What *seat*'s view shows of the modules' slices and tasks beyond a spectator's
    (*public*: :func:`private_parts` for a spectator): the parts that differ, down to the
    smallest differing field or item (a card game seat's hand, not its whole slice)."""
    mine = private_parts(state, seat)
    out: list[tuple[str, object]] = []
    for i, (a, b) in enumerate(zip(mine, public, strict=True)):
        if a is not b and a != b:
            _diff(a, b, _label(state, i), out)
    return tuple(out)


def _label(state: State, part: int) -> str:
    """The name of the *part*-th item of :func:`private_parts` of *state*: the module's id,
    or ``task N`` (the N-th pending task)."""
    config = state.config
    redacting, tasking = config.cached(_hiders)
    if part < len(redacting):
        return config.modules[redacting[part]].id
    shown = [i for i, t in enumerate(state.tasks) if t.module in tasking]
    return f"task {shown[part - len(redacting)]}"


def secret_text(pairs: Secret) -> str:
    """*pairs* as text: ``where=value`` joined by ``; ``."""
    return "; ".join(f"{where}={value!r}" for where, value in pairs)


_FIELDS: dict[type, tuple[tuple[str, ...], Callable[[object], tuple[object, ...]]] | None] = {}
"""The fields of the classes :func:`_diff` has met, and a getter of their values (``None``:
not an attrs class)."""


def _fields(cls: type) -> tuple[tuple[str, ...], Callable[[object], tuple[object, ...]]] | None:
    """The fields of an attrs class and a getter of their values (``None``: not one)."""
    try:
        return _FIELDS[cls]
    except KeyError:
        found = None
        if attrs.has(cls):
            names = tuple(f.name for f in attrs.fields(cls))
            getter = operator.attrgetter(*names) if len(names) > 1 else None
            if getter is not None:
                found = (names, getter)
        if len(_FIELDS) < 4096:  # classes, a bounded set
            _FIELDS[cls] = found
        return found


def _diff(mine: object, public: object, where: str, out: list[tuple[str, object]]) -> None:
    """Append to *out* the smallest parts of *mine* that differ from *public*: attrs
    fields, and the items of tuples of tuples or attrs objects (judged by the first item; a
    hand, one item of the seats' hands, is a whole), are compared one by one."""
    kind = type(mine)
    if kind is type(public):
        if kind is tuple:
            assert isinstance(mine, tuple)
            assert isinstance(public, tuple)
            if (
                mine
                and len(mine) == len(public)
                and (type(mine[0]) is tuple or _fields(type(mine[0])) is not None)
            ):
                for i, (a, b) in enumerate(zip(mine, public, strict=True)):
                    if a is not b and a != b:
                        _diff(a, b, f"{where}[{i}]", out)
                return
        else:
            fields = _fields(kind)
            if fields is not None:
                names, getter = fields
                for name, a, b in zip(names, getter(mine), getter(public), strict=True):
                    if a is not b and a != b:
                        _diff(a, b, f"{where}.{name}", out)
                return
    out.append((where, mine))


# -- chance ----------------------------------------------------------------------------------


_FLOATS: dict[int, tuple[tuple[tuple[Action, Fraction], ...], tuple[tuple[int, float], ...]]] = {}
"""The ``(index, probability)`` pairs of chance nodes of 16 outcomes or more by the outcome
tuple's id (the engine gives the same tuple for every roll of so many dice; the draws of
cards and notes, short and new at each node, would only push the rolls out); the tuple is
kept with its pairs, so its id cannot be reused while cached. Bounded (cleared at 1,024
entries)."""


def probabilities(outcomes: tuple[tuple[Action, Fraction], ...]) -> list[tuple[int, float]]:
    """OpenSpiel's ``chance_outcomes()`` of *outcomes*: ``(index, probability)`` pairs."""
    cached = _FLOATS.get(id(outcomes))
    if cached is not None and cached[0] is outcomes:
        return list(cached[1])
    pairs = list(enumerate([p.numerator / p.denominator for _, p in outcomes]))
    if len(outcomes) >= 16:  # long lists (the engine's rolls) are kept; short ones are cheap
        if len(_FLOATS) >= 1024:
            _FLOATS.clear()
        _FLOATS[id(outcomes)] = (outcomes, tuple(pairs))
    return pairs
