"""The heatmap of the HTML report: an HTML table per view (the aggregate and each persona) drawn from
:func:`recallbench.results.heatmap.heatmap_view`. Pure.

A table rather than the PNG: it stays sharp and readable at 150 columns, scrolls sideways under a
sticky row-label column, has a tooltip per cell (category, checkpoint, score, n), and a click on a
cell can list that cell's answers (the page's script reads ``data-persona``, ``data-columns`` and
each row's ``data-kind`` / ``data-row``).
"""

from __future__ import annotations

import json
from html import escape

from ..results.heatmap import (
    AMBER_RGB,
    FAILED_MARK,
    FAILED_RGB,
    FAILED_TEXT,
    GREEN_RGB,
    NO_DATA_RGB,
    NOT_ELIGIBLE_RGB,
    RED_RGB,
    WIDE_MARK,
    HeatmapView,
    cell_rgb,
    heatmap_view,
)
from ..results.records import BenchmarkResult, ScoreInterval
from ..results.scoring import MAX_COMPOSITE

__all__ = ["heatmap_section", "heatmap_table", "interval_text"]


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _pct(score: float) -> str:
    return f"{score / MAX_COMPOSITE * 100:.1f}%"


def interval_text(interval: ScoreInterval | None) -> str:
    """Ours, runs of ``--epochs`` > 1: `` · 95% interval 3.10–4.20`` (nothing without one)."""
    return "" if interval is None else f" · 95% interval {interval.low:.2f}–{interval.high:.2f}"


def _cell_text(kind: str, value: float) -> str:
    if kind == "hallucination":
        return f"{value:.1f}%" if value < 10 else f"{value:.0f}%"
    return f"{value:.1f}"


def heatmap_table(view: HeatmapView, persona: str | None) -> str:
    """One view as a ``<table class="rb-heat">``; ``persona`` None for the aggregate."""
    days = view.column_days
    head = ['<th class="rl">category ╲ checkpoint</th>']
    head.extend(
        f'<th title="{escape(label)} · {d:,} days">{escape(label)}</th>'
        for label, d in zip(view.columns, days, strict=True)
    )
    body = []
    first_summary = True
    for row in view.rows:
        classes = ""
        if row.kind != "category":
            classes = "sum sum-first" if first_summary else "sum"
            first_summary = False
        cells = [f'<th class="rl">{escape(row.label)}</th>']
        for label, d, cell in zip(view.columns, days, row.cells, strict=True):
            where = f"{row.label} · {label} ({d:,} days)"
            if cell.state == "not-eligible":
                cells.append(
                    f'<td class="ne" style="background:{_hex(cell_rgb(row, cell))}" '
                    f'title="{escape(where)} · no question eligible yet"></td>'
                )
                continue
            if cell.state == "failed" and cell.failures is not None:
                cells.append(
                    f'<td class="fail" style="background:{_hex(cell_rgb(row, cell))}" '
                    f'title="{escape(where)} · {escape(cell.failures.text())}">{FAILED_TEXT}</td>'
                )
                continue
            if cell.state == "no-data" or cell.value is None:
                cells.append(
                    f'<td class="nd" style="background:{_hex(cell_rgb(row, cell))}" '
                    f'title="{escape(where)} · no data">·</td>'
                )
                continue
            if row.kind == "hallucination":
                what = f"{cell.value:.1f}% hallucinated · n={cell.question_count}"
            else:
                what = f"{cell.value:.2f}/6 ({_pct(cell.value)}) · n={cell.question_count}"
                if cell.eligible_count is not None:
                    what += f" of {cell.eligible_count} eligible"
                what += interval_text(cell.interval)
            if cell.filled:
                what += " · carried over (no question sampled here)"
            if cell.partly_failed and cell.failures is not None:
                what += f" · {cell.failures.text()}"
            cls = ' class="f"' if cell.filled else (' class="wide"' if cell.wide else "")
            mark = (WIDE_MARK if cell.wide else "") + (FAILED_MARK if cell.partly_failed else "")
            cells.append(
                f'<td{cls} style="background:{_hex(cell_rgb(row, cell))}" '
                f'title="{escape(where)} · {escape(what)}">{_cell_text(row.kind, cell.value)}'
                f"{mark}</td>"
            )
        attrs = f' class="{classes}"' if classes else ""
        body.append(
            f'<tr{attrs} data-kind="{row.kind}" data-row="{escape(row.label)}">{"".join(cells)}</tr>'
        )
    columns = escape(json.dumps(list(view.columns)))
    return (
        f'<table class="rb-heat" data-persona="{escape(persona or "")}" data-columns="{columns}">'
        f"<thead><tr>{''.join(head)}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def heatmap_section(result: BenchmarkResult, view: HeatmapView, interim: str | None) -> str:
    """The section: the aggregate ``view`` and, for a run of several personas, one view per
    persona behind a picker; a legend of the colours."""
    views: list[tuple[str, str, HeatmapView]] = [("", "all personas (aggregate)", view)]
    if len(result.personas) > 1:
        for p in result.personas:
            views.append(
                (
                    p.persona_id,
                    p.persona_id,
                    heatmap_view(
                        result, interim=interim, persona=p.persona_id, ci_width=view.wide_above
                    ),
                )
            )
    options = "".join(
        f'<option value="{escape(key)}">{escape(name)}</option>' for key, name, _ in views
    )
    blocks = "".join(
        f'<div class="rb-heat-view" data-view="{escape(key)}"{" hidden" if i else ""}>'
        f'<div class="rb-heat-wrap">{heatmap_table(v, key or None)}</div></div>'
        for i, (key, _name, v) in enumerate(views)
    )
    ramp = f"linear-gradient(90deg,{_hex(RED_RGB)},{_hex(AMBER_RGB)},{_hex(GREEN_RGB)})"
    nd = _hex(NO_DATA_RGB)
    ne = _hex(NOT_ELIGIBLE_RGB)
    legend = (
        f'<div class="rb-legend"><span>score 0<span class="rb-ramp" style="background:{ramp}">'
        f"</span>6 (hallucination rate: 100% → 0%)</span>"
        f'<span><i style="background:{nd}"></i>no data</span>'
        f'<span><i style="background:{ne};border:1px solid #444"></i>no question eligible yet</span>'
        '<span><i style="background:#888;opacity:.55"></i>italic, faded: carried over from the '
        "previous checkpoint (no question sampled)</span>"
        + (
            f"<span>{escape(view.interval_legend)}</span>"
            if view.interval_legend is not None
            else ""
        )
        + (
            f'<span><i style="background:{_hex(FAILED_RGB)}"></i>'
            f"{escape(view.failure_legend)}</span>"
            if view.failure_legend is not None
            else ""
        )
        + "</div>"
    )
    picker = (
        '<label>view <select id="rb-heat-view">' + options + "</select></label>"
        if len(views) > 1
        else ""
    )
    return (
        '<h2 id="heatmap">Heatmap</h2>'
        f'<p class="muted">{escape(view.subtitle)}. Mean composite per category and checkpoint; '
        "hover a cell for its numbers, click it to list its answers below.</p>"
        f'<div class="rb-heat-tools">{picker}</div>{blocks}{legend}'
    )
