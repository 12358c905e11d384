"""The dense memory system: all-MiniLM-L6-v2 embeddings ranked by cosine (``builtin:dense``).

Like ``builtin:bm25`` it keeps every ingested day as chunks — one per session and ``###`` section
(:func:`recallbench.adapters.retrieval.base.chunk_day`). Each chunk is embedded whole when it fits
the passage budget (``passage_tokens``, 64 word pieces; the model's window is 256, which every
chunk of the shipped personas fits, and 91% of the executive assistant's fit 64), and otherwise as
passages within it, cut at paragraph, line and sentence breaks with overlap where a cut falls inside
a paragraph (``overlap_tokens``; :mod:`recallbench.adapters.retrieval.passages`), each headed by its
section's heading: a LoCoMo session of 800–1,850 word pieces is read whole instead of its first 256.
Passages and questions are embedded with all-MiniLM-L6-v2 (:mod:`recallbench.adapters.retrieval.minilm`,
a numpy forward pass, CPU only) and compared by cosine, so a passage can be found without a word in
common with the question.

**Retrieval ranks days**: a day scores its best visible passage's cosine less that passage's
hubness, ``hub_weight`` times its mean cosine with its ``hub_neighbours`` nearest other passages (a
routine line repeated on hundreds of days no longer crowds out the day that answers:
:class:`~recallbench.adapters.retrieval.dense.DenseIndex`; ``day_passages`` 1; the mean of a day's
best 2 or 3 was measured and ranked worse: docs/baselines.md), and the ``top_k`` best
days (the query session may see: :func:`recallbench.adapters._memory.visible`) are reported, each by
its best passage (its path, ``memories/day-0005.md#D5/0/p2`` for the third passage of a split
chunk, and snippet). So ten entries are ten days, which is what recall@10 counts.

**Answers** are composed as bm25's are (:func:`~recallbench.adapters._memory.compose_answer`) from
the best passage of each of the best ``answer_chunks`` days: its ``sentences`` sentences sharing the
most idf-weighted question terms, so a judged difference between the two adapters comes from what
they retrieve, not from how they quote it. When no sentence shares a term with the question (a
paraphrase, which only the dense ranking finds), the passage's sentences closest to the question by
cosine are quoted instead. Embedding a passage's sentences costs 50–300 ms on two busy cores, so it
is done only then: a question otherwise costs one short encode.

It abstains (its ``abstention`` text) when the best visible passage's cosine is below
``threshold``. A cosine is already on one scale for every question, so no normalisation is needed.

**Calibration** (``python benchmarks/calibrate_lexical.py --dense``): the six shipped personas
(their 1,000-day arcs, and the 180-day executive assistant; engine version 2) each ingested whole,
then every question asked once in its own query session, exactly as for bm25 (3,903 questions: 292
negative-recall, 3,497 answerable, 114 information-boundary refusals). The default maximises balanced
accuracy (the best is 0.807 at 0.489). Measured abstention rates (2026-11-29, with passages and the
hubness correction):

============  =========  ===============  ==========  ==================  =================
adapter       threshold  negative-recall  answerable  boundary refusals   balanced accuracy
============  =========  ===============  ==========  ==================  =================
dense         0.40       39.7%            3.0%        21.1%               0.68
dense         **0.49**   **81.5%**        **20.4%**   71.1%               **0.81**
dense         0.50       82.2%            24.0%       73.7%               0.79
dense         0.60       99.7%            63.3%       96.5%               0.68
============  =========  ===============  ==========  ==================  =================

Calibrated on all the corpora but one and applied to the one left out, the threshold lands between
0.486 and 0.489 and abstains on 74–85% of that corpus's negative-recall questions and 10–27% of its
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
import numpy.typing as npt

from ..errors import ConfigError
from ._memory import (
    DEFAULT_SESSION,
    Chunk,
    Option,
    StoreAdapter,
    compose_answer,
    entry,
    pick_sentences,
    query_terms,
    visible,
)
from .base import QueryDetail
from .lexical import TermStats
from .retrieval.dense import (
    DAY_PASSAGES,
    HUB_NEIGHBOURS,
    HUB_WEIGHT,
    DenseIndex,
    passage_documents,
)
from .retrieval.minilm import MiniLMEncoder, dense_unavailable, load_encoder
from .retrieval.passages import OVERLAP_PIECES, PASSAGE_PIECES

__all__ = ["DENSE_THRESHOLD", "DenseAdapter"]

DENSE_THRESHOLD = 0.49
"""The calibrated default abstention threshold of :class:`DenseAdapter`: the best chunk's cosine
(see the module docstring)."""


class DenseAdapter(StoreAdapter):
    """all-MiniLM-L6-v2 over passages of session sections, days ranked by their best passage's
    cosine; extractive answers from the best passage (as bm25's, by meaning when no sentence shares
    a word); abstains below a calibrated cosine.

    Config keys: ``top_k`` (default 10 days), ``threshold`` (:data:`DENSE_THRESHOLD`),
    ``answer_chunks`` (1 day's best passage), ``sentences`` (3), ``cite`` (false),
    ``passage_tokens`` (64), ``overlap_tokens`` (32), ``day_passages`` (1). ``encoder`` (Python
    only) replaces the shared all-MiniLM-L6-v2 encoder with any object of the same ``dim``,
    ``encode`` and ``word_counts``.

    Raises:
        ConfigError: the ``dense`` extra or the weights are missing (one line naming the install),
            or a config key is unknown or of the wrong kind.
    """

    name = "builtin:dense"
    OPTIONS: Mapping[str, Option] = {
        "top_k": Option(10, "count", "days retrieved (and reported: recall@10 needs ten)"),
        "threshold": Option(DENSE_THRESHOLD, "number", "abstain below this cosine"),
        "answer_chunks": Option(1, "count", "best days whose best passage the answer quotes"),
        "sentences": Option(3, "count", "sentences in an answer"),
        "cite": Option(False, "flag", "follow each sentence with (day N)"),
        "passage_tokens": Option(PASSAGE_PIECES, "count", "word pieces a passage holds at most"),
        "overlap_tokens": Option(OVERLAP_PIECES, "int", "word pieces a cut passage repeats"),
        "day_passages": Option(DAY_PASSAGES, "count", "a day scores the mean of its best N"),
        "hub_neighbours": Option(
            HUB_NEIGHBOURS, "count", "nearest passages a passage's hubness is the mean cosine of"
        ),
        "hub_weight": Option(HUB_WEIGHT, "number", "hubness a ranking score loses (0: cosine)"),
    }

    def __init__(
        self, config: Mapping[str, Any] | None = None, *, encoder: MiniLMEncoder | None = None
    ) -> None:
        super().__init__(config)
        if self.settings["overlap_tokens"] < 0:
            raise ConfigError(f"{self.name} config key 'overlap_tokens' must be >= 0")
        if not self.settings["hub_weight"] >= 0:
            raise ConfigError(f"{self.name} config key 'hub_weight' must be >= 0")
        self.encoder: MiniLMEncoder = encoder if encoder is not None else load_encoder()
        self.index = self._new_index()
        self.stats = TermStats()
        self._passages: dict[str, Chunk] = {}  # passage id -> the passage, as a chunk
        self._passages_of: dict[str, list[str]] = {}  # chunk id -> its passages' ids
        self._masks: dict[str, tuple[int, npt.NDArray[np.bool_]]] = {}  # session -> version, mask

    def _new_index(self) -> DenseIndex:
        return DenseIndex(
            self.encoder,
            hub_neighbours=self.settings["hub_neighbours"],
            hub_weight=self.settings["hub_weight"],
        )

    @staticmethod
    def unavailable() -> str | None:
        """Why this adapter cannot be built here (one line naming the install), or None. Cheap:
        the registry asks before building one."""
        return dense_unavailable()

    async def setup(self) -> None:
        """Start from an empty memory and an empty index (the encoder and its cache are kept)."""
        await super().setup()
        self.index = self._new_index()
        self.stats.clear()
        self._passages.clear()
        self._passages_of.clear()
        self._masks.clear()

    def added(self, chunks: list[Chunk]) -> None:
        if not chunks:
            return
        by_id = {c.document.id: c for c in chunks}
        pairs = passage_documents(
            [c.document for c in chunks],
            self.encoder,
            budget=self.settings["passage_tokens"],
            overlap=self.settings["overlap_tokens"],
        )
        for passage, source in pairs:
            chunk = by_id[source.id]
            if passage is not source:
                number = passage.id.rpartition("#p")[2]
                chunk = Chunk(
                    document=passage, path=f"{chunk.path}/p{number}", isolated=chunk.isolated
                )
            self._passages[passage.id] = chunk
            self._passages_of.setdefault(source.id, []).append(passage.id)
        self.index.add(p for p, _ in pairs)
        self.stats.add(c.text for c in chunks)

    def removed(self, chunks: list[Chunk]) -> None:
        if not chunks:
            return
        ids = [p for c in chunks for p in self._passages_of.pop(c.document.id, ())]
        for key in ids:
            del self._passages[key]
        self.store.forget_cached(ids)
        self.index.remove(ids)
        self.stats.remove(c.text for c in chunks)

    def _mask(self, session: str) -> npt.NDArray[np.bool_]:
        """Which indexed passages ``session`` may see, by row (cached until the index changes)."""
        found = self._masks.get(session)
        if found is None or found[0] != self.index.version:
            passages = self._passages
            mask = np.fromiter(
                (visible(passages[d.id], session) for d in self.index.documents),
                dtype=np.bool_,
                count=len(self.index),
            )
            found = self._masks[session] = (self.index.version, mask)
        return found[1]

    async def finalize_ingestion(self) -> None:
        """Encode the chunks ingested since the last call, in a worker thread (seconds to minutes:
        the event loop stays free meanwhile)."""
        if self.index.pending:
            await anyio.to_thread.run_sync(self.index.finalize)

    def retrieve(
        self, question: str, session: str = DEFAULT_SESSION
    ) -> tuple[list[tuple[Chunk, float]], float]:
        """The best days ``session`` may see, each as its best passage with the day's score, and the
        best passage cosine among them (0 when the memory is empty). The threshold applies to the
        latter (with ``day_passages`` 1 it is the first day's score); the calibration script reads
        it here."""
        if not self.store.chunks:
            return [], 0.0
        hits = self.index.search_grouped(
            question,
            self.settings["top_k"],
            top=self.settings["day_passages"],
            mask=self._mask(session),
        )
        ranked = [(self._passages[document.id], score) for document, score, _ in hits]
        return ranked, max((cosine for _, _, cosine in hits), default=0.0)

    def compose(self, question: str, candidates: Sequence[Chunk]) -> str | None:
        """The answer quoted from ``candidates`` (best first): bm25's extractive rule, the sentences
        sharing the question's rarest words; when none shares a word, the sentences closest to the
        question in meaning. None: nothing to quote."""
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
        """The answer composed from the best passages of the best days the session may see, or the
        abstention when the best passage's cosine is below the threshold."""
        ranked, best = self.retrieve(question, session)
        retrieval = [entry(chunk, score) for chunk, score in ranked]
        if not ranked or best < self.settings["threshold"]:
            return self.abstain(retrieval)
        answer = self.compose(question, [c for c, _ in ranked[: self.settings["answer_chunks"]]])
        if answer is None:
            return self.abstain(retrieval)
        return QueryDetail(answer=answer, retrieval=tuple(retrieval))
