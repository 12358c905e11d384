"""Running one unit of work: the adapter's lifecycle around each of its checkpoints.

Build the adapter (the factory's own, for this unit), healthcheck, setup, then per checkpoint: ingest the
days it adds and finalize, snapshot (``snapshot`` lifecycle), ask its questions, restore — and teardown
at the end, shielded and bounded, whatever happened. Ingestion is lazy: a unit ingests days only when a
checkpoint actually needs the adapter, which is what makes resume cheap (checkpoints a previous attempt
finished are rebuilt from its logs) and what makes the catch-up ingest of a resumed incremental run fall
out naturally. A failing lifecycle step stops the unit's persona (:class:`PersonaStopped`); a failing
question is only that question's data.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import attrs

from .._importing import describe
from ..adapters.base import Adapter, check_adapter
from ..adapters.capabilities import capability_message, missing_capabilities
from ..adapters.lifespan import HeldAdapter, LifecycleStepError, held
from ..data.corpus import DELETE_BEFORE_ASKING, DELETE_DELAY_MS, PersonaDataset
from ..data.qa import QAPair
from ..errors import BudgetExceeded, ConfigError, RunFailed, WritesRefused
from ..results.aggregate import summarize_checkpoint
from ..results.measures import latency_stats, summarize_retrieval
from ..results.records import TimeRangeResult
from .config import RunConfig
from .evaluate import Evaluation
from .hooks import CheckpointDone, CheckpointStarted, Hooks
from .questions import QuestionAsker, askings
from .resume import ResumeLog, logged_answer, rebuild_checkpoint
from .runlog import RunLogs, checkpoint_record
from .units import PersonaStopped, RunState, Unit

__all__ = ["UnitOutcome", "UnitRunner"]

_WRITES = frozenset({"ingest_day", "delete_memory"})
"""The steps whose :class:`~recallbench.errors.WritesRefused` is counted, not a failure."""

log = logging.getLogger("recallbench")


@attrs.frozen(kw_only=True)
class UnitOutcome:
    """What one unit of work produced: its checkpoints' results, in order, and its timings.

    Attributes:
        results: the checkpoints it finished (those before a failure, when it stopped).
        ingest_ms, query_ms: wall time spent ingesting (with finalize) and asking.
        evaluated: whether any checkpoint was evaluated (not only rebuilt from a resumed log).
        error: why the persona stopped (a lifecycle step failed), or None.
    """

    results: tuple[TimeRangeResult, ...] = ()
    ingest_ms: float = 0.0
    query_ms: float = 0.0
    evaluated: bool = False
    error: str | None = None


@attrs.frozen
class UnitRunner:
    """Runs units of work, each with a fresh adapter from ``factory``."""

    factory: Callable[[], Adapter | Awaitable[Adapter]]
    config: RunConfig
    hooks: Hooks
    resume: ResumeLog
    asker: QuestionAsker

    async def _build_adapter(self) -> Adapter:
        """One adapter from the factory, checked as ``--adapter`` checks one.

        Raises:
            ConfigError: the factory built something else, naming what it lacks (the run stops:
                every unit would build the same).
        """
        built = self.factory()
        adapter = await built if isinstance(built, Awaitable) else built
        factory = getattr(self.factory, "factory", self.factory)  # a PrimedFactory's own
        return check_adapter(adapter, f"the adapter factory {describe(factory)}")

    async def run(
        self, unit: Unit, ds: PersonaDataset, state: RunState, logs: RunLogs
    ) -> UnitOutcome:
        """Run one unit: its checkpoints' results and timings. A failing lifecycle step ends it with
        the persona's ``error``; a run-stopping failure (:class:`~recallbench.errors.RunFailed`) is
        set on ``state.failure`` and the unit returns what it finished."""
        results: list[TimeRangeResult] = []
        timing = {"ingest": 0.0, "query": 0.0}
        error: str | None = None
        evaluated = False
        try:
            # Days an imported dataset left on disk are read for this unit and go when it ends.
            evaluated = await self._run(unit, ds.loaded(), state, logs, results, timing)
        except PersonaStopped as exc:
            error = str(exc)
            log.error("[bench] %s stopped: %s", ds.id, error)
        except RunFailed as exc:
            state.failure = state.failure or exc
        except ConfigError as exc:  # called wrong (.given_adapter): raised by the run, at once
            state.refusal = state.refusal or exc
            error = str(exc)
        return UnitOutcome(
            results=tuple(results),
            ingest_ms=timing["ingest"],
            query_ms=timing["query"],
            evaluated=evaluated,
            error=error,
        )

    async def _run(
        self,
        unit: Unit,
        ds: PersonaDataset,
        state: RunState,
        logs: RunLogs,
        results: list[TimeRangeResult],
        timing: dict[str, float],
    ) -> bool:
        holders: list[HeldAdapter] = []
        try:
            async with contextlib.AsyncExitStack() as stack:
                return await self._checkpoints(
                    unit, ds, state, logs, results, timing, stack, holders
                )
        except LifecycleStepError as exc:
            if isinstance(exc.cause, BudgetExceeded):
                raise exc.cause from None
            raise PersonaStopped(self._step_message(exc)) from exc
        finally:
            for holder in holders:
                error = holder.teardown_error
                if error is not None and error.timed_out:
                    warning = (
                        f"{unit.persona_id}: the adapter's teardown did not finish within "
                        f"{error.limit:g} s (--teardown-timeout); it was abandoned"
                    )
                    log.warning("[bench] %s", warning)
                    state.warnings.append(warning)

    async def _checkpoints(
        self,
        unit: Unit,
        ds: PersonaDataset,
        state: RunState,
        logs: RunLogs,
        results: list[TimeRangeResult],
        timing: dict[str, float],
        stack: contextlib.AsyncExitStack,
        holders: list[HeldAdapter],
    ) -> bool:
        adapter: Adapter | None = None
        ingested = 0
        if self.config.skip_catchup_ingest and self.config.lifecycle != "fresh":
            ingested = self.resume.max_days_ingested(ds.id)
        evaluated_any = False
        for task in unit.checkpoints:
            logged = self.resume.answered(ds.id, task.label)
            cached = self.resume.checkpoint(ds.id, task.label)
            order = task.selection.order
            if cached is not None and order and not logged:
                # Resumed from a progress file without question records: keep its summary.
                results.append(rebuild_checkpoint(task, cached.record))
                continue
            found = [logged_answer(logged, p.id, e) for p, e in askings(order, self.config.epochs)]
            needs_adapter = any(q is None or q.reask for q in found)
            ingest_ms = 0.0
            finalize_ms: float | None = None
            new_days = 0
            refused = 0
            if needs_adapter:
                if adapter is None:
                    adapter = await self._start(state, ds, stack, holders)
                t0 = time.perf_counter()
                new_days, finalize_ms, refused = await self._ingest(
                    adapter, ds, ingested, task.cutoff
                )
                ingested = max(ingested, task.cutoff)
                ingest_ms = (time.perf_counter() - t0) * 1000
                timing["ingest"] += ingest_ms
            token = None
            if needs_adapter and self.config.lifecycle == "snapshot":
                token = await self._step(adapter, "snapshot", "snapshot")
            if adapter is not None and needs_adapter:
                refused += await self._delete(adapter, ds.id, order)
            await self.hooks.call(
                "on_checkpoint_start",
                CheckpointStarted(
                    persona_id=ds.id,
                    index=task.index,
                    total=task.total,
                    range=task.selection.range,
                    questions=len(order),
                ),
            )
            t0 = time.perf_counter()
            evaluations = await self.asker.ask_checkpoint(adapter, ds, task, logged, state, logs)
            query_ms = (time.perf_counter() - t0) * 1000
            timing["query"] += query_ms
            if token is not None:
                await self._step(adapter, "restore", "restore", token)
            result = summarize_checkpoint(
                task.selection.range,
                task.cutoff,
                [e.result for e in evaluations if e.scored],
                task.selection.eligible_by_category,
                [e.result for e in evaluations if not e.scored],
            )
            result = attrs.evolve(
                result,
                retrieval=summarize_retrieval(e.result for e in evaluations),
                query_latency_ms=latency_stats(e.result.latency_ms for e in evaluations),
                ingest_ms=round(ingest_ms - (finalize_ms or 0.0), 3) if needs_adapter else None,
                new_days_ingested=new_days if needs_adapter else None,
                finalize_ms=round(finalize_ms, 3) if finalize_ms is not None else None,
                writes_refused=(refused if needs_adapter else _logged_refusals(cached)) or None,
            )
            results.append(result)
            rejudged = any(q.redo for q in logged.values())
            resumed = not needs_adapter and not rejudged and bool(order)
            evaluated_any = evaluated_any or not resumed
            if logs.progress is not None and not (resumed and cached is not None):
                # A logged checkpoint is not logged twice.
                logs.progress.write(
                    checkpoint_record(
                        ds.id, task, result, ingest_ms, query_ms, new_days, state.adapter_name
                    )
                )
            await self.hooks.call(
                "on_checkpoint_done",
                CheckpointDone(
                    persona_id=ds.id,
                    index=task.index,
                    total=task.total,
                    result=result,
                    new_days=new_days,
                    new_questions=len(task.selection.new),
                    historical_asked=len(task.selection.historical),
                    historical_available=task.selection.historical_available,
                    ingest_ms=ingest_ms,
                    query_ms=query_ms,
                    resumed=resumed,
                ),
            )
            self._check_adapter_errors(ds.id, task.label, evaluations, state)
        return evaluated_any

    def _check_adapter_errors(
        self, persona_id: str, label: str, evaluations: list[Evaluation], state: RunState
    ) -> None:
        """Fail the run once the memory system failed more questions than the limit allows
        (checked when a checkpoint is complete, so its answers are all logged and reported)."""
        failed = [
            e.result.error
            for e in evaluations
            if e.result.error is not None and e.result.error.stage == "query"
        ]
        limit = self.config.max_adapter_errors
        why = limit.exceeded(len(failed), len(evaluations), state.adapter_errors)
        if why is None or not failed:
            return
        first = failed[0]
        raise RunFailed(
            f"the memory system failed {len(failed)} of {len(evaluations)} questions at "
            f"{persona_id} {label} ({why}; --max-adapter-errors {limit}); the first: "
            f"{first.type}: {first.message}"
        )

    async def _delete(self, adapter: Adapter, ds_id: str, order: tuple[QAPair, ...]) -> int:
        """Delete, through the adapter, the memories the checkpoint's questions ask to be gone
        (add-delete-verify benchmarks), then wait the longest phase delay they name; returns the
        deletions the memory system refused (counted as ingestion's are)."""
        targets = dict.fromkeys(
            str(p.extra[DELETE_BEFORE_ASKING]) for p in order if DELETE_BEFORE_ASKING in p.extra
        )
        refused = 0
        for memory_id in targets:
            try:
                await self._step(
                    adapter, "delete_memory", f"deleting memory {memory_id}", memory_id
                )
            except WritesRefused as exc:
                refused += exc.count
                log.warning("[bench] %s: deleting memory %s: %s", ds_id, memory_id, exc)
        delays = [
            p.extra.get(DELETE_DELAY_MS) or 0 for p in order if DELETE_BEFORE_ASKING in p.extra
        ]
        if targets and max(delays) > 0:
            await anyio.sleep(max(delays) / 1000)
        return refused

    async def _start(
        self,
        state: RunState,
        ds: PersonaDataset,
        stack: contextlib.AsyncExitStack,
        holders: list[HeldAdapter],
    ) -> Adapter:
        try:
            adapter = await self._build_adapter()
        except (PersonaStopped, ConfigError):
            raise
        except Exception as exc:
            raise PersonaStopped(
                f"building the adapter failed: {type(exc).__name__}: {exc}"
            ) from exc
        state.adapter_name = adapter.name
        if getattr(adapter, "healthcheck", None) is not None:
            name = await self._step(adapter, "healthcheck", "healthcheck")
            if isinstance(name, str) and name:
                state.adapter_name = name
        # Known now for a remote adapter too (its Healthcheck says what its server does).
        missing = missing_capabilities(adapter, ds.required_capabilities)
        if missing:
            raise PersonaStopped(
                capability_message(state.adapter_name, missing, ds.benchmark or ds.id)
            )
        # Held by a task of its own from setup to teardown (what setup opens, teardown closes in
        # the same task: adapters.lifespan); the stack's exit at the end of the unit releases it.
        limits = self.config.lifecycle_timeouts
        holder = await stack.enter_async_context(
            held(adapter, setup_timeout=limits.setup, teardown_timeout=limits.teardown)
        )
        holders.append(holder)
        return adapter

    def _step_message(self, error: LifecycleStepError) -> str:
        """What a failed setup or teardown tells the user: the timeout's flag when it timed out."""
        if error.timed_out:
            return f"{error} (--{error.step}-timeout)"
        return str(error)

    async def _step(self, adapter: Any, method: str, what: str, *args: Any) -> Any:
        """One lifecycle call, bounded by its timeout; any failure, a timeout and an adapter calling
        ``sys.exit`` stop the persona. (Setup and teardown are the holder's: :func:`held`.)"""
        limits = self.config.lifecycle_timeouts
        limit, flag = {
            "healthcheck": (limits.setup, "--setup-timeout"),
        }.get(method, (limits.ingest, "--ingest-timeout"))
        try:
            if limit is None:
                return await getattr(adapter, method)(*args)
            with anyio.CancelScope(deadline=anyio.current_time() + limit):
                return await getattr(adapter, method)(*args)
        except BudgetExceeded:  # an in-process adapter's model call past --max-cost: the run stops
            raise
        except WritesRefused as exc:  # counted by _ingest and _delete; elsewhere a failure
            if method in _WRITES:
                raise
            raise PersonaStopped(f"{what} failed: {type(exc).__name__}: {exc}") from exc
        except (Exception, SystemExit, KeyboardInterrupt) as exc:  # the adapter's own raise
            raise PersonaStopped(f"{what} failed: {type(exc).__name__}: {exc}") from exc
        raise PersonaStopped(f"{what} did not finish within {limit:g} s ({flag})") from None

    async def _ingest(
        self, adapter: Adapter, ds: PersonaDataset, after: int, cutoff: int
    ) -> tuple[int, float, int]:
        """Ingest days ``after < n <= cutoff`` and finalize; returns (days ingested, finalize ms,
        writes refused). A day whose writes the memory system partly refused
        (:class:`~recallbench.errors.WritesRefused`) is counted, logged and passed — what the
        system answered, as a question's error is, not a failure of the run (no exit 1); any other
        failure stops the unit."""
        days = ds.days_through(cutoff, after=after)
        isolated = tuple(s.id for s in ds.definition.sessions() if s.isolated)
        refused = 0
        for day in days:
            try:
                await self._step(
                    adapter,
                    "ingest_day",
                    f"ingesting day {day.number}",
                    day.number,
                    day.content,
                    day.metadata(ds.id, isolated),
                )
            except WritesRefused as exc:  # the system's answer, like a question's error: data
                refused += exc.count
                log.warning("[bench] %s: day %d: %s", ds.id, day.number, exc)
        t0 = time.perf_counter()
        await self._step(adapter, "finalize_ingestion", "finalize_ingestion")
        return len(days), (time.perf_counter() - t0) * 1000, refused


def _logged_refusals(cached: Any) -> int:
    """The writes refused at a checkpoint an earlier attempt logged (its progress record's
    ``writesRefused``), for a resumed checkpoint that ingests nothing again."""
    value = cached.record.get("writesRefused") if cached is not None else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0
