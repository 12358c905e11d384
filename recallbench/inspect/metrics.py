"""The task's metrics: recallbench's own numbers over the samples' scores.

Each sample's score is a mapping: ``correctness`` (0–3), ``completeness`` (0–2) and
``hallucination`` (1 grounded, 0 fabricated: the judge's own direction) as the judge gave them,
``composite`` (their sum, 0–6: ``recallbench run``'s score, whose mean is its OVERALL), and the
answer's retrieval metrics ``recall@5``, ``recall@10``, ``ndcg@10``, ``mrr`` (NaN when it reported
no retrieval). Over them:

* ``correctness``, ``completeness``, ``composite``: mean and standard error;
* ``hallucination``: :func:`hallucination_rate`, the percent of answers judged fabricated
  (``recallbench run``'s hallucination rate);
* :func:`retrieval`: the mean of each retrieval metric over the answers with evidence, by
  :func:`recallbench.results.measures.summarize_retrieval`'s rule — once any answer reports
  retrieval, an answer with evidence that reported none (a failed one) counts as a miss.
"""

from __future__ import annotations

import math
from typing import Any

from inspect_ai.scorer import Metric, SampleScore, mean, metric, stderr

from ..results.evidence import MISSED
from ..results.judge_spread import spread_of
from ..results.records import RETRIEVAL_METRICS, RetrievalMetrics
from ..results.retrieval_metrics import mean_scores

__all__ = ["SCORE_METRICS", "hallucination_rate", "judge_spread", "retrieval", "score_metrics"]


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return None if math.isnan(value) else float(value)


@metric(name="hallucination_rate")
def hallucination_rate() -> Metric:
    """The percent of answers judged fabricated (``hallucination`` 0), 0–100; over epochs, the
    mean share of each question's answers."""

    def compute(scores: list[SampleScore]) -> float:
        values = [v for s in scores if (v := _number(s.score.value)) is not None]
        if not values:
            return float("nan")
        return 100 * math.fsum(1 - v for v in values) / len(values)

    return compute


@metric(name="retrieval")
def retrieval() -> Metric:
    """The means of ``recall@5``, ``recall@10``, ``ndcg@10`` and ``mrr`` over the answers with
    evidence (nothing when no answer reports retrieval)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        rows: list[RetrievalMetrics | None] = []
        measured = False
        for s in scores:
            value = s.score.value
            if not isinstance(value, dict):
                continue
            figures = [_number(value.get(key)) for key in RETRIEVAL_METRICS]
            metadata = s.sample_metadata or {}
            if all(f is not None for f in figures):
                measured = True
                r5, r10, ndcg, mrr = (min(1.0, max(0.0, f or 0.0)) for f in figures)
                rows.append(
                    RetrievalMetrics(recall_at_5=r5, recall_at_10=r10, ndcg_at_10=ndcg, mrr=mrr)
                )
            elif metadata.get("hasEvidence") is True:
                rows.append(None)  # no retrieval from this answer: a miss, if any is measured
        if not measured:
            return {}
        means = mean_scores(r if r is not None else MISSED for r in rows)
        return means.as_dict() if means is not None else {}

    return compute


@metric(name="judge_spread")
def judge_spread() -> Metric:
    """With a panel of judges (``recall_rejudge -S judge=[A,B]``): the score (mean composite, 0–6)
    under each judge and ``spread``, the largest distance from the panel's score to one judge's —
    "score ± judge spread", by :func:`recallbench.results.judge_spread.spread_of`'s rule (nothing
    with one judge)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        own: list[float] = []
        per_answer: list[dict[str, list[float]]] = []
        for s in scores:
            value = s.score.value
            composite = _number(value.get("composite")) if isinstance(value, dict) else None
            if composite is None:
                continue
            own.append(composite)
            judges = (s.score.metadata or {}).get("judges")
            per_answer.append(
                {
                    str(name): [float(c) for c in got]
                    for name, got in (judges.items() if isinstance(judges, dict) else ())
                    if isinstance(got, list) and got
                }
            )
        spread = spread_of(own, per_answer)
        if spread is None:
            return {}
        return {**spread.scores, "spread": spread.spread}

    return compute


def score_metrics() -> list[Any]:
    """The metrics of the task's scorer (module docstring)."""
    return [
        {
            "correctness": [mean(), stderr()],
            "completeness": [mean(), stderr()],
            "hallucination": [hallucination_rate()],
            "composite": [mean(), stderr()],
        },
        retrieval(),
    ]


SCORE_METRICS = ("correctness", "completeness", "hallucination", "composite")
"""The keys of a score's mapping that every answer has (the retrieval metrics' may be NaN)."""
