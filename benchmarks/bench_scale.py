"""The harness at scale (issues 21 and 36): a 1,000-day persona at weekly checkpoints, wall time and peak RSS.

    python benchmarks/bench_scale.py [--repeat N] [--base DIR] [--reference-data DIR] [--no-bytecode]

Every run is the whole command (``python -m recallbench run``, interpreter start included) with a
constant-answer adapter, the stub judge, the incremental lifecycle, ``result.json`` +
``progress.jsonl`` + ``questions.jsonl`` written and no PNG/HTML — the setting of the issue's
side-by-side table. Peak RSS is the child's own (``os.wait4``).

1. The shipped ``executive-assistant`` (``arcs-1000d.yaml``) at ``7:1000:7``, 143 checkpoints.
   Target (issue 36): ≤ 1.5 s wall, ≤ 64 MiB peak (issue 21's: ≤ 2.0 s, ≤ 130 MiB).
2. The same persona at 36, 72 and 143 checkpoints (``7:252:7``, ``7:504:7``, ``7:1000:7``): peak
   RSS must grow sub-linearly (143 ≤ 1.5 × 36). And at every other week (``14:1000:14``) against
   every week: twice the checkpoints over the same days take at most twice the time.
3. The shipped persona's 180 days (``arcs-180d.yaml``) at the default ranges, and with
   ``--reference-data DIR`` (the original project's personas, e.g. ``../shared/upstream/personas``)
   its 180-day persona at the default ranges. Target (issue 36): ≤ 0.25 s wall.

Bytecode is cached (in a temporary ``PYTHONPYCACHEPREFIX``, filled by a first, uncounted run of
each checkout), as an installed package has it; ``--no-bytecode`` compiles every module at every
start instead, as a checkout under ``PYTHONDONTWRITEBYTECODE`` does (~0.1 s more a run).

``--base DIR`` runs every case also with the recallbench checkout in DIR (``git worktree add DIR
<commit>``, or ``git archive <commit> recallbench | tar -x -C DIR``), interleaved with this one's
runs (the machine is shared: compare the ratio of one session, not figures of different hours),
and prints both and their ratio. Each figure is the median of ``--repeat`` runs (default 3). The
sizes of the 143-checkpoint run's files are printed too.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ADAPTER = """
class Constant:
    name = "constant"

    async def setup(self) -> None: ...

    async def ingest_day(self, day, content, metadata) -> None: ...

    async def finalize_ingestion(self) -> None: ...

    async def query(self, question, session_id=None) -> str:
        return "I do not know."

    async def teardown(self) -> None: ...


adapter = Constant
"""


def timed(
    checkout: Path, args: list[str], cwd: Path, pycache: Path | None = None
) -> tuple[float, float]:
    """Wall seconds and peak RSS (MiB) of ``python -m recallbench ARGS`` run from ``checkout``, its
    bytecode cached under ``pycache`` (None: compiled at every start)."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    if pycache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "recallbench", *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(
            f"failed ({proc.returncode}): recallbench {' '.join(args)}\n{err.decode()[-2000:]}"
        )
    return wall, usage.ru_maxrss / 1024


def run_args(adapter: Path, out: Path, *extra: str) -> list[str]:
    return [
        "run",
        "--adapter",
        str(adapter),
        "--judge",
        "stub",
        "--lifecycle",
        "incremental",
        "--output",
        str(out),
        "--no-heatmap-png",
        "--no-html",
        *extra,
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--base", type=Path, help="another recallbench checkout to compare with")
    parser.add_argument("--reference-data", type=Path, help="the original project's personas")
    parser.add_argument(
        "--no-bytecode", action="store_true", help="compile every module at every start"
    )
    args = parser.parse_args()
    checkouts = {"this": ROOT} | ({"base": args.base.resolve()} if args.base else {})

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        adapter = tmp / "constant.py"
        adapter.write_text(ADAPTER)
        ea = ["--data", str(ROOT / "personas"), "--personas", "executive-assistant"]
        cases: list[tuple[str, list[str]]] = [
            (f"EA 1000d, {n} checkpoints ({r})", [*ea, "--ranges", r])
            for n, r in ((36, "7:252:7"), (72, "7:504:7"), (143, "7:1000:7"), (72, "14:1000:14"))
        ]
        cases.append(
            (
                "shipped 180d persona, default ranges",
                [*ea, "--arcs", "arcs-180d.yaml"],
            )
        )
        if args.reference_data:
            data = args.reference_data.resolve()
            cases.append(
                (
                    "reference 180d persona, default ranges",
                    [
                        *("--data", str(data), "--personas", "executive-assistant"),
                        "--arcs",
                        "arcs-180d.yaml",
                    ],
                )
            )
        figures: dict[tuple[str, str], list[tuple[float, float]]] = {}
        evaluations: dict[str, int] = {}
        sizes: dict[str, dict[str, int]] = {}
        caches = {name: None if args.no_bytecode else tmp / f"pycache-{name}" for name in checkouts}
        for name, checkout in checkouts.items():  # fills the bytecode caches; not counted
            timed(checkout, run_args(adapter, tmp / "warm", *cases[0][1]), tmp, caches[name])
            subprocess.run(["rm", "-rf", str(tmp / "warm")], check=True)
        for _ in range(args.repeat):
            for label, extra in cases:
                for name, checkout in checkouts.items():  # interleaved: the same load for both
                    out = tmp / "out"
                    figures.setdefault((label, name), []).append(
                        timed(checkout, run_args(adapter, out, *extra), tmp, caches[name])
                    )
                    evaluations[label] = _evaluations(out / "progress.jsonl")
                    if label == cases[2][0]:
                        sizes[name] = {f.name: f.stat().st_size for f in sorted(out.iterdir())}
                    subprocess.run(["rm", "-rf", str(out)], check=True)

    bytecode = "compiled at every start" if args.no_bytecode else "bytecode cached"
    print(f"median of {args.repeat}; wall seconds (whole command, {bytecode}) and peak RSS MiB")
    for label, _ in cases:
        row = [f"{label:42s} {evaluations[label]:>6,} evals"]
        for name in checkouts:
            runs = figures[(label, name)]
            wall = statistics.median(w for w, _ in runs)
            rss = statistics.median(m for _, m in runs)
            row.append(f"{name}: {wall:6.2f} s {rss:6.0f} MiB")
        if "base" in checkouts:
            this = figures[(label, "this")]
            base = figures[(label, "base")]
            row.append(
                f"ratio {statistics.median(w for w, _ in this) / statistics.median(w for w, _ in base):.2f}× time, "
                f"{statistics.median(m for _, m in this) / statistics.median(m for _, m in base):.2f}× memory"
            )
        print("  ".join(row))
    for name in checkouts:
        half = figures[(cases[3][0], name)]
        full = figures[(cases[2][0], name)]
        ratio = statistics.median(w for w, _ in full) / statistics.median(w for w, _ in half)
        ev = evaluations[cases[2][0]] / evaluations[cases[3][0]]
        print(
            f"{name}: every week against every other week of the same 1,000 days: {ev:.2f}× the "
            f"evaluations, {ratio:.2f}× the time (no quadratic step: at most in proportion)"
        )
        small = figures[(cases[0][0], name)]
        big = figures[(cases[2][0], name)]
        mem = statistics.median(m for _, m in big) / statistics.median(m for _, m in small)
        t = statistics.median(w for w, _ in big) / statistics.median(w for w, _ in small)
        ev = evaluations[cases[2][0]] / evaluations[cases[0][0]]
        print(
            f"{name}: 143 vs 36 checkpoints: {ev:.1f}× the evaluations, {t:.2f}× the time, "
            f"{mem:.2f}× the peak memory (target ≤ 1.5×)"
        )
    _print_sizes(sizes)


def _print_sizes(sizes: dict[str, dict[str, int]]) -> None:
    for name, files in sizes.items():
        listed = ", ".join(f"{f} {n / 1e6:.1f} MB" for f, n in files.items())
        print(f"{name}: the 143-checkpoint run's files: {listed}")


def _evaluations(progress: Path) -> int:
    """The run's evaluations, from the summary line of its progress.jsonl: loading result.json here
    would grow this process, and a child's peak RSS as Linux reports it starts from its parent's."""
    import json

    last = progress.read_text().splitlines()[-1]
    return int(json.loads(last)["totalEvalsRun"])


if __name__ == "__main__":
    main()
