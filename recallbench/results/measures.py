"""What a run measures of the memory system besides the judge's scores: retrieval quality against the
questions' relevant days, answer latency, and the time ingestion and finalize took. Pure.

Retrieval metrics are computed only where they mean something: the system returned retrieval
entries carrying day numbers, and the pair has evidence days — negative-recall pairs have none to
find, so they are left out. Summaries are macro-averages over the answers that have metrics (a
historical question re-asked at a later checkpoint counts again, as it does in the scores).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from ..data.qa import CATEGORIES, QAPair
from .records import LatencyStats, QuestionResult, RetrievalMetrics, RetrievalSummary, RunTiming
from .retrieval_metrics import days_ranking, mean_scores, retrieval_scores

__all__ = [
    "latency_stats",
    "percentile",
    "question_retrieval",
    "run_timing",
    "summarize_retrieval",
]

NO_EVIDENCE_CATEGORIES = frozenset({"negative-recall"})
"""Categories whose relevant days mark where the question was planted, not evidence to retrieve."""


def question_retrieval(pair: QAPair, entry_days: Iterable[int | None]) -> RetrievalMetrics | None:
    """The retrieval metrics of one answer, from the days of its retrieval entries in the order the
    system returned them; None when there is nothing to measure: a category without evidence, and
    a LongMemEval abstention question (``extra["abstention"]``), which the official retrieval
    evaluation skips (its relevant days are the whole haystack, not evidence)."""
    if pair.category in NO_EVIDENCE_CATEGORIES or not pair.relevant_days:
        return None
    if pair.extra.get("abstention") is True:
        return None
    days = list(entry_days)
    if not any(d is not None for d in days):
        return None
    return retrieval_scores(days_ranking(days), pair.relevant_days)


def summarize_retrieval(results: Iterable[QuestionResult]) -> RetrievalSummary | None:
    """Overall and per-category means over the results that carry retrieval metrics (None if
    none do). Categories appear in the fixed CATEGORIES order."""
    by_category: dict[str, list[RetrievalMetrics]] = {}
    every: list[RetrievalMetrics] = []
    for r in results:
        if r.retrieval_metrics is not None:
            every.append(r.retrieval_metrics)
            by_category.setdefault(r.qa.category, []).append(r.retrieval_metrics)
    if not every:
        return None
    overall = mean_scores(every)
    assert overall is not None
    return RetrievalSummary(
        overall=overall,
        question_count=len(every),
        by_category={
            c: m for c in CATEGORIES if c in by_category and (m := mean_scores(by_category[c]))
        },
    )


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The q-th percentile (0–100) of ascending values by linear interpolation between closest ranks
    (numpy's default method)."""
    if not sorted_values:
        raise ValueError("percentile of no values")
    position = (len(sorted_values) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(sorted_values) - 1)
    fraction = position - low
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * fraction


def latency_stats(latencies_ms: Iterable[float]) -> LatencyStats | None:
    """p50, p95 and max of answer latencies (None with none)."""
    values = sorted(latencies_ms)
    if not values:
        return None
    return LatencyStats(
        p50=percentile(values, 50),
        p95=percentile(values, 95),
        max=values[-1],
        count=len(values),
    )


def run_timing(
    latencies_ms: Iterable[float],
    ingest: Iterable[tuple[float, int]],
    finalize_ms: Iterable[float],
) -> RunTiming | None:
    """Timing over a persona or a run.

    Args:
        latencies_ms: every answer's latency.
        ingest: ``(ingest_ms, new_days)`` per checkpoint that ingested.
        finalize_ms: ``finalize_ingestion`` time per checkpoint that ingested.
    """
    latency = latency_stats(latencies_ms)
    total_ms, total_days = 0.0, 0
    for ms, days in ingest:
        total_ms += ms
        total_days += days
    finals = list(finalize_ms)
    if latency is None and not total_days and not finals:
        return None
    return RunTiming(
        query_latency_ms=latency,
        ingest_ms_per_day=total_ms / total_days if total_days else None,
        finalize_ms_mean=math.fsum(finals) / len(finals) if finals else None,
        finalize_ms_max=max(finals) if finals else None,
    )
