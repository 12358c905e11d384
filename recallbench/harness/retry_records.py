"""What a retried run's log records must hold (``run --retry-errors RUN_DIR``).

A retry rebuilds every answer it does not ask again from its ``questions.jsonl`` record and merges
the rest into the run's ``result.json``, so a record of the wrong shape would surface far from its
line (an internal error, a judge's "got str") or, for a persona the data does not have, be counted
among the retried errors of a run that never had it. Each record is checked as it is read, and
refused in one line naming its file and line and what was expected.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import DatasetError, JudgeParseError
from ..results.scoring import to_score

__all__ = ["check_checkpoint_record", "check_question_record"]

_STRING, _WHOLE, _NUMBER, _OBJECT = "a string", "a whole number", "a number", "an object"


def _kind_of(value: Any, expected: str) -> bool:
    if expected == _STRING:
        return isinstance(value, str)
    if expected == _WHOLE:
        return type(value) is int
    if expected == _NUMBER:
        return type(value) in (int, float)
    return isinstance(value, Mapping)


def _shown(value: Any) -> str:
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = "null" if value is None else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check(
    path: Path, line: int, record: Mapping[str, Any], fields: tuple[tuple[str, str, bool], ...]
) -> None:
    for key, expected, required in fields:
        if key not in record:
            if required:
                raise DatasetError(f"no {key!r}: expected {expected}", path=path, line=line)
            continue
        value = record[key]
        if not _kind_of(value, expected):
            raise DatasetError(
                f"{key!r} is {_shown(value)}: expected {expected}", path=path, line=line
            )


_QUESTION = (
    ("personaId", _STRING, True),
    ("checkpoint", _STRING, True),
    ("qa", _OBJECT, True),
    ("systemAnswer", _STRING, True),
    ("score", _OBJECT, True),
    ("composite", _NUMBER, True),
    ("latencyMs", _NUMBER, False),
    ("checkpointIndex", _WHOLE, False),
    ("epoch", _WHOLE, False),
    ("error", _OBJECT, False),
    ("primaryScore", _OBJECT, False),
)
_ERROR = (("stage", _STRING, True), ("type", _STRING, True), ("message", _STRING, True))
_CHECKPOINT = (
    ("personaId", _STRING, False),
    ("range", _OBJECT, True),
    ("checkpointIndex", _WHOLE, False),
    ("daysIngested", _WHOLE, False),
    ("questionsEvaluated", _WHOLE, False),
    ("overallScore", _NUMBER, False),
    ("hallucinationRate", _NUMBER, False),
)


def check_question_record(path: Path, line: int, record: Mapping[str, Any]) -> None:
    """Refuse a ``questions.jsonl`` answer record a retry could not rebuild.

    Raises:
        DatasetError: naming ``path:line``, the field and what it should be.
    """
    _check(path, line, record, _QUESTION)
    qa_id = record["qa"].get("id")
    if not isinstance(qa_id, str):
        raise DatasetError(f"'qa.id' is {_shown(qa_id)}: expected a string", path=path, line=line)
    if "error" in record:
        _check(path, line, record["error"], _ERROR)
    for key in ("score", "primaryScore"):
        if key in record:
            try:
                to_score(record[key])
            except JudgeParseError as exc:
                # "judge score out of range: <why>": the why, as the record is no judge's reply.
                why = str(exc).split(": ", 1)[-1]
                raise DatasetError(f"{key!r} is no score: {why}", path=path, line=line) from None


def check_checkpoint_record(path: Path, line: int, record: Mapping[str, Any]) -> None:
    """Refuse a ``progress.jsonl`` checkpoint record a retry could not rebuild.

    Raises:
        DatasetError: naming ``path:line``, the field and what it should be.
    """
    _check(path, line, record, _CHECKPOINT)
    label = record["range"].get("label")
    if not isinstance(label, str):
        raise DatasetError(
            f"'range.label' is {_shown(label)}: expected a string", path=path, line=line
        )
