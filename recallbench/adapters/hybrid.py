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
``w / (k + rank)`` summed over the rankings that hold it, dense weighing ``dense_weight`` and bm25
``1 - dense_weight``), and the ``top_k`` best days are reported, each by the chunk of the ranker that
placed it higher (bm25's chunk, or dense's passage, with its path), scored by the fused score. So
ten entries are ten days, which is what recall@10 counts. ``fusion: minmax`` fuses min-max
normalised scores instead (:func:`~recallbench.adapters.retrieval.fusion.normalised_score_fusion`).

**Why these defaults** (``rrf``, ``k`` 60, equal weights, ``depth`` 50): chosen on nine corpora, as
dense's hubness setting was — the six shipped personas, the 180-day executive assistant, the original
project's 180-day executive assistant and the LoCoMo-shaped file — for the best mean recall@10 among
the settings that lose least to the better parent on any corpus (``python
benchmarks/bench_hybrid.py grid``; the figures are in docs/baselines.md).

**Answers** are composed as dense composes its own (bm25's extractive rule, with dense's fallback
to the sentences closest in meaning when none shares a word with the question), from the best
``answer_chunks`` days, each day offering both rankers' chunks of it (the better-placed first).

**Abstention** reads dense's signal: the best visible passage's cosine below ``threshold`` (dense's
calibrated 0.49). The cosine separates "never mentioned" from "said in other words" far better than
bm25's normalised score does on this data (balanced accuracy 0.81 against 0.61: the two modules'
docstrings), and it is the same number whatever the fusion, so dense's calibration holds for it.

Deleting or updating a day deletes or updates it in both parents. Needs what dense needs (the
``dense`` extra and the weights); without them ``builtin:hybrid`` is a one-line
:class:`~recallbench.errors.ConfigError`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

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
from .retrieval.fusion import FUSION_METHODS, RRF_K, fuse
from .retrieval.minilm import MiniLMEncoder, dense_unavailable

__all__ = ["HYBRID_DEPTH", "DayRanking", "HybridAdapter"]

HYBRID_DEPTH = 50
"""Days each ranker contributes to the fusion by default."""

_LEXICAL_CHUNKS_PER_DAY = 5
"""bm25 is asked for this many chunks per day of ``depth`` (several of its best chunks are often
one day's), so its day ranking still reaches ``depth`` days."""

# The keys dense takes beyond the answer settings every built-in has: passed through to it.
_DENSE_KEYS = ("passage_tokens", "overlap_tokens", "day_passages", "hub_neighbours", "hub_weight")

DayRanking = list[tuple[int, float, Chunk]]
"""A ranking of days, best first: the day, its score and the chunk that represents it."""


class HybridAdapter(Abstaining):
    """``builtin:bm25`` and ``builtin:dense`` composed: their day rankings fused by weighted
    reciprocal rank fusion; extractive answers as dense's; abstains below dense's calibrated cosine.

    Config keys: ``top_k`` (10 days), ``fusion`` (``rrf``; or ``minmax``), ``rrf_k`` (60),
    ``dense_weight`` (0.5; bm25 weighs the rest), ``depth`` (50 days from each ranker),
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
        "rrf_k": Option(RRF_K, "number", "reciprocal rank fusion's k: a day scores w/(k + rank)"),
        "dense_weight": Option(0.5, "number", "dense's weight in the fusion, 0-1 (bm25: the rest)"),
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
        if not self.settings["dense_weight"] <= 1:
            raise ConfigError(
                f"{self.name} config key 'dense_weight' must be between 0 and 1, "
                f"got {self.settings['dense_weight']!r}"
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

    def rankings(
        self, question: str, session: str = DEFAULT_SESSION
    ) -> tuple[DayRanking, DayRanking, float]:
        """The two day rankings the fusion reads — bm25's (each day at its best chunk, ``depth``
        days at most) and dense's — and dense's best visible passage cosine (what the threshold
        applies to; 0 when the memory is empty)."""
        depth = self.settings["depth"]
        chunks, _, _ = self.lexical.retrieve(question, session)
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
        return lexical, dense, cosine

    def fuse(self, lexical: DayRanking, dense: DayRanking) -> list[tuple[int, float]]:
        """The two day rankings fused by the configured rule, best first (every day either holds).
        Dense goes first, so a tie goes to its day."""
        weight = self.settings["dense_weight"]
        return fuse(
            [[(d, s) for d, s, _ in dense], [(d, s) for d, s, _ in lexical]],
            method=self.settings["fusion"],
            weights=(weight, 1.0 - weight),
            k=self.settings["rrf_k"],
        )

    def retrieve(
        self, question: str, session: str = DEFAULT_SESSION
    ) -> tuple[list[tuple[Chunk, float, list[Chunk]]], float]:
        """The ``top_k`` best fused days the session may see — each as the chunk reporting it, its
        fused score and the chunks an answer may quote from it (the better-placed ranker's first) —
        and dense's best passage cosine (the threshold applies to it; the calibration script reads
        the last item)."""
        lexical, dense, cosine = self.rankings(question, session)
        lexical_at = {day: (rank, chunk) for rank, (day, _, chunk) in enumerate(lexical)}
        dense_at = {day: (rank, chunk) for rank, (day, _, chunk) in enumerate(dense)}
        out: list[tuple[Chunk, float, list[Chunk]]] = []
        for day, score in self.fuse(lexical, dense)[: self.settings["top_k"]]:
            found = [f for f in (dense_at.get(day), lexical_at.get(day)) if f is not None]
            found.sort(key=lambda f: f[0])  # by rank; a stable sort keeps dense's first on a tie
            chunks = [chunk for _, chunk in found]
            out.append((chunks[0], score, chunks))
        return out, cosine

    def _quotable(self, ranked: Sequence[tuple[Chunk, float, list[Chunk]]]) -> list[Chunk]:
        """The chunks of the best ``answer_chunks`` days, each once (a passage of a chunk is a
        different text, so both may be offered)."""
        out: list[Chunk] = []
        seen: set[str] = set()
        for _, _, chunks in ranked[: self.settings["answer_chunks"]]:
            for chunk in chunks:
                if chunk.document.id not in seen:
                    seen.add(chunk.document.id)
                    out.append(chunk)
        return out

    async def query_detail(self, question: str, *, session: str = DEFAULT_SESSION) -> QueryDetail:
        """The answer composed from the best fused days the session may see, or the abstention when
        dense's best passage cosine is below the threshold."""
        ranked, cosine = self.retrieve(question, session)
        retrieval = [entry(chunk, score) for chunk, score, _ in ranked]
        if not ranked or cosine < self.settings["threshold"]:
            return self.abstain(retrieval)
        # dense's composition: bm25's extractive rule, by meaning when no sentence shares a word.
        answer = self.dense._answer(question, self._quotable(ranked))
        if answer is None:
            return self.abstain(retrieval)
        return QueryDetail(answer=answer, retrieval=tuple(retrieval))

    async def query(self, question: str, *, session: str = DEFAULT_SESSION) -> str:
        """The answer alone."""
        return (await self.query_detail(question, session=session)).answer
