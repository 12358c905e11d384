"""The main job's wall time and run folder: ``python -m recallbench run`` with no adapter and no
judge (builtin:bm25 judged by the rubric judge over the six shipped 1,000-day personas at the default
checkpoints).

Targets: at most 60 s on a 2-core machine (issue 6); the run folder at most 9 MB (issue 35). Run from
the repository root (arguments after ``--`` go to ``recallbench run``, e.g. ``-- --keep-snippets``)::

    python benchmarks/bench_main_job.py [--repeat N] [-- RUN_ARGS ...]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("run_args", nargs="*", help="more arguments for recallbench run")
    args = parser.parse_args()
    walls = []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            t0 = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "recallbench", "run", *args.run_args],
                cwd=tmp,
                capture_output=True,
                text=True,
                env={"PYTHONPATH": str(ROOT), **dict(__import__("os").environ)},
                check=False,
            )
            walls.append(time.perf_counter() - t0)
            if done.returncode != 0:
                sys.exit(f"the main job failed ({done.returncode}):\n{done.stderr[-2000:]}")
            (result_json,) = Path(tmp).glob("runs/*/result.json")
            result = json.loads(result_json.read_text())
            files = {f.name: f.stat().st_size for f in sorted(result_json.parent.iterdir())}
    md = result["metadata"]
    overall = result.get("retrieval", {}).get("overall", {})
    timing = result.get("timing", {})
    print("main job: python -m recallbench run (builtin:bm25, rubric judge, shipped personas)")
    print(f"  wall time: {statistics.median(walls):.1f} s (median of {len(walls)}; target ≤ 60 s)")
    print(f"  evaluations: {md['totalEvalsRun']} over {len(result['personas'])} personas")
    print(
        f"  run folder: {sum(files.values()) / 1e6:.2f} MB (target ≤ 9 MB): "
        + ", ".join(f"{name} {size / 1e6:.2f}" for name, size in files.items())
    )
    print(
        "  retrieval: "
        + ", ".join(f"{k} {v:.3f}" for k, v in overall.items())
        + f" over {result.get('retrieval', {}).get('questionCount', 0)} answers"
    )
    latency = timing.get("queryLatencyMs", {})
    print(
        f"  query latency p50 {latency.get('p50', 0):.2f} ms · p95 {latency.get('p95', 0):.2f} ms"
        f" · ingestion {timing.get('ingestMsPerDay', 0):.2f} ms/day"
    )
    cells = {}
    for cell in result["heatmap"]:
        cells.setdefault(cell["category"], []).append(cell["score"])
    print(
        "  mean score by category (0–6): "
        + ", ".join(f"{c} {sum(v) / len(v):.2f}" for c, v in cells.items() if any(v))
    )


if __name__ == "__main__":
    main()
