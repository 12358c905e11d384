"""The MCP adapter's stdio transport: the server as a child process recallbench owns from start to
end.

The SDK's ``stdio_client`` starts the server, but leaves too much to chance for a benchmark that
runs servers for hours: it kills the server's process group only when the server ignores the end of
its input (grandchildren of a server that exits survive), logs a traceback for every line on stdout
that is not JSON-RPC, and writes all of stderr to a file. Here (:func:`open_stdio`):

* **Spawning.** The server leads a session and process group of its own (``start_new_session``),
  with the SDK's default environment, the mapping's ``env`` and :data:`MARKER` naming the run's data
  folder, which every descendant inherits.
* **Stdout** is read line by line, each line at most :data:`MAX_LINE` bytes. A line nested deeper
  than :data:`~recallbench._jsonread.MAX_DEPTH` levels, not JSON, or not a JSON-RPC message is
  dropped and counted by kind; when it names the request it answers (a top-level ``"id"`` before
  any nested value), that request fails at once as a malformed result (:data:`UNREADABLE`) instead
  of waiting for its timeout. Each kind is logged once, with its count, when the server stops.
* **Stderr** is read as it comes: the last :data:`TAIL` bytes are kept in memory (what a failure
  quotes: :meth:`StdioServer.last_words`), the first :data:`KEPT` bytes on disk; the rest is counted.
* **Stopping** (on exit, shielded and bounded): the server's stdin is closed, it has
  :data:`EXIT_GRACE` seconds to exit, and then its whole tree is stopped — its process group,
  whether or not it exited, and on Linux every process carrying the marker or found among its
  descendants beforehand (:func:`recallbench._process.stop_tree`): ``SIGTERM``, :data:`KILL_GRACE`
  seconds, ``SIGKILL``.
"""

from __future__ import annotations

import contextlib
import logging
import re
import subprocess
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path
from typing import Any

import anyio
import mcp_types
from anyio.abc import Process
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from pydantic import ValidationError

from ..._jsonread import MAX_DEPTH, too_deep
from ..._process import descendants, stop_tree
from .folders import MARKER

__all__ = [
    "EXIT_GRACE",
    "KEPT",
    "KILL_GRACE",
    "MARKER",
    "MAX_LINE",
    "TAIL",
    "UNREADABLE",
    "StdioServer",
    "open_stdio",
]

log = logging.getLogger("recallbench")

MAX_LINE = 64 * 1024 * 1024
"""The longest line read from a server's stdout, in bytes; a longer one is dropped."""
TAIL = 8 * 1024
"""Bytes of a server's stderr kept in memory (its last words)."""
KEPT = 1024 * 1024
"""Bytes of a server's stderr kept on disk (the first ones; the rest is counted)."""
EXIT_GRACE = 2.0
"""Seconds a server has to exit after its stdin is closed, before its tree is stopped."""
KILL_GRACE = 2.0
"""Seconds between ``SIGTERM`` and ``SIGKILL`` when the tree is stopped."""
UNREADABLE = -32090
"""The JSON-RPC error code of an answer the server sent that could not be read (ours)."""

_CHUNK = 64 * 1024
# The request a line answers: an "id" key at the top level, before any nested value.
_ID = re.compile(rb'^\s*\{(?:[^{}\[\]"]|"(?:[^"\\]|\\.)*")*?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")')


class StdioServer:
    """A running server process: its exit status, its last words on stderr, the faults of its
    stdout. Made by :func:`open_stdio`."""

    def __init__(self, process: Process, label: str, stderr_file: Path | None) -> None:
        self.process = process
        self.label = label
        self.ended = anyio.Event()
        """Set when its stdout ended or its stdin broke: the session is over."""
        self.heard: Callable[[], None] = _nothing
        """Called for every message read (a sign of life)."""
        self.faults: dict[str, list[Any]] = {}
        self._stderr_file = stderr_file
        self._tail = bytearray()
        self._kept = 0
        self._dropped = 0
        self._stderr_done = anyio.Event()
        self._writer_done = anyio.Event()
        self._discard = False
        self.hung = False
        """Set when it was found hung: it is not given :data:`EXIT_GRACE` to exit by itself."""

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def returncode(self) -> int | None:
        return self.process.returncode

    def last_words(self) -> str:
        """`` (its stderr ends: …)`` with its last line on stderr, or nothing."""
        lines = [
            line.strip()
            for line in bytes(self._tail[-4000:]).decode("utf-8", "replace").splitlines()
            if line.strip()
        ]
        return f" (its stderr ends: {lines[-1][:200]})" if lines else ""

    async def exit_status(self, limit: float = 1.0) -> int | None:
        """Its exit status, waiting at most ``limit`` seconds for it (and for the end of its
        stderr, so :meth:`last_words` says the last thing it wrote)."""
        with anyio.move_on_after(limit):
            while self.returncode is None:
                await anyio.sleep(0.01)
            await self._stderr_done.wait()
        return self.returncode

    # -- faults ------------------------------------------------------------------------------------

    def _fault(self, kind: str, line: bytes) -> None:
        found = self.faults.get(kind)
        if found is None:
            self.faults[kind] = [1, line[:80].decode("utf-8", "replace")]
        else:
            found[0] += 1
        log.debug("%s: a line on its stdout %s: %r", self.label, kind, line[:200])

    def report_faults(self) -> None:
        """Log each kind of fault of its stdout once, with its count."""
        for kind, (count, example) in self.faults.items():
            lines = "a line" if count == 1 else f"{count} lines"
            log.warning(
                "%s: %s on its stdout %s %s (the first: %r); dropped",
                self.label,
                lines,
                "was" if count == 1 else "were",
                kind,
                example,
            )
        self.faults.clear()

    # -- the pipes ---------------------------------------------------------------------------------

    async def _read_stdout(
        self, sink: MemoryObjectSendStream[Any], wrap: Callable[[Any], Any]
    ) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        buffer = bytearray()
        skipping = False
        try:
            async with sink:
                while True:
                    try:
                        chunk = await stdout.receive(_CHUNK)
                    except (
                        anyio.EndOfStream,
                        anyio.ClosedResourceError,
                        anyio.BrokenResourceError,
                    ):
                        break
                    start = 0
                    while True:
                        end = chunk.find(b"\n", start)
                        if end < 0:
                            if not skipping:
                                if len(buffer) + len(chunk) - start > MAX_LINE:
                                    self._fault(f"longer than {MAX_LINE} bytes", bytes(buffer))
                                    buffer.clear()
                                    skipping = True
                                else:
                                    buffer += chunk[start:]
                            break
                        if skipping:
                            skipping = False
                        elif buffer:
                            buffer += chunk[start:end]
                            line = bytes(buffer)
                            buffer.clear()
                            await self._deliver(line, sink, wrap)
                        else:
                            await self._deliver(chunk[start:end], sink, wrap)
                        start = end + 1
        finally:
            self.ended.set()

    async def _deliver(
        self, line: bytes, sink: MemoryObjectSendStream[Any], wrap: Callable[[Any], Any]
    ) -> None:
        if self._discard or not line.strip():
            return
        if len(line) > MAX_DEPTH and too_deep(line):
            self._fault(f"nested deeper than {MAX_DEPTH} levels", line)
            await self._unreadable(line, f"nested deeper than {MAX_DEPTH} levels", sink, wrap)
            return
        try:
            message = mcp_types.jsonrpc_message_adapter.validate_json(line, by_name=False)
        except ValidationError as exc:
            errors = exc.errors()
            invalid = bool(errors) and errors[0].get("type") == "json_invalid"
            kind = "not JSON" if invalid else "not a JSON-RPC message"
            self._fault(kind, line)
            await self._unreadable(line, f"it was {kind}", sink, wrap)
            return
        self.heard()
        await self._send(sink, wrap(message))

    async def _unreadable(
        self, line: bytes, why: str, sink: MemoryObjectSendStream[Any], wrap: Callable[[Any], Any]
    ) -> None:
        """Fail the request a line that could not be read answers, when it names one."""
        found = _ID.match(line)
        if found is None:
            return
        raw = found.group(1)
        try:
            ident: int | str = int(raw) if raw[:1] != b'"' else raw[1:-1].decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            return
        self.heard()  # it answered, unreadably
        error = mcp_types.JSONRPCError(
            jsonrpc="2.0",
            id=ident,
            error=mcp_types.ErrorData(
                code=UNREADABLE, message=f"its answer could not be read: {why}"
            ),
        )
        await self._send(sink, wrap(error))

    async def _send(self, sink: MemoryObjectSendStream[Any], item: Any) -> None:
        try:
            await sink.send(item)
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            self._discard = True  # the session is gone: read on to the end, keeping nothing

    async def _write_stdin(
        self, source: MemoryObjectReceiveStream[Any], sink: MemoryObjectSendStream[Any]
    ) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        try:
            async with source:
                async for item in source:
                    text = item.message.model_dump_json(by_alias=True, exclude_unset=True)
                    await stdin.send(text.encode("utf-8") + b"\n")
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            # The server closed its stdin (or died): the session must see the end, not wait.
            await sink.aclose()
            self.ended.set()
        finally:
            self._writer_done.set()

    async def _read_stderr(self) -> None:
        stderr = self.process.stderr
        assert stderr is not None
        out = None
        try:
            if self._stderr_file is not None:
                with contextlib.suppress(OSError):
                    out = self._stderr_file.open("wb")
            while True:
                try:
                    chunk = await stderr.receive(_CHUNK)
                except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError):
                    break
                self._tail += chunk
                if len(self._tail) > 2 * TAIL:
                    del self._tail[:-TAIL]
                room = KEPT - self._kept if out is not None else 0
                if room > 0:
                    with contextlib.suppress(OSError):
                        out.write(chunk[:room])  # type: ignore[union-attr]
                    self._kept += min(room, len(chunk))
                self._dropped += max(len(chunk) - max(room, 0), 0)
        finally:
            if out is not None:
                with contextlib.suppress(OSError):
                    if self._dropped:
                        out.write(
                            f"\n[recallbench: {self._dropped} more bytes not kept]\n".encode()
                        )
                    out.close()
            self._stderr_done.set()

    # -- stopping ----------------------------------------------------------------------------------

    async def stop(self, marker: str) -> None:
        """Close its stdin, give it :data:`EXIT_GRACE` seconds, stop its whole tree, close the
        pipes. Shielded and bounded."""
        with anyio.CancelScope(shield=True):
            tree = descendants(self.pid) if self.returncode is None else set()
            with anyio.move_on_after(0.5):
                await self._writer_done.wait()
            await _close(self.process.stdin)
            with anyio.move_on_after(0.0 if self.hung else EXIT_GRACE):
                while self.returncode is None:
                    await anyio.sleep(0.01)
            await stop_tree(self.process, grace=KILL_GRACE, marker=(MARKER, marker), also=tree)
            with anyio.move_on_after(0.5):
                await self._stderr_done.wait()
            await _close(self.process.stdout)
            await _close(self.process.stderr)
            transport = getattr(getattr(self.process, "_process", None), "_transport", None)
            close = getattr(transport, "close", None)
            if callable(close):
                with contextlib.suppress(PermissionError, ProcessLookupError):
                    close()


def _nothing() -> None:
    return None


async def _close(stream: Any) -> None:
    if stream is not None:
        with contextlib.suppress(OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
            await stream.aclose()


@contextlib.asynccontextmanager
async def open_stdio(
    command: str,
    args: list[str],
    *,
    env: Mapping[str, str],
    cwd: str | None,
    label: str,
    marker: str,
    stderr_file: Path | None,
) -> AsyncIterator[tuple[Any, Any, StdioServer]]:
    """Start the server and yield ``(read stream, write stream, server)`` for a
    ``ClientSession``; on exit, stop its whole tree (see the module docstring).

    Raises:
        OSError: the command could not be started.
    """
    from mcp.client.stdio import get_default_environment
    from mcp.shared.message import SessionMessage

    full_env = {**get_default_environment(), **env, MARKER: marker}
    with anyio.CancelScope(shield=True):  # a cancellation now would lose the child
        process = await anyio.open_process(
            [command, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=full_env,
            cwd=cwd,
            start_new_session=True,
        )
    server = StdioServer(process, label, stderr_file)
    read_sink, read_stream = anyio.create_memory_object_stream[Any](0)
    write_stream, write_source = anyio.create_memory_object_stream[Any](0)
    error: Exception | None = None
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(server._read_stdout, read_sink, SessionMessage)
            tg.start_soon(server._write_stdin, write_source, read_sink)
            tg.start_soon(server._read_stderr)
            try:
                yield read_stream, write_stream, server
            except Exception as exc:  # raised again below, not wrapped in the group's
                error = exc
            finally:
                with anyio.CancelScope(shield=True):
                    read_stream.close()
                    write_stream.close()
                    await server.stop(marker)
                # A survivor no kill reached could hold a pipe open: the readers stop here.
                tg.cancel_scope.cancel()
    finally:
        server.report_faults()
    if error is not None:
        raise error
