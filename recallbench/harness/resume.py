"""Resuming a run: reading its logs back, and rebuilding what an earlier attempt finished.

A question with a record in ``questions.jsonl`` is not asked again (unless its judge failed); a
checkpoint known only from a ``progress.jsonl`` record keeps that record's summary (reference §2.13).

Retrying a finished run's errors (``run --retry-errors RUN_DIR``, :func:`read_retry_log`) is a resume
that also asks again the questions the memory system failed (error stage ``query``), which a plain
resume takes as final.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

from ..data.qa import DIFFICULTIES, QAPair, report_categories
from ..results.benchmark_metrics import retrieved_days
from ..results.measures import question_retrieval
from ..results.panel_scores import panel_of_record
from ..results.question_log import answer_key, jsonl_records
from ..results.records import (
    CategoryScore,
    DifficultyStats,
    QuestionError,
    QuestionResult,
    TimeRangeResult,
)
from ..results.retrieval_log import question_log_records
from ..results.scoring import to_score
from ..results.turn_retrieval import question_turn_retrieval
from .evaluate import Evaluation
from .units import CheckpointTask

__all__ = [
    "LoggedCheckpoint",
    "LoggedQuestion",
    "ResumeLog",
    "answer_key",
    "check_known_personas",
    "logged_answer",
    "read_resume_log",
    "read_retry_log",
    "rebuild_checkpoint",
    "rebuild_question",
]

log = logging.getLogger("recallbench")


def _record_epoch(record: Mapping[str, Any]) -> int | None:
    """A question record's ``epoch`` (written in runs of ``--epochs`` > 1), or None."""
    epoch = record.get("epoch")
    return epoch if type(epoch) is int else None


def logged_answer(
    logged: Mapping[str, LoggedQuestion], qa_id: str, epoch: int | None
) -> LoggedQuestion | None:
    """The logged answer of a question at an epoch (``logged``: :meth:`ResumeLog.answered`). A run's
    first epoch and a one-epoch run's answer stand for each other: a run of one epoch resumed with
    ``--epochs N`` asks only epochs 2…N, and back."""
    found = logged.get(answer_key(qa_id, epoch))
    if found is None and epoch in (None, 1):
        found = logged.get(answer_key(qa_id, 1 if epoch is None else None))
    return found


@attrs.frozen(kw_only=True)
class LoggedQuestion:
    """A question record of questions.jsonl that carries our checkpoint key."""

    persona_id: str
    checkpoint: str
    qa_id: str
    record: Mapping[str, Any]
    retry: bool = False
    where: str | None = attrs.field(default=None, eq=False)
    """``FILE:LINE`` of the record, for messages about it."""
    """Read for ``--retry-errors``: a failed query is asked again too (:attr:`reask`)."""

    @property
    def epoch(self) -> int | None:
        """The record's ``epoch`` (runs of ``--epochs`` > 1)."""
        return _record_epoch(self.record)

    @property
    def key(self) -> str:
        return answer_key(self.qa_id, self.epoch)

    @property
    def judge_failed(self) -> bool:
        error = self.record.get("error")
        return isinstance(error, Mapping) and error.get("stage") == "judge"

    @property
    def unreached(self) -> bool:
        """The memory system could not be reached for it: it is asked again."""
        error = self.record.get("error")
        return isinstance(error, Mapping) and error.get("stage") == "connection"

    @property
    def query_failed(self) -> bool:
        """The memory system failed on it (raised, timed out): final, unless ``retry``."""
        error = self.record.get("error")
        return isinstance(error, Mapping) and error.get("stage") == "query"

    @property
    def reask(self) -> bool:
        """Whether the memory system is asked this question again: it could not be reached, or
        (``--retry-errors``) it failed."""
        return self.unreached or (self.retry and self.query_failed)

    @property
    def redo(self) -> bool:
        """Whether a resumed run does this question again (judges it, or asks it)."""
        return self.judge_failed or self.reask


@attrs.frozen(kw_only=True)
class LoggedCheckpoint:
    persona_id: str | None
    label: str
    record: Mapping[str, Any]
    where: str | None = attrs.field(default=None, eq=False)
    """``FILE:LINE`` of the record, for messages about it."""


@attrs.frozen(kw_only=True)
class ResumeLog:
    """What earlier attempts of a run already did."""

    checkpoints: tuple[LoggedCheckpoint, ...] = ()
    questions: tuple[LoggedQuestion, ...] = ()
    header: Mapping[str, Any] | None = None
    """The last ``header`` record of the progress file read (one is written per attempt: the
    settings of the latest), or None."""
    question_log: Path | None = None
    """The question log a resumed run goes on appending to: the one named when the log was read,
    else the one the latest attempt wrote (its header's ``questionLog``); None: none was read."""

    def answer_keys(self) -> set[tuple[str, str, str]]:
        """(persona id, checkpoint label, answer key) of every logged answer."""
        return {(q.persona_id, q.checkpoint, q.key) for q in self.questions}

    def adapter_name(self) -> str | None:
        """The adapter's name as the latest checkpoint record that names one gives it (a resume
        that builds no adapter keeps it), or None."""
        names = [c.record.get("adapterName") for c in self.checkpoints]
        return next((n for n in reversed(names) if isinstance(n, str) and n), None)

    def checkpoint(self, persona_id: str, label: str) -> LoggedCheckpoint | None:
        """The latest record for this checkpoint (records without a persona apply to every persona)."""
        found = None
        for c in self.checkpoints:
            if c.label == label and c.persona_id in (persona_id, None):
                found = c
        return found

    def answered(self, persona_id: str, label: str) -> dict[str, LoggedQuestion]:
        """Question records of this checkpoint by
        :func:`~recallbench.results.question_log.answer_key` — an epoch's answer apart from the
        others, so a resumed run re-asks no epoch it logged (later records win)."""
        return {
            q.key: q for q in self.questions if q.persona_id == persona_id and q.checkpoint == label
        }

    def retried_errors(self) -> int | None:
        """With a log read for ``--retry-errors``: the answers (persona, checkpoint, question,
        epoch) any of whose records failed at the adapter or the judge — asked or judged again by
        this run or an earlier one. None for any other resume."""
        if not any(q.retry for q in self.questions):
            return None
        failed = {
            (q.persona_id, q.checkpoint, q.key)
            for q in self.questions
            if q.judge_failed or q.unreached or q.query_failed
        }
        return len(failed)

    def max_days_ingested(self, persona_id: str) -> int:
        days = [
            int(c.record.get("daysIngested") or 0)
            for c in self.checkpoints
            if c.persona_id in (persona_id, None)
        ]
        return max(days, default=0)


def _records(path: Path, *, answers: bool = False) -> Iterator[tuple[int, dict[str, Any]]]:
    """A log's (line number, record)s; a torn last line (a killed writer) is skipped, any other
    damage refused. A question log's (``answers``) come with their retrieval entries in place
    (:func:`~recallbench.results.retrieval_log.question_log_records`).

    Raises:
        DatasetError: a line other than the last is not a JSON object, or the file cannot be read.
    """
    from ..errors import DatasetError

    try:
        yield from question_log_records(path) if answers else jsonl_records(path)
    except RecursionError:
        raise DatasetError(f"{path}: a line nests too deeply to be a log record") from None


def read_resume_log(
    progress: Path | None, questions: Path | None, *, retry_errors: bool = False
) -> ResumeLog:
    """Read a progress file (checkpoint records) and the question logs (question records).

    ``questions`` is the question log this attempt names; the logs the progress file's headers name
    (``questionLog``: wherever earlier attempts logged) are read as well, in the order the attempts
    ran, so a later record of an answer wins. With ``questions`` None only the progress file is
    read: a checkpoint it records keeps its summary, without its answers.

    A missing progress file is a warning, not an error: the run starts fresh for what it does not
    cover. With ``retry_errors`` the questions the memory system failed are asked again too (see
    :func:`read_retry_log`, which also checks that the run has ended).

    Raises:
        DatasetError: a log is damaged (a line other than a torn last one is not a JSON object).
        ConfigError: the question logs hold fewer answers of a checkpoint than its record in the
            progress file counts (emptied, truncated, another run's): resuming would lose them.
    """
    from .resume_checks import check_answers_kept, named_question_log
    from .retry_records import check_checkpoint_record, check_question_record

    checkpoints: list[LoggedCheckpoint] = []
    logged: list[LoggedQuestion] = []
    header: Mapping[str, Any] | None = None
    logs: list[Path] = []  # question logs to read, each once, in the order attempts wrote them
    # (persona, label, record, log) of checkpoint records whose attempt logged its answers
    counted: list[tuple[str, str, Mapping[str, Any], Path]] = []
    given = questions.expanduser() if questions is not None else None
    if progress is not None:
        if progress.is_file():
            attempt_log = given if given is not None and given.is_file() else None
            for line, r in _records(progress):
                if retry_errors and r.get("type") == "checkpoint":
                    check_checkpoint_record(progress, line, r)
                if r.get("type") == "header":
                    header = r
                    named = named_question_log(progress, r) if given is not None else None
                    attempt_log = named or (
                        given if given is not None and given.is_file() else None
                    )
                    if named is not None and named.resolve() not in {p.resolve() for p in logs}:
                        logs.append(named)
                rng = r.get("range")
                label = rng.get("label") if isinstance(rng, Mapping) else None
                if r.get("type") == "checkpoint" and isinstance(label, str):
                    pid = r.get("personaId")
                    checkpoints.append(
                        LoggedCheckpoint(
                            persona_id=pid if isinstance(pid, str) else None,
                            label=label,
                            record=r,
                            where=f"{progress}:{line}",
                        )
                    )
                    if isinstance(pid, str) and attempt_log is not None:
                        counted.append((pid, label, r, attempt_log))
        else:
            log.warning("[bench] resume file %s not found: starting fresh", progress)
    if given is not None and given.resolve() not in {p.resolve() for p in logs}:
        logs.append(given)
    for path in logs:
        if not path.is_file():
            continue
        for line, r in _records(path, answers=True):
            if retry_errors and "type" not in r:  # an answer (a log holds no other untyped record)
                check_question_record(path, line, r)
            qa = r.get("qa")
            pid, label = r.get("personaId"), r.get("checkpoint")
            qid = qa.get("id") if isinstance(qa, Mapping) else None
            if isinstance(pid, str) and isinstance(label, str) and isinstance(qid, str):
                logged.append(
                    LoggedQuestion(
                        persona_id=pid,
                        checkpoint=label,
                        qa_id=qid,
                        record=r,
                        retry=retry_errors,
                        where=f"{path}:{line}",
                    )
                )
    if progress is not None:
        check_answers_kept(progress, counted, ((q.persona_id, q.checkpoint, q.key) for q in logged))
    return ResumeLog(
        checkpoints=tuple(checkpoints),
        questions=tuple(logged),
        header=header,
        question_log=given if given is not None else (logs[-1] if logs else None),
    )


def read_retry_log(run_dir: Path | str) -> ResumeLog:
    """What retrying a run's errors resumes from (``run --retry-errors RUN_DIR``).

    Pass it as the harness's ``resume`` with the run's own settings and
    ``RunOutput.directory(run_dir)`` (its ``questions`` the log's :attr:`ResumeLog.question_log`,
    where the run logged its answers): the questions whose adapter or judge call failed (error
    stage ``query``, ``connection`` or ``judge``) are asked or judged again — the adapter is set
    up and fed again only for the units (a checkpoint in the ``fresh`` lifecycle, else the
    persona) that hold one — and the new answers are appended to the same logs, where the later
    record of a question wins, and ``result.json`` is written anew. Every other answer is taken
    from the log: nothing already paid for is asked or judged again.

    Raises:
        ConfigError: ``run_dir`` is missing, is not a run directory (no ``progress.jsonl`` and
            question log), has not ended (no ``result.json``, or logs newer than it: a run still
            going, or one stopped before its end, which ``--resume`` finishes), or its question log
            holds fewer answers than its progress file or ``result.json`` (damaged).
        DatasetError: a log is damaged.
    """
    from ..errors import ConfigError
    from .resume_checks import check_result_kept, logged_question_log

    where = Path(run_dir).expanduser()
    flag = f"--retry-errors {where}"
    if not where.is_dir():
        raise ConfigError(f"{flag}: no such directory")
    progress, result = where / "progress.jsonl", where / "result.json"
    questions = (logged_question_log(progress) if progress.is_file() else None) or (
        where / "questions.jsonl"
    )
    missing = [
        p.name if p.parent == where else str(p) for p in (progress, questions) if not p.is_file()
    ]
    if missing:
        raise ConfigError(
            f"{flag}: not a run directory (no {' or '.join(missing)}); a run's errors are "
            "retried from its progress.jsonl and questions.jsonl"
        )
    ended = result.is_file() and result.stat().st_mtime_ns >= max(
        progress.stat().st_mtime_ns, questions.stat().st_mtime_ns
    )
    if not ended:
        raise ConfigError(
            f"{flag}: the run is still going, or stopped before its end (its logs are newer than "
            f"its result.json, or it has none): let it end, or finish it with --resume {progress}, "
            "then retry its errors"
        )
    retry = read_resume_log(progress, questions, retry_errors=True)
    check_result_kept(result, questions, retry.answer_keys())
    return retry


def usage_of_record(raw: Any) -> dict[str, dict[str, dict[str, int]]] | None:
    """An answer's logged ``usage`` ({role: {model: {calls, inputTokens, outputTokens}}}), keeping
    only well-formed counts; None when there is none."""
    if not isinstance(raw, dict):
        return None
    out: dict[str, dict[str, dict[str, int]]] = {}
    for role, models in raw.items():
        if not isinstance(models, dict):
            continue
        for model, counts in models.items():
            if isinstance(counts, dict):
                out.setdefault(str(role), {})[str(model)] = {
                    k: v for k, v in counts.items() if type(v) is int and v >= 0
                }
    return out or None


def rebuild_question(pair: QAPair, record: Any) -> Evaluation:
    """A question a previous attempt finished, rebuilt from its questions.jsonl record."""
    error = record.get("error")
    primary = record.get("primaryScore")
    logged = record.get("retrieval")  # absent: the system reported none; []: it found nothing
    entry_days = (
        None
        if not isinstance(logged, list)
        else [
            e.get("day") if isinstance(e.get("day"), int) else None
            for e in logged
            if isinstance(e, dict)
        ]
    )
    result = QuestionResult(
        qa=pair,
        system_answer=str(record.get("systemAnswer", "")),
        score=to_score(record["score"]),
        composite_score=record.get("composite", 0),
        latency_ms=record.get("latencyMs", 0),
        primary_score=to_score(primary) if isinstance(primary, dict) else None,
        error=QuestionError(**error) if isinstance(error, dict) else None,
        retrieval_metrics=question_retrieval(pair, entry_days),
        panel=panel_of_record(record.get("panel")),
        retrieved_days=retrieved_days(pair, entry_days),
        turn_retrieval_metrics=question_turn_retrieval(
            pair,
            None
            if not isinstance(logged, list)
            else [
                t if isinstance(t := e.get("turn"), str) else None
                for e in logged
                if isinstance(e, dict)
            ],
        ),
        epoch=_record_epoch(record),
        usage=usage_of_record(record.get("usage")),
    )
    return Evaluation(
        result=result, memory_context_provided=bool(record.get("memoryContextProvided"))
    )


def rebuild_checkpoint(task: CheckpointTask, record: Any) -> TimeRangeResult:
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
            for c in report_categories(k for k in cats if isinstance(k, str))
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


def check_known_personas(retry: ResumeLog, known: Collection[str]) -> None:
    """Refuse a retry log with a record for a persona the data does not have: it would be counted
    among the run's retried errors, for a persona the result cannot hold.

    Raises:
        DatasetError: naming the first such record's file and line and its persona.
    """
    from ..errors import DatasetError

    records = [(c.persona_id, c.where) for c in retry.checkpoints]
    records += [(q.persona_id, q.where) for q in retry.questions]
    for pid, where in records:
        if pid is not None and pid not in known:
            raise DatasetError(
                f"{where or 'a record'}: a record for persona {pid!r}, which the data does "
                "not have; a retry merges only answers about the run's own personas"
            )
