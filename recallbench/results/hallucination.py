"""Hallucination over time: the seed's views of where, and how fast, a memory system fabricates. Pure.

:func:`analyze_hallucination` turns a :class:`~recallbench.results.records.BenchmarkResult` into the views the
seed asks to track across runs ("Tracking Hallucinations Over Time"): the overall rate, the rate per
category (negative-recall and synthesis called out), per persona, the trend against corpus size, and
the recall-versus-hallucination correlation with the seed's warning. :mod:`recallbench.render.hallucination_text`
writes them as a section of the text report and as plain data for ``--json`` and the HTML report;
:mod:`recallbench.render.hallucination_png` draws them.

Definitions:

* **Hallucinated** — a scored answer whose final ``score.hallucination == 0`` (1 is grounded). Answers
  whose judge failed are not scored and are left out everywhere: those in
  ``TimeRangeResult.unscored_results`` and any answer carrying a ``QuestionError`` of stage
  ``judge``. An adapter failure is scored (0/0/1, nothing fabricated) and counts, as in
  :mod:`recallbench.results.aggregate`. Rates are percentages (0–100) of scored answers.
* **Recall composite** — correctness + completeness (0–5): the recall axis held apart from
  hallucination. When a checkpoint has no per-question data (a run re-read from a ``progress.jsonl``
  holds checkpoint aggregates only) it is derived as ``overall_score − (1 − hallucination_rate/100)``,
  exact for 0/1 hallucination scores; ``recall_source`` then says ``checkpoints``.
* **Evaluation point** — one (persona, checkpoint) with at least one scored answer; its corpus size is
  the checkpoint's ``days_ingested`` (the range's days when that is 0). A persona's later duplicate of
  a checkpoint label replaces the earlier one, as in the heatmap.
* **Aggregate checkpoint** — the evaluation points of one checkpoint label merged across personas,
  question-weighted (``Σ rate·n / Σ n``, the heatmap's hallucination row); its corpus size is the
  largest of the personas'.
* **Trend** — ordinary least squares of the rate (percentage points) or of the recall composite
  against corpus size (days): slope, intercept, r² (None when the values are constant) and n. Read as
  the change per 100 days, e.g. ``+0.9 pp per 100 days``. With fewer than two distinct corpus sizes
  there is no fit (None). The run's trends are fitted over the aggregate checkpoints; each persona's
  over its own points.
* **Correlation** — Pearson's r between recall composite and hallucination rate over the evaluation
  points; None with fewer than 3 points or when either is constant.
* **Warning** — the seed's pathological pattern, hallucination falling as recall falls, fires when
  ``r ≥ 0.3`` over at least 5 points *and* the correlation is unlikely to be noise:
  ``t = r·√((n−2)/(1−r²)) ≥ 2`` (about p < 0.05).
* **Per category** — rates over all scored answers of the category, and at the earliest and latest
  aggregate checkpoint where the category had scored answers. Negative-recall and synthesis are
  flagged ``high_risk``; a category is ``far_above`` the overall rate when it has at least 5 scored
  answers and its rate is both at least 10 points above and at least twice the overall (the seed's
  "2% overall but 40% in negative-recall"). Needs per-question data: empty otherwise.

Sums go through :func:`math.fsum` (exactly rounded) and every sequence is sorted, so neither the
order of personas nor of answers changes a single bit of the analysis.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Literal

import attrs

from ..data.qa import report_categories
from ..data.ranges import FULL_DAYS
from .records import BenchmarkResult, QuestionResult, TimeRangeResult

__all__ = [
    "AGGREGATE",
    "EXPECTED_MIN_HALLUCINATED",
    "FAR_ABOVE_MIN_COUNT",
    "FAR_ABOVE_PP",
    "HIGH_RISK_CATEGORIES",
    "WARNING",
    "WARNING_MIN_POINTS",
    "WARNING_MIN_R",
    "WARNING_MIN_T",
    "CategoryHallucination",
    "EvalPoint",
    "HallucinationAnalysis",
    "LinearFit",
    "PersonaHallucination",
    "analyze_hallucination",
    "direction",
    "least_squares",
    "pearson_r",
]

HIGH_RISK_CATEGORIES: tuple[str, ...] = ("negative-recall", "synthesis")
"""The seed's highest-risk categories for hallucination."""

WARNING = (
    "hallucination falls as recall falls — the system may be confidently fabricating answers it "
    "does not actually have (and the judge sometimes scoring those fabrications as correct)"
)
"""The seed's warning for the pathological pattern."""

WARNING_MIN_R = 0.3
WARNING_MIN_POINTS = 5
WARNING_MIN_T = 2.0
"""The warning's rule: r ≥ 0.3 over ≥ 5 points with t = r·√((n−2)/(1−r²)) ≥ 2."""

FAR_ABOVE_PP = 10.0
FAR_ABOVE_MIN_COUNT = 5
"""A category is far above the overall rate: ≥ 5 answers, ≥ 10 pp above it and ≥ twice it."""

AGGREGATE = "*"
"""The ``persona_id`` of an aggregate checkpoint."""


@attrs.frozen(kw_only=True)
class LinearFit:
    """An ordinary least-squares line ``y = intercept + slope·days``.

    Attributes:
        slope: change in y per day of corpus.
        intercept: y at day 0.
        r_squared: the share of y's variance the line explains; None when y is constant.
        n: points fitted.
    """

    slope: float
    intercept: float
    r_squared: float | None
    n: int


@attrs.frozen(kw_only=True)
class EvalPoint:
    """One evaluation point, or (``persona_id`` ``"*"``) one checkpoint across personas.

    Attributes:
        persona_id: the persona, or ``"*"`` for an aggregate checkpoint.
        label: the checkpoint's label.
        days: corpus size, in days ingested.
        recall_composite: mean correctness + completeness (0–5).
        hallucination_rate: percent (0–100) of scored answers judged hallucinated.
        count: scored answers.
    """

    persona_id: str
    label: str
    days: int
    recall_composite: float
    hallucination_rate: float
    count: int


@attrs.frozen(kw_only=True)
class CategoryHallucination:
    """One category's hallucination rate.

    Attributes:
        category: the category.
        rate: percent of its scored answers judged hallucinated, over the whole run.
        count: its scored answers.
        first_rate: the rate at the earliest checkpoint where it had scored answers.
        last_rate: the rate at the latest such checkpoint.
        high_risk: negative-recall or synthesis (:data:`HIGH_RISK_CATEGORIES`).
        far_above: its rate is far above the overall rate (see the module docstring).
    """

    category: str
    rate: float
    count: int
    first_rate: float | None
    last_rate: float | None
    high_risk: bool
    far_above: bool = False


@attrs.frozen(kw_only=True)
class PersonaHallucination:
    """One persona's hallucination rate over the run and its trend against corpus size."""

    persona_id: str
    rate: float
    count: int
    trend: LinearFit | None


@attrs.frozen(kw_only=True)
class HallucinationAnalysis:
    """The seed's hallucination views of one run (definitions in the module docstring).

    Attributes:
        overall_rate: percent of all scored answers judged hallucinated; None with none scored.
        count: scored answers.
        checkpoints: aggregate checkpoints (``persona_id`` ``"*"``), by corpus size.
        points: evaluation points, by persona then corpus size.
        by_category: categories with scored answers, in the fixed category order.
        by_persona: personas with scored answers, by id.
        hallucination_trend: rate (pp) against corpus size over the aggregate checkpoints.
        recall_trend: recall composite against corpus size over the aggregate checkpoints.
        correlation: Pearson's r of recall composite and hallucination rate over the points.
        warning: the seed's warning when the pathological pattern shows, else None.
        recall_source: ``questions`` (per-question scores) or ``checkpoints`` (derived from
            checkpoint aggregates for at least one checkpoint).
    """

    overall_rate: float | None
    count: int
    checkpoints: tuple[EvalPoint, ...]
    points: tuple[EvalPoint, ...]
    by_category: tuple[CategoryHallucination, ...]
    by_persona: tuple[PersonaHallucination, ...]
    hallucination_trend: LinearFit | None
    recall_trend: LinearFit | None
    correlation: float | None
    warning: str | None
    recall_source: Literal["questions", "checkpoints"]


# --- arithmetic --------------------------------------------------------------------------------


def _weighted(pairs: Iterable[tuple[float, int]]) -> tuple[float, int]:
    """(Σ value·n / Σ n, Σ n); the mean is 0.0 when Σ n is 0."""
    items = list(pairs)
    n = sum(count for _, count in items)
    if n == 0:
        return 0.0, 0
    return math.fsum(value * count for value, count in items) / n, n


def _varies(values: Sequence[float]) -> bool:
    """More than rounding dust apart: rates merged in different orders can differ in the last bit,
    and a correlation or r² of such noise would mean nothing."""
    if not values:
        return False
    low, high = min(values), max(values)
    return high - low > 1e-9 * max(1.0, abs(low), abs(high))


def least_squares(xs: Sequence[float], ys: Sequence[float]) -> LinearFit | None:
    """The ordinary least-squares line of ``ys`` on ``xs``.

    The closed form over exactly rounded sums (:func:`math.fsum`), so the order of the points cannot
    change the result.

    Args:
        xs: The x values.
        ys: The y values, as many.

    Returns:
        The fit (``r_squared`` None when ``ys`` is constant, to within rounding), or None with
        fewer than two distinct x.
    """
    n = len(xs)
    if len(set(xs)) < 2:
        return None
    mx, my = math.fsum(xs) / n, math.fsum(ys) / n
    dx = [x - mx for x in xs]
    dy = [y - my for y in ys]
    sxx = math.fsum(d * d for d in dx)
    sxy = math.fsum(a * b for a, b in zip(dx, dy, strict=True))
    syy = math.fsum(d * d for d in dy)
    slope = sxy / sxx
    intercept = my - slope * mx
    r_squared = None
    if _varies(ys) and syy > 0:
        residual = math.fsum(
            (y - (intercept + slope * x)) ** 2 for x, y in zip(xs, ys, strict=True)
        )
        r_squared = min(1.0, max(0.0, 1.0 - residual / syy))
    return LinearFit(slope=slope, intercept=intercept, r_squared=r_squared, n=n)


def pearson_r(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's correlation coefficient of paired values; None with fewer than 3 pairs or when
    either side is constant (to within rounding)."""
    n = len(xs)
    if n < 3:
        return None
    mx, my = math.fsum(xs) / n, math.fsum(ys) / n
    dx = [x - mx for x in xs]
    dy = [y - my for y in ys]
    sxx = math.fsum(d * d for d in dx)
    syy = math.fsum(d * d for d in dy)
    if not (_varies(xs) and _varies(ys)) or sxx <= 0 or syy <= 0:
        return None
    r = math.fsum(a * b for a, b in zip(dx, dy, strict=True)) / math.sqrt(sxx * syy)
    return min(1.0, max(-1.0, r))


EXPECTED_MIN_HALLUCINATED = 10
"""Hallucinated answers a run needs before the direction of its correlation is read at all: at a
0.1% rate, r says nothing about how the system behaves as it forgets."""


def direction(analysis: HallucinationAnalysis) -> Literal["expected", "pathological", "unclear"]:
    """What the recall-versus-hallucination correlation says: ``pathological`` (the warning:
    hallucination falls as recall falls), ``expected`` (it rises as recall falls: the system admits
    what it has lost — only with a correlation as strong and as sure as the warning's, over at
    least :data:`EXPECTED_MIN_HALLUCINATED` hallucinated answers), or ``unclear``."""
    if analysis.warning is not None:
        return "pathological"
    r, n = analysis.correlation, len(analysis.points)
    hallucinated = round((analysis.overall_rate or 0.0) * analysis.count / 100)
    if r is None or hallucinated < EXPECTED_MIN_HALLUCINATED:
        return "unclear"
    return "expected" if _warning(-r, n) is not None else "unclear"


def _warning(r: float | None, n: int) -> str | None:
    if r is None or n < WARNING_MIN_POINTS or r < WARNING_MIN_R:
        return None
    t = math.inf if r >= 1.0 else r * math.sqrt((n - 2) / (1.0 - r * r))
    return WARNING if t >= WARNING_MIN_T else None


# --- gathering ---------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class _Checkpoint:
    """One persona's checkpoint: its point and, with per-question data, its per-category tallies."""

    point: EvalPoint
    from_questions: bool
    categories: dict[str, tuple[int, int]]
    """category → (scored answers, hallucinated)."""


def _scored(rr: TimeRangeResult) -> list[QuestionResult]:
    return [q for q in rr.question_results if q.error is None or q.error.stage != "judge"]


def _days(rr: TimeRangeResult) -> int:
    if rr.days_ingested > 0:
        return rr.days_ingested
    days = rr.range.days
    return int(days) if days < FULL_DAYS else 0


def _checkpoint(persona_id: str, rr: TimeRangeResult) -> _Checkpoint | None:
    label, days = rr.range.label, _days(rr)
    if rr.question_results or rr.unscored_results:
        scored = _scored(rr)
        if not scored:
            return None
        hallucinated = sum(1 for q in scored if q.score.hallucination == 0)
        categories: dict[str, tuple[int, int]] = {}
        for q in scored:
            n, h = categories.get(q.qa.category, (0, 0))
            categories[q.qa.category] = (n + 1, h + (q.score.hallucination == 0))
        point = EvalPoint(
            persona_id=persona_id,
            label=label,
            days=days,
            recall_composite=math.fsum(q.score.recall for q in scored) / len(scored),
            hallucination_rate=(hallucinated / len(scored)) * 100,
            count=len(scored),
        )
        return _Checkpoint(point=point, from_questions=True, categories=categories)
    if rr.questions_evaluated <= 0:
        return None
    rate = rr.hallucination_rate
    point = EvalPoint(
        persona_id=persona_id,
        label=label,
        days=days,
        recall_composite=rr.overall_score - (1.0 - rate / 100),
        hallucination_rate=rate,
        count=rr.questions_evaluated,
    )
    return _Checkpoint(point=point, from_questions=False, categories={})


def _sort_key(p: EvalPoint) -> tuple[int, str]:
    return (p.days, p.label)


def _aggregate(label: str, group: Sequence[_Checkpoint]) -> EvalPoint:
    points = [c.point for c in group]
    rate, n = _weighted((p.hallucination_rate, p.count) for p in points)
    recall, _ = _weighted((p.recall_composite, p.count) for p in points)
    return EvalPoint(
        persona_id=AGGREGATE,
        label=label,
        days=max(p.days for p in points),
        recall_composite=recall,
        hallucination_rate=rate,
        count=n,
    )


def _category_rate(group: Iterable[_Checkpoint], category: str) -> tuple[float, int] | None:
    n = h = 0
    for c in group:
        cn, ch = c.categories.get(category, (0, 0))
        n, h = n + cn, h + ch
    return ((h / n) * 100, n) if n else None


def _by_category(
    by_label: dict[str, list[_Checkpoint]],
    checkpoints: Sequence[EvalPoint],
    overall: float | None,
    categories: Sequence[str] | None = None,
) -> tuple[CategoryHallucination, ...]:
    out = []
    every = [c for group in by_label.values() for c in group]
    for category in report_categories((k for c in every for k in c.categories), categories):
        total = _category_rate(every, category)
        if total is None:
            continue
        rate, n = total
        over_time = [
            found[0]
            for cp in checkpoints
            if (found := _category_rate(by_label[cp.label], category)) is not None
        ]
        far = (
            overall is not None
            and n >= FAR_ABOVE_MIN_COUNT
            and rate >= overall + FAR_ABOVE_PP
            and rate >= 2 * overall
        )
        out.append(
            CategoryHallucination(
                category=category,
                rate=rate,
                count=n,
                first_rate=over_time[0] if over_time else None,
                last_rate=over_time[-1] if over_time else None,
                high_risk=category in HIGH_RISK_CATEGORIES,
                far_above=far,
            )
        )
    return tuple(out)


def _trend(points: Sequence[EvalPoint], value: str) -> LinearFit | None:
    return least_squares([float(p.days) for p in points], [getattr(p, value) for p in points])


def analyze_hallucination(result: BenchmarkResult) -> HallucinationAnalysis:
    """The seed's hallucination views of a run (definitions in the module docstring).

    Args:
        result: A finished, resumed or re-read run; with or without per-question results.

    Returns:
        The analysis. A run without a scored answer gives an empty one (rate None, no fits).
    """
    per_persona: dict[str, dict[str, _Checkpoint]] = {}
    for persona in result.personas:
        own = per_persona.setdefault(persona.persona_id, {})
        for rr in persona.range_results:
            cp = _checkpoint(persona.persona_id, rr)
            if cp is not None:
                own[rr.range.label] = cp  # a later duplicate wins, as in the heatmap
            else:
                own.pop(rr.range.label, None)
    every = [cp for pid in sorted(per_persona) for cp in per_persona[pid].values()]
    points = tuple(
        sorted((cp.point for cp in every), key=lambda p: (p.persona_id, p.days, p.label))
    )
    by_label: dict[str, list[_Checkpoint]] = {}
    for cp in every:
        by_label.setdefault(cp.point.label, []).append(cp)
    checkpoints = tuple(
        sorted((_aggregate(label, group) for label, group in by_label.items()), key=_sort_key)
    )
    overall, count = _weighted((p.hallucination_rate, p.count) for p in points)
    overall_rate = overall if count else None
    by_persona = []
    for pid in sorted(per_persona):
        own_points = sorted((cp.point for cp in per_persona[pid].values()), key=_sort_key)
        rate, n = _weighted((p.hallucination_rate, p.count) for p in own_points)
        if n:
            by_persona.append(
                PersonaHallucination(
                    persona_id=pid,
                    rate=rate,
                    count=n,
                    trend=_trend(own_points, "hallucination_rate"),
                )
            )
    correlation = pearson_r(
        [p.recall_composite for p in points], [p.hallucination_rate for p in points]
    )
    return HallucinationAnalysis(
        overall_rate=overall_rate,
        count=count,
        checkpoints=checkpoints,
        points=points,
        by_category=_by_category(by_label, checkpoints, overall_rate, result.categories),
        by_persona=tuple(by_persona),
        hallucination_trend=_trend(checkpoints, "hallucination_rate"),
        recall_trend=_trend(checkpoints, "recall_composite"),
        correlation=correlation,
        warning=_warning(correlation, len(points)),
        recall_source="questions" if all(cp.from_questions for cp in every) else "checkpoints",
    )
