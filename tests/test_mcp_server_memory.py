"""The real MCP reference memory server (npm ``@modelcontextprotocol/server-memory``) through the
``mcp:server-memory`` preset: directly, and benchmarked end to end by ``python -m recallbench run``.

Skipped, with the reason, only when node/npm or the package is absent: ``.ci/run`` installs it into
a local prefix and exports ``RECALLBENCH_SERVER_MEMORY``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from _mcp_support import day_log, metadata

from recallbench.adapters.mcp import McpAdapter, mcp_config
from recallbench.results import read_question_log

PREFIX = os.environ.get("RECALLBENCH_SERVER_MEMORY", "")
INSTALLED = bool(PREFIX) and (
    Path(PREFIX, "node_modules/.bin/mcp-server-memory").is_file() or Path(PREFIX).is_file()
)
pytestmark = [
    pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed"),
    pytest.mark.skipif(
        not INSTALLED,
        reason="@modelcontextprotocol/server-memory is not installed: npm install --prefix DIR "
        "@modelcontextprotocol/server-memory and set RECALLBENCH_SERVER_MEMORY=DIR (.ci/run does)",
    ),
]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_the_preset_stores_ranks_deletes_and_isolates() -> None:
    adapter = McpAdapter(mcp_config("mcp:server-memory"))
    async with adapter.lifespan():
        assert adapter.data_dir is not None
        for day in (1, 2, 3):
            board = "The board budget is twelve million." if day == 2 else ""
            await adapter.ingest_day(
                day, day_log(day, board=board), metadata(day, isolated=("board",))
            )
        assert (adapter.data_dir / "memory.jsonl").is_file()
        detail = await adapter.query_detail("What is the access code for day 3?")
        assert detail.answer.startswith("The access code for day 3")
        assert detail.retrieval[0].day == 3
        assert all(call.tool == "search_nodes" for call in detail.tool_calls)
        assert "twelve" not in " ".join(
            e.snippet or "" for e in (await adapter.query_detail("board budget")).retrieval
        )
        assert (
            "twelve million" in (await adapter.query_detail("board budget", session="board")).answer
        )
        await adapter.delete_memory("day-0003")
        assert 3 not in {e.day for e in (await adapter.query_detail("access code day 3")).retrieval}


@pytest.mark.anyio
@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="finds the server via /proc")
async def test_a_killed_reference_server_comes_back_with_its_graph() -> None:
    """SIGKILL the node server (found by the marker its environment carries): the adapter starts
    it again in the same data folder, where its graph (memory.jsonl) is, and answers as before."""
    import signal

    import anyio

    from recallbench._process import marked_processes
    from recallbench.adapters.mcp.folders import MARKER

    adapter = McpAdapter(mcp_config("mcp:server-memory"))
    async with adapter.lifespan():
        for day in (1, 2, 3):
            await adapter.ingest_day(day, day_log(day), metadata(day))
        before = await adapter.query_detail("What is the access code for day 2?")
        servers = marked_processes(MARKER, str(adapter.data_dir))
        assert servers
        for pid in servers:
            os.kill(pid, signal.SIGKILL)
        with anyio.fail_after(5):  # the keeper sees it die
            while adapter._keeper.deaths == 0:
                await anyio.sleep(0.01)
        after = await adapter.query_detail("What is the access code for day 2?")
        assert after == before
        assert adapter._keeper.deaths == 1
        assert set(marked_processes(MARKER, str(adapter.data_dir))).isdisjoint(servers)


@pytest.mark.slow
def test_a_run_through_the_preset_end_to_end(tmp_path: Path) -> None:
    out = tmp_path / "out"
    command = [sys.executable, "-m", "recallbench", "run", "--adapter", "mcp:server-memory"]
    command += ["--personas", "executive-assistant", "--arcs", "arcs-180d.yaml", "--ranges", "30d"]
    command += ["--judge", "rubric", "--output", str(out), "--json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    import json

    result = json.loads((out / "result.json").read_text())
    text = json.dumps(result)
    assert "mcp:server-memory" in text
    rows = read_question_log(out / "questions.jsonl")  # the retrieval entries in place
    assert rows and not any(r.get("error") for r in rows)
    assert (
        sum(1 for r in rows if any(e.get("day") for e in r.get("retrieval", []))) > len(rows) // 2
    )
