"""Serve a Python adapter over gRPC: the server side of ``MemoryBenchService`` (``recallbench serve``).

One adapter instance per server, driven through **one lifecycle at a time**, each owned by the client
that set it up (the rules are in :mod:`.servicer`, the handlers' module): ``Setup`` returns a
lifecycle token the client sends back, a call with the wrong one (or, from a client that sends none,
from another connection) is refused with ``PERMISSION_DENIED``, and a lifecycle whose client has
gone (its connection closed, or idle past ``idle_timeout``) is torn down by the server, so the next
client can start.

Use it from Python with :func:`serve` (until cancelled) or :func:`open_server` (an async context
manager, for tests and embedding); both stop gracefully: new calls are refused at once, calls in
flight get ``grace`` seconds to finish, and a lifecycle left active is torn down. Beyond loopback a
server needs TLS or a shared token (:class:`~recallbench.adapters.grpc.security.ServerSecurity`)
unless told ``insecure``. Messages of up to ``max_message_mb`` MiB (64 by default, gRPC's own
default is 4) are taken and sent.
"""

from __future__ import annotations

import contextlib
import errno
import inspect
import logging
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import cast

import anyio
import attrs
import grpc
import grpc.aio

from ..._proto import memory_bench_service_pb2_grpc as pb_grpc
from ...errors import AdapterError, ConfigError, RecallBenchError
from ..base import Adapter, AdapterBuilder, is_adapter, make_adapter
from ._connections import ConnectionWatch, server_ids
from .limits import DEFAULT_MAX_MESSAGE_MB, message_options
from .security import ServerSecurity, check_bind
from .servicer import DEFAULT_IDLE_TIMEOUT, TEARDOWN_LIMIT, MemoryBenchServicer

__all__ = [
    "DEFAULT_GRACE",
    "DEFAULT_HOST",
    "DEFAULT_IDLE_TIMEOUT",
    "DEFAULT_MAX_MESSAGE_MB",
    "DEFAULT_PORT",
    "TEARDOWN_LIMIT",
    "Listening",
    "MemoryBenchServicer",
    "ServerSecurity",
    "message_options",
    "open_server",
    "serve",
]

log = logging.getLogger("recallbench")

DEFAULT_HOST = "127.0.0.1"
"""Where :func:`serve` listens unless told: loopback only."""
DEFAULT_PORT = 50052
"""The reference's port (chosen to avoid gRPC's customary 50051)."""
DEFAULT_GRACE = 5.0
"""Seconds the calls in flight get to finish when the server stops."""
# Server-side keepalive: a client whose machine vanished without closing its connection (power
# loss, a network cut) does not answer pings; after keepalive_time + keepalive_timeout its
# connection is closed, which ends its lifecycle like a closed connection does. Sent without calls
# too (the client may be between calls); gRPC clients answer pings whatever their own settings.
_KEEPALIVE = [
    ("grpc.keepalive_time_ms", 60_000),
    ("grpc.keepalive_timeout_ms", 20_000),
    ("grpc.keepalive_permit_without_calls", 1),
]


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


def _bind(
    server: grpc.aio.Server, host: str, port: int, credentials: grpc.ServerCredentials | None
) -> int:
    target = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        if credentials is not None:
            bound = server.add_secure_port(target, credentials)
        else:
            bound = server.add_insecure_port(target)
    except RuntimeError as exc:  # grpcio raises RuntimeError("Failed to bind to address …")
        raise ConfigError(f"cannot listen on {host}:{port}: {exc}") from None
    if bound == 0:  # older grpcio returned 0 instead of raising
        raise ConfigError(f"cannot listen on {host}:{port}")
    return bound


async def _build(adapter: Adapter | AdapterBuilder) -> Adapter:
    # An adapter class passes the protocol check too (its methods are attributes): it is a builder.
    if is_adapter(adapter) and not inspect.isclass(adapter):
        return adapter
    try:
        return await make_adapter(cast(AdapterBuilder, adapter))
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
    idle_timeout: float | None = DEFAULT_IDLE_TIMEOUT,
    max_message_mb: float = DEFAULT_MAX_MESSAGE_MB,
    security: ServerSecurity | None = None,
) -> AsyncIterator[Listening]:
    """Serve an adapter on ``host:port`` for the duration of an ``async with`` block.

    A port another server listens on, or a bind beyond loopback that ``security`` does not allow,
    is reported before the adapter is built, so before any expensive start-up. Leaving the block
    (normally, by an exception or by cancellation) stops the server gracefully: new calls are
    refused, calls in flight get ``grace`` seconds, then a lifecycle its client left active is torn
    down. While it serves, a watchdog tears down lifecycles whose client has gone (see
    :mod:`.servicer`).

    Args:
        adapter: the adapter, or a builder of it (:func:`recallbench.harness.loading.adapter_factory`);
            a builder is called once.
        host: the interface to listen on (default loopback).
        port: the port; 0 lets the system pick one (see :attr:`Listening.port`).
        grace: seconds calls in flight may take to finish at shutdown.
        idle_timeout: seconds a lifecycle may go without a call before the server tears it down
            (None or 0: never).
        max_message_mb: the largest message taken or sent, in MiB.
        security: TLS, a shared token, and whether a bind beyond loopback without either is
            allowed (default: none of them).

    Yields:
        Where the server listens and what it serves.

    Raises:
        ConfigError: the address cannot be bound (in use, not an address of this machine, beyond
            loopback without TLS or a token), a limit is out of range, or the builder rejected its
            configuration.
        AdapterError: building the adapter raised.
    """
    security = security or ServerSecurity()
    # Everything that can fail for a reason of the caller's comes first, before any grpc object
    # exists: a grpc.aio server created and dropped unstarted can still deliver a late event to its
    # (by then possibly closed) event loop.
    check_bind(host, security)
    if idle_timeout is not None and not idle_timeout >= 0:
        raise ConfigError(f"the idle timeout must be ≥ 0 seconds, got {idle_timeout!r}")
    options = [
        # SO_REUSEPORT is on by default in gRPC: two servers could then share a port, each getting
        # some of the connections. One server per port, or lifecycles would mix silently.
        ("grpc.so_reuseport", 0),
        # Channelz lists the open connections: how the server sees a client gone between calls.
        ("grpc.enable_channelz", 1),
        *_KEEPALIVE,
        *message_options(max_message_mb),
    ]
    if port:
        _check_free(host, port)
    servicer = MemoryBenchServicer(await _build(adapter), idle_timeout=idle_timeout)
    name = servicer.adapter.name
    before = server_ids()
    server = grpc.aio.server(options=options, interceptors=security.interceptors())
    servicer.connections = ConnectionWatch(before)
    pb_grpc.add_MemoryBenchServiceServicer_to_server(servicer, server)
    stopped = False

    async def shutdown() -> None:
        # Bounded: gRPC cancels the calls still running after `grace`, and close() bounds the
        # adapter's teardown of a lifecycle its client left active.
        nonlocal stopped
        if not stopped:
            stopped = True
            servicer.drain()
            await server.stop(grace)
            await servicer.close()

    try:
        bound = _bind(server, host, port, security.credentials())
        await server.start()
        log.debug("[serve] %s listening on %s:%d", name, host, bound)
        async with _watchdog(servicer, shutdown):
            yield Listening(host=host, port=bound, adapter_name=name)
    finally:
        # Shielded: this runs because we were cancelled (Ctrl-C, SIGTERM, an outer scope) or
        # start-up failed, and the shutdown must not itself be cut short.
        with anyio.CancelScope(shield=True):
            await shutdown()


@contextlib.asynccontextmanager
async def _watchdog(
    servicer: MemoryBenchServicer, shutdown: Callable[[], Awaitable[None]]
) -> AsyncIterator[None]:
    """Run the servicer's watchdog for the duration of the block, in a task group that also holds
    the adapter of the lifecycle in progress (its holder task: see ..lifespan). Leaving it shuts
    the server down first, which tears that lifecycle down (shielded and bounded, never cut
    short), then stops the watchdog."""
    try:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(servicer.watch, tasks)
            try:
                yield
            finally:
                with anyio.CancelScope(shield=True):
                    await shutdown()
                tasks.cancel_scope.cancel()
    except BaseExceptionGroup as group:
        # The watchdog never raises (it is only ever cancelled), so the one exception is the
        # block's own: raise it as it is, not wrapped in the task group's exception group.
        if len(group.exceptions) != 1:
            raise
        error = group.exceptions[0]
        raise error from error.__cause__


async def serve(
    adapter: Adapter | AdapterBuilder,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    ready: Callable[[Listening], object] | None = None,
    grace: float = DEFAULT_GRACE,
    idle_timeout: float | None = DEFAULT_IDLE_TIMEOUT,
    max_message_mb: float = DEFAULT_MAX_MESSAGE_MB,
    security: ServerSecurity | None = None,
) -> None:
    """Serve an adapter over gRPC until cancelled, then stop gracefully (see :func:`open_server`).

    Args:
        adapter: the adapter, or a builder of it; a builder is called once.
        host: the interface to listen on (default loopback).
        port: the port; 0 lets the system pick one.
        ready: called once the server accepts calls, with where it listens.
        grace: seconds calls in flight may take to finish at shutdown.
        idle_timeout: seconds a lifecycle may go without a call before the server tears it down
            (None or 0: never).
        max_message_mb: the largest message taken or sent, in MiB.
        security: TLS, a shared token, and whether a bind beyond loopback without either is
            allowed.

    Raises:
        ConfigError: the address cannot be bound, or a setting is out of range.
    """
    async with open_server(
        adapter,
        host,
        port,
        grace=grace,
        idle_timeout=idle_timeout,
        max_message_mb=max_message_mb,
        security=security,
    ) as listening:
        if ready is not None:
            ready(listening)
        await anyio.sleep_forever()
