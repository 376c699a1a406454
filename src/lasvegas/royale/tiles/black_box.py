"""Black Box (tile G1): the winner chooses one of two face-down piles of tokens.

T-BLACKBOX-1: at setup the six tokens lie face up on the tile (X-15: $60,000, $20,000,
$20,000 and three of $0). T-BLACKBOX-2: during payout, at this casino's turn (T-9 (3)), if a
player (not an imaginary owner, T-8) takes the higher card here, the seat to their left
splits the six tokens into two face-down piles of 3+3, 4+2 or 5+1 (a hidden decision, T-5),
and the winner chooses one pile, seeing only the sizes, and gets its rewards ($20,000 as 2
chips, X-8; $60,000 from the bank, T-1).

Hidden information (T-5): while the winner chooses, the piles' contents are known to the
splitter only. Other seats' views show the piles as face-down tokens
(``FACE_DOWN``), the split's event is redacted the same way, and
:meth:`BlackBox.resample_hidden` draws another split of the same sizes for the leak tests.
Once the winner has chosen, the chosen tokens are shown (and with them the other pile).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...actions import Action
from ...engine import push_task
from ...events import Event
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import Capabilities, Task, TaskHandler, TileFact
from ...state import Phase, evolve
from ...text import money
from ...types import Money, Seat
from ..bank import chips_for
from ..table import higher_card_winner
from .base import Tile, TileDraft

if TYPE_CHECKING:
    from ...chance import Rng
    from ...state import State
    from ...view import PlayerView

__all__ = [
    "BLACK_BOX_SPLITS",
    "BLACK_BOX_TOKENS",
    "FACE_DOWN",
    "BlackBox",
    "BlackBoxChoose",
    "BlackBoxSplit",
    "ChoosePile",
    "PileChosen",
    "SplitTokens",
    "TokensSplit",
]

BLACK_BOX_TOKENS: Final[tuple[Money, ...]] = (60_000, 20_000, 20_000, 0, 0, 0)
"""The six tokens (X-15, *ruling*), highest first; $20,000 is paid as 2 chips (X-8)."""

FACE_DOWN: Final[Money] = -1
"""A token as a seat that may not see it is shown (views and events, T-5)."""


def _splits() -> tuple[tuple[tuple[Money, ...], tuple[Money, ...]], ...]:
    found: dict[tuple[tuple[Money, ...], tuple[Money, ...]], None] = {}
    tokens = BLACK_BOX_TOKENS
    for size in (3, 4, 5):
        for picked in combinations(range(len(tokens)), size):
            first = tuple(sorted((tokens[i] for i in picked), reverse=True))
            second = tuple(
                sorted((tokens[i] for i in range(len(tokens)) if i not in picked), reverse=True)
            )
            found.setdefault((first, second), None)
    return tuple(sorted(found, key=lambda split: (-len(split[0]), split)))


BLACK_BOX_SPLITS: Final = _splits()
"""Every way to split the tokens (T-BLACKBOX-2): 3+3 (ordered: the piles lie apart, so which
pile is which matters), 4+2 and 5+1 (the larger pile first); 14 in all."""


@final
class BlackBoxSplit(Task):
    """Decision of :attr:`splitter` (the seat left of :attr:`winner`): how to split the
    tokens. The tokens lie face up, so the task hides nothing."""

    __slots__ = ("splitter", "winner")
    __match_args__: ClassVar = ("module", "winner", "splitter")
    __attrs_attrs__: ClassVar[Any] = described(
        "BlackBoxSplit", ("module", int), ("winner", Seat), ("splitter", Seat)
    )

    kind: ClassVar[str] = "black-box-split"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.PAYOUT})
    prompt: ClassVar[str | None] = "split the Black Box tokens into two piles"
    """What answering this task does, for a view's prompt."""
    winner: Final[Seat]
    """The seat that took the higher card at this casino."""
    splitter: Final[Seat]
    """The seat to the winner's left."""

    def __init__(self, module: int, winner: Seat, splitter: Seat) -> None:
        self.module = module
        self.winner = winner
        self.splitter = splitter

    def __eq__(self, other: object) -> bool:
        if type(other) is not BlackBoxSplit:
            return NotImplemented
        return (self.module, self.winner, self.splitter) == (
            other.module,
            other.winner,
            other.splitter,
        )

    def __hash__(self) -> int:
        return hash((self.module, self.winner, self.splitter))

    def __repr__(self) -> str:
        return f"BlackBoxSplit(module={self.module!r}, winner={self.winner!r}, splitter={self.splitter!r})"

    def __reduce__(self) -> tuple[type[BlackBoxSplit], tuple[object, ...]]:
        return BlackBoxSplit, (self.module, self.winner, self.splitter)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(BlackBoxSplit)


@final
class BlackBoxChoose(Task):
    """Decision of :attr:`winner`: which face-down pile to take. Only :attr:`splitter` may
    see :attr:`piles`; other seats see each token as ``FACE_DOWN``."""

    __slots__ = ("piles", "splitter", "winner")
    __match_args__: ClassVar = ("module", "winner", "splitter", "piles")
    __attrs_attrs__: ClassVar[Any] = described(
        "BlackBoxChoose",
        ("module", int),
        ("winner", Seat),
        ("splitter", Seat),
        ("piles", tuple[tuple[Money, ...], ...]),
    )

    kind: ClassVar[str] = "black-box-choose"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.PAYOUT})
    prompt: ClassVar[str | None] = "choose a Black Box pile"
    """What answering this task does, for a view's prompt."""
    winner: Final[Seat]
    """The seat that chooses a pile."""
    splitter: Final[Seat]
    """The seat that made the piles."""
    piles: Final[tuple[tuple[Money, ...], ...]]
    """The two piles' tokens, each highest first (hidden from everybody but the splitter)."""

    def __init__(
        self, module: int, winner: Seat, splitter: Seat, piles: tuple[tuple[Money, ...], ...]
    ) -> None:
        self.module = module
        self.winner = winner
        self.splitter = splitter
        self.piles = piles

    def __eq__(self, other: object) -> bool:
        if type(other) is not BlackBoxChoose:
            return NotImplemented
        return (self.module, self.winner, self.splitter, self.piles) == (
            other.module,
            other.winner,
            other.splitter,
            other.piles,
        )

    def __hash__(self) -> int:
        return hash((self.module, self.winner, self.splitter, self.piles))

    def __repr__(self) -> str:
        return f"BlackBoxChoose(module={self.module!r}, winner={self.winner!r}, splitter={self.splitter!r}, piles={self.piles!r})"

    def __reduce__(self) -> tuple[type[BlackBoxChoose], tuple[object, ...]]:
        return BlackBoxChoose, (self.module, self.winner, self.splitter, self.piles)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(BlackBoxChoose)


@attrs.frozen
class SplitTokens(Action):
    """Split the six tokens into the piles :attr:`first` and :attr:`second` (the splitter's
    hidden decision).

    >>> SplitTokens(first=(60_000, 0, 0), second=(20_000, 20_000, 0))
    SplitTokens(first=(60000, 0, 0), second=(20000, 20000, 0))
    """

    kind: ClassVar[str] = "black-box-split-tokens"
    first: tuple[Money, ...]
    """The first pile's tokens, highest first (the larger pile when sizes differ)."""
    second: tuple[Money, ...]
    """The second pile's tokens, highest first."""

    def text(self, state: State | None = None) -> str:
        """``"Split the tokens: $60,000 $0 $0 | $20,000 $20,000 $0"``."""
        first = " ".join(money(t) for t in self.first)
        second = " ".join(money(t) for t in self.second)
        return f"Split the tokens: {first} | {second}"


@attrs.frozen
class ChoosePile(Action):
    """Take the face-down pile number :attr:`pile` (0: the first, 1: the second).

    >>> ChoosePile(pile=1)
    ChoosePile(pile=1)
    """

    kind: ClassVar[str] = "black-box-choose-pile"
    pile: int
    """0 or 1."""

    def text(self, state: State | None = None) -> str:
        """``"Take the pile of 4 tokens"`` (with the state), else ``"Take pile 1"``."""
        if state is not None and state.tasks and isinstance(state.tasks[0], BlackBoxChoose):
            pile = state.tasks[0].piles[self.pile]
            return f"Take the {'first' if self.pile == 0 else 'second'} pile ({len(pile)} tokens)"
        return f"Take pile {self.pile}"


@attrs.frozen
class TokensSplit(Event):
    """The splitter made the two face-down piles; only the splitter's events show the
    tokens, every other seat sees ``FACE_DOWN`` tokens (the sizes).

    >>> TokensSplit(seat=2, piles=((-1, -1, -1, -1, -1), (-1,)))
    TokensSplit(seat=2, piles=((-1, -1, -1, -1, -1), (-1,)))
    """

    kind: ClassVar[str] = "black-box-split"
    seat: Seat
    """The splitter."""
    piles: tuple[tuple[Money, ...], ...]
    """The piles' tokens (or ``FACE_DOWN`` tokens)."""

    def text(self, state: State | None = None) -> str:
        """``"Seat 2 splits the Black Box tokens 5 + 1"``."""
        sizes = " + ".join(str(len(p)) for p in self.piles)
        return f"Seat {self.seat} splits the Black Box tokens {sizes}"


@attrs.frozen
class PileChosen(Event):
    """The winner took a pile; its tokens are turned face up (public).

    >>> PileChosen(seat=1, pile=0, tokens=(60_000, 0, 0))
    PileChosen(seat=1, pile=0, tokens=(60000, 0, 0))
    """

    kind: ClassVar[str] = "black-box-pile-chosen"
    seat: Seat
    """The winner."""
    pile: int
    """Which pile (0 or 1)."""
    tokens: tuple[Money, ...]
    """The pile's tokens, highest first."""

    def text(self, state: State | None = None) -> str:
        """``"Seat 1 takes a Black Box pile: $60,000, $0, $0"``."""
        return f"Seat {self.seat} takes a Black Box pile: " + ", ".join(map(money, self.tokens))


def _face_down(piles: tuple[tuple[Money, ...], ...]) -> tuple[tuple[Money, ...], ...]:
    return tuple((FACE_DOWN,) * len(pile) for pile in piles)


_ACTIONS: Final[tuple[Action, ...]] = tuple(SplitTokens(a, b) for a, b in BLACK_BOX_SPLITS)
_CHOICES: Final[tuple[Action, ...]] = (ChoosePile(0), ChoosePile(1))


def _splitter(state: State, index: int, task: Task) -> Seat:
    """The seat that splits the tokens."""
    assert isinstance(task, BlackBoxSplit)
    return task.splitter


def _winner(state: State, index: int, task: Task) -> Seat:
    """The seat that chooses a pile."""
    assert isinstance(task, BlackBoxChoose)
    return task.winner


def _split_actions(state: State, index: int, task: Task) -> tuple[Action, ...]:
    """The 14 splits."""
    return _ACTIONS


def _choose_actions(state: State, index: int, task: Task) -> tuple[Action, ...]:
    """The two piles."""
    return _CHOICES


@attrs.frozen
class BlackBox(Tile):
    """Black Box (G1): the winner here picks one of two face-down piles of tokens made by
    the seat to their left (T-BLACKBOX-1, T-BLACKBOX-2, X-15).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import finish_round, setup_round
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("G1",))))
    >>> state = finish_round(state, {0: 1, 1: 5, 2: 6})  # seat 0 wins casino 1
    >>> lv.to_move(state), len(lv.legal_actions(state))  # seat 1 splits: 14 ways
    (1, 14)
    >>> state = lv.apply(state, SplitTokens((60_000, 20_000, 0, 0), (20_000, 0)))
    >>> lv.observe(state, 0).tasks[0].task.piles  # the winner sees the sizes only
    ((-1, -1, -1, -1), (-1, -1))
    >>> state = lv.apply(state, ChoosePile(0))
    >>> state.money[0][-1], state.modules[0].chips[0]  # $60,000; 2 chips for $20,000, 2 for round 2
    (60000, 6)
    """

    id: ClassVar[str] = "black-box"
    code: ClassVar[str] = "G1"
    rule_text: ClassVar[str] = (
        "During payout, if a player takes the higher card here, the player to their left "
        "splits the six tokens ($60,000, $20,000, $20,000 and three of $0) into two face- "
        "down piles (3+3, 4+2 or 5+1); the winner chooses a pile, seeing only the sizes, "
        "and gets its rewards."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        _, tasks = self.seen(state, index, seat)
        facts = []
        for task in tasks:
            if isinstance(task, BlackBoxChoose):
                sizes = tuple(len(p) for p in task.piles)
                text = f"Seat {task.winner} chooses a pile ({sizes[0]} or {sizes[1]} tokens)"
                facts.append(TileFact("piles", text, seat=task.winner, values=sizes))
        return tuple(facts)

    activation_chips: ClassVar[int | None] = 0
    round_chips: ClassVar[int | None] = sum(chips_for(token) for token in BLACK_BOX_TOKENS)
    tasks: ClassVar[tuple[type[Task], ...]] = (BlackBoxSplit, BlackBoxChoose)
    actions: ClassVar[tuple[type[Action], ...]] = (SplitTokens, ChoosePile)
    events: ClassVar[tuple[type[Event], ...]] = (TokensSplit, PileChosen)

    def during_payout(self, state: State, index: int, log: list[Event] | None) -> State:
        """T-BLACKBOX-2: a seat that took the higher card here gets a split to choose from;
        the seat to its left splits first. An imaginary owner or nobody: nothing (T-8)."""
        casino = self.casino(state, index)
        assert casino is not None
        winner = higher_card_winner(state, casino)
        players = state.config.players
        if winner is None or winner >= players:
            return state
        task = BlackBoxSplit(index, winner, (winner + 1) % players)
        return push_task(state, task, first=True)

    def task_handlers(self) -> Mapping[type[Task], TaskHandler]:
        """The splitter splits (the 14 splits, ``BLACK_BOX_SPLITS``), then the winner
        chooses one of the two piles."""
        return {
            BlackBoxSplit: self.decision(self._split, _splitter, _split_actions),
            BlackBoxChoose: self.decision(self._choose, _winner, _choose_actions),
        }

    def capabilities(self) -> Capabilities:
        """Its decisions (the action space) and a determiniser of the hidden split."""
        return Capabilities(
            action_space=self.action_space,
            determinise=self.determinise,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """The 14 splits and the two piles.

        >>> len(BlackBox().action_space(3))
        16
        """
        return _ACTIONS + _CHOICES

    def _split(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Make the piles (hidden): the winner's choice replaces the split."""
        task = state.tasks[0]
        assert isinstance(task, BlackBoxSplit)
        assert isinstance(action, SplitTokens)
        draft = TileDraft(state, log)  # the tasks and the event as one state
        draft.pop_task()
        piles = (action.first, action.second)
        draft.push_task(BlackBoxChoose(index, task.winner, task.splitter, piles), first=True)
        if draft.hears(TokensSplit):
            draft.emit(TokensSplit(seat=task.splitter, piles=piles))
        return draft.build()

    def _choose(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Pay the chosen pile's tokens."""
        task = state.tasks[0]
        assert isinstance(task, BlackBoxChoose)
        assert isinstance(action, ChoosePile)
        draft = TileDraft(state, log)  # the task, the event and the rewards as one state
        draft.pop_task()
        tokens = task.piles[action.pile]
        if draft.hears(PileChosen):
            draft.emit(PileChosen(task.winner, action.pile, tokens))
        for token in tokens:
            draft.reward(task.winner, token)
        return draft.build()

    # -- hidden information (T-5) ----------------------------------------------------------------

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The split decision is public; the piles are the splitter's secret."""
        if isinstance(task, BlackBoxChoose) and seat != task.splitter:
            return BlackBoxChoose(task.module, task.winner, task.splitter, _face_down(task.piles))
        return task

    def redact_event(
        self, state: State, index: int, event: Event, seat: Seat | None
    ) -> Event | None:
        """:class:`TokensSplit` shows the tokens to the splitter only."""
        if isinstance(event, TokensSplit) and seat != event.seat:
            return TokensSplit(seat=event.seat, piles=_face_down(event.piles))
        return event

    def resample_hidden(self, state: State, index: int, seat: Seat | None, rng: Rng) -> State:
        """Another split of the same sizes, for every seat but the splitter."""
        return _deal_unseen(state, index, rng, seat)

    def determinise(self, state: State, index: int, view: PlayerView, rng: Rng) -> State:
        """Fill in piles the view shows face down (search agents, ``lasvegas.agents``).

        A split of the same sizes as the face-down piles, drawn uniformly among the distinct
        splits (``BLACK_BOX_SPLITS``): the chooser sees the sizes and nothing else (T-5).

        >>> import lasvegas as lv
        >>> from lasvegas.royale.testing import finish_round, setup_round
        >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("G1",))))
        >>> state = finish_round(state, {0: 1, 1: 5, 2: 6})
        >>> state = lv.apply(state, SplitTokens((60_000, 20_000, 0, 0), (20_000, 0)))
        >>> view = lv.observe(state, 0)
        >>> guess = BlackBox().determinise(state, 0, view, lv.Rng(1))
        >>> [len(p) for p in guess.tasks[0].piles], sorted(sum(guess.tasks[0].piles, ()))
        ([4, 2], [0, 0, 0, 20000, 20000, 60000])
        """
        return _deal_unseen(state, index, rng, None, face_down=True)

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """A pending choice holds a split of the six tokens.

        >>> import lasvegas as lv
        >>> BlackBox().problems(lv.new_game(lv.royale(3)), 0)
        ()
        """
        for task in state.tasks:
            if isinstance(task, BlackBoxChoose) and task.module == index:
                if len(task.piles) != 2 or Counter(task.piles[0]) + Counter(
                    task.piles[1]
                ) != Counter(BLACK_BOX_TOKENS):
                    return (f"piles {task.piles} are not a split of the tokens",)
                if (task.piles[0], task.piles[1]) not in BLACK_BOX_SPLITS:
                    return (f"piles {task.piles} are not a split of 3+3, 4+2 or 5+1",)
        return ()


def _deal_unseen(
    state: State, index: int, rng: Rng, seat: Seat | None, *, face_down: bool = False
) -> State:
    """The tile's one deal of what a seat does not see, for :meth:`BlackBox.resample_hidden`
    (the piles of every choice whose splitter is not *seat*) and :meth:`BlackBox.determinise`
    (with *face_down*: the piles a view shows face down): each such pending choice gets a
    split of the same sizes, drawn uniformly among the distinct splits (T-5: the chooser
    sees the sizes and nothing else)."""
    tasks: list[Task] = []
    changed = False
    for task in state.tasks:
        if isinstance(task, BlackBoxChoose) and task.module == index:
            if face_down:
                unseen = any(t == FACE_DOWN for pile in task.piles for t in pile)
            else:
                unseen = seat != task.splitter
            if unseen:
                sizes = tuple(len(p) for p in task.piles)
                same = [s for s in BLACK_BOX_SPLITS if (len(s[0]), len(s[1])) == sizes]
                task = BlackBoxChoose(index, task.winner, task.splitter, rng.choice(same))
                changed = True
        tasks.append(task)
    return evolve(state, tasks=tuple(tasks)) if changed else state
