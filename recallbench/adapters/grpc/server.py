"""Serve a Python adapter over gRPC: the server side of ``MemoryBenchService`` (``recallbench serve``).

One adapter instance per server, driven through **one lifecycle at a time**::

    idle ──Setup──▶ active ──IngestDay · FinalizeIngestion · Query──▶ active ──Teardown──▶ idle

A ``Setup`` while a lifecycle is active, and ``IngestDay``, ``FinalizeIngestion``, ``Query`` or
``Teardown`` while none is, fail with ``FAILED_PRECONDITION`` and a message saying what to do; the
adapter is not called. A client whose ``Setup`` was refused cannot act inside the lifecycle that
refused it either (the harness tears down after a failed setup: that must not end another client's
lifecycle). An exception raised by the adapter becomes ``INTERNAL`` with the exception's type and
message; a request the adapter cannot be given (a day number of 0) is ``INVALID_ARGUMENT``. When a
lifecycle ends, one line is logged on the ``recallbench`` logger::

    [serve] lifecycle 3: 180 days ingested, 1,080 queries, 5.2 s

``Query`` passes ``QueryRequest.session`` (empty means ``principal``) to adapters whose
``query_detail``/``query`` take a ``session`` keyword, and fills ``retrieval`` and ``tool_calls``
from ``query_detail`` when the adapter has one. ``Healthcheck`` reports the adapter's name (its
``healthcheck()`` when it has one), ``ready`` and the capabilities ``query_detail``, ``session`` and
``snapshot`` it offers.

Use it from Python with :func:`serve` (until cancelled) or :func:`open_server` (an async context
manager, for tests and embedding); both stop gracefully: new calls are refused at once, calls in
flight get ``grace`` seconds to finish, and a lifecycle left active is torn down.
"""

from __future__ import annotations

import contextlib
import errno
import inspect
import json
import logging
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import anyio
import attrs
import grpc
import grpc.aio

from ..._proto import memory_bench_service_pb2 as pb
from ..._proto import memory_bench_service_pb2_grpc as pb_grpc
from ...data.corpus import DayMetadata
from ...errors import AdapterError, ConfigError, RecallBenchError
from ..base import Adapter, AdapterBuilder, QueryDetail, accepts, make_adapter, to_query_detail

__all__ = [
    "DEFAULT_GRACE",
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "Listening",
    "MemoryBenchServicer",
    "open_server",
    "serve",
]

log = logging.getLogger("recallbench")

DEFAULT_HOST = "127.0.0.1"
"""Where :func:`serve` listens unless told: loopback only (the service has no authentication)."""
DEFAULT_PORT = 50052
"""The reference's port (chosen to avoid gRPC's customary 50051)."""
DEFAULT_GRACE = 5.0
"""Seconds the calls in flight get to finish when the server stops."""
TEARDOWN_LIMIT = 60.0
"""Seconds a shutdown waits for the adapter to tear down a lifecycle its client left active."""

_T = TypeVar("_T")
_Context = grpc.aio.ServicerContext[Any, Any]


@attrs.frozen(kw_only=True)
class Listening:
    """A server that is accepting calls.

    Attributes:
        host: the host it was asked to listen on.
        port: the port it bound (the one picked by the system when 0 was asked for).
        adapter_name: the name of the adapter it serves.
    """

    host: str
    port: int
    adapter_name: str

    @property
    def address(self) -> str:
        """``host:port``, bracketing an IPv6 host; what ``grpc://`` URLs and channels take."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"


@attrs.define
class _Lifecycle:
    """What the server knows about the lifecycle in progress."""

    number: int
    owner: str
    """The peer (``ipv4:127.0.0.1:PORT``) whose Setup started it."""
    started: float
    days: int = 0
    queries: int = 0
    failed_queries: int = 0
    setup_error: str | None = None
    refused: set[str] = attrs.field(factory=set)
    """Peers whose Setup this lifecycle refused: they may not act inside it."""


class MemoryBenchServicer(pb_grpc.MemoryBenchServiceServicer):
    """The ``MemoryBenchService`` handlers over one adapter, one lifecycle at a time.

    Register it on a ``grpc.aio`` server with
    ``memory_bench_service_pb2_grpc.add_MemoryBenchServiceServicer_to_server`` (what
    :func:`open_server` does). The handlers run on the server's event loop; queries of one
    lifecycle may run concurrently, as the client's parallelism asks.

    Args:
        adapter: the memory system served; it is reused by every lifecycle (``setup`` is
            expected to start it afresh).
    """

    def __init__(self, adapter: Adapter) -> None:
        self.adapter = adapter
        query_detail = getattr(adapter, "query_detail", None)
        self._query: Callable[..., Awaitable[Any]] = query_detail or adapter.query
        self._takes_session = accepts(self._query, "session")
        capabilities = []
        if query_detail is not None:
            capabilities.append("query_detail")
        if self._takes_session:
            capabilities.append("session")
        if hasattr(adapter, "snapshot") and hasattr(adapter, "restore"):
            capabilities.append("snapshot")
        self.capabilities: tuple[str, ...] = tuple(capabilities)
        self.lifecycles = 0
        """How many lifecycles have started (the number of the last one)."""
        self._active: _Lifecycle | None = None

    @property
    def active(self) -> bool:
        """Whether a lifecycle is in progress (Setup seen, Teardown not yet)."""
        return self._active is not None

    # -- RPCs -------------------------------------------------------------------------------------

    async def Setup(self, request: pb.SetupRequest, context: _Context) -> pb.SetupResponse:
        peer = context.peer()
        current = self._active
        if current is not None:
            if peer != current.owner:
                current.refused.add(peer)
            log.warning(
                "[serve] refused Setup from %s: lifecycle %d is active", peer, current.number
            )
            await context.abort(
                grpc.StatusCode.FAILED_PRECONDITION,
                f"a lifecycle is already active (lifecycle {current.number}, started "
                f"{time.perf_counter() - current.started:.0f} s ago): Teardown first; "
                "recallbench serve runs one lifecycle at a time",
            )
        self.lifecycles += 1
        now = time.perf_counter()
        # Active from here on, before the first await: a Setup arriving while this one runs is
        # refused, and after a failed setup the client's Teardown (the harness always sends one)
        # still reaches the adapter to release what it half-made.
        lifecycle = self._active = _Lifecycle(number=self.lifecycles, owner=peer, started=now)
        try:
            await self.adapter.setup()
        except Exception as exc:  # the adapter failed: report it to the client as INTERNAL
            message = f"{type(exc).__name__}: {exc}"
        else:
            return pb.SetupResponse()
        lifecycle.setup_error = message
        log.warning("[serve] lifecycle %d: setup failed: %s", lifecycle.number, message)
        await context.abort(grpc.StatusCode.INTERNAL, message)

    async def IngestDay(
        self, request: pb.IngestDayRequest, context: _Context
    ) -> pb.IngestDayResponse:
        lifecycle = await self._require(context, "IngestDay")
        md = request.metadata
        day = request.day_number or md.day_number
        try:
            metadata = DayMetadata(
                day_number=day,
                date=md.date,
                persona_id=md.persona_id,
                active_arcs=tuple(md.active_arcs),
                isolated_sessions=tuple(md.isolated_sessions),
            )
        except (TypeError, ValueError) as exc:
            message = f"IngestDay needs a day_number ≥ 1 (got {day}): {exc}"
        else:
            await self._call(
                context, "ingest_day", self.adapter.ingest_day, day, request.content, metadata
            )
            lifecycle.days += 1
            return pb.IngestDayResponse()
        await context.abort(grpc.StatusCode.INVALID_ARGUMENT, message)

    async def FinalizeIngestion(
        self, request: pb.FinalizeIngestionRequest, context: _Context
    ) -> pb.FinalizeIngestionResponse:
        await self._require(context, "FinalizeIngestion")
        await self._call(context, "finalize_ingestion", self.adapter.finalize_ingestion)
        return pb.FinalizeIngestionResponse()

    async def Query(self, request: pb.QueryRequest, context: _Context) -> pb.QueryResponse:
        lifecycle = await self._require(context, "Query")
        kwargs: dict[str, Any] = {}
        if self._takes_session:
            kwargs["session"] = request.session or "principal"
        lifecycle.queries += 1
        try:
            detail = to_query_detail(await self._query(request.question, **kwargs))
        except Exception as exc:  # the adapter failed on this question: the client records it
            message = f"{type(exc).__name__}: {exc}"
        else:
            return _query_response(detail)
        lifecycle.failed_queries += 1
        log.debug("[serve] lifecycle %d: query failed: %s", lifecycle.number, message)
        await context.abort(grpc.StatusCode.INTERNAL, message)

    async def Teardown(self, request: pb.TeardownRequest, context: _Context) -> pb.TeardownResponse:
        lifecycle = await self._require(context, "Teardown")
        message = None
        try:
            await self.adapter.teardown()
        except Exception as exc:  # the adapter failed: report it to the client as INTERNAL
            message = f"{type(exc).__name__}: {exc}"
        finally:
            # The lifecycle ends whatever happened (a failed teardown, the call cancelled by its
            # deadline): a server stuck in a lifecycle nobody can end would refuse every Setup.
            self._end(lifecycle, f"teardown failed: {message}" if message else "")
        if message is not None:
            await context.abort(grpc.StatusCode.INTERNAL, message)
        return pb.TeardownResponse()

    async def Healthcheck(
        self, request: pb.HealthcheckRequest, context: _Context
    ) -> pb.HealthcheckResponse:
        name = self.adapter.name
        health = getattr(self.adapter, "healthcheck", None)
        if health is not None:
            reported = await self._call(context, "healthcheck", health)
            if isinstance(reported, str) and reported:
                name = reported
        return pb.HealthcheckResponse(name=name, ready=True, capabilities=self.capabilities)

    # -- shutdown ---------------------------------------------------------------------------------

    async def close(self) -> None:
        """Tear down a lifecycle its client left active (at shutdown), within
        :data:`TEARDOWN_LIMIT` seconds; failures are logged. Call it with no RPC in flight."""
        lifecycle = self._active
        if lifecycle is None:
            return
        note = "ended by shutdown (no Teardown)"
        with anyio.move_on_after(TEARDOWN_LIMIT) as scope:
            try:
                await self.adapter.teardown()
            except Exception as exc:  # best effort: the server is going away either way
                note += f"; teardown failed: {type(exc).__name__}: {exc}"
        if scope.cancelled_caught:
            note += f"; teardown did not finish within {TEARDOWN_LIMIT:g} s"
        self._end(lifecycle, note)

    # -- helpers ----------------------------------------------------------------------------------

    async def _require(self, context: _Context, rpc: str) -> _Lifecycle:
        """The active lifecycle, or abort with FAILED_PRECONDITION."""
        lifecycle = self._active
        if lifecycle is None:
            await context.abort(
                grpc.StatusCode.FAILED_PRECONDITION,
                f"{rpc} without a lifecycle: call Setup first (recallbench serve runs one "
                "lifecycle at a time: Setup → IngestDay … → FinalizeIngestion → Query … → Teardown)",
            )
        if context.peer() in lifecycle.refused:
            await context.abort(
                grpc.StatusCode.FAILED_PRECONDITION,
                f"{rpc} refused: this client's Setup was refused because lifecycle "
                f"{lifecycle.number} of another client is active; recallbench serve runs one "
                "lifecycle at a time",
            )
        return lifecycle

    async def _call(
        self, context: _Context, method: str, fn: Callable[..., Awaitable[_T]], *args: Any
    ) -> _T:
        """Await an adapter method; an exception it raises aborts the RPC with INTERNAL."""
        try:
            return await fn(*args)
        except Exception as exc:  # the adapter failed: report it to the client as INTERNAL
            message = f"{type(exc).__name__}: {exc}"
        number = self._active.number if self._active is not None else self.lifecycles
        log.warning("[serve] lifecycle %d: %s failed: %s", number, method, message)
        await context.abort(grpc.StatusCode.INTERNAL, message)

    def _end(self, lifecycle: _Lifecycle, note: str) -> None:
        if self._active is lifecycle:
            self._active = None
        parts = [
            f"{lifecycle.days:,} days ingested",
            f"{lifecycle.queries:,} queries",
        ]
        if lifecycle.failed_queries:
            parts.append(f"{lifecycle.failed_queries:,} failed")
        parts.append(f"{time.perf_counter() - lifecycle.started:.1f} s")
        if lifecycle.setup_error is not None:
            parts.append(f"setup failed: {lifecycle.setup_error}")
        if note:
            parts.append(note)
        log.info("[serve] lifecycle %d: %s", lifecycle.number, ", ".join(parts))


def _query_response(detail: QueryDetail) -> pb.QueryResponse:
    response = pb.QueryResponse(answer=detail.answer)
    for r in detail.retrieval:
        entry = response.retrieval.add(path=r.path, snippet=r.snippet or "")
        if r.score is not None:
            entry.score = float(r.score)
        if r.day is not None:
            entry.day_number = r.day
    for t in detail.tool_calls:
        response.tool_calls.add(
            tool=t.tool,
            args_json=json.dumps(dict(t.args), ensure_ascii=False, default=str) if t.args else "",
            result_preview=t.result_preview or "",
        )
    return response


# ---------------------------------------------------------------------------------------------------
# Running a server


def _check_free(host: str, port: int) -> None:
    """Refuse a port another process listens on, with one clear line.

    gRPC would refuse it too, but only after logging a multi-line C-core error to stderr. This is a
    courtesy check (the port can still be taken between it and the bind, which gRPC then reports).
    """
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError:
        return  # let gRPC report an unresolvable host
    for family, kind, proto, _, address in infos:
        with socket.socket(family, kind, proto) as probe:
            # As gRPC binds: SO_REUSEADDR, so a port in TIME_WAIT is free but a listener is not.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                if exc.errno == errno.EADDRINUSE:
                    raise ConfigError(
                        f"cannot listen on {host}:{port}: the address is already in use "
                        "(another server is running there; pick another --port, or 0 for any)"
                    ) from None
                return


def _bind(server: grpc.aio.Server, host: str, port: int) -> int:
    target = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        bound = server.add_insecure_port(target)
    except RuntimeError as exc:  # grpcio raises RuntimeError("Failed to bind to address …")
        raise ConfigError(f"cannot listen on {host}:{port}: {exc}") from None
    if bound == 0:  # older grpcio returned 0 instead of raising
        raise ConfigError(f"cannot listen on {host}:{port}")
    return bound


async def _build(adapter: Adapter | AdapterBuilder) -> Adapter:
    # An adapter class passes the protocol check too (its methods are attributes): it is a builder.
    if isinstance(adapter, Adapter) and not inspect.isclass(adapter):
        return adapter
    try:
        return await make_adapter(adapter)
    except RecallBenchError:
        raise
    except Exception as exc:  # the user's constructor failed: say so in one line, not a traceback
        raise AdapterError(f"building the adapter failed: {type(exc).__name__}: {exc}") from exc


@contextlib.asynccontextmanager
async def open_server(
    adapter: Adapter | AdapterBuilder,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    grace: float = DEFAULT_GRACE,
) -> AsyncIterator[Listening]:
    """Serve an adapter on ``host:port`` for the duration of an ``async with`` block.

    A port another server listens on is reported before the adapter is built, so before any
    expensive start-up. Leaving the block (normally, by an exception or by cancellation) stops the
    server gracefully: new calls are refused, calls in flight get ``grace`` seconds, then a
    lifecycle its client left active is torn down.

    Args:
        adapter: the adapter, or a builder of it (:func:`recallbench.harness.loading.adapter_factory`);
            a builder is called once.
        host: the interface to listen on (default loopback).
        port: the port; 0 lets the system pick one (see :attr:`Listening.port`).
        grace: seconds calls in flight may take to finish at shutdown.

    Yields:
        Where the server listens and what it serves.

    Raises:
        ConfigError: the address cannot be bound (in use, not an address of this machine), or
            the builder rejected its configuration.
        AdapterError: building the adapter raised.
    """
    # Everything that can fail for a reason of the caller's comes first, before any grpc object
    # exists: a grpc.aio server created and dropped unstarted can still deliver a late event to its
    # (by then possibly closed) event loop.
    if port:
        _check_free(host, port)
    servicer = MemoryBenchServicer(await _build(adapter))
    name = servicer.adapter.name
    # SO_REUSEPORT is on by default in gRPC: two servers could then share a port, each getting
    # some of the connections. One server per port, or lifecycles would mix silently.
    server = grpc.aio.server(options=[("grpc.so_reuseport", 0)])
    pb_grpc.add_MemoryBenchServiceServicer_to_server(servicer, server)
    try:
        bound = _bind(server, host, port)
        await server.start()
        log.debug("[serve] %s listening on %s:%d", name, host, bound)
        yield Listening(host=host, port=bound, adapter_name=name)
    finally:
        # Shielded: this runs because we were cancelled (Ctrl-C, SIGTERM, an outer scope) or
        # start-up failed, and the shutdown must not itself be cut short. It is bounded all the
        # same: gRPC cancels the calls still running after `grace`, and close() bounds the
        # adapter's teardown of a lifecycle its client left active.
        with anyio.CancelScope(shield=True):
            await server.stop(grace)
            await servicer.close()


async def serve(
    adapter: Adapter | AdapterBuilder,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    ready: Callable[[Listening], object] | None = None,
    grace: float = DEFAULT_GRACE,
) -> None:
    """Serve an adapter over gRPC until cancelled, then stop gracefully (see :func:`open_server`).

    Args:
        adapter: the adapter, or a builder of it; a builder is called once.
        host: the interface to listen on (default loopback).
        port: the port; 0 lets the system pick one.
        ready: called once the server accepts calls, with where it listens.
        grace: seconds calls in flight may take to finish at shutdown.

    Raises:
        ConfigError: the address cannot be bound.
    """
    async with open_server(adapter, host, port, grace=grace) as listening:
        if ready is not None:
            ready(listening)
        await anyio.sleep_forever()
