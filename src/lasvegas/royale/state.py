"""The Royale module's slice of the state, and small typed helpers to reach and rebuild it.

:class:`RoyaleState` holds what the Royale rules keep beside the core table: each seat's
chips (R-5), the bank (T-1), the round's tile deal (T-2) and the faces dealt so far, who
took the higher card at each casino this round (R-7), and the casinos whose "before payout"
effect is still to run (T-9). Everything in it is public: the reserve, the only hidden
thing of the edition, is the core pile's unseen part (a sorted multiset, C-4).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, TypeVar, final

from .._build import COMPILED
from .._marks import mypyc_attr, typed_fields
from ..config import GameConfig
from ..modules._bases import FrozenInstanceError, described, open_base, seal
from ..modules.base import ModuleState, RuleModule, Task
from ..state import State, evolve, fast_constructor
from ..types import CasinoNumber, Money, Seat

__all__ = [
    "ROYALE_ID",
    "BlackThrow",
    "RoyaleState",
    "TileState",
    "own_slice",
    "royale_index",
    "royale_state",
    "set_royale",
]

ROYALE_ID = "royale"
"""The id of the Royale module (every Royale config has exactly one)."""


@final
class RoyaleState(ModuleState):
    """The Royale module's slice: chips, bank, the round's tiles.

    >>> RoyaleState(chips=(2, 2)).bank
    ()
    """

    __slots__ = ("bank", "chips", "deal", "pending", "tiles", "top", "used")
    __match_args__: ClassVar = ("chips", "bank", "deal", "tiles", "used", "top", "pending")
    __attrs_attrs__: ClassVar[Any] = described(
        "RoyaleState",
        ("chips", tuple[int, ...]),
        ("bank", tuple[Money, ...], ()),
        ("deal", tuple[str, ...], ()),
        ("tiles", tuple[int, ...], ()),
        ("used", tuple[str, ...], ()),
        ("top", tuple[int, ...], ()),
        ("pending", tuple[int, ...], ()),
    )

    kind: ClassVar[str] = "royale"
    chips: Final[tuple[int, ...]]
    """Chips per seat (R-5; unlimited supply, X-8)."""
    bank: Final[tuple[Money, ...]]
    """The bank's cards, sorted ascending; public (T-1). Empty in the basic game."""
    deal: Final[tuple[str, ...]]
    """This round's tile faces at casinos 1, 2, ... (T-2), as face codes (``"A2"``)."""
    tiles: Final[tuple[int, ...]]
    """The module index (in ``config.modules``) of the tile at casinos 1, 2, ...; mirrors
    :attr:`deal`."""
    used: Final[tuple[str, ...]]
    """Every face dealt so far in the game, in deal order (T-2 ``no_repeat``)."""
    top: Final[tuple[int, ...]]
    """Who took the higher card at casinos 1, 2, ... this round (owner number, ``-1`` for
    nobody); filled as the casinos pay (R-7)."""
    pending: Final[tuple[int, ...]]
    """Casinos whose tile's "before payout" effect has yet to run (T-9 (1))."""

    def __init__(
        self,
        chips: tuple[int, ...],
        bank: tuple[Money, ...] = (),
        deal: tuple[str, ...] = (),
        tiles: tuple[int, ...] = (),
        used: tuple[str, ...] = (),
        top: tuple[int, ...] = (),
        pending: tuple[int, ...] = (),
    ) -> None:
        self.chips = chips
        self.bank = bank
        self.deal = deal
        self.tiles = tiles
        self.used = used
        self.top = top
        self.pending = pending

    def __eq__(self, other: object) -> bool:
        if type(other) is not RoyaleState:
            return NotImplemented
        return (
            self.chips,
            self.bank,
            self.deal,
            self.tiles,
            self.used,
            self.top,
            self.pending,
        ) == (
            other.chips,
            other.bank,
            other.deal,
            other.tiles,
            other.used,
            other.top,
            other.pending,
        )

    def __hash__(self) -> int:
        return hash(
            (self.chips, self.bank, self.deal, self.tiles, self.used, self.top, self.pending)
        )

    def __repr__(self) -> str:
        return f"RoyaleState(chips={self.chips!r}, bank={self.bank!r}, deal={self.deal!r}, tiles={self.tiles!r}, used={self.used!r}, top={self.top!r}, pending={self.pending!r})"

    def __reduce__(self) -> tuple[type[RoyaleState], tuple[object, ...]]:
        return RoyaleState, (
            self.chips,
            self.bank,
            self.deal,
            self.tiles,
            self.used,
            self.top,
            self.pending,
        )

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


seal(RoyaleState)


@typed_fields(auto_attribs=True, init=False, repr=False, eq=False, slots=False)
@mypyc_attr(allow_interpreted_subclasses=True)
class TileState(ModuleState):
    """The slice of a tile in play; a sleeping tile's slice is ``None``.

    Tiles with more to remember subclass it (a counter, a token holder ...): a frozen attrs
    subclass (``@attrs.frozen class TipJarState(TileState): ...``) inherits :attr:`casino`.

    >>> TileState(casino=2).casino
    2
    """

    __slots__ = ("casino",)
    __attrs_attrs__: ClassVar[Any] = described("TileState", ("casino", CasinoNumber))

    kind: ClassVar[str] = "tile"
    casino: CasinoNumber
    """The casino the tile lies at this round (1 .. the number of tiles)."""

    def __init__(self, casino: CasinoNumber) -> None:
        self.casino = casino


open_base(TileState)


@mypyc_attr(allow_interpreted_subclasses=True)
class BlackThrow(Task):
    """The mark of a tile's throw of the two black dice: a task class that derives from it
    (``class JackpotThrow(BlackThrow, Task)``) is a chance node of :attr:`seat`'s
    throw, and the :class:`~lasvegas.royale.tiles.base.Tile` base class declares
    :func:`~lasvegas.royale.tiles.shared.black_throw_handler` for it and
    :func:`~lasvegas.royale.tiles.shared.describe_black_throw` for its text.

    The task class itself (a frozen attrs :class:`~lasvegas.Task`) declares the
    :attr:`seat` field first, then any of its own, and sets :attr:`purpose`.
    """

    __slots__ = ("seat",)
    chance: ClassVar[bool] = True
    """Every throw is a chance node."""
    prompt: ClassVar[str | None] = "throw the black dice"
    """What answering a throw does, for a view's prompt (a tile's throw says more)."""
    purpose: ClassVar[str] = ""
    """What the throw is for, in the text of a throw (``"for the jackpot"``)."""
    seat: Seat
    """The seat that throws (a field of the task class)."""


open_base(BlackThrow, register=False)


_new_royale = fast_constructor(RoyaleState)
"""``RoyaleState(chips, bank, deal, tiles, used, top, pending)`` for the pure build's hot
path: all seven fields positionally, stored on a twin (:func:`~lasvegas.state.fast_constructor`)."""


def evolve_royale(
    s: RoyaleState,
    *,
    chips: tuple[int, ...] | None = None,
    bank: tuple[Money, ...] | None = None,
    deal: tuple[str, ...] | None = None,
    tiles: tuple[int, ...] | None = None,
    used: tuple[str, ...] | None = None,
    top: tuple[int, ...] | None = None,
    pending: tuple[int, ...] | None = None,
) -> RoyaleState:
    """*s* with the fields given replaced (a field left out, or ``None``, keeps its value):
    the typed updater of the Royale slice, as :func:`lasvegas.state.evolve` is the state's.

    >>> evolve_royale(RoyaleState(chips=(1, 2), bank=(10_000,)), chips=(0, 2))
    RoyaleState(chips=(0, 2), bank=(10000,), deal=(), tiles=(), used=(), top=(), pending=())
    """
    chips = s.chips if chips is None else chips
    bank = s.bank if bank is None else bank
    deal = s.deal if deal is None else deal
    tiles = s.tiles if tiles is None else tiles
    used = s.used if used is None else used
    top = s.top if top is None else top
    pending = s.pending if pending is None else pending
    if COMPILED:
        # A native class called by name is built in C; called through a variable that holds
        # it (_new_royale), its arguments would be parsed as a Python call's.
        return RoyaleState(chips, bank, deal, tiles, used, top, pending)
    return _new_royale(chips, bank, deal, tiles, used, top, pending)


_S = TypeVar("_S", bound=ModuleState)


def own_slice(module: RuleModule[_S], state: State, index: int) -> _S:
    """``module.slice_of(state, index)`` for the compiled rule code of Royale and its tiles:
    the same answer and error, without a call into the interpreted base class.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.royale(3))
    >>> own_slice(state.config.modules[0], state, 0).chips
    (2, 2, 2)
    """
    value = state.modules[index]
    if value is None:
        raise TypeError(f"module {module.id!r} has no slice now (it sleeps)")
    return value  # type: ignore[return-value]  # as RuleModule.slice_of: the one narrowing


def royale_index(config: GameConfig) -> int:
    """The index of the Royale module in ``config.modules``.

    >>> import lasvegas as lv
    >>> royale_index(lv.royale(3))
    0
    """
    modules = config.modules
    if modules and modules[0].id == ROYALE_ID:
        return 0
    for i, module in enumerate(modules):
        if module.id == ROYALE_ID:
            return i
    raise ValueError("this config has no Royale module")


def royale_state(state: State) -> RoyaleState:
    """The Royale slice of *state*.

    >>> import lasvegas as lv
    >>> royale_state(lv.new_game(lv.royale(3))).chips
    (2, 2, 2)
    """
    value = state.modules[royale_index(state.config)]
    assert isinstance(value, RoyaleState)
    return value


def set_royale(state: State, value: RoyaleState) -> State:
    """*state* with its Royale slice replaced by *value*.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.royale(2))
    >>> set_royale(state, RoyaleState(chips=(5, 0))).modules[0].chips
    (5, 0)
    """
    i = royale_index(state.config)
    modules = state.modules
    return evolve(state, modules=(*modules[:i], value, *modules[i + 1 :]))
