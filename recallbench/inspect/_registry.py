"""inspect's entry point into recallbench (``[project.entry-points.inspect_ai]``): importing it
registers the task and the scorers, so ``inspect eval recallbench/recall_bench`` and ``inspect
score LOG --scorer recallbench/recall_rejudge`` find them."""

from __future__ import annotations

from .rescore import recall_rejudge
from .task import recall_bench

__all__ = ["recall_bench", "recall_rejudge"]
