"""DeleteMemory and UpdateMemory over gRPC (issue 23): real grpc.aio servers on loopback ports, no
patching. ``recallbench serve`` offers them for an adapter that has them and lists them in its
Healthcheck; the client adapter sends them — on the Session stream or as unary RPCs — only to a
server that lists them; a reference server lists nothing, so the capability is missing and no call
is made."""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import grpc
import grpc.aio
import pytest
from _grpc_reference import SERVICE, reference_messages

from recallbench._proto import memory_bench_service_pb2 as pb
from recallbench._proto import memory_bench_service_pb2_grpc as pb_grpc
from recallbench._retry import RetryPolicy
from recallbench.adapters import builtin_adapter
from recallbench.adapters.capabilities import (
    MEMORY_CAPABILITIES,
    adapter_capabilities,
    missing_capabilities,
)
from recallbench.adapters.grpc import GrpcAdapter, GrpcError, GrpcNotFound
from recallbench.adapters.grpc.server import open_server
from recallbench.adapters.grpc.servicer import MemoryBenchServicer
from recallbench.data.corpus import DayMetadata
from recallbench.testing import ScriptedAdapter

FAST = RetryPolicy(attempts=3, initial_delay=0.01, max_delay=0.05)
DAYS = {
    1: "The family car is a red Volvo estate parked in the garage.",
    2: "The family dog is named Biscuit and chews slippers.",
    3: "Dinner on Friday was pasta with the neighbours downtown.",
}


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


pytestmark = pytest.mark.usefixtures("one_grpc_event_loop")


def _meta(day: int) -> DayMetadata:
    return DayMetadata(day_number=day, date=f"2026-01-{day:02d}", persona_id="p")


def _log(text: str) -> str:
    return f"# session: principal\n\n### Note\n{text}\n"


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
    add: Callable[[grpc.aio.Server], None], counting: Counting
) -> AsyncIterator[tuple[str, str]]:
    """A grpc.aio server on a free loopback port: its ``grpc://`` URL and its address."""
    server = grpc.aio.server(interceptors=[counting])
    add(server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        yield f"grpc://127.0.0.1:{port}", f"127.0.0.1:{port}"
    finally:
        await server.stop(None)


def _ours(adapter: Any) -> Callable[[grpc.aio.Server], None]:
    def add(server: grpc.aio.Server) -> None:
        pb_grpc.add_MemoryBenchServiceServicer_to_server(MemoryBenchServicer(adapter), server)

    return add


async def _ingested(url: str, *, stream: bool) -> GrpcAdapter:
    client = GrpcAdapter(url, retry=FAST, stream=stream)
    await client.setup()
    for day, text in DAYS.items():
        await client.ingest_day(day, _log(text), _meta(day))
    await client.finalize_ingestion()
    return client


@pytest.mark.anyio
@pytest.mark.parametrize("stream", [True, False], ids=["stream", "unary"])
async def test_delete_and_update_through_serve(stream: bool) -> None:
    counting = Counting()
    async with serving(_ours(builtin_adapter("bm25", {"threshold": 0})), counting) as (url, _):
        client = await _ingested(url, stream=stream)
        assert set(MEMORY_CAPABILITIES) <= client.capabilities
        assert missing_capabilities(client, MEMORY_CAPABILITIES) == ()
        assert "Biscuit" in await client.query("What is the family dog named?")

        await client.delete_memory("day-0002")
        detail = await client.query_detail("What is the family dog named?")
        assert "Biscuit" not in detail.answer and 2 not in [r.day for r in detail.retrieval]

        await client.update_memory("day-0001", _log("The family car is now a blue Tesla."))
        answer = await client.query("What is the family car?")
        assert "Tesla" in answer and "Volvo" not in answer

        with pytest.raises(GrpcNotFound) as missing:
            await client.delete_memory("day-0002")
        assert isinstance(missing.value, KeyError)
        assert (missing.value.method, missing.value.code) == ("DeleteMemory", "NOT_FOUND")
        assert str(missing.value) == (
            'gRPC DeleteMemory failed: no memory "day-0002": day 2 is not held (code: NOT_FOUND)'
        )
        with pytest.raises(GrpcError) as unreadable:
            await client.update_memory("the car", "")
        assert unreadable.value.code == "INVALID_ARGUMENT"
        await client.teardown()
    # On the stream the two calls are messages of the Session RPC, never unary RPCs.
    edits = counting.rpcs["DeleteMemory"] + counting.rpcs["UpdateMemory"]
    assert (edits, counting.rpcs["Session"] > 0) == ((0, True) if stream else (4, False))


@pytest.mark.anyio
async def test_an_adapter_without_them_lacks_them_and_no_call_is_made() -> None:
    counting = Counting()
    async with serving(_ours(ScriptedAdapter(name="plain")), counting) as (url, _):
        client = GrpcAdapter(url, retry=FAST)
        await client.setup()
        assert client.capabilities == {"add_memory", "retrieve_memory"}
        assert missing_capabilities(client, ["delete_memory", "update_memory"]) == (
            "delete_memory",
            "update_memory",
        )
        with pytest.raises(GrpcError, match="does not offer delete_memory") as refused:
            await client.delete_memory("day-0001")
        assert refused.value.code == "UNIMPLEMENTED"
        with pytest.raises(GrpcError, match="does not offer update_memory"):
            await client.update_memory("day-0001", "new")
        await client.teardown()
    assert set(counting.rpcs) == {"Healthcheck", "Setup", "Teardown"}


@pytest.mark.anyio
async def test_a_reference_server_declares_none_and_is_never_sent_one() -> None:
    msgs = reference_messages()

    def unary(name: str, answer: Callable[[Any], Any]) -> grpc.RpcMethodHandler:
        async def handle(request: Any, context: Any) -> Any:
            return answer(request)

        return grpc.unary_unary_rpc_method_handler(
            handle,
            request_deserializer=msgs[f"{name}Request"].FromString,
            response_serializer=lambda m: m.SerializeToString(),
        )

    handlers = {
        "Healthcheck": unary(
            "Healthcheck", lambda r: msgs["HealthcheckResponse"](name="Reference", ready=True)
        ),
        "Setup": unary("Setup", lambda r: msgs["SetupResponse"]()),
        "IngestDay": unary("IngestDay", lambda r: msgs["IngestDayResponse"]()),
        "Teardown": unary("Teardown", lambda r: msgs["TeardownResponse"]()),
    }

    def add(server: grpc.aio.Server) -> None:
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, handlers),))

    counting = Counting()
    async with serving(add, counting) as (url, _):
        client = GrpcAdapter(url, retry=FAST)
        await client.setup()
        await client.ingest_day(1, _log(DAYS[1]), _meta(1))  # opens a Session: UNIMPLEMENTED
        assert client.capabilities == frozenset()
        assert adapter_capabilities(client) == {"add_memory", "retrieve_memory"}
        for call in (client.delete_memory("day-0001"), client.update_memory("day-0001", "x")):
            with pytest.raises(GrpcError) as refused:
                await call
            assert refused.value.code == "UNIMPLEMENTED"
        await client.teardown()
    assert "DeleteMemory" not in counting.rpcs and "UpdateMemory" not in counting.rpcs


@pytest.mark.anyio
async def test_the_raw_rpcs_as_a_client_in_another_language_sees_them() -> None:
    async with (
        open_server(builtin_adapter("bm25", {"threshold": 0}), port=0) as listening,
        grpc.aio.insecure_channel(
            listening.address, options=[("grpc.use_local_subchannel_pool", 1)]
        ) as channel,
    ):
        stub = pb_grpc.MemoryBenchServiceStub(channel)
        health = await stub.Healthcheck(pb.HealthcheckRequest())
        assert list(health.capabilities) == [
            "query_detail",
            "session",
            "add_memory",
            "retrieve_memory",
            "delete_memory",
            "update_memory",
        ]
        token = (await stub.Setup(pb.SetupRequest())).lifecycle_token
        for day, text in DAYS.items():
            await stub.IngestDay(
                pb.IngestDayRequest(
                    day_number=day,
                    content=_log(text),
                    metadata=pb.DayMetadata(day_number=day, date=f"2026-01-0{day}"),
                    lifecycle_token=token,
                )
            )

        async def status(call: Awaitable[Any]) -> grpc.StatusCode:
            with pytest.raises(grpc.aio.AioRpcError) as info:
                await call
            return info.value.code()

        wrong = pb.DeleteMemoryRequest(memory_id="day-0002", lifecycle_token="not-the-token")
        assert await status(stub.DeleteMemory(wrong)) == grpc.StatusCode.PERMISSION_DENIED
        empty = pb.DeleteMemoryRequest(memory_id="", lifecycle_token=token)
        assert await status(stub.DeleteMemory(empty)) == grpc.StatusCode.INVALID_ARGUMENT
        await stub.DeleteMemory(pb.DeleteMemoryRequest(memory_id="2", lifecycle_token=token))
        # On a raw Session stream: the call kinds of the same names.
        session = stub.Session()
        await session.write(
            pb.SessionRequest(
                call_id=1,
                update_memory=pb.UpdateMemoryRequest(
                    memory_id="day-0001",
                    content=_log("The family car is now a blue Tesla."),
                    lifecycle_token=token,
                ),
            )
        )
        await session.write(
            pb.SessionRequest(
                call_id=2,
                delete_memory=pb.DeleteMemoryRequest(memory_id="day-0002", lifecycle_token=token),
            )
        )
        answers = {r.call_id: r for r in [await session.read(), await session.read()]}
        # Asked once both are answered: calls on a stream run concurrently.
        await session.write(
            pb.SessionRequest(
                call_id=3,
                query=pb.QueryRequest(question="What is the family car?", lifecycle_token=token),
            )
        )
        await session.done_writing()
        last = await session.read()
        answers[last.call_id] = last
        assert await session.read() is grpc.aio.EOF
        assert answers[1].WhichOneof("result") == "update_memory"
        assert answers[2].WhichOneof("result") == "error"
        assert answers[2].error.code == grpc.StatusCode.NOT_FOUND.value[0]
        assert "Tesla" in answers[3].query.answer
        await stub.Teardown(pb.TeardownRequest(lifecycle_token=token))

    async with (
        open_server(ScriptedAdapter(name="plain"), port=0) as listening,
        grpc.aio.insecure_channel(listening.address) as channel,
    ):
        stub = pb_grpc.MemoryBenchServiceStub(channel)
        plain = pb.UpdateMemoryRequest(memory_id="day-0001", content="x")
        assert await status(stub.UpdateMemory(plain)) == grpc.StatusCode.UNIMPLEMENTED
