"""The ``MemoryBenchService`` handlers over one adapter: one lifecycle at a time, owned by its client.

::

    idle ──Setup──▶ active ──IngestDay · FinalizeIngestion · Query──▶ active ──Teardown──▶ idle
                      │                                                  ▲
                      └──── its client gone, or idle too long ───────────┘ (the server tears down)

**Ownership.** ``Setup`` returns a random lifecycle token (``SetupResponse.lifecycle_token``); every
later call of the lifecycle carries it back (``lifecycle_token`` of its request). A call carrying a
token that is not the active lifecycle's is refused with ``PERMISSION_DENIED``, and so is a call
carrying none from any connection but the ones the lifecycle's owner used: a client that sends no
token (the reference's TypeScript client) is bound to the connection (``context.peer()``) its
``Setup`` came on. Refused calls never reach the adapter.

**Abandoned lifecycles.** A lifecycle is abandoned when no call of it is running and either none of
its owner's connections is open any more (the client exited, was killed, or closed its channel:
read from gRPC's channelz, see :mod:`._connections`), or it has seen no call for ``idle_timeout``
seconds. The server tears an abandoned lifecycle down (the adapter's ``teardown``) as soon as its
watchdog notices (twice a second) or a new ``Setup`` finds it, and logs it. Its client's later
calls are told so (``FAILED_PRECONDITION``, "ended by the server"); its ``Teardown`` succeeds.

The other rules: a ``Setup`` while a live lifecycle is active, and ``IngestDay``,
``FinalizeIngestion``, ``Query`` or ``Teardown`` while none is, fail with ``FAILED_PRECONDITION``;
an exception raised by the adapter becomes ``INTERNAL`` with its type and message; a request the
adapter cannot be given (a day number of 0) is ``INVALID_ARGUMENT``. When a lifecycle ends, one line
is logged on the ``recallbench`` logger::

    [serve] lifecycle 3: 180 days ingested, 1,080 queries, 5.2 s

``Query`` passes ``QueryRequest.session`` (empty means ``principal``) to adapters whose
``query_detail``/``query`` take a ``session`` keyword, and fills ``retrieval`` and ``tool_calls``
from ``query_detail`` when the adapter has one. ``Healthcheck`` (open to every client) reports the
adapter's name (its ``healthcheck()`` when it has one), ``ready`` and the capabilities
``query_detail``, ``session`` and ``snapshot`` it offers, then the memory capabilities of
:mod:`recallbench.adapters.capabilities` it supports (``add_memory``, ``retrieve_memory``, and
``delete_memory`` / ``update_memory``, which ``DeleteMemory`` / ``UpdateMemory`` serve: for an
adapter without them they are ``UNIMPLEMENTED``; a ``KeyError`` of the adapter is ``NOT_FOUND``, a
``ValueError`` — a memory id it cannot read — ``INVALID_ARGUMENT``).
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import anyio
import anyio.abc
import grpc
import grpc.aio

from ..._proto import memory_bench_service_pb2 as pb
from ..._proto import memory_bench_service_pb2_grpc as pb_grpc
from ...data.corpus import DayMetadata
from ...errors import ConfigError
from ..base import Adapter, accepts, to_query_detail
from ..capabilities import (
    CAPABILITY_METHODS,
    DELETE_MEMORY,
    MEMORY_CAPABILITIES,
    UPDATE_MEMORY,
    adapter_capabilities,
)
from ..lifespan import HeldAdapter, LifecycleStepError
from ._connections import ConnectionWatch
from ._lifecycle import Lifecycle, owns, query_response
from ._session_server import SessionServer

__all__ = ["DEFAULT_IDLE_TIMEOUT", "TEARDOWN_LIMIT", "MemoryBenchServicer"]

log = logging.getLogger("recallbench")

DEFAULT_IDLE_TIMEOUT = 600.0
"""Seconds a lifecycle may go without a call before the server tears it down. Generous: between
two calls the client may be judging answers with a slow, rate-limited model."""
TEARDOWN_LIMIT = 60.0
"""Seconds the server waits for the adapter to tear down a lifecycle its client left active."""
WATCH_INTERVAL = 0.5
"""Seconds between the watchdog's looks at the active lifecycle (less with a short idle timeout)."""
_REMEMBERED = 16
"""How many ended lifecycles' tokens and connections are remembered, to tell their clients why."""

_T = TypeVar("_T")
_Context = grpc.aio.ServicerContext[Any, Any]


class MemoryBenchServicer(pb_grpc.MemoryBenchServiceServicer):
    """The ``MemoryBenchService`` handlers over one adapter, one lifecycle at a time.

    Register it on a ``grpc.aio`` server with
    ``memory_bench_service_pb2_grpc.add_MemoryBenchServiceServicer_to_server`` (what
    :func:`~recallbench.adapters.grpc.server.open_server` does, which also runs :meth:`watch` and
    :meth:`close`). The handlers run on the server's event loop; queries of one lifecycle may run
    concurrently, as the client's parallelism asks.

    Args:
        adapter: the memory system served; it is reused by every lifecycle (``setup`` is
            expected to start it afresh).
        idle_timeout: seconds without a call after which a lifecycle is torn down; None or 0:
            never.

    Attributes:
        connections: where the open connections of the server are read (set by ``open_server``
            once the server exists); None: unknown, so only the idle timeout ends a lifecycle
            whose client has gone.
    """

    def __init__(self, adapter: Adapter, *, idle_timeout: float | None = DEFAULT_IDLE_TIMEOUT):
        if idle_timeout is not None and not idle_timeout >= 0:
            raise ConfigError(f"the idle timeout must be ≥ 0 seconds, got {idle_timeout!r}")
        self.adapter = adapter
        self.idle_timeout = idle_timeout or None
        self.connections: ConnectionWatch | None = None
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
        supported = adapter_capabilities(adapter)
        capabilities.extend(c for c in MEMORY_CAPABILITIES if c in supported)
        self.capabilities: tuple[str, ...] = tuple(capabilities)
        self.lifecycles = 0
        """How many lifecycles have started (the number of the last one)."""
        self._active: Lifecycle | None = None
        self._tasks: anyio.abc.TaskGroup | None = None
        # Ended by the server, by token and by connection: (lifecycle number, why).
        self._ended_tokens: OrderedDict[str, tuple[int, str]] = OrderedDict()
        self._ended_peers: OrderedDict[str, tuple[int, str]] = OrderedDict()
        self._sessions: set[SessionServer] = set()
        self._draining = False

    @property
    def active(self) -> bool:
        """Whether a lifecycle is in progress (Setup seen, Teardown not yet)."""
        return self._active is not None

    # -- RPCs -------------------------------------------------------------------------------------

    async def Setup(self, request: pb.SetupRequest, context: _Context) -> pb.SetupResponse:
        peer = context.peer()
        while (current := self._active) is not None:
            if current.ending is not None:  # being torn down: wait, then take the server
                await current.ended.wait()
                continue
            reason = self._abandoned(current, caller=peer)
            if reason is None:
                if peer not in current.peers:
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
            await self._end_abandoned(current, reason)
        self.lifecycles += 1
        open_peers = self.connections.open_peers() if self.connections is not None else None
        now = time.monotonic()
        # Active from here on, before the first await: a Setup arriving while this one runs is
        # refused, and after a failed setup the client's Teardown (the harness always sends one)
        # still reaches the adapter to release what it half-made.
        lifecycle = self._active = Lifecycle(
            number=self.lifecycles,
            token=secrets.token_urlsafe(24),
            owner=peer,
            started=time.perf_counter(),
            peers={peer},
            watched=open_peers is not None and peer in open_peers,
            last_active=now,
            in_flight=1,
        )
        try:
            message = await self._set_up(lifecycle)
        finally:
            lifecycle.in_flight -= 1
            lifecycle.last_active = time.monotonic()
        if message is None:
            return pb.SetupResponse(lifecycle_token=lifecycle.token)
        lifecycle.setup_error = message
        log.warning("[serve] lifecycle %d: setup failed: %s", lifecycle.number, message)
        await context.abort(grpc.StatusCode.INTERNAL, message)

    async def IngestDay(
        self, request: pb.IngestDayRequest, context: _Context
    ) -> pb.IngestDayResponse:
        async with self._owned(context, "IngestDay", request.lifecycle_token) as lifecycle:
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
        async with self._owned(context, "FinalizeIngestion", request.lifecycle_token):
            await self._call(context, "finalize_ingestion", self.adapter.finalize_ingestion)
            return pb.FinalizeIngestionResponse()

    async def Query(self, request: pb.QueryRequest, context: _Context) -> pb.QueryResponse:
        async with self._owned(context, "Query", request.lifecycle_token) as lifecycle:
            kwargs: dict[str, Any] = {}
            if self._takes_session:
                kwargs["session"] = request.session or "principal"
            lifecycle.queries += 1
            try:
                detail = to_query_detail(await self._query(request.question, **kwargs))
            except Exception as exc:  # the adapter failed on this question: the client records it
                message = f"{type(exc).__name__}: {exc}"
            else:
                return query_response(detail)
            lifecycle.failed_queries += 1
            log.debug("[serve] lifecycle %d: query failed: %s", lifecycle.number, message)
            await context.abort(grpc.StatusCode.INTERNAL, message)

    async def DeleteMemory(
        self, request: pb.DeleteMemoryRequest, context: _Context
    ) -> pb.DeleteMemoryResponse:
        await self._edit(context, "DeleteMemory", DELETE_MEMORY, request, request.memory_id)
        return pb.DeleteMemoryResponse()

    async def UpdateMemory(
        self, request: pb.UpdateMemoryRequest, context: _Context
    ) -> pb.UpdateMemoryResponse:
        await self._edit(
            context, "UpdateMemory", UPDATE_MEMORY, request, request.memory_id, request.content
        )
        return pb.UpdateMemoryResponse()

    async def Teardown(self, request: pb.TeardownRequest, context: _Context) -> pb.TeardownResponse:
        token, peer = request.lifecycle_token, context.peer()
        current = self._active
        if current is None or not owns(current, token, peer):
            gone = self._ended_tokens.get(token) if token else self._ended_peers.get(peer)
            if gone is not None:  # the server ended it already: nothing left to release
                log.info("[serve] Teardown of lifecycle %d: already ended (%s)", *gone)
                return pb.TeardownResponse()
        elif current.ending is not None:  # already being torn down: the same outcome
            await current.ended.wait()
            return pb.TeardownResponse()
        async with self._owned(context, "Teardown", token) as lifecycle:
            lifecycle.ending = "Teardown"
            message = None
            try:
                message = await self._tear_down(lifecycle)
            finally:
                # The lifecycle ends whatever happened (a failed teardown, the call cancelled by
                # its deadline): a server stuck in a lifecycle nobody can end would refuse every
                # Setup.
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

    async def Session(  # type: ignore[override]  # grpc.aio takes a coroutine that reads and writes
        self,
        request_iterator: AsyncIterator[pb.SessionRequest],
        context: grpc.aio.ServicerContext[pb.SessionRequest, pb.SessionResponse],
    ) -> None:
        """The eight unary calls above as messages on one stream (see :mod:`._session_server`): each goes
        through the same handler as its unary RPC."""
        session = SessionServer(
            {
                "setup": self.Setup,
                "ingest_day": self.IngestDay,
                "finalize_ingestion": self.FinalizeIngestion,
                "query": self.Query,
                "teardown": self.Teardown,
                "healthcheck": self.Healthcheck,
                "delete_memory": self.DeleteMemory,
                "update_memory": self.UpdateMemory,
            },
            context,
        )
        if self._draining:
            session.drain()
        self._sessions.add(session)
        try:
            await session.run()
        finally:
            self._sessions.discard(session)

    # -- the watchdog and shutdown -----------------------------------------------------------------

    async def watch(self, tasks: anyio.abc.TaskGroup) -> None:
        """Tear down abandoned lifecycles until cancelled (``open_server`` runs it).

        Args:
            tasks: the task group it runs in; teardowns a ``Setup`` asks for run there too, so a
                client giving up on its ``Setup`` cannot cut another lifecycle's teardown short.
        """
        self._tasks = tasks
        interval = WATCH_INTERVAL
        if self.idle_timeout is not None:
            interval = min(interval, self.idle_timeout / 4)
        try:
            while True:
                await anyio.sleep(interval)
                lifecycle = self._active
                if lifecycle is None or lifecycle.ending is not None:
                    continue
                reason = self._abandoned(lifecycle)
                if reason is not None:
                    await self._end_abandoned(lifecycle, reason)
        finally:
            self._tasks = None

    def drain(self) -> None:
        """The server is stopping: Session streams read no new calls, and end once the calls in
        flight are answered (a unary call in flight is likewise let finish)."""
        self._draining = True
        for session in self._sessions:
            session.drain()

    async def close(self) -> None:
        """Tear down a lifecycle its client left active (at shutdown), within
        :data:`TEARDOWN_LIMIT` seconds; failures are logged. Call it with no RPC in flight."""
        lifecycle = self._active
        if lifecycle is None:
            return
        if lifecycle.ending is not None:  # a teardown is under way: let it finish
            with anyio.move_on_after(TEARDOWN_LIMIT):
                await lifecycle.ended.wait()
            return
        lifecycle.ending = "shutdown"
        await self._teardown(lifecycle, "ended by shutdown (no Teardown)")

    # -- ownership ---------------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _owned(self, context: _Context, rpc: str, token: str) -> AsyncIterator[Lifecycle]:
        """The active lifecycle, if the caller owns it (else abort); counts the call in flight."""
        lifecycle = await self._authorize(context, rpc, token)
        lifecycle.in_flight += 1
        lifecycle.last_active = time.monotonic()
        try:
            yield lifecycle
        finally:
            lifecycle.in_flight -= 1
            lifecycle.last_active = time.monotonic()

    async def _authorize(self, context: _Context, rpc: str, token: str) -> Lifecycle:
        peer = context.peer()
        lifecycle = self._active
        if lifecycle is not None and owns(lifecycle, token, peer):
            if lifecycle.ending is None:
                if token:
                    lifecycle.peers.add(peer)  # a client that reconnected, token in hand
                return lifecycle
            gone: tuple[int, str] | None = (lifecycle.number, lifecycle.ending)
        else:
            gone = self._ended_tokens.get(token) if token else self._ended_peers.get(peer)
        if gone is not None:
            number, why = gone
            ended = (
                "is ending: Teardown was called"
                if why == "Teardown"
                else (f"was ended by the server ({why})")
            )
            await context.abort(
                grpc.StatusCode.FAILED_PRECONDITION,
                f"{rpc} refused: lifecycle {number} {ended}; call Setup to start a new one",
            )
        if lifecycle is None:
            await context.abort(
                grpc.StatusCode.FAILED_PRECONDITION,
                f"{rpc} without a lifecycle: call Setup first (recallbench serve runs one "
                "lifecycle at a time: Setup → IngestDay … → FinalizeIngestion → Query … → Teardown)",
            )
        log.warning(
            "[serve] refused %s from %s: lifecycle %d belongs to another client (%s)",
            rpc,
            peer,
            lifecycle.number,
            "wrong lifecycle token" if token else "no lifecycle token, another connection",
        )
        if peer in lifecycle.refused and not token:
            reason = (
                f"this client's Setup was refused because lifecycle {lifecycle.number} of another "
                "client is active; recallbench serve runs one lifecycle at a time"
            )
        elif token:
            reason = f"the lifecycle token is not that of the active lifecycle {lifecycle.number}"
        else:
            reason = (
                f"lifecycle {lifecycle.number} belongs to another client (send the lifecycle_token "
                "its Setup returned; a client that sends none must call on the connection it set "
                "up on)"
            )
        await context.abort(grpc.StatusCode.PERMISSION_DENIED, f"{rpc} refused: {reason}")

    def _abandoned(self, lifecycle: Lifecycle, caller: str | None = None) -> str | None:
        """Why the lifecycle counts as abandoned by its client, or None while it does not."""
        if lifecycle.in_flight:
            return None
        if self.idle_timeout is not None:
            idle = time.monotonic() - lifecycle.last_active
            if idle >= self.idle_timeout:
                return f"idle for {idle:.1f} s, past the idle timeout of {self.idle_timeout:g} s"
        if not lifecycle.watched or self.connections is None:
            return None
        open_peers = self.connections.open_peers()
        # A watch that cannot see the calling client's own connection cannot be trusted either.
        if open_peers is None or (caller is not None and caller not in open_peers):
            return None
        if lifecycle.peers.isdisjoint(open_peers):
            return "its client's connection closed"
        return None

    async def _end_abandoned(self, lifecycle: Lifecycle, reason: str) -> None:
        """Tear down a lifecycle its client abandoned, in the watchdog's task group when there is
        one (out of reach of the cancellation of the call that found it), and wait for it."""
        lifecycle.ending = reason
        note = f"torn down by the server: {reason} (no Teardown)"
        if self._tasks is not None:
            self._tasks.start_soon(self._teardown, lifecycle, note)
        else:
            await self._teardown(lifecycle, note)
        await lifecycle.ended.wait()

    async def _teardown(self, lifecycle: Lifecycle, note: str) -> None:
        try:
            with anyio.CancelScope(shield=True):
                message = await self._tear_down(lifecycle)
            if message is not None:  # best effort: nobody is left to tell but the log
                timed_out = message.startswith("did not finish")
                note += f"; teardown {message}" if timed_out else f"; teardown failed: {message}"
        finally:
            # Whatever happened (even a cancellation the shield could not hold off: a grpc handler
            # task is cancelled by grpc, not by anyio), the lifecycle ends and its waiters wake.
            self._end(lifecycle, note)

    # -- the adapter's lifecycle ---------------------------------------------------------------

    async def _set_up(self, lifecycle: Lifecycle) -> str | None:
        """Set the adapter up for a lifecycle: in a task of the server's that holds it until its
        teardown (what setup opens, teardown closes in the same task: :mod:`..lifespan`), or here
        when the servicer runs without ``open_server``. What went wrong, or None."""
        if self._tasks is None:
            try:
                await self.adapter.setup()
            except Exception as exc:  # the adapter failed: report it to the client as INTERNAL
                return f"{type(exc).__name__}: {exc}"
            return None
        holder = lifecycle.holder = HeldAdapter(self.adapter, teardown_timeout=TEARDOWN_LIMIT)
        self._tasks.start_soon(holder.run)
        try:
            await holder.wait_setup()
        except LifecycleStepError as exc:  # the adapter failed: report it to the client
            return _cause(exc)
        return None

    async def _tear_down(self, lifecycle: Lifecycle) -> str | None:
        """Tear the lifecycle's adapter down (its holder, when it has one, releases it and waits,
        within :data:`TEARDOWN_LIMIT`). What went wrong, or None."""
        holder = lifecycle.holder
        if holder is None:
            try:
                with anyio.fail_after(TEARDOWN_LIMIT):
                    await self.adapter.teardown()
            except TimeoutError:
                return f"did not finish within {TEARDOWN_LIMIT:g} s"
            except Exception as exc:  # the adapter failed: report it to the client as INTERNAL
                return f"{type(exc).__name__}: {exc}"
            return None
        await holder.release()
        error = holder.teardown_error
        if error is None:
            return None
        return f"did not finish within {TEARDOWN_LIMIT:g} s" if error.timed_out else _cause(error)

    # -- helpers ----------------------------------------------------------------------------------

    async def _edit(
        self, context: _Context, rpc: str, capability: str, request: Any, *args: str
    ) -> None:
        """DeleteMemory or UpdateMemory: the adapter's method of that capability, in the caller's
        lifecycle; UNIMPLEMENTED when the adapter lacks it."""
        if capability not in self.capabilities:
            await context.abort(
                grpc.StatusCode.UNIMPLEMENTED,
                f"{rpc}: the adapter {self.adapter.name} has no {capability} (see the "
                "capabilities its Healthcheck lists)",
            )
        async with self._owned(context, rpc, request.lifecycle_token) as lifecycle:
            if not args[0]:
                await context.abort(grpc.StatusCode.INVALID_ARGUMENT, f"{rpc} needs a memory_id")
            try:
                await getattr(self.adapter, CAPABILITY_METHODS[capability])(*args)
            except LookupError as exc:  # a memory the adapter does not hold
                code, message = grpc.StatusCode.NOT_FOUND, str(exc.args[0] if exc.args else exc)
            except ValueError as exc:  # a memory id the adapter cannot read
                code, message = grpc.StatusCode.INVALID_ARGUMENT, f"{type(exc).__name__}: {exc}"
            except Exception as exc:  # the adapter failed: report it to the client as INTERNAL
                code, message = grpc.StatusCode.INTERNAL, f"{type(exc).__name__}: {exc}"
            else:
                lifecycle.memory_edits += 1
                return
            log.warning("[serve] lifecycle %d: %s failed: %s", lifecycle.number, rpc, message)
            await context.abort(code, message)

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

    def _end(self, lifecycle: Lifecycle, note: str) -> None:
        if self._active is lifecycle:
            self._active = None
        if lifecycle.ending not in (None, "Teardown"):
            # Ended without its client: remember why, to tell the client if it calls again.
            why = lifecycle.ending or ""
            for key, book in [(lifecycle.token, self._ended_tokens)] + [
                (peer, self._ended_peers) for peer in lifecycle.peers
            ]:
                book[key] = (lifecycle.number, why)
                while len(book) > _REMEMBERED:
                    book.popitem(last=False)
        lifecycle.ended.set()
        parts = [
            f"{lifecycle.days:,} days ingested",
            f"{lifecycle.queries:,} queries",
        ]
        if lifecycle.failed_queries:
            parts.append(f"{lifecycle.failed_queries:,} failed")
        if lifecycle.memory_edits:
            parts.append(f"{lifecycle.memory_edits:,} memories deleted or updated")
        parts.append(f"{time.perf_counter() - lifecycle.started:.1f} s")
        if lifecycle.setup_error is not None:
            parts.append(f"setup failed: {lifecycle.setup_error}")
        if note:
            parts.append(note)
        log.info("[serve] lifecycle %d: %s", lifecycle.number, ", ".join(parts))


def _cause(error: LifecycleStepError) -> str:
    """``Type: message`` of what a lifecycle step raised (or that it timed out)."""
    if error.cause is None:
        return str(error)
    return f"{type(error.cause).__name__}: {error.cause}"
