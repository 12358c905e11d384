"""What the engine reads from an adapter before any work, from one the factory builds (never set
up): its name, for the progress header, and how many units it allows at once.

An adapter that sets its ``name`` in ``__init__`` (a class in a file, ``--adapter
path/to/my_adapter.py:MyAdapter``, or a class given to :func:`recallbench.run`) tells it only once
built. The progress header, written before any unit runs, used to call it "adapter" while every
later line and ``result.json`` had its name. :class:`PrimedFactory` builds that adapter before the
header, reads its name, and hands the very same adapter to the first unit that builds one — the
name is known where the reference harness knew it (after construction, before setup), and the run
builds no adapter more than it did.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import attrs

from ..adapters.base import Adapter
from .executor import Executor, LocalExecutor

__all__ = ["UNNAMED", "PrimedFactory", "bounded_executor", "built_ahead"]

log = logging.getLogger("recallbench")

Factory = Callable[[], Adapter | Awaitable[Adapter]]

UNNAMED = "adapter"
"""The progress header's ``adapterName`` when neither the adapter given nor one built ahead tells
it (a remote executor builds none here; a factory that raised)."""


class PrimedFactory:
    """``factory``, whose first call returns ``adapter`` (built by it already), and every later
    call a new one. Used in this process only (it is never sent to another: remote executors get
    the factory itself)."""

    def __init__(self, factory: Factory, adapter: object):
        self.factory = factory
        self._primed: object | None = adapter

    def peek(self) -> object | None:
        """The adapter built ahead, while no unit has taken it."""
        return self._primed

    def __call__(self) -> Adapter | Awaitable[Adapter]:
        primed, self._primed = self._primed, None
        if primed is not None:
            # Handed over as built: the unit checks it is an adapter, as it checks any other.
            return primed  # type: ignore[return-value]
        return self.factory()


async def built_ahead(factory: Factory) -> tuple[PrimedFactory | None, str | None]:
    """``factory`` with one adapter built ahead, and that adapter's name; ``(None, None)`` when
    building it failed (the first unit then builds one again and reports the failure as a unit
    does: it stops the persona, or the run when what was built is no adapter)."""
    try:
        built = factory()
        adapter = await built if isinstance(built, Awaitable) else built
    except Exception as exc:  # reported by the unit that builds one: see the docstring
        log.debug("[bench] building an adapter ahead failed: %s", exc)
        return None, None
    name = getattr(adapter, "name", None)
    return PrimedFactory(factory, adapter), name if isinstance(name, str) and name else None


async def bounded_executor(
    executor: Executor, units: int, factory: Factory, ahead: PrimedFactory | None
) -> Executor:
    """``executor``, running at most the units at once the adapter allows: an adapter whose units
    would share state they cannot keep apart (a memory server at a URL with no namespace or
    reset) says so with ``concurrent_units`` (and why, ``concurrency_note``), read from one adapter
    the factory builds, not set up (the one built ahead, when there is one); asked only when more
    than one unit could run at once."""
    if units < 2 or (isinstance(executor, LocalExecutor) and executor.unit_parallelism == 1):
        return executor
    probe: Any = ahead.peek() if ahead is not None else None
    if probe is None:
        built = factory()
        probe = await built if isinstance(built, Awaitable) else built
    limit = getattr(probe, "concurrent_units", None)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        return executor
    note = getattr(probe, "concurrency_note", None) or "the adapter asks for it"
    if isinstance(executor, LocalExecutor):
        if executor.unit_parallelism <= limit:
            return executor
        log.warning("[bench] %d unit(s) at a time, not %d: %s", limit,
                    executor.unit_parallelism, note)  # fmt: skip
        return LocalExecutor(limit)
    given = getattr(executor, "max_units_in_flight", 0)
    if attrs.has(type(executor)) and given != 0 and (given is None or given > limit):
        log.warning("[bench] %d unit(s) at a time: %s", limit, note)
        return attrs.evolve(executor, max_units_in_flight=limit)  # type: ignore[misc]
    return executor
