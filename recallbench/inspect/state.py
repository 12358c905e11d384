"""The shared ingestion state of one task: its units in the memory host, opened by the samples.

A sample's setup (:func:`~.solvers.ingest`) opens its question's unit at the question's checkpoint:
the first sample of a (unit, checkpoint) starts the unit in the memory host and waits, under the
unit's lock, until the harness has ingested the checkpoint's days; the others wait on the lock and
then find it open. Every sample of that (adapter, unit, checkpoint) shares the one ingestion.

A unit is torn down once the last wave that holds one of its checkpoints is done (:meth:`finish`),
and, whatever is left, when the task ends (:meth:`close`: from the sample source when the last wave
is done, or from the task's end hooks when the task fails or is cancelled).
"""

from __future__ import annotations

import time
import weakref

import anyio
import attrs

from ..adapters.base import Adapter, QueryDetail
from ..harness.evaluate import Evaluation, ask
from .host import MemoryHost
from .plan import Plan, PlannedQuestion
from .units import UnitStopped, UnitWork

__all__ = ["Answer", "IngestionState", "live_states"]

_LIVE: weakref.WeakSet[IngestionState] = weakref.WeakSet()


def live_states() -> list[IngestionState]:
    """The states in this process with a unit that may still run (what the end-of-run hook
    closes)."""
    return [s for s in _LIVE if s.host.running]


@attrs.frozen(kw_only=True)
class Answer:
    """What a solver got for one sample: the answer with what the memory system retrieved for it,
    or what the memory system raised; and how long it took."""

    detail: QueryDetail | None = None
    error: BaseException | None = None
    latency_ms: float = 0.0


class IngestionState:
    """The units of one task run, the adapter each opened checkpoint holds, and the answers the
    solvers leave for the scorer (by sample run: a TaskState's ``uuid``)."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.generation = 0
        """How many runs of the task have ended (a Task object may be evaluated again)."""
        self._reset()
        _LIVE.add(self)

    def _reset(self) -> None:
        """Units not yet started, nothing opened: the state a run of the task starts from."""
        plan = self.plan
        self.host = MemoryHost()
        self.works = {
            key: UnitWork(unit, factory=plan.factory, config=plan.config, judging=plan.judging)
            for key, unit in plan.units.items()
        }
        self.answers: dict[str, Answer] = {}
        self._opened: dict[tuple[str, int], Adapter | UnitStopped] = {}
        self._locks: dict[str, anyio.Lock] = {}

    # -- the samples' side ------------------------------------------------------------------------

    def question(self, sample_id: str | int) -> PlannedQuestion:
        """The planned question of a sample.

        Raises:
            KeyError: the sample is none of this task's (one line naming it).
        """
        try:
            return self.plan.questions[str(sample_id)]
        except KeyError:
            raise KeyError(f"sample {sample_id!r} is not a question of this task") from None

    async def open(self, question: PlannedQuestion) -> Adapter:
        """The adapter of the question's unit, its days ingested through the question's checkpoint
        (the first sample of the (unit, checkpoint) has it done; the others wait under the unit's
        lock).

        Raises:
            UnitStopped: the unit cannot answer (a lifecycle step failed; the message says which).
        """
        key = (question.unit, question.wave)
        found = self._opened.get(key)
        if found is None:
            lock = self._locks.setdefault(question.unit, anyio.Lock())
            async with lock:
                found = self._opened.get(key)
                if found is None:
                    found = await self._open(self.works[question.unit], question.wave)
                    self._opened[key] = found
        if isinstance(found, UnitStopped):
            raise UnitStopped(str(found))
        return found

    async def _open(self, work: UnitWork, index: int) -> Adapter | UnitStopped:
        if not work.started:
            work.started = True
            work.prepare()
            self.host.start_soon(work.run)
        try:
            return await work.open(index)
        except UnitStopped as exc:
            return exc

    async def ask(self, question: PlannedQuestion) -> Answer:
        """Ask the question's adapter as ``recallbench run`` does (:func:`~recallbench.harness.
        evaluate.ask`: its ``query_detail``, its session and date, the question timeout); what
        it raised is the answer's error."""
        adapter = await self.open(question)
        timeout = self.plan.config.question_timeout
        start = time.perf_counter()
        try:
            detail = await ask(adapter, question.pair, timeout)
        except Exception as exc:  # the memory system failed on this question: data
            return Answer(error=exc, latency_ms=(time.perf_counter() - start) * 1000)
        return Answer(detail=detail, latency_ms=(time.perf_counter() - start) * 1000)

    def judged(self, question: PlannedQuestion, evaluation: Evaluation) -> None:
        """Keep a judged answer with its checkpoint (the unit's summary of it)."""
        gate = self.works[question.unit].gates.get(question.wave)
        if gate is not None:
            gate.evaluations.append(evaluation)

    def adapter_name(self, question: PlannedQuestion) -> str:
        """The name of the question's adapter (its factory's, before it is built)."""
        found = self._opened.get((question.unit, question.wave))
        name = getattr(found, "name", None) or getattr(self.plan.factory, "name", None)
        return name if isinstance(name, str) and name else "adapter"

    # -- the task's side --------------------------------------------------------------------------

    async def finish(self, wave: int) -> None:
        """Wave ``wave`` is done: the units whose last checkpoint it held go on to their end."""
        done = [
            w
            for w in self.works.values()
            if w.started and w.planned.last <= wave and not w.stopping
        ]
        for work in done:
            work.advance(work.planned.last)

    async def close(self) -> None:
        """End every unit still running and wait until each is torn down (bounded by the
        teardown timeout, shielded from the caller's cancellation); then start afresh, for a
        next run of the same task."""
        started = [work for work in self.works.values() if work.started]
        if not started:
            return
        with anyio.CancelScope(shield=True):
            for work in started:
                work.stop()
            await self.host.wait()
        self._reset()
        self.generation += 1
