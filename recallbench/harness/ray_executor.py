"""Running a run's units on a Ray cluster (``pip install 'recallbench[ray]'``).

Each unit runs in a Ray task (:func:`~recallbench.harness.remote.unit_events`) that builds its own
adapter from the run's factory — an adapter spec, shipped as text and loaded on the worker, or any
picklable factory — and streams its log records back as it goes; the driver writes them
(:class:`~recallbench.harness.driver.Driver`). A unit whose worker or node dies is started again
(``max_retries`` times) with what it logged so far as its resume log: it asks none of those
questions again and no answer is logged twice. Cancelling the run cancels the tasks it started; a
cluster the executor started for the run is shut down at its end.

Ray is imported only when a run uses this executor.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import anyio
import anyio.to_thread
import attrs

from .._importing import file_modules
from ..data.corpus import PersonaDataset
from ..errors import ConfigError
from .executor import RemoteWork, UnitJob, UnitWork
from .remote import Event, Shipment, unit_events
from .resume import ResumeLog
from .units import Unit

__all__ = ["RayExecutor", "import_ray"]

log = logging.getLogger("recallbench.units")

RAY_EXTRA = "Ray is not installed: pip install 'recallbench[ray]'"


def import_ray() -> Any:
    """The ``ray`` module, or a one-line :class:`~recallbench.errors.ConfigError` naming the extra."""
    try:
        import ray
    except ImportError:
        raise ConfigError(RAY_EXTRA) from None
    return ray


_last_dataset: tuple[str, PersonaDataset] | None = None
"""The persona a worker process ran last (its object id and days): the next unit of the same persona
does not deserialize it again (~17 ms for 1,000 days). One entry; it goes with the worker."""


def _dataset(ray: Any, ref: Any) -> PersonaDataset:  # pragma: no cover - runs in a Ray worker
    global _last_dataset
    key = ref.hex()
    if _last_dataset is None or _last_dataset[0] != key:
        _last_dataset = None  # the old one is freed before the new one is read
        _last_dataset = (key, ray.get(ref))
    return _last_dataset[1]


def _remote_unit(
    shipment: Shipment, unit: Unit, dataset: list[Any], resume: ResumeLog
) -> Iterator[list[Event]]:  # pragma: no cover - runs in a Ray worker
    import ray

    node = ray.get_runtime_context().get_node_id()
    yield [("started", socket.gethostname(), node, os.getpid())]
    # The dataset's reference comes inside a list, so Ray does not resolve it for every unit.
    yield from unit_events(shipment, unit, _dataset(ray, dataset[0]), resume)


def _next_batch(ray: Any, stream: Iterator[Any]) -> list[Event] | None:
    """The next batch of a unit's events, or None at its end (blocks: run in a thread)."""
    ref = next(stream, None)
    return None if ref is None else list(ray.get(ref))


@attrs.define
class RayExecutor:
    """Runs units of work as Ray tasks, each with its own adapter.

    Args:
        address: the cluster: None starts a local one for the run (``num_cpus`` of them), ``"auto"``
            joins the one this machine belongs to, ``"ray://HOST:PORT"`` connects through Ray
            Client.
        num_cpus_per_unit, num_gpus_per_unit: what each unit's task asks the scheduler for (a GPU
            memory system asks for a GPU).
        runtime_env: Ray's runtime environment for the tasks (``pip``, ``working_dir``,
            ``env_vars``…).
        num_cpus: CPUs of a cluster started for the run (None: the machine's).
        max_retries: times a unit is started again after its worker or node died.
        max_units_in_flight: units submitted at once (None: the cluster's CPUs over
            ``num_cpus_per_unit``, at least 1).
        init_kwargs: more keyword arguments for ``ray.init``.
    """

    address: str | None = None
    num_cpus_per_unit: float = 1.0
    num_gpus_per_unit: float = 0.0
    runtime_env: Mapping[str, Any] | None = None
    num_cpus: int | None = None
    max_retries: int = attrs.field(default=3, validator=attrs.validators.ge(0))
    max_units_in_flight: int | None = None
    init_kwargs: Mapping[str, Any] = attrs.field(factory=dict)

    async def run(self, jobs: Sequence[UnitJob], work: UnitWork) -> None:
        if not isinstance(work, RemoteWork):
            raise TypeError(f"RayExecutor needs the driver's RemoteWork, got {type(work).__name__}")
        ray = import_ray()
        started_here = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                **self.init_kwargs,
            }
            if self.address is None:
                kwargs["num_cpus"] = self.num_cpus
            else:
                kwargs["address"] = self.address
            # In this thread, which Ray needs for its signal handlers (a few seconds, once a run).
            ray.init(**kwargs)
            started_here = True
        try:
            await self._run(ray, jobs, work)
        finally:
            if started_here:
                ray.shutdown()

    def _ship(self, ray: Any, work: RemoteWork) -> Any:
        shipment = work.shipment()
        # A judge (or anything else) defined in a Python file given by path lives in a module named
        # _recallbench_file_<stem>_<hash>, which workers cannot import: pickled by reference it
        # failed there ("No module named ..."). Its code goes by value instead — the code the
        # driver loaded. (Adapter specs travel as AdapterSpec and load the file again.)
        for module in file_modules():
            ray.cloudpickle.register_pickle_by_value(module)
        for what, obj in (
            ("the adapter factory", shipment.factory),
            ("the judge", shipment.judging.judge),
            ("the appellate judge", shipment.judging.appellate),
        ):
            try:
                ray.cloudpickle.dumps(obj)
            except Exception as exc:
                raise ConfigError(
                    f"{what} ({type(obj).__name__}) cannot be sent to Ray workers: "
                    f"{type(exc).__name__}: {exc}; pass an adapter spec (a file or module path, "
                    "builtin:NAME, grpc://HOST:PORT) or a module-level class or function"
                ) from None
        return ray.put(shipment)

    async def _run(self, ray: Any, jobs: Sequence[UnitJob], work: RemoteWork) -> None:
        shipment = self._ship(ray, work)
        task = ray.remote(_remote_unit).options(
            num_cpus=self.num_cpus_per_unit,
            num_gpus=self.num_gpus_per_unit,
            max_retries=0,  # the driver starts a unit again, from what it logged
            runtime_env=dict(self.runtime_env) if self.runtime_env else None,
        )
        slots = self.max_units_in_flight or max(
            1, int(ray.cluster_resources().get("CPU", 1) // max(self.num_cpus_per_unit, 1e-9))
        )
        threads = anyio.CapacityLimiter(slots)
        datasets: dict[str, Any] = {}
        queue = iter(jobs)

        async def slot() -> None:
            for job in queue:
                if not work.wanted(job):
                    continue
                pid = job.unit.persona_id
                if pid not in datasets:
                    datasets[pid] = ray.put(job.dataset)
                await self._one(ray, task, shipment, datasets[pid], job, work, threads)

        async with anyio.create_task_group() as tg:
            for _ in range(min(slots, len(jobs))):
                tg.start_soon(slot)

    async def _one(
        self,
        ray: Any,
        task: Any,
        shipment: Any,
        dataset: Any,
        job: UnitJob,
        work: RemoteWork,
        threads: anyio.CapacityLimiter,
    ) -> None:
        lost = (
            ray.exceptions.WorkerCrashedError,
            ray.exceptions.NodeDiedError,
            ray.exceptions.LocalRayletDiedError,
            ray.exceptions.OutOfMemoryError,
        )
        for attempt in range(self.max_retries + 1):
            # The dataset goes as an object reference of its own (put once per persona).
            stream = task.remote(shipment, job.unit, [dataset], work.resume_for(job))
            try:
                while True:
                    batch = await anyio.to_thread.run_sync(
                        _next_batch, ray, stream, limiter=threads, abandon_on_cancel=True
                    )
                    if batch is None:
                        raise RuntimeError(f"unit {job.label} ended without its outcome")
                    for event in batch:
                        outcome = await work.absorb(job, event)
                        if outcome is not None:
                            work.done(job, outcome)
                            return
                    if work.stopping:
                        ray.cancel(stream, force=True)
                        return
            except lost as exc:
                if attempt == self.max_retries:
                    raise
                log.warning(
                    "[bench] %s: its worker died (%s); starting it again (%d of %d), after what it "
                    "logged",
                    job.label,
                    type(exc).__name__,
                    attempt + 1,
                    self.max_retries,
                )
            except BaseException:
                ray.cancel(stream, force=True)
                raise
