"""SplitMix64 on 64-bit machine integers: the compiled build's source of random outputs.

The compiled build compiles this module with mypyc, which turns the ``i64`` arithmetic
below into machine instructions; the compiled :class:`lasvegas.chance.Rng` steps its state
with :func:`mix`, one output at a time. The pure build keeps its own faster big-integer
lanes (``Rng._refill``), and can run this module as Python too: both give the same stream
(``tests/test_rng.py``, which also checks :func:`native_batch`, batches of outputs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ._build import COMPILED

if TYPE_CHECKING:
    # mypyc compiles i64 to a machine integer (two's complement, wrapping). The name is only
    # ever an annotation (never evaluated): mypy_extensions is not a runtime dependency, and
    # an int is an i64 to mypy.
    from mypy_extensions import i64

__all__ = ["mix", "native_batch", "step", "wrap"]

_TWO64: Final = 1 << 64

_HALF: Final = 1 << 63
# The SplitMix64 constants appear below as signed 64-bit literals (each is above 2**63):
# 0x9E3779B97F4A7C15 - 2**64 = -0x61C8864680B583EB (the increment), 0xBF58476D1CE4E5B9 - 2**64
# = -0x40A7B892E31B1A47 and 0x94D049BB133111EB - 2**64 = -0x6B2FB644ECCEEE15 (the mixers).
# Written in the expressions, mypyc compiles them to machine constants; a module-level
# constant, Final or not, would be a Python int unboxed at each use (and so would a literal
# beyond 2**62 in size: the mixers are built from their halves).


def wrap(x: i64) -> i64:
    """``x`` folded into the signed 64-bit range, as the machine's arithmetic wraps it.

    Compiled, ``x`` is already a wrapped machine integer and this returns it; interpreted,
    ``x`` is an int that may have grown past 64 bits, and this folds it.
    """
    if COMPILED:
        return x
    folded: i64 = (int(x) + _HALF) % _TWO64 - _HALF
    return folded


def native_batch(base: int, n: int) -> tuple[int, ...]:
    """The outputs of *n* SplitMix64 steps from state *base*, on 64-bit machine integers.

    The compiled build's :meth:`lasvegas.chance.Rng._refill`: mypyc compiles the ``i64`` arithmetic to
    machine instructions (a product wraps mod 2**64 as SplitMix64 needs; a right shift is
    arithmetic, so each is masked to its logical bits). Interpreted it gives the same
    stream (each product folded by :func:`wrap`), only slower than the pure build's lanes.
    """
    s: i64 = base - _TWO64 if base >= _HALF else base
    out: list[int] = []
    for _ in range(n):
        s = step(s)
        z = mix(s)
        out.append(int(z) + _TWO64 if z < 0 else int(z))
    return tuple(out)


def step(s: i64) -> i64:
    """The SplitMix64 state after *s* (both signed 64-bit values): *s* plus the increment."""
    return wrap(s - 0x61C8864680B583EB)


def mix(s: i64) -> i64:
    """SplitMix64's output for the (already advanced) state *s*, both as signed 64-bit values.

    The compiled :class:`lasvegas.Rng` steps its machine-integer state with this, one output
    at a time (a right shift is arithmetic, so each is masked to its logical bits).
    """
    # The mixers built from halves: a literal beyond 2**62 in size is a Python int that the
    # compiled code unboxes at each use, these are a shift and a subtraction of machines ints.
    mix1: i64 = -0x40A7B892 * 0x100000000 - 0xE31B1A47
    mix2: i64 = -0x6B2FB644 * 0x100000000 - 0xECCEEE15
    z = wrap((s ^ ((s >> 30) & 0x3FFFFFFFF)) * mix1)
    z = wrap((z ^ ((z >> 27) & 0x1FFFFFFFFF)) * mix2)
    return z ^ ((z >> 31) & 0x1FFFFFFFF)
