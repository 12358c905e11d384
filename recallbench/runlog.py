"""Run artifacts on disk (reference §3): ``result.json``, ``progress.jsonl``, ``questions.jsonl``,
``failures.jsonl``; and reading them back to resume.

JSONL files are appended to, one compact line per record, flushed as soon as the record exists, so a run
killed at any moment loses nothing it already answered. A line torn by a kill is cut off before the next
append. ``result.json`` is written to a temporary file and renamed into place.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any

import attrs

from ._atomic import atomic_write_text
from ._convert import dumps_pretty
from .results import BenchmarkResult

__all__ = [
    "JsonlWriter",
    "LoggedCheckpoint",
    "LoggedQuestion",
    "ResumeLog",
    "iso_now",
    "read_resume_log",
    "write_result",
]

log = logging.getLogger("recallbench")


def iso_now() -> str:
    """UTC now as ISO-8601 with milliseconds and ``Z``, as the reference writes timestamps."""
    now = dt.datetime.now(dt.UTC)
    return now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z"


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


class JsonlWriter:
    """Appends JSON records to a file, one line each, flushed (and fsync-free) per record.

    Write failures are logged once and never abort the run (reference §2.15).
    """

    def __init__(self, path: Path):
        self.path = path
        self._file: IO[str] | None = None
        self._failed = False

    def _open(self) -> IO[str] | None:
        if self._file is None and not self._failed:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                _repair_torn_tail(self.path)
                self._file = self.path.open("a", encoding="utf-8")
            except OSError as exc:
                self._fail(exc)
        return self._file

    def _fail(self, exc: OSError) -> None:
        self._failed = True
        log.warning("[bench] cannot write %s: %s (continuing without it)", self.path, exc)

    def write(self, record: Mapping[str, Any]) -> None:
        f = self._open()
        if f is None:
            return
        try:
            f.write(json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n")
            f.flush()
        except OSError as exc:
            self._fail(exc)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def write_result(path: Path, result: BenchmarkResult) -> None:
    """Write ``result.json`` atomically: 2-space JSON, raw UTF-8, no trailing newline."""
    atomic_write_text(path, dumps_pretty(result))


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


# ---------------------------------------------------------------------------------------------------
# Reading logs back for --resume.


@attrs.frozen(kw_only=True)
class LoggedQuestion:
    """A question record of questions.jsonl that carries our checkpoint key."""

    persona_id: str
    checkpoint: str
    qa_id: str
    record: Mapping[str, Any]

    @property
    def judge_failed(self) -> bool:
        error = self.record.get("error")
        return isinstance(error, Mapping) and error.get("stage") == "judge"


@attrs.frozen(kw_only=True)
class LoggedCheckpoint:
    persona_id: str | None
    label: str
    record: Mapping[str, Any]


@attrs.frozen(kw_only=True)
class ResumeLog:
    """What earlier attempts of a run already did."""

    checkpoints: tuple[LoggedCheckpoint, ...] = ()
    questions: tuple[LoggedQuestion, ...] = ()

    def checkpoint(self, persona_id: str, label: str) -> LoggedCheckpoint | None:
        """The latest record for this checkpoint (records without a persona apply to every persona)."""
        found = None
        for c in self.checkpoints:
            if c.label == label and c.persona_id in (persona_id, None):
                found = c
        return found

    def answered(self, persona_id: str, label: str) -> dict[str, LoggedQuestion]:
        """Question records of this checkpoint by qa id (later records win)."""
        return {
            q.qa_id: q
            for q in self.questions
            if q.persona_id == persona_id and q.checkpoint == label
        }

    def max_days_ingested(self, persona_id: str) -> int:
        days = [
            int(c.record.get("daysIngested") or 0)
            for c in self.checkpoints
            if c.persona_id in (persona_id, None)
        ]
        return max(days, default=0)


def _records(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                log.warning("[bench] %s:%d: skipping a malformed line", path, n)
                continue
            if isinstance(record, dict):
                yield record


def read_resume_log(progress: Path | None, questions: Path | None) -> ResumeLog:
    """Read a progress file (checkpoint records) and a question log (question records).

    A missing file is a warning, not an error: the run starts fresh for what it does not cover.
    """
    checkpoints: list[LoggedCheckpoint] = []
    logged: list[LoggedQuestion] = []
    if progress is not None:
        if progress.is_file():
            for r in _records(progress):
                rng = r.get("range")
                label = rng.get("label") if isinstance(rng, Mapping) else None
                if r.get("type") == "checkpoint" and isinstance(label, str):
                    pid = r.get("personaId")
                    checkpoints.append(
                        LoggedCheckpoint(
                            persona_id=pid if isinstance(pid, str) else None, label=label, record=r
                        )
                    )
        else:
            log.warning("[bench] resume file %s not found: starting fresh", progress)
    if questions is not None and questions.is_file():
        for r in _records(questions):
            qa = r.get("qa")
            pid, label = r.get("personaId"), r.get("checkpoint")
            qid = qa.get("id") if isinstance(qa, Mapping) else None
            if isinstance(pid, str) and isinstance(label, str) and isinstance(qid, str):
                logged.append(LoggedQuestion(persona_id=pid, checkpoint=label, qa_id=qid, record=r))
    return ResumeLog(checkpoints=tuple(checkpoints), questions=tuple(logged))
