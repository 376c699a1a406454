"""Bad Luck (tile C2): the players with the fewest dice here pay $50,000 to the bank.

T-BADLUCK-1: before payout (T-9 (1)), every player with the fewest dice at this casino
(before ties are removed; zero counts; a Biggy counts two, T-11; imaginary owners are not
counted, T-8) owes $50,000 to the bank, paid when the round ends (T-9 (4)) as T-1b says: the
debtor pays as little as possible. The ways to pay are the handovers of cards and chips
whose net payment, after the bank's change in cards, is the least
(:func:`~lasvegas.royale.bank.payment_options`); when there are several, the debtor chooses
one (the decision :class:`BadLuckPay`, answered with :class:`PayBank`); one is taken
without asking. A player who holds less than the debt pays everything. Ruling: the debtors
pay one after another clockwise from the round's start player (the order matters only for
the bank's change).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...actions import Action
from ...engine import pop_task, push_task, set_slice
from ...errors import IllegalActionError
from ...events import Event
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import Capabilities, ModuleState, Task, TileFact
from ...state import Phase
from ...table import Interned
from ...types import CasinoNumber, Money, Seat
from ..bank import Handover, pay_to_bank, payment_options
from ..state import TileState, own_slice, royale_state
from ..table import casino_count
from .base import Tile

if TYPE_CHECKING:
    from ...state import State

__all__ = [
    "BAD_LUCK_DEBT",
    "PAYMENT_CHOICES",
    "BadLuck",
    "BadLuckPay",
    "BadLuckState",
    "PayBank",
    "debt_options",
]

BAD_LUCK_DEBT: Final[Money] = 50_000
"""What each player with the fewest dice owes the bank (T-BADLUCK-1)."""

PAYMENT_CHOICES: Final = 64
"""*Ruling*: at most this many ways to pay are offered, the first of
:func:`~lasvegas.royale.bank.payment_options` (fewest things handed over first), so that the
decision has a fixed action space (:func:`lasvegas.action_space`)."""


@final
class BadLuckState(TileState):
    """Bad Luck in play: the seats fixed as debtors before payout.

    >>> BadLuckState(casino=3).debtors
    ()
    """

    __slots__ = ("debtors",)
    __match_args__: ClassVar = ("casino", "debtors")
    __attrs_attrs__: ClassVar[Any] = described(
        "BadLuckState", ("casino", CasinoNumber), ("debtors", tuple[Seat, ...], ())
    )

    kind: ClassVar[str] = "bad-luck"
    debtors: Final[tuple[Seat, ...]]
    """The seats that still owe $50,000 when the round ends (fixed before payout), in the
    order they pay once the round has ended."""

    def __init__(self, casino: CasinoNumber, debtors: tuple[Seat, ...] = ()) -> None:
        self.casino = casino
        self.debtors = debtors

    def __eq__(self, other: object) -> bool:
        if type(other) is not BadLuckState:
            return NotImplemented
        return (self.casino, self.debtors) == (other.casino, other.debtors)

    def __hash__(self) -> int:
        return hash((self.casino, self.debtors))

    def __repr__(self) -> str:
        return f"BadLuckState(casino={self.casino!r}, debtors={self.debtors!r})"

    def __reduce__(self) -> tuple[type[BadLuckState], tuple[object, ...]]:
        return BadLuckState, (self.casino, self.debtors)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(BadLuckState)


@final
class BadLuckPay(Task):
    """Decision of :attr:`seat`: which of the least payments it makes to the bank (T-1b)."""

    __slots__ = ("seat",)
    __match_args__: ClassVar = ("module", "seat")
    __attrs_attrs__: ClassVar[Any] = described("BadLuckPay", ("module", int), ("seat", Seat))

    kind: ClassVar[str] = "bad-luck-pay"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.ROUND_END})
    prompt: ClassVar[str | None] = "choose how to pay the bank (Bad Luck)"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The debtor who chooses."""

    def __init__(self, module: int, seat: Seat) -> None:
        self.module = module
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if type(other) is not BadLuckPay:
            return NotImplemented
        return (self.module, self.seat) == (other.module, other.seat)

    def __hash__(self) -> int:
        return hash((self.module, self.seat))

    def __repr__(self) -> str:
        return f"BadLuckPay(module={self.module!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[type[BadLuckPay], tuple[object, ...]]:
        return BadLuckPay, (self.module, self.seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(BadLuckPay)


@attrs.frozen
class PayBank(Action):
    """Pay the debt to the bank with way number :attr:`option` of the ways offered (T-1b).

    The ways are :func:`~lasvegas.royale.tiles.bad_luck.debt_options` (the handovers of least net payment, fewest things
    handed over first); ``lv.describe`` names the cards, chips and change of each.

    >>> PayBank(option=1)
    PayBank(option=1)
    >>> PayBank(option=1).text(None)
    'Pay the bank in way 1'
    """

    kind: ClassVar[str] = "bad-luck-pay"
    option: int
    """The index of the handover among :func:`~lasvegas.royale.tiles.bad_luck.debt_options`."""

    def text(self, state: State | None = None) -> str:
        """``"Seat 1 hands over $60,000 and 2 chips, gets $30,000 back"`` while the decision
        is pending, else ``"Pay the bank in way 1"``."""
        if state is not None and state.tasks and isinstance(state.tasks[0], BadLuckPay):
            seat = state.tasks[0].seat
            options = debt_options(state, seat)
            if 0 <= self.option < len(options):
                words = options[self.option].text()
                words = words.replace("hand over", "hands over").replace(", get ", ", gets ")
                return f"Seat {seat} {words} (Bad Luck)"
        return f"Pay the bank in way {self.option}"

    def you_text(self, state: State | None = None) -> str:
        """``"Hand over $60,000 and 2 chips, get $30,000 back (Bad Luck)"`` to the paying
        seat while the decision is pending, else ``"Pay the bank in way 1"``."""
        if state is not None and state.tasks and isinstance(state.tasks[0], BadLuckPay):
            options = debt_options(state, state.tasks[0].seat)
            if 0 <= self.option < len(options):
                words = options[self.option].text()
                return f"{words[:1].upper()}{words[1:]} (Bad Luck)"
        return f"Pay the bank in way {self.option}"


def debt_options(state: State, seat: Seat, amount: Money = BAD_LUCK_DEBT) -> tuple[Handover, ...]:
    """The ways *seat* may pay *amount* to the bank now (T-1b): the first
    :data:`~lasvegas.royale.tiles.bad_luck.PAYMENT_CHOICES` of :func:`~lasvegas.royale.bank.payment_options`.

    >>> import lasvegas as lv
    >>> from lasvegas.state import evolve
    >>> state = evolve(lv.new_game(lv.royale(3)), money=((60_000,), (), ()))
    >>> debt_options(state, 0)  # the basic game's bank is empty: no change, $10,000 lost
    (Handover(cards=(60000,), chips=0, change=()),)
    """
    s = royale_state(state)
    key = (state.money[seat], s.chips[seat], s.bank, amount)
    options = _OPTIONS.get(key)
    if options is None:
        options = _OPTIONS.keep(key, payment_options(*key, limit=PAYMENT_CHOICES))
    return options


_OPTIONS: Interned[
    tuple[tuple[Money, ...], int, tuple[Money, ...], Money], tuple[Handover, ...]
] = Interned(limit=1_024)
"""Ways to pay already listed, by the debtor's cards and chips, the bank and the amount
(bounded: cleared past 1,024; the decision asks for them several times)."""


_ACTIONS: Final = tuple(PayBank(i) for i in range(PAYMENT_CHOICES))


@attrs.frozen
class BadLuck(Tile[BadLuckState]):
    """Bad Luck (C2): the fewest dice here cost $50,000 at the round's end (T-BADLUCK-1).

    >>> BadLuck().code, BadLuck().name
    ('C2', 'Bad Luck')
    """

    id: ClassVar[str] = "bad-luck"
    code: ClassVar[str] = "C2"
    rule_text: ClassVar[str] = (
        "Before payout, every player with the fewest dice here (none counts; a Biggy counts "
        "two; blank and neutral dice are not counted) owes $50,000 to the bank, paid when "
        "the round ends."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        s, _ = self.seen(state, index, seat)
        if not isinstance(s, BadLuckState) or not s.debtors:
            return ()
        who = " and ".join(f"Seat {d}" for d in s.debtors)
        owe = "owes" if len(s.debtors) == 1 else "owe"
        text = f"{who} {owe} $50,000 to the bank"
        return (TileFact("debtors", text, amount=50_000, values=s.debtors),)

    activation_chips: ClassVar[int | None] = 0
    round_chips: ClassVar[int | None] = 0
    state_type: ClassVar[type[ModuleState] | None] = BadLuckState
    tasks: ClassVar[tuple[type[Task], ...]] = (BadLuckPay,)
    actions: ClassVar[tuple[type[Action], ...]] = (PayBank,)

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """The debtors are distinct seats (T-BADLUCK-1).

        >>> import lasvegas as lv
        >>> BadLuck().problems(lv.new_game(lv.royale(3)), 1)
        ()
        """
        s = state.modules[index]
        if isinstance(s, BadLuckState):
            debtors = s.debtors
            n = state.config.players
            if len(set(debtors)) != len(debtors) or not all(0 <= t < n for t in debtors):
                return (f"the debtors {debtors} are not distinct seats",)
        return ()

    def fresh(self, state: State, casino: CasinoNumber) -> TileState:
        """Nobody owes anything yet."""
        return BadLuckState(casino)

    def before_payout(self, state: State, index: int, log: list[Event] | None) -> State:
        """T-BADLUCK-1: fix the seats with the fewest dice here (zero counts; no ties
        removed), in the order they will pay: clockwise from the start player (ruling)."""
        s = own_slice(self, state, index)
        n = state.config.players
        counts = [casino_count(state, s.casino, seat) for seat in range(n)]
        fewest = min(counts)
        order = ((state.start + i) % n for i in range(n))
        debtors = tuple(seat for seat in order if counts[seat] == fewest)
        return set_slice(state, index, BadLuckState(s.casino, debtors))

    def round_end(self, state: State, index: int, log: list[Event] | None) -> State:
        """T-9 (4), T-1b: the debtors pay $50,000 each, in turn; a debtor with several
        least payments chooses one (:class:`BadLuckPay`), and the others wait."""
        return self._collect(state, index, log)

    def _collect(self, state: State, index: int, log: list[Event] | None) -> State:
        s = own_slice(self, state, index)
        debtors = s.debtors
        while debtors:
            seat = debtors[0]
            options = debt_options(state, seat)
            if len(options) > 1:
                state = set_slice(state, index, BadLuckState(s.casino, debtors))
                return push_task(state, BadLuckPay(index, seat), first=True)
            state = pay_to_bank(state, seat, BAD_LUCK_DEBT, log, options[0])
            debtors = debtors[1:]
        return set_slice(state, index, BadLuckState(s.casino, ()))

    def task_to_move(self, state: State, index: int, task: Task) -> Seat:
        """The debtor chooses."""
        assert isinstance(task, BadLuckPay)
        return task.seat

    def task_actions(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """One :class:`PayBank` per way of least payment (:func:`~lasvegas.royale.tiles.bad_luck.debt_options`)."""
        assert isinstance(task, BadLuckPay)
        return _ACTIONS[: len(debt_options(state, task.seat))]

    def capabilities(self) -> Capabilities:
        """Its decisions, for the adapters (the action space)."""
        return Capabilities(
            action_space=self.action_space,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """Ways 0 to :data:`~lasvegas.royale.tiles.bad_luck.PAYMENT_CHOICES` - 1.

        >>> len(BadLuck().action_space(3))
        64
        """
        return _ACTIONS

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The decision hides nothing (the debtor's seat; the bank is public)."""
        return task

    def resolve(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Pay with the chosen handover, then the next debtors pay (or choose)."""
        task = state.tasks[0]
        assert isinstance(task, BadLuckPay)
        if not isinstance(action, PayBank):  # pragma: no cover - the engine checked it
            raise IllegalActionError(repr(action), "round-end", "not a payment", "not-legal")
        options = debt_options(state, task.seat)
        state = pay_to_bank(pop_task(state), task.seat, BAD_LUCK_DEBT, log, options[action.option])
        s = own_slice(self, state, index)
        state = set_slice(state, index, BadLuckState(s.casino, s.debtors[1:]))
        return self._collect(state, index, log)
