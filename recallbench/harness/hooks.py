"""Hooks for embedders: called at run start, after each checkpoint and question, and at run end.

Hooks may be plain or async callables. A hook that raises is logged and ignored: observing a run must
never break it.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable
from typing import Any

import attrs

from ..data.ranges import TimeRange
from ..results.records import BenchmarkResult, QuestionResult, TimeRangeResult

__all__ = ["CheckpointDone", "CheckpointStarted", "Hooks", "QuestionDone", "RunDone", "RunStarted"]

log = logging.getLogger("recallbench")


@attrs.frozen(kw_only=True)
class RunStarted:
    personas: tuple[str, ...]
    checkpoints: int
    """Checkpoints over all personas."""
    questions: int
    """Questions the run will ask (including those a resume already has)."""
    range_labels: tuple[str, ...] = ()
    """The checkpoints' labels, in order."""


@attrs.frozen(kw_only=True)
class CheckpointStarted:
    persona_id: str
    index: int
    total: int
    range: TimeRange
    questions: int


@attrs.frozen(kw_only=True)
class QuestionDone:
    persona_id: str
    checkpoint: str
    result: QuestionResult
    resumed: bool = False


@attrs.frozen(kw_only=True)
class CheckpointDone:
    persona_id: str
    index: int
    total: int
    result: TimeRangeResult
    new_days: int
    new_questions: int
    historical_asked: int
    historical_available: int
    ingest_ms: float
    query_ms: float
    resumed: bool = False


@attrs.frozen(kw_only=True)
class RunDone:
    """The run ended: finished, or stopped by a failure (``failed``; ``result`` is then partial)."""

    result: BenchmarkResult
    failed: bool = False


Hook = Callable[[Any], Any]


@attrs.frozen(kw_only=True)
class Hooks:
    on_run_start: Hook | None = None
    on_checkpoint_start: Hook | None = None
    on_question_done: Hook | None = None
    on_checkpoint_done: Hook | None = None
    on_run_done: Hook | None = None

    async def call(self, name: str, payload: object) -> None:
        hook = getattr(self, name)
        if hook is None:
            return
        try:
            value = hook(payload)
            if inspect.isawaitable(value):
                await value
        except Exception:
            log.exception("recallbench hook %s failed (ignored)", name)
