# SHIM(issue 41): removed when the core is rewired
"""Moved to :mod:`recallbench.benchmarks.longmemeval.judge`; re-exported for the core module that
still imports it here (``harness/judge_loading.py``)."""

from ..benchmarks.longmemeval.judge import LongMemEvalJudge

__all__ = ["LongMemEvalJudge"]
