"""The metrics table of data-driven benchmarks as text (:func:`metrics_table_lines`) and as a report
section (:func:`metrics_section_lines`). Pure: the rows are computed by
:func:`recallbench.results.benchmark_metrics.benchmark_metrics_table`; the JSON records for
``result.json`` by :func:`~recallbench.results.benchmark_metrics.metrics_records`.

Values print with three decimals as JavaScript's ``toFixed`` does (as every report here does); a
metric without a value (no scored answer, no retrieval metrics, faithfulness of a protocol that does
not judge it) prints as ``–``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .._numfmt import to_fixed
from ..results.benchmark_metrics import BENCHMARK_METRICS, MetricsRow, requested_metrics

__all__ = ["ALL_TYPES", "MISSING", "metrics_section_lines", "metrics_table_lines"]

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
    header = ("benchmark", "type", "n", *columns)
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        left = [f"{c:<{w}}" for c, w in zip(cells[:2], widths[:2], strict=True)]
        right = [f"{c:>{w}}" for c, w in zip(cells[2:], widths[2:], strict=True)]
        return "  ".join(left + right).rstrip()

    return [line(header), *(line(cells) for cells in body)]


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
