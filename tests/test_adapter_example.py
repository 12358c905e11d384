"""docs/adapters.md: its complete adapter is examples/session_memory.py, word for word, and runs; its
test example passes as written; the example runs through the real entry point in every lifecycle,
with retrieval metrics."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from _cookbook import run_adapter_cli

from recallbench.testing import write_persona

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "adapters.md"
EXAMPLE = ROOT / "examples" / "session_memory.py"


def _block(marker: str) -> tuple[str, str]:
    """The code block after ``<!-- marker... -->`` in the doc, and what the marker names."""
    m = re.search(
        rf"<!-- {marker}(\S*) -->\n```python\n(.*?)^```",
        DOC.read_text(encoding="utf-8"),
        re.S | re.M,
    )
    assert m is not None, f"docs/adapters.md has no block marked {marker}"
    return m.group(1), m.group(2)


def test_the_doc_shows_the_example_in_full() -> None:
    _, shown = _block("examples/session_memory.py")
    assert shown == EXAMPLE.read_text(encoding="utf-8"), (
        "docs/adapters.md's copy of examples/session_memory.py differs from the file"
    )


@pytest.mark.slow  # the docs page's test file, run for real by pytest in a subprocess: CI runs it
def test_the_docs_test_example_passes(tmp_path: Path) -> None:
    name, code = _block("test: ")
    (tmp_path / name).write_text(code, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(EXAMPLE.parent))
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", name],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "4 passed" in done.stdout


@pytest.mark.parametrize("lifecycle", ["fresh", "incremental", "snapshot"])
@pytest.mark.slow  # the real command line in a subprocess per case: CI runs it
def test_the_example_runs_from_the_command_line(tmp_path: Path, lifecycle: str) -> None:
    data = tmp_path / "data"
    write_persona(data, "tiny", sessions=("principal", "ops"))
    out = tmp_path / "run" / "result.json"
    done = run_adapter_cli(EXAMPLE, data, out, "--lifecycle", lifecycle, "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout)
    assert result["adapterName"] == "session-memory"
    [persona] = result["personas"]
    assert [r["range"]["label"] for r in persona["rangeResults"]] == ["10d", "30d"]
    for checkpoint in persona["rangeResults"]:
        recall = checkpoint["retrieval"]["byCategory"]["factual-recall"]
        assert recall["recall@5"] == 1.0
