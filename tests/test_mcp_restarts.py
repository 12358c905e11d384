"""An MCP server that dies is started again, in its data folder, up to ``server.restarts`` times a
unit; one that stops answering is found by a ping and declared down. Real server processes
(tests/_mcp_rogue_server.py, the fake memory server), real pipes."""

from __future__ import annotations

import time
from pathlib import Path

import anyio
import pytest
from _mcp_support import SERVER, day_log, fake_mapping, metadata, rogue

from recallbench.adapters.mcp import McpAdapter, McpServerDown
from recallbench.errors import AdapterError

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def test_a_server_that_dies_is_started_again_with_its_data_folder(tmp_path: Path) -> None:
    died = tmp_path / "died"
    adapter = McpAdapter(rogue("--die-after", "3", "--die-once", str(died)))
    async with adapter.lifespan():
        folder = adapter.data_dir
        await adapter.ingest_day(1, day_log(1), metadata(1))  # call 1
        assert "CODE-0001" in await adapter.query("access code")  # call 2
        with pytest.raises(McpServerDown) as caught:  # call 3: it dies under the call
            await adapter.query("access code")
        message = str(caught.value)
        assert isinstance(caught.value, ConnectionError | AdapterError)
        assert message == (
            'mcp server "rogue": tool search failed: the server exited with code 3 (its stderr '
            "ends: rogue server: dying at call 3 (search))"
        )
        # The next call waits for the server started again, which kept its memory on disk.
        assert "CODE-0001" in await adapter.query("access code")
        assert adapter.data_dir == folder and (folder / "memories.json").is_file()
        assert adapter._keeper.deaths == 1


async def test_a_store_that_meets_the_death_is_made_again_on_the_new_server(
    tmp_path: Path,
) -> None:
    adapter = McpAdapter(rogue("--die-after", "2", "--die-once", str(tmp_path / "died")))
    async with adapter.lifespan():
        await adapter.ingest_day(1, day_log(1), metadata(1))
        await adapter.ingest_day(2, day_log(2), metadata(2))  # the server dies storing it
        assert "CODE-0002" in await adapter.query("access code day 2")
        assert adapter._keeper.deaths == 1


async def test_a_server_that_keeps_dying_is_down_in_one_line_and_fails_at_once() -> None:
    adapter = McpAdapter(rogue("--die-after", "2", restarts=2))
    async with adapter.lifespan():
        errors: list[str] = []
        for n in range(1, 9):  # each server dies at its second call
            try:
                await adapter.ingest_day(n, day_log(n), metadata(n))
            except McpServerDown as exc:
                errors.append(str(exc))
            if adapter._keeper.down:
                break
        down = adapter._keeper.down
        assert down == (
            'mcp server "rogue" is down: the server exited with code 3 (its stderr ends: rogue '
            "server: dying at call 2 (remember)); it died 3 times in this unit of work, more "
            "than server.restarts (2) allows"
        )
        assert "\n" not in down
        started = time.monotonic()
        for _ in range(20):
            with pytest.raises(McpServerDown, match="is down: "):
                await adapter.query("access code")
        assert time.monotonic() - started < 1.0, "a down server fails every call at once"


async def test_replay_stores_the_records_again_on_a_server_that_kept_nothing(
    tmp_path: Path,
) -> None:
    """The fake memory server keeps its memories in its process: started again, it is empty,
    unless ``server.replay`` stores every record held once more."""
    answers = {}
    for replay in (False, True):
        died = tmp_path / f"died-{replay}"
        mapping = fake_mapping("--die-after", "4", "--die-once", str(died))
        mapping["server"]["replay"] = replay
        async with McpAdapter(mapping).lifespan() as adapter:
            for day in (1, 2):
                await adapter.ingest_day(day, day_log(day), metadata(day))  # calls 1, 2
            assert "CODE-0002" in await adapter.query("access code day 2")  # call 3
            with pytest.raises(McpServerDown):
                await adapter.query("access code day 2")  # call 4: dies
            answers[replay] = await adapter.query("access code day 2")
    assert "CODE-0002" in answers[True]
    assert "CODE-0002" not in answers[False]


async def test_the_end_of_the_unit_does_not_wait_for_a_restart(tmp_path: Path) -> None:
    died, pidfile = tmp_path / "died", tmp_path / "pids"
    flags = ("--die-after", "2", "--die-once", str(died), "--slow-start-if", str(died))
    adapter = McpAdapter(rogue(*flags, "--pidfile", str(pidfile)))
    await adapter.setup()
    await adapter.ingest_day(1, day_log(1), metadata(1))
    with pytest.raises(McpServerDown):
        await adapter.query("access code")  # it dies; the one started again sleeps a minute
    with anyio.fail_after(10):
        while len(pidfile.read_text().splitlines()) < 2:
            await anyio.sleep(0.02)
    started = time.monotonic()
    await adapter.teardown()
    assert time.monotonic() - started < 10, "the restart in progress was cancelled"


async def test_a_hung_server_is_found_by_a_ping_and_is_down_for_the_unit() -> None:
    adapter = McpAdapter(rogue("--hang-after", "2", probeAfter=1))
    async with adapter.lifespan():
        await adapter.ingest_day(1, day_log(1), metadata(1))
        started = time.monotonic()
        with pytest.raises(McpServerDown) as caught:
            await adapter.query("access code")  # the server blocks: nothing is answered
        took = time.monotonic() - started
        assert 5.0 < took < 12.0, took  # one second of silence, five for the ping
        assert str(caught.value).startswith(
            'mcp server "rogue": tool search failed: the server answered nothing in '
        )
        assert str(caught.value).endswith("nor a ping in 5 s: the server looks hung")
        with pytest.raises(McpServerDown, match=r'^mcp server "rogue" is down: the server'):
            await adapter.query("access code")
    assert adapter._keeper is None


async def test_a_call_past_its_timeout_pings_before_calling_the_server_hung() -> None:
    # Never pinged while it waits (probeAfter 0): the call's own timeout (1 s) asks.
    adapter = McpAdapter(rogue("--hang-after", "2", probeAfter=0, callTimeout=1))
    async with adapter.lifespan():
        await adapter.ingest_day(1, day_log(1), metadata(1))
        with pytest.raises(McpServerDown, match=r"answered nothing in 1 s \(server.callTimeout\)"):
            await adapter.query("access code")
    # A slow server that still answers pings only timed out: the system's failure (stage query).
    adapter = McpAdapter(rogue("--slow", "3", probeAfter=0, callTimeout=1))
    async with adapter.lifespan():
        with pytest.raises(AdapterError) as caught:
            await adapter.query("access code")
        assert not isinstance(caught.value, ConnectionError)
        assert str(caught.value) == 'mcp server "rogue": tool search did not answer within 1 s'
        assert adapter._keeper.down is None


async def test_a_slow_server_answering_pings_is_waited_for() -> None:
    adapter = McpAdapter(rogue("--slow", "2.5", probeAfter=0.5))
    async with adapter.lifespan():
        await adapter.ingest_day(1, day_log(1), metadata(1))
        assert "CODE-0001" in await adapter.query("access code")
        assert adapter._keeper.down is None and adapter._keeper.deaths == 0


async def test_calls_abandoned_by_their_caller_still_count_as_silence() -> None:
    """The harness abandons a question at its own timeout; the next question's call does not
    start the silence over: the server owes an answer since the first."""
    adapter = McpAdapter(rogue("--hang-after", "2", probeAfter=3))
    async with adapter.lifespan():
        await adapter.ingest_day(1, day_log(1), metadata(1))
        started = time.monotonic()
        for _ in range(2):
            with anyio.move_on_after(2):  # a question timeout of 2 s, shorter than probeAfter
                await adapter.query("access code")
        with pytest.raises(McpServerDown):
            await adapter.query("access code")
        assert time.monotonic() - started < 3 + 5 + 3


async def test_the_fake_server_still_serves_the_adapter() -> None:
    """The module's own server (no rogue knobs), for the record: SERVER is what the mapping runs."""
    assert SERVER[1:] == ["-m", "recallbench.testing.mcp_memory_server"]
    async with McpAdapter(fake_mapping()).lifespan() as adapter:
        await adapter.ingest_day(1, day_log(1), metadata(1))
        assert "CODE-0001" in await adapter.query("access code")
