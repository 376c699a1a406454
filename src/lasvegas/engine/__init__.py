"""The engine: the one dispatcher behind every edition.

:func:`apply` and :func:`legal_actions` are the hot path; they build states directly (no
``attrs.evolve``, no validators) and create event objects only when someone listens: a
:func:`step` caller, or a module whose ``reacts_to`` names the event type.

The package is split by concern; every public name is importable from here:

* ``_apply``: :func:`new_game`, :func:`apply`, :func:`step` and the automatic transitions;
* ``_moves``: who moves and what (:func:`to_move`, :func:`legal_actions`, chance nodes);
* ``_turns``: rolling and placing dice, turn starts and ends;
* ``_round``: filling the casinos, the payout, the next round, :func:`standings`;
* ``_hooks``: the helpers module hooks build states with (:func:`emit`, tasks, slices).

The table operations every edition shares (drawing from a pile, placing dice, paying a
casino) live in :mod:`lasvegas.table`, and several changes to one state are gathered with
:class:`lasvegas.edit.Draft`.
"""

from __future__ import annotations

from ._apply import apply, new_game, step
from ._common import Standings, Step
from ._hooks import emit, hears, pop_task, push_task, set_slice, set_slices
from ._moves import (
    action_space,
    chance_outcomes,
    closed_casinos,
    legal_actions,
    sample_chance,
    to_move,
)
from ._round import payout_order, standings
from ._turns import end_turn, next_turn

__all__ = [
    "Standings",
    "Step",
    "action_space",
    "apply",
    "chance_outcomes",
    "closed_casinos",
    "emit",
    "end_turn",
    "hears",
    "legal_actions",
    "new_game",
    "next_turn",
    "payout_order",
    "pop_task",
    "push_task",
    "sample_chance",
    "set_slice",
    "set_slices",
    "standings",
    "step",
    "to_move",
]
