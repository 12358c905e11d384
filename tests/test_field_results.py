"""benchmarks/field_results.py: the record it writes holds the run's own figures (read back here
with recallbench.read_run, never written down), its whole process tree's memory, the exact command,
and a failed run is reported as failed, with its error line."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import recallbench

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "field_results.py"


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("field_results", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _measure(tmp_path: Path, adapter: str, *extra: str) -> tuple[dict, subprocess.CompletedProcess]:
    out, run_dir = tmp_path / "records", tmp_path / "run"
    done = subprocess.run(
        [
            sys.executable, str(SCRIPT), "--name", "t", "--adapter", adapter,
            "--selection", "ea-180d", "--out", str(out), "--run-dir", str(run_dir),
            "--", "--ranges", "30d", *extra,
        ],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    return json.loads((out / "t--ea-180d.json").read_text()), done


def test_record_holds_the_runs_own_figures(tmp_path: Path) -> None:
    record, done = _measure(tmp_path, "builtin:bm25")
    assert done.returncode == 0, done.stderr
    assert record["exitCode"] == 0 and record["failureLine"] is None
    assert record["command"].startswith(
        "python -m recallbench run --adapter builtin:bm25 --personas executive-assistant"
    )
    assert record["command"].endswith("--lifecycle incremental --ranges 30d")
    result = recallbench.read_run(tmp_path / "run").result
    f = record["figures"]
    assert f["score"] == round(result.overall_score, 4)
    assert f["answers"] == sum(
        len(rr.question_results) for p in result.personas for rr in p.range_results
    )
    assert result.retrieval is not None
    assert f["retrieval"]["recall@10"] == round(result.retrieval.overall.recall_at_10, 4)
    assert f["retrieval"]["mrr"] == round(result.retrieval.overall.mrr, 4)
    assert result.timing is not None and result.timing.query_latency_ms is not None
    assert f["timing"]["queryP95Ms"] == result.timing.query_latency_ms.p95
    checkpoints = result.personas[0].range_results
    days = sum(c.new_days_ingested or 0 for c in checkpoints)
    assert f["timing"]["daysIngested"] == days == checkpoints[-1].days_ingested  # incremental
    spent = sum((c.ingest_ms or 0) + (c.finalize_ms or 0) for c in checkpoints)
    assert f["timing"]["ingestSecondsPerDay"] == pytest.approx(spent / days / 1000, abs=1e-5)
    assert f["errors"] == []
    memory = record["memory"]
    assert memory["maxProcessRssMiB"] > 10 and memory["samples"] >= 1
    row = _script().markdown_row(record)
    assert row.startswith("| t | ea-180d | ") and row.count("|") == 15
    assert f"{result.retrieval.overall.recall_at_10:.3f}" in row


def test_a_failed_run_is_reported_as_failed(tmp_path: Path) -> None:
    record, done = _measure(tmp_path, str(tmp_path / "no_such_adapter.py"))
    assert done.returncode == 0  # the script reports; it does not hide the run's failure
    assert record["exitCode"] != 0
    assert record["figures"] is None
    assert any("no_such_adapter" in line for line in record["lastLines"])
    row = _script().markdown_row(record)
    assert "| failed |" in row and "run failed" in row


def test_the_tree_sampler_counts_children() -> None:
    script = _script()
    child = subprocess.Popen(
        [sys.executable, "-c", "import subprocess, sys, time; "
         "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(3)']); "
         "time.sleep(3); p.wait()"]
    )  # fmt: skip
    try:
        sampler = script.TreeSampler(child.pid, interval=0.05).start()
        deadline = time.monotonic() + 5
        while sampler.peak_processes < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        sampler.stop()
    finally:
        child.wait()
    assert sampler.peak_processes == 2
    assert sampler.peak_sum >= max(sampler.peak_by_name.values())
