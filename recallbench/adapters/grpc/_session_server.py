"""The server side of the ``Session`` stream: the unary handlers, driven by messages on one stream.

A client opens one bidirectional ``Session`` per lifecycle and sends each call as a
``SessionRequest`` (a call id, a timeout, the unary RPC's request); the answer is a
``SessionResponse`` with the same call id holding the unary RPC's response, or the status the unary
RPC would have ended with. Each call runs in a task of its own, so a client's parallelism works as
over unary RPCs, and every call goes through the very handler its unary RPC has: ownership,
lifecycle accounting and errors are the same (a handler's ``context.abort`` becomes the call's
error instead of the stream's status).

What a unary RPC gets from gRPC is done here per call: a deadline (``timeout_ms``; past it the call
is cancelled and answered ``DEADLINE_EXCEEDED``), cancellation (a ``cancel`` message cancels the
call in flight, as a client cancelling a unary RPC does; a stream that breaks cancels them all), and
``UNKNOWN`` for a handler that raised something unexpected. At shutdown (:meth:`SessionServer.drain`)
the stream stops reading new calls, lets those in flight finish and ends with OK; its client sees
calls it sent meanwhile fail with ``UNAVAILABLE``, as unary calls to a stopping server do.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from typing import Any, NoReturn, cast

import anyio
import grpc
import grpc.aio

from ..._proto import memory_bench_service_pb2 as pb

__all__ = ["Handler", "SessionServer"]

log = logging.getLogger("recallbench")


Handler = Callable[[Any, "grpc.aio.ServicerContext[Any, Any]"], Awaitable[Any]]
"""A unary handler: ``await handler(request, context)`` is the response. On a stream its context
offers what the servicer's handlers use of one: ``peer()`` and ``abort()``."""


class _Aborted(Exception):
    """A handler's ``context.abort`` on a stream: the call's status, not the stream's."""

    def __init__(self, code: grpc.StatusCode, details: str) -> None:
        super().__init__(details)
        self.code = code
        self.details = details


class _StreamCall:
    """The context a handler gets for a call on a stream: the stream's peer, and an abort that
    ends this call only."""

    __slots__ = ("_peer",)

    def __init__(self, peer: str) -> None:
        self._peer = peer

    def peer(self) -> str:
        return self._peer

    async def abort(
        self, code: grpc.StatusCode, details: str = "", trailing_metadata: Any = ()
    ) -> NoReturn:
        raise _Aborted(code, details)


def _error(call_id: int, code: grpc.StatusCode, details: str) -> pb.SessionResponse:
    return pb.SessionResponse(
        call_id=call_id, error=pb.CallStatus(code=code.value[0], details=details)
    )


class SessionServer:
    """One ``Session`` stream being served.

    Each call runs in an asyncio task of its own, cancelled the way grpc cancels a unary handler's
    task (``Task.cancel``): by its client's ``cancel``, by its deadline, or with every other call
    when the stream breaks. (anyio task groups and cancel scopes would do the same at about twice
    the cost a call, and the handlers already expect grpc's own cancellation.)

    Args:
        handlers: the unary handler of each call kind (``setup``, ``ingest_day``,
            ``finalize_ingestion``, ``query``, ``teardown``, ``healthcheck``, ``delete_memory``,
            ``update_memory``: the names of ``SessionRequest``'s ``call`` fields).
        context: the stream's context.
    """

    def __init__(
        self,
        handlers: Mapping[str, Handler],
        context: grpc.aio.ServicerContext[pb.SessionRequest, pb.SessionResponse],
    ) -> None:
        self._handlers = handlers
        self._context = context
        # Only peer() and abort() of a context are used by the handlers (a test runs every
        # handler over a stream).
        self._call_context = cast("grpc.aio.ServicerContext[Any, Any]", _StreamCall(context.peer()))
        self._calls: dict[int, _Call] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._write_lock = asyncio.Lock()
        self._reading: anyio.CancelScope | None = None
        self._draining = False

    def drain(self) -> None:
        """Stop reading new calls (the server is stopping); the calls in flight go on, and the
        stream ends once they are answered."""
        self._draining = True
        if self._reading is not None:
            self._reading.cancel()

    async def run(self) -> None:
        """Serve the stream until the client ends it (then answer what is in flight) or it breaks
        (then cancel what is in flight: nobody is left to answer)."""
        context = self._context
        try:
            with anyio.CancelScope() as self._reading:
                # Cancelling the read (drain) leaves the stream usable: the calls in flight still
                # write their answers, and returning ends the stream with OK.
                while not self._draining:
                    request = await context.read()
                    if not isinstance(request, pb.SessionRequest):  # EOF: the client is done
                        break
                    self._dispatch(request)
            self._reading = None
            while self._tasks:
                await asyncio.wait(set(self._tasks))
        finally:
            # The stream broke (grpc cancelled this handler) or its client is done: no call
            # outlives it.
            for task in self._tasks:
                task.cancel()
            if self._tasks:
                with anyio.CancelScope(shield=True):
                    await asyncio.gather(*self._tasks, return_exceptions=True)

    def _dispatch(self, request: pb.SessionRequest) -> None:
        call_id = request.call_id
        kind = request.WhichOneof("call")
        if kind == "cancel":
            call = self._calls.get(call_id)
            if call is not None:
                call.stop(by_client=True)
            return
        handler = self._handlers.get(kind) if kind is not None else None
        if handler is None or kind is None or call_id in self._calls:
            problem = (
                f"call id {call_id} is already in flight"
                if handler is not None
                else "a SessionRequest without a call"
            )
            self._spawn(self._send(_error(call_id, grpc.StatusCode.INVALID_ARGUMENT, problem)))
            return
        call = _Call()
        self._calls[call_id] = call
        call.task = self._spawn(self._call(call_id, kind, handler, getattr(request, kind), call))
        if request.timeout_ms:
            call.timer = asyncio.get_running_loop().call_later(
                request.timeout_ms / 1000, call.stop, False
            )

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _call(
        self, call_id: int, kind: str, handler: Handler, request: Any, call: _Call
    ) -> None:
        try:
            answer = await handler(request, self._call_context)
            response = pb.SessionResponse(call_id=call_id, **{kind: answer})
        except _Aborted as aborted:
            response = _error(call_id, aborted.code, aborted.details)
        except asyncio.CancelledError:
            if call.stopped is None:  # not ours: the stream is going
                raise
            asyncio.current_task().uncancel()  # type: ignore[union-attr]
            if call.stopped == "client":
                return  # its client waits for nothing more (as for a unary RPC it cancelled)
            response = _error(call_id, grpc.StatusCode.DEADLINE_EXCEEDED, "Deadline Exceeded")
        except Exception as exc:  # a handler's bug: what grpc answers a unary RPC with
            response = _error(call_id, grpc.StatusCode.UNKNOWN, f"Unexpected {type(exc)}: {exc}")
        finally:
            # Answered or not, it can no longer be cancelled: the write below must not be (a
            # write interrupted by a cancellation would cancel the whole stream).
            call.done()
            del self._calls[call_id]
        await self._send(response)

    async def _send(self, response: pb.SessionResponse) -> None:
        async with self._write_lock:  # one write at a time: gRPC allows no more
            try:
                await self._context.write(response)
            except Exception as exc:  # the stream ended meanwhile: nobody to tell
                log.debug("[serve] a Session answer was not sent: %s", exc)


class _Call:
    """A call in flight: its task, its deadline's timer, and who stopped it, if anyone did."""

    __slots__ = ("stopped", "task", "timer")

    def __init__(self) -> None:
        self.task: asyncio.Task[None] | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.stopped: str | None = None

    def stop(self, by_client: bool) -> None:
        if self.stopped is None and self.task is not None:
            self.stopped = "client" if by_client else "deadline"
            self.task.cancel()

    def done(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.task = None  # a cancel arriving now finds nothing to stop
