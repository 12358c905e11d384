"""A Diary Recall file written as recallbench persona folders, and the conversion cache.

Each diary becomes one persona folder in recallbench's native format
(docs/reference/file-formats.md):

* ``persona.yaml`` (``id``, ``name``: the writer, ``role``, ``epoch``: the first entry's date);
* ``arcs-1000d.yaml``, the default arcs file, so that no ``--arcs`` is needed;
* ``memories-1000d/day-NNNN.md``: day *n* is the date ``epoch + n − 1``, holding that date's
  entries, each under a ``# YYYY-MM-DD`` heading (a date question's answer is in the text);
* ``qa-1000d/questions.yaml``: each question with its category, ``relevant_days`` (the days of its
  evidence entries) and, kept as extra keys, its ``evidenceIds``.

Beside the folders, the import marker ``recallbench-import.json`` names the ``diary`` family (which
is how ``--data DIR`` finds the family again), its categories, its default checkpoint (``full``:
each question asked once, after the whole diary) and ``source``: the converter, its version and
the first 24 hex of the file's SHA-256, which the run's fingerprint records.

``--data diary:FILE`` converts a file once, into recallbench's user cache (``imports/``, under
``$RECALLBENCH_CACHE_DIR`` when that is set), keyed by the file's content.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from recallbench.data import DEFAULT_ARCS_FILE, derive_sibling_dir, parse_time_range
from recallbench.errors import DatasetError
from recallbench.family import ImportSummary

from .format import CATEGORIES, Diary, read_diaries

__all__ = [
    "CONVERTER_VERSION",
    "IMPORT_MARKER",
    "cached_conversion",
    "convert_file",
    "source_tag",
    "write_diaries",
]

CONVERTER_VERSION = 1
"""Part of a cached conversion's name and of ``source``: bump it when a file converts differently."""

IMPORT_MARKER = "recallbench-import.json"
"""The marker recallbench reads beside imported persona folders (its name is fixed by recallbench:
``recallbench.family.opening.IMPORT_MARKER``)."""

FULL = parse_time_range("full")
"""The one checkpoint a diary is asked at: after all of its days."""


def _yaml(data: Any) -> str:
    # ruamel.yaml: recallbench's own YAML library, so it is there wherever recallbench is.
    from ruamel.yaml import YAML

    yaml = YAML()  # round-trip: keys stay in the order written
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 4096
    buf = io.StringIO()
    yaml.dump(data, buf)
    return buf.getvalue()


def _write_diary(diary: Diary, out: Path, *, ask_absent: bool) -> int:
    """One diary's persona folder under ``out``; returns the questions written."""
    epoch = min(e.date for e in diary.entries)
    day_of = {e.id: (e.date - epoch).days + 1 for e in diary.entries}
    pdir = out / diary.id
    if pdir.exists():
        shutil.rmtree(pdir)  # a re-import replaces the diary, leaving no day of an older one
    memories = pdir / derive_sibling_dir(DEFAULT_ARCS_FILE, "memories")
    qa_dir = pdir / derive_sibling_dir(DEFAULT_ARCS_FILE, "qa")
    memories.mkdir(parents=True)
    qa_dir.mkdir()
    persona = {
        "id": diary.id,
        "name": diary.writer,
        "role": f"the diary of {diary.writer} ({len(diary.entries)} entries)",
        "epoch": epoch.isoformat(),
    }
    (pdir / "persona.yaml").write_text(_yaml(persona), encoding="utf-8")
    arcs = {"epoch": epoch.isoformat(), "arcs": []}
    (pdir / DEFAULT_ARCS_FILE).write_text(_yaml(arcs), encoding="utf-8")
    days: dict[int, list[str]] = {}
    for entry in sorted(diary.entries, key=lambda e: e.date):
        days.setdefault(day_of[entry.id], []).append(
            f"# {entry.date.isoformat()}\n\n{entry.text}\n"
        )
    for number, texts in days.items():
        (memories / f"day-{number:04d}.md").write_text("\n".join(texts), encoding="utf-8")
    questions = [
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
    ]
    (qa_dir / "questions.yaml").write_text(_yaml(questions), encoding="utf-8")
    return len(questions)


def _write_marker(out: Path, *, source: str, warnings: Sequence[str]) -> None:
    marker: dict[str, Any] = {
        "family": "diary",
        "source": source,
        "arcsFile": DEFAULT_ARCS_FILE,
        "defaultRanges": [{"label": FULL.label, "days": FULL.days}],
        "categories": list(CATEGORIES),
    }
    if warnings:
        marker["warnings"] = list(warnings)
    (out / IMPORT_MARKER).write_text(json.dumps(marker, indent=2) + "\n", encoding="utf-8")


def write_diaries(
    diaries: Sequence[Diary], out: Path, *, source: str, ask_absent: bool = True
) -> int:
    """Write ``diaries`` under ``out`` (created) as persona folders, the marker last (a folder with
    a marker is a complete conversion); return the questions written."""
    out.mkdir(parents=True, exist_ok=True)
    questions = sum(_write_diary(d, out, ask_absent=ask_absent) for d in diaries)
    warnings = [
        f"diary {d.id!r} has no questions: it is ingested, and nothing is asked about it"
        for d in diaries
        if not d.questions
    ]
    _write_marker(out, source=source, warnings=warnings)
    return questions


def _read(source: Path) -> tuple[Diary, ...]:
    if not source.is_file():
        raise DatasetError("no such file" if not source.exists() else "not a file", path=source)
    try:
        return read_diaries(source)
    except ValueError as exc:
        raise DatasetError(f"not a valid Diary Recall file: {exc}", path=source) from None


def _variant(options: Mapping[str, Any]) -> str:
    return "skip-absent" if options.get("diary_absent") == "skip" else ""


def source_tag(source: Path, options: Mapping[str, Any]) -> str:
    """``diary[-<variant>]-v<version>-<24 hex of the file's SHA-256>``: what a conversion was made
    from, and the name of its folder in the cache."""
    digest = hashlib.sha256()
    try:
        with source.open("rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
    except OSError as exc:
        raise DatasetError(f"cannot read the file: {exc.strerror or exc}", path=source) from None
    variant = _variant(options)
    return "-".join(
        filter(None, ("diary", variant, f"v{CONVERTER_VERSION}", digest.hexdigest()[:24]))
    )


def convert_file(source: Path, out: Path, options: Mapping[str, Any]) -> ImportSummary:
    """``recallbench import diary FILE --out DIR``: the file's diaries as persona folders.

    Raises:
        DatasetError: the file is missing or malformed (naming the record and the field).
    """
    diaries = _read(source)
    ask_absent = options.get("diary_absent") != "skip"
    questions = write_diaries(
        diaries, out, source=source_tag(source, options), ask_absent=ask_absent
    )
    return ImportSummary(
        what=f"{len(diaries)} diary(ies)",
        questions=questions,
        detail="; each asked once, after its last entry"
        + ("" if ask_absent else "; absent questions left out (--diary-absent skip)"),
    )


def _user_cache() -> Path:
    """recallbench's cache root: ``$RECALLBENCH_CACHE_DIR``, else the platform's user cache with
    ``recallbench/`` below it (as recallbench's own caches are placed)."""
    override = os.environ.get("RECALLBENCH_CACHE_DIR")
    if override:
        return Path(override).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "recallbench"


def cached_conversion(source: Path, options: Mapping[str, Any]) -> Path:
    """The folder ``source`` converts to, converted once: ``imports/<source tag>`` in the user
    cache. Built in a sibling folder and renamed into place, so the cache holds only complete
    conversions (a file that fails to convert leaves nothing).

    Raises:
        DatasetError: the file is missing or malformed.
    """
    if not source.is_file():
        raise DatasetError("--data diary:FILE: no such file", path=source)
    tag = source_tag(source, options)
    target = _user_cache() / "imports" / tag
    if (target / IMPORT_MARKER).is_file():
        return target
    diaries = _read(source)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=f".{tag}-", dir=target.parent))
    try:
        write_diaries(
            diaries, partial, source=tag, ask_absent=options.get("diary_absent") != "skip"
        )
        try:
            partial.rename(target)
        except OSError:
            if not (target / IMPORT_MARKER).is_file():  # not another process's finished one
                raise
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    return target
