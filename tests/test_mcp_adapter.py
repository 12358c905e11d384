"""The MCP adapter against a real MCP server process (the fake memory server of
``recallbench.testing``), over stdio and streamable HTTP: ingestion, retrieval mapped back to days,
session isolation, deleting and updating, extractive and model answers, and the lifecycle held in one
task (setup … teardown, and ``lifespan()``)."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from _mcp_support import MODEL, SERVER, day_log, fake_mapping, metadata
from hypothesis import given
from hypothesis import strategies as st

from recallbench.adapters import ABSTENTION
from recallbench.adapters._memory import snippet
from recallbench.adapters.capabilities import adapter_capabilities
from recallbench.adapters.mcp import McpAdapter, McpServerDown
from recallbench.adapters.mcp.adapter import head_snippet

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def test_ingest_search_and_retrieval_days_over_stdio() -> None:
    adapter = McpAdapter(fake_mapping())
    await adapter.setup()
    try:
        assert adapter.data_dir is not None and adapter.data_dir.is_dir()
        for day in (1, 2, 3):
            await adapter.ingest_day(day, day_log(day), metadata(day))
        await adapter.finalize_ingestion()
        detail = await adapter.query_detail("What is the access code for day 2?")
        assert "CODE-0002" in detail.answer
        assert {entry.day for entry in detail.retrieval} == {1, 2, 3}
        assert detail.retrieval[0].path == "day-0002.principal"
        assert detail.tool_calls[0].tool == "search"
        assert detail.tool_calls[0].args["query"] == "access OR code OR day OR 2"
        data_dir = adapter.data_dir
    finally:
        await adapter.teardown()
    assert not data_dir.exists(), "the unit's data folder is removed in teardown"


async def test_isolated_sessions_are_filtered_by_the_record_they_came_from() -> None:
    adapter = McpAdapter(fake_mapping())
    async with adapter.lifespan():
        secret = "The board budget is twelve million."
        await adapter.ingest_day(1, day_log(1, board=secret), metadata(1, isolated=("board",)))
        asked_elsewhere = await adapter.query_detail("What is the board budget?")
        assert all("twelve" not in (e.snippet or "") for e in asked_elsewhere.retrieval)
        asked_in_board = await adapter.query_detail("What is the board budget?", session="board")
        assert "twelve million" in asked_in_board.answer
        assert asked_in_board.retrieval[0].path == "day-0001.board"


async def test_delete_and_update_reach_the_server() -> None:
    adapter = McpAdapter(fake_mapping())
    assert {"delete_memory", "update_memory"} <= adapter_capabilities(adapter)
    async with adapter.lifespan():
        for day in (1, 2):
            await adapter.ingest_day(day, day_log(day), metadata(day))
        await adapter.delete_memory("day-0001")
        detail = await adapter.query_detail("access code day 1")
        assert [e.day for e in detail.retrieval] == [2]
        with pytest.raises(KeyError):
            await adapter.delete_memory("day-0001")
        with pytest.raises(ValueError, match="yesterday"):
            await adapter.delete_memory("yesterday")
        await adapter.update_memory("day-0002", day_log(2).replace("CODE-0002", "CODE-9999"))
        assert "CODE-9999" in (await adapter.query_detail("access code for day 2")).answer
        # the update went through the update tool: the server still holds one record for day 2
        structured, _ = await adapter.call("stats", {})
        assert structured["ids"] == ["day-0002.principal"]


async def test_without_a_delete_tool_the_capabilities_are_not_declared() -> None:
    mapping = fake_mapping()
    del mapping["delete"], mapping["update"]
    assert "delete_memory" not in adapter_capabilities(McpAdapter(mapping))


async def test_units_of_day_and_chunk_and_the_query_modes() -> None:
    for unit, expected in (("day", "day-0001"), ("chunk", "day-0001.principal.0")):
        async with McpAdapter(fake_mapping(unit=unit)).lifespan() as adapter:
            await adapter.ingest_day(1, day_log(1), metadata(1))
            detail = await adapter.query_detail("access code")
            assert [e.path for e in detail.retrieval] == [expected]
    each = McpAdapter(
        fake_mapping(search={"tool": "search", "args": {"query": "{query}"}, "query": "each"})
    )
    assert each.queries("What was the access code?") == ["access", "code"]
    whole = McpAdapter(fake_mapping(search={"tool": "search", "args": {"query": "{query}"}}))
    assert whole.queries("What was the access code?") == ["What was the access code?"]


async def test_nothing_found_abstains() -> None:
    async with McpAdapter(fake_mapping()).lifespan() as adapter:
        await adapter.ingest_day(1, day_log(1), metadata(1))
        detail = await adapter.query_detail("zebra migration patterns")
        assert detail.answer == ABSTENTION
        assert detail.retrieval == ()


async def test_a_model_answers_over_the_hits_as_builtin_rag() -> None:
    mapping = fake_mapping(answer={"model": "_mcp_support:MODEL", "cache": False})
    async with McpAdapter(mapping).lifespan() as adapter:
        await adapter.ingest_day(2, day_log(2), metadata(2))
        detail = await adapter.query_detail("What is the access code for day 2?")
    assert detail.answer == "CODE-0002"
    assert [c.tool for c in detail.tool_calls] == ["search", "model"]
    prompt = MODEL.calls[-1].user_message
    assert "Day 2 (2026-01-02), session principal" in prompt and "CODE-0002" in prompt


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def serving_http(*flags: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """The fake server over streamable HTTP (``flags``: its knobs): its URL and its process
    (stopped on exit)."""
    port = _free_port()
    process = subprocess.Popen(
        [*SERVER, "--http", str(port), *flags],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("the fake MCP server did not listen") from None
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/mcp", process
    finally:
        if process.poll() is None:
            process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def http_server() -> Iterator[str]:
    with serving_http() as (url, _):
        yield url


async def test_streamable_http_against_a_running_server(http_server: str) -> None:
    mapping = fake_mapping(server={"url": http_server, "headers": {"X-Bench": "recallbench"}})
    adapter = McpAdapter(mapping)
    await adapter.setup()
    try:
        await adapter.ingest_day(5, day_log(5), metadata(5))
        detail = await adapter.query_detail("access code for day 5")
        assert "CODE-0005" in detail.answer and detail.retrieval[0].day == 5
    finally:
        await adapter.teardown()


async def test_the_session_is_held_in_one_task_across_a_task_group() -> None:
    # The harness holds setup and teardown in one task; queries may come from others.
    async with McpAdapter(fake_mapping()).lifespan() as adapter:
        for day in range(1, 6):
            await adapter.ingest_day(day, day_log(day), metadata(day))
        answers: dict[int, str] = {}

        async def ask(day: int) -> None:
            answers[day] = await adapter.query(f"access code for day {day}")

        async with anyio.create_task_group() as group:
            for day in range(1, 6):
                group.start_soon(ask, day)
    assert all(f"CODE-{d:04d}" in answers[d] for d in range(1, 6))


def test_importing_recallbench_and_the_mcp_package_imports_no_mcp() -> None:
    code = (
        "import sys, recallbench, recallbench.adapters.mcp, recallbench.harness.loading;"
        "recallbench.adapters.mcp.PRESETS;"
        "print(any(m == 'mcp' or m.startswith('mcp.') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_fake_server_module_runs_as_a_script(tmp_path: Path) -> None:
    out = subprocess.run([*SERVER, "--help"], capture_output=True, text=True, check=True)
    assert "--die-after" in out.stdout


@given(
    st.text(
        alphabet=st.sampled_from(["a", "b", " ", "\n", "\t", "\u00a0", "\u2028", "…", "\x1c"]),
        max_size=2000,
    )
)
def test_a_snippet_from_the_head_equals_the_snippet_of_the_whole(text: str) -> None:
    assert head_snippet(text) == snippet(text)


async def test_a_streamable_http_server_that_goes_away_is_down_at_once() -> None:
    """Not ours to start again: its questions are unreachable (McpServerDown), at once."""
    with serving_http() as (url, process):
        async with McpAdapter(fake_mapping(server={"url": url})).lifespan() as adapter:
            await adapter.ingest_day(1, day_log(1), metadata(1))
            assert "CODE-0001" in await adapter.query("access code")
            process.kill()
            process.wait()
            for _ in range(2):
                started = time.monotonic()
                with pytest.raises(McpServerDown, match="ConnectError"):
                    await adapter.query("access code")
                assert time.monotonic() - started < 5
