"""Shared pieces of the engine: phase constants, the result types, error helpers."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from ..actions import Action, safe_repr
from ..config import GameConfig
from ..errors import IllegalActionError
from ..state import (
    Phase,
    State,
)
from ..types import CHANCE

_NO_ROLL: Final[tuple[tuple[int, ...], ...]] = ((), (), (), ())


_FILL: Final = Phase.FILL


_ROLL: Final = Phase.ROLL


_PLACE: Final = Phase.PLACE


_TURN_START: Final = Phase.TURN_START


_TURN_END: Final = Phase.TURN_END


_PAYOUT: Final = Phase.PAYOUT


_ROUND_END: Final = Phase.ROUND_END


_OVER: Final = Phase.OVER


def _phase_name(state: State) -> str:
    if state.tasks:
        return f"{state.phase.value} ({state.tasks[0].kind})"
    return state.phase.value


def _illegal(state: State, action: object, message: str, reason: str) -> IllegalActionError:
    return IllegalActionError(safe_repr(action), _phase_name(state), message, reason)


def _first_turn(config: GameConfig) -> State:
    """Deal the notes (lowest first) and return the state at the first roll (for examples)."""
    from . import apply, chance_outcomes, new_game, to_move  # the engine, once it is loaded

    state = new_game(config)
    while state.phase is _FILL or (state.tasks and to_move(state) is CHANCE):
        state = apply(state, min(chance_outcomes(state), key=_outcome_key)[0])
    return state


def _outcome_key(outcome: tuple[Action, Fraction]) -> str:
    return repr(outcome[0])
