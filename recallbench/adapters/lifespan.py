"""Holding an adapter from ``setup`` to ``teardown`` in one task of its own.

An adapter may open in ``setup`` what it closes in ``teardown``: an MCP ``ClientSession`` over
``stdio_client``, an anyio task group, an aiohttp session — any async context manager that owns a
cancel scope. anyio (like trio) requires such a context to be exited by the task that entered it,
with no cancel scope entered in between left open. So the adapter is *held* by a task of its own
(:class:`HeldAdapter`): that task calls ``setup`` (or enters ``lifespan()``), waits until it is
released, then calls ``teardown`` (or exits ``lifespan()``) — inside one cancel scope of its own,
which carries the step timeouts as deadlines and shields the adapter from the cancellation of
whoever holds it, so a cancelled run still tears down, within its limit. Every other call
(``ingest_day``, ``query`` …) may come from any task: a held session can be used from any of them.

::

    holder task:  ┌ scope (shielded; deadline = setup limit) ───────────────────────────────┐
                  │ setup()  ── ready ──▶  wait for release  ──▶  teardown()                │
                  └──────────────────────── deadline = teardown limit from here ───────────┘

A setup past its limit is cancelled, and teardown then runs under that cancellation, as an
``async with`` block's exit runs when its body is cancelled: context managers close under
cancellation (that is their contract), other awaits in teardown are cut short. Releasing an adapter
whose setup is still running cancels that setup the same way (a cancelled run does not wait for a
setup with no limit).

:func:`held` is the one-task form (what the harness uses for a unit of work); ``recallbench serve``
starts :meth:`HeldAdapter.run` in its own task group, as its Setup and Teardown calls arrive in
different tasks.
"""

from __future__ import annotations

import contextlib
import logging
import math
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager
from typing import Any, Literal

import anyio
import attrs

from ..errors import AdapterError
from .base import Adapter

__all__ = ["HeldAdapter", "LifecycleStepError", "has_lifespan", "held"]

log = logging.getLogger("recallbench")

Step = Literal["setup", "teardown"]


class LifecycleStepError(AdapterError):
    """The adapter's ``setup`` or ``teardown`` (or its ``lifespan()``'s entry or exit) raised or
    ran past its limit.

    Attributes:
        step: ``"setup"`` or ``"teardown"``.
        cause: what it raised; None when it timed out.
        limit: the limit in seconds it ran past (when it timed out).
    """

    def __init__(
        self, step: Step, *, cause: BaseException | None = None, limit: float | None = None
    ):
        self.step = step
        self.cause = cause
        self.limit = limit
        if cause is None:
            message = f"{step} did not finish within {limit:g} s"
        else:
            message = f"{step} failed: {type(cause).__name__}: {cause}"
        super().__init__(message)

    @property
    def timed_out(self) -> bool:
        return self.cause is None


def has_lifespan(adapter: object) -> bool:
    """Whether the adapter offers ``lifespan()`` (an async context manager used instead of
    ``setup`` and ``teardown``)."""
    return callable(getattr(adapter, "lifespan", None))


def _deadline(limit: float | None) -> float:
    return math.inf if limit is None else anyio.current_time() + limit


@attrs.define(eq=False)
class HeldAdapter:
    """An adapter set up, held and torn down by one task (:meth:`run`).

    Start :meth:`run` in a task group, await :meth:`wait_setup`, use the adapter from any task,
    then :meth:`release` it (which waits for its teardown).

    Args:
        adapter: the adapter; its ``lifespan()``, when it has one, replaces ``setup``/``teardown``.
        setup_timeout, teardown_timeout: seconds each may take (None: no limit).

    Attributes:
        setup_error, teardown_error: why each step failed (raised or timed out), or None.
    """

    adapter: Adapter
    setup_timeout: float | None = None
    teardown_timeout: float | None = None
    setup_error: LifecycleStepError | None = attrs.field(default=None, init=False)
    teardown_error: LifecycleStepError | None = attrs.field(default=None, init=False)
    _ready: anyio.Event = attrs.field(factory=anyio.Event, init=False)
    _release: anyio.Event = attrs.field(factory=anyio.Event, init=False)
    _finished: anyio.Event = attrs.field(factory=anyio.Event, init=False)
    _scope: anyio.CancelScope | None = attrs.field(default=None, init=False)
    _set_up: bool = attrs.field(default=False, init=False)

    @property
    def finished(self) -> bool:
        """Whether the holder task has ended (torn down, or failed to set up)."""
        return self._finished.is_set()

    async def run(self) -> None:
        """The holder task: set up, hold until released, tear down. Never raises: what went wrong
        is on :attr:`setup_error` and :attr:`teardown_error`."""
        try:
            # The adapter's steps run in a child task: should its teardown leave open a scope its
            # setup entered (a broken adapter), anyio refuses that task's exit, and only that task
            # is lost — this one reports it.
            async with anyio.create_task_group() as tg:
                tg.start_soon(self._hold)
        except Exception as exc:  # the child's exit refused by anyio, or a bug of ours
            if self.teardown_error is None:
                self.teardown_error = LifecycleStepError("teardown", cause=_left_open(exc))
        finally:
            self._ready.set()
            self._finished.set()

    async def _hold(self) -> None:
        context: AbstractAsyncContextManager[Any] | None = None
        with anyio.CancelScope(shield=True) as scope:
            self._scope = scope
            scope.deadline = _deadline(self.setup_timeout)
            if self._release.is_set():  # released before it began: nothing to set up
                scope.cancel()
            entered = False
            try:
                if has_lifespan(self.adapter):
                    context = self.adapter.lifespan()  # type: ignore[attr-defined]
                    await context.__aenter__()
                else:
                    await self.adapter.setup()
                entered = True
                scope.deadline = math.inf
                self._set_up = True
                self._ready.set()
                await self._release.wait()
            except (Exception, SystemExit, KeyboardInterrupt) as exc:  # the adapter's own raise
                self.setup_error = LifecycleStepError("setup", cause=exc)
            finally:
                setup_cancelled = scope.cancel_called
                if not setup_cancelled:
                    scope.deadline = _deadline(self.teardown_timeout)
                elif self.setup_error is None and not self._release.is_set():
                    self.setup_error = LifecycleStepError("setup", limit=self.setup_timeout)
                try:
                    if context is None:
                        await self.adapter.teardown()
                    elif entered:  # a lifespan whose entry failed has nothing to exit
                        await context.__aexit__(None, None, None)
                except (Exception, SystemExit, KeyboardInterrupt) as exc:
                    self.teardown_error = LifecycleStepError("teardown", cause=exc)
                finally:
                    # Recorded here, inside the scope: should teardown have left open a scope of
                    # setup's, the scope's exit below is refused and nothing after it runs.
                    if scope.cancel_called and not setup_cancelled and self.teardown_error is None:
                        self.teardown_error = LifecycleStepError(
                            "teardown", limit=self.teardown_timeout
                        )

    async def wait_setup(self) -> None:
        """Wait until the adapter is set up.

        Raises:
            LifecycleStepError: setup raised or ran past its limit (the adapter has been torn
                down already, best effort).
        """
        await self._ready.wait()
        if not self._set_up:
            await self._finished.wait()
            raise (
                self.setup_error
                or self.teardown_error
                or LifecycleStepError("setup", cause=RuntimeError("released before it was set up"))
            )

    def release_soon(self) -> None:
        """Let the holder tear the adapter down (cancelling a setup still running)."""
        self._release.set()
        if not self._set_up and self._scope is not None:
            self._scope.cancel()

    async def release(self) -> None:
        """Release the adapter and wait until it is torn down (bounded by the teardown limit)."""
        self.release_soon()
        await self._finished.wait()


def _left_open(exc: BaseException) -> BaseException:
    """The one exception inside nested groups of one; anyio's refusal to exit a scope said as what
    the adapter did."""
    while isinstance(exc, BaseExceptionGroup) and len(exc.exceptions) == 1:
        exc = exc.exceptions[0]
    if isinstance(exc, RuntimeError) and "cancel scope" in str(exc):
        return RuntimeError(
            "it left open an async context (a task group, a session) that setup entered: "
            "teardown must exit what setup entered, first, even when cancelled"
        )
    return exc


@contextlib.asynccontextmanager
async def held(
    adapter: Adapter,
    *,
    setup_timeout: float | None = None,
    teardown_timeout: float | None = None,
) -> AsyncIterator[HeldAdapter]:
    """Set the adapter up in a task of its own, hold it for the block, and tear it down after.

    The block may use the adapter from any task. On leaving it the adapter is torn down even when
    the block is cancelled (within ``teardown_timeout``). A teardown that fails or times out is on
    the holder's :attr:`~HeldAdapter.teardown_error` afterwards; it is raised only when the block
    itself raised nothing (a teardown that also fails after an error is logged).

    Raises:
        LifecycleStepError: setup failed or timed out (on entering), or teardown failed (on leaving
            a block that raised nothing; a teardown timeout is not raised, only recorded).
    """
    holder = HeldAdapter(adapter, setup_timeout=setup_timeout, teardown_timeout=teardown_timeout)
    failure: Exception | None = None
    async with anyio.create_task_group() as tg:
        tg.start_soon(holder.run)
        try:
            await holder.wait_setup()
            yield holder
        except Exception as exc:  # raised again below, outside the task group (not grouped)
            failure = exc
        finally:
            # A cancelled block still tears down: the holder's own deadline bounds the wait.
            with anyio.CancelScope(shield=True):
                await holder.release()
    if failure is not None:
        if holder.teardown_error is not None:
            log.warning("[bench] %s (after the failure above)", holder.teardown_error)
        raise failure
    error = holder.teardown_error
    if error is not None and not error.timed_out:
        raise error
