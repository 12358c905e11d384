"""Keeping an MCP memory server running for one unit of work: who owns the connection, what a dead
or hung server becomes, and when it is started again.

One task of its own, the **keeper** (:class:`ServerKeeper`), opens the transport and the
``ClientSession`` and closes them (anyio wants both done by the task that entered them), so any
task may call tools while the keeper alone starts and stops servers:

* **A server that dies** (a stdio server whose process exits, or closes its stdout): the calls
  waiting on it fail at once with :class:`McpServerDown`, which is a ``ConnectionError`` — the
  harness records the question with the error stage ``connection``: left out of every mean and
  asked again by ``--resume``. The keeper stops what is left of its process tree and starts it
  again in the same data folder, at most ``server.restarts`` times a unit (default 3); a call that
  stores (ingest, update, delete) is made once more on the new server. With ``server.replay`` the
  records the adapter holds are stored again first (for a server that keeps its memory only in
  its process). Past the bound, the server is **down** for the rest of the unit: every call fails
  at once with one line naming it, so the unit ends in seconds.
* **A server that stops answering**: :class:`~recallbench.models.liveness.Liveness` watches every
  call of the connection together: when a call has waited ``server.probeAfter`` seconds (10) with
  nothing heard from the server, it is pinged; no answer within :data:`PROBE_TIMEOUT` (5 s) and it
  is hung — down for the rest of the unit (not restarted: a server that hangs once hangs again),
  the waiting calls fail with :class:`McpServerDown` and the process tree is stopped. A call past
  ``server.callTimeout`` pings too: answered, the call timed out (the system was slow: stage
  ``query``); not, the server is hung. With the defaults a hung server is found within about
  15 s, inside the harness's 30 s question timeout.

What a ping cannot tell apart: a server that reads nothing while a tool runs (one request at a
time) and runs a tool for longer than ``probeAfter`` + 5 s looks hung; give it a larger
``server.probeAfter``, or ``0`` to never ping.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import time
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

import anyio

from ...errors import AdapterError
from ...models.liveness import Liveness
from .config import McpConfig

__all__ = ["PROBE_TIMEOUT", "Connection", "McpServerDown", "ServerKeeper"]

log = logging.getLogger("recallbench")

PROBE_TIMEOUT = 5.0
"""Seconds a ping has to be answered before a silent server is taken as hung."""
_EXIT_POLL = 0.1
_FAILED_WAIT = 2.0


class McpServerDown(AdapterError, ConnectionError):
    """The MCP server could not be reached: it died under the call, or it is down (hung, or dead
    more often than ``server.restarts`` allows). A ``ConnectionError``: the harness records the
    question as unreachable (error stage ``connection``), as it does a gRPC server's
    ``UNAVAILABLE``."""


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


class Connection:
    """One session with one server (process): its calls in flight and why it ended."""

    def __init__(self, session: Any, server: Any, label: str) -> None:
        self.session = session
        self.server = server
        """The :class:`~.stdio.StdioServer`, or None over streamable HTTP."""
        self.label = label
        self.failure: str | None = None
        """Why it ended (``the server exited with code 3 …``), once it has."""
        self.hung = False
        self.failed = anyio.Event()
        self.wake = anyio.Event()
        self.waiting_since: float | None = None
        """When the oldest call still owed an answer was sent (a call abandoned by its caller is
        still owed one), until the server answers and nothing waits."""
        self.live = Liveness(
            "the server", silence="answered nothing", probe="a ping", probe_timeout=PROBE_TIMEOUT
        )
        self._calls: set[anyio.CancelScope] = set()
        if server is not None:
            server.heard = self.live.heard

    def last_words(self) -> str:
        return self.server.last_words() if self.server is not None else ""

    def fail(self, reason: str, *, hung: bool = False) -> None:
        """The connection is over: why; the calls waiting on it are cancelled."""
        if self.failure is None:
            self.failure, self.hung = reason, hung
        for scope in self._calls:
            scope.cancel()
        self.failed.set()
        self.wake.set()

    async def ping(self) -> bool:
        """Whether the server answers a ping within :data:`PROBE_TIMEOUT` (an error answer is an
        answer; a closed connection is the death watch's to report)."""
        with anyio.move_on_after(PROBE_TIMEOUT):
            with contextlib.suppress(Exception):
                await self.session.send_ping()
            return True
        return False

    async def call(self, tool: str, arguments: Mapping[str, Any], limit: float) -> Any:
        """One ``tools/call``: its result.

        Raises:
            McpServerDown: the server died under it, or is hung.
            AdapterError: an error answer, an answer that could not be read, a result the SDK
                refused, or no answer within ``limit`` from a server that still answers pings.
        """
        from mcp.shared.exceptions import MCPError
        from mcp_types import CONNECTION_CLOSED

        from .stdio import UNREADABLE

        where = f"{self.label}: tool {tool}"
        scope = anyio.CancelScope(deadline=anyio.current_time() + limit)
        self._calls.add(scope)
        if self.waiting_since is None:
            self.waiting_since = time.monotonic()
        answered = False
        try:
            with scope:
                result = await self.session.call_tool(tool, dict(arguments))
                answered = True
                return result
        except MCPError as exc:
            if exc.error.code == UNREADABLE:
                answered = True
                raise AdapterError(
                    f"{where} returned malformed results: {exc.error.message}"
                ) from None
            if exc.error.code != CONNECTION_CLOSED and self.failure is None:
                answered = True
                raise AdapterError(f"{where} failed: {_first_line(exc)}") from exc
            raise await self._lost(where) from exc
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream) as exc:
            raise await self._lost(where) from exc
        except Exception as exc:
            if self.failure is not None:
                raise await self._lost(where) from exc
            answered = True  # the SDK refused what came back (a result off its schema)
            raise AdapterError(f"{where} failed: {_first_line(exc)}{self.last_words()}") from exc
        finally:
            self._calls.discard(scope)
            if answered:
                self.live.heard()
                if not self._calls:
                    self.waiting_since = None
        # The scope ran out or was cancelled by fail(): the call got no answer.
        if self.failure is None:
            if await self.ping():
                raise AdapterError(f"{where} did not answer within {limit:g} s")
            self.fail(
                f"the server answered nothing in {limit:g} s (server.callTimeout), nor a ping "
                f"in {PROBE_TIMEOUT:g} s: the server looks hung",
                hung=True,
            )
        raise McpServerDown(f"{where} failed: {self.failure}")

    async def _lost(self, where: str) -> McpServerDown:
        """The connection closed under a call: wait (briefly) for the keeper to say why."""
        with anyio.move_on_after(_FAILED_WAIT):
            await self.failed.wait()
        why = self.failure or f"the connection closed{self.last_words()}"
        return McpServerDown(f"{where} failed: {why}")


Connect = Callable[[contextlib.AsyncExitStack, bool], Awaitable[Connection]]


class ServerKeeper:
    """Owns the connection to one server for one unit of work (see the module docstring).

    Args:
        label: ``mcp server "name"``, as messages name the server.
        connect: opens a connection in the stack it is given (the bool: whether this is the first
            start); raises AdapterError when the server does not start.
        restarts: how many times a dead server is started again in this unit.
        probe_after: seconds of silence, while a call waits, before a ping (None: never).
        start_timeout: seconds one start may take (calls wait that long for a restart).
        on_restart: awaited with each new connection before any call may use it (replay).
    """

    def __init__(
        self,
        *,
        label: str,
        connect: Connect,
        restarts: int,
        probe_after: float | None,
        start_timeout: float,
        on_restart: Callable[[Connection], Awaitable[None]] | None = None,
    ) -> None:
        self.label = label
        self.restarts = restarts
        self.probe_after = probe_after
        self.start_timeout = start_timeout
        self.conn: Connection | None = None
        """The connection calls use, while one is up."""
        self.down: str | None = None
        """Why the server is down for the rest of the unit, once it is."""
        self.deaths = 0
        self._connect = connect
        self._on_restart = on_restart
        self._changed = anyio.Event()
        self._stopping = False
        self._running: anyio.CancelScope | None = None
        self._started = False

    async def start(self, stack: contextlib.AsyncExitStack) -> None:
        """Start the keeper in a task group of ``stack`` and wait for the first connection; the
        stack's exit stops the server.

        Raises:
            AdapterError: the server did not start.
        """
        tg = await stack.enter_async_context(anyio.create_task_group())
        stack.callback(self.stop_soon)  # before the task group's exit waits for the keeper
        await tg.start(self._keep)

    def stop_soon(self) -> None:
        """Let the keeper close the connection and stop the server (a start in progress is
        cancelled)."""
        self._stopping = True
        if self._running is not None:
            self._running.cancel()
        if self.conn is not None:
            self.conn.wake.set()
        self._publish(self.conn)

    async def connection(self) -> Connection:
        """The connection to call on, waiting while the server is started again.

        Raises:
            McpServerDown: the server is down, or did not come back in time.
        """
        limit = self.start_timeout + 10.0
        deadline = anyio.current_time() + limit
        while True:
            conn = self.conn
            if conn is not None and conn.failure is None:
                return conn
            if self.down is not None:
                raise McpServerDown(self.down)
            if self._stopping:
                raise McpServerDown(f"{self.label} was stopped (the unit of work is ending)")
            changed = self._changed
            with anyio.move_on_after(deadline - anyio.current_time()):
                await changed.wait()
            if anyio.current_time() >= deadline:
                raise McpServerDown(f"{self.label} did not start again within {limit:g} s")

    def _publish(self, conn: Connection | None) -> None:
        self.conn = conn
        changed, self._changed = self._changed, anyio.Event()
        changed.set()

    def _go_down(self, reason: str) -> None:
        if self.down is None:
            self.down = reason
            log.warning("[mcp] %s", reason)

    async def _keep(self, *, task_status: Any = anyio.TASK_STATUS_IGNORED) -> None:
        first = True
        try:
            while not self._stopping and self.down is None:
                why: str | None = None
                refused: Exception | None = None
                # The unit's end (stop_soon) cancels whatever this start is doing: starting the
                # server again, or watching it; the transport's stop is shielded and runs whole.
                with anyio.CancelScope() as self._running:
                    try:
                        why, refused = await self._serve(first, task_status)
                    except Exception as exc:
                        # The transport's own tasks failed (a streamable HTTP server gone: its
                        # connection refused), or ours did: the server is down, the unit goes on.
                        if not self._started:
                            raise
                        log.debug("the MCP connection failed", exc_info=True)
                        cause = _leaf(exc)
                        why = f"the connection failed: {type(cause).__name__}: {_first_line(cause)}"
                        if self.conn is not None:
                            self.conn.fail(why)
                        self._go_down(f"{self.label} is down: {why}")
                if first and refused is not None:
                    raise refused
                first = False
                if self._stopping or self.down is not None:
                    return
                log.warning(
                    "[mcp] %s: %s; starting it again in its data folder (restart %d of %d)",
                    self.label,
                    why,
                    self.deaths,
                    self.restarts,
                )
        finally:
            self._publish(None)

    async def _serve(self, first: bool, task_status: Any) -> tuple[str | None, Exception | None]:
        """Start the server once and watch it until it ends: why it ended, and (when it did not
        start) what it raised."""
        why: str | None = None
        refused: Exception | None = None
        async with contextlib.AsyncExitStack() as stack:
            try:
                conn = await self._connect(stack, first)
                if not first and self._on_restart is not None:
                    await self._on_restart(conn)
            except Exception as exc:
                # Raised once the stack is closed: raised through it, the session's and the
                # transport's task groups would wrap it in exception groups.
                refused = exc
                why = f"the server did not start again: {_first_line(exc)}"
            else:
                self._publish(conn)
                if first:
                    self._started = True
                    task_status.started()
                await self._watch(conn)
                why = conn.failure
                if conn.hung and not self._stopping:
                    if conn.server is not None:
                        conn.server.hung = True  # stopped without waiting for it
                    self._go_down(f"{self.label} is down: {conn.failure}")
            if not (first and refused is not None) and not self._stopping and self.down is None:
                self.deaths += 1
                if self.deaths > self.restarts:
                    self._go_down(
                        f"{self.label} is down: {why}; it died {self.deaths} times in this unit "
                        f"of work, more than server.restarts ({self.restarts}) allows"
                    )
            self._publish(None)  # calls wait for the next one (or fail, when down)
            # Leaving the stack stops what is left of the server's process tree.
        return why, refused

    async def _watch(self, conn: Connection) -> None:
        """Until the connection ends: the server died (its process exited, or its stdout closed),
        hung (the liveness watch), or the unit is stopping."""
        async with anyio.create_task_group() as tg:
            if self.probe_after:
                tg.start_soon(self._liveness, conn, self.probe_after)
            server = conn.server
            while conn.failure is None and not self._stopping:
                with anyio.move_on_after(_EXIT_POLL):
                    await conn.wake.wait()
                if self._stopping or conn.failure is not None or server is None:
                    continue
                if server.returncode is not None or server.ended.is_set():
                    code = await server.exit_status()
                    conn.fail(f"the server {_ended(code)}{server.last_words()}")
            tg.cancel_scope.cancel()

    async def _liveness(self, conn: Connection, probe_after: float) -> None:
        reason = await conn.live.watch(
            conn.ping, probe_after, waiting_since=lambda: conn.waiting_since
        )
        conn.fail(reason, hung=True)


def _leaf(exc: BaseException) -> BaseException:
    """The first exception that is not a group, inside ``exc``."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def _ended(code: int | None) -> str:
    if code is None:
        return "closed its stdout"
    if code < 0:
        try:
            return f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with code {code}"


async def open_connection(
    config: McpConfig,
    stack: contextlib.AsyncExitStack,
    *,
    label: str,
    data_dir: Path,
    expand: Callable[[Any], Any],
    check_tools: bool,
) -> Connection:
    """Start (or reach) the server in ``stack``, open its session, initialize it and, when
    ``check_tools``, check that it lists every tool the mapping calls.

    Raises:
        AdapterError: it did not start, did not answer ``initialize``, or lacks a tool.
    """
    from mcp.client.session import ClientSession

    server = config.server
    process = None
    try:
        if server.command is not None:
            from .stdio import open_stdio

            command = expand(server.command)
            try:
                read, write, process = await stack.enter_async_context(
                    open_stdio(
                        command,
                        [expand(a) for a in server.args],
                        env={k: expand(v) for k, v in server.env.items()},
                        cwd=expand(server.cwd) if server.cwd else None,
                        label=label,
                        marker=str(data_dir),
                        stderr_file=data_dir / ".server-stderr.log",
                    )
                )
            except OSError as exc:
                raise AdapterError(
                    f"{label} did not start: cannot run {command!r}: {exc.strerror or exc}"
                ) from exc
        else:
            read, write = await _http_streams(config, stack, expand)
        session = await stack.enter_async_context(ClientSession(read, write))
        conn = Connection(session, process, label)
        try:
            with anyio.fail_after(server.start_timeout):
                await session.initialize()
                listed = await session.list_tools()
        except TimeoutError:
            raise AdapterError(
                f"{label} did not answer initialize within {server.start_timeout:g} s"
                f"{conn.last_words()}"
            ) from None
    except AdapterError:
        raise
    except Exception as exc:
        if process is not None:
            await process.exit_status()  # its last words say why, usually
        words = process.last_words() if process is not None else ""
        raise AdapterError(f"{label} did not start: {_first_line(exc)}{words}") from exc
    if check_tools:
        have = {tool.name for tool in listed.tools}
        missing = [tool for tool in config.tools if tool not in have]
        if missing:
            raise AdapterError(
                f"{label} has no tool {', '.join(missing)} (its tools: "
                f"{', '.join(sorted(have)) or 'none'}); see {config.source}"
            )
    return conn


async def _http_streams(
    config: McpConfig, stack: contextlib.AsyncExitStack, expand: Callable[[Any], Any]
) -> tuple[Any, Any]:
    from mcp.client.streamable_http import streamable_http_client

    server = config.server
    client = None
    if server.headers:
        import httpx2

        client = await stack.enter_async_context(
            httpx2.AsyncClient(
                headers={k: expand(v) for k, v in server.headers.items()},
                timeout=httpx2.Timeout(30.0, read=300.0),
            )
        )
    streams = await stack.enter_async_context(
        streamable_http_client(expand(server.url), http_client=client)
    )
    return streams[0], streams[1]
