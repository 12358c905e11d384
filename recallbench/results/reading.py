"""Reading a run back from disk, to re-render, compare or analyse it (reference §3.2–3.4).

:func:`read_run` accepts what a run leaves behind, ours or the reference harness's:

* a ``result.json`` (a finished run; also the reference's reconstructed results, whose ``qa`` objects
  use the question-log shape with ``referenceAnswer``);
* a ``progress.jsonl`` — a run still going or killed, or one whose result was never written: the
  checkpoint records become range results. Without a ``summary`` record the run is **interim**. A
  ``questions.jsonl`` beside it supplies the per-question results (bucketed by the ``checkpoint`` label
  our harness writes, else by timestamp, as the reference's ``result-from-progress.mjs`` does);
* a run directory holding either (``result.json`` preferred).

Beside the result, :class:`LoadedRun` keeps the question log's per-answer details that result.json never
holds (retrieval entries, tool calls, whether memory context was given), keyed by (persona id,
checkpoint label, question id).

A result the reference rebuilt from an unfinished run (``metadata.reconstructedComplete: false``) is
interim too.

Bad input raises :class:`~recallbench.errors.DatasetError` naming the file (and line, for JSONL) and
what was expected.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, override

from .._fields import EXTRA, json_key
from ..data.qa import QAPair
from ..data.ranges import TimeRange
from ..errors import DatasetError
from .aggregate import merge_heatmaps, persona_heatmap
from .records import (
    BenchmarkResult,
    CategoryScore,
    DifficultyStats,
    HeatmapCell,
    PersonaResult,
    QuestionResult,
    RunMetadata,
    TimeRangeResult,
)
from .scoring import JudgeScore

__all__ = [
    "DetailKey",
    "LoadedRun",
    "qa_from_json",
    "read_details",
    "read_run",
    "result_from_json",
    "score_from_json",
]

DetailKey = tuple[str, str, str]
"""(persona id, checkpoint label, question id)."""


@attrs.frozen(kw_only=True)
class LoadedRun:
    """A run read back from disk.

    Attributes:
        result: the run as a :class:`BenchmarkResult`.
        source: the file it was read from.
        interim: the run had not finished (a progress file without a summary record).
        checkpoints_done: checkpoint records read (progress files only).
        checkpoints_total: checkpoints the run planned, over all personas (progress files only; None
            when the header does not say).
        details: the question log's records by (persona id, checkpoint label, question id), when a
            ``questions.jsonl`` was found beside the source: retrieval entries, tool calls and the like.
    """

    result: BenchmarkResult
    source: Path
    interim: bool = False
    checkpoints_done: int | None = None
    checkpoints_total: int | None = None
    details: Mapping[DetailKey, Mapping[str, Any]] = attrs.field(factory=dict, repr=False)

    @property
    def interim_note(self) -> str | None:
        """``INTERIM — 12/30 checkpoints`` for an unfinished run, else None."""
        if not self.interim:
            return None
        if self.checkpoints_done is None:
            return "INTERIM"
        if self.checkpoints_total:
            return f"INTERIM — {self.checkpoints_done}/{self.checkpoints_total} checkpoints"
        return f"INTERIM — {self.checkpoints_done} checkpoints"


# --- result.json -------------------------------------------------------------------------------

_json = cattrs.Converter(detailed_validation=False)
_json_detailed = cattrs.Converter(detailed_validation=True)

_QA_KEYS = {
    "id": "id",
    "question": "question",
    "answer": "answer",
    "referenceAnswer": "answer",
    "category": "category",
    "difficulty": "difficulty",
    "relevantDays": "relevant_days",
    "requiresSynthesis": "requires_synthesis",
    "querySession": "query_session",
    "forbiddenSessions": "forbidden_sessions",
    "expectedDisclosure": "expected_disclosure",
    "irrelevantAfter": "irrelevant_after",
}
_CAMEL_HUMP = re.compile(r"(?<=[a-z0-9])([A-Z])")


def qa_from_json(data: Any) -> QAPair:
    """A QAPair from its result-JSON (camelCase) or question-log shape (``referenceAnswer``).

    Keys the record does not know are kept in ``extra`` (snake_case, as on disk)."""
    if not isinstance(data, Mapping):
        raise TypeError(f"expected a question object, got {type(data).__name__}")
    fields: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in data.items():
        name = _QA_KEYS.get(key)
        if name is not None:
            fields[name] = value
        else:
            extra[_CAMEL_HUMP.sub(r"_\1", key).lower()] = value
    fields.setdefault("difficulty", "medium")
    fields.setdefault("answer", "")
    return QAPair(**fields, extra=extra)


def score_from_json(data: Any, _cls: type = JudgeScore) -> JudgeScore:
    """A JudgeScore from its JSON object (integral floats such as ``3.0`` accepted)."""
    if not isinstance(data, Mapping):
        raise TypeError(f"expected a score object, got {type(data).__name__}")

    def whole(value: Any) -> Any:
        return int(value) if isinstance(value, float) and value.is_integer() else value

    reasoning = data.get("reasoning")
    return JudgeScore(
        correctness=whole(data["correctness"]),
        completeness=whole(data["completeness"]),
        hallucination=whole(data["hallucination"]),
        reasoning=reasoning if isinstance(reasoning, str) else None,
    )


def _structure_factory(conv: cattrs.Converter) -> Any:
    def factory(cls: type) -> Any:
        fields = [a for a in attrs.fields(cls) if a.name != EXTRA]
        renames = {a.name: override(rename=json_key(a)) for a in fields}
        base: Any = make_dict_structure_fn(cls, conv, **renames)  # type: ignore[arg-type]

        def structure(data: Any, _cls: type) -> Any:
            if not isinstance(data, Mapping):
                raise TypeError(f"expected an object for {cls.__name__}, got {type(data).__name__}")
            return base(data, cls)

        return structure

    return factory


def _time_range(data: Any, _cls: type) -> TimeRange:
    if not isinstance(data, Mapping):
        raise TypeError(f"expected a range object, got {type(data).__name__}")
    return TimeRange(label=data["label"], days=data["days"])


def _number(data: Any, _cls: type) -> float:
    if isinstance(data, bool) or not isinstance(data, int | float):
        raise TypeError(f"expected a number, got {data!r}")
    return data


def _cell_from_json(structure: Any) -> Any:
    """A heatmap cell; one without questions has no score (the file writes 0 there)."""

    def cell(data: Any, cls: type) -> HeatmapCell:
        c: HeatmapCell = structure(data, cls)
        return attrs.evolve(c, score=None) if c.question_count <= 0 else c

    return cell


def _optional_number(data: Any, _cls: type) -> float | None:
    return None if data is None else _number(data, float)


for _conv in (_json, _json_detailed):
    _conv.register_structure_hook(QAPair, lambda d, _c: qa_from_json(d))
    _conv.register_structure_hook(JudgeScore, score_from_json)
    _conv.register_structure_hook(TimeRange, _time_range)
    _conv.register_structure_hook(float, _number)
    _conv.register_structure_hook(float | None, _optional_number)
    _conv.register_structure_hook(int | float, _number)
    _conv.register_structure_hook_factory(attrs.has, _structure_factory(_conv))
    _conv.register_structure_hook(
        HeatmapCell, _cell_from_json(_structure_factory(_conv)(HeatmapCell))
    )


def result_from_json(data: Any) -> BenchmarkResult:
    """A BenchmarkResult from parsed ``result.json`` data (ours or the reference's).

    Raises:
        ValueError: the data is not a result; the message names the first bad field's path.
    """
    if not isinstance(data, Mapping) or not isinstance(data.get("personas"), list):
        raise ValueError("not a result.json: expected an object with a 'personas' list")
    try:
        return _json.structure(data, BenchmarkResult)
    except Exception:
        pass
    try:  # again, slowly, for a message that names where it went wrong
        return _json_detailed.structure(data, BenchmarkResult)
    except cattrs.ClassValidationError as exc:
        raise ValueError(_first_error(exc)) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{type(exc).__name__}: {exc}") from None


def _first_error(exc: BaseException, path: str = "") -> str:
    if isinstance(exc, cattrs.BaseValidationError):
        for sub in exc.exceptions:
            notes = getattr(sub, "__notes__", None) or []
            where = path
            for note in notes:
                m = re.search(r"@ \$?(.*)$", str(note))
                if m:
                    where = f"{path}{m.group(1)}" if m.group(1).startswith(("[", ".")) else path
                    m2 = re.match(r"Structuring class \w+ @ attribute (\w+)", str(note))
                    if m2:
                        where = f"{path}.{m2.group(1)}"
                    m3 = re.match(r"Structuring \S+ @ index (\d+)", str(note))
                    if m3:
                        where = f"{path}[{m3.group(1)}]"
            return _first_error(sub, where)
    if isinstance(exc, KeyError):
        return f"{path.lstrip('.') or 'result'}: missing key {exc}"
    return f"{path.lstrip('.') or 'result'}: {exc}"


# --- progress.jsonl ----------------------------------------------------------------------------


def _jsonl(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, record) of a JSONL file; a torn last line (a killed writer) is skipped."""
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except (OSError, UnicodeDecodeError) as exc:
        raise DatasetError(f"{path}: cannot read: {exc}") from None
    last = max((i for i, line in enumerate(lines) if line.strip()), default=-1)
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            if i == last:  # torn by a kill mid-write: everything before it stands
                return
            raise DatasetError(f"{path}:{i + 1}: not a JSON line: {exc.msg}") from None
        if not isinstance(record, dict):
            raise DatasetError(f"{path}:{i + 1}: expected a JSON object per line")
        yield i + 1, record


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


def _question_result(record: Mapping[str, Any]) -> QuestionResult:
    score = score_from_json(record["score"], JudgeScore)
    primary = record.get("primaryScore")
    return QuestionResult(
        qa=qa_from_json(record["qa"]),
        system_answer=str(record.get("systemAnswer", "")),
        score=score,
        composite_score=record.get("composite", score.composite),
        latency_ms=record.get("latencyMs", 0),
        primary_score=score_from_json(primary, JudgeScore) if primary else None,
    )


def _text_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _count_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _read_progress(path: Path) -> LoadedRun:
    header: dict[str, Any] | None = None
    summary: dict[str, Any] | None = None
    checkpoints: list[tuple[int, dict[str, Any]]] = []
    for line, record in _jsonl(path):
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

    questions = path.with_name("questions.jsonl")
    logged = list(_jsonl(questions)) if questions.is_file() else []

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

    answers, details = _bucket_questions(questions, logged, by_persona)

    personas: list[PersonaResult] = []
    for pid, cps in by_persona.items():
        ranges: list[TimeRangeResult] = []
        for label, (line, cp) in sorted(cps.items(), key=lambda kv: kv[1][1]["range"]["days"]):
            try:
                ranges.append(
                    TimeRangeResult(
                        range=_time_range(cp["range"], TimeRange),
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
        header_ranges = tuple(_time_range(r, TimeRange) for r in header.get("ranges") or ())
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
    logged: list[tuple[int, dict[str, Any]]],
    checkpoints: Mapping[str, Mapping[str, tuple[int, dict[str, Any]]]],
) -> tuple[dict[tuple[str, str], list[QuestionResult]], dict[DetailKey, Mapping[str, Any]]]:
    """Question-log records assigned to their checkpoints: by the ``checkpoint`` label when present,
    else to the persona's first checkpoint logged at or after the question (the reference's log)."""
    answers: dict[tuple[str, str], list[QuestionResult]] = {}
    details: dict[DetailKey, Mapping[str, Any]] = {}
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
            result = _question_result(record)
        except (KeyError, TypeError, ValueError) as exc:
            raise DatasetError(f"{path}:{line}: bad question record: {exc}") from None
        key = (pid, label, result.qa.id)
        if key in details:  # a resumed run logged it twice: the last answer stands
            answers[(pid, label)] = [q for q in answers[(pid, label)] if q.qa.id != result.qa.id]
        answers.setdefault((pid, label), []).append(result)
        details[key] = record
    return answers, details


def read_details(questions: Path) -> dict[DetailKey, Mapping[str, Any]]:
    """A question log's records by (persona id, checkpoint label, question id), the last record of
    a question winning (a resumed run may log it twice). Records without a checkpoint label (the
    reference's log) are left out: :func:`read_run` places those by timestamp.

    Raises:
        DatasetError: the file cannot be read, or a line other than a torn last one is not JSON.
    """
    details: dict[DetailKey, Mapping[str, Any]] = {}
    for _line, record in _jsonl(questions):
        qa, pid, label = record.get("qa"), record.get("personaId"), record.get("checkpoint")
        if isinstance(qa, Mapping) and isinstance(pid, str) and isinstance(label, str):
            details[(pid, label, str(qa.get("id")))] = record
    return details


# --- entry point -------------------------------------------------------------------------------


def read_run(path: Path | str) -> LoadedRun:
    """Read a run from a ``result.json``, a ``progress.jsonl`` or a run directory.

    Raises:
        DatasetError: the path does not exist or holds no run, or a file is malformed (the message
            names the file, the line for JSONL, and what was expected).
    """
    path = Path(path)
    if path.is_dir():
        for name in ("result.json", "progress.jsonl"):
            if (path / name).is_file():
                return read_run(path / name)
        raise DatasetError(f"{path}: no result.json or progress.jsonl in this directory")
    if not path.is_file():
        raise DatasetError(
            f"{path}: no such file (expected a result.json, progress.jsonl or run directory)"
        )
    if path.suffix == ".jsonl":
        return _read_progress(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise DatasetError(f"{path}: cannot read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise DatasetError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}") from None
    try:
        result = result_from_json(data)
    except ValueError as exc:
        raise DatasetError(f"{path}: {exc}") from None
    questions = path.with_name("questions.jsonl")
    details = read_details(questions) if questions.is_file() else {}
    # The reference's result-from-progress.mjs marks a result rebuilt from an unfinished run.
    md = data.get("metadata") if isinstance(data.get("metadata"), Mapping) else {}
    if md.get("reconstructedComplete") is False:
        done = md.get("reconstructedCheckpoints")
        return LoadedRun(
            result=result,
            source=path,
            interim=True,
            checkpoints_done=done if isinstance(done, int) else None,
            checkpoints_total=len({r.label for r in result.ranges}) * len(result.personas),
            details=details,
        )
    return LoadedRun(result=result, source=path, details=details)
