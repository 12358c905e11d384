"""Reference points for a heatmap: floors, a recency-biased system and two ceilings.

* :class:`NullAdapter` (``builtin:null``) always abstains: the floor every system should beat.
* :class:`RandomAdapter` (``builtin:random``) answers with random sentences from memory: a noisier
  floor (it is sometimes right by luck, and is penalised for asserting unrelated facts).
* :class:`RecencyAdapter` (``builtin:recency``) answers only from the most recent N days: high on
  fresh facts, collapsing on old ones, the recency bias a heatmap should show.
* :class:`OracleAdapter` (``builtin:oracle``) answers extractively from the question's relevant days
  (those already ingested): the retrieval ceiling. When it scores low, the judge or the data are
  suspect, not retrieval.
* :class:`EchoReferenceAdapter` (``builtin:echo-reference``) returns the reference answer itself: the
  judge's own ceiling (a judge worth using gives it at least 5.8 of 6).

The oracle and echo-reference cheat on purpose: their ``query_detail`` takes the pair (``qa``), which
the harness passes only to methods that ask for it. Called without it they abstain. The ones that
read memory honour the query session (see :func:`recallbench.adapters._memory.visible`). Their
scores under the rubric judge are listed in :mod:`recallbench.adapters.lexical`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import attrs

from ..data.corpus import DayMetadata
from ..data.qa import EVIDENCE_TURNS, QAPair
from ._memory import (
    ABSTAINING,
    DEFAULT_SESSION,
    Abstaining,
    Chunk,
    Option,
    StoreAdapter,
    cite_day,
    compose_answer,
    entry,
    parse_options,
    query_terms,
)
from .base import QueryDetail, RetrievalEntry
from .capabilities import memory_id_day

__all__ = [
    "EchoReferenceAdapter",
    "NullAdapter",
    "OracleAdapter",
    "RandomAdapter",
    "RecencyAdapter",
]

_SENTENCES = Option(3, "count", "sentences in an answer")
_TOP_K = Option(5, "count", "chunks retrieved")
_CITE = Option(False, "flag", "follow each sentence with (day N)")


def _unit_weights(question: str) -> dict[str, float]:
    return dict.fromkeys(query_terms(question), 1.0)


def _held(days: set[int], memory_id: str) -> int:
    """The day ``memory_id`` names, which must be in ``days`` (else KeyError; ValueError: no day)."""
    day = memory_id_day(memory_id)
    if day not in days:
        raise KeyError(f'no memory "{memory_id}": day {day} is not held')
    return day


class NullAdapter(Abstaining):
    """Always abstains (:data:`ABSTENTION`), retrieving nothing.

    Args:
        config: takes one key, ``abstention`` (another wording of the abstention), or none.

    Raises:
        ConfigError: any key is given.
    """

    name = "builtin:null"

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        self.settings = parse_options(self.name, ABSTAINING, config)
        self.days: set[int] = set()

    async def setup(self) -> None:
        """Forget which days were ingested."""
        self.days.clear()

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        """Remember nothing but that ``day`` was ingested (so delete and update know it)."""
        self.days.add(day)

    async def delete_memory(self, memory_id: str) -> None:
        """Forget that the day was ingested (KeyError when it was not; ValueError: no day)."""
        self.days.discard(_held(self.days, memory_id))

    async def update_memory(self, memory_id: str, content: str) -> None:
        """Nothing to replace (KeyError when the day was not ingested; ValueError: no day)."""
        _held(self.days, memory_id)

    async def finalize_ingestion(self) -> None:
        """Nothing to finalise."""

    async def query_detail(self, question: str) -> QueryDetail:
        """The abstention."""
        return self.abstain()

    async def query(self, question: str) -> str:
        """The abstention."""
        return self.abstention

    async def teardown(self) -> None:
        """Nothing to release but the days ingested."""
        self.days.clear()


class RecencyAdapter(StoreAdapter):
    """Answers only from the most recent ``days`` ingested days.

    Among the visible chunks of the days ``last - days + 1 … last`` (``last`` the latest day
    ingested), the ``top_k`` sharing most question terms are retrieved and the answer is composed
    from their sentences. With no overlap it abstains.

    Config keys: ``days`` (default 30), ``top_k`` (5), ``sentences`` (3), ``cite`` (false).
    """

    name = "builtin:recency"
    OPTIONS: Mapping[str, Option] = {
        "days": Option(30, "count", "how many recent days it answers from"),
        "top_k": _TOP_K,
        "sentences": _SENTENCES,
        "cite": _CITE,
    }

    async def query_detail(self, question: str, *, session: str = DEFAULT_SESSION) -> QueryDetail:
        """An answer from the recent days' chunks that best match the question."""
        held = self.store.days
        if not held:
            return self.abstain()
        first = held[-1] - self.settings["days"] + 1
        recent = self.store.chunks_of((d for d in held if d >= first), session)
        weights = _unit_weights(question)
        ranked = self.store.rank_by_overlap(recent, weights)[: self.settings["top_k"]]
        retrieval = [entry(chunk, score) for chunk, score in ranked]
        answer = compose_answer(
            self.store,
            [chunk for chunk, _ in ranked],
            weights,
            sentences=self.settings["sentences"],
            cite=self.settings["cite"],
        )
        if answer is None:
            return self.abstain(retrieval)
        return QueryDetail(answer=answer, retrieval=tuple(retrieval))


class RandomAdapter(StoreAdapter):
    """Answers with ``sentences`` random sentences of random visible chunks.

    Deterministic: the choice depends only on ``seed``, the question, its session and what was
    ingested, so a rerun (or a resumed run) gives the same answers.

    Config keys: ``seed`` (default 0), ``sentences`` (3), ``cite`` (false).
    """

    name = "builtin:random"
    OPTIONS: Mapping[str, Option] = {
        "seed": Option(0, "int", "the random seed"),
        "sentences": _SENTENCES,
        "cite": _CITE,
    }

    async def query_detail(self, question: str, *, session: str = DEFAULT_SESSION) -> QueryDetail:
        """Random sentences, with the chunks they were drawn from."""
        pool = self.store.visible_chunks(session)
        if not pool:
            return self.abstain()
        # Seeded from a string: random.Random hashes it with SHA-512, so the draw does not depend on
        # PYTHONHASHSEED or on the order questions are asked in.
        rng = random.Random(f"{self.settings['seed']}\x00{session}\x00{question}")
        wanted = min(self.settings["sentences"], len(pool))
        picked: list[Chunk] = []
        seen: set[int] = set()
        # Draw chunk positions until enough chunks with a sentence are found (a heading-only chunk
        # has none); bounded, so a memory of empty chunks ends in an abstention, not a loop.
        for _ in range(20 * wanted):
            if len(picked) == wanted:
                break
            i = rng.randrange(len(pool))
            if i in seen:
                continue
            seen.add(i)
            if self.store.sentences(pool[i]):
                picked.append(pool[i])
        if not picked:
            return self.abstain()
        parts = []
        for chunk in picked:
            sentence = rng.choice(self.store.sentences(chunk))
            parts.append(cite_day(sentence, chunk.day) if self.settings["cite"] else sentence)
        return QueryDetail(
            answer=" ".join(parts), retrieval=tuple(entry(chunk, None) for chunk in picked)
        )


class OracleAdapter(StoreAdapter):
    """Answers extractively from the question's relevant days: the retrieval ceiling.

    Its ``query_detail`` asks for the pair (``qa``). The candidates are the visible chunks of
    ``qa.relevant_days`` already ingested — never a later day's — ranked by the question terms they
    share; the answer is composed from them as the lexical adapters compose theirs. It abstains when
    it has no pair, when none of the relevant days is ingested yet, when nothing visible shares a
    term with the question, for negative-recall pairs (their relevant days hold, by construction, no
    evidence: a perfect retriever finds none) and for information-boundary pairs whose expected
    disclosure is ``refuse`` (the evidence is in a session the question may not see). Where the
    pair names its evidence turns (``extra["evidenceTurns"]``) and the day logs mark them, its
    retrieval is those turns (one entry each, ``turn`` set) from every chunk holding one: the
    retrieval ceiling at turn level, whatever ``top_k``.

    Config keys: ``top_k`` (default 5), ``sentences`` (3), ``cite`` (false).
    """

    name = "builtin:oracle"
    OPTIONS: Mapping[str, Option] = {"top_k": _TOP_K, "sentences": _SENTENCES, "cite": _CITE}

    async def query_detail(
        self, question: str, *, session: str | None = None, qa: QAPair | None = None
    ) -> QueryDetail:
        """An answer from the relevant days of ``qa`` (None: abstain)."""
        if qa is None:
            return self.abstain()
        session = session or qa.query_session or DEFAULT_SESSION
        days = [d for d in qa.relevant_days if d in self.store]
        chunks = _evidence_chunks(self.store.chunks_of(days, session), qa)
        weights = _unit_weights(question)
        every = self.store.rank_by_overlap(chunks, weights)
        ranked = every[: self.settings["top_k"]]
        held = {id(chunk) for chunk, _ in every}
        unranked = [(chunk, 0.0) for chunk in chunks if id(chunk) not in held]
        retrieval = _evidence_turns([*every, *unranked], qa) or [
            entry(chunk, score) for chunk, score in ranked
        ]
        if qa.category == "negative-recall" or (
            qa.category == "information-boundary" and qa.expected_disclosure == "refuse"
        ):
            return self.abstain(retrieval)
        answer = compose_answer(
            self.store,
            [chunk for chunk, _ in ranked],
            weights,
            sentences=self.settings["sentences"],
            cite=self.settings["cite"],
        )
        if answer is None:
            return self.abstain(retrieval)
        return QueryDetail(answer=answer, retrieval=tuple(retrieval))

    async def query(self, question: str, *, session: str = DEFAULT_SESSION) -> str:
        """Without the pair the oracle knows nothing: the abstention."""
        return self.abstention


def _evidence_chunks(chunks: list[Chunk], qa: QAPair) -> list[Chunk]:
    """Where the pair names its evidence finer than a day (``extra["evidenceTurns"]``) and the
    day logs write each turn with its id (``[D5:8] …``, ``[12] user: …``), the chunks holding
    those turns; else every chunk of the relevant days."""
    turns = qa.extra.get(EVIDENCE_TURNS)
    if not isinstance(turns, list) or not turns:
        return chunks
    marks = tuple(f"[{t}]" for t in turns)
    held = [c for c in chunks if any(m in c.text for m in marks)]
    return held or chunks


def _evidence_turns(ranked: list[tuple[Chunk, float]], qa: QAPair) -> list[RetrievalEntry] | None:
    """Where the pair names its evidence turns and the ranked chunks hold them, one entry per
    evidence turn (``turn`` set), in the chunks' order (those sharing no question term last): the
    retrieval ceiling at turn level, every chunk holding evidence searched, not only the ``top_k``
    the answer reads. None otherwise."""
    turns = qa.extra.get(EVIDENCE_TURNS)
    if not isinstance(turns, list) or not turns:
        return None
    out: list[RetrievalEntry] = []
    seen: set[str] = set()
    for chunk, score in ranked:
        for turn in turns:
            name = str(turn)
            if name not in seen and f"[{name}]" in chunk.text:
                seen.add(name)
                out.append(attrs.evolve(entry(chunk, score), turn=name))
    return out or None


class EchoReferenceAdapter(Abstaining):
    """Returns the reference answer (``qa.answer``): the judge's ceiling.

    Its retrieval entries are the pair's relevant days already ingested (``memories/day-0005.md``),
    so retrieval metrics see a perfect ranking too. Without the pair it abstains.

    Args:
        config: takes one key, ``abstention`` (another wording of the abstention), or none.

    Raises:
        ConfigError: any key is given.
    """

    name = "builtin:echo-reference"

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        self.settings = parse_options(self.name, ABSTAINING, config)
        self.days: set[int] = set()

    async def setup(self) -> None:
        """Forget the days ingested."""
        self.days.clear()

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        """Note that ``day`` is ingested (its content is not needed)."""
        self.days.add(day)

    async def delete_memory(self, memory_id: str) -> None:
        """Forget the day: it is no longer reported as retrieved (KeyError when it is not held;
        ValueError: no day). The answer is still the reference: this adapter cheats on purpose."""
        self.days.discard(_held(self.days, memory_id))

    async def update_memory(self, memory_id: str, content: str) -> None:
        """Nothing to replace: the content is never read (KeyError when the day is not held)."""
        _held(self.days, memory_id)

    async def finalize_ingestion(self) -> None:
        """Nothing to finalise."""

    async def query_detail(
        self, question: str, *, session: str | None = None, qa: QAPair | None = None
    ) -> QueryDetail:
        """The reference answer, with the relevant days ingested as its retrieval."""
        if qa is None:
            return self.abstain()
        retrieval = tuple(
            RetrievalEntry(path=f"memories/day-{d:04d}.md", day=d)
            for d in qa.relevant_days
            if d in self.days
        )
        return QueryDetail(answer=qa.answer, retrieval=retrieval)

    async def query(self, question: str) -> str:
        """Without the pair there is no reference: the abstention."""
        return self.abstention

    async def teardown(self) -> None:
        """Forget the days ingested."""
        self.days.clear()
