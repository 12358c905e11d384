"""What the task asks, decided before anything runs — by the harness's own planning.

The task's parameters build a :class:`~recallbench.harness.engine.Harness` exactly as ``recallbench
run``'s flags do (the data opened by its benchmark family, the family's default checkpoints, the
adapter spec, the judge), and the harness plans each persona: its checkpoint tasks (the selection of
questions at each checkpoint, in asking order) and its units of work under the lifecycle (``fresh``:
one per checkpoint; ``incremental``: one per persona). Each checkpoint question is one sample;
the samples of the n-th checkpoint of every persona are the task's n-th *wave*
(:mod:`.dataset`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

import attrs

from ..adapters.base import Adapter
from ..data.corpus import Day, PersonaDataset
from ..data.dataset import DEFAULT_ARCS_FILE, SOURCE_PERSONAS_DIR
from ..data.qa import QAPair
from ..errors import ConfigError, DatasetError
from ..harness.config import AdapterErrorLimit, RunConfig
from ..harness.engine import Harness
from ..harness.evaluate import Judging
from ..harness.loading import AdapterSpec
from ..harness.units import CheckpointTask, Unit
from .params import TaskInputError, TaskParams

__all__ = ["Plan", "PlannedQuestion", "PlannedUnit", "plan_task", "sample_id"]


def sample_id(persona_id: str, label: str, pair_id: str) -> str:
    """A sample's id: the question's pair id at one checkpoint of one persona
    (``executive-assistant/30d/ea-001``); a question re-asked at a later checkpoint is another
    sample."""
    return f"{persona_id}/{label}/{pair_id}"


@attrs.frozen(kw_only=True)
class PlannedUnit:
    """A unit of work: one adapter of its own, built, set up, fed and torn down by the harness's
    lifecycle (:class:`~recallbench.harness.lifecycle.UnitRunner`)."""

    key: str
    dataset: PersonaDataset
    unit: Unit

    @property
    def last(self) -> int:
        """The index (1-based, :attr:`CheckpointTask.index`) of its last checkpoint."""
        return self.unit.checkpoints[-1].index


@attrs.frozen(kw_only=True)
class PlannedQuestion:
    """One sample: a question asked at one checkpoint by one unit."""

    id: str
    unit: str
    """The key of the unit that answers it."""
    task: CheckpointTask
    pair: QAPair
    persona: str

    @property
    def wave(self) -> int:
        """Its checkpoint's index (1-based): the samples of one wave run together."""
        return self.task.index


@attrs.define(eq=False)
class Plan:
    """The harness that planned the task, its units and its questions.

    Attributes:
        harness: the planner (its adapter factory, config and judging are the task's).
        units: by key.
        questions: by sample id, in wave order, then persona, then asking order.
        waves: the sample ids of each wave, in order (a wave with no question is left out).
    """

    harness: Harness
    units: dict[str, PlannedUnit]
    questions: dict[str, PlannedQuestion]
    waves: tuple[tuple[str, ...], ...]
    source: Mapping[str, str] = attrs.field(factory=dict)
    """Where its questions come from, as each sample's metadata records it: ``data`` (the data as
    resolved, an absolute path) and ``arcs`` (the arcs file), so its log can be judged again
    (:mod:`.rescore`)."""
    _days: dict[tuple[str, int], tuple[Day, ...]] = attrs.field(factory=dict)

    @property
    def factory(self) -> Any:
        return self.harness.factory

    @property
    def config(self) -> RunConfig:
        return self.harness.config

    @property
    def judging(self) -> Judging:
        """How answers are judged: the harness's own (judge, appellate, timeouts, retries)."""
        return self.harness._judging

    def days(self, question: PlannedQuestion) -> tuple[Day, ...]:
        """The days ingested when ``question`` is asked (what its judge's context may show)."""
        key = (question.unit, question.task.cutoff)
        if key not in self._days:
            ds = self.units[question.unit].dataset
            self._days[key] = ds.days_through(question.task.cutoff)
        return self._days[key]


def _data(params: TaskParams) -> str | Path:
    if params.data is not None:
        return params.data
    if SOURCE_PERSONAS_DIR.is_dir():
        return SOURCE_PERSONAS_DIR
    raise TaskInputError(
        "-T data names the data to run (a personas folder, another benchmark's data, or "
        "NAME:PATH): this installation holds no personas/ folder to default to"
    )


def plan_task(
    params: TaskParams,
    *,
    judge: Any = None,
    adapter: Adapter | Any = None,
) -> Plan:
    """Plan the task.

    Args:
        params: the task's parameters.
        judge: a judge object to use instead of ``params.judge`` (a judge over inspect's model
            role); None: ``params.judge``, loaded as ``--judge`` loads it, else the data family's
            own judge, else ``rubric``.
        adapter: an adapter (or factory) to use instead of ``params.adapter``.

    Raises:
        TaskInputError: the data, a persona, the adapter or the judge cannot be used (one line).
    """
    from ..family.opening import open_data, resolve_data

    try:
        where = resolve_data(_data(params))
        benchmark, dataset = open_data(where, params.arcs or DEFAULT_ARCS_FILE)
        factory = adapter if adapter is not None else AdapterSpec(params.adapter)
        chosen: Any = judge if judge is not None else params.judge
        if chosen is None and not (benchmark is not None and benchmark.own_default_judge):
            chosen = "rubric"
        config = RunConfig(
            ranges=params.ranges,
            # (typed Any: attrs' optional(tuple) converter leaves mypy an unbound type variable)
            personas=cast(Any, params.personas),
            arcs_file=params.arcs or DEFAULT_ARCS_FILE,
            selection=params.selection,
            lifecycle=params.lifecycle,
            # A memory system's failed answers are scored as failures, as ever; inspect decides
            # when errors fail the task (--fail-on-error), not a share of a checkpoint.
            max_adapter_errors=AdapterErrorLimit(share=None),
        )
        harness = Harness(factory, dataset, judge=chosen, config=config)
        ids = list(config.personas or dataset.persona_ids())
        personas = [dataset.load(pid) for pid in ids]
    except (ConfigError, DatasetError) as exc:
        if isinstance(exc, TaskInputError):
            raise
        raise TaskInputError(str(exc)) from None
    source = {"data": str(Path(where).absolute()), "arcs": params.arcs or DEFAULT_ARCS_FILE}
    return _plan(harness, personas, source)


def _plan(harness: Harness, personas: list[PersonaDataset], source: dict[str, str]) -> Plan:
    units: dict[str, PlannedUnit] = {}
    by_wave: dict[int, list[PlannedQuestion]] = {}
    incremental = harness.config.lifecycle != "fresh"
    for ds in personas:
        tasks = harness.tasks(ds)
        for unit in harness.units(ds, tasks):
            key = ds.id if incremental else f"{ds.id}@{unit.checkpoints[0].label}"
            units[key] = PlannedUnit(key=key, dataset=ds, unit=unit)
            for task in unit.checkpoints:
                for pair in task.selection.order:
                    question = PlannedQuestion(
                        id=sample_id(ds.id, task.label, pair.id),
                        unit=key,
                        task=task,
                        pair=pair,
                        persona=ds.id,
                    )
                    by_wave.setdefault(task.index, []).append(question)
    questions = {q.id: q for wave in sorted(by_wave) for q in by_wave[wave]}
    waves = tuple(tuple(q.id for q in by_wave[w]) for w in sorted(by_wave) if by_wave[w])
    return Plan(harness=harness, units=units, questions=questions, waves=waves, source=source)


def evidence(pair: QAPair) -> Mapping[str, Any]:
    """What a question's answer rests on: its relevant days and, where the data names turns, its
    evidence turns."""
    out: dict[str, Any] = {"relevantDays": list(pair.relevant_days)}
    turns = pair.extra.get("evidenceTurns")
    if isinstance(turns, list | tuple) and turns:
        out["evidenceTurns"] = [str(t) for t in turns]
    return out
