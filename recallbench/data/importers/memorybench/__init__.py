# SHIM(issue 41): removed when the core is rewired
"""Moved to :mod:`recallbench.benchmarks.memorybench`; re-exported for the core modules that still
import it here (``data.importers.open_dataset``, ``cli.validate``, ``cli._manifest_judge``)."""

from __future__ import annotations

from ....benchmarks.memorybench.dataset import (
    MANIFEST_FILE,
    Benchmark,
    ManifestDataset,
    benchmark_dirs,
    is_manifest_data,
    read_benchmark,
    validate_manifests,
)
from ....benchmarks.memorybench.manifest import Manifest, parse_manifest
from ....benchmarks.memorybench.units import DeletionCase, UnitSpec, category_of
from . import dataset as dataset

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
