"""Helpers to script Royale games through the public API, for tests and examples.

They answer chance nodes with chosen outcomes (``lv.apply`` with ``Draw``, ``DealTile`` and
``Roll`` actions), so a test fixes every card and die without building states by hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from ..actions import Draw, Place, Roll
from ..engine import apply, step, to_move
from ..events import Event
from ..state import Phase, State
from ..types import BIG, CHANCE, Money, Seat
from .module import BankDeal, CardDeal, DealTile, NeutralSetRoll, TileDeal

__all__ = ["CARDS", "RESERVE", "finish_round", "setup_round", "turn"]

CARDS: tuple[Money, ...] = (
    40_000, 30_000,
    50_000, 30_000,
    50_000, 40_000,
    60_000, 50_000,
    70_000, 60_000,
    90_000, 80_000,
)  # fmt: skip
"""A round's 12 cards in pair order: pairs of $70,000, $80,000, $90,000, $110,000, $130,000
and $170,000, which R-4 puts on casinos 1 to 6 in that order."""

RESERVE: tuple[Money, ...] = tuple(sorted(CARDS * 2))
"""The 24 reserve cards :func:`setup_round` leaves undrawn by default: :data:`CARDS` twice,
so that rounds 2 and 3 can deal them again."""


def setup_round(
    state: State,
    *,
    tiles: Sequence[str] = (),
    cards: Sequence[Money] = CARDS,
    reserve: Sequence[Money] = RESERVE,
    neutral: Sequence[int] = (6, 6, 6, 6, 6, 6, 6),
    neutral_big: int = 6,
) -> State:
    """Answer the round's setup chance nodes and return the state at the first roll.

    *tiles* are the faces of the randomly dealt slots, in casino order; *cards* the 12 money
    cards in pair order; *reserve* the cards the bank leaves in the pile in round 1 (the
    bank is the rest, drawn lowest first); *neutral* and *neutral_big* the 2-player neutral
    set's small dice and Biggy.

    >>> import lasvegas as lv
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=0)))
    >>> [c.notes for c in state.casinos]  # doctest: +NORMALIZE_WHITESPACE
    [(40000, 30000), (50000, 30000), (50000, 40000), (60000, 50000), (70000, 60000),
     (90000, 80000)]
    """
    faces = iter(tiles)
    bank: list[Money] | None = None
    while state.tasks and to_move(state) is CHANCE:
        task = state.tasks[0]
        if isinstance(task, TileDeal):
            state = apply(state, DealTile(next(faces)))
        elif isinstance(task, CardDeal):
            state = apply(state, Draw(cards[len(task.drawn)]))
        elif isinstance(task, BankDeal):
            if bank is None:
                rest = Counter(state.pile_hidden) - Counter(reserve)
                bank = sorted(rest.elements())
                if len(bank) != task.left:
                    raise ValueError(f"the reserve must leave {task.left} cards for the bank")
            state = apply(state, Draw(bank.pop(0)))
        elif isinstance(task, NeutralSetRoll):
            if task.group == "big":
                state = apply(state, Roll((neutral_big,), "big"))
            else:
                state = apply(state, Roll(tuple(sorted(neutral)), "neutral"))
        else:
            break
    return state


def turn(
    state: State,
    small: Iterable[int],
    face: int,
    *,
    big: int | None = None,
    log: list[Event] | None = None,
) -> State:
    """Roll the active seat's dice (*small* faces, then the Biggy's face *big* if it still
    holds it) and place *face*; with *log*, the events of the placement are added to it.

    >>> import lasvegas as lv
    >>> state = setup_round(lv.new_game(lv.royale(3, tiles=0)))
    >>> state = turn(state, [4, 4, 4, 4, 4, 1, 2], 4, big=6)
    >>> state.casinos[3].dice, state.active
    ((5, 0, 0), 1)
    """
    own = tuple(sorted(small))
    if own:
        state = apply(state, Roll(own))
    if state.phase is Phase.ROLL and state.supply[state.active][BIG]:
        if big is None:
            raise ValueError(f"seat {state.active} still holds its Biggy: give its face")
        state = apply(state, Roll((big,), "big"))
    if log is None:
        return apply(state, Place(face))
    result = step(state, Place(face))
    log.extend(result.events)
    return result.state


def finish_round(state: State, faces: Mapping[Seat, int], log: list[Event] | None = None) -> State:
    """Play out the round: every seat rolls all its remaining dice on its face in *faces*
    and places them, until no seat holds dice (the round's end and payout follow); with
    *log*, the events of the placements (and of the payout) are added to it.

    >>> import lasvegas as lv
    >>> state = setup_round(lv.new_game(lv.royale(2, tiles=0)))
    >>> state = finish_round(state, {0: 1, 1: 2})
    >>> state.round, state.money
    (2, ((40000,), (50000,)))
    """
    current = state.round
    while state.round == current and state.phase is Phase.ROLL and not state.tasks:
        seat = state.active
        held = state.supply[seat]
        face = faces[seat]
        state = turn(state, [face] * held[0], face, big=face if held[BIG] else None, log=log)
    return state
