"""The same work through inspect and through ``recallbench run``: whole-process wall time and ratio.

    python benchmarks/bench_inspect.py [-n ROUNDS] [--ranges R] [--adapter SPEC] [--judge SPEC]
        [--lifecycle fresh|incremental] [--quiet-output] [--inspect-arg ARG ...] [REFERENCE_DIR]

REFERENCE_DIR defaults to $RECALLBENCH_REFERENCE_DATA or ../shared/upstream; the work is its
180-day executive assistant (``--personas executive-assistant --arcs arcs-180d.yaml``) at
``--ranges`` (default 30d) with ``--adapter`` (default builtin:bm25) judged by ``--judge``
(default rubric): the agreement test's selection. Each round runs, one after the other and in
alternating order (so a busy moment of the machine falls on both alike):

* ``python -m recallbench run … --output DIR`` — as a user runs it: result.json, its logs, and
  its views (heatmap PNGs, report.html); with ``--quiet-output`` the views are left out
  (``--no-heatmap-png --no-html``), which leaves the result and the logs;
* ``inspect eval recallbench/recall_bench -T … --model mockllm/model --display none --log-dir DIR``
  — the task in its *system answers* mode (the memory system answers, as ``recallbench run``; the
  model is never called), writing its .eval log.

Every figure is a median over the rounds (default 5) of a fresh process, interpreter start
included; CPU seconds (user + system of the process and its children, which a busy machine
inflates less than wall time) are given beside. The ratio is inspect's median wall time over
``recallbench run``'s. Target (issue 44): at most 1.5.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = 1.5


def _measure(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one process (and its children) run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(
            f"{' '.join(argv[:4])} … failed ({done.returncode}):\n{done.stderr[-2000:]}"
        )
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _inspect_cli() -> str:
    found = shutil.which("inspect", path=str(Path(sys.executable).parent)) or shutil.which(
        "inspect"
    )
    if found is None:
        raise SystemExit("the inspect CLI is not installed: pip install -e '.[inspect]'")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reference", nargs="?", type=Path)
    parser.add_argument("-n", "--rounds", type=int, default=5)
    parser.add_argument("--ranges", default="30d")
    parser.add_argument("--adapter", default="builtin:bm25")
    parser.add_argument("--judge", default="rubric")
    parser.add_argument("--lifecycle", default="fresh", choices=("fresh", "incremental"))
    parser.add_argument(
        "--quiet-output",
        action="store_true",
        help="recallbench run writes no views (--no-heatmap-png --no-html)",
    )
    parser.add_argument(
        "--inspect-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="an option of inspect eval's own, added to its command (repeatable)",
    )
    args = parser.parse_args(argv)
    reference = args.reference or Path(
        os.environ.get("RECALLBENCH_REFERENCE_DATA")
        or Path(__file__).resolve().parents[1].parent / "shared" / "upstream"
    )
    data = reference / "personas"
    if not (data / "executive-assistant" / "arcs-180d.yaml").is_file():
        raise SystemExit(f"no 180-day executive assistant under {data}")
    ranges = [r for r in args.ranges.replace(",", " ").split() if r]
    inspect_cli = _inspect_cli()
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="bench-inspect-") as scratch:
        work = Path(scratch)
        env["RECALLBENCH_RUNS_DIR"] = str(work / "runs")

        def recallbench_run(i: int) -> list[str]:
            out = [sys.executable, "-m", "recallbench", "run", "--data", str(data)]
            out += ["--personas", "executive-assistant", "--arcs", "arcs-180d.yaml"]
            out += ["--ranges", *ranges, "--adapter", args.adapter, "--judge", args.judge]
            out += ["--lifecycle", args.lifecycle, "--output", str(work / f"run-{i}")]
            return out + (["--no-heatmap-png", "--no-html"] if args.quiet_output else [])

        def inspect_eval(i: int) -> list[str]:
            task = [f"data={data}", "personas=executive-assistant", "arcs=arcs-180d.yaml"]
            task += [f"ranges={','.join(ranges)}", f"adapter={args.adapter}"]
            task += [f"judge={args.judge}", f"lifecycle={args.lifecycle}"]
            out = [inspect_cli, "eval", "recallbench/recall_bench"]
            out += [a for t in task for a in ("-T", t)]
            out += ["--model", "mockllm/model", "--display", "none"]
            return [*out, "--log-dir", str(work / f"logs-{i}"), *args.inspect_arg]

        commands = {"recallbench run": recallbench_run, "inspect eval": inspect_eval}
        # A warm-up round of each, not counted: bytecode, the YAML cache, the page cache.
        for build in commands.values():
            _measure(build(-1), work, env)
        walls: dict[str, list[float]] = {k: [] for k in commands}
        cpus: dict[str, list[float]] = {k: [] for k in commands}
        order = list(commands)
        for i in range(args.rounds):
            for name in order if i % 2 == 0 else reversed(order):
                wall, cpu = _measure(commands[name](i), work, env)
                walls[name].append(wall)
                cpus[name].append(cpu)
    what = (
        f"executive-assistant 180d at {','.join(ranges)}, {args.adapter}, judge {args.judge}, "
        f"{args.lifecycle}; {args.rounds} rounds, alternated"
        + (f"; inspect {' '.join(args.inspect_arg)}" if args.inspect_arg else "")
        + ("; recallbench run without views" if args.quiet_output else "")
    )
    print(what)
    for name in commands:
        print(
            f"  {name:16s} wall {statistics.median(walls[name]):6.2f} s (min "
            f"{min(walls[name]):.2f})   cpu {statistics.median(cpus[name]):6.2f} s"
        )
    ratio = statistics.median(walls["inspect eval"]) / statistics.median(walls["recallbench run"])
    cpu_ratio = statistics.median(cpus["inspect eval"]) / statistics.median(cpus["recallbench run"])
    verdict = "meets" if ratio <= TARGET else "misses"
    print(
        f"  ratio (wall)     {ratio:.2f}x   (cpu {cpu_ratio:.2f}x; target <= {TARGET}x: {verdict})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
