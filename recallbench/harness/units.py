"""Units of work: what a run is cut into before anything runs.

A **checkpoint task** is one checkpoint of one persona — its place, the days it covers and the questions it
asks, decided up front by the pure selection functions. A **unit** is a run of checkpoint tasks with one
adapter of its own built by the factory: one unit per checkpoint in the ``fresh`` lifecycle (setup → ingest
1..N → finalize → query → teardown, nothing leaks between checkpoints), one unit per persona in the
``incremental`` and ``snapshot`` lifecycles. A unit needs nothing from the units before it, so a resumed
run asks exactly what an uninterrupted one would.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

import attrs

from ..adapters.base import Adapter
from ..adapters.capabilities import adapter_label, capability_message, missing_capabilities
from ..data.corpus import PersonaDataset
from ..data.plan import Lifecycle
from ..data.ranges import TimeRange, clamp_to_corpus, past_end_message, widest_by_label
from ..data.selection import CheckpointSelection, SelectionPolicy, iter_checkpoints
from ..errors import ConfigError, RunFailed
from ..judges.usage import JudgeUsage

__all__ = [
    "CheckpointTask",
    "PersonaStopped",
    "RunState",
    "Unit",
    "plan_tasks",
    "plan_units",
    "ranges_asked",
    "supported",
]

log = logging.getLogger("recallbench")


@attrs.frozen(kw_only=True)
class CheckpointTask:
    """One checkpoint of one persona: its place, the days it covers and the questions it asks."""

    index: int
    total: int
    cutoff: int
    selection: CheckpointSelection

    @property
    def label(self) -> str:
        return self.selection.range.label


@attrs.frozen(kw_only=True)
class Unit:
    """A unit of work with one adapter of its own: a checkpoint (fresh) or a persona (incremental,
    snapshot)."""

    persona_id: str
    checkpoints: tuple[CheckpointTask, ...]


def plan_tasks(
    ds: PersonaDataset, ranges: Sequence[TimeRange], policy: SelectionPolicy
) -> tuple[CheckpointTask, ...]:
    """Every checkpoint of a persona with its questions, decided up front (checkpoints at or past
    the corpus's end collapse into the first there: :func:`~recallbench.data.ranges.clamp_to_corpus`)."""
    clamped = clamp_to_corpus(ranges, ds.max_day, repeat=policy.repeat_checkpoints)
    total = len(clamped)
    return tuple(
        CheckpointTask(index=i, total=total, cutoff=int(min(s.range.days, ds.max_day)), selection=s)
        for i, s in enumerate(iter_checkpoints(ds.qa, clamped, policy, categories=ds.categories), 1)
    )


def plan_units(
    persona_id: str, tasks: tuple[CheckpointTask, ...], lifecycle: Lifecycle
) -> tuple[Unit, ...]:
    """The units of work for one persona's checkpoint tasks under a lifecycle."""
    if lifecycle == "fresh":
        return tuple(Unit(persona_id=persona_id, checkpoints=(t,)) for t in tasks)
    return (Unit(persona_id=persona_id, checkpoints=tasks),)


async def supported(
    datasets: list[PersonaDataset],
    factory: Callable[[], Adapter | Awaitable[Adapter]],
    skip: bool,
) -> list[PersonaDataset]:
    """The datasets whose ``required_capabilities`` (a benchmark's declared requirements) the adapter has,
    decided before any work from one adapter the factory builds (not set up). Adapters that learn
    their capabilities from a server (those with ``healthcheck``) are checked by each unit after it.

    Raises:
        ConfigError: a dataset needs what the adapter lacks, and ``skip`` is off (one line naming
            the capability, the adapter and the benchmark).
    """
    if not any(ds.required_capabilities for ds in datasets):
        return datasets
    built = factory()
    probe = await built if isinstance(built, Awaitable) else built
    if getattr(probe, "healthcheck", None) is not None:
        return datasets
    kept = []
    for ds in datasets:
        missing = missing_capabilities(probe, ds.required_capabilities)
        if not missing:
            kept.append(ds)
            continue
        message = capability_message(adapter_label(probe), missing, ds.benchmark or ds.id)
        if not skip:
            raise ConfigError(message)
        log.warning("[bench] skipped %s: %s (--skip-unsupported)", ds.id, message)
    return kept


class PersonaStopped(Exception):
    """Setup, ingestion, finalize, snapshot or teardown failed: this persona cannot go on."""


@attrs.define
class RunState:
    """What the run accumulates as it goes."""

    adapter_name: str
    judge_usage: JudgeUsage | None = None
    appellate_usage: JudgeUsage | None = None
    remote_judge_usage: JudgeUsage = attrs.field(factory=JudgeUsage)
    """What the judge spent in units run elsewhere (another process or machine): the local
    judge's counters never see it (a cached or panel judge's ``usage`` is a fresh copy)."""
    remote_appellate_usage: JudgeUsage = attrs.field(factory=JudgeUsage)
    judge_errors: int = 0
    adapter_errors: int = 0
    appellate_invocations: int = 0
    connection_errors: int = 0
    judge_failures_in_a_row: int = 0
    warnings: list[str] = attrs.field(factory=list)
    ranges: tuple[TimeRange, ...] = ()
    """The checkpoints asked, over every persona (a day count beyond a corpus: its end)."""
    failure: RunFailed | None = None
    """Set when too many judge errors piled up (or a log cannot be written); the workers stop and
    the run raises it."""
    refusal: ConfigError | None = None
    """Set when the run was called wrong in a way only a unit finds out (the factory built
    something that is not an adapter); the workers stop and the run raises it, writing no
    result."""


def ranges_asked(
    requested: Sequence[TimeRange],
    datasets: Sequence[PersonaDataset],
    tasks: Sequence[Sequence[CheckpointTask]],
    repeat: bool = False,
) -> tuple[TimeRange, ...]:
    """The checkpoints the run asks, over every persona, in ascending days: the requested ones, but
    checkpoints at or past a persona's corpus's end are asked once, as the first there (``1y`` and
    ``full`` after ``6mo`` over 180 days; ``2000d`` alone: ``180d``;
    :func:`~recallbench.data.ranges.clamp_to_corpus`), which is said in one line per persona. A label
    personas ask at different days (each its own checkpoints: an imported conversation's ``25%``) is
    listed once, at the most days (:func:`~recallbench.data.ranges.widest_by_label`)."""
    asked: list[TimeRange] = []
    for ds, persona_tasks in zip(datasets, tasks, strict=True):
        message = past_end_message(ds.id, requested, ds.max_day, repeat=repeat)
        if message is not None:
            log.warning("[bench] %s", message)
        for t in persona_tasks:
            asked.append(t.selection.range)
    return widest_by_label(asked)
