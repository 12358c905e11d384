"""The time a run spent at each checkpoint, over its personas: what ingesting a day and answering a
question cost as the memory grew. A system that slows down as it grows shows it here as a curve
(query p50 rising from checkpoint to checkpoint), not as a fault. Pure.

Each row gathers every persona's result at one checkpoint label, in the run's order: the days held
(the most any persona held there), the days newly ingested, the ingestion time per new day
(finalize apart), ``finalize_ingestion``'s time, the answers' latency percentiles and the writes
the memory system refused. A checkpoint rebuilt from a resumed log has no timing: its fields are
None.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import attrs

from .measures import latency_stats
from .records import LatencyStats, PersonaResult, TimeRangeResult

__all__ = ["CheckpointTiming", "checkpoint_timings"]


@attrs.frozen(kw_only=True)
class CheckpointTiming:
    """One checkpoint's timing over the personas that reached it.

    Attributes:
        label: the checkpoint (``30d``).
        days: the most days any persona held there.
        new_days: days ingested for this checkpoint, over the personas (None: none timed).
        ingest_ms_per_day: ingestion time per new day, finalize excluded (None: nothing ingested).
        finalize_ms: mean ``finalize_ingestion`` time over the personas that ingested.
        query: latency of every answer given at this checkpoint.
        writes_refused: writes the memory system refused while these days were ingested.
    """

    label: str
    days: int
    new_days: int | None
    ingest_ms_per_day: float | None
    finalize_ms: float | None
    query: LatencyStats | None
    writes_refused: int


def _answers(results: Iterable[TimeRangeResult]) -> Iterable[float]:
    for r in results:
        for q in (*r.question_results, *(r.unscored_results or ())):
            yield q.latency_ms


def checkpoint_timings(personas: Sequence[PersonaResult]) -> tuple[CheckpointTiming, ...]:
    """Every checkpoint's timing, in the order the checkpoints first appear (module docstring).

    Examples:
        >>> checkpoint_timings(())
        ()
    """
    by_label: dict[str, list[TimeRangeResult]] = {}
    for persona in personas:
        for r in persona.range_results:
            by_label.setdefault(r.range.label, []).append(r)
    rows = []
    for label, results in by_label.items():
        timed = [r for r in results if r.ingest_ms is not None and r.new_days_ingested is not None]
        new_days = sum(r.new_days_ingested or 0 for r in timed)
        ingest_ms = math.fsum(r.ingest_ms or 0.0 for r in timed)
        finals = [r.finalize_ms for r in results if r.finalize_ms is not None]
        rows.append(
            CheckpointTiming(
                label=label,
                days=max(r.days_ingested for r in results),
                new_days=new_days if timed else None,
                ingest_ms_per_day=ingest_ms / new_days if new_days else None,
                finalize_ms=math.fsum(finals) / len(finals) if finals else None,
                query=latency_stats(_answers(results)),
                writes_refused=sum(r.writes_refused or 0 for r in results),
            )
        )
    return tuple(rows)
