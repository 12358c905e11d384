"""The dense memory system: all-MiniLM-L6-v2 embeddings ranked by cosine (``builtin:dense``).

Like ``builtin:bm25`` it indexes every ingested day as chunks — one per session and ``###`` section
(:func:`recallbench.adapters.retrieval.base.chunk_day`) — retrieves the ``top_k`` chunks the query
session may see (:func:`recallbench.adapters._memory.visible`) and answers extractively from the best
``answer_chunks`` of them; only the ranking differs. Chunks and questions are embedded with
all-MiniLM-L6-v2 (:mod:`recallbench.adapters.retrieval.minilm`, a numpy forward pass, CPU only) and
ranked by cosine (:class:`~recallbench.adapters.retrieval.dense.DenseIndex`), so a chunk can be found
without a word in common with the question.

**Answers** are composed as bm25's are (:func:`~recallbench.adapters._memory.compose_answer`): the
``sentences`` sentences of the best chunk sharing the most idf-weighted question terms, so a judged
difference between the two adapters comes from what they retrieve, not from how they quote it. When
no sentence shares a term with the question (a paraphrase, which only the dense ranking finds), the
chunk's sentences closest to the question by cosine are quoted instead. Embedding a chunk's
sentences costs 50–300 ms on two busy cores, so it is done only then: a question otherwise costs
one short encode.

It abstains ("No evidence found in memory.") when the best visible chunk's cosine is below
``threshold``. A cosine is already on one scale for every question, so no normalisation is needed.

**Calibration** (``python benchmarks/calibrate_lexical.py --dense``): the six shipped personas
(their 1,000-day arcs, and the 180-day executive assistant; engine version 2) each ingested whole,
then every question asked once in its own query session, exactly as for bm25 (3,903 questions: 292
negative-recall, 3,497 answerable, 114 information-boundary refusals). The default maximises balanced
accuracy (the best is 0.811 at 0.489). Measured abstention rates (2026-11-26):

============  =========  ===============  ==========  ==================  =================
adapter       threshold  negative-recall  answerable  boundary refusals   balanced accuracy
============  =========  ===============  ==========  ==================  =================
dense         0.40       37.0%            2.3%        15.8%               0.67
dense         **0.49**   **81.5%**        **19.7%**   67.5%               **0.81**
dense         0.50       82.2%            23.5%       71.1%               0.79
dense         0.60       99.7%            63.9%       96.5%               0.68
============  =========  ===============  ==========  ==================  =================

Calibrated on all the corpora but one and applied to the one left out, the threshold lands between
0.470 and 0.489 and abstains on 67–87% of that corpus's negative-recall questions and 8–27% of its
answerable ones. A cosine separates "never mentioned" from "said in other words" far better than
bm25's normalised score on this data (0.61). On the first persona set the same calibration gave
0.54 (balanced accuracy 0.86).

Below the threshold the adapter still reports what it retrieved, so retrieval metrics see its
ranking whether or not it answered.

**Cost.** Encoding is the price: 30–85 chunks a second measured on two shared cores (84 when they
were nearly idle), so a 1,000-day persona (~10,000 chunks) takes two to five minutes
(docs/baselines.md). It is done in a worker thread at ``finalize_ingestion``, so the event loop stays
free. A question costs one short encode (about 10 ms on a quiet machine) and one matrix-vector
product. Vectors are cached by text for the whole process, so the ``fresh`` lifecycle's
re-ingestion at each checkpoint encodes only the days no earlier checkpoint held.

Needs the ``dense`` extra and the weights (:data:`~recallbench.adapters.retrieval.minilm.INSTALL_HINT`):
without them, ``builtin:dense`` is a one-line :class:`~recallbench.errors.ConfigError`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import anyio.to_thread
import numpy as np

from ._memory import (
    DEFAULT_SESSION,
    Chunk,
    Option,
    StoreAdapter,
    abstain,
    compose_answer,
    entry,
    pick_sentences,
    query_terms,
    visible,
)
from .base import QueryDetail
from .lexical import TermStats
from .retrieval.base import Document
from .retrieval.dense import DenseIndex
from .retrieval.minilm import MiniLMEncoder, dense_unavailable, load_encoder

__all__ = ["DENSE_THRESHOLD", "DenseAdapter"]

DENSE_THRESHOLD = 0.49
"""The calibrated default abstention threshold of :class:`DenseAdapter`: the best chunk's cosine
(see the module docstring)."""


class DenseAdapter(StoreAdapter):
    """all-MiniLM-L6-v2 over session sections, ranked by cosine; extractive answers from the best
    chunk (as bm25's, by meaning when no sentence shares a word); abstains below a calibrated
    cosine.

    Config keys: ``top_k`` (default 10), ``threshold`` (:data:`DENSE_THRESHOLD`), ``answer_chunks``
    (1), ``sentences`` (3), ``cite`` (false). ``encoder`` (Python only) replaces the shared
    all-MiniLM-L6-v2 encoder with any object of the same ``dim`` and ``encode``.

    Raises:
        ConfigError: the ``dense`` extra or the weights are missing (one line naming the install),
            or a config key is unknown or of the wrong kind.
    """

    name = "builtin:dense"
    OPTIONS: Mapping[str, Option] = {
        "top_k": Option(10, "count", "chunks retrieved (and reported: recall@10 needs ten)"),
        "threshold": Option(DENSE_THRESHOLD, "number", "abstain below this cosine"),
        "answer_chunks": Option(1, "count", "best chunks the answer's sentences come from"),
        "sentences": Option(3, "count", "sentences in an answer"),
        "cite": Option(False, "flag", "follow each sentence with (day N)"),
    }

    def __init__(
        self, config: Mapping[str, Any] | None = None, *, encoder: MiniLMEncoder | None = None
    ) -> None:
        super().__init__(config)
        self.encoder: MiniLMEncoder = encoder if encoder is not None else load_encoder()
        self.index = DenseIndex(self.encoder)
        self.stats = TermStats()

    @staticmethod
    def unavailable() -> str | None:
        """Why this adapter cannot be built here (one line naming the install), or None. Cheap:
        the registry asks before building one."""
        return dense_unavailable()

    async def setup(self) -> None:
        """Start from an empty memory and an empty index (the encoder and its cache are kept)."""
        await super().setup()
        self.index = DenseIndex(self.encoder)
        self.stats.clear()

    def added(self, chunks: list[Chunk]) -> None:
        if chunks:
            self.index.add([c.document for c in chunks])
            self.stats.add(c.text for c in chunks)

    def removed(self, chunks: list[Chunk]) -> None:
        if chunks:
            self.index.remove(c.document.id for c in chunks)
            self.stats.remove(c.text for c in chunks)

    async def finalize_ingestion(self) -> None:
        """Encode the chunks ingested since the last call, in a worker thread (seconds to minutes:
        the event loop stays free meanwhile)."""
        if self.index.pending:
            await anyio.to_thread.run_sync(self.index.finalize)

    def retrieve(
        self, question: str, session: str = DEFAULT_SESSION
    ) -> tuple[list[tuple[Chunk, float]], float]:
        """The best chunks ``session`` may see with their cosines, and the best cosine (0 when the
        memory is empty). The threshold applies to the latter; the calibration script reads it
        here."""
        store = self.store
        if not store.chunks:
            return [], 0.0

        def allow(document: Document) -> bool:
            return visible(store.chunk(document), session)

        hits = self.index.search(question, self.settings["top_k"], allow=allow)
        ranked = [(store.chunk(document), score) for document, score in hits]
        return ranked, (ranked[0][1] if ranked else 0.0)

    def _answer(self, question: str, candidates: Sequence[Chunk]) -> str | None:
        weights = {t: self.stats.idf(t) for t in query_terms(question)}
        sentences, cite = self.settings["sentences"], self.settings["cite"]
        answer = compose_answer(self.store, candidates, weights, sentences=sentences, cite=cite)
        if answer is not None:
            return answer
        # No sentence shares a word with the question: quote the ones closest in meaning.
        query = self.index.embed(question)
        store = self.store

        def closeness(chunk: Chunk) -> Sequence[float]:
            texts = store.sentences(chunk)
            if not texts:
                return []
            cosines: np.ndarray[Any, np.dtype[np.float32]] = self.encoder.encode(texts) @ query
            values: list[float] = cosines.tolist()
            return values

        return pick_sentences(store, candidates, closeness, sentences=sentences, cite=cite)

    async def query_detail(self, question: str, *, session: str = DEFAULT_SESSION) -> QueryDetail:
        """The answer composed from the best chunks the session may see, or the abstention when the
        best of them is below the threshold."""
        ranked, best = self.retrieve(question, session)
        retrieval = [entry(chunk, score) for chunk, score in ranked]
        if not ranked or best < self.settings["threshold"]:
            return abstain(retrieval)
        answer = self._answer(question, [c for c, _ in ranked[: self.settings["answer_chunks"]]])
        if answer is None:
            return abstain(retrieval)
        return QueryDetail(answer=answer, retrieval=tuple(retrieval))
