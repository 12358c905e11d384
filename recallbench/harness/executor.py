"""Executors: who runs a run's units of work, and how many at once.

A run is cut into units up front (:mod:`.units`): one per checkpoint in the ``fresh`` lifecycle, one
per persona in ``incremental`` and ``snapshot``. An :class:`Executor` runs them: the
:class:`LocalExecutor` in this process, up to ``unit_parallelism`` at once in one task group; the
:class:`~recallbench.harness.ray_executor.RayExecutor` in the tasks of a Ray cluster. Whichever runs
them, the driver (this process) alone writes the logs and ``result.json`` — record by record as the
units report — and assembles the result in unit order, so the result is the same for every executor.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import anyio
import attrs

from ..data.corpus import PersonaDataset
from .lifecycle import UnitOutcome
from .remote import Event, Shipment
from .resume import ResumeLog
from .units import Unit

__all__ = ["Executor", "LocalExecutor", "RemoteWork", "UnitJob", "UnitWork"]


@attrs.frozen(kw_only=True)
class UnitJob:
    """One unit of work of a run, with its place among all of the run's units."""

    index: int
    """Its position in the run (personas in order, then their units in order)."""
    unit: Unit
    dataset: PersonaDataset

    @property
    def label(self) -> str:
        """``persona 7d`` or ``persona 7d..1000d``: which checkpoints it covers, for logs."""
        first, last = self.unit.checkpoints[0].label, self.unit.checkpoints[-1].label
        span = first if first == last else f"{first}..{last}"
        return f"{self.unit.persona_id} {span}"


@runtime_checkable
class UnitWork(Protocol):
    """What the driver offers an executor: whether a unit is still wanted, running it here, and
    (for executors that run it elsewhere: :mod:`.remote`) taking in what it reports."""

    def wanted(self, job: UnitJob) -> bool:
        """False once the unit's persona stopped, the run failed or a dry run has its checkpoint."""
        ...

    async def run_here(self, job: UnitJob) -> UnitOutcome:
        """Run the unit in this process, logging as it goes."""
        ...

    def done(self, job: UnitJob, outcome: UnitOutcome) -> None:
        """Take a finished unit's outcome (its results are assembled in unit order at the end)."""
        ...


@runtime_checkable
class RemoteWork(UnitWork, Protocol):
    """What the driver offers executors that run units elsewhere (:mod:`.remote`)."""

    @property
    def stopping(self) -> bool:
        """Whether the run is failing: units in flight should be cancelled."""
        ...

    def shipment(self) -> Shipment:
        """What every unit needs, to send to the workers once."""
        ...

    def resume_for(self, job: UnitJob) -> ResumeLog:
        """What a (re)started attempt of ``job`` resumes from."""
        ...

    async def absorb(self, job: UnitJob, event: Event) -> UnitOutcome | None:
        """Take one event of a unit running elsewhere; its outcome when it is the last."""
        ...


@runtime_checkable
class Executor(Protocol):
    """Runs units of work. Implementations call ``work.done`` once per unit they ran, skip units
    ``work.wanted`` turns down (asking just before starting each), and cancel what they started when
    cancelled."""

    async def run(self, jobs: Sequence[UnitJob], work: UnitWork) -> None: ...


@attrs.frozen
class LocalExecutor:
    """Runs units in this process: up to ``unit_parallelism`` at once, each with its own adapter
    from the factory (a sliding window: a slot takes the next unit the moment its unit ends).

    With more than one unit at once the answers of different units interleave in the logs (each
    unit's own stay in order); ``result.json`` is assembled in unit order whatever order they end
    in.
    """

    unit_parallelism: int = attrs.field(default=1, validator=attrs.validators.ge(1))

    async def run(self, jobs: Sequence[UnitJob], work: UnitWork) -> None:
        queue = iter(jobs)

        async def slot() -> None:
            for job in queue:
                if work.wanted(job):
                    work.done(job, await work.run_here(job))

        if self.unit_parallelism == 1:
            await slot()
            return
        async with anyio.create_task_group() as tg:
            for _ in range(min(self.unit_parallelism, len(jobs))):
                tg.start_soon(slot)
