"""``python -m recallbench`` as a subprocess for the BEAM tests, and whether the core reaches the
families yet (issue 41: the lead wires harness, cli and render to the Benchmark protocol)."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest

__all__ = ["cli", "core_wired", "wired_core"]


def cli(*argv: str, cache: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "RECALLBENCH_CACHE_DIR": str(cache)}
    return subprocess.run(
        [sys.executable, "-m", "recallbench", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )


@functools.cache
def core_wired() -> bool:
    """Whether the command line reads ``--data beam:`` through the family: ``run --help`` lists
    the family's own flag."""
    done = subprocess.run(
        [sys.executable, "-m", "recallbench", "run", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return "--beam-size" in done.stdout


@pytest.fixture
def wired_core() -> None:
    """Skips a test that runs ``--data beam:`` through the command line until the core reads
    families (import it into a test module and name it as a fixture)."""
    if not core_wired():
        pytest.skip("needs the core wired to the benchmark families (issue 41; the lead's branch)")
