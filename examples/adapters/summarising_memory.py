"""A memory that keeps an LLM's summary of each day instead of the day itself.

At ``finalize_ingestion`` every new day is summarised by a model, one summary per session (so a
summary never mixes an isolated session with another); only the summaries are kept. A question is
answered by the same model from the ``top_k`` summaries ranked by BM25 among those its session may
see, dated, oldest first; when no summary shares a word with the question it abstains without a
model call. The summaries it used are reported as retrieval, so a run measures what the summaries
kept findable.

The model is any recallbench model selector (``openai:gpt-4o-mini``, ``anthropic:MODEL``,
``azure:DEPLOYMENT;URL``, ``claude``, ``pkg.module:attr``, …: docs/models.md), from the config key
``model`` or else the environment variable ``SUMMARY_MODEL``; or pass a model object:
``SummarisingMemory(model=my_model)``. Summaries are kept for the process by the day's text, so the
``fresh`` lifecycle, which ingests every earlier day again at each checkpoint, pays for each once.

Run it (from the repository root; a real model costs money, one call per day and session and one
per question)::

    SUMMARY_MODEL=openai:gpt-4o-mini python -m recallbench run \
        --adapter examples/adapters/summarising_memory.py --judge rubric \
        --data personas --personas executive-assistant --arcs arcs-180d.yaml --lifecycle incremental

Config keys: ``model``, ``top_k`` (5), ``max_words`` (summary length asked for, 120),
``concurrency`` (summaries asked for at once, 4).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from typing import Any

import anyio

from recallbench import DayMetadata, QueryDetail, RetrievalEntry
from recallbench.adapters.retrieval import BM25Index, Document
from recallbench.data.corpus import memory_id_day, split_sessions
from recallbench.errors import ConfigError
from recallbench.models import TextModel, aclose_model, load_model, to_completion

ABSTAIN = "No evidence found in memory."
_SESSION = "principal"

SUMMARY_SYSTEM = (
    "You maintain the long-term memory of an assistant. Summarise the log below in at most "
    "{max_words} words of plain sentences. Keep every name, number, amount, date, deadline, "
    "decision and change of plan, with who said it; drop greetings and small talk. Reply with the "
    "summary only."
)
ANSWER_SYSTEM = (
    "You answer questions from an assistant's memory notes, each dated. Answer in one or two "
    "sentences from the notes only; when notes disagree, the later one wins. If the notes do not "
    f"hold the answer, reply exactly: {ABSTAIN}"
)

_summaries: dict[tuple[str, str, int, str], str] = {}
"""Summaries already made in this process: (model, text digest, max_words, session) → summary."""


class SummarisingMemory:
    """The memory system under test: one model-written summary per day and session, BM25 over them."""

    name = "summarising-memory"

    def __init__(
        self, config: Mapping[str, Any] | None = None, *, model: TextModel | None = None
    ) -> None:
        config = dict(config or {})
        self.spec: str | None = config.pop("model", None) or os.environ.get("SUMMARY_MODEL")
        self.top_k = int(config.pop("top_k", 5))
        self.max_words = int(config.pop("max_words", 120))
        self.concurrency = int(config.pop("concurrency", 4))
        if config:
            raise ConfigError(
                f"summarising-memory: unknown config keys {sorted(config)}; "
                "use model, top_k, max_words, concurrency"
            )
        if model is None and not self.spec:
            raise ConfigError(
                "summarising-memory needs a model: config key 'model' or SUMMARY_MODEL=SELECTOR "
                "(e.g. openai:gpt-4o-mini)"
            )
        self._given = model
        self.model: Any = None
        self.index = BM25Index()
        self.notes: dict[str, tuple[Document, str]] = {}  # id → (summary, date)
        self.isolated: set[str] = set()
        self.pending: list[tuple[int, str, str, str]] = []  # day, date, session, body

    async def setup(self) -> None:
        """An empty memory; the model is built here, so an adapter can be built without a network."""
        if self.model is None:
            self.model = self._given if self._given is not None else load_model(self.spec or "")
        self.index = BM25Index()
        self.notes = {}
        self.isolated = set()
        self.pending = []

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        """Keep the day's sessions until ``finalize_ingestion`` summarises them."""
        self.isolated.update(metadata.isolated_sessions)
        sessions = split_sessions(content) or {_SESSION: content}
        for session, body in sessions.items():
            if body.strip():
                self.pending.append((day, metadata.date, session, body))

    async def finalize_ingestion(self) -> None:
        """Summarise every day and session ingested since the last call, ``concurrency`` at once."""
        batch, self.pending = self.pending, []
        made: list[tuple[int, str, str, str] | None] = [None] * len(batch)
        limiter = anyio.CapacityLimiter(max(1, self.concurrency))

        async def summarise(i: int, day: int, date: str, session: str, body: str) -> None:
            async with limiter:
                made[i] = (day, date, session, await self._summary(session, body))

        async with anyio.create_task_group() as tg:
            for i, (day, date, session, body) in enumerate(batch):
                tg.start_soon(summarise, i, day, date, session, body)
        documents = []
        for item in made:
            assert item is not None
            day, date, session, summary = item
            document = Document(id=f"d{day:04d}/{session}", text=summary, day=day, session=session)
            self.notes[document.id] = (document, date)
            documents.append(document)
        self.index.add(documents)

    async def _summary(self, session: str, body: str) -> str:
        key = (self.spec or repr(self.model), _digest(body), self.max_words, session)
        if key not in _summaries:
            reply = await self.model.complete(
                SUMMARY_SYSTEM.format(max_words=self.max_words), body, temperature=0.0
            )
            _summaries[key] = to_completion(reply).text
        return _summaries[key]

    def visible(self, document: Document, session: str) -> bool:
        """A summary of an isolated session answers only questions asked in that session."""
        return document.session == session or document.session not in self.isolated

    async def query_detail(self, question: str, *, session: str = _SESSION) -> QueryDetail:
        hits = (
            self.index.search(question, self.top_k, allow=lambda d: self.visible(d, session))
            if self.notes
            else []
        )
        retrieval = tuple(
            RetrievalEntry(path=doc.id, score=score, snippet=doc.text[:200], day=doc.day)
            for doc, score in hits
        )
        if not hits:
            return QueryDetail(answer=ABSTAIN)
        notes = sorted(hits, key=lambda hit: hit[0].day or 0)
        lines = [f"[{self.notes[doc.id][1]}] {doc.text}" for doc, _ in notes]
        message = "Memory notes:\n" + "\n".join(lines) + f"\n\nQuestion: {question}"
        reply = to_completion(await self.model.complete(ANSWER_SYSTEM, message, temperature=0.0))
        return QueryDetail(answer=reply.text or ABSTAIN, retrieval=retrieval)

    async def query(self, question: str, *, session: str = _SESSION) -> str:
        return (await self.query_detail(question, session=session)).answer

    async def delete_memory(self, memory_id: str) -> None:
        """Forget a day: its summaries leave the index (and any of its sessions still pending)."""
        day = memory_id_day(memory_id)
        ids = [key for key, (doc, _) in self.notes.items() if doc.day == day]
        waiting = [p for p in self.pending if p[0] == day]
        if not ids and not waiting:
            raise KeyError(memory_id)
        self.pending = [p for p in self.pending if p[0] != day]
        for key in ids:
            del self.notes[key]
        self.index.remove(ids)

    async def teardown(self) -> None:
        if self.model is not None and self._given is None:
            await aclose_model(self.model)
        self.model = None


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


adapter = SummarisingMemory
