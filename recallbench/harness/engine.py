"""The harness: compose an adapter, a dataset and a judge; run every persona; write the artifacts.

:class:`Harness` plans each persona's checkpoint tasks and units (:mod:`.units`), runs the units one after
another (:mod:`.lifecycle`, whose question workers are :mod:`.questions`), logs as it goes
(:mod:`.runlog`) and assembles the :class:`~recallbench.results.records.BenchmarkResult`. :func:`run` and
:func:`run_sync` are the one-call front doors.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import anyio
import attrs

from .._convert import to_json as json_of
from ..adapters.base import Adapter, AdapterFactory, is_adapter
from ..data.corpus import PersonaDataset
from ..data.dataset import Dataset
from ..data.ranges import DEFAULT_RANGES, default_ranges_of, normalize_ranges, persona_ranges_of
from ..errors import OutputError, RunFailed
from ..family.base import Benchmark, Figures
from ..family.opening import benchmark_of, open_data
from ..judges.base import Judge, ScoreFunction
from ..judges.modes import judge_mode
from ..judges.usage import JudgeUsage
from ..results.aggregate import (
    disclosure_breakdown,
    merge_disclosure,
    merge_heatmaps,
    persona_heatmap,
)
from ..results.intervals import interval_settings, with_intervals
from ..results.measures import run_timing, summarize_retrieval
from ..results.records import (
    BenchmarkResult,
    PersonaResult,
    QuestionResult,
    RunMetadata,
    RunTiming,
    TimeRangeResult,
)
from ..results.scoring import StubJudge
from .budget import RunCosting, budget_active
from .config import RunConfig, RunOutput
from .driver import Driver, PersonaOutcome
from .evaluate import Judging, runs_inline
from .executor import Executor, LocalExecutor, UnitJob
from .fingerprinting import dataset_digests, fingerprint_change, harness_fingerprint
from .given_adapter import given_factory
from .hooks import Hooks, RunDone, RunStarted
from .judge_loading import NOT_JUDGED, cached_judge, judge_of
from .lifecycle import UnitRunner
from .probe import UNNAMED, PrimedFactory, bounded_executor, built_ahead
from .questions import QuestionAsker
from .resume import ResumeLog, check_known_personas
from .resume_checks import log_location
from .runlog import JsonlWriter, QuestionLogWriter, RunLogs, check_writable, iso_now, write_result
from .units import CheckpointTask, RunState, Unit, plan_tasks, plan_units, ranges_asked, supported

__all__ = ["Harness"]

log = logging.getLogger("recallbench")


class Harness:
    """Runs a benchmark: compose an adapter (or a factory of adapters), a dataset and a judge.

    Args:
        adapter: the memory system under test, or a zero-argument factory (sync or async) building a
            fresh one per unit of work (a class is one), or a spec as ``--adapter`` takes it
            (``"builtin:bm25"``, ``"grpc://host:50051"``, ``"mcp:server-memory"``,
            ``"path/to/my_adapter.py:MyAdapter"``): :mod:`.given_adapter`.
        dataset: a :class:`~recallbench.data.dataset.Dataset`, or data as ``--data`` names it (a
            path, read by the benchmark family that recognises it, with ``config.arcs_file``; or
            ``NAME:PATH``): :mod:`recallbench.family`.
        judge: scores answers; a Judge, an async ``score`` function, or a spec as ``--judge`` takes
            it (``"rubric"``, ``"openai:gpt-4o-mini"``, ``"path/to/judge.py"``); a list of those is
            a panel (:class:`~recallbench.judges.panel.JudgePanel`, the mean of its members: build
            one for another aggregate or judge epochs). None: the default judge of the data's
            benchmark family, else the stub judge (zeros).
        appellate_judge: re-scores answers the primary judge failed (reference §2.10); the same
            forms.
        config: what to run (ranges, lifecycle, parallelism, timeouts, …).
        output: where to write result.json and the JSONL logs (None: nothing is written).
        hooks: callbacks for embedders.
        resume: what earlier attempts logged (:func:`recallbench.harness.resume.read_resume_log`).
        executor: runs the units of work (default: a :class:`~recallbench.harness.executor.LocalExecutor`
            of ``config.unit_parallelism``; :class:`~recallbench.harness.ray_executor.RayExecutor`
            runs them on a Ray cluster). The result is the same whichever runs them.
    """

    def __init__(
        self,
        adapter: Adapter | AdapterFactory | str,
        dataset: Dataset | Path | str,
        *,
        judge: Judge | ScoreFunction | str | Sequence[Judge | ScoreFunction | str] | None = None,
        appellate_judge: Judge | ScoreFunction | str | None = None,
        config: RunConfig | None = None,
        output: RunOutput | None = None,
        hooks: Hooks | None = None,
        resume: ResumeLog | None = None,
        executor: Executor | None = None,
    ):
        self.config = config or RunConfig()
        self.executor: Executor = executor or LocalExecutor(self.config.unit_parallelism)
        self.factory = given_factory(adapter)
        self._ahead: PrimedFactory | None = None  # an adapter built before the header (.probe)
        # Described in the fingerprint as given, not as its factory (a spec string: as its spec,
        # as the command line's --adapter is).
        self._adapter_given = self.factory if isinstance(adapter, str) else adapter
        self._name_hint = adapter.name if is_adapter(adapter) else None
        self.benchmark: Benchmark | None
        self.dataset: Dataset
        if isinstance(dataset, str | Path):
            self.benchmark, self.dataset = open_data(dataset, self.config.arcs_file)
        else:
            self.benchmark, self.dataset = benchmark_of(dataset), dataset
        # A family's own categories (None: Recall Bench's): the rows of every per-category view.
        self._categories = self.benchmark.categories if self.benchmark else None
        # A dataset may ask its own checkpoints when none are named (a benchmark's unit: once),
        # and a persona its own (an imported conversation: its session quarters).
        self._dataset_ranges = self.config.ranges == DEFAULT_RANGES
        if self._dataset_ranges:
            self.config = attrs.evolve(self.config, ranges=default_ranges_of(self.dataset))
        if isinstance(judge, list | tuple) and len(judge) == 1:
            judge = judge[0]  # a panel of one judged once is that judge
        if isinstance(judge, str) and self.config.judge_model is None and judge != "stub":
            self.config = attrs.evolve(self.config, judge_model=judge)
        if isinstance(appellate_judge, str) and self.config.appellate_judge_model is None:
            self.config = attrs.evolve(self.config, appellate_judge_model=appellate_judge)
        self.judge = (
            judge_of(judge, self.config.question_timeout)
            if judge is not None
            else self._default_judge()
        )
        self.appellate = (
            judge_of(appellate_judge, self.config.question_timeout)
            if appellate_judge is not None
            else None
        )
        if self.config.judge_cache is not None:
            self.judge = cached_judge(self.judge, self.config.judge_cache)
            if self.appellate is not None:
                self.appellate = cached_judge(self.appellate, self.config.judge_cache)
        if self.config.judge_model is None and not isinstance(self.judge, StubJudge):
            # Name a judge given as an object, so results never look stub-judged when they are not.
            name = getattr(self.judge, "name", None) or type(self.judge).__name__
            self.config = attrs.evolve(self.config, judge_model=str(name))
        if self.appellate is not None and self.config.appellate_judge_model is None:
            name = getattr(self.appellate, "name", None) or type(self.appellate).__name__
            self.config = attrs.evolve(self.config, appellate_judge_model=str(name))
        # Which definition of a hallucination the primary judge applies: recorded with the result.
        self.hallucination_mode = judge_mode(
            self.judge, memory_window=self.config.judge_memory_window or 0
        )
        self.output = output or RunOutput()
        self.hooks = hooks or Hooks()
        self.resume = resume or ResumeLog()
        self.ranges = normalize_ranges(self.config.ranges)
        self._judging = Judging.of(self.judge, self.appellate, self.config)
        # The price table and --max-cost's budget (issue 25): a bad price file, or a budget whose
        # judge has no price, is found here, before anything runs.
        self.costing = RunCosting(self.config.max_cost, self.config.prices)
        self.costing.check_judges(self.judge, self.appellate)

    def _default_judge(self) -> Judge:
        """A run given no judge: its family's default (which may need a model: ConfigError), else
        the stub judge."""
        family = self.benchmark
        own = family and family.default_judge(self.dataset, model=None, model_spec=None)
        return own or StubJudge()

    # -- planning ---------------------------------------------------------------------------------

    def tasks(self, ds: PersonaDataset) -> tuple[CheckpointTask, ...]:
        """Every checkpoint of a persona with its questions, decided up front."""
        ranges = persona_ranges_of(self.dataset, ds.id) if self._dataset_ranges else self.ranges
        return plan_tasks(ds, ranges, self.config.selection)

    def units(
        self, ds: PersonaDataset, tasks: tuple[CheckpointTask, ...] | None = None
    ) -> tuple[Unit, ...]:
        """The units of work for one persona under the configured lifecycle (from its ``tasks``
        when they are already planned)."""
        return plan_units(ds.id, self.tasks(ds) if tasks is None else tasks, self.config.lifecycle)

    # -- running ----------------------------------------------------------------------------------

    async def run(self) -> BenchmarkResult:
        """Run every persona; write the artifacts; return the result.

        Raises:
            RunFailed: more questions than ``max_judge_errors`` were left unscored by judge failures
                (``.result`` holds what was finished; every log line written so far is kept).
        """
        started = time.perf_counter()
        timestamp = iso_now()
        # Before any work: an output folder that cannot be written is found now, not at the end.
        check_writable(p for p in attrs.astuple(self.output) if isinstance(p, Path))
        if any(q.retry for q in self.resume.questions):
            # A retried run's log about a persona the data lacks would be counted, not asked.
            check_known_personas(self.resume, set(self.dataset.persona_ids()))
        ids = list(self.config.personas or self.dataset.persona_ids())
        datasets = await supported(
            [self.dataset.load(pid) for pid in ids], self.factory, self.config.skip_unsupported
        )
        ids = [ds.id for ds in datasets]
        # Content hashes of what the run reads, once, before any work (the fingerprint's datasets).
        self._dataset_digests = dataset_digests(self.dataset, datasets, self.benchmark)
        if isinstance(self.judge, StubJudge):
            log.warning("[bench] %s", NOT_JUDGED)
        state = RunState(
            adapter_name=self._known_name() or UNNAMED,
            judge_usage=_usage_now(self.judge),
            appellate_usage=_usage_now(self.appellate),
        )
        # The header's name of an adapter that names itself when built: one built ahead (.probe).
        local = self.config.dry_run or isinstance(self.executor, LocalExecutor)
        self._ahead = None
        if self.output.progress is not None and state.adapter_name == UNNAMED and local:
            self._ahead, named = await built_ahead(self.factory)
            state.adapter_name = named or UNNAMED
        progress = JsonlWriter(self.output.progress) if self.output.progress else None
        questions = (
            QuestionLogWriter(self.output.questions, snippets=self.output.snippets)
            if self.output.questions
            else None
        )
        failures = (
            JsonlWriter(self.output.failures) if self.output.failures and self.appellate else None
        )
        logs = RunLogs(progress=progress, questions=questions, failures=failures)
        all_tasks = [self.tasks(ds) for ds in datasets]
        state.ranges = ranges_asked(
            self.ranges, datasets, all_tasks, self.config.selection.repeat_checkpoints
        )
        self._note_fingerprint_change(state)
        await self.hooks.call(
            "on_run_start",
            RunStarted(
                personas=tuple(ids),
                checkpoints=sum(len(t) for t in all_tasks),
                questions=sum(len(c.selection.order) for t in all_tasks for c in t),
                range_labels=tuple(r.label for r in state.ranges),
            ),
        )
        personas: list[PersonaResult] = []
        failure: RunFailed | None = None
        try:
            try:
                self._write_header(logs, state, timestamp, ids)
                with budget_active(self.costing.start()):
                    personas = await self._run_units(datasets, all_tasks, state, logs)
                if state.refusal is not None:  # the factory built no adapter: fix the call
                    raise state.refusal
                if state.failure is not None:
                    raise state.failure
            except RunFailed as exc:
                failure = exc
            return await self._finish(timestamp, started, state, personas, logs, failure)
        finally:
            logs.close()
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
        state: RunState,
        personas: list[PersonaResult],
        logs: RunLogs,
        failure: RunFailed | None,
    ) -> BenchmarkResult:
        progress = logs.progress
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
        logs.close()
        # After a failed write the disk is full or read-only: the logs so far are what is kept.
        if self.output.result_json is not None and not isinstance(failure, OutputError):
            write_result(self.output.result_json, result)
        await self.hooks.call("on_run_done", RunDone(result=result, failed=failure is not None))
        if failure is not None:
            failure.result = result  # type: ignore[attr-defined]
            raise failure
        return result

    def _known_name(self) -> str | None:
        """The adapter's name before any is built: as the resumed logs name it (a resume that
        builds no adapter keeps it), else the adapter's or its factory's name (a class's own
        ``name``, a spec's); None when only a built adapter can tell."""
        name = self.resume.adapter_name() or self._name_hint or getattr(self.factory, "name", None)
        return name if isinstance(name, str) and name else None

    def _write_header(
        self, logs: RunLogs, state: RunState, timestamp: str, persona_ids: Sequence[str]
    ) -> None:
        if logs.progress is None:
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
            # Ours, --epochs > 1: each question is asked this often (counts below are of answers).
            "epochs": cfg.epochs if cfg.epochs > 1 else None,
            **self._mode_keys(),
            # Ours: what the run will cover, so a reader of an unfinished run knows how far it got.
            "personas": list(persona_ids),
            "resumed": bool(self.resume.checkpoints or self.resume.questions) or None,
            # Ours: the fingerprint's digest, so a resumed attempt can tell it scores the same way.
            "fingerprint": self._fingerprint(state)["digest"],
            # Ours: where the answers go, so --resume and --retry-errors read them wherever it is.
            "questionLog": log_location(self.output.progress, self.output.questions),
        }
        logs.progress.write({k: v for k, v in header.items() if v is not None})

    def _note_fingerprint_change(self, state: RunState) -> None:
        """A resumed run whose earlier attempt scored otherwise (or asked each question another
        number of times): warned, and kept in the result."""
        message = fingerprint_change(self.resume.header, self._fingerprint(state)["digest"])
        header = self.resume.header
        before = header.get("epochs", 1) if header is not None else self.config.epochs
        if message is None and before != self.config.epochs:
            kept = min(before, self.config.epochs)
            message = (
                f"resumed a run of --epochs {before} with --epochs {self.config.epochs}: "
                + ("epoch 1 is" if kept == 1 else f"epochs 1–{kept} are")
                + " taken from its log, the rest asked"
            )
        if message is not None:
            log.warning("[bench] %s", message)
            state.warnings.append(message)

    def _mode_keys(self) -> dict[str, Any]:
        """``hallucinationMode`` (and ``hallucinationWindow``), or nothing when the mode is unknown."""
        return self.hallucination_mode.to_json() if self.hallucination_mode is not None else {}

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

    async def _run_units(
        self,
        datasets: Sequence[PersonaDataset],
        all_tasks: Sequence[tuple[CheckpointTask, ...]],
        state: RunState,
        logs: RunLogs,
    ) -> list[PersonaResult]:
        """Run every persona's units with the executor; their results, persona by persona (after a
        run-stopping failure, up to the last persona that got to run)."""
        jobs: list[list[UnitJob]] = []
        for ds, tasks in zip(datasets, all_tasks, strict=True):
            start = sum(len(j) for j in jobs)
            jobs.append(
                [
                    UnitJob(index=start + i, unit=unit, dataset=ds)
                    for i, unit in enumerate(self.units(ds, tasks))
                ]
            )
        judging = self._judging
        if not runs_inline(judging.judge):
            limit = self.config.judge_parallelism or self.config.parallelism
            judging = attrs.evolve(judging, limiter=anyio.CapacityLimiter(limit))
        ahead = self._ahead
        runner = UnitRunner(
            factory=ahead or self.factory,
            config=self.config,
            hooks=self.hooks,
            resume=self.resume,
            asker=QuestionAsker(config=self.config, hooks=self.hooks, judging=judging),
        )
        driver = Driver(
            runner=runner,
            state=state,
            logs=logs,
            hooks=self.hooks,
            resume=self.resume,
            dry_run=self.config.dry_run,
        )
        # A dry run stops each persona after its first evaluated checkpoint: one unit at a time.
        units = sum(len(j) for j in jobs)
        executor = (
            LocalExecutor()
            if self.config.dry_run
            else await bounded_executor(self.executor, units, self.factory, ahead)
        )
        await executor.run([j for persona_jobs in jobs for j in persona_jobs], driver)
        ran = [any(j.index in driver.outcomes for j in p) for p in jobs]
        last = max((i for i, r in enumerate(ran) if r), default=-1)
        keep = len(datasets) if state.failure is None else last + 1
        return [
            self._persona_result(ds, driver.persona(p), state)
            for ds, p in zip(datasets[:keep], jobs[:keep], strict=True)
        ]

    def _persona_result(
        self, ds: PersonaDataset, outcome: PersonaOutcome, state: RunState
    ) -> PersonaResult:
        results = outcome.results
        return PersonaResult(
            persona_id=ds.id,
            adapter_name=state.adapter_name,
            range_results=results,
            heatmap=persona_heatmap(results),
            total_ingestion_ms=round(outcome.ingest_ms),
            total_query_ms=round(outcome.query_ms),
            unique_qa_pair_count=len(ds.qa),
            total_evals_run=sum(r.questions_evaluated for r in results),
            disclosure_breakdown=disclosure_breakdown(
                q for r in results for q in r.question_results
            ),
            error=outcome.error,
            retrieval=summarize_retrieval(_answers(results), self._categories),
            timing=_timing(results),
            cost=self.costing.persona(results),
        )

    def _result(
        self, timestamp: str, state: RunState, personas: Sequence[PersonaResult], duration_ms: int
    ) -> BenchmarkResult:
        cfg = self.config
        labels = self._model_labels()
        mode = self.hallucination_mode
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
            connection_errors=state.connection_errors or None,
            writes_refused=sum(r.writes_refused or 0 for p in personas for r in p.range_results)
            or None,
            warnings=tuple(state.warnings) or None,
            resumed=True if (self.resume.checkpoints or self.resume.questions) else None,
            judge_usage=_usage_since(self.judge, state.judge_usage, state.remote_judge_usage),
            appellate_judge_usage=_usage_since(
                self.appellate, state.appellate_usage, state.remote_appellate_usage
            ),
            hallucination_mode=mode.mode if mode is not None else None,
            hallucination_window=mode.window if mode is not None else None,
            **_data_keys(self.dataset),
            fingerprint=self._fingerprint(state),
            epochs=cfg.epochs if cfg.epochs > 1 else None,
            intervals=interval_settings(cfg.ci_width) if cfg.epochs > 1 else None,
            retried_errors=self.resume.retried_errors(),
            cost=self.costing.run(personas),
        )
        family = self.benchmark
        figures = family.figures(self.dataset, self.judge, personas) if family else Figures()
        result = BenchmarkResult(
            timestamp=timestamp,
            adapter_name=state.adapter_name,
            ranges=state.ranges or cfg.ranges,
            personas=tuple(personas),
            heatmap=merge_heatmaps(p.heatmap for p in personas),
            metadata=metadata,
            disclosure_breakdown=merge_disclosure(p.disclosure_breakdown for p in personas),
            retrieval=summarize_retrieval(
                (q for p in personas for q in _answers(p.range_results)), self._categories
            ),
            timing=_timing([r for p in personas for r in p.range_results]),
            benchmark_metrics=figures.metrics,
            public_benchmark=(
                {family.name: figures.published}
                if family and figures.published is not None
                else None
            ),
            categories=self._categories,
        )
        # Intervals only with several epochs: a run of one stays byte-identical to before.
        return with_intervals(result) if cfg.epochs > 1 else result

    def _fingerprint(self, state: RunState) -> dict[str, Any]:
        """The run's fingerprint: what its numbers were computed from."""
        return harness_fingerprint(self, state)


def _data_keys(dataset: Dataset) -> dict[str, Any]:
    """The dataset's ``data_dir`` (and ``arcs_file``, when it reads one), for the metadata."""
    data_dir = getattr(dataset, "data_dir", None)
    if not isinstance(data_dir, Path):
        return {}
    arcs_file = getattr(dataset, "arcs_file", None)
    keys: dict[str, Any] = {"data_dir": str(data_dir.resolve())}
    if isinstance(arcs_file, str):
        keys["arcs_file"] = arcs_file
    return keys


def _usage_now(judge: object) -> JudgeUsage | None:
    usage = getattr(judge, "usage", None)
    return usage.copy() if isinstance(usage, JudgeUsage) else None


def _usage_since(
    judge: object, start: JudgeUsage | None, elsewhere: JudgeUsage
) -> dict[str, int] | None:
    """What a judge's counters grew by over the run, plus what its copies spent in units run
    elsewhere (None for judges that keep none)."""
    usage = getattr(judge, "usage", None)
    if not isinstance(usage, JudgeUsage) or start is None:
        return None
    grown = usage.since(start)
    grown.absorb(elsewhere)
    return grown.to_json()


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
