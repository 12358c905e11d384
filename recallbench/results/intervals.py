"""Score intervals of a run of several epochs: a bootstrap over questions. Pure.

A run of ``--epochs N`` asks every question N times at each checkpoint. Its means (a heatmap cell, a
checkpoint's score, the run's overall score) stay the means over every scored answer; each gets a 95%
interval from a **percentile bootstrap over questions**: the unit resampled is a question at a
checkpoint, whose value is the mean of its scored epochs, so an interval covers both the spread of the
memory system's answers across epochs and which questions happened to be asked. Resampling answers
instead would treat N answers to one question as N independent questions and make every interval
about √N too narrow.

* :func:`bootstrap_interval` — the interval of a mean over strata: each resample draws every stratum's
  questions with replacement (``len(stratum)`` draws) and averages the strata's means. One stratum is
  the plain bootstrap of a mean; a heatmap's OVERALL cell, the mean over personas of each persona's
  score, is one stratum per persona. :data:`RESAMPLES` resamples from
  ``numpy.random.default_rng(SEED)``, a fresh generator per interval, so an interval depends only on
  its own values (not on which cell was computed first) and a report is the same on every machine.
* :func:`question_means` — the answers of one checkpoint grouped by question, each the mean of its
  epochs.
* :func:`with_intervals` — a result with every interval filled in (what the harness writes when
  ``epochs > 1``).
* :func:`is_wide` — whether an interval is wider than the threshold at which the heatmaps mark a cell
  (:data:`DEFAULT_CI_WIDTH`).

Stdlib and attrs only at import; numpy is imported inside :func:`bootstrap_interval`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from .records import (
    BenchmarkResult,
    HeatmapCell,
    PersonaResult,
    QuestionResult,
    ScoreInterval,
    TimeRangeResult,
)
from .stats import resampled_means

__all__ = [
    "DEFAULT_CI_WIDTH",
    "LEVEL",
    "RESAMPLES",
    "SEED",
    "bootstrap_interval",
    "interval_settings",
    "is_wide",
    "points",
    "question_means",
    "wide_above",
    "with_intervals",
]

RESAMPLES = 2_000
"""Bootstrap resamples per interval. Measured by ``benchmarks/bench_intervals.py``: over 20 seeds the
end points of a 50-question interval (three epochs each) move by at most 0.035 composite points, of
1,000 questions 0.005; one interval takes about 1 ms at 50 questions and 0.9 s at 50,000."""
SEED = 0
"""The seed of every interval's generator."""
LEVEL = 0.95
"""The intervals' coverage."""

DEFAULT_CI_WIDTH = 1.0
"""Composite points (the 0–6 scale) above which an interval's width marks its heatmap cell. One point
is a sixth of the scale, about 17 percentage points: a cell whose interval is wider cannot tell an
answer judged "partially correct" from one judged correct on average, nor support the differences of
a few points that published comparisons of memory systems argue about. With scores as spread as
those of ``benchmarks/bench_intervals.py``, a cell of 50 questions asked three times is just under it
(width 0.92) and one of 50 questions asked once is over it (1.33). Overridden by ``--ci-width``."""

METHOD = "percentile bootstrap over questions; a question's value is the mean of its epochs"


def bootstrap_interval(
    strata: Sequence[Sequence[float]],
    *,
    resamples: int = RESAMPLES,
    seed: int = SEED,
    level: float = LEVEL,
) -> ScoreInterval | None:
    """The percentile bootstrap interval of the mean over ``strata`` of each stratum's mean.

    Each of ``resamples`` resamples draws, stratum by stratum in the order given, ``len(stratum)``
    values with replacement from ``numpy.random.default_rng(seed)``, and takes the mean over strata
    of the drawn values' means; the interval is the ``(1 - level) / 2`` and ``(1 + level) / 2``
    quantiles (numpy's linear interpolation) of those means. Empty strata are left out.

    Args:
        strata: the values of each stratum (one stratum: a plain mean).
        resamples: how many resamples (1 or more).
        seed: the generator's seed.
        level: the coverage, between 0 and 1.

    Returns:
        The interval, or None when every stratum is empty.

    Raises:
        ValueError: ``resamples`` < 1 or ``level`` not between 0 and 1.
    """
    import numpy as np

    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, got {resamples}")
    if not 0 < level < 1:
        raise ValueError(f"level must be between 0 and 1, got {level}")
    kept = [np.asarray(s, dtype=np.float64) for s in strata if len(s)]
    if not kept:
        return None
    rng = np.random.default_rng(seed)
    means = np.zeros(resamples, dtype=np.float64)
    for values in kept:  # stratum by stratum, from the one generator
        means += resampled_means(values.reshape(-1, 1), rng, resamples)[:, 0]
    means /= len(kept)
    low, high = np.quantile(means, [(1 - level) / 2, (1 + level) / 2])
    return ScoreInterval(low=float(low), high=float(high))


def question_means(results: Iterable[QuestionResult]) -> list[float]:
    """The answers of one checkpoint grouped by question (first appearance order), each question
    the mean of its answers' composite scores (its scored epochs)."""
    grouped: dict[str, list[float]] = {}
    for r in results:
        grouped.setdefault(r.qa.id, []).append(r.composite_score)
    return [math.fsum(v) / len(v) for v in grouped.values()]


def is_wide(interval: ScoreInterval | None, threshold: float) -> bool:
    """Whether ``interval`` is wider than ``threshold`` (no interval: never)."""
    return interval is not None and interval.width > threshold


def wide_above(
    metadata_intervals: Mapping[str, Any] | None, override: float | None = None
) -> float:
    """The width above which a cell is marked: ``override`` (``--ci-width`` of a report), else the
    run's own (``metadata.intervals.wideAbove``), else :data:`DEFAULT_CI_WIDTH`."""
    if override is not None:
        return override
    stored = (metadata_intervals or {}).get("wideAbove")
    return float(stored) if isinstance(stored, int | float) else DEFAULT_CI_WIDTH


def points(width: float) -> str:
    """``1 point``, ``0.5 points``: a width on the composite scale, in words."""
    return f"{width:g} point" + ("" if width == 1 else "s")


def interval_settings(ci_width: float = DEFAULT_CI_WIDTH) -> dict[str, Any]:
    """``metadata.intervals`` of a run of several epochs: how its intervals were computed."""
    return {
        "method": METHOD,
        "level": LEVEL,
        "resamples": RESAMPLES,
        "seed": SEED,
        "wideAbove": ci_width,
    }


def _checkpoint(rr: TimeRangeResult) -> TimeRangeResult:
    return attrs.evolve(
        rr, score_interval=bootstrap_interval([question_means(rr.question_results)])
    )


def _cells(
    cells: Sequence[HeatmapCell], answers: Mapping[tuple[str, str], list[float]]
) -> tuple[HeatmapCell, ...]:
    return tuple(
        attrs.evolve(c, interval=bootstrap_interval([answers.get((c.range, c.category), [])]))
        for c in cells
    )


def _persona(p: PersonaResult) -> tuple[PersonaResult, dict[tuple[str, str], list[float]]]:
    """A persona with its checkpoints' and cells' intervals, and its question means by cell."""
    by_cell: dict[tuple[str, str], list[float]] = {}
    for rr in p.range_results:
        by_category: dict[str, list[QuestionResult]] = {}
        for q in rr.question_results:
            by_category.setdefault(q.qa.category, []).append(q)
        for category, answers in by_category.items():
            # A later checkpoint of the same label wins, as the heatmap merge does.
            by_cell[(rr.range.label, category)] = question_means(answers)
    persona = attrs.evolve(
        p,
        range_results=tuple(_checkpoint(rr) for rr in p.range_results),
        heatmap=_cells(p.heatmap, by_cell),
    )
    return persona, by_cell


def with_intervals(result: BenchmarkResult) -> BenchmarkResult:
    """``result`` with the bootstrap interval of every heatmap cell (the persona's and the run's),
    every checkpoint's score, the OVERALL cell of each checkpoint and the run's overall score.

    The run's cells and overall score pool the questions of every persona (their means are pooled
    means); the OVERALL cell of a checkpoint is the mean over personas of their scores there, so
    its interval resamples each persona's questions apart (one stratum per persona). Checkpoints
    known only from a progress record (no answers) get no interval.
    """
    personas: list[PersonaResult] = []
    pooled: dict[tuple[str, str], list[float]] = {}
    by_label: dict[str, list[list[float]]] = {}
    everything: list[float] = []
    for p in result.personas:
        persona, by_cell = _persona(p)
        personas.append(persona)
        for key, values in by_cell.items():
            pooled.setdefault(key, []).extend(values)
        for rr in p.range_results:
            means = question_means(rr.question_results)
            if means:
                by_label.setdefault(rr.range.label, []).append(means)
            everything.extend(means)
    checkpoint_intervals = {
        label: interval
        for label, strata in by_label.items()
        if (interval := bootstrap_interval(strata)) is not None
    }
    return attrs.evolve(
        result,
        personas=tuple(personas),
        heatmap=_cells(result.heatmap, pooled),
        overall_interval=bootstrap_interval([everything]),
        checkpoint_intervals=checkpoint_intervals or None,
    )
