"""The Diary Recall file format, version 1: reading and checking it. Pure (stdlib only).

A file is one JSON object::

    {
      "format": "diary-recall/1",
      "diaries": [
        {
          "id": "ada",                        # letters, digits, "-", "_"; unique in the file
          "writer": "Ada Okafor",
          "entries": [
            {"id": "ada-01", "date": "2024-03-01", "text": "Started on the new allotment…"}
          ],
          "questions": [
            {"id": "ada-q1", "question": "What number is Ada's allotment plot?",
             "answer": "14", "category": "fact", "evidence": ["ada-01"]}
          ]
        }
      ]
    }

Entry and question ids are unique in the file; a question's ``evidence`` names one or more
entries of its own diary (for an ``absent`` question: the entries a reader would look in, where
the answer is not); several entries may share a date.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "CATEGORIES",
    "FORMAT",
    "Diary",
    "Entry",
    "Question",
    "file_problems",
    "looks_like_diary_file",
    "read_diaries",
]

FORMAT = "diary-recall/1"
"""The ``format`` value of the files this module reads."""

CATEGORIES: tuple[str, ...] = ("fact", "date", "latest", "absent")
"""The question categories, in report order: a detail written once; the date something happened
(answered as ``YYYY-MM-DD``); a detail that changed (its latest value); a detail never written
(the answer is "not in the diary")."""

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
_SNIFF_BYTES = 4096


@dataclass(frozen=True)
class Entry:
    id: str
    date: dt.date
    text: str


@dataclass(frozen=True)
class Question:
    id: str
    question: str
    answer: str
    category: str
    evidence: tuple[str, ...]


@dataclass(frozen=True)
class Diary:
    id: str
    writer: str
    entries: tuple[Entry, ...]
    questions: tuple[Question, ...]


def looks_like_diary_file(path: Path) -> bool:
    """Whether ``path`` is a file that says it is a Diary Recall file: its first 4 kB name the
    format. Cheap (one small read), never raises: recallbench asks this of every path no other
    family claims."""
    try:
        if not path.is_file():
            return False
        with path.open("rb") as f:
            head = f.read(_SNIFF_BYTES).decode("utf-8", errors="ignore")
    except OSError:
        return False
    return re.search(r'"format"\s*:\s*"diary-recall/', head) is not None


def _is_date(value: Any) -> bool:
    if not isinstance(value, str) or len(value) != 10:
        return False
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _text(record: dict[str, Any], key: str, where: str) -> Iterator[str]:
    value = record.get(key)
    if not isinstance(value, str) or not value.strip():
        yield f"{where}.{key}: missing, or not a non-empty string"


def _entries(diary: dict[str, Any], where: str, seen: set[str]) -> Iterator[str]:
    entries = diary.get("entries")
    if not isinstance(entries, list) or not entries:
        yield f"{where}.entries: missing, or not a non-empty list"
        return
    for i, entry in enumerate(entries):
        at = f"{where}.entries[{i}]"
        if not isinstance(entry, dict):
            yield f"{at}: not an object"
            continue
        yield from _text(entry, "text", at)
        eid = entry.get("id")
        if not isinstance(eid, str) or not _ID.fullmatch(eid):
            yield f"{at}.id: missing, or not letters, digits, '-' and '_'"
        elif eid in seen:
            yield f"{at}.id: {eid!r} is used twice in the file"
        else:
            seen.add(eid)
        if not _is_date(entry.get("date")):
            yield f"{at}.date: missing, or not a date YYYY-MM-DD"


def _questions(
    diary: dict[str, Any], where: str, seen: set[str], own_entries: set[str]
) -> Iterator[str]:
    questions = diary.get("questions")
    if not isinstance(questions, list):
        yield f"{where}.questions: missing, or not a list"
        return
    for i, q in enumerate(questions):
        at = f"{where}.questions[{i}]"
        if not isinstance(q, dict):
            yield f"{at}: not an object"
            continue
        for key in ("question", "answer"):
            yield from _text(q, key, at)
        qid = q.get("id")
        if not isinstance(qid, str) or not _ID.fullmatch(qid):
            yield f"{at}.id: missing, or not letters, digits, '-' and '_'"
        elif qid in seen:
            yield f"{at}.id: {qid!r} is used twice in the file"
        else:
            seen.add(qid)
        if q.get("category") not in CATEGORIES:
            yield (
                f"{at}.category: must be one of {', '.join(CATEGORIES)} (got {q.get('category')!r})"
            )
        evidence = q.get("evidence")
        if not isinstance(evidence, list) or not evidence:
            yield f"{at}.evidence: missing, or not a non-empty list of entry ids"
            continue
        for ref in evidence:
            if ref not in own_entries:
                yield f"{at}.evidence: {ref!r} is no entry of this diary"


def _problems(raw: Any) -> Iterator[str]:
    if not isinstance(raw, dict):
        yield "the file must hold one JSON object"
        return
    if raw.get("format") != FORMAT:
        yield f"format: must be {FORMAT!r} (got {raw.get('format')!r})"
    diaries = raw.get("diaries")
    if not isinstance(diaries, list) or not diaries:
        yield "diaries: missing, or not a non-empty list"
        return
    ids: set[str] = set()
    entry_ids: set[str] = set()
    question_ids: set[str] = set()
    for i, diary in enumerate(diaries):
        where = f"diaries[{i}]"
        if not isinstance(diary, dict):
            yield f"{where}: not an object"
            continue
        did = diary.get("id")
        if not isinstance(did, str) or not _ID.fullmatch(did):
            yield f"{where}.id: missing, or not letters, digits, '-' and '_'"
        elif did in ids:
            yield f"{where}.id: {did!r} is used twice in the file"
        else:
            ids.add(did)
        yield from _text(diary, "writer", where)
        before = set(entry_ids)
        yield from _entries(diary, where, entry_ids)
        yield from _questions(diary, where, question_ids, entry_ids - before)


def _load(path: Path) -> tuple[Any, str | None]:
    """The file's JSON, or the line saying why it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, "no such file"
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"cannot read the file: {exc}"
    try:
        return json.loads(text), None
    except ValueError as exc:
        return None, f"not JSON: {exc}"


def file_problems(path: Path) -> list[str]:
    """Every problem of the file at ``path``, each naming its record and field
    (``diaries[0].questions[2].evidence: 'ada-09' is no entry of this diary``); none for a valid
    file."""
    raw, unreadable = _load(path)
    return [unreadable] if unreadable else list(_problems(raw))


def read_diaries(path: Path) -> tuple[Diary, ...]:
    """The diaries of the file at ``path``.

    Raises:
        ValueError: the file is missing or malformed; the message names its problems, the first
            five of them (:func:`file_problems` lists them all).
    """
    raw, unreadable = _load(path)
    if unreadable:
        raise ValueError(unreadable)
    problems = list(_problems(raw))
    if problems:
        more = f"; and {len(problems) - 5} more" if len(problems) > 5 else ""
        raise ValueError("; ".join(problems[:5]) + more)
    return tuple(
        Diary(
            id=d["id"],
            writer=d["writer"].strip(),
            entries=tuple(
                Entry(id=e["id"], date=dt.date.fromisoformat(e["date"]), text=e["text"].strip())
                for e in d["entries"]
            ),
            questions=tuple(
                Question(
                    id=q["id"],
                    question=q["question"].strip(),
                    answer=q["answer"].strip(),
                    category=q["category"],
                    evidence=tuple(q["evidence"]),
                )
                for q in d["questions"]
            ),
        )
        for d in raw["diaries"]
    )
