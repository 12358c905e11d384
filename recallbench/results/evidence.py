"""Which answers the retrieval metrics measure, and what a miss scores: shared by the day-level
(:mod:`.measures`) and turn-level (:mod:`.turn_retrieval`) figures. Pure."""

from __future__ import annotations

from ..data.qa import NO_EVIDENCE, QAPair
from .records import RetrievalMetrics

__all__ = ["MISSED", "NO_EVIDENCE_CATEGORIES", "has_evidence"]

NO_EVIDENCE_CATEGORIES = frozenset({"negative-recall"})
"""Categories whose relevant days mark where the question was planted, not evidence to retrieve."""


MISSED = RetrievalMetrics(recall_at_5=0.0, recall_at_10=0.0, ndcg_at_10=0.0, mrr=0.0)
"""The metrics of an answer that retrieved nothing."""


def has_evidence(pair: QAPair) -> bool:
    """Whether a pair has evidence to retrieve: not a category without evidence, and not an
    abstention question an importer marked (``extra["abstention"]``), which an official retrieval
    evaluation skips (its relevant days are the whole haystack, not evidence), nor a pair whose
    data names no evidence (``extra["noEvidence"]``: every day relevant, none of them evidence)."""
    if pair.category in NO_EVIDENCE_CATEGORIES or not pair.relevant_days:
        return False
    return pair.extra.get("abstention") is not True and pair.extra.get(NO_EVIDENCE) is not True
