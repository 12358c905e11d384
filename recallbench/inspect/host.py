"""The memory host: an event loop of its own, in a thread, where a task's memory systems live.

A unit's adapter is held from ``setup`` to ``teardown`` by one task (what setup opens — an MCP
session, a task group — teardown must close in the same task: :mod:`recallbench.adapters.lifespan`),
and that task must outlive every sample that uses it. inspect gives a task no task group of its own
that lasts as long as the task (a sample's background work ends with the sample), so the units run
here instead, in the task group of a blocking portal (:func:`anyio.from_thread.start_blocking_portal`)
started with the first sample that needs one and stopped when the task ends. Every adapter call
crosses over: :meth:`MemoryHost.call` starts the call as a task of the host and waits for it in a
worker thread, so the event loop running the samples is never blocked, and a sample cancelled while
it waits cancels the call.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from typing import Any, TypeVar

import anyio
import anyio.from_thread

__all__ = ["MemoryHost"]

T = TypeVar("T")

HOST_CALLS = 64
"""Calls waited on at once (each waits in a worker thread of its own limiter, not the shared one)."""


class MemoryHost:
    """A thread running an event loop for the memory systems of one task run."""

    def __init__(self, name: str = "recallbench-memory") -> None:
        self._name = name
        self._lock = threading.Lock()
        self._stack: contextlib.ExitStack | None = None
        self._portal: anyio.from_thread.BlockingPortal | None = None
        self._limiter: anyio.CapacityLimiter | None = None

    @property
    def running(self) -> bool:
        return self._portal is not None

    def _started(self) -> anyio.from_thread.BlockingPortal:
        with self._lock:
            if self._portal is None:
                stack = contextlib.ExitStack()
                self._portal = stack.enter_context(
                    anyio.from_thread.start_blocking_portal(name=self._name)
                )
                self._stack = stack
            return self._portal

    def start_soon(self, fn: Callable[..., Awaitable[T]], *args: Any) -> Future[T]:
        """Start ``fn(*args)`` as a task of the host (starting the host first): its future."""
        return self._started().start_task_soon(fn, *args)

    def run_sync(self, fn: Callable[..., T], *args: Any) -> T:
        """Run the plain function ``fn(*args)`` in the host's loop and return what it returns
        (blocks the calling thread for as long as it runs: keep it short)."""
        return self._started().call(fn, *args)

    async def call(self, fn: Callable[..., Awaitable[T]], *args: Any, **kwargs: Any) -> T:
        """Await ``fn(*args, **kwargs)`` in the host from the samples' loop: what it returns, or
        what it raises. Cancelling the caller cancels the call."""
        future = self.start_soon(functools.partial(fn, *args, **kwargs))
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(HOST_CALLS)
        try:
            # abandon_on_cancel: a cancelled caller does not wait for the worker, whose wait ends
            # as soon as the cancelled future does.
            return await anyio.to_thread.run_sync(
                future.result, abandon_on_cancel=True, limiter=self._limiter
            )
        except anyio.get_cancelled_exc_class():
            future.cancel()
            raise

    def stop(self) -> None:
        """Stop the host: cancel what still runs there and join its thread (blocking: call it
        from a worker thread, as :meth:`close` does)."""
        with self._lock:
            stack, portal = self._stack, self._portal
            self._stack = self._portal = None
        if stack is None or portal is None:
            return
        # Cancel what is left (the units have been stopped by then: this is the safety net), then
        # let the portal's context join the thread (its own stop call then finds it stopped).
        with contextlib.suppress(RuntimeError):  # its loop is gone already
            portal.call(portal.stop, True)
        stack.close()

    async def close(self) -> None:
        """:meth:`stop`, from the samples' loop, without blocking it."""
        if self._portal is not None:
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(self.stop)
