"""MemoryBench benchmarks (a folder with ``manifest.json`` and a JSON or JSONL data file) read as a
:class:`~recallbench.data.dataset.Dataset`: :mod:`.manifest` (the manifest's records), :mod:`.cases`
(the data file, flattened), :mod:`.sessions` and :mod:`.units` (cases mapped onto units, days and
questions), :mod:`.dataset` (the dataset and the validator)."""

from __future__ import annotations

from .dataset import (
    MANIFEST_FILE,
    Benchmark,
    ManifestDataset,
    benchmark_dirs,
    is_manifest_data,
    read_benchmark,
    validate_manifests,
)
from .manifest import Manifest, parse_manifest
from .units import DeletionCase, UnitSpec, category_of

__all__ = [
    "MANIFEST_FILE",
    "Benchmark",
    "DeletionCase",
    "Manifest",
    "ManifestDataset",
    "UnitSpec",
    "benchmark_dirs",
    "category_of",
    "is_manifest_data",
    "parse_manifest",
    "read_benchmark",
    "validate_manifests",
]
