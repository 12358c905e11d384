"""Moving the benchmark families into plug-ins (issue 41) changed no ``result.json``.

``tests/data/before-plugins/`` holds the ``result.json`` of seven runs made at commit 7bd58fb, the
last before the move, by its ``record.py`` (the main job, LoCoMo under both category conventions,
LongMemEval, and MemoryBench manifests under the rubric judge and under their own protocols). Each
test makes the same run with today's code and compares the two key by key, in order, leaving out
only what a clock decides (timestamps, durations, latencies), the data folder's path and the
versions (recallbench's and Python's) with the two fingerprint digests computed over them.
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).parent
DATA = HERE / "data" / "before-plugins"
sys.path.insert(0, str(DATA))

from record import runs  # noqa: E402

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
        "versions",
        "digest",
        "sha256",
    }
)


def normalized(value: Any) -> Any:
    """Dicts as lists of (key, value) pairs (key order counts), clock values left out."""
    if isinstance(value, dict):
        return [(k, "<volatile>" if k in VOLATILE else normalized(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [normalized(v) for v in value]
    return value


def first_difference(a: Any, b: Any, where: str = "") -> str | None:
    if type(a) is not type(b):
        return f"{where or '/'}: {a!r:.200} != {b!r:.200}"
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{where or '/'}: {len(a)} items != {len(b)} items"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{where}/{i}")
            if found:
                return found
        return None
    if isinstance(a, tuple):
        if a[0] != b[0]:
            return f"{where}: key {a[0]!r} != {b[0]!r}"
        return first_difference(a[1], b[1], f"{where}/{a[0]}")
    return None if a == b else f"{where}: {a!r:.200} != {b!r:.200}"


NAMES = ["locomo", "locomo-mem0", "longmemeval", "manifests", "manifest-exact", "manifest-deletion"]


@pytest.mark.parametrize("name", [*NAMES, pytest.param("main-job", marks=pytest.mark.slow)])
def test_result_json_as_before(name: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    args = runs(data)[name]
    out = tmp_path / "run"
    env = dict(os.environ, RECALLBENCH_CACHE_DIR=str(tmp_path / "cache"))
    subprocess.run(
        [sys.executable, "-m", "recallbench", "run", *args, "--output", str(out)],
        check=True,
        cwd=HERE.parent,
        env=env,
        capture_output=True,
    )
    before = json.loads(gzip.decompress((DATA / f"{name}.result.json.gz").read_bytes()))
    after = json.loads((out / "result.json").read_text(encoding="utf-8"))
    difference = first_difference(normalized(before), normalized(after))
    assert difference is None, f"{name}: result.json differs from before the move at {difference}"
