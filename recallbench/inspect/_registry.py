"""inspect's entry point into recallbench (``[project.entry-points.inspect_ai]``): importing it
registers the tasks, so ``inspect eval recallbench/recall_bench`` finds them."""

from __future__ import annotations

from .task import recall_bench

__all__ = ["recall_bench"]
