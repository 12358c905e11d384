"""Foundation speed: loading the 180-day reference persona, and `plan --json` over 143 checkpoints.

    python benchmarks/bench_foundation.py [REFERENCE_DIR]

REFERENCE_DIR defaults to $RECALLBENCH_REFERENCE_DATA or ../shared/upstream. Prints medians of several
runs; targets (issue 2): load < 1 s, plan --json for 143 checkpoints < 2 s (whole command, interpreter
start included).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def main() -> None:
    ref = Path(
        sys.argv[1]
        if len(sys.argv) > 1
        else os.environ.get(
            "RECALLBENCH_REFERENCE_DATA", Path(__file__).parents[2] / "shared" / "upstream"
        )
    )
    data = ref / "personas"
    import recallbench as rb

    loads = []
    for _ in range(5):
        t = time.perf_counter()
        ds = rb.load_persona(data, "executive-assistant", "arcs-180d.yaml")
        loads.append(time.perf_counter() - t)
    size = sum(len(d.content.encode()) for d in ds.days)
    qa_size = ds.qa_file.stat().st_size
    print(
        f"load_persona(executive-assistant, arcs-180d.yaml): {len(ds.days)} days ({size / 1e6:.2f} MB), "
        f"{len(ds.qa)} pairs ({qa_size / 1e3:.0f} KB)"
    )
    print(
        f"  median {statistics.median(loads):.3f} s  (min {min(loads):.3f}, max {max(loads):.3f}; target < 1 s)"
    )

    # 143 evenly spaced checkpoints over the 180 days.
    days = sorted({round(180 * i / 143) for i in range(1, 144)})
    assert len(days) == 143, len(days)
    ranges = ",".join(f"{d}d" for d in days)
    argv = [
        sys.executable,
        "-m",
        "recallbench",
        "plan",
        "--data",
        str(data),
        "--personas",
        "executive-assistant",
        "--arcs",
        "arcs-180d.yaml",
        "--sample",
        "50",
        "--ranges",
        ranges,
        "--lifecycle",
        "incremental",
        "--json",
    ]
    runs = []
    for _ in range(3):
        t = time.perf_counter()
        out = subprocess.run(argv, capture_output=True, check=True)
        runs.append(time.perf_counter() - t)
    import json

    plan = json.loads(out.stdout)
    n_cp = len(plan["personas"][0]["checkpoints"])
    print(f"recallbench plan --json, {n_cp} checkpoints, {plan['totals']['questions']} questions:")
    print(
        f"  median {statistics.median(runs):.3f} s wall  (min {min(runs):.3f}, max {max(runs):.3f}; target < 2 s)"
    )
    t = time.perf_counter()
    with open(os.devnull, "w") as null:
        subprocess.run([sys.executable, "-c", "import recallbench.cli"], stdout=null, check=True)
    print(f"  of which interpreter start + import recallbench.cli: {time.perf_counter() - t:.3f} s")


if __name__ == "__main__":
    main()
