"""The memory host: where a task's units live, between samples that each last less than them.

A unit's adapter is held from ``setup`` to ``teardown`` by one task (what setup opens — an MCP
session, a task group — teardown must close in the same task: :mod:`recallbench.adapters.lifespan`),
and that task must outlive every sample that uses the adapter. inspect gives a running task no task
group that lasts as long as it does (a sample's background work ends with the sample), so each unit
runs as a task of the event loop's own — an asyncio task, or a trio system task — that belongs to no
sample: :class:`MemoryHost` starts them, keeps them, and at the end (:meth:`MemoryHost.close`)
waits for every one, whose teardown is shielded and bounded by the harness's teardown timeout.

The units run in the samples' event loop, so a sample calls its adapter directly, as the harness's
question workers do: no thread and no hand-over between loops on the way to a memory system. Each
runs in an empty context (no sample's context variables leak into it), and what one raises is
kept on its unit (:class:`~.units.UnitWork` catches everything but cancellation).
"""

from __future__ import annotations

import contextvars
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import sniffio

__all__ = ["MemoryHost"]


class MemoryHost:
    """Starts and keeps the tasks of one task run's units."""

    def __init__(self) -> None:
        self._running: set[Any] = set()
        self._done: list[anyio.Event] = []

    @property
    def running(self) -> bool:
        """Whether a task it started may still run."""
        return any(not event.is_set() for event in self._done)

    def start_soon(self, fn: Callable[[], Awaitable[None]]) -> None:
        """Start ``fn()`` as a task no sample owns, in the running event loop."""
        done = anyio.Event()
        self._done.append(done)

        async def hosted() -> None:
            try:
                await fn()
            finally:
                done.set()

        context = contextvars.Context()
        library = sniffio.current_async_library()
        if library == "asyncio":
            import asyncio

            task = asyncio.get_running_loop().create_task(hosted(), context=context)
            self._running.add(task)  # a task is only weakly held by its loop
            task.add_done_callback(self._running.discard)
        elif library == "trio":
            import trio

            trio.lowlevel.spawn_system_task(hosted, context=context)
        else:  # pragma: no cover - anyio runs on asyncio or trio only
            raise RuntimeError(f"no memory host for the {library} event loop")

    async def wait(self) -> None:
        """Wait until every task started has ended."""
        for event in list(self._done):
            await event.wait()
