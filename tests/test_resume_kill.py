"""Acceptance for resume: SIGKILL a real `recallbench run` at random moments, resume it, and get the
result an uninterrupted run gets (scores, counts, heatmap), with no question logged twice."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from recallbench.testing import write_persona

pytestmark = [pytest.mark.slow, pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")]

MODULE = """
from recallbench import QueryDetail, RetrievalEntry
from recallbench.testing import ScriptedAdapter, ScriptedJudge


class Retrieving(ScriptedAdapter):
    # Reports what it retrieved, so resume must bring back each answer's retrieval entries (kept
    # apart in the gzipped retrieval log since issue 35) for the same retrieval metrics.
    async def query_detail(self, question):
        answer = await self.query(question)
        days = sorted(self.memory)
        picked = days[-2:] + days[sum(map(ord, question)) % len(days) :][:2] if days else []
        entries = tuple(
            RetrievalEntry(path=f"memories/day-{d:04d}.md", score=1 / (i + 1), day=d)
            for i, d in enumerate(picked)
        )
        return QueryDetail(answer=answer, retrieval=entries)


def adapter():
    return Retrieving(name="deterministic", delay=0.03)

judge = ScriptedJudge(name="containment", delay=0.01)
"""


def _argv(data: Path, module: Path, out: Path, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "recallbench",
        "run",
        "--adapter",
        f"{module}:adapter",
        "--judge",
        f"{module}:judge",
        "--data",
        str(data),
        "--arcs",
        "arcs-30d.yaml",
        "--ranges",
        "4:30:4",
        "--lifecycle",
        "incremental",
        "--parallelism",
        "2",
        "--sample",
        "6",
        "--json-out",
        str(out / "result.json"),
        "--no-heatmap-png",
        "--json",
        *extra,
    ]


def _essence(result: dict[str, Any]) -> dict[str, Any]:
    """What must not depend on interruptions: scores, counts, order, heatmap."""
    personas = []
    for p in result["personas"]:
        ranges = []
        for r in p["rangeResults"]:
            ranges.append(
                {
                    "range": r["range"],
                    "daysIngested": r["daysIngested"],
                    "questionsEvaluated": r["questionsEvaluated"],
                    "overallScore": r["overallScore"],
                    "hallucinationRate": r["hallucinationRate"],
                    "categoryScores": r["categoryScores"],
                    "difficultyScores": r["difficultyScores"],
                    "questions": [
                        (q["qa"]["id"], q["score"], q["compositeScore"], q.get("retrievalMetrics"))
                        for q in r["questionResults"]
                    ],
                }
            )
        personas.append({"personaId": p["personaId"], "ranges": ranges, "heatmap": p["heatmap"]})
    return {
        "personas": personas,
        "heatmap": result["heatmap"],
        "evals": result["metadata"]["totalEvalsRun"],
    }


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, Any], float]:
    root = tmp_path_factory.mktemp("kill")
    data = root / "personas"
    write_persona(data)
    module = root / "fakes.py"
    module.write_text(MODULE, encoding="utf-8")
    out = root / "baseline"
    t = time.perf_counter()
    subprocess.run(_argv(data, module, out), check=True, capture_output=True)
    elapsed = time.perf_counter() - t
    baseline = json.loads((out / "result.json").read_text(encoding="utf-8"))
    answers = [
        q for p in baseline["personas"] for r in p["rangeResults"] for q in r["questionResults"]
    ]
    assert sum("retrievalMetrics" in q for q in answers) > len(answers) / 2
    return data, module, baseline, elapsed


TRIALS = 12
CONCURRENT_UNITS = ("--lifecycle", "fresh", "--unit-parallelism", "3")
"""Units of work three at once: their answers interleave in the log."""


def test_killed_runs_resume_to_the_same_result(
    setup: tuple[Path, Path, dict[str, Any], float], tmp_path: Path
) -> None:
    data, module, baseline, elapsed = setup
    _kill_and_resume(data, module, baseline, elapsed, tmp_path, TRIALS, ())


def test_killed_runs_of_concurrent_units_resume_to_the_sequential_result(
    setup: tuple[Path, Path, dict[str, Any], float], tmp_path: Path
) -> None:
    data, module, _, _ = setup
    out = tmp_path / "sequential"
    t = time.perf_counter()
    subprocess.run(
        _argv(data, module, out, "--lifecycle", "fresh"), check=True, capture_output=True
    )
    elapsed = time.perf_counter() - t
    baseline = json.loads((out / "result.json").read_text(encoding="utf-8"))
    answers = [
        q for p in baseline["personas"] for r in p["rangeResults"] for q in r["questionResults"]
    ]
    assert sum("retrievalMetrics" in q for q in answers) > len(answers) / 2
    _kill_and_resume(
        data, module, baseline, elapsed, tmp_path, TRIALS // 2, CONCURRENT_UNITS, by_count=True
    )


def _kill_and_resume(
    data: Path,
    module: Path,
    baseline: dict[str, Any],
    elapsed: float,
    tmp_path: Path,
    trials: int,
    extra: tuple[str, ...],
    *,
    by_count: bool = False,
) -> None:
    """Kill runs at random moments (``by_count``: once a random number of answers is logged,
    whatever the machine's load), resume each, and compare with ``baseline``."""
    total = baseline["metadata"]["totalEvalsRun"]
    mid_run = 0
    for trial in range(trials):
        rng = random.Random(1000 + trial)
        out = tmp_path / f"run-{trial}"
        log = out / "questions.jsonl"
        # Kill somewhere between interpreter start-up and the end of an uninterrupted run.
        proc = subprocess.Popen(
            _argv(data, module, out, *extra), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        if by_count:
            target = rng.randrange(1, total)
            deadline = time.monotonic() + 60
            while proc.poll() is None and time.monotonic() < deadline:
                if log.exists() and len(log.read_bytes().splitlines()) >= target:
                    break
                time.sleep(0.005)
        else:
            time.sleep(rng.uniform(0.2, elapsed))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        before = len(log.read_text(encoding="utf-8").splitlines()) if log.exists() else 0
        mid_run += 0 < before < total
        done = subprocess.run(
            _argv(data, module, out, *extra, "--resume", str(out / "progress.jsonl")),
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        resumed = json.loads((out / "result.json").read_text(encoding="utf-8"))
        assert _essence(resumed) == _essence(baseline), f"trial {trial} (killed after {before})"
        # No question answered twice across the attempts.
        keys: Counter[tuple[str, str, str]] = Counter()
        for line in log.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            keys[(record["personaId"], record["checkpoint"], record["qa"]["id"])] += 1
        assert keys and max(keys.values()) == 1, f"trial {trial}"
        assert sum(keys.values()) == total
    # The kills must have landed inside runs, not only before or after them.
    assert mid_run >= trials // 2, f"only {mid_run} of {trials} kills interrupted a run mid-way"
