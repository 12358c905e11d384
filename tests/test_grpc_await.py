"""``await_rpc`` against a real grpc.aio server on a loopback port: anyio's cancel scopes see their
own cancellation, the RPC is cancelled on the server, and a call cancelled by someone else is an RPC
error, never a bare ``CancelledError`` (grpc issue #43502)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import anyio
import grpc
import pytest

from recallbench._proto import memory_bench_service_pb2 as pb
from recallbench._proto import memory_bench_service_pb2_grpc as pb_grpc
from recallbench.adapters.grpc._await import await_rpc


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


pytestmark = pytest.mark.usefixtures("one_grpc_event_loop")


class Slow(pb_grpc.MemoryBenchServiceServicer):
    """Answers "now" at once and hangs on anything else until cancelled (which it records)."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.cancelled = asyncio.Event()

    async def Query(self, request: pb.QueryRequest, context: Any) -> pb.QueryResponse:
        if request.question == "now":
            return pb.QueryResponse(answer="at once")
        self.started.set()
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            # The client cancelled the call: grpc cancels the handler (a plain asyncio task).
            self.cancelled.set()
            raise
        return pb.QueryResponse(answer="too late")


@contextlib.asynccontextmanager
async def channel_to(servicer: Slow) -> AsyncIterator[tuple[grpc.aio.Channel, Any]]:
    server = grpc.aio.server()
    pb_grpc.add_MemoryBenchServiceServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            yield channel, pb_grpc.MemoryBenchServiceStub(channel)
    finally:
        await server.stop(None)


@pytest.mark.anyio
async def test_answers_and_answers_a_call_already_done() -> None:
    async with channel_to(Slow()) as (_, stub):
        assert (await await_rpc(stub.Query(pb.QueryRequest(question="now")))).answer == "at once"
        call = stub.Query(pb.QueryRequest(question="now"))
        await call  # done before await_rpc sees it: nothing to wait for
        assert (await await_rpc(call)).answer == "at once"


@pytest.mark.anyio
async def test_a_cancel_scope_catches_its_own_cancellation_and_the_server_sees_it() -> None:
    servicer = Slow()
    async with channel_to(servicer) as (_, stub):
        with anyio.move_on_after(0.2) as scope:
            await await_rpc(stub.Query(pb.QueryRequest(question="hang")))
        assert scope.cancelled_caught
        with anyio.fail_after(5):
            await servicer.cancelled.wait()
        # The channel still serves the next call.
        assert (await await_rpc(stub.Query(pb.QueryRequest(question="now")))).answer == "at once"


@pytest.mark.anyio
async def test_a_scope_cancelled_before_the_wait_is_caught_too() -> None:
    async with channel_to(Slow()) as (_, stub):
        with anyio.CancelScope() as scope:
            scope.cancel()
            await await_rpc(stub.Query(pb.QueryRequest(question="hang")))
        assert scope.cancelled_caught


@pytest.mark.anyio
async def test_a_call_cancelled_by_closing_its_channel_is_an_rpc_error() -> None:
    servicer = Slow()
    async with channel_to(servicer) as (channel, stub):
        call = stub.Query(pb.QueryRequest(question="hang"))

        async def close_once_started() -> None:
            await servicer.started.wait()
            await channel.close()

        async with anyio.create_task_group() as tg:
            tg.start_soon(close_once_started)
            with pytest.raises(grpc.aio.AioRpcError) as caught:
                with anyio.fail_after(5):
                    await await_rpc(call)
        assert caught.value.code() is grpc.StatusCode.CANCELLED
