"""Re-judging the main job's run with the rubric judge: the whole ``recallbench rejudge`` process.

Target (issue 45): the main job's 4,622 answers re-judged with the rubric judge in at most 5 s wall,
the memory system never called. The run is made first (``python -m recallbench run`` with no
adapter and no judge: builtin:bm25 judged by the rubric, the six shipped personas) unless
``--run DIR`` names one; then ``python -m recallbench rejudge RUN --judge rubric --output DIR`` is
timed as a whole process, ``--repeat`` times, and its result checked to hold the run's own scores
(the same judge re-scoring the same answers). Run from the repository root::

    python benchmarks/bench_rejudge.py [--run RUN_DIR] [--repeat N] [-- REJUDGE_ARGS ...]

The same figure from a shell: ``/usr/bin/time -v python -m recallbench rejudge RUN --judge rubric``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _scores(result_json: Path) -> list[tuple[str, str, str, float]]:
    data = json.loads(result_json.read_text(encoding="utf-8"))
    return [
        (p["personaId"], r["range"]["label"], q["qa"]["id"], q["compositeScore"])
        for p in data["personas"]
        for r in p["rangeResults"]
        for q in r["questionResults"]
    ]


def _main_job(where: Path) -> Path:
    print("making the main job's run (python -m recallbench run) …", flush=True)
    done = subprocess.run(
        [sys.executable, "-m", "recallbench", "run", "--no-heatmap-png", "--no-html"],
        cwd=where,
        capture_output=True,
        text=True,
        env=ENV,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"the main job failed ({done.returncode}):\n{done.stderr[-2000:]}")
    (result,) = where.glob("runs/*/result.json")
    return result.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", type=Path, help="a run folder to re-judge (default: make one)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("rejudge_args", nargs="*", help="more arguments for recallbench rejudge")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        run = args.run.resolve() if args.run else _main_job(Path(tmp))
        source = _scores(run / "result.json")
        walls, cpus = [], []
        for i in range(args.repeat):
            out = Path(tmp) / f"rejudged-{i}"
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "recallbench", "rejudge", str(run), "--judge", "rubric",
                 "--output", str(out), *args.rejudge_args],
                capture_output=True,
                text=True,
                env=ENV,
                check=False,
            )  # fmt: skip
            walls.append(time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            if done.returncode != 0:
                sys.exit(f"rejudge failed ({done.returncode}):\n{done.stderr[-2000:]}")
            if _scores(out / "result.json") != source:
                sys.exit("the re-judged run's scores differ from the run's own (same judge)")
        print(f"rejudge of {run.name}: {len(source):,} answers, rubric judge")
        print(
            f"  wall time: {statistics.median(walls):.2f} s (median of {len(walls)}; "
            f"min {min(walls):.2f}, max {max(walls):.2f}; target ≤ 5 s)"
        )
        print(
            f"  CPU time (user + system, the process and its fork): {statistics.median(cpus):.2f} s"
        )
        print("  scores: identical to the run's own, answer by answer")
        print(f"  load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
