"""Retrieval: the lexical baselines, the retrieval metrics and the seed-004 retrieval benchmark.

* :mod:`~recallbench.retrieval.metrics` — recall@k, nDCG@k, reciprocal rank over day numbers (pure).
* :mod:`~recallbench.retrieval.tokenize` — the one pinned tokenizer of the baselines (pure).
* :mod:`~recallbench.retrieval.base` — :class:`Document`, :func:`chunk_day`, the :class:`Retriever`
  protocol (pure).
* :mod:`~recallbench.retrieval.bm25` — :class:`BM25Index` / :class:`BM25Retriever` (numpy).
* :mod:`~recallbench.retrieval.fts5` — :class:`Fts5Retriever` (stdlib sqlite3 FTS5).
* :mod:`~recallbench.retrieval.evaluate` — :func:`run_retrieval_eval` (numpy).

The numpy-backed names are imported on first use, so ``import recallbench`` (which reaches the
metrics) stays free of numpy. The tokenizer function is not re-exported here: it would shadow its
module; import it as ``from recallbench.retrieval.tokenize import tokenize``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .base import CallableRetriever, Document, Retriever, as_retriever, chunk_day, retriever_name
from .metrics import (
    METRICS,
    BootstrapInterval,
    RetrievalMetrics,
    days_ranking,
    mean_scores,
    ndcg_at_k,
    paired_bootstrap,
    recall_at_k,
    reciprocal_rank,
    retrieval_scores,
)
from .tokenize import TOKENIZER_VERSION

if TYPE_CHECKING:
    from .bm25 import BM25Index, BM25Retriever
    from .evaluate import (
        Comparison,
        QueryResult,
        RetrievalEvalResult,
        RetrieverReport,
        format_retrieval_eval,
        run_retrieval_eval,
    )
    from .fts5 import Fts5Retriever

__all__ = [
    "METRICS",
    "TOKENIZER_VERSION",
    "BM25Index",
    "BM25Retriever",
    "BootstrapInterval",
    "CallableRetriever",
    "Comparison",
    "Document",
    "Fts5Retriever",
    "QueryResult",
    "RetrievalEvalResult",
    "RetrievalMetrics",
    "Retriever",
    "RetrieverReport",
    "as_retriever",
    "chunk_day",
    "days_ranking",
    "format_retrieval_eval",
    "mean_scores",
    "ndcg_at_k",
    "paired_bootstrap",
    "recall_at_k",
    "reciprocal_rank",
    "retrieval_scores",
    "retriever_name",
    "run_retrieval_eval",
]

_LAZY = {
    "BM25Index": "bm25",
    "BM25Retriever": "bm25",
    "Fts5Retriever": "fts5",
    "Comparison": "evaluate",
    "QueryResult": "evaluate",
    "RetrievalEvalResult": "evaluate",
    "RetrieverReport": "evaluate",
    "format_retrieval_eval": "evaluate",
    "run_retrieval_eval": "evaluate",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip this hook
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
