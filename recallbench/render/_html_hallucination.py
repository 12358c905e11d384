"""The hallucination section of the HTML report, drawn from :mod:`recallbench.results.hallucination`. Pure.

The definition of a hallucination the run's judge applied (:mod:`recallbench.results.hallucination_mode`),
per-category rates (high-risk categories and those far above the overall rate marked), per-persona
splits with their trends, the trend readings with their fits, the rate against corpus size, and the
recall-versus-hallucination scatter with the correlation and the seed's warning.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from ..results.hallucination import (
    EXPECTED_MIN_HALLUCINATED,
    EvalPoint,
    HallucinationAnalysis,
    LinearFit,
    analyze_hallucination,
)
from ..results.hallucination_mode import mode_text, run_mode
from ..results.heatmap import rate_rgb
from ..results.records import BenchmarkResult
from ._html_charts import PALETTE, ScatterPoint, Series, line_chart, scatter_chart
from .hallucination_text import correlation_reading, trend_reading
from .headline import NOT_JUDGED_RATE

__all__ = ["hallucination_section"]

RECALL_MAX = 5.0
"""The recall composite's scale: correctness + completeness."""
CANARY_LIMIT = 12
"""Canary questions listed at most."""


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _rate(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}%"


def _fit_text(fit: LinearFit | None, unit: str) -> str:
    if fit is None:
        return ""
    r2 = "" if fit.r_squared is None else f" · r² {fit.r_squared:.2f}"
    return f" (intercept {fit.intercept:.2f}{unit}{r2} · n={fit.n})"


def _rate_bar(rate: float) -> str:
    width = max(2.0, min(100.0, rate) * 1.2)
    return (
        f'<span class="bar" style="width:{width:.0f}px;background:{_hex(rate_rgb(rate))}"></span>'
    )


def _category_table(analysis: HallucinationAnalysis) -> str:
    if not analysis.by_category:
        return '<p class="muted">No per-question data: per-category rates need it.</p>'
    rows = []
    for c in analysis.by_category:
        badges = []
        if c.high_risk:
            badges.append('<span class="badge warn">high risk</span>')
        if c.far_above:
            badges.append('<span class="badge risk">far above overall</span>')
        rows.append(
            f"<tr><td>{escape(c.category)} {' '.join(badges)}</td>"
            f"<td>{_rate_bar(c.rate)}{_rate(c.rate)}</td><td class=num>{c.count:,}</td>"
            f"<td class=num>{_rate(c.first_rate)} → {_rate(c.last_rate)}</td></tr>"
        )
    return (
        '<table class="rb-table"><tr><th>category</th><th>rate</th><th class=num>answers</th>'
        f"<th class=num>first → last checkpoint</th></tr>{''.join(rows)}</table>"
    )


def _persona_table(analysis: HallucinationAnalysis, colours: dict[str, str]) -> str:
    if not analysis.by_persona:
        return ""
    rows = "".join(
        f'<tr><td><i class="bar" style="width:10px;background:{colours.get(p.persona_id, "#888")}">'
        f"</i>{escape(p.persona_id)}</td><td>{_rate_bar(p.rate)}{_rate(p.rate)}</td>"
        f"<td class=num>{p.count:,}</td><td>{escape(trend_reading(p.trend, unit='pp'))}</td></tr>"
        for p in analysis.by_persona
    )
    return (
        '<table class="rb-table"><tr><th>persona</th><th>rate</th><th class=num>answers</th>'
        f"<th>trend</th></tr>{rows}</table>"
    )


def _canaries(result: BenchmarkResult) -> str:
    """The questions that hallucinate most reliably across checkpoints (the seed's canaries): asked
    at two or more checkpoints, hallucinated at half of them or more."""
    tally: dict[tuple[str, str], list[int]] = {}
    text: dict[tuple[str, str], tuple[str, str]] = {}
    for persona in result.personas:
        for rr in persona.range_results:
            for q in rr.question_results:
                key = (persona.persona_id, q.qa.id)
                counts = tally.get(key)
                if counts is None:
                    counts = tally[key] = [0, 0]
                    text[key] = (q.qa.category, q.qa.question)
                counts[0] += q.score.hallucination == 0
                counts[1] += 1
    ranked = sorted(
        ((h / n, h, n, key) for key, (h, n) in tally.items() if n >= 2 and h * 2 >= n),
        key=lambda t: (-t[0], -t[1], t[3]),
    )
    if not ranked:
        return ""
    rows = []
    for rate, hallucinated, asked, (pid, qa_id) in ranked[:CANARY_LIMIT]:
        category, question = text[(pid, qa_id)]
        rows.append(
            f"<tr><td>{escape(pid)}</td><td>{escape(category)}</td>"
            f'<td><a href="#answers" data-find="{escape(qa_id)}">{escape(question)}</a></td>'
            f"<td class=num>{hallucinated} of {asked} ({rate * 100:.0f}%)</td></tr>"
        )
    more = len(ranked) - CANARY_LIMIT
    tail = f'<p class="muted">… and {more} more.</p>' if more > 0 else ""
    return (
        "<h3>Canary questions</h3>"
        '<p class="muted">Hallucinated at half or more of the checkpoints that asked them: watch '
        "them on every run. A click lists the question's answers.</p>"
        '<table class="rb-table"><tr><th>persona</th><th>category</th><th>question</th>'
        f"<th class=num>hallucinated</th></tr>{''.join(rows)}</table>{tail}"
    )


def _least_squares(points: Sequence[EvalPoint]) -> tuple[float, float] | None:
    xs = [p.recall_composite for p in points]
    ys = [p.hallucination_rate for p in points]
    if len(xs) < 2:
        return None
    mx, my = math.fsum(xs) / len(xs), math.fsum(ys) / len(ys)
    sxx = math.fsum((x - mx) ** 2 for x in xs)
    if sxx <= 0:
        return None
    slope = math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    return slope, my - slope * mx


def _rate_ceiling(values: Sequence[float]) -> float:
    top = max(values, default=0.0)
    for ceiling in (5.0, 10.0, 20.0, 50.0):
        if top <= ceiling * 0.95:
            return ceiling
    return 100.0


def _scatter(analysis: HallucinationAnalysis, colours: dict[str, str]) -> str:
    points = analysis.points
    if not points:
        return ""
    biggest = max(p.count for p in points) or 1
    marks = [
        ScatterPoint(
            x=p.recall_composite,
            y=p.hallucination_rate,
            colour=colours.get(p.persona_id, "#888"),
            radius=2.5 + 4.5 * math.sqrt(p.count / biggest),
            tooltip=f"{p.persona_id} · {p.label} ({p.days:,} days) · recall "
            f"{p.recall_composite:.2f}/5 · {p.hallucination_rate:.1f}% hallucinated · n={p.count}",
        )
        for p in points
    ]
    return scatter_chart(
        marks,
        label="Recall composite against hallucination rate, one point per persona and checkpoint",
        x_label="recall composite (correctness + completeness, 0–5)",
        y_label="hallucination rate (%)",
        x_range=(0.0, RECALL_MAX),
        y_range=(0.0, _rate_ceiling([p.hallucination_rate for p in points])),
        trend=_least_squares(points),
    )


def _over_time(analysis: HallucinationAnalysis) -> str:
    checkpoints = analysis.checkpoints
    if len(checkpoints) < 2:
        return ""
    series = [
        Series(
            name="hallucination rate (all personas)",
            colour="#dc3c3c",
            points=tuple((float(p.days), p.hallucination_rate) for p in checkpoints),
        )
    ]
    fit = analysis.hallucination_trend
    ceiling = _rate_ceiling([p.hallucination_rate for p in checkpoints])
    if fit is not None:
        ends = (0.0, float(checkpoints[-1].days))
        series.append(
            Series(
                name="least-squares trend",
                colour="#e6e8ee",
                points=tuple(
                    (d, min(ceiling, max(0.0, fit.intercept + fit.slope * d))) for d in ends
                ),
                dashed=True,
            )
        )
    return line_chart(
        series,
        label="Hallucination rate by days of corpus ingested",
        x_label="days of corpus ingested",
        y_label="hallucination rate (%)",
        y_range=(0.0, ceiling),
    )


def hallucination_section(result: BenchmarkResult) -> str:
    """The section's HTML (its heading included)."""
    analysis = analyze_hallucination(result)
    head = '<h2 id="hallucination">Hallucination</h2>'
    if analysis.overall_rate is None:
        return head + '<p class="muted">No scored answers.</p>'
    if not result.judged:  # the stub judge's zeros would read as 100% fabricated
        return head + f'<p class="muted">{escape(NOT_JUDGED_RATE)}.</p>'
    colours = {p.persona_id: PALETTE[i % len(PALETTE)] for i, p in enumerate(result.personas)}
    source = (
        "from per-question scores"
        if analysis.recall_source == "questions"
        else "derived from checkpoint aggregates (overall − (1 − rate/100))"
    )
    readings = [
        f"<b>Overall:</b> {_rate(analysis.overall_rate)} of {analysis.count:,} scored answers "
        "judged fabricated.",
        '<span id="rb-hallucination-definition"><b>Definition:</b> '
        + escape(mode_text(run_mode(result.metadata)))
        + ".</span>",
        "<b>Hallucination trend:</b> "
        + escape(trend_reading(analysis.hallucination_trend, unit="pp"))
        + escape(_fit_text(analysis.hallucination_trend, " pp")),
        "<b>Recall trend:</b> "
        + escape(trend_reading(analysis.recall_trend, unit=""))
        + escape(_fit_text(analysis.recall_trend, "")),
        "<b>Recall vs hallucination:</b> " + escape(correlation_reading(analysis)),
        f'<span class="muted">Recall composite: correctness + completeness (0–5), {source}.</span>',
    ]
    warning = (
        f'<div class="rb-banner warning" id="rb-hallucination-warning">WARNING: '
        f"{escape(analysis.warning)}</div>"
        if analysis.warning
        else ""
    )
    far = [c for c in analysis.by_category if c.far_above]
    masked = "".join(
        f'<div class="rb-banner warning">{escape(c.category)}: {c.rate:.1f}% hallucinated against '
        f"{analysis.overall_rate:.1f}% overall — the aggregate masks it.</div>"
        for c in far
    )
    legend = "".join(
        f'<span><i style="background:{colour}"></i>{escape(pid)}</span>'
        for pid, colour in colours.items()
    )
    scatter = _scatter(analysis, colours)
    over_time = _over_time(analysis)
    figures = []
    if scatter:
        figures.append(
            '<div><h3>Recall against hallucination</h3><div class="rb-figure">'
            f'{scatter}<div class="rb-legend">{legend}<span>dashed: least-squares line; '
            "point size: answers</span></div></div>"
            '<p class="muted">Expected: hallucination rises as recall falls (the system admits '
            "what it no longer has). Dangerous: hallucination falls as recall falls. Neither is "
            f"read from fewer than {EXPECTED_MIN_HALLUCINATED} hallucinated answers.</p></div>"
        )
    if over_time:
        figures.append(
            '<div><h3>Rate as the corpus grows</h3><div class="rb-figure">'
            f'{over_time}<div class="rb-legend"><span><i style="background:#dc3c3c"></i>'
            "all personas</span><span>dashed: least-squares trend</span></div></div></div>"
        )
    return (
        head
        + warning
        + masked
        + "".join(f'<p class="rb-reading">{line}</p>' for line in readings)
        + f'<div class="rb-grid2">{"".join(figures)}</div>'
        + '<div class="rb-grid2"><div><h3>By category</h3>'
        + _category_table(analysis)
        + "</div><div><h3>By persona</h3>"
        + _persona_table(analysis, colours)
        + "</div></div>"
        + _canaries(result)
    )
