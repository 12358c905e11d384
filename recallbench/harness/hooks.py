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
    """The run is about to start: its personas, checkpoints and questions (``on_run_start``)."""

    personas: tuple[str, ...]
    checkpoints: int
    """Checkpoints over all personas."""
    questions: int
    """Questions the run will ask (including those a resume already has)."""
    range_labels: tuple[str, ...] = ()
    """The checkpoints' labels, in order."""


@attrs.frozen(kw_only=True)
class CheckpointStarted:
    """A persona's checkpoint ``index`` of ``total`` starts, with its range and question count
    (``on_checkpoint_start``)."""

    persona_id: str
    index: int
    total: int
    range: TimeRange
    questions: int


@attrs.frozen(kw_only=True)
class QuestionDone:
    """A question was answered and judged (``on_question_done``); ``resumed`` when its result came
    from the log of an earlier run."""

    persona_id: str
    checkpoint: str
    result: QuestionResult
    resumed: bool = False


@attrs.frozen(kw_only=True)
class CheckpointDone:
    """A persona's checkpoint finished (``on_checkpoint_done``): its result, the new days and
    questions, the historical questions asked of those available, and its ingest and query time."""

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
    """Callbacks for embedders, each a plain or async callable taking one frozen payload
    (:class:`RunStarted`, :class:`CheckpointStarted`, :class:`QuestionDone`,
    :class:`CheckpointDone`, :class:`RunDone`). A hook that raises is logged and ignored."""

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
