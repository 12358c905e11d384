# SHIM(issue 41): removed when the core is rewired
"""Moved to :mod:`recallbench.benchmarks.memorybench.metrics`; re-exported for
``recallbench.harness.benchmarks``."""

from __future__ import annotations

from ..benchmarks.memorybench.metrics import manifest_run_metrics

__all__ = ["manifest_run_metrics"]
