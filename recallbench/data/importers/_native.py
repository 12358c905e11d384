"""Imported benchmarks written as native personas, and read back with their own default checkpoints.

An importer (a benchmark family's, such as LoCoMo's or LongMemEval's) maps its file onto
:class:`NativePersona` records; :func:`write_native` writes them as persona directories
(``persona.yaml``, the arcs file, its ``memories-*/day-NNNN.md`` and ``qa-*/questions.yaml``), so
that ``validate``, ``plan`` and every view read them like any persona. ``--data NAME:FILE``
converts a file once into the user cache, keyed by its content hash (:func:`cached_import`).

The directory's :data:`IMPORT_MARKER` records the benchmark family the data belongs to, what it was
imported from and the checkpoints a run asks when ``--ranges`` names none — the run's
(``defaultRanges``) and, where a persona has its own (a LoCoMo conversation's session quarters,
labelled ``25%`` … ``100%`` in every conversation so that the heatmap's columns line up), that
persona's (``personaRanges``);
:func:`~recallbench.data.importers.open_dataset` reads it. Reference-format personas carry no
checkpoints of their own: what is written beside them is read back only from this marker.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from ..._cache_dir import user_cache_dir
from ..._jsonread import json_loads
from ...errors import DatasetError
from .._yaml import dump_yaml
from ..corpus import PersonaDataset
from ..dataset import DEFAULT_ARCS_FILE, DirectoryDataset, derive_sibling_dir, load_persona
from ..qa import CATEGORIES
from ..ranges import TimeRange

__all__ = [
    "IMPORT_MARKER",
    "ImportedDataset",
    "NativeDay",
    "NativePersona",
    "answer_text",
    "cached_import",
    "import_warnings",
    "imports_cache_dir",
    "is_imported",
    "native_id",
    "open_imported",
    "write_native",
]

IMPORTER_VERSION = 3
"""Part of a cached conversion's name: an importer that maps a file differently bumps it, and the
cache converts the file again rather than serve the old mapping."""

IMPORT_MARKER = "recallbench-import.json"
"""Beside the persona directories: the family, the source format and file, and the default
checkpoints."""


@attrs.frozen(kw_only=True)
class NativeDay:
    """One day of an imported unit: its number (day 1 is the unit's epoch) and its text, written
    as ``memories-*/day-NNNN.md``."""

    number: int
    content: str


@attrs.frozen(kw_only=True)
class NativePersona:
    """One imported unit (a conversation, a question with its haystack) as a persona."""

    id: str
    name: str
    role: str
    epoch: str
    days: tuple[NativeDay, ...]
    questions: tuple[dict[str, Any], ...]
    """Each pair as ``questions.yaml`` holds it: the known fields, then the extra keys."""
    sessions: tuple[str, ...] = ()
    participants: tuple[str, ...] = ()
    checkpoints: tuple[TimeRange, ...] = ()
    """The persona's own checkpoints, asked when ``--ranges`` names none (none: the run's)."""


def day_number(epoch: dt.date, date: dt.date) -> int:
    """Day *n* is dated ``epoch + (n − 1)``."""
    return (date - epoch).days + 1


def native_id(source_id: str) -> str:
    """A unit's id in the source file as a persona id: runs of characters other than letters,
    digits, ``.``, ``_`` and ``-`` become ``-``, leading and trailing ``-`` and ``.`` are dropped
    (``conversation`` when nothing is left)."""
    return re.sub(r"[^A-Za-z0-9._-]+", "-", source_id).strip("-.") or "conversation"


def answer_text(value: Any) -> str:
    """A gold answer as a text: a whole float without its ``.0`` (``2.0`` → ``2``), anything else
    as ``str`` makes it."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _persona_yaml(p: NativePersona) -> dict[str, Any]:
    out: dict[str, Any] = {"id": p.id, "name": p.name, "role": p.role, "epoch": p.epoch}
    if p.sessions:
        out["sessions"] = [
            {"id": s, "kind": "group", "participants": list(p.participants)} for s in p.sessions
        ]
    return out


def _write_persona(p: NativePersona, out: Path, arcs_file: str = DEFAULT_ARCS_FILE) -> None:
    """Write one persona's directory under ``out`` (which must exist)."""
    memories_name = derive_sibling_dir(arcs_file, "memories")
    qa_name = derive_sibling_dir(arcs_file, "qa")
    pdir = out / p.id
    (pdir / memories_name).mkdir(parents=True, exist_ok=True)
    (pdir / qa_name).mkdir(parents=True, exist_ok=True)
    (pdir / "persona.yaml").write_text(dump_yaml(_persona_yaml(p)), encoding="utf-8")
    (pdir / arcs_file).write_text(dump_yaml({"epoch": p.epoch, "arcs": []}), encoding="utf-8")
    for d in p.days:
        (pdir / memories_name / f"day-{d.number:04d}.md").write_text(d.content, encoding="utf-8")
    (pdir / qa_name / "questions.yaml").write_text(dump_yaml(list(p.questions)), encoding="utf-8")


def _ranges_json(ranges: Iterable[TimeRange]) -> list[dict[str, Any]]:
    return [{"label": r.label, "days": r.days} for r in ranges]


def _write_marker(
    out: Path,
    *,
    family: str | None = None,
    source: str,
    default_ranges: Sequence[TimeRange] = (),
    persona_ranges: Mapping[str, Sequence[TimeRange]] | None = None,
    arcs_file: str = DEFAULT_ARCS_FILE,
    warnings: Sequence[str] = (),
    categories: Sequence[str] | None = None,
) -> None:
    """Write the :data:`IMPORT_MARKER` of the personas under ``out`` (written last: a directory
    with a marker is a complete conversion)."""
    marker: dict[str, Any] = {
        **({"family": family} if family else {}),
        "source": source,
        "arcsFile": arcs_file,
        "defaultRanges": _ranges_json(default_ranges),
    }
    if persona_ranges:
        marker["personaRanges"] = {pid: _ranges_json(r) for pid, r in persona_ranges.items()}
    if warnings:
        marker["warnings"] = list(warnings)
    if categories is not None and tuple(categories) != CATEGORIES:
        marker["categories"] = list(categories)
    (out / IMPORT_MARKER).write_text(json.dumps(marker, indent=2) + "\n", encoding="utf-8")


def write_native(
    personas: Iterable[NativePersona],
    out: Path,
    *,
    source: str,
    family: str | None = None,
    default_ranges: Sequence[TimeRange] = (),
    arcs_file: str = DEFAULT_ARCS_FILE,
    warnings: Sequence[str] = (),
    categories: Sequence[str] | None = None,
) -> Path:
    """Write ``personas`` under ``out`` (created) with the :data:`IMPORT_MARKER`; return ``out``.

    ``family`` is the benchmark family the data belongs to (recorded in the marker, which is how
    ``--data`` finds it again); ``categories`` its question categories when they are not Recall
    Bench's (recorded too, and accepted when the data is read back).

    ``warnings`` (one line each, about the source file) are kept in the marker; a list the
    ``personas`` iterator fills as it goes is read once it is done (:func:`import_warnings` reads
    them back).

    ``personas`` may be an iterator: each is written as it comes and then let go (a file of
    several gigabytes is never held whole); when it raises (a malformed record), the persona
    directories written so far are removed and the error goes on. The arcs file is the default one (``arcs-1000d.yaml``), so
    the commands read the output without ``--arcs``.
    """
    out.mkdir(parents=True, exist_ok=True)
    own: dict[str, tuple[TimeRange, ...]] = {}
    written: list[Path] = []
    try:
        for p in personas:
            written.append(out / p.id)
            _write_persona(p, out, arcs_file)
            if p.checkpoints:
                own[p.id] = p.checkpoints
    except Exception:
        # A malformed record met half-way through a streamed file: leave no half conversion.
        for pdir in written:
            shutil.rmtree(pdir, ignore_errors=True)
        raise
    _write_marker(
        out,
        family=family,
        source=source,
        default_ranges=default_ranges,
        persona_ranges=own,
        arcs_file=arcs_file,
        warnings=warnings,
        categories=categories,
    )
    return out


def is_imported(path: Path | str) -> bool:
    return (Path(path) / IMPORT_MARKER).is_file()


def import_warnings(path: Path | str) -> list[str]:
    """What the importer of the personas under ``path`` warned about their source file (evidence
    it could not read, sessions dated after their question…); none for other data, or an
    unreadable marker (:func:`open_imported` names what is wrong with it)."""
    try:
        marker = json_loads((Path(path) / IMPORT_MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    found = marker.get("warnings") if isinstance(marker, dict) else None
    return [w for w in found if isinstance(w, str)] if isinstance(found, list) else []


@attrs.frozen
class ImportedDataset(DirectoryDataset):
    """Personas written by an importer: a persona directory that asks its own checkpoints when
    ``--ranges`` names none — the run's (``default_ranges``: a LongMemEval question once, after its
    haystack) or a persona's own (``ranges_of``: a LoCoMo conversation after a quarter, half, three
    quarters and all of its sessions).

    Its personas' days stay on disk until a unit of work reads them
    (:class:`~recallbench.data.corpus.StoredDays`): a run over the 500 haystacks of LongMemEval's
    ``_m`` holds those of the units in flight, not all of them."""

    default_ranges: tuple[TimeRange, ...] = ()
    persona_ranges: Mapping[str, tuple[TimeRange, ...]] = attrs.field(factory=dict, hash=False)
    categories: tuple[str, ...] = CATEGORIES
    """The question categories of its family (Recall Bench's unless the marker names others)."""

    def load(self, persona_id: str) -> PersonaDataset:
        return load_persona(
            self.data_dir, persona_id, self.arcs_file, stored=True, categories=self.categories
        )

    def ranges_of(self, persona_id: str) -> tuple[TimeRange, ...]:
        """``persona_id``'s own checkpoints (empty: it asks the run's)."""
        return self.persona_ranges.get(persona_id, ())


def _ranges_of(raw: Any) -> tuple[TimeRange, ...]:
    return tuple(TimeRange(label=str(r["label"]), days=r["days"]) for r in raw)


def marked_categories(path: Path | str) -> tuple[str, ...]:
    """The question categories the import marker at ``path`` records (Recall Bench's when it
    records none, or cannot be read: reading the data says what is wrong with it)."""
    try:
        marker = json_loads((Path(path) / IMPORT_MARKER).read_text(encoding="utf-8"))
        found = marker.get("categories") if isinstance(marker, dict) else None
    except (OSError, ValueError):
        return CATEGORIES
    if isinstance(found, list) and found and all(isinstance(c, str) for c in found):
        return tuple(found)
    return CATEGORIES


def open_imported(
    path: Path | str, arcs_file: str, dataset_type: type[ImportedDataset] = ImportedDataset
) -> ImportedDataset:
    """The personas an importer wrote at ``path``, with the checkpoints its marker records, as a
    ``dataset_type`` (a family's own :class:`ImportedDataset`, naming its family).

    Raises:
        DatasetError: the marker cannot be read.
    """
    root = Path(path)
    try:
        marker = json_loads((root / IMPORT_MARKER).read_text(encoding="utf-8"))
        ranges = _ranges_of(marker["defaultRanges"])
        own = {str(k): _ranges_of(v) for k, v in (marker.get("personaRanges") or {}).items()}
        categories = tuple(str(c) for c in marker.get("categories") or CATEGORIES)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise DatasetError(f"unreadable import marker: {exc}", path=root / IMPORT_MARKER) from None
    return dataset_type(root, arcs_file, ranges, own, categories)


def imports_cache_dir() -> Path:
    """``$RECALLBENCH_CACHE_DIR/imports``, else the platform's user cache ``recallbench/imports``
    (the same root the judge cache and the shipped personas use)."""
    return user_cache_dir("imports")


def content_hash(path: Path) -> str:
    h = hashlib.sha256()
    try:
        with path.open("rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    except OSError as exc:
        raise DatasetError(f"cannot read the file: {exc.strerror or exc}", path=path) from None
    return h.hexdigest()


def cached_import(
    kind: str, source: Path, convert: Callable[[Path, Path], None], variant: str = ""
) -> Path:
    """The personas of ``source`` converted by ``convert(source, out)``, once: in the user cache
    under ``<kind>[-<variant>]-v<importer version>-<sha256 of the file>``. Built in a sibling directory and renamed
    into place, so the cache holds only complete conversions (a failed one leaves nothing)."""
    name = "-".join(
        filter(None, (kind, variant, f"v{IMPORTER_VERSION}", content_hash(source)[:24]))
    )
    target = imports_cache_dir() / name
    if (target / IMPORT_MARKER).is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=target.parent))
    try:
        convert(source, partial)
        try:
            partial.rename(target)
        except OSError:
            if not (target / IMPORT_MARKER).is_file():  # not another process's finished one
                raise
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    return target
