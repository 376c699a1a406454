"""Block It! (tile F1): the active player puts the tile's blank dice into the casinos.

T-BLOCK-1: at setup the nine blank (gray) dice lie on the tile in clusters of 1, 1, 2, 2 and
3. T-BLOCK-2: when activated, if any cluster is left on the tile, the active player must
choose exactly one cluster and one open casino (T-7) and put all the cluster's blank dice
there ("choose one dice space cluster"): one cluster per activation, then the turn goes on.
Later activations in the round place further clusters while any is left. The blank dice
belong to the imaginary owner ``"blank"`` (T-8): they count for ties, ranks and majorities
but never activate a tile (T-6), pay or take anything; with 2 players they are another owner
than the neutral set.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar, Final, final

import attrs

from ...actions import Action
from ...engine import push_task
from ...modules._bases import FrozenInstanceError, described, seal
from ...modules.base import Capabilities, Held, ModuleState, Task, TileFact
from ...state import Phase, fast_constructor
from ...table import Interned
from ...types import CasinoNumber, Chance, Seat
from ..state import TileState, own_slice
from ..table import CASINO_NUMBERS, imaginary_owner, open_casinos
from .base import Tile, TileDraft

if TYPE_CHECKING:
    from ...events import DicePlaced, Event
    from ...state import State

__all__ = [
    "BLOCK_IT_CLUSTERS",
    "BlockIt",
    "BlockItPlace",
    "BlockItState",
    "PlaceCluster",
]

BLOCK_IT_CLUSTERS: Final[tuple[int, ...]] = (1, 1, 2, 2, 3)
"""The clusters of blank dice on the tile at setup (T-BLOCK-1): nine blank dice."""

_PLACE: Final = "block-it"
_CLUSTER_ACTIONS: Interned[tuple[tuple[int, ...], tuple[int, ...]], tuple[Action, ...]] = Interned(
    limit=4_096
)
"""The cluster placements already listed, by the clusters left and the open casinos
(bounded: a few hundred combinations; cleared past 4,096)."""
"""The place name of the tile's clusters in :class:`~lasvegas.royale.events.DiceMoved`."""


@final
class BlockItState(TileState):
    """Block It! in play: the clusters of blank dice still on the tile.

    >>> BlockItState(casino=1).clusters
    (1, 1, 2, 2, 3)
    """

    __slots__ = ("clusters",)
    __match_args__: ClassVar = ("casino", "clusters")
    __attrs_attrs__: ClassVar[Any] = described(
        "BlockItState", ("casino", CasinoNumber), ("clusters", tuple[int, ...], BLOCK_IT_CLUSTERS)
    )

    kind: ClassVar[str] = "block-it"
    clusters: Final[tuple[int, ...]]
    """The sizes of the clusters left on the tile, ascending."""

    def __init__(self, casino: CasinoNumber, clusters: tuple[int, ...] = BLOCK_IT_CLUSTERS) -> None:
        self.casino = casino
        self.clusters = clusters

    def __eq__(self, other: object) -> bool:
        if type(other) is not BlockItState:
            return NotImplemented
        return (self.casino, self.clusters) == (other.casino, other.clusters)

    def __hash__(self) -> int:
        return hash((self.casino, self.clusters))

    def __repr__(self) -> str:
        return f"BlockItState(casino={self.casino!r}, clusters={self.clusters!r})"

    def __reduce__(self) -> tuple[type[BlockItState], tuple[object, ...]]:
        return BlockItState, (self.casino, self.clusters)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(BlockItState)


@final
class BlockItPlace(Task):
    """Decision of :attr:`seat`: which one cluster goes to which open casino (T-BLOCK-2)."""

    __slots__ = ("seat",)
    __match_args__: ClassVar = ("module", "seat")
    __attrs_attrs__: ClassVar[Any] = described("BlockItPlace", ("module", int), ("seat", Seat))

    kind: ClassVar[str] = "block-it-place"
    phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.TURN_END})
    prompt: ClassVar[str | None] = "put blank dice from Block It! into a casino"
    """What answering this task does, for a view's prompt."""
    seat: Final[Seat]
    """The active seat, who must place a cluster."""

    def __init__(self, module: int, seat: Seat) -> None:
        self.module = module
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if type(other) is not BlockItPlace:
            return NotImplemented
        return (self.module, self.seat) == (other.module, other.seat)

    def __hash__(self) -> int:
        return hash((self.module, self.seat))

    def __repr__(self) -> str:
        return f"BlockItPlace(module={self.module!r}, seat={self.seat!r})"

    def __reduce__(self) -> tuple[type[BlockItPlace], tuple[object, ...]]:
        return BlockItPlace, (self.module, self.seat)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(BlockItPlace)


@attrs.frozen
class PlaceCluster(Action):
    """Put a cluster of :attr:`size` blank dice from Block It! into casino :attr:`casino`.

    Clusters of the same size are alike, so a cluster is named by its size.

    >>> PlaceCluster(size=3, casino=5)
    PlaceCluster(size=3, casino=5)
    """

    kind: ClassVar[str] = "block-it-cluster"
    size: int
    """How many blank dice the cluster holds (1, 2 or 3)."""
    casino: CasinoNumber
    """The open casino that gets them."""

    def text(self, state: State | None = None) -> str:
        """``"Put 3 blank dice from Block It! into casino 5"``."""
        noun = "die" if self.size == 1 else "dice"
        return f"Put {self.size} blank {noun} from Block It! into casino {self.casino}"


_new_slice = fast_constructor(BlockItState)
"""``BlockItState(casino, clusters)`` without attrs' __init__."""
_new_task = fast_constructor(BlockItPlace)
"""``BlockItPlace(module, seat)`` without attrs' __init__."""


@attrs.frozen
class BlockIt(Tile[BlockItState]):
    """Block It! (F1): nine blank dice, one cluster placed by the active player at each
    activation (T-BLOCK-1, T-BLOCK-2).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.testing import setup_round, turn
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("F1",))))
    >>> state = turn(state, [1, 2, 2, 2, 2, 2, 2], 1, big=2)
    >>> lv.legal_actions(state)[:3]
    (PlaceCluster(size=1, casino=1), PlaceCluster(size=1, casino=2), PlaceCluster(size=1, casino=3))
    >>> state = lv.apply(state, PlaceCluster(size=3, casino=1))
    >>> state.casinos[0].dice  # seats 0, 1, 2, then the blank owner
    (1, 0, 0, 3)
    >>> state.tasks, state.active  # one cluster per activation: seat 1 rolls next
    ((), 1)
    """

    id: ClassVar[str] = "block-it"
    code: ClassVar[str] = "F1"
    rule_text: ClassVar[str] = (
        "When activated, if any cluster of blank dice is left on the tile (clusters of 1, "
        "1, 2, 2 and 3), the active player must put one cluster into an open casino. Blank "
        "dice count for ties and majorities but win nothing and activate nothing."
    )
    """The tile's rule in short (the rule ids in the module's docs)."""

    def facts(self, state: State, index: int, seat: Seat | None) -> tuple[TileFact, ...]:
        """The tile's public state (see :meth:`Tile.facts`)."""
        s, _ = self.seen(state, index, seat)
        if not isinstance(s, BlockItState):
            return ()
        if not s.clusters:
            return (TileFact("clusters", "No blank dice left on the tile"),)
        left = ", ".join(map(str, s.clusters))
        return (TileFact("clusters", f"Blank dice left: clusters of {left}", values=s.clusters),)

    activation_chips: ClassVar[int | None] = 0
    round_chips: ClassVar[int | None] = 0
    owners: ClassVar[tuple[str, ...]] = ("blank",)
    tasks: ClassVar[tuple[type[Task], ...]] = (BlockItPlace,)
    actions: ClassVar[tuple[type[Action], ...]] = (PlaceCluster,)
    state_type: ClassVar[type[ModuleState] | None] = BlockItState

    def fresh(self, state: State, casino: CasinoNumber) -> TileState:
        """T-BLOCK-1: the nine blank dice lie on the tile in clusters of 1, 1, 2, 2, 3."""
        return BlockItState(casino)

    def activate(
        self,
        state: State,
        index: int,
        seat: Seat,
        log: list[Event] | None,
        placed: DicePlaced | None = None,
    ) -> State:
        """T-BLOCK-2: if any cluster is left, the active seat must place exactly one (a
        decision). My Choice's activation (``placed=None``) works the same way."""
        s = own_slice(self, state, index)
        if not s.clusters or not open_casinos(state):
            return state
        return push_task(state, _new_task(module=index, seat=seat), first=True)

    def spent(self, state: State, index: int) -> bool:
        """With every cluster placed, activation does nothing (T-BLOCK-2).

        >>> import lasvegas as lv
        >>> from lasvegas.royale.testing import setup_round
        >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("F1",))))
        >>> index = next(i for i, m in enumerate(state.config.modules) if isinstance(m, BlockIt))
        >>> BlockIt().spent(state, index)  # nine blank dice on the tile
        False
        """
        s = state.modules[index]
        return isinstance(s, BlockItState) and not s.clusters

    def task_to_move(self, state: State, index: int, task: Task) -> Seat | Chance:
        """The active seat places the clusters."""
        assert isinstance(task, BlockItPlace)
        return task.seat

    def task_actions(self, state: State, index: int, task: Task) -> tuple[Action, ...]:
        """Every size of cluster left, into every open casino (T-7)."""
        s = own_slice(self, state, index)
        casinos = open_casinos(state)
        key = (s.clusters, casinos)
        actions = _CLUSTER_ACTIONS.get(key)
        if actions is None:
            actions = _CLUSTER_ACTIONS.keep(
                key,
                tuple(PlaceCluster(size, c) for size in sorted(set(s.clusters)) for c in casinos),
            )
        return actions

    def capabilities(self) -> Capabilities:
        """Its decisions, for the adapters (the action space)."""
        return Capabilities(
            action_space=self.action_space,
        )

    def action_space(self, players: int) -> tuple[Action, ...]:
        """Every cluster size into every casino.

        >>> len(BlockIt().action_space(3))
        18
        """
        return tuple(
            PlaceCluster(size, c) for size in sorted(set(BLOCK_IT_CLUSTERS)) for c in CASINO_NUMBERS
        )

    def public_task(self, state: State, index: int, task: Task, seat: Seat | None) -> Task | None:
        """The decision hides nothing."""
        return task

    def resolve(self, state: State, index: int, action: Action, log: list[Event] | None) -> State:
        """Move the cluster's blank dice into the casino (no activation, T-6); that is the
        activation's one cluster (T-BLOCK-2): the turn goes on."""
        task = state.tasks[0]
        assert isinstance(task, BlockItPlace)
        assert isinstance(action, PlaceCluster)
        s = own_slice(self, state, index)
        clusters = list(s.clusters)
        clusters.remove(action.size)
        # pop_task, the slice and the move as one state (TileDraft)
        draft = TileDraft(state, log)
        draft.pop_task()
        draft.set_slice(index, _new_slice(casino=s.casino, clusters=tuple(clusters)))
        blank = imaginary_owner(state, "blank")
        assert blank is not None
        draft.move(blank, action.size, 0, _PLACE, CasinoNumber(action.casino))
        return draft.build()

    def held(self, state: State, index: int) -> Held:
        """The blank dice still on the tile, for the blank owner (they are in no casino)."""
        s = state.modules[index]
        if not isinstance(s, BlockItState):
            return Held()
        blank = imaginary_owner(state, "blank")
        assert blank is not None
        held = [0] * state.config.ruleset.owners
        held[blank] = sum(s.clusters)
        return Held(dice=tuple(held))

    def problems(self, state: State, index: int) -> tuple[str, ...]:
        """The clusters left are some of the setup's, and no blank die went missing.

        >>> import lasvegas as lv
        >>> from lasvegas.royale.testing import setup_round
        >>> state = setup_round(lv.new_game(lv.royale(3, tiles=1, deal=("F1",))))
        >>> index = next(i for i, m in enumerate(state.config.modules) if isinstance(m, BlockIt))
        >>> BlockIt().problems(state, index)
        ()
        """
        s = state.modules[index]
        if s is None:
            return ()
        if not isinstance(s, BlockItState):
            return ("the Block It! slice has the wrong type",)
        if Counter(s.clusters) - Counter(BLOCK_IT_CLUSTERS) or list(s.clusters) != sorted(
            s.clusters
        ):
            return (f"clusters {s.clusters} are not clusters of the tile",)
        blank = imaginary_owner(state, "blank")
        if blank is None:
            return ("the config has no blank owner",)
        placed = sum(c.dice[blank] + c.big[blank] for c in state.casinos)
        if placed + sum(s.clusters) != sum(BLOCK_IT_CLUSTERS):
            return (f"{placed} blank dice in casinos and {sum(s.clusters)} on the tile",)
        return ()
