# SHIM(issue 41): removed when the core is rewired
"""Moved to :mod:`recallbench.benchmarks.memorybench.dataset`; ``recallbench.harness.benchmarks``
still asks for ``ManifestDataset`` by this module's name."""

from __future__ import annotations

from ....benchmarks.memorybench.dataset import ManifestDataset

__all__ = ["ManifestDataset"]
