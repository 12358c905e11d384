"""The client side of the ``Session`` stream: calls as messages on one open bidirectional stream.

A unary RPC on loopback costs about 0.45 ms in grpc.aio; a message each way on an open stream about
a third of that (``benchmarks/bench_grpc_calls.py``). :class:`SessionStream` sends each call as a
``SessionRequest`` with a call id of its own and matches the ``SessionResponse`` carrying it back,
so calls may be in flight together (the harness's parallelism) and answers may come in any order.

What a unary RPC gets from gRPC is done here per call, to the same effect:

* **a deadline**: the call's timeout travels with it (the server cancels the call past it) and the
  client stops waiting then, with the ``DEADLINE_EXCEEDED`` a unary RPC ends with;
* **cancellation**: a caller cancelled while waiting (a cancel scope, a question's timeout) sends a
  ``cancel`` message, so the server cancels the call, and its own cancellation propagates untouched:
  the wait is on a bare asyncio future, which ``Task.cancel`` hands anyio's message to (the reason
  :func:`._await.await_rpc` exists for unary calls);
* **errors**: a failed call comes back with the status its unary RPC would have had; a stream that
  breaks (the server gone, the connection lost) fails every call in flight with the stream's status,
  and the next call opens a new stream, as the next unary RPC would open a new call.

Writes go through one writer task: gRPC allows one write at a time, and a write interrupted by a
caller's cancellation would cancel the whole stream. The writer and the reader are tasks of the
stream, not of any caller (the stream outlives each call): :meth:`SessionStream.close` ends them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import grpc
import grpc.aio

from ..._proto import memory_bench_service_pb2 as pb
from ..._proto import memory_bench_service_pb2_grpc as pb_grpc
from .errors import GrpcDeadlineExceeded, GrpcError, GrpcNotFound

__all__ = ["NotSent", "SessionStream", "grpc_error"]

log = logging.getLogger("recallbench")

_CODES = {code.value[0]: code.name for code in grpc.StatusCode}
_MAX_TIMEOUT_MS = 2**32 - 1
"""The largest ``timeout_ms`` (a uint32: 49 days)."""
_CLOSE_LIMIT = 2.0
"""Seconds :meth:`SessionStream.close` waits for the server to end the stream."""


class NotSent(Exception):
    """The call was not run on the stream: the server has no ``Session`` RPC (``unsupported``: a
    reference server, which runs nothing sent on it), or the stream ended before the call was sent.
    Sending it another way is safe.

    Attributes:
        unsupported: whether the server has no ``Session`` RPC.
    """

    def __init__(self, unsupported: bool, why: str) -> None:
        super().__init__(why)
        self.unsupported = unsupported


def grpc_error(method: str, code: str, details: str) -> GrpcError:
    """The error of a failed call, the same whether it was a unary RPC or a stream message."""
    if code == "DEADLINE_EXCEEDED":
        return GrpcDeadlineExceeded(method, code, details)
    if code == "NOT_FOUND":
        return GrpcNotFound(method, code, details)
    return GrpcError(method, code, details)


class _Ended:
    """Why the stream ended, for the calls it leaves unanswered."""

    __slots__ = ("code", "details")

    def __init__(self, code: str, details: str) -> None:
        self.code = code
        self.details = details


_DEADLINE = object()
"""What a call's future holds when its timeout passed first."""
_DONE_WRITING = object()


def _expire(future: asyncio.Future[Any]) -> None:
    if not future.done():
        future.set_result(_DEADLINE)


class SessionStream:
    """One open ``Session`` stream; create it inside the running event loop.

    Args:
        stub: the service stub of an open channel.
        metadata: metadata sent when the stream opens (the shared token), or None.
    """

    def __init__(
        self,
        stub: pb_grpc.MemoryBenchServiceAsyncStub,
        metadata: tuple[tuple[str, str], ...] | None,
    ) -> None:
        loop = asyncio.get_running_loop()
        self._loop = loop
        self._call: grpc.aio.StreamStreamCall[pb.SessionRequest, pb.SessionResponse] = stub.Session(
            metadata=metadata
        )
        self._pending: dict[int, asyncio.Future[Any]] = {}
        self._outbox: asyncio.Queue[Any] = asyncio.Queue()
        self._next_id = 0
        self._written = 0
        """The call id of the last call written to the stream (they are written in order)."""
        self._confirmed = False
        self._gate: list[asyncio.Future[None]] = []
        self._deferred_cancels: list[int] = []
        self.ended: _Ended | None = None
        """Why the stream ended (None while it is open): new calls need a new stream."""
        self.unsupported = False
        """Whether it ended because the server has no ``Session`` RPC."""
        self._writer = loop.create_task(self._write_all())
        self._reader = loop.create_task(self._read_all())

    async def call(self, method: str, kind: str, request: Any, timeout: float) -> Any:
        """Send one call and wait for its answer.

        Args:
            method: the unary RPC's name, for errors (``Query``).
            kind: the ``SessionRequest`` field of the call (``query``).
            request: the unary RPC's request message.
            timeout: seconds the call may take (the unary RPC's deadline).

        Returns:
            The unary RPC's response message.

        Raises:
            GrpcError: the call failed, or the stream broke before it was answered.
            GrpcDeadlineExceeded: the timeout passed first (the server is told to cancel it).
            NotSent: the call was not run (the server has no ``Session`` RPC, or the stream ended
                first).
        """
        # Until the server has answered once, one call at a time: a server without the RPC ends
        # the stream at once with UNIMPLEMENTED, and grpc.aio reports a write that races with that
        # end as INTERNAL instead (it would hide the UNIMPLEMENTED and fail the calls written).
        while not self._confirmed and self._pending and self.ended is None:
            waiter: asyncio.Future[None] = self._loop.create_future()
            self._gate.append(waiter)
            try:
                await waiter
            finally:
                if waiter in self._gate:
                    self._gate.remove(waiter)
        if self.ended is not None:
            raise NotSent(self.unsupported, self.ended.details)
        self._next_id += 1
        call_id = self._next_id
        future: asyncio.Future[Any] = self._loop.create_future()
        self._pending[call_id] = future
        self._outbox.put_nowait(
            pb.SessionRequest(
                call_id=call_id,
                timeout_ms=min(max(1, int(timeout * 1000)), _MAX_TIMEOUT_MS),
                **{kind: request},
            )
        )
        timer = self._loop.call_later(timeout, _expire, future)
        try:
            outcome = await future
        finally:
            timer.cancel()
            self._pending.pop(call_id, None)
            given_up = future.cancelled() or not future.done() or future.result() is _DEADLINE
            if given_up and self.ended is None:
                # Given up on (cancelled, or past its deadline): the server cancels it too, as it
                # would a unary RPC its client cancelled (once it is known to have the RPC).
                if self._confirmed:
                    self._cancel(call_id)
                else:
                    self._deferred_cancels.append(call_id)
                    self._open_gate(confirmed=False)
        if type(outcome) is pb.SessionResponse:
            if outcome.WhichOneof("result") == "error":
                error = outcome.error
                raise grpc_error(method, _CODES.get(error.code, str(error.code)), error.details)
            return getattr(outcome, kind)
        if outcome is _DEADLINE:
            raise GrpcDeadlineExceeded(method, "DEADLINE_EXCEEDED", "Deadline Exceeded")
        if self.unsupported or call_id > self._written:
            # Never written (a write that fails is reported as INTERNAL by grpc.aio, hiding the
            # stream's real end): it did not run, so it may go another way.
            raise NotSent(self.unsupported, f"{outcome.details} (code: {outcome.code})")
        raise grpc_error(method, outcome.code, outcome.details)

    async def close(self) -> None:
        """End the stream: say so to the server, wait (briefly) for it to end its side, and stop
        the writer and reader. Safe to call more than once, and on an ended stream."""
        self._outbox.put_nowait(_DONE_WRITING)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._reader), _CLOSE_LIMIT)
        for task in (self._writer, self._reader):
            task.cancel()
        self._call.cancel()
        await asyncio.gather(self._writer, self._reader, return_exceptions=True)

    def _cancel(self, call_id: int) -> None:
        self._outbox.put_nowait(pb.SessionRequest(call_id=call_id, cancel=pb.CancelCall()))

    def _open_gate(self, *, confirmed: bool) -> None:
        """Wake the calls waiting to be sent; ``confirmed``: the server has the RPC, so from now on
        calls go out together (else the next one goes out alone)."""
        if confirmed and not self._confirmed:
            self._confirmed = True
            for call_id in self._deferred_cancels:
                self._cancel(call_id)
            self._deferred_cancels.clear()
        for waiter in self._gate:
            if not waiter.done():
                waiter.set_result(None)
        self._gate.clear()

    # -- the stream's own tasks -----------------------------------------------------------------------

    async def _write_all(self) -> None:
        call, outbox = self._call, self._outbox
        try:
            while True:
                request = await outbox.get()
                if request is _DONE_WRITING:
                    await call.done_writing()
                    return
                await call.write(request)
                if request.call_id > self._written:  # a call, not the cancel of an earlier one
                    self._written = request.call_id
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the stream ended: the reader reports its status
            log.debug("[grpc] Session write stopped: %s: %s", type(exc).__name__, exc)
            # A write failing on a stream still open would leave calls waiting: end it.
            call.cancel()

    async def _read_all(self) -> None:
        call, pending = self._call, self._pending
        ended = _Ended("CANCELLED", "the Session stream was closed")
        try:
            while True:
                response = await call.read()
                if not isinstance(response, pb.SessionResponse):  # EOF: the server ended it
                    code = await call.code()
                    ended = _Ended(
                        "UNAVAILABLE" if code is grpc.StatusCode.OK else code.name,
                        (await call.details())
                        or "the server ended the Session stream before answering",
                    )
                    break
                if not self._confirmed:
                    self._open_gate(confirmed=True)
                future = pending.get(response.call_id)
                if future is not None and not future.done():
                    future.set_result(response)
        except grpc.aio.AioRpcError as exc:
            code = exc.code()
            ended = _Ended(code.name if code is not None else "UNKNOWN", exc.details() or "")
        except Exception as exc:  # grpc's own errors (the call cancelled locally): end the stream
            ended = _Ended("CANCELLED", f"the Session stream failed: {type(exc).__name__}: {exc}")
        finally:
            # Every call still waiting fails with the stream's status: none is lost silently, and
            # none is sent again (it may have run).
            self.ended = ended
            self.unsupported = ended.code == "UNIMPLEMENTED" and not self._confirmed
            self._writer.cancel()  # nothing more can be sent
            self._open_gate(confirmed=False)  # the calls waiting to be sent are told NotSent
            for future in pending.values():
                if not future.done():
                    future.set_result(ended)
