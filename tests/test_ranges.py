"""Time ranges: parsing, series and normalisation (reference §2.3; series close at END per our docs)."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import recallbench
from recallbench.data import (
    DEFAULT_RANGES,
    TimeRange,
    expand_series,
    normalize_ranges,
    parse_ranges,
    parse_time_range,
)
from recallbench.data.ranges import FULL_DAYS, NAMED_RANGES
from recallbench.errors import ConfigError

ACCEPTED_MARKERS = ("30d", "6mo", "1y", "full", "START:END:STEP")

# ---------------------------------------------------------------------------------------------------
# parse_time_range: examples


@pytest.mark.parametrize(
    ("value", "label", "days"),
    [
        (30, "30d", 30),
        (7, "7d", 7),
        (2.5, "2.5d", 2.5),
        (45.0, "45d", 45),
        ("45", "45d", 45),
        ("45d", "45d", 45),
        ("007d", "7d", 7),
        ("3mo", "3mo", 90),
        ("3m", "3mo", 90),
        ("2y", "2y", 730),
        ("30d", "30d", 30),
        ("90d", "90d", 90),
        ("6mo", "6mo", 180),
        ("6m", "6mo", 180),
        ("1y", "1y", 365),
        ("full", "full", FULL_DAYS),
        ("  FULL ", "full", FULL_DAYS),
        ("\t6MO\n", "6mo", 180),
        (" 12M", "12mo", 360),
        ("3Y ", "3y", 1095),
        ("100D", "100d", 100),
        ({"days": 12}, "12d", 12),
        ({"days": 12, "label": "twelve"}, "twelve", 12),
    ],
)
def test_parse_time_range_examples(value: object, label: str, days: float) -> None:
    r = parse_time_range(value)
    assert r == TimeRange(label=label, days=days)
    assert r.label == label
    assert r.days == days
    assert type(r.days) is type(days)


def test_full_is_max_safe_integer() -> None:
    assert parse_time_range("full").days == 9007199254740991 == 2**53 - 1
    assert isinstance(parse_time_range("full").days, int)


def test_named_aliases_and_defaults() -> None:
    assert [(r.label, r.days) for r in DEFAULT_RANGES] == [
        ("30d", 30),
        ("90d", 90),
        ("6mo", 180),
        ("1y", 365),
        ("full", FULL_DAYS),
    ]
    for name, r in NAMED_RANGES.items():
        assert parse_time_range(name) == r
        assert parse_time_range(name.upper()) == r


def test_time_range_passthrough() -> None:
    r = TimeRange(label="custom", days=17)
    assert parse_time_range(r) is r


@st.composite
def _day_text_forms(draw: st.DrawFn) -> tuple[str, str, int]:
    n = draw(st.integers(min_value=1, max_value=10**6))
    kind = draw(st.sampled_from(["plain", "d", "mo", "m", "y"]))
    text = {"plain": str(n), "d": f"{n}d", "mo": f"{n}mo", "m": f"{n}m", "y": f"{n}y"}[kind]
    label, days = {
        "plain": (f"{n}d", n),
        "d": (f"{n}d", n),
        "mo": (f"{n}mo", n * 30),
        "m": (f"{n}mo", n * 30),
        "y": (f"{n}y", n * 365),
    }[kind]
    upper = draw(st.booleans())
    pad_l = draw(st.sampled_from(["", " ", "\t", "  \n"]))
    pad_r = draw(st.sampled_from(["", " ", "\n", " \t "]))
    return pad_l + (text.upper() if upper else text) + pad_r, label, days


@given(_day_text_forms())
def test_parse_time_range_string_forms(form: tuple[str, str, int]) -> None:
    text, label, days = form
    r = parse_time_range(text)
    if label in NAMED_RANGES:
        # "30d" / "90d" / "6mo" / "1y" also come out as the alias, which has the same label and days.
        assert r == NAMED_RANGES[label]
    assert r.label == label
    assert r.days == days
    assert isinstance(r.days, int)


@given(st.integers(min_value=1, max_value=2**53))
def test_parse_time_range_integer_numbers(n: int) -> None:
    assert parse_time_range(n) == TimeRange(label=f"{n}d", days=n)
    assert parse_time_range(float(n)) == TimeRange(label=f"{n}d", days=n)


@given(
    st.floats(min_value=1e-6, max_value=1e9, allow_nan=False, allow_infinity=False).filter(
        lambda x: not x.is_integer()
    )
)
def test_parse_time_range_fractional_numbers(x: float) -> None:
    r = parse_time_range(x)
    assert r.days == x
    assert r.label == f"{x}d"


# Round trip: every range produced from a canonical form parses back from its own label.
_canonical_inputs = st.one_of(
    st.integers(min_value=1, max_value=10**7),
    st.integers(min_value=1, max_value=10**7).map(str),
    st.integers(min_value=1, max_value=10**7).map(lambda n: f"{n}d"),
    st.integers(min_value=1, max_value=10**5).map(lambda n: f"{n}mo"),
    st.integers(min_value=1, max_value=10**5).map(lambda n: f"{n}m"),
    st.integers(min_value=1, max_value=10**4).map(lambda n: f"{n}y"),
    st.sampled_from(sorted(NAMED_RANGES)),
)


@given(_canonical_inputs)
def test_label_round_trip(value: object) -> None:
    r = parse_time_range(value)
    assert parse_time_range(r.label) == r


# ---------------------------------------------------------------------------------------------------
# parse_time_range: errors


def _assert_config_error(value: object) -> ConfigError:
    with pytest.raises(ConfigError) as info:
        parse_time_range(value)
    err = info.value
    assert isinstance(err, ValueError)
    assert isinstance(err, recallbench.RecallBenchError)
    return err


@pytest.mark.parametrize(
    "value",
    ["abc", "", "   ", "30x", "3 d", "-3d", "1.5d", "mo", "d", "7w", "6 mo", "1yr", "fulll"],
)
def test_invalid_strings_name_input_and_list_forms(value: str) -> None:
    message = str(_assert_config_error(value))
    assert repr(value) in message
    for marker in ACCEPTED_MARKERS:
        assert marker in message


@pytest.mark.parametrize("value", [None, True, False, [30], object()])
def test_invalid_types_rejected(value: object) -> None:
    message = str(_assert_config_error(value))
    assert repr(value) in message
    for marker in ACCEPTED_MARKERS:
        assert marker in message


@pytest.mark.parametrize(
    "value", [0, 0.0, -1, -30, -0.5, "0", "0d", "00d", "0mo", "0m", "0y", math.inf, math.nan]
)
def test_zero_negative_and_non_finite_rejected(value: object) -> None:
    assert repr(value) in str(_assert_config_error(value))


@pytest.mark.parametrize(
    "value", ["0d", "0", 0, -1, math.inf], ids=["str-0d", "str-0", "int-0", "int-minus-1", "inf"]
)
def test_non_positive_error_lists_accepted_forms(value: object) -> None:
    # parse_time_range's docstring: "Raises ConfigError naming the input and the accepted forms".
    message = str(_assert_config_error(value))
    for marker in ACCEPTED_MARKERS:
        assert marker in message


@given(st.integers(max_value=0) | st.floats(max_value=0, allow_nan=False))
def test_non_positive_numbers_always_rejected(value: float) -> None:
    _assert_config_error(value)


def test_mapping_without_days_rejected() -> None:
    message = str(_assert_config_error({"label": "x"}))
    assert "days" in message
    _assert_config_error({"days": "30"})
    _assert_config_error({"days": 0})
    _assert_config_error({"days": True})


# ---------------------------------------------------------------------------------------------------
# parse_ranges


def _pairs(ranges: tuple[TimeRange, ...]) -> list[tuple[str, float]]:
    return [(r.label, r.days) for r in ranges]


@pytest.mark.parametrize(
    "value",
    ["30d,90d", "30d 90d", "30d, 90d", " 30d ,\t90d ", ["30d", "90d"], ("30d", "90d"), ["30d 90d"]],
)
def test_parse_ranges_separators(value: object) -> None:
    assert _pairs(parse_ranges(value)) == [("30d", 30), ("90d", 90)]  # type: ignore[arg-type]


def test_parse_ranges_keeps_order_and_duplicates() -> None:
    assert _pairs(parse_ranges("1y,30d,30d,6m")) == [
        ("1y", 365),
        ("30d", 30),
        ("30d", 30),
        ("6mo", 180),
    ]
    assert _pairs(parse_ranges([365, "full", {"days": 3}])) == [
        ("365d", 365),
        ("full", FULL_DAYS),
        ("3d", 3),
    ]


def test_seed_weekly_series() -> None:
    ranges = parse_ranges("7:1000:7")
    assert len(ranges) == 143
    assert ranges[0] == TimeRange(label="7d", days=7)
    assert ranges[-1] == TimeRange(label="1000d", days=1000)
    assert ranges[-2] == TimeRange(label="994d", days=994)
    assert all(r.label == f"{r.days}d" for r in ranges)


def test_series_landing_on_end_is_not_doubled() -> None:
    assert _pairs(parse_ranges("10:30:10")) == [("10d", 10), ("20d", 20), ("30d", 30)]
    assert _pairs(parse_ranges("5:5:3")) == [("5d", 5)]


def test_series_mixed_with_single_ranges() -> None:
    assert _pairs(parse_ranges("full 1:3:1,90d")) == [
        ("full", FULL_DAYS),
        ("1d", 1),
        ("2d", 2),
        ("3d", 3),
        ("90d", 90),
    ]


@st.composite
def _series_params(draw: st.DrawFn) -> tuple[int, int, int]:
    start = draw(st.integers(min_value=1, max_value=2000))
    end = draw(st.integers(min_value=start, max_value=start + 2000))
    step = draw(st.integers(min_value=1, max_value=500))
    return start, end, step


def _check_series(ranges: tuple[TimeRange, ...], start: int, end: int, step: int) -> None:
    days = [r.days for r in ranges]
    assert days[0] == start
    assert days[-1] == end
    assert all(b > a for a, b in itertools.pairwise(days))
    gaps = [b - a for a, b in itertools.pairwise(days)]
    assert all(g == step for g in gaps[:-1])
    if gaps:
        assert 1 <= gaps[-1] <= step
    assert all(r.label == f"{r.days}d" and isinstance(r.days, int) for r in ranges)
    assert len(days) == (end - start) // step + 1 + (0 if (end - start) % step == 0 else 1)


@given(_series_params())
def test_series_property_string(params: tuple[int, int, int]) -> None:
    start, end, step = params
    _check_series(parse_ranges(f"{start}:{end}:{step}"), start, end, step)


@given(_series_params())
def test_series_property_mapping(params: tuple[int, int, int]) -> None:
    start, end, step = params
    from_mapping = parse_ranges({"start": start, "end": end, "step": step})
    _check_series(from_mapping, start, end, step)
    assert from_mapping == parse_ranges(f"{start}:{end}:{step}")
    assert from_mapping == expand_series(start, end, step)
    assert parse_ranges([{"start": start, "end": end, "step": step}]) == from_mapping


def test_series_mapping_forms() -> None:
    assert _pairs(
        parse_ranges({"series": ["30d", "7:21:7", {"start": 40, "end": 41, "step": 5}]})
    ) == [
        ("30d", 30),
        ("7d", 7),
        ("14d", 14),
        ("21d", 21),
        ("40d", 40),
        ("41d", 41),
    ]
    assert _pairs(parse_ranges([{"series": ["1y"]}, "90d"])) == [("1y", 365), ("90d", 90)]


@pytest.mark.parametrize(
    "value",
    [
        "7:x:7",
        "7:1:7",
        "7:10:0",
        "0:10:1",
        "7:10",
        "7:10:7:1",
        ":10:7",
        "7::7",
        "-7:10:1",
        "7.5:10:1",
    ],
)
def test_malformed_series_rejected(value: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_ranges(value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(ConfigError):
        parse_ranges([value])


@pytest.mark.parametrize(
    "value",
    [
        {"start": 7, "end": 1, "step": 7},
        {"start": 7, "end": 10, "step": 0},
        {"start": 7, "end": 10},
        {"start": "7", "end": 10, "step": 1},
        {"start": 7.5, "end": 10, "step": 1},
        {"start": True, "end": 10, "step": 1},
        {"series": "30d"},
        {"series": 30},
    ],
)
def test_malformed_series_mappings_rejected(value: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        parse_ranges(value)


@pytest.mark.parametrize("value", ["", " , ", [], ["30d", ""], "30d,bogus"])
def test_parse_ranges_rejects_empty_and_bad_entries(value: object) -> None:
    with pytest.raises(ConfigError):
        parse_ranges(value)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------------
# normalize_ranges

_range_lists = st.lists(
    st.builds(
        TimeRange,
        label=st.sampled_from(["a", "b", "c", "30d", "90d", "full", "x y"]),
        days=st.integers(min_value=1, max_value=400) | st.just(FULL_DAYS),
    ),
    max_size=12,
)


@given(_range_lists)
def test_normalize_ranges_properties(ranges: list[TimeRange]) -> None:
    out = normalize_ranges(ranges)
    # Sorted by days.
    assert [r.days for r in out] == sorted(r.days for r in out)
    # Labels unique, and exactly the labels given.
    labels = [r.label for r in out]
    assert len(labels) == len(set(labels))
    assert set(labels) == {r.label for r in ranges}
    # First occurrence of each label wins.
    first: dict[str, TimeRange] = {}
    for r in ranges:
        first.setdefault(r.label, r)
    assert all(r == first[r.label] for r in out)
    # A subset of the input; idempotent.
    assert all(r in ranges for r in out)
    assert normalize_ranges(out) == out
    assert normalize_ranges(list(reversed(out))) == out or len({r.days for r in out}) < len(out)


def test_normalize_ranges_example() -> None:
    ranges = parse_ranges("full,1y,30d,90,30d")
    assert _pairs(normalize_ranges(ranges)) == [
        ("30d", 30),
        ("90d", 90),
        ("1y", 365),
        ("full", FULL_DAYS),
    ]
    first_wins = normalize_ranges(
        [TimeRange(label="x", days=5), TimeRange(label="y", days=1), TimeRange(label="x", days=2)]
    )
    assert _pairs(first_wins) == [("y", 1), ("x", 5)]


_labelled = st.lists(
    st.builds(
        TimeRange,
        label=st.sampled_from(["25%", "50%", "75%", "100%", "full"]),
        days=st.integers(1, 400),
    ),
    max_size=30,
)


@given(_labelled)
def test_widest_by_label_keeps_each_label_once_at_its_most_days(ranges: list[TimeRange]) -> None:
    from recallbench.data.ranges import widest_by_label

    out = widest_by_label(ranges)
    assert sorted(r.label for r in out) == sorted({r.label for r in ranges})
    for r in out:
        assert r.days == max(x.days for x in ranges if x.label == r.label)
    assert [r.days for r in out] == sorted(r.days for r in out)
    # The days a label ends at do not depend on the order the personas came in.
    assert {(r.label, r.days) for r in widest_by_label(reversed(ranges))} == {
        (r.label, r.days) for r in out
    }
