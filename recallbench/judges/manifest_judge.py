# SHIM(issue 41): removed when the core is rewired
"""Moved to :mod:`recallbench.benchmarks.memorybench.judge`; re-exported for
``recallbench.harness.benchmarks`` and ``recallbench.cli._manifest_judge``."""

from __future__ import annotations

from ..benchmarks.memorybench.judge import ManifestJudge, manifest_judge

__all__ = ["ManifestJudge", "manifest_judge"]
