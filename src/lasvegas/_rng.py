"""The library's generator, :class:`~lasvegas.Rng` (SplitMix64), in a module of its own.

:mod:`lasvegas.chance` re-exports it (its documented home, ``lasvegas.chance.Rng``) beside
the exact distributions, whose entry points must refuse ``True`` where an int is wanted and
so stay Python in both builds. This module is compiled in the compiled build, so that the
engine's compiled code calls the generator's methods natively: there ``Rng`` keeps its
64-bit state as a machine integer and steps it one output at a time, where the pure build
computes batches of outputs on big-integer lanes. Both give the same stream (the reference
vectors of ``tests/test_rng.py``, run on both builds).
"""

from __future__ import annotations

import operator
import struct
from collections.abc import Callable, Sequence
from itertools import product
from typing import TYPE_CHECKING, Final, SupportsIndex, TypeVar

from ._build import COMPILED
from ._splitmix import mix as _mix
from ._splitmix import step as _next_state

if TYPE_CHECKING:
    # A machine integer compiled, an int interpreted (see lasvegas._splitmix).
    from mypy_extensions import i64

__all__ = ["Rng"]

T = TypeVar("T")

# Every module-level value below is Final: compiled, a Final is a C static, where another
# global would be looked up in the module's dict at each use.
_MASK64: Final = (1 << 64) - 1
_TWO64: Final = 1 << 64
_GAMMA: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB

_LANE_BYTES: Final = b"\xff" * 8 + b"\x00" * 8
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


_FIRST_BATCH: Final = _batch_constants(8)
"""A fresh generator's first batch: small, as some draw only a few outputs."""

_BATCH: Final = _batch_constants(64)
"""Every later batch."""

_MAX_CHUNK: Final = 24
"""Most dice taken from one 64-bit output (6**24 < 2**64 < 6**25)."""

_POW6: Final = tuple(6**m for m in range(_MAX_CHUNK + 1))
"""6**m for a chunk of m dice."""

_LIMITS: Final = tuple((_TWO64 // p) * p for p in _POW6)
"""Rejection bound per chunk size: the largest multiple of 6**m not above 2**64."""


def _sorted_faces_table(m: int) -> tuple[tuple[int, ...], ...]:
    """For every x in [0, 6**m): the sorted faces given by x's m base-6 digits, plus 1."""
    return tuple(tuple(sorted(d + 1 for d in digits)) for digits in product(range(6), repeat=m))


_BELOW_LIMITS: Final = (0, *(_TWO64 - _TWO64 % n for n in range(1, 256)))
"""The rejection bound of :meth:`Rng.below` per ``n < 256``: the largest multiple of ``n``
not above 2**64."""

_FACES: Final = tuple(_sorted_faces_table(m) for m in range(5))
"""_FACES[m][x]: the sorted faces of the m base-6 digits of x (m <= 4, 1296 entries at most).

`product` varies the last digit fastest, so the table is indexed by the digits read in
the opposite order from `divmod`; the faces are sorted, so the multiset is the same.
"""
_FACES4: Final = _FACES[4]


def roll_key(k: i64, code: i64) -> i64:
    """A number of the sorted faces of ``Rng._dice_code``'s *code* for *k* dice
    (``1 <= k <= 8``): how many dice show each face, four bits a face (its base-6 digits
    counted), so equal for two codes exactly when their faces are equal. What a table of
    rolls is keyed by, with no tuple built.

    >>> roll_key(2, 1) == roll_key(2, 6), roll_key(2, 1) == roll_key(2, 2)
    (True, False)
    """
    key: i64 = 0
    while k > 0:
        key += 1 << 4 * (code % 6)
        code //= 6
        k -= 1
    return key


def roll_faces(k: int, code: int) -> tuple[int, ...]:
    """The sorted faces of ``Rng._dice_code``'s *code* for *k* dice (``1 <= k <= 8``):
    what :meth:`Rng.dice` returns for the same draw.

    >>> rng, again = Rng(3), Rng(3)
    >>> roll_faces(6, rng._dice_code(6)) == again.dice(6)
    True
    """
    if k <= 4:
        return _FACES[k][code]
    rolled = [*_FACES4[code % 1296], *_FACES[k - 4][code // 1296]]
    rolled.sort()
    return tuple(rolled)


_HALF: Final = 1 << 63

_NATIVE_MAX: Final = (1 << 62) - 1
"""The largest ``n`` the compiled build's `Rng.below` computes in machine integers (no sum of
two remainders overflows); a larger one takes the general path."""

_FLIPPED_LIMITS: Final = tuple(limit - _HALF for limit in _LIMITS)
"""`_LIMITS` less 2**63: the unsigned bound as the signed one `Rng._accepted` compares with."""

_TWO64_MOD_POW6: Final = tuple(_TWO64 - limit for limit in _LIMITS)
"""2**64 mod 6**m per chunk size (the unsigned remainder's correction, `_unsigned_mod`)."""


def _signed(value: int) -> i64:
    """A value in ``[0, 2**64)`` as the signed 64-bit integer with the same bits."""
    folded: i64 = value - _TWO64 if value >= _HALF else value
    return folded


def _unsigned(z: i64) -> int:
    """The value in ``[0, 2**64)`` with the bits of the signed 64-bit integer *z*."""
    return int(z) + _TWO64 if z < 0 else int(z)


def _two64_mod(n: i64) -> i64:
    """``2**64 % n`` for ``1 <= n <= 2**62``, in machine integers."""
    half: i64 = (0x7FFFFFFFFFFFFFFF % n + 1) % n  # 2**63 % n (the literal: 2**63 - 1)
    return half * 2 % n


def _unsigned_mod(z: i64, n: i64, rest: i64) -> i64:
    """The unsigned value of *z* mod *n*, given ``rest = 2**64 % n`` (``n <= 2**62``)."""
    low = z % n  # Python's floor remainder: in [0, n) for a negative z too
    if z >= 0:
        return low
    fixed = low - (n - rest)  # (low + rest) % n, without overflow
    return fixed + n if fixed < 0 else fixed


class Rng:
    """The library's own PRNG: SplitMix64, a documented algorithm.

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

    # Pure build: the outputs are computed a batch at a time (:meth:`_refill`): ``_buf``
    # holds the batch, ``_i`` the index of the next output to hand out, and ``_base`` the
    # state before the batch's first step, so the state is ``_base + _i * gamma (mod 2**64)``.
    # Compiled build: ``_s`` is the state as a signed 64-bit machine integer, stepped one
    # output at a time (:meth:`_step`); the other three are never set.
    __slots__ = ("_base", "_buf", "_i", "_s")

    _base: int
    _buf: tuple[int, ...]
    _i: int
    _s: i64

    def __init__(self, seed: SupportsIndex) -> None:
        if type(seed) is not int:
            seed = operator.index(seed)  # TypeError unless an integer (bool is one)
        if COMPILED:
            self._s = _signed(seed & _MASK64)
            return
        self._base = seed & _MASK64
        self._buf = ()
        self._i = 0

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        # Pickled and copied by its state (a compiled native class has no default).
        return Rng, (self.state,)

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
        if COMPILED:
            return _unsigned(self._s)
        return (self._base + self._i * _GAMMA) & _MASK64

    @classmethod
    def from_state(cls, state: SupportsIndex) -> Rng:
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
        value = operator.index(state)
        if not 0 <= value <= _MASK64:
            raise ValueError(f"Rng state must be in [0, 2**64), got {value}")
        return cls(value)

    def next_u64(self) -> int:
        """Advance one SplitMix64 step and return its 64-bit output.

        Returns:
            An int in ``[0, 2**64)``.

        Example:
            >>> rng = Rng(0)
            >>> [hex(rng.next_u64()) for _ in range(2)]
            ['0xe220a8397b1dcdaf', '0x6e789e6aa1b965f4']
        """
        if COMPILED:
            return _unsigned(self._step())
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
        64 costs about a quarter of what 64 single steps cost. Pure build only: the compiled
        build steps a machine integer instead (:meth:`_step`).
        """
        buf = self._buf
        base = (self._base + len(buf) * _GAMMA) & _MASK64
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

        Method (rejection sampling): for ``n <= 2**64`` (``2**64`` included), draw
        ``u = next_u64()`` until ``u < (2**64 // n) * n``, and return ``u % n``. For
        larger ``n``, ``u`` is made of ``w = ceil(n.bit_length() / 64)`` outputs (the
        first one most significant), and the same bound with ``2**(64*w)``.

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
        if COMPILED and 0 < n <= _NATIVE_MAX:
            return self._below_native(n)
        if n <= 0:
            raise ValueError(f"below(n) needs n >= 1, got {n}")
        if COMPILED and n <= _TWO64:
            limit = _TWO64 - _TWO64 % n
            while True:
                u = self.next_u64()
                if u < limit:
                    return u % n
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
        if COMPILED and 0 < k <= 8:
            return self._dice_native(k)
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
        if COMPILED:
            return self._chunk_native(m)
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

    # --- the compiled build's path: the state a machine integer, one step per output -------

    def _step(self) -> i64:
        """Advance one SplitMix64 step; its output as a signed 64-bit integer."""
        s = _next_state(self._s)
        self._s = s
        return _mix(s)

    def _accepted(self, bound: i64) -> i64:
        """The first output below the unsigned rejection bound ``2**63 + bound`` (signed)."""
        while True:
            z = self._step()
            # unsigned z < 2**63 + bound, in signed arithmetic (z with its sign bit flipped;
            # the literals are machine constants compiled, a module constant would be unboxed)
            if (z ^ (-0x7FFFFFFFFFFFFFFF - 1)) < bound:
                return z

    def _below_native(self, n: i64) -> int:
        """`below` for ``1 <= n <= 2**62``: the same draws and result, in machine integers."""
        rest = _two64_mod(n)  # 2**64 % n; the bound is 2**64 - rest
        if rest == 0:
            return _unsigned_mod(self._step(), n, 0)
        return _unsigned_mod(self._accepted(0x7FFFFFFFFFFFFFFF - rest + 1), n, rest)

    def _dice_code(self, k: int) -> int:
        """The draw of ``dice`` for ``1 <= k <= 8`` as a number: the same output drawn
        (the same stream afterwards), and ``x = u % 6**k`` returned in place of the sorted
        faces of its base-6 digits, which ``roll_faces`` gives (and ``roll_key``
        numbers). For tables of rolls indexed without building the faces.

        Example:
            >>> code = Rng(3)._dice_code(5)
            >>> roll_faces(5, code) == Rng(3).dice(5), 0 <= code < 6**5
            (True, True)
        """
        if not 0 < k <= 8:
            raise ValueError(f"_dice_code(k) needs 1 <= k <= 8, got {k}")
        if COMPILED:
            return self._dice_code_native(k)
        limit = _LIMITS[k]
        while True:
            try:  # next_u64, inlined
                u = self._buf[self._i]
            except IndexError:
                u = self._refill()
            self._i += 1
            if u < limit:
                code: int = u % _POW6[k]
                return code

    def _dice_code_native(self, k: i64) -> int:
        """`_dice_code` in machine integers (the same draw as `_dice_native`)."""
        return _unsigned_mod(self._accepted(_FLIPPED_LIMITS[k]), _POW6[k], _TWO64_MOD_POW6[k])

    def _dice_native(self, k: i64) -> tuple[int, ...]:
        """`dice` for ``1 <= k <= 8`` (the same draws and faces as its inlined path)."""
        m: i64 = _POW6[k]
        x = _unsigned_mod(self._accepted(_FLIPPED_LIMITS[k]), m, _TWO64_MOD_POW6[k])
        if k <= 4:
            return _FACES[k][x]
        rolled = [*_FACES4[x % 1296], *_FACES[k - 4][x // 1296]]
        rolled.sort()
        return tuple(rolled)

    def _chunk_native(self, m: i64) -> tuple[int, ...]:
        """`_chunk` in machine integers."""
        pow6: i64 = _POW6[m]
        x = _unsigned_mod(self._accepted(_FLIPPED_LIMITS[m]), pow6, _TWO64_MOD_POW6[m])
        if m <= 4:
            return _FACES[m][x]
        faces: list[int] = []
        while m > 4:
            faces += _FACES4[x % 1296]
            x //= 1296
            m -= 4
        faces += _FACES[m][x]
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

        Parent and child add the same increment, so the child walks the
        parent's cycle some distance ahead or behind, a distance set by the
        seed. For a handful of the 2**64 states that distance is tiny: when
        the parent steps onto state 0, which the output mix maps to itself,
        the child repeats its parent's stream exactly.

        Returns:
            The child generator.

        Example:
            >>> parent = Rng(42)
            >>> child = parent.fork()
            >>> child.next_u64() != parent.next_u64()
            True
        """
        return Rng(self.next_u64())
