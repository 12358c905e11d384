"""The Session stream (ours, beside the reference's unary RPCs): every call of a lifecycle as a message
on one bidirectional stream. Real grpc.aio servers on loopback ports, no patching: the stream and the
unary RPCs give the same run, a server without the method gets unary calls, and errors, deadlines,
cancellation, parallelism, a broken stream, the shared token and shutdown behave as over unary RPCs.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import anyio.abc
import grpc
import grpc.aio
import pytest

from recallbench import RunConfig, run
from recallbench._proto import memory_bench_service_pb2 as pb
from recallbench._proto import memory_bench_service_pb2_grpc as pb_grpc
from recallbench._retry import RetryPolicy
from recallbench.adapters.grpc import GrpcAdapter, GrpcDeadlineExceeded, GrpcError
from recallbench.adapters.grpc.security import ServerSecurity
from recallbench.adapters.grpc.server import open_server
from recallbench.adapters.grpc.servicer import MemoryBenchServicer
from recallbench.data.corpus import DayMetadata
from recallbench.results.records import BenchmarkResult
from recallbench.testing import ScriptedAdapter, ScriptedJudge

FAST = RetryPolicy(attempts=3, initial_delay=0.01, max_delay=0.05)
UNARY = ("Setup", "IngestDay", "FinalizeIngestion", "Query", "Teardown", "Healthcheck")


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


pytestmark = pytest.mark.usefixtures("one_grpc_event_loop")


class Counting(grpc.aio.ServerInterceptor):
    """Counts the RPCs a server is sent, by method name (a Session stream counts once)."""

    def __init__(self) -> None:
        self.rpcs: Counter[str] = Counter()

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[Any]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> Any:
        self.rpcs[handler_call_details.method.rsplit("/", 1)[-1]] += 1
        return await continuation(handler_call_details)


@contextlib.asynccontextmanager
async def serving(
    servicer: Any, *, unary_only: bool = False, counting: Counting | None = None
) -> AsyncIterator[str]:
    """A grpc.aio server on a free loopback port; ``unary_only``: the six unary RPCs registered and
    nothing else, as a server built from the reference's .proto."""
    server = grpc.aio.server(interceptors=[counting] if counting is not None else None)
    if unary_only:
        full = grpc.method_handlers_generic_handler  # what add_..._to_server builds, minus Session
        handlers = {
            name: grpc.unary_unary_rpc_method_handler(
                getattr(servicer, name),
                request_deserializer=getattr(pb, f"{name}Request").FromString,
                response_serializer=getattr(pb, f"{name}Response").SerializeToString,
            )
            for name in UNARY
        }
        server.add_generic_rpc_handlers((full("recall.bench.MemoryBenchService", handlers),))
    else:
        pb_grpc.add_MemoryBenchServiceServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        yield f"grpc://127.0.0.1:{port}"
    finally:
        await server.stop(None)


def meta(day: int) -> DayMetadata:
    return DayMetadata(day_number=day, date=f"2026-01-{day:02d}", persona_id="p")


async def bench(
    url: str,
    data: Path,
    *,
    stream: bool,
    adapters: list[GrpcAdapter] | None = None,
    **config: Any,
) -> BenchmarkResult:
    """The harness over the tiny persona at 10 and 20 days; ``adapters`` collects those built."""
    settings: dict[str, Any] = {"arcs_file": "arcs-30d.yaml", "ranges": "10d,20d"}
    settings.update(config)
    built = adapters if adapters is not None else []

    def build() -> GrpcAdapter:
        built.append(GrpcAdapter(url, retry=FAST, stream=stream))
        return built[-1]

    return await run(
        build,
        data,
        judge=ScriptedJudge(),
        config=RunConfig(**settings),
    )


def answers(result: BenchmarkResult) -> list[tuple[str, int, str, str | None]]:
    (persona,) = result.personas
    assert persona.error is None, persona.error
    return [
        (q.qa.id, checkpoint.days_ingested, q.system_answer, q.error.type if q.error else None)
        for checkpoint in persona.range_results
        for q in checkpoint.question_results
    ]


# -- the same run either way ----------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize("lifecycle", ["incremental", "fresh"])
async def test_the_stream_gives_the_run_the_unary_rpcs_give(
    tiny_data: Path, lifecycle: str
) -> None:
    servicer = MemoryBenchServicer(ScriptedAdapter(name="scripted", fail_on=["2026-01-05"]))
    counting = Counting()
    async with serving(servicer, counting=counting) as url:
        over_stream = await bench(url, tiny_data, stream=True, lifecycle=lifecycle)
        streamed = +counting.rpcs
        counting.rpcs.clear()
        over_unary = await bench(url, tiny_data, stream=False, lifecycle=lifecycle)
    assert answers(over_stream) == answers(over_unary)
    # Answers from memory, and the one question the adapter fails on recorded as failed.
    errors = Counter(error for *_, error in answers(over_stream))
    assert errors[None] > 0 and errors["GrpcError"] > 0
    lifecycles = 1 if lifecycle == "incremental" else 2
    # Over the stream: Healthcheck and Setup unary (retried while UNAVAILABLE), the rest on one
    # Session per lifecycle.
    assert streamed == {"Healthcheck": lifecycles, "Setup": lifecycles, "Session": lifecycles}
    assert counting.rpcs["Session"] == 0 and counting.rpcs["Query"] == len(answers(over_unary))


@pytest.mark.anyio
async def test_a_server_without_the_method_gets_unary_calls(tiny_data: Path) -> None:
    # A bare grpc.aio server registering only the reference's six unary RPCs.
    servicer = MemoryBenchServicer(ScriptedAdapter(name="scripted"))
    counting = Counting()
    adapters: list[GrpcAdapter] = []
    async with serving(servicer, unary_only=True, counting=counting) as url:
        fallen_back = await bench(url, tiny_data, stream=True, adapters=adapters)
        unary = await bench(url, tiny_data, stream=False)
    assert answers(fallen_back) == answers(unary)
    assert all(error is None for *_, error in answers(fallen_back))
    assert adapters and not any(adapter.stream for adapter in adapters)  # it stopped asking
    # Asked once by each adapter (UNIMPLEMENTED), then never again.
    assert counting.rpcs["Session"] == len(adapters)
    assert counting.rpcs["Query"] == 2 * len(answers(unary))


@pytest.mark.anyio
async def test_the_generated_base_servicer_without_session_falls_back_too() -> None:
    # A servicer subclassing the generated base without Session: UNIMPLEMENTED from the base.
    class Reference(pb_grpc.MemoryBenchServiceServicer):
        async def Setup(self, request: Any, context: Any) -> Any:
            return pb.SetupResponse()

        async def IngestDay(self, request: Any, context: Any) -> Any:
            return pb.IngestDayResponse()

        async def Query(self, request: Any, context: Any) -> Any:
            return pb.QueryResponse(answer=f"re: {request.question}")

        async def Teardown(self, request: Any, context: Any) -> Any:
            return pb.TeardownResponse()

    async with serving(Reference()) as url:
        adapter = GrpcAdapter(url, retry=FAST)
        await adapter.setup()
        await adapter.ingest_day(1, "day one", meta(1))
        results = [await adapter.query(f"q{i}") for i in range(3)]
        await adapter.teardown()
    assert results == ["re: q0", "re: q1", "re: q2"]
    assert adapter.stream is False


# -- errors, deadlines, cancellation --------------------------------------------------------------


async def _failures(url: str, stream: bool) -> list[tuple[str, str, str]]:
    """The (method, code, details) of the failures a client meets, over the stream or unary."""
    seen = []
    adapter = GrpcAdapter(url, retry=FAST, stream=stream)
    with pytest.raises(GrpcError) as info:  # before Setup: no lifecycle
        await adapter.ingest_day(1, "x", meta(1))
    seen.append(info.value)
    with pytest.raises(GrpcError) as info:
        await adapter.teardown()
    seen.append(info.value)
    await adapter.setup()
    await adapter.ingest_day(1, "x", meta(1))
    with pytest.raises(GrpcError) as info:  # the adapter raises: INTERNAL with its message
        await adapter.query("boom now")
    seen.append(info.value)
    real, adapter._lifecycle_token = adapter._lifecycle_token, "not-the-token"
    with pytest.raises(GrpcError) as info:  # someone else's lifecycle: PERMISSION_DENIED
        await adapter.query("anything")
    seen.append(info.value)
    adapter._lifecycle_token = real
    assert await adapter.query("still fine?") == "I don't know."  # the stream outlives errors
    await adapter.teardown()
    # Lifecycle numbers aside (the second client's is the server's next).
    return [(e.method, e.code, re.sub(r"lifecycle \d+", "lifecycle N", e.details)) for e in seen]


@pytest.mark.anyio
async def test_errors_are_those_of_the_unary_rpcs() -> None:
    async with open_server(ScriptedAdapter(name="s", fail_on=["boom"]), port=0) as listening:
        url = f"grpc://{listening.address}"
        streamed = await _failures(url, stream=True)
        unary = await _failures(url, stream=False)
    assert streamed == unary
    assert [code for _, code, _ in streamed] == [
        "FAILED_PRECONDITION",
        "FAILED_PRECONDITION",
        "INTERNAL",
        "PERMISSION_DENIED",
    ]
    assert "RuntimeError" in streamed[2][2]


class Hanging(ScriptedAdapter):
    """Hangs on questions containing "hang"; records that the server cancelled it."""

    def __init__(self) -> None:
        super().__init__(name="hanging")
        self.cancelled = anyio.Event()

    async def query(self, question: str) -> str:
        if "hang" in question:
            try:
                await anyio.sleep(30)
            except BaseException:
                self.cancelled.set()
                raise
        return await super().query(question)


@pytest.mark.anyio
async def test_a_deadline_fails_that_call_and_cancels_it_on_the_server() -> None:
    hanging = Hanging()
    async with open_server(hanging, port=0) as listening:
        adapter = GrpcAdapter(f"grpc://{listening.address}", retry=FAST, timeout=0.3)
        await adapter.setup()
        await adapter.ingest_day(1, "x", meta(1))
        started = time.perf_counter()
        with pytest.raises(GrpcDeadlineExceeded) as info:
            await adapter.query("please hang")
        assert 0.25 < time.perf_counter() - started < 2
        assert (info.value.method, info.value.code) == ("Query", "DEADLINE_EXCEEDED")
        with anyio.fail_after(3):
            await hanging.cancelled.wait()
        assert await adapter.query("and now?") == "I don't know."  # the same stream goes on
        assert adapter._session is not None and adapter._session.ended is None
        await adapter.teardown()


@pytest.mark.anyio
async def test_cancelling_a_call_is_clean_and_cancels_it_on_the_server() -> None:
    hanging = Hanging()
    async with open_server(hanging, port=0) as listening:
        adapter = GrpcAdapter(f"grpc://{listening.address}", retry=FAST)
        await adapter.setup()
        await adapter.ingest_day(1, "x", meta(1))
        with anyio.move_on_after(0.2) as scope:
            await adapter.query("hang on")
        assert scope.cancelled_caught  # the scope caught its own cancellation
        with anyio.fail_after(3):
            await hanging.cancelled.wait()
        with anyio.move_on_after(0.2) as scope:  # a task group of hanging calls, cancelled
            async with anyio.create_task_group() as tg:
                for _ in range(3):
                    tg.start_soon(adapter.query, "hang again")
        assert scope.cancelled_caught
        assert await adapter.query("after?") == "I don't know."
        await adapter.teardown()


class Stoppable:
    """``open_server`` in a task of its own, so that a test can stop the server while its client
    has calls in flight."""

    def __init__(self, adapter: Any, **kw: Any) -> None:
        self.adapter, self.kw = adapter, kw
        self.url = ""
        self._up, self._stop, self.down = anyio.Event(), anyio.Event(), anyio.Event()

    async def serve(self) -> None:
        async with open_server(self.adapter, port=0, **self.kw) as listening:
            self.url = f"grpc://{listening.address}"
            self._up.set()
            await self._stop.wait()
        self.down.set()

    async def start(self, tg: anyio.abc.TaskGroup) -> str:
        tg.start_soon(self.serve)
        await self._up.wait()
        return self.url

    async def stop(self) -> None:
        self._stop.set()
        await self.down.wait()


async def _failing_query(adapter: GrpcAdapter, question: str, failed: list[GrpcError]) -> None:
    with pytest.raises(GrpcError) as info:
        await adapter.query(question)
    failed.append(info.value)


@pytest.mark.anyio
async def test_a_stream_that_breaks_fails_its_calls_as_the_unary_rpcs_do() -> None:
    codes: dict[bool, tuple[str, str]] = {}
    for stream in (True, False):
        server = Stoppable(Hanging(), grace=0)
        async with anyio.create_task_group() as tg:
            url = await server.start(tg)
            adapter = GrpcAdapter(url, retry=FAST, stream=stream)
            await adapter.setup()
            await adapter.ingest_day(1, "x", meta(1))
            failed: list[GrpcError] = []
            async with anyio.create_task_group() as calls:
                calls.start_soon(_failing_query, adapter, "hang until the server goes", failed)
                await anyio.sleep(0.2)
                await server.stop()  # the server stops: its calls are cancelled
            (in_flight,) = failed
            with pytest.raises(GrpcError) as after:  # and the next call meets no server
                await adapter.query("anyone?")
            codes[stream] = (in_flight.code, after.value.code)
            with contextlib.suppress(GrpcError):
                await adapter.teardown()
    assert codes[True] == codes[False]
    assert codes[True][1] == "UNAVAILABLE"


# -- parallelism ----------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_calls_in_flight_together_are_matched_by_call_id(tiny_data: Path) -> None:
    slow = ScriptedAdapter(name="slow", delay=0.2)
    async with open_server(slow, port=0) as listening:
        url = f"grpc://{listening.address}"
        adapter = GrpcAdapter(url, retry=FAST)
        await adapter.setup()
        for day in (1, 2, 3):
            await adapter.ingest_day(day, f"On 2026-01-0{day} the code was C-{day}.", meta(day))
        await adapter.finalize_ingestion()
        got: dict[int, str] = {}

        async def ask(day: int) -> None:
            got[day] = await adapter.query(f"What was the code on 2026-01-0{day}?")

        started = time.perf_counter()
        async with anyio.create_task_group() as tg:
            for day in (3, 1, 2, 3, 1):
                tg.start_soon(ask, day)
        elapsed = time.perf_counter() - started
        await adapter.teardown()
        assert elapsed < 0.8  # together (0.2 s each), not one after another (1 s)
        assert all(f"C-{day}" in answer for day, answer in got.items())
    # The harness's parallelism over the stream: the same answers as one at a time.
    async with open_server(ScriptedAdapter(name="quick", delay=0.01), port=0) as listening:
        url = f"grpc://{listening.address}"
        parallel = await bench(url, tiny_data, stream=True, parallelism=4)
        sequential = await bench(url, tiny_data, stream=False)
    assert answers(parallel) == answers(sequential)


# -- the server's side: every handler, the token, shutdown ---------------------------------------


def _session(channel: grpc.aio.Channel, **kw: Any) -> Any:
    return pb_grpc.MemoryBenchServiceStub(channel).Session(**kw)


@pytest.mark.anyio
async def test_every_call_of_a_lifecycle_on_one_raw_stream() -> None:
    # As a client in another language would: the stream alone, Setup and Healthcheck included.
    async with (
        open_server(ScriptedAdapter(name="raw"), port=0) as listening,
        grpc.aio.insecure_channel(listening.address) as channel,
    ):
        call = _session(channel)
        requests: list[dict[str, Any]] = [
            {"healthcheck": pb.HealthcheckRequest()},
            {"setup": pb.SetupRequest()},
        ]
        responses = []
        for i, request in enumerate(requests, start=1):
            await call.write(pb.SessionRequest(call_id=i, **request))
            responses.append(await call.read())
        token = responses[1].setup.lifecycle_token
        day = pb.DayMetadata(day_number=1, date="2026-01-01", persona_id="p")
        more: list[dict[str, Any]] = [
            {"ingest_day": pb.IngestDayRequest(day_number=1, content="x", metadata=day)},
            {"finalize_ingestion": pb.FinalizeIngestionRequest(lifecycle_token=token)},
            {"query": pb.QueryRequest(question="q?", lifecycle_token=token)},
            {},  # no call at all
            {"teardown": pb.TeardownRequest(lifecycle_token=token)},
        ]
        for i, request in enumerate(more, start=3):
            await call.write(pb.SessionRequest(call_id=i, timeout_ms=5000, **request))
            responses.append(await call.read())
        await call.done_writing()
        assert await call.code() == grpc.StatusCode.OK
    kinds = [(r.call_id, r.WhichOneof("result")) for r in responses]
    assert kinds == [
        (1, "healthcheck"),
        (2, "setup"),
        (3, "ingest_day"),  # the token-less reference way: bound to this connection
        (4, "finalize_ingestion"),
        (5, "query"),
        (6, "error"),
        (7, "teardown"),
    ]
    assert responses[0].healthcheck.name == "raw"
    assert responses[5].error.code == grpc.StatusCode.INVALID_ARGUMENT.value[0]


@pytest.mark.anyio
async def test_the_shared_token_guards_the_stream(tmp_path: Path) -> None:
    security = ServerSecurity(token="s3cret-token")
    async with open_server(ScriptedAdapter(name="t"), port=0, security=security) as listening:
        async with grpc.aio.insecure_channel(listening.address) as channel:
            # No token: refused as a stream, with no message written (a refusal read as a unary
            # call would wait for one). A message written meanwhile could race the refusal: the
            # server resets the stream it closed, which the client may read as INTERNAL.
            call = _session(channel)
            with anyio.fail_after(30):
                assert await call.code() == grpc.StatusCode.UNAUTHENTICATED
        adapter = GrpcAdapter(f"grpc://{listening.address}", retry=FAST, token="s3cret-token")
        await adapter.setup()
        await adapter.ingest_day(1, "x", meta(1))
        assert await adapter.query("q?") == "I don't know."
        assert adapter._session is not None and adapter._session.ended is None
        await adapter.teardown()


@pytest.mark.anyio
async def test_shutdown_does_not_wait_out_the_grace_for_an_idle_stream() -> None:
    server = Stoppable(ScriptedAdapter(name="g"), grace=5)
    async with anyio.create_task_group() as tg:
        adapter = GrpcAdapter(await server.start(tg), retry=FAST)
        await adapter.setup()
        await adapter.ingest_day(1, "x", meta(1))  # the stream is open, no call in flight
        started = time.perf_counter()
        await server.stop()
        assert time.perf_counter() - started < 2
    with pytest.raises(GrpcError) as info:  # the server has gone: as a unary call would say
        await adapter.query("still there?")
    assert info.value.code == "UNAVAILABLE"
    with contextlib.suppress(GrpcError):
        await adapter.teardown()
