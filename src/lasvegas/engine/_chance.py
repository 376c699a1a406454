"""Chance in one call: :func:`play_chance` plays every chance node up to the next decision.

The core resolves its own chance here without a public :func:`~lasvegas.apply` per node:
the banknote draws of the FILL phase go into one state when nobody hears them
(:func:`_fill_run`), and the rolls of a turn likewise, straight to the roll's own
function (:func:`~lasvegas.engine._turns._rolled_state`). A
module resolves its chance tasks node by node (``sample`` then ``resolve``), or a run of
them in one state through its handler's :attr:`~lasvegas.TaskHandler.run` hook.
"""

from __future__ import annotations

from typing import Final

from .._build import COMPILED
from ..actions import Action
from ..chance import Rng
from ..events import NoteDealt
from ..state import State, fast_constructor, with_fill
from ..table import deal_notes, sample_note, sample_roll
from ..types import CHANCE, GROUPS
from . import ChanceRun
from ._common import _FILL, _PLACE, _ROLL
from ._moves import sample_chance
from ._round import _advance, _below_minimum
from ._turns import _rolled_state

_new_run: Final = fast_constructor(ChanceRun)
"""``ChanceRun(state, actions)`` without attrs' __init__ (one per call), in the pure build."""


def play_chance(state: State, rng: Rng) -> ChanceRun:
    """Play every chance node from *state* until a seat must decide or the game ends.

    The result holds the state reached and the chance actions drawn, in order: the same
    state, the same actions and the same *rng* afterwards as the loop
    ``while to_move(s) is CHANCE: a = sample_chance(s, rng); s = apply(s, a)``. At a
    decision (or once the game is over) it returns *state* itself and no action. Records
    that keep the actions replay exactly as the loop's would.

    >>> import lasvegas as lv
    >>> run = lv.play_chance(lv.new_game(lv.classic(4)), lv.Rng(7))
    >>> lv.to_move(run.state), len(run.actions)  # the notes dealt, then seat 0's roll
    (0, ...)
    >>> lv.play_chance(run.state, lv.Rng(7)).actions
    ()
    """
    actions: list[Action] = []
    while True:
        tasks = state.tasks
        if tasks:
            task = tasks[0]
            handler = state.config.ruleset.handlers[type(task)]
            index = task.module
            if not task.chance:
                mover = handler.to_move
                if mover is not None and mover(state, index, task) is not CHANCE:
                    break
            run = handler.run
            if run is not None:
                state, drawn = run(state, index, task, rng)
                actions += drawn
            else:
                sampler = handler.sample
                if sampler is None:
                    sample_chance(state, rng)  # raises: a chance node nobody can sample
                    raise AssertionError("unreachable")  # pragma: no cover
                action = sampler(state, index, task, rng)
                actions.append(action)
                state = handler.resolve(state, index, action, None)
            if not state.tasks:
                state = _advance(state, None)
            continue
        phase = state.phase
        if phase is _ROLL:
            group = state.cursor
            roll = sample_roll(state.supply[state.active][group], GROUPS[group], rng)
            actions.append(roll)
            # drawn here: no check; the turn's other groups drawn there if nobody hears them
            state = _rolled_state(state, group, roll.faces, None, None, rng, actions)
            phase = state.phase
            if (phase is not _ROLL and phase is not _PLACE) or state.tasks:
                state = _advance(state, None)
            elif phase is _PLACE:
                break  # a seat decides (as the loop's next pass would find)
        elif phase is _FILL:
            state = _advance(_fill_run(state, rng, actions), None)
        else:
            break
    if COMPILED:
        # A native class called by name: mypyc builds it directly; through _new_run (a
        # variable holding the class) it would be a generic call, with its arguments parsed.
        return ChanceRun(state, tuple(actions))
    return _new_run(state, tuple(actions))


def _fill_run(state: State, rng: Rng, actions: list[Action]) -> State:
    """The banknote draws of the FILL phase (C-4, C-5), in one state when no module hears a
    ``NoteDealt``: the draws and casinos of the node-by-node loop, then the state as the
    last draw leaves it (the cursor at the casino that took it, for :func:`_advance` to
    move on from, as after that draw)."""
    ruleset = state.config.ruleset
    fill = ruleset.fill
    if fill is None or NoteDealt in ruleset.reactors:
        # modules react to each note (or none fills: the draw refuses): one node at a time
        from ._round import _draw

        action = sample_note(state.pile_hidden, state.pile_returned, rng)
        actions.append(action)
        return _draw(state, action, None)
    minimum = fill.minimum
    worth = fill.worth
    count = ruleset.params.casinos
    hidden = state.pile_hidden
    returned = state.pile_returned
    casinos = list(state.casinos)
    index = state.cursor
    while True:
        at = index
        casinos[index], hidden, returned = deal_notes(
            casinos[index], hidden, returned, rng, minimum, worth, actions
        )
        if not hidden and not returned:
            break
        index = _below_minimum(casinos, index + 1, count, minimum, worth)  # C-5
        if index >= count:
            break
    return with_fill(
        state, cursor=at, casinos=tuple(casinos), pile_hidden=hidden, pile_returned=returned
    )
