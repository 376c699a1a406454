"""Events on their way to the log and the modules that react: :func:`emit`, and
:func:`wanted` and :func:`hears`, which tell rule code whether an event must be built at all.

A neutral module: the engine (:mod:`lasvegas.engine`, which re-exports both names) and the
batch edits (:class:`lasvegas.edit.Draft`) both use it, and it imports neither of them, so
neither depends on the other's import order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .events import Event
    from .state import State

__all__ = ["emit", "hears", "wanted"]


def _awake(state: State, indexes: tuple[int, ...]) -> bool:
    """Whether any module of *indexes* is awake: not one that sleeps while its slice is
    ``None`` (``RuleModule.sleeps``) with its slice ``None``."""
    sleepers = state.config.ruleset.sleepers
    slices = state.modules
    for i in indexes:  # noqa: SIM110 - a plain loop: any() and its generator cost more
        if slices[i] is not None or i not in sleepers:
            return True
    return False


def hears(state: State, kind: type[Event]) -> bool:
    """Whether a module awake in *state* reacts to events of type *kind* (``listens``,
    sleeping modules not counted): a module may skip building an event nobody hears when it
    keeps no log.

    >>> import lasvegas as lv
    >>> from lasvegas.events import DicePlaced
    >>> hears(lv.new_game(lv.classic(3)), DicePlaced)
    False
    >>> hears(lv.new_game(lv.classic(3, lv.Kickers())), DicePlaced)
    True
    """
    indexes = state.config.ruleset.reactors.get(kind)
    return indexes is not None and _awake(state, indexes)


def wanted(state: State, log: list[Event] | None, kind: type[Event]) -> bool:
    """Whether an event of type *kind* must be built and emitted in *state*: a log is kept
    (a :func:`~lasvegas.step` caller reads the events), or a module awake in *state* reacts
    to *kind*. Otherwise :func:`emit` would do nothing, so rule code builds an event only
    when it is wanted::

        if wanted(state, log, NoteDealt):
            state = emit(state, NoteDealt(casino=casino, value=value), log)

    >>> import lasvegas as lv
    >>> from lasvegas.events import DicePlaced
    >>> state = lv.new_game(lv.classic(3))
    >>> wanted(state, None, DicePlaced), wanted(state, [], DicePlaced)
    (False, True)
    >>> wanted(lv.new_game(lv.classic(3, lv.Kickers())), None, DicePlaced)
    True
    """
    if log is not None:
        return True
    ruleset = state.config.ruleset
    indexes = ruleset.reactors.get(kind)
    if indexes is None:
        return False
    sleepers = ruleset.sleepers
    slices = state.modules
    for i in indexes:  # noqa: SIM110 - _awake, inlined: a plain loop costs least
        if slices[i] is not None or i not in sleepers:
            return True
    return False


def emit(state: State, event: Event, log: list[Event] | None) -> State:
    """Record *event* in *log* (if any) and let the modules that react to its type react.

    >>> import lasvegas as lv
    >>> log: list[lv.Event] = []
    >>> _ = emit(lv.new_game(lv.classic(2)), lv.RoundEnded(round=1), log)
    >>> log
    [RoundEnded(round=1)]
    """
    if log is not None:
        log.append(event)
    ruleset = state.config.ruleset
    indexes = ruleset.reactors.get(type(event))
    if indexes:
        modules = state.config.modules
        sleepers = ruleset.sleepers
        for i in indexes:
            if i not in sleepers or state.modules[i] is not None:  # sleeping modules skipped
                state = modules[i].react(state, i, event, log)
    return state
