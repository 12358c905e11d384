"""A run rebuilt around new verdicts on its answers: what ``rejudge`` makes of a run. Pure.

Re-judging keeps everything the memory system gave — its answers, latencies, retrieval metrics,
timings, errors — and replaces the judge's part: each judged answer's score (and panel verdicts, and
usage by the judge), the means and counts computed from scores (checkpoint and category scores,
difficulty and hallucination figures, heatmaps, the disclosure breakdown). An answer the memory
system failed to give (error stage ``query`` or ``connection``) has nothing to judge and is kept as it
was; an answer its first judge failed on, judged now, becomes a scored answer; an answer the new judge
fails on is left unscored (error stage ``judge``), as a run leaves it.

:func:`answer_slots` lists the answers to judge; :func:`rebuilt_result` assembles the new result from
the new verdicts (by slot). The run's metadata (judge names, usage, fingerprint) is the caller's: the
new judge is described by :mod:`recallbench.judges.describe`, above this layer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

import attrs

from .aggregate import (
    disclosure_breakdown,
    merge_disclosure,
    merge_heatmaps,
    persona_heatmap,
    summarize_checkpoint,
)
from .failures import FAILED_STAGES
from .records import BenchmarkResult, PersonaResult, QuestionResult, RunMetadata, TimeRangeResult

__all__ = ["Slot", "answer_slots", "rebuilt_result"]


@attrs.frozen
class Slot:
    """Where an answer sits in a result: persona, checkpoint, scored list (True) or unscored list
    (False), and its index there."""

    persona: int
    checkpoint: int
    scored: bool
    index: int


def _judgeable(q: QuestionResult) -> bool:
    """An answer the memory system gave (a judge can score it): no error, or its judge failed."""
    return q.error is None or q.error.stage not in FAILED_STAGES


def answer_slots(result: BenchmarkResult) -> Iterator[tuple[Slot, int, QuestionResult]]:
    """Every answer a judge can score again, with its slot and the days ingested at its checkpoint:
    persona by persona, checkpoint by checkpoint, scored answers then unscored ones."""
    for p, persona in enumerate(result.personas):
        for c, rr in enumerate(persona.range_results):
            for scored, answers in ((True, rr.question_results), (False, rr.unscored_results)):
                for i, q in enumerate(answers or ()):
                    if _judgeable(q):
                        yield Slot(p, c, scored, i), rr.days_ingested, q


def _checkpoint(
    rr: TimeRangeResult, p: int, c: int, new: Mapping[Slot, QuestionResult]
) -> TimeRangeResult:
    scored: list[QuestionResult] = []
    unscored: list[QuestionResult] = []
    for was_scored, answers in ((True, rr.question_results), (False, rr.unscored_results)):
        for i, q in enumerate(answers or ()):
            q = new.get(Slot(p, c, was_scored, i), q)
            judge_failed = q.error is not None and q.error.stage == "judge"
            connection = q.error is not None and q.error.stage == "connection"
            (unscored if judge_failed or connection else scored).append(q)
    eligible = {cs.category: cs.eligible_count for cs in rr.category_scores}
    summary = summarize_checkpoint(rr.range, rr.days_ingested, scored, eligible, unscored)
    return attrs.evolve(
        rr,
        questions_evaluated=summary.questions_evaluated,
        overall_score=summary.overall_score,
        category_scores=summary.category_scores,
        difficulty_scores=summary.difficulty_scores,
        hallucination_rate=summary.hallucination_rate,
        question_results=summary.question_results,
        unscored_results=summary.unscored_results,
        score_interval=None,
    )


def rebuilt_result(
    source: BenchmarkResult,
    new: Mapping[Slot, QuestionResult],
    *,
    metadata: Callable[[Sequence[PersonaResult]], RunMetadata],
    persona_cost: Callable[[Sequence[TimeRangeResult]], Mapping[str, object] | None] | None = None,
    timestamp: str | None = None,
) -> BenchmarkResult:
    """``source`` with the answers at ``new``'s slots replaced and every figure computed from scores
    computed again.

    Args:
        source: the run.
        new: the re-judged answers by slot (:func:`answer_slots`); an answer not in it stays.
        metadata: the new run's :class:`~recallbench.results.records.RunMetadata`, from its
            rebuilt personas (the caller's: it names the new judge).
        persona_cost: a persona's ``cost`` from its rebuilt checkpoints (None: none).
        timestamp: the new run's timestamp (default: the source's).
    """
    personas = []
    for p, persona in enumerate(source.personas):
        ranges = tuple(_checkpoint(rr, p, c, new) for c, rr in enumerate(persona.range_results))
        personas.append(
            attrs.evolve(
                persona,
                range_results=ranges,
                heatmap=persona_heatmap(ranges),
                total_evals_run=sum(r.questions_evaluated for r in ranges),
                disclosure_breakdown=disclosure_breakdown(
                    q for r in ranges for q in r.question_results
                ),
                cost=persona_cost(ranges) if persona_cost is not None else persona.cost,
            )
        )
    md = metadata(personas)
    return attrs.evolve(
        source,
        timestamp=timestamp or source.timestamp,
        personas=tuple(personas),
        heatmap=merge_heatmaps(p.heatmap for p in personas),
        metadata=md,
        disclosure_breakdown=merge_disclosure(p.disclosure_breakdown for p in personas),
        overall_interval=None,
        checkpoint_intervals=None,
    )
