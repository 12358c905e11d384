"""The dense baseline reading whole days: its cost, and how passage size and the day score rank.

    python benchmarks/bench_dense_passages.py cost [--data DIR|locomo:FILE] [--personas ID ...] [--arcs FILE]
    python benchmarks/bench_dense_passages.py variants [--data ...] [--personas ...] [--arcs ...] [--sizes 254 128] [--tops 1 2 3]
    python benchmarks/bench_dense_passages.py hubness [--data ...] [--personas ...] [--arcs ...] [--neighbours 10 20 30 50 100] [--weights 0.25 0.5 0.75]

``cost`` builds ``DenseRetriever`` over every chunk of each persona (``chunk_day``, as
``retrieval-eval`` does) with the encoder's vector cache emptied, so every passage is encoded, and
asks every evidence question once (``retrieve(question, 10)``, the question's encode included). It
prints passages (index rows), the word pieces the model read, passages/s, seconds per day and query
p50/p95. It runs against whatever ``recallbench`` is importable, so the code before the passage split
is measured by pointing ``PYTHONPATH`` at an export of that commit (from outside the checkout).

``variants`` runs ``run_retrieval_eval`` over bm25 and dense variants: passage sizes (``--sizes``)
times a day score of the best passage (max) or the mean of the best 2 or 3; ``whole-chunk`` (each
chunk embedded whole, truncated at 256 word pieces as before, but days ranked as now: what the
day ranking alone gives); and ``bm25-days`` (bm25's best 50 chunks kept once per day: what the same
day ranking gives bm25). Vectors are cached across variants of one passage size.

``hubness`` runs the default dense retriever with its hubness correction off (``hub_weight`` 0) and
with every ``--neighbours`` × ``--weights`` setting (``DenseIndex``'s docstring), over the same
passages (encoded once), and prints each setting's recall@10 and its gain over the uncorrected
ranking, per persona. docs/baselines.md chose the
default from this grid over the shipped personas, the LoCoMo-shaped file and the original project's
180-day executive assistant: the largest mean gain among the settings that lose on no corpus.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path
from typing import Any

import numpy as np

from recallbench.adapters.retrieval.bm25 import BM25Retriever
from recallbench.adapters.retrieval.dense import DenseRetriever
from recallbench.adapters.retrieval.minilm import load_encoder
from recallbench.family import open_dataset
from recallbench.harness.retrieval_eval import (
    EXCLUDED_CATEGORIES,
    corpus_documents,
    run_retrieval_eval,
)

ROOT = Path(__file__).resolve().parents[1]


class BM25Days(BM25Retriever):
    """bm25 whose ``k`` results are ``k`` different days (its best 50 chunks, first of each day)."""

    def retrieve(self, query: str, k: int) -> list[str]:
        out: list[str] = []
        seen: set[int | None] = set()
        for document, _ in self.index.search(query, max(50, 5 * k)):
            if document.day in seen:
                continue
            seen.add(document.day)
            out.append(document.id)
            if len(out) == k:
                break
        return out


def _datasets(args: argparse.Namespace) -> list[Any]:
    data = args.data or ROOT / "personas"
    dataset = open_dataset(data, args.arcs)
    return [dataset.load(pid) for pid in (args.personas or dataset.persona_ids())]


def cost(args: argparse.Namespace) -> None:
    encoder = load_encoder()
    for ds in _datasets(args):
        corpus = corpus_documents(ds)
        encoder.clear_cache()
        retriever = DenseRetriever(encoder)
        start = time.perf_counter()
        retriever.build_index(corpus)
        build = time.perf_counter() - start
        rows = [d.text for d in retriever.index.documents]
        pieces = sum(encoder.word_pieces(rows))
        questions = [q.question for q in ds.qa if q.category not in EXCLUDED_CATEGORIES]
        latencies = []
        for question in questions:
            start = time.perf_counter()
            retriever.retrieve(question, 10)
            latencies.append((time.perf_counter() - start) * 1000)
        p50, p95 = np.percentile(latencies, [50, 95])
        print(
            f"{ds.id}: {len(ds.days)} days, {len(corpus)} chunks -> {len(rows)} passages, "
            f"{pieces:,} word pieces read; build {build:.1f} s = {len(rows) / build:.1f} passages/s, "
            f"{pieces / build:,.0f} word pieces/s, {build / len(ds.days):.3f} s/day; "
            f"{len(questions)} queries p50 {p50:.1f} ms, p95 {p95:.1f} ms; "
            f"load {os.getloadavg()[0]:.1f}"
        )


def variants(args: argparse.Namespace) -> None:
    encoder = load_encoder()
    datasets = _datasets(args)
    retrievers: list[object] = [BM25Retriever(), BM25Days(name="bm25-days")]
    for size in args.sizes:
        for top in args.tops:
            label = f"dense-{size}-{'max' if top == 1 else f'top{top}'}"
            retrievers.append(
                DenseRetriever(encoder, name=label, passage_pieces=size, day_passages=top)
            )
    retrievers.append(DenseRetriever(encoder, name="whole-chunk", passage_pieces=1_000_000))
    start = time.perf_counter()
    result = run_retrieval_eval(retrievers, datasets, k=10)
    print(
        f"{result.query_count} questions, {time.perf_counter() - start:.0f} s, load {os.getloadavg()[0]:.1f}"
    )
    print(f"{'retriever':<18} recall@5 recall@10 nDCG@10   MRR   vs bm25 recall@10 [95%]")
    diffs = {c.b: c for c in result.comparisons if c.metric == "recall@10"}
    for r in result.retrievers:
        m = r.overall
        c = diffs.get(r.name)
        # The comparison is bm25 - this one; print this one - bm25.
        vs = f"{-c.mean_diff:+.3f} [{-c.high:+.3f}, {-c.low:+.3f}]" if c else ""
        print(
            f"{r.name:<18} {m.recall_at_5:8.3f} {m.recall_at_10:9.3f} {m.ndcg_at_10:7.3f} "
            f"{m.mrr:5.3f}   {vs}"
        )


def hubness(args: argparse.Namespace) -> None:
    encoder = load_encoder()
    settings = [(k, w) for k in args.neighbours for w in args.weights]
    for ds in _datasets(args):
        retrievers: list[object] = [DenseRetriever(encoder, name="cosine", hub_weight=0)]
        retrievers += [
            DenseRetriever(encoder, name=f"k{k}-w{w}", hub_neighbours=k, hub_weight=w)
            for k, w in settings
        ]
        start = time.perf_counter()
        result = run_retrieval_eval(retrievers, [ds], k=10, resamples=200)
        recall = {r.name: r.overall.recall_at_10 for r in result.retrievers}
        base = recall.pop("cosine")
        cells = " ".join(
            f"{name} {value:.3f} ({value - base:+.3f})" for name, value in recall.items()
        )
        print(
            f"{ds.id} ({result.query_count} questions, {time.perf_counter() - start:.0f} s, "
            f"load {os.getloadavg()[0]:.1f}): cosine {base:.3f}; {cells}",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("cost", "variants", "hubness"))
    parser.add_argument("--data", type=str, default=None)
    parser.add_argument("--personas", nargs="*", default=None)
    parser.add_argument("--arcs", default="arcs-1000d.yaml")
    parser.add_argument("--sizes", nargs="*", type=int, default=[254, 128])
    parser.add_argument("--tops", nargs="*", type=int, default=[1, 2, 3])
    parser.add_argument("--neighbours", nargs="*", type=int, default=[10, 20, 30, 50, 100])
    parser.add_argument("--weights", nargs="*", type=float, default=[0.25, 0.5, 0.75])
    args = parser.parse_args(argv)
    {"cost": cost, "variants": variants, "hubness": hubness}[args.mode](args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
