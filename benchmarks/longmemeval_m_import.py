"""Peak memory and time of importing a LongMemEval ``_m``-style file.

Writes a file in the ``longmemeval_m_cleaned.json`` format — questions of ``--sessions`` haystack
sessions (500 in the real ``_m``), fourteen turns of 110 words each a session (a question of
about 5.4 MB, as in the real file: 2.7 GB, 500 questions), until the file holds ``--mb``
megabytes — then converts it into native personas in a child process, as ``recallbench import
longmemeval FILE --out DIR`` does, and reports the child's wall time, CPU time and peak resident
memory (``wait4``'s ``ru_maxrss``). ``--source-root`` runs the importer of another checkout (e.g.
an older commit, unpacked with ``git archive``) on the same file.

    python benchmarks/longmemeval_m_import.py [--mb 300] [--sessions 500] [--dir DIR]
        [--source-root PATH] [--keep]

A run over the converted personas is measured by ``benchmarks/public_run_memory.py`` (it writes
its file with :func:`write_file`).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WORDS = [
    "the",
    "a",
    "my",
    "we",
    "trip",
    "plan",
    "budget",
    "garden",
    "recipe",
    "bike",
    "weekend",
    "sister",
    "meeting",
    "report",
    "flight",
    "hotel",
    "coffee",
    "train",
    "dog",
    "walk",
    "museum",
    "book",
    "chapter",
    "guitar",
    "lesson",
    "project",
    "deadline",
    "doctor",
    "run",
    "marathon",
    "kitchen",
    "paint",
    "window",
    "rent",
    "lease",
    "car",
    "tyre",
    "insurance",
    "dinner",
    "friends",
    "birthday",
    "gift",
    "concert",
    "ticket",
    "yesterday",
    "tomorrow",
    "morning",
    "evening",
    "because",
    "although",
    "suggest",
    "recommend",
    "think",
    "maybe",
    "really",
]


def _text(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words))


def _record(rng: random.Random, k: int, sessions: int) -> dict[str, object]:
    start = dt.datetime(2023, 1, 1, 9, 0)
    dates = [start + dt.timedelta(hours=5 * s + rng.randrange(5)) for s in range(sessions)]
    gold = rng.randrange(sessions)
    haystack = []
    for s in range(sessions):
        turns = [
            {"role": "user" if t % 2 == 0 else "assistant", "content": _text(rng, 110)}
            for t in range(14)
        ]
        if s == gold:
            turns[0]["has_answer"] = True  # type: ignore[assignment]
        haystack.append(turns)
    return {
        "question_id": f"m_{k:04d}" + ("_abs" if k % 17 == 16 else ""),
        "question_type": rng.choice(["multi-session", "temporal-reasoning", "knowledge-update"]),
        "question": f"What did I say about the {rng.choice(WORDS)} in session {gold}?",
        "answer": _text(rng, 6),
        "question_date": (dates[-1] + dt.timedelta(days=3)).strftime("%Y/%m/%d (%a) %H:%M"),
        "haystack_session_ids": [f"sess_{k}_{s}" for s in range(sessions)],
        "haystack_dates": [d.strftime("%Y/%m/%d (%a) %H:%M") for d in dates],
        "haystack_sessions": haystack,
        "answer_session_ids": [f"sess_{k}_{gold}"],
    }


def write_file(path: Path, megabytes: int, sessions: int) -> int:
    """Write records until the file holds ``megabytes`` MB; return how many."""
    rng = random.Random(7)
    limit = megabytes * 1_000_000
    written = 0
    with path.open("w", encoding="utf-8") as f:
        f.write("[")
        while f.tell() < limit:
            f.write(("," if written else "") + json.dumps(_record(rng, written, sessions)))
            written += 1
        f.write("]")
    return written


CHILD = """
import sys
from pathlib import Path
from recallbench.benchmarks.longmemeval import importer as longmemeval
result = longmemeval.convert_longmemeval(Path(sys.argv[1]), Path(sys.argv[2]))
print(len(result), "questions, importer", longmemeval.__file__)
"""


def convert(source: Path, out: Path, source_root: Path) -> tuple[float, float, int, str]:
    """Wall and CPU seconds, peak RSS in bytes and the child's output of one conversion."""
    env = {**os.environ, "PYTHONPATH": str(source_root)}
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(source), str(out)],
        env=env,
        cwd=out.parent,  # not the checkout: `python -c` puts the working directory first
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert child.stdout is not None
    output = child.stdout.read()
    # wait4 reaps the child with its own resource usage (not that of every child so far).
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"the conversion failed ({child.returncode}): {output.strip()}")
    # Linux reports ru_maxrss in kilobytes, macOS in bytes.
    rss = usage.ru_maxrss if sys.platform == "darwin" else usage.ru_maxrss * 1024
    return seconds, usage.ru_utime + usage.ru_stime, rss, output.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=300, help="size of the file to write")
    parser.add_argument("--sessions", type=int, default=500, help="haystack sessions a question")
    parser.add_argument("--dir", type=Path, help="where to write (default: a temporary directory)")
    parser.add_argument(
        "--source-root", type=Path, default=ROOT, help="the checkout to import with"
    )
    parser.add_argument("--keep", action="store_true", help="keep the file and the personas")
    args = parser.parse_args()
    work = args.dir or Path(tempfile.mkdtemp(prefix="lme-m-"))
    work.mkdir(parents=True, exist_ok=True)
    source = work / "longmemeval_m_synthetic.json"
    if not source.is_file():
        started = time.perf_counter()
        n = write_file(source, args.mb, args.sessions)
        print(
            f"wrote {n} questions, {source.stat().st_size / 1e6:,.0f} MB "
            f"in {time.perf_counter() - started:.1f} s: {source}"
        )
    out = work / "personas"
    shutil.rmtree(out, ignore_errors=True)
    try:
        seconds, cpu, rss, converted = convert(source, out, args.source_root.resolve())
        print(
            f"{converted}: converted in {seconds:.1f} s ({cpu:.1f} s CPU), "
            f"peak RSS {rss / 2**20:,.0f} MiB (file {source.stat().st_size / 2**20:,.0f} MiB)"
        )
    finally:
        if not args.keep:
            shutil.rmtree(out, ignore_errors=True)
            if args.dir is None:
                shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
