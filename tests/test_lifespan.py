"""An adapter holds an async context from ``setup`` to ``teardown`` (or through ``lifespan()``):
an anyio task group and a real MCP ``ClientSession`` over stdio, across the fresh, incremental and
snapshot lifecycles, units in parallel, a setup past its timeout, a cancelled run and
``recallbench serve`` (the Ray executor's case is in tests/test_ray_executor.py)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

import anyio
import pytest
from _held_adapters import LifespanMemory, McpSessionMemory, TaskGroupMemory, events

import recallbench as rb
from recallbench.adapters.grpc.server import open_server
from recallbench.adapters.lifespan import LifecycleStepError, held
from recallbench.data.corpus import DayMetadata
from recallbench.harness import AdapterSpec
from recallbench.harness.config import LifecycleTimeouts, RunConfig
from recallbench.testing import write_persona

HERE = Path(__file__).resolve().parent
ADAPTERS = HERE / "_held_adapters.py"
HOLDERS = ["TaskGroupMemory", "LifespanMemory", "McpSessionMemory"]


def _needs(cls: str) -> Any:
    if cls == "McpSessionMemory":
        return pytest.param(
            cls,
            marks=pytest.mark.skipif(
                not _has_mcp(), reason="the mcp extra is not installed (pip install mcp)"
            ),
        )
    return cls


def _has_mcp() -> bool:
    try:
        import mcp  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("personas")
    write_persona(root, "ada")
    return root


def _config(lifecycle: str = "fresh", **overrides: Any) -> RunConfig:
    return RunConfig(
        arcs_file="arcs-30d.yaml",
        ranges="10d,20d",
        lifecycle=lifecycle,  # type: ignore[arg-type]
        **overrides,
    )


def _answers(result: rb.BenchmarkResult) -> list[rb.QuestionResult]:
    return [
        q
        for p in result.personas
        for t in p.range_results
        for q in (*t.question_results, *(t.unscored_results or ()))
    ]


def _children() -> set[int]:
    """This process's child processes (an MCP server a unit left running would be one)."""
    found: set[int] = set()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        with contextlib.suppress(OSError):
            found.update(int(p) for p in (task / "children").read_text().split())
    return found


# -- held(): the holder alone ----------------------------------------------------------------------


@pytest.mark.anyio
async def test_a_task_group_entered_in_setup_is_used_from_other_tasks_and_left_in_teardown(
    tmp_path: Path,
) -> None:
    adapter = TaskGroupMemory({"events": str(tmp_path / "events")})
    async with held(adapter, setup_timeout=5, teardown_timeout=5):
        await adapter.ingest_day(1, "Dana booked the Lisbon offsite.", None)  # type: ignore[arg-type]
        async with anyio.create_task_group() as tg:
            for _ in range(3):
                tg.start_soon(adapter.query, "Where is the offsite booked?")
        assert await adapter.query("Where is the offsite?") == "Dana booked the Lisbon offsite."
    assert events(tmp_path / "events") == ["setup", "teardown"]


@pytest.mark.anyio
async def test_a_setup_past_its_limit_is_cut_short_and_what_it_opened_is_closed(
    tmp_path: Path,
) -> None:
    adapter = TaskGroupMemory({"events": str(tmp_path / "events"), "setup_delay": 30})
    with anyio.fail_after(10):
        with pytest.raises(LifecycleStepError, match=r"^setup did not finish within 0.3 s$"):
            async with held(adapter, setup_timeout=0.3, teardown_timeout=5):
                pytest.fail("the block ran without a set-up adapter")
    assert adapter._stack is None  # teardown ran (under the setup's cancellation) and closed it


@pytest.mark.anyio
async def test_a_block_cancelled_during_a_setup_without_limit_does_not_wait_for_it(
    tmp_path: Path,
) -> None:
    adapter = TaskGroupMemory({"setup_delay": 3600})
    with anyio.move_on_after(0.3) as outer:
        async with held(adapter):
            pytest.fail("the block ran without a set-up adapter")
    assert outer.cancelled_caught
    assert adapter._stack is None


@pytest.mark.anyio
async def test_a_cancelled_block_still_tears_down(tmp_path: Path) -> None:
    adapter = TaskGroupMemory({"events": str(tmp_path / "events")})
    with anyio.move_on_after(0.2) as outer:
        async with held(adapter, teardown_timeout=5):
            await anyio.sleep(30)
    assert outer.cancelled_caught
    assert events(tmp_path / "events") == ["setup", "teardown"]


class _SlowTeardown(TaskGroupMemory):
    async def teardown(self) -> None:
        await super().teardown()  # closes what setup opened first, as a teardown should
        await anyio.sleep(30)


class _LeavesItOpen(TaskGroupMemory):
    async def teardown(self) -> None:
        pass  # forgets the task group its setup entered


@pytest.mark.anyio
async def test_a_teardown_past_its_limit_is_recorded_not_raised() -> None:
    with anyio.fail_after(10):
        async with held(_SlowTeardown(), teardown_timeout=0.2) as holder:
            pass
    assert holder.teardown_error is not None and holder.teardown_error.timed_out
    assert str(holder.teardown_error) == "teardown did not finish within 0.2 s"


@pytest.mark.anyio
async def test_a_teardown_that_leaves_setups_context_open_is_one_clear_error() -> None:
    adapter = _LeavesItOpen()
    with anyio.fail_after(10):
        with pytest.raises(LifecycleStepError, match="left open an async context") as info:
            async with held(adapter, teardown_timeout=1):
                pass
    assert info.value.step == "teardown"
    assert adapter._requests is not None
    adapter._requests.close()  # what its teardown should have closed


@pytest.mark.anyio
async def test_an_error_of_the_block_is_raised_as_it_is_after_teardown(tmp_path: Path) -> None:
    adapter = TaskGroupMemory({"events": str(tmp_path / "events")})
    with pytest.raises(KeyError, match="the block's own"):
        async with held(adapter):
            raise KeyError("the block's own")
    assert events(tmp_path / "events") == ["setup", "teardown"]


# -- the harness: every lifecycle, units in parallel --------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize("lifecycle", ["fresh", "incremental", "snapshot"])
@pytest.mark.parametrize("cls", [_needs(c) for c in HOLDERS])
async def test_a_held_context_lasts_each_unit_in_every_lifecycle(
    cls: str, lifecycle: str, data: Path, tmp_path: Path
) -> None:
    log = tmp_path / "events"
    result = await rb.Harness(
        AdapterSpec(f"{ADAPTERS}:{cls}", {"events": str(log)}),
        data,
        judge="rubric",
        config=_config(lifecycle, unit_parallelism=2),
    ).run()
    answers = _answers(result)
    assert [p.error for p in result.personas] == [None]
    assert answers and not [q.error for q in answers if q.error]
    assert result.overall_score == 6.0  # every answer came through the held context
    units = 2 if lifecycle == "fresh" else 1
    assert sorted(events(log)) == ["setup"] * units + ["teardown"] * units


@pytest.mark.anyio
@pytest.mark.parametrize("cls", [_needs(c) for c in ["TaskGroupMemory", "McpSessionMemory"]])
async def test_a_setup_past_the_setup_timeout_stops_the_persona_in_one_line(
    cls: str, data: Path, tmp_path: Path
) -> None:
    before = _children()
    with anyio.fail_after(30):
        result = await rb.Harness(
            AdapterSpec(f"{ADAPTERS}:{cls}", {"setup_delay": 60}),
            data,
            judge="rubric",
            config=_config(lifecycle_timeouts=LifecycleTimeouts(setup=1.0)),
        ).run()
    assert [p.error for p in result.personas] == [
        "setup did not finish within 1 s (--setup-timeout)"
    ]
    # An MCP server the setup started was stopped with its session.
    await anyio.sleep(0.2)
    assert _children() <= before


@pytest.mark.anyio
@pytest.mark.parametrize("cls", [_needs(c) for c in HOLDERS])
async def test_a_cancelled_run_tears_each_held_context_down(
    cls: str, data: Path, tmp_path: Path
) -> None:
    log = tmp_path / "events"
    harness = rb.Harness(
        AdapterSpec(f"{ADAPTERS}:{cls}", {"events": str(log)}),
        data,
        judge="rubric",
        config=_config("fresh", unit_parallelism=2),
    )
    before = _children()
    with anyio.fail_after(30):
        async with anyio.create_task_group() as tg:

            async def cancel_once_set_up() -> None:
                while events(log).count("setup") < 1:
                    await anyio.sleep(0.01)
                tg.cancel_scope.cancel()

            tg.start_soon(cancel_once_set_up)
            await harness.run()
    ran = events(log)
    assert ran.count("setup") >= 1 and ran.count("teardown") == ran.count("setup")
    await anyio.sleep(0.2)
    assert _children() <= before


# -- recallbench serve: Setup and Teardown arrive in different tasks -------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize("cls", [_needs(c) for c in ["TaskGroupMemory", "McpSessionMemory"]])
@pytest.mark.parametrize("lifecycle", ["fresh", "incremental"])  # gRPC has no snapshot call
async def test_serve_holds_each_lifecycles_context_between_its_setup_and_teardown_calls(
    cls: str, lifecycle: str, data: Path, tmp_path: Path
) -> None:
    log = tmp_path / "events"
    served = {"TaskGroupMemory": TaskGroupMemory, "McpSessionMemory": McpSessionMemory}[cls]
    async with open_server(served({"events": str(log)}), port=0) as listening:
        result = await rb.Harness(
            AdapterSpec(f"grpc://127.0.0.1:{listening.port}"),
            data,
            judge="rubric",
            config=_config(lifecycle),
        ).run()
    assert [p.error for p in result.personas] == [None]
    assert result.overall_score == 6.0
    units = 2 if lifecycle == "fresh" else 1
    assert events(log) == ["setup", "teardown"] * units


@pytest.mark.anyio
async def test_serve_tears_down_a_held_context_its_client_left_at_shutdown(tmp_path: Path) -> None:
    from recallbench.adapters.grpc.client import GrpcAdapter

    log = tmp_path / "events"
    async with open_server(TaskGroupMemory({"events": str(log)}), port=0) as listening:
        client = GrpcAdapter(f"grpc://127.0.0.1:{listening.port}")
        await client.setup()  # and never a Teardown: the server's shutdown ends the lifecycle
        await client.ingest_day(
            1,
            "Dana booked the Lisbon offsite.",
            DayMetadata(day_number=1, date="2026-01-01", persona_id="ada"),
        )
        assert await client.query("Where is the offsite?") == "Dana booked the Lisbon offsite."
    assert events(log) == ["setup", "teardown"]


def test_the_lifespan_adapter_has_no_setup_or_teardown() -> None:
    # What the lifespan case proves: the harness entered lifespan(), not setup/teardown.
    assert LifespanMemory.setup is None and LifespanMemory.teardown is None
