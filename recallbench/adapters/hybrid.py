"""The hybrid memory system: ``builtin:bm25`` and ``builtin:dense`` fused (``builtin:hybrid``).

It is the two adapters composed, not a third copy of them: every ingested day goes to a
:class:`~recallbench.adapters.lexical.Bm25Adapter` and a :class:`~recallbench.adapters.dense.DenseAdapter`
(each keeps its own chunks and index, exactly as when it runs alone), and a question is put to both.

**Retrieval ranks days.** bm25 ranks chunks; its ranking becomes one of days (each day at its best
chunk's place, ``depth`` days at most). dense already ranks days (each by its best passage, less
hubness), ``depth`` of them. Both rankings honour the query session
(:func:`~recallbench.adapters._memory.visible`), so the fusion never sees a chunk the session may
not. The two day rankings are fused by weighted **reciprocal rank fusion**
(:func:`~recallbench.adapters.retrieval.fusion.reciprocal_rank_fusion`: a day scores
``w / (k + rank)`` summed over the rankings that hold it, ``k`` 5), dense's ranking weighing
``dense_weight`` (1) and bm25's ``bm25_weight`` (1) **times bm25's match**: the normalised score of
its best chunk, the share of the question's idf mass that chunk holds (BM25 over the question's idf
sum, :mod:`~recallbench.adapters.lexical`; the number bm25's own threshold reads). A question in
the log's own words lends bm25's ranking as much weight as dense's, or more; one worded away from
the log (a role for a name, a description for a thing) lends it little, and there bm25's ranking
is mostly wrong: on the 180-day executive assistant bm25's mean reciprocal rank is 0.20 for a match
under 0.25 and 0.55 for one of 0.5–0.75, while dense's stays between 0.55 and 0.59.
``bm25_by_match: false`` fuses with the two weights alone; ``fusion: minmax`` fuses min-max
normalised scores instead (:func:`~recallbench.adapters.retrieval.fusion.normalised_score_fusion`).
The ``top_k`` best days are reported, each by dense's best passage of it (its path, as dense
reports it), or, for a day only bm25 ranked, by bm25's best chunk of it, scored by the fused score.
So ten entries are ten days, which is what recall@10 counts.

**Why these defaults** (``rrf``, ``k`` 5, weights 1 and 1 × match, ``depth`` 100): chosen on nine
corpora, as dense's hubness setting was — the six shipped personas, the 180-day executive
assistant, the original project's 180-day executive assistant and the LoCoMo-shaped file — as the
largest mean recall@10 gain over the better parent among the settings that lose to it on none of
the corpora where any setting gains (``python benchmarks/bench_hybrid.py grid``; the figures are in
docs/baselines.md). On the original project's executive assistant no fusion setting reaches bm25
alone: dense is far behind there and adds more misses than finds.

**Answers** are composed as dense composes its own (bm25's extractive rule, with dense's fallback
to the sentences closest in meaning when none shares a word with the question), from the chunks
reporting the best ``answer_chunks`` days. Offering bm25's best chunk of the day beside dense's
passage scored worse: its sentences share more of the question's words and are more often another
matter of the same day (docs/baselines.md).

**Abstention** reads dense's signal: the best visible passage's cosine below ``threshold`` (dense's
calibrated 0.49). The cosine separates "never mentioned" from "said in other words" far better than
bm25's normalised score does on this data (balanced accuracy 0.81 against 0.61: the two modules'
docstrings), and it is the same number whatever the fusion, so dense's calibration holds for it.

Deleting or updating a day deletes or updates it in both parents. Needs what dense needs (the
``dense`` extra and the weights); without them ``builtin:hybrid`` is a one-line
:class:`~recallbench.errors.ConfigError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ..data.corpus import DayMetadata
from ..errors import ConfigError
from ._memory import (
    ABSTAINING,
    DEFAULT_SESSION,
    Abstaining,
    Chunk,
    Option,
    entry,
    parse_options,
)
from .base import QueryDetail
from .dense import DENSE_THRESHOLD, DenseAdapter
from .lexical import Bm25Adapter
from .retrieval.fusion import FUSION_METHODS, fuse
from .retrieval.minilm import MiniLMEncoder, dense_unavailable

__all__ = ["HYBRID_DEPTH", "HYBRID_RRF_K", "DayRanking", "HybridAdapter", "Rankings"]

HYBRID_DEPTH = 100
"""Days each ranker contributes to the fusion by default."""

HYBRID_RRF_K = 5.0
"""The hybrid's reciprocal rank fusion constant: a small ``k`` trusts each ranker's first places
(the grid in docs/baselines.md: 3 to 8 rank alike; 60, the usual, loses to dense on most corpora)."""

_LEXICAL_CHUNKS_PER_DAY = 5
"""bm25 is asked for this many chunks per day of ``depth`` (several of its best chunks are often
one day's), so its day ranking still reaches ``depth`` days."""

# The keys dense takes beyond the answer settings every built-in has: passed through to it.
_DENSE_KEYS = ("passage_tokens", "overlap_tokens", "day_passages", "hub_neighbours", "hub_weight")

DayRanking = list[tuple[int, float, Chunk]]
"""A ranking of days, best first: the day, its score and the chunk that represents it."""


@attrs.frozen(kw_only=True)
class Rankings:
    """What the fusion reads for one question.

    Attributes:
        lexical: bm25's day ranking (each day at its best chunk's place and score).
        dense: dense's day ranking (each day by its best passage, its score less hubness).
        cosine: dense's best visible passage cosine (the abstention threshold reads it; 0 when
            the memory is empty).
        match: bm25's normalised score of its best chunk (its BM25 over the question's idf mass;
            0 when nothing matched): how far the question is in the log's own words.
    """

    lexical: DayRanking
    dense: DayRanking
    cosine: float
    match: float


class HybridAdapter(Abstaining):
    """``builtin:bm25`` and ``builtin:dense`` composed: their day rankings fused by reciprocal rank
    fusion, bm25's weighted by how well its best chunk matches the question; extractive answers as
    dense's; abstains below dense's calibrated cosine.

    Config keys: ``top_k`` (10 days), ``fusion`` (``rrf``; or ``minmax``), ``rrf_k``
    (:data:`HYBRID_RRF_K`), ``dense_weight`` (1), ``bm25_weight`` (1), ``bm25_by_match`` (true:
    bm25's weight times its normalised score), ``depth`` (:data:`HYBRID_DEPTH` days from each ranker),
    ``threshold`` (:data:`~recallbench.adapters.dense.DENSE_THRESHOLD`, a cosine),
    ``answer_chunks`` (1 day), ``sentences`` (3), ``cite`` (false), and dense's ``passage_tokens``,
    ``overlap_tokens``, ``day_passages``, ``hub_neighbours``, ``hub_weight``. ``encoder`` (Python
    only) replaces the shared all-MiniLM-L6-v2 encoder, as for dense.

    Raises:
        ConfigError: the ``dense`` extra or the weights are missing (one line naming the install),
            or a config key is unknown or of the wrong kind.
    """

    name = "builtin:hybrid"
    OPTIONS: Mapping[str, Option] = {
        "top_k": Option(10, "count", "days retrieved (and reported: recall@10 needs ten)"),
        "fusion": Option("rrf", "text", "how the rankings are fused: rrf or minmax"),
        "rrf_k": Option(HYBRID_RRF_K, "number", "rank fusion's k: a day scores w/(k + rank)"),
        "dense_weight": Option(1.0, "number", "dense's weight in the fusion"),
        "bm25_weight": Option(1.0, "number", "bm25's weight in the fusion"),
        "bm25_by_match": Option(True, "flag", "bm25's weight times its best chunk's match"),
        "depth": Option(HYBRID_DEPTH, "count", "days each ranker contributes to the fusion"),
        "threshold": Option(DENSE_THRESHOLD, "number", "abstain below this cosine (dense's)"),
        "answer_chunks": Option(1, "count", "best days whose chunks the answer quotes"),
        "sentences": Option(3, "count", "sentences in an answer"),
        "cite": Option(False, "flag", "follow each sentence with (day N)"),
        **{key: DenseAdapter.OPTIONS[key] for key in _DENSE_KEYS},
    }

    def __init__(
        self, config: Mapping[str, Any] | None = None, *, encoder: MiniLMEncoder | None = None
    ) -> None:
        self.settings = parse_options(self.name, {**ABSTAINING, **self.OPTIONS}, config)
        if self.settings["fusion"] not in FUSION_METHODS:
            raise ConfigError(
                f"{self.name} config key 'fusion' must be one of {', '.join(FUSION_METHODS)}, "
                f"got {self.settings['fusion']!r}"
            )
        depth = self.settings["depth"]
        # The parents rank deeply and never abstain on their own: the hybrid decides.
        self.lexical = Bm25Adapter({"top_k": depth * _LEXICAL_CHUNKS_PER_DAY, "threshold": 0})
        try:
            self.dense = DenseAdapter(
                {
                    "top_k": depth,
                    "threshold": 0,
                    # dense composes the hybrid's answers (query_detail), so it quotes as told.
                    "sentences": self.settings["sentences"],
                    "cite": self.settings["cite"],
                    **{k: self.settings[k] for k in _DENSE_KEYS},
                },
                encoder=encoder,
            )
        except ConfigError as exc:  # dense's own checks, told as this adapter's
            raise ConfigError(str(exc).replace(DenseAdapter.name, self.name)) from None

    @staticmethod
    def unavailable() -> str | None:
        """Why this adapter cannot be built here (dense's reason: one line naming the install),
        or None."""
        return dense_unavailable()

    # -- the lifecycle: both parents, in step ------------------------------------------------------

    async def setup(self) -> None:
        """Start both parents from an empty memory."""
        await self.lexical.setup()
        await self.dense.setup()

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        """Give the day to both parents."""
        await self.lexical.ingest_day(day, content, metadata)
        await self.dense.ingest_day(day, content, metadata)

    async def finalize_ingestion(self) -> None:
        """bm25 compacts its index; dense encodes the new passages in a worker thread."""
        await self.lexical.finalize_ingestion()
        await self.dense.finalize_ingestion()

    async def delete_memory(self, memory_id: str) -> None:
        """Forget one ingested day (``"day-0007"``) in both parents.

        Raises:
            ValueError: the id names no day.
            KeyError: the day is not held (nothing is changed).
        """
        self.lexical.held_day(memory_id)  # refuse before either parent changes
        await self.lexical.delete_memory(memory_id)
        await self.dense.delete_memory(memory_id)

    async def update_memory(self, memory_id: str, content: str) -> None:
        """Replace one ingested day's log in both parents (searchable at once).

        Raises:
            ValueError: the id names no day.
            KeyError: the day is not held (nothing is changed).
        """
        self.lexical.held_day(memory_id)
        await self.lexical.update_memory(memory_id, content)
        await self.dense.update_memory(memory_id, content)

    async def teardown(self) -> None:
        """Release both parents' memories."""
        await self.lexical.teardown()
        await self.dense.teardown()

    # -- retrieval ---------------------------------------------------------------------------------

    def rankings(self, question: str, session: str = DEFAULT_SESSION) -> Rankings:
        """The two day rankings the fusion reads — bm25's (each day at its best chunk, ``depth``
        days at most) and dense's — with dense's best passage cosine and bm25's match."""
        depth = self.settings["depth"]
        chunks, _, match = self.lexical.retrieve(question, session)
        lexical: DayRanking = []
        seen: set[int] = set()
        for chunk, score in chunks:
            if chunk.day not in seen:
                seen.add(chunk.day)
                lexical.append((chunk.day, score, chunk))
                if len(lexical) == depth:
                    break
        days, cosine = self.dense.retrieve(question, session)
        dense: DayRanking = [(chunk.day, score, chunk) for chunk, score in days]
        return Rankings(lexical=lexical, dense=dense, cosine=cosine, match=match)

    def weights(self, match: float) -> tuple[float, float]:
        """dense's and bm25's weights for a question whose bm25 match is ``match``."""
        bm25 = self.settings["bm25_weight"]
        if self.settings["bm25_by_match"]:
            bm25 *= match
        return self.settings["dense_weight"], bm25

    def fuse(self, rankings: Rankings) -> list[tuple[int, float]]:
        """The two day rankings fused by the configured rule, best first (every day either holds).
        Dense goes first, so a tie goes to its day."""
        return fuse(
            [[(d, s) for d, s, _ in rankings.dense], [(d, s) for d, s, _ in rankings.lexical]],
            method=self.settings["fusion"],
            weights=self.weights(rankings.match),
            k=self.settings["rrf_k"],
        )

    def retrieve(
        self, question: str, session: str = DEFAULT_SESSION
    ) -> tuple[list[tuple[Chunk, float]], float]:
        """The ``top_k`` best fused days the session may see, each as the chunk reporting it (dense's
        best passage of the day, or bm25's best chunk of a day only bm25 ranked) with the fused
        score, and dense's best passage cosine (the threshold applies to it; the calibration script
        reads the last item)."""
        found = self.rankings(question, session)
        chunks = {day: chunk for day, _, chunk in found.lexical}
        chunks.update(
            (day, chunk) for day, _, chunk in found.dense
        )  # dense's passage if it has one
        fused = self.fuse(found)[: self.settings["top_k"]]
        return [(chunks[day], score) for day, score in fused], found.cosine

    async def query_detail(self, question: str, *, session: str = DEFAULT_SESSION) -> QueryDetail:
        """The answer composed from the best fused days the session may see, or the abstention when
        dense's best passage cosine is below the threshold."""
        ranked, cosine = self.retrieve(question, session)
        retrieval = [entry(chunk, score) for chunk, score in ranked]
        if not ranked or cosine < self.settings["threshold"]:
            return self.abstain(retrieval)
        # dense's composition: bm25's extractive rule, by meaning when no sentence shares a word.
        quoted = [chunk for chunk, _ in ranked[: self.settings["answer_chunks"]]]
        answer = self.dense.compose(question, quoted)
        if answer is None:
            return self.abstain(retrieval)
        return QueryDetail(answer=answer, retrieval=tuple(retrieval))

    async def query(self, question: str, *, session: str = DEFAULT_SESSION) -> str:
        """The answer alone."""
        return (await self.query_detail(question, session=session)).answer
