"""Aggregation of judged answers into checkpoint summaries, heatmaps and disclosure stats
(reference §2.12). Pure: no I/O, no async.

The arithmetic follows the reference's operation order (a left-to-right sum, then one division;
rates as ``(k / n) * 100``) so that the numbers it wrote to ``result.json`` are reproduced bit for bit,
not merely to within rounding.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..data.qa import CATEGORIES, DIFFICULTIES, DISCLOSURES, report_categories
from ..data.ranges import TimeRange
from .records import (
    CategoryScore,
    DifficultyStats,
    DisclosureStats,
    HeatmapCell,
    QuestionResult,
    TimeRangeResult,
)

__all__ = [
    "disclosure_breakdown",
    "merge_disclosure",
    "merge_heatmaps",
    "persona_heatmap",
    "summarize_checkpoint",
]

_BOUNDARY = "information-boundary"


def _mean(values: Sequence[float]) -> float:
    total = 0.0
    for v in values:
        total += v
    return total / len(values) if values else 0.0


def _hallucination_rate(results: Sequence[QuestionResult]) -> float:
    if not results:
        return 0.0
    hallucinated = sum(1 for r in results if r.score.hallucination == 0)
    return (hallucinated / len(results)) * 100


def summarize_checkpoint(
    time_range: TimeRange,
    days_ingested: int,
    results: Sequence[QuestionResult],
    eligible_by_category: Mapping[str, int],
    unscored: Sequence[QuestionResult] = (),
) -> TimeRangeResult:
    """One checkpoint's summary from its judged answers.

    Args:
        time_range: The checkpoint.
        days_ingested: Days of corpus the adapter had seen (``min(range.days, last day on disk)``).
        results: The scored answers, in evaluation order; every mean and count is over these.
        eligible_by_category: Pairs eligible at this checkpoint before group gating, per category;
            a category absent from the mapping counts 0.
        unscored: Answers whose judge failed; kept on the result, left out of every number.

    Returns:
        The TimeRangeResult: ``overall_score`` is the mean composite (0 with no answers),
        ``hallucination_rate`` the percent of answers with ``hallucination == 0``, one
        CategoryScore per category in report order (:func:`~recallbench.data.qa.report_categories`) and DifficultyStats for easy, medium and
        hard (0/0 when a bucket is empty).
    """
    composites = [r.composite_score for r in results]
    category_scores = []
    for category in _categories(eligible_by_category, results):
        scores = tuple(r.composite_score for r in results if r.qa.category == category)
        category_scores.append(
            CategoryScore(
                category=category,
                mean_score=_mean(scores),
                question_count=len(scores),
                scores=scores,
                eligible_count=eligible_by_category.get(category, 0),
            )
        )
    difficulty_scores = {}
    for difficulty in DIFFICULTIES:
        scores = tuple(r.composite_score for r in results if r.qa.difficulty == difficulty)
        difficulty_scores[difficulty] = DifficultyStats(mean=_mean(scores), count=len(scores))
    return TimeRangeResult(
        range=time_range,
        days_ingested=days_ingested,
        questions_evaluated=len(results),
        overall_score=_mean(composites),
        category_scores=tuple(category_scores),
        difficulty_scores=difficulty_scores,
        hallucination_rate=_hallucination_rate(results),
        question_results=tuple(results),
        unscored_results=tuple(unscored) or None,
    )


def _categories(
    eligible_by_category: Mapping[str, int], results: Sequence[QuestionResult]
) -> tuple[str, ...]:
    """The checkpoint's categories in report order: those the selection counted, in its order
    (its family's, or Recall Bench's), then any other an answer has."""
    named = tuple(eligible_by_category)
    if set(named) <= set(CATEGORIES):  # Recall Bench's: all ten, as ever
        return report_categories([*named, *(r.qa.category for r in results)])
    return named + tuple(sorted({r.qa.category for r in results} - set(named)))


def persona_heatmap(range_results: Iterable[TimeRangeResult]) -> tuple[HeatmapCell, ...]:
    """A persona's heatmap: one cell per checkpoint × category score it holds.

    Cells follow the range results' order and, within one, its ``category_scores`` order (the
    fixed CATEGORIES order for summaries built by :func:`summarize_checkpoint`).

    Args:
        range_results: The persona's checkpoint summaries, ascending.

    Returns:
        HeatmapCells labelled by the checkpoint's label, scored by the category's mean.
    """
    return tuple(
        HeatmapCell(
            range=rr.range.label,
            category=cs.category,
            score=cs.mean_score if cs.question_count > 0 else None,
            question_count=cs.question_count,
            eligible_count=cs.eligible_count,
        )
        for rr in range_results
        for cs in rr.category_scores
    )


def merge_heatmaps(heatmaps: Iterable[Sequence[HeatmapCell]]) -> tuple[HeatmapCell, ...]:
    """The run's heatmap from the personas' heatmaps, merged cell by cell.

    Cells with the same (range, category) are merged in first-seen order. The merged score is the
    question-count-weighted mean ``Σ(score·count) / Σcount`` (None when no questions), the question
    counts are summed, and the eligible counts are summed over the cells that have one (None when
    none has).

    Args:
        heatmaps: One heatmap per persona.

    Returns:
        The merged cells.
    """
    merged: dict[tuple[str, str], tuple[float, int, int | None]] = {}
    for heatmap in heatmaps:
        for cell in heatmap:
            key = (cell.range, cell.category)
            total, count, eligible = merged.get(key, (0.0, 0, None))
            total += (cell.score or 0.0) * cell.question_count
            count += cell.question_count
            if cell.eligible_count is not None:
                eligible = (eligible or 0) + cell.eligible_count
            merged[key] = (total, count, eligible)
    return tuple(
        HeatmapCell(
            range=label,
            category=category,
            score=total / count if count > 0 else None,
            question_count=count,
            eligible_count=eligible,
        )
        for (label, category), (total, count, eligible) in merged.items()
    )


def disclosure_breakdown(
    question_results: Iterable[QuestionResult],
) -> dict[str, DisclosureStats] | None:
    """A persona's information-disclosure breakdown.

    Only ``information-boundary`` answers whose pair sets ``expected_disclosure`` count; they are
    bucketed by that value.

    Args:
        question_results: The persona's scored answers over all its checkpoints.

    Returns:
        Per non-empty bucket, in the order refuse, partial, answer: the evaluations, the distinct
        pair ids, the mean composite and the hallucination rate (percent). None when no answer
        qualifies.
    """
    buckets: dict[str, list[QuestionResult]] = {}
    for r in question_results:
        disclosure = r.qa.expected_disclosure
        if r.qa.category != _BOUNDARY or not disclosure:
            continue
        buckets.setdefault(disclosure, []).append(r)
    out: dict[str, DisclosureStats] = {}
    for key in DISCLOSURES:
        bucket = buckets.get(key)
        if not bucket:
            continue
        out[key] = DisclosureStats(
            evaluations=len(bucket),
            unique_pairs=len({r.qa.id for r in bucket}),
            mean_score=_mean([r.composite_score for r in bucket]),
            hallucination_rate=_hallucination_rate(bucket),
        )
    return out or None


def merge_disclosure(
    breakdowns: Iterable[Mapping[str, DisclosureStats] | None],
) -> dict[str, DisclosureStats] | None:
    """The run's disclosure breakdown from the personas', weighted by evaluations.

    Evaluations and unique pairs are summed (pairs of different personas are different pairs);
    the mean score and the hallucination rate are evaluation-weighted means.

    Args:
        breakdowns: One breakdown (or None) per persona.

    Returns:
        Per non-empty bucket, in the order refuse, partial, answer; None when none has any.
    """
    buckets: dict[str, tuple[float, int, int, float]] = {}
    for breakdown in breakdowns:
        if not breakdown:
            continue
        for key in DISCLOSURES:
            s = breakdown.get(key)
            if s is None:
                continue
            weighted, n, pairs, hallucinated = buckets.get(key, (0.0, 0, 0, 0.0))
            buckets[key] = (
                weighted + s.mean_score * s.evaluations,
                n + s.evaluations,
                pairs + s.unique_pairs,
                hallucinated + (s.hallucination_rate / 100) * s.evaluations,
            )
    out: dict[str, DisclosureStats] = {}
    for key in DISCLOSURES:
        if key not in buckets:
            continue
        weighted, n, pairs, hallucinated = buckets[key]
        if n == 0:
            continue
        out[key] = DisclosureStats(
            evaluations=n,
            unique_pairs=pairs,
            mean_score=weighted / n,
            hallucination_rate=(hallucinated / n) * 100,
        )
    return out or None
