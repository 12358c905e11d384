"""Embedded vector stores for the cookbook's vector-store adapter: LanceDB against Chroma.

Both stores get the same vectors (all-MiniLM-L6-v2 of every chunk of a shipped persona, computed once
with recallbench's own encoder, not timed) and do the same work as ``examples/adapters/vector_store.py``:

* **ingest**: one ``add`` per day, a day's chunks with their vectors, day and session, into a new
  on-disk store in a temporary directory (creating the store is timed with it);
* **query**: every question of the persona in turn, the ten nearest chunks by cosine among those
  its query session may see (a filter on the session column, as the adapter asks), one call each.

Each store is measured ``--repeat`` times on a fresh directory and the median is printed, with the
share of the exact top ten (numpy, brute force) each store returned, and the median import time of
the package in a fresh interpreter. Install weight is measured apart (docs/baselines.md says how).

    python benchmarks/vector_stores.py                      # executive-assistant, arcs-180d.yaml
    python benchmarks/vector_stores.py --repeat 7 --persona backend-eng-saas --arcs arcs-1000d.yaml

Needs the ``cookbook`` and ``dense`` extras and the weights (examples/adapters/README.md).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from recallbench.adapters.retrieval import chunk_day
from recallbench.adapters.retrieval.minilm import load_encoder
from recallbench.data.dataset import load_persona

ROOT = Path(__file__).resolve().parents[1]
TOP_K = 10

Rows = list[dict[str, Any]]


def lancedb_run(
    directory: Path, days: Sequence[Rows], queries: Sequence[tuple[np.ndarray, list[str]]]
) -> tuple[float, float, list[list[str]]]:
    import lancedb

    start = time.perf_counter()
    db = lancedb.connect(str(directory))
    table = None
    for rows in days:
        if table is None:
            table = db.create_table("chunks", data=rows)
        else:
            table.add(rows)
    ingest = time.perf_counter() - start
    assert table is not None
    start = time.perf_counter()
    found = []
    for vector, sessions in queries:
        allowed = ", ".join(f"'{s}'" for s in sessions)
        hits = (
            table.search(vector)
            .distance_type("cosine")
            .where(f"session IN ({allowed})", prefilter=True)
            .limit(TOP_K)
            .select(["id", "_distance"])
            .to_list()
        )
        found.append([h["id"] for h in hits])
    return ingest, time.perf_counter() - start, found


def chroma_run(
    directory: Path, days: Sequence[Rows], queries: Sequence[tuple[np.ndarray, list[str]]]
) -> tuple[float, float, list[list[str]]]:
    import chromadb
    from chromadb.config import Settings

    start = time.perf_counter()
    client = chromadb.PersistentClient(
        path=str(directory), settings=Settings(anonymized_telemetry=False)
    )
    collection = client.create_collection(
        "chunks", embedding_function=None, configuration={"hnsw": {"space": "cosine"}}
    )
    for rows in days:
        collection.add(
            ids=[r["id"] for r in rows],
            embeddings=np.stack([r["vector"] for r in rows]),
            documents=[r["text"] for r in rows],
            metadatas=[{"day": r["day"], "session": r["session"]} for r in rows],
        )
    ingest = time.perf_counter() - start
    start = time.perf_counter()
    found = []
    for vector, sessions in queries:
        result = collection.query(
            query_embeddings=[vector],
            n_results=TOP_K,
            where={"session": {"$in": sessions}},
            include=[],
        )
        found.append(list(result["ids"][0]))
    return ingest, time.perf_counter() - start, found


STORES: dict[str, tuple[str, Callable[..., tuple[float, float, list[list[str]]]]]] = {
    "lancedb": ("lancedb", lancedb_run),
    "chroma": ("chromadb", chroma_run),
}


def import_seconds(module: str, repeat: int) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    times = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(repeat)
    ]
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT / "personas")
    parser.add_argument("--persona", default="executive-assistant")
    parser.add_argument("--arcs", default="arcs-180d.yaml")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    ds = load_persona(args.data, args.persona, args.arcs)
    isolated = {s.id for s in ds.definition.sessions() if s.isolated}
    sessions = sorted({s.id for s in ds.definition.sessions()})
    chunks = [chunk_day(day.number, day.content) for day in ds.days]
    encoder = load_encoder()
    texts = [c.text for day in chunks for c in day]
    start = time.perf_counter()
    vectors = encoder.encode(texts)
    encode_s = time.perf_counter() - start
    by_text = dict(zip(texts, vectors, strict=True))
    days: list[Rows] = [
        [
            {
                "id": c.id,
                "day": c.day,
                "session": c.session or "principal",
                "text": c.text,
                "vector": by_text[c.text],
            }
            for c in day
        ]
        for day in chunks
        if day
    ]
    questions = list(ds.qa)
    qvectors = encoder.encode([q.question for q in questions])
    queries = []
    for qa, vector in zip(questions, qvectors, strict=True):
        asked = qa.query_session or "principal"
        queries.append((vector, [s for s in sessions if s not in isolated or s == asked]))

    # The exact answer: brute-force cosine over the same vectors and the same filter.
    rows = [r for day in days for r in day]
    matrix = np.stack([r["vector"] for r in rows])
    exact = []
    for vector, allowed in queries:
        scores = matrix @ vector
        mask = np.array([r["session"] in allowed for r in rows])
        scores = np.where(mask, scores, -np.inf)
        exact.append([rows[i]["id"] for i in np.argsort(-scores, kind="stable")[:TOP_K]])

    print(
        f"{args.persona} {args.arcs}: {len(ds.days)} days, {len(rows):,} chunks, "
        f"{len(queries)} questions; encoding them all took {encode_s:.1f} s (not counted below)"
    )
    print(
        f"{'store':<9} {'ingest s':>9} {'ms/day':>7} {'query ms':>9} {'top-10 exact':>13} {'import s':>9}"
    )
    for label, (module, run) in STORES.items():
        ingests, queries_s = [], []
        overlap = 0.0
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory() as tmp:
                ingest, query, found = run(Path(tmp) / label, days, queries)
            ingests.append(ingest)
            queries_s.append(query)
            overlap = statistics.mean(
                len(set(f) & set(e)) / max(1, len(e)) for f, e in zip(found, exact, strict=True)
            )
        ingest_s = statistics.median(ingests)
        query_ms = statistics.median(queries_s) / len(queries) * 1000
        print(
            f"{label:<9} {ingest_s:>9.2f} {ingest_s / len(days) * 1000:>7.1f} {query_ms:>9.2f} "
            f"{overlap:>13.3f} {import_seconds(module, args.repeat):>9.2f}"
        )


if __name__ == "__main__":
    main()
