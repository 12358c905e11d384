"""BEAM at one chat size: conversion, then built-in baselines, each in a child process, with recall@10
and BEAM's score per ability, and each one's peak memory.

Converts the size once (as ``--data beam:CHECKOUT --beam-size SIZE`` does, into ``--cache``, timed
and measured in a child of its own), then runs each adapter over it in a child process through the
family and the harness (the command line need not read families yet), judged by ``--judge``
(default: the family's default, ``beam-nuggets``, offline). Each child reports its wall time and its
peak resident memory (``getrusage(RUSAGE_SELF).ru_maxrss``: the whole child, interpreter
included). ``--conversations N`` keeps the first N conversations.

**Turn-level recall.** The built-in baselines report the chunks they retrieve by path and day, not
by turn, so their recall would be at day level — almost meaningless at 100K, where a conversation
is 3-5 days. Unless ``--day-level``, each adapter is wrapped (:class:`TurnsFromChunks`) so that
each retrieved chunk is reported as the messages it holds
(:func:`recallbench.benchmarks.beam.turns.chunk_turns`), in the adapter's order: the turn ids a
system retrieving those chunks would report, which the harness then measures against the
questions' ``source_chat_ids``. The answers are the adapter's own.

    python benchmarks/beam_run.py CHECKOUT [--size 100K] [--adapters builtin:bm25,builtin:dense,
        builtin:oracle] [--judge beam-nuggets] [--chat official] [--conversations N] [--cache DIR]
        [--json OUT]

A copy of the repository may lack its largest files (a git mirror without blobs of 4 MiB or more
has no 10M ``chat.json`` and lacks some plan files); ``--complete-10m CONV OUT`` writes, for
measuring only, a 10M conversation folder ``OUT`` whose missing ``plan-k/chat.json`` are copies of
present ones with their dates moved after the plan before (the conversation's own questions kept):

    python benchmarks/beam_run.py --complete-10m CHECKOUT/chats/10M/5 /tmp/beam10m/chats/10M/5
    python benchmarks/beam_run.py /tmp/beam10m --size 10M --adapters builtin:bm25
"""

from __future__ import annotations

import argparse
import copy
import datetime as dt
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ANCHOR = "%B-%d-%Y"


def peak_mb() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / (1 << 20) if sys.platform == "darwin" else rss / 1024


class TurnsFromChunks:
    """An adapter whose retrieval entries are reported one per message their chunk holds (module
    docstring); every other call goes to the adapter it wraps."""

    def __init__(self, inner: Any):
        import inspect

        self.inner = inner
        self.name = f"{inner.name}+turns"
        self.turns: dict[str, tuple[str, ...]] = {}
        accepted = inspect.signature(inner.query_detail).parameters
        self.passes = {k for k in ("session", "qa") if k in accepted}

    async def setup(self) -> None:
        self.turns.clear()
        await self.inner.setup()

    async def ingest_day(self, day: int, content: str, metadata: Any) -> None:
        from recallbench.benchmarks.beam.turns import chunk_turns

        self.turns.update(chunk_turns(day, content))
        await self.inner.ingest_day(day, content, metadata)

    async def finalize_ingestion(self) -> None:
        await self.inner.finalize_ingestion()

    async def query(self, question: str) -> str:
        return str(await self.inner.query(question))

    async def query_detail(self, question: str, *, session: Any = None, qa: Any = None) -> Any:
        import re

        import attrs

        given = {"session": session, "qa": qa}
        detail = await self.inner.query_detail(
            question, **{k: v for k, v in given.items() if k in self.passes and v is not None}
        )
        if detail.retrieval is None:
            return detail
        entries = []
        for entry in detail.retrieval:
            if entry.turn is not None:  # the adapter names its turns itself
                entries.append(entry)
                continue
            chunk = re.sub(r"/p\d+$", "", entry.path)  # a dense passage: its chunk
            for turn in self.turns.get(chunk, ()):
                entries.append(attrs.evolve(entry, turn=turn))
            if not self.turns.get(chunk):
                entries.append(entry)
        return attrs.evolve(detail, retrieval=tuple(entries))

    async def teardown(self) -> None:
        await self.inner.teardown()


def child(args: argparse.Namespace) -> dict[str, Any]:
    """One step in this (child) process: the conversion, or one adapter's run."""
    from recallbench.benchmarks.beam import benchmark

    started = time.perf_counter()
    path = benchmark.resolve(
        "beam", str(args.checkout), {"beam_size": args.size, "beam_chat": args.chat}
    )
    if args.step == "convert":
        return {"step": "convert", "seconds": time.perf_counter() - started, "peakMB": peak_mb(),
                "path": str(path)}  # fmt: skip
    import anyio

    from recallbench.adapters import builtin_adapter
    from recallbench.harness.config import RunConfig
    from recallbench.harness.engine import Harness

    ds = benchmark.open(path, arcs_file="arcs-1000d.yaml")
    ids = ds.persona_ids()[: args.conversations] if args.conversations else ds.persona_ids()
    if args.judge in (None, "", "default"):
        judge = benchmark.default_judge(ds, model=None, model_spec=None)
    else:
        judge = benchmark.load_judge(args.judge, base_dir=None, timeout=120)
        if judge is None:
            raise SystemExit(f"--judge {args.judge}: not one of BEAM's judges")
    name = args.step.removeprefix("builtin:")
    config = {"model": args.adapter_model} if name in ("full-context", "rag") else None
    adapter = builtin_adapter(name, config)
    if not args.day_level:
        adapter = TurnsFromChunks(adapter)
    harness = Harness(adapter, ds, judge=judge, config=RunConfig(personas=tuple(ids)))
    result = anyio.run(harness.run)
    figures = benchmark.figures(ds, judge, result.personas).published or {}
    errors = sum(
        1
        for p in result.personas
        for r in p.range_results
        for q in r.question_results
        if q.error is not None
    )
    return {
        "step": args.step,
        "seconds": time.perf_counter() - started,
        "peakMB": peak_mb(),
        "errors": errors,
        "published": figures,
        "headline": benchmark.headline(figures),
    }


def run_child(args: argparse.Namespace, step: str) -> dict[str, Any]:
    argv = [sys.executable, __file__, str(args.checkout), "--child", step, "--size", args.size]
    argv += ["--chat", args.chat, "--judge", args.judge or "default"]
    if args.conversations:
        argv += ["--conversations", str(args.conversations)]
    if args.adapter_model:
        argv += ["--adapter-model", args.adapter_model]
    if args.day_level:
        argv += ["--day-level"]
    env = {**os.environ, "RECALLBENCH_CACHE_DIR": str(args.cache)}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{step} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def cell(value: Any) -> str:
    return f"{value:.4f}" if isinstance(value, int | float) else "–"


def report(runs: list[dict[str, Any]]) -> None:
    first = runs[0]["published"]
    print(
        f"\nBEAM {first.get('size')}: {first.get('conversationCount')} conversations, "
        f"{first.get('questionCount')} questions, judge {first.get('judge')}"
    )
    names = [r["step"].removeprefix("builtin:") for r in runs]
    abilities = [a["ability"] for a in first.get("abilities", [])]
    width = max(len(a) for a in [*abilities, "overall"]) + 2
    cols = [max(len(n) + 7, 12) for n in names]
    head = "".join(
        f"{n + ' R@10':>{c}}{n + ' score':>{c}}" for n, c in zip(names, cols, strict=True)
    )
    print(f"{'ability':<{width}}{'n':>4}{head}")
    for i, ability in enumerate(abilities):
        line = f"{ability:<{width}}{first['abilities'][i]['questionCount']:>4}"
        for r, c in zip(runs, cols, strict=True):
            row = r["published"]["abilities"][i]
            line += f"{cell(row.get('recallAt10')):>{c}}{cell(row.get('score')):>{c}}"
        print(line)
    line = f"{'overall':<{width}}{first.get('questionCount', 0):>4}"
    for r, c in zip(runs, cols, strict=True):
        pub = r["published"]
        line += f"{cell(pub.get('recallAt10')):>{c}}{cell(pub.get('overall')):>{c}}"
    print(line)
    for r in runs:
        print(
            f"{r['step']}: recall@10 at {r['published'].get('recallLevel')} level; "
            f"{r['seconds']:.1f} s, peak {r['peakMB']:.0f} MB, {r['errors']} adapter errors; "
            f"{r['headline']}"
        )


def complete_10m(conv: Path, out: Path) -> None:
    """A 10M conversation folder with every ``plan-0`` … ``plan-9`` chat (module docstring)."""
    present = {k: conv / f"plan-{k}" / "chat.json" for k in range(10)}
    present = {k: p for k, p in present.items() if p.is_file()}
    if not present:
        raise SystemExit(f"{conv}: no plan-k/chat.json at all")
    out.mkdir(parents=True, exist_ok=True)
    shutil.copytree(conv / "probing_questions", out / "probing_questions", dirs_exist_ok=True)
    last: dt.date | None = None
    for k in range(10):
        source = present.get(k) or present[min(present, key=lambda p: (abs(p - k), p))]
        batches = json.loads(source.read_text(encoding="utf-8"))
        if k not in present and last is not None:
            batches = copy.deepcopy(batches)
            first = _date(batches[0])
            for b in batches:
                moved = last + dt.timedelta(days=1) + (_date(b) - first)
                b["turns"][0][0]["time_anchor"] = moved.strftime(ANCHOR)
            print(f"plan-{k}: a copy of {source.parent.name}, dated from {_date(batches[0])}")
        last = max(_date(b) for b in batches)
        target = out / f"plan-{k}" / "chat.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(batches, indent=2), encoding="utf-8")


def _date(batch: dict[str, Any]) -> dt.date:
    return dt.datetime.strptime(batch["turns"][0][0]["time_anchor"], ANCHOR).date()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", type=Path, nargs="?")
    parser.add_argument("--size", default="100K")
    parser.add_argument("--adapters", default="builtin:bm25,builtin:dense,builtin:oracle")
    parser.add_argument("--adapter-model", help="the model of builtin:full-context / builtin:rag")
    parser.add_argument("--judge", default="default", help="beam-nuggets, beam:<model spec>, …")
    parser.add_argument("--chat", default="official", choices=("official", "full"))
    parser.add_argument("--conversations", type=int)
    parser.add_argument(
        "--day-level", action="store_true", help="report the adapters' retrieval as they do"
    )
    parser.add_argument("--cache", type=Path, help="the user cache (default: a temporary one)")
    parser.add_argument("--json", type=Path, help="write every child's figures there")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--complete-10m", nargs=2, type=Path, metavar=("CONV", "OUT"))
    args = parser.parse_args()
    if args.complete_10m:
        complete_10m(*args.complete_10m)
        return
    if args.checkout is None:
        parser.error("a BEAM checkout is needed")
    if args.child:
        args.step = args.child
        print(json.dumps(child(args)))
        return
    with tempfile.TemporaryDirectory(prefix="beam-run-") as tmp:
        args.cache = args.cache or Path(tmp)
        converted = run_child(args, "convert")
        print(
            f"converted {args.checkout} at {args.size} ({args.chat} haystack) in "
            f"{converted['seconds']:.1f} s, peak {converted['peakMB']:.0f} MB: {converted['path']}"
        )
        runs = [run_child(args, step) for step in args.adapters.split(",") if step]
        report(runs)
        if args.json:
            args.json.write_text(json.dumps([converted, *runs], indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
