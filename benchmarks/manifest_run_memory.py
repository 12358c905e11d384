"""Peak memory and time of a run over a MemoryBench manifest with a large data file (issue 36.4).

Writes a benchmark folder: ``manifest.json`` (session-based ingestion of LongMemEval's fields,
exact-match evaluation) beside a data file of ``--mb`` megabytes of LongMemEval ``_m``-style records
(``benchmarks/longmemeval_m_import.py``'s generator: 500 haystack sessions a question, 5.4 MB a
question as in the real 2.7 GB file), as a JSON array or, with ``--jsonl``, JSON Lines. Then runs,
in a child process,

    python -m recallbench run --data DIR --adapter ADAPTER --judge JUDGE --no-save

and reports the child's wall time, CPU time and peak resident memory (``wait4``'s ``ru_maxrss``:
what ``/usr/bin/time -v`` calls the maximum resident set size). ``--source-root`` runs another
checkout (e.g. the commit before the lazy manifests, unpacked with ``git archive``) on the same
folder; ``--repeat`` runs each checkout that many times, alternating.

    python benchmarks/manifest_run_memory.py [--mb 300] [--jsonl] [--dir DIR]
        [--adapter builtin:null] [--judge stub] [--source-root PATH ...] [--repeat 1]

The defaults measure what the run itself holds: ``builtin:null`` keeps nothing it is given and the
stub judge reads nothing (``--judge`` left to the manifest would be its exact-match protocol).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from longmemeval_m_import import write_file
from public_run_memory import child_usage

MANIFEST = {
    "manifest_version": "1",
    "name": "lme-m-synthetic",
    "version": "1.0.0",
    "description": "LongMemEval _m-style records written by benchmarks/manifest_run_memory.py",
    "ingestion": {
        "strategy": "session-based",
        "sessions_field": "haystack_sessions",
        "sessions_format": "array",
        "session_ids_field": "haystack_session_ids",
        "dates_field": "haystack_dates",
        "answer_session_ids_field": "answer_session_ids",
        "mode": "full",
        "content_formatter": "conversation",
    },
    "query": {"question_field": "question", "expected_answer_field": "answer"},
    "evaluation": {"protocol": "exact-match"},
    "metrics": ["correctness"],
    "required_capabilities": ["add_memory", "retrieve_memory"],
}


def write_benchmark(folder: Path, megabytes: int, sessions: int, jsonl: bool) -> Path:
    """The benchmark folder's data file, written unless there (a JSON array, or JSON Lines)."""
    folder.mkdir(parents=True, exist_ok=True)
    data = folder / ("data.jsonl" if jsonl else "data.json")
    (folder / "manifest.json").write_text(
        json.dumps({**MANIFEST, "data_file": data.name}, indent=2), encoding="utf-8"
    )
    if data.is_file():
        return data
    started = time.perf_counter()
    array = folder / "array.json.tmp"
    n = write_file(array, megabytes, sessions)
    if jsonl:
        # The array's records, one a line (read back one record at a time, as the run reads them).
        sys.path.insert(0, str(ROOT))
        from recallbench.data.importers._jsonstream import iter_records

        with data.open("w", encoding="utf-8") as out:
            for record in iter_records(array, "generated"):
                out.write(json.dumps(record) + "\n")
        array.unlink()
    else:
        array.rename(data)
    print(
        f"wrote {n} questions, {data.stat().st_size / 1e6:,.0f} MB in "
        f"{time.perf_counter() - started:.1f} s: {data}"
    )
    return data


def run_once(folder: Path, source_root: Path, adapter: str, judge: str) -> tuple[float, float, int]:
    """Wall and CPU seconds and peak RSS in bytes of one run in a child process."""
    env = {
        **os.environ,
        "PYTHONPATH": str(source_root),
        "RECALLBENCH_CACHE_DIR": str(folder.parent),
    }
    argv = [sys.executable, "-m", "recallbench", "run", "--data", str(folder)]
    argv += ["--adapter", adapter, "--judge", judge, "--no-save"]
    # Not in the checkout: `python -m` puts the working directory first.
    return child_usage(argv, env, folder.parent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=300, help="size of the data file to write")
    parser.add_argument("--sessions", type=int, default=500, help="haystack sessions a question")
    parser.add_argument("--jsonl", action="store_true", help="write the data file as JSON Lines")
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
    work = args.dir or Path(tempfile.mkdtemp(prefix="manifest-run-"))
    folder = work / f"lme-m-{args.mb}mb{'-jsonl' if args.jsonl else ''}"
    data = write_benchmark(folder, args.mb, args.sessions, args.jsonl)
    roots = [r.resolve() for r in (args.source_root or [ROOT])]
    print(f"{args.adapter}, --judge {args.judge}, data file {data.stat().st_size / 2**20:,.0f} MiB")
    for i in range(args.repeat):
        for root in roots:
            seconds, cpu, rss = run_once(folder, root, args.adapter, args.judge)
            print(
                f"  {root}: {seconds:.1f} s wall, {cpu:.1f} s CPU, peak RSS {rss / 2**20:,.0f} MiB"
                f" (run {i + 1})"
            )


if __name__ == "__main__":
    main()
