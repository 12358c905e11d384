"""Which checkpoints of two runs are the same: labels that name the same number of days under
different names (``6mo`` and ``180d`` are both 180 days) are one checkpoint when runs are compared.
Pure."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from .records import BenchmarkResult

__all__ = ["days_text", "label_days", "relabelled", "same_days"]


def label_days(r: BenchmarkResult) -> dict[str, float]:
    days = {t.label: float(t.days) for t in r.ranges}
    for p in r.personas:
        for rr in p.range_results:
            days.setdefault(rr.range.label, float(rr.range.days))
    return days


def days_text(r: BenchmarkResult, label: str) -> str:
    days = label_days(r).get(label)
    return f"{days:g} days" if days is not None else "the same days"


def same_days(a: BenchmarkResult, b: BenchmarkResult) -> dict[str, str]:
    """B's checkpoint labels that name the same number of days as one of A's under another name
    (``180d`` and ``6mo`` are both 180 days), mapped to A's label."""
    days_a, days_b = label_days(a), label_days(b)
    renamed = {}
    for label, days in days_b.items():
        if label in days_a:
            continue
        same = [lb for lb, d in days_a.items() if d == days and lb not in days_b]
        if len(same) == 1:
            renamed[label] = same[0]
    return renamed


def relabelled(r: BenchmarkResult, renamed: dict[str, str]) -> BenchmarkResult:
    """``r`` with its checkpoints renamed by ``renamed`` (old label → new)."""
    if not renamed:
        return r

    def rng(t: Any) -> Any:
        return attrs.evolve(t, label=renamed.get(t.label, t.label))

    def cells(cs: Iterable[Any]) -> tuple[Any, ...]:
        return tuple(attrs.evolve(c, range=renamed.get(c.range, c.range)) for c in cs)

    personas = tuple(
        attrs.evolve(
            p,
            range_results=tuple(attrs.evolve(rr, range=rng(rr.range)) for rr in p.range_results),
            heatmap=cells(p.heatmap),
        )
        for p in r.personas
    )
    return attrs.evolve(
        r, ranges=tuple(rng(t) for t in r.ranges), personas=personas, heatmap=cells(r.heatmap)
    )
