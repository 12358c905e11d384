"""Throughput of ``recallbench embed-serve``: texts per second, one text a request and many.

Starts ``python -m recallbench embed-serve --port 0`` as a process of its own (the client here does
not share its interpreter) and sends it the chunks of a shipped persona (the executive assistant's
180 days: 1,466 sections, 20–150 word pieces), each phase its own texts so that no phase is served
from the encoder's cache:

* **single, sequential**: one text a request, one request at a time (what memos-os and MemPalace's
  per-document calls do), over one keep-alive connection: texts/s and the median latency;
* **single, concurrent**: one text a request, ``--concurrency`` requests in flight: the batcher
  coalesces them into shared encoder calls;
* **batched**: ``--batch`` texts a request (OpenAI format), one request at a time;
* **the encoder alone**, in this process, one text a call and ``--batch`` a call: what HTTP costs.

Each phase runs ``--repeat`` times; the best and the median rate are printed (on a shared machine the
best run is the least disturbed one).

    python benchmarks/embed_serve.py                     # 300 texts a phase, 3 runs
    python benchmarks/embed_serve.py --texts 600 --concurrency 32 --batch 64

Needs the ``dense`` extra and the weights. Prints one line per phase. The server's memory and each
request's time at its limits: ``benchmarks/embed_serve_limits.py``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import aiohttp
import anyio

from recallbench.adapters.retrieval import chunk_day
from recallbench.data.dataset import load_persona

ROOT = Path(__file__).resolve().parents[1]


def persona_texts() -> list[str]:
    persona = load_persona(ROOT / "personas", "executive-assistant", "arcs-180d.yaml")
    return [d.text for day in persona.days for d in chunk_day(day.number, day.content)]


def phase_texts(texts: Sequence[str], phase: str, count: int) -> list[str]:
    """``count`` texts no other phase sends (the server caches vectors by text)."""
    return [f"({phase} {n}) {texts[n % len(texts)]}" for n in range(count)]


async def single(url: str, texts: Sequence[str], concurrency: int) -> tuple[float, float]:
    """Seconds for all, and the median seconds a request."""
    latencies: list[float] = []
    limiter = anyio.CapacityLimiter(concurrency)
    connector = aiohttp.TCPConnector(limit=concurrency)
    async with aiohttp.ClientSession(connector=connector) as session:

        async def one(text: str) -> None:
            async with limiter:
                began = time.perf_counter()
                async with session.post(f"{url}/api/embed", json={"input": text}) as response:
                    assert response.status == 200, await response.text()
                    await response.read()
                latencies.append(time.perf_counter() - began)

        began = time.perf_counter()
        async with anyio.create_task_group() as group:
            for text in texts:
                group.start_soon(one, text)
        return time.perf_counter() - began, statistics.median(latencies)


async def batched(url: str, texts: Sequence[str], size: int) -> float:
    async with aiohttp.ClientSession() as session:
        began = time.perf_counter()
        for start in range(0, len(texts), size):
            body = {"model": "any", "input": list(texts[start : start + size])}
            async with session.post(f"{url}/v1/embeddings", json=body) as response:
                assert response.status == 200, await response.text()
                await response.read()
        return time.perf_counter() - began


def encoder_alone(texts: Sequence[str], size: int) -> float:
    from recallbench.adapters.retrieval.minilm import load_encoder

    encoder = load_encoder()
    encoder.encode_uncached(["warm up"])
    began = time.perf_counter()
    for start in range(0, len(texts), size):
        encoder.encode_uncached(texts[start : start + size])
    return time.perf_counter() - began


def report(label: str, rates: Sequence[float], extra: str = "") -> None:
    best, median = max(rates), statistics.median(rates)
    print(f"{label:28s} {best:6.0f} texts/s best, {median:6.0f} median of {len(rates)}{extra}")


async def main(args: argparse.Namespace) -> None:
    texts = persona_texts()
    n, c, size, runs = args.texts, args.concurrency, args.batch, range(args.repeat)
    server = subprocess.Popen(
        [sys.executable, "-m", "recallbench", "embed-serve", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        url = (await anyio.to_thread.run_sync(server.stdout.readline)).split()[-1]
        await single(url, phase_texts(texts, "warm", 8), 1)
        timed = [await single(url, phase_texts(texts, f"seq{r}", n), 1) for r in runs]
        medians = statistics.median(m for _, m in timed) * 1000
        report("single, sequential", [n / s for s, _ in timed], f"; {medians:.1f} ms a request")
        timed = [await single(url, phase_texts(texts, f"conc{r}", n), c) for r in runs]
        report(f"single, {c} in flight", [n / s for s, _ in timed])
        rates = [n / await batched(url, phase_texts(texts, f"batch{r}", n), size) for r in runs]
        report(f"batched, {size} a request", rates)
    finally:
        server.terminate()
        server.wait(timeout=30)
    for per_call in (1, size):
        rates = [
            n / encoder_alone(phase_texts(texts, f"alone{per_call}-{r}", n), per_call) for r in runs
        ]
        report(f"encoder alone, {per_call} a call", rates, " (no HTTP)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--texts", type=int, default=300, help="texts a phase (default 300)")
    parser.add_argument(
        "--concurrency", type=int, default=16, help="requests in flight (default 16)"
    )
    parser.add_argument(
        "--batch", type=int, default=64, help="texts a batched request (default 64)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs of each phase (default 3)")
    anyio.run(main, parser.parse_args(), backend="asyncio")
