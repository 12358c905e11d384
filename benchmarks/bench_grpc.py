"""The harness over gRPC, end to end with real processes (issue: gRPC, benchmark).

    python benchmarks/bench_grpc.py [REFERENCE_DIR] [--repeat N]

The 180-day executive assistant of the reference data (``RECALLBENCH_REFERENCE_DATA`` or
``../shared/upstream``) at the 5 default ranges, incremental lifecycle, stub judge, every log written
(result.json, progress.jsonl, questions.jsonl; no heatmap.png): 1,080 evaluations.

1. over gRPC: ``recallbench serve --adapter benchmarks/bench_grpc.py:Constant --port 0`` in one
   process, ``recallbench run --adapter grpc://127.0.0.1:PORT …`` timed wall-clock in another;
2. in process: the same ``recallbench run`` with ``--adapter benchmarks/bench_grpc.py:Constant``.

Both times include the run's interpreter start-up, imports, preflight and dataset loading, as the
reference's figure does (5.6 s against a Python gRPC server on this kind of machine). The server
is started once and kept for every repeat, as a served memory system would be.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
SERVE = [sys.executable, "-m", "recallbench", "serve"]
RUN = [sys.executable, "-m", "recallbench", "run"]
REFERENCE_SECONDS = 5.6
"""The reference harness over gRPC to a Python server, same persona and ranges (ECOSYSTEM.md)."""


class Constant:
    """The constant-answer adapter the reference measured with: nothing stored, one answer."""

    name = "constant"

    async def setup(self) -> None: ...

    async def ingest_day(self, day: int, content: str, metadata: object) -> None: ...

    async def finalize_ingestion(self) -> None: ...

    async def query(self, question: str) -> str:
        return "No evidence found in memory."

    async def teardown(self) -> None: ...


def _timed_run(adapter: str, personas: Path, out: Path) -> tuple[float, dict[str, object]]:
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
        "--no-heatmap-png",
        "--json-out",
        str(out / "result.json"),
    ]
    t = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True)
    elapsed = time.perf_counter() - t
    if done.returncode != 0:
        raise SystemExit(f"run failed ({done.returncode}):\n{done.stderr}")
    result = json.loads((out / "result.json").read_text(encoding="utf-8"))
    return elapsed, result


def _start_server(log: Path) -> tuple[subprocess.Popen[bytes], int]:
    out = log.with_suffix(".out")
    with out.open("wb") as stdout, log.open("wb") as stderr:
        server = subprocess.Popen(
            [*SERVE, "--adapter", f"{HERE}:Constant", "--port", "0"],
            stdout=stdout,
            stderr=stderr,
            start_new_session=True,
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        match = re.search(r"listening on \S+:(\d+)", out.read_text(encoding="utf-8"))
        if match:
            return server, int(match.group(1))
        if server.poll() is not None:
            raise SystemExit(f"serve exited:\n{log.read_text(encoding='utf-8')}")
        time.sleep(0.02)
    server.kill()
    raise SystemExit("serve did not start within 30 s")


def _summary(label: str, times: list[float], result: dict[str, object]) -> str:
    meta = result["metadata"]
    assert isinstance(meta, dict)
    return (
        f"{label:<12} best {min(times):.2f} s, median {statistics.median(times):.2f} s "
        f"over {len(times)} runs ({meta['totalEvalsRun']:,} evaluations; the harness itself "
        f"{meta['durationMs'] / 1000:.2f} s in the last run)"
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
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    personas = args.reference / "personas"

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        server, port = _start_server(root / "serve.err")
        try:
            remote: list[float] = []
            local: list[float] = []
            for i in range(args.repeat):
                # Alternated, so that a slower spell of the machine hits both alike.
                elapsed, remote_result = _timed_run(
                    f"grpc://127.0.0.1:{port}", personas, root / f"grpc-{i}"
                )
                remote.append(elapsed)
                elapsed, local_result = _timed_run(f"{HERE}:Constant", personas, root / f"py-{i}")
                local.append(elapsed)
        finally:
            # A graceful stop: the server tears down and logs its last lifecycle.
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        lifecycles = (root / "serve.err").read_text(encoding="utf-8").count("[serve] lifecycle")

    print(_summary("over gRPC", remote, remote_result))
    print(_summary("in process", local, local_result))
    print(
        f"gRPC costs {statistics.median(remote) - statistics.median(local):.2f} s "
        f"({statistics.median(remote) / statistics.median(local):.2f}× the in-process run); "
        f"the server logged {lifecycles} lifecycles"
    )
    print(
        f"reference harness over gRPC to a Python server: {REFERENCE_SECONDS} s "
        f"→ ours is {REFERENCE_SECONDS / statistics.median(remote):.1f}× faster"
    )


if __name__ == "__main__":
    main()
