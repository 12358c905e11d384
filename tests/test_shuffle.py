"""The reference's Mulberry32 + Fisher–Yates shuffle, bit-exact (reference §2.8)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from recallbench.data import seeded_shuffle
from recallbench.data.shuffle import mulberry32

seeds = st.integers(min_value=-(2**40), max_value=2**40)
items = st.lists(st.integers(min_value=-5, max_value=5) | st.text(max_size=2), max_size=40)


def test_mulberry32_golden_vector() -> None:
    rand = mulberry32(42)
    assert [rand(), rand(), rand()] == [0.6011037519201636, 0.44829055899754167, 0.8524657934904099]


def test_seeded_shuffle_golden_vectors() -> None:
    assert seeded_shuffle(list(range(10)), 42) == [0, 7, 3, 5, 2, 1, 8, 9, 4, 6]
    assert seeded_shuffle(list(range(10)), 1) == [7, 8, 3, 2, 1, 5, 9, 4, 0, 6]


def test_seed_zero_is_identity() -> None:
    assert seeded_shuffle(list(range(10)), 0) == list(range(10))
    assert seeded_shuffle("abcdef", 0) == list("abcdef")


def test_small_inputs() -> None:
    assert seeded_shuffle([], 42) == []
    assert seeded_shuffle(["only"], 42) == ["only"]
    assert seeded_shuffle((1, 2), 42) in ([1, 2], [2, 1])


def test_reseeded_on_every_call() -> None:
    # The generator starts afresh each call: a shuffle never depends on earlier shuffles.
    first = seeded_shuffle(list(range(10)), 42)
    seeded_shuffle(list(range(50)), 42)
    assert seeded_shuffle(list(range(10)), 42) == first == [0, 7, 3, 5, 2, 1, 8, 9, 4, 6]


@given(seeds, st.integers(min_value=1, max_value=50))
def test_mulberry32_values_in_unit_interval(seed: int, count: int) -> None:
    rand = mulberry32(seed)
    for _ in range(count):
        x = rand()
        assert isinstance(x, float)
        assert 0.0 <= x < 1.0
        # A uint32 divided by 2**32: exactly representable as k / 2**32.
        assert (x * 2**32).is_integer()


@given(seeds, st.integers(min_value=1, max_value=20))
def test_mulberry32_deterministic_and_32_bit(seed: int, count: int) -> None:
    a, b, c = mulberry32(seed), mulberry32(seed), mulberry32(seed + 2**32)
    xs = [a() for _ in range(count)]
    assert xs == [b() for _ in range(count)]
    # Seeds act on 32 bits, as JavaScript's int32 state does.
    assert xs == [c() for _ in range(count)]


@given(items, seeds)
def test_shuffle_is_a_permutation(values: list[object], seed: int) -> None:
    out = seeded_shuffle(values, seed)
    assert len(out) == len(values)
    assert Counter(map(repr, out)) == Counter(map(repr, values))


@given(items, seeds)
def test_shuffle_deterministic_and_non_mutating(values: list[object], seed: int) -> None:
    before = list(values)
    first = seeded_shuffle(values, seed)
    second = seeded_shuffle(values, seed)
    assert first == second
    assert values == before
    assert first is not values
    assert seeded_shuffle(tuple(values), seed) == first


@given(st.lists(st.integers(), max_size=30))
def test_seed_zero_identity_property(values: list[int]) -> None:
    out = seeded_shuffle(values, 0)
    assert out == values
    assert out is not values


@given(st.integers(min_value=0, max_value=30), seeds)
def test_shuffle_matches_reference_algorithm(n: int, seed: int) -> None:
    # Fisher–Yates from the end, j = floor(rand() * (i + 1)), with a fresh generator per call.
    expected = list(range(n))
    if seed != 0:
        rand = mulberry32(seed)
        for i in range(n - 1, 0, -1):
            j = int(rand() * (i + 1))
            expected[i], expected[j] = expected[j], expected[i]
    assert seeded_shuffle(list(range(n)), seed) == expected
