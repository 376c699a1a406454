"""The config's derived data as a native class: :class:`~lasvegas.config.Ruleset`.

Rule code reads the ruleset at nearly every step (who hears an event, which modules close
casinos or offer actions), so it is a plain final class with slots, like the native state
classes (:mod:`lasvegas._native`): compiled, those reads are C reads of its fields instead
of generic attribute lookups. It is defined here, in a module that imports nothing of the
package at run time, so that :mod:`lasvegas.config` imports it first; its public name is
``lasvegas.config.Ruleset``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final, final

from ._native import FrozenInstanceError, attributes, finish

if TYPE_CHECKING:
    from .config import ConfigCache, Fill, Params
    from .modules.base import Capabilities, TaskHandler

__all__ = ["Ruleset"]

_FIELDS: Final = (
    "params",
    "owners",
    "neutral_owner",
    "reactors",
    "sleepers",
    "placement_filters",
    "paid_filters",
    "offerers",
    "closers",
    "payers",
    "starters",
    "scorers",
    "hiders",
    "capabilities",
    "action_owner",
    "handlers",
    "fill",
    "cache",
)


@final
class Ruleset:
    """Everything the engine derives from a config, computed once (not serialised).

    Immutable; compared by value (every field but :attr:`cache`), not hashable (it holds
    dictionaries). Built by :class:`~lasvegas.GameConfig` only.
    """

    __slots__ = _FIELDS
    __match_args__: ClassVar = _FIELDS
    # The field types as the attrs class this replaces held them (its module postponed its
    # annotations): their source text.
    __attrs_attrs__: ClassVar[Any] = attributes(
        "Ruleset",
        params="Params",
        owners="int",
        neutral_owner="int | None",
        reactors="dict[type, tuple[int, ...]]",
        sleepers="frozenset[int]",
        placement_filters="frozenset[int]",
        paid_filters="frozenset[int]",
        offerers="tuple[int, ...]",
        closers="tuple[int, ...]",
        payers="tuple[int, ...]",
        starters="tuple[int, ...]",
        scorers="tuple[int, ...]",
        hiders="tuple[int, ...]",
        capabilities="tuple[Capabilities, ...]",
        action_owner="dict[type, int]",
        handlers="dict[type, TaskHandler]",
        fill="Fill | None",
        cache="ConfigCache",
    )

    params: Final[Params]
    """The edition's numbers after every module adjusted them."""
    owners: Final[int]
    """Seats plus imaginary owners: the length of every casino's dice tuples."""
    neutral_owner: Final[int | None]
    """Owner number the ``"neutral"`` group's dice belong to, if that owner exists."""
    reactors: Final[dict[type, tuple[int, ...]]]
    """For each event type, the indexes of the modules that listen to it (their
    ``listens`` declaration), in module order: the engine calls their ``react``."""
    sleepers: Final[frozenset[int]]
    """Indexes of the modules that sleep while their slice is ``None`` (``sleeps``)."""
    placement_filters: Final[frozenset[int]]
    """Indexes of the modules that listen to ``DicePlaced`` but hear placements at some
    casinos only (they override ``hears``)."""
    paid_filters: Final[frozenset[int]]
    """Indexes of the modules that listen to ``CasinoPaid`` but hear the payouts of some
    casinos only (they override ``hears``)."""
    offerers: Final[tuple[int, ...]]
    """Indexes of the modules that offer actions at a placement decision."""
    closers: Final[tuple[int, ...]]
    """Indexes of the modules that may close casinos to placements."""
    payers: Final[tuple[int, ...]]
    """Indexes of the modules that may take over a casino's payout."""
    starters: Final[tuple[int, ...]]
    """Indexes of the modules that may choose the next round's start player."""
    scorers: Final[tuple[int, ...]]
    """Indexes of the modules that add to the standings (``score``: money, tie-break
    counts or both)."""
    hiders: Final[tuple[int, ...]]
    """Indexes of the modules that may hide something from a seat (they override
    ``redact`` or ``resample_hidden``)."""
    capabilities: Final[tuple[Capabilities, ...]]
    """Each module's declared optional capabilities (``RuleModule.capabilities``), in module
    order."""
    action_owner: Final[dict[type, int]]
    """Module action types -> index of the module that performs them."""
    handlers: Final[dict[type, TaskHandler]]
    """Task types -> the handler their module declares (``RuleModule.task_handlers``)."""
    fill: Final[Fill | None]
    """How the core fills the casinos (C-5); ``None`` when a module deals the notes
    (:attr:`Params.fill <lasvegas.config.Params.fill>` off). The loader refuses a config
    that fills with no minimum."""
    cache: Final[ConfigCache]
    """Values derived from the config on first use (:meth:`GameConfig.cached
    <lasvegas.GameConfig.cached>`): owned by this ruleset, never compared."""

    def __init__(
        self,
        params: Params,
        owners: int,
        neutral_owner: int | None,
        reactors: dict[type, tuple[int, ...]],
        sleepers: frozenset[int],
        placement_filters: frozenset[int],
        paid_filters: frozenset[int],
        offerers: tuple[int, ...],
        closers: tuple[int, ...],
        payers: tuple[int, ...],
        starters: tuple[int, ...],
        scorers: tuple[int, ...],
        hiders: tuple[int, ...],
        capabilities: tuple[Capabilities, ...],
        action_owner: dict[type, int],
        handlers: dict[type, TaskHandler],
        fill: Fill | None,
        cache: ConfigCache,
    ) -> None:
        self.params = params
        self.owners = owners
        self.neutral_owner = neutral_owner
        self.reactors = reactors
        self.sleepers = sleepers
        self.placement_filters = placement_filters
        self.paid_filters = paid_filters
        self.offerers = offerers
        self.closers = closers
        self.payers = payers
        self.starters = starters
        self.scorers = scorers
        self.hiders = hiders
        self.capabilities = capabilities
        self.action_owner = action_owner
        self.handlers = handlers
        self.fill = fill
        self.cache = cache

    def _compared(self) -> tuple[object, ...]:
        """The fields that make two rulesets equal (all but :attr:`cache`)."""
        return (
            self.params,
            self.owners,
            self.neutral_owner,
            self.reactors,
            self.sleepers,
            self.placement_filters,
            self.paid_filters,
            self.offerers,
            self.closers,
            self.payers,
            self.starters,
            self.scorers,
            self.hiders,
            self.capabilities,
            self.action_owner,
            self.handlers,
            self.fill,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not Ruleset:
            return NotImplemented
        return self._compared() == other._compared()

    def __hash__(self) -> int:
        raise TypeError("unhashable type: 'Ruleset' (it holds dictionaries)")

    def __repr__(self) -> str:
        shown: list[str] = []
        for name, value in zip(_FIELDS, self._compared(), strict=False):  # not the cache
            shown.append(f"{name}={value!r}")
        return f"Ruleset({', '.join(shown)})"

    def __reduce__(self) -> tuple[type[Ruleset], tuple[object, ...]]:
        return Ruleset, (*self._compared(), self.cache)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError


finish(Ruleset)
