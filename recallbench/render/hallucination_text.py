"""The hallucination analysis in words and plain data: readings such as ``+0.9 pp per 100 days``, the
text report's HALLUCINATION section, and the camelCase JSON of ``--json`` and the HTML report. Pure.

The analysis itself, and the definitions behind every number, are in :mod:`recallbench.results.hallucination`.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from .._numfmt import to_fixed as _fixed
from ..results.hallucination import (
    EXPECTED_MIN_HALLUCINATED,
    FAR_ABOVE_MIN_COUNT,
    FAR_ABOVE_PP,
    HIGH_RISK_CATEGORIES,
    HallucinationAnalysis,
    LinearFit,
    direction,
)
from ..results.hallucination_mode import HallucinationMode, mode_text

__all__ = [
    "analysis_to_json",
    "correlation_reading",
    "format_hallucination_lines",
    "trend_reading",
]

THICK_RULE = "═" * 59
"""The report's section rule (:data:`recallbench.render.report.THICK_RULE`)."""

MINUS = "\N{MINUS SIGN}"


def _signed(value: float, digits: int) -> str:
    text = _fixed(value, digits)
    if text.startswith("-"):
        return MINUS + text[1:]
    return "+" + text


def trend_reading(fit: LinearFit | None, *, unit: str, digits: int | None = None) -> str:
    """A trend in words: ``+0.9 pp per 100 days``.

    Args:
        fit: The trend, or None when there was none.
        unit: ``pp`` for a rate in percentage points, ``""`` for the recall composite.
        digits: Decimals of the change per 100 days; 1 for ``pp``, 2 otherwise by default.

    Returns:
        The slope × 100, signed (a true minus sign), e.g. ``+0.9 pp per 100 days`` or
        ``−0.12 per 100 days``; without a fit, a sentence saying why.
    """
    if fit is None:
        return "no trend (fewer than 2 distinct corpus sizes)"
    if digits is None:
        digits = 1 if unit == "pp" else 2
    amount = _signed(fit.slope * 100, digits)
    return f"{amount} {unit} per 100 days" if unit else f"{amount} per 100 days"


def correlation_reading(analysis: HallucinationAnalysis) -> str:
    """The recall-versus-hallucination correlation in words."""
    r, n = analysis.correlation, len(analysis.points)
    if r is None:
        return f"no correlation ({n} evaluation point(s); needs 3 and both measures varying)"
    head = f"r = {_signed(r, 2)} ({n} evaluation points)"
    reading = direction(analysis)
    if reading == "pathological":
        return f"{head}: hallucination falls as recall falls"
    if reading == "expected":
        return (
            f"{head}: hallucination rises as recall falls — the expected direction (the system "
            "admits what it has lost)"
        )
    hallucinated = round((analysis.overall_rate or 0.0) * analysis.count / 100)
    if hallucinated < EXPECTED_MIN_HALLUCINATED:
        return (
            f"{head}: too few hallucinated answers ({hallucinated:,} of {analysis.count:,}) to "
            "read a direction"
        )
    return f"{head}: no clear relationship"


def _fit_detail(fit: LinearFit | None, unit: str, digits: int) -> list[str]:
    if fit is None:
        return []
    r2 = "" if fit.r_squared is None else f" · r² {_fixed(fit.r_squared, 2)}"
    return [
        f"      intercept {_fixed(fit.intercept, digits)}{unit} · "
        f"slope {_signed(fit.slope, digits + 3)}{unit}/day{r2} · n={fit.n} checkpoints"
    ]


def _recall_source(analysis: HallucinationAnalysis) -> str:
    if analysis.recall_source == "questions":
        return "from per-question scores"
    return "derived as overall − (1 − rate/100) per checkpoint"


def _category_lines(analysis: HallucinationAnalysis, overall: float) -> list[str]:
    lines = ["", f"  {'by category':<28} {'rate':>6} {'n':>6}   first → last checkpoint"]
    for c in analysis.by_category:
        first = "--" if c.first_rate is None else f"{_fixed(c.first_rate, 1)}%"
        last = "--" if c.last_rate is None else f"{_fixed(c.last_rate, 1)}%"
        marks = [m for m, on in (("high risk", c.high_risk), ("FAR ABOVE", c.far_above)) if on]
        tail = f"   [{', '.join(marks)}]" if marks else ""
        lines.append(
            f"  {c.category:<28} {_fixed(c.rate, 1) + '%':>6} {c.count:>6}   {first} → {last}{tail}"
        )
    legend = [
        text
        for text, shown in (
            (
                "[high risk]: " + " and ".join(sorted(HIGH_RISK_CATEGORIES)) + ", the categories "
                "most prone to fabrication (a memory that lacks the answer is tempted to invent one)",
                any(c.high_risk for c in analysis.by_category),
            ),
            (
                f"[FAR ABOVE]: at least {FAR_ABOVE_MIN_COUNT} answers, a rate at least "
                f"{FAR_ABOVE_PP:g} points above and twice the overall",
                any(c.far_above for c in analysis.by_category),
            ),
        )
        if shown
    ]
    lines.extend(f"  {text}" for text in legend)
    for c in analysis.by_category:
        if c.far_above:
            lines.append(
                f"  ! {c.category}: {_fixed(c.rate, 1)}% against {_fixed(overall, 1)}% overall"
                " — the aggregate masks it"
            )
    return lines


def format_hallucination_lines(
    analysis: HallucinationAnalysis, *, definition: str | None = None
) -> list[str]:
    """The hallucination section of the text report.

    Args:
        analysis: From :func:`analyze_hallucination`.
        definition: What counted as a hallucination, in words
            (:func:`~recallbench.results.hallucination_mode.mode_text`); None leaves the line out.

    Returns:
        Lines (no newlines), starting with a blank line and the section header: the overall rate,
        the definition, the trends with intercept and slope, the per-category table (high-risk categories and those
        far above the overall rate marked), the per-persona lines, the correlation and the warning.
    """
    lines = [
        "",
        THICK_RULE,
        "HALLUCINATION (share of scored answers judged fabricated)",
        THICK_RULE,
    ]
    if analysis.overall_rate is None:
        lines.append("  No scored answers.")
        return lines
    lines.append(
        f"  Overall:             {_fixed(analysis.overall_rate, 1)}% of "
        f"{analysis.count:,} scored answers"
    )
    if definition is not None:
        lines.append(f"  Definition:          {definition}")
    lines.append("  Hallucination trend: " + trend_reading(analysis.hallucination_trend, unit="pp"))
    lines.extend(_fit_detail(analysis.hallucination_trend, " pp", 1))
    lines.append("  Recall trend:        " + trend_reading(analysis.recall_trend, unit=""))
    lines.extend(_fit_detail(analysis.recall_trend, "", 2))
    lines.append(
        "  Recall composite:    correctness + completeness (0–5), " + _recall_source(analysis)
    )
    if analysis.by_category:
        lines.extend(_category_lines(analysis, analysis.overall_rate))
    if analysis.by_persona:
        lines.append("")
        lines.append(f"  {'by persona':<28} {'rate':>6} {'n':>6}   trend")
        for p in analysis.by_persona:
            lines.append(
                f"  {p.persona_id:<28} {_fixed(p.rate, 1) + '%':>6} {p.count:>6}   "
                + trend_reading(p.trend, unit="pp")
            )
    lines.append("")
    lines.append("  Recall vs hallucination: " + correlation_reading(analysis))
    if analysis.warning is not None:
        lines.append(f"  WARNING: {analysis.warning}")
    return lines


# --- JSON --------------------------------------------------------------------------------------


def _camel(value: Any) -> Any:
    """``attrs.asdict`` output with camelCase keys and lists for tuples."""
    if isinstance(value, dict):
        return {re.sub(r"_([a-z])", lambda m: m[1].upper(), k): _camel(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_camel(v) for v in value]
    return value


def analysis_to_json(
    analysis: HallucinationAnalysis, mode: HallucinationMode | None = None
) -> dict[str, Any]:
    """The analysis as plain JSON data with camelCase keys (for ``--json`` and the HTML report).

    Every field of the records, always present (null when absent) so that a page can read it
    without guards, plus the readings in words: ``hallucinationTrendReading``,
    ``recallTrendReading``, ``correlationReading`` and each persona's ``trendReading``; and the
    run's definition of a hallucination (``mode``: recorded or inferred, or None when unknown):
    ``hallucinationMode``, ``hallucinationWindow``, ``hallucinationModeInferred`` and
    ``hallucinationDefinition`` (in words; ``not recorded`` when unknown).
    """
    data: dict[str, Any] = _camel(attrs.asdict(analysis))
    data["hallucinationMode"] = mode.mode if mode else None
    data["hallucinationWindow"] = mode.window if mode else None
    data["hallucinationModeInferred"] = mode.inferred if mode else None
    data["hallucinationDefinition"] = mode_text(mode)
    data["hallucinationTrendReading"] = trend_reading(analysis.hallucination_trend, unit="pp")
    data["recallTrendReading"] = trend_reading(analysis.recall_trend, unit="")
    data["correlationReading"] = correlation_reading(analysis)
    for persona, out in zip(analysis.by_persona, data["byPersona"], strict=True):
        out["trendReading"] = trend_reading(persona.trend, unit="pp")
    return data
