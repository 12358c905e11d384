"""What a run measures of the memory system besides the judge's scores: retrieval quality against the
questions' relevant days, answer latency, and the time ingestion and finalize took. Pure.

Retrieval metrics are computed only where they mean something: the pair has evidence days —
negative-recall pairs have none to find, so they are left out — and the system reports retrieval.
A system that reports retrieval and retrieved nothing (``QueryDetail.retrieval == ()``) scores 0: a
miss counts. Summaries are macro-averages over the answers with evidence (a historical question
re-asked at a later checkpoint counts again, as it does in the scores); once any answer of the set
reports retrieval, every answer with evidence counts, an answer without metrics (the query failed,
or reported nothing this time) as a miss — so a system that fails or finds nothing never looks
better than one that finds the wrong thing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from ..data.qa import QAPair, report_categories
from .evidence import MISSED, has_evidence
from .records import LatencyStats, QuestionResult, RetrievalMetrics, RetrievalSummary, RunTiming
from .retrieval_metrics import days_ranking, mean_scores, retrieval_scores

__all__ = [
    "MISSED",
    "has_evidence",
    "latency_stats",
    "percentile",
    "question_retrieval",
    "run_timing",
    "summarize_retrieval",
]


def question_retrieval(
    pair: QAPair, entry_days: Iterable[int | None] | None
) -> RetrievalMetrics | None:
    """The retrieval metrics of one answer, from the days of its retrieval entries in the order the
    system returned them (None: it reports no retrieval). None when there is nothing to measure:
    the pair has no evidence (:func:`has_evidence`), the system reports no retrieval, or its
    entries name no day. No entries at all is a miss: zeros."""
    if entry_days is None or not has_evidence(pair):
        return None
    days = list(entry_days)
    if not days:
        return MISSED
    if not any(d is not None for d in days):
        return None
    return retrieval_scores(days_ranking(days), pair.relevant_days)


def summarize_retrieval(
    results: Iterable[QuestionResult], categories: Sequence[str] | None = None
) -> RetrievalSummary | None:
    """Overall and per-category means over the answers with evidence, once any of them reports
    retrieval (None if none does): an answer with evidence but no metrics counts as a miss.
    Categories appear in report order (``categories``: the data's family's own, else Recall
    Bench's fixed order); the turn-level means ride along when the answers have them
    (:mod:`~recallbench.results.turn_retrieval`)."""
    answers = list(results)
    if not any(r.retrieval_metrics is not None for r in answers):
        return None
    by_category: dict[str, list[RetrievalMetrics]] = {}
    every: list[RetrievalMetrics] = []
    for r in answers:
        metrics = r.retrieval_metrics
        if metrics is None and has_evidence(r.qa):
            metrics = MISSED  # failed, or reported nothing this time: a miss all the same
        if metrics is not None:
            every.append(metrics)
            by_category.setdefault(r.qa.category, []).append(metrics)
    overall = mean_scores(every)
    assert overall is not None
    # Turn level, by the same rules, where the data names turns and the system reports them. Here,
    # not at the top: the turn module builds on this one's evidence rule and miss.
    from .turn_retrieval import summarize_turn_retrieval

    turns = summarize_turn_retrieval(answers)
    return RetrievalSummary(
        overall=overall,
        question_count=len(every),
        by_category={
            c: m
            for c in report_categories(by_category, categories)
            if c in by_category and (m := mean_scores(by_category[c]))
        },
        turns=turns[0] if turns is not None else None,
        turn_question_count=turns[1] if turns is not None else None,
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
