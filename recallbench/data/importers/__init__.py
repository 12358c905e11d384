"""Importers of other benchmarks' formats, each a :class:`~recallbench.data.dataset.Dataset`.

:func:`open_dataset` is the one door the command line and the harness take from a ``--data`` path to a
dataset: a folder holding ``manifest.json`` (or a folder of such folders) is a MemoryBench benchmark
(:mod:`.memorybench`); anything else stays a persona data directory, read exactly as before.
"""

from __future__ import annotations

from pathlib import Path

from ..dataset import DEFAULT_ARCS_FILE, Dataset, DirectoryDataset
from ..ranges import DEFAULT_RANGES, TimeRange
from .memorybench import ManifestDataset, is_manifest_data

__all__ = ["default_ranges_of", "is_manifest_data", "open_dataset"]


def open_dataset(path: Path | str, arcs_file: str = DEFAULT_ARCS_FILE) -> Dataset:
    """The dataset at ``path``: MemoryBench benchmarks when ``path`` holds ``manifest.json`` or
    folders that do, else the persona data directory read with ``arcs_file``."""
    if is_manifest_data(path):
        return ManifestDataset(Path(path))
    return DirectoryDataset(Path(path), arcs_file)


def default_ranges_of(dataset: object) -> tuple[TimeRange, ...]:
    """The checkpoints a run asks when none are named: a dataset may declare its own
    (``default_ranges``: a MemoryBench benchmark asks each unit once, after its last day)."""
    own = getattr(dataset, "default_ranges", None)
    return tuple(own) if own else DEFAULT_RANGES
