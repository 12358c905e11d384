"""One unit of work: the harness's own lifecycle, its questions asked by the samples.

Each unit runs :class:`~recallbench.harness.lifecycle.UnitRunner` — the code ``recallbench run``
runs: build the adapter, health-check it, set it up in a task that holds it, check its
capabilities, then per checkpoint ingest the days it adds and finalize, delete what the checkpoint's
questions ask to be gone, ask, and at the end tear it down in the task that set it up. Only the
asking differs: where the harness's :class:`~recallbench.harness.questions.QuestionAsker` asks a
checkpoint's questions itself, :class:`GateAsker` opens the checkpoint's *gate* — the adapter, as
ingested through that checkpoint — to the samples, and waits until the unit is told to go on.

The unit goes on past checkpoint *k* only when a sample of a later checkpoint asks for it (so the
samples of checkpoint *k* are all done: they are an earlier wave) or when the task says *k* was its
last; so a unit never answers a question of an earlier checkpoint after ingesting later days, and
ingests nothing no sample needs. The unit runs as a task of the memory host (:mod:`.host`).
"""

from __future__ import annotations

import logging
from typing import Any

import anyio
import attrs

from ..adapters.base import Adapter
from ..data.corpus import PersonaDataset
from ..harness.config import RunConfig
from ..harness.evaluate import Evaluation, Judging
from ..harness.hooks import Hooks
from ..harness.lifecycle import UnitOutcome, UnitRunner
from ..harness.questions import QuestionAsker
from ..harness.resume import LoggedQuestion, ResumeLog
from ..harness.runlog import RunLogs
from ..harness.units import CheckpointTask, PersonaStopped, RunState
from .plan import PlannedUnit

__all__ = ["Gate", "GateAsker", "UnitStopped", "UnitWork"]

log = logging.getLogger("recallbench")


class UnitStopped(RuntimeError):
    """A unit cannot answer: a lifecycle step failed (setup, ingestion …) or the task ended."""


@attrs.define(eq=False)
class Gate:
    """One checkpoint of a unit: open once its days are ingested, released once its samples are
    done (its events are made in the running loop, by :meth:`UnitWork.prepare`)."""

    task: CheckpointTask
    opened: anyio.Event
    released: anyio.Event
    adapter: Adapter | None = None
    evaluations: list[Evaluation] = attrs.field(factory=list)
    """What the samples' scorers made of its answers (the unit's summary of the checkpoint)."""


@attrs.frozen
class GateAsker(QuestionAsker):
    """The harness's question asker with the asking left to the samples (module docstring)."""

    work: UnitWork | None = None

    async def ask_checkpoint(
        self,
        adapter: Adapter | None,
        ds: PersonaDataset,
        task: CheckpointTask,
        logged: dict[str, LoggedQuestion],
        state: RunState,
        logs: RunLogs,
    ) -> list[Evaluation]:
        assert self.work is not None
        gate = self.work.gates[task.index]
        gate.adapter = adapter
        gate.opened.set()
        await gate.released.wait()
        if self.work.stopping and self.work.released_through < task.index:
            raise PersonaStopped(f"the task ended before checkpoint {task.label} was done")
        return list(gate.evaluations)


class UnitWork:
    """A unit of work: its gates, its runner and what came of it (:attr:`outcome`, the
    harness's summary of each checkpoint from the samples' judged answers; :attr:`error`)."""

    def __init__(
        self, planned: PlannedUnit, *, factory: Any, config: RunConfig, judging: Judging
    ) -> None:
        self.planned = planned
        self.gates: dict[int, Gate] = {}
        self.released_through = 0
        self.stopping = False
        self.started = False
        self.outcome: UnitOutcome | None = None
        self.error: str | None = None
        self._scope: anyio.CancelScope | None = None
        self._finished: anyio.Event | None = None
        self._runner = UnitRunner(
            factory=factory,
            config=config,
            hooks=Hooks(),
            resume=ResumeLog(),
            asker=GateAsker(config=config, hooks=Hooks(), judging=judging, work=self),
        )

    @property
    def key(self) -> str:
        return self.planned.key

    def prepare(self) -> None:
        """Make the unit's events (in the running event loop)."""
        if self._finished is not None:
            return
        self._finished = anyio.Event()
        for task in self.planned.unit.checkpoints:
            self.gates[task.index] = Gate(task=task, opened=anyio.Event(), released=anyio.Event())

    async def run(self) -> None:
        """The unit, from building its adapter to tearing it down (a task of the memory host,
        which never raises: what went wrong is :attr:`error`)."""
        self.prepare()
        assert self._finished is not None
        state = RunState(adapter_name="adapter")
        logs = RunLogs(progress=None, questions=None, failures=None)
        try:
            with anyio.CancelScope() as scope:
                self._scope = scope
                if self.stopping:
                    scope.cancel()
                self.outcome = await self._runner.run(
                    self.planned.unit, self.planned.dataset, state, logs
                )
                self.error = self.outcome.error
            if scope.cancelled_caught:
                self.error = self.error or "the task ended"
        except Exception as exc:  # a failure of ours or the adapter's, outside its lifecycle steps
            self.error = f"{type(exc).__name__}: {exc}"
            log.error("[bench] %s stopped: %s", self.key, self.error)
        finally:
            if state.failure is not None:
                self.error = self.error or str(state.failure)
            for gate in self.gates.values():
                gate.opened.set()  # whoever waits learns the unit is over
            self._finished.set()

    async def open(self, index: int) -> Adapter:
        """The adapter, once checkpoint ``index`` is ingested: the unit goes on past its earlier
        checkpoints (their samples are done).

        Raises:
            UnitStopped: the unit stopped before (a lifecycle step failed, or the task ended).
        """
        self.prepare()
        self.advance(index - 1)
        gate = self.gates[index]
        await gate.opened.wait()
        if gate.adapter is None or self.released_through >= index:
            why = self.error or (
                "its checkpoint was already passed"
                if self.released_through >= index
                else "it stopped"
            )
            raise UnitStopped(f"{self.key}: {why}")
        return gate.adapter

    def advance(self, through: int) -> None:
        """Let the unit go on past checkpoint ``through`` (and every one before it)."""
        if through <= self.released_through:
            return
        self.released_through = through
        for index, gate in self.gates.items():
            if index <= through:
                gate.released.set()

    def stop(self) -> None:
        """End the unit where it is: what it waits for or does (a gate, ingestion, setup) is
        cancelled and its adapter torn down, bounded and shielded, in the task that set it up. A
        unit whose last checkpoint has been released is ending by itself and is left to."""
        self.stopping = True
        if self._scope is not None and self.released_through < self.planned.last:
            self._scope.cancel()
            return
        for gate in self.gates.values():  # not running yet (or ending): nothing to cancel
            gate.released.set()
