"""The rule-module base class: a closed set of hooks every module plugs into.

A module is a frozen attrs class whose fields are its options. It owns one slice of the
state (``state.modules[index]``, a :class:`ModuleState` or ``None``) and overrides only the
hooks it needs. The core calls a hook only if the module overrides it, so a module that
sleeps costs nothing. ``docs/concepts.md`` shows how every module of every edition maps onto
these hooks.

The thirteen rule hooks, by when they run:

* config time: :meth:`RuleModule.configure` (adjust the edition's :class:`~lasvegas.config.Params`)
  and :meth:`RuleModule.initial_state`;
* reactions: :meth:`RuleModule.react` to the core events named in :attr:`RuleModule.listens`
  (the one declaration of what a module hears), narrowed per casino by the speed hint
  :meth:`RuleModule.hears` (for the two events about one casino, ``DicePlaced`` and
  ``CasinoPaid``);
* decisions and chance of its own: the module pushes a :class:`Task`; while a task is first
  in ``state.tasks`` the engine asks the :class:`TaskHandler` the module declares for that
  task type (:meth:`RuleModule.task_handlers`, one handler per type) who moves, what is
  legal, what chance may bring, and hands it the answer;
* extra actions at a placement decision: :meth:`RuleModule.offer` (then :meth:`RuleModule.perform`),
  and casinos closed to placements: :meth:`RuleModule.closed`;
* payout: :meth:`RuleModule.payout` takes over one casino's payout;
* next round: :meth:`RuleModule.next_start`;
* scoring and accounting: :meth:`RuleModule.score` (a :class:`Score`: money and tie-break
  count, each on its own: a module may add to the count without adding money) and
  :meth:`RuleModule.held`;
* views: :meth:`RuleModule.redact`, :meth:`RuleModule.public_task`,
  :meth:`RuleModule.redact_event`, and :meth:`RuleModule.resample_hidden` for leak tests;
* loading: :meth:`RuleModule.problems` (the slice's own invariants).

Everything else a module may offer is optional and *declared*, never looked up by name:
:meth:`RuleModule.capabilities` returns a :class:`Capabilities` (describing its actions,
labels for views, determinisation, its action space for the adapters ...), read once per
config into :attr:`lasvegas.config.Ruleset.capabilities`.

Casinos are named by number (:data:`~lasvegas.types.CasinoNumber`, 1-based: casino *n* is
the casino of face *n*) everywhere but in :meth:`RuleModule.payout`, which gets the casino's
index in ``state.casinos`` (:data:`~lasvegas.types.CasinoIndex`, 0-based).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

import attrs

from .._tags import claim
from ..types import CasinoIndex, CasinoNumber, Chance, Money, Seat
from ._bases import ModuleState, Task

if TYPE_CHECKING:
    from ..actions import Action
    from ..chance import Rng
    from ..config import Params
    from ..events import Event
    from ..state import State
    from .observation import Determiniser, SliceEncoder

__all__ = [
    "Capabilities",
    "DiceFaces",
    "Held",
    "LegendEntry",
    "ModuleState",
    "RuleModule",
    "Score",
    "SliceT",
    "Task",
    "TaskHandler",
    "TileFact",
    "TileInfo",
]


@attrs.frozen
class TaskHandler:
    """How a module resolves one of its task types; :meth:`RuleModule.task_handlers`
    declares one per type in :attr:`RuleModule.tasks`.

    While a task of the type is first in ``state.tasks``, the engine asks :attr:`to_move`
    who answers it, :attr:`actions` what a seat may answer, :attr:`outcomes` and
    :attr:`sample` what chance may answer, and hands the answer to :attr:`resolve`. Each
    gets ``(state, index, ...)`` where *index* is the module's index in ``config.modules``
    and the task is ``state.tasks[0]``.

    >>> import lasvegas as lv
    >>> from lasvegas.classic.neutral_dice import NeutralRoll
    >>> lv.NeutralDice().task_handlers()[NeutralRoll].to_move is None  # a chance node
    True
    """

    resolve: Callable[[State, int, Action, list[Event] | None], State]
    """``(state, index, action, log) -> state``: apply the answer to the first task. The
    engine has checked a decision against :attr:`actions`; a chance outcome must be checked
    here (raise :class:`~lasvegas.errors.IllegalActionError`). Pop the task or replace it."""
    to_move: Callable[[State, int, Task], Seat | Chance] | None = None
    """``(state, index, task) -> seat or CHANCE``: who answers; ``None``: always chance."""
    actions: Callable[[State, int, Task], tuple[Action, ...]] | None = None
    """``(state, index, task) -> actions``: the legal answers of a decision."""
    outcomes: Callable[[State, int, Task], tuple[tuple[Action, Fraction], ...]] | None = None
    """``(state, index, task) -> outcomes``: a chance node's outcomes, exact probabilities."""
    sample: Callable[[State, int, Task, Rng], Action] | None = None
    """``(state, index, task, rng) -> action``: one chance outcome drawn directly."""
    run: Callable[[State, int, Task, Rng], tuple[State, tuple[Action, ...]]] | None = None
    """``(state, index, task, rng) -> (state, actions)``: resolve the first task, a chance
    node, and any chance tasks of the module that follow it, in one go, for
    :func:`~lasvegas.play_chance`. It draws from *rng* in exactly the order the node-by-node
    loop (:attr:`sample`, then :attr:`resolve`) would, returns the state that loop would
    reach and the actions drawn (at least one), and may stop early at any node. Build it
    from the module's own resolve and draw functions (the table operations,
    :class:`~lasvegas.edit.Draft`), never as a second copy of the rules. ``None``: the
    engine samples and resolves one node at a time."""


@attrs.frozen
class TileFact:
    """One piece of the public state of what lies at a casino (a Royale tile's counter, token
    holder, stock ...), for a view (:attr:`lasvegas.PlayerView.casino_info`).

    >>> TileFact("amount", "Jackpot: $50,000", amount=50_000)
    TileFact(key='amount', text='Jackpot: $50,000', amount=50000, seat=None, values=())
    """

    key: str
    """What the fact is, a stable id per tile (``"amount"``, ``"holder"``, ``"clusters"``)."""
    text: str
    """The fact in a short English sentence, seats named ``Seat 2``."""
    amount: Money | None = None
    """An amount of dollars the fact is about (the Jackpot's), or ``None``."""
    seat: Seat | None = None
    """The seat the fact is about (Power Play's holder), or ``None``."""
    values: tuple[int, ...] = ()
    """Numbers the fact is about (Block It!'s clusters, My Choice's black dice), or ``()``."""


@attrs.frozen
class TileInfo:
    """What lies at a casino besides its notes, as a viewer may know it: a Royale tile's
    name, its rule in short, and its public state.

    >>> TileInfo("Jackpot", "A2", "Throw two black dice ...").facts
    ()
    """

    name: str
    """Its name (``"Jackpot"``)."""
    code: str
    """Its code (a Royale face code such as ``"A2"``), or ``""``."""
    rule: str
    """Its rule in a few sentences."""
    facts: tuple[TileFact, ...] = ()
    """Its public state now (empty: nothing to show)."""


@attrs.frozen
class DiceFaces:
    """Dice of one owner showing one face at a casino whose dice show other faces than its
    number (the slot machine, B-7).

    >>> DiceFaces(owner=1, face=6, dice=2)
    DiceFaces(owner=1, face=6, dice=2)
    """

    owner: int
    """The owner, numbered as in a casino's ``dice`` (seats, then imaginary owners)."""
    face: int
    """The face they show."""
    dice: int
    """How many, a big die counting two."""


@attrs.frozen
class LegendEntry:
    """A kind of die or card a view's drawing may show, explained (neutral, blank and kicker
    dice, rainbow cards ...).

    >>> LegendEntry("neutral", "Neutral dice", "#f5f5f5", "White dice of nobody.").key
    'neutral'
    """

    key: str
    """A stable id (``"neutral"``, ``"blank"``, ``"kicker"``, ``"rainbow"``)."""
    name: str
    """Its name."""
    colour: str | None
    """The colour it is drawn in (CSS hex), or ``None``."""
    text: str
    """What it is and does, in a sentence or two."""


@attrs.frozen
class Capabilities:
    """What a module offers beyond the rule hooks, declared by :meth:`RuleModule.capabilities`.

    Every field is optional (``None``: the module does not offer it). The library never
    looks a capability up by name on a module: it reads the module's declaration once per
    config (:attr:`lasvegas.config.Ruleset.capabilities`).

    >>> import lasvegas as lv
    >>> lv.Royale().capabilities().score_name
    'chips'
    >>> Capabilities().describe_action is None
    True
    """

    describe_action: Callable[[State, int, Action], str | None] | None = None
    """``(state, index, action) -> text``: the words for an action answering the module's
    first pending task (:func:`lasvegas.describe`); ``None`` from it: the generic text."""
    action_space: Callable[[int], tuple[Action, ...]] | None = None
    """``(players) -> actions``: every decision action the module could ever make legal, in a
    fixed order and without duplicates. Together with the core's placements this is the
    fixed integer encoding of a config's actions (:func:`lasvegas.action_space`) that the
    reinforcement-learning adapters use. A module that offers or asks for decisions must
    declare it."""
    determinise: Determiniser | None = None
    """``(state, index, view, rng) -> state``: complete the module's hidden part in a state
    rebuilt from *view* (:func:`lasvegas.agents.determinise`); a module that hides something
    (it overrides :meth:`RuleModule.redact` or :meth:`RuleModule.resample_hidden`) needs it
    for search agents to see through its secrets."""
    casino_labels: Callable[[State, int], tuple[str | None, ...]] | None = None
    """``(state, index) -> labels``: a label per casino for drawings (Royale's tiles)."""
    hand_labels: Callable[[ModuleState | None, Seat | None], tuple[str, ...]] | None = None
    """``(slice as seen, seat) -> labels``: the viewer's hand in words (the card game)."""
    choosers: Callable[[State, int, Task], tuple[Seat, ...]] | None = None
    """``(state, index, task) -> seats``: the seats that choose at once while *task* is
    pending (the card game's simultaneous choice), for :class:`lasvegas.session.Session`."""
    chooser_actions: Callable[[State, int, Task, Seat], tuple[Action, ...]] | None = None
    """``(state, index, task, seat) -> actions``: what one of :attr:`choosers` may choose."""
    casino_info: Callable[[State, int, Seat | None], tuple[TileInfo | None, ...]] | None = None
    """``(state, index, seat) -> info``: per casino, what lies there besides its notes as
    *seat* may know it (a Royale tile: name, rule, public state), for a view's
    :attr:`~lasvegas.PlayerView.casino_info`; ``None`` for a casino with nothing."""
    casino_faces: Callable[[State, int], tuple[tuple[DiceFaces, ...] | None, ...]] | None = None
    """``(state, index) -> faces``: per casino whose dice show other faces than its number
    (the slot machine), the faces they show; ``None`` for a casino whose dice show its
    number."""
    casino_ranking: (
        Callable[[State, int], tuple[tuple[tuple[int, ...], tuple[int, ...]] | None, ...]] | None
    ) = None
    """``(state, index) -> rankings``: per casino the module pays itself, ``(ranked, tied)``
    as its payout would rank the owners now; ``None`` for a casino the core pays."""
    legend: tuple[LegendEntry, ...] = ()
    """The kinds of dice or cards the module adds to a drawing, explained."""
    notes_name: str | None = None
    """What a view calls the money won at casinos (``"cards"``); ``None``: ``"notes"``."""
    score_name: str | None = None
    """What a view calls the money :meth:`RuleModule.score` adds; ``None``: the module id."""
    slice_encoder: SliceEncoder | None = None
    """``(config, index) -> [(segment, fill), ...]``: the module's part of the adapters'
    observation vector (:mod:`lasvegas.modules.observation`); ``None``: the generic encoding
    (an ``in_play`` flag, and the casino of a slice that has a ``casino`` field)."""


_S = TypeVar("_S", bound="ModuleState")
"""The slice type :meth:`RuleModule.with_slice` takes (invariant: the method's own)."""

NO_CAPABILITIES: Capabilities = Capabilities()
"""A module that declares nothing optional."""


@attrs.frozen
class Held:
    """What a module keeps aside from the supplies, casinos, pile and seats: the answer of
    :meth:`RuleModule.held`, which the conservation checks count.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.cardgame(3))
    >>> held = state.config.modules[0].held(state, 0)
    >>> held.dice, held.notes
    ((30, 30, 30), ())
    """

    dice: tuple[int, ...] = ()
    """Dice per owner (seats, then imaginary owners; shorter: the rest hold none). A negative
    count is dice the module lends an owner on the table (Royale's Prime Time: black dice
    in a casino count as a seat's dice)."""
    notes: tuple[Money, ...] = ()
    """Banknotes (or cards counted as notes) out of the pile, the casinos and the seats'
    money."""


NOTHING_HELD: Held = Held()
"""A module that keeps nothing aside."""


@attrs.frozen
class Score:
    """What a module adds to one seat's standings: the answer of :meth:`RuleModule.score`.

    Each part counts on its own: a module may add to the tie-break count without adding
    money, or money without adding to the count.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.royale(3))  # two chips each (R-5)
    >>> state.config.modules[0].score(state, 0, 0)
    Score(money=20000, tiebreak=2)
    """

    money: Money = 0
    """Money added to the seat's standings (chips, chip cards ...)."""
    tiebreak: int = 0
    """Added to the seat's tie-break count (C-16: the number of notes; R-8: and chips)."""


NO_SCORE: Score = Score()
"""A module that adds nothing to the standings."""


if TYPE_CHECKING:  # a TypeVar default (PEP 696) is Python 3.13's; the type checker has it
    from typing_extensions import TypeVar as _DefaultedTypeVar

    SliceT = _DefaultedTypeVar("SliceT", bound="ModuleState", default="ModuleState", covariant=True)
else:  # at run time the default changes nothing: no dependency beyond attrs and cattrs
    SliceT = TypeVar("SliceT", bound="ModuleState", covariant=True)
"""The type of a module's slice: ``class Kickers(RuleModule[KickersState])``. A bare
``RuleModule`` is ``RuleModule[ModuleState]``."""


@attrs.frozen
class RuleModule(Generic[SliceT]):
    """Base class of rule modules. Subclasses are frozen attrs classes; fields are options.

    A module names the type of its slice as the class's parameter,
    ``class AllIn(lv.RuleModule[AllInState])``, and reads and replaces its slice with
    :meth:`slice_of` and :meth:`with_slice`, typed by it (no ``assert isinstance``).
    """

    def __init_subclass__(cls, *, replace: bool = False, **kwargs: object) -> None:
        """Check that the class's hooks and its :attr:`listens` declaration agree, and
        register it under its own :attr:`id` (:func:`lasvegas.register`): an id another
        module class holds is refused here, unless ``replace=True`` is given as a class
        keyword (``class Mine(lv.RuleModule, replace=True)``)."""
        super().__init_subclass__(**kwargs)
        _check_listens(cls)
        claim(cls, "RuleModule", "id", replace=replace)

    id: ClassVar[str] = "module"
    """Stable id, used in configs' JSON and in error messages."""
    order: ClassVar[int] = 100
    """Modules run in ``(order, id)`` order."""
    editions: ClassVar[frozenset[str]] = frozenset({"classic"})
    """The editions the module applies to."""
    requires: ClassVar[frozenset[str]] = frozenset()
    """Ids of modules that must be in play too."""
    conflicts: ClassVar[frozenset[str]] = frozenset()
    """Ids of modules that cannot be in play with this one."""
    listens: ClassVar[tuple[type[Event], ...]] = ()
    """The core event types :meth:`react` hears: the one declaration of what the module
    listens to. The engine builds the tables of who hears what from it (a module that
    overrides :meth:`react` or :meth:`hears` must name the events they are about here: the
    class is refused otherwise)."""
    sleeps: ClassVar[bool] = False
    """Whether the module sleeps while its slice is ``None`` (Royale's tiles): its
    :meth:`react` and :meth:`closed` must then do nothing, so the engine may skip them (and
    build no event that only sleeping modules would hear)."""
    actions: ClassVar[tuple[type[Action], ...]] = ()
    """The module's own action types: what it offers (:meth:`offer`, applied by :meth:`perform`)
    and the answers to its tasks (applied by their handlers)."""
    tasks: ClassVar[tuple[type[Task], ...]] = ()
    """The module's task types, each with its handler (:meth:`task_handlers`)."""
    state_type: ClassVar[type[ModuleState] | None] = None
    """The type of the module's slice, if it has one."""
    events: ClassVar[tuple[type[Event], ...]] = ()
    """The module's own event types (JSON and :meth:`redact_event` need to know them)."""

    # -- the module's slice -------------------------------------------------------------------

    def slice_of(self, state: State, index: int) -> SliceT:
        """The module's slice in *state* (``state.modules[index]``), typed as the module's
        slice type (the class's parameter).

        Raises :class:`TypeError` if the slice is ``None`` (a module that sleeps, such as a
        Royale tile not dealt this round: test ``state.modules[index] is None`` first where
        it may be asleep). The slice's type is not checked here, on the hot path: it is
        checked where states are made (:func:`lasvegas.new_game`, the JSON loader's
        :func:`lasvegas.state_problems`, :func:`lasvegas.testing.random_sim_test` at every
        step) against :attr:`state_type`, which must be the same class.

        >>> import lasvegas as lv
        >>> state = lv.new_game(lv.classic(3, lv.Kickers()))
        >>> state.config.modules[0].slice_of(state, 0)
        KickersState(...)
        """
        value = state.modules[index]
        if value is None:
            raise TypeError(f"module {self.id!r} has no slice now (it sleeps)")
        return value  # type: ignore[return-value]  # the one unchecked narrowing (see above)

    def with_slice(self: RuleModule[_S], state: State, index: int, value: _S) -> State:
        """*state* with the module's slice replaced by *value* (of the module's slice type).

        >>> import lasvegas as lv
        >>> state = lv.new_game(lv.classic(3, lv.Kickers()))
        >>> kickers = state.config.modules[0]
        >>> kickers.with_slice(state, 0, kickers.slice_of(state, 0)) == state
        True
        """
        from ..engine import set_slice  # the engine imports this module

        return set_slice(state, index, value)

    # -- config time -----------------------------------------------------------------------

    def configure(self, params: Params, players: int) -> Params:
        """Adjust the edition's numbers (dice, notes, minimum, casinos ...).

        Raise :class:`~lasvegas.errors.ConfigError` for a player count or option the module
        cannot take.
        """
        return params

    def initial_state(self, players: int) -> ModuleState | None:
        """The module's slice at the start of the game."""
        return None

    # -- reactions -------------------------------------------------------------------------

    def react(self, state: State, index: int, event: Event, log: list[Event] | None) -> State:
        """React to a core event of a type in :attr:`listens`; may push tasks."""
        return state

    def hears(self, state: State, index: int, kind: type[Event], casino: CasinoNumber) -> bool:
        """Whether :meth:`react` acts on an event of type *kind* about casino number *casino*:
        a ``DicePlaced`` there or a ``CasinoPaid`` of it (the core events about one casino).

        A speed hint, asked only about the types in :attr:`listens`: override it in a module
        that acts on these events at some casinos only (Royale: the casinos holding a tile,
        and for ``CasinoPaid`` those whose tile has a "during payout" effect). Return
        ``False`` only when :meth:`react` would return the state unchanged (no table, slice
        or task change). The engine then skips the reaction; when nobody hears a placement
        it builds no event and goes straight on to the next turn, and when no awake module
        hears a run of casinos and no module takes over payouts (:meth:`payout`) it pays the
        run in one state without building their events (when a log is kept, every event is
        still reported). A module that needs something of every casino paid (Royale: who
        took each higher card) reads it later, from a casino it hears or from
        ``RoundEnded`` (paying a casino moves no dice).

        *state* is the state just before the event: for ``DicePlaced`` the placement
        decision, before the dice land; for ``CasinoPaid`` the state when the first casino
        of the run is due to pay (the module slices are those :meth:`react` would see).
        Modules that do not override it hear every casino.
        """
        return True

    # -- decisions and chance of its own -----------------------------------------------------

    def offer(self, state: State, index: int, seat: Seat) -> tuple[Action, ...]:
        """Extra legal actions for *seat* at a placement decision."""
        return ()

    def closed(self, state: State, index: int) -> frozenset[CasinoNumber]:
        """Casino numbers that accept no dice now (No Entry!, T-7); placements there are illegal.

        When every face rolled points at a closed casino, the turn passes with the dice kept.
        """
        return frozenset()

    def perform(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Apply one of the module's own actions (:attr:`actions`) that :meth:`offer` offered
        at a placement decision (the engine has checked that it was offered). Answers to
        tasks go to their :class:`TaskHandler` instead.
        """
        return state

    def task_handlers(self) -> Mapping[type[Task], TaskHandler]:
        """One :class:`TaskHandler` per task type in :attr:`tasks` (checked when a config is
        built). Read once per config, so return the same answer every time."""
        return {}

    # -- payout, next round, scoring ---------------------------------------------------------

    def payout(
        self, state: State, index: int, casino: CasinoIndex, log: list[Event] | None
    ) -> State | None:
        """Take over the payout of the casino at index *casino* of ``state.casinos``
        (0-based, the one hook that names a casino by index); ``None`` leaves it to the
        core."""
        return None

    def next_start(self, state: State, index: int) -> Seat | None:
        """The next round's start player, or ``None`` for the core's rule (C-7)."""
        return None

    def score(self, state: State, index: int, seat: Seat) -> Score:
        """What the module adds to *seat*'s standings: money (chips, chip cards ...) and
        tie-break counts (R-8: money cards plus chips), each on its own (:class:`Score`)."""
        return NO_SCORE

    # -- accounting and views ------------------------------------------------------------------

    def held(self, state: State, index: int) -> Held:
        """What the module keeps aside: dice outside supplies and casinos (T-11), banknotes
        outside pile, casinos and seats. The conservation checks count it; a module that
        keeps nothing aside leaves it alone."""
        return NOTHING_HELD

    def redact(self, state: State, index: int, seat: Seat | None) -> ModuleState | None:
        """The module's slice as *seat* may see it (``None`` seat: a spectator)."""
        return state.modules[index]

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """One of the module's pending tasks as *seat* may see it in a view.

        Return the task itself when nothing in it is secret from *seat*, a redacted copy, or
        ``None`` (the default) to show only its kind and module.
        """
        return None

    def redact_event(
        self, state: State, index: int, event: Event, seat: Seat | None
    ) -> Event | None:
        """One of the module's own events (:attr:`events`) as *seat* may see it.

        Return the event itself (the default: it is public), a redacted copy, or ``None`` to
        hide it from *seat*. *state* is the state after the step.
        """
        return event

    def resample_hidden(self, state: State, index: int, seat: Seat | None, rng: Rng) -> State:
        """A state that differs from *state* only in what this module hides from *seat*.

        The hidden part (other seats' hands, a face-down card, a fist ...) is drawn again with
        *rng*, consistently with everything *seat* knows. Leak tests check that *seat*'s
        view of both states is the same. The default, *state* itself, says the module hides
        nothing.
        """
        return state

    # -- optional capabilities -----------------------------------------------------------------

    def capabilities(self) -> Capabilities:
        """What the module offers beyond the rule hooks (:class:`Capabilities`); the default
        declares nothing. Read once per config, so return the same answer every time.
        """
        return NO_CAPABILITIES

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """What is wrong with the module's slice and tasks in *state*; ``()`` when nothing is.

        Checked when a state is loaded from JSON (and by the random simulation tests), after
        the core's shape checks (lengths, seats, phases, pending tasks' seats and casinos)
        and *before* dice and banknotes are counted through :meth:`held`: so bound every
        count of the slice and of the module's tasks here
        (against the config), and build nothing whose size is an unchecked number. Cards
        or chips conserved, values in range ...
        """
        return ()


_LISTEN_HOOKS: tuple[tuple[str, frozenset[str] | None], ...] = (
    ("react", None),
    ("hears", frozenset({"DicePlaced", "CasinoPaid"})),
)
"""The hooks about events, and the event types each one is about (``None``: any)."""


def _check_listens(cls: type[RuleModule]) -> None:
    """Refuse a module class whose event hooks and :attr:`RuleModule.listens` disagree: a
    hook nobody would call, since the engine calls them only for the events listed."""
    names = {kind.__name__ for kind in cls.listens}
    own = {name for klass in cls.__mro__ if klass is not RuleModule for name in vars(klass)}
    for hook, about in _LISTEN_HOOKS:
        if hook not in own:
            continue
        if about is None and not names:
            raise TypeError(f"{cls.__name__} overrides {hook} but listens to no event")
        if about is not None and not about & names:
            wanted = " or ".join(sorted(about))
            raise TypeError(f"{cls.__name__} overrides {hook} but does not listen to {wanted}")
