"""recallbench as a native inspect_ai task (the ``inspect`` extra): ``inspect eval
recallbench/recall_bench`` (docs/how-to/inspect.md).

The task (:func:`recall_bench`, :mod:`.task`) and its parameters (:mod:`.params`); its plan, made by
the harness (:mod:`.plan`); its samples, one per checkpoint question, handed out a checkpoint at a
time (:mod:`.dataset`); the shared ingestion state, its units held by the harness's own lifecycle in
a memory host of their own (:mod:`.state`, :mod:`.units`, :mod:`.host`); the three solvers
(:mod:`.solvers`, :mod:`.agent`, with their prompts in :mod:`.prompts`); the scorer wrapping any
recallbench judge (:mod:`.scorer`, :mod:`.grader` for a judge over an inspect model role) and the
metrics (:mod:`.metrics`); the hook that stops what a failed task left running (:mod:`.hooks`);
and the scorer that judges a task's log again, the memory system untouched
(:func:`recall_rejudge`, :mod:`.rescore`).

Importing ``recallbench`` never imports this package, nor inspect_ai; importing this package imports
inspect_ai only when a name below is first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_getattr

if TYPE_CHECKING:
    from .rescore import recall_rejudge
    from .scorer import recall_judge
    from .task import recall_bench

__all__ = ["recall_bench", "recall_judge", "recall_rejudge"]

_LAZY = {"recall_bench": "task", "recall_judge": "scorer", "recall_rejudge": "rescore"}

__getattr__ = lazy_getattr(__name__, _LAZY, globals())
