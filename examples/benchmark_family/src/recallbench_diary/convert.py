"""A Diary Recall file written as recallbench persona folders, converted once for ``--data``.

Each diary becomes one :class:`~recallbench.data.NativePersona` (``id``; ``name``: the writer;
``role``; ``epoch``: the first entry's date) whose days are :class:`~recallbench.data.NativeDay`
records: day *n* is the date ``epoch + n − 1``, holding that date's entries, each under a
``# YYYY-MM-DD`` heading (a date question's answer is in the text). Each question keeps its
category, gets ``relevant_days`` (the days of its evidence entries) and, as an extra key, its
``evidenceIds``.

:func:`recallbench.data.write_native` writes them as persona folders in recallbench's native
format (docs/reference/file-formats.md), with the import marker beside them: the ``diary`` family
(which is how ``--data DIR`` finds the family again), the converter (``source``), its
categories, its default checkpoint (``full``: each question asked once, after the whole diary) and
the warnings about the file.

``--data diary:FILE`` converts a file once, with :func:`recallbench.data.cached_import`: into
recallbench's user cache, in a folder named by the converter, its variant and version and the
file's content (``diary[-skip-absent]-v1-<24 hex of its SHA-256>``), which the run's fingerprint
records as every diary's ``source``.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from recallbench.data import (
    NativeDay,
    NativePersona,
    cached_import,
    parse_time_range,
    write_native,
)
from recallbench.errors import DatasetError
from recallbench.family import ImportSummary

from .format import CATEGORIES, Diary, read_diaries

__all__ = [
    "CONVERTER_VERSION",
    "FULL",
    "cached_conversion",
    "convert_file",
    "native_persona",
    "write_diaries",
]

CONVERTER_VERSION = 1
"""Part of a cached conversion's name: bump it when a file converts differently."""

FULL = parse_time_range("full")
"""The one checkpoint a diary is asked at: after all of its days."""


def native_persona(diary: Diary, *, ask_absent: bool = True) -> NativePersona:
    """``diary`` as the persona recallbench writes (its ``absent`` questions left out unless
    ``ask_absent``)."""
    epoch = min(e.date for e in diary.entries)
    day_of = {e.id: (e.date - epoch).days + 1 for e in diary.entries}
    days: dict[int, list[str]] = {}
    for entry in sorted(diary.entries, key=lambda e: e.date):
        days.setdefault(day_of[entry.id], []).append(
            f"# {entry.date.isoformat()}\n\n{entry.text}\n"
        )
    return NativePersona(
        id=diary.id,
        name=diary.writer,
        role=f"the diary of {diary.writer} ({len(diary.entries)} entries)",
        epoch=epoch.isoformat(),
        days=tuple(NativeDay(number=n, content="\n".join(texts)) for n, texts in days.items()),
        questions=tuple(
            {
                "id": q.id,
                "question": q.question,
                "answer": q.answer,
                "category": q.category,
                "difficulty": "medium",
                "relevant_days": sorted({day_of[ref] for ref in q.evidence}),
                "evidenceIds": list(q.evidence),
            }
            for q in diary.questions
            if ask_absent or q.category != "absent"
        ),
    )


def write_diaries(diaries: Sequence[Diary], out: Path, *, ask_absent: bool = True) -> int:
    """Write ``diaries`` under ``out`` (created) as persona folders with the import marker (written
    last: a folder with a marker is a complete conversion); return the questions written."""
    personas = [native_persona(d, ask_absent=ask_absent) for d in diaries]
    for p in personas:  # a re-import replaces the diary, leaving no day of an older one
        shutil.rmtree(out / p.id, ignore_errors=True)
    left_out = "" if ask_absent else ", absent questions left out"
    write_native(
        personas,
        out,
        source=f"diary (converter v{CONVERTER_VERSION}{left_out})",
        family="diary",
        categories=CATEGORIES,
        default_ranges=(FULL,),
        warnings=[
            f"diary {d.id!r} has no questions: it is ingested, and nothing is asked about it"
            for d in diaries
            if not d.questions
        ],
    )
    return sum(len(p.questions) for p in personas)


def _read(source: Path) -> tuple[Diary, ...]:
    if not source.is_file():
        raise DatasetError("no such file" if not source.exists() else "not a file", path=source)
    try:
        return read_diaries(source)
    except ValueError as exc:
        raise DatasetError(f"not a valid Diary Recall file: {exc}", path=source) from None


def _ask_absent(options: Mapping[str, Any]) -> bool:
    return options.get("diary_absent") != "skip"


def convert_file(source: Path, out: Path, options: Mapping[str, Any]) -> ImportSummary:
    """``recallbench import diary FILE --out DIR``: the file's diaries as persona folders.

    Raises:
        DatasetError: the file is missing or malformed (naming the record and the field).
    """
    diaries = _read(source)
    ask_absent = _ask_absent(options)
    questions = write_diaries(diaries, out, ask_absent=ask_absent)
    return ImportSummary(
        what=f"{len(diaries)} diary(ies)",
        questions=questions,
        detail="; each asked once, after its last entry"
        + ("" if ask_absent else "; absent questions left out (--diary-absent skip)"),
    )


def cached_conversion(source: Path, options: Mapping[str, Any]) -> Path:
    """The folder ``source`` converts to, converted once into the user cache
    (:func:`recallbench.data.cached_import`: ``imports/diary[-skip-absent]-v<version>-<hash>``,
    only complete conversions; a file that fails to convert leaves nothing).

    Raises:
        DatasetError: the file is missing or malformed.
    """
    if not source.is_file():
        raise DatasetError("--data diary:FILE: no such file", path=source)
    ask_absent = _ask_absent(options)

    def convert(src: Path, out: Path) -> None:
        write_diaries(_read(src), out, ask_absent=ask_absent)

    return cached_import(
        "diary",
        source,
        convert,
        variant="" if ask_absent else "skip-absent",
        version=CONVERTER_VERSION,
    )
