"""Adapters that hold an async context from ``setup`` to ``teardown`` (or through ``lifespan()``),
loaded by file path in the tests of every executor: in-process, units in parallel, Ray's workers
and ``recallbench serve``.

Each writes one line per lifecycle event to ``config["events"]`` (``setup <pid>`` when a setup
begins, ``teardown <pid>`` when its teardown ran), so a test can tell that every unit that began
setting up was torn down, whichever process ran it.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import anyio.abc

from recallbench.data.corpus import DayMetadata

HERE = Path(__file__).resolve().parent
NOTES_SERVER = HERE / "_mcp_notes_server.py"


def _answer(days: dict[int, str], question: str) -> str:
    """The line of the held days sharing the most words with the question (an extractive answer)."""
    words = {w.strip("?.,!").lower() for w in question.split() if len(w) > 3}
    best, score = "", 0
    for content in days.values():
        for line in content.splitlines():
            overlap = len(words & {w.strip("?.,!").lower() for w in line.split()})
            if overlap > score:
                best, score = line, overlap
    return best or "No evidence found in memory."


class _Recorded:
    """Writes lifecycle events to ``config["events"]`` and waits ``config["setup_delay"]``
    seconds inside setup (after entering its context), for the setup-timeout tests."""

    def __init__(self, config: dict[str, Any] | None = None):
        config = config or {}
        self.events = Path(config["events"]) if "events" in config else None
        self.setup_delay = float(config.get("setup_delay", 0.0))

    def _event(self, what: str) -> None:
        if self.events is not None:
            with self.events.open("a", encoding="utf-8") as f:
                f.write(f"{what} {os.getpid()}\n")


class TaskGroupMemory(_Recorded):
    """Enters an anyio task group in ``setup`` and leaves it in ``teardown``. Queries are answered
    by a worker task running in that group, over a memory object stream: an answer proves the
    group is alive."""

    name = "task-group-memory"

    def __init__(self, config: dict[str, Any] | None = None):
        super().__init__(config)
        self.days: dict[int, str] = {}
        self._stack: contextlib.AsyncExitStack | None = None
        self._requests: anyio.abc.ObjectSendStream[tuple[str, Any]] | None = None

    async def setup(self) -> None:
        self.days = {}
        # Held from the start: a setup cut short (a timeout, a cancelled run) leaves teardown what
        # it entered so far to close.
        stack = self._stack = contextlib.AsyncExitStack()
        self._event("setup")  # begun: from here on, teardown has something to close
        send, receive = anyio.create_memory_object_stream[tuple[str, Any]](16)
        stack.push_async_callback(receive.aclose)  # last out: the worker closes it first
        tg = await stack.enter_async_context(anyio.create_task_group())
        self._requests = await stack.enter_async_context(send)  # first out: ends the worker
        tg.start_soon(self._worker, receive)
        await anyio.sleep(self.setup_delay)

    async def _worker(self, receive: anyio.abc.ObjectReceiveStream[tuple[str, Any]]) -> None:
        async with receive:
            async for question, reply in receive:
                async with reply:
                    await reply.send(_answer(self.days, question))

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        self.days[day] = content

    async def finalize_ingestion(self) -> None:
        pass

    async def query(self, question: str) -> str:
        assert self._requests is not None, "query before setup"
        send, receive = anyio.create_memory_object_stream[str](1)
        # Both ends closed here whatever happens (the worker closes its end too, once it answers):
        # a query cancelled with its request still queued leaks nothing.
        with send, receive:
            await self._requests.send((question, send))
            return await receive.receive()

    async def snapshot(self) -> dict[int, str]:
        return dict(self.days)

    async def restore(self, token: dict[int, str]) -> None:
        self.days = dict(token)

    async def teardown(self) -> None:
        stack, self._stack = self._stack, None
        if stack is not None:
            # Closing the send stream ends the worker, and with it the task group. Recorded even
            # when it runs under a setup's cancellation (the stack closes all the same).
            try:
                await stack.aclose()
            finally:
                self._event("teardown")


class LifespanMemory(TaskGroupMemory):
    """The same, through ``lifespan()`` instead of ``setup``/``teardown`` (which it lacks)."""

    name = "lifespan-memory"
    setup = None  # type: ignore[assignment]
    teardown = None  # type: ignore[assignment]

    @contextlib.asynccontextmanager
    async def lifespan(self) -> AsyncIterator[None]:
        await TaskGroupMemory.setup(self)
        try:
            yield
        finally:
            await TaskGroupMemory.teardown(self)


class McpSessionMemory(_Recorded):
    """Holds a real MCP ``ClientSession`` over ``stdio_client`` (tests/_mcp_notes_server.py, a
    Python MCP server process) from ``setup`` to ``teardown``; days are written and questions
    answered through its tools."""

    name = "mcp-session-memory"

    def __init__(self, config: dict[str, Any] | None = None):
        super().__init__(config)
        self._stack: contextlib.AsyncExitStack | None = None
        self._session: Any = None

    async def setup(self) -> None:
        from mcp import ClientSession
        from mcp.client.stdio import StdioServerParameters, stdio_client

        stack = self._stack = contextlib.AsyncExitStack()  # held from the start (see above)
        self._event("setup")
        params = StdioServerParameters(command=sys.executable, args=[str(NOTES_SERVER)])
        read, write = await stack.enter_async_context(stdio_client(params))
        self._session = await stack.enter_async_context(ClientSession(read, write))
        await self._session.initialize()
        await anyio.sleep(self.setup_delay)

    async def _call(self, tool: str, **args: Any) -> str:
        result = await self._session.call_tool(tool, args)
        if result.is_error:
            raise RuntimeError(f"{tool}: {result.content}")
        return "".join(getattr(c, "text", "") for c in result.content)

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        await self._call("remember", day=day, content=content)

    async def finalize_ingestion(self) -> None:
        pass

    async def query(self, question: str) -> str:
        return await self._call("recall", question=question)

    async def snapshot(self) -> str:
        return await self._call("snapshot")

    async def restore(self, token: str) -> None:
        await self._call("restore", token=token)

    async def teardown(self) -> None:
        stack, self._stack = self._stack, None
        if stack is not None:
            try:
                await stack.aclose()
            finally:
                self._event("teardown")


def events(path: Path) -> list[str]:
    """The lifecycle events written so far, without their pids."""
    if not path.exists():
        return []
    return [line.split()[0] for line in path.read_text(encoding="utf-8").splitlines()]
