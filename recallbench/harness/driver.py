"""The driver's side of running units: which are still wanted, their outcomes, and what units running
elsewhere report.

One :class:`Driver` per run. Executors ask it whether a unit is still wanted, run units here through
it, or hand it the events a unit running elsewhere streams back (:mod:`.remote`): it writes their log
lines the moment they arrive (a killed driver keeps every answer it received; a resumed run asks
none of them again), calls the run's hooks, and merges each unit's counts into the run's state.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import attrs

from ..errors import BudgetExceeded, OutputError, RunFailed
from ..results.records import TimeRangeResult
from .budget import active_budget
from .evaluate import Judging
from .executor import UnitJob
from .hooks import Hooks
from .lifecycle import UnitOutcome, UnitRunner
from .remote import HOOK_NAMES, LOG_KINDS, Event, Shipment, UnitEnd
from .resume import LoggedCheckpoint, LoggedQuestion, ResumeLog
from .runlog import RunLogs
from .units import RunState

__all__ = ["Driver", "PersonaOutcome"]

log = logging.getLogger("recallbench.units")


@attrs.frozen(kw_only=True)
class PersonaOutcome:
    """A persona's units' outcomes put together, in unit order."""

    results: tuple[TimeRangeResult, ...]
    ingest_ms: float
    query_ms: float
    error: str | None


@attrs.define
class _Written:
    """What a unit running elsewhere has logged so far (so a retried attempt resumes after it)."""

    checkpoints: list[LoggedCheckpoint] = attrs.field(factory=list)
    questions: list[LoggedQuestion] = attrs.field(factory=list)


@attrs.define
class Driver:
    """Implements :class:`~recallbench.harness.executor.UnitWork` (and what remote executors need)
    for one run."""

    runner: UnitRunner
    state: RunState
    logs: RunLogs
    hooks: Hooks
    resume: ResumeLog
    dry_run: bool = False
    outcomes: dict[int, UnitOutcome] = attrs.field(factory=dict)
    _stopped: set[str] = attrs.field(factory=set)
    _dry_done: set[str] = attrs.field(factory=set)
    _written: dict[int, _Written] = attrs.field(factory=dict)

    # -- every executor -------------------------------------------------------------------------

    def wanted(self, job: UnitJob) -> bool:
        pid = job.unit.persona_id
        return (
            self.state.failure is None
            and self.state.refusal is None
            and pid not in self._stopped
            and pid not in self._dry_done
        )

    async def run_here(self, job: UnitJob) -> UnitOutcome:
        return await self.runner.run(job.unit, job.dataset, self.state, self.logs)

    def done(self, job: UnitJob, outcome: UnitOutcome) -> None:
        self.outcomes[job.index] = outcome
        pid = job.unit.persona_id
        if outcome.error is not None:
            self._stopped.add(pid)
        if self.dry_run and outcome.evaluated and pid not in self._dry_done:
            log.warning("[bench] dry run: %s stops after its first evaluated checkpoint", pid)
            self._dry_done.add(pid)

    def persona(self, jobs: Sequence[UnitJob]) -> PersonaOutcome:
        """The outcomes of one persona's units, in order (units that never ran are left out; the
        first error of a unit is the persona's)."""
        ran = [self.outcomes[j.index] for j in jobs if j.index in self.outcomes]
        return PersonaOutcome(
            results=tuple(r for o in ran for r in o.results),
            ingest_ms=sum(o.ingest_ms for o in ran),
            query_ms=sum(o.query_ms for o in ran),
            error=next((o.error for o in ran if o.error is not None), None),
        )

    # -- executors that run units elsewhere -----------------------------------------------------

    @property
    def stopping(self) -> bool:
        """Whether the run is failing: units in flight elsewhere should be cancelled."""
        return self.state.failure is not None or self.state.refusal is not None

    def shipment(self) -> Shipment:
        """What every unit needs, for sending to workers (the judges without this process's
        limiter)."""
        judging: Judging = attrs.evolve(self.runner.asker.judging, limiter=None)
        return Shipment(
            factory=self.runner.factory,
            config=self.runner.config,
            judging=judging,
            logs=tuple(k for k in LOG_KINDS if getattr(self.logs, k) is not None),
            hooks=tuple(h for h in HOOK_NAMES if getattr(self.hooks, h) is not None),
        )

    def resume_for(self, job: UnitJob) -> ResumeLog:
        """What a (re)started attempt of ``job`` resumes from: what the run was resumed with for its
        persona, and what earlier attempts of it logged."""
        pid = job.unit.persona_id
        written = self._written.setdefault(job.index, _Written())
        return ResumeLog(
            checkpoints=(
                *(c for c in self.resume.checkpoints if c.persona_id in (pid, None)),
                *written.checkpoints,
            ),
            questions=(
                *(q for q in self.resume.questions if q.persona_id == pid),
                *written.questions,
            ),
        )

    async def absorb(self, job: UnitJob, event: Event) -> UnitOutcome | None:
        """Take one event of a unit running elsewhere; its outcome when the event is its end."""
        kind = event[0]
        if kind == "line":
            self._write(job, event[1], event[2])
        elif kind == "hook":
            await self.hooks.call(event[1], event[2])
        elif kind == "started":
            _, host, node, pid = event
            log.info("[bench] %s runs on node %s (%s), pid %s", job.label, node, host, pid)
        elif kind == "end":
            end: UnitEnd = event[1]
            self._written.pop(job.index, None)
            self._merge(end)
            return end.outcome
        return None

    def _write(self, job: UnitJob, kind: str, record: dict[str, Any]) -> None:
        writer = getattr(self.logs, kind)
        if writer is None:
            return
        try:
            writer.write(record)
        except OutputError as exc:  # the log cannot be written: stop before paying more
            self.state.failure = self.state.failure or exc
            return
        written = self._written.setdefault(job.index, _Written())
        if kind == "questions":
            self._charge(record.get("usage"))
            qa = record.get("qa") or {}
            written.questions.append(
                LoggedQuestion(
                    persona_id=record["personaId"],
                    checkpoint=record["checkpoint"],
                    qa_id=qa.get("id", ""),
                    record=record,  # its epoch too: a unit started again re-asks none it logged
                )
            )
        elif kind == "progress" and record.get("type") == "checkpoint":
            written.checkpoints.append(
                LoggedCheckpoint(
                    persona_id=record.get("personaId"),
                    label=record["range"]["label"],
                    record=record,
                )
            )

    def _charge(self, usage: Any) -> None:
        """An answer paid for by a unit running elsewhere, which sees no budget: ``--max-cost`` is
        kept here, at the driver, after the fact — once it is spent the run stops and units in
        flight are cancelled (:mod:`.budget`)."""
        budget = active_budget()
        if budget is None or not isinstance(usage, dict):
            return
        budget.charge(usage)
        if budget.spent >= budget.max_usd and self.state.failure is None:
            budget.stopped = True
            self.state.failure = BudgetExceeded(
                f"--max-cost {budget.max_usd:g} USD: ${budget.spent:.4f} spent by units running "
                "elsewhere; the units in flight are stopped (--resume continues the run)"
            )

    def _merge(self, end: UnitEnd) -> None:
        state = self.state
        state.adapter_name = end.adapter_name or state.adapter_name  # "": the unit built none
        state.adapter_errors += end.adapter_errors
        state.judge_errors += end.judge_errors
        state.connection_errors += end.connection_errors
        state.appellate_invocations += end.appellate_invocations
        state.warnings.extend(end.warnings)
        if end.judge_usage is not None:
            state.remote_judge_usage.absorb(end.judge_usage)
        if end.appellate_usage is not None:
            state.remote_appellate_usage.absorb(end.appellate_usage)
        limit = self.runner.config.max_judge_errors
        if end.failure is not None:
            state.failure = state.failure or RunFailed(end.failure)
        elif limit is not None and state.judge_errors > limit and state.failure is None:
            state.failure = RunFailed(
                f"{state.judge_errors} questions left unscored by judge failures (more than "
                f"--max-errors {limit})"
            )
