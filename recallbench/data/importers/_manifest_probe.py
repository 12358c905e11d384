# SHIM(issue 41): removed when the core is rewired
"""Moved to :mod:`recallbench.benchmarks.memorybench.probe`; re-exported for
``recallbench.data.importers`` (``is_manifest_data``, ``MANIFEST_FILE``) until the core is rewired."""

from __future__ import annotations

from ...benchmarks.memorybench.probe import (
    MANIFEST_FILE,
    benchmark_dirs,
    benchmark_root,
    is_manifest_data,
)

__all__ = ["MANIFEST_FILE", "benchmark_dirs", "benchmark_root", "is_manifest_data"]
