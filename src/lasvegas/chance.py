"""The library's own random number generator and exact chance distributions.

`Rng` is a small, documented PRNG (SplitMix64), so a seeded game
plays identically on every Python version and platform; `random.Random` only
promises that for `random()`. The RNG never lives inside a game state and
never reaches a view: callers hold it and pass it to `sample_chance`.

The module-level functions give the *exact* distributions the chance nodes
list (`fractions.Fraction` probabilities that sum to exactly 1), cached and
returned as immutable tuples.

Example:
    >>> rng = Rng(2024)
    >>> faces = rng.dice(8)
    >>> len(faces), faces == tuple(sorted(faces))
    (8, True)
    >>> sum(p for _, p in roll_distribution(2))
    Fraction(1, 1)
"""

from __future__ import annotations

import functools
from bisect import bisect_left, bisect_right
from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial
from typing import Final

from ._rng import Rng

__all__ = [
    "Rng",
    "multiset_draw_distribution",
    "remove_one",
    "roll_distribution",
    "roll_probability",
]

Rng.__module__ = __name__  # its documented home (pickles name it here too)


def _check_faces(faces: tuple[int, ...]) -> None:
    """Raise ValueError unless ``faces`` is a sorted tuple of ints in 1..6."""
    previous = 1
    for face in faces:
        if type(face) is not int or not 1 <= face <= 6:
            raise ValueError(f"die faces must be ints in 1..6, got {faces!r}")
        if face < previous:
            raise ValueError(f"die faces must be sorted ascending, got {faces!r}")
        previous = face


def _multinomial_weight(faces: tuple[int, ...]) -> int:
    """The number of ordered rolls giving this sorted multiset of faces."""
    weight = factorial(len(faces))
    for count in Counter(faces).values():
        weight //= factorial(count)
    return weight


def roll_distribution(k: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """All distinct sorted outcomes of k fair dice with exact multinomial probabilities.

    The outcomes are the sorted face tuples, in lexicographic order; there are
    ``comb(k + 5, 5)`` of them and the probabilities sum to exactly 1. The
    result is cached.

    Args:
        k: The number of dice, at least 0. ``k = 0`` gives ``(((), Fraction(1)),)``.

    Returns:
        A tuple of ``(faces, probability)`` pairs.

    Raises:
        ValueError: If ``k < 0``.

    Example:
        >>> roll_distribution(1)[0]
        ((1,), Fraction(1, 6))
        >>> roll_distribution(2)[:2]
        (((1, 1), Fraction(1, 36)), ((1, 2), Fraction(1, 18)))
        >>> roll_distribution(0)
        (((), Fraction(1, 1)),)
    """
    if type(k) is not int or k < 0:
        raise ValueError(f"roll_distribution(k) needs an int k >= 0, got {k!r}")
    if k <= _CACHED_DICE:
        return _roll_distribution(k)
    return _roll_distribution.__wrapped__(k)


_CACHED_DICE: Final = 16
"""Rolls of at most this many dice have their distribution remembered (the largest, 20,349
outcomes; a game's seat holds at most 12 dice)."""


@functools.lru_cache(maxsize=_CACHED_DICE + 1)
def _roll_distribution(k: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """`roll_distribution` after validation (the cache must not see ``True`` for ``1``)."""
    total = 6**k
    return tuple(
        (faces, Fraction(_multinomial_weight(faces), total))
        for faces in combinations_with_replacement(range(1, 7), k)
    )


def roll_probability(faces: tuple[int, ...]) -> Fraction:
    """Probability of this sorted multiset of faces: ``k!/prod(c_i!)/6**k``.

    Here ``k = len(faces)`` and ``c_i`` is how many dice show face ``i``. The
    result is cached.

    Args:
        faces: Sorted ascending ints in ``1..6`` (``()`` has probability 1).

    Returns:
        The exact probability that ``k`` fair dice show these faces.

    Raises:
        ValueError: If ``faces`` is not sorted or has a face outside ``1..6``.

    Example:
        >>> roll_probability((2, 5))
        Fraction(1, 18)
        >>> roll_probability((6, 6, 6))
        Fraction(1, 216)
    """
    faces = tuple(faces)
    _check_faces(faces)
    if len(faces) <= _CACHED_DICE:
        return _roll_probability(faces)
    return _roll_probability.__wrapped__(faces)


@functools.lru_cache(maxsize=4096)
def _roll_probability(faces: tuple[int, ...]) -> Fraction:
    """`roll_probability` after validation (the cache must not see ``(1.0,)`` for ``(1,)``)."""
    return Fraction(_multinomial_weight(faces), 6 ** len(faces))


def multiset_draw_distribution(items: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    """Drawing one item uniformly from a multiset given as a sorted tuple of ints.

    Each distinct value comes with ``count / len(items)``, ascending by value.
    The results for the last 512 multisets of at most 128 ints are remembered (a bounded
    cache: a long-running program asking about every pile it meets stays flat).

    Args:
        items: The multiset, sorted ascending, not empty.

    Returns:
        A tuple of ``(value, probability)`` pairs summing to exactly 1.

    Raises:
        ValueError: If ``items`` is empty or not sorted.

    Example:
        >>> multiset_draw_distribution((10, 10, 30, 60))
        ((10, Fraction(1, 2)), (30, Fraction(1, 4)), (60, Fraction(1, 4)))
    """
    items = tuple(items)
    if not items:
        raise ValueError("cannot draw from an empty multiset")
    if list(items) != sorted(items):  # sorted() of a sorted list is one pass, in C
        raise ValueError(f"the multiset must be sorted ascending, got {items!r}")
    if len(items) <= _DRAW_CACHE_ITEMS and set(map(type, items)) == {int}:
        return _multiset_draw_distribution(items)
    return _draw_distribution(items)


_DRAW_CACHE_ITEMS: Final = 128
"""The largest multiset whose distribution is remembered: with 512 entries, the cache holds
at most a few megabytes whatever it is asked."""


@functools.lru_cache(maxsize=512)
def _multiset_draw_distribution(items: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    """:func:`_draw_distribution`, remembered (the cache sees validated ints only)."""
    return _draw_distribution(items)


def _draw_distribution(items: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
    total = len(items)
    pairs: list[tuple[int, Fraction]] = []
    start = 0
    while start < total:  # each run of equal values found by bisection
        value = items[start]
        end = bisect_right(items, value, start)
        pairs.append((value, _share(end - start, total)))
        start = end
    return tuple(pairs)


@functools.lru_cache(maxsize=4096)
def _share(count: int, total: int) -> Fraction:
    """``Fraction(count, total)``, remembered (a pile's shares recur from draw to draw)."""
    return Fraction(count, total)


def remove_one(items: tuple[int, ...], value: int) -> tuple[int, ...]:
    """The sorted tuple with one occurrence of ``value`` removed.

    Uses `bisect.bisect_left` and slicing, so it costs one binary search and
    one copy; ``items`` must already be sorted ascending (not checked).

    Args:
        items: A sorted tuple of ints.
        value: The value to remove once.

    Returns:
        A new sorted tuple, one element shorter.

    Raises:
        ValueError: If ``value`` does not occur in ``items``.

    Example:
        >>> remove_one((1, 3, 3, 5), 3)
        (1, 3, 5)
    """
    i = bisect_left(items, value)
    if i == len(items) or items[i] != value:
        raise ValueError(f"{value!r} is not in {items!r}")
    return items[:i] + items[i + 1 :]
