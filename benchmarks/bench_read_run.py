"""Reading big runs back (issue 21, item 3): ``read_run``, ``report``, ``compare`` and
``judge-agreement`` on a 6-persona, 143-checkpoint run — wall time, CPU time and peak RSS.

    python benchmarks/bench_read_run.py [--runs DIR] [--repeat N] [--base DIR] [--only CASE…]
        [--personas ID…]

The runs are two sweeps of every shipped persona at ``7:1000:7`` (6 × 143 checkpoints, ~187,000
answers each: a 205 MB ``result.json`` and a 125 MB ``questions.jsonl`` apiece), with a
constant-answer adapter (``I do not know.`` and, for the second run, another answer) and the stub
judge, made in ``--runs DIR`` when they are not there yet (a minute or two each) and reused after.
``--personas executive-assistant backend-eng-saas`` makes runs of the issue's size instead (2 × 143
checkpoints, a 68 MB ``result.json``; give them another ``--runs`` directory).

Each case is the whole command (``python -m recallbench …``, interpreter start included), its
output sent to /dev/null; peak RSS and CPU time are the child's own (``os.wait4``). ``read_run`` is
timed alone too, in a child that imports recallbench first. The cases:

* ``read_run big`` (the run directory: ``result.json``, the question log left unread);
* ``report big`` (the text report), ``report big --json`` and ``report big --heatmap``;
* ``report big/progress.jsonl`` (the run rebuilt from its progress and question logs);
* ``compare big big2``;
* ``judge-agreement big/result.json --judge stub`` and the same from ``big/questions.jsonl`` (with
  the stub judge the figure is the reading and the bookkeeping, not a judge; the first also loads
  the six personas' data the run recorded).

``--base DIR`` runs every case also with the recallbench checkout in DIR (``git archive <commit>
recallbench | tar -x -C DIR``), alternating with this one's runs — the machine is shared: compare
the ratio of one session, not figures of different hours — and prints both and the ratio. Each
figure is the median of ``--repeat`` runs (default 3). Target (the issue): ``report``, ``compare``
and ``judge-agreement`` ≤ 2 s each.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
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
        return {answer!r}

    async def teardown(self) -> None: ...


adapter = Constant
"""

READ_RUN = "import sys; from recallbench.results.reading import read_run; import time; "
READ_RUN += "t = time.perf_counter(); read_run(sys.argv[1]); "
READ_RUN += "print(time.perf_counter() - t, file=sys.stderr)"


def make_runs(runs: Path, personas: list[str] | None = None) -> None:
    """The two sweeps (of ``personas``, default all six), unless they are there already."""
    runs.mkdir(parents=True, exist_ok=True)
    for name, answer in (("big", "I do not know."), ("big2", "Maybe it was on Tuesday.")):
        if (runs / name / "result.json").is_file():
            continue
        adapter = runs / f"{name}_adapter.py"
        adapter.write_text(ADAPTER.format(answer=answer), encoding="utf-8")
        print(f"making {runs / name} (a minute or two)…", file=sys.stderr)
        subprocess.run(
            [
                *(sys.executable, "-m", "recallbench", "run", "--adapter", str(adapter)),
                *("--judge", "stub", "--ranges", "7:1000:7", "--lifecycle", "incremental"),
                *("--output", name, "--no-heatmap-png", "--no-html"),
                *(["--personas", *personas] if personas else []),
            ],
            cwd=runs,
            check=True,
            stdout=subprocess.DEVNULL,
        )


def timed(checkout: Path, argv: list[str], cwd: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak RSS (MiB) of ``python ARGV`` with ``checkout`` first on
    the path."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, *argv], cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: python {' '.join(argv)}\n{err.decode()[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


CASES: list[tuple[str, list[str]]] = [
    ("read_run big", ["-c", READ_RUN, "big"]),
    ("report big", ["-m", "recallbench", "report", "big"]),
    ("report big --json", ["-m", "recallbench", "report", "big", "--json"]),
    ("report big --heatmap", ["-m", "recallbench", "report", "big", "--heatmap"]),
    ("report big/progress.jsonl", ["-m", "recallbench", "report", "big/progress.jsonl"]),
    ("compare big big2", ["-m", "recallbench", "compare", "big", "big2"]),
    (
        "judge-agreement big/result.json",
        ["-m", "recallbench", "judge-agreement", "big/result.json", "--judge", "stub"],
    ),
    (
        "judge-agreement big/questions.jsonl",
        ["-m", "recallbench", "judge-agreement", "big/questions.jsonl", "--judge", "stub"],
    ),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=Path, default=Path("/tmp/recallbench-bench-read-run"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--base", type=Path, help="another recallbench checkout to compare with")
    parser.add_argument("--only", nargs="+", metavar="CASE", help="only the cases starting so")
    parser.add_argument(
        "--personas",
        nargs="+",
        metavar="ID",
        help="make the runs of these personas only (executive-assistant backend-eng-saas: 68 MB, "
        "the issue's size)",
    )
    args = parser.parse_args()
    make_runs(args.runs, args.personas)
    sizes = {
        f: (args.runs / "big" / f).stat().st_size / 1e6 for f in ("result.json", "questions.jsonl")
    }
    print(
        f"runs in {args.runs}: result.json {sizes['result.json']:.0f} MB, questions.jsonl "
        f"{sizes['questions.jsonl']:.0f} MB; load {os.getloadavg()[0]:.1f}; median of {args.repeat}"
    )
    sides = [("this", ROOT)] + ([("base", args.base.resolve())] if args.base else [])
    header = f"{'case':<38}" + "".join(
        f"{name + ' wall':>11} {'cpu':>6} {'MiB':>6}" for name, _ in sides
    )
    print(header + ("  wall ratio" if args.base else ""))
    for label, argv in CASES:
        if args.only and not any(label.startswith(o) for o in args.only):
            continue
        figures: dict[str, list[tuple[float, float, float]]] = {name: [] for name, _ in sides}
        for _ in range(args.repeat):
            for name, checkout in sides:  # alternated: the same load for both
                figures[name].append(timed(checkout, argv, args.runs))
        row = f"{label:<38}"
        medians = {}
        for name, _ in sides:
            wall, cpu, rss = (statistics.median(f[i] for f in figures[name]) for i in range(3))
            medians[name] = wall
            row += f"{wall:>11.2f} {cpu:>6.2f} {rss:>6.0f}"
        if args.base:
            row += f"  {medians['this'] / medians['base']:>9.2f}×"
        print(row, flush=True)


if __name__ == "__main__":
    main()
