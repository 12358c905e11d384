"""Peak memory and time of a run over a LongMemEval ``_m``-style file (issue 36.4).

Writes an ``_m``-style file of ``--mb`` megabytes with the generator of
``benchmarks/longmemeval_m_import.py`` (500 haystack sessions a question, 5.4 MB a question as in the
real 2.7 GB file), converts it once into ``DIR/cache`` (as ``--data longmemeval:FILE`` does, into
the user cache), then runs, in a child process,

    python -m recallbench run --data longmemeval:FILE --adapter ADAPTER --judge JUDGE --no-save

and reports the child's wall time, CPU time and peak resident memory (``wait4``'s ``ru_maxrss``:
what ``/usr/bin/time -v`` calls the maximum resident set size). ``--source-root`` runs another
checkout (e.g. the commit before the lazy units, unpacked with ``git archive``) on the same file
and the same converted personas; ``--repeat`` runs each checkout that many times, alternating.

    python benchmarks/public_run_memory.py [--mb 300] [--dir DIR] [--adapter builtin:null]
        [--judge stub] [--source-root PATH ...] [--repeat 1]

The defaults measure what the run itself holds: ``builtin:null`` keeps nothing it is given and
the stub judge reads nothing. A real adapter holds the units in flight (``builtin:bm25``: its
index of one haystack); the rubric judge keeps the grounding index of its last eight corpora.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from longmemeval_m_import import write_file


def child_usage(argv: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float, int]:
    """Wall and CPU seconds and peak RSS in bytes of ``argv`` run in a child process (its output
    dropped; its error output shown if it fails)."""
    started = time.perf_counter()
    child = subprocess.Popen(
        argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    assert child.stderr is not None
    errors = child.stderr.read()
    # wait4 reaps the child with its own resource usage (not that of every child so far).
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    code = os.waitstatus_to_exitcode(status)
    if code:
        raise SystemExit(f"the run failed ({code}): {errors.strip()[-2000:]}")
    # Linux reports ru_maxrss in kilobytes, macOS in bytes.
    rss = usage.ru_maxrss if sys.platform == "darwin" else usage.ru_maxrss * 1024
    return seconds, usage.ru_utime + usage.ru_stime, rss


def run_once(
    source: Path, cache: Path, source_root: Path, adapter: str, judge: str
) -> tuple[float, float, int]:
    """Wall and CPU seconds and peak RSS in bytes of one run in a child process."""
    env = {**os.environ, "PYTHONPATH": str(source_root), "RECALLBENCH_CACHE_DIR": str(cache)}
    argv = [sys.executable, "-m", "recallbench", "run", "--data", f"longmemeval:{source}"]
    argv += ["--adapter", adapter, "--judge", judge, "--no-save"]
    return child_usage(argv, env, cache)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=300, help="size of the file to write")
    parser.add_argument("--sessions", type=int, default=500, help="haystack sessions a question")
    parser.add_argument("--dir", type=Path, help="where to write (default: a temporary directory)")
    parser.add_argument("--adapter", default="builtin:null")
    parser.add_argument("--judge", default="stub")
    parser.add_argument(
        "--source-root",
        type=Path,
        action="append",
        help="a checkout to run (repeatable; default: this one)",
    )
    parser.add_argument("--repeat", type=int, default=1, help="runs of each checkout")
    args = parser.parse_args()
    work = args.dir or Path(tempfile.mkdtemp(prefix="lme-m-run-"))
    work.mkdir(parents=True, exist_ok=True)
    source = work / f"longmemeval_m_synthetic_{args.mb}mb.json"
    if not source.is_file():
        started = time.perf_counter()
        n = write_file(source, args.mb, args.sessions)
        print(
            f"wrote {n} questions, {source.stat().st_size / 1e6:,.0f} MB in "
            f"{time.perf_counter() - started:.1f} s: {source}"
        )
    cache = work / "cache"
    cache.mkdir(exist_ok=True)
    roots = [r.resolve() for r in (args.source_root or [ROOT])]
    # The first run converts the file into the cache (a record at a time): not measured.
    run_once(source, cache, roots[0], "builtin:null", "stub")
    print(f"{args.adapter}, --judge {args.judge}, file {source.stat().st_size / 2**20:,.0f} MiB")
    for i in range(args.repeat):
        for root in roots:
            seconds, cpu, rss = run_once(source, cache, root, args.adapter, args.judge)
            print(
                f"  {root}: {seconds:.1f} s wall, {cpu:.1f} s CPU, peak RSS {rss / 2**20:,.0f} MiB"
                f" (run {i + 1})"
            )


if __name__ == "__main__":
    main()
