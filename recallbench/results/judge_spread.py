"""A run's score under each of its judges, and how far apart they are: "score ± judge spread". Pure.

When a panel of several judges scored a run (``run --judge A --judge B``, or ``rejudge`` with
several judges), every answer carries each judge's verdicts (``QuestionResult.panel``). The score
under one judge is the run's overall score recomputed with that judge's verdict alone — the mean over
the run's scored answers of each answer's composite by that judge (the mean of its judge epochs), an
answer it gave no verdict on (a failed answer, scored by rule) counting its own composite. The
spread is the largest distance from the run's score to any one judge's: ``score ± spread`` covers
every judge's score. One judge judging several times (``--judge-epochs``) is not a spread of judges,
and gives none.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import attrs

from .records import BenchmarkResult

__all__ = ["JudgeSpread", "judge_spread", "spread_of"]


@attrs.frozen(kw_only=True)
class JudgeSpread:
    """The run's score under each judge of its panel.

    Attributes:
        judges: the judges, in the order the verdicts name them.
        scores: each judge's score (mean composite, 0–6) over the run's scored answers.
        overall: the run's own score (its answers' aggregate composites).
        spread: the largest ``|scores[j] - overall|``.
        answers: the scored answers the scores are over.
    """

    judges: tuple[str, ...]
    scores: Mapping[str, float]
    overall: float
    spread: float
    answers: int


def judge_spread(result: BenchmarkResult) -> JudgeSpread | None:
    """The score under each judge of the run's panel; None unless at least two judges gave
    verdicts."""
    own: list[float] = []
    per_answer: list[dict[str, list[float]]] = []
    for p in result.personas:
        for rr in p.range_results:
            for q in rr.question_results:
                own.append(q.composite_score)
                verdicts: dict[str, list[float]] = {}
                for v in q.panel or ():
                    verdicts.setdefault(v.judge, []).append(float(v.composite))
                per_answer.append(verdicts)
    return spread_of(own, per_answer)


def spread_of(
    own: Sequence[float], per_answer: Sequence[Mapping[str, Sequence[float]]]
) -> JudgeSpread | None:
    """The spread of answers' verdicts: ``own[i]`` is answer i's composite, ``per_answer[i]`` each
    judge's composites of it (one per judge epoch; a judge missing: it gave none). None unless at
    least two judges gave verdicts."""
    names: dict[str, None] = {}
    for verdicts in per_answer:
        for judge in verdicts:
            names.setdefault(judge)
    if len(names) < 2 or not own:
        return None
    scores = {}
    for judge in names:
        values = [
            math.fsum(v[judge]) / len(v[judge]) if v.get(judge) else c
            for v, c in zip(per_answer, own, strict=True)
        ]
        scores[judge] = math.fsum(values) / len(values)
    overall = math.fsum(own) / len(own)
    return JudgeSpread(
        judges=tuple(names),
        scores=scores,
        overall=overall,
        spread=max(abs(s - overall) for s in scores.values()),
        answers=len(own),
    )
