"""Retrieval speed and quality on the shipped 1,000-day personas: the bm25, fts5 and dense baselines.

    python benchmarks/bench_retrieval.py [--data DIR] [--personas ID ...] [--arcs FILE] [--repeat N]
                                         [--dense-repeat N] [--dense-eval]

For the first persona (default ``backend-eng-saas``, ``arcs-1000d.yaml``):

* ingestion of every day, one day at a time (``chunk_day`` then ``add``, then the compaction or
  commit that makes it searchable), with the tokenizer's cache emptied before each run so every run
  is cold; median of ``--repeat`` runs. Target (issue): bm25 ingests 1,000 days in at most 2 s.
* query latency over every question of the persona (one ``search(question, 10)`` each): p50 / p95.
  Target: bm25 p95 at most 10 ms.

The dense retriever (when the ``dense`` extra is installed) is measured the same way, each run with
the encoder's vector cache emptied so every chunk is encoded (``--dense-repeat`` runs, default 1: a
run takes minutes), plus its encode throughput (chunks and word pieces per second). Its query
latency includes embedding the question.

Then ``run_retrieval_eval`` of bm25 against fts5 (and dense, with ``--dense-eval``: about ten more
minutes) over all the ``--personas`` (default: every shipped persona): overall recall@5 / recall@10 /
nDCG@10 / MRR and the paired-bootstrap intervals.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import recallbench.adapters.retrieval.tokenize as tokenizer
from recallbench.adapters.retrieval import BM25Index, Fts5Retriever, chunk_day
from recallbench.adapters.retrieval.bm25 import BM25Retriever
from recallbench.adapters.retrieval.minilm import dense_unavailable, load_encoder
from recallbench.data.dataset import list_personas, load_persona
from recallbench.harness.retrieval_eval import run_retrieval_eval

ROOT = Path(__file__).resolve().parents[1]


def _cold() -> None:
    # The tokenizer caches each raw token's indexed form; empty it so a run pays full price.
    tokenizer._CACHE.clear()


def _ingest(days: list[tuple[int, str]], make: Callable[[], object]) -> tuple[float, object]:
    _cold()
    index = make()
    encoder = getattr(index, "encoder", None)
    if encoder is not None:
        encoder.clear_cache()  # dense: every chunk is encoded in every run
    start = time.perf_counter()
    for number, content in days:
        index.add(chunk_day(number, content))  # type: ignore[attr-defined]
    finalize = getattr(index, "finalize", None)
    if finalize is not None:
        finalize()
    return time.perf_counter() - start, index


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT / "personas")
    parser.add_argument("--personas", nargs="+")
    parser.add_argument("--arcs", default="arcs-1000d.yaml")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dense-repeat", type=int, default=1)
    parser.add_argument("--dense-eval", action="store_true")
    args = parser.parse_args()
    ids = args.personas or list_personas(args.data)
    first = "backend-eng-saas" if "backend-eng-saas" in ids else ids[0]

    t = time.perf_counter()
    datasets = {pid: load_persona(args.data, pid, args.arcs) for pid in ids}
    print(
        f"loaded {len(ids)} persona(s) in {time.perf_counter() - t:.1f} s; tokenizer {tokenizer.TOKENIZER_VERSION}"
    )
    ds = datasets[first]
    days = [(d.number, d.content) for d in ds.days]
    size_mb = sum(len(c.encode()) for _, c in days) / 1e6
    questions = [q.question for q in ds.qa]
    print(f"{first}: {len(days)} days ({size_mb:.1f} MB), {len(questions)} questions\n")

    engines: list[tuple[str, Callable[[], object], int]] = [
        ("bm25", BM25Index, args.repeat),
        ("fts5", Fts5Retriever, args.repeat),
    ]
    missing = dense_unavailable()
    if missing is None:
        from recallbench.adapters.retrieval.dense import DenseIndex

        engines.append(("dense", DenseIndex, args.dense_repeat))
    else:
        print(f"dense skipped: {missing}\n")
    rows = []
    for name, make, repeat in engines:
        times = []
        index: object = None
        for _ in range(repeat):
            seconds, index = _ingest(days, make)
            times.append(seconds)
        assert index is not None
        search = index.search  # type: ignore[attr-defined]
        for q in questions[:50]:  # warm-up: first-touch allocations are not query latency
            search(q, 10)
        encoder = getattr(index, "encoder", None)
        if encoder is not None:
            encoder.clear_cache()  # dense: every question's embedding is part of its latency
        latencies = []
        for q in questions:
            start = time.perf_counter_ns()
            search(q, 10)
            latencies.append((time.perf_counter_ns() - start) / 1e6)
        p50, p95 = np.percentile(latencies, [50, 95])
        size = index.index_size_bytes()  # type: ignore[attr-defined]
        docs = len(index)  # type: ignore[arg-type]
        rows.append((name, statistics.median(times), min(times), max(times), p50, p95, size, docs))

    print(
        f"{'':6}{'ingest s (median)':>18}{'min':>7}{'max':>7}{'p50 ms':>9}{'p95 ms':>9}"
        f"{'index MB':>10}{'chunks':>8}"
    )
    for name, med, lo, hi, p50, p95, size, docs in rows:
        print(
            f"{name:6}{med:18.3f}{lo:7.3f}{hi:7.3f}{p50:9.3f}{p95:9.3f}{size / 1e6:10.2f}{docs:8d}"
        )
    if missing is None:
        dense_s = rows[-1][1]
        encoder = load_encoder()
        pieces = sum(encoder.word_pieces([d.text for d in index.documents]))  # type: ignore[attr-defined]
        print(
            f"dense encode throughput ({encoder.label}, {encoder.workers} threads): "
            f"{rows[-1][7] / dense_s:.0f} chunks/s, {pieces / dense_s:,.0f} word pieces/s "
            f"({pieces:,} word pieces)"
        )
    bm25 = rows[0]
    print(
        f"\ntargets: bm25 ingest {bm25[1]:.2f} s <= 2 s: {'ok' if bm25[1] <= 2 else 'MISSED'}; "
        f"bm25 p95 {bm25[5]:.2f} ms <= 10 ms: {'ok' if bm25[5] <= 10 else 'MISSED'}"
    )

    t = time.perf_counter()
    retrievers: list[object] = [BM25Retriever(), Fts5Retriever()]
    if args.dense_eval and missing is None:
        from recallbench.adapters.retrieval.dense import DenseRetriever

        retrievers.append(DenseRetriever())
    result = run_retrieval_eval(retrievers, [datasets[pid] for pid in ids], k=10)  # type: ignore[arg-type]
    elapsed = time.perf_counter() - t
    print(f"\nretrieval-eval over {len(ids)} persona(s) ({elapsed:.1f} s):\n")
    print(result.format_text())


if __name__ == "__main__":
    main()
