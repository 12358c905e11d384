"""LLM-judged runs against a rate-limited provider: how close to the floor, and no answer lost
(issue 36, deliver 2).

    python benchmarks/bench_rate_limit.py [--parallelism 4 16 64] [--rpm 3000] [--latency 0.2]
        [--jitter 0.3] [--ranges 6:180:6] [--lifecycle incremental] [--unit-parallelism 1]
        [--no-outages] [--seconds-only] [--repeat N] [--source-root DIR ...] [--timeline]

A real ``recallbench run`` (its own process, as a user starts it) of the shipped 180-day executive
assistant at 30 checkpoints (``--ranges 6:180:6``, incremental lifecycle), ``--adapter
builtin:null``, judged by an OpenAI-compatible LLM judge (``--judge "openai:gpt-judge;URL/v1"``,
``--no-judge-cache``) that is :class:`recallbench.testing.providers.FakeProviderServer` on a
loopback port in this process, with :class:`~recallbench.testing.provider_traffic.ProviderLimits`:

* replies after ``--latency`` s at the median, log-normal jitter ``--jitter`` (σ of the log);
* ``--rpm`` requests a minute as a token bucket of one second's worth, HTTP 429 beyond it with
  ``retry-after-ms`` and ``Retry-After`` (``--seconds-only``: whole seconds only, as Anthropic);
* unless ``--no-outages``: everyone rate limited for 2 s (``--outage-seconds`` D) from 10 s after
  the first judge call (429, ``Retry-After: 1``) and overloaded for 2 s from 25 s (23 + D; 503, no
  ``Retry-After``).

That is 2,344 judge calls. The floor is the least time any client could take
(:meth:`ProviderLimits.floor`: the bucket, then ``rpm/60`` a second, nothing during an outage);
the run's whole wall time (interpreter start-up, ingestion and artifacts included) is divided by
it, and so is the judging span (the first judge call's arrival to the last answer). An answer is
lost when the result has fewer evaluations than planned, or one with an error, or a judge error.
Prints one line per run and a table; every run is a fresh server and process, so the limiter
starts knowing nothing. ``--source-root DIR`` runs another checkout's recallbench (e.g. a
``git worktree`` of the commit before a change) against the same server, alternated with the
others; ``--timeline`` prints the requests admitted and sent in each second.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio

from recallbench.testing.providers import (
    FakeProviderServer,
    Outage,
    ProviderLimits,
    RecordedRequest,
)

ROOT = Path(__file__).resolve().parents[1]
PASS = '{"correctness": 3, "completeness": 2, "hallucination": 1, "reasoning": "matches"}'


def limits_of(args: argparse.Namespace) -> ProviderLimits:
    outages = (
        ()
        if args.no_outages
        else (
            Outage(at=10.0, duration=args.outage_seconds, status=429, retry_after=1.0),
            Outage(at=23.0 + args.outage_seconds, duration=args.outage_seconds, status=503),
        )
    )
    return ProviderLimits(
        latency=args.latency,
        jitter=args.jitter,
        requests_per_minute=args.rpm,
        outages=outages,
        retry_after_ms=not args.seconds_only,
        seed=args.seed,
    )


def command(url: str, parallelism: int, args: argparse.Namespace, out: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "recallbench",
        "run",
        "--adapter",
        "builtin:null",
        "--personas",
        "executive-assistant",
        "--arcs",
        "arcs-180d.yaml",
        "--judge",
        f"openai:gpt-judge;{url}/v1",
        "--no-judge-cache",
        "--parallelism",
        str(parallelism),
        "--ranges",
        args.ranges,
        "--lifecycle",
        args.lifecycle,
        "--unit-parallelism",
        str(args.unit_parallelism),
        "--max-errors",
        "100000",
        "--output",
        str(out),
        "--no-html",
        "--no-heatmap-png",
        "--skip-preflight",
    ]


def lost_answers(result: dict[str, Any], planned: int | None) -> tuple[int, int]:
    """(evaluations in the result, answers lost: missing, errored or left unscored)."""
    answers = [
        q
        for persona in result["personas"]
        for checkpoint in persona["rangeResults"]
        for q in checkpoint["questionResults"]
    ]
    errored = sum(1 for q in answers if q.get("error"))
    judge_errors = int(result["metadata"].get("judgeErrors", 0))
    missing = 0 if planned is None else max(0, planned - len(answers))
    return len(answers), missing + max(errored, judge_errors)


async def one_run(args: argparse.Namespace, parallelism: int, source: Path) -> dict[str, Any]:
    limits = limits_of(args)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run"
        env = dict(os.environ)
        env["PYTHONPATH"] = str(source)
        env["OPENAI_API_KEY"] = "sk-bench"
        env["RECALLBENCH_CACHE_DIR"] = str(Path(tmp) / "cache")
        admitted: list[float] = []

        def judge_reply(request: RecordedRequest) -> str:
            admitted.append(request.at)
            return PASS

        async with FakeProviderServer(judge_reply, limits=limits) as server:
            started = time.perf_counter()
            done = await anyio.run_process(
                command(server.url, parallelism, args, out), env=env, check=False
            )
            wall = time.perf_counter() - started
            traffic = server.traffic
            requests = len(server.requests)
            arrivals = [r.at for r in server.requests]
        err = done.stderr.decode(errors="replace")
        if done.returncode != 0:
            raise SystemExit(f"run at --parallelism {parallelism} failed:\n{err[-3000:]}")
        result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    planned = int(result["metadata"]["totalEvalsRun"])
    evaluations, lost = lost_answers(result, planned)
    floor = limits.floor(evaluations)
    went_down = re.search(r"concurrency went down to (\d+)", err)
    if args.timeline and admitted:
        start = arrivals[0]
        seconds = int(max(arrivals) - start) + 1
        sent, served = [0] * seconds, [0] * seconds
        for at in arrivals:
            sent[int(at - start)] += 1
        for at in admitted:
            served[int(at - start)] += 1
        print(
            "second: admitted/sent "
            + " ".join(f"{i}:{a}/{s}" for i, (a, s) in enumerate(zip(served, sent, strict=True)))
        )
    return {
        "source": source,
        "parallelism": parallelism,
        "evaluations": evaluations,
        "lost": lost,
        "wall": wall,
        "span": traffic.span,
        "floor": floor,
        "requests": requests,
        "limited": traffic.limited,
        "outage429": traffic.outage.get(429, 0),
        "outage503": traffic.outage.get(503, 0),
        "lowest": int(went_down.group(1)) if went_down else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--parallelism", type=int, nargs="+", default=[4, 16, 64])
    parser.add_argument("--rpm", type=float, default=3000.0)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--jitter", type=float, default=0.3)
    parser.add_argument("--ranges", default="6:180:6")
    parser.add_argument("--lifecycle", default="incremental")
    parser.add_argument("--unit-parallelism", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-outages", action="store_true")
    parser.add_argument("--outage-seconds", type=float, default=2.0, help="each outage's length")
    parser.add_argument("--seconds-only", action="store_true")
    parser.add_argument(
        "--source-root",
        action="append",
        default=[],
        help="run this checkout's recallbench (PYTHONPATH; the server is always this one's); "
        "given more than once, alternated (default: this checkout)",
    )
    parser.add_argument("--timeline", action="store_true", help="print requests admitted a second")
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f}", flush=True)
    rows = []
    sources = [Path(p).resolve() for p in args.source_root] or [ROOT]
    for _ in range(args.repeat):
        for parallelism in args.parallelism:
            for source in sources:
                row = anyio.run(one_run, args, parallelism, source)
                rows.append(row)
                print(
                    "{source} parallelism {parallelism}: {evaluations} judged, {lost} lost; wall {wall:.1f} s, "
                    "judging {span:.1f} s, floor {floor:.1f} s -> {ratio:.3f}x (judging {sratio:.3f}x); {requests} requests, "
                    "429 rate {limited}, 429 burst {outage429}, 503 burst {outage503}; "
                    "concurrency down to {lowest}; load {load:.2f}".format(
                        ratio=row["wall"] / row["floor"],
                        sratio=row["span"] / row["floor"],
                        load=os.getloadavg()[0],
                        **row,
                    ),
                    flush=True,
                )
    print()
    print(
        "| checkout | --parallelism | judge calls | lost | wall | floor | wall / floor "
        "| judging / floor | requests | 429 (limit) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(
            f"| {row['source'].name} | {row['parallelism']} | {row['evaluations']:,} | {row['lost']} | {row['wall']:.1f} s "
            f"| {row['floor']:.1f} s | {row['wall'] / row['floor']:.3f}× "
            f"| {row['span'] / row['floor']:.3f}× | {row['requests']:,} "
            f"| {row['limited']:,} |"
        )


if __name__ == "__main__":
    main()
