"""The questions a run could not answer or score, grouped by what went wrong (pure).

A run's summary says not only how many questions failed but why: each group is a stage (the memory
system's ``query``, an unreachable ``connection``, the ``judge``) and an error type, with how many
questions it took and the first message, as pytest's short summary does.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from .records import BenchmarkResult, QuestionResult

__all__ = ["ErrorGroup", "group_errors", "question_errors"]

STAGE_ORDER = ("query", "connection", "judge")


@attrs.frozen
class ErrorGroup:
    """Questions that failed the same way.

    Attributes:
        stage: ``query`` (the memory system raised, timed out or returned no answer),
            ``connection`` (it could not be reached) or ``judge`` (the answer could not be scored).
        type: the error's type (``RuntimeError``, ``AdapterTimeout``, …).
        count: how many questions.
        first_message: the first such question's message.
    """

    stage: str
    type: str
    count: int
    first_message: str


def question_errors(result: BenchmarkResult) -> Iterator[QuestionResult]:
    """Every answer of a run that carries an error, scored or not, in run order."""
    for persona in result.personas:
        for rr in persona.range_results:
            for q in (*rr.question_results, *(rr.unscored_results or ())):
                if q.error is not None:
                    yield q


def group_errors(results: Iterable[QuestionResult]) -> tuple[ErrorGroup, ...]:
    """The errors of some answers grouped by stage and type: stages in the order query, connection,
    judge; within one, the most frequent type first (ties: first seen)."""
    counts: dict[tuple[str, str], int] = {}
    first: dict[tuple[str, str], str] = {}
    for q in results:
        if q.error is None:
            continue
        key = (q.error.stage, q.error.type)
        counts[key] = counts.get(key, 0) + 1
        first.setdefault(key, q.error.message)
    seen = list(counts)
    ordered = sorted(
        seen,
        key=lambda k: (
            STAGE_ORDER.index(k[0]) if k[0] in STAGE_ORDER else len(STAGE_ORDER),
            -counts[k],
            seen.index(k),
        ),
    )
    return tuple(
        ErrorGroup(stage, kind, counts[(stage, kind)], first[(stage, kind)])
        for stage, kind in ordered
    )
