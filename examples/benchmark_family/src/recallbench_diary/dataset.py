"""Converted diaries as a recallbench dataset: :class:`DiaryDataset`, and the import marker."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from recallbench.data import DirectoryDataset, PersonaDataset, TimeRange, load_persona
from recallbench.errors import DatasetError

from .convert import FULL, IMPORT_MARKER
from .format import CATEGORIES

if TYPE_CHECKING:
    from .family import DiaryRecall

__all__ = ["DiaryDataset", "open_diaries", "read_marker"]


@attrs.frozen
class DiaryDataset(DirectoryDataset):
    """Diaries converted into persona folders (:mod:`recallbench_diary.convert`), read with the
    family's categories; each question asked once, after the whole diary, unless ``--ranges``
    names checkpoints."""

    source: str = ""
    """What the folders were converted from (the marker's ``source``): the run's fingerprint
    records it."""

    @property
    def benchmark(self) -> DiaryRecall:
        """The family: a run of this dataset gets its judge, figures and report section."""
        from . import benchmark

        return benchmark

    @property
    def default_ranges(self) -> tuple[TimeRange, ...]:
        """The checkpoints a run asks when ``--ranges`` names none: ``full`` only."""
        return (FULL,)

    def load(self, persona_id: str) -> PersonaDataset:
        return load_persona(self.data_dir, persona_id, self.arcs_file, categories=CATEGORIES)


def read_marker(path: Path) -> dict[str, Any]:
    """The import marker beside the persona folders at ``path``.

    Raises:
        DatasetError: no marker there, one that is not JSON, or one naming another family.
    """
    marker = path / IMPORT_MARKER
    try:
        raw = json.loads(marker.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DatasetError(
            f"no Diary Recall data here: no {IMPORT_MARKER} naming the diary family (give the "
            "file itself, as --data diary:FILE, or convert it with 'recallbench import diary')",
            path=path,
        ) from None
    except (OSError, ValueError) as exc:
        raise DatasetError(f"unreadable import marker: {exc}", path=marker) from None
    family = raw.get("family") if isinstance(raw, dict) else None
    if family != "diary":
        raise DatasetError(
            f"the import marker names the {family or 'unnamed'} family, not diary", path=marker
        )
    return dict(raw)


def open_diaries(path: Path, arcs_file: str) -> DiaryDataset:
    """The converted diaries at ``path`` (a folder with the family's marker).

    Raises:
        DatasetError: no such folder, or no marker of the family's in it.
    """
    return DiaryDataset(path, arcs_file, source=str(read_marker(path).get("source", "")))
