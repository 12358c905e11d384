"""Checkpoints past the end of a persona's corpus are asked once (issue 35.7): ``1y`` and ``full``
over a 180-day persona would ask its last day again after ``6mo``; ``plan`` and ``run`` say which
were collapsed, and ``--repeat-checkpoints`` keeps them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from recallbench.data.ranges import (
    DEFAULT_RANGES,
    TimeRange,
    clamp_to_corpus,
    collapsed_past_end,
    past_end_message,
)

ROOT = Path(__file__).resolve().parent.parent

day_ranges = st.lists(
    st.integers(min_value=1, max_value=2000).map(lambda d: TimeRange(label=f"{d}d", days=d)),
    min_size=1,
    max_size=12,
)
ranges = st.lists(
    st.one_of(day_ranges.map(lambda rs: rs[0]), st.sampled_from(DEFAULT_RANGES)),
    min_size=1,
    max_size=12,
)


@given(ranges, st.integers(min_value=1, max_value=1500), st.booleans())
def test_at_most_one_checkpoint_asks_the_last_day_again(
    asked: list[TimeRange], max_day: int, repeat: bool
) -> None:
    kept = clamp_to_corpus(asked, max_day, repeat=repeat)
    past = [r for r in kept if r.days > max_day]
    reaching = [r for r in kept if r.days >= max_day]
    if not repeat:
        # Of the checkpoints that ask the last day, only the first may lie past it.
        assert len(past) <= 1 and (not past or reaching == past)
    # Nothing before the end is dropped, and the result is its own clamp.
    assert {r.label for r in asked if r.days <= max_day} <= {r.label for r in kept}
    assert clamp_to_corpus(kept, max_day, repeat=repeat) == kept
    gone, end = collapsed_past_end(asked, max_day, repeat=repeat)
    assert set(gone) | {r.label for r in kept} >= {r.label for r in asked}
    assert all(r.days > max_day for r in asked if r.label in gone)
    assert (end is None) == (not reaching)


def test_the_default_ranges_over_180_days() -> None:
    assert [r.label for r in clamp_to_corpus(DEFAULT_RANGES, 180)] == ["30d", "90d", "6mo"]
    assert collapsed_past_end(DEFAULT_RANGES, 180) == (("1y", "full"), "6mo")
    assert [r.label for r in clamp_to_corpus(DEFAULT_RANGES, 180, repeat=True)] == [
        "30d",
        "90d",
        "6mo",
        "1y",
        "full",
    ]
    assert past_end_message("ea", DEFAULT_RANGES, 180) == (
        "ea has 180 days: checkpoints 1y, full fall past its end, asked once, as 6mo "
        "(--repeat-checkpoints asks each)"
    )
    # Over 1,000 days nothing is past the end but full, which is the first to reach it.
    assert clamp_to_corpus(DEFAULT_RANGES, 1000) == tuple(DEFAULT_RANGES)
    assert past_end_message("ea", DEFAULT_RANGES, 1000) is None


def _plan(*extra: str) -> dict[str, object]:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "recallbench",
            "plan",
            "--personas",
            "executive-assistant",
            "--arcs",
            "arcs-180d.yaml",
            "--json",
            *extra,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    plan: dict[str, object] = json.loads(done.stdout)
    return plan


def test_plan_asks_the_180_day_persona_each_day_once_unless_told() -> None:
    once, repeated = _plan(), _plan("--repeat-checkpoints")
    (persona,) = once["personas"]  # type: ignore[misc]
    assert [c["label"] for c in persona["checkpoints"]] == ["30d", "90d", "6mo"]
    assert persona["collapsed"] == ["1y", "full"]
    (again,) = repeated["personas"]  # type: ignore[misc]
    assert [c["label"] for c in again["checkpoints"]] == ["30d", "90d", "6mo", "1y", "full"]
    last = persona["checkpoints"][-1]
    # The repeats were 1y and full asking 6mo's questions again.
    expected = once["totals"]["questions"] + 2 * len(last["questionIds"])  # type: ignore[index]
    assert repeated["totals"]["questions"] == expected  # type: ignore[index]
