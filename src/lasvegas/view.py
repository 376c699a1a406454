"""Player views: what one seat may know (:func:`observe`).

A view is its own type, holding the public table plus the seat's private things, and
nothing else: no pile order (the state has none), no RNG, no other seat's secrets (each
module redacts its own slice through its ``redact`` hook).
"""

from __future__ import annotations

import attrs

from .actions import Action
from .engine import legal_actions, to_move
from .modules.base import ModuleState
from .state import Casino, Phase, State
from .types import Chance, Money, Seat

__all__ = ["PlayerView", "observe"]


@attrs.frozen
class PlayerView:
    """What *seat* may know of a state (``seat=None``: a spectator, who sees the public table)."""

    seat: Seat | None
    """Whose view this is; ``None`` for a spectator."""
    players: int
    """Number of seats."""
    round: int
    """The current round, from 1."""
    rounds: int
    """Rounds in the game."""
    phase: Phase
    """Where the game stands."""
    start: Seat
    """The round's start player."""
    active: Seat
    """The seat whose turn it is (or was last)."""
    to_move: Seat | Chance | None
    """Who acts next (as :func:`lasvegas.to_move`)."""
    legal: tuple[Action, ...]
    """The viewer's legal actions now (empty unless the viewer is to move)."""
    supply: tuple[tuple[int, ...], ...]
    """Dice each seat still holds, per group (public: dice are in plain sight)."""
    rolled: tuple[tuple[int, ...], ...]
    """The active seat's rolled faces per group (public: rolled in the open)."""
    casinos: tuple[Casino, ...]
    """The casinos with their notes and dice."""
    pile_size: int
    """Notes left in the pile (the unseen part plus the returned ones)."""
    money: tuple[Money | None, ...]
    """Each seat's money; other seats' are ``None`` when the config hides money (C-23)."""
    notes: tuple[int | None, ...]
    """Each seat's number of notes, hidden like ``money``."""
    modules: tuple[ModuleState | None, ...]
    """Each module's slice as the viewer may see it."""


def observe(state: State, seat: Seat | None = None) -> PlayerView:
    """The view of *state* for *seat* (``None``: a spectator).

    >>> import lasvegas as lv
    >>> view = lv.observe(lv.new_game(lv.classic(3)), 1)
    >>> view.seat, view.pile_size, view.money
    (1, 54, (0, 0, 0))
    """
    config = state.config
    n = config.players
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise ValueError(f"seat must be None or 0..{n - 1}, not {seat!r}")
    mover = to_move(state)
    hide = config.hide_money
    money = tuple(
        sum(notes) if not hide or s == seat else None for s, notes in enumerate(state.money)
    )
    counts = tuple(
        len(notes) if not hide or s == seat else None for s, notes in enumerate(state.money)
    )
    modules = config.modules
    return PlayerView(
        seat=seat,
        players=n,
        round=state.round,
        rounds=config.ruleset.params.rounds,
        phase=state.phase,
        start=state.start,
        active=state.active,
        to_move=mover,
        legal=legal_actions(state) if seat is not None and mover == seat else (),
        supply=state.supply,
        rolled=state.rolled,
        casinos=state.casinos,
        pile_size=len(state.pile_hidden) + len(state.pile_returned),
        money=money,
        notes=counts,
        modules=tuple(m.redact(state, i, seat) for i, m in enumerate(modules)),
    )
