"""``heatmap.png``: the view drawn with matplotlib's Agg renderer (reference §3.8)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from recallbench import BenchmarkResult, PersonaResult, TimeRangeResult
from recallbench.data import CATEGORIES, TimeRange
from recallbench.render.png import (
    BACKGROUND,
    CELL_INSET,
    ROW_HEIGHT,
    png_layout,
    render_heatmap_png,
    write_heatmap_png,
)
from recallbench.results import RunMetadata
from recallbench.results.aggregate import merge_heatmaps, persona_heatmap
from recallbench.results.heatmap import (
    GREEN_RGB,
    NO_DATA_RGB,
    NOT_ELIGIBLE_RGB,
    RED_RGB,
    HeatmapView,
    heatmap_view,
)
from recallbench.results.records import CategoryScore

SNAPSHOT = Path(__file__).parent / "snapshots" / "heatmap-small.png"

FR, TR, NR = "factual-recall", "temporal-reasoning", "negative-recall"


def checkpoint(
    days: int, cells: Mapping[str, tuple[float, int, int]], hallucination: float = 0.0
) -> TimeRangeResult:
    scores = tuple(
        CategoryScore(category=c, mean_score=s, question_count=n, scores=(), eligible_count=e)
        for c, (s, n, e) in cells.items()
    )
    n = sum(cs.question_count for cs in scores)
    return TimeRangeResult(
        range=TimeRange(label=f"{days}d", days=days),
        days_ingested=days,
        questions_evaluated=n,
        overall_score=sum(cs.mean_score * cs.question_count for cs in scores) / n if n else 0.0,
        category_scores=scores,
        difficulty_scores={},
        hallucination_rate=hallucination,
        question_results=(),
    )


def make_result(
    checkpoints: Sequence[TimeRangeResult],
    ranges: Sequence[TimeRange],
    *,
    adapter: str = "Scripted",
    **metadata: Any,
) -> BenchmarkResult:
    persona = PersonaResult(
        persona_id="tiny",
        adapter_name=adapter,
        range_results=tuple(checkpoints),
        heatmap=persona_heatmap(checkpoints),
        total_ingestion_ms=1.0,
        total_query_ms=1.0,
        unique_qa_pair_count=40,
        total_evals_run=sum(c.questions_evaluated for c in checkpoints),
    )
    md: dict[str, Any] = {
        "duration_ms": 3_723_000.0,
        "total_evals_run": persona.total_evals_run,
        "unique_qa_pair_count": 40,
        "sample": 50,
        "judge_memory_window": 1,
        "judge_model": "openai:gpt-4o-mini",
        "appellate_judge_model": "claude",
        "appellate_invocations": 3,
    }
    md.update(metadata)
    return BenchmarkResult(
        timestamp="2026-01-01T00:00:00.000Z",
        adapter_name=adapter,
        ranges=tuple(ranges),
        personas=(persona,),
        heatmap=merge_heatmaps([persona.heatmap]),
        metadata=RunMetadata(**md),
    )


def small_result() -> BenchmarkResult:
    """Six checkpoints, five reached: factual-recall 6.0 at 7d, temporal-reasoning not eligible
    until 21d, negative-recall sampled out at 21d (forward-filled), the last column not reached.
    The adapter's name has dollar signs, which must not be read as TeX."""
    return make_result(
        [
            checkpoint(7, {FR: (6.0, 2, 2), TR: (0.0, 0, 0), NR: (5.0, 1, 1)}, 0.0),
            checkpoint(14, {FR: (5.5, 2, 2), TR: (0.0, 0, 0), NR: (4.0, 1, 1)}, 10.0),
            checkpoint(21, {FR: (4.0, 3, 3), TR: (3.0, 1, 1), NR: (0.0, 0, 1)}, 25.0),
            checkpoint(28, {FR: (2.5, 2, 4), TR: (1.0, 2, 2), NR: (6.0, 1, 1)}, 50.0),
            checkpoint(35, {FR: (0.0, 2, 4), TR: (2.0, 2, 2), NR: (3.0, 2, 2)}, 100.0),
        ],
        [TimeRange(label=f"{d}d", days=d) for d in (7, 14, 21, 28, 35, 42)],
        adapter=r"Scripted $\frac$ memory",
    )


def wide_result(n: int) -> BenchmarkResult:
    days = [7 * (i + 1) for i in range(n)]
    cps = [
        checkpoint(d, dict.fromkeys(CATEGORIES, (6.0 * (1 - i / n), 3, 3)), 100.0 * i / n)
        for i, d in enumerate(days)
    ]
    return make_result(cps, [TimeRange(label=f"{d}d", days=d) for d in days], groups_enabled=True)


def pixels(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def cell_pixel(view: HeatmapView, row: str, column: int) -> tuple[int, int]:
    """A pixel inside a cell, clear of the value printed at its centre."""
    lay = png_layout(view)
    index = [r.label for r in view.rows].index(row)
    n_cat = len(view.category_rows)
    top = (
        lay.grid_top + ROW_HEIGHT * index
        if index < n_cat
        else lay.summary_top + ROW_HEIGHT * (index - n_cat)
    )
    return lay.grid_left + column * lay.cell_width + 2, top + CELL_INSET + 2


def test_snapshot() -> None:
    data = render_heatmap_png(heatmap_view(small_result()))
    if os.environ.get("RECALLBENCH_UPDATE_SNAPSHOTS") == "1":
        SNAPSHOT.parent.mkdir(exist_ok=True)
        SNAPSHOT.write_bytes(data)
    assert SNAPSHOT.exists(), "no snapshot: run with RECALLBENCH_UPDATE_SNAPSHOTS=1 to create it"
    assert data == SNAPSHOT.read_bytes(), (
        "heatmap.png changed; look at it, then run with RECALLBENCH_UPDATE_SNAPSHOTS=1 to accept"
    )


def test_cells_are_painted_in_their_colours() -> None:
    view = heatmap_view(small_result())
    img = pixels(render_heatmap_png(view))
    assert img.size == (png_layout(view).width, png_layout(view).height)
    assert img.getpixel((3, 3)) == BACKGROUND
    assert img.getpixel(cell_pixel(view, FR, 0)) == GREEN_RGB  # 6.0
    assert img.getpixel(cell_pixel(view, FR, 4)) == RED_RGB  # 0.0
    assert img.getpixel(cell_pixel(view, TR, 0)) == NOT_ELIGIBLE_RGB
    assert img.getpixel(cell_pixel(view, "synthesis", 0)) == NO_DATA_RGB  # never any cell
    assert img.getpixel(cell_pixel(view, FR, 5)) == NO_DATA_RGB  # a checkpoint not reached
    # negative-recall at 21d was sampled out: painted with its 14d value (4.0), not gray.
    assert img.getpixel(cell_pixel(view, NR, 2)) == img.getpixel(cell_pixel(view, NR, 1))
    assert img.getpixel(cell_pixel(view, NR, 2)) != NO_DATA_RGB
    assert img.getpixel(cell_pixel(view, "hallucination rate", 0)) == GREEN_RGB  # 0 %
    assert img.getpixel(cell_pixel(view, "hallucination rate", 4)) == RED_RGB  # 100 %


def test_the_same_view_gives_the_same_bytes_whatever_the_users_rc() -> None:
    import matplotlib

    view = heatmap_view(small_result())
    first = render_heatmap_png(view)
    with matplotlib.rc_context(
        {
            "font.family": "serif",
            "font.size": 30,
            "text.color": "red",
            "savefig.bbox": "tight",
            "savefig.dpi": 300,
            "figure.dpi": 50,
        }
    ):
        assert render_heatmap_png(view) == first


@pytest.mark.parametrize("n", [5, 150])
def test_narrow_and_wide_runs_render(n: int) -> None:
    view = heatmap_view(wide_result(n))
    lay = png_layout(view)
    img = pixels(render_heatmap_png(view))
    assert img.size == (lay.width, lay.height)
    assert img.getpixel(cell_pixel(view, FR, 0)) == GREEN_RGB
    assert img.getpixel(cell_pixel(view, FR, n - 1)) != NO_DATA_RGB
    assert lay.labelled_columns[-1] == n - 1  # the last checkpoint is always labelled
    assert lay.grid_left + lay.grid_width <= lay.width


def test_wide_runs_get_a_wider_figure_with_thinned_labels() -> None:
    narrow = png_layout(heatmap_view(wide_result(5)))
    wide = png_layout(heatmap_view(wide_result(150)))
    assert wide.width > narrow.width
    assert narrow.labelled_columns == (0, 1, 2, 3, 4)
    assert 5 <= len(wide.labelled_columns) < 150
    gaps = [b - a for a, b in zip(wide.labelled_columns, wide.labelled_columns[1:], strict=False)]
    assert min(gaps) * wide.cell_width >= 56  # labels never closer than their spacing


def test_write_heatmap_png(tmp_path: Path) -> None:
    result = small_result()
    target = tmp_path / "run" / "heatmap.png"
    assert write_heatmap_png(result, target, interim="INTERIM — 5/6 checkpoints") == target
    data = target.read_bytes()
    assert data.startswith(b"\x89PNG")
    assert data != render_heatmap_png(heatmap_view(result))  # the interim title is drawn
    assert b"matplotlib" not in data  # no Software key


def test_rendering_leaves_pyplot_and_the_backend_alone() -> None:
    code = (
        "import sys, matplotlib\n"
        "before = matplotlib.rcParams._get('backend')\n"
        "from recallbench.results.heatmap import heatmap_view\n"
        "from recallbench.render.png import render_heatmap_png\n"
        "from recallbench.results import BenchmarkResult, RunMetadata\n"
        "r = BenchmarkResult(timestamp='t', adapter_name='a', ranges=(), personas=(), heatmap=(),\n"
        "    metadata=RunMetadata(duration_ms=None, total_evals_run=0, unique_qa_pair_count=0))\n"
        "assert render_heatmap_png(heatmap_view(r)).startswith(b'\\x89PNG')\n"
        "assert 'matplotlib.pyplot' not in sys.modules\n"
        "assert matplotlib.rcParams._get('backend') == before\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_long_names_are_fitted_inside_the_picture() -> None:
    result = make_result(
        small_result().personas[0].range_results,
        small_result().ranges,
        adapter="an adapter with a very long name " * 8,
        judge_model="openai:" + "x" * 200,
    )
    view = heatmap_view(result, interim="INTERIM — 5/6 checkpoints, and a long note besides")
    lay = png_layout(view)
    img = pixels(render_heatmap_png(view))
    # Nothing is drawn in the right-hand margin above the grid: long text was shrunk or cut.
    margin = {
        img.getpixel((x, y)) for x in range(lay.width - 16, lay.width) for y in range(lay.grid_top)
    }
    assert margin == {BACKGROUND}
