"""Built-in adapters: reference memory systems that need nothing but the corpus.

Select one with ``--adapter builtin:<name>`` or build it in Python::

    from recallbench.adapters import builtin_adapter
    adapter = builtin_adapter("bm25", {"top_k": 8})

========================  ====================================================================
``bm25``                  a BM25 index over session sections, extractive answers, abstains below
                          a calibrated threshold (:class:`~recallbench.adapters.lexical.Bm25Adapter`)
``fts5``                  SQLite FTS5 ranked by ``bm25()``, seed 004's reference retriever
                          (:class:`~recallbench.adapters.lexical.Fts5Adapter`)
``dense``                 all-MiniLM-L6-v2 embeddings ranked by cosine, in numpy; needs the
                          ``dense`` extra (:class:`~recallbench.adapters.dense.DenseAdapter`)
``hybrid``                bm25 and dense fused by weighted reciprocal rank fusion of their day
                          rankings; needs the ``dense`` extra (:class:`~recallbench.adapters.hybrid.HybridAdapter`)
``recency``               answers only from the most recent N days
``null``                  always abstains: the floor
``random``                random sentences from memory: a noisier floor
``oracle``                extractive answers from the question's relevant days: the retrieval ceiling
``echo-reference``        the reference answer itself: the judge's ceiling
========================  ====================================================================

Every class takes one optional argument, the config mapping (a profile's ``harness.config``); the
keys each knows are listed in its docstring, and an unknown key is a
:class:`~recallbench.errors.ConfigError`. All of them answer ``"Not mentioned in memory: no evidence
found."`` (:data:`ABSTENTION`; their ``abstention`` config key changes it) when they abstain, report retrieval entries with day numbers through
``query_detail``, and honour the query session on multi-session personas.

The package also holds the adapter seam itself (:mod:`.base`: the
:class:`~recallbench.adapters.base.Adapter` protocol and what an answer may report,
:class:`~recallbench.adapters.base.QueryDetail`, :class:`~recallbench.adapters.base.RetrievalEntry` and
:class:`~recallbench.adapters.base.ToolCall`; all but the last are on the front door too,
``recallbench.Adapter`` …), the retrieval engines the lexical baselines stand on (:mod:`.retrieval`)
and the gRPC door in both directions (:mod:`.grpc`: a client that is an adapter, a server that exposes
any adapter). Importing it is cheap: the baselines (numpy) load on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_getattr

if TYPE_CHECKING:
    from ._memory import ABSTENTION
    from .base import Adapter, QueryDetail, RetrievalEntry, ToolCall
    from .baselines import (
        EchoReferenceAdapter,
        NullAdapter,
        OracleAdapter,
        RandomAdapter,
        RecencyAdapter,
    )
    from .builtin import (
        BUILTIN_ADAPTERS,
        BUILTIN_PREFIX,
        builtin_adapter,
        builtin_adapter_class,
        builtin_name,
    )
    from .dense import DenseAdapter
    from .hybrid import HybridAdapter
    from .lexical import Bm25Adapter, Fts5Adapter

__all__ = [
    "ABSTENTION",
    "BUILTIN_ADAPTERS",
    "BUILTIN_PREFIX",
    "Adapter",
    "Bm25Adapter",
    "DenseAdapter",
    "EchoReferenceAdapter",
    "Fts5Adapter",
    "HybridAdapter",
    "NullAdapter",
    "OracleAdapter",
    "QueryDetail",
    "RandomAdapter",
    "RecencyAdapter",
    "RetrievalEntry",
    "ToolCall",
    "builtin_adapter",
    "builtin_adapter_class",
    "builtin_name",
]

_LAZY = {
    "ABSTENTION": "_memory",
    "Adapter": "base",
    "QueryDetail": "base",
    "RetrievalEntry": "base",
    "ToolCall": "base",
    "BUILTIN_ADAPTERS": "builtin",
    "BUILTIN_PREFIX": "builtin",
    "Bm25Adapter": "lexical",
    "DenseAdapter": "dense",
    "EchoReferenceAdapter": "baselines",
    "Fts5Adapter": "lexical",
    "HybridAdapter": "hybrid",
    "NullAdapter": "baselines",
    "OracleAdapter": "baselines",
    "RandomAdapter": "baselines",
    "RecencyAdapter": "baselines",
    "builtin_adapter": "builtin",
    "builtin_adapter_class": "builtin",
    "builtin_name": "builtin",
}


__getattr__ = lazy_getattr(__name__, _LAZY, globals())
