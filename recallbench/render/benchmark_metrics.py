"""The metrics table of data-driven benchmarks as text (:func:`metrics_table_lines`) and as a report
section (:func:`metrics_section_lines`); from ``result.json``'s ``benchmarkMetrics`` records, as text
(:func:`records_section_lines`, in ``recallbench report`` and at the end of ``recallbench run``) and
as a section of ``report.html`` (:func:`records_html_section`). Pure: the rows are computed by
:func:`recallbench.results.benchmark_metrics.benchmark_metrics_table`; the JSON records for
``result.json`` by :func:`~recallbench.results.benchmark_metrics.metrics_records`.

Values print with three decimals as JavaScript's ``toFixed`` does (as every report here does); a
metric without a value (no scored answer, no retrieval metrics, faithfulness of a protocol that does
not judge it) prints as ``–``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from .._numfmt import to_fixed
from ..results.benchmark_metrics import BENCHMARK_METRICS, MetricsRow, requested_metrics

__all__ = [
    "ALL_TYPES",
    "MISSING",
    "metrics_section_lines",
    "metrics_table_lines",
    "record_columns",
    "records_html_section",
    "records_section_lines",
    "records_table_lines",
]

ALL_TYPES = "(all)"
"""The type column of a benchmark's overall row."""
MISSING = "–"
"""A metric without a value."""

_RULE = "═" * 59


def _cell(value: float | None) -> str:
    return MISSING if value is None else to_fixed(value, 3)


def metrics_table_lines(
    rows: Iterable[MetricsRow], metrics: Sequence[str] = BENCHMARK_METRICS
) -> list[str]:
    """A fixed-width table: a header, then per benchmark its overall row (type ``(all)``) and its
    question types (the benchmark column left blank under the benchmark's name).

    Columns: benchmark, type, n (answers), then each of ``metrics`` in report order.

    Raises:
        ValueError: ``metrics`` names an unknown metric.
    """
    columns = requested_metrics(metrics)
    table = list(rows)
    body = [
        (
            row.benchmark if row.question_type is None else "",
            ALL_TYPES if row.question_type is None else row.question_type,
            str(row.question_count),
            *(_cell(row.value(m)) for m in columns),
        )
        for row in table
    ]
    return _layout(("benchmark", "type", "n", *columns), body)


def _layout(header: Sequence[str], body: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        left = [f"{c:<{w}}" for c, w in zip(cells[:2], widths[:2], strict=True)]
        right = [f"{c:>{w}}" for c, w in zip(cells[2:], widths[2:], strict=True)]
        return "  ".join(left + right).rstrip()

    return [line(header), *(line(cells) for cells in body)]


def record_columns(records: Iterable[Mapping[str, Any]]) -> tuple[str, ...]:
    """The metrics some record of ``result.json``'s ``benchmarkMetrics`` holds, in report order."""
    present = {k for r in records for k in r}
    return tuple(m for m in BENCHMARK_METRICS if m in present)


def _record_cells(records: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> list[list[str]]:
    out = []
    for r in records:
        qtype = r.get("questionType")
        out.append(
            [
                str(r.get("benchmark", "")) if qtype is None else "",
                ALL_TYPES if qtype is None else str(qtype),
                str(r.get("questionCount", "")),
                *(_cell(r[m] if isinstance(r.get(m), int | float) else None) for m in columns),
            ]
        )
    return out


def records_table_lines(records: Iterable[Mapping[str, Any]]) -> list[str]:
    """The table of ``result.json``'s ``benchmarkMetrics`` records (as
    :func:`~recallbench.results.benchmark_metrics.metrics_records` writes them): the metrics any
    benchmark declared are the columns; a benchmark that did not declare one, or has no value for
    it, shows ``–``."""
    rows = list(records)
    columns = record_columns(rows)
    return _layout(("benchmark", "type", "n", *columns), _record_cells(rows, columns))


def records_section_lines(records: Iterable[Mapping[str, Any]] | None) -> list[str]:
    """The records' table under a heading, for the text report; no lines without records."""
    rows = list(records or ())
    if not rows:
        return []
    return [
        "",
        _RULE,
        "BENCHMARK METRICS (per benchmark and question type; see docs/reports.md)",
        _RULE,
        *(f"  {line}" for line in records_table_lines(rows)),
    ]


def records_html_section(records: Iterable[Mapping[str, Any]] | None) -> str:
    """The records' table as a section of ``report.html`` (``id="benchmark-metrics"``); empty
    without records."""
    rows = list(records or ())
    if not rows:
        return ""
    columns = record_columns(rows)
    head = "".join(
        f"<th{' class=num' if i >= 2 else ''}>{escape(h)}</th>"
        for i, h in enumerate(("benchmark", "type", "n", *columns))
    )
    body = "".join(
        "<tr>"
        + "".join(
            f"<td{' class=num' if i >= 2 else ''}>{escape(c)}</td>" for i, c in enumerate(cells)
        )
        + "</tr>"
        for cells in _record_cells(rows, columns)
    )
    return (
        '<h2 id="benchmark-metrics">Benchmark metrics</h2>'
        '<p class="muted">Per benchmark and question type, the metrics each benchmark declares '
        "(docs/reports.md); – where a benchmark has no value or did not ask for the metric.</p>"
        f'<table class="rb-table"><tr>{head}</tr>{body}</table>'
    )


def metrics_section_lines(
    rows: Iterable[MetricsRow], metrics: Sequence[str] = BENCHMARK_METRICS
) -> list[str]:
    """The table under a heading, for the text report; no lines when there are no rows."""
    table = list(rows)
    if not table:
        return []
    return [
        "",
        _RULE,
        "BENCHMARK METRICS (per benchmark and question type; see docs/reports.md)",
        _RULE,
        *(f"  {line}" for line in metrics_table_lines(table, metrics)),
    ]
