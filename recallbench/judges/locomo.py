# SHIM(issue 41): removed when the core is rewired
"""Moved to :mod:`recallbench.benchmarks.locomo.judges`; re-exported for the core module that still
imports it here (``harness/judge_loading.py``)."""

from ..benchmarks.locomo.judges import LocomoF1Judge, LocomoLlmJudge

__all__ = ["LocomoF1Judge", "LocomoLlmJudge"]
