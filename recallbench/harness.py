"""The harness: feed each persona's days to the adapter, ask the checkpoint questions, judge, record.

Work is cut into explicit **units**, each with an adapter of its own built by the factory: one unit per
checkpoint in the ``fresh`` lifecycle (setup → ingest 1..N → finalize → query → teardown, nothing leaks
between checkpoints), one unit per persona in the ``incremental`` and ``snapshot`` lifecycles. Which
questions a checkpoint asks is decided up front by the pure selection functions, so a unit needs nothing
from the units before it — and a resumed run asks exactly what an uninterrupted one would.

Ingestion is lazy: a unit ingests days only when a checkpoint actually needs the adapter, which is what
makes resume cheap (checkpoints a previous attempt finished are rebuilt from its logs) and what makes the
catch-up ingest of a resumed incremental run fall out naturally.
"""

from __future__ import annotations

import inspect
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import anyio
import attrs

from ._convert import to_json as json_of
from .aggregate import (
    disclosure_breakdown,
    merge_disclosure,
    merge_heatmaps,
    persona_heatmap,
    summarize_checkpoint,
)
from .config import RunConfig, RunOutput
from .corpus import PersonaDataset
from .dataset import DirectoryDataset
from .errors import ConfigError, RunFailed
from .evaluate import Evaluation, Judging, evaluate, to_score
from .hooks import CheckpointDone, CheckpointStarted, Hooks, QuestionDone, RunStarted
from .judges.usage import JudgeUsage
from .measures import latency_stats, question_retrieval, run_timing, summarize_retrieval
from .protocols import Adapter, AdapterFactory, Dataset, Judge, ScoreFunction, as_judge
from .qa import CATEGORIES, DIFFICULTIES, QAPair
from .ranges import normalize_ranges
from .results import (
    BenchmarkResult,
    CategoryScore,
    DifficultyStats,
    PersonaResult,
    QuestionError,
    QuestionResult,
    RunMetadata,
    RunTiming,
    TimeRangeResult,
)
from .runlog import JsonlWriter, ResumeLog, iso_now, question_log_qa, write_result
from .scoring import StubJudge
from .selection import CheckpointSelection, iter_checkpoints

__all__ = ["CheckpointTask", "Harness", "StubJudge", "Unit", "run", "run_sync"]

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


class _PersonaStopped(Exception):
    """Setup, ingestion, finalize, snapshot or teardown failed: this persona cannot go on."""


@attrs.define
class _RunState:
    """What the run accumulates as it goes."""

    adapter_name: str
    judge_usage: JudgeUsage | None = None
    appellate_usage: JudgeUsage | None = None
    judge_errors: int = 0
    adapter_errors: int = 0
    appellate_invocations: int = 0
    failure: RunFailed | None = None
    """Set when too many judge errors piled up; the workers stop and the run raises it."""


def _as_factory(adapter: Adapter | AdapterFactory) -> Callable[[], Adapter | Awaitable[Adapter]]:
    # An adapter class with a class-level `name` passes the protocol check: it is a factory.
    if callable(adapter) and (inspect.isclass(adapter) or not isinstance(adapter, Adapter)):
        return adapter
    if not isinstance(adapter, Adapter):
        raise ConfigError(
            f"expected an adapter (name, async setup/ingest_day/finalize_ingestion/query/teardown) or "
            f"a factory returning one, got {type(adapter).__name__}"
        )
    instance = adapter
    return lambda: instance


class Harness:
    """Runs a benchmark: compose an adapter (or a factory of adapters), a dataset and a judge.

    Args:
        adapter: the memory system under test, or a zero-argument factory (sync or async) building a
            fresh one per unit of work.
        dataset: a :class:`~recallbench.protocols.Dataset`, or a data directory (read with
            ``config.arcs_file``).
        judge: scores answers; a Judge or an async ``score`` function. None: the stub judge (zeros).
        appellate_judge: re-scores answers the primary judge failed (reference §2.10).
        config: what to run (ranges, lifecycle, parallelism, timeouts, …).
        output: where to write result.json and the JSONL logs (None: nothing is written).
        hooks: callbacks for embedders.
        resume: what earlier attempts logged (:func:`recallbench.runlog.read_resume_log`).
    """

    def __init__(
        self,
        adapter: Adapter | AdapterFactory,
        dataset: Dataset | Path | str,
        *,
        judge: Judge | ScoreFunction | None = None,
        appellate_judge: Judge | ScoreFunction | None = None,
        config: RunConfig | None = None,
        output: RunOutput | None = None,
        hooks: Hooks | None = None,
        resume: ResumeLog | None = None,
    ):
        self.config = config or RunConfig()
        self.factory = _as_factory(adapter)
        self._name_hint = adapter.name if isinstance(adapter, Adapter) else None
        self.dataset: Dataset = (
            DirectoryDataset(Path(dataset), self.config.arcs_file)
            if isinstance(dataset, str | Path)
            else dataset
        )
        self.judge = as_judge(judge) if judge is not None else StubJudge()
        self.appellate = as_judge(appellate_judge) if appellate_judge is not None else None
        if self.config.judge_cache is not None:
            self.judge = _cached(self.judge, self.config.judge_cache)
            if self.appellate is not None:
                self.appellate = _cached(self.appellate, self.config.judge_cache)
        if self.config.judge_model is None and not isinstance(self.judge, StubJudge):
            # Name a judge given as an object, so results never look stub-judged when they are not.
            name = getattr(self.judge, "name", None) or type(self.judge).__name__
            self.config = attrs.evolve(self.config, judge_model=str(name))
        if self.appellate is not None and self.config.appellate_judge_model is None:
            name = getattr(self.appellate, "name", None) or type(self.appellate).__name__
            self.config = attrs.evolve(self.config, appellate_judge_model=str(name))
        self.output = output or RunOutput()
        self.hooks = hooks or Hooks()
        self.resume = resume or ResumeLog()
        self.ranges = normalize_ranges(self.config.ranges)
        self._judging = Judging(
            judge=self.judge,
            appellate=self.appellate,
            timeout=self.config.judge_timeout or self.config.question_timeout,
            retry=self.config.judge_retry,
            window=self.config.judge_memory_window,
        )

    # -- planning ---------------------------------------------------------------------------------

    def tasks(self, ds: PersonaDataset) -> tuple[CheckpointTask, ...]:
        """Every checkpoint of a persona with its questions, decided up front."""
        total = len(self.ranges)
        return tuple(
            CheckpointTask(
                index=i, total=total, cutoff=int(min(s.range.days, ds.max_day)), selection=s
            )
            for i, s in enumerate(iter_checkpoints(ds.qa, self.ranges, self.config.selection), 1)
        )

    def units(self, ds: PersonaDataset) -> tuple[Unit, ...]:
        """The units of work for one persona under the configured lifecycle."""
        tasks = self.tasks(ds)
        if self.config.lifecycle == "fresh":
            return tuple(Unit(persona_id=ds.id, checkpoints=(t,)) for t in tasks)
        return (Unit(persona_id=ds.id, checkpoints=tasks),)

    # -- running ----------------------------------------------------------------------------------

    async def run(self) -> BenchmarkResult:
        """Run every persona; write the artifacts; return the result.

        Raises:
            RunFailed: more questions than ``max_judge_errors`` were left unscored by judge failures
                (``.result`` holds what was finished; every log line written so far is kept).
        """
        started = time.perf_counter()
        timestamp = iso_now()
        ids = list(self.config.personas or self.dataset.persona_ids())
        datasets = [self.dataset.load(pid) for pid in ids]
        state = _RunState(
            adapter_name=self._initial_name(),
            judge_usage=_usage_now(self.judge),
            appellate_usage=_usage_now(self.appellate),
        )
        progress = JsonlWriter(self.output.progress) if self.output.progress else None
        questions = JsonlWriter(self.output.questions) if self.output.questions else None
        failures = (
            JsonlWriter(self.output.failures) if self.output.failures and self.appellate else None
        )
        writers = _Writers(progress=progress, questions=questions, failures=failures)
        all_tasks = [self.tasks(ds) for ds in datasets]
        await self.hooks.call(
            "on_run_start",
            RunStarted(
                personas=tuple(ids),
                checkpoints=sum(len(t) for t in all_tasks),
                questions=sum(len(c.selection.order) for t in all_tasks for c in t),
            ),
        )
        self._write_header(writers, state, timestamp, ids)
        personas: list[PersonaResult] = []
        failure: RunFailed | None = None
        try:
            try:
                for ds in datasets:
                    personas.append(await self._run_persona(ds, state, writers))
            except RunFailed as exc:
                failure = exc
            return await self._finish(timestamp, started, state, personas, writers, failure)
        finally:
            writers.close()
            await self._close_judges()

    async def _close_judges(self) -> None:
        """Release the judges' connections (an HTTP provider reopens its session if used again)."""
        for judge in (self.judge, self.appellate):
            aclose = getattr(judge, "aclose", None)
            if aclose is None:
                continue
            with anyio.CancelScope(shield=True):
                try:
                    await aclose()
                except Exception as exc:  # closing is best effort; the run's results stand
                    log.warning("[bench] closing judge %s failed: %s", judge, exc)

    async def _finish(
        self,
        timestamp: str,
        started: float,
        state: _RunState,
        personas: list[PersonaResult],
        writers: _Writers,
        failure: RunFailed | None,
    ) -> BenchmarkResult:
        progress = writers.progress
        duration_ms = round((time.perf_counter() - started) * 1000)
        result = self._result(timestamp, state, personas, duration_ms)
        if progress is not None and failure is None:
            summary: dict[str, Any] = {
                "type": "summary",
                "timestamp": iso_now(),
                "durationMs": duration_ms,
                "totalEvalsRun": result.metadata.total_evals_run,
                "uniqueQAPairCount": result.metadata.unique_qa_pair_count,
            }
            if self.appellate is not None:
                summary["appellateInvocations"] = state.appellate_invocations
            if result.metadata.judge_usage is not None:
                summary["judgeUsage"] = dict(result.metadata.judge_usage)
            if result.metadata.appellate_judge_usage is not None:
                summary["appellateJudgeUsage"] = dict(result.metadata.appellate_judge_usage)
            progress.write(summary)
        writers.close()
        if self.output.result_json is not None:
            write_result(self.output.result_json, result)
        if failure is not None:
            failure.result = result  # type: ignore[attr-defined]
            raise failure
        return result

    def _initial_name(self) -> str:
        """The adapter's name before setup (a factory's name, or "adapter")."""
        name = self._name_hint or getattr(self.factory, "name", None)
        return name if isinstance(name, str) and name else "adapter"

    def _write_header(
        self, writers: _Writers, state: _RunState, timestamp: str, persona_ids: Sequence[str]
    ) -> None:
        if writers.progress is None:
            return
        cfg = self.config
        header: dict[str, Any] = {
            "type": "header",
            "timestamp": timestamp,
            "adapterName": state.adapter_name,
            "ranges": json_of(list(cfg.ranges)),
            "sample": cfg.selection.sample,
            "judgeMemoryWindow": cfg.judge_memory_window or None,
            "groupsEnabled": cfg.selection.groups_enabled,
            **self._model_labels(),
            "lifecycle": cfg.lifecycle,
            # Ours: what the run will cover, so a reader of an unfinished run knows how far it got.
            "personas": list(persona_ids),
            "resumed": bool(self.resume.checkpoints or self.resume.questions) or None,
        }
        writers.progress.write({k: v for k, v in header.items() if v is not None})

    def _model_labels(self) -> dict[str, str | None]:
        hc = self.config.harness_config

        def text(key: str) -> str | None:
            value = hc.get(key)
            return value if isinstance(value, str) else None

        return {
            "synthesisModel": text("synthesisModel"),
            "embeddingProvider": text("embeddingProvider"),
            "embeddingModel": text("embeddingModel"),
            "judgeModel": self.config.judge_model,
            "appellateJudgeModel": self.config.appellate_judge_model,
        }

    async def _run_persona(
        self, ds: PersonaDataset, state: _RunState, writers: _Writers
    ) -> PersonaResult:
        results: list[TimeRangeResult] = []
        timing = {"ingest": 0.0, "query": 0.0}
        error: str | None = None
        for unit in self.units(ds):
            try:
                evaluated = await self._run_unit(unit, ds, state, writers, results, timing)
            except _PersonaStopped as exc:
                error = str(exc)
                log.error("[bench] %s stopped: %s", ds.id, error)
                break
            if self.config.dry_run and evaluated:
                log.warning("[bench] dry run: %s stops after its first evaluated checkpoint", ds.id)
                break
        heatmap = persona_heatmap(results)
        return PersonaResult(
            persona_id=ds.id,
            adapter_name=state.adapter_name,
            range_results=tuple(results),
            heatmap=heatmap,
            total_ingestion_ms=round(timing["ingest"]),
            total_query_ms=round(timing["query"]),
            unique_qa_pair_count=len(ds.qa),
            total_evals_run=sum(r.questions_evaluated for r in results),
            disclosure_breakdown=disclosure_breakdown(
                q for r in results for q in r.question_results
            ),
            error=error,
            retrieval=summarize_retrieval(_answers(results)),
            timing=_timing(results),
        )

    async def _build_adapter(self) -> Adapter:
        built = self.factory()
        adapter = await built if isinstance(built, Awaitable) else built
        if not isinstance(adapter, Adapter):
            raise _PersonaStopped(
                f"the adapter factory returned {type(adapter).__name__}, not an adapter"
            )
        return adapter

    async def _run_unit(
        self,
        unit: Unit,
        ds: PersonaDataset,
        state: _RunState,
        writers: _Writers,
        results: list[TimeRangeResult],
        timing: dict[str, float],
    ) -> bool:
        """Run one unit; append its checkpoint results. Returns whether any checkpoint was evaluated
        (as opposed to rebuilt from a resumed log)."""
        adapter: Adapter | None = None
        ingested = 0
        if self.config.skip_catchup_ingest and self.config.lifecycle != "fresh":
            ingested = self.resume.max_days_ingested(ds.id)
        evaluated_any = False
        try:
            for task in unit.checkpoints:
                logged = self.resume.answered(ds.id, task.label)
                cached = self.resume.checkpoint(ds.id, task.label)
                order = task.selection.order
                if cached is not None and order and not logged:
                    # Resumed from a progress file without question records: keep its summary.
                    results.append(_cached_summary(task, cached.record))
                    continue
                needs_adapter = any(p.id not in logged for p in order)
                ingest_ms = 0.0
                finalize_ms: float | None = None
                new_days = 0
                if needs_adapter:
                    if adapter is None:
                        adapter = await self._start(state)
                    t0 = time.perf_counter()
                    new_days, finalize_ms = await self._ingest(adapter, ds, ingested, task.cutoff)
                    ingested = max(ingested, task.cutoff)
                    ingest_ms = (time.perf_counter() - t0) * 1000
                    timing["ingest"] += ingest_ms
                token = None
                if needs_adapter and self.config.lifecycle == "snapshot":
                    token = await self._step(adapter, "snapshot", "snapshot")
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
                evaluations = await self._ask_all(adapter, ds, task, logged, state, writers)
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
                )
                results.append(result)
                rejudged = any(q.judge_failed for q in logged.values())
                resumed = not needs_adapter and not rejudged and bool(order)
                evaluated_any = evaluated_any or not resumed
                if not (resumed and cached is not None):  # a logged checkpoint is not logged twice
                    self._write_checkpoint(
                        writers, ds.id, task, result, ingest_ms, query_ms, new_days
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
        except _PersonaStopped:
            if adapter is not None:
                # The unit already failed: its first error is the reason given; a teardown that
                # fails too (a dead server fails both) is only logged.
                with anyio.CancelScope(shield=True), anyio.move_on_after(60):
                    try:
                        await self._step(adapter, "teardown", "teardown")
                    except _PersonaStopped as exc:
                        log.warning(
                            "[bench] %s: %s (after the failure above)", unit.persona_id, exc
                        )
                adapter = None
            raise
        finally:
            if adapter is not None:
                # Shielded: a cancelled run still tears the adapter down (bounded, so it cannot hang).
                with anyio.CancelScope(shield=True), anyio.move_on_after(60):
                    await self._step(adapter, "teardown", "teardown")
        return evaluated_any

    async def _start(self, state: _RunState) -> Adapter:
        try:
            adapter = await self._build_adapter()
        except _PersonaStopped:
            raise
        except Exception as exc:
            raise _PersonaStopped(
                f"building the adapter failed: {type(exc).__name__}: {exc}"
            ) from exc
        state.adapter_name = adapter.name
        health = getattr(adapter, "healthcheck", None)
        if health is not None:
            try:
                name = await health()
            except Exception as exc:
                raise _PersonaStopped(f"healthcheck failed: {type(exc).__name__}: {exc}") from exc
            if isinstance(name, str) and name:
                state.adapter_name = name
        try:
            await self._step(adapter, "setup", "setup")
        except _PersonaStopped:
            # Best effort: a half-set-up system may hold resources only teardown releases.
            with anyio.CancelScope(shield=True), anyio.move_on_after(60):
                try:
                    await adapter.teardown()
                except Exception as exc:
                    log.warning("[bench] teardown after a failed setup also failed: %s", exc)
            raise
        return adapter

    async def _step(self, adapter: Any, method: str, what: str, *args: Any) -> Any:
        try:
            return await getattr(adapter, method)(*args)
        except Exception as exc:
            raise _PersonaStopped(f"{what} failed: {type(exc).__name__}: {exc}") from exc

    async def _ingest(
        self, adapter: Adapter, ds: PersonaDataset, after: int, cutoff: int
    ) -> tuple[int, float]:
        """Ingest days ``after < n <= cutoff`` and finalize; returns (days ingested, finalize ms)."""
        days = ds.days_through(cutoff, after=after)
        isolated = tuple(s.id for s in ds.definition.sessions() if s.isolated)
        for day in days:
            await self._step(
                adapter,
                "ingest_day",
                f"ingesting day {day.number}",
                day.number,
                day.content,
                day.metadata(ds.id, isolated),
            )
        t0 = time.perf_counter()
        await self._step(adapter, "finalize_ingestion", "finalize_ingestion")
        return len(days), (time.perf_counter() - t0) * 1000

    async def _ask_all(
        self,
        adapter: Adapter | None,
        ds: PersonaDataset,
        task: CheckpointTask,
        logged: dict[str, Any],
        state: _RunState,
        writers: _Writers,
    ) -> list[Evaluation]:
        """Evaluate the checkpoint's questions in a sliding window of ``parallelism``; results in
        asking order. Questions a previous attempt finished are taken from its log."""
        order = task.selection.order
        out: list[Evaluation | None] = [None] * len(order)
        days = ds.days_through(task.cutoff)
        pending: list[tuple[int, QAPair]] = []
        for i, pair in enumerate(order):
            prior = logged.get(pair.id)
            if prior is not None and not prior.judge_failed:
                rebuilt = out[i] = _from_log(pair, prior.record)
                await self.hooks.call(
                    "on_question_done",
                    QuestionDone(
                        persona_id=ds.id, checkpoint=task.label, result=rebuilt.result, resumed=True
                    ),
                )
            else:
                pending.append((i, pair))

        # A sliding window: `parallelism` workers share one iterator, each taking the next question
        # the moment it finishes one (no chunk waits for its slowest member). Measured faster than a
        # task per question behind a CapacityLimiter, whose hand-offs cost a loop iteration each.
        queue = iter(pending)

        async def worker() -> None:
            for i, pair in queue:
                prior = logged.get(pair.id)
                evaluation = await evaluate(
                    adapter,
                    pair,
                    days,
                    self._judging,
                    self.config.question_timeout,
                    prior_answer=prior.record.get("systemAnswer") if prior else None,
                    prior_latency_ms=float(prior.record.get("latencyMs") or 0) if prior else 0.0,
                )
                out[i] = evaluation
                self._record(evaluation, ds.id, task, state, writers)
                if state.failure is not None:
                    # Stop asking; raised once the task group has wound down (not from inside it,
                    # where it would surface wrapped in an ExceptionGroup).
                    tg.cancel_scope.cancel()
                    return
                if self.hooks.on_question_done is not None:
                    await self.hooks.call(
                        "on_question_done",
                        QuestionDone(
                            persona_id=ds.id, checkpoint=task.label, result=evaluation.result
                        ),
                    )

        async with anyio.create_task_group() as tg:
            for _ in range(min(self.config.parallelism, len(pending))):
                tg.start_soon(worker)
        if state.failure is not None:
            raise state.failure
        return [e for e in out if e is not None]

    def _record(
        self,
        e: Evaluation,
        persona_id: str,
        task: CheckpointTask,
        state: _RunState,
        writers: _Writers,
    ) -> None:
        r = e.result
        if r.error is not None and r.error.stage == "query":
            state.adapter_errors += 1
        if e.appellate_score is not None:
            state.appellate_invocations += 1
            if writers.failures is not None:
                record: dict[str, Any] = {
                    "timestamp": iso_now(),
                    "personaId": persona_id,
                    "qa": question_log_qa(r.qa),
                    "systemAnswer": r.system_answer,
                    "primaryScore": json_of(r.primary_score),
                    "appellateScore": json_of(e.appellate_score),
                }
                if e.retrieval:
                    record["retrieval"] = json_of(list(e.retrieval))
                record["memoryContextProvided"] = e.memory_context_provided
                record["latencyMs"] = r.latency_ms
                writers.failures.write(record)
        if writers.questions is not None:
            q: dict[str, Any] = {
                "timestamp": iso_now(),
                "personaId": persona_id,
                "qa": question_log_qa(r.qa),
                "systemAnswer": r.system_answer,
                "score": json_of(r.score),
                "composite": r.composite_score,
                "usedAppellate": r.primary_score is not None,
            }
            if e.retrieval:
                q["retrieval"] = json_of(list(e.retrieval))
            q["memoryContextProvided"] = e.memory_context_provided
            q["latencyMs"] = r.latency_ms
            if e.tool_calls:
                q["toolCalls"] = json_of(list(e.tool_calls))
            if r.primary_score is not None:
                q["primaryScore"] = json_of(r.primary_score)
            q["checkpoint"] = task.label
            q["checkpointIndex"] = task.index
            if r.error is not None:
                q["error"] = json_of(r.error)
            writers.questions.write(q)
        if r.error is not None and r.error.stage == "judge":
            state.judge_errors += 1
            limit = self.config.max_judge_errors
            if limit is not None and state.judge_errors > limit and state.failure is None:
                state.failure = RunFailed(
                    f"{state.judge_errors} questions left unscored by judge failures (more than "
                    f"--max-errors {limit}); the last: {r.error.type}: {r.error.message}"
                )

    def _write_checkpoint(
        self,
        writers: _Writers,
        persona_id: str,
        task: CheckpointTask,
        result: TimeRangeResult,
        ingest_ms: float,
        query_ms: float,
        new_days: int,
    ) -> None:
        if writers.progress is None:
            return
        record: dict[str, Any] = {
            "type": "checkpoint",
            "timestamp": iso_now(),
            "personaId": persona_id,
            "checkpointIndex": task.index,
            "totalCheckpoints": task.total,
            "range": json_of(task.selection.range),
            "daysIngested": result.days_ingested,
            "questionsEvaluated": result.questions_evaluated,
            "overallScore": json_of(result.overall_score),
            "hallucinationRate": json_of(result.hallucination_rate),
            "categoryScores": [
                {k: v for k, v in json_of(c).items() if k != "scores"}
                for c in result.category_scores
            ],
            "difficultyScores": json_of(result.difficulty_scores),
            "ingestMs": round(ingest_ms),
            "queryMs": round(query_ms),
            "newDaysIngested": new_days,
            "newQuestionCount": len(task.selection.new),
            "historicalEvaluated": len(task.selection.historical),
            "historicalAvailable": task.selection.historical_available,
        }
        if result.finalize_ms is not None:
            record["finalizeMs"] = round(result.finalize_ms)
        if result.query_latency_ms is not None:
            record["queryLatencyMs"] = json_of(result.query_latency_ms)
        if result.retrieval is not None:
            record["retrieval"] = json_of(result.retrieval.overall)
        unscored = len(result.unscored_results or ())
        if unscored:
            record["unscoredCount"] = unscored
        writers.progress.write(record)

    def _result(
        self, timestamp: str, state: _RunState, personas: Sequence[PersonaResult], duration_ms: int
    ) -> BenchmarkResult:
        cfg = self.config
        labels = self._model_labels()
        sample = cfg.selection.sample
        metadata = RunMetadata(
            duration_ms=duration_ms,
            total_evals_run=sum(p.total_evals_run for p in personas),
            unique_qa_pair_count=sum(p.unique_qa_pair_count for p in personas),
            sample=sample,
            judge_memory_window=cfg.judge_memory_window or None,
            groups_enabled=cfg.selection.groups_enabled,
            synthesis_model=labels["synthesisModel"],
            embedding_provider=labels["embeddingProvider"],
            embedding_model=labels["embeddingModel"],
            judge_model=cfg.judge_model,
            appellate_judge_model=cfg.appellate_judge_model,
            appellate_invocations=state.appellate_invocations if self.appellate else None,
            lifecycle=cfg.lifecycle,
            parallelism=cfg.parallelism,
            adapter_errors=state.adapter_errors,
            judge_errors=state.judge_errors,
            resumed=True if (self.resume.checkpoints or self.resume.questions) else None,
            judge_usage=_usage_since(self.judge, state.judge_usage),
            appellate_judge_usage=_usage_since(self.appellate, state.appellate_usage),
        )
        return BenchmarkResult(
            timestamp=timestamp,
            adapter_name=state.adapter_name,
            ranges=cfg.ranges,
            personas=tuple(personas),
            heatmap=merge_heatmaps(p.heatmap for p in personas),
            metadata=metadata,
            disclosure_breakdown=merge_disclosure(p.disclosure_breakdown for p in personas),
            retrieval=summarize_retrieval(q for p in personas for q in _answers(p.range_results)),
            timing=_timing([r for p in personas for r in p.range_results]),
        )


def _cached(judge: Judge, directory: Path) -> Judge:
    from .judges.cache import CachedJudge, JudgeCache, is_cacheable

    if isinstance(judge, CachedJudge) or not is_cacheable(judge):
        return judge
    return CachedJudge(judge, JudgeCache(directory))


def _usage_now(judge: object) -> JudgeUsage | None:
    usage = getattr(judge, "usage", None)
    return usage.copy() if isinstance(usage, JudgeUsage) else None


def _usage_since(judge: object, start: JudgeUsage | None) -> dict[str, int] | None:
    """What a judge's counters grew by over the run (None for judges that keep none)."""
    usage = getattr(judge, "usage", None)
    if not isinstance(usage, JudgeUsage) or start is None:
        return None
    return usage.since(start).to_json()


@attrs.define
class _Writers:
    progress: JsonlWriter | None
    questions: JsonlWriter | None
    failures: JsonlWriter | None

    def close(self) -> None:
        for w in (self.progress, self.questions, self.failures):
            if w is not None:
                w.close()


def _answers(range_results: Iterable[TimeRangeResult]) -> Iterator[QuestionResult]:
    """Every answer of some checkpoints, scored or not."""
    for r in range_results:
        yield from r.question_results
        yield from r.unscored_results or ()


def _timing(range_results: Sequence[TimeRangeResult]) -> RunTiming | None:
    return run_timing(
        (q.latency_ms for q in _answers(range_results)),
        (
            (r.ingest_ms, r.new_days_ingested)
            for r in range_results
            if r.ingest_ms is not None and r.new_days_ingested
        ),
        (r.finalize_ms for r in range_results if r.finalize_ms is not None),
    )


def _from_log(pair: QAPair, record: Any) -> Evaluation:
    """A question a previous attempt finished, rebuilt from its questions.jsonl record."""
    error = record.get("error")
    primary = record.get("primaryScore")
    result = QuestionResult(
        qa=pair,
        system_answer=str(record.get("systemAnswer", "")),
        score=to_score(record["score"]),
        composite_score=record.get("composite", 0),
        latency_ms=record.get("latencyMs", 0),
        primary_score=to_score(primary) if isinstance(primary, dict) else None,
        error=QuestionError(**error) if isinstance(error, dict) else None,
        retrieval_metrics=question_retrieval(
            pair,
            (
                e.get("day") if isinstance(e.get("day"), int) else None
                for e in record.get("retrieval") or ()
                if isinstance(e, dict)
            ),
        ),
    )
    return Evaluation(
        result=result, memory_context_provided=bool(record.get("memoryContextProvided"))
    )


def _cached_summary(task: CheckpointTask, record: Any) -> TimeRangeResult:
    """A checkpoint known only from a progress record (reference §2.13): its summary, no questions."""
    cats = {c.get("category"): c for c in record.get("categoryScores") or [] if isinstance(c, dict)}
    diffs = record.get("difficultyScores") or {}

    return TimeRangeResult(
        range=task.selection.range,
        days_ingested=int(record.get("daysIngested") or task.cutoff),
        questions_evaluated=int(record.get("questionsEvaluated") or 0),
        overall_score=float(record.get("overallScore") or 0),
        category_scores=tuple(
            CategoryScore(
                category=c,
                mean_score=float(cats.get(c, {}).get("meanScore") or 0),
                question_count=int(cats.get(c, {}).get("questionCount") or 0),
                scores=(),
                eligible_count=int(cats.get(c, {}).get("eligibleCount") or 0),
            )
            for c in CATEGORIES
        ),
        difficulty_scores={
            d: DifficultyStats(
                mean=float((diffs.get(d) or {}).get("mean") or 0),
                count=int((diffs.get(d) or {}).get("count") or 0),
            )
            for d in DIFFICULTIES
        },
        hallucination_rate=float(record.get("hallucinationRate") or 0),
        question_results=(),
    )


async def run(
    adapter: Adapter | AdapterFactory,
    dataset: Dataset | Path | str,
    *,
    judge: Judge | ScoreFunction | None = None,
    appellate_judge: Judge | ScoreFunction | None = None,
    config: RunConfig | None = None,
    output: RunOutput | None = None,
    hooks: Hooks | None = None,
    resume: ResumeLog | None = None,
) -> BenchmarkResult:
    """Run a benchmark and return its result (``await`` it in a notebook or an event loop).

    See :class:`Harness` for the arguments.
    """
    harness = Harness(
        adapter,
        dataset,
        judge=judge,
        appellate_judge=appellate_judge,
        config=config,
        output=output,
        hooks=hooks,
        resume=resume,
    )
    return await harness.run()


def run_sync(
    adapter: Adapter | AdapterFactory,
    dataset: Dataset | Path | str,
    **kwargs: Any,
) -> BenchmarkResult:
    """:func:`run` from synchronous code. Inside a running event loop (a notebook cell, an async
    framework) it refuses: use ``await recallbench.run(...)`` there instead."""
    import asyncio

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass
    else:
        raise RuntimeError(
            "run_sync() cannot be called from a running event loop; use `await recallbench.run(...)` "
            "instead"
        )

    async def main() -> BenchmarkResult:
        return await run(adapter, dataset, **kwargs)

    return anyio.run(main, backend="asyncio")
