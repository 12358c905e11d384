"""The gRPC client adapter against real grpc.aio servers on loopback ports, driven by the real
harness over a tiny persona (reference §7 and our extensions)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import shutil
import subprocess
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import anyio
import grpc
import pytest
from _grpc_reference import reference_messages

from recallbench import run
from recallbench._proto import memory_bench_service_pb2 as pb
from recallbench._proto import memory_bench_service_pb2_grpc as pb_grpc
from recallbench._retry import RetryPolicy
from recallbench.adapters.base import QueryDetail, RetrievalEntry, ToolCall
from recallbench.adapters.grpc import GrpcAdapter, GrpcDeadlineExceeded, GrpcError
from recallbench.cli import main
from recallbench.data.corpus import DayMetadata
from recallbench.errors import AdapterError, AdapterTimeout, ConfigError
from recallbench.harness.config import RunConfig
from recallbench.harness.loading import adapter_factory
from recallbench.results.records import BenchmarkResult
from recallbench.testing import ScriptedJudge, day_code

FAST = RetryPolicy(attempts=3, initial_delay=0.01, max_delay=0.05)
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


pytestmark = pytest.mark.usefixtures("one_grpc_event_loop")


# -- a scripted server --------------------------------------------------------------------------------


class Memory(pb_grpc.MemoryBenchServiceServicer):
    """A memory server with scripted behaviour that records what it was sent.

    Answers a write_persona question from the day whose date it names (what it ingested, nothing
    else).
    """

    def __init__(
        self,
        *,
        name: str = "",
        capabilities: Sequence[str] = (),
        health_code: grpc.StatusCode | None = None,
        setup_unavailable: int = 0,
        teardown_code: grpc.StatusCode | None = None,
        query_unavailable: bool = False,
        fill_detail: bool = False,
        hang_on: str | None = None,
        hang_seconds: float = 30.0,
        lifecycle_token: str = "",
        setup_code: grpc.StatusCode | None = None,
    ) -> None:
        self.name = name
        self.capabilities = list(capabilities)
        self.health_code = health_code
        self.setup_unavailable = setup_unavailable
        self.teardown_code = teardown_code
        self.query_unavailable = query_unavailable
        self.fill_detail = fill_detail
        self.hang_on = hang_on
        self.hang_seconds = hang_seconds
        self.lifecycle_token = lifecycle_token
        self.setup_code = setup_code
        self.tokens: list[tuple[str, str]] = []
        self.calls: list[str] = []
        self.days: dict[str, int] = {}
        self.metadata: list[pb.DayMetadata] = []
        self.sessions: list[str] = []
        self.handler_cancelled = asyncio.Event()

    def count(self, method: str) -> int:
        return self.calls.count(method)

    async def Healthcheck(self, request: Any, context: Any) -> pb.HealthcheckResponse:
        self.calls.append("Healthcheck")
        if self.health_code is not None:
            await context.abort(self.health_code, "no health here")
        return pb.HealthcheckResponse(name=self.name, ready=True, capabilities=self.capabilities)

    async def Setup(self, request: Any, context: Any) -> pb.SetupResponse:
        self.calls.append("Setup")
        if self.setup_unavailable > 0:
            self.setup_unavailable -= 1
            await context.abort(grpc.StatusCode.UNAVAILABLE, "warming up")
        if self.setup_code is not None:
            await context.abort(self.setup_code, "not now")
        self.days.clear()
        return pb.SetupResponse(lifecycle_token=self.lifecycle_token)

    async def IngestDay(self, request: Any, context: Any) -> pb.IngestDayResponse:
        self.calls.append("IngestDay")
        self.tokens.append(("IngestDay", request.lifecycle_token))
        self.days[request.metadata.date] = request.day_number
        self.metadata.append(request.metadata)
        return pb.IngestDayResponse()

    async def FinalizeIngestion(self, request: Any, context: Any) -> pb.FinalizeIngestionResponse:
        self.calls.append("FinalizeIngestion")
        self.tokens.append(("FinalizeIngestion", request.lifecycle_token))
        return pb.FinalizeIngestionResponse()

    async def Query(self, request: Any, context: Any) -> pb.QueryResponse:
        self.calls.append("Query")
        self.tokens.append(("Query", request.lifecycle_token))
        self.sessions.append(request.session)
        if self.query_unavailable:
            await context.abort(grpc.StatusCode.UNAVAILABLE, "flaky")
        if self.hang_on is not None and self.hang_on in request.question:
            try:
                await asyncio.sleep(self.hang_seconds)
            except asyncio.CancelledError:
                # The client cancelled the call (or its deadline passed): grpc cancels the handler.
                self.handler_cancelled.set()
                raise
        m = _DATE.search(request.question)
        day = self.days.get(m.group(0)) if m else None
        if day is None:
            return pb.QueryResponse(answer="I don't know.")
        response = pb.QueryResponse(answer=f"The code was {day_code(day)}.")
        if self.fill_detail:
            response.retrieval.add(
                path=f"day-{day:04d}.md", score=0.9, snippet="code", day_number=day
            )
            response.retrieval.add(path="notes/misc.md")  # no score, snippet or day
            response.tool_calls.add(
                tool="search", args_json='{"query": "access code", "k": 2}', result_preview="2 hits"
            )
            response.tool_calls.add(tool="think", args_json="not json")
        return response

    async def Teardown(self, request: Any, context: Any) -> pb.TeardownResponse:
        self.calls.append("Teardown")
        self.tokens.append(("Teardown", request.lifecycle_token))
        if self.teardown_code is not None:
            await context.abort(self.teardown_code, "could not release")
        return pb.TeardownResponse()


@contextlib.asynccontextmanager
async def serving(
    servicer: Any = None,
    *,
    port: int = 0,
    add: Callable[[grpc.aio.Server], None] | None = None,
    credentials: grpc.ServerCredentials | None = None,
) -> AsyncIterator[str]:
    """A grpc.aio server on 127.0.0.1 (a free port unless one is given); yields its grpc:// URL."""
    server = grpc.aio.server()
    if add is not None:
        add(server)
    else:
        pb_grpc.add_MemoryBenchServiceServicer_to_server(servicer, server)
    address = f"127.0.0.1:{port}"
    if credentials is not None:
        bound = server.add_secure_port(address, credentials)
    else:
        bound = server.add_insecure_port(address)
    await server.start()
    try:
        yield f"grpc{'s' if credentials is not None else ''}://127.0.0.1:{bound}"
    finally:
        await server.stop(None)


def config(**overrides: Any) -> RunConfig:
    settings: dict[str, Any] = {
        "arcs_file": "arcs-30d.yaml",
        "ranges": "10d",
        "question_timeout": 5.0,
    }
    settings.update(overrides)
    return RunConfig(**settings)


async def bench(url: str, data: Path, **adapter_kwargs: Any) -> BenchmarkResult:
    """The harness over the tiny persona with a fresh GrpcAdapter per unit."""
    adapter_kwargs.setdefault("retry", FAST)
    cfg = adapter_kwargs.pop("config", None) or config()
    return await run(
        lambda: GrpcAdapter(url, **adapter_kwargs), data, judge=ScriptedJudge(), config=cfg
    )


def only_checkpoint(result: BenchmarkResult) -> Any:
    (persona,) = result.personas
    assert persona.error is None, persona.error
    (checkpoint,) = persona.range_results
    return checkpoint


# -- the lifecycle through the harness ------------------------------------------------------------------


@pytest.mark.anyio
async def test_run_through_the_harness_adopts_the_servers_name(tiny_data: Path) -> None:
    server = Memory(name="Server Memory", capabilities=["session"])
    async with serving(server) as url:
        result = await bench(url, tiny_data)

    assert result.adapter_name == "Server Memory"
    checkpoint = only_checkpoint(result)
    factual = [q for q in checkpoint.question_results if q.qa.category == "factual-recall"]
    assert len(factual) == 10
    assert all(
        q.error is None and day_code(q.qa.relevant_days[0]) in q.system_answer for q in factual
    )
    # Healthcheck first, once (the harness's healthcheck() counts as the adapter's), then the rest.
    assert server.calls[:3] == ["Healthcheck", "Setup", "IngestDay"]
    assert server.count("Healthcheck") == 1 and server.count("Setup") == 1
    assert server.count("IngestDay") == 10 and server.count("FinalizeIngestion") == 1
    assert server.calls[-1] == "Teardown"
    assert [m.day_number for m in server.metadata] == list(range(1, 11))
    assert {m.persona_id for m in server.metadata} == {"tiny"}
    assert server.metadata[0].date == "2026-01-01"
    # The harness passes the query session; the tiny persona asks everything as the principal.
    assert set(server.sessions) == {"principal"}


@pytest.mark.anyio
async def test_a_named_adapter_keeps_its_name(tiny_data: Path) -> None:
    async with serving(Memory(name="Server Memory")) as url:
        result = await bench(url, tiny_data, name="my memory")
    assert result.adapter_name == "my memory"


@pytest.mark.anyio
@pytest.mark.parametrize("code", [grpc.StatusCode.UNIMPLEMENTED, grpc.StatusCode.INTERNAL])
async def test_a_failing_healthcheck_is_ignored(tiny_data: Path, code: grpc.StatusCode) -> None:
    server = Memory(name="unused", health_code=code)
    async with serving(server) as url:
        result = await bench(url, tiny_data)
    only_checkpoint(result)
    assert result.adapter_name == url  # the default name: grpc://127.0.0.1:<port>
    assert server.count("Healthcheck") == 1  # not retried: only UNAVAILABLE is


@pytest.mark.anyio
async def test_setup_unavailable_is_retried_until_it_succeeds(tiny_data: Path) -> None:
    server = Memory(setup_unavailable=2)
    async with serving(server) as url:
        result = await bench(url, tiny_data)
    only_checkpoint(result)
    assert server.count("Setup") == 3


@pytest.mark.anyio
async def test_setup_always_unavailable_stops_the_persona(tiny_data: Path) -> None:
    server = Memory(setup_unavailable=1000)
    async with serving(server) as url:
        result = await bench(url, tiny_data)
    (persona,) = result.personas
    assert persona.error is not None
    assert re.search(r"gRPC Setup failed: warming up \(code: UNAVAILABLE\)", persona.error)
    assert server.count("Setup") == FAST.attempts
    assert server.count("Query") == 0
    assert server.count("Teardown") == 1  # the harness tears a half-set-up system down


@pytest.mark.anyio
async def test_retrieval_from_the_server_gives_retrieval_metrics(tiny_data: Path) -> None:
    server = Memory(fill_detail=True, capabilities=["query_detail"])
    async with serving(server) as url:
        result = await bench(url, tiny_data)
    checkpoint = only_checkpoint(result)
    factual = [q for q in checkpoint.question_results if q.qa.category == "factual-recall"]
    assert all(q.retrieval_metrics is not None for q in factual)
    # The relevant day is retrieved first: perfect ranking.
    assert all(q.retrieval_metrics.mrr == 1.0 for q in factual if q.retrieval_metrics)
    assert result.retrieval is not None
    assert result.retrieval.question_count == 10
    assert result.retrieval.overall.recall_at_5 == 1.0


@pytest.mark.anyio
async def test_deadline_exceeded_fails_that_question_only(tiny_data: Path) -> None:
    server = Memory(hang_on="2026-01-03", hang_seconds=5.0)
    async with serving(server) as url:
        result = await bench(url, tiny_data, timeout=0.3)
    checkpoint = only_checkpoint(result)
    failed = [q for q in checkpoint.question_results if q.error is not None]
    assert [q.qa.id for q in failed] == ["tiny-q003"]
    (q,) = failed
    assert q.error.stage == "query"
    assert q.error.type == "AdapterTimeout"  # a GrpcDeadlineExceeded is an AdapterTimeout
    assert "gRPC Query failed" in q.error.message and "(code: DEADLINE_EXCEEDED)" in q.error.message
    assert len(checkpoint.question_results) == 10  # the run went on
    with anyio.fail_after(3):
        await server.handler_cancelled.wait()


@pytest.mark.anyio
async def test_question_timeout_cancels_the_call_on_the_server(tiny_data: Path) -> None:
    # The harness's own per-question cancel scope, shorter than the gRPC deadline.
    server = Memory(hang_on="2026-01-04")
    async with serving(server) as url:
        result = await bench(url, tiny_data, config=config(question_timeout=0.3))
        with anyio.fail_after(3):
            await server.handler_cancelled.wait()
    checkpoint = only_checkpoint(result)
    failed = [q for q in checkpoint.question_results if q.error is not None]
    assert [(q.qa.id, q.error.type) for q in failed] == [("tiny-q004", "AdapterTimeout")]


# -- the adapter on its own -------------------------------------------------------------------------------


def metadata(day: int, **kw: Any) -> DayMetadata:
    return DayMetadata(day_number=day, date=f"2026-01-{day:02d}", persona_id="p", **kw)


@pytest.mark.anyio
async def test_cancelling_a_hanging_query_is_clean() -> None:
    server = Memory(hang_on="hang")
    async with serving(server) as url:
        adapter = GrpcAdapter(url, retry=FAST)
        await adapter.setup()
        with anyio.move_on_after(0.2) as scope:
            await adapter.query("please hang")
        # The cancel scope caught its own cancellation: no bare CancelledError escaped it.
        assert scope.cancelled_caught
        with anyio.fail_after(3):
            await server.handler_cancelled.wait()
        # The channel is still good for the next question.
        await adapter.ingest_day(1, "day one", metadata(1))
        assert await adapter.query("What happened on 2026-01-01?") == f"The code was {day_code(1)}."
        await adapter.teardown()


@pytest.mark.anyio
async def test_cancelling_a_task_group_with_hanging_queries() -> None:
    server = Memory(hang_on="hang")
    async with serving(server) as url:
        adapter = GrpcAdapter(url, retry=FAST)
        await adapter.setup()
        with anyio.move_on_after(0.3) as scope:
            async with anyio.create_task_group() as tg:
                for _ in range(3):
                    tg.start_soon(adapter.query, "hang on")
        assert scope.cancelled_caught
        await adapter.teardown()
    assert server.count("Query") == 3


@pytest.mark.anyio
async def test_query_detail_maps_the_new_fields() -> None:
    async with serving(Memory(fill_detail=True, capabilities=["query_detail", "session"])) as url:
        adapter = GrpcAdapter(url, retry=FAST)
        await adapter.setup()
        assert adapter.capabilities == {"query_detail", "session"}
        await adapter.ingest_day(2, "day two", metadata(2))
        detail = await adapter.query_detail("What happened on 2026-01-02?")
        await adapter.teardown()
    assert detail == QueryDetail(
        answer=f"The code was {day_code(2)}.",
        retrieval=(
            RetrievalEntry(path="day-0002.md", score=0.9, snippet="code", day=2),
            RetrievalEntry(path="notes/misc.md", score=None, snippet=None, day=None),
        ),
        tool_calls=(
            ToolCall(tool="search", args={"query": "access code", "k": 2}, result_preview="2 hits"),
            ToolCall(tool="think", args={"raw": "not json"}, result_preview=None),
        ),
    )


@pytest.mark.anyio
async def test_session_and_isolated_sessions_reach_the_server() -> None:
    server = Memory()
    async with serving(server) as url:
        adapter = GrpcAdapter(url, retry=FAST)
        await adapter.setup()
        await adapter.ingest_day(
            1, "day one", metadata(1, active_arcs=("a1",), isolated_sessions=("legal", "hr"))
        )
        await adapter.query("q1", session="legal")
        await adapter.query("q2")
        await adapter.teardown()
    (meta,) = server.metadata
    assert list(meta.active_arcs) == ["a1"]
    assert list(meta.isolated_sessions) == ["legal", "hr"]
    assert server.sessions == ["legal", ""]


@pytest.mark.anyio
async def test_query_is_not_retried_and_errors_carry_method_code_details() -> None:
    server = Memory(query_unavailable=True)
    async with serving(server) as url:
        adapter = GrpcAdapter(url, retry=FAST)
        await adapter.setup()
        with pytest.raises(GrpcError) as err:
            await adapter.query("anything")
        await adapter.teardown()
    assert server.count("Query") == 1
    assert isinstance(err.value, AdapterError) and not isinstance(err.value, AdapterTimeout)
    assert (err.value.method, err.value.code, err.value.details) == (
        "Query",
        "UNAVAILABLE",
        "flaky",
    )
    assert str(err.value) == "gRPC Query failed: flaky (code: UNAVAILABLE)"


@pytest.mark.anyio
async def test_deadline_error_is_an_adapter_timeout() -> None:
    async with serving(Memory(hang_on="hang", hang_seconds=2)) as url:
        adapter = GrpcAdapter(url, timeout=0.1, retry=FAST)
        await adapter.setup()
        with pytest.raises(GrpcDeadlineExceeded) as err:
            await adapter.query("hang")
        await adapter.teardown()
    assert isinstance(err.value, TimeoutError) and isinstance(err.value, AdapterTimeout)
    assert err.value.code == "DEADLINE_EXCEEDED"


@pytest.mark.anyio
async def test_teardown_closes_the_channel_even_when_the_rpc_fails() -> None:
    server = Memory(teardown_code=grpc.StatusCode.INTERNAL)
    async with serving(server) as url:
        adapter = GrpcAdapter(url, retry=FAST)
        await adapter.setup()
        channel = adapter._channel  # white-box: the channel teardown must close
        assert channel is not None
        with pytest.raises(
            GrpcError, match=r"gRPC Teardown failed: could not release \(code: INTERNAL\)"
        ):
            await adapter.teardown()
        stub = pb_grpc.MemoryBenchServiceStub(channel)
        with pytest.raises(grpc.aio.UsageError, match="closed"):
            await stub.Healthcheck(pb.HealthcheckRequest())
        # Set up again: a fresh channel, and a fresh Healthcheck first.
        server.teardown_code = None
        await adapter.setup()
        assert adapter._channel is not None and adapter._channel is not channel
        await adapter.teardown()
    assert server.count("Healthcheck") == 2 and server.count("Teardown") == 2


@pytest.mark.anyio
async def test_teardown_without_setup_does_nothing() -> None:
    await GrpcAdapter("grpc://127.0.0.1:9").teardown()


@pytest.mark.anyio
async def test_a_server_starting_late_is_waited_for() -> None:
    async with serving(Memory()) as url:  # take a free port, then free it
        port = int(url.rsplit(":", 1)[1])
    server = Memory(name="late")
    adapter = GrpcAdapter(url, retry=RetryPolicy(attempts=10, initial_delay=0.05, max_delay=0.2))

    async def start_later() -> None:
        await anyio.sleep(0.4)
        async with serving(server, port=port):
            await stop.wait()

    stop = anyio.Event()
    async with anyio.create_task_group() as tg:
        tg.start_soon(start_later)
        with anyio.fail_after(5):
            await adapter.setup()
        await adapter.teardown()
        stop.set()
    assert adapter.name == "late"
    assert server.calls == ["Healthcheck", "Setup", "Teardown"]


@pytest.mark.anyio
async def test_no_server_at_all_fails_setup_with_unavailable() -> None:
    async with serving(Memory()) as url:
        pass  # the port is free again
    adapter = GrpcAdapter(url, retry=FAST)
    with pytest.raises(GrpcError, match=r"^gRPC Setup failed: .*\(code: UNAVAILABLE\)$"):
        await adapter.setup()
    # Teardown still sends its RPC (which fails the same way) and closes the channel.
    with pytest.raises(GrpcError, match=r"^gRPC Teardown failed: .*\(code: UNAVAILABLE\)$"):
        await adapter.teardown()
    assert adapter._channel is None


# -- the lifecycle token --------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_the_lifecycle_token_from_setup_goes_back_with_every_call(tiny_data: Path) -> None:
    server = Memory(lifecycle_token="tok-123")
    async with serving(server) as url:
        checkpoint = only_checkpoint(await bench(url, tiny_data))
    assert sum(q.error is None for q in checkpoint.question_results) == 10
    methods = {method for method, _ in server.tokens}
    assert methods == {"IngestDay", "FinalizeIngestion", "Query", "Teardown"}
    assert {token for _, token in server.tokens} == {"tok-123"}


@pytest.mark.anyio
@pytest.mark.parametrize(
    "code",
    [
        grpc.StatusCode.FAILED_PRECONDITION,
        grpc.StatusCode.PERMISSION_DENIED,
        grpc.StatusCode.UNAUTHENTICATED,
    ],
)
async def test_after_a_refused_setup_nothing_is_torn_down(code: grpc.StatusCode) -> None:
    server = Memory(setup_code=code)
    async with serving(server) as url:
        adapter = GrpcAdapter(url, retry=FAST)
        with pytest.raises(GrpcError, match=code.name):
            await adapter.setup()
        await adapter.teardown()  # only closes the channel: the server started nothing
    assert server.calls == ["Healthcheck", "Setup"]
    assert adapter._channel is None


# -- a reference server: only §7's fields ------------------------------------------------------------------


@pytest.mark.anyio
async def test_a_reference_server_works_unchanged(tiny_data: Path) -> None:
    msgs = reference_messages()
    seen: list[str] = []
    days: dict[str, int] = {}

    def unary(name: str, behaviour: Callable[[Any], Any]) -> grpc.RpcMethodHandler[Any, Any]:
        async def handle(request: Any, context: Any) -> Any:
            seen.append(name)
            return behaviour(request)

        return grpc.unary_unary_rpc_method_handler(
            handle,
            request_deserializer=msgs[f"{name}Request"].FromString,
            response_serializer=lambda m: m.SerializeToString(),
        )

    def ingest(request: Any) -> Any:
        days[request.metadata.date] = request.day_number
        return msgs["IngestDayResponse"]()

    def query(request: Any) -> Any:
        m = _DATE.search(request.question)
        day = days.get(m.group(0)) if m else None
        return msgs["QueryResponse"](answer=day_code(day) if day else "I don't know.")

    handlers = {
        "Healthcheck": unary(
            "Healthcheck",
            lambda r: msgs["HealthcheckResponse"](name="Reference Memory", ready=True),
        ),
        "Setup": unary("Setup", lambda r: msgs["SetupResponse"]()),
        "IngestDay": unary("IngestDay", ingest),
        "FinalizeIngestion": unary(
            "FinalizeIngestion", lambda r: msgs["FinalizeIngestionResponse"]()
        ),
        "Query": unary("Query", query),
        "Teardown": unary("Teardown", lambda r: msgs["TeardownResponse"]()),
    }

    def add(server: grpc.aio.Server) -> None:
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler("recall.bench.MemoryBenchService", handlers),)
        )

    async with serving(add=add) as url:
        adapter = GrpcAdapter(url, retry=FAST)
        await adapter.setup()
        assert adapter.name == "Reference Memory" and adapter.capabilities == frozenset()
        await adapter.ingest_day(1, "day one", metadata(1, isolated_sessions=("legal",)))
        assert await adapter.query_detail("2026-01-01?", session="legal") == QueryDetail(
            answer=day_code(1)
        )
        await adapter.teardown()
        result = await bench(url, tiny_data)
    checkpoint = only_checkpoint(result)
    assert result.adapter_name == "Reference Memory"
    assert sum(q.error is None for q in checkpoint.question_results) == 10
    assert result.retrieval is None  # the reference returns no retrieval


# -- TLS ------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (and its key), made with the openssl CLI."""
    if shutil.which("openssl") is None:
        pytest.skip("the openssl command is not available")
    d = tmp_path_factory.mktemp("tls")
    cert, key = d / "cert.pem", d / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-keyout", str(key), "-out", str(cert), "-subj", "/CN=localhost"),
            *("-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


@pytest.mark.anyio
async def test_grpcs_with_a_ca_file(certificate: tuple[Path, Path]) -> None:
    cert, key = certificate
    credentials = grpc.ssl_server_credentials([(key.read_bytes(), cert.read_bytes())])
    async with serving(Memory(name="tls memory"), credentials=credentials) as url:
        assert url.startswith("grpcs://")
        adapter = GrpcAdapter(url, ca_file=cert, retry=FAST)
        await adapter.setup()
        assert adapter.name == "tls memory"
        await adapter.teardown()
        # Without the CA the server's certificate is not trusted: Setup fails.
        untrusting = GrpcAdapter(url, retry=RetryPolicy(attempts=1))
        with pytest.raises(GrpcError, match=r"gRPC Setup failed.*\(code: UNAVAILABLE\)"):
            await untrusting.setup()
        with contextlib.suppress(GrpcError):
            await untrusting.teardown()


# -- construction and loading ----------------------------------------------------------------------------


def test_construction_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="Invalid gRPC URL"):
        GrpcAdapter("http://x")
    with pytest.raises(ConfigError, match="positive"):
        GrpcAdapter("grpc://x", timeout=0)
    with pytest.raises(ConfigError, match="use grpcs://"):
        GrpcAdapter("grpc://x", ca_file=tmp_path / "ca.pem")
    with pytest.raises(ConfigError, match="cannot read the gRPC CA file"):
        GrpcAdapter("grpcs://x", ca_file=tmp_path / "missing.pem")
    adapter = GrpcAdapter("grpcs://[::1]")
    assert adapter.name == "grpcs://[::1]:50052" and adapter.timeout == 120.0


def test_adapter_factory_reads_name_and_ca_file_from_the_config(tmp_path: Path) -> None:
    (tmp_path / "ca.pem").write_bytes(b"not really a certificate")
    build = adapter_factory(
        "grpcs://memory.example", {"name": "Mine", "caFile": "ca.pem"}, base_dir=tmp_path
    )
    adapter = build()
    assert isinstance(adapter, GrpcAdapter)
    assert adapter.name == "Mine" and adapter.timeout == 120.0
    assert adapter.target.address == "memory.example:50052"
    with pytest.raises(ConfigError, match="cannot read the gRPC CA file"):
        adapter_factory("grpcs://memory.example", {"ca_file": "missing.pem"}, base_dir=tmp_path)
    with pytest.raises(ConfigError, match="Invalid port in gRPC URL"):
        adapter_factory("grpc://memory.example:http")
    with pytest.raises(ConfigError, match="takes no factory"):
        adapter_factory("grpc://memory.example", factory="createAdapter")


# -- the command line -----------------------------------------------------------------------------------


class SyncMemory(pb_grpc.MemoryBenchServiceServicer):
    """A thread-pool (sync grpc) server, so the CLI can run its own event loop beside it."""

    def __init__(self) -> None:
        self.days: dict[str, int] = {}
        self.release = threading.Event()

    def Healthcheck(self, request: Any, context: Any) -> pb.HealthcheckResponse:
        return pb.HealthcheckResponse(name="Sync Memory", ready=True)

    def Setup(self, request: Any, context: Any) -> pb.SetupResponse:
        return pb.SetupResponse()

    def IngestDay(self, request: Any, context: Any) -> pb.IngestDayResponse:
        self.days[request.metadata.date] = request.day_number
        return pb.IngestDayResponse()

    def FinalizeIngestion(self, request: Any, context: Any) -> pb.FinalizeIngestionResponse:
        return pb.FinalizeIngestionResponse()

    def Query(self, request: Any, context: Any) -> pb.QueryResponse:
        if "2026-01-05" in request.question:
            self.release.wait(10)  # outlives --grpc-timeout
        m = _DATE.search(request.question)
        day = self.days.get(m.group(0)) if m else None
        return pb.QueryResponse(answer=day_code(day) if day else "I don't know.")

    def Teardown(self, request: Any, context: Any) -> pb.TeardownResponse:
        return pb.TeardownResponse()


def test_cli_run_against_a_grpc_server(tiny_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    servicer = SyncMemory()
    server = grpc.server(ThreadPoolExecutor(max_workers=4))
    pb_grpc.add_MemoryBenchServiceServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        code = main(
            [
                *("run", "--adapter", f"grpc://127.0.0.1:{port}", "--data", str(tiny_data)),
                *("--arcs", "arcs-30d.yaml", "--ranges", "10d", "--grpc-timeout", "300"),
                *("--judge", "rubric", "--no-judge-cache", "--no-heatmap-png", "--json"),
            ]
        )
    finally:
        servicer.release.set()
        server.stop(None)
    out, err = capsys.readouterr()
    assert code == 0, err
    result = json.loads(out)
    assert result["adapterName"] == "Sync Memory"
    assert out.count("DEADLINE_EXCEEDED") >= 1  # day 5's question, after 0.3 s not 120 s
