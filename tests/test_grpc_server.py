"""The gRPC server (``recallbench.adapters.grpc.server``): a real grpc.aio server on a loopback port, driven
by the generated stubs (as a client in another language would) and by the harness's GrpcAdapter.

The end-to-end runs with real processes (``recallbench serve`` and ``recallbench run``) are in
``test_grpc_interop.py``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import anyio
import grpc
import grpc.aio
import pytest

from recallbench import DayMetadata, RunConfig, RunOutput, run
from recallbench._proto import memory_bench_service_pb2 as pb
from recallbench._proto import memory_bench_service_pb2_grpc as pb_grpc
from recallbench.adapters import builtin_adapter
from recallbench.adapters.base import QueryDetail, RetrievalEntry, ToolCall
from recallbench.adapters.grpc.client import GrpcAdapter
from recallbench.adapters.grpc.server import Listening, open_server
from recallbench.data._yaml import dump_yaml, load_yaml
from recallbench.data.persona import day_date
from recallbench.errors import AdapterError, ConfigError
from recallbench.testing import (
    ScriptedAdapter,
    ScriptedJudge,
    ScriptedSnapshotAdapter,
    write_persona,
)


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


pytestmark = pytest.mark.usefixtures("one_grpc_event_loop")


def _channel(listening: Listening) -> grpc.aio.Channel:
    # A subchannel pool of its own: two channels of one process would otherwise share one
    # connection, and the server tells clients apart by their connection.
    return grpc.aio.insecure_channel(
        listening.address, options=[("grpc.use_local_subchannel_pool", 1)]
    )


async def _status(call: Any) -> tuple[grpc.StatusCode, str]:
    """The status code and details of a call expected to fail."""
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await call
    return info.value.code(), info.value.details() or ""


def _day(n: int, content: str = "", *, isolated: tuple[str, ...] = ()) -> pb.IngestDayRequest:
    date = day_date("2026-01-01", n)
    return pb.IngestDayRequest(
        day_number=n,
        content=content or f"# session: principal\n\n### Note\nOn {date} the code was C-{n}.\n",
        metadata=pb.DayMetadata(
            day_number=n, date=date, persona_id="t", isolated_sessions=isolated
        ),
    )


class Recording:
    """An adapter with query_detail taking a session; records what it was given."""

    name = "recording"

    def __init__(self) -> None:
        self.sessions: list[str] = []
        self.metadata: list[DayMetadata] = []

    async def setup(self) -> None: ...

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        self.metadata.append(metadata)

    async def finalize_ingestion(self) -> None: ...

    async def query_detail(self, question: str, *, session: str = "principal") -> QueryDetail:
        self.sessions.append(session)
        return QueryDetail(
            answer=f"answer to {question}",
            retrieval=(
                RetrievalEntry(path="a.md#0", score=1.5, snippet="first", day=3),
                RetrievalEntry(path="b.md#1"),
            ),
            tool_calls=(ToolCall(tool="search", args={"q": question}, result_preview="2 hits"),),
        )

    async def query(self, question: str, *, session: str = "principal") -> str:
        return (await self.query_detail(question, session=session)).answer

    async def teardown(self) -> None: ...

    async def healthcheck(self) -> str:
        return "recording v2"


@pytest.fixture
async def scripted() -> AsyncIterator[tuple[ScriptedAdapter, Listening]]:
    adapter = ScriptedAdapter(name="scripted", fail_on=["boom"])
    async with open_server(adapter, port=0) as listening:
        yield adapter, listening


# -- Healthcheck ------------------------------------------------------------------------------------


BASE = ("add_memory", "retrieve_memory")
MEMORY = (*BASE, "delete_memory", "update_memory")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("adapter", "name", "capabilities"),
    [
        (builtin_adapter("bm25"), "builtin:bm25", ["query_detail", "session", *MEMORY]),
        (ScriptedAdapter(name="plain"), "plain", [*BASE]),
        (ScriptedSnapshotAdapter(name="snap"), "snap", ["snapshot", *BASE]),
        (Recording(), "recording v2", ["query_detail", "session", *BASE]),
    ],
)
async def test_healthcheck_reports_name_readiness_and_capabilities(
    adapter: Any, name: str, capabilities: list[str]
) -> None:
    async with open_server(adapter, port=0) as listening, _channel(listening) as channel:
        health = await pb_grpc.MemoryBenchServiceStub(channel).Healthcheck(pb.HealthcheckRequest())
    assert (health.name, health.ready, list(health.capabilities)) == (name, True, capabilities)


# -- the lifecycle state machine --------------------------------------------------------------------


@pytest.mark.anyio
async def test_calls_outside_a_lifecycle_fail_precondition(
    scripted: tuple[ScriptedAdapter, Listening],
) -> None:
    adapter, listening = scripted
    async with _channel(listening) as channel:
        stub = pb_grpc.MemoryBenchServiceStub(channel)
        for call in (
            stub.IngestDay(_day(1)),
            stub.FinalizeIngestion(pb.FinalizeIngestionRequest()),
            stub.Query(pb.QueryRequest(question="q")),
            stub.Teardown(pb.TeardownRequest()),
        ):
            code, details = await _status(call)
            assert code is grpc.StatusCode.FAILED_PRECONDITION
            assert "call Setup first" in details
    assert adapter.calls == []


@pytest.mark.anyio
async def test_an_overlapping_setup_is_refused_and_cannot_end_the_active_lifecycle(
    scripted: tuple[ScriptedAdapter, Listening],
) -> None:
    adapter, listening = scripted
    async with _channel(listening) as first, _channel(listening) as second:
        a, b = pb_grpc.MemoryBenchServiceStub(first), pb_grpc.MemoryBenchServiceStub(second)
        await a.Setup(pb.SetupRequest())
        code, details = await _status(b.Setup(pb.SetupRequest()))
        assert code is grpc.StatusCode.FAILED_PRECONDITION
        assert "a lifecycle is already active" in details
        assert "Teardown first; recallbench serve runs one lifecycle at a time" in details
        # The refused client tears down, as a reference harness does after a failed setup:
        # refused too, and the first client's lifecycle goes on with its memory intact.
        code, details = await _status(b.Teardown(pb.TeardownRequest()))
        assert code is grpc.StatusCode.PERMISSION_DENIED
        assert "Setup was refused" in details
        await a.IngestDay(_day(1))
        await a.FinalizeIngestion(pb.FinalizeIngestionRequest())
        answer = await a.Query(pb.QueryRequest(question="What happened on 2026-01-01?"))
        assert "C-1" in answer.answer
        await a.Teardown(pb.TeardownRequest())
        # Once it ended, the other client may start one.
        await b.Setup(pb.SetupRequest())
        await b.Teardown(pb.TeardownRequest())
    assert adapter.count("setup") == 2
    assert adapter.count("teardown") == 2


@pytest.mark.anyio
async def test_one_log_line_per_lifecycle(
    scripted: tuple[ScriptedAdapter, Listening], caplog: pytest.LogCaptureFixture
) -> None:
    _, listening = scripted
    caplog.set_level(logging.INFO, logger="recallbench")
    async with _channel(listening) as channel:
        stub = pb_grpc.MemoryBenchServiceStub(channel)
        for days, questions in ((2, 3), (1, 0)):
            await stub.Setup(pb.SetupRequest())
            for n in range(1, days + 1):
                await stub.IngestDay(_day(n))
            await stub.FinalizeIngestion(pb.FinalizeIngestionRequest())
            for _ in range(questions):
                await stub.Query(pb.QueryRequest(question="q"))
            await stub.Teardown(pb.TeardownRequest())
    lines = [r.getMessage() for r in caplog.records if "[serve] lifecycle" in r.getMessage()]
    assert len(lines) == 2
    assert lines[0].startswith("[serve] lifecycle 1: 2 days ingested, 3 queries, ")
    assert lines[1].startswith("[serve] lifecycle 2: 1 days ingested, 0 queries, ")
    assert lines[0].endswith(" s")


# -- errors -----------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_adapter_exceptions_are_internal_with_their_message(
    scripted: tuple[ScriptedAdapter, Listening], caplog: pytest.LogCaptureFixture
) -> None:
    _, listening = scripted
    caplog.set_level(logging.INFO, logger="recallbench")
    async with _channel(listening) as channel:
        stub = pb_grpc.MemoryBenchServiceStub(channel)
        await stub.Setup(pb.SetupRequest())
        code, details = await _status(stub.Query(pb.QueryRequest(question="boom?")))
        assert code is grpc.StatusCode.INTERNAL
        assert details == "RuntimeError: scripted query failure: boom?"
        # One failed question does not end the lifecycle.
        assert (await stub.Query(pb.QueryRequest(question="fine?"))).answer == "I don't know."
        code, details = await _status(stub.IngestDay(_day(0)))
        assert code is grpc.StatusCode.INVALID_ARGUMENT
        assert "day_number" in details
        await stub.Teardown(pb.TeardownRequest())
    assert any(", 2 queries, 1 failed, " in r.getMessage() for r in caplog.records)


@pytest.mark.anyio
async def test_a_failed_setup_still_reaches_teardown(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="recallbench")
    adapter = ScriptedAdapter(fail_setup=True)
    async with open_server(adapter, port=0) as listening, _channel(listening) as channel:
        stub = pb_grpc.MemoryBenchServiceStub(channel)
        code, details = await _status(stub.Setup(pb.SetupRequest()))
        assert (code, details) == (grpc.StatusCode.INTERNAL, "RuntimeError: scripted setup failure")
        # The harness tears down after a failed setup, to release what it half-made.
        await stub.Teardown(pb.TeardownRequest())
        assert adapter.calls == [("setup",), ("teardown",)]
        code, _ = await _status(stub.Setup(pb.SetupRequest()))  # a new lifecycle may start
        assert code is grpc.StatusCode.INTERNAL
    assert any("setup failed: RuntimeError" in r.getMessage() for r in caplog.records)


class BadTeardown(ScriptedAdapter):
    async def teardown(self) -> None:
        await super().teardown()
        raise OSError("disk full")


@pytest.mark.anyio
async def test_a_failed_teardown_still_ends_the_lifecycle(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="recallbench")
    adapter = BadTeardown()
    async with open_server(adapter, port=0) as listening, _channel(listening) as channel:
        stub = pb_grpc.MemoryBenchServiceStub(channel)
        await stub.Setup(pb.SetupRequest())
        code, details = await _status(stub.Teardown(pb.TeardownRequest()))
        assert (code, details) == (grpc.StatusCode.INTERNAL, "OSError: disk full")
        await stub.Setup(pb.SetupRequest())  # not wedged: a new lifecycle may start
    assert adapter.count("setup") == 2
    assert any("teardown failed: OSError: disk full" in r.getMessage() for r in caplog.records)


@pytest.mark.anyio
async def test_a_port_in_use_is_a_config_error() -> None:
    async with open_server(ScriptedAdapter(), port=0) as listening:
        with pytest.raises(ConfigError, match="already in use"):
            async with open_server(ScriptedAdapter(), port=listening.port):
                pass  # pragma: no cover


@pytest.mark.anyio
async def test_a_failing_builder_is_an_adapter_error() -> None:
    def broken() -> Any:
        raise RuntimeError("no GPU")

    with pytest.raises(AdapterError, match="building the adapter failed: RuntimeError: no GPU"):
        async with open_server(broken, port=0):
            pass  # pragma: no cover


# -- Query ------------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_query_passes_the_session_and_returns_retrieval_and_tool_calls() -> None:
    adapter = Recording()
    async with open_server(adapter, port=0) as listening, _channel(listening) as channel:
        stub = pb_grpc.MemoryBenchServiceStub(channel)
        await stub.Setup(pb.SetupRequest())
        await stub.IngestDay(_day(4, isolated=("vault",)))
        plain = await stub.Query(pb.QueryRequest(question="q1"))
        vault = await stub.Query(pb.QueryRequest(question="q2", session="vault"))
        await stub.Teardown(pb.TeardownRequest())
    assert adapter.sessions == ["principal", "vault"]  # empty means principal
    assert adapter.metadata[0].isolated_sessions == ("vault",)
    assert adapter.metadata[0].date == "2026-01-04"
    assert vault.answer == "answer to q2"
    first, second = plain.retrieval
    assert (first.path, first.score, first.snippet, first.day_number) == ("a.md#0", 1.5, "first", 3)
    assert second.path == "b.md#1"
    assert not second.HasField("score")
    assert not second.HasField("day_number")
    (call,) = plain.tool_calls
    assert (call.tool, json.loads(call.args_json), call.result_preview) == (
        "search",
        {"q": "q1"},
        "2 hits",
    )


def _duo(root: Path) -> Path:
    """A 30-day persona with an isolated ``secret`` session: day n's secret session states a vault
    phrase; the same question about day 7 is asked from each session."""
    question = f"What was the vault phrase set on {day_date('2026-01-01', 7)}?"
    pairs = [
        {
            "id": f"duo-{session}-vault",
            "question": question,
            "answer": "VAULT-0007",
            "category": "factual-recall",
            "difficulty": "easy",
            "relevant_days": [7],
            "query_session": session,
        }
        for session in ("principal", "secret")
    ]
    pdir = write_persona(root, "duo", sessions=("principal", "secret"), extra_pairs=pairs)
    persona = load_yaml(pdir / "persona.yaml")
    for session in persona["sessions"]:
        session["isolated"] = session["id"] == "secret"
    (pdir / "persona.yaml").write_text(dump_yaml(persona), encoding="utf-8")
    for n in range(1, 31):
        path = pdir / "memories-30d" / f"day-{n:04d}.md"
        head, _, _ = path.read_text(encoding="utf-8").partition("# session: secret")
        path.write_text(
            head + f"# session: secret\n\n### Vault\nOn {day_date('2026-01-01', n)} the vault "
            f"phrase set for the vault is VAULT-{n:04d}.\n",
            encoding="utf-8",
        )
    return root


def _records(path: Path) -> list[Mapping[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.anyio
async def test_the_wire_loses_nothing_bm25_over_grpc_equals_in_process(tmp_path: Path) -> None:
    data = _duo(tmp_path / "personas")
    config = RunConfig(
        arcs_file="arcs-30d.yaml", ranges="10d,30d", lifecycle="incremental", parallelism=4
    )

    async def records(adapter: Any, name: str) -> list[Mapping[str, Any]]:
        out = RunOutput(questions=tmp_path / f"{name}.jsonl")
        result = await run(adapter, data, judge=ScriptedJudge(), config=config, output=out)
        assert result.adapter_name == "builtin:bm25"
        return _records(tmp_path / f"{name}.jsonl")

    local = await records(lambda: builtin_adapter("bm25"), "local")
    async with open_server(lambda: builtin_adapter("bm25"), port=0) as listening:
        remote = await records(lambda: GrpcAdapter(f"grpc://{listening.address}"), "remote")

    def essence(r: Mapping[str, Any]) -> tuple[Any, ...]:
        return (r["checkpoint"], r["qa"]["id"], r["systemAnswer"], r["score"], r.get("retrieval"))

    # Parallelism 4 logs questions in the order they finish: compare them sorted.
    assert sorted(map(essence, remote), key=str) == sorted(map(essence, local), key=str)
    by_id = {r["qa"]["id"]: r for r in remote}
    assert "VAULT-0007" in by_id["duo-secret-vault"]["systemAnswer"]
    assert "VAULT" not in by_id["duo-principal-vault"]["systemAnswer"]


# -- shutdown ---------------------------------------------------------------------------------------


class Slow(ScriptedAdapter):
    async def query(self, question: str) -> str:
        await anyio.sleep(0.5)
        return "slow answer"


@pytest.mark.anyio
async def test_shutdown_lets_calls_in_flight_finish_then_tears_down(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="recallbench")
    adapter = Slow()
    answers: list[str] = []
    channel: grpc.aio.Channel | None = None
    try:
        async with (
            anyio.create_task_group() as tg,
            open_server(adapter, port=0, grace=5) as listening,
        ):
            channel = _channel(listening)
            stub = pb_grpc.MemoryBenchServiceStub(channel)
            await stub.Setup(pb.SetupRequest())

            async def ask() -> None:
                answers.append((await stub.Query(pb.QueryRequest(question="q"))).answer)

            tg.start_soon(ask)
            await anyio.sleep(0.1)  # the query is now in flight on the server
            # Leaving the block stops the server while the query runs: it refuses new calls,
            # lets that one finish (the task group fails if it was cancelled instead), then
            # tears down the lifecycle its client left active.
    finally:
        if channel is not None:
            await channel.close()
    assert answers == ["slow answer"]
    assert adapter.calls[-1] == ("teardown",)
    assert any("ended by shutdown (no Teardown)" in r.getMessage() for r in caplog.records)
