"""The gRPC client adapter: a memory system served over ``MemoryBenchService`` (reference §7).

``GrpcAdapter("grpc://127.0.0.1:50052")`` is an adapter like any other: the harness calls
``healthcheck``, ``setup``, ``ingest_day`` …, ``query_detail``, ``teardown``. What it does besides
the reference client:

* ``grpcs://`` URLs connect with TLS, trusting the system roots or a CA file;
* UNAVAILABLE from Healthcheck and Setup is retried with exponential backoff (a server still
  starting up); no other RPC is retried, since IngestDay and Query are not known to be idempotent;
* ``query_detail`` passes the query session and returns the retrieval entries and tool calls a
  server fills in (a reference server fills none: the answer alone);
* the lifecycle token ``Setup`` returns is sent back in every later request of the lifecycle (a
  reference server returns none; nothing is sent back then);
* a shared token for servers that demand one (``recallbench serve --token-file``) is sent as
  ``authorization: Bearer <token>`` metadata on every call;
* messages of up to 64 MiB are sent and taken (gRPC's default cap on what is taken is 4 MiB);
* ``delete_memory`` and ``update_memory`` are sent (DeleteMemory, UpdateMemory) only to a server
  whose Healthcheck lists ``delete_memory`` / ``update_memory``: :attr:`GrpcAdapter.capabilities`
  is that list, so :func:`recallbench.adapters.capabilities.adapter_capabilities` finds a
  reference server lacking both, and a call to it fails with ``UNIMPLEMENTED`` without being sent;
* IngestDay, FinalizeIngestion, Query, DeleteMemory, UpdateMemory and Teardown travel as messages
  on one ``Session`` stream per lifecycle (see :mod:`._session_client`), a fraction of a unary round trip each; a server
  without it (a reference server) answers UNIMPLEMENTED and the unary RPCs are used instead;
* every wait is cancellation-safe under anyio (see :mod:`recallbench.adapters.grpc._await`), and
  ``teardown`` closes the channel, even when the Teardown RPC fails.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import anyio
import grpc

from ..._proto import memory_bench_service_pb2 as pb
from ..._proto import memory_bench_service_pb2_grpc as pb_grpc
from ..._retry import RetryPolicy, retrying
from ...data.corpus import DayMetadata
from ...errors import ConfigError
from ..base import QueryDetail, RetrievalEntry, ToolCall
from ..capabilities import DELETE_MEMORY, UPDATE_MEMORY
from ._await import await_rpc
from ._session_client import NotSent, SessionStream, grpc_error
from .errors import GrpcError
from .limits import DEFAULT_MAX_MESSAGE_MB, message_options
from .security import TOKEN_METADATA_KEY, bearer, check_token, read_token
from .url import GrpcTarget, parse_grpc_url

__all__ = [
    "CAPABILITY_QUERY_DETAIL",
    "CAPABILITY_SESSION",
    "CAPABILITY_SNAPSHOT",
    "DEFAULT_GRPC_RETRY",
    "DEFAULT_GRPC_TIMEOUT",
    "DEFAULT_MAX_MESSAGE_MB",
    "TOKEN_ENV",
    "GrpcAdapter",
]

log = logging.getLogger("recallbench")

DEFAULT_GRPC_TIMEOUT = 120.0
"""Seconds each RPC may take (the reference's 120000 ms; ``--grpc-timeout``)."""

DEFAULT_GRPC_RETRY = RetryPolicy(attempts=5, initial_delay=0.25, max_delay=2.0)
"""Retries of Healthcheck and Setup on UNAVAILABLE: about four seconds in all, jitter aside."""

CAPABILITY_QUERY_DETAIL = "query_detail"
"""A server advertising this fills ``QueryResponse.retrieval`` and/or ``tool_calls``."""
CAPABILITY_SESSION = "session"
"""A server advertising this honours ``QueryRequest.session`` and isolated sessions."""
CAPABILITY_SNAPSHOT = "snapshot"
"""Reserved: the service has no snapshot RPCs yet, so the client does not act on it."""

TOKEN_ENV = "RECALLBENCH_GRPC_TOKEN"
"""The environment variable holding the shared token, when none is given to the adapter."""

_REFUSED_SETUP = frozenset({"FAILED_PRECONDITION", "PERMISSION_DENIED", "UNAUTHENTICATED"})
"""Setup failures meaning the server started nothing: there is nothing to tear down."""
_NO_CLIENT_IDLE = 2**31 - 1
"""``grpc.client_idle_timeout_ms`` at its maximum: the channel never drops its connection for
want of calls. A connection closed mid-lifecycle tells a recallbench server the client has gone."""

_R = TypeVar("_R")


def _is_unavailable(exc: BaseException) -> bool:
    return isinstance(exc, GrpcError) and exc.code == "UNAVAILABLE"


def _error(method: str, exc: grpc.aio.AioRpcError) -> GrpcError:
    code = exc.code()
    name = code.name if isinstance(code, grpc.StatusCode) else str(code)
    return grpc_error(method, name, exc.details() or "")


def _tool_args(text: str) -> Mapping[str, Any]:
    """A tool call's ``args_json`` as a mapping: ``{}`` when empty, ``{"value": v}`` for JSON that
    is not an object, ``{"raw": text}`` for text that is not JSON (logged, never fatal)."""
    if not text:
        return {}
    try:
        value = json.loads(text)
    except ValueError:
        return {"raw": text}
    return value if isinstance(value, dict) else {"value": value}


def _detail(response: pb.QueryResponse) -> QueryDetail:
    reported = response.retrieval_reported or len(response.retrieval) > 0
    retrieval = tuple(
        RetrievalEntry(
            path=entry.path,
            score=entry.score if entry.HasField("score") else None,
            snippet=entry.snippet or None,
            # Day 0 does not exist in a persona (days are 1-based): read it as unknown.
            day=entry.day_number if entry.HasField("day_number") and entry.day_number > 0 else None,
            turn=entry.turn if entry.HasField("turn") and entry.turn else None,
        )
        for entry in response.retrieval
    )
    tool_calls = tuple(
        ToolCall(
            tool=call.tool,
            args=_tool_args(call.args_json),
            result_preview=call.result_preview or None,
        )
        for call in response.tool_calls
    )
    return QueryDetail(
        answer=response.answer, retrieval=retrieval if reported else None, tool_calls=tool_calls
    )


class GrpcAdapter:
    """An adapter that forwards every call to a ``MemoryBenchService`` server.

    The channel is opened by the first RPC of a unit of work (inside the running event loop, as
    grpc.aio requires) and closed by :meth:`teardown`; the same object may be set up again
    afterwards. Every RPC carries grpc's own deadline of ``timeout`` seconds. Failed RPCs raise
    :class:`~recallbench.adapters.grpc.errors.GrpcError` (an ``AdapterError``), a deadline
    :class:`~recallbench.adapters.grpc.errors.GrpcDeadlineExceeded` (also an ``AdapterTimeout``).

    Needs the asyncio backend of anyio (grpc.aio runs on asyncio).

    Args:
        url: ``grpc://host[:port]`` or ``grpcs://host[:port]`` (port 50052 when omitted), or a
            parsed :class:`~recallbench.adapters.grpc.url.GrpcTarget`.
        timeout: seconds each RPC may take (default 120).
        name: the display name; without one it is ``grpc://host:port`` until the server's
            Healthcheck names the system.
        ca_file: a PEM file of root certificates to trust for ``grpcs://`` (default: the system's).
        retry: attempts and backoff for Healthcheck and Setup while the server is UNAVAILABLE.
        token: a shared token the server demands (``serve --token-file``), sent with every call;
            default: the ``RECALLBENCH_GRPC_TOKEN`` environment variable, if set.
        token_file: a file holding that token (instead of ``token``).
        max_message_mb: the largest message sent or taken, in MiB (default 64).
        stream: send the calls of a lifecycle after Setup on one ``Session`` stream when the
            server has it (the default); False: unary RPCs only, as the reference's client.

    Attributes:
        name: the display name (the server's, once adopted).
        target: where the server listens.
        timeout: the per-RPC deadline in seconds.
        capabilities: what the server's last Healthcheck advertised (empty before, or for a
            reference server); ``delete_memory`` and ``update_memory`` are callable only when it
            lists them.
        stream: whether calls go on a ``Session`` stream; set to False once the server proved to
            have none.

    Raises:
        ConfigError: a malformed URL, a non-positive timeout, a CA file with a ``grpc://`` URL,
            a CA or token file that cannot be read, a malformed token, or a message cap out of
            range.
    """

    def __init__(
        self,
        url: str | GrpcTarget,
        *,
        timeout: float = DEFAULT_GRPC_TIMEOUT,
        name: str | None = None,
        ca_file: str | os.PathLike[str] | None = None,
        retry: RetryPolicy = DEFAULT_GRPC_RETRY,
        token: str | None = None,
        token_file: str | os.PathLike[str] | None = None,
        max_message_mb: float = DEFAULT_MAX_MESSAGE_MB,
        stream: bool = True,
    ) -> None:
        self.target = url if isinstance(url, GrpcTarget) else parse_grpc_url(url)
        if not timeout > 0:
            raise ConfigError(f"the gRPC timeout must be positive, got {timeout!r}")
        self._options = [
            *message_options(max_message_mb),
            # A connection of its own, not shared with the process's other channels to the same
            # server: a recallbench server sees its client gone when that connection closes.
            ("grpc.use_local_subchannel_pool", 1),
            ("grpc.client_idle_timeout_ms", _NO_CLIENT_IDLE),
        ]
        self.max_message_mb = float(max_message_mb)
        if token is not None and token_file is not None:
            raise ConfigError("give the gRPC token or a token file, not both")
        if token_file is not None:
            token = read_token(token_file)
        elif token is not None:
            token = check_token(token, "the gRPC token")
        elif os.environ.get(TOKEN_ENV, "").strip():
            token = check_token(os.environ[TOKEN_ENV].strip(), f"${TOKEN_ENV}")
        self._metadata = ((TOKEN_METADATA_KEY, bearer(token)),) if token is not None else None
        self.timeout = float(timeout)
        self.name = name or self.target.url
        self.retry = retry
        self.capabilities: frozenset[str] = frozenset()
        self._root_certificates: bytes | None = None
        if ca_file is not None:
            if not self.target.tls:
                raise ConfigError(
                    f"a CA file ({ca_file}) is only used with TLS: use grpcs:// instead of "
                    f"{self.target.url}"
                )
            try:
                self._root_certificates = Path(ca_file).expanduser().read_bytes()
            except OSError as exc:
                raise ConfigError(f"cannot read the gRPC CA file {ca_file}: {exc}") from exc
        self._channel: grpc.aio.Channel | None = None
        self._stub: pb_grpc.MemoryBenchServiceAsyncStub | None = None
        self._checked = False
        self._lifecycle_token = ""
        self._refused = False
        self.stream = stream
        self._session: SessionStream | None = None

    def __repr__(self) -> str:
        return f"GrpcAdapter({self.target.url!r}, name={self.name!r}, timeout={self.timeout})"

    # -- channel ------------------------------------------------------------------------------------

    def _open(self) -> pb_grpc.MemoryBenchServiceAsyncStub:
        """The stub, opening the channel first if this unit of work has none yet."""
        if self._stub is not None:
            return self._stub
        # A channel whose server is down reconnects on its own backoff (first retry after ~1 s by
        # default) and fails RPCs at once until then, so our faster retries would only meet that
        # wait: pace its reconnects like our retries. (Not grpc.min_reconnect_backoff_ms: grpc uses
        # that as the minimum *connect timeout*, which must stay generous for slow TLS links.)
        options = [
            ("grpc.initial_reconnect_backoff_ms", max(int(self.retry.initial_delay * 1000), 50)),
            ("grpc.max_reconnect_backoff_ms", max(int(self.retry.max_delay * 1000), 100)),
            *self._options,
        ]
        if self.target.tls:
            credentials = grpc.ssl_channel_credentials(root_certificates=self._root_certificates)
            channel = grpc.aio.secure_channel(self.target.address, credentials, options=options)
        else:
            channel = grpc.aio.insecure_channel(self.target.address, options=options)
        self._channel = channel
        self._stub = pb_grpc.MemoryBenchServiceStub(channel)
        return self._stub

    async def _once(self, method: str, call: grpc.aio.UnaryUnaryCall[Any, _R]) -> _R:
        """One RPC just started: wait for it cancellation-safely, wrap a failure in GrpcError."""
        try:
            return await await_rpc(call)
        except grpc.aio.AioRpcError as exc:
            raise _error(method, exc) from exc

    async def _call(
        self,
        method: str,
        kind: str,
        request: Any,
        start: Callable[[], grpc.aio.UnaryUnaryCall[Any, _R]],
    ) -> _R:
        """One call of the lifecycle: on the Session stream (opened by the first such call, and
        again after one that broke), or as a unary RPC when the server has no stream."""
        if self.stream:
            session = self._session
            if session is None or session.ended is not None:
                session = self._session = SessionStream(self._stub or self._open(), self._metadata)
            try:
                response: _R = await session.call(method, kind, request, self.timeout)
                return response
            except NotSent as exc:
                # Not run, so safe to send as the unary RPC. A reference server (no Session RPC):
                # so does every later call to it; else the next call opens a new stream.
                if exc.unsupported:
                    self.stream, self._session = False, None
                    log.info(
                        "[grpc] %s has no Session stream (%s): unary calls",
                        self.target.address,
                        exc,
                    )
        return await self._once(method, start())

    async def _retried(
        self, method: str, start: Callable[[], grpc.aio.UnaryUnaryCall[Any, _R]]
    ) -> _R:
        """One RPC, retried with backoff while it fails with UNAVAILABLE (a server not up yet)."""
        async for attempt in retrying(
            self.retry,
            retryable=_is_unavailable,
            describe=f"gRPC {method} to {self.target.address}",
        ):
            with attempt:
                return await self._once(method, start())
        raise AssertionError("unreachable: tenacity re-raises after the last attempt")

    # -- the adapter protocol -----------------------------------------------------------------------

    async def healthcheck(self) -> str:
        """Ask the server who it is; returns the adapter's name, the server's when adopted.

        As in the reference, a failing Healthcheck is ignored (logged): servers written for the
        reference may not implement it. UNAVAILABLE is retried first, so a server still starting
        up is waited for. The server's name is adopted when non-empty and the adapter was not
        named by the user (its name still starts with ``grpc://`` or ``grpcs://``). Its
        capabilities are recorded in :attr:`capabilities`; ``ready`` is ignored.
        """
        stub = self._open()
        self._checked = True
        try:
            response = await self._retried(
                "Healthcheck",
                lambda: stub.Healthcheck(
                    pb.HealthcheckRequest(), timeout=self.timeout, metadata=self._metadata
                ),
            )
        except GrpcError as exc:
            # UNIMPLEMENTED is the usual answer of a server written without Healthcheck: not news.
            level = logging.INFO if exc.code == "UNIMPLEMENTED" else logging.WARNING
            log.log(level, "[grpc] %s (ignored, as the reference does)", exc)
            return self.name
        self.capabilities = frozenset(response.capabilities)
        if response.name and self.name.startswith(("grpc://", "grpcs://")):
            self.name = response.name
        return self.name

    async def setup(self) -> None:
        """Healthcheck (unless the harness just did), then Setup, retried while UNAVAILABLE; keeps
        the lifecycle token the server returns, to send back with every later call."""
        if not self._checked:
            await self.healthcheck()
        stub = self._open()
        self._lifecycle_token, self._refused = "", False
        try:
            response = await self._retried(
                "Setup",
                lambda: stub.Setup(
                    pb.SetupRequest(), timeout=self.timeout, metadata=self._metadata
                ),
            )
        except GrpcError as exc:
            # Refused before anything started (another client's lifecycle is active, or this
            # client may not call): there is nothing for Teardown to release.
            self._refused = exc.code in _REFUSED_SETUP
            raise
        self._lifecycle_token = response.lifecycle_token

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        """Send one day log with its metadata (isolated sessions included)."""
        stub = self._open()
        request = pb.IngestDayRequest(
            day_number=day,
            content=content,
            metadata=pb.DayMetadata(
                day_number=metadata.day_number,
                date=metadata.date,
                persona_id=metadata.persona_id,
                active_arcs=list(metadata.active_arcs),
                isolated_sessions=list(metadata.isolated_sessions),
            ),
            lifecycle_token=self._lifecycle_token,
        )
        await self._call(
            "IngestDay",
            "ingest_day",
            request,
            lambda: stub.IngestDay(request, timeout=self.timeout, metadata=self._metadata),
        )

    async def finalize_ingestion(self) -> None:
        """Tell the server ingestion is done for now."""
        stub = self._open()
        request = pb.FinalizeIngestionRequest(lifecycle_token=self._lifecycle_token)
        await self._call(
            "FinalizeIngestion",
            "finalize_ingestion",
            request,
            lambda: stub.FinalizeIngestion(request, timeout=self.timeout, metadata=self._metadata),
        )

    async def query_detail(self, question: str, *, session: str | None = None) -> QueryDetail:
        """Ask a question; the answer with whatever retrieval entries and tool calls the server
        returned (a retrieval entry's day number becomes ``day``; tool arguments are parsed from
        JSON).

        Args:
            question: the question.
            session: the session it is asked in (sent as ``QueryRequest.session``; a reference
                server ignores it).
        """
        # The hot path (a thousand calls a run): an answer without evidence (what most servers
        # return) is read without building the empty tuples.
        stub = self._stub or self._open()
        request = pb.QueryRequest(
            question=question, session=session or "", lifecycle_token=self._lifecycle_token
        )
        response = await self._call(
            "Query",
            "query",
            request,
            lambda: stub.Query(request, timeout=self.timeout, metadata=self._metadata),
        )
        if response.retrieval or response.retrieval_reported or response.tool_calls:
            return _detail(response)
        return QueryDetail(answer=response.answer)

    async def query(self, question: str, *, session: str | None = None) -> str:
        """Ask a question; the answer alone (see :meth:`query_detail`)."""
        return (await self.query_detail(question, session=session)).answer

    def _offering(self, capability: str, method: str) -> pb_grpc.MemoryBenchServiceAsyncStub:
        """The stub, when the server's Healthcheck listed ``capability``; else GrpcError
        UNIMPLEMENTED, nothing sent (a reference server would not know the RPC)."""
        if capability not in self.capabilities:
            raise GrpcError(
                method,
                "UNIMPLEMENTED",
                f"{self.target.url} does not offer {capability} (its Healthcheck lists "
                f"{', '.join(sorted(self.capabilities)) or 'no capabilities'}); not sent",
            )
        return self._stub or self._open()

    async def delete_memory(self, memory_id: str) -> None:
        """Forget one memory of the lifecycle (``"day-0007"`` for a server whose memories are
        days), with DeleteMemory.

        Raises:
            GrpcNotFound: the server holds no such memory (also a ``KeyError``).
            GrpcError: the server does not offer ``delete_memory`` (``UNIMPLEMENTED``, not sent),
                or the call failed.
        """
        stub = self._offering(DELETE_MEMORY, "DeleteMemory")
        request = pb.DeleteMemoryRequest(memory_id=memory_id, lifecycle_token=self._lifecycle_token)
        await self._call(
            "DeleteMemory",
            "delete_memory",
            request,
            lambda: stub.DeleteMemory(request, timeout=self.timeout, metadata=self._metadata),
        )

    async def update_memory(self, memory_id: str, content: str) -> None:
        """Replace one memory's content (for a day: the whole day log), with UpdateMemory.

        Raises:
            GrpcNotFound: the server holds no such memory (also a ``KeyError``).
            GrpcError: the server does not offer ``update_memory`` (``UNIMPLEMENTED``, not sent),
                or the call failed.
        """
        stub = self._offering(UPDATE_MEMORY, "UpdateMemory")
        request = pb.UpdateMemoryRequest(
            memory_id=memory_id, content=content, lifecycle_token=self._lifecycle_token
        )
        await self._call(
            "UpdateMemory",
            "update_memory",
            request,
            lambda: stub.UpdateMemory(request, timeout=self.timeout, metadata=self._metadata),
        )

    async def teardown(self) -> None:
        """Send Teardown, then close the channel — always, even when Teardown fails or is
        cancelled. A failed Teardown is raised after the channel is closed. Without an open
        channel (never set up, or already torn down) there is nothing to do; after a Setup the
        server refused (FAILED_PRECONDITION, PERMISSION_DENIED, UNAUTHENTICATED) the channel is
        only closed: the server started nothing to release."""
        stub, channel, stream = self._stub, self._channel, self._session
        request = pb.TeardownRequest(lifecycle_token=self._lifecycle_token)
        refused = self._refused
        self._stub, self._channel, self._checked = None, None, False
        self._lifecycle_token, self._refused = "", False
        if stub is None or channel is None:
            return
        try:
            if not refused:

                def start() -> grpc.aio.UnaryUnaryCall[Any, pb.TeardownResponse]:
                    return stub.Teardown(request, timeout=self.timeout, metadata=self._metadata)

                if stream is not None and stream.ended is None:
                    await self._call("Teardown", "teardown", request, start)
                else:  # no stream open (nothing was ingested): no need to open one to close it
                    await self._once("Teardown", start())
        finally:
            # Shielded so that a cancelled teardown still releases the stream and the channel;
            # close() with no grace cancels whatever is in flight and returns promptly.
            with anyio.CancelScope(shield=True):
                self._session = None
                if stream is not None:
                    await stream.close()
                await channel.close()
