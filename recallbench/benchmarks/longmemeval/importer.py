"""LongMemEval (``longmemeval_s_cleaned.json``, ``_m_cleaned``, ``_oracle``) as personas: each question
a persona with its own haystack.

The file is a JSON list of ``{question_id, question_type, question, answer, question_date,
haystack_session_ids, haystack_dates, haystack_sessions: [[{role, content, has_answer?}]],
answer_session_ids}``. Mapping:

* the haystack's sessions become days at their dates, in date order (ties keep data order): the
  first date is day 1, two sessions on one date are two ``# session: <id>`` sections of that day;
  a turn is a ``role: content`` line;
* the question is asked after the last day; its ``question_date`` is in the pair's
  ``extra["questionDate"]`` (the judges read it there). The adapter protocol has no slot for a
  question's date, so an adapter sees it only through the pair (adapters that take ``qa``, as
  ``builtin:full-context`` and ``builtin:rag`` do to date the question with it);
* ``question_type`` is kept in ``extra["questionType"]`` and mapped onto our categories by
  :data:`CATEGORY_OF_TYPE`; an ``_abs`` question is an abstention (``extra["abstention"]``,
  category negative-recall, every day relevant: it has no gold evidence);
* relevant days are the days of ``answer_session_ids`` and of the sessions holding a
  ``has_answer`` turn;
* a haystack session dated after its question is ingested all the same, and the file's questions
  that have one are one warning naming them (kept in the import marker).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ...data.dates import parse_date
from ...data.importers._jsonstream import iter_records
from ...data.importers._native import (
    NativeDay,
    NativePersona,
    answer_text,
    day_number,
    native_id,
    write_native,
)
from ...data.ranges import NAMED_RANGES
from ...errors import DatasetError

__all__ = [
    "ABSTENTION_SUFFIX",
    "CATEGORY_OF_TYPE",
    "convert_longmemeval",
    "iter_longmemeval",
    "late_sessions_warning",
    "read_longmemeval",
]

ABSTENTION_SUFFIX = "_abs"

CATEGORY_OF_TYPE: Mapping[str, str] = {
    "single-session-user": "factual-recall",
    "single-session-assistant": "factual-recall",
    "single-session-preference": "synthesis",
    "multi-session": "cross-reference",
    "temporal-reasoning": "temporal-reasoning",
    "knowledge-update": "contradiction-resolution",
}
"""LongMemEval's ``question_type`` onto one of our categories (an ``_abs`` question: negative-recall;
a type not listed: factual-recall)."""


class _Record:
    def __init__(self, path: Path, index: int, qid: object = None):
        self.path = path
        self.where = f"record {index}" + (f" (question_id {qid!r})" if qid else "")

    def fail(self, field: str, message: str) -> DatasetError:
        return DatasetError(f"LongMemEval {self.where}: {field}: {message}", path=self.path)


def _session_id(value: object) -> str:
    return re.sub(r"\s+", "_", str(value).strip()) or "_"


def _string(rec: _Record, record: Mapping[str, Any], key: str) -> str:
    value = record.get(key)
    if not isinstance(value, str) or not value.strip():
        raise rec.fail(key, "missing or not a string")
    return value


def _list(rec: _Record, record: Mapping[str, Any], key: str, n: int | None = None) -> list[Any]:
    value = record.get(key)
    if not isinstance(value, list):
        raise rec.fail(key, "missing or not a list")
    if n is not None and len(value) != n:
        raise rec.fail(key, f"must hold one item per haystack session ({n}), found {len(value)}")
    return value


def _unit(
    path: Path, index: int, record: Any, late: list[tuple[str, str]] | None = None
) -> NativePersona:
    if not isinstance(record, dict):
        raise _Record(path, index).fail("record", "must be an object")
    qid = record.get("question_id")
    rec = _Record(path, index, qid)
    qid = _string(rec, record, "question_id")
    qtype = _string(rec, record, "question_type")
    question = _string(rec, record, "question")
    if "answer" not in record or record["answer"] is None or isinstance(record["answer"], dict):
        raise rec.fail("answer", "missing or not a text or number")
    raw_answer = record["answer"]
    answer = (
        "; ".join(map(answer_text, raw_answer))
        if isinstance(raw_answer, list)
        else answer_text(raw_answer)
    )
    qdate = _string(rec, record, "question_date")
    asked = parse_date(qdate)
    if asked is None:
        raise rec.fail("question_date", f"not a date: {qdate!r}")
    sessions = _list(rec, record, "haystack_sessions")
    if not sessions:
        raise rec.fail("haystack_sessions", "empty: a question needs a haystack")
    ids = [_session_id(s) for s in _list(rec, record, "haystack_session_ids", len(sessions))]
    raw_dates = _list(rec, record, "haystack_dates", len(sessions))
    dates: list[dt.datetime] = []
    for i, d in enumerate(raw_dates):
        parsed = parse_date(d) if isinstance(d, str) else None
        if parsed is None:
            raise rec.fail(f"haystack_dates[{i}]", f"not a date: {d!r}")
        dates.append(parsed)
    after = [i for i, d in enumerate(dates) if d > asked]
    if after and late is not None:
        # Ingested all the same (it is the data), but the question is asked before it happened.
        first = after[0]
        more = f" and {len(after) - 1} more" if len(after) > 1 else ""
        late.append((qid, f"session {ids[first]} ({raw_dates[first]}){more} after {qdate}"))
    answer_ids = {_session_id(s) for s in _list(rec, record, "answer_session_ids")}
    epoch = min(dates).date()
    texts: dict[int, list[str]] = {}
    day_of: dict[int, int] = {}
    holding: set[int] = set()
    for i in sorted(range(len(sessions)), key=lambda i: (dates[i], i)):
        field = f"haystack_sessions[{i}]"
        if not isinstance(sessions[i], list):
            raise rec.fail(field, "must be a list of turns {role, content}")
        lines = []
        for j, turn in enumerate(sessions[i]):
            if not isinstance(turn, dict):
                raise rec.fail(f"{field}[{j}]", "a turn must be an object {role, content}")
            for key in ("role", "content"):
                if not isinstance(turn.get(key), str):
                    raise rec.fail(f"{field}[{j}].{key}", "missing or not a string")
            if turn.get("has_answer") is True:
                holding.add(i)
            lines.append(f"{turn['role']}: {turn['content']}")
        day = day_number(epoch, dates[i].date())
        day_of[i] = day
        texts.setdefault(day, []).append(
            f"# session: {ids[i]}\ndate: {raw_dates[i]}\n\n" + "\n".join(lines) + "\n"
        )
    days = tuple(NativeDay(number=d, content="\n".join(texts[d])) for d in sorted(texts))
    abstention = qid.endswith(ABSTENTION_SUFFIX)
    gold = sorted({day_of[i] for i in day_of if ids[i] in answer_ids or i in holding})
    extra: dict[str, Any] = {
        "questionType": qtype,
        "questionDate": qdate,
        "answerSessionIds": sorted(answer_ids),
        "evidenceSessions": [
            ids[i] for i in sorted(day_of) if ids[i] in answer_ids or i in holding
        ],
    }
    if abstention:
        extra["abstention"] = True
    pid = native_id(qid)
    pair = {
        "id": pid,
        "question": question.strip(),
        "answer": answer,
        "category": "negative-recall"
        if abstention
        else CATEGORY_OF_TYPE.get(qtype, "factual-recall"),
        "difficulty": "medium",
        "relevant_days": [d.number for d in days] if abstention or not gold else gold,
        **extra,
    }
    return NativePersona(
        id=pid,
        name=f"LongMemEval {qid}",
        role=f"LongMemEval question {qid} ({qtype}) with its haystack of {len(sessions)} sessions",
        epoch=epoch.isoformat(),
        days=days,
        questions=(pair,),
    )


def late_sessions_warning(path: Path, late: list[tuple[str, str]], shown: int = 3) -> str | None:
    """One line naming the questions whose haystack holds a session dated after the question."""
    if not late:
        return None
    named = "; ".join(f"{qid}: {what}" for qid, what in late[:shown])
    more = f"; and {len(late) - shown} more" if len(late) > shown else ""
    return (
        f"{path}: LongMemEval: {len(late)} question(s) have a haystack session dated after the "
        f"question ({named}{more}); those sessions are ingested all the same, before the question "
        "is asked"
    )


def iter_longmemeval(
    path: Path | str, warnings: list[str] | None = None
) -> Iterator[NativePersona]:
    """The questions of a LongMemEval file, each a persona with its haystack, converted one record
    at a time as the file is read (:func:`~recallbench.data.importers._jsonstream.iter_records`:
    an ``_m`` file is never
    held whole). Once the file is read, what is worth a warning (questions whose haystack holds
    a session dated after them) is one line appended to ``warnings``.

    Raises:
        DatasetError: a malformed file, naming the record and the field (raised when the iteration
            reaches it).
    """
    path = Path(path)
    seen: set[str] = set()
    late: list[tuple[str, str]] = []
    for i, record in enumerate(iter_records(path, "LongMemEval")):
        unit = _unit(path, i, record, late)
        del record
        if unit.id in seen:
            raise _Record(path, i, unit.id).fail("question_id", "used by an earlier record")
        seen.add(unit.id)
        yield unit
    if not seen:
        raise DatasetError("a LongMemEval file with no questions", path=path)
    line = late_sessions_warning(path, late)
    if line is not None and warnings is not None:
        warnings.append(line)


def read_longmemeval(path: Path | str, warnings: list[str] | None = None) -> list[NativePersona]:
    """The questions of a LongMemEval file, each a persona with its haystack (all held at once:
    :func:`convert_longmemeval` writes them one at a time instead); warnings as
    :func:`iter_longmemeval` gives them.

    Raises:
        DatasetError: a malformed file, naming the record and the field.
    """
    return list(iter_longmemeval(path, warnings))


def convert_longmemeval(source: Path | str, out: Path | str) -> tuple[str, ...]:
    """Write a LongMemEval file's questions under ``out`` as native personas, each asked once,
    after its whole haystack, one record at a time; return their ids. The file's warnings
    (:func:`iter_longmemeval`) are kept in the import marker."""
    ids: list[str] = []
    warnings: list[str] = []  # filled by the time the iterator is done, when the marker is written

    def each() -> Iterator[NativePersona]:
        for unit in iter_longmemeval(source, warnings):
            ids.append(unit.id)
            yield unit

    write_native(
        each(),
        Path(out),
        family="longmemeval",
        source="longmemeval",
        default_ranges=(NAMED_RANGES["full"],),
        warnings=warnings,
    )
    return tuple(ids)
