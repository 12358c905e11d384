"""Record the runs ``tests/test_results_unchanged.py`` compares with (issue 41: benchmark families
as plug-ins must change no ``result.json``).

Recorded at commit 7bd58fb, the last before the families moved, by::

    python tests/data/before-plugins/record.py

Each run is written as ``<name>.result.json.gz`` (the file as the run wrote it, gzipped). The
runs, and the data they read (made by the tests' own generators, so the test makes it again):

* ``main-job``: ``recallbench run`` with no flags (builtin:bm25, the rubric judge, the shipped
  personas at the default checkpoints);
* ``locomo``: ``--data locomo:FILE --judge locomo-f1`` over ``tests/_public_sets.locomo_records()``;
* ``locomo-mem0``: the same file under ``--locomo-categories mem0``;
* ``longmemeval``: ``--data longmemeval:FILE --judge rubric`` over ``longmemeval_records()``;
* ``manifests``: ``--data examples/benchmarks --judge rubric`` (every example benchmark);
* ``manifest-protocols``: ``--data examples/benchmarks/kestrel-print-works`` and its own protocol
  (exact-match), and ``forget-and-update`` (deletion-check), as ``manifest-exact`` and
  ``manifest-deletion``.
"""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from _public_sets import locomo_records, longmemeval_records, write_json  # noqa: E402

COMMON = ["--adapter", "builtin:bm25", "--no-heatmap-png", "--no-html"]


def runs(data: Path) -> dict[str, list[str]]:
    """Each recorded run's ``recallbench run`` arguments (``data`` holds the generated files)."""
    locomo = write_json(data / "locomo10.json", locomo_records())
    lme = write_json(data / "longmemeval_s.json", longmemeval_records())
    examples = ROOT / "examples" / "benchmarks"
    return {
        "main-job": ["--no-heatmap-png", "--no-html"],
        "locomo": [*COMMON, "--data", f"locomo:{locomo}", "--judge", "locomo-f1"],
        "locomo-mem0": [
            *COMMON,
            "--data",
            f"locomo:{locomo}",
            "--locomo-categories",
            "mem0",
            "--judge",
            "locomo-f1",
        ],
        "longmemeval": [*COMMON, "--data", f"longmemeval:{lme}", "--judge", "rubric"],
        "manifests": [*COMMON, "--data", str(examples), "--judge", "rubric"],
        "manifest-exact": [*COMMON, "--data", str(examples / "kestrel-print-works")],
        "manifest-deletion": [*COMMON, "--data", str(examples / "forget-and-update")],
    }


def run(name: str, args: list[str], out: Path, env: dict[str, str]) -> Path:
    folder = out / name
    subprocess.run(
        [sys.executable, "-m", "recallbench", "run", *args, "--output", str(folder)],
        check=True,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    return folder / "result.json"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        (tmp_path / "data").mkdir()
        env = dict(os.environ, RECALLBENCH_CACHE_DIR=str(tmp_path / "cache"))
        for name, args in runs(tmp_path / "data").items():
            result = run(name, args, tmp_path / "runs", env)
            target = HERE / f"{name}.result.json.gz"
            target.write_bytes(gzip.compress(result.read_bytes(), mtime=0))
            print(f"{target.name}: {result.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
