"""An MCP server's whole process tree ends with its unit, and what a killed run left is swept by
the next: real server processes with real grandchildren (one in a session of its own), a real
``SIGKILL`` of a real Python process, real folders and locks in a temporary directory."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from _mcp_support import day_log, metadata, rogue

from recallbench._process import marked_processes
from recallbench.adapters.mcp import McpAdapter
from recallbench.adapters.mcp.folders import LOCK, MARKER, PREFIX, DataFolder, sweep_stale
from recallbench.testing.agents import process_state

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/environ").exists(), reason="finds processes through /proc (Linux)"
)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def started(pidfile: Path) -> list[dict[str, int]]:
    """Each start of the server: its pid and its grandchildren's."""
    if not pidfile.exists():
        return []
    return [json.loads(line) for line in pidfile.read_text().splitlines() if line.strip()]


def running(pids: list[int]) -> list[int]:
    return [pid for pid in pids if process_state(pid) == "running"]


def wait_gone(pids: list[int], within: float = 10.0) -> list[int]:
    deadline = time.monotonic() + within
    while running(pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return running(pids)


@pytest.mark.anyio
@pytest.mark.parametrize(
    "flags",
    [(), ("--ignore-eof", "--ignore-term")],
    ids=["well-behaved", "ignores-eof-and-sigterm"],
)
async def test_teardown_stops_the_whole_tree_and_removes_the_folder(
    tmp_path: Path, flags: tuple[str, ...]
) -> None:
    pidfile = tmp_path / "pids"
    adapter = McpAdapter(rogue("--grandchildren", "--pidfile", str(pidfile), *flags))
    async with adapter.lifespan():
        folder = adapter.data_dir
        assert folder is not None and (folder / LOCK).is_file()
        await adapter.ingest_day(1, day_log(1), metadata(1))
        (pids,) = started(pidfile)
        assert len(running(list(pids.values()))) == 3
        marked = marked_processes(MARKER, str(folder))
        assert set(pids.values()) <= set(marked), "every process of the tree carries the marker"
    assert wait_gone(list(pids.values())) == []  # the setsid grandchild ignoring SIGTERM too
    assert not folder.exists()
    assert marked_processes(MARKER, str(folder)) == {}


@pytest.mark.anyio
async def test_a_dead_servers_grandchildren_are_stopped_before_it_starts_again(
    tmp_path: Path,
) -> None:
    pidfile = tmp_path / "pids"
    died = tmp_path / "died"
    mapping = rogue("--grandchildren", "--pidfile", str(pidfile), "--die-after", "2")
    mapping["server"]["args"] += ["--die-once", str(died)]
    async with McpAdapter(mapping).lifespan() as adapter:
        await adapter.ingest_day(1, day_log(1), metadata(1))
        await adapter.ingest_day(2, day_log(2), metadata(2))  # dies, started again, stored
        first, second = started(pidfile)
        assert wait_gone(list(first.values())) == []
        assert len(running(list(second.values()))) == 3
    assert wait_gone(list(second.values())) == []


KILLED_RUN = """
import anyio, sys
sys.path.insert(0, {tests!r})
from _mcp_support import day_log, metadata
from _mcp_support import rogue
from recallbench.adapters.mcp import McpAdapter

async def main():
    adapter = McpAdapter(rogue("--grandchildren", "--ignore-eof", "--pidfile", {pidfile!r}))
    await adapter.setup()
    await adapter.ingest_day(1, day_log(1), metadata(1))
    print(adapter.data_dir, flush=True)
    await anyio.sleep(3600)

anyio.run(main)
"""


def killed_run(tmp_path: Path, root: Path) -> tuple[Path, list[int]]:
    """A process that set up the rogue server (ignoring end-of-file, with grandchildren), killed
    with SIGKILL: the folder it left and the processes that outlived it."""
    pidfile = tmp_path / "killed-pids"
    script = KILLED_RUN.format(tests=str(Path(__file__).parent), pidfile=str(pidfile))
    env = {**os.environ, "TMPDIR": str(root)}
    proc = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=env
    )
    assert proc.stdout is not None
    folder = Path(proc.stdout.readline().strip())
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    proc.stdout.close()
    (pids,) = started(pidfile)
    time.sleep(0.5)  # the server read the end of its input, and ignored it
    return folder, list(pids.values())


def test_a_sweep_stops_what_a_killed_run_left_and_spares_a_live_one(tmp_path: Path) -> None:
    root = tmp_path / "tmp"
    root.mkdir()
    folder, pids = killed_run(tmp_path, root)
    assert folder.parent == root and folder.is_dir()
    assert len(running(pids)) == 3, "orphaned: the server ignores end-of-file"

    live = DataFolder(root)  # this process's own, in use
    sleeper = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"],
        env={**os.environ, MARKER: str(live.path)},
    )
    old = root / f"{PREFIX}from-an-old-version"
    old.mkdir()
    os.utime(old, (time.time() - 3 * 86400,) * 2)
    young = root / f"{PREFIX}being-made"
    young.mkdir()
    try:
        assert sweep_stale(root) == (3, 2)
        assert wait_gone(pids) == []
        assert not folder.exists() and not old.exists()
        assert live.path.is_dir() and young.is_dir()
        assert process_state(sleeper.pid) == "running"
        assert sweep_stale(root) == (0, 0)
    finally:
        sleeper.kill()
        sleeper.wait()
        live.remove()
    assert not live.path.exists()


def test_the_next_adapter_sweeps_before_it_starts(tmp_path: Path) -> None:
    """What the next run does: its first MCP adapter's setup sweeps the temporary directory."""
    root = tmp_path / "tmp"
    root.mkdir()
    folder, pids = killed_run(tmp_path, root)
    script = textwrap.dedent(
        f"""
        import anyio, sys
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        from _mcp_support import fake_mapping
        from recallbench.adapters.mcp import McpAdapter

        async def main():
            async with McpAdapter(fake_mapping()).lifespan() as adapter:
                print(adapter.data_dir)

        anyio.run(main)
        """
    )
    env: dict[str, Any] = {**os.environ, "TMPDIR": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "stopped 3 MCP server process(es) and removed 1 data folder(s)" in done.stderr
    assert wait_gone(pids) == []
    assert not folder.exists()
    assert [p.name for p in root.iterdir() if p.name.startswith(PREFIX)] == []
