"""Awaiting a grpc.aio unary call safely inside anyio cancel scopes.

A plain ``await stub.Query(request)`` inside ``anyio.fail_after`` / ``move_on_after`` lets a bare
``CancelledError`` escape the scope (grpc issue #43502): when the scope cancels the task, the
call's ``__await__`` catches the ``CancelledError``, cancels the RPC and raises a *new*
``CancelledError`` without the cancel message anyio uses to recognise its own cancellation, so anyio
lets it propagate past the scope as if someone else had cancelled the task. :func:`await_rpc` never
suspends inside the call's ``__await__``: it waits on a future of its own that the call's done
callback resolves, so the cancellation lands on that wait (``Task.cancel`` passes anyio's message to
the future the task waits on), and only then reads the finished call, which returns (or raises)
without suspending.

It runs once per RPC, thousands of times a run, so it waits on a bare asyncio future rather than an
``anyio.Event`` (which, on the asyncio backend grpc.aio needs anyway, is an ``asyncio.Event``
around the same kind of future, created through anyio's backend lookup), and does not wait at all
for a call that is already done.
"""

from __future__ import annotations

import asyncio
from typing import Any, TypeVar

import grpc

__all__ = ["await_rpc"]

_R = TypeVar("_R")


def _wake(waiter: asyncio.Future[None]) -> None:
    # A waiter cancelled meanwhile (our task was cancelled) must not be resolved: set_result on a
    # cancelled future raises InvalidStateError inside grpc's callback loop.
    if not waiter.done():
        waiter.set_result(None)


async def await_rpc(call: grpc.aio.UnaryUnaryCall[Any, _R]) -> _R:
    """The response of a unary call, waited for in a way anyio's cancel scopes understand.

    When the waiting task is cancelled (a cancel scope, a task group failing), the RPC is cancelled
    too — the server sees its context cancelled — and the task's own cancellation propagates, so
    the enclosing scope catches it as usual.

    Args:
        call: a call just started, e.g. ``stub.Query(request, timeout=10)``.

    Returns:
        The response message.

    Raises:
        grpc.aio.AioRpcError: the RPC ended with a non-OK status, including ``CANCELLED`` when the
            call was cancelled by someone else (for instance its channel was closed meanwhile).
    """
    if not call.done():
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        # grpc.aio runs done callbacks on the event loop's thread, so resolving the future there
        # is safe.
        call.add_done_callback(lambda _call: _wake(waiter))
        try:
            await waiter
        finally:
            # Leaving before the call is done means we are being cancelled (or interrupted):
            # cancel the RPC so the server stops working on it, and let our cancellation propagate
            # untouched. Never `await call` here: that is exactly the await that loses anyio's
            # cancel message.
            if not call.done():
                call.cancel()
    try:
        # The call is done, so this await returns or raises at once without suspending: no
        # cancellation of ours can be delivered here.
        return await call
    except asyncio.CancelledError:
        # Not our task's cancellation (we did not suspend): the call itself was cancelled locally,
        # e.g. by closing the channel. Report it as the RPC error it is rather than leak a bare
        # CancelledError that would look like the task being cancelled.
        raise grpc.aio.AioRpcError(
            grpc.StatusCode.CANCELLED,
            grpc.aio.Metadata(),
            grpc.aio.Metadata(),
            details="the call was cancelled locally (its channel was closed?)",
        ) from None
