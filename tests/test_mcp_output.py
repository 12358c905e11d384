"""What an MCP server writes is read within bounds: its stderr by the tail (a flood costs neither
memory nor disk), each fault of its stdout logged once with a count, and every answer that cannot
be read — not JSON, no JSON-RPC, nested too deep, a day outside the corpus, a score past the floats
— one :class:`AdapterError` naming it, at once. Real server processes over real pipes."""

from __future__ import annotations

import logging
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _mcp_support import day_log, fake_mapping, metadata, rogue

from recallbench.adapters.mcp import McpAdapter, McpServerDown
from recallbench.adapters.mcp.stdio import KEPT
from recallbench.errors import AdapterError

pytestmark = pytest.mark.anyio

RAW = str(Path(__file__).resolve().parent / "_mcp_raw_server.py")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def raw(mode: str) -> McpAdapter:
    mapping = fake_mapping(hits={"from": "structured", "path": "hits"})
    for key in ("update", "delete"):
        mapping.pop(key)
    mapping["name"] = "raw"
    mapping["server"] = {"command": sys.executable, "args": [RAW, mode]}
    return McpAdapter(mapping)


FLOOD = """
import anyio, sys
sys.path.insert(0, {tests!r})
from _mcp_support import day_log, metadata, rogue
from recallbench.adapters.mcp import McpAdapter, McpServerDown

def peak_mb():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) // 1024

async def main():
    adapter = McpAdapter(rogue("--stderr-flood", "{mb}", "--die-after", "2", restarts=0))
    async with adapter.lifespan():
        before = peak_mb()
        await adapter.ingest_day(1, day_log(1), metadata(1))
        try:
            await adapter.query("access code")
        except McpServerDown as exc:
            print(exc)
        log = adapter.data_dir / ".server-stderr.log"
        print(log.stat().st_size)
        print(peak_mb() - before)

anyio.run(main)
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads VmHWM from /proc")
def test_a_flood_on_stderr_costs_neither_memory_nor_disk(tmp_path: Path) -> None:
    mb = 300
    script = FLOOD.format(tests=str(Path(__file__).parent), mb=mb)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    message, size, grown = done.stdout.strip().splitlines()
    assert message.endswith("(its stderr ends: rogue server: dying at call 2 (search))")
    assert KEPT <= int(size) <= KEPT + 200  # the first MiB, and a line saying what was not kept
    assert int(grown) < 50, f"{mb} MB on stderr grew the peak memory by {grown} MB"


async def test_lines_on_stdout_that_are_not_json_rpc_are_one_warning_with_a_count(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    adapter = McpAdapter(rogue("--stdout-noise"))
    async with adapter.lifespan():
        for day in (1, 2, 3):
            await adapter.ingest_day(day, day_log(day), metadata(day))
        for _ in range(4):
            assert "CODE-0001" in await adapter.query("access code day 1")
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warnings == [
        'mcp server "rogue": 7 lines on its stdout were not JSON (the first: \'debug: remember '
        "called (1)'); dropped"
    ]
    assert not any(r.exc_info for r in caplog.records), "no traceback for a line"


async def test_an_answer_nested_too_deep_fails_its_call_at_once() -> None:
    async with raw("deep").lifespan() as adapter:
        await adapter.ingest_day(1, day_log(1), metadata(1))
        started = time.monotonic()
        with pytest.raises(AdapterError) as caught:
            await adapter.query("access code")
        assert time.monotonic() - started < 2.0, "not by its timeout"
        assert not isinstance(caught.value, ConnectionError)
        assert str(caught.value) == (
            'mcp server "raw": tool search returned malformed results: its answer could not be '
            "read: nested deeper than 200 levels"
        )
        assert adapter._keeper.down is None  # a malformed answer is the system's, not a death


async def test_an_answer_that_is_no_json_rpc_fails_its_call_at_once() -> None:
    async with raw("not-rpc").lifespan() as adapter:
        with pytest.raises(AdapterError, match="could not be read: it was not a JSON-RPC message"):
            await adapter.query("access code")


@pytest.mark.parametrize("mode", ["noise", "long"])
async def test_a_bad_line_before_the_answer_is_dropped_and_the_answer_read(
    mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    async with raw(mode).lifespan() as adapter:
        for _ in range(2):
            detail = await adapter.query_detail("access code")
            assert detail.retrieval == ()
    kind = "were not JSON" if mode == "noise" else "were longer than 67108864 bytes"
    assert sum(kind in r.getMessage() for r in caplog.records) == 1, caplog.text


@pytest.mark.parametrize(
    ("flags", "hits", "message"),
    [
        (("--days=-5",), {"day": "day"}, 'hit 0\'s "day" is day -5, outside the corpus (days 1-2)'),
        (("--days=0",), {"day": "day"}, 'hit 0\'s "day" is day 0, outside the corpus (days 1-2)'),
        (
            ("--days=100000",),
            {"day": "day"},
            'hit 0\'s "day" is day 100000, outside the corpus (days 1-2)',
        ),
        (
            ("--huge-score",),
            {},
            'hit 0\'s "score" is not a finite number: an integer of 401 digits',
        ),
        (
            ("--deep-text",),
            {"from": "text"},
            "its text content is JSON nested deeper than 200 levels",
        ),
    ],
    ids=["day-minus-5", "day-0", "day-100000", "score-10**400", "text-100000-deep"],
)
async def test_a_result_off_the_corpus_or_past_the_bounds_is_malformed(
    flags: tuple[str, ...], hits: dict[str, str], message: str
) -> None:
    mapping = rogue(*flags)
    mapping["hits"] = {**mapping["hits"], **hits}
    async with McpAdapter(mapping).lifespan() as adapter:
        for day in (1, 2):
            await adapter.ingest_day(day, day_log(day), metadata(day))
        with pytest.raises(AdapterError) as caught:
            await adapter.query("access code")
    assert not isinstance(caught.value, McpServerDown)
    assert str(caught.value) == (
        f'mcp server "rogue": tool search returned malformed results: {message}; see hits in config'
    )


def test_a_day_a_hit_id_names_outside_the_corpus_is_no_day() -> None:
    from recallbench.adapters.mcp.results import day_in_id

    assert day_in_id("notes/day-0007-principal", 30) == 7
    assert [day_in_id(i, 30) for i in ("day-0000", "day-100000", "day-" + "9" * 400)] == [None] * 3
    assert day_in_id("day-0031", None) == 31
