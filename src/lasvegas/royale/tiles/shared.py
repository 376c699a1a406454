"""The pieces several casino tiles share, written once.

* **The black-dice throw** (Jackpot, Fifty Fifty, My Choice, Prime Time): a tile's throw
  task subclasses :class:`BlackThrow`; the :class:`~lasvegas.royale.tiles.base.Tile` base
  class then declares its handler (:func:`black_throw_handler`: the 21 sorted throws of
  two dice, drawn directly with :func:`black_throw`; an answer checked by
  :func:`thrown_faces` and reported with :func:`black_rolled`), the tile declares the text
  of the throw (:func:`describe_black_throw`), and its ``thrown`` says what the faces do.
* **Rotate or return a die** (Handicap's choice reward, My Choice's fifth action): the
  choices (:func:`rotations`, :func:`returns`) and the moves (:func:`rotate_die`,
  :func:`return_die`, and :func:`draft_rotate_die`, :func:`draft_return_die` on a tile's
  :class:`~lasvegas.royale.tiles.base.TileDraft`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Final

from ...actions import Action, Roll
from ...chance import roll_distribution
from ...engine import push_task
from ...errors import IllegalActionError
from ...events import DiceRolled
from ...modules.base import Task, TaskHandler
from ...table import Interned, roll_outcomes, sample_roll
from ...types import BIG, REGULAR, CasinoNumber, Seat
from ..state import BlackThrow
from ..table import SUPPLY, move_dice, open_casinos

if TYPE_CHECKING:
    from ...chance import Rng
    from ...events import Event
    from ...state import State
    from .base import Tile, TileDraft

__all__ = [
    "BLACK_OUTCOMES",
    "BlackThrow",
    "black_rolled",
    "black_throw",
    "black_throw_handler",
    "describe_black_throw",
    "draft_return_die",
    "draft_rotate_die",
    "return_die",
    "returns",
    "rotate_die",
    "rotations",
    "thrown_faces",
]


# -- the black-dice throw ----------------------------------------------------------------------


BLACK_OUTCOMES: Final = roll_outcomes(2, "black")
"""The 21 sorted throws of the two black dice with their exact probabilities (the core's
roll of a group of dice, :func:`lasvegas.table.roll_outcomes`)."""

_VALID: Final = frozenset(faces for faces, _ in roll_distribution(2))
"""The faces of a valid throw (sorted, two dice of 1 to 6)."""


def throw_on_activation(state: State, throw: Task) -> State:
    """The "when activated" effect of a tile whose activation is a throw of the black dice
    (Jackpot, T-JACKPOT-2; My Choice, T-CHOICE-1): *state* with *throw*, the tile's
    :class:`BlackThrow` task for the active seat, pending first, so the seat throws at once
    (a chance node).

    >>> import lasvegas as lv
    >>> from lasvegas.royale.tiles.jackpot import JackpotThrow
    >>> state = throw_on_activation(lv.new_game(lv.royale(3)), JackpotThrow(module=1, seat=2))
    >>> state.tasks[0]
    JackpotThrow(module=1, seat=2)
    """
    return push_task(state, throw, first=True)


def black_throw(rng: Rng) -> Roll:
    """A throw of the two black dice (``Roll(rng.dice(2), "black")``), for the tiles'
    chance nodes: the core's roll of a group of dice (:func:`lasvegas.table.sample_roll`).

    >>> import lasvegas as lv
    >>> roll = black_throw(lv.Rng(7))
    >>> roll == lv.Roll(roll.faces, "black"), len(roll.faces)
    (True, 2)
    """
    return sample_roll(2, "black", rng)


def _outcomes(state: State, index: int, task: Task) -> tuple[tuple[Action, Fraction], ...]:
    return BLACK_OUTCOMES


def _sample(state: State, index: int, task: Task, rng: Rng) -> Action:
    return black_throw(rng)


def black_throw_handler(tile: Tile) -> TaskHandler:
    """The handler of *tile*'s :class:`BlackThrow` tasks: chance (the 21 throws, drawn
    directly); the faces, checked, go to the tile's ``thrown`` (``Tile.perform_throw``).

    >>> import lasvegas as lv
    >>> handler = black_throw_handler(lv.Jackpot())
    >>> handler.to_move is None, len(handler.outcomes(None, 0, None))  # type: ignore[arg-type]
    (True, 21)
    """
    return TaskHandler(tile.perform_throw, None, None, _outcomes, _sample)


def thrown_faces(state: State, action: Action) -> tuple[int, ...]:
    """The faces of *action*, the answer to the :class:`BlackThrow` first in *state*;
    :class:`~lasvegas.errors.IllegalActionError` unless it is a valid throw of the black
    dice (chance outcomes are checked by the module, not the engine).

    >>> import attrs
    >>> import lasvegas as lv
    >>> from lasvegas.royale.tiles.jackpot import JackpotThrow
    >>> state = attrs.evolve(lv.new_game(lv.royale(3)), tasks=(JackpotThrow(1, 0),))
    >>> thrown_faces(state, lv.Roll((2, 5), "black"))
    (2, 5)
    >>> thrown_faces(state, lv.Roll((5, 2), "black"))
    Traceback (most recent call last):
    ...
    lasvegas.errors.IllegalActionError: Roll(faces=(5, 2), group='black') in phase fill (jackpot-throw): a sorted throw of the two black dice is next; the accepted form is Roll(faces=(2, 5), group='black')
    """
    if type(action) is not Roll or action.group != "black" or action.faces not in _VALID:
        hint = action.sorted_hint(_VALID.__contains__) if type(action) is Roll else ""
        raise IllegalActionError(
            repr(action),
            f"{state.phase.value} ({state.tasks[0].kind})",
            f"a sorted throw of the two black dice is next{hint}",
            "bad-roll",
        )
    return action.faces


def black_rolled(seat: Seat, faces: tuple[int, ...]) -> DiceRolled:
    """The ``DiceRolled`` event of *seat*'s throw of the black dice, built once per seat and
    faces (events are immutable, so shared).

    >>> black_rolled(0, (3, 4))
    DiceRolled(seat=0, group='black', faces=(3, 4))
    """
    return _BLACK_ROLLED[seat, faces]


_BLACK_ROLLED: Interned[tuple[Seat, tuple[int, ...]], DiceRolled] = Interned(
    lambda key: DiceRolled(seat=key[0], group="black", faces=key[1]), limit=4_096
)
"""``DiceRolled`` events of black dice already built (bounded: seats times 21 throws, and
cleared past 4,096)."""


def describe_black_throw(state: State, index: int, action: Action) -> str | None:
    """``"Seat 0 throws the black dice for the jackpot: 2, 5"`` for a throw answering a
    :class:`BlackThrow`; ``None`` (the generic text) for anything else.

    >>> import attrs
    >>> import lasvegas as lv
    >>> from lasvegas.royale.tiles.jackpot import JackpotThrow
    >>> state = attrs.evolve(lv.new_game(lv.royale(3)), tasks=(JackpotThrow(1, 0),))
    >>> describe_black_throw(state, 1, lv.Roll((2, 5), "black"))
    'Seat 0 throws the black dice for the jackpot: 2, 5'
    """
    task = state.tasks[0]
    if isinstance(task, BlackThrow) and isinstance(action, Roll):
        faces = ", ".join(str(f) for f in action.faces)
        return f"Seat {task.seat} throws the black dice {task.purpose}: {faces}"
    return None


# -- rotate or return a die (Handicap's choice, My Choice's fifth action) -------------------------


def rotations(state: State, seat: Seat) -> tuple[tuple[int, bool], ...]:
    """The rotations *seat* may make: ``(face, big)`` for each open casino (T-7), a small die
    if it holds one, its Biggy if it holds it.

    >>> import lasvegas as lv
    >>> rotations(lv.new_game(lv.royale(3)), 0)[:3]
    ((1, False), (1, True), (2, False))
    """
    held = state.supply[seat]
    key = (open_casinos(state), bool(held[REGULAR]), bool(held[BIG]))
    found = _ROTATIONS.get(key)  # they depend on these alone: built once
    if found is None:
        kinds = [big for big, n in ((False, key[1]), (True, key[2])) if n]
        found = _ROTATIONS.keep(key, tuple((face, big) for face in key[0] for big in kinds))
    return found


_ROTATIONS: Interned[tuple[tuple[int, ...], bool, bool], tuple[tuple[int, bool], ...]] = Interned()
"""Rotations by open casinos and the kinds of die held (bounded: the sets of open casinos,
which No Entry! makes at most 7 of, times 4)."""


def returns(state: State, seat: Seat) -> tuple[tuple[CasinoNumber, bool], ...]:
    """The dice *seat* may take back: ``(casino, big)`` for each open casino (T-7) holding a
    small die or the Biggy of *seat*.

    >>> import lasvegas as lv
    >>> returns(lv.new_game(lv.royale(3)), 0)
    ()
    """
    found: list[tuple[CasinoNumber, bool]] = []
    casinos = state.casinos
    for casino in open_casinos(state):
        c = casinos[casino - 1]
        if c.dice[seat]:
            found.append((casino, False))
        if c.big[seat]:
            found.append((casino, True))
    return tuple(found)


def rotate_die(state: State, seat: Seat, face: int, big: bool, log: list[Event] | None) -> State:
    """*seat* rotates one remaining die (its Biggy if *big*) to *face* and places it at that
    casino without activating its tile (T-6): the move is a
    :class:`~lasvegas.royale.events.DiceMoved`, not a :class:`~lasvegas.DicePlaced`.

    >>> import lasvegas as lv
    >>> state = rotate_die(lv.new_game(lv.royale(3)), 1, 4, False, None)
    >>> state.casinos[3].dice[1], state.supply[1][:2]
    (1, (6, 1))
    """
    return move_dice(
        state,
        seat,
        small=0 if big else 1,
        big=int(big),
        source=SUPPLY,
        target=CasinoNumber(face),
        log=log,
    )


def return_die(
    state: State, seat: Seat, casino: CasinoNumber, big: bool, log: list[Event] | None
) -> State:
    """*seat* takes one of its dice (its Biggy if *big*) from *casino* back into its supply,
    which brings it back into the round if it had finished (T-10).

    >>> import lasvegas as lv
    >>> state = rotate_die(lv.new_game(lv.royale(3)), 1, 4, True, None)
    >>> return_die(state, 1, 4, True, None).supply[1][:2]
    (7, 1)
    """
    return move_dice(
        state, seat, small=0 if big else 1, big=int(big), source=casino, target=SUPPLY, log=log
    )


def draft_rotate_die(draft: TileDraft, seat: Seat, face: int, big: bool) -> None:
    """:func:`rotate_die` on a tile's :class:`~lasvegas.royale.tiles.base.TileDraft` (the same
    move, checks and event), for a tile that builds its step as one state.

    >>> import lasvegas as lv
    >>> from lasvegas.royale.tiles.base import TileDraft
    >>> draft = TileDraft(lv.new_game(lv.royale(3)), None)
    >>> draft_rotate_die(draft, 1, 4, False)
    >>> draft.build() == rotate_die(lv.new_game(lv.royale(3)), 1, 4, False, None)
    True
    """
    n = int(big)
    draft.move(seat, 1 - n, n, SUPPLY, CasinoNumber(face))


def draft_return_die(draft: TileDraft, seat: Seat, casino: int, big: bool) -> None:
    """:func:`return_die` on a tile's :class:`~lasvegas.royale.tiles.base.TileDraft`.

    >>> import lasvegas as lv
    >>> from lasvegas.royale.tiles.base import TileDraft
    >>> state = rotate_die(lv.new_game(lv.royale(3)), 1, 4, True, None)
    >>> draft = TileDraft(state, None)
    >>> draft_return_die(draft, 1, 4, True)
    >>> draft.build() == return_die(state, 1, 4, True, None)
    True
    """
    n = int(big)
    draft.move(seat, 1 - n, n, CasinoNumber(casino), SUPPLY)
