"""The harness over gRPC, end to end with real processes, and where its time goes (issue 21).

    python benchmarks/bench_grpc.py [REFERENCE_DIR] [--repeat N] [--base DIR] [--unary]

The 180-day executive assistant of the reference data (``RECALLBENCH_REFERENCE_DATA`` or
``../shared/upstream``) at the 5 default ranges, incremental lifecycle, stub judge, every log written
(``--output DIR --no-heatmap-png --no-html``: result.json, progress.jsonl, questions.jsonl):
1,080 queries and 180 days, 1,268 RPCs. Three runs of the same ``recallbench run`` command,
alternated so that a slower spell of the (shared, 2-core) machine hits all three alike:

1. **over gRPC**: ``recallbench serve --adapter benchmarks/bench_grpc.py:Constant --port 0`` in one
   process, ``recallbench run --adapter grpc://127.0.0.1:PORT …`` timed wall-clock in another;
2. **the gRPC floor**: the same run against a bare grpc.aio servicer (six handlers returning the
   constant answer: no lifecycle, ownership or adapter dispatch) through a bare stub adapter (one
   ``await stub.Method(request, timeout=…)`` per call: no cancellation-safe wait, lifecycle token,
   retries or detail mapping) — what gRPC's round trips cost by themselves;
3. **in process**: the same run with ``--adapter benchmarks/bench_grpc.py:Constant``.

So (1) − (2) is what recallbench's client and server add to gRPC, (2) − (3) is gRPC's own round
trips, and (3) is the harness, interpreter start-up included. The servers are started once and kept
for every repeat, as a served memory system would be. Every command runs from a scratch directory
with ``PYTHONPATH`` set to the checkout it measures.

``--base DIR`` adds (1) with another recallbench checkout — its ``serve`` and its ``run``, e.g. a
worktree of the commit before issue 21 (``git worktree add /tmp/base21 f4b2adb``), run through
``PYTHONPATH``, nothing installed — alternated with the rest, and prints the ratio of the two gRPC
runs' medians (issue 21 asks for ≤ 0.5). ``--unary`` adds (1) with ``--grpc-unary``: this checkout
over the six unary RPCs only (no Session stream), as against a reference server.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
ROOT = HERE.parents[1]
SERVE = [sys.executable, "-m", "recallbench", "serve"]
RUN = [sys.executable, "-m", "recallbench", "run"]
FLOOR_ENV = "BENCH_GRPC_FLOOR"
"""Where the floor adapter finds the bare servicer (``127.0.0.1:PORT``)."""
ANSWER = "No evidence found in memory."


class Constant:
    """The constant-answer adapter the reference measured with: nothing stored, one answer."""

    name = "constant"

    async def setup(self) -> None: ...

    async def ingest_day(self, day: int, content: str, metadata: object) -> None: ...

    async def finalize_ingestion(self) -> None: ...

    async def query(self, question: str) -> str:
        return ANSWER

    async def teardown(self) -> None: ...


class Floor:
    """A bare stub client of the bare servicer: one plain awaited RPC per adapter call."""

    name = "grpc-floor"

    def __init__(self) -> None:
        self._channel: Any = None
        self._stub: Any = None

    def _open(self) -> Any:
        if self._stub is None:
            import grpc.aio

            from recallbench._proto import memory_bench_service_pb2_grpc as pb_grpc

            self._channel = grpc.aio.insecure_channel(os.environ[FLOOR_ENV])
            self._stub = pb_grpc.MemoryBenchServiceStub(self._channel)
        return self._stub

    async def setup(self) -> None:
        from recallbench._proto import memory_bench_service_pb2 as pb

        await self._open().Setup(pb.SetupRequest(), timeout=120)

    async def ingest_day(self, day: int, content: str, metadata: Any) -> None:
        from recallbench._proto import memory_bench_service_pb2 as pb

        request = pb.IngestDayRequest(
            day_number=day,
            content=content,
            metadata=pb.DayMetadata(
                day_number=metadata.day_number,
                date=metadata.date,
                persona_id=metadata.persona_id,
                active_arcs=list(metadata.active_arcs),
            ),
        )
        await self._open().IngestDay(request, timeout=120)

    async def finalize_ingestion(self) -> None:
        from recallbench._proto import memory_bench_service_pb2 as pb

        await self._open().FinalizeIngestion(pb.FinalizeIngestionRequest(), timeout=120)

    async def query(self, question: str) -> str:
        from recallbench._proto import memory_bench_service_pb2 as pb

        response = await self._open().Query(pb.QueryRequest(question=question), timeout=120)
        return str(response.answer)

    async def teardown(self) -> None:
        from recallbench._proto import memory_bench_service_pb2 as pb

        await self._open().Teardown(pb.TeardownRequest(), timeout=120)
        await self._channel.close()
        self._channel = self._stub = None


async def _serve_floor() -> None:
    """The bare servicer, on a free loopback port printed as ``listening on 127.0.0.1:PORT``."""
    import grpc.aio

    from recallbench._proto import memory_bench_service_pb2 as pb
    from recallbench._proto import memory_bench_service_pb2_grpc as pb_grpc

    class Bare(pb_grpc.MemoryBenchServiceServicer):
        async def Setup(self, request: Any, context: Any) -> Any:
            return pb.SetupResponse()

        async def IngestDay(self, request: Any, context: Any) -> Any:
            return pb.IngestDayResponse()

        async def FinalizeIngestion(self, request: Any, context: Any) -> Any:
            return pb.FinalizeIngestionResponse()

        async def Query(self, request: Any, context: Any) -> Any:
            return pb.QueryResponse(answer=ANSWER)

        async def Teardown(self, request: Any, context: Any) -> Any:
            return pb.TeardownResponse()

    server = grpc.aio.server()
    pb_grpc.add_MemoryBenchServiceServicer_to_server(Bare(), server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    print(f"bare servicer listening on 127.0.0.1:{port}", flush=True)
    await server.wait_for_termination()


def _cpu(pid: int) -> float:
    """CPU seconds (user + system, every thread) a running process has used so far (Linux; 0
    elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed_run(adapter: str, personas: Path, out: Path, env: dict[str, str], *extra: str) -> float:
    argv = [
        *RUN,
        "--adapter",
        adapter,
        "--data",
        str(personas),
        "--personas",
        "executive-assistant",
        "--arcs",
        "arcs-180d.yaml",
        "--lifecycle",
        "incremental",
        "--judge",
        "stub",
        "--no-judge-cache",
        "--output",
        str(out),
        "--no-heatmap-png",
        "--no-html",
        *extra,
    ]
    t = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=out.parent)
    elapsed = time.perf_counter() - t
    if done.returncode != 0:
        raise SystemExit(f"run failed ({done.returncode}):\n{done.stderr}")
    if not (out / "result.json").is_file():
        raise SystemExit(f"run wrote no result.json in {out}:\n{done.stderr}")
    return elapsed


def _env(checkout: Path, **extra: str) -> dict[str, str]:
    """The environment of a command measuring ``checkout``: its package first on the path."""
    return {**os.environ, "PYTHONPATH": str(checkout), **extra}


def _start(
    argv: list[str], log: Path, env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[bytes], int]:
    out = log.with_suffix(".out")
    with out.open("wb") as stdout, log.open("wb") as stderr:
        server = subprocess.Popen(
            argv, stdout=stdout, stderr=stderr, start_new_session=True, env=env, cwd=log.parent
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        match = re.search(r"listening on \S+:(\d+)", out.read_text(encoding="utf-8"))
        if match:
            return server, int(match.group(1))
        if server.poll() is not None:
            raise SystemExit(f"{argv} exited:\n{log.read_text(encoding='utf-8')}")
        time.sleep(0.02)
    server.kill()
    raise SystemExit(f"{argv} did not start within 30 s")


def _stop(server: subprocess.Popen[bytes]) -> None:
    # A graceful stop: `recallbench serve` tears down and logs its last lifecycle.
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def _line(label: str, times: list[float]) -> str:
    return (
        f"{label:<16} median {statistics.median(times):.2f} s, best {min(times):.2f} s "
        f"over {len(times)} runs"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "reference",
        nargs="?",
        type=Path,
        default=Path(
            os.environ.get("RECALLBENCH_REFERENCE_DATA", HERE.parents[2] / "shared" / "upstream")
        ),
    )
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--base", type=Path, help="another recallbench checkout to compare with")
    parser.add_argument(
        "--unary", action="store_true", help="also run over the unary RPCs only (--grpc-unary)"
    )
    parser.add_argument("--serve-floor", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_floor:
        asyncio.run(_serve_floor())
        return
    personas = args.reference / "personas"

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        servers: list[subprocess.Popen[bytes]] = []
        try:
            this_env = _env(ROOT)
            ours, port = _start(
                [*SERVE, "--adapter", f"{HERE}:Constant", "--port", "0"], root / "s.err", this_env
            )
            servers.append(ours)
            floor, floor_port = _start(
                [sys.executable, str(HERE), "--serve-floor"], root / "floor.err", this_env
            )
            servers.append(floor)
            env = _env(ROOT, **{FLOOR_ENV: f"127.0.0.1:{floor_port}"})
            # label -> (adapter, environment, extra run flags)
            runs: dict[str, tuple[str, dict[str, str], tuple[str, ...]]] = {
                "over gRPC": (f"grpc://127.0.0.1:{port}", env, ()),
            }
            served_by = {"over gRPC": ours, "unary gRPC": ours}
            if args.unary:
                runs["unary gRPC"] = (f"grpc://127.0.0.1:{port}", env, ("--grpc-unary",))
            if args.base is not None:
                base_env = _env(args.base.resolve())
                base, base_port = _start(
                    [*SERVE, "--adapter", f"{HERE}:Constant", "--port", "0"],
                    root / "base.err",
                    base_env,
                )
                servers.append(base)
                runs["base over gRPC"] = (f"grpc://127.0.0.1:{base_port}", base_env, ())
                served_by["base over gRPC"] = base
            runs["gRPC floor"] = (f"{HERE}:Floor", env, ())
            runs["in process"] = (f"{HERE}:Constant", env, ())
            times: dict[str, list[float]] = {label: [] for label in runs}
            # CPU seconds of each run: the run's own process, and its server's meanwhile.
            cpu: dict[str, list[tuple[float, float]]] = {label: [] for label in runs}
            for i in range(args.repeat):
                for label, (adapter, run_env, extra) in runs.items():
                    out = root / f"{label.replace(' ', '-')}-{i}"
                    server_pid = served_by[label].pid if label in served_by else None
                    client0 = _children_cpu()
                    server0 = _cpu(server_pid) if server_pid else 0.0
                    times[label].append(_timed_run(adapter, personas, out, run_env, *extra))
                    cpu[label].append(
                        (
                            _children_cpu() - client0,
                            _cpu(server_pid) - server0 if server_pid else 0.0,
                        )
                    )
        finally:
            for server in servers:
                _stop(server)
        lifecycles = (root / "s.err").read_text(encoding="utf-8").count("[serve] lifecycle")

    med = {label: statistics.median(t) for label, t in times.items()}
    for label, t in times.items():
        client = statistics.median(c for c, _ in cpu[label])
        server = statistics.median(s for _, s in cpu[label])
        print(
            f"{_line(label, t)}; CPU: the run {client:.2f} s"
            + (f", its server {server:.2f} s" if label in served_by else "")
        )
    print(
        f"split of the gRPC run ({med['over gRPC']:.2f} s): harness {med['in process']:.2f} s, "
        f"gRPC floor (bare unary stub and servicer) {med['gRPC floor']:.2f} s, this run's gRPC "
        f"{med['over gRPC'] - med['in process']:.2f} s "
        f"(the server logged {lifecycles} lifecycles)"
    )
    if "base over gRPC" in med:
        print(
            f"over gRPC against the base checkout: {med['base over gRPC']:.2f} -> "
            f"{med['over gRPC']:.2f} s, ratio {med['over gRPC'] / med['base over gRPC']:.2f}"
        )


if __name__ == "__main__":
    main()
