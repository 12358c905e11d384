"""The question table of the HTML report as compact JSON data, and the per-persona summary. Pure.

A 6-persona × 143-checkpoint run holds ~50,000 answers, most of them to questions asked again at
later checkpoints, often with the same answer. So the payload is column-light and deduplicated:

* ``qas``: each (persona, question) once — ``[persona, id, question, reference, category,
  difficulty, relevantDays]``, texts as indexes into ``strings``;
* ``rows``: one per answer — see :data:`ROW_FIELDS` — with answers, reasoning and error messages
  as indexes into the same string pool;
* ``details``: what only the question log keeps (retrieval entries, tool calls), when given.

Everything is built from plain lists and dicts so that one ``json.dumps`` serialises it quickly.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from ..data.qa import DIFFICULTIES, report_categories
from ..results.attribution import CLASSES, Attribution
from ..results.failures import Failures, checkpoint_failures, run_failures
from ..results.question_log import answer_key
from ..results.records import BenchmarkResult, QuestionResult
from ..results.scoring import JudgeScore

__all__ = [
    "MAX_RETRIEVAL_ENTRIES",
    "ROW_FIELDS",
    "SNIPPET_CHARS",
    "DetailKey",
    "PersonaSummary",
    "build_payload",
    "persona_summaries",
]

DetailKey = tuple[str, str, str]
"""(persona id, checkpoint label, question id), as :class:`recallbench.results.reading.LoadedRun` keys
its question-log records."""

ROW_FIELDS: tuple[str, ...] = (
    "qa",  # index into qas
    "checkpoint",  # index into checkpoints
    "answer",  # string index
    "correctness",
    "completeness",
    "hallucination",  # 1 grounded, 0 hallucinated; None when unscored
    "composite",  # None when unscored
    "reasoning",  # string index or -1
    "latencyMs",
    "primary",  # [correctness, completeness, hallucination, reasoning] before appeal, or None
    "error",  # [stage, type, message] as string indexes, or None
    "retrieval",  # [recall@5, recall@10, ndcg@10, mrr] or None
    "detail",  # index into details, or -1
    "unscored",  # 1 when the judge failed and the answer is left out of every mean
    "attribution",  # index into classes: the answer's class, or -1 when not given
    "attributionWhy",  # string index: the rule that decided, or -1
)
"""The fields of one row of ``rows``, in order (the page's script reads them by position). A run of
``--epochs`` > 1 adds ``epoch`` (1…N) at the end of each row and of ``fields``."""

MAX_RETRIEVAL_ENTRIES = 10
"""Retrieval entries kept per answer (the rest are counted)."""
SNIPPET_CHARS = 320
"""A retrieval snippet or tool-call preview is cut to this many characters."""


class _Pool:
    """Strings stored once and referred to by index (a dict keeps insertion order, so its keys
    are the strings in index order)."""

    def __init__(self) -> None:
        self._index: dict[str, int] = {}

    def add(self, text: str) -> int:
        index = self._index
        return index.setdefault(text, len(index))

    @property
    def index(self) -> dict[str, int]:
        """The string → index dict itself, for hot loops: ``index.setdefault(text, len(index))``
        adds without a Python call."""
        return self._index

    @property
    def items(self) -> list[str]:
        return list(self._index)


def _cut(text: str, limit: int = SNIPPET_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _number(value: float) -> int | float:
    if isinstance(value, int):
        return value
    rounded = round(float(value), 2)
    return int(rounded) if rounded.is_integer() else rounded


def _score(score: JudgeScore, pool: _Pool) -> list[int]:
    reasoning = pool.add(score.reasoning) if score.reasoning else -1
    return [score.correctness, score.completeness, score.hallucination, reasoning]


def _is_map(value: object) -> bool:
    # dict first: records read from JSON are dicts, and the ABC check costs ten times as much.
    return type(value) is dict or isinstance(value, Mapping)


def _detail(record: Mapping[str, Any], pool: _Pool) -> dict[str, Any] | None:
    """The parts of a question-log record worth showing: retrieval entries and tool calls."""
    out: dict[str, Any] = {}
    add = pool.add
    entries = record.get("retrieval")
    if isinstance(entries, list) and entries:
        # The hot loop of a large run (~10 entries × 50,000 answers): no Python calls in it.
        index = pool.index
        intern = index.setdefault
        kept = []
        for entry in entries[:MAX_RETRIEVAL_ENTRIES]:
            if not _is_map(entry):
                continue
            path = entry.get("path")
            snippet = entry.get("snippet")
            score = entry.get("score")
            day = entry.get("day")
            if type(path) is not str:
                path = "" if path is None else str(path)
            if type(snippet) is str and snippet:
                if len(snippet) > SNIPPET_CHARS:
                    snippet = snippet[: SNIPPET_CHARS - 1] + "…"
                snippet_id = intern(snippet, len(index))
            else:
                snippet_id = -1
            kept.append(
                [
                    intern(path, len(index)),
                    day if type(day) is int else None,
                    round(score, 3) if type(score) is float or type(score) is int else None,
                    snippet_id,
                ]
            )
        out["retrieval"] = kept
        if len(entries) > MAX_RETRIEVAL_ENTRIES:
            out["more"] = len(entries) - MAX_RETRIEVAL_ENTRIES
    calls = record.get("toolCalls")
    if isinstance(calls, list) and calls:
        out["tools"] = [
            [
                add(str(c.get("tool", ""))),
                add(_cut(_compact_json(c.get("args")))),
                add(_cut(str(c["resultPreview"]))) if c.get("resultPreview") else -1,
            ]
            for c in calls[:MAX_RETRIEVAL_ENTRIES]
            if _is_map(c)
        ]
    memory = record.get("memoryContextProvided")
    if isinstance(memory, bool):
        out["memory"] = memory
    return out or None


def _compact_json(value: Any) -> str:
    import json

    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
    except (TypeError, ValueError):
        return str(value)


def _checkpoint_index(result: BenchmarkResult) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The run's checkpoints (its ranges, then any label only a persona has), by label."""
    checkpoints: list[dict[str, Any]] = []
    index: dict[str, int] = {}

    def add(label: str, days: float) -> None:
        if label not in index:
            index[label] = len(checkpoints)
            checkpoints.append({"label": label, "days": _number(days)})

    for r in result.ranges:
        add(r.label, r.days)
    for p in result.personas:
        for rr in p.range_results:
            add(rr.range.label, rr.range.days)
    return checkpoints, index


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while the payload is built.

    Building it allocates ~10 small lists per answer (half a million for a large run with its
    question log) while the result and the log, millions of objects, are alive: every full
    collection the allocations trigger walks all of them, which tripled the build time (3.1 s
    against 0.9 s for 44,000 answers with details). Nothing built here forms a cycle, and the
    collector is resumed, as it was, when the build ends.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def build_payload(
    result: BenchmarkResult,
    details: Mapping[DetailKey, Mapping[str, Any]] | None = None,
    attributions: Sequence[Attribution] | None = None,
) -> dict[str, Any]:
    """The question table's data: every answer of the run, scored or not.

    Args:
        result: The run.
        details: Question-log records by (persona id, checkpoint label, question id), as
            :attr:`recallbench.results.reading.LoadedRun.details` holds them; their retrieval entries
            and tool calls are shown in an answer's detail panel.
        attributions: every answer's class, in the order the rows are built (persona by
            persona, checkpoint by checkpoint, scored answers then unscored ones: the order of
            :func:`~recallbench.results.attribution.attribute_run`); None: no class (-1).

    Returns:
        Plain JSON data: ``personas``, ``checkpoints``, ``categories``, ``difficulties``,
        ``strings``, ``qas``, ``rows`` (fields :data:`ROW_FIELDS`), ``details``.
    """
    with _collector_paused():
        return _build(result, details or {}, attributions)


def _categories(result: BenchmarkResult) -> tuple[str, ...]:
    """The run's categories in report order (its answers' and its heatmap's)."""
    return report_categories(
        [
            *(c.category for c in result.heatmap),
            *(
                q.qa.category
                for p in result.personas
                for r in p.range_results
                for q in (*r.question_results, *(r.unscored_results or ()))
            ),
        ],
        result.categories,
    )


def _build(
    result: BenchmarkResult,
    details: Mapping[DetailKey, Mapping[str, Any]],
    attributions: Sequence[Attribution] | None,
) -> dict[str, Any]:
    pool = _Pool()
    class_index = {c: i for i, c in enumerate(CLASSES)}
    attributed = iter(attributions) if attributions is not None else None
    checkpoints, cp_index = _checkpoint_index(result)
    categories = _categories(result)
    category_index = {c: i for i, c in enumerate(categories)}
    difficulty_index = {d: i for i, d in enumerate(DIFFICULTIES)}
    qas: list[list[Any]] = []
    qa_index: dict[tuple[int, str], int] = {}
    rows: list[list[Any]] = []
    detail_rows: list[dict[str, Any]] = []
    epochs = result.metadata.epochs is not None

    for p_idx, persona in enumerate(result.personas):
        pid = persona.persona_id
        for rr in persona.range_results:
            cp = cp_index[rr.range.label]
            label = rr.range.label
            answers: Iterable[tuple[QuestionResult, int]] = (
                *((q, 0) for q in rr.question_results),
                *((q, 1) for q in rr.unscored_results or ()),
            )
            for q, unscored in answers:
                qa = q.qa
                key = (p_idx, qa.id)
                qi = qa_index.get(key)
                if qi is None:
                    qi = qa_index[key] = len(qas)
                    qas.append(
                        [
                            p_idx,
                            qa.id,
                            pool.add(qa.question),
                            pool.add(qa.answer),
                            category_index[qa.category],
                            difficulty_index[qa.difficulty],
                            list(qa.relevant_days),
                        ]
                    )
                s = q.score
                error = q.error
                metrics = q.retrieval_metrics
                detail = -1
                record = details.get((pid, label, answer_key(qa.id, q.epoch))) if details else None
                if record is not None:
                    shown = _detail(record, pool)
                    if shown is not None:
                        detail = len(detail_rows)
                        detail_rows.append(shown)
                kind, why = -1, -1
                if attributed is not None:
                    a = next(attributed)
                    kind, why = class_index[a.kind], pool.add(a.why)
                rows.append(
                    [
                        qi,
                        cp,
                        pool.add(q.system_answer),
                        s.correctness,
                        s.completeness,
                        None if unscored else s.hallucination,
                        None if unscored else _number(q.composite_score),
                        pool.add(s.reasoning) if s.reasoning else -1,
                        _number(q.latency_ms),
                        None if q.primary_score is None else _score(q.primary_score, pool),
                        None
                        if error is None
                        else [pool.add(error.stage), pool.add(error.type), pool.add(error.message)],
                        None if metrics is None else [_number(v) for v in metrics.as_tuple()],
                        detail,
                        unscored,
                        kind,
                        why,
                        *((q.epoch,) if epochs else ()),
                    ]
                )
    return {
        "fields": [*ROW_FIELDS, *(("epoch",) if epochs else ())],
        "personas": [p.persona_id for p in result.personas],
        "checkpoints": checkpoints,
        "categories": list(categories),
        "difficulties": list(DIFFICULTIES),
        "strings": pool.items,
        "qas": qas,
        "rows": rows,
        "details": detail_rows,
    }


@attrs.frozen(kw_only=True)
class PersonaSummary:
    """What the report's persona table shows of one persona (None where unknown).

    Attributes:
        persona: the persona's id.
        checkpoints: checkpoints it reached.
        answers: its scored answers.
        mean: mean composite over those answers.
        first: (label, overall score) of its first checkpoint with answers.
        last: the same for its last.
        hallucination_rate: percent of its scored answers judged hallucinated.
        adapter_errors: answers the memory system failed to give (raised, timed out or could not
            be reached: :mod:`recallbench.results.failures`).
        judge_errors: answers the judge failed to score (left out of every mean).
        failures: those failed answers, by kind.
        recall_at_10: its retrieval recall@10, when the system reported retrievals.
        latency_p50: median answer latency in ms.
        latency_p95: 95th percentile answer latency in ms.
        error: why it stopped early, if it did.
        series: (days ingested, overall score) per checkpoint with answers.
    """

    persona: str
    checkpoints: int
    answers: int
    mean: float | None
    first: tuple[str, float] | None
    last: tuple[str, float] | None
    hallucination_rate: float | None
    adapter_errors: int
    judge_errors: int
    recall_at_10: float | None
    latency_p50: float | None
    latency_p95: float | None
    error: str | None
    series: tuple[tuple[float, float], ...]
    failures: Failures = attrs.field(factory=lambda: Failures(answers=0, failed=0, counted=0))


def persona_summaries(result: BenchmarkResult) -> list[PersonaSummary]:
    """One summary per persona, in the result's order."""
    out = []
    for persona in result.personas:
        scored = [q for rr in persona.range_results for q in rr.question_results]
        failed = run_failures(result, persona.persona_id)
        # A checkpoint whose every answer failed has no score to draw (docs/reliability.md).
        answered = [
            rr
            for rr in persona.range_results
            if rr.questions_evaluated > 0 and not checkpoint_failures(rr).all_failed
        ]
        timing = persona.timing
        latency = timing.query_latency_ms if timing is not None else None
        retrieval = persona.retrieval
        out.append(
            PersonaSummary(
                persona=persona.persona_id,
                checkpoints=len(persona.range_results),
                answers=len(scored),
                mean=sum(q.composite_score for q in scored) / len(scored) if scored else None,
                first=(answered[0].range.label, answered[0].overall_score) if answered else None,
                last=(answered[-1].range.label, answered[-1].overall_score) if answered else None,
                hallucination_rate=(
                    sum(1 for q in scored if q.score.hallucination == 0) / len(scored) * 100
                    if scored
                    else None
                ),
                adapter_errors=failed.failed,
                judge_errors=sum(
                    1
                    for rr in persona.range_results
                    for q in rr.unscored_results or ()
                    if q.error is None or q.error.stage == "judge"
                ),
                recall_at_10=retrieval.overall.recall_at_10 if retrieval is not None else None,
                latency_p50=latency.p50 if latency is not None else None,
                latency_p95=latency.p95 if latency is not None else None,
                error=persona.error,
                series=tuple((float(rr.days_ingested), rr.overall_score) for rr in answered),
                failures=failed,
            )
        )
    return out
