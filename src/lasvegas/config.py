"""Game configurations: :class:`GameConfig`, the derived :class:`Params`, and editions.

A config is what is fixed before the first roll: the edition, the number of seats and the
rule modules. It is immutable, hashable and serialisable. Everything the engine derives from
it (dice per seat, the banknotes, the minimum per casino, which module hooks run) is
computed once, when the config is built, into :attr:`GameConfig.ruleset`; an impossible
config raises :class:`~lasvegas.errors.ConfigError` right there.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar, cast

import attrs

from ._ruleset import Ruleset
from .errors import ConfigError
from .types import NEUTRAL, Money

if TYPE_CHECKING:
    from .modules.base import RuleModule, TaskHandler

__all__ = ["EDITIONS", "ConfigCache", "GameConfig", "Params", "Ruleset", "register_edition"]

T = TypeVar("T")


@attrs.frozen
class Params:
    """The numbers an edition starts from, as adjusted by each module's ``configure`` hook.

    >>> Params(rounds=4, min_players=2, max_players=5, dice=(8, 0, 0, 0),
    ...        notes=(10_000, 50_000), minimum=50_000).casinos
    6
    """

    rounds: int
    """Rounds in a game (C-3)."""
    min_players: int
    """Fewest seats allowed."""
    max_players: int
    """Most seats allowed."""
    dice: tuple[int, int, int, int]
    """Dice in each seat's supply at the start of a round (C-8), per group (regular, big,
    kicker, neutral)."""
    notes: tuple[Money, ...]
    """The banknotes of the pile, as a sorted multiset (C-2)."""
    minimum: Money | None = None
    """A casino draws notes until their total reaches this (C-5); ``None`` for an edition
    with no minimum rule, whose notes a module deals (:attr:`fill` must then be ``False``)."""
    worth: tuple[tuple[Money, Money], ...] = ()
    """Notes that count as another amount for the minimum, as ``(note, worth)`` pairs."""
    casinos: int = 6
    """How many casinos take dice and notes (6, or 7 with the slot machine)."""
    places: int | None = None
    """How many ranked owners a casino pays at most (``None``: one per note, C-13)."""
    owners: tuple[str, ...] = ()
    """Names of the imaginary owners (C-21), numbered after the seats in this order."""
    fill: bool = True
    """Whether the core fills the casinos to :attr:`minimum` from the pile at the start of a
    round (C-5); ``False`` when a module deals the notes itself (then :attr:`minimum` may be
    ``None``)."""
    held: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Pieces each seat places as dice that a module holds instead of the supply, per group
    like :attr:`dice`: the card game's dice cards (K-4), single cards ``regular`` and double
    cards ``big``. The module accounts for them (``held``) and places them itself."""

    @property
    def owned(self) -> tuple[int, int, int, int]:
        """Each seat's dice in the game, per group: its supply's :attr:`dice` and the pieces
        a module holds (:attr:`held`). What the dice-conservation checks count.

        >>> import lasvegas as lv
        >>> lv.classic(3).ruleset.params.owned, lv.cardgame(3).ruleset.params.owned
        ((8, 0, 0, 0), (24, 6, 0, 0))
        """
        d, h = self.dice, self.held
        return (d[0] + h[0], d[1] + h[1], d[2] + h[2], d[3] + h[3])

    def owner(self, name: str, players: int) -> int | None:
        """The owner number of the imaginary owner *name*, or ``None`` if there is none.

        >>> p = Params(4, 2, 5, (8, 0, 0, 2), (10_000,), 50_000, owners=("neutral",))
        >>> p.owner("neutral", players=3), p.owner("blank", players=3)
        (3, None)
        """
        if name in self.owners:
            return players + self.owners.index(name)
        return None


EDITIONS: dict[str, Callable[[int], Params]] = {}
"""The registered editions: name -> the :class:`Params` it starts from for a player count."""


def register_edition(name: str, base: Callable[[int], Params]) -> None:
    """Register an edition's starting parameters under *name* (done by each edition package).

    >>> "classic" in EDITIONS
    True
    """
    EDITIONS[name] = base


_BUILTIN_MODULES: list[type[RuleModule]] = []
"""The library's own module classes, in registration order: the only ones the player-count
hint of a :class:`~lasvegas.errors.ConfigError` tries."""


def register_builtin_modules(*classes: type[RuleModule]) -> None:
    """Make the library's own module classes known to the player-count hint (done by each
    edition and expansion package at import; a class registered twice is kept once).

    An explicit list, not the subclasses of :class:`~lasvegas.RuleModule` defined so far:
    those include a user's modules, and, until the garbage collector frees it, the class a
    slotted attrs class replaced, whose fields are not values.

    >>> from lasvegas import SixthPlayer
    >>> SixthPlayer in _BUILTIN_MODULES
    True
    """
    for cls in classes:
        if cls not in _BUILTIN_MODULES:
            _BUILTIN_MODULES.append(cls)


class ConfigCache:
    """What rule code derives from one config, each value built on first use and kept.

    Owned by the config's :class:`Ruleset`: a value lives as long as its config and is never
    shared with another config (nor with another game's state). Read them with
    :meth:`GameConfig.cached`. A value is found by the function that builds it, so there are
    at most as many as there are such functions in the code (pass a module-level function,
    never a fresh lambda); at most :attr:`LIMIT` are kept. Building is serialised by a
    re-entrant lock, so threads playing games of one config build each value once and all
    see it, and a value may be built from other cached values of the same config.
    """

    LIMIT = 64
    """The most values one config keeps (past it, they are built again on demand)."""

    __slots__ = ("_lock", "_values")

    def __init__(self) -> None:
        self._values: dict[Callable[[GameConfig], object], object] = {}
        self._lock = threading.RLock()

    def get(self, build: Callable[[GameConfig], T], config: GameConfig) -> T:
        """``build(config)``, built once and kept (see :meth:`GameConfig.cached`)."""
        try:
            return cast("T", self._values[build])
        except KeyError:
            pass
        with self._lock:
            if build in self._values:
                return cast("T", self._values[build])
            table = build(config)
            if len(self._values) >= self.LIMIT:
                self._values.clear()
            self._values[build] = table
            return table

    def __len__(self) -> int:
        """How many values are kept."""
        return len(self._values)

    def __reduce__(self) -> tuple[type[ConfigCache], tuple[()]]:
        """Copied or pickled empty (the values are built again on demand)."""
        return (ConfigCache, ())


@attrs.frozen
class Fill:
    """How the core fills the casinos at a round's start (C-5), in an edition where it does
    (:attr:`Params.fill`): :attr:`Ruleset.fill`, derived once from the params.

    >>> import lasvegas as lv
    >>> lv.classic(3).ruleset.fill
    Fill(minimum=50000, worth=None)
    >>> lv.cardgame(3).ruleset.fill is None  # its module deals the notes (K-3)
    True
    """

    minimum: Money
    """A casino draws notes until their total reaches this (:attr:`Params.minimum`)."""
    worth: dict[Money, Money] | None
    """:attr:`Params.worth` as a mapping (what a note counts for the minimum), ``None`` when
    every note counts its value. Read only."""


def _sort_modules(modules: object) -> tuple[RuleModule, ...]:
    from .modules.base import RuleModule

    if not isinstance(modules, (tuple, list)):
        raise ConfigError(f"modules must be a tuple of rule modules, not {type(modules).__name__}")
    for m in modules:
        if not isinstance(m, RuleModule):
            raise ConfigError(f"{m!r} is not a rule module")
    return tuple(sorted(modules, key=lambda m: (m.order, m.id)))


def _compile(config: GameConfig) -> Ruleset:
    from .events import CasinoPaid, DicePlaced
    from .modules.base import RuleModule
    from .modules.contract import config_problems

    players = config.players
    if type(players) is not int:
        raise ConfigError(f"players must be an int, not {players!r}")
    base = EDITIONS.get(config.edition)
    if base is None:
        known = ", ".join(sorted(EDITIONS))
        raise ConfigError(f"unknown edition {config.edition!r} (known: {known})")
    ids = [m.id for m in config.modules]
    for m in config.modules:
        if ids.count(m.id) > 1:
            raise ConfigError(f"module {m.id} is given twice")
        if config.edition not in m.editions:
            raise ConfigError(f"module {m.id} does not apply to the {config.edition} edition")
        for need in sorted(m.requires):
            if need not in ids:
                raise ConfigError(f"module {m.id} requires module {need}")
        for other in sorted(m.conflicts):
            if other in ids:
                raise ConfigError(f"module {m.id} conflicts with module {other}")
    params = base(players)
    for m in config.modules:
        params = m.configure(params, players)
    if not params.min_players <= players <= params.max_players:
        seats = "player" if players == 1 else "players"
        hint = _seat_hint(config, params, players)
        raise ConfigError(
            f"{players} {seats}: the {config.edition} edition with these modules takes "
            f"{params.min_players}-{params.max_players}{hint}"
        )
    neutral_owner = params.owner("neutral", players)
    if params.dice[NEUTRAL] and neutral_owner is None:
        raise ConfigError("neutral dice need a module that adds the neutral owner")
    fill: Fill | None = None
    if params.fill:
        if params.minimum is None:
            raise ConfigError("the core fills the casinos (Params.fill) only to a minimum: set one")
        fill = Fill(params.minimum, dict(params.worth) if params.worth else None)

    mods = config.modules
    contract = config_problems(mods, players)
    if contract:
        raise ConfigError("; ".join(contract))
    kinds = [type(m) for m in mods]
    reactors: dict[type, list[int]] = {}
    for i, m in enumerate(mods):
        for event_type in m.listens:
            reactors.setdefault(event_type, []).append(i)
    action_owner: dict[type, int] = {}
    for i, m in enumerate(mods):
        for action_type in m.actions:
            if action_type in action_owner:
                raise ConfigError(f"action {action_type.__name__} is claimed by two modules")
            action_owner[action_type] = i
    handlers: dict[type, TaskHandler] = {}
    for m in mods:
        declared = m.task_handlers()
        if set(declared) != set(m.tasks):
            raise ConfigError(f"module {m.id} must declare one task handler per task type")
        for task_type in m.tasks:
            if task_type in handlers:
                raise ConfigError(f"task {task_type.__name__} is claimed by two modules")
            if task_type.chance and declared[task_type].to_move is not None:
                raise ConfigError(
                    f"task {task_type.__name__} is always chance: its handler names no to_move"
                )
            handlers[task_type] = declared[task_type]
    return Ruleset(
        params=params,
        owners=players + len(params.owners),
        neutral_owner=neutral_owner,
        reactors={k: tuple(v) for k, v in reactors.items()},
        sleepers=frozenset(i for i, m in enumerate(mods) if m.sleeps),
        placement_filters=frozenset(
            i
            for i, k in enumerate(kinds)
            if k.hears is not RuleModule.hears and DicePlaced in k.listens
        ),
        paid_filters=frozenset(
            i
            for i, k in enumerate(kinds)
            if k.hears is not RuleModule.hears and CasinoPaid in k.listens
        ),
        offerers=tuple(i for i, k in enumerate(kinds) if k.offer is not RuleModule.offer),
        closers=tuple(i for i, k in enumerate(kinds) if k.closed is not RuleModule.closed),
        payers=tuple(i for i, k in enumerate(kinds) if k.payout is not RuleModule.payout),
        starters=tuple(i for i, k in enumerate(kinds) if k.next_start is not RuleModule.next_start),
        scorers=tuple(i for i, k in enumerate(kinds) if k.score is not RuleModule.score),
        hiders=tuple(
            i
            for i, k in enumerate(kinds)
            if k.redact is not RuleModule.redact
            or k.resample_hidden is not RuleModule.resample_hidden
        ),
        capabilities=tuple(m.capabilities() for m in mods),
        action_owner=action_owner,
        handlers=handlers,
        fill=fill,
        cache=ConfigCache(),
    )


def _seat_hint(config: GameConfig, params: Params, players: int) -> str:
    """``" (module X allows N)"`` when one more of the library's own modules of the edition
    (:func:`register_builtin_modules`), built with its default options, would allow
    *players* seats; ``""`` otherwise. A module that cannot be built without options is
    passed over.
    """
    if players < 1:
        return ""
    given = {m.id for m in config.modules}
    found: list[str] = []
    for cls in _BUILTIN_MODULES:
        if cls.id in given or config.edition not in cls.editions or cls.id in found:
            continue
        if any(need not in given for need in cls.requires) or cls.conflicts & given:
            continue
        fields = attrs.fields(cls) if attrs.has(cls) else ()
        if any(f.default is attrs.NOTHING and f.init for f in fields):
            continue  # needs options: no default instance to try
        try:
            extended = cls().configure(params, players)
        except ConfigError:  # the module does not fit this setup: no hint from it
            continue
        if extended.min_players <= players <= extended.max_players:
            found.append(cls.id)
    if not found:
        return ""
    return f" (module {' or '.join(sorted(found))} allows {players})"


@attrs.frozen
class GameConfig:
    """A game's fixed setup: edition, seats and rule modules.

    Build one with an edition factory such as :func:`lasvegas.classic`. Modules are kept in
    a canonical order, so the order you pass them in does not matter.

    >>> import lasvegas as lv
    >>> config = lv.classic(3, lv.NeutralDice())
    >>> config.players, config.edition, config.ruleset.params.dice
    (3, 'classic', (8, 0, 0, 2))
    >>> lv.classic(7)
    Traceback (most recent call last):
    ...
    lasvegas.errors.ConfigError: 7 players: the classic edition with these modules takes 2-5
    """

    players: int
    """Number of seats, ``2 .. 6`` depending on edition and modules."""
    edition: str = "classic"
    """The edition the game starts from: ``"classic"``, ``"royale"`` or ``"cardgame"``."""
    modules: tuple[RuleModule, ...] = attrs.field(default=(), converter=_sort_modules)
    """The rule modules in play, in canonical order."""
    hide_money: bool = False
    """Hide other seats' money and note counts in player views (C-23)."""
    ruleset: Ruleset = attrs.field(init=False, eq=False, hash=False, repr=False)
    """Derived once from the fields above (not serialised, not compared)."""

    def __attrs_post_init__(self) -> None:
        if type(self.hide_money) is not bool:
            raise ConfigError(f"hide_money must be a bool, not {self.hide_money!r}")
        object.__setattr__(self, "ruleset", _compile(self))

    def cached(self, build: Callable[[GameConfig], T]) -> T:
        """``build(self)``, computed on the first call and kept with this config.

        This is where rule code keeps what it derives from a config (a module's lookup
        tables, the fresh slices it deals): owned by the config, bounded
        (:class:`ConfigCache`), never keyed by a state, safe when several threads play
        games at once. *build* must be a module-level function: it is the value's key. A
        value that is a mutable mapping filled on demand must stay bounded by its own
        code (its keys validated values, cleared past a limit).

        >>> import lasvegas as lv
        >>> def seats(config: GameConfig) -> tuple[int, ...]:
        ...     return tuple(range(config.players))
        >>> config = lv.classic(3)
        >>> config.cached(seats)
        (0, 1, 2)
        >>> config.cached(seats) is config.cached(seats)
        True
        """
        return self.ruleset.cache.get(build, self)

    def module(self, module_id: str) -> RuleModule | None:
        """The module with this id, if it is in play.

        >>> import lasvegas as lv
        >>> lv.classic(2, lv.NeutralDice()).module("neutral-dice")
        NeutralDice(per_player=None, rolled=None)
        """
        for m in self.modules:
            if m.id == module_id:
                return m
        return None
