"""The table operations every edition is built from: piles, dice, casinos.

Each edition's rules are these few operations in another order: the classic game fills the
casinos to a minimum (C-5) from the banknote pile, rolls groups of dice and places them, and
pays each casino, leftover notes going back under the pile (C-14); Royale and Boulevard
add to the same steps; the card game deals two notes per casino from the same pile, draws
dice cards from each seat's own pile, places the cards it reveals as dice and pays the top
two, leftover notes going to the box (K-3 to K-10). They work on values (a pile, a
casino, the seats' money), not on whole states, so a caller building one new state (with
``lasvegas.state``'s updaters or a :class:`~lasvegas.edit.Draft`) uses as many as it needs.

Piles whose order is chance are sorted multisets: a draw is one chance node whose outcomes
are the distinct items with their exact probabilities (C-4), so no state holds an order.
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Final, TypeVar

from ._build import COMPILED
from ._rng import roll_faces, roll_key
from .actions import Action, Draw, Roll
from .chance import multiset_draw_distribution, roll_distribution
from .events import BanknotePaid, Event, TiesRemoved
from .payout import rank, tied
from .state import Casino, make_casino
from .types import CasinoNumber, Money

if TYPE_CHECKING:
    from .chance import Rng

__all__ = [
    "Interned",
    "add_note",
    "deal_notes",
    "draw",
    "draw_notes",
    "draw_outcomes",
    "no_such_note",
    "note_outcomes",
    "pay",
    "pile_total",
    "place",
    "ranking",
    "roll_outcomes",
    "sample",
    "sample_note",
    "sample_roll",
    "take",
    "take_note",
]

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


# -- shared immutable values ------------------------------------------------------------------


class Interned(dict[K, V]):
    """A bounded cache of immutable values built once per key and then shared:
    ``cache[key]`` is ``build(key)``, built on the first lookup and kept; past *limit*
    entries the cache starts afresh (whatever it is asked, it stays small). (It is kept in
    this module, beside the table operations that use it most, so that the compiled build
    compiles it with them.)

    The one form of the caches rule code keeps at module level: actions, events, tasks and
    lists of them that games ask for again and again (a ``Draw`` per note value, a
    ``DiceRolled`` per seat and faces). Keys are values, never a state or its identity;
    check a key's types before looking it up (``True == 1``: never store what a refused
    action carried). Safe when several threads play: a lookup is one dict operation, and
    two threads missing one key build equal values, one of which is kept. What depends on
    a config goes in :meth:`lasvegas.GameConfig.cached` instead (an ``Interned`` built there
    is owned by the config).

    >>> squares = Interned(lambda n: n * n, limit=2)
    >>> squares[3], squares[4], len(squares)
    (9, 16, 2)
    >>> squares[5], len(squares)  # the third key: the cache started afresh
    (25, 1)
    >>> squares.keep(6, 36), squares[6]  # a value built elsewhere, under the same bound
    (36, 36)
    """

    __slots__ = ("_build", "_limit")

    def __init__(self, build: Callable[[K], V] | None = None, limit: int = 10_000) -> None:
        """*build* makes the value of a missing key (``None``: values come by :meth:`keep`
        only, and a missing key is a ``KeyError``); at most *limit* entries are kept."""
        super().__init__()
        self._build = build
        self._limit = limit

    def __missing__(self, key: K) -> V:
        """Build, keep and return the value of *key*."""
        if self._build is None:
            raise KeyError(key)
        return self.keep(key, self._build(key))

    def keep(self, key: K, value: V) -> V:
        """Keep *value* for *key* (the table starts afresh if it is full) and return it."""
        if len(self) >= self._limit:
            self.clear()
        self[key] = value
        return value


# -- piles ----------------------------------------------------------------------------------


def take(pile: tuple[int, ...], item: int) -> tuple[int, ...] | None:
    """The sorted multiset *pile* less one *item*: one draw from a pile whose order is
    chance; ``None`` when no such item is in it (or *item* is not an ``int``).

    >>> take((1, 3, 3, 5), 3)
    (1, 3, 5)
    >>> take((1, 3), 2) is None, take((1, 3), True) is None
    (True, True)
    """
    if type(item) is not int:  # True and 1.0 would pass for 1 below
        return None
    i = bisect_left(pile, item)
    if i == len(pile) or pile[i] != item:
        return None
    return pile[:i] + pile[i + 1 :]


def draw_outcomes(
    pile: tuple[int, ...], action: Callable[[int], T]
) -> tuple[tuple[T, Fraction], ...]:
    """The chance node of one draw from the sorted multiset *pile*: each distinct item as
    ``action(item)``, ascending, with its exact probability (they sum to 1). Remembered for
    the last few thousand piles and actions (a search asks for the same piles again and
    again): pass a module-level function as *action*.

    >>> draw_outcomes((10, 10, 20), str)
    (('10', Fraction(2, 3)), ('20', Fraction(1, 3)))
    """
    return _draw_outcomes(pile, action)  # type: ignore[return-value]


@functools.lru_cache(maxsize=4096)
def _draw_outcomes(
    pile: tuple[int, ...], action: Callable[[int], object]
) -> tuple[tuple[object, Fraction], ...]:
    """:func:`draw_outcomes`, remembered."""
    return tuple((action(v), p) for v, p in multiset_draw_distribution(pile))


def sample(pile: tuple[int, ...], rng: Rng) -> int:
    """One item of the sorted multiset *pile* drawn with *rng* (each item equally likely:
    an outcome of :func:`draw_outcomes`, drawn directly).

    >>> import lasvegas as lv
    >>> sample((7, 7, 7), lv.Rng(3))
    7
    """
    return pile[rng.below(len(pile))]


def draw(pile: list[int], rng: Rng) -> int:
    """One item drawn with *rng* from the sorted multiset *pile*, a list, which loses it:
    :func:`sample` then :func:`take` (the same *rng* call), for a run of draws from one
    pile without a tuple per draw.

    >>> import lasvegas as lv
    >>> pile = [7, 7, 8]
    >>> draw(pile, lv.Rng(3)) == sample((7, 7, 8), lv.Rng(3)), len(pile)
    (True, 2)
    """
    return pile.pop(rng.below(len(pile)))  # equal items are alike: any of them will do


def take_note(
    hidden: tuple[Money, ...], returned: tuple[Money, ...], value: Money
) -> tuple[tuple[Money, ...], tuple[Money, ...]] | None:
    """The banknote pile after drawing a note of *value*: from the unseen part while it
    lasts (C-4), then the notes returned under it, in their known order (C-14). ``None``
    when that note cannot come next.

    >>> take_note((10_000, 20_000), (90_000,), 20_000)
    ((10000,), (90000,))
    >>> take_note((), (90_000, 30_000), 90_000)
    ((), (30000,))
    >>> take_note((), (90_000,), 30_000) is None
    True
    """
    if hidden:  # take(hidden, value), written out: every banknote draw comes here
        if type(value) is not int:
            return None
        i = bisect_left(hidden, value)
        if i == len(hidden) or hidden[i] != value:
            return None
        return hidden[:i] + hidden[i + 1 :], returned
    if returned and type(value) is int and value == returned[0]:
        return hidden, returned[1:]
    return None


def no_such_note(hidden: tuple[Money, ...]) -> str:
    """Why :func:`take_note` found no note to draw, for the error of a refused draw.

    >>> no_such_note(()), no_such_note((10_000,))
    ('the next note is known and is another one', 'no such note is left in the pile')
    """
    return (
        "no such note is left in the pile"
        if hidden
        else "the next note is known and is another one"
    )


def note_outcomes(
    hidden: tuple[Money, ...], returned: tuple[Money, ...]
) -> tuple[tuple[Draw, Fraction], ...]:
    """The chance node of the next banknote draw (:func:`take_note`): the unseen notes with
    their probabilities, or the known next one.

    >>> note_outcomes((), (90_000,))
    ((Draw(value=90000), Fraction(1, 1)),)
    """
    if hidden:
        return draw_outcomes(hidden, _draw)
    return ((_draw(returned[0]), Fraction(1)),)


def sample_note(hidden: tuple[Money, ...], returned: tuple[Money, ...], rng: Rng) -> Draw:
    """One outcome of :func:`note_outcomes` drawn with *rng*, directly.

    >>> import lasvegas as lv
    >>> sample_note((50_000,), (), lv.Rng(1))
    Draw(value=50000)
    """
    return _DRAWS[hidden[rng.below(len(hidden))] if hidden else returned[0]]


def draw_notes(
    hidden: tuple[Money, ...], returned: tuple[Money, ...], count: int, rng: Rng
) -> tuple[list[Draw], tuple[Money, ...], tuple[Money, ...]]:
    """*count* notes drawn one after the other, each as :func:`sample_note` draws it and
    :func:`take_note` takes it (the same draws and the same *rng* calls): the draws, and the
    pile's hidden and returned parts left. Raises :class:`ValueError` if the pile holds
    fewer than *count* notes.

    >>> import lasvegas as lv
    >>> rng, again = lv.Rng(5), lv.Rng(5)
    >>> draws, hidden, returned = draw_notes((10_000, 20_000, 30_000), (90_000,), 4, rng)
    >>> sorted(d.value for d in draws[:3]), draws[3], hidden, returned
    ([10000, 20000, 30000], Draw(value=90000), (), ())
    >>> draws[0] == sample_note((10_000, 20_000, 30_000), (90_000,), again)
    True
    """
    if count > len(hidden) + len(returned):
        raise ValueError(f"{count} notes drawn from a pile of {len(hidden) + len(returned)}")
    draws: list[Draw] = []
    draw = _draw
    if count and hidden:
        left = list(hidden)  # sorted: popping the drawn index leaves what take_note leaves
        below = rng.below
        while count and left:
            draws.append(draw(left.pop(below(len(left)))))
            count -= 1
        hidden = tuple(left)
    if count:  # the hidden part is out: the returned notes come in their known order
        draws.extend([draw(value) for value in returned[:count]])
        returned = returned[count:]
    return draws, hidden, returned


def deal_notes(
    casino: Casino,
    hidden: tuple[Money, ...],
    returned: tuple[Money, ...],
    rng: Rng,
    minimum: Money,
    worth: dict[Money, Money] | None,
    drawn: list[Action],
) -> tuple[Casino, tuple[Money, ...], tuple[Money, ...]]:
    """Fill *casino* from the banknote pile (C-5): one note, then more while its notes
    count for less than *minimum* (:func:`pile_total`) and the pile lasts (C-6). Returns
    the casino and the pile after; each draw is appended to *drawn*. The draws are those
    of :func:`sample_note` and :func:`take_note` one at a time, with the same *rng* calls,
    and the casino the one :func:`add_note` gives note by note (one casino built, not one
    per note).

    >>> import lasvegas as lv
    >>> drawn = []
    >>> casino, hidden, returned = deal_notes(
    ...     Casino((), (0,), (0,)), (), (20_000, 40_000, 10_000), lv.Rng(1), 50_000, None, drawn
    ... )
    >>> casino.notes, hidden, returned, drawn
    ((40000, 20000), (), (10000,), [Draw(value=20000), Draw(value=40000)])
    """
    notes = list(casino.notes)
    total = pile_total(casino.notes, worth)
    while True:
        if hidden:  # sample_note and take_note: any unseen note, equally likely (C-4)
            i = rng.below(len(hidden))
            value = hidden[i]
            hidden = hidden[:i] + hidden[i + 1 :]  # the multiset less that note
        else:  # then the returned notes in their order (C-14)
            value = returned[0]
            returned = returned[1:]
        drawn.append(_draw(value))
        notes.append(value)
        total += value if worth is None else worth.get(value, value)
        if total >= minimum or not (hidden or returned):
            break
    notes.sort(reverse=True)  # highest first, as add_note keeps them
    return make_casino(tuple(notes), casino.dice, casino.big), hidden, returned


_DRAWS: Final[Interned[Money, Draw]] = Interned(Draw)
"""Banknote draws already built, by value (actions are immutable, so shared)."""

_draw: Final = _DRAWS.__getitem__
"""``Draw(value)``, built once per value."""


# -- dice ------------------------------------------------------------------------------------


def roll_outcomes(k: int, group: str) -> tuple[tuple[Roll, Fraction], ...]:
    """The chance node of a roll of *k* dice of *group* (C-9): each sorted roll with its
    exact probability (they sum to 1).

    >>> roll_outcomes(1, "regular")[0]
    (Roll(faces=(1,)), Fraction(1, 6))
    """
    return _roll_outcomes(k, group)


@functools.lru_cache(maxsize=64)
def _roll_outcomes(k: int, group: str) -> tuple[tuple[Roll, Fraction], ...]:
    return tuple((Roll(faces, group), p) for faces, p in roll_distribution(k))


def sample_roll(k: int, group: str, rng: Rng) -> Roll:
    """One outcome of :func:`roll_outcomes` drawn with *rng*, directly. The rolls are
    built once and known by identity afterwards (``_OWN_ROLLS``), so the engine takes
    them without looking at their faces.

    >>> import lasvegas as lv
    >>> roll = sample_roll(3, "big", lv.Rng(2))
    >>> roll.group, len(roll.faces), sample_roll(3, "big", lv.Rng(2)) is roll
    ('big', 3, True)
    """
    if COMPILED and 0 < k <= 8:
        # The draw as a number, its roll found by the number of its faces: no faces built
        # (interpreted, building the faces in the inlined Rng.dice costs less).
        code = rng._dice_code(k)
        tables = _CODED.get(group)
        if tables is None:
            tables = _coded_rolls(group)
        rolls = tables[k]
        key = roll_key(k, code)
        roll = rolls.get(key)
        if roll is None:
            roll = rolls[key] = _ROLLS[group][roll_faces(k, code)]
        return roll
    return _ROLLS[group][rng.dice(k)]


def _coded_rolls(group: str) -> tuple[dict[int, Roll], ...]:
    """New empty tables of *group*'s rolls in :data:`_CODED` (which starts afresh past 64
    groups)."""
    if len(_CODED) >= 64:
        _CODED.clear()
    tables: tuple[dict[int, Roll], ...] = tuple({} for _ in range(9))
    _CODED[group] = tables
    return tables


_CODED: Final[dict[str, tuple[dict[int, Roll], ...]]] = {}
"""The rolls of :data:`_ROLLS` per group, per number of dice ``1 .. 8``, by
``lasvegas._rng.roll_key`` (bounded: the sorted rolls of that many dice)."""


def _group_rolls(group: str) -> Interned[tuple[int, ...], Roll]:
    """The table of *group*'s rolls, by sorted faces."""
    return Interned(functools.partial(_own_roll, group))


def _own_roll(group: str, faces: tuple[int, ...]) -> Roll:
    """``Roll(faces, group)``, known by identity from now on (``_OWN_ROLLS``)."""
    roll = Roll(faces, group)
    return _OWN_ROLLS.keep(id(roll), roll)


_ROLLS: Final[Interned[str, Interned[tuple[int, ...], Roll]]] = Interned(_group_rolls, limit=64)
"""Rolls already built, per group name (bounded by the sorted rolls of a seat's dice)."""

_OWN_ROLLS: Final[Interned[int, Roll]] = Interned(limit=100_000)
"""The rolls of :data:`_ROLLS` by ``id``: the engine knows the rolls built here (their
faces are ints) by identity, with no look at their faces. Each entry keeps its roll alive,
so its id cannot be another object's while it is here (bounded: cleared at 100,000)."""


# -- casinos ----------------------------------------------------------------------------------


def add_note(casino: Casino, value: Money) -> Casino:
    """*casino* with one more note, its notes kept highest first.

    >>> add_note(Casino((50_000, 20_000), (0, 0), (0, 0)), 30_000).notes
    (50000, 30000, 20000)
    """
    notes = casino.notes
    if not notes:
        notes = (value,)
    elif len(notes) == 1:
        notes = (notes[0], value) if notes[0] >= value else (value, notes[0])
    else:
        notes = tuple(sorted((*notes, value), reverse=True))
    return make_casino(notes, casino.dice, casino.big)


def pile_total(notes: tuple[Money, ...], worth: dict[Money, Money] | None) -> Money:
    """What *notes* count for the minimum (C-5): their sum, a note of ``worth`` counting as
    the amount it maps to (B-5's rainbow cards count as notes of another value).

    >>> pile_total((50_000, 10_000), None), pile_total((50_000, 1), {1: 90_000})
    (60000, 140000)
    """
    total = 0
    if worth is None:
        for value in notes:
            total += value
    else:
        for value in notes:
            total += worth.get(value, value)
    return total


def place(casino: Casino, owner: int, small: int, big: int) -> Casino:
    """*casino* with *small* more plain dice and *big* more big dice of *owner* (C-10, a
    big die or a double card counting two, B-3, K-10).

    >>> place(Casino((), (1, 0), (0, 0)), 1, 2, 1)
    Casino(notes=(), dice=(1, 2), big=(0, 1))
    """
    # Through a list: cheaper than rebuilding the tuple from two slices (a hot path).
    dice = casino.dice
    if small:
        counts = list(dice)
        counts[owner] += small
        dice = tuple(counts)
    bigs = casino.big
    if big:
        counts = list(bigs)
        counts[owner] += big
        bigs = tuple(counts)
    return make_casino(casino.notes, dice, bigs)


def ranking(casino: Casino) -> tuple[int, ...]:
    """The owners of *casino* in payout order, tied owners removed (C-12, C-13):
    ``lasvegas.payout.rank`` of the dice per owner, a big die counting two;
    remembered per dice and big dice.

    >>> ranking(Casino((50_000,), (2, 3, 2), (0, 0, 0)))
    (1,)
    """
    return _RANKS[casino.dice, casino.big]


def _rank(key: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[int, ...]:
    dice, big = key
    return rank(tuple(d + 2 * b for d, b in zip(dice, big, strict=True)) if any(big) else dice)


# Casinos' dice vary without end: keep a few thousand.
_RANKS: Final[Interned[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]]] = Interned(
    _rank, limit=4096
)
"""Payout orders already computed, by a casino's dice and big dice per owner (cleared past
4,096: about 1.5 MB at most)."""


def pay(
    casino: Casino,
    number: CasinoNumber,
    money: list[tuple[Money, ...]],
    places: int | None,
    log: list[Event] | None,
) -> list[Money]:
    """Pay casino *number*'s notes (C-12, C-13): ties removed, the highest note to the
    first owner in :func:`ranking`, and so on, at most *places* owners paid (``None``: one
    per note). Each seat's winnings are added to *money* (a list per seat, changed in
    place); the notes nobody takes are returned, in order: those an imaginary owner wins
    (C-21), then those past the ranked owners. What becomes of them is the edition's
    leftover rule (under the pile, C-14; to the box, K-10). With a *log*, ``TiesRemoved``
    and one ``BanknotePaid`` per note are recorded.

    >>> money = [(), ()]
    >>> pay(Casino((90_000, 40_000, 10_000), (2, 1, 3), (0, 0, 0)), 1, money, 2, None)
    [90000, 10000]
    >>> money
    [(40000,), ()]
    """
    notes = casino.notes
    ranked = ranking(casino)
    if places is not None:
        ranked = ranked[:places]
    if log is not None:
        gone = tied(casino.weights() if any(casino.big) else casino.dice)
        if gone:
            log.append(TiesRemoved(casino=number, owners=gone))
    players = len(money)
    rest: list[Money] = []
    paid = min(len(notes), len(ranked))
    for i in range(paid):  # the i-th highest note to the i-th owner ranked
        note = notes[i]
        owner = ranked[i]
        if log is not None:
            log.append(BanknotePaid(casino=number, owner=owner, value=note))
        if owner < players:
            money[owner] = (*money[owner], note)
        else:  # C-21: an imaginary owner's winnings
            rest.append(note)
    rest.extend(notes[paid:])
    return rest
