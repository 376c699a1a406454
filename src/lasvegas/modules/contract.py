"""The module author's contract, checked where it is broken, in one set of words.

A rule module that breaks the contract is refused at the first place the mistake can be
seen, with a message that names the module and the fix:

* when a config is built (:func:`config_problems`, raised by :class:`~lasvegas.GameConfig`
  as a :class:`~lasvegas.ConfigError`): a module that offers actions (it overrides
  :meth:`~lasvegas.RuleModule.offer`) but declares no action space, and an action space
  listing an action type the module does not declare in :attr:`~lasvegas.RuleModule.actions`;
* when a game starts (:func:`slice_problems`, raised by :func:`~lasvegas.new_game`): a
  slice that is not a :class:`~lasvegas.ModuleState` (or not the module's
  ``state_type``), or that holds something unhashable (a list, a dict, a set);
* when an offered action is applied (:func:`undeclared_offer`): an offered action whose
  type the module does not declare;
* in the conformance test (:func:`lasvegas.testing.random_sim_test`): the same mistakes in
  the same words, the slices at every step, and conservation failures with the step, the
  modules that acted in it, and where a module's own money goes (:func:`money_hint`).

>>> import lasvegas as lv
>>> config_problems(lv.classic(3, lv.SlotMachine()).modules, 3)
()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import attrs

from .base import ModuleState, RuleModule

if TYPE_CHECKING:
    from ..actions import Action
    from ..config import GameConfig
    from ..state import State

__all__ = [
    "config_problems",
    "initial_slices",
    "money_hint",
    "slice_problems",
    "undeclared_offer",
    "unlisted_decisions",
]


def _core_decisions() -> tuple[type[Action], ...]:
    """The core's decision types a module may offer too (the slot machine offers a
    ``Place`` with a ``target``): the core applies them."""
    from ..actions import Place

    return (Place,)


def _no_space(module: RuleModule, why: str) -> str:
    return (
        f"module {module.id!r} {why} but declares no action space: return "
        "Capabilities(action_space=...) from its capabilities(), listing every action it may "
        "ever offer or ask for (the adapters number actions by it)"
    )


def unlisted_decisions(state: State, legal: Sequence[Action]) -> tuple[str, ...]:
    """What the legal actions of a decision in *state* show a module forgot in its action
    space (the reinforcement-learning adapters could not number them): checked by the
    conformance test at every decision."""
    from ..engine import action_space

    space = state.config.cached(_space_set)
    if space is None:  # two modules list one action: action_space says so
        space = frozenset(action_space(state.config))
    modules = state.config.modules
    problems: list[str] = []
    for action in legal:
        if action in space:
            continue
        module: RuleModule | None
        if state.tasks:
            module = modules[state.tasks[0].module]
            why = f"asks for {type(action).__qualname__} answers ({state.tasks[0].kind})"
        else:
            owner = state.config.ruleset.action_owner.get(type(action))
            module = modules[owner] if owner is not None else None
            why = f"offers {type(action).__qualname__} actions"
        if module is None:  # an offer of a type nobody declares: as apply words it
            problems.append(
                undeclared_offer(state, action) or f"{action!r} is legal but nobody declares it"
            )
        elif module.capabilities().action_space is None:
            problems.append(_no_space(module, why))
        else:
            problems.append(
                f"module {module.id!r} {why} but its action space does not list "
                f"{action!r}: add it to what Capabilities(action_space=...) returns"
            )
    return tuple(dict.fromkeys(problems))


def _space_set(config: GameConfig) -> frozenset[Action] | None:
    """The config's action space as a set (``None`` if two modules list one action)."""
    from ..engine import action_space

    try:
        return frozenset(action_space(config))
    except ValueError:
        return None


def config_problems(modules: Sequence[RuleModule], players: int) -> tuple[str, ...]:
    """What the modules' declarations get wrong, before any game is played."""
    problems: list[str] = []
    core = _core_decisions()
    for m in modules:
        offers = type(m).offer is not RuleModule.offer
        space = m.capabilities().action_space
        if offers and space is None:
            problems.append(_no_space(m, "offers actions (it overrides offer)"))
        if space is None:
            continue
        declared = (*m.actions, *core)
        for kind in dict.fromkeys(type(a) for a in space(players)):
            if not issubclass(kind, declared):
                problems.append(undeclared_type(m, kind))
    return tuple(problems)


def undeclared_type(module: RuleModule, kind: type) -> str:
    """The words for an action type *module* lists or offers without declaring it."""
    return (
        f"module {module.id!r} offers {kind.__qualname__} actions but does not declare the "
        f"type: add {kind.__qualname__} to {type(module).__qualname__}.actions (the engine "
        "hands an action to the module that declares its type)"
    )


def undeclared_offer(state: State, action: Action) -> str | None:
    """The contract error for *action* when a module offers it at *state* (a placement
    decision) without declaring its type; ``None`` when no module offers it."""
    modules = state.config.modules
    kind = type(action)
    for i in state.config.ruleset.offerers:
        # exactly an offered action: an object equal to everything is not one
        if any(
            type(offer) is kind and offer == action
            for offer in modules[i].offer(state, i, state.active)
        ):
            return undeclared_type(modules[i], kind)
    return None


def slice_problems(state: State) -> tuple[str, ...]:
    """What is wrong with the types of the module slices of *state*: each must be ``None``
    or a :class:`~lasvegas.ModuleState` (of the module's ``state_type`` when it declares
    one), immutable and hashable all through."""
    return _slices_problems(state.config.modules, state.modules)


def initial_slices(config: GameConfig) -> tuple[ModuleState | None, ...]:
    """Each module's slice at the start of a game (:meth:`RuleModule.initial_state`), in
    ``config.modules`` order, checked as :func:`slice_problems` checks a state's.

    Raises :class:`~lasvegas.ConfigError` naming the module whose slice is wrong, before
    any state holds it.

    >>> import lasvegas as lv
    >>> initial_slices(lv.classic(3))
    ()
    """
    from ..errors import ConfigError

    slices: tuple[object, ...] = tuple(m.initial_state(config.players) for m in config.modules)
    problems = _slices_problems(config.modules, slices)
    if problems:
        raise ConfigError("; ".join(problems))
    return cast("tuple[ModuleState | None, ...]", slices)  # each checked just above


def _slices_problems(modules: Sequence[RuleModule], slices: Sequence[object]) -> tuple[str, ...]:
    problems: list[str] = []
    for module, part in zip(modules, slices, strict=True):
        if part is None:
            continue
        wanted = type(module).state_type or ModuleState
        if not isinstance(part, wanted):
            problems.append(
                f"module {module.id!r}: its slice is a {type(part).__qualname__}, not a "
                f"{wanted.__qualname__}: return an attrs frozen subclass of ModuleState "
                "(the module's state_type) or None"
            )
            continue
        try:
            hash(part)
            continue
        except TypeError:
            where = _unhashable(part)
        if where is not None:
            path, value = where
            problems.append(
                f"module {module.id!r}: its slice {type(part).__qualname__} holds a "
                f"{type(value).__name__} in {path}, and a slice must be immutable and "
                f"hashable: use a tuple (or frozenset) instead of a {type(value).__name__}"
            )
    return tuple(problems)


def _unhashable(value: object, path: str = "") -> tuple[str, object] | None:
    """Where in *value* (an attrs instance, tuple or frozenset) something unhashable sits:
    ``("field 'used'", [1, 2])``; ``None`` when everything hashes."""
    kind = type(value)
    if attrs.has(kind):
        for field in attrs.fields(kind):
            found = _unhashable(getattr(value, field.name), f"{path}.{field.name}")
            if found is not None:
                return found
        return None
    if isinstance(value, tuple | frozenset):
        for i, item in enumerate(value):
            found = _unhashable(item, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    try:
        hash(value)
    except TypeError:
        return (f"field {path.lstrip('.')!r}", value)
    return None


def money_hint() -> str:
    """Where a module's money goes: the fix a conservation failure names."""
    return (
        "banknotes are conserved: a module must not add notes to a seat's money; "
        "bonus money is a Score (keep it in the module's slice and return it from "
        "RuleModule.score), and notes a module keeps aside are reported by RuleModule.held"
    )
