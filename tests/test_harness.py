"""The harness end to end on the tiny persona: lifecycles, concurrency, failures as data, judging,
hooks, artifacts and resume (reference §2.4, §2.9–2.14, §3.1–3.5, the harness.test.ts list of §8)."""

from __future__ import annotations

import datetime as dt
import gc
import json
import logging
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anyio
import pytest

import recallbench
from recallbench import run, run_sync
from recallbench._retry import RetryPolicy
from recallbench.data import CATEGORIES, plan_persona
from recallbench.data.corpus import DayMetadata
from recallbench.data.persona import day_date
from recallbench.data.selection import SelectionPolicy
from recallbench.harness.config import RunConfig, RunOutput
from recallbench.harness.hooks import Hooks
from recallbench.harness.resume import read_resume_log
from recallbench.results.records import BenchmarkResult, QuestionResult, TimeRangeResult
from recallbench.results.scoring import JudgeScore
from recallbench.testing import (
    ScriptedAdapter,
    ScriptedJudge,
    ScriptedSnapshotAdapter,
    containment_judge,
    recall_by_date,
    write_persona,
)

EPOCH = "2026-01-01"
CUTOFFS = (10, 20, 30)
RETRY = RetryPolicy(attempts=3, initial_delay=0.001, max_delay=0.01)
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$")


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


# -- helpers -----------------------------------------------------------------------------------------


def config(**overrides: Any) -> RunConfig:
    """The tiny persona's three checkpoints, with short timeouts and fast judge retries."""
    settings: dict[str, Any] = {
        "arcs_file": "arcs-30d.yaml",
        "ranges": "10d,20d,30d",
        "question_timeout": 5.0,
        "judge_retry": RETRY,
    }
    settings.update(overrides)
    return RunConfig(**settings)


def date(day: int) -> str:
    return day_date(EPOCH, day)


def day_of(question: str) -> int | None:
    """The day a factual-recall question of the tiny persona asks about (None for the others)."""
    m = _DATE.search(question)
    if m is None:
        return None
    return (dt.date.fromisoformat(m.group(0)) - dt.date.fromisoformat(EPOCH)).days + 1


def qid(day: int, persona: str = "tiny") -> str:
    return f"{persona}-q{day:03d}"


def collecting_factory(
    make: Callable[[int], ScriptedAdapter] | None = None,
) -> tuple[Callable[[], ScriptedAdapter], list[ScriptedAdapter]]:
    """A factory building a fresh adapter per call (``make(i)`` for the i-th), and the list of them."""
    built: list[ScriptedAdapter] = []

    def factory() -> ScriptedAdapter:
        adapter = make(len(built)) if make is not None else ScriptedAdapter()
        built.append(adapter)
        return adapter

    return factory, built


def split_units(calls: Sequence[tuple[Any, ...]]) -> list[list[tuple[Any, ...]]]:
    """Calls cut at each setup: one list per unit of work."""
    units: list[list[tuple[Any, ...]]] = []
    for call in calls:
        if call[0] == "setup":
            units.append([])
        assert units, f"a call before any setup: {call}"
        units[-1].append(call)
    return units


def queries(calls: Sequence[tuple[Any, ...]]) -> list[str]:
    return [c[1] for c in calls if c[0] == "query"]


def ingested(calls: Sequence[tuple[Any, ...]]) -> list[int]:
    return [c[1] for c in calls if c[0] == "ingest_day"]


def category(rr: TimeRangeResult, name: str) -> Any:
    (found,) = [c for c in rr.category_scores if c.category == name]
    return found


def by_id(rr: TimeRangeResult) -> dict[str, QuestionResult]:
    return {q.qa.id: q for q in rr.question_results}


def jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def judged_questions(judge: ScriptedJudge) -> list[str]:
    return [c[0] for c in judge.calls]


def plan_ids(data: Path, persona: str, cfg: RunConfig) -> list[tuple[str, ...]]:
    """The question ids of each checkpoint, in asking order, as the pure planner gives them."""
    ds = recallbench.load_persona(data, persona, cfg.arcs_file)
    plan = plan_persona(
        persona,
        ds.qa,
        [d.number for d in ds.days],
        cfg.ranges,
        lifecycle=cfg.lifecycle,
        policy=cfg.selection,
    )
    return [c.question_ids for c in plan.checkpoints]


# -- 1–3. lifecycles -------------------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize("as_factory", [True, False], ids=["factory", "instance"])
async def test_fresh_lifecycle_isolates_each_checkpoint(tiny_data: Path, as_factory: bool) -> None:
    factory, built = collecting_factory()
    adapter: Any = factory if as_factory else factory()
    result = await run(adapter, tiny_data, judge=ScriptedJudge(), config=config())

    if as_factory:
        assert len(built) == 3
        assert len({id(a) for a in built}) == 3
        for a in built:  # each instance serves exactly one checkpoint
            assert a.count("setup") == 1 and a.count("teardown") == 1
    else:
        assert len(built) == 1
    calls = [c for a in built for c in a.calls]
    assert sum(1 for c in calls if c[0] == "setup") == 3
    assert sum(1 for c in calls if c[0] == "teardown") == 3
    units = split_units(calls)
    assert len(units) == 3
    for unit, cutoff in zip(units, CUTOFFS, strict=True):
        assert unit[0] == ("setup",)
        assert unit[-1] == ("teardown",)
        assert ingested(unit) == list(range(1, cutoff + 1))
        kinds = [c[0] for c in unit]
        assert kinds.count("finalize_ingestion") == 1
        fin = kinds.index("finalize_ingestion")
        last_ingest = max(i for i, k in enumerate(kinds) if k == "ingest_day")
        first_query = kinds.index("query")
        assert last_ingest < fin < first_query
        asked_days = [day_of(q) for q in queries(unit)]
        # Nothing leaks: a checkpoint asks about no day it has not ingested (at 10d not day 15).
        assert {d for d in asked_days if d is not None} == set(range(1, cutoff + 1))

    persona = result.personas[0]
    assert [r.range.label for r in persona.range_results] == ["10d", "20d", "30d"]
    for rr, cutoff in zip(persona.range_results, CUTOFFS, strict=True):
        assert rr.days_ingested == cutoff
        factual = category(rr, "factual-recall")
        assert factual.mean_score == 6.0
        assert factual.question_count == cutoff
        assert all(max(q.qa.relevant_days) <= cutoff for q in rr.question_results)
    assert qid(15) not in by_id(persona.range_results[0])


@pytest.mark.anyio
async def test_incremental_lifecycle_ingests_each_day_once(tiny_data: Path) -> None:
    factory, built = collecting_factory()
    result = await run(
        factory, tiny_data, judge=ScriptedJudge(), config=config(lifecycle="incremental")
    )
    assert len(built) == 1
    (adapter,) = built
    assert adapter.count("setup") == 1
    assert adapter.count("teardown") == 1
    assert adapter.calls[0] == ("setup",)
    assert adapter.calls[-1] == ("teardown",)
    assert ingested(adapter.calls) == list(range(1, 31))
    assert adapter.count("finalize_ingestion") == 3

    # Segments between finalizes: each checkpoint ingests its new days, finalizes, then asks.
    kinds = [c[0] for c in adapter.calls]
    fins = [i for i, k in enumerate(kinds) if k == "finalize_ingestion"]
    bounds = [*fins, len(adapter.calls) - 1]
    expected_counts = (10, 20, 31)
    prev = 0
    for k, cutoff in enumerate(CUTOFFS):
        batch = ingested(adapter.calls[prev : fins[k]])
        assert batch == list(range(cutoff - 9, cutoff + 1))
        asked = queries(adapter.calls[fins[k] : bounds[k + 1]])
        assert len(asked) == expected_counts[k]
        assert all((day_of(q) or 0) <= cutoff for q in asked)
        prev = fins[k]
    for rr in result.personas[0].range_results:
        assert category(rr, "factual-recall").mean_score == 6.0


@pytest.mark.anyio
async def test_snapshot_lifecycle_restores_after_each_checkpoint(tiny_data: Path) -> None:
    seen: list[tuple[str, list[str]]] = []

    def answer(question: str, adapter: ScriptedAdapter) -> str:
        seen.append((question, sorted(v for k, v in adapter.memory.items() if k < 0)))
        return recall_by_date(question, adapter)

    adapter = ScriptedSnapshotAdapter(answer=answer)
    result = await run(
        adapter, tiny_data, judge=ScriptedJudge(), config=config(lifecycle="snapshot")
    )

    assert adapter.count("setup") == 1 and adapter.count("teardown") == 1
    assert ingested(adapter.calls) == list(range(1, 31))
    assert adapter.count("snapshot") == 3 and adapter.count("restore") == 3
    assert adapter.snapshots == 3
    kinds = [c[0] for c in adapter.calls]
    fins = [i for i, k in enumerate(kinds) if k == "finalize_ingestion"]
    snaps = [i for i, k in enumerate(kinds) if k == "snapshot"]
    restores = [i for i, k in enumerate(kinds) if k == "restore"]
    for k in range(3):
        segment_queries = [
            i for i, c in enumerate(kinds) if c == "query" and snaps[k] < i < restores[k]
        ]
        assert fins[k] < snaps[k] < min(segment_queries)
        assert max(segment_queries) < restores[k]
        if k < 2:
            assert restores[k] < fins[k + 1]
            # ingestion of the next checkpoint comes after the restore
            next_ingests = [
                i for i, c in enumerate(adapter.calls) if c[0] == "ingest_day" and c[1] > CUTOFFS[k]
            ]
            assert min(next_ingests) > restores[k]

    # Within a checkpoint the adapter remembers its own queries; the next checkpoint starts without
    # them (restore dropped them).
    counts = [len(rr.question_results) for rr in result.personas[0].range_results]
    assert counts == [10, 20, 31]
    start = 0
    for n in counts:
        chunk = seen[start : start + n]
        for i, (_question, remembered) in enumerate(chunk):
            assert remembered == sorted(f"asked: {q}" for q, _ in chunk[:i])
        start += n
    assert all(k > 0 for k in adapter.memory)
    for rr in result.personas[0].range_results:
        assert category(rr, "factual-recall").mean_score == 6.0


# -- 4. parallelism ----------------------------------------------------------------------------------


class CountingAdapter:
    """Wraps a ScriptedAdapter and counts its queries in flight."""

    name = "counting"

    def __init__(self, inner: ScriptedAdapter):
        self.inner = inner
        self.in_flight = 0
        self.peak = 0

    async def setup(self) -> None:
        await self.inner.setup()

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        await self.inner.ingest_day(day, content, metadata)

    async def finalize_ingestion(self) -> None:
        await self.inner.finalize_ingestion()

    async def query(self, question: str) -> str:
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        try:
            return await self.inner.query(question)
        finally:
            self.in_flight -= 1

    async def teardown(self) -> None:
        await self.inner.teardown()


@pytest.mark.anyio
async def test_parallel_queries_are_faster_than_sequential(tiny_data: Path) -> None:
    inner = ScriptedAdapter(delay=0.05)
    adapter = CountingAdapter(inner)
    cfg = config(ranges="30d", parallelism=8)
    started = time.perf_counter()
    result = await run(adapter, tiny_data, judge=ScriptedJudge(), config=cfg)
    elapsed = time.perf_counter() - started
    assert inner.count("query") == 31
    assert elapsed < 31 * 0.05 / 3
    assert adapter.peak == 8  # a window of 8 questions in flight, never more
    (rr,) = result.personas[0].range_results
    assert [q.qa.id for q in rr.question_results] == list(plan_ids(tiny_data, "tiny", cfg)[0])
    assert category(rr, "factual-recall").mean_score == 6.0


class SlowFirstAdapter:
    """Answers from memory; earlier questions of a checkpoint's asking order sleep longer, so later
    questions finish first."""

    name = "slow-first"

    def __init__(self, order_by_cutoff: dict[int, list[str]]):
        self.order_by_cutoff = order_by_cutoff
        self.memory: dict[int, str] = {}
        self.finished: list[str] = []

    async def setup(self) -> None:
        self.memory.clear()

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        self.memory[day] = content

    async def finalize_ingestion(self) -> None:
        pass

    async def query(self, question: str) -> str:
        order = self.order_by_cutoff[max(self.memory)]
        await anyio.sleep(0.003 * (len(order) - order.index(question)))
        self.finished.append(question)
        m = _DATE.search(question)
        if m:
            for content in self.memory.values():
                for line in content.splitlines():
                    if m.group(0) in line:
                        return line.strip()
        return "I don't know."

    async def teardown(self) -> None:
        pass


@pytest.mark.anyio
async def test_parallel_results_keep_the_asking_order(tiny_data: Path) -> None:
    cfg = config(parallelism=8)
    ds = recallbench.load_persona(tiny_data, "tiny", cfg.arcs_file)
    text = {p.id: p.question for p in ds.qa}
    planned = plan_ids(tiny_data, "tiny", cfg)
    order_by_cutoff = {
        cutoff: [text[i] for i in ids] for cutoff, ids in zip(CUTOFFS, planned, strict=True)
    }
    built: list[SlowFirstAdapter] = []

    def factory() -> SlowFirstAdapter:
        built.append(SlowFirstAdapter(order_by_cutoff))
        return built[-1]

    result = await run(factory, tiny_data, judge=ScriptedJudge(), config=cfg)
    assert len(built) == 3
    for adapter, cutoff in zip(built, CUTOFFS, strict=True):
        assert sorted(adapter.finished) == sorted(order_by_cutoff[cutoff])
        assert adapter.finished != order_by_cutoff[cutoff]  # completion order differs
    for rr, ids in zip(result.personas[0].range_results, planned, strict=True):
        assert tuple(q.qa.id for q in rr.question_results) == ids
        assert category(rr, "factual-recall").mean_score == 6.0


# -- 5. adapter failures are data -------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("knob", "error_type"),
    [("hang_on", "AdapterTimeout"), ("fail_on", "RuntimeError")],
)
async def test_adapter_failure_scores_timeout_answer(
    tiny_data: Path, knob: str, error_type: str
) -> None:
    adapter = (
        ScriptedAdapter(hang_on=[date(5)])
        if knob == "hang_on"
        else ScriptedAdapter(fail_on=[date(5)])
    )
    judge = ScriptedJudge()
    result = await run(
        adapter, tiny_data, judge=judge, config=config(ranges="10d", question_timeout=0.2)
    )
    (rr,) = result.personas[0].range_results
    results = by_id(rr)
    failed = results[qid(5)]
    # the reference's marker for a timeout; an honest one for anything else it raised
    assert failed.system_answer == ("[TIMEOUT]" if knob == "hang_on" else "[ERROR: RuntimeError]")
    assert failed.error is not None
    assert failed.error.stage == "query"
    assert failed.error.type == error_type
    assert (failed.score.correctness, failed.score.completeness, failed.score.hallucination) == (
        0,
        0,
        1,
    )
    assert failed.composite_score == 1
    if knob == "hang_on":
        assert failed.latency_ms >= 150
    # The judge was not asked about it; the run went on and the other questions scored normally.
    assert not any(date(5) in q for q in judged_questions(judge))
    assert len(queries(adapter.calls)) == 10
    assert rr.questions_evaluated == 10
    assert not rr.unscored_results
    for day in range(1, 11):
        if day != 5:
            assert results[qid(day)].composite_score == 6
            assert results[qid(day)].error is None
    assert result.metadata.adapter_errors == 1
    assert result.metadata.judge_errors == 0


# -- 6. judge retries and unscored questions --------------------------------------------------------


@pytest.mark.anyio
async def test_judge_retries_recover(tiny_data: Path) -> None:
    judge = ScriptedJudge(fail_times=2)
    result = await run(ScriptedAdapter(), tiny_data, judge=judge, config=config())
    asked = Counter(
        q.qa.question for rr in result.personas[0].range_results for q in rr.question_results
    )
    for rr in result.personas[0].range_results:
        assert not rr.unscored_results
        assert len(rr.question_results) == rr.questions_evaluated
        assert category(rr, "factual-recall").mean_score == 6.0
    # Two failed attempts per question (its first evaluation retries), then one call per evaluation.
    calls = Counter(judged_questions(judge))
    assert calls == Counter({q: n + 2 for q, n in asked.items()})
    first_checkpoint = result.personas[0].range_results[0]
    for q in first_checkpoint.question_results:
        assert calls[q.qa.question] >= 3
    assert result.metadata.judge_errors == 0


@pytest.mark.anyio
async def test_judge_failure_leaves_question_unscored(tiny_data: Path) -> None:
    judge = ScriptedJudge(fail_on=[date(25)])  # day 25: asked only at the 30d checkpoint
    result = await run(ScriptedAdapter(), tiny_data, judge=judge, config=config())
    first, second, third = result.personas[0].range_results
    assert not first.unscored_results and not second.unscored_results
    assert third.unscored_results is not None
    (unscored,) = third.unscored_results
    assert unscored.qa.id == qid(25)
    assert unscored.error is not None
    assert unscored.error.stage == "judge"
    assert unscored.error.type == "RuntimeError"
    assert "CODE-0025" in unscored.system_answer  # the answer is kept
    assert qid(25) not in by_id(third)
    assert third.questions_evaluated == 30
    factual = category(third, "factual-recall")
    assert factual.question_count == 29
    assert factual.eligible_count == 30
    assert len(factual.scores) == 29
    assert factual.mean_score == 6.0
    composites = [q.composite_score for q in third.question_results]
    assert third.overall_score == pytest.approx(sum(composites) / len(composites))
    assert judged_questions(judge).count(unscored.qa.question) == RETRY.attempts
    assert result.metadata.judge_errors == 1
    assert result.metadata.total_evals_run == 10 + 20 + 30


@pytest.mark.anyio
async def test_too_many_judge_errors_fail_the_run_and_keep_logs(
    tiny_data: Path, tmp_path: Path
) -> None:
    out = RunOutput.beside(tmp_path / "out" / "result.json")
    judge = ScriptedJudge(fail_on=[date(25)])
    raised: BaseException | None = None
    try:
        await run(
            ScriptedAdapter(), tiny_data, judge=judge, config=config(max_judge_errors=0), output=out
        )
    except Exception as exc:
        raised = exc
    description = repr(raised)
    is_run_failed = isinstance(raised, recallbench.RunFailed)
    result = getattr(raised, "result", None)
    del raised
    # A run that escapes without closing its logs leaks open files: collect them here, so that the
    # ResourceWarning (an error under this project's warning filter) lands on this test.
    gc.collect()

    # The logs written before the failure are kept.
    assert out.progress is not None and out.questions is not None
    progress = jsonl(out.progress)
    assert progress[0]["type"] == "header"
    assert [r["checkpointIndex"] for r in progress if r["type"] == "checkpoint"] == [1, 2]
    assert not any(r["type"] == "summary" for r in progress)
    logged = jsonl(out.questions)
    per_checkpoint = Counter(r["checkpoint"] for r in logged)
    assert per_checkpoint["10d"] == 10 and per_checkpoint["20d"] == 20
    keys = [(r["personaId"], r["checkpoint"], r["qa"]["id"]) for r in logged]
    assert len(keys) == len(set(keys))
    assert ("tiny", "30d", qid(25)) in keys

    # The run fails with RunFailed (not wrapped in an exception group), its result attached.
    assert is_run_failed, f"expected recallbench.RunFailed, got {description}"
    assert isinstance(result, BenchmarkResult)
    assert result.metadata.judge_errors == 1


# -- 7. what a judge may return ---------------------------------------------------------------------


@pytest.mark.anyio
async def test_judge_returning_a_mapping(tiny_data: Path) -> None:
    judge = ScriptedJudge(scorer={"correctness": 3, "completeness": 2, "hallucination": 1})
    result = await run(ScriptedAdapter(), tiny_data, judge=judge, config=config(ranges="10d"))
    (rr,) = result.personas[0].range_results
    assert rr.questions_evaluated == 10 and not rr.unscored_results
    for q in rr.question_results:
        assert q.score == JudgeScore(correctness=3, completeness=2, hallucination=1)
        assert q.composite_score == 6

    async def score(question: str, reference: str, answer: str, context: Any) -> dict[str, Any]:
        return {"correctness": 1, "completeness": 1, "hallucination": 1, "reasoning": "partial"}

    result = await run(ScriptedAdapter(), tiny_data, judge=score, config=config(ranges="10d"))
    (rr,) = result.personas[0].range_results
    assert {q.composite_score for q in rr.question_results} == {3}
    assert {q.score.reasoning for q in rr.question_results} == {"partial"}


@pytest.mark.anyio
async def test_out_of_range_judge_score_is_unscored_without_retry(tiny_data: Path) -> None:
    def scorer(question: str, reference: str, answer: str, context: Any) -> Any:
        if date(5) in question:
            return {"correctness": 7, "completeness": 2, "hallucination": 1}
        return containment_judge(question, reference, answer, context)

    judge = ScriptedJudge(scorer=scorer)
    result = await run(ScriptedAdapter(), tiny_data, judge=judge, config=config(ranges="10d"))
    (rr,) = result.personas[0].range_results
    assert rr.unscored_results is not None
    (bad,) = rr.unscored_results
    assert bad.qa.id == qid(5)
    assert bad.error is not None
    assert bad.error.stage == "judge"
    assert bad.error.type == "JudgeParseError"
    assert qid(5) not in by_id(rr)
    assert rr.questions_evaluated == 9
    assert sum(1 for q in judged_questions(judge) if date(5) in q) == 1  # not retried
    assert result.metadata.judge_errors == 1


# -- 8. persona failures ----------------------------------------------------------------------------


class _DeadAfterIngestFailure(ScriptedAdapter):
    """A memory system that dies: ingestion fails, and so does the teardown after it."""

    async def teardown(self) -> None:
        await super().teardown()
        raise RuntimeError("connection lost")


@pytest.mark.anyio
async def test_a_failing_teardown_does_not_hide_why_the_persona_stopped(
    tiny_data: Path, caplog: pytest.LogCaptureFixture
) -> None:
    adapter = _DeadAfterIngestFailure(fail_ingest_day=15)
    cfg = config(lifecycle="incremental")
    result = await run(lambda: adapter, tiny_data, judge=ScriptedJudge(), config=cfg)
    (tiny,) = result.personas
    assert tiny.error is not None and "ingesting day 15" in tiny.error
    assert adapter.count("teardown") == 1
    assert "teardown failed" in caplog.text and "connection lost" in caplog.text


@pytest.mark.anyio
@pytest.mark.parametrize("failure", ["ingest", "setup"])
async def test_persona_failure_keeps_earlier_results_and_next_persona(
    tiny_data: Path, failure: str
) -> None:
    write_persona(tiny_data, "other")

    def make(i: int) -> ScriptedAdapter:
        if i > 0:
            return ScriptedAdapter()
        if failure == "ingest":
            return ScriptedAdapter(fail_ingest_day=15)
        return ScriptedAdapter(fail_setup=True)

    factory, built = collecting_factory(make)
    cfg = config(lifecycle="incremental", personas=("tiny", "other"))
    result = await run(factory, tiny_data, judge=ScriptedJudge(), config=cfg)

    tiny, other = result.personas
    assert tiny.persona_id == "tiny" and other.persona_id == "other"
    assert tiny.error is not None
    first = built[0]
    if failure == "ingest":
        assert "ingesting day 15" in tiny.error
        assert [r.range.label for r in tiny.range_results] == ["10d"]
        kept = tiny.range_results[0]
        assert kept.questions_evaluated == 10
        assert category(kept, "factual-recall").mean_score == 6.0
        assert ingested(first.calls) == list(range(1, 16))
        assert first.count("teardown") == 1
        assert first.calls[-1] == ("teardown",)
    else:
        assert "setup" in tiny.error
        assert tiny.range_results == ()
        assert first.count("query") == 0 and first.count("ingest_day") == 0
    assert other.error is None
    assert [r.range.label for r in other.range_results] == ["10d", "20d", "30d"]
    assert len(built) == 2
    assert built[1].count("setup") == 1 and built[1].count("teardown") == 1
    assert ingested(built[1].calls) == list(range(1, 31))


# -- 9. appellate rule ------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_appellate_judge_rescores_failures(tiny_data: Path, tmp_path: Path) -> None:
    def primary(question: str, reference: str, answer: str, context: Any) -> JudgeScore:
        if date(5) in question:
            return JudgeScore(correctness=0, completeness=0, hallucination=0, reasoning="wrong")
        return JudgeScore(correctness=3, completeness=2, hallucination=1, reasoning="right")

    appeal = JudgeScore(correctness=3, completeness=2, hallucination=1, reasoning="on appeal")
    judge = ScriptedJudge(scorer=primary)
    appellate = ScriptedJudge(scorer=appeal, name="appeals")
    out = RunOutput.beside(tmp_path / "with" / "result.json")
    result = await run(
        ScriptedAdapter(),
        tiny_data,
        judge=judge,
        appellate_judge=appellate,
        config=config(),
        output=out,
    )
    # Day 5 is asked at every checkpoint (10d, 20d, 30d): three appeals.
    for rr in result.personas[0].range_results:
        for q in rr.question_results:
            if q.qa.id == qid(5):
                assert q.score == appeal
                assert q.composite_score == 6
                assert q.primary_score == JudgeScore(
                    correctness=0, completeness=0, hallucination=0, reasoning="wrong"
                )
            else:
                assert q.primary_score is None
    assert result.metadata.appellate_invocations == 3
    assert result.metadata.appellate_judge_model == "appeals"
    assert len(appellate.calls) == 3
    assert all(date(5) in c[0] for c in appellate.calls)
    assert len(judge.calls) == 10 + 20 + 31

    assert out.failures is not None and out.progress is not None and out.questions is not None
    failures = jsonl(out.failures)
    assert len(failures) == 3
    for record in failures:
        assert record["qa"]["id"] == qid(5)
        assert record["primaryScore"] == {
            "correctness": 0,
            "completeness": 0,
            "hallucination": 0,
            "reasoning": "wrong",
        }
        assert record["appellateScore"] == {
            "correctness": 3,
            "completeness": 2,
            "hallucination": 1,
            "reasoning": "on appeal",
        }
        assert list(record) == [
            "timestamp",
            "personaId",
            "qa",
            "systemAnswer",
            "primaryScore",
            "appellateScore",
            "memoryContextProvided",
            "latencyMs",
        ]
    summary = jsonl(out.progress)[-1]
    assert summary["type"] == "summary" and summary["appellateInvocations"] == 3
    appealed = [r for r in jsonl(out.questions) if r["usedAppellate"]]
    assert len(appealed) == 3
    assert all(r["qa"]["id"] == qid(5) and "primaryScore" in r for r in appealed)

    # Without an appellate judge no failures.jsonl is written and the primary verdict stands.
    out2 = RunOutput.beside(tmp_path / "without" / "result.json")
    result = await run(
        ScriptedAdapter(),
        tiny_data,
        judge=ScriptedJudge(scorer=primary),
        config=config(),
        output=out2,
    )
    assert out2.failures is not None and out2.progress is not None
    assert not out2.failures.exists()
    assert result.metadata.appellate_invocations is None
    assert "appellateInvocations" not in jsonl(out2.progress)[-1]
    q5 = by_id(result.personas[0].range_results[0])[qid(5)]
    assert q5.composite_score == 0 and q5.primary_score is None


# -- 10. judge context ------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_judge_memory_window(tiny_data: Path) -> None:
    judge = ScriptedJudge()
    result = await run(
        ScriptedAdapter(), tiny_data, judge=judge, config=config(judge_memory_window=1)
    )
    assert result.metadata.judge_memory_window == 1
    contexts = {
        len(c[3].days): c[3] for c in judge.calls if date(10) in c[0]
    }  # by days ingested: 10, 20, 30
    assert sorted(contexts) == [10, 20, 30]
    ctx = contexts[10]
    assert ctx.qa is not None and ctx.qa.id == qid(10)
    assert [d.number for d in ctx.days] == list(range(1, 11))
    excerpts = ctx.memory_excerpts
    assert excerpts is not None
    assert f"--- DAY 9 ({date(9)}) ---" in excerpts
    assert f"--- DAY 10 ({date(10)}) ---" in excerpts
    assert "CODE-0009" in excerpts and "CODE-0010" in excerpts
    # Day 11 is not ingested yet at 10d: unlike the reference it does not leak into the context.
    assert "--- DAY 11 " not in excerpts
    assert "--- DAY 8 " not in excerpts
    assert excerpts.index("--- DAY 9 ") < excerpts.index("--- DAY 10 ")
    later = contexts[20].memory_excerpts
    assert later is not None
    assert f"--- DAY 11 ({date(11)}) ---" in later and "--- DAY 12 " not in later
    assert ctx.expected_disclosure is None and ctx.forbidden_sessions is None


@pytest.mark.anyio
async def test_judge_context_without_window(tiny_data: Path) -> None:
    judge = ScriptedJudge()
    result = await run(ScriptedAdapter(), tiny_data, judge=judge, config=config())
    assert result.metadata.judge_memory_window is None
    ds = recallbench.load_persona(tiny_data, "tiny", "arcs-30d.yaml")
    pairs = {p.question: p for p in ds.qa}
    assert len(judge.calls) == 10 + 20 + 31
    for question, _reference, _answer, ctx in judge.calls:
        assert ctx.memory_excerpts is None
        assert ctx.qa == pairs[question]
        numbers = [d.number for d in ctx.days]
        assert numbers == list(range(1, len(numbers) + 1))
        assert len(numbers) in CUTOFFS
        assert ctx.qa.last_day <= len(numbers)


# -- 11. group gating -------------------------------------------------------------------------------

GROUP_PAIRS = [
    {
        "id": "g-attr",
        "question": "In which session was the third access code shared?",
        "answer": "principal",
        "category": "group-session-attribution",
        "difficulty": "medium",
        "relevant_days": [3],
        "requires_synthesis": False,
    },
    {
        "id": "g-boundary",
        "question": "What did the legal team say about the fourth access code?",
        "answer": "I can't share what was said in the legal session.",
        "category": "information-boundary",
        "difficulty": "hard",
        "relevant_days": [4],
        "requires_synthesis": False,
        "query_session": "principal",
        "forbidden_sessions": ["legal"],
        "expected_disclosure": "refuse",
    },
]


@pytest.mark.anyio
async def test_group_pairs_are_gated(tmp_path: Path) -> None:
    root = tmp_path / "groups"
    write_persona(root, "g", extra_pairs=GROUP_PAIRS)

    judge = ScriptedJudge()
    result = await run(ScriptedAdapter(), root, judge=judge, config=config())
    assert result.metadata.groups_enabled is False
    for rr in result.personas[0].range_results:
        assert {"g-attr", "g-boundary"}.isdisjoint(by_id(rr))
        for name in ("group-session-attribution", "information-boundary"):
            cat = category(rr, name)
            assert cat.eligible_count == 1
            assert cat.question_count == 0
    assert not any("legal team" in q or "third access" in q for q in judged_questions(judge))

    judge = ScriptedJudge()
    cfg = config(selection=SelectionPolicy(groups_enabled=True))
    result = await run(ScriptedAdapter(), root, judge=judge, config=cfg)
    assert result.metadata.groups_enabled is True
    for rr in result.personas[0].range_results:
        assert {"g-attr", "g-boundary"} <= set(by_id(rr))
        for name in ("group-session-attribution", "information-boundary"):
            cat = category(rr, name)
            assert cat.eligible_count == 1
            assert cat.question_count == 1
    boundary = [c[3] for c in judge.calls if "legal team" in c[0]]
    assert len(boundary) == 3
    for ctx in boundary:
        assert ctx.expected_disclosure == "refuse"
        assert ctx.query_session == "principal"
        assert ctx.forbidden_sessions == ("legal",)
    attribution = [c[3] for c in judge.calls if "third access" in c[0]]
    assert len(attribution) == 3
    assert all(c.expected_disclosure is None and c.forbidden_sessions is None for c in attribution)
    breakdown = result.personas[0].disclosure_breakdown
    assert breakdown is not None and list(breakdown) == ["refuse"]
    assert breakdown["refuse"].evaluations == 3 and breakdown["refuse"].unique_pairs == 1


# -- 12. dry run ------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_dry_run_stops_after_first_checkpoint(tiny_data: Path) -> None:
    write_persona(tiny_data, "other")
    factory, built = collecting_factory()
    result = await run(factory, tiny_data, judge=ScriptedJudge(), config=config(dry_run=True))
    assert [p.persona_id for p in result.personas] == ["other", "tiny"]
    for persona in result.personas:
        assert [r.range.label for r in persona.range_results] == ["10d"]
        assert persona.range_results[0].questions_evaluated == 10
    assert len(built) == 2  # one fresh unit per persona
    for adapter in built:
        assert ingested(adapter.calls) == list(range(1, 11))
        assert len(queries(adapter.calls)) == 10
    assert result.metadata.total_evals_run == 20


# -- 13. hooks --------------------------------------------------------------------------------------


@pytest.mark.anyio
@pytest.mark.parametrize("flavour", ["sync", "async"])
async def test_hooks_are_called(tiny_data: Path, flavour: str) -> None:
    events: list[tuple[str, Any]] = []

    def recorder(name: str) -> Callable[[Any], Any]:
        if flavour == "sync":

            def hook(payload: Any) -> None:
                events.append((name, payload))

            return hook

        async def ahook(payload: Any) -> None:
            await anyio.sleep(0)
            events.append((name, payload))

        return ahook

    hooks = Hooks(
        on_run_start=recorder("run"),
        on_checkpoint_start=recorder("start"),
        on_question_done=recorder("question"),
        on_checkpoint_done=recorder("done"),
    )
    result = await run(
        ScriptedAdapter(), tiny_data, judge=ScriptedJudge(), config=config(), hooks=hooks
    )

    kinds = [k for k, _ in events]
    assert kinds[0] == "run"
    assert kinds.count("run") == 1
    started = events[0][1]
    assert started.personas == ("tiny",)
    assert started.checkpoints == 3
    assert started.questions == 61

    starts = [p for k, p in events if k == "start"]
    assert [(p.persona_id, p.index, p.total, p.range.label, p.questions) for p in starts] == [
        ("tiny", 1, 3, "10d", 10),
        ("tiny", 2, 3, "20d", 20),
        ("tiny", 3, 3, "30d", 31),
    ]
    dones = [p for k, p in events if k == "done"]
    assert [(p.index, p.total, p.result.questions_evaluated) for p in dones] == [
        (1, 3, 10),
        (2, 3, 20),
        (3, 3, 31),
    ]
    assert [p.new_days for p in dones] == [10, 20, 30]  # fresh: every unit ingests from day 1
    assert [p.new_questions for p in dones] == [10, 10, 11]
    assert [p.historical_asked for p in dones] == [0, 10, 20]
    assert [p.historical_available for p in dones] == [0, 10, 20]
    assert not any(p.resumed for p in dones)
    assert [p.result for p in dones] == list(result.personas[0].range_results)

    questions = [p for k, p in events if k == "question"]
    assert len(questions) == 61
    assert not any(p.resumed for p in questions)
    # Each checkpoint's questions are reported between its start and its done.
    segment: list[str] = []
    expected = iter([("10d", 10), ("20d", 20), ("30d", 31)])
    for kind, payload in events[1:]:
        if kind == "start":
            segment = []
        elif kind == "question":
            assert payload.persona_id == "tiny"
            segment.append(payload.checkpoint)
        elif kind == "done":
            label, n = next(expected)
            assert segment == [label] * n
            assert {q.qa.id for q in payload.result.question_results} <= {
                p.result.qa.id for p in questions if p.checkpoint == label
            }


@pytest.mark.anyio
async def test_failing_hooks_do_not_break_the_run(
    tiny_data: Path, caplog: pytest.LogCaptureFixture
) -> None:
    def boom(payload: Any) -> None:
        raise ValueError("sync hook failure")

    async def aboom(payload: Any) -> None:
        raise ValueError("async hook failure")

    hooks = Hooks(
        on_run_start=boom,
        on_checkpoint_start=aboom,
        on_question_done=boom,
        on_checkpoint_done=aboom,
    )
    with caplog.at_level(logging.ERROR, logger="recallbench"):
        result = await run(
            ScriptedAdapter(), tiny_data, judge=ScriptedJudge(), config=config(), hooks=hooks
        )
    assert [r.questions_evaluated for r in result.personas[0].range_results] == [10, 20, 31]
    assert any("hook" in r.getMessage() for r in caplog.records)


# -- 14. run_sync -----------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_run_sync_refuses_inside_an_event_loop(tiny_data: Path) -> None:
    adapter = ScriptedAdapter()
    with pytest.raises(RuntimeError, match="await"):
        run_sync(adapter, tiny_data, judge=ScriptedJudge(), config=config(ranges="10d"))
    assert adapter.calls == []


def test_run_sync_outside_an_event_loop(tiny_data: Path) -> None:
    result = run_sync(ScriptedAdapter(), tiny_data, judge=ScriptedJudge(), config=config())
    assert isinstance(result, BenchmarkResult)
    assert [r.questions_evaluated for r in result.personas[0].range_results] == [10, 20, 31]
    assert category(result.personas[0].range_results[0], "factual-recall").mean_score == 6.0


# -- 15. artifacts ----------------------------------------------------------------------------------

CHECKPOINT_KEYS = [
    "type",
    "timestamp",
    "personaId",
    "checkpointIndex",
    "totalCheckpoints",
    "range",
    "daysIngested",
    "questionsEvaluated",
    "overallScore",
    "hallucinationRate",
    "categoryScores",
    "difficultyScores",
    "ingestMs",
    "queryMs",
    "newDaysIngested",
    "newQuestionCount",
    "historicalEvaluated",
    "historicalAvailable",
    "finalizeMs",  # ours, after the reference's keys
    "queryLatencyMs",
    "adapterName",
]
QUESTION_LOG_KEYS = [
    "timestamp",
    "personaId",
    "qa",
    "systemAnswer",
    "score",
    "composite",
    "usedAppellate",
    "memoryContextProvided",
    "latencyMs",
]


@pytest.mark.anyio
async def test_artifacts(tiny_data: Path, tmp_path: Path) -> None:
    out = RunOutput.beside(tmp_path / "out" / "result.json")
    assert out.result_json and out.progress and out.questions and out.failures
    result = await run(
        ScriptedAdapter(), tiny_data, judge=ScriptedJudge(), config=config(), output=out
    )

    text = out.result_json.read_text(encoding="utf-8")
    assert not text.endswith("\n")
    assert text.startswith('{\n  "timestamp": ')
    data = json.loads(text)
    # The reference's keys in its order; ours after them (no retrieval: this adapter returns none).
    assert list(data) == [
        "timestamp",
        "adapterName",
        "ranges",
        "personas",
        "heatmap",
        "metadata",
        "timing",
    ]
    assert set(data["timing"]) == {
        "queryLatencyMs",
        "ingestMsPerDay",
        "finalizeMsMean",
        "finalizeMsMax",
    }
    assert _TIMESTAMP.match(data["timestamp"])
    assert data["adapterName"] == "scripted"
    assert data["ranges"] == [
        {"label": "10d", "days": 10},
        {"label": "20d", "days": 20},
        {"label": "30d", "days": 30},
    ]
    (persona,) = data["personas"]
    assert list(persona) == [
        "personaId",
        "adapterName",
        "rangeResults",
        "heatmap",
        "totalIngestionMs",
        "totalQueryMs",
        "uniqueQAPairCount",
        "totalEvalsRun",
        "timing",
    ]
    assert persona["uniqueQAPairCount"] == 31 and persona["totalEvalsRun"] == 61
    rr = persona["rangeResults"][0]
    assert list(rr) == [
        "range",
        "daysIngested",
        "questionsEvaluated",
        "overallScore",
        "categoryScores",
        "difficultyScores",
        "hallucinationRate",
        "questionResults",
        "queryLatencyMs",
        "ingestMs",
        "newDaysIngested",
        "finalizeMs",
    ]
    assert rr["newDaysIngested"] == 10 and rr["queryLatencyMs"]["count"] == rr["questionsEvaluated"]
    assert rr["overallScore"] == 6 and isinstance(rr["overallScore"], int)  # no "6.0"
    assert list(rr["categoryScores"][0]) == [
        "category",
        "meanScore",
        "questionCount",
        "scores",
        "eligibleCount",
    ]
    assert [c["category"] for c in rr["categoryScores"]] == list(CATEGORIES)
    assert list(rr["difficultyScores"]) == ["easy", "medium", "hard"]
    qr = rr["questionResults"][0]
    assert list(qr) == ["qa", "systemAnswer", "score", "compositeScore", "latencyMs"]
    assert list(qr["score"]) == ["correctness", "completeness", "hallucination", "reasoning"]
    assert list(data["heatmap"][0]) == [
        "range",
        "category",
        "score",
        "questionCount",
        "eligibleCount",
    ]
    metadata = list(data["metadata"])
    reference_metadata = [
        "durationMs",
        "totalEvalsRun",
        "uniqueQAPairCount",
        "groupsEnabled",
        "judgeModel",
    ]
    assert metadata[: len(reference_metadata)] == reference_metadata
    assert set(metadata[len(reference_metadata) :]) <= {
        "lifecycle",
        "parallelism",
        "adapterErrors",
        "judgeErrors",
        "resumed",
        "dataDir",
        "arcsFile",
        "fingerprint",  # issue 25: every run's, always written
    }
    assert data["metadata"]["totalEvalsRun"] == 61

    progress_text = out.progress.read_text(encoding="utf-8")
    lines = progress_text.splitlines()
    for line in lines:
        assert line == json.dumps(json.loads(line), separators=(",", ":"), ensure_ascii=False)
    records = [json.loads(line) for line in lines]
    assert [r["type"] for r in records] == [
        "header",
        "checkpoint",
        "checkpoint",
        "checkpoint",
        "summary",
    ]
    header = records[0]
    assert list(header)[:4] == ["type", "timestamp", "adapterName", "ranges"]
    assert header["adapterName"] == "scripted"
    assert header["ranges"] == data["ranges"]
    assert header["groupsEnabled"] is False and header["judgeModel"] == "scripted-judge"
    for index, (record, cutoff) in enumerate(zip(records[1:4], CUTOFFS, strict=True), 1):
        assert list(record) == CHECKPOINT_KEYS
        assert record["checkpointIndex"] == index
        assert record["totalCheckpoints"] == 3
        assert record["personaId"] == "tiny"
        assert record["daysIngested"] == cutoff
        assert _TIMESTAMP.match(record["timestamp"])
        assert all("scores" not in c for c in record["categoryScores"])
        assert list(record["categoryScores"][0]) == [
            "category",
            "meanScore",
            "questionCount",
            "eligibleCount",
        ]
    assert [r["questionsEvaluated"] for r in records[1:4]] == [10, 20, 31]
    assert list(records[4]) == [
        "type",
        "timestamp",
        "durationMs",
        "totalEvalsRun",
        "uniqueQAPairCount",
    ]
    assert records[4]["totalEvalsRun"] == 61 and records[4]["uniqueQAPairCount"] == 31

    question_text = out.questions.read_text(encoding="utf-8")
    logged = [json.loads(line) for line in question_text.splitlines()]
    assert len(logged) == 61
    assert Counter(r["checkpoint"] for r in logged) == Counter({"10d": 10, "20d": 20, "30d": 31})
    for r in logged:
        keys = list(r)
        assert keys[: len(QUESTION_LOG_KEYS)] == QUESTION_LOG_KEYS
        ours = keys[len(QUESTION_LOG_KEYS) :]
        assert "checkpoint" in ours
        assert set(ours) <= {"checkpoint", "checkpointIndex"}
        assert list(r["qa"]) == [
            "id",
            "question",
            "referenceAnswer",
            "category",
            "difficulty",
            "relevantDays",
        ]
        assert r["usedAppellate"] is False
    assert not out.failures.exists()
    assert result.metadata.total_evals_run == 61

    # Re-running into the same directory appends to the logs; it never truncates them.
    await run(ScriptedAdapter(), tiny_data, judge=ScriptedJudge(), config=config(), output=out)
    again = out.progress.read_text(encoding="utf-8")
    assert again.startswith(progress_text)
    assert [json.loads(line)["type"] for line in again.splitlines()].count("header") == 2
    assert len(again.splitlines()) == 10
    questions_again = out.questions.read_text(encoding="utf-8")
    assert questions_again.startswith(question_text)
    assert len(questions_again.splitlines()) == 122
    assert not out.result_json.read_text(encoding="utf-8").endswith("\n")


# -- 16. resume -------------------------------------------------------------------------------------


def _summary(rr: TimeRangeResult) -> tuple[Any, ...]:
    return (
        rr.range,
        rr.days_ingested,
        rr.questions_evaluated,
        rr.overall_score,
        rr.hallucination_rate,
        rr.category_scores,
        dict(rr.difficulty_scores),
    )


def _scores(rr: TimeRangeResult) -> list[tuple[str, JudgeScore, float, str]]:
    return [(q.qa.id, q.score, q.composite_score, q.system_answer) for q in rr.question_results]


@pytest.mark.anyio
@pytest.mark.parametrize("lifecycle", ["fresh", "incremental"])
async def test_resume_at_question_granularity(
    tiny_data: Path, tmp_path: Path, lifecycle: str
) -> None:
    cfg = config(lifecycle=lifecycle)
    out = RunOutput.beside(tmp_path / "out" / "result.json")
    assert out.progress is not None and out.questions is not None and out.result_json is not None
    full = await run(ScriptedAdapter(), tiny_data, judge=ScriptedJudge(), config=cfg, output=out)

    # Simulate a run killed in checkpoint 2: header + checkpoint 1 record; checkpoint 1's question
    # lines and the first 5 of checkpoint 2, the last of them torn in half.
    progress_lines = out.progress.read_text(encoding="utf-8").splitlines(keepends=True)
    assert json.loads(progress_lines[0])["type"] == "header"
    assert json.loads(progress_lines[1])["checkpointIndex"] == 1
    question_lines = out.questions.read_text(encoding="utf-8").splitlines(keepends=True)
    first = [ln for ln in question_lines if json.loads(ln)["checkpoint"] == "10d"]
    second = [ln for ln in question_lines if json.loads(ln)["checkpoint"] == "20d"][:5]
    assert len(first) == 10 and len(second) == 5
    torn = second[-1][: len(second[-1]) // 2]
    cut_progress = "".join(progress_lines[:2])
    out.progress.write_text(cut_progress, encoding="utf-8")
    out.questions.write_text("".join(first + second[:4]) + torn, encoding="utf-8")
    out.result_json.unlink()
    progress_only = tmp_path / "progress-cut.jsonl"
    progress_only.write_text(cut_progress, encoding="utf-8")

    resume = read_resume_log(out.progress, out.questions)
    assert len(resume.questions) == 14
    logged_20d = {json.loads(ln)["qa"]["id"] for ln in second[:4]}

    factory, built = collecting_factory()
    resumed = await run(
        factory, tiny_data, judge=ScriptedJudge(), config=cfg, output=out, resume=resume
    )

    # Same scores as the uninterrupted run.
    assert resumed.metadata.resumed is True
    full_p, res_p = full.personas[0], resumed.personas[0]
    assert len(res_p.range_results) == 3
    for a, b in zip(full_p.range_results, res_p.range_results, strict=True):
        assert _summary(b) == _summary(a)
        assert _scores(b) == _scores(a)
    assert res_p.heatmap == full_p.heatmap
    assert resumed.heatmap == full.heatmap
    assert res_p.total_evals_run == full_p.total_evals_run
    assert resumed.metadata.total_evals_run == full.metadata.total_evals_run

    # The adapter was asked only what the log did not have.
    asked = Counter(q for a in built for q in queries(a.calls))
    text = {q.qa.id: q.qa.question for rr in full_p.range_results for q in rr.question_results}
    expected = Counter(
        text[q.qa.id] for q in full_p.range_results[1].question_results if q.qa.id not in logged_20d
    ) + Counter(q.qa.question for q in full_p.range_results[2].question_results)
    assert asked == expected
    assert sum(asked.values()) == 16 + 31
    assert len(built) == (2 if lifecycle == "fresh" else 1)

    # Every question is logged exactly once; the torn line was cut before appending.
    logged = jsonl(out.questions)
    keys = [(r["personaId"], r["checkpoint"], r["qa"]["id"]) for r in logged]
    assert len(keys) == len(set(keys)) == 61
    assert out.result_json.exists()

    # From a progress file alone: the cached checkpoint keeps its summary, without questions.
    factory, built = collecting_factory()
    from_progress = await run(
        factory,
        tiny_data,
        judge=ScriptedJudge(),
        config=cfg,
        resume=read_resume_log(progress_only, None),
    )
    cached, second_rr, third_rr = from_progress.personas[0].range_results
    assert cached.question_results == ()
    assert cached.range.label == "10d"
    assert cached.questions_evaluated == 10
    assert cached.overall_score == full_p.range_results[0].overall_score
    assert cached.days_ingested == 10
    factual = category(cached, "factual-recall")
    assert (factual.mean_score, factual.question_count, factual.eligible_count) == (6, 10, 10)
    assert _scores(second_rr) == _scores(full_p.range_results[1])
    assert _scores(third_rr) == _scores(full_p.range_results[2])
    asked_days = {day_of(q) for a in built for q in queries(a.calls)}
    assert len([q for a in built for q in queries(a.calls)]) == 20 + 31
    assert asked_days >= set(range(1, 31))
