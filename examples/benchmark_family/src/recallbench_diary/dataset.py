"""Converted diaries as a recallbench dataset: :class:`DiaryDataset`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from recallbench.data import IMPORT_MARKER, ImportedDataset, open_imported
from recallbench.errors import DatasetError

if TYPE_CHECKING:
    from .family import DiaryRecall

__all__ = ["DiaryDataset", "open_diaries"]


@attrs.frozen
class DiaryDataset(ImportedDataset):
    """Diaries converted into persona folders (:mod:`recallbench_diary.convert`). What its import
    marker records comes with it: the family's categories (its questions are read under them) and
    its checkpoint (``default_ranges``: each question asked once, after the whole diary, unless
    ``--ranges`` names checkpoints)."""

    @property
    def benchmark(self) -> DiaryRecall:
        """The family: a run of this dataset gets its judge, figures and report section."""
        from . import benchmark

        return benchmark


def _check_family(path: Path) -> None:
    """Raises DatasetError when ``path`` holds no import marker naming the diary family."""
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


def open_diaries(path: Path, arcs_file: str) -> DiaryDataset:
    """The converted diaries at ``path`` (a folder with the family's marker).

    Raises:
        DatasetError: no such folder, no marker of the family's in it, or one that cannot be read.
    """
    _check_family(path)
    dataset = open_imported(path, arcs_file, dataset_type=DiaryDataset)
    assert isinstance(dataset, DiaryDataset)
    return dataset
