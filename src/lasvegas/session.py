"""A game session: the loop every front-end writes, once (seats, bots, chance, event queues).

A :class:`Session` keeps one game. Each seat is taken by a :class:`Human` (whose choices the
front-end passes to :meth:`Session.act`) or a :class:`Bot` (an agent of
:mod:`lasvegas.agents`, which sees only its view). After every human action, and when the
session starts, it plays on by itself (chance outcomes drawn with the session's seeded
:class:`~lasvegas.Rng`, bots' moves) until a human must decide or the game is over. Each
seat, and the spectators, have their own queue of redacted events with their texts
(:meth:`Session.take_notices`).

In the card game every seat chooses its cards at once (K-5, K-13): :meth:`Session.waiting`
lists every human seat that still has to choose, and a choice from any of them is taken as
it comes, kept (hidden from the others) until that seat's turn to commit (K-13).

The session does no I/O and reads no clock: a web server, a chat bot or a terminal drives it,
and the same seed with the same human actions plays the same game. It is not thread-safe: a
server serialises the calls on one session (one lock, or one task, per table).

>>> import lasvegas as lv
>>> from lasvegas.session import Bot, Human, Session
>>> session = Session(lv.classic(2), (Human("Ann"), Bot("greedy")), seed=1)
>>> session.waiting()
(0,)
>>> view = session.view(0)
>>> view.prompt
'Your turn: choose dice to place'
>>> session.act(0, view.legal[0])
>>> [n.text for n in session.take_notices(0)][:2]
['Casino 1 gets a $40,000 note', 'Casino 1 gets a $20,000 note']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from .actions import Action, action_problem, safe_repr
from .agents import Agent, make_agent
from .agents.base import BaseAgent
from .chance import Rng
from .config import GameConfig
from .engine import (
    Standings,
    legal_actions,
    new_game,
    sample_chance,
    standings,
    step,
    to_move,
)
from .errors import IllegalActionError
from .events import DicePlaced, Event
from .record import Record
from .state import State
from .text import _name_seats, describe, describe_event
from .types import CHANCE, Seat
from .view import PlayerView, observe, observe_events

__all__ = ["Bot", "BotTurn", "Human", "Notice", "Progress", "Session", "notice_data"]


@attrs.frozen
class Human:
    """A seat taken by a person: the front-end passes its choices to :meth:`Session.act`.

    >>> Human("Ann")
    Human(name='Ann')
    """

    name: str
    """The player's name, shown in views and texts."""


@attrs.frozen
class Bot:
    """A seat taken by an agent of :mod:`lasvegas.agents`, by its spec (``"greedy"``,
    ``"search:playouts=200"``).

    >>> Bot("random").name
    'random'
    """

    agent: str = "greedy"
    """The agent's spec, as :func:`lasvegas.agents.make_agent` reads it."""
    name: str = attrs.field(default=attrs.Factory(lambda self: self.agent, takes_self=True))
    """The name shown for the seat (the spec by default)."""


@attrs.frozen
class Notice:
    """One entry of a seat's queue: an event as that seat may see it, with its text.

    ``event`` is ``None`` for what the session itself announces (to the seat itself, a
    choice made at once in the card game, which the game records only at that seat's turn).
    Equal events one after another that a class collapses (it defines
    ``text_many(count, state)``: the card game's draws) make one notice with their
    ``count``; to the seat that drew, its text names the cards (its own view's hand before
    and after), to the others it does not.
    """

    event: Event | None
    """The redacted event (:func:`lasvegas.observe_events`), or ``None``."""
    text: str
    """The event in English, naming the players as ``Seat 1 (Ann)``
    (:func:`lasvegas.text.seat_label`)."""
    turn: int = 0
    """The group of lines the notice belongs to, counted by the session from 1: a round's
    start, each turn, each payout (an event class with ``opens_turn = True`` opens one; a
    run of such events of one class opens one). 0: before the first."""
    kind: str | None = None
    """The event's ``kind`` (``"dice-placed"``), ``"chosen"`` for a choice the session
    announces, or ``None``."""
    highlight: tuple[int, ...] = ()
    """The casinos a placement or reveal touched (numbers from 1), for a mark on the board;
    empty for other notices."""
    count: int = 1
    """How many equal events the notice stands for (collapsed draws)."""


def _highlight(event: Event) -> tuple[int, ...]:
    """The casinos a placement (``DicePlaced``) or a reveal (an event class's
    ``highlight()``) touched."""
    if isinstance(event, DicePlaced):
        return (event.casino,)
    mark = getattr(event, "highlight", None)
    if callable(mark):
        found = mark()
        if isinstance(found, tuple) and all(type(c) is int for c in found):
            return found
    return ()


def _join_words(items: Sequence[str]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def notice_data(notice: Notice) -> dict[str, object]:
    """*notice* as JSON-ready data for a log entry: ``text``, ``event`` (the
    ``lasvegas/event`` data, or ``None``), ``turn``, ``kind``, ``highlight``
    (``{"casinos": [...]}`` or ``None``) and ``count``.

    >>> import lasvegas as lv
    >>> notice_data(Notice(lv.DicePlaced(1, 5, 5, (2, 0, 0, 0)), "Seat 1 places two 5s", 3,
    ...     "dice-placed", (5,)))["highlight"]
    {'casinos': [5]}
    """
    from .serde import to_data  # the serde registry loads every edition: only when used

    return {
        "text": notice.text,
        "event": None if notice.event is None else to_data(notice.event),
        "turn": notice.turn,
        "kind": notice.kind,
        "highlight": {"casinos": list(notice.highlight)} if notice.highlight else None,
        "count": notice.count,
    }


@attrs.frozen
class Progress:
    """Where a session stands beyond its config, seats and seed: what a store keeps to
    rebuild the very same session later (:meth:`Session.progress`, ``Session(progress=...)``).

    The rebuilt session has the same state, the same held choices, the same version, and its
    chance and bots go on drawing exactly where they were.
    """

    actions: tuple[Action, ...]
    """Every action applied so far (chance outcomes, bots' and humans' moves)."""
    held: tuple[tuple[Seat, Action], ...]
    """The choices made at once and held back until their seat's turn, by seat (the name of
    the stored JSON field; not what a module's :meth:`~lasvegas.RuleModule.held` means)."""
    rng: int
    """The state of the session's generator (:attr:`lasvegas.Rng.state`)."""
    agents: tuple[tuple[Seat, int], ...]
    """The state of each bot's generator, by seat."""
    version: int
    """The session's :attr:`Session.version`."""


@attrs.frozen
class BotTurn:
    """A bot's move to be chosen (:meth:`Session.bot_turn`): choosing it reads only this
    object, so a server may run :meth:`choose` outside its table's lock, then hand the
    action to :meth:`Session.play_bot`."""

    seat: Seat
    """The bot's seat."""
    view: PlayerView
    """What the bot sees."""
    legal: tuple[Action, ...]
    """Its legal actions."""
    state: State = attrs.field(eq=False, repr=False)
    """The state the move is chosen in."""
    agent: Agent = attrs.field(eq=False, repr=False)
    """The bot's agent."""

    def choose(self) -> Action:
        """The bot's choice (may take the bot's whole thinking budget)."""
        return self.agent.choose(self.view, self.legal)


class Session:
    """One game with its seats, its chance and its event queues (see the module docs).

    *seats* gives a :class:`Human` or a :class:`Bot` per seat. *seed* seeds the chance
    outcomes and the bots. *state* resumes a game (the config must be the state's).
    *progress* rebuilds a session saved with :meth:`progress` (same config, seats and
    seed). With ``autoplay=False`` the session does not play the bots' moves by itself:
    :attr:`thinking` names the bot to move and :meth:`bot_step` plays one move (a server
    runs them in its own workers, one by one). Raises ``ValueError`` for a wrong number of
    seats.
    """

    def __init__(
        self,
        config: GameConfig,
        seats: Sequence[Human | Bot],
        *,
        seed: int = 0,
        state: State | None = None,
        progress: Progress | None = None,
        autoplay: bool = True,
    ) -> None:
        if len(seats) != config.players:
            raise ValueError(f"{config.players} seats are needed, not {len(seats)}")
        if state is not None and state.config != config:
            raise ValueError("the state belongs to another config")
        self.config = config
        """The game's configuration."""
        self.seats: tuple[Human | Bot, ...] = tuple(seats)
        """Who takes each seat."""
        self.names: tuple[str, ...] = tuple(s.name for s in self.seats)
        """The players' names, seat by seat."""
        self.seed = seed
        """The seed of the chance outcomes and the bots."""
        self._rng = Rng(seed)
        self._agents: dict[Seat, Agent] = {
            s: make_agent(spec.agent, seed=self._rng.next_u64())
            for s, spec in enumerate(self.seats)
            if isinstance(spec, Bot)
        }
        self._state = state if state is not None else new_game(config)
        self._actions: list[Action] = []
        self._held: dict[Seat, Action] = {}
        self._queues: dict[Seat | None, list[Notice]] = {
            s: [] for s in (None, *range(config.players))
        }
        self._turn = 0
        self._drawn_cards: Counter[str] = Counter()  # the cards of the seat's draws in a run
        self._last: type | None = None  # the class of the last event (a run opens one turn)
        self._hands = tuple(
            i for i, c in enumerate(config.ruleset.capabilities) if c.hand_labels is not None
        )
        self._autoplay = autoplay
        self._version = 0
        if progress is not None:
            self._resume(progress)
        self._play_on()

    # -- reading ---------------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The game's state now (never send it to a player: send :meth:`view`)."""
        return self._state

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return to_move(self._state) is None

    def standings(self) -> Standings:
        """The standings now (:func:`lasvegas.standings`)."""
        return standings(self._state)

    def record(self) -> Record:
        """The game so far as a :class:`~lasvegas.Record` (config, actions, names, seed)."""
        return Record(self.config, tuple(self._actions), names=self.names, seed=self.seed)

    def waiting(self) -> tuple[Seat, ...]:
        """The human seats whose decision the game waits for (several at once in the card
        game's simultaneous choice; empty once the game is over)."""
        return tuple(s for s in self._deciders() if isinstance(self.seats[s], Human))

    def legal(self, seat: Seat) -> tuple[Action, ...]:
        """What *seat* may do now: its legal actions if it is to move, its choices if it
        chooses at once with others and has not chosen yet, else nothing."""
        self._check_seat(seat)
        if seat in self._held:
            return ()
        mover = to_move(self._state)
        if mover == seat:
            return legal_actions(self._state)
        if seat in self._choosers():
            return self._chooser_actions(seat)
        return ()

    def view(self, seat: Seat | None = None) -> PlayerView:
        """*seat*'s view (``None``: a spectator's), with the players' names, and with its
        choices when it chooses at once with other seats."""
        if seat is not None:
            self._check_seat(seat)
        view = observe(self._state, seat, names=self.names)
        if seat is None or to_move(self._state) == seat:
            return view
        if seat in self._held:
            return attrs.evolve(view, prompt="You have chosen: waiting for the others")
        if seat in self._choosers():
            legal = self._chooser_actions(seat)
            task = self._state.tasks[0]
            what = type(task).prompt or task.kind
            labels = tuple(_name_seats(describe(action), self.names) for action in legal)
            return attrs.evolve(view, legal=legal, labels=labels, prompt=f"Your turn: {what}")
        return view

    @property
    def version(self) -> int:
        """How many changes the session has seen: each action a seat took (:meth:`act`) and
        each bot move counts one. Pass it to :meth:`act` to refuse a stale action."""
        return self._version

    @property
    def thinking(self) -> Seat | None:
        """The bot seat whose move comes next when the session does not play bots by itself
        (``autoplay=False``), else ``None``."""
        mover = to_move(self._state)
        if mover is None or mover is CHANCE or mover not in self._agents:
            return None
        return mover

    def progress(self) -> Progress:
        """Where the session stands, to rebuild it later with ``Session(progress=...)``."""
        return Progress(
            tuple(self._actions),
            tuple(self._held.items()),
            self._rng.state,
            tuple((s, a.rng.state) for s, a in self._agents.items() if isinstance(a, BaseAgent)),
            self._version,
        )

    def take_notices(self, seat: Seat | None = None) -> tuple[Notice, ...]:
        """Empty *seat*'s queue (``None``: the spectators') and return what was in it."""
        if seat is not None:
            self._check_seat(seat)
        queue = self._queues[seat]
        notices = tuple(queue)
        queue.clear()
        return notices

    # -- acting ----------------------------------------------------------------------------------

    def act(self, seat: Seat, action: Action, *, version: int | None = None) -> None:
        """Take *seat*'s *action*, then play on until a human must decide.

        Raises :class:`~lasvegas.IllegalActionError` (and changes nothing) when the action
        is not legal for that seat now (reason ``"not-your-turn"`` when the seat has nothing
        to decide, ``"bot-seat"`` for a bot's seat, ``"bad-type"`` when a field does not
        hold exactly its declared type, ``"stale"`` when *version* is given and is not the
        session's :attr:`version`: the action was chosen against another state). The action
        is checked in full here, before anything changes; the error names that action only.
        """
        self._check_seat(seat)
        if version is not None and (type(version) is not int or version != self._version):
            raise IllegalActionError(
                safe_repr(action),
                self._phase(),
                f"chosen at version {safe_repr(version)}, the session is at {self._version}",
                "stale",
            )
        problem = action_problem(action)
        if problem is not None:
            raise IllegalActionError(safe_repr(action), self._phase(), problem, "bad-type")
        if isinstance(self.seats[seat], Bot):
            raise IllegalActionError(
                safe_repr(action), self._phase(), f"seat {seat} is a bot", "bot-seat"
            )
        mover = to_move(self._state)
        if mover == seat and seat not in self._held:
            self._apply(action)  # raises IllegalActionError with the state unchanged
        elif seat in self._choosers() and seat not in self._held:
            choices = self._chooser_actions(seat)
            if action not in choices:
                canonical = action.canonical()
                if canonical not in choices or action_problem(canonical) is not None:
                    raise IllegalActionError(
                        safe_repr(action),
                        self._phase(),
                        "not one of the seat's choices",
                        "not-legal",
                    )
                action = canonical
            self._held[seat] = action
            # Announced once: to the seat itself now, naming its choice; to the others by
            # the game's own event at its turn to commit (K-13), which the seat then skips.
            chosen = _name_seats(describe(action), self.names)
            self._queues[seat].append(
                Notice(None, f"You have chosen: {chosen}", self._turn, "chosen")
            )
        else:
            raise IllegalActionError(
                repr(action),
                self._phase(),
                f"seat {seat} has nothing to decide now",
                "not-your-turn",
            )
        self._version += 1
        self._play_on()

    def bot_step(self) -> bool:
        """Play the next bot's move (with the chance outcomes and held choices that follow)
        and say whether there was one to play (see :attr:`thinking`)."""
        turn = self.bot_turn()
        return turn is not None and self.play_bot(turn, turn.choose())

    def bot_turn(self) -> BotTurn | None:
        """The next bot's move to choose (see :attr:`thinking`), or ``None``."""
        seat = self.thinking
        if seat is None:
            return None
        state = self._state
        view = observe(state, seat)
        return BotTurn(seat, view, legal_actions(state), state, self._agents[seat])

    def play_bot(self, turn: BotTurn, action: Action) -> bool:
        """Apply the *action* a bot chose for *turn* (with the chance outcomes and held
        choices that follow) unless the game has moved on since; say whether it was."""
        if turn.state is not self._state or self.thinking != turn.seat:
            return False
        self._apply(action)
        self._version += 1
        self._play_on()
        return True

    # -- inside ----------------------------------------------------------------------------------

    def _check_seat(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat < self.config.players:
            raise ValueError(f"seat must be 0..{self.config.players - 1}, not {seat!r}")

    def _phase(self) -> str:
        return self._state.phase.value

    def _choosers(self) -> tuple[Seat, ...]:
        """The seats that choose at once now (a module's declared ``choosers``), else ()."""
        state = self._state
        if not state.tasks:
            return ()
        task = state.tasks[0]
        hook = state.config.ruleset.capabilities[task.module].choosers
        if hook is None:
            return ()
        seats: tuple[Seat, ...] = hook(state, task.module, task)
        return seats

    def _chooser_actions(self, seat: Seat) -> tuple[Action, ...]:
        state = self._state
        task = state.tasks[0]
        hook = state.config.ruleset.capabilities[task.module].chooser_actions
        assert hook is not None, "a module that declares choosers declares chooser_actions"
        return hook(state, task.module, task, seat)

    def _deciders(self) -> tuple[Seat, ...]:
        mover = to_move(self._state)
        if mover is None or mover is CHANCE:
            return ()
        together = [s for s in self._choosers() if s not in self._held]
        if together:
            return tuple(together)
        return (mover,)

    def _apply(self, action: Action, *, held: Seat | None = None) -> None:
        """Apply *action* and queue its events; *held*: a choice the seat was told of when
        it chose (its commitment's notice is not queued to it again)."""
        before = self._state
        result = step(before, action)  # raises before anything changes
        state = self._state = result.state
        self._actions.append(action)
        turns = self._count_turns(result.events)
        texts: dict[Event, str] = {}  # an event most seats see alike is written once
        for viewer, queue in self._queues.items():
            seen = observe_events(result, viewer)
            # a module that drops an event for this viewer: its events get the last turn
            groups = turns if len(seen) == len(result.events) else [self._turn] * len(seen)
            for i, (event, turn) in enumerate(zip(seen, groups, strict=True)):
                if i == 0 and held is not None and viewer == held:
                    continue  # the seat heard "You have chosen" when it chose (K-13)
                many = getattr(event, "text_many", None)
                if callable(many) and queue and queue[-1].event == event:
                    last = queue[-1]
                    count = last.count + 1
                    said = _name_seats(str(many(count, state)), self.names)
                    own = self._drawn(before, viewer, event, last)
                    queue[-1] = attrs.evolve(last, text=said + own, count=count)
                    continue
                known = texts.get(event)
                if known is None:
                    known = texts[event] = self._text(event, state)
                if callable(many):
                    known += self._drawn(before, viewer, event, None)
                queue.append(Notice(event, known, turn, event.kind, _highlight(event)))

    def _drawn(self, before: State, viewer: Seat | None, event: Event, last: Notice | None) -> str:
        """For *viewer*'s own draw (*event* names it as ``seat``): ``": 2, 5 and double 4"``,
        the cards of its hand (as its own view shows them) that the run of draws brought;
        ``""`` for anybody else."""
        if viewer is None or getattr(event, "seat", None) != viewer or not self._hands:
            return ""
        if last is None:
            self._drawn_cards = Counter()
        after = self._hand(self._state, viewer)
        new = Counter(after) - Counter(self._hand(before, viewer))
        self._drawn_cards.update(new)
        cards = sorted(self._drawn_cards.elements(), key=after.index)
        return f": {_join_words(cards)}" if cards else ""

    def _hand(self, state: State, seat: Seat) -> list[str]:
        """*seat*'s hand in words, read from its own view of the modules that declare
        ``hand_labels``."""
        declared = state.config.ruleset.capabilities
        modules = state.config.modules
        labels: list[str] = []
        for i in self._hands:
            hook = declared[i].hand_labels
            assert hook is not None
            labels.extend(hook(modules[i].redact(state, i, seat), seat))
        return labels

    def _text(self, event: Event, state: State) -> str:
        return _name_seats(describe_event(event, state), self.names)

    def _play_on(self) -> None:
        """Resolve chance, bots' moves (with autoplay) and held choices until a human must
        decide (or a bot, without autoplay)."""
        while (mover := to_move(self._state)) is not None:
            if mover is CHANCE:
                self._apply(sample_chance(self._state, self._rng))
            elif mover in self._held:
                self._apply(self._held.pop(mover), held=mover)
            elif mover in self._agents and self._autoplay:
                view = observe(self._state, mover)
                self._apply(self._agents[mover].choose(view, legal_actions(self._state)))
                self._version += 1
            else:
                return

    def _count_turns(self, events: Sequence[Event]) -> list[int]:
        """The group (:attr:`Notice.turn`) of each of a step's *events*, in order."""
        turns: list[int] = []
        for event in events:
            cls = type(event)
            if getattr(cls, "opens_turn", False) is True and cls is not self._last:
                self._turn += 1
            self._last = cls
            turns.append(self._turn)
        return turns

    def _resume(self, progress: Progress) -> None:
        """Replay *progress*'s actions (no notices: the store keeps the logs, but the turn
        count goes on where it was) and take on its held choices, generators and version."""
        state = self._state
        for action in progress.actions:
            result = step(state, action)
            self._count_turns(result.events)
            state = result.state
        self._state = state
        self._actions = list(progress.actions)
        self._held = dict(progress.held)
        self._rng = Rng.from_state(progress.rng)
        for seat, rng in progress.agents:
            agent = self._agents.get(seat)
            if isinstance(agent, BaseAgent):
                agent.rng = Rng.from_state(rng)
        self._version = progress.version
