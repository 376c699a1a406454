"""Small helpers the Boulevard modules share: moving dice between casinos and supplies.

They build states and casinos with the core's fast constructors (no ``attrs.evolve``,
whose per-call introspection costs more than the rules). Private to the package.
"""

from __future__ import annotations

from typing import Final

from ..state import Casino, State, make_casino
from ..types import CasinoNumber

SLOT_MACHINE: Final = CasinoNumber(7)
"""The slot machine's casino number, the seventh casino, filled and paid last (B-7)."""


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """*values* with ``values[index]`` changed by *delta*.

    >>> bump((1, 2, 3), 1, -2)
    (1, 0, 3)
    """
    return (*values[:index], values[index] + delta, *values[index + 1 :])


def with_casino(state: State, number: int, casino: Casino) -> tuple[Casino, ...]:
    """The casinos of *state* with casino *number* (1-based) replaced.

    >>> import lasvegas as lv
    >>> c = lv.Casino((90_000,), (0, 0), (0, 0))
    >>> with_casino(lv.new_game(lv.classic(2)), 2, c)[1].notes
    (90000,)
    """
    casinos = state.casinos
    return (*casinos[: number - 1], casino, *casinos[number:])


def move_die(casino: Casino, owner: int, big: bool, delta: int) -> Casino:
    """*casino* with *delta* dice of *owner* added (negative: removed); *big* for biggies.

    >>> move_die(Casino((), (2, 1), (0, 1)), 1, True, -1)
    Casino(notes=(), dice=(2, 1), big=(0, 0))
    """
    if big:
        return make_casino(casino.notes, casino.dice, bump(casino.big, owner, delta))
    return make_casino(casino.notes, bump(casino.dice, owner, delta), casino.big)
