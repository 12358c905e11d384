"""A ``progress.jsonl`` read back as a run: a run still going or killed, or one whose result was never
written (reference §3.3, the reference's ``result-from-progress.mjs``).

The checkpoint records become range results; without a ``summary`` record the run is **interim**. A
``questions.jsonl`` beside it supplies the per-question results, streamed a line at a time: bucketed
by the ``checkpoint`` label our harness writes, else by timestamp, as the reference does. Equal
question and score objects are read as one record (:class:`~.result_json.Interner`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ..data.ranges import TimeRange
from ..errors import DatasetError
from ._collector import collector_paused
from .aggregate import merge_heatmaps, persona_heatmap
from .loaded_run import LoadedRun
from .question_log import DetailKey, jsonl_records
from .records import (
    BenchmarkResult,
    CategoryScore,
    DifficultyStats,
    PersonaResult,
    QuestionResult,
    RunMetadata,
    TimeRangeResult,
)
from .result_json import Interner
from .retrieval_log import question_log_records

__all__ = ["read_progress"]


def _time_range(data: Any) -> TimeRange:
    if not isinstance(data, Mapping):
        raise TypeError(f"expected a range object, got {type(data).__name__}")
    return TimeRange(label=data["label"], days=data["days"])


def _category_scores(raw: Any) -> tuple[CategoryScore, ...]:
    return tuple(
        CategoryScore(
            category=c["category"],
            mean_score=c["meanScore"],
            question_count=c["questionCount"],
            scores=tuple(c.get("scores") or ()),
            eligible_count=c.get("eligibleCount", c["questionCount"]),
        )
        for c in raw or ()
    )


def _difficulty(raw: Any) -> dict[str, DifficultyStats]:
    return {k: DifficultyStats(mean=v["mean"], count=v["count"]) for k, v in (raw or {}).items()}


def _question_result(record: Mapping[str, Any], interner: Interner) -> QuestionResult:
    score = interner.score(record["score"])
    primary = record.get("primaryScore")
    return QuestionResult(
        qa=interner.qa(record["qa"]),
        system_answer=str(record.get("systemAnswer", "")),
        score=score,
        composite_score=record.get("composite", score.composite),
        latency_ms=record.get("latencyMs", 0),
        primary_score=interner.score(primary) if primary else None,
    )


def _text_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _count_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def read_progress(path: Path) -> LoadedRun:
    """A run from its ``progress.jsonl`` and the ``questions.jsonl`` beside it (when there is one).

    Raises:
        DatasetError: a file is malformed (the message names it, the line, and what was expected).
    """
    with collector_paused():
        return _read_progress(path)


def _read_progress(path: Path) -> LoadedRun:
    header: dict[str, Any] | None = None
    summary: dict[str, Any] | None = None
    checkpoints: list[tuple[int, dict[str, Any]]] = []
    for line, record in jsonl_records(path):
        kind = record.get("type")
        if kind == "header":
            if header is None:
                header = record
        elif kind == "checkpoint":
            checkpoints.append((line, record))
        elif kind == "summary":
            summary = record
    if header is None and not checkpoints:
        raise DatasetError(f"{path}: no header or checkpoint records: not a progress.jsonl")
    header = header or {}

    # A checkpoint logged twice (a resumed run) keeps its last record.
    by_persona: dict[str, dict[str, tuple[int, dict[str, Any]]]] = {}
    for line, cp in checkpoints:
        pid = cp.get("personaId")
        label = (cp.get("range") or {}).get("label")
        if not isinstance(pid, str) or not isinstance(label, str):
            raise DatasetError(
                f"{path}:{line}: a checkpoint record needs personaId and range.label"
            )
        by_persona.setdefault(pid, {})[label] = (line, cp)

    questions = path.with_name("questions.jsonl")
    logged = question_log_records(questions) if questions.is_file() else iter(())
    answers, details = _bucket_questions(questions, logged, by_persona)

    personas: list[PersonaResult] = []
    for pid, cps in by_persona.items():
        ranges: list[TimeRangeResult] = []
        for label, (line, cp) in sorted(cps.items(), key=lambda kv: kv[1][1]["range"]["days"]):
            try:
                ranges.append(
                    TimeRangeResult(
                        range=_time_range(cp["range"]),
                        days_ingested=cp.get("daysIngested", cp["range"]["days"]),
                        questions_evaluated=cp.get("questionsEvaluated", 0),
                        overall_score=cp.get("overallScore", 0),
                        category_scores=_category_scores(cp.get("categoryScores")),
                        difficulty_scores=_difficulty(cp.get("difficultyScores")),
                        hallucination_rate=cp.get("hallucinationRate", 0),
                        question_results=tuple(answers.get((pid, label), ())),
                        ingest_ms=cp.get("ingestMs"),
                        new_days_ingested=cp.get("newDaysIngested"),
                    )
                )
            except (KeyError, TypeError, ValueError) as exc:
                raise DatasetError(f"{path}:{line}: bad checkpoint record: {exc}") from None
        ingest = sum(r.ingest_ms or 0 for r in ranges)
        query = sum(float(cps[r.range.label][1].get("queryMs") or 0) for r in ranges)
        personas.append(
            PersonaResult(
                persona_id=pid,
                adapter_name=str(header.get("adapterName", "")),
                range_results=tuple(ranges),
                heatmap=persona_heatmap(ranges),
                total_ingestion_ms=ingest,
                total_query_ms=query,
                unique_qa_pair_count=len({q.qa.id for r in ranges for q in r.question_results}),
                total_evals_run=sum(r.questions_evaluated for r in ranges),
            )
        )
    try:
        header_ranges = tuple(_time_range(r) for r in header.get("ranges") or ())
    except (KeyError, TypeError, ValueError) as exc:
        raise DatasetError(f"{path}: bad ranges in the header: {exc}") from None
    if not header_ranges:
        seen: dict[str, TimeRange] = {}
        for p in personas:
            for r in p.range_results:
                seen.setdefault(r.range.label, r.range)
        header_ranges = tuple(sorted(seen.values(), key=lambda t: t.days))
    total_evals = sum(p.total_evals_run for p in personas)
    summary = summary or {}
    metadata = RunMetadata(
        duration_ms=summary.get("durationMs"),
        total_evals_run=summary.get("totalEvalsRun", total_evals),
        unique_qa_pair_count=summary.get(
            "uniqueQAPairCount", sum(p.unique_qa_pair_count for p in personas)
        ),
        sample=header.get("sample"),
        judge_memory_window=header.get("judgeMemoryWindow"),
        groups_enabled=bool(header.get("groupsEnabled", False)),
        synthesis_model=header.get("synthesisModel"),
        embedding_provider=header.get("embeddingProvider"),
        embedding_model=header.get("embeddingModel"),
        judge_model=header.get("judgeModel"),
        appellate_judge_model=header.get("appellateJudgeModel"),
        appellate_invocations=summary.get("appellateInvocations"),
        hallucination_mode=_text_or_none(header.get("hallucinationMode")),
        hallucination_window=_count_or_none(header.get("hallucinationWindow")),
    )
    result = BenchmarkResult(
        timestamp=str(header.get("timestamp", "")),
        adapter_name=str(header.get("adapterName", "")),
        ranges=header_ranges,
        personas=tuple(personas),
        heatmap=merge_heatmaps(p.heatmap for p in personas),
        metadata=metadata,
    )
    planned = header.get("personas")
    persona_count = len(planned) if isinstance(planned, list) else len(by_persona)
    per_persona: int | None = None
    totals = {cp.get("totalCheckpoints") for _, cp in checkpoints}
    if len(totals) == 1 and isinstance(next(iter(totals)), int):
        per_persona = next(iter(totals))
    elif header_ranges:
        per_persona = len({r.label for r in header_ranges})
    total = per_persona * persona_count if per_persona is not None else None
    done = sum(len(c) for c in by_persona.values())
    return LoadedRun(
        result=result,
        source=path,
        interim=not summary,
        checkpoints_done=done,
        checkpoints_total=total,
        details=details,
    )


def _bucket_questions(
    path: Path,
    logged: Iterable[tuple[int, dict[str, Any]]],
    checkpoints: Mapping[str, Mapping[str, tuple[int, dict[str, Any]]]],
) -> tuple[dict[tuple[str, str], list[QuestionResult]], dict[DetailKey, Mapping[str, Any]]]:
    """Question-log records assigned to their checkpoints: by the ``checkpoint`` label when present,
    else to the persona's first checkpoint logged at or after the question (the reference's log)."""
    answers: dict[tuple[str, str], list[QuestionResult]] = {}
    details: dict[DetailKey, Mapping[str, Any]] = {}
    interner = Interner()
    order = {
        pid: sorted(((cp.get("timestamp", ""), label) for label, (_, cp) in cps.items()))
        for pid, cps in checkpoints.items()
    }
    for line, record in logged:
        pid = record.get("personaId")
        if not isinstance(pid, str) or pid not in checkpoints:
            continue  # a persona whose checkpoint never finished: nothing to attach it to
        label = record.get("checkpoint")
        if not isinstance(label, str):
            stamp = str(record.get("timestamp", ""))
            label = next((lb for ts, lb in order[pid] if ts >= stamp), None)
        if label is None or label not in checkpoints[pid]:
            continue
        if record.get("error", {}).get("stage") == "judge":
            continue  # unscored: its score is a placeholder
        try:
            result = _question_result(record, interner)
        except (KeyError, TypeError, ValueError) as exc:
            raise DatasetError(f"{path}:{line}: bad question record: {exc}") from None
        key = (pid, label, result.qa.id)
        if key in details:  # a resumed run logged it twice: the last answer stands
            answers[(pid, label)] = [q for q in answers[(pid, label)] if q.qa.id != result.qa.id]
        answers.setdefault((pid, label), []).append(result)
        details[key] = record
    return answers, details
