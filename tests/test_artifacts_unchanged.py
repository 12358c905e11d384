"""A run's artifacts are what they were before issue 21 (performance at scale) changed how they are
written: the same keys in the same order, the same values, the standard library's JSON formatting.

``tests/data/run-before-issue-21/`` holds the artifacts of one run made at commit f4b2adb, the last
before issue 21, by::

    recallbench synth --persona executive-assistant --days 60 --seed 7 --out data
    recallbench run --adapter builtin:bm25 --judge rubric --data data --arcs arcs-60d.yaml \\
        --ranges 10d,20d,60d --groups-enabled --lifecycle incremental --output a \\
        --no-heatmap-png --no-html

The test makes the same run with the code of today and compares the two field by field, leaving
out only what a clock decides (timestamps, durations, latencies) and the data folder's path, and
checks apart the one key added deliberately since: ``metadata.fingerprint`` (issue 25).
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from _result_layout import result_layout

from recallbench.adapters import ABSTENTION
from recallbench.results.fingerprint import short_digest
from recallbench.results.retrieval_log import question_log_records

_OLD_ABSTENTION = "No evidence found in memory."

DATA = Path(__file__).parent / "data" / "run-before-issue-21"
VOLATILE = frozenset(
    {
        "timestamp",
        "durationMs",
        "finalizeMs",
        "ingestMs",
        "queryMs",
        "latencyMs",
        "queryLatencyMs",
        "totalIngestionMs",
        "totalQueryMs",
        "timing",
        "dataDir",
    }
)


def normalized(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: "<volatile>" if k in VOLATILE else normalized(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalized(v) for v in value]
    return value


def ordered(value: Any) -> Any:
    """Dicts as lists of pairs, so that key order counts in a comparison."""
    if isinstance(value, dict):
        return [(k, ordered(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [ordered(v) for v in value]
    return value


def lines(text: str) -> list[Any]:
    records = [json.loads(line) for line in text.splitlines()]
    # Questions finish in any order; the log is compared as a multiset.
    return sorted(
        (ordered(normalized(r)) for r in records), key=lambda r: json.dumps(r, sort_keys=True)
    )


def _without_snippets(record: dict[str, Any]) -> dict[str, Any]:
    for entry in record.get("retrieval", []):
        entry.pop("snippet", None)
    return record


def test_a_run_writes_what_it_wrote_before(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "recallbench"]
    synth = "synth --persona executive-assistant --days 60 --seed 7 --out DATA"
    bench = (
        "run --adapter builtin:bm25 --judge rubric --data DATA --arcs arcs-60d.yaml"
        " --ranges 10d,20d,60d --groups-enabled --lifecycle incremental --output OUT"
        " --no-heatmap-png --no-html"
    )
    for command in (synth, bench):
        args = command.replace("DATA", str(tmp_path / "data")).replace("OUT", str(tmp_path / "a"))
        subprocess.run([*run, *args.split()], check=True, capture_output=True)
    before = {f: gzip.decompress((DATA / f"{f}.gz").read_bytes()).decode() for f in _FILES}
    # Deliberate since: the built-in adapters' abstention is worded so that LoCoMo's official
    # adversarial check reads it as declining (issue 33.3); every score is the same.
    before = {f: text.replace(_OLD_ABSTENTION, ABSTENTION) for f, text in before.items()}
    # Deliberate since: the question log's retrieval entries keep their path, score and day but not
    # their snippet text unless --keep-snippets (issue 35: three quarters of the log).
    before["questions.jsonl"] = "".join(
        json.dumps(_without_snippets(json.loads(line)), separators=(",", ":"), ensure_ascii=False)
        + "\n"
        for line in before["questions.jsonl"].splitlines()
    )
    after = {f: (tmp_path / "a" / f).read_text(encoding="utf-8") for f in _FILES}
    # Deliberate since: each answer's retrieved memories are kept apart, gzipped, and the answer's
    # line names theirs (issue 35); read back, the log is what it was.
    log = tmp_path / "a" / "questions.jsonl"
    assert (tmp_path / "a" / "questions.retrieval.jsonl.gz").is_file()
    assert all('"retrieval":[{' not in line for line in after["questions.jsonl"].splitlines())
    logged = [r for _, r in question_log_records(log)]
    assert len(logged) == len(after["questions.jsonl"].splitlines())
    after["questions.jsonl"] = "".join(
        json.dumps(r, separators=(",", ":"), ensure_ascii=False) + "\n" for r in logged
    )

    result = json.loads(after["result.json"])
    # Issue 25's run fingerprint is the one key every run gained since: written last among these
    # keys, with its short digest (the parts that decide comparability: no version, path or time).
    metadata = result["metadata"]
    assert list(metadata)[-1] == "fingerprint"
    fingerprint = metadata.pop("fingerprint")
    assert fingerprint["digest"] == short_digest(fingerprint)
    assert fingerprint["selection"]["personas"] == ["executive-assistant"]
    assert ordered(normalized(result)) == ordered(normalized(json.loads(before["result.json"])))
    header, *rest = after["progress.jsonl"].splitlines(keepends=True)
    written = json.loads(header)
    assert written.pop("fingerprint") == fingerprint["digest"]  # the header's new keys
    assert written.pop("questionLog") == "questions.jsonl"  # issue 34.1: where the answers are
    # Issue 34.6: each checkpoint record names the adapter, for a resume that builds none.
    checkpoints = [json.loads(line) for line in rest]
    assert {r.pop("adapterName", None) for r in checkpoints if r["type"] == "checkpoint"} == {
        result["adapterName"]
    }
    after["progress.jsonl"] = "".join(
        json.dumps(r, separators=(",", ":"), ensure_ascii=False) + "\n"
        for r in (written, *checkpoints)
    )
    for name in ("questions.jsonl", "progress.jsonl"):
        assert lines(after[name]) == lines(before[name]), name

    # The formatting: result.json is the standard library's two-space indentation with each answer
    # one compact line (issue 35), raw UTF-8 and no trailing newline; each log line its compact form.
    text = after["result.json"]
    assert text == result_layout(json.loads(text))
    for name in ("questions.jsonl", "progress.jsonl"):
        assert after[name].endswith("\n")
        for line in after[name].splitlines():
            assert line == json.dumps(json.loads(line), separators=(",", ":"), ensure_ascii=False)


_FILES = ("result.json", "questions.jsonl", "progress.jsonl")
