"""Retrieval measured at the granularity the data has: turns, beside days. Pure.

Where a dataset names its evidence finer than a day (an imported conversation's ``D5:8``, session 5
turn 8, kept in ``QAPair.extra["evidenceTurns"]``) and the system says which turn each retrieved
memory came from (``RetrievalEntry.turn``), recall@5, recall@10, nDCG@10 and MRR are computed over
turns exactly as :mod:`~recallbench.results.retrieval_metrics` computes them over days: the entries'
turns in the order the system returned them, each once at its best position, against the gold turns.
The core knows only the key and the entry field; which data fills them is the importer's business.

The rules are the day-level ones (:mod:`~recallbench.results.measures`): a pair without evidence
(:func:`~recallbench.results.measures.has_evidence`) or without gold turns is not measured; an answer
whose entries name no turn has no turn metrics; and once any answer of a set has turn metrics, every
answer with gold turns counts, one without turn metrics (it retrieved nothing, its query failed, or it
named no turn this time) as a miss scoring 0. A system that reports no turns at all gets no
turn-level figures, never zeros.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..data.qa import EVIDENCE_TURNS, QAPair
from .evidence import MISSED, has_evidence
from .records import QuestionResult, RetrievalMetrics
from .retrieval_metrics import mean_scores, ndcg_at_k, recall_at_k, reciprocal_rank

__all__ = ["gold_turns", "question_turn_retrieval", "summarize_turn_retrieval", "turns_ranking"]


def gold_turns(pair: QAPair) -> tuple[str, ...]:
    """The pair's gold turns (``extra["evidenceTurns"]``) when it has evidence to retrieve; ()
    otherwise."""
    value = pair.extra.get(EVIDENCE_TURNS)
    if not isinstance(value, list | tuple) or not has_evidence(pair):
        return ()
    return tuple(dict.fromkeys(v for v in value if isinstance(v, str) and v))


def turns_ranking(entry_turns: Iterable[str | None]) -> list[str]:
    """The turns of retrieval entries in the system's order, each once, entries without one skipped.

    Examples:
        >>> turns_ranking(["D1:2", None, "D3:1", "D1:2"])
        ['D1:2', 'D3:1']
    """
    return list(dict.fromkeys(t for t in entry_turns if t))


def question_turn_retrieval(
    pair: QAPair, entry_turns: Iterable[str | None] | None
) -> RetrievalMetrics | None:
    """An answer's retrieval metrics against its gold turns; None when the pair has none, the
    system reports no retrieval (``entry_turns`` None), or no entry names a turn (the summary
    counts that as a miss once the system names turns elsewhere)."""
    if entry_turns is None:
        return None
    gold = gold_turns(pair)
    ranking = turns_ranking(entry_turns)
    if not gold or not ranking:
        return None
    return RetrievalMetrics(
        recall_at_5=recall_at_k(ranking, gold, 5),
        recall_at_10=recall_at_k(ranking, gold, 10),
        ndcg_at_10=ndcg_at_k(ranking, gold, 10),
        mrr=reciprocal_rank(ranking, gold),
    )


def summarize_turn_retrieval(
    results: Iterable[QuestionResult],
) -> tuple[RetrievalMetrics, int] | None:
    """The turn-level means and how many answers they are over, once any answer has turn metrics
    (None otherwise): every answer with gold turns counts, one without turn metrics as a miss."""
    answers = list(results)
    if not any(r.turn_retrieval_metrics is not None for r in answers):
        return None
    every = [
        r.turn_retrieval_metrics if r.turn_retrieval_metrics is not None else MISSED
        for r in answers
        if r.turn_retrieval_metrics is not None or gold_turns(r.qa)
    ]
    overall = mean_scores(every)
    assert overall is not None
    return overall, len(every)
