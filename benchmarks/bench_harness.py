"""Harness speed (issue 3).

    python benchmarks/bench_harness.py [REFERENCE_DIR]

1. Overhead: a constant-answer in-process adapter and the stub judge over the 180-day executive
   assistant of the reference data, 143 evenly spaced checkpoints, incremental lifecycle, every
   artifact written (result.json, progress.jsonl, questions.jsonl). Reports evaluations per second.
2. Concurrency: an adapter and a judge that each sleep 20 ms; 2,000 evaluations at parallelism 64,
   compared with the ideal 2,000 × 40 ms / 64.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

import anyio

import recallbench as rb
from recallbench.data import TimeRange
from recallbench.testing import write_persona


class Constant:
    name = "constant"

    async def setup(self) -> None: ...

    async def ingest_day(self, day: int, content: str, metadata: object) -> None: ...

    async def finalize_ingestion(self) -> None: ...

    async def query(self, question: str) -> str:
        return "No evidence found in memory."

    async def teardown(self) -> None: ...


class Sleepy(Constant):
    name = "sleepy"

    async def query(self, question: str) -> str:
        await anyio.sleep(0.02)
        return "I don't know."


class SleepyJudge:
    name = "sleepy-judge"

    async def score(
        self, question: str, reference: str, answer: str, context: object
    ) -> rb.JudgeScore:
        await anyio.sleep(0.02)
        return rb.JudgeScore(correctness=0, completeness=0, hallucination=1)


def overhead(ref: Path) -> None:
    days = sorted({round(180 * i / 143) for i in range(1, 144)})
    config = rb.RunConfig(
        ranges=tuple(TimeRange(label=f"{d}d", days=d) for d in days),
        personas=("executive-assistant",),
        arcs_file="arcs-180d.yaml",
        lifecycle="incremental",
        question_timeout=None,
    )
    with tempfile.TemporaryDirectory() as tmp:
        out = rb.RunOutput.beside(Path(tmp) / "result.json")
        t = time.perf_counter()
        result = rb.run_sync(Constant(), ref / "personas", config=config, output=out)
        elapsed = time.perf_counter() - t
        sizes = {p.name: p.stat().st_size for p in Path(tmp).iterdir()}
    n = result.metadata.total_evals_run
    print(
        f"overhead: {len(days)} checkpoints, {n:,} evaluations, {elapsed:.2f} s "
        f"→ {n / elapsed:,.0f} evaluations/s (artifacts: "
        + ", ".join(f"{k} {v / 1e6:.1f} MB" for k, v in sorted(sizes.items()))
        + ")"
    )
    print(
        f"  reference harness, for scale: 54,561 evaluations in 32.6 s → {54561 / 32.6:,.0f} evaluations/s"
    )


def concurrency() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        write_persona(Path(tmp), "wide", days=1999, suffix="2000d")
        config = rb.RunConfig(
            ranges="full", arcs_file="arcs-2000d.yaml", parallelism=64, lifecycle="incremental"
        )
        phases: list[float] = []
        hooks = rb.Hooks(on_checkpoint_done=lambda done: phases.append(done.query_ms / 1000))
        t = time.perf_counter()
        result = rb.run_sync(Sleepy(), Path(tmp), judge=SleepyJudge(), config=config, hooks=hooks)
        total = time.perf_counter() - t
    n = result.metadata.total_evals_run
    ideal = n * 0.040 / 64
    elapsed = sum(phases)
    print(
        f"concurrency: {n:,} evaluations at parallelism 64: question phase {elapsed:.2f} s "
        f"(whole run, with loading and ingesting 1,999 days: {total:.2f} s); ideal {ideal:.2f} s "
        f"→ {ideal / elapsed:.0%} of ideal throughput (target ≥ 90%)"
    )


async def _bare_pool(n: int, parallelism: int) -> float:
    """The same sleeps in a bare anyio worker pool: the ceiling this machine's event loop allows."""
    items = iter(range(n))

    async def worker() -> None:
        for _ in items:
            await anyio.sleep(0.02)
            await anyio.sleep(0.02)

    t = time.perf_counter()
    async with anyio.create_task_group() as tg:
        for _ in range(parallelism):
            tg.start_soon(worker)
    return time.perf_counter() - t


def bare_pool() -> None:
    elapsed = anyio.run(_bare_pool, 2000, 64)
    print(
        f"  bare anyio worker pool, same sleeps, no harness: {elapsed:.2f} s "
        f"→ {2000 * 0.040 / 64 / elapsed:.0%} of ideal (the event loop's own ceiling here)"
    )


def main() -> None:
    ref = Path(
        sys.argv[1]
        if len(sys.argv) > 1
        else os.environ.get(
            "RECALLBENCH_REFERENCE_DATA", Path(__file__).parents[2] / "shared" / "upstream"
        )
    )
    overhead(ref)
    for _ in range(3):
        concurrency()
        bare_pool()


if __name__ == "__main__":
    main()
