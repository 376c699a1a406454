"""Rng: the library's own SplitMix64 generator, its golden vectors and its fairness.

The golden vectors are the contract that a seeded game replays identically on
every Python version and platform: changing any of them is a breaking change.
They are checked against an independent reference implementation of SplitMix64
written here, and the dice method against an independent reading of its
documented algorithm (chunks of up to 24 dice, rejection, base-6 digits).
"""

from __future__ import annotations

import copy
import pickle
from collections import Counter
from collections.abc import Iterator, Mapping
from itertools import permutations
from typing import TypeVar

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from lasvegas import COMPILED, _rng
from lasvegas._splitmix import native_batch as _native_batch
from lasvegas.chance import Rng, roll_distribution

TWO64 = 2**64

K = TypeVar("K")

seeds = st.integers(min_value=-(2**80), max_value=2**80)


def reference_splitmix64(seed: int) -> Iterator[int]:
    """SplitMix64 written independently of the library, straight from its definition."""
    state = seed % TWO64
    while True:
        state = (state + 0x9E3779B97F4A7C15) % TWO64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % TWO64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % TWO64
        yield z ^ (z >> 31)


def reference_dice(seed: int, k: int) -> tuple[tuple[int, ...], int]:
    """The documented dice method on the reference stream: (sorted faces, outputs used)."""
    stream = reference_splitmix64(seed)
    used = 0
    faces: list[int] = []
    remaining = k
    while remaining:
        m = min(remaining, 24)
        limit = (TWO64 // 6**m) * 6**m
        u = next(stream)
        used += 1
        while u >= limit:
            u = next(stream)
            used += 1
        for _ in range(m):
            u, digit = divmod(u, 6)
            faces.append(digit + 1)
        remaining -= m
    return tuple(sorted(faces)), used


def chi_square(observed: Mapping[K, int], expected: Mapping[K, float]) -> float:
    """Pearson's statistic of observed counts against expected counts."""
    return sum((observed.get(key, 0) - e) ** 2 / e for key, e in expected.items())


# --- golden vectors -------------------------------------------------------------------------

GOLDEN_SEED_0 = (
    0xE220A8397B1DCDAF,
    0x6E789E6AA1B965F4,
    0x06C45D188009454F,
    0xF88BB8A8724C81EC,
    0x1B39896A51A8749B,
)
GOLDEN_SEED_1234567 = (
    0x599ED017FB08FC85,
    0x2C73F08458540FA5,
    0x883EBCE5A3F27C77,
    0x3FBEF740E9177B3F,
    0xE3B8346708CB5ECD,
)


def test_well_known_first_output_for_seed_0() -> None:
    assert Rng(0).next_u64() == 0xE220A8397B1DCDAF


@pytest.mark.parametrize(("seed", "golden"), [(0, GOLDEN_SEED_0), (1234567, GOLDEN_SEED_1234567)])
def test_golden_next_u64(seed: int, golden: tuple[int, ...]) -> None:
    rng = Rng(seed)
    assert tuple(rng.next_u64() for _ in range(5)) == golden
    stream = reference_splitmix64(seed)
    assert tuple(next(stream) for _ in range(5)) == golden


def test_golden_seed_1234567_is_the_published_vector() -> None:
    # Vigna's reference splitmix64.c, seeded with 1234567, prints these in decimal.
    assert GOLDEN_SEED_1234567[:2] == (6457827717110365317, 3203168211198807973)


def test_golden_dice_8() -> None:
    rng = Rng(2024)
    assert [rng.dice(8) for _ in range(3)] == [
        (1, 1, 2, 3, 3, 4, 5, 6),
        (2, 3, 3, 4, 4, 5, 5, 6),
        (1, 2, 3, 3, 4, 4, 5, 5),
    ]


def test_golden_dice_other_sizes() -> None:
    rng = Rng(2024)
    assert rng.dice(2) == (2, 3)
    assert rng.dice(30) == ((1, 1) + (2,) * 5 + (3,) * 7 + (4,) * 9 + (5,) * 6 + (6,))
    assert rng.dice(24) == (1, 1) + (2,) * 10 + (3, 3) + (5,) * 9 + (6,)


def test_golden_below_6() -> None:
    rng = Rng(2024)
    assert [rng.below(6) for _ in range(10)] == [1, 2, 3, 1, 2, 1, 5, 2, 4, 1]


def test_golden_shuffled_choice_big_below_fork() -> None:
    rng = Rng(7)
    assert rng.shuffled(range(10)) == (8, 1, 5, 9, 0, 4, 3, 2, 6, 7)
    assert rng.choice("abcdef") == "f"
    assert rng.below(10**30) == 768399100817306295272825644
    assert Rng(7).fork().next_u64() == 0xB8B4C2977EABCE45


@pytest.mark.parametrize(("seed", "golden"), [(0, GOLDEN_SEED_0), (1234567, GOLDEN_SEED_1234567)])
def test_golden_next_u64_on_64_bit_integers(seed: int, golden: tuple[int, ...]) -> None:
    """The native 64-bit path (the compiled build's batches) gives the golden vectors too."""
    assert _native_batch(seed, 5) == golden


@given(st.integers(min_value=0, max_value=TWO64 - 1), st.integers(min_value=0, max_value=70))
def test_native_64_bit_path_matches_reference(state: int, n: int) -> None:
    """Whichever build runs it (machine integers compiled, folded ints interpreted)."""
    stream = reference_splitmix64(state)
    assert _native_batch(state, n) == tuple(next(stream) for _ in range(n))


def test_the_compiled_build_draws_from_the_native_path() -> None:
    """Compiled, a batch is computed on machine integers; both builds give the same stream."""
    rng = Rng(2024)
    first = [rng.next_u64() for _ in range(200)]  # the first batch, then three more
    assert tuple(first) == _native_batch(2024, 8) + _native_batch(
        (2024 + 8 * 0x9E3779B97F4A7C15) % TWO64, 192
    )
    assert _native_batch.__module__ == "lasvegas._splitmix"
    assert COMPILED is not isinstance(_native_batch, type(reference_dice))


# --- agreement with the reference ----------------------------------------------------------


@given(seeds)
def test_stream_matches_reference(seed: int) -> None:
    rng = Rng(seed)
    stream = reference_splitmix64(seed)
    assert [rng.next_u64() for _ in range(8)] == [next(stream) for _ in range(8)]


@given(seeds, st.integers(min_value=0, max_value=60))
def test_dice_match_the_documented_method(seed: int, k: int) -> None:
    rng = Rng(seed)
    faces, used = reference_dice(seed, k)
    assert rng.dice(k) == faces
    # The generator consumed exactly the outputs the method needs.
    stream = reference_splitmix64(seed)
    for _ in range(used):
        next(stream)
    assert rng.next_u64() == next(stream)


def test_dice_method_over_many_seeds() -> None:
    # Every size of the fast paths and the chunked path, on consecutive seeds.
    for seed in range(300):
        for k in (1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 24, 25, 49):
            assert Rng(seed).dice(k) == reference_dice(seed, k)[0]


def test_dice_rejection_is_taken() -> None:
    # A chunk of 24 dice rejects about 23% of outputs: find a seed whose first output
    # is rejected and check that the dice come from the second output.
    limit = (TWO64 // 6**24) * 6**24
    seed = next(s for s in range(1000) if next(reference_splitmix64(s)) >= limit)
    faces, used = reference_dice(seed, 24)
    assert used >= 2
    assert Rng(seed).dice(24) == faces


@given(seeds, st.integers(min_value=1, max_value=3 * TWO64))
@example(0, TWO64)
@example(0, TWO64 + 1)
def test_below_matches_the_documented_method(seed: int, n: int) -> None:
    """``below(n)`` is the documented rejection sampling: one output for ``n <= 2**64``
    (``2**64`` itself included), else ``ceil(n.bit_length() / 64)`` outputs."""
    stream = reference_splitmix64(seed)
    words = 1 if n <= TWO64 else (n.bit_length() + 63) // 64
    total = 1 << (64 * words)
    limit = (total // n) * n
    while True:
        u = 0
        for _ in range(words):
            u = (u << 64) | next(stream)
        if u < limit:
            break
    assert Rng(seed).below(n) == u % n


def _reference_below(seed: int, n: int) -> int:
    """`Rng.below(n)` by its documented method, for ``n <= 2**64``, on the reference stream."""
    stream = reference_splitmix64(seed)
    limit = (TWO64 // n) * n
    u = next(stream)
    while u >= limit:
        u = next(stream)
    return u % n


_EDGE_BOUNDS = st.sampled_from(
    [
        *(1, 2, 3, 5, 6, 7, 255, 256, 257, 2**31, 2**32 + 1, 3**39, 2**61 + 1, 2**62 - 1),
        *(2**62, 2**62 + 1, 2**63 - 1, 2**63, 2**63 + 1, 3 * 2**62, TWO64 - 1, TWO64),
    ]
)


@given(seeds, _EDGE_BOUNDS | st.integers(min_value=1, max_value=2**63))
def test_below_small_and_edge_bounds_match_the_documented_method(seed: int, n: int) -> None:
    """Bounds around the compiled build's machine-integer limit (``2**62``), powers of two
    (no rejection) and bounds whose rejection is frequent (``3 * 2**62``)."""
    assert Rng(seed).below(n) == _reference_below(seed, n)


@given(
    st.integers(min_value=0, max_value=TWO64 - 1),
    st.integers(min_value=1, max_value=24),
    _EDGE_BOUNDS.filter(lambda n: n <= 2**62) | st.integers(min_value=1, max_value=2**62),
)
def test_machine_integer_path_matches_the_documented_methods(state: int, m: int, n: int) -> None:
    """The compiled build's path (the state a signed 64-bit integer, one step per output),
    run in either build: compiled it is what `Rng` runs, interpreted it is checked here."""
    native = Rng(0)
    native._s = _rng._signed(state)
    faces, used = reference_dice(state, m)
    assert native._chunk_native(m) == faces
    stream = reference_splitmix64(state)
    for _ in range(used):
        next(stream)
    assert _rng._unsigned(native._step()) == next(stream)
    native._s = _rng._signed(state)
    assert native._below_native(n) == _reference_below(state, n)
    if m <= 8:
        native._s = _rng._signed(state)
        assert native._dice_native(m) == faces


def test_pickle_and_copy_keep_the_stream() -> None:
    rng = Rng(2024)
    rng.dice(8)
    for twin in (pickle.loads(pickle.dumps(rng)), copy.copy(rng), copy.deepcopy(rng)):
        assert type(twin) is Rng
        assert twin is not rng
        assert twin.state == rng.state
        fresh = Rng.from_state(rng.state)
        assert [twin.below(1000) for _ in range(5)] == [fresh.below(1000) for _ in range(5)]
    assert Rng.__module__ == "lasvegas.chance"


class _Index:
    """Not an int, but an integer by ``__index__`` (as NumPy's integers are)."""

    def __index__(self) -> int:
        return 77


def test_seed_and_state_may_be_any_integer_type() -> None:
    assert Rng(_Index()).state == 77
    assert Rng.from_state(_Index()).state == 77
    assert Rng(True).state == 1


# --- properties ------------------------------------------------------------------------------


@given(seeds, st.integers(min_value=0, max_value=30))
def test_dice_are_sorted_faces(seed: int, k: int) -> None:
    faces = Rng(seed).dice(k)
    assert isinstance(faces, tuple)
    assert len(faces) == k
    assert list(faces) == sorted(faces)
    assert all(type(face) is int and 1 <= face <= 6 for face in faces)


def test_dice_zero_draws_nothing() -> None:
    rng = Rng(5)
    assert rng.dice(0) == ()
    assert rng.state == 5


def test_dice_negative_is_an_error() -> None:
    with pytest.raises(ValueError, match="k >= 0"):
        Rng(1).dice(-1)


@given(seeds, st.integers(min_value=1, max_value=10**6))
def test_below_in_range(seed: int, n: int) -> None:
    rng = Rng(seed)
    values = [rng.below(n) for _ in range(5)]
    assert all(0 <= value < n for value in values)


@pytest.mark.parametrize("n", [0, -1, -(2**70)])
def test_below_rejects_empty_ranges(n: int) -> None:
    with pytest.raises(ValueError, match="n >= 1"):
        Rng(1).below(n)


def test_below_one_is_zero() -> None:
    rng = Rng(3)
    assert {rng.below(1) for _ in range(20)} == {0}


def test_seed_reduced_mod_2_64() -> None:
    assert Rng(-1).state == TWO64 - 1
    assert Rng(TWO64 + 17).state == 17
    a, b = Rng(-5), Rng(TWO64 - 5)
    assert [a.next_u64() for _ in range(3)] == [b.next_u64() for _ in range(3)]


def test_seed_must_be_an_integer() -> None:
    with pytest.raises(TypeError):
        Rng(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Rng("1")  # type: ignore[arg-type]


@given(seeds, st.integers(min_value=0, max_value=20))
def test_state_round_trip_reproduces_the_stream(seed: int, skip: int) -> None:
    rng = Rng(seed)
    for _ in range(skip):
        rng.next_u64()
    saved = rng.state
    assert 0 <= saved < TWO64
    copy = Rng.from_state(saved)
    assert copy.state == saved
    assert [rng.dice(8) for _ in range(3)] == [copy.dice(8) for _ in range(3)]
    assert [rng.below(1000) for _ in range(3)] == [copy.below(1000) for _ in range(3)]
    assert rng.state == copy.state


@pytest.mark.parametrize("state", [-1, TWO64, 2**100])
def test_from_state_rejects_out_of_range(state: int) -> None:
    with pytest.raises(ValueError, match=r"\[0, 2\*\*64\)"):
        Rng.from_state(state)


def test_repr_names_the_state() -> None:
    rng = Rng(255)
    assert repr(rng) == "Rng.from_state(0x00000000000000ff)"
    assert eval(repr(rng), {"Rng": Rng}).state == 255


GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's increment, written out independently


@given(seeds)
@example(seed=-GAMMA)  # the parent lands on state 0, the finaliser's fixed point
def test_fork_is_independent_of_parent(seed: int) -> None:
    """A child walks the parent's cycle at a distance set by the seed.

    Both generators add the same increment, so the child's stream is the
    parent's shifted by ``k`` steps, with ``k`` fixed by the seed. The first
    four outputs overlap exactly when ``k`` is within three steps either way:
    a handful of the 2**64 parent states, for example the one whose next
    state is 0 (``mix(0) == 0``), where the child repeats its parent.
    """
    parent = Rng(seed)
    expected_child_seed = Rng(seed).next_u64()
    child = parent.fork()
    assert child.state == expected_child_seed
    # The parent advanced by exactly one step.
    twin = Rng(seed)
    twin.next_u64()
    assert parent.state == twin.state
    shift = (child.state - parent.state) * pow(GAMMA, -1, TWO64) % TWO64
    near = min(shift, TWO64 - shift) < 4
    child_out = [child.next_u64() for _ in range(4)]
    parent_out = [parent.next_u64() for _ in range(4)]
    assert bool(set(child_out) & set(parent_out)) == near
    assert (child_out == parent_out) == (shift == 0)


def test_fork_is_deterministic() -> None:
    assert Rng(9).fork().dice(8) == Rng(9).fork().dice(8)
    assert Rng(9).fork().state != Rng(9).state


@given(seeds, st.lists(st.integers(), max_size=20))
def test_shuffled_is_a_permutation(seed: int, items: list[int]) -> None:
    original = list(items)
    result = Rng(seed).shuffled(items)
    assert isinstance(result, tuple)
    assert sorted(result) == sorted(items)
    assert items == original


def test_shuffled_is_uniform_over_permutations() -> None:
    rng = Rng(31337)
    draws = 24_000
    counts = Counter(rng.shuffled("abcd") for _ in range(draws))
    expected = dict.fromkeys(permutations("abcd"), draws / 24)
    assert set(counts) == set(expected)
    # 23 degrees of freedom: P(chi2 > 60) is about 4e-5.
    assert chi_square(counts, expected) < 60


@given(seeds, st.lists(st.integers(), min_size=1, max_size=20))
def test_choice_picks_a_member(seed: int, items: list[int]) -> None:
    rng = Rng(seed)
    index = Rng.from_state(rng.state).below(len(items))
    assert rng.choice(items) == items[index]


def test_choice_of_empty_is_an_error() -> None:
    with pytest.raises(ValueError, match="empty"):
        Rng(1).choice([])


# --- fairness (deterministic chi-square tests with fixed seeds) ------------------------------
# Thresholds are conservative: each is far in the tail (p < 1e-4) for a fair source,
# and the seeds are fixed, so these never flake; a biased method fails them badly.


def test_below_6_is_unbiased() -> None:
    rng = Rng(20240601)
    draws = 60_000
    counts = Counter(rng.below(6) for _ in range(draws))
    assert set(counts) == set(range(6))
    # 5 degrees of freedom: P(chi2 > 27) is about 6e-5.
    assert chi_square(counts, dict.fromkeys(range(6), draws / 6)) < 27


def test_below_non_power_of_two_is_unbiased() -> None:
    rng = Rng(77)
    draws = 60_000
    counts = Counter(rng.below(10) for _ in range(draws))
    # 9 degrees of freedom: P(chi2 > 35) is about 6e-5.
    assert chi_square(counts, dict.fromkeys(range(10), draws / 10)) < 35


@pytest.mark.parametrize("k", [1, 8, 24])
def test_dice_faces_are_unbiased(k: int) -> None:
    rng = Rng(1000 + k)
    rolls = 60_000 // k
    counts: Counter[int] = Counter()
    for _ in range(rolls):
        counts.update(rng.dice(k))
    total = rolls * k
    assert sum(counts.values()) == total
    assert chi_square(counts, dict.fromkeys(range(1, 7), total / 6)) < 27


def test_dice_2_outcomes_follow_the_multinomial() -> None:
    rng = Rng(424242)
    rolls = 60_000
    counts = Counter(rng.dice(2) for _ in range(rolls))
    expected = {faces: float(p) * rolls for faces, p in roll_distribution(2)}
    assert set(counts) == set(expected)
    # 20 degrees of freedom: P(chi2 > 52) is about 1e-4.
    assert chi_square(counts, expected) < 52


def test_dice_8_sum_has_the_right_mean() -> None:
    rng = Rng(99)
    rolls = 10_000
    total = sum(sum(rng.dice(8)) for _ in range(rolls))
    # Mean 28, standard deviation of the mean sqrt(8 * 35/12 / rolls) ~ 0.048.
    assert abs(total / rolls - 28) < 0.25
