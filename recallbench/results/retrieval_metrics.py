"""Retrieval metrics with binary relevance over day numbers: recall@k, nDCG@k, reciprocal rank.

A question's relevant items are its ``relevant_days``; a ranking is the days of what the system
retrieved, best first (:func:`days_ranking` turns retrieval entries into one). Definitions, all with
binary relevance (a day is relevant or not) and ``R`` the set of relevant days:

* ``recall@k`` = |top-k ∩ R| / |R|;
* ``nDCG@k`` = DCG@k / IDCG@k with DCG@k = Σ_{i ≤ k, item i relevant} 1 / log2(i + 1) (ranks from 1)
  and IDCG@k the DCG of a perfect ranking, Σ_{i ≤ min(k, |R|)} 1 / log2(i + 1);
* reciprocal rank = 1 / (rank of the first relevant item), 0 if there is none; no cutoff (like
  trec_eval's ``recip_rank``). MRR is its mean over questions.

An item that repeats in a ranking counts only at its first (best) position.

**Tie rule.** The system's order *is* the ranking: items the system scored equally are never
re-sorted, whatever their scores. (trec_eval, and so ir-measures, sorts a run by score and breaks
ties by document id *descending*, which would let an id decide a metric; the tests cross-check these
functions against ir-measures by feeding it scores that decrease strictly with rank, on which the
two agree to 1e-9.)

Summaries are macro-averages (:func:`mean_scores`): every question weighs the same.
:func:`paired_bootstrap` (which lives in :mod:`recallbench.results.stats`, re-exported here) gives the
percentile 95% interval of a mean paired difference.

Pure: stdlib only at import; numpy is imported inside :func:`paired_bootstrap`.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Hashable, Iterable, Sequence
from typing import TypeVar

from .records import RETRIEVAL_METRICS, RetrievalMetrics
from .stats import DEFAULT_RESAMPLES, BootstrapInterval, bootstrap_columns, paired_bootstrap

__all__ = [
    "DEFAULT_RESAMPLES",
    "METRICS",
    "BootstrapInterval",
    "RetrievalMetrics",
    "bootstrap_columns",
    "days_ranking",
    "mean_scores",
    "ndcg_at_k",
    "paired_bootstrap",
    "recall_at_k",
    "reciprocal_rank",
    "retrieval_scores",
]

Item = TypeVar("Item", bound=Hashable)
"""What a ranking ranks: day numbers here, evidence ids for data-driven benchmarks."""

METRICS = RETRIEVAL_METRICS
"""The metric names, in report order (the keys of :meth:`RetrievalMetrics.as_dict`)."""


def days_ranking(days_in_order: Iterable[int | None]) -> list[int]:
    """The ranking of days from the days of retrieval entries in the order the system returned them.

    Duplicates collapse to their first (best) position; entries without a day are skipped.

    Examples:
        >>> days_ranking([5, None, 3, 5, 9, 3])
        [5, 3, 9]
    """
    return list(dict.fromkeys(d for d in days_in_order if d is not None))


def _top(ranking: Sequence[Item], k: int | None) -> list[Item]:
    if k is not None and k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    unique = list(dict.fromkeys(ranking))
    return unique if k is None else unique[:k]


def _relevant(relevant: Collection[Item]) -> Collection[Item]:
    if not relevant:
        raise ValueError("a metric needs at least one relevant item")
    return relevant if isinstance(relevant, set | frozenset) else set(relevant)


def recall_at_k(ranking: Sequence[Item], relevant: Collection[Item], k: int) -> float:
    """The share of the relevant items found in the top ``k``.

    Raises:
        ValueError: ``relevant`` is empty or ``k`` < 1.
    """
    rel = _relevant(relevant)
    found = sum(1 for item in _top(ranking, k) if item in rel)
    return found / len(rel)


def _discount(rank: int) -> float:
    return 1.0 / math.log2(rank + 1)


def ndcg_at_k(ranking: Sequence[Item], relevant: Collection[Item], k: int) -> float:
    """Normalised discounted cumulative gain at ``k`` with binary gains.

    Raises:
        ValueError: ``relevant`` is empty or ``k`` < 1.
    """
    rel = _relevant(relevant)
    dcg = math.fsum(_discount(i) for i, item in enumerate(_top(ranking, k), 1) if item in rel)
    ideal = math.fsum(_discount(i) for i in range(1, min(k, len(rel)) + 1))
    return dcg / ideal


def reciprocal_rank(
    ranking: Sequence[Item], relevant: Collection[Item], k: int | None = None
) -> float:
    """1 / the rank of the first relevant item (within the top ``k`` if given), 0 if none.

    Raises:
        ValueError: ``relevant`` is empty or ``k`` < 1.
    """
    rel = _relevant(relevant)
    for i, item in enumerate(_top(ranking, k), 1):
        if item in rel:
            return 1.0 / i
    return 0.0


def retrieval_scores(ranking: Sequence[int], relevant: Collection[int]) -> RetrievalMetrics:
    """All four metrics of one ranking.

    Raises:
        ValueError: ``relevant`` is empty.
    """
    rel = _relevant(relevant)
    return RetrievalMetrics(
        recall_at_5=recall_at_k(ranking, rel, 5),
        recall_at_10=recall_at_k(ranking, rel, 10),
        ndcg_at_10=ndcg_at_k(ranking, rel, 10),
        mrr=reciprocal_rank(ranking, rel),
    )


def mean_scores(scores: Iterable[RetrievalMetrics]) -> RetrievalMetrics | None:
    """The macro-average of per-question scores; None when there are none."""
    items = list(scores)
    if not items:
        return None
    n = len(items)
    columns = list(zip(*(s.as_tuple() for s in items), strict=True))
    # min() guards the [0, 1] validator against fsum's last-bit rounding on all-ones columns.
    r5, r10, ndcg, mrr = (min(1.0, math.fsum(c) / n) for c in columns)
    return RetrievalMetrics(recall_at_5=r5, recall_at_10=r10, ndcg_at_10=ndcg, mrr=mrr)
