"""The heatmap as terminal text, and the coloured text report (seed: "Output: The Heatmap")."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_render_png import checkpoint

from recallbench import BenchmarkResult, PersonaResult, TimeRangeResult
from recallbench.render import format_text_report
from recallbench.render.terminal import format_heatmap_terminal
from recallbench.results import RunMetadata
from recallbench.results.aggregate import merge_heatmaps, persona_heatmap
from recallbench.results.heatmap import GREEN_RGB, NOT_ELIGIBLE_RGB, RED_RGB, heatmap_view

FR, TR, NR = "factual-recall", "temporal-reasoning", "negative-recall"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def make_result(checkpoints: Sequence[TimeRangeResult], **metadata: Any) -> BenchmarkResult:
    persona = PersonaResult(
        persona_id="tiny",
        adapter_name="Scripted",
        range_results=tuple(checkpoints),
        heatmap=persona_heatmap(checkpoints),
        total_ingestion_ms=1.0,
        total_query_ms=1.0,
        unique_qa_pair_count=40,
        total_evals_run=sum(c.questions_evaluated for c in checkpoints),
    )
    md: dict[str, Any] = {"duration_ms": None, "total_evals_run": 0, "unique_qa_pair_count": 40}
    md.update(metadata)
    return BenchmarkResult(
        timestamp="2026-01-01T00:00:00.000Z",
        adapter_name="Scripted",
        ranges=tuple(c.range for c in checkpoints),
        personas=(persona,),
        heatmap=merge_heatmaps([persona.heatmap]),
        metadata=RunMetadata(**md),
    )


def small() -> BenchmarkResult:
    return make_result(
        [
            checkpoint(7, {FR: (6.0, 2, 2), TR: (0.0, 0, 0), NR: (5.0, 1, 1)}, 1.0),
            checkpoint(14, {FR: (4.25, 4, 4), TR: (3.0, 1, 1), NR: (0.0, 0, 1)}, 12.5),
            checkpoint(21, {FR: (0.0, 2, 4), TR: (2.0, 2, 2), NR: (6.0, 1, 1)}, 100.0),
        ]
    )


def weekly(n: int) -> BenchmarkResult:
    return make_result(
        [checkpoint(7 * (i + 1), {FR: (6.0 * (1 - i / n), 3, 3)}, 100.0 * i / n) for i in range(n)]
    )


def test_plain_layout() -> None:
    text = format_heatmap_terminal(heatmap_view(small()), color=False)
    assert "\x1b" not in text
    lines = text.split("\n")
    assert lines[0].split() == ["7d", "14d", "21d"]
    assert lines[1] == "─" * len(lines[1])
    assert lines[2].split() == [FR, "6.0", "4.3", "0.0"]  # toFixed rounding: 4.25 -> 4.3
    assert lines[3].split() == [TR, "--", "3.0", "2.0"]  # not eligible yet
    # A forward-filled cell (negative-recall sampled out at 14d) is not a measurement here.
    nr = next(x for x in lines if x.strip().startswith(NR))
    assert nr.split() == [NR, "5.0", "--", "6.0"]
    overall = next(x for x in lines if x.strip().startswith("OVERALL"))
    assert overall.split() == ["OVERALL", "5.67", "4.00", "2.00"]
    hall = next(x for x in lines if x.strip().startswith("Hallucination rate:"))
    assert hall.split()[2:] == ["1.0%", "12.5%", "100.0%"]
    # The seed's frame: thin rules around the categories, thick ones around the rate.
    assert lines.index(hall) == lines.index(overall) + 2
    assert lines[lines.index(hall) - 1].startswith("═") and lines[-1].startswith("═")
    # Columns line up: every value ends where its column label does.
    ends = [m.end() for m in re.finditer(r"\S+", lines[0])]
    for line in (lines[2], overall, hall):
        assert [m.end() for m in re.finditer(r"\S+", line)][-3:] == ends
    assert "evaluation points" not in text  # nothing elided
    assert all(line == line.rstrip() for line in lines)


def test_group_rows_follow_group_support() -> None:
    off = format_heatmap_terminal(heatmap_view(small()), color=False)
    on = format_heatmap_terminal(
        heatmap_view(make_result(small().personas[0].range_results, groups_enabled=True)),
        color=False,
    )
    assert "information-boundary" not in off
    assert "information-boundary" in on and "group-session-attribution" in on


def test_title_block() -> None:
    text = format_heatmap_terminal(heatmap_view(small()), color=False, title=True)
    lines = text.split("\n")
    assert lines[0].startswith("═")
    assert lines[1] == "  Recall Bench — Aggregate Heatmap"
    assert lines[2].startswith("  21 days · 3 checkpoints")


def test_colour_codes_only_when_asked() -> None:
    view = heatmap_view(small())
    plain = format_heatmap_terminal(view, color=False)
    coloured = format_heatmap_terminal(view, color=True)
    assert "\x1b[" not in plain
    assert "\x1b[48;2;{};{};{}m".format(*GREEN_RGB) in coloured  # 6.0 and 0 %
    assert "\x1b[48;2;{};{};{}m".format(*RED_RGB) in coloured  # 0.0 and 100 %
    assert "\x1b[48;2;{};{};{}m".format(*NOT_ELIGIBLE_RGB) in coloured
    # Without the escape codes, the coloured grid is the plain one.
    assert [x.rstrip() for x in ANSI.sub("", coloured).split("\n")] == plain.split("\n")


def test_wide_runs_are_elided_in_the_middle() -> None:
    view = heatmap_view(weekly(143))
    text = format_heatmap_terminal(view, width=100, color=False)
    lines = text.split("\n")
    header = lines[0].split()
    assert header[0] == "7d" and header[-1] == "1001d" and "..." in header
    shown = len(header) - 1
    assert lines[-1] == f"  143 evaluation points (... indicates ~{143 - shown} omitted columns)"
    assert max(len(x) for x in lines) <= 100
    row = next(x for x in lines if x.strip().startswith(FR)).split()
    assert row[1] == "6.0" and "..." in row
    hall = next(x for x in lines if x.strip().startswith("Hallucination"))
    assert hall.split()[-1] == "99.3%"


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 160), st.integers(20, 250))
def test_elision_keeps_first_and_last_within_width(n: int, width: int) -> None:
    view = heatmap_view(weekly(n))
    lines = format_heatmap_terminal(view, width=width, color=False).split("\n")
    header = lines[0].split()
    assert header[0] == "7d" and header[-1] == f"{7 * n}d"
    labels = [h for h in header if h != "..."]
    if "..." in header:
        assert lines[-1].startswith(f"  {n} evaluation points (... indicates ~{n - len(labels)} ")
        if len(labels) > 2:  # a grid wider than asked only when even first + last do not fit
            assert max(len(x) for x in lines) <= width
    else:
        assert labels == list(view.columns)


def test_no_columns() -> None:
    empty = make_result([])
    text = format_heatmap_terminal(heatmap_view(empty), color=True)
    assert "OVERALL" in text and "Hallucination rate:" in text


# --- the text report ---------------------------------------------------------------------------


def test_text_report_colour_uses_the_terminal_grid() -> None:
    result = small()
    plain = format_text_report(result)
    assert plain == format_text_report(result, color=False, width=40)  # width only for colour
    assert "\x1b[" not in plain
    coloured = format_text_report(result, color=True, width=120)
    assert coloured.count("\x1b[48;2;") > 10
    stripped = ANSI.sub("", coloured)
    # The header and per-checkpoint lines are unchanged; the grids gain OVERALL and the rate,
    # once per persona and once for the aggregate.
    assert (
        stripped.split("Heatmap (category × time range):")[0]
        == plain.split("Heatmap (category × time range):")[0]
    )
    assert stripped.count("Hallucination rate:") == 2
    assert "AGGREGATE HEATMAP (category × time range)" in stripped


@pytest.mark.parametrize("width", [60, 100])
def test_text_report_colour_elides_wide_runs(width: int) -> None:
    coloured = format_text_report(weekly(60), color=True, width=width)
    assert "60 evaluation points (... indicates ~" in ANSI.sub("", coloured)
