"""What one gRPC round trip costs here: a unary call against a message on an open bidirectional
stream (grpc.aio both sides, raw bytes, loopback; issue 21).

    python benchmarks/bench_grpc_calls.py

The 180-day run over gRPC makes 1,268 unary calls; this says what the same exchanges would cost as
messages on one stream, the route to the issue's 0.5x (docs/performance.md, Scale).
"""

import asyncio
import time
from collections.abc import AsyncIterator

import grpc


async def unary(req: bytes, ctx: object) -> bytes:
    return req


async def bidi(it: AsyncIterator[bytes], ctx: object) -> AsyncIterator[bytes]:
    async for req in it:
        yield req


async def main() -> None:
    server = grpc.aio.server()
    handlers = {
        "U": grpc.unary_unary_rpc_method_handler(unary),
        "S": grpc.stream_stream_rpc_method_handler(bidi),
    }
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("t.T", handlers),))
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    ch = grpc.aio.insecure_channel(f"127.0.0.1:{port}")
    u = ch.unary_unary("/t.T/U")
    s = ch.stream_stream("/t.T/S")
    N = 2000
    for _ in range(100):
        await u(b"x" * 200, timeout=10)
    t = time.perf_counter()
    for _ in range(N):
        await u(b"x" * 200, timeout=10)
    tu = (time.perf_counter() - t) / N
    call = s()
    t = time.perf_counter()
    for _ in range(N):
        await call.write(b"x" * 200)
        await call.read()
    ts = (time.perf_counter() - t) / N
    await call.done_writing()
    print(f"unary {tu * 1e6:.0f} us/call, stream {ts * 1e6:.0f} us/message round trip")
    await ch.close()
    await server.stop(None)


if __name__ == "__main__":
    asyncio.run(main())
