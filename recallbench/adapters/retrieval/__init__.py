"""Retrievers: the seam (:class:`Retriever`) and the lexical engines the built-in baselines stand on.

* :mod:`~recallbench.adapters.retrieval.base` — :class:`Document`, :func:`chunk_day`, the
  :class:`Retriever` protocol (pure).
* :mod:`~recallbench.adapters.retrieval.tokenize` — the one pinned tokenizer of the baselines (pure).
* :mod:`~recallbench.adapters.retrieval.bm25` — :class:`BM25Index` / :class:`BM25Retriever` (numpy).
* :mod:`~recallbench.adapters.retrieval.fts5` — :class:`Fts5Retriever` (stdlib sqlite3 FTS5).
* :mod:`~recallbench.adapters.retrieval.dense` — :class:`DenseIndex` / :class:`DenseRetriever`:
  all-MiniLM-L6-v2 vectors ranked by cosine, over :mod:`~recallbench.adapters.retrieval.minilm`
  (the weights, the tokenizer, batches and a cache) and :mod:`~recallbench.adapters.retrieval.bert`
  (the numpy forward pass). Needs the ``dense`` extra.
* :mod:`~recallbench.adapters.retrieval.fusion` — reciprocal rank fusion and min-max score fusion
  of several rankings (pure), what ``builtin:hybrid`` fuses bm25's and dense's rankings with.

What measures them lives elsewhere: the metrics (recall@k, nDCG@k, reciprocal rank) in
:mod:`recallbench.results.retrieval_metrics`, the seed-004 retrieval benchmark (``recallbench
retrieval-eval``) in :mod:`recallbench.harness.retrieval_eval`.

The numpy-backed names are imported on first use (``tokenizers`` and ``safetensors`` only when a
dense encoder loads). The tokenizer function is not re-exported here: it would shadow its module;
import it as ``from recallbench.adapters.retrieval.tokenize import tokenize``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import lazy_getattr
from .base import CallableRetriever, Document, Retriever, as_retriever, chunk_day, retriever_name
from .tokenize import TOKENIZER_VERSION

if TYPE_CHECKING:
    from .bm25 import BM25Index, BM25Retriever
    from .dense import DenseIndex, DenseRetriever
    from .fts5 import Fts5Retriever

__all__ = [
    "TOKENIZER_VERSION",
    "BM25Index",
    "BM25Retriever",
    "CallableRetriever",
    "DenseIndex",
    "DenseRetriever",
    "Document",
    "Fts5Retriever",
    "Retriever",
    "as_retriever",
    "chunk_day",
    "retriever_name",
]

_LAZY = {
    "BM25Index": "bm25",
    "BM25Retriever": "bm25",
    "DenseIndex": "dense",
    "DenseRetriever": "dense",
    "Fts5Retriever": "fts5",
}


__getattr__ = lazy_getattr(__name__, _LAZY, globals())
