"""The library's own random number generator and exact chance distributions.

`Rng` is a small, documented, pure-Python PRNG (SplitMix64), so a seeded game
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
import operator
import struct
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import factorial
from typing import Final, TypeVar

from ._build import COMPILED
from ._splitmix import native_batch as _native_batch

__all__ = [
    "Rng",
    "multiset_draw_distribution",
    "remove_one",
    "roll_distribution",
    "roll_probability",
]

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB

_LANE_BYTES = b"\xff" * 8 + b"\x00" * 8
"""One 128-bit lane of a batch (below, :meth:`Rng._refill`): a 64-bit value and 64 zero bits."""


def _batch_constants(n: int) -> tuple[int, int, int, Callable[[bytes], tuple[int, ...]]]:
    """For a batch of *n* SplitMix64 steps computed at once (:meth:`Rng._refill`): the int
    with a 1 in every 128-bit lane, the int holding ``(i + 1) * gamma mod 2**64`` in lane
    ``i``, the mask of every lane's low 64 bits, and the function reading the lanes' low 64
    bits back from the batch's ``n * 16`` bytes (little-endian)."""
    ones = int.from_bytes((1).to_bytes(16, "little") * n, "little")
    steps = b"".join(((i + 1) * _GAMMA & _MASK64).to_bytes(16, "little") for i in range(n))
    lanes = int.from_bytes(_LANE_BYTES * n, "little")
    return ones, int.from_bytes(steps, "little"), lanes, struct.Struct("<" + "Q8x" * n).unpack


_FIRST_BATCH = _batch_constants(8)
"""A fresh generator's first batch: small, as some draw only a few outputs."""

_BATCH = _batch_constants(64)
"""Every later batch."""

_MAX_CHUNK = 24
"""Most dice taken from one 64-bit output (6**24 < 2**64 < 6**25)."""

_POW6 = tuple(6**m for m in range(_MAX_CHUNK + 1))
"""6**m for a chunk of m dice."""

_LIMITS = tuple((_TWO64 // p) * p for p in _POW6)
"""Rejection bound per chunk size: the largest multiple of 6**m not above 2**64."""


def _sorted_faces_table(m: int) -> tuple[tuple[int, ...], ...]:
    """For every x in [0, 6**m): the sorted faces given by x's m base-6 digits, plus 1."""
    return tuple(tuple(sorted(d + 1 for d in digits)) for digits in product(range(6), repeat=m))


_BELOW_LIMITS = (0, *(_TWO64 - _TWO64 % n for n in range(1, 256)))
"""The rejection bound of :meth:`Rng.below` per ``n < 256``: the largest multiple of ``n``
not above 2**64."""

_FACES = tuple(_sorted_faces_table(m) for m in range(5))
"""_FACES[m][x]: the sorted faces of the m base-6 digits of x (m <= 4, 1296 entries at most).

`product` varies the last digit fastest, so the table is indexed by the digits read in
the opposite order from `divmod`; the faces are sorted, so the multiset is the same.
"""
_FACES4 = _FACES[4]


class Rng:
    """The library's own PRNG: SplitMix64, pure Python, documented algorithm.

    The state is one 64-bit integer. Each step adds the constant
    ``0x9E3779B97F4A7C15`` to the state (mod 2**64) and returns a mix of the new
    state::

        z = state
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9  (mod 2**64)
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB  (mod 2**64)
        output = z ^ (z >> 31)

    This is Steele, Lea and Flood's SplitMix64 (the seeder of xoshiro), so the
    stream for a seed is the same everywhere. Everything else (`below`,
    `dice`, `choice`, `shuffled`, `fork`) is built on `next_u64` by documented
    and unbiased methods, so seeded games replay identically across Python
    versions and platforms. An `Rng` is mutable (drawing advances it); it is
    never stored inside a game state.

    Args:
        seed: Any int; it is reduced mod 2**64 and becomes the initial state.

    Raises:
        TypeError: If ``seed`` is not an integer.

    Example:
        >>> rng = Rng(0)
        >>> hex(rng.next_u64())
        '0xe220a8397b1dcdaf'
        >>> Rng(-1).state == 2**64 - 1
        True
    """

    # The outputs are computed a batch at a time (:meth:`_refill`): ``_buf`` holds the
    # batch, ``_i`` the index of the next output to hand out, and ``_base`` the state
    # before the batch's first step, so the state is ``_base + _i * gamma (mod 2**64)``.
    __slots__ = ("_base", "_buf", "_i")

    _base: int
    _buf: tuple[int, ...]
    _i: int

    def __init__(self, seed: int) -> None:
        if type(seed) is not int:
            seed = operator.index(seed)  # TypeError unless an integer (bool is one)
        self._base = seed & _MASK64
        self._buf = ()
        self._i = 0

    def __repr__(self) -> str:
        return f"Rng.from_state(0x{self.state:016x})"

    @property
    def state(self) -> int:
        """The current 64-bit state, in ``[0, 2**64)``; save it to resume the stream later.

        Example:
            >>> rng = Rng(7)
            >>> saved = rng.state
            >>> a = rng.next_u64()
            >>> Rng.from_state(saved).next_u64() == a
            True
        """
        return (self._base + self._i * _GAMMA) & _MASK64

    @classmethod
    def from_state(cls, state: int) -> Rng:
        """Rebuild a generator from a saved `state`; it continues that stream exactly.

        Args:
            state: A value previously read from `state`, in ``[0, 2**64)``.

        Returns:
            A new generator whose next outputs are those of the saved one.

        Raises:
            TypeError: If ``state`` is not an int.
            ValueError: If ``state`` is outside ``[0, 2**64)``.

        Example:
            >>> Rng.from_state(5).state
            5
        """
        state = operator.index(state)
        if not 0 <= state <= _MASK64:
            raise ValueError(f"Rng state must be in [0, 2**64), got {state}")
        return cls(state)

    def next_u64(self) -> int:
        """Advance one SplitMix64 step and return its 64-bit output.

        Returns:
            An int in ``[0, 2**64)``.

        Example:
            >>> rng = Rng(0)
            >>> [hex(rng.next_u64()) for _ in range(2)]
            ['0xe220a8397b1dcdaf', '0x6e789e6aa1b965f4']
        """
        try:
            u = self._buf[self._i]
        except IndexError:
            u = self._refill()
        self._i += 1
        return u

    def _refill(self) -> int:
        """Compute the next batch of outputs and return its first one (not yet taken).

        The steps of a batch are computed together, in one Python int holding each step's
        64-bit value in its own 128-bit lane: a product of two 64-bit values fits its lane,
        and every shift is masked back to the lanes' low 64 bits before the next product, so
        the lanes never mix and each holds exactly what the step above gives it. A batch of
        64 costs about a quarter of what 64 single steps cost. The compiled build computes
        the same outputs on machine integers instead (:func:`lasvegas._splitmix.native_batch`).
        """
        buf = self._buf
        base = (self._base + len(buf) * _GAMMA) & _MASK64
        if COMPILED:
            buf = _native_batch(base, 64 if buf else 8)
            self._base = base
            self._buf = buf
            self._i = 0
            return buf[0]
        ones, steps, lanes, unpack = _BATCH if buf else _FIRST_BATCH
        s = (base * ones + steps) & lanes
        z = ((s ^ (s >> 30)) & lanes) * _MIX1 & lanes
        z = ((z ^ (z >> 27)) & lanes) * _MIX2 & lanes
        z ^= z >> 31  # each lane's low 64 bits: the output (unpack reads only those)
        buf = unpack(z.to_bytes((lanes.bit_length() + 64) // 8, "little"))
        self._base = base
        self._buf = buf
        self._i = 0
        return buf[0]

    def below(self, n: int) -> int:
        """A uniform int in ``[0, n)``, without bias.

        Method (rejection sampling): for ``n <= 2**64``, draw ``u = next_u64()``
        until ``u < (2**64 // n) * n``, and return ``u % n``. For larger ``n``,
        ``u`` is made of ``w`` outputs (the first one most significant), with
        ``2**(64*w) >= n``, and the same bound with ``2**(64*w)``.

        Args:
            n: The exclusive upper bound, at least 1.

        Returns:
            An int ``x`` with ``0 <= x < n``.

        Raises:
            ValueError: If ``n <= 0``.

        Example:
            >>> rng = Rng(99)
            >>> all(0 <= rng.below(6) < 6 for _ in range(100))
            True
            >>> Rng(5).below(1)
            0
        """
        if n <= 0:
            raise ValueError(f"below(n) needs n >= 1, got {n}")
        if n <= _TWO64:
            limit = _BELOW_LIMITS[n] if n < 256 and type(n) is int else _TWO64 - _TWO64 % n
            while True:
                try:  # next_u64, inlined
                    u = self._buf[self._i]
                except IndexError:
                    u = self._refill()
                self._i += 1
                if u < limit:
                    return u % n
        words = (n.bit_length() + 63) // 64
        total = 1 << (64 * words)
        limit = total - total % n
        while True:
            u = 0
            for _ in range(words):
                u = (u << 64) | self.next_u64()
            if u < limit:
                return u % n

    def dice(self, k: int) -> tuple[int, ...]:
        """Roll ``k`` fair six-sided dice; return their faces sorted ascending.

        Method: the dice are taken in chunks of up to 24 (``6**24 < 2**64``),
        full chunks of 24 first, then one chunk of the remaining ``m`` dice. For
        each chunk, draw ``u = next_u64()`` and redraw while
        ``u >= (2**64 // 6**m) * 6**m`` (so ``u % 6**m`` is uniform); the chunk's
        faces are the ``m`` lowest base-6 digits of ``u``, each plus 1. Each
        digit is then an independent fair die, with no bias. ``dice(0)`` is
        ``()`` and draws nothing. The faces are looked up four digits at a time
        in a precomputed table of sorted faces, then sorted together.

        Args:
            k: The number of dice, at least 0.

        Returns:
            A tuple of ``k`` ints in ``1..6``, sorted ascending.

        Raises:
            ValueError: If ``k < 0``.

        Example:
            >>> faces = Rng(3).dice(5)
            >>> len(faces), all(1 <= f <= 6 for f in faces), list(faces) == sorted(faces)
            (5, True, True)
            >>> Rng(3).dice(0)
            ()
        """
        if 0 < k <= 8:
            # The hot path, inlined: one accepted output, at most two table lookups.
            limit = _LIMITS[k]
            while True:
                try:  # next_u64, inlined
                    u = self._buf[self._i]
                except IndexError:
                    u = self._refill()
                self._i += 1
                if u < limit:
                    break
            if k <= 4:
                return _FACES[k][u % _POW6[k]]
            high, low = divmod(u % _POW6[k], 1296)
            rolled = [*_FACES4[low], *_FACES[k - 4][high]]
            rolled.sort()
            return tuple(rolled)
        if k <= _MAX_CHUNK:
            if k <= 0:
                if k == 0:
                    return ()
                raise ValueError(f"dice(k) needs k >= 0, got {k}")
            return self._chunk(k)
        faces: list[int] = []
        while k > _MAX_CHUNK:
            faces += self._chunk(_MAX_CHUNK)
            k -= _MAX_CHUNK
        faces += self._chunk(k)
        faces.sort()
        return tuple(faces)

    def _chunk(self, m: int) -> tuple[int, ...]:
        """The sorted faces of ``m`` dice (``1 <= m <= 24``) taken from one accepted output.

        Same method as the inlined path of `dice` (whose results it must match).
        """
        limit = _LIMITS[m]
        while True:
            u = self.next_u64()
            if u < limit:
                break
        if m <= 4:
            return _FACES[m][u % _POW6[m]]
        u %= _POW6[m]
        faces: list[int] = []
        while m > 4:
            u, low = divmod(u, 1296)
            faces += _FACES4[low]
            m -= 4
        faces += _FACES[m][u]
        faces.sort()
        return tuple(faces)

    def choice(self, seq: Sequence[T]) -> T:
        """One element of ``seq``, uniformly: ``seq[self.below(len(seq))]``.

        Args:
            seq: A non-empty sequence.

        Returns:
            The chosen element.

        Raises:
            ValueError: If ``seq`` is empty.

        Example:
            >>> Rng(11).choice("abc") in "abc"
            True
        """
        if not seq:
            raise ValueError("choice() from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffled(self, seq: Sequence[T]) -> tuple[T, ...]:
        """A uniformly shuffled copy of ``seq`` as a tuple; ``seq`` itself is untouched.

        Method (Fisher-Yates): for ``i`` from ``len(seq) - 1`` down to 1, swap
        position ``i`` with position ``self.below(i + 1)``.

        Args:
            seq: Any sequence (may be empty).

        Returns:
            The elements of ``seq`` in a uniformly random order.

        Example:
            >>> sorted(Rng(8).shuffled([3, 1, 2]))
            [1, 2, 3]
        """
        items = list(seq)
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]
        return tuple(items)

    def fork(self) -> Rng:
        """An independent child generator, seeded with this one's next output.

        This advances the parent by one step; the child's stream is
        ``Rng(self.next_u64())``. Forking is deterministic, so a seeded run
        that forks replays identically.

        Returns:
            The child generator.

        Example:
            >>> parent = Rng(42)
            >>> child = parent.fork()
            >>> child.next_u64() != parent.next_u64()
            True
        """
        return Rng(self.next_u64())


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
