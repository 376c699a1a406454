"""Dice on the Royale table: counting (T-11), moving (T-6, T-10), closed casinos (T-7).

Tiles never edit casinos or supplies by hand; they call these helpers, which keep the core's
accounting right and tell the other modules what happened:

* :func:`move_dice` moves dice between a seat's supply, a casino and a tile's own places
  (Knockout's bar, Double Down's tile, the golden space ...) **without activating** anything
  (T-6). It emits :class:`~lasvegas.royale.events.DiceMoved`. A die coming back to a
  supply brings a seat that had finished back into the round (T-10): the core's turn order
  only asks which seats still hold dice.
* :func:`place_dice` places dice from the active seat's supply at a casino **as a roll
  would**: it emits the core's :class:`~lasvegas.events.DicePlaced`, so the casino's tile
  activates (T-3; Power Play's rotated die, T-6).

A placement a tile makes is part of the current turn; the core moves on to the next turn once
the tile's tasks are done.
"""

from __future__ import annotations

from ..engine import closed_casinos as _engine_closed_casinos
from ..engine import emit, hears, payout_order
from ..events import DicePlaced, Event
from ..state import Phase, State, evolve, make_casino
from ..table import Interned
from ..types import CasinoNumber, Seat
from .events import DiceMoved
from .state import royale_state

__all__ = [
    "CASINO_NUMBERS",
    "SUPPLY",
    "casino_count",
    "closed_casinos",
    "higher_card_winner",
    "imaginary_owner",
    "move_dice",
    "open_casinos",
    "place_dice",
    "place_name",
]

SUPPLY = "supply"
"""The place name of a seat's supply in :func:`move_dice`."""

CASINO_NUMBERS: tuple[CasinoNumber, ...] = tuple(CasinoNumber(c) for c in range(1, 7))
"""The six casinos' numbers, 1 to 6 (the casinos that hold tiles and take actions' casino
fields)."""


def place_name(place: int | str) -> str:
    """The name of a place in :class:`~lasvegas.royale.events.DiceMoved`.

    >>> place_name(3), place_name("bar")
    ('casino-3', 'bar')
    """
    return f"casino-{place}" if isinstance(place, int) else place


def casino_count(state: State, casino: int, owner: int) -> int:
    """Dice of *owner* at casino number *casino*, a Biggy counting two (T-11, R-3).

    Only dice in the casino count: dice in Knockout's bar, on a tile or on the golden space
    are in no casino.

    >>> import lasvegas as lv
    >>> casino_count(lv.new_game(lv.royale(3)), 4, 0)
    0
    """
    c = state.casinos[casino - 1]
    return c.dice[owner] + 2 * c.big[owner]


def closed_casinos(state: State) -> frozenset[CasinoNumber]:
    """The casino numbers closed now (No Entry!, T-7): they accept no dice and give none back.

    >>> import lasvegas as lv
    >>> closed_casinos(lv.new_game(lv.royale(3)))
    frozenset()
    """
    if not state.config.ruleset.closers:
        return _NONE
    return _engine_closed_casinos(state)  # the engine's answer, remembered per state


_NONE: frozenset[CasinoNumber] = frozenset()
_ALL: Interned[int, tuple[CasinoNumber, ...]] = Interned(
    lambda n: tuple(CasinoNumber(c) for c in range(1, n + 1))
)
"""Every casino number, by the number of casinos (6 or 7)."""


def open_casinos(state: State) -> tuple[CasinoNumber, ...]:
    """The casino numbers that accept dice now (T-7), in order.

    >>> import lasvegas as lv
    >>> open_casinos(lv.new_game(lv.royale(3)))
    (1, 2, 3, 4, 5, 6)
    """
    closed = closed_casinos(state)
    n = len(state.casinos)
    if not closed:
        return _ALL[n]
    return tuple(c for c in _ALL[n] if c not in closed)


def imaginary_owner(state: State, name: str) -> int | None:
    """The owner number of the imaginary owner *name* (``"neutral"``, ``"blank"``; T-8).

    >>> import lasvegas as lv
    >>> imaginary_owner(lv.new_game(lv.royale(2)), "neutral")
    2
    >>> imaginary_owner(lv.new_game(lv.royale(3)), "neutral") is None
    True
    """
    config = state.config
    return config.ruleset.params.owner(name, config.players)


def higher_card_winner(state: State, casino: int) -> int | None:
    """The owner who took the higher card at *casino* this round, once it has paid (R-6).

    ``None`` before that casino's payout or when nobody won there. The owner may be
    imaginary (numbered after the seats, T-8). Royale records the winners of the casinos it
    does not hear later (``hears``); until then the winner is read off the casino's
    dice, which paying does not move.

    >>> import lasvegas as lv
    >>> higher_card_winner(lv.new_game(lv.royale(3)), 6) is None
    True
    """
    top = royale_state(state).top
    if casino <= len(top):
        winner = top[casino - 1]
    elif (state.phase is Phase.PAYOUT and state.cursor >= casino) or (
        state.phase is Phase.ROUND_END
    ):
        ranked = payout_order(state.casinos[casino - 1])
        winner = ranked[0] if ranked else -1
    else:
        return None
    return None if winner < 0 else winner


def _check_open(
    state: State, casino: int, closed: frozenset[CasinoNumber] | None
) -> frozenset[CasinoNumber]:
    if closed is None:
        closed = closed_casinos(state)
    if casino in closed:
        raise ValueError(f"casino {casino} is closed (T-7): no dice may enter or leave it")
    return closed


def _move(
    state: State,
    owner: int,
    small: int,
    big: int,
    source: CasinoNumber | str,
    target: CasinoNumber | str,
) -> State:
    if small < 0 or big < 0:
        raise ValueError("move a non-negative number of dice")
    closed: frozenset[CasinoNumber] | None = None
    casinos = state.casinos
    supply = state.supply
    changed_casinos = False
    changed_supply = False
    for place, sign in ((source, -1), (target, 1)):
        if isinstance(place, int):
            closed = _check_open(state, place, closed)
            c = casinos[place - 1]
            dice = c.dice[owner] + sign * small
            bigs = c.big[owner] + sign * big
            if dice < 0 or bigs < 0:
                raise ValueError(f"owner {owner} has not that many dice at casino {place}")
            new = make_casino(
                c.notes,
                (*c.dice[:owner], dice, *c.dice[owner + 1 :]),
                (*c.big[:owner], bigs, *c.big[owner + 1 :]),
            )
            casinos = (*casinos[: place - 1], new, *casinos[place:])
            changed_casinos = True
        elif place == SUPPLY:
            if not 0 <= owner < state.config.players:
                raise ValueError(f"owner {owner} is imaginary and has no supply (T-8)")
            row = supply[owner]
            r, b = row[0] + sign * small, row[1] + sign * big
            if r < 0 or b < 0:
                raise ValueError(f"seat {owner} has not that many dice in its supply")
            supply = (*supply[:owner], (r, b, *row[2:]), *supply[owner + 1 :])
            changed_supply = True
    return evolve(
        state,
        casinos=casinos if changed_casinos else None,
        supply=supply if changed_supply else None,
    )


def move_dice(
    state: State,
    owner: int,
    *,
    small: int = 0,
    big: int = 0,
    source: CasinoNumber | str,
    target: CasinoNumber | str,
    log: list[Event] | None,
) -> State:
    """Move *small* dice and *big* Biggies of *owner* from *source* to *target*, activating
    nothing (T-6).

    A place is a casino number (``1`` .. ``6``), :data:`SUPPLY` (the seat's supply: only for
    seats) or any other name for a place a module keeps in its own slice (``"bar"``,
    ``"tile-G2"``, ``"box"``): the helper changes nothing there, the calling module updates
    its slice (and its ``held``) itself. Closed casinos (T-7) refuse with
    ``ValueError``; so does a move of dice that are not there.

    >>> import lasvegas as lv
    >>> state = lv.new_game(lv.royale(3, tiles=0))
    >>> state = move_dice(state, 1, small=2, source=SUPPLY, target=5, log=None)
    >>> state.casinos[4].dice, state.supply[1]
    ((0, 2, 0), (5, 1, 0, 0))
    >>> state = move_dice(state, 1, small=1, source=5, target=SUPPLY, log=None)
    >>> state.casinos[4].dice, state.supply[1]
    ((0, 1, 0), (6, 1, 0, 0))
    """
    state = _move(state, owner, small, big, source, target)
    if log is None and not hears(state, DiceMoved):  # nobody (awake) listens
        return state
    key = (owner, small, big, source, target)
    event = _MOVED.get(key)
    if event is None:
        event = _MOVED.keep(
            key,
            DiceMoved(
                owner=owner,
                small=small,
                big=big,
                source=place_name(source),
                target=place_name(target),
            ),
        )
    return emit(state, event, log)


_MOVED: Interned[tuple[int, int, int, int | str, int | str], DiceMoved] = Interned()
"""``DiceMoved`` events already built (immutable, so shared), by owner, dice and places
(bounded by the owners, dice counts and places; cleared past 10,000)."""


def place_dice(
    state: State,
    seat: Seat,
    casino: CasinoNumber,
    *,
    small: int = 0,
    big: int = 0,
    log: list[Event] | None,
) -> State:
    """Place dice from *seat*'s supply at *casino* as a roll's placement would, so the
    casino's tile activates (T-3; Power Play's rotated die, T-6).

    It emits the core's :class:`~lasvegas.events.DicePlaced` (``face`` is the casino number).
    For placements that must not activate, use :func:`move_dice`.

    >>> import lasvegas as lv
    >>> state = place_dice(lv.new_game(lv.royale(3, tiles=0)), 0, 6, big=1, log=None)
    >>> state.casinos[5].big, state.supply[0]
    ((1, 0, 0), (7, 0, 0, 0))
    """
    state = _move(state, seat, small, big, SUPPLY, casino)
    return emit(
        state, DicePlaced(seat=seat, face=casino, casino=casino, counts=(small, big, 0, 0)), log
    )
