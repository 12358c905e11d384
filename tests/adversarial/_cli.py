"""Running the real command line in a subprocess, as an operator would, for the adversarial suite."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parents[2]


@attrs.frozen
class Outcome:
    code: int
    out: str
    err: str

    def one_line_error(self) -> str:
        """The error, checked to be one line and no traceback."""
        assert "Traceback" not in self.err, self.err
        lines = [line for line in self.err.splitlines() if "error" in line or "stopped" in line]
        assert len(lines) == 1, self.err
        return lines[0]


def cli(
    *args: str | Path,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float = 120,
) -> Outcome:
    """``python -m recallbench ARGS`` in a subprocess; its exit code and output."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    full_env.pop("RECALLBENCH_DEBUG", None)
    done = subprocess.run(
        [sys.executable, "-m", "recallbench", *map(str, args)],
        cwd=cwd,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return Outcome(done.returncode, done.stdout, done.stderr)


ADAPTER = """
import anyio, time

class Adapter:
    name = "adversary"

    def __init__(self):
        self.days = {}

    async def setup(self):
        {setup}

    async def ingest_day(self, day, content, metadata):
        {ingest}
        self.days[day] = content

    async def finalize_ingestion(self):
        pass

    async def query(self, question):
        {query}
        for day, text in self.days.items():
            for line in text.splitlines():
                if "access code" in line:
                    pass
        return "I don't know."

    async def teardown(self):
        {teardown}

adapter = Adapter
"""


def adapter_file(
    directory: Path,
    *,
    setup: str = "pass",
    ingest: str = "pass",
    query: str = "pass",
    teardown: str = "pass",
    name: str = "adversary.py",
) -> Path:
    """A Python adapter file whose lifecycle methods run the given statements first."""
    path = directory / name
    path.write_text(
        ADAPTER.replace("{setup}", setup)
        .replace("{ingest}", ingest)
        .replace("{query}", query)
        .replace("{teardown}", teardown),
        encoding="utf-8",
    )
    return path
