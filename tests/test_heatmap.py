"""The heatmap view model every renderer draws (reference §3.8)."""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from _examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from recallbench import BenchmarkResult, PersonaResult, TimeRangeResult
from recallbench.data import CATEGORIES, CORE_CATEGORIES, TimeRange
from recallbench.data.ranges import FULL_DAYS
from recallbench.errors import ConfigError
from recallbench.results import RunMetadata
from recallbench.results.aggregate import merge_heatmaps, persona_heatmap
from recallbench.results.heatmap import (
    AMBER_RGB,
    GREEN_RGB,
    NO_DATA_RGB,
    NOT_ELIGIBLE_RGB,
    RED_RGB,
    HeatCell,
    HeatmapView,
    HeatRow,
    cell_rgb,
    heatmap_view,
    label_columns,
    rate_rgb,
    score_rgb,
)
from recallbench.results.records import CategoryScore

Cells = Mapping[str, tuple[float, int, int]]
"""category -> (mean score, question count, eligible count)."""


def checkpoint(
    label: str,
    days: int,
    cells: Cells,
    *,
    overall: float | None = None,
    hallucination: float = 0.0,
) -> TimeRangeResult:
    scores = tuple(
        CategoryScore(category=c, mean_score=s, question_count=n, scores=(), eligible_count=e)
        for c, (s, n, e) in cells.items()
    )
    n = sum(cs.question_count for cs in scores)
    if overall is None:
        overall = sum(cs.mean_score * cs.question_count for cs in scores) / n if n else 0.0
    return TimeRangeResult(
        range=TimeRange(label=label, days=days),
        days_ingested=days,
        questions_evaluated=n,
        overall_score=overall,
        category_scores=scores,
        difficulty_scores={},
        hallucination_rate=hallucination,
        question_results=(),
    )


def persona(pid: str, checkpoints: Sequence[TimeRangeResult]) -> PersonaResult:
    return PersonaResult(
        persona_id=pid,
        adapter_name="Scripted",
        range_results=tuple(checkpoints),
        heatmap=persona_heatmap(checkpoints),
        total_ingestion_ms=1.0,
        total_query_ms=1.0,
        unique_qa_pair_count=10,
        total_evals_run=sum(c.questions_evaluated for c in checkpoints),
    )


def make_result(
    personas: Sequence[PersonaResult], ranges: Sequence[TimeRange], **metadata: Any
) -> BenchmarkResult:
    md: dict[str, Any] = {"duration_ms": None, "total_evals_run": 0, "unique_qa_pair_count": 10}
    md.update(metadata)
    return BenchmarkResult(
        timestamp="2026-01-01T00:00:00.000Z",
        adapter_name="Scripted",
        ranges=tuple(ranges),
        personas=tuple(personas),
        heatmap=merge_heatmaps(p.heatmap for p in personas),
        metadata=RunMetadata(**md),
    )


def r(days: int) -> TimeRange:
    return TimeRange(label=f"{days}d", days=days)


def row(view: HeatmapView, label: str) -> HeatRow:
    return next(x for x in view.rows if x.label == label)


def values(view: HeatmapView, label: str) -> list[float | None]:
    return [c.value for c in row(view, label).cells]


FR, TR = "factual-recall", "temporal-reasoning"


# --- colours -------------------------------------------------------------------------------------


def test_ramp_endpoints_and_midpoint() -> None:
    assert score_rgb(0.0) == RED_RGB == (220, 60, 60)
    assert score_rgb(3.0) == AMBER_RGB == (245, 180, 50)
    assert score_rgb(6.0) == GREEN_RGB == (56, 195, 100)
    assert (rate_rgb(0.0), rate_rgb(50.0), rate_rgb(100.0)) == (GREEN_RGB, AMBER_RGB, RED_RGB)
    # Clamped, and rounded half up as JavaScript's Math.round: t = 0.25 -> 232.5 -> 233.
    assert score_rgb(-4.0) == RED_RGB and score_rgb(9.0) == GREEN_RGB
    assert score_rgb(1.5) == (233, 120, 55)
    assert score_rgb(math.nan) == NO_DATA_RGB == (60, 60, 68)


@settings(max_examples=examples(200))
@given(st.floats(0, 6), st.floats(0, 6))
def test_ramp_channels_are_monotone_within_each_half(a: float, b: float) -> None:
    lo, hi = sorted((a, b))
    (r1, g1, b1), (r2, g2, b2) = score_rgb(lo), score_rgb(hi)
    assert g1 <= g2  # green only grows from red through amber to green
    if hi < 3.0:  # red -> amber: red and green up, blue down
        assert r1 <= r2 and b1 >= b2
    if lo >= 3.0:  # amber -> green: red down, blue up
        assert r1 >= r2 and b1 <= b2
    for channel in (*score_rgb(a), *rate_rgb(a * 100 / 6)):
        assert 0 <= channel <= 255


@given(st.floats(0, 100))
def test_rate_ramp_is_the_score_ramp_reversed(rate: float) -> None:
    assert rate_rgb(rate) == score_rgb(6.0 * (1 - rate / 100))


def test_cell_rgb_by_state_and_row_kind() -> None:
    def cell(value: float | None, state: Any) -> HeatCell:
        return HeatCell(value=value, state=state, question_count=1, eligible_count=1, filled=False)

    cat = HeatRow(label=FR, kind="category", cells=())
    hall = HeatRow(label="hallucination rate", kind="hallucination", cells=())
    assert cell_rgb(cat, cell(6.0, "score")) == GREEN_RGB
    assert cell_rgb(hall, cell(0.0, "score")) == GREEN_RGB
    assert cell_rgb(hall, cell(100.0, "score")) == RED_RGB
    assert cell_rgb(cat, cell(None, "no-data")) == NO_DATA_RGB
    assert cell_rgb(cat, cell(None, "not-eligible")) == NOT_ELIGIBLE_RGB == (15, 15, 20)


# --- label thinning ------------------------------------------------------------------------------


def test_label_columns_examples() -> None:
    assert label_columns(5, 10) == (0, 1, 2, 3, 4)
    assert label_columns(0, 3) == ()
    assert label_columns(10, 4) == (0, 3, 6, 9)
    # 11 columns, 4 labels: steps of 4 miss the last column, which replaces 8 (too close to 10).
    assert label_columns(11, 4) == (0, 4, 10)
    assert label_columns(143, 15)[-1] == 142
    assert label_columns(7, 1) == (6,)


@pytest.mark.parametrize(("n", "m"), [(-1, 3), (3, 0)])
def test_label_columns_rejects_bad_arguments(n: int, m: int) -> None:
    with pytest.raises(ConfigError, match="must be"):
        label_columns(n, m)


@given(st.integers(0, 400), st.integers(1, 60))
def test_label_columns_properties(n: int, m: int) -> None:
    picked = label_columns(n, m)
    assert list(picked) == sorted(set(picked))
    assert all(0 <= i < n for i in picked)
    assert len(picked) <= max(m, 0)
    if n:
        assert picked[-1] == n - 1
    if n <= m:
        assert picked == tuple(range(n))
    elif m >= 2:
        assert picked[0] == 0
        step = math.ceil((n - 1) / (m - 1))
        assert all(b - a >= step for a, b in itertools.pairwise(picked))


# --- the view ------------------------------------------------------------------------------------


def test_columns_sorted_and_deduplicated_rows_aligned_by_label() -> None:
    p = persona(
        "a",
        [
            checkpoint("30d", 30, {FR: (4.0, 2, 2)}, hallucination=10.0),
            checkpoint("90d", 90, {FR: (5.0, 2, 2)}, hallucination=20.0),
        ],
    )
    # Ranges given out of order, with a repeat: the reference misaligned OVERALL here.
    view = heatmap_view(make_result([p], [r(90), r(30), r(90)]))
    assert view.columns == ("30d", "90d")
    assert view.column_days == (30, 90)
    assert values(view, FR) == [4.0, 5.0]
    assert values(view, "OVERALL") == [4.0, 5.0]
    assert values(view, "hallucination rate") == [10.0, 20.0]


def test_category_rows_fixed_order_group_rows_only_with_group_support() -> None:
    p = persona("a", [checkpoint("30d", 30, {FR: (4.0, 1, 1)})])
    off = heatmap_view(make_result([p], [r(30)]))
    on = heatmap_view(make_result([p], [r(30)], groups_enabled=True))
    assert [x.label for x in off.category_rows] == list(CORE_CATEGORIES)
    assert [x.label for x in on.category_rows] == list(CATEGORIES)
    assert [(x.label, x.kind) for x in on.summary_rows] == [
        ("OVERALL", "overall"),
        ("hallucination rate", "hallucination"),
    ]


def test_cell_states_and_forward_fill() -> None:
    p = persona(
        "a",
        [
            checkpoint("10d", 10, {FR: (5.0, 2, 2), TR: (0.0, 0, 0)}),
            # FR sampled out (eligible, no questions): a gap the fill hides.
            checkpoint("20d", 20, {FR: (0.0, 0, 3), TR: (3.0, 1, 1)}),
            checkpoint("30d", 30, {FR: (2.0, 1, 3)}),  # TR has no cell at all here
        ],
    )
    # 40d was never reached (a partial run): it stays gray.
    view = heatmap_view(make_result([p], [r(10), r(20), r(30), r(40)]))
    assert view.completed_columns == 3
    fr, tr = row(view, FR).cells, row(view, TR).cells
    assert [c.state for c in fr] == ["score", "score", "score", "no-data"]
    assert [c.value for c in fr] == [5.0, 5.0, 2.0, None]
    assert [c.filled for c in fr] == [False, True, False, False]
    assert fr[1].question_count == 0 and fr[1].eligible_count == 3
    assert [c.state for c in tr] == ["not-eligible", "score", "score", "no-data"]
    assert [c.filled for c in tr] == [False, False, True, False]
    assert (
        row(view, "negative-recall").cells[0].state == "no-data"
    )  # no cell: gray, nothing to carry


def test_forward_fill_never_carries_over_a_black_cell() -> None:
    p = persona(
        "a",
        [
            checkpoint("10d", 10, {FR: (5.0, 1, 1)}),
            checkpoint("20d", 20, {FR: (0.0, 0, 0)}),  # not eligible (any more)
            checkpoint("30d", 30, {FR: (0.0, 0, 2)}),  # a gap after black: stays gray
        ],
    )
    view = heatmap_view(make_result([p], [r(10), r(20), r(30)]))
    assert [c.state for c in row(view, FR).cells] == ["score", "not-eligible", "no-data"]


def test_overall_is_the_mean_of_persona_scores_and_hallucination_is_weighted() -> None:
    a = persona("a", [checkpoint("30d", 30, {FR: (6.0, 10, 10)}, overall=6.0, hallucination=10.0)])
    b = persona("b", [checkpoint("30d", 30, {FR: (2.0, 30, 30)}, overall=2.0, hallucination=40.0)])
    c = persona("c", [checkpoint("30d", 30, {FR: (0.0, 0, 0)}, overall=0.0, hallucination=0.0)])
    view = heatmap_view(make_result([a, b, c], [r(30)]))
    # Personas without questions at the checkpoint are left out; the mean is unweighted (§3.8)
    # while the category cell is count-weighted.
    assert values(view, "OVERALL") == [4.0]
    assert values(view, FR) == [3.0]
    assert values(view, "hallucination rate") == [pytest.approx(32.5)]
    assert row(view, "OVERALL").cells[0].question_count == 40


def test_overall_falls_back_to_the_mean_of_category_cells() -> None:
    p = persona("a", [checkpoint("30d", 30, {FR: (6.0, 1, 1), TR: (3.0, 3, 3)})])
    bare = make_result([p], [r(30), r(60)])
    bare = BenchmarkResult(  # a heatmap without personas (e.g. a coarse result parsed from text)
        timestamp=bare.timestamp,
        adapter_name=bare.adapter_name,
        ranges=bare.ranges,
        personas=(),
        heatmap=bare.heatmap,
        metadata=bare.metadata,
    )
    view = heatmap_view(bare)
    assert values(view, "OVERALL") == [4.5, None]
    assert [c.state for c in row(view, "hallucination rate").cells] == ["no-data", "no-data"]


def test_a_column_with_nothing_eligible_is_black_in_every_row() -> None:
    p = persona("a", [checkpoint("5d", 5, dict.fromkeys(CORE_CATEGORIES, (0.0, 0, 0)))])
    view = heatmap_view(make_result([p], [r(5)]))
    assert {x.cells[0].state for x in view.rows} == {"not-eligible"}


def test_metadata_lines_title_and_subtitle() -> None:
    p = persona("a", [checkpoint("180d", 180, {FR: (4.0, 1, 1)})])
    res = make_result(
        [p],
        [r(180)],
        duration_ms=69_151_072.0,
        total_evals_run=1639,
        unique_qa_pair_count=316,
        sample=50,
        judge_memory_window=1,
        judge_model="azure:gpt-5.4-mini",
        appellate_judge_model="azure:gpt-5.4",
        appellate_invocations=462,
        embedding_provider="openai",
    )
    view = heatmap_view(res)
    assert view.title == "Recall Bench — Aggregate Heatmap"
    assert view.subtitle == "180 days · 1 checkpoint · 1 persona · composite score (0–6)"
    assert view.metadata_lines == (
        "adapter: Scripted",
        "embeddings: openai",
        "judge: azure:gpt-5.4-mini  (grounded, ±1d memory window)",
        "appellate judge: azure:gpt-5.4  · 462 reviews",
        "group support: OFF — group-session-attribution + information-boundary NOT TESTED",
        "Q&A: 316 in data · 1639 evals · sample=50",
        "runtime: 19h 12m",
    )
    assert not view.interim


@pytest.mark.parametrize(
    ("duration", "shown"), [(245_000.0, "4m 05s"), (42_900.0, "42s"), (None, None)]
)
def test_runtime_formats(duration: float | None, shown: str | None) -> None:
    p = persona("a", [checkpoint("30d", 30, {FR: (4.0, 1, 1)})])
    items = dict(heatmap_view(make_result([p], [r(30)], duration_ms=duration)).metadata_items)
    assert items.get("runtime") == shown
    assert items["judge"].startswith("none")  # no judge configured: say so
    assert "appellate judge" not in items


def test_interim_and_persona_views() -> None:
    a = persona("a", [checkpoint("30d", 30, {FR: (4.0, 1, 1)})])
    b = persona("b", [checkpoint("60d", 60, {FR: (2.0, 1, 1)})])
    res = make_result([a, b], [r(30), r(60), r(90)], groups_enabled=True)
    view = heatmap_view(res, interim="INTERIM — 2/3 checkpoints")
    assert view.interim and view.title.endswith("(INTERIM — 2/3 checkpoints)")
    assert view.completed_columns == 2 and view.persona_count == 2
    only_b = heatmap_view(res, persona="b")
    assert only_b.columns == ("60d",) and values(only_b, FR) == [2.0]
    assert "b" in only_b.title
    with pytest.raises(ConfigError, match=r"no persona 'zed' .*personas: a, b"):
        heatmap_view(res, persona="zed")


def test_full_range_shows_the_days_ingested() -> None:
    full = TimeRange(label="full", days=FULL_DAYS)
    p = persona("a", [checkpoint("full", 180, {FR: (4.0, 1, 1)})])
    p = persona("a", [TimeRangeResult(**{**_fields(p.range_results[0]), "range": full})])
    view = heatmap_view(make_result([p], [full]))
    assert view.column_days == (180,)
    assert view.subtitle.startswith("180 days")


def _fields(rr: TimeRangeResult) -> dict[str, Any]:
    import attrs

    return attrs.asdict(rr, recurse=False)


# --- properties ----------------------------------------------------------------------------------

SCORES = st.integers(0, 24).map(lambda k: k / 4)  # exact in binary: sums do not depend on order


@st.composite
def results(draw: st.DrawFn) -> BenchmarkResult:
    days = sorted(draw(st.sets(st.integers(1, 400), min_size=1, max_size=8)))
    ranges = [r(d) for d in days]
    groups = draw(st.booleans())
    personas = []
    for k in range(draw(st.integers(1, 4))):
        reached = draw(st.integers(0, len(ranges)))
        cps = []
        for tr in ranges[:reached]:
            cells: dict[str, tuple[float, int, int]] = {}
            for category in draw(st.lists(st.sampled_from(CATEGORIES), unique=True)):
                eligible = draw(st.integers(0, 6))
                count = draw(st.integers(0, eligible))
                cells[category] = (draw(SCORES) if count else 0.0, count, eligible)
            cps.append(
                checkpoint(
                    tr.label,
                    int(tr.days),
                    cells,
                    overall=draw(SCORES),
                    hallucination=draw(st.integers(0, 100).map(float)),
                )
            )
        personas.append(persona(f"p{k}", cps))
    ranges = draw(st.permutations(ranges))
    return make_result(personas, ranges, groups_enabled=groups)


@settings(max_examples=examples(150), deadline=None)
@given(results())
def test_view_shape_bounds_and_fill(result: BenchmarkResult) -> None:
    view = heatmap_view(result)
    n = len(view.columns)
    assert n == len({t.label for t in result.ranges}) == len(view.column_days)
    assert list(view.column_days) == sorted(view.column_days)
    assert len(view.category_rows) == (10 if result.metadata.groups_enabled else 8)
    assert len(view.rows) == len(view.category_rows) + 2
    # The same view without forward-fill, to check the fill against.
    raw = {(c.category, c.range): c for c in result.heatmap}
    for x in view.rows:
        assert len(x.cells) == n
        top = 100.0 if x.kind == "hallucination" else 6.0
        carry: float | None = None
        for i, cell in enumerate(x.cells):
            assert (cell.value is None) == (cell.state != "score")
            if cell.value is not None:
                assert 0.0 <= cell.value <= top
            if cell.filled:
                assert i < view.completed_columns
                assert cell.value == carry  # the previous real value, never across black
            elif cell.state == "score":
                carry = cell.value
            elif cell.state == "not-eligible":
                carry = None
            if x.kind == "category" and cell.filled:
                src = raw.get((x.label, view.columns[i]))
                assert src is None or (src.question_count == 0 and src.eligible_count != 0)


@settings(max_examples=100, deadline=None)
@given(results(), st.randoms(use_true_random=False))
def test_persona_order_does_not_change_the_view(result: BenchmarkResult, rnd: Any) -> None:
    shuffled = list(result.personas)
    rnd.shuffle(shuffled)
    again = make_result(shuffled, result.ranges, groups_enabled=result.metadata.groups_enabled)
    assert heatmap_view(again) == heatmap_view(result)


# --- purity --------------------------------------------------------------------------------------


def test_the_view_and_renderers_import_no_heavy_modules() -> None:
    heavy = ["matplotlib", "anyio", "aiohttp", "grpc", "rich"]
    code = (
        "import sys, json; import recallbench.results.heatmap, recallbench.render.png, "
        "recallbench.render.terminal; "
        f"print(json.dumps([m for m in {heavy!r} if m in sys.modules]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert json.loads(out) == []


# --- the reference's own run ---------------------------------------------------------------------


@pytest.mark.reference
def test_reference_run_view(reference_data: Path) -> None:
    from recallbench.results.reading import read_run

    run = read_run(reference_data / "bench-results" / "ea-180d-recall-baseline" / "result.json")
    view = heatmap_view(run.result)
    assert len(view.columns) == 30 and view.columns[0] == "6d" and view.columns[-1] == "180d"
    assert len(view.category_rows) == 8  # group support was off
    # recency-bias-resistance had nothing eligible before day 54 (the reference's black cells).
    states = [c.state for c in row(view, "recency-bias-resistance").cells]
    assert states[:8] == ["not-eligible"] * 8 and states[8] == "score"
    first = run.result.personas[0].range_results[0]
    assert values(view, "OVERALL")[0] == first.overall_score
    assert values(view, "hallucination rate")[0] == first.hallucination_rate
    assert "runtime: 19h 12m" in view.metadata_lines
