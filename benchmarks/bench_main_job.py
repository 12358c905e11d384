"""The main job's wall time: ``python -m recallbench run`` with no adapter and no judge (builtin:bm25
judged by the rubric judge over the six shipped 1,000-day personas at the default checkpoints).

Target (issue 6): at most 60 s on a 2-core machine. Run from the repository root::

    python benchmarks/bench_main_job.py [--repeat N]
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
    args = parser.parse_args()
    walls = []
    for _ in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            t0 = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "recallbench", "run"],
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
    md = result["metadata"]
    overall = result.get("retrieval", {}).get("overall", {})
    timing = result.get("timing", {})
    print("main job: python -m recallbench run (builtin:bm25, rubric judge, shipped personas)")
    print(f"  wall time: {statistics.median(walls):.1f} s (median of {len(walls)}; target ≤ 60 s)")
    print(f"  evaluations: {md['totalEvalsRun']} over {len(result['personas'])} personas")
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
