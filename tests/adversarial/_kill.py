"""SIGKILL a real ``recallbench run`` once it has logged some answers, resume it, and compare what it
writes with an uninterrupted run's: the parts the resume and kill suites share.

Every artifact can be placed (``--output``, ``--json-out``, ``--question-log``,
``--progress-jsonl``, ``--failure-log``); a :class:`Placement` says where each file lands, so the
killer watches the right question log and the resume names the right progress file.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
from _cli import ROOT
from _clocks import without_clocks

FAKES = """
import os
from recallbench.testing import ScriptedAdapter, ScriptedJudge, ScriptedSnapshotAdapter

FAILING = tuple(f"2026-01-{d:02d}" for d in (5, 15))


def _failing(question):
    # RB_FAIL=1: the memory system fails the questions of days 5 and 15 (for --retry-errors).
    return os.environ.get("RB_FAIL") == "1" and any(day in question for day in FAILING)


def adapter():
    return ScriptedAdapter(name="slow", delay=0.02, fail_on=_failing)


def snapshot_adapter():
    return ScriptedSnapshotAdapter(name="slow-snapshot", delay=0.02, fail_on=_failing)


judge = ScriptedJudge(name="containment", delay=0.005)
appellate = ScriptedJudge(name="appeal", delay=0.001)
"""

RANGES = ("--arcs", "arcs-30d.yaml", "--ranges", "10:30:10", "--sample", "4")
"""10, 14 and 15 answers (with --sample 4): 39 in all, a few seconds a run."""


@attrs.frozen
class Placement:
    """Where a run's artifacts go: its flags, and the files they put where."""

    name: str
    flags: tuple[str, ...]
    result: Path
    progress: Path
    questions: Path

    def resume_flags(self) -> tuple[str, ...]:
        return (*self.flags, "--resume", str(self.progress))


def placement(name: str, root: Path) -> Placement:
    """``output`` (everything in one folder), ``json-out``, ``question-log``,
    ``progress-jsonl``, ``failure-log`` (one file elsewhere) or ``spread`` (every file in a folder
    of its own)."""
    run, other = root / "run", root / "other"
    result, progress, questions = (
        run / "result.json",
        run / "progress.jsonl",
        run / "questions.jsonl",
    )
    flags: tuple[str, ...] = ("--output", str(run))
    if name == "json-out":
        result = run / "custom.json"
        flags = ("--json-out", str(result))
    elif name == "question-log":
        questions = other / "answers.jsonl"
        flags += ("--question-log", str(questions))
    elif name == "progress-jsonl":
        progress = other / "progress.jsonl"
        flags += ("--progress-jsonl", str(progress))
    elif name == "failure-log":
        flags += ("--failure-log", str(other / "failures.jsonl"))
    elif name == "spread":
        result, progress, questions = (
            root / "a" / "r.json",
            root / "b" / "p.jsonl",
            root / "c" / "q.jsonl",
        )
        flags = (
            "--json-out",
            str(result),
            "--progress-jsonl",
            str(progress),
            "--question-log",
            str(questions),
            "--failure-log",
            str(root / "d" / "f.jsonl"),
        )
    elif name != "output":
        raise ValueError(name)
    return Placement(name, flags, result, progress, questions)


def argv(data: Path, fakes: Path, *extra: str, adapter: str | None = None) -> list[str]:
    """``recallbench run`` of the scripted adapter and judge over ``data``."""
    return [
        sys.executable,
        "-m",
        "recallbench",
        "run",
        "--adapter",
        adapter or f"{fakes}:adapter",
        "--judge",
        f"{fakes}:judge",
        "--data",
        str(data),
        *RANGES,
        "--parallelism",
        "2",
        "--no-heatmap-png",
        "--no-html",
        "--no-judge-cache",
        *extra,
    ]


def env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    full = {k: v for k, v in os.environ.items() if k not in ("RECALLBENCH_DEBUG", "RB_FAIL")}
    return {**full, "PYTHONPATH": str(ROOT), **(extra or {})}


def run(
    args: Sequence[str], extra_env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        list(args), capture_output=True, text=True, env=env(extra_env), timeout=300
    )


def lines(path: Path) -> int:
    return len(path.read_bytes().splitlines()) if path.exists() else 0


def run_killed(
    args: Sequence[str],
    log: Path,
    after: int,
    extra_env: Mapping[str, str] | None = None,
    *,
    timeout: float = 120,
) -> int:
    """Start ``args``; SIGKILL it once ``log`` holds ``after`` lines; the lines it held then.

    Raises:
        AssertionError: the run ended (or timed out) before it could be killed there.
    """
    errors = log.parent.parent / f"killed-{log.stem}-{after}.stderr"
    errors.parent.mkdir(parents=True, exist_ok=True)
    with errors.open("wb") as stderr:
        proc = subprocess.Popen(
            list(args), stdout=subprocess.DEVNULL, stderr=stderr, env=env(extra_env)
        )
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline and proc.poll() is None:
                if lines(log) >= after:
                    break
                time.sleep(0.003)
            alive = proc.poll() is None
            proc.send_signal(signal.SIGKILL)
        finally:
            proc.wait()
    assert alive, f"the run ended before {after} answers: {errors.read_text(encoding='utf-8')}"
    return lines(log)


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def comparable(result: Any) -> Any:
    """result.json without what any resume changes by design: clocks; ``metadata.resumed`` and
    ``retriedErrors`` (how the result was made); the judges' per-invocation call counters
    (``judgeUsage``: this process's calls — the cost, from each answer's own usage, must match);
    and ``newDaysIngested`` (a checkpoint rebuilt from the logs ingested nothing in this attempt,
    and the one a resumed incremental run catches up to ingests every day before it)."""
    data = without_clocks(result)
    meta = data["metadata"]
    for key in ("resumed", "retriedErrors", "judgeUsage", "appellateJudgeUsage"):
        meta.pop(key, None)
    for persona in data["personas"]:
        for checkpoint in persona["rangeResults"]:
            checkpoint.pop("newDaysIngested", None)
    return data


def answer_counts(log: Path) -> Counter[tuple[str, str, str, Any]]:
    """How often each answer (persona, checkpoint, question, epoch) is in a question log."""
    keys: Counter[tuple[str, str, str, Any]] = Counter()
    for line in log.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        keys[(r["personaId"], r["checkpoint"], r["qa"]["id"], r.get("epoch"))] += 1
    return keys


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two parsed JSON values first differ (for a readable assertion message)."""
    if type(a) is not type(b):
        return f"{path}: {str(a)[:80]} | {str(b)[:80]}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}/{k}: only in {'the first' if k in a else 'the second'}"
            found = first_difference(a[k], b[k], f"{path}/{k}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items | {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: {str(a)[:80]} | {str(b)[:80]}"
