"""Run artifacts on disk (reference §3): ``result.json``, ``progress.jsonl``, ``questions.jsonl``,
``failures.jsonl`` — the writers and the records written to them. Reading them back to resume is
:mod:`recallbench.harness.resume`.

JSONL files are appended to, one compact line per record, flushed as soon as the record exists, so a run
killed at any moment loses nothing it already answered. A line torn by a kill is cut off before the next
append. ``result.json`` is written to a temporary file and renamed into place.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import logging
import os
import tempfile
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

import attrs

from .._convert import json_bytes
from .._convert import to_json as json_of
from .._secrets import redact_bytes
from ..errors import OutputError
from ..results.records import BenchmarkResult, TimeRangeResult
from ..results.retrieval_log import LINE_KEY, gunzip_file, gzip_file, retrieval_log_paths
from ..results.scoring import JudgeScore
from .result_file import write_result_file

if TYPE_CHECKING:
    from .evaluate import Evaluation
    from .units import CheckpointTask

__all__ = [
    "JsonlWriter",
    "QuestionLogWriter",
    "RecordWriter",
    "RunLogs",
    "check_writable",
    "checkpoint_record",
    "failure_record",
    "iso_now",
    "question_log_qa",
    "question_record",
    "without_snippets",
    "write_result",
]

log = logging.getLogger("recallbench")


_second: tuple[int, str] = (-1, "")


def iso_now() -> str:
    """UTC now as ISO-8601 with milliseconds and ``Z``, as the reference writes timestamps.

    Every answer logged is stamped: the date and time up to the second are formatted once a second
    (``strftime`` was a fifth of what logging an answer cost, issue 36)."""
    global _second
    now = time.time()
    second = int(now)
    if second != _second[0]:
        stamp = dt.datetime.fromtimestamp(second, dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.")
        _second = (second, stamp)
    return f"{_second[1]}{int((now - second) * 1000):03d}Z"


def _repair_torn_tail(path: Path) -> None:
    """Cut a trailing partial line (a write interrupted by a kill) so appends start on a new line."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return
    if size == 0:
        return
    with path.open("rb+") as f:
        f.seek(size - 1)
        if f.read(1) == b"\n":
            return
        # Walk back to the last newline; everything after it is the torn record.
        pos = size
        chunk = 4096
        while pos > 0:
            start = max(0, pos - chunk)
            f.seek(start)
            data = f.read(pos - start)
            nl = data.rfind(b"\n")
            if nl != -1:
                f.truncate(start + nl + 1)
                return
            pos = start
        f.truncate(0)


def check_writable(paths: Iterable[Path]) -> None:
    """Prove, before any work, that every file a run will write can be written: its folder is made
    and a probe file created and removed there; an existing file must be writable.

    Raises:
        OutputError: a path is a directory, runs beneath a regular file, or lies in a folder that
            cannot be written (read-only, no permission, full).
    """
    for path in paths:
        if path.is_dir():
            raise OutputError(path, "it is a directory")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, probe = tempfile.mkstemp(dir=path.parent, prefix=".recallbench-probe-")
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            raise OutputError(path, exc.strerror or str(exc)) from None
        if path.exists() and not os.access(path, os.W_OK):
            raise OutputError(path, "the file is not writable")


class JsonlWriter:
    """Appends JSON records to a file, one line each, flushed (and fsync-free) per record.

    A write that fails (the disk full, the folder made read-only) stops the run with an
    :class:`~recallbench.errors.OutputError` naming the file: going on would pay for answers no log
    keeps. Everything written before stays, so the run resumes once the cause is fixed. (The reference
    logged and went on, §2.15.)

    With ``snippets=False`` (the question log's default, :attr:`RunOutput.snippets
    <recallbench.harness.config.RunOutput.snippets>`) each record's retrieval entries are written
    without their ``snippet`` text.
    """

    def __init__(self, path: Path, *, snippets: bool = True):
        self.path = path
        self.snippets = snippets
        self._file: IO[bytes] | None = None

    def _open(self) -> IO[bytes]:
        if self._file is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                _repair_torn_tail(self.path)
                # Unbuffered: each record is one write(2) and nothing waits in a buffer, so no
                # flush per record (a third of what writing a line cost, issue 36).
                self._file = self.path.open("ab", buffering=0)
            except OSError as exc:
                raise OutputError(self.path, exc.strerror or str(exc)) from None
        return self._file

    def write(self, record: Mapping[str, Any]) -> None:
        """Append one record.

        Raises:
            OutputError: the line could not be written.
        """
        f = self._open()
        if not self.snippets:
            record = without_snippets(record)
        line = redact_bytes(json_bytes(record)) + b"\n"
        try:
            while line:  # one write(2) but for a short write, which leaves the rest to write
                written = f.write(line) or 0
                if written <= 0:
                    raise OSError(errno.EIO, "the file took none of the line")
                line = line[written:]
        except OSError as exc:
            self._abandon()
            raise OutputError(self.path, exc.strerror or str(exc)) from None

    def _abandon(self) -> None:
        """Drop the file after a failed write: what could not be written is not retried at close."""
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None

    def close(self) -> None:
        """Close the file.

        Raises:
            OutputError: the last buffered bytes could not be written.
        """
        if self._file is not None:
            try:
                self._file.close()
            except OSError as exc:
                raise OutputError(self.path, exc.strerror or str(exc)) from None
            finally:
                self._file = None


class QuestionLogWriter:
    """The question log: ``questions.jsonl``, each answer's retrieved memories kept apart in the
    retrieval log beside it (:mod:`recallbench.results.retrieval_log`), gzipped when the log closes.

    An answer's entries are written (and flushed) to the retrieval log before its line in the
    question log, which names their line (``retrievalLine``) where the reference had them inline:
    every answer the log holds finds its memories, whenever the run is killed. An empty
    ``retrieval`` (the system found nothing) stays inline. A resumed run expands a gzipped
    retrieval log and appends to it.
    """

    def __init__(self, path: Path, *, snippets: bool = False):
        self.path = path
        self.snippets = snippets
        self._log = JsonlWriter(path)
        self._plain, self._packed = retrieval_log_paths(path)
        self._entries: JsonlWriter | None = None
        self._lines = 0

    def _open_entries(self) -> JsonlWriter:
        if self._entries is None:
            try:
                if self._plain.is_file():
                    # Killed between gzipping and removing the plain file: the plain one is whole.
                    self._packed.unlink(missing_ok=True)
                elif self._packed.is_file():
                    gunzip_file(self._packed, self._plain)
                _repair_torn_tail(self._plain)
                with contextlib.suppress(FileNotFoundError), self._plain.open("rb") as f:
                    self._lines = sum(
                        chunk.count(b"\n") for chunk in iter(lambda: f.read(1 << 20), b"")
                    )
            except OSError as exc:
                raise OutputError(self._plain, exc.strerror or str(exc)) from None
            self._entries = JsonlWriter(self._plain, snippets=self.snippets)
        return self._entries

    def write(self, record: Mapping[str, Any]) -> None:
        """Append one answer (its retrieval entries to the retrieval log first).

        Raises:
            OutputError: a line could not be written.
        """
        entries = record.get("retrieval")
        if entries:
            qa = record.get("qa")
            kept: dict[str, Any] = {
                "personaId": record.get("personaId"),
                "checkpoint": record.get("checkpoint"),
                "qaId": qa.get("id") if isinstance(qa, Mapping) else None,
            }
            if record.get("epoch") is not None:
                kept["epoch"] = record["epoch"]
            kept["retrieval"] = entries
            self._open_entries().write(kept)
            self._lines += 1
            record = {
                (LINE_KEY if k == "retrieval" else k): (self._lines if k == "retrieval" else v)
                for k, v in record.items()
            }
        self._log.write(record)

    def close(self) -> None:
        """Close both files and gzip the retrieval log.

        Raises:
            OutputError: a file could not be written.
        """
        try:
            self._log.close()
        finally:
            if self._entries is not None:
                self._entries.close()
                self._entries = None
            if self._plain.is_file():
                try:
                    gzip_file(self._plain, self._packed)
                except OSError as exc:
                    raise OutputError(self._packed, exc.strerror or str(exc)) from None


def without_snippets(record: Mapping[str, Any]) -> Mapping[str, Any]:
    """``record`` with its retrieval entries' ``snippet`` texts left out (``record`` itself when it
    has none). What stays — each entry's path, score, day and turn — is what resume, the retrieval
    metrics and the reports read; the text was over half of a default run's question log (issue 35)."""
    entries = record.get("retrieval")
    if not entries or not any(type(e) is dict and "snippet" in e for e in entries):
        return record
    kept = [
        {k: v for k, v in e.items() if k != "snippet"} if type(e) is dict else e for e in entries
    ]
    return {**record, "retrieval": kept}


def write_result(path: Path, result: BenchmarkResult) -> None:
    """Write ``result.json`` atomically: 2-space JSON with an answer a line
    (:mod:`~recallbench.harness.result_file`), raw UTF-8, no trailing newline.

    Raises:
        OutputError: the file could not be written (the logs beside it are intact).
    """
    try:
        write_result_file(path, result)
    except OSError as exc:
        raise OutputError(path, exc.strerror or str(exc)) from None


def question_log_qa(qa: Any) -> dict[str, Any]:
    """The ``qa`` object of questions.jsonl / failures.jsonl (reference §3.4)."""
    out: dict[str, Any] = {
        "id": qa.id,
        "question": qa.question,
        "referenceAnswer": qa.answer,
        "category": qa.category,
        "difficulty": qa.difficulty,
        "relevantDays": list(qa.relevant_days),
    }
    if qa.expected_disclosure is not None:
        out["expectedDisclosure"] = qa.expected_disclosure
    if qa.query_session is not None:
        out["querySession"] = qa.query_session
    if qa.forbidden_sessions is not None:
        out["forbiddenSessions"] = list(qa.forbidden_sessions)
    return out


class RecordWriter(Protocol):
    """Where a run's log records go: a :class:`JsonlWriter` in the driver; in a unit running
    elsewhere (:mod:`.remote`), a channel back to the driver's writer."""

    def write(self, record: Mapping[str, Any]) -> None: ...

    def close(self) -> None: ...


@attrs.define
class RunLogs:
    """The JSONL files one run appends to (None: not written)."""

    progress: RecordWriter | None
    questions: RecordWriter | None
    failures: RecordWriter | None

    def close(self) -> None:
        for w in (self.progress, self.questions, self.failures):
            if w is not None:
                w.close()


def question_record(e: Evaluation, persona_id: str, task: CheckpointTask) -> dict[str, Any]:
    """One line of questions.jsonl (reference §3.4, plus our checkpoint key and error)."""
    r = e.result
    q: dict[str, Any] = {
        "timestamp": iso_now(),
        "personaId": persona_id,
        "qa": question_log_qa(r.qa),
        "systemAnswer": r.system_answer,
        "score": json_of(r.score),
        "composite": r.composite_score,
        "usedAppellate": r.primary_score is not None,
    }
    if e.retrieval is not None:  # [] too: it retrieved nothing (a miss), not "not reported"
        q["retrieval"] = json_of(list(e.retrieval))
    q["memoryContextProvided"] = e.memory_context_provided
    q["latencyMs"] = r.latency_ms
    if e.tool_calls:
        q["toolCalls"] = json_of(list(e.tool_calls))
    if r.primary_score is not None:
        q["primaryScore"] = json_of(r.primary_score)
    if r.panel is not None:  # a judge panel's verdicts (or --judge-epochs'), read back on resume
        q["panel"] = json_of(list(r.panel))
    q["checkpoint"] = task.label
    q["checkpointIndex"] = task.index
    if r.epoch is not None:
        q["epoch"] = r.epoch
    if r.error is not None:
        q["error"] = json_of(r.error)
    if r.usage is not None:  # the tokens this answer cost, read back on resume (cost accounting)
        q["usage"] = json_of(r.usage)
    return q


def failure_record(e: Evaluation, persona_id: str, appellate_score: JudgeScore) -> dict[str, Any]:
    """One line of failures.jsonl: a question the appellate judge re-scored (reference §3.5)."""
    r = e.result
    record: dict[str, Any] = {
        "timestamp": iso_now(),
        "personaId": persona_id,
        "qa": question_log_qa(r.qa),
        "systemAnswer": r.system_answer,
        "primaryScore": json_of(r.primary_score),
        "appellateScore": json_of(appellate_score),
    }
    if e.retrieval is not None:  # [] too: it retrieved nothing (a miss), not "not reported"
        record["retrieval"] = json_of(list(e.retrieval))
    record["memoryContextProvided"] = e.memory_context_provided
    record["latencyMs"] = r.latency_ms
    if r.epoch is not None:
        record["epoch"] = r.epoch
    return record


def checkpoint_record(
    persona_id: str,
    task: CheckpointTask,
    result: TimeRangeResult,
    ingest_ms: float,
    query_ms: float,
    new_days: int,
    adapter_name: str | None = None,
) -> dict[str, Any]:
    """One ``checkpoint`` line of progress.jsonl (reference §3.3, plus our timing and retrieval,
    and the adapter's name as its setup or healthcheck gave it: a resume that builds no adapter
    names the run by it)."""
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
            {k: v for k, v in json_of(c).items() if k != "scores"} for c in result.category_scores
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
    if result.writes_refused:
        record["writesRefused"] = result.writes_refused
    if result.query_latency_ms is not None:
        record["queryLatencyMs"] = json_of(result.query_latency_ms)
    if result.retrieval is not None:
        record["retrieval"] = json_of(result.retrieval.overall)
    unscored = len(result.unscored_results or ())
    if unscored:
        record["unscoredCount"] = unscored
    # Ours, with --epochs > 1: the counts above are of answers, each question asked this often.
    epochs = max((q.epoch or 0 for q in result.question_results), default=0)
    if epochs:
        record["epochs"] = epochs
    if adapter_name:  # ours: what a resume that builds no adapter names the run by
        record["adapterName"] = adapter_name
    return record
