"""How ``builtin:hybrid`` fuses bm25 and dense: the grid its defaults were chosen from.

    python benchmarks/bench_hybrid.py dump --out ea180.json --personas executive-assistant --arcs arcs-180d.yaml
    python benchmarks/bench_hybrid.py dump --out locomo.json --data locomo:locomo-shaped.json --label locomo-shaped
    python benchmarks/bench_hybrid.py grid ea180.json locomo.json ...
    python benchmarks/bench_hybrid.py cost --personas executive-assistant --arcs arcs-180d.yaml

``dump`` ingests each persona of ``--data`` (default: the shipped personas) whole into one
``builtin:hybrid`` (``depth`` 100, so its parents rank 100 days each), asks every question once in
its query session, and writes what the fusion reads — bm25's day ranking, dense's, and the two
abstention signals (dense's best cosine, bm25's normalised score) — with the question's kind and
relevant days, to ``--out``. The personas of one dump are one corpus of the grid (``--label``
names it; default each persona is its own) — the LoCoMo-shaped file's ten conversations pool into
one, as in the hubness grid of docs/baselines.md.

``grid`` reads dumps and scores, for every question with evidence (negative-recall left out, as the
retrieval metrics do), bm25 alone, dense alone and every fusion setting: reciprocal rank fusion with
fixed weights (``rrf``: ``--ks`` × ``--dense-weights`` × ``--depths``, bm25 weighing the rest), with
dense weighing 1 and bm25 ``--bm25-weights`` times its match, its best chunk's normalised score
(``rrf-match``, builtin:hybrid's rule), and min-max normalised scores (``minmax``: the dense weights
× the depths). It prints each corpus's recall@10 gain over the better parent per setting, the
settings ranked by their least gain and then their mean, and the setting the defaults were chosen
by: the largest mean gain among those that lose on none of the corpora where any setting gains. The
other metrics of the ``--detail`` settings, bm25 and dense are printed per corpus. ``--abstain``
adds the balanced accuracy of abstaining on dense's cosine, bm25's normalised score, and either.

``cost`` ingests each persona into bm25, dense and hybrid in turn, the encoder's vector cache
emptied before dense and before hybrid (so both encode every passage), and times each ingestion
with its ``finalize_ingestion``; then asks every question of the persona of each adapter in turn,
``--repeat`` times (after one untimed round, so dense's question vectors are cached for both), and
prints each adapter's median query time and the hybrid's over dense's, measured in one process
under one load.

The questions are asked after the whole corpus is ingested (as ``retrieval-eval`` does), not at a
run's checkpoints; the run figures in docs/baselines.md are ``recallbench run``'s.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anyio

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from recallbench.adapters.hybrid import HybridAdapter
from recallbench.adapters.retrieval.fusion import fuse
from recallbench.family import open_dataset
from recallbench.results.retrieval_metrics import mean_scores, retrieval_scores

DUMP_DEPTH = 100


def kind(qa: Any) -> str:
    if qa.category == "negative-recall":
        return "negative"
    if qa.category == "information-boundary" and qa.expected_disclosure == "refuse":
        return "refuse"
    return "answerable"


async def dump(args: argparse.Namespace) -> None:
    dataset = open_dataset(args.data or ROOT / "personas", args.arcs)
    rows: list[dict[str, Any]] = []
    adapter = HybridAdapter({"depth": DUMP_DEPTH, "threshold": 0})
    for pid in args.personas or dataset.persona_ids():
        ds = dataset.load(pid).loaded()
        isolated = tuple(s.id for s in ds.definition.sessions() if s.isolated)
        start = time.perf_counter()
        await adapter.setup()
        for day in ds.days:
            await adapter.ingest_day(day.number, day.content, day.metadata(ds.id, isolated))
        await adapter.finalize_ingestion()
        ingest = time.perf_counter() - start
        start = time.perf_counter()
        for qa in ds.qa:
            session = qa.query_session or "principal"
            found = adapter.rankings(qa.question, session)
            rows.append(
                {
                    "corpus": args.label or ds.id,
                    "persona": ds.id,
                    "id": qa.id,
                    "kind": kind(qa),
                    "category": qa.category,
                    "relevant": list(qa.relevant_days),
                    "bm25": [[d, round(s, 6)] for d, s, _ in found.lexical],
                    "dense": [[d, round(s, 6)] for d, s, _ in found.dense],
                    "cosine": round(found.cosine, 6),
                    "bm25Normalised": round(found.match, 6),
                }
            )
        print(
            f"{ds.id}: {len(ds.days)} days ingested in {ingest:.1f} s, {len(ds.qa)} questions in "
            f"{time.perf_counter() - start:.1f} s (load {os.getloadavg()[0]:.1f})",
            flush=True,
        )
        await adapter.teardown()
    args.out.write_text(json.dumps({"rows": rows}), encoding="utf-8")


async def cost(args: argparse.Namespace) -> None:
    from recallbench.adapters.dense import DenseAdapter
    from recallbench.adapters.lexical import Bm25Adapter
    from recallbench.adapters.retrieval.minilm import load_encoder

    encoder = load_encoder()
    dataset = open_dataset(args.data or ROOT / "personas", args.arcs)
    for pid in args.personas or dataset.persona_ids():
        ds = dataset.load(pid).loaded()
        isolated = tuple(s.id for s in ds.definition.sessions() if s.isolated)
        adapters: dict[str, Any] = {
            "bm25": Bm25Adapter(),
            "dense": DenseAdapter(encoder=encoder),
            "hybrid": HybridAdapter(encoder=encoder),
        }
        ingest: dict[str, float] = {}
        for name, adapter in adapters.items():
            encoder.clear_cache()
            await adapter.setup()
            start = time.perf_counter()
            for day in ds.days:
                await adapter.ingest_day(day.number, day.content, day.metadata(ds.id, isolated))
            await adapter.finalize_ingestion()
            ingest[name] = time.perf_counter() - start
        asked = [(qa.question, qa.query_session or "principal") for qa in ds.qa]
        times: dict[str, list[float]] = {name: [] for name in adapters}
        for round_ in range(args.repeat + 1):
            for question, session in asked:
                for name, adapter in adapters.items():
                    start = time.perf_counter()
                    await adapter.query_detail(question, session=session)
                    if round_:
                        times[name].append((time.perf_counter() - start) * 1000)
        p50 = {name: statistics.median(t) for name, t in times.items()}
        print(
            f"{ds.id}: {len(ds.days)} days, {len(asked)} questions × {args.repeat}; ingest s "
            + ", ".join(f"{n} {ingest[n]:.2f}" for n in adapters)
            + "; query p50 ms "
            + ", ".join(f"{n} {p50[n]:.2f}" for n in adapters)
            + f"; hybrid / dense {p50['hybrid'] / p50['dense']:.2f}, "
            f"hybrid − dense {p50['hybrid'] - p50['dense']:+.2f} ms (load {os.getloadavg()[0]:.1f})",
            flush=True,
        )
        for adapter in adapters.values():
            await adapter.teardown()


def _days(ranking: Sequence[Sequence[float]], depth: int) -> list[tuple[int, float]]:
    return [(int(d), float(s)) for d, s in ranking[:depth]]


def _metrics(rows: list[dict[str, Any]], rank: Any) -> Any:
    return mean_scores(retrieval_scores([d for d, _ in rank(r)][:10], r["relevant"]) for r in rows)


def grid(args: argparse.Namespace) -> None:
    rows = [r for f in args.dumps for r in json.loads(f.read_text(encoding="utf-8"))["rows"]]
    answerable = [r for r in rows if r["kind"] != "negative" and r["relevant"]]
    corpora = sorted(
        {r["corpus"] for r in answerable}, key=lambda c: [r["corpus"] for r in answerable].index(c)
    )
    by_corpus = {c: [r for r in answerable if r["corpus"] == c] for c in corpora}

    settings: dict[str, Any] = {
        "bm25": lambda r: _days(r["bm25"], DUMP_DEPTH),
        "dense": lambda r: _days(r["dense"], DUMP_DEPTH),
    }
    for k, w, depth in itertools.product(args.ks, args.dense_weights, args.depths):
        settings[f"rrf k{k:g} w{w:g} d{depth}"] = lambda r, k=k, w=w, depth=depth: fuse(
            [_days(r["dense"], depth), _days(r["bm25"], depth)], k=k, weights=(w, 1 - w)
        )
    # builtin:hybrid's rule: dense weighs 1, bm25 ``lam`` times its match (its best chunk's
    # normalised score: the more the question is in the log's words, the more its ranking is worth).
    for k, lam, depth in itertools.product(args.ks, args.bm25_weights, args.depths):
        settings[f"rrf-match k{k:g} b{lam:g} d{depth}"] = lambda r, k=k, lam=lam, depth=depth: fuse(
            [_days(r["dense"], depth), _days(r["bm25"], depth)],
            k=k,
            weights=(1.0, lam * r["bm25Normalised"]),
        )
    for w, depth in itertools.product(args.dense_weights, args.depths):
        settings[f"minmax w{w:g} d{depth}"] = lambda r, w=w, depth=depth: fuse(
            [_days(r["dense"], depth), _days(r["bm25"], depth)],
            method="minmax",
            weights=(w, 1 - w),
        )
    table: dict[str, dict[str, Any]] = {
        name: {c: _metrics(qs, rank) for c, qs in by_corpus.items()}
        for name, rank in settings.items()
    }
    better = {
        c: max(table["bm25"][c].recall_at_10, table["dense"][c].recall_at_10) for c in corpora
    }
    print(f"{len(answerable)} questions with evidence over {len(corpora)} corpora")
    print("corpus (questions): bm25 / dense recall@10")
    for c in corpora:
        print(
            f"  {c} ({len(by_corpus[c])}): {table['bm25'][c].recall_at_10:.3f} / "
            f"{table['dense'][c].recall_at_10:.3f}"
        )
    summary = []
    for name in settings:
        gains = [table[name][c].recall_at_10 - better[c] for c in corpora]
        summary.append((min(gains), statistics.fmean(gains), name, gains))
    summary.sort(key=lambda s: (-s[0], -s[1]))
    print(f"\nrecall@10 gain over the better parent, per corpus ({', '.join(corpora)})")
    print("least    mean     setting")
    for least, mean, name, gains in summary[: args.show]:
        cells = " ".join(f"{g:+.3f}" for g in gains)
        print(f"{least:+.3f}  {mean:+.3f}  {name:<24} {cells}")
    best_mean = max(summary, key=lambda s: s[1])
    print(f"\nbest mean: {best_mean[2]} ({best_mean[1]:+.3f}, least {best_mean[0]:+.3f})")
    # The rule builtin:hybrid's defaults were chosen by: the largest mean gain among the settings
    # that lose on none of the corpora where some setting gains.
    fusions = [s for s in summary if s[2] not in ("bm25", "dense")]
    winnable = [i for i in range(len(corpora)) if any(s[3][i] > 0 for s in fusions)]
    lost = [c for i, c in enumerate(corpora) if i not in winnable]
    safe = [s for s in fusions if all(s[3][i] >= 0 for i in winnable)]
    print(f"no setting gains on: {', '.join(lost) or 'none'}")
    if safe:
        chosen = max(safe, key=lambda s: s[1])
        cells = " ".join(f"{g:+.3f}" for g in chosen[3])
        print(
            f"chosen (largest mean gain, no loss where a gain is possible): {chosen[2]} "
            f"mean {chosen[1]:+.3f}: {cells}"
        )
    for name in (*args.detail, "bm25", "dense"):
        if name not in table:
            continue
        print(f"\n{name}: recall@5 recall@10 nDCG@10 MRR")
        for c in corpora:
            m = table[name][c]
            print(
                f"  {c:<28} {m.recall_at_5:.3f} {m.recall_at_10:.3f} {m.ndcg_at_10:.3f} {m.mrr:.3f}"
            )
    if args.abstain:
        abstention(rows)


def abstention(rows: list[dict[str, Any]]) -> None:
    """Balanced accuracy of abstaining (negative-recall should, answerable should not)."""
    scored = [r for r in rows if r["kind"] in ("negative", "answerable")]

    def balanced(answers: Any) -> float:
        neg = [r for r in scored if r["kind"] == "negative"]
        pos = [r for r in scored if r["kind"] == "answerable"]
        tn = sum(1 for r in neg if not answers(r)) / len(neg)
        tp = sum(1 for r in pos if answers(r)) / len(pos)
        return (tn + tp) / 2

    print(f"\nabstention over {len(scored)} questions (balanced accuracy)")
    for t in (0.45, 0.47, 0.49, 0.51):
        print(f"  dense cosine >= {t:.2f}: {balanced(lambda r, t=t: r['cosine'] >= t):.3f}")
    for t in (0.30, 0.35, 0.40):
        print(
            f"  bm25 normalised >= {t:.2f}: {balanced(lambda r, t=t: r['bm25Normalised'] >= t):.3f}"
        )
    for tc, tb in itertools.product((0.49, 0.51, 0.53), (0.5, 0.7, 0.9)):
        either = balanced(lambda r, tc=tc, tb=tb: r["cosine"] >= tc or r["bm25Normalised"] >= tb)
        print(f"  cosine >= {tc:.2f} or normalised >= {tb:.2f}: {either:.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    d = sub.add_parser("dump")
    d.add_argument("--out", type=Path, required=True)
    d.add_argument("--data", type=str, default=None)
    d.add_argument("--personas", nargs="*", default=None)
    d.add_argument("--arcs", default="arcs-1000d.yaml")
    d.add_argument("--label", default=None, help="one corpus name for every persona of the dump")
    c = sub.add_parser("cost")
    c.add_argument("--data", type=str, default=None)
    c.add_argument("--personas", nargs="*", default=None)
    c.add_argument("--arcs", default="arcs-1000d.yaml")
    c.add_argument("--repeat", type=int, default=3)
    g = sub.add_parser("grid")
    g.add_argument("dumps", nargs="+", type=Path)
    g.add_argument("--ks", nargs="*", type=float, default=[1, 5, 10, 30, 60, 100])
    g.add_argument("--dense-weights", nargs="*", type=float, default=[0.3, 0.4, 0.5, 0.6, 0.7])
    g.add_argument("--depths", nargs="*", type=int, default=[20, 50, 100])
    g.add_argument("--bm25-weights", nargs="*", type=float, default=[0.5, 1, 1.5, 2, 3])
    g.add_argument("--show", type=int, default=30)
    g.add_argument("--detail", nargs="*", default=["rrf-match k5 b1 d100"])
    g.add_argument("--abstain", action="store_true")
    args = parser.parse_args(argv)
    if args.mode == "dump":
        anyio.run(dump, args)
    elif args.mode == "cost":
        anyio.run(cost, args)
    else:
        grid(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
