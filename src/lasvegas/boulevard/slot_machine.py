"""``SlotMachine``: a seventh casino that takes any face once per round (B-7).

The slot machine is casino 7: the core fills it last (after casino 6) and lays its notes
like the others. At a placement decision the module offers ``Place(face, target=7)`` for
every face rolled that nobody has placed there this round. Its payout differs (B-7 and the
online edition's rulings):

* owners are ranked by dice (a biggie counts two), then by the sum of their pips (a biggie
  counts its face twice), then by their highest single die; owners still equal on all three
  cancel each other, as in C-12;
* in rank order each owner chooses one of the notes still there (a :class:`SlotChoice`
  decision answered by :class:`ChooseNote`); the imaginary owner (neutral dice) takes the
  highest note left, which goes under the pile; notes nobody takes go under the pile too,
  highest first.

Ruling: the slot machine pays after casino 6 (the module starts its payout when casino 6
is paid, so its events come between ``CasinoPaid(6)`` and ``CasinoPaid(7)``). A face stays
used for the round even if its dice are kicked away (B-4 with B-7).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar, Final, cast, final

import attrs

from ..actions import Action, Place
from ..config import Params
from ..edit import Draft
from ..engine import set_slice
from ..events import (
    BanknotePaid,
    CasinoPaid,
    DicePlaced,
    Event,
    NotesReturned,
    RoundStarted,
    TiesRemoved,
)
from ..modules._bases import FrozenInstanceError, described, seal
from ..modules.base import Capabilities, DiceFaces, ModuleState, RuleModule, Task, TaskHandler
from ..state import Casino, Phase, State, with_modules
from ..table import Interned
from ..text import money
from ..types import BIG, NEUTRAL, REGULAR, CasinoIndex, Chance, Face, Money, Seat
from ._dice import SLOT_MACHINE
from .encoding import slot_machine_segments
from .kickers import DieKicked, KickChoice

__all__ = ["ChooseNote", "SlotChoice", "SlotMachine", "SlotMachineState", "slot_ranking"]


@attrs.frozen(repr=False)
class ChooseNote(Action):
    """Take the note worth *value* from the slot machine (B-7).

    >>> ChooseNote(70_000)
    ChooseNote(value=70000)
    """

    kind: ClassVar[str] = "choose-note"
    value: Money
    """The value of the note taken."""

    def __repr__(self) -> str:
        return f"ChooseNote(value={self.value!r})"

    def text(self, state: State | None = None) -> str:
        """The choice in words (the :func:`lasvegas.describe` protocol).

        >>> ChooseNote(70_000).text()
        'Take the $70,000 note from the slot machine'
        """
        return f"Take the {money(self.value)} note from the slot machine"


@final
class SlotChoice(Task):
    """Decision: the first owner of :attr:`order` chooses a note at the slot machine (B-7)."""

    __slots__ = ("order",)
    __match_args__: ClassVar = ("module", "order")
    __attrs_attrs__: ClassVar[Any] = described(
        "SlotChoice", ("module", int), ("order", tuple[int, ...])
    )

    kind: ClassVar[str] = "slot-choice"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.PAYOUT})
    prompt: ClassVar[str | None] = "choose a note at the slot machine"
    """What answering this task does, for a view's prompt."""
    order: Final[tuple[int, ...]]
    """The ranked owners still to choose, the one to move first (always a seat)."""

    def __init__(self, module: int, order: tuple[int, ...]) -> None:
        self.module = module
        self.order = order

    def __eq__(self, other: object) -> bool:
        if type(other) is not SlotChoice:
            return NotImplemented
        return (self.module, self.order) == (other.module, other.order)

    def __hash__(self) -> int:
        return hash((self.module, self.order))

    def __repr__(self) -> str:
        return f"SlotChoice(module={self.module!r}, order={self.order!r})"

    def __reduce__(self) -> tuple[type[SlotChoice], tuple[object, ...]]:
        return SlotChoice, (self.module, self.order)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(SlotChoice)


@final
class SlotMachineState(ModuleState):
    """The slot machine's slice: faces used this round and the pips of the dice there."""

    __slots__ = ("dice", "used")
    __match_args__: ClassVar = ("used", "dice")
    __attrs_attrs__: ClassVar[Any] = described(
        "SlotMachineState",
        ("used", tuple[Face, ...], ()),
        ("dice", tuple[tuple[Face, int, int], ...], ()),
    )

    kind: ClassVar[str] = "slot-machine"
    used: Final[tuple[Face, ...]]
    """Faces placed on the slot machine this round, ascending (each only once, B-7)."""
    dice: Final[tuple[tuple[Face, int, int], ...]]
    """``(face, owner, weight)`` for the dice on the slot machine, *weight* dice of *face*
    belonging to *owner*, a biggie counting two (it counts twice in the pip sum)."""

    def __init__(
        self, used: tuple[Face, ...] = (), dice: tuple[tuple[Face, int, int], ...] = ()
    ) -> None:
        self.used = used
        self.dice = dice

    def __eq__(self, other: object) -> bool:
        if type(other) is not SlotMachineState:
            return NotImplemented
        return (self.used, self.dice) == (other.used, other.dice)

    def __hash__(self) -> int:
        return hash((self.used, self.dice))

    def __repr__(self) -> str:
        return f"SlotMachineState(used={self.used!r}, dice={self.dice!r})"

    def __reduce__(self) -> tuple[type[SlotMachineState], tuple[object, ...]]:
        return SlotMachineState, (self.used, self.dice)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(SlotMachineState)


def slot_ranking(
    weights: tuple[int, ...], dice: tuple[tuple[Face, int, int], ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The slot machine's payout order and the owners that cancel (B-7).

    *weights* are the dice per owner at the slot machine (a biggie counting two), *dice* the
    ``(face, owner, weight)`` entries of :attr:`SlotMachineState.dice`. Owners are ranked by
    dice, then the sum of pips, then the highest single die; owners equal on all three
    cancel. Returns ``(ranked, cancelled)``.

    The rulebook's example: Denny (seat 0) three 3s, Ben (1) two 6s, Carla (2) two 4s and a
    1. Carla's 4 beats Denny's 3 after the equal sums of 9:

    >>> slot_ranking((3, 2, 3), ((3, 0, 3), (6, 1, 2), (4, 2, 2), (1, 2, 1)))
    ((2, 0, 1), ())
    """
    pips = [0] * len(weights)
    high = [0] * len(weights)
    for face, owner, weight in dice:
        if weight:
            pips[owner] += face * weight
            if face > high[owner]:
                high[owner] = face
    keys = {o: (w, pips[o], high[o]) for o, w in enumerate(weights) if w}
    seen: dict[tuple[int, int, int], int] = {}
    for key in keys.values():
        seen[key] = seen.get(key, 0) + 1
    ranked = sorted((o for o, k in keys.items() if seen[k] == 1), key=keys.__getitem__)
    cancelled = tuple(o for o, k in keys.items() if seen[k] > 1)
    return tuple(reversed(ranked)), cancelled


_MASKS: Interned[tuple[Face, ...], int] = Interned()
"""The faces of a sorted roll as a bit mask (bit *f* for face *f*), per roll: bounded by the
number of sorted rolls the engine accepts (a few thousand)."""

_OFFERS: Interned[tuple[int, tuple[Face, ...]], tuple[Action, ...]] = Interned()
"""Slot-machine placements per mask of faces rolled and sorted faces used (63 x 64 at most)."""


def _mask(faces: tuple[Face, ...]) -> int:
    mask = 0
    for face in faces:
        mask |= 1 << face
    _MASKS.keep(faces, mask)
    return mask


@attrs.frozen
class SlotMachine(RuleModule[SlotMachineState]):
    """A seventh casino taking any face not yet placed there this round (B-7).

    >>> import lasvegas as lv
    >>> config = lv.classic(3, SlotMachine())
    >>> config.ruleset.params.casinos
    7
    """

    id: ClassVar[str] = "slot-machine"
    listens: ClassVar[tuple[type[Event], ...]] = (
        RoundStarted,
        DicePlaced,
        DieKicked,
        CasinoPaid,
    )
    actions: ClassVar[tuple[type[Action], ...]] = (ChooseNote,)
    tasks: ClassVar[tuple[type[Task], ...]] = (SlotChoice,)
    state_type: ClassVar[type[ModuleState] | None] = SlotMachineState

    def configure(self, params: Params, players: int) -> Params:
        """Add the seventh casino."""
        return attrs.evolve(params, casinos=params.casinos + 1)

    def initial_state(self, players: int) -> ModuleState | None:
        """Nothing on the slot machine yet."""
        return SlotMachineState()

    def offer(self, state: State, index: int, seat: Seat) -> tuple[Action, ...]:
        """``Place(face, target=7)`` for each face rolled that is not used there this round."""
        used = cast(SlotMachineState, state.modules[index]).used
        r0, r1, r2, r3 = state.rolled
        get = _MASKS.get
        mask = get(r0) or _mask(r0)  # (the empty roll's mask, 0, is just computed again)
        if r1:
            mask |= get(r1) or _mask(r1)
        if r2:
            mask |= get(r2) or _mask(r2)
        if r3:
            mask |= get(r3) or _mask(r3)
        offers = _OFFERS.get((mask, used))
        if offers is None:
            faces = [f for f in range(1, 7) if mask >> f & 1 and f not in used]
            offers = _OFFERS.keep((mask, used), tuple(Place(f, SLOT_MACHINE) for f in faces))
        return offers

    def react(self, state: State, index: int, event: Event, log: list[Event] | None) -> State:
        """Record placements and kicks at the slot machine; start its payout after casino 6."""
        if type(event) is DicePlaced:  # the hot path: a placement anywhere
            if event.casino == SLOT_MACHINE:
                state = _placed(state, index, event)
            return state
        if type(event) is DieKicked:
            if event.casino == SLOT_MACHINE:
                state = _kicked(state, index, event)
            return state
        if type(event) is CasinoPaid:
            if event.casino == SLOT_MACHINE - 1:
                state = self._start_payout(state, index, log)
            return state
        if _slice(state, index) != SlotMachineState():  # RoundStarted: a fresh slot machine
            state = set_slice(state, index, SlotMachineState())
        return state

    def _start_payout(self, state: State, index: int, log: list[Event] | None) -> State:
        casino = state.casinos[SLOT_MACHINE - 1]
        ranked, cancelled = slot_ranking(casino.weights(), _slice(state, index).dice)
        if cancelled and log is not None:
            log.append(TiesRemoved(casino=SLOT_MACHINE, owners=cancelled))
        draft = Draft(state, log)
        _serve(draft, index, ranked, pushed=False)
        return draft.build()

    def payout(
        self, state: State, index: int, casino: CasinoIndex, log: list[Event] | None
    ) -> State | None:
        """The slot machine has already paid (after casino 6); the other casinos are the core's."""
        if casino == SLOT_MACHINE - 1:
            return state
        return None

    def task_handlers(self) -> Mapping[type[Task], TaskHandler]:
        """The slot machine's choice (B-7)."""
        return {SlotChoice: _HANDLER}

    def chooser(self, state: State, index: int, task: Task) -> Seat | Chance:
        """The owner whose turn it is to choose (always a seat)."""
        return _chooser(state, index, task)

    def choices(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """One :class:`ChooseNote` per distinct note still at the slot machine, highest first."""
        return _choices(state, index, task)

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The order of choosing is public."""
        return task

    def capabilities(self) -> Capabilities:
        """For the adapters: its decisions (the action space) and observation segments."""
        return Capabilities(
            action_space=_action_space,
            slice_encoder=slot_machine_segments,
            casino_faces=_casino_faces,
            casino_ranking=_casino_ranking,
        )

    def casino_faces(self, state: State, index: int) -> tuple[tuple[DiceFaces, ...] | None, ...]:
        """The faces of the dice on the slot machine (any face, B-7), by owner and face;
        the other casinos' dice show their own number (``None``).

        >>> import lasvegas as lv
        >>> config = lv.classic(2, lv.SlotMachine())
        >>> state = lv.new_game(config)
        >>> config.modules[0].casino_faces(state, 0)
        (None, None, None, None, None, None, ())
        """
        return _casino_faces(state, index)

    def casino_ranking(
        self, state: State, index: int
    ) -> tuple[tuple[tuple[int, ...], tuple[int, ...]] | None, ...]:
        """The slot machine's payout order and cancelled owners now (:func:`slot_ranking`);
        the core ranks the other casinos (``None``)."""
        return _casino_ranking(state, index)

    def action_space(self, players: int) -> tuple[Action, ...]:
        """``Place(face, target=7)`` for faces 1-6, then ``ChooseNote`` for each note value.

        The note values are every value a classic game can lay out: $10,000 to $90,000 and
        the $100,000 notes of B-2 (rainbow cards never reach the payout, B-5).

        >>> actions = SlotMachine().action_space(3)
        >>> actions[0], actions[6], actions[-1], len(actions)
        (Place(face=1, target=7), ChooseNote(value=10000), ChooseNote(value=100000), 16)
        """
        return _action_space(players)

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """Faces used once each; the recorded dice match the slot machine; choices in range."""
        config = state.config
        owners = config.ruleset.owners
        part = _slice(state, index)
        found: list[str] = []
        used = part.used
        if list(used) != sorted(set(used)) or any(not 1 <= f <= 6 for f in used):
            found.append(f"faces used {used} are not distinct sorted faces")
        weights = [0] * owners
        for face, owner, weight in part.dice:
            if face not in used or not 0 <= owner < owners or weight < 0:
                found.append(f"slot machine dice entry {(face, owner, weight)} is out of range")
            else:
                weights[owner] += weight
        if not found and tuple(weights) != state.casinos[SLOT_MACHINE - 1].weights():
            found.append("the recorded dice do not match the slot machine's")
        for task in state.tasks:
            if type(task) is SlotChoice and task.module == index:
                order = task.order
                if (
                    not order
                    or len(set(order)) != len(order)
                    or not 0 <= order[0] < config.players
                    or any(not 0 <= o < owners for o in order)
                ):
                    found.append(f"{task!r} is out of range")
            elif type(task) is KickChoice and task.fresh is not None and not found:
                # B-4 ruling: the kickers kick this turn's dice on the slot machine, which
                # the slice records under the face placed.
                regular, big, neutral = task.fresh
                have = Counter[tuple[int, int]]()
                for face, owner, weight in part.dice:
                    have[face, owner] += weight
                neutral_owner = config.ruleset.neutral_owner
                if (
                    task.face not in used
                    or have[task.face, task.seat] < regular + 2 * big
                    or (neutral and neutral_owner is None)
                    or (neutral and have[task.face, neutral_owner or 0] < neutral)
                ):
                    found.append(f"{task!r} kicks dice the slot machine does not hold")
        return tuple(found)

    def chosen(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """The owner to move takes the chosen note; the next owners follow."""
        return _chosen(state, index, action, log)


# The task handler and the capabilities' hooks are functions of the module, not bound methods:
# a config holds them (its ``Ruleset``) and pickles, and in the compiled build a bound method
# of a compiled method does not pickle (its function has no ``__name__``).


def _chooser(state: State, index: int, task: Task) -> Seat | Chance:
    assert isinstance(task, SlotChoice)
    return task.order[0]


def _choices(state: State, index: int, task: Task) -> tuple[Action, ...]:
    notes = state.casinos[SLOT_MACHINE - 1].notes
    return tuple(ChooseNote(v) for v in sorted(set(notes), reverse=True))


def _chosen(state: State, index: int, action: Action, log: list[Event] | None) -> State:
    task = state.tasks[0]
    assert isinstance(task, SlotChoice)
    assert isinstance(action, ChooseNote)
    draft = Draft(state, log)
    _take(draft, task.order[0], action.value)
    _serve(draft, index, task.order[1:], pushed=True)
    return draft.build()


_HANDLER: Final = TaskHandler(_chosen, _chooser, _choices)
"""The slot machine's choice's handler (the same for every instance)."""


def _casino_faces(state: State, index: int) -> tuple[tuple[DiceFaces, ...] | None, ...]:
    count: dict[tuple[int, Face], int] = {}
    for face, owner, weight in _slice(state, index).dice:
        if weight:
            count[owner, face] = count.get((owner, face), 0) + weight
    shown = tuple(DiceFaces(o, f, n) for (o, f), n in sorted(count.items()))
    return (*(None,) * (SLOT_MACHINE - 1), shown)


def _casino_ranking(
    state: State, index: int
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]] | None, ...]:
    casino = state.casinos[SLOT_MACHINE - 1]
    ranked = slot_ranking(casino.weights(), _slice(state, index).dice)
    return (*(None,) * (SLOT_MACHINE - 1), ranked)


def _action_space(players: int) -> tuple[Action, ...]:
    places = tuple(Place(face, SLOT_MACHINE) for face in range(1, 7))
    return (*places, *(ChooseNote(v) for v in range(10_000, 100_001, 10_000)))


def _slice(state: State, index: int) -> SlotMachineState:
    value = state.modules[index]
    assert isinstance(value, SlotMachineState)
    return value


def _placed(state: State, index: int, event: DicePlaced) -> State:
    old = _slice(state, index)
    face = event.face
    counts = event.counts
    dice = old.dice
    own = counts[REGULAR] + 2 * counts[BIG]
    if own:
        dice = (*dice, (face, event.seat, own))
    if counts[NEUTRAL]:
        owner = state.config.ruleset.neutral_owner
        assert owner is not None
        dice = (*dice, (face, owner, counts[NEUTRAL]))
    part = SlotMachineState(tuple(sorted((*old.used, face))), dice)
    modules = state.modules
    return with_modules(state, (*modules[:index], part, *modules[index + 1 :]))


def _kicked(state: State, index: int, event: DieKicked) -> State:
    old = _slice(state, index)
    lost = 2 if event.big else 1
    dice = tuple(
        (f, o, w - lost) if f == event.face and o == event.owner else (f, o, w)
        for f, o, w in old.dice
    )
    return set_slice(state, index, SlotMachineState(old.used, dice))


def _take(draft: Draft, owner: int, value: Money) -> None:
    """*owner* takes the note *value* from the slot machine (an imaginary owner's goes under)."""
    casino = draft.get_casinos()[SLOT_MACHINE - 1]
    notes = list(casino.notes)
    notes.remove(value)
    draft.set_casino(SLOT_MACHINE - 1, Casino(tuple(notes), casino.dice, casino.big))
    if draft.log is not None:
        draft.log.append(BanknotePaid(casino=SLOT_MACHINE, owner=owner, value=value))
    if owner < draft.state.config.players:
        draft.give(owner, (value,))
    else:
        draft.pile_returned = (*_returned(draft), value)


def _returned(draft: Draft) -> tuple[Money, ...]:
    """The notes under the pile, with the changes so far."""
    returned = draft.pile_returned
    return draft.state.pile_returned if returned is None else returned


def _serve(draft: Draft, index: int, order: tuple[int, ...], *, pushed: bool) -> None:
    """Pay the ranked *order* until a seat must choose; then send the rest under the pile.

    *pushed* tells whether a :class:`SlotChoice` task is first in the queue (to replace).
    """
    players = draft.state.config.players
    notes = draft.get_casinos()[SLOT_MACHINE - 1].notes
    while order and notes:
        owner = order[0]
        if owner < players:  # a seat chooses, even between equal notes (as C-10)
            task = SlotChoice(index, order)
            if pushed:
                draft.pop_task()
            draft.push_task(task, first=pushed)
            return
        _take(draft, owner, notes[0])  # C-21: the highest note left
        notes = draft.get_casinos()[SLOT_MACHINE - 1].notes
        order = order[1:]
    if pushed:
        draft.pop_task()
    if notes:
        if draft.log is not None:
            draft.log.append(NotesReturned(casino=SLOT_MACHINE, values=notes))
        casino = draft.get_casinos()[SLOT_MACHINE - 1]
        draft.set_casino(SLOT_MACHINE - 1, Casino((), casino.dice, casino.big))
        draft.pile_returned = _returned(draft) + notes
