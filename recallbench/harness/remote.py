"""A unit of work run away from the driver: in a Ray task, or any process that can run a generator.

:func:`unit_events` runs one unit with the same :class:`~recallbench.harness.lifecycle.UnitRunner` the
driver uses, but its log records and hook events go into a channel instead of files, and come out
as batches of events the driver takes in (:class:`~recallbench.harness.driver.Driver`): it writes the
lines, calls the hooks and merges the unit's counts, so the driver alone writes the run's files. The
events are plain tuples of picklable records:

* ``("started", host, node, pid)`` — where the unit runs (the executor adds it);
* ``("line", "questions" | "progress" | "failures", record)`` — a log record, in the unit's order;
* ``("hook", name, payload)`` — a hook event (only those the driver has hooks for);
* ``("end", UnitEnd)`` — the unit's outcome and what it counted.

Nothing here imports an executor: the generator is plain Python, shipped by whichever runs it.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping
from functools import partial
from typing import Any

import anyio
import anyio.from_thread
import attrs

from ..adapters.base import Adapter
from ..data.corpus import PersonaDataset
from ..judges.usage import JudgeUsage
from .config import RunConfig
from .evaluate import Judging
from .hooks import Hooks
from .lifecycle import UnitOutcome, UnitRunner
from .questions import QuestionAsker
from .resume import ResumeLog
from .runlog import RunLogs
from .units import RunState, Unit

__all__ = ["Event", "Shipment", "UnitEnd", "unit_events"]

Event = tuple[Any, ...]
LOG_KINDS = ("progress", "questions", "failures")
HOOK_NAMES = ("on_checkpoint_start", "on_question_done", "on_checkpoint_done")

_BATCH_SECONDS = 0.02
"""How long a batch gathers events after its first: fewer, larger messages to the driver."""
_BATCH_EVENTS = 512


@attrs.frozen(kw_only=True)
class Shipment:
    """What every unit of a run needs besides its own work, sent once to the workers.

    Attributes:
        factory: builds the unit's adapter (an adapter spec object or a picklable factory).
        config: the run's configuration.
        judging: the judges and how to call them (without the driver's limiter).
        logs: the logs the driver writes (records of the others are not sent).
        hooks: the hooks the driver has (events of the others are not sent).
    """

    factory: Callable[[], Adapter | Awaitable[Adapter]]
    config: RunConfig
    judging: Judging
    logs: tuple[str, ...] = LOG_KINDS
    hooks: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class UnitEnd:
    """A unit's last event: its outcome and what it counted on its own :class:`RunState`."""

    outcome: UnitOutcome
    adapter_name: str
    """The adapter's name as the unit's setup gave it; "" when the unit built none."""
    adapter_errors: int = 0
    judge_errors: int = 0
    connection_errors: int = 0
    appellate_invocations: int = 0
    warnings: tuple[str, ...] = ()
    failure: str | None = None
    """Why the unit stopped the run (too many judge or adapter errors), or None."""
    judge_usage: JudgeUsage | None = None
    appellate_usage: JudgeUsage | None = None


class _Channel:
    """A log writer whose records go to the driver."""

    def __init__(self, events: queue.SimpleQueue[Event], kind: str):
        self._events, self._kind = events, kind

    def write(self, record: Mapping[str, Any]) -> None:
        self._events.put(("line", self._kind, dict(record)))

    def close(self) -> None:
        pass


def _emit(events: queue.SimpleQueue[Event], name: str, payload: object) -> None:
    events.put(("hook", name, payload))


def _usage(judge: object) -> JudgeUsage | None:
    usage = getattr(judge, "usage", None)
    return usage.copy() if isinstance(usage, JudgeUsage) else None


async def _run_unit(
    shipment: Shipment,
    unit: Unit,
    dataset: PersonaDataset,
    resume: ResumeLog,
    events: queue.SimpleQueue[Event],
) -> None:
    hooks = Hooks(**{name: partial(_emit, events, name) for name in shipment.hooks})
    logs = RunLogs(
        **{kind: _Channel(events, kind) if kind in shipment.logs else None for kind in LOG_KINDS}
    )
    judging = shipment.judging
    limit = shipment.config.judge_parallelism or shipment.config.parallelism
    judging = attrs.evolve(judging, limiter=anyio.CapacityLimiter(limit))
    runner = UnitRunner(
        factory=shipment.factory,
        config=shipment.config,
        hooks=hooks,
        resume=resume,
        asker=QuestionAsker(config=shipment.config, hooks=hooks, judging=judging),
    )
    # "" until the unit builds an adapter: a unit rebuilt from a resumed log builds none, and the
    # driver then keeps the name it has (UnitEnd.adapter_name).
    state = RunState(adapter_name="")
    before = (_usage(judging.judge), _usage(judging.appellate))
    outcome = await runner.run(unit, dataset, state, logs)
    after = (_usage(judging.judge), _usage(judging.appellate))
    spent = [
        a.since(b) if a is not None and b is not None else None
        for a, b in zip(after, before, strict=True)
    ]
    events.put(
        (
            "end",
            UnitEnd(
                outcome=outcome,
                adapter_name=state.adapter_name,
                adapter_errors=state.adapter_errors,
                judge_errors=state.judge_errors,
                connection_errors=state.connection_errors,
                appellate_invocations=state.appellate_invocations,
                warnings=tuple(state.warnings),
                # A factory that built no adapter (state.refusal) stops the run there too.
                failure=str(state.failure or state.refusal or "") or None,
                judge_usage=spent[0],
                appellate_usage=spent[1],
            ),
        )
    )


def unit_events(
    shipment: Shipment, unit: Unit, dataset: PersonaDataset, resume: ResumeLog
) -> Iterator[list[Event]]:
    """Run one unit on an event loop of its own (a thread) and yield its events in batches, the
    ``end`` event last. Closing the generator early cancels the unit (its adapter is still torn
    down); an unexpected error of the unit is raised here."""
    events: queue.SimpleQueue[Event] = queue.SimpleQueue()
    with anyio.from_thread.start_blocking_portal() as portal:
        future = portal.start_task_soon(_run_unit, shipment, unit, dataset, resume, events)
        future.add_done_callback(lambda _: events.put(("_exit",)))
        try:
            while True:
                batch = [events.get()]
                gather_until = time.monotonic() + _BATCH_SECONDS
                while batch[-1][0] != "_exit" and len(batch) < _BATCH_EVENTS:
                    wait = gather_until - time.monotonic()
                    try:
                        batch.append(events.get(timeout=wait) if wait > 0 else events.get_nowait())
                    except queue.Empty:
                        break
                if batch[-1][0] == "_exit":
                    future.result()  # the unit's own unexpected error, raised here
                    if len(batch) > 1:
                        yield batch[:-1]
                    return
                yield batch
        finally:
            if not future.done():
                future.cancel()
