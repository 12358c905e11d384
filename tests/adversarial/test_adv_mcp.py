"""MCP memory servers that die, hang, outlive their run or flood their pipes, under the real command
line: ``python -m recallbench run --adapter mcp:FILE`` in a subprocess, the server a real process
(tests/_mcp_rogue_server.py) with real grandchildren, real signals, a temporary directory of its own
(``TMPDIR``) where the data folders are counted."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from _cli import ROOT
from _kill import comparable, first_difference, lines, read
from _mcp_support import rogue

from recallbench._process import marked_processes
from recallbench.adapters.mcp.folders import MARKER, PREFIX
from recallbench.testing import write_persona
from recallbench.testing.agents import process_state

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc (Linux)"),
]

RANGES = ("--arcs", "arcs-30d.yaml", "--ranges", "10d")


@pytest.fixture
def data(tmp_path: Path) -> Path:
    root = tmp_path / "personas"
    write_persona(root)
    return root


def mapping(tmp_path: Path, *flags: str, name: str = "rogue.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(rogue(*flags)), encoding="utf-8")
    return path


def command(data: Path, config: Path, out: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "recallbench", "run", "--adapter", f"mcp:{config}",
            "--data", str(data), *RANGES, "--judge", "rubric", "--output", str(out),
            "--no-heatmap-png", "--no-html", *extra]  # fmt: skip


def environ(tmpdir: Path) -> dict[str, str]:
    tmpdir.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "RECALLBENCH_DEBUG"}
    return {**env, "PYTHONPATH": str(ROOT), "TMPDIR": str(tmpdir)}


def run(args: Sequence[str], tmpdir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        list(args), capture_output=True, text=True, env=environ(tmpdir), timeout=300
    )


def started(pidfile: Path) -> list[int]:
    """Every pid the server's starts wrote (server, grandchildren; a restart adds a line)."""
    if not pidfile.exists():
        return []
    return [
        pid
        for line in pidfile.read_text().splitlines()
        if line.strip()
        for pid in json.loads(line).values()
    ]


def survivors(pids: Sequence[int], tmpdir: Path, within: float = 10.0) -> dict[str, Any]:
    """What is left, once up to ``within`` seconds have passed: the pids still running, the
    processes marked with a folder of ``tmpdir``, the data folders in it."""
    deadline = time.monotonic() + within
    while True:
        left = {
            "pids": [p for p in pids if process_state(p) == "running"],
            "marked": sorted(
                pid
                for pid, value in marked_processes(MARKER).items()
                if value.startswith(str(tmpdir))
            ),
            "folders": sorted(p.name for p in tmpdir.iterdir() if p.name.startswith(PREFIX)),
        }
        if not any(left.values()) or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def start(args: Sequence[str], tmpdir: Path, log: Path, answers: int) -> subprocess.Popen[str]:
    """Start a run and wait until its question log holds ``answers`` answers."""
    proc = subprocess.Popen(
        list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environ(tmpdir)
    )
    deadline = time.monotonic() + 120
    while lines(log) < answers and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert proc.poll() is None, proc.communicate()[1]
    return proc


def test_a_killed_server_then_resume_equals_the_run_never_interrupted(
    data: Path, tmp_path: Path
) -> None:
    pidfile = tmp_path / "pids"
    config = mapping(tmp_path, "--slow", "0.3", "--pidfile", str(pidfile))
    whole = tmp_path / "whole"
    assert run(command(data, config, whole), tmp_path / "t1").returncode == 0

    out = tmp_path / "run"
    pidfile.unlink()
    proc = start(command(data, config, out), tmp_path / "t2", out / "questions.jsonl", 3)
    server = started(pidfile)[0]
    os.kill(server, signal.SIGKILL)  # mid-search: a search takes 0.3 s
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 1, err
    assert "could not reach the memory system" in err and "--resume" in err
    assert "was killed by SIGKILL; starting it again in its data folder (restart 1 of 3)" in err
    assert "Traceback" not in err
    first = read(out / "result.json")["metadata"]
    assert first["connectionErrors"] == 1 and first["adapterErrors"] == 0

    again = run(
        [*command(data, config, out), "--resume", str(out / "progress.jsonl")], tmp_path / "t3"
    )
    assert again.returncode == 0, again.stderr
    a, b = comparable(read(whole / "result.json")), comparable(read(out / "result.json"))
    assert a == b, first_difference(a, b)


def test_a_hung_server_stops_its_unit_within_30_seconds_with_the_defaults(
    data: Path, tmp_path: Path
) -> None:
    config = mapping(tmp_path, "--hang-after", "12")  # 10 days stored, the 2nd question hangs
    out = tmp_path / "out"
    began = time.monotonic()
    done = run(command(data, config, out), tmp_path / "t")
    took = time.monotonic() - began
    assert done.returncode == 1, done.stderr
    assert took < 30, f"the run took {took:.0f} s"
    assert "the server looks hung" in done.stderr and "Traceback" not in done.stderr
    rows = [json.loads(line) for line in (out / "questions.jsonl").read_text().splitlines()]
    stages = [r.get("error", {}).get("stage") for r in rows]
    assert stages[0] is None and set(stages[1:]) == {"connection"}, stages
    assert rows[1]["error"]["message"].startswith(
        'mcp server "rogue": tool search failed: the server answered nothing in '
    )
    assert all('mcp server "rogue" is down: ' in r["error"]["message"] for r in rows[2:])
    assert survivors([], tmp_path / "t") == {"pids": [], "marked": [], "folders": []}


GREEDY = ("--grandchildren", "--ignore-eof", "--ignore-term", "--slow", "0.2")
"""A server that ignores end-of-file and SIGTERM, with a grandchild in its group and one in a
session of its own (which ignores SIGTERM too)."""


@pytest.mark.parametrize("how", ["clean", "SIGTERM", "SIGINT"])
def test_nothing_outlives_a_run_that_ends_or_is_stopped(
    data: Path, tmp_path: Path, how: str
) -> None:
    pidfile = tmp_path / "pids"
    config = mapping(tmp_path, *GREEDY, "--pidfile", str(pidfile))
    out, tmpdir = tmp_path / "out", tmp_path / "t"
    if how == "clean":
        done = run(command(data, config, out), tmpdir)
        assert done.returncode == 0, done.stderr
    else:
        proc = start(command(data, config, out), tmpdir, out / "questions.jsonl", 2)
        assert len(started(pidfile)) == 3
        proc.send_signal(getattr(signal, how))
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == (143 if how == "SIGTERM" else 130), err
        assert "Traceback" not in err
    pids = started(pidfile)
    assert len(pids) == 3
    assert survivors(pids, tmpdir) == {"pids": [], "marked": [], "folders": []}


def test_after_a_sigkill_the_next_run_sweeps_what_was_left(data: Path, tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    config = mapping(tmp_path, *GREEDY, "--pidfile", str(pidfile))
    tmpdir = tmp_path / "t"
    proc = start(
        command(data, config, tmp_path / "out"), tmpdir, tmp_path / "out/questions.jsonl", 2
    )
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=30)
    pids = started(pidfile)
    time.sleep(2)
    left = survivors(pids, tmpdir, within=0)
    assert len(left["pids"]) == 3 and len(left["folders"]) == 1, left  # orphaned for good

    calm = mapping(tmp_path, name="calm.json")
    done = run(command(data, calm, tmp_path / "next"), tmpdir)
    assert done.returncode == 0, done.stderr
    assert "stopped 3 MCP server process(es) and removed 1 data folder(s)" in done.stderr
    assert survivors(pids, tmpdir) == {"pids": [], "marked": [], "folders": []}


def test_a_server_writing_noise_on_stdout_is_one_line_with_a_count(
    data: Path, tmp_path: Path
) -> None:
    done = run(command(data, mapping(tmp_path, "--stdout-noise"), tmp_path / "out"), tmp_path / "t")
    assert done.returncode == 0, done.stderr
    noted = [line for line in done.stderr.splitlines() if "on its stdout" in line]
    assert len(noted) == 1 and "lines on its stdout were not JSON" in noted[0], done.stderr
    assert "Traceback" not in done.stderr and "Failed to parse" not in done.stderr
