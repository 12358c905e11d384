"""What a persona holds, in figures: its days, sessions, day-log sizes and questions. Pure.

``recallbench list --stats`` prints them for any data directory — shipped, generated or imported
(LoCoMo, LongMemEval) — where ``synth --stats`` can only describe the personas its engine writes.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Mapping

import attrs

from .corpus import PersonaDataset

__all__ = ["CorpusStats", "corpus_stats"]


@attrs.frozen(kw_only=True)
class CorpusStats:
    """One persona in figures."""

    persona_id: str
    days: int
    """Day logs on disk."""
    last_day: int
    """The highest day number (the corpus spans days 1 … ``last_day``)."""
    sessions: int
    """``# session:`` sections over every day."""
    bytes_total: int
    bytes_median: int
    """The median day log's size in bytes (UTF-8)."""
    bytes_max: int
    questions: int
    categories: Mapping[str, int]
    """Questions by category, most first (ties by name)."""
    question_types: Mapping[str, int]
    """Questions by ``extra["questionType"]`` (LoCoMo's and LongMemEval's own types, a
    MemoryBench question type), most first; empty when no question has one."""


def _ranked(counts: Counter[str]) -> dict[str, int]:
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def corpus_stats(ds: PersonaDataset) -> CorpusStats:
    """The figures of one loaded persona."""
    sizes = sorted(len(d.content.encode("utf-8")) for d in ds.days)
    types = Counter(
        str(t) for q in ds.qa if isinstance(t := q.extra.get("questionType"), str | int)
    )
    return CorpusStats(
        persona_id=ds.id,
        days=len(ds.days),
        last_day=ds.max_day,
        sessions=sum(len(d.sessions) for d in ds.days),
        bytes_total=sum(sizes),
        bytes_median=int(statistics.median(sizes)) if sizes else 0,
        bytes_max=sizes[-1] if sizes else 0,
        questions=len(ds.qa),
        categories=_ranked(Counter(q.category for q in ds.qa)),
        question_types=_ranked(types),
    )
