"""memos-os (``pip install memos-os``, 2.3.x) benchmarked offline, with recallbench's own MiniLM as its embedder.

memos-os is a memory library for agents: ``learn(text, tags, metadata)`` stores a memory,
``recall(query, top, filter_tags)`` ranks them by a hybrid of BM25 keywords and the cosine of
embeddings it asks an Ollama-style ``POST /api/embed`` for (its ``embed_host``). Without a reachable
embedder it logs a warning per call and quietly ranks by keywords alone; this adapter refuses to run
that way (one line at setup).

**The embedder.** Unless ``embed_host`` is given, ``setup`` starts recallbench's embedding server
(``recallbench embed-serve``: :func:`recallbench.adapters.retrieval.embed_server.serve_embeddings`)
in this process on a free loopback port, and ``teardown`` stops it: nothing to start by hand,
nothing downloaded, and the vectors are ``builtin:dense``'s (all-MiniLM-L6-v2, cached per text for
the process). To use a server you run yourself (``recallbench embed-serve --port 11435``, or a real
Ollama), set ``embed_host``, or memos-os's own variable ``MEMOS_EMBED_HOST``.

**Ingestion.** Each day is cut into the chunks every built-in adapter uses (one per session and
``###`` section; a chunk over ``chunk_chars`` is cut further at line, then sentence, boundaries) and
each chunk is one memory, tagged with its day (``day-0007``) and ``shared`` or, when its session is
one of the day's isolated sessions, ``session:<name>``; its metadata holds the day, the date, the
session and the chunk. memos-os names a memory by a hash of its text, so two equal texts would be one
memory: each memory's text starts with its date (``[2026-01-07] …``), which keeps days apart.

**Queries.** ``recall`` the ``top_k`` best memories the question's session may see
(``filter_tags=["shared", "session:<asked in>"]``), reported as retrieval entries with their day
(path ``day-0007#principal/2``, the chunk), and answer extractively from the best one as
``builtin:bm25`` does (recallbench's ``compose_answer``: the sentences sharing the most idf-weighted
question words). It abstains (``builtin:bm25``'s abstention text) when nothing is recalled, no sentence
shares a word with the question, or the best score is under ``min_score``.

**Forgetting.** ``delete_memory("day-0007")`` is memos-os's ``forget_tag("day-0007")``;
``update_memory`` forgets the day and learns its new log.

memos-os's own extras are off, or kept inside the unit, so that a run writes nothing outside its
process: its disk embedding cache lives in a folder of the unit's own (removed at teardown; without
it, past the 5,000 embeddings it keeps in memory, every query re-embedded the rest), its recall
analytics (``~/.memos/analytics.db``) are off, and so are its content sanitizer (it refuses texts that look like secrets or prompt injections, and a benchmark
must keep every log) and its write-time dedup (``dedup: true`` turns it back on).

Run it (from the repository root; needs ``pip install memos-os`` and the dense extra)::

    python -m recallbench run --adapter examples/adapters/memos_memory.py --judge rubric \\
        --data personas --personas executive-assistant --arcs arcs-180d.yaml --ranges 30d

Config keys (a profile's ``config``): ``embed_host`` (default ``MEMOS_EMBED_HOST``; neither: start
one), ``top_k`` (10), ``answer_hits`` (1), ``sentences`` (3), ``min_score`` (0.0), ``chunk_chars``
(1000), ``cite`` (false), ``dedup`` (false), ``semantic_weight`` (memos-os's default).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from collections.abc import Mapping
from typing import Any

import anyio.to_thread

from recallbench import DayMetadata, QueryDetail, RetrievalEntry

# The answer rule of builtin:bm25, reused: the store's chunks and sentence cache, the extractive
# composer, the pinned tokenizer's question terms and the same idf.
from recallbench.adapters._memory import (
    DEFAULT_SESSION,
    Chunk,
    MemoryStore,
    abstain,
    compose_answer,
    query_terms,
    snippet,
)
from recallbench.adapters.lexical import TermStats
from recallbench.data.corpus import memory_id_day
from recallbench.errors import AdapterError, ConfigError

try:
    from memos import MemOS
except ImportError as exc:  # one line from --adapter instead of a traceback
    raise ImportError(
        "examples/adapters/memos_memory.py needs memos-os: pip install 'memos-os>=2.3,<2.4'"
    ) from exc

SHARED = "shared"
_DEFAULTS: dict[str, Any] = {
    "embed_host": None,
    "top_k": 10,
    "answer_hits": 1,
    "sentences": 3,
    "min_score": 0.0,
    "chunk_chars": 1000,
    "cite": False,
    "dedup": False,
    "semantic_weight": None,
}
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def day_tag(day: int) -> str:
    """The tag (and memory id) of a day: ``day-0007``."""
    return f"day-{day:04d}"


def session_tag(session: str) -> str:
    return f"session:{session}"


def pieces(text: str, limit: int) -> list[str]:
    """``text`` cut at line, then sentence, boundaries into pieces of at most about ``limit``
    characters, each starting with the text's ``###`` heading when it has one."""
    if len(text) <= limit:
        return [text]
    lines = text.splitlines()
    heading = lines[0] if lines and lines[0].startswith("#") else ""
    units: list[str] = []
    for line in lines[1:] if heading else lines:
        units.extend(_SENTENCE_END.split(line) if len(line) > limit else [line])
    out: list[str] = []
    current: list[str] = []
    size = 0
    for unit in units:
        if current and size + len(unit) > limit:
            out.append("\n".join(current))
            current, size = [], 0
        current.append(unit)
        size += len(unit) + 1
    if current:
        out.append("\n".join(current))
    return [f"{heading}\n{p}" if heading else p for p in out if p.strip()]


async def probe_embedder(url: str) -> str | None:
    """Why ``url`` cannot serve memos-os's embedding requests, or None when it can."""
    import aiohttp

    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as session:
            body = {"model": "all-MiniLM-L6-v2", "input": "recallbench probe"}
            async with session.post(f"{url}/api/embed", json=body) as response:
                if response.status != 200:
                    return f"HTTP {response.status}: {(await response.text())[:200]}"
                answer = await response.json(content_type=None)
    except (aiohttp.ClientError, TimeoutError, ValueError) as exc:
        return f"{type(exc).__name__}: {exc}"
    embeddings = answer.get("embeddings") if isinstance(answer, dict) else None
    if not (isinstance(embeddings, list) and embeddings and embeddings[0]):
        return "the response holds no embeddings"
    return None


class MemosMemory:
    """The memory system under test: memos-os, its embedder recallbench's MiniLM."""

    name = "memos-os"

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        settings = dict(config or {})
        unknown = sorted(set(settings) - set(_DEFAULTS))
        if unknown:
            raise ConfigError(f"memos-os: unknown config keys {unknown}: use {sorted(_DEFAULTS)}")
        self.settings = {**_DEFAULTS, **settings}
        self.memos: Any = None
        self.store = MemoryStore()
        self.stats = TermStats()
        self.embed_url: str | None = None
        self._chunks: dict[str, Chunk] = {}  # chunk id → chunk, for the hits' metadata
        self._learned: dict[int, list[str]] = {}  # day → the texts learned for it
        self._exit: contextlib.AsyncExitStack | None = None
        self._lock: anyio.Lock | None = None

    async def setup(self) -> None:
        """An empty memos-os memory, its embedder started (or reached) and checked."""
        self._exit = contextlib.AsyncExitStack()
        host = self.settings["embed_host"] or os.environ.get("MEMOS_EMBED_HOST") or None
        if host is None:
            from recallbench.adapters.retrieval.embed_server import serve_embeddings

            server = await self._exit.enter_async_context(serve_embeddings())
            host = server.url
        self.embed_url = str(host).rstrip("/")
        # memos-os keeps at most 5,000 embeddings in memory and re-embeds the rest at every query
        # (past ~5,000 memories a query took minutes): its disk cache goes in the unit's own
        # folder, removed at teardown, so a run still writes nothing outside it.
        folder = tempfile.mkdtemp(prefix="recallbench-memos-")
        self._exit.callback(shutil.rmtree, folder, ignore_errors=True)
        options: dict[str, Any] = {
            "embed_host": self.embed_url,
            "embed_model": "all-MiniLM-L6-v2",
            "sanitize": False,
            "cache_enabled": True,
            "cache_path": os.path.join(folder, "embeddings.db"),
            "analytics_enabled": False,
            "dedup_enabled": bool(self.settings["dedup"]),
            "embed_timeout": 120.0,
        }
        if self.settings["semantic_weight"] is not None:
            options["semantic_weight"] = float(self.settings["semantic_weight"])
        self.memos = MemOS(backend="memory", **options)
        self._lock = anyio.Lock()
        self.store.clear()
        self.stats.clear()
        self._chunks.clear()
        self._learned.clear()
        # memos-os falls back to keywords in silence when it cannot embed: refuse instead. The
        # probe asks what memos-os asks (POST {embed_host}/api/embed).
        problem = await probe_embedder(self.embed_url)
        if problem is not None:
            raise AdapterError(
                f"memos-os cannot embed through {self.embed_url}/api/embed: {problem} (is the "
                "server running? `recallbench embed-serve` starts one)"
            )

    async def _call(self, function: Any, *args: Any) -> Any:
        """Run a memos-os call on a worker thread (it blocks on HTTP to the embedder, which may be
        served by this very event loop), one at a time (memos-os is not documented thread-safe)."""
        assert self._lock is not None, "setup() first"
        async with self._lock:
            return await anyio.to_thread.run_sync(function, *args)

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        """Learn the day's chunks, each tagged with its day and who may see it."""
        chunks = self.store.add_day(day, content, metadata)
        if not chunks:
            return  # a day already held
        self.stats.add(c.text for c in chunks)
        await self._call(self._learn, day, metadata.date, chunks)

    def _learn(self, day: int, date: str, chunks: list[Chunk]) -> None:
        texts = self._learned.setdefault(day, [])
        for chunk in chunks:
            self._chunks[chunk.document.id] = chunk
            session = chunk.session or ""
            tags = [day_tag(day), session_tag(session) if chunk.isolated else SHARED]
            for n, piece in enumerate(pieces(chunk.text, int(self.settings["chunk_chars"]))):
                text = f"[{date}] {piece}"
                while text in texts:  # equal pieces of one day stay two memories
                    text += " "
                texts.append(text)
                meta = {
                    "day": day,
                    "date": date,
                    "session": session,
                    "chunk": chunk.document.id,
                    "piece": n,
                }
                self.memos.learn(text, tags=tags, metadata=meta)

    async def finalize_ingestion(self) -> None:
        """Nothing to do: memos-os embeds each memory as it learns it."""

    async def query_detail(self, question: str, *, session: str = DEFAULT_SESSION) -> QueryDetail:
        """The best memories ``session`` may see, and an extractive answer from the best of them."""
        if not self.store.chunks:
            return abstain(())
        found = await self._call(self._recall, question, session)
        ranked: list[tuple[Chunk, float]] = []
        for hit in found:
            chunk = self._chunks.get(str(hit.item.metadata.get("chunk", "")))
            if chunk is not None:
                ranked.append((chunk, float(hit.score)))
        retrieval = tuple(
            RetrievalEntry(
                path=f"{day_tag(chunk.day)}#{chunk.path.partition('#')[2]}",
                score=round(score, 6),
                snippet=snippet(chunk.text),
                day=chunk.day,
            )
            for chunk, score in ranked
        )
        if not ranked or ranked[0][1] < float(self.settings["min_score"]):
            return abstain(retrieval)
        best: list[Chunk] = []
        for chunk, _ in ranked:  # distinct chunks: a long chunk's pieces come back one by one
            if chunk not in best:
                best.append(chunk)
        answer = compose_answer(
            self.store,
            best[: int(self.settings["answer_hits"])],
            {t: self.stats.idf(t) for t in query_terms(question)},
            sentences=int(self.settings["sentences"]),
            cite=bool(self.settings["cite"]),
        )
        if answer is None:
            return abstain(retrieval)
        return QueryDetail(answer=answer, retrieval=retrieval)

    def _recall(self, question: str, session: str) -> list[Any]:
        top = int(self.settings["top_k"])
        return list(
            self.memos.recall(question, top=top, filter_tags=[SHARED, session_tag(session)])
        )

    async def query(self, question: str, *, session: str = DEFAULT_SESSION) -> str:
        return (await self.query_detail(question, session=session)).answer

    def _held(self, memory_id: str) -> int:
        day = memory_id_day(memory_id)
        if day not in self.store:
            raise KeyError(f'no memory "{memory_id}": day {day} is not held')
        return day

    async def delete_memory(self, memory_id: str) -> None:
        """Forget a day (``"day-0007"``): memos-os forgets every memory tagged with it."""
        day = self._held(memory_id)
        await self._call(self.memos.forget_tag, day_tag(day))
        self._forget(day)

    def _forget(self, day: int) -> None:
        removed = self.store.remove_day(day)
        self.stats.remove(c.text for c in removed)
        for chunk in removed:
            self._chunks.pop(chunk.document.id, None)
        self._learned.pop(day, None)

    async def update_memory(self, memory_id: str, content: str) -> None:
        """Replace a day's log (``"day-0007"``): its memories are forgotten and the new log learned."""
        day = self._held(memory_id)
        metadata = self.store.metadata(day)
        await self.delete_memory(memory_id)
        await self.ingest_day(day, content, metadata)

    async def teardown(self) -> None:
        """Drop the memory and stop the embedding server this adapter started."""
        self.memos = None
        self._lock = None
        self.store.clear()
        self._chunks.clear()
        exit_stack, self._exit = self._exit, None
        if exit_stack is not None:
            await exit_stack.aclose()


adapter = MemosMemory
