"""The scorer: any recallbench judge, through the harness's own judging of one answer.

The answer a solver left (its text and what the memory system retrieved for it, or what the memory
system raised) is judged by :func:`recallbench.harness.evaluate.evaluate` — the function
``recallbench run`` judges each answer with: the judge's context (the relevant days, the persona),
retries and deadline, the appellate rule, the failed-answer score, the retrieval metrics — with an
adapter that replays the solver's answer instead of asking the memory system again. So a
question's score is the one ``recallbench run`` gives the same answer. An answer left by a solver
of someone else's (``--solver``) is its completion, with no retrieval.

The score's value is the mapping :mod:`.metrics` describes; its answer the judged answer, its
explanation the judge's reasoning. A judge that fails on an answer after its retries fails the
sample (inspect's ``--retry-on-error`` and ``--fail-on-error`` apply; ``recallbench run`` leaves
it unscored and judges it again on ``--resume``).
"""

from __future__ import annotations

from typing import Any

import attrs
from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState

from ..adapters.base import QueryDetail
from ..errors import JudgeError
from ..harness.evaluate import UNSCORED_STAGES, Evaluation, evaluate
from ..results.records import RETRIEVAL_METRICS, QuestionResult
from .metrics import score_metrics
from .state import Answer, IngestionState

__all__ = ["Replay", "recall_judge", "score_value"]


@attrs.define
class Replay:
    """An adapter that answers with what a solver got: its answer, or what the memory system
    raised (it holds no memory: only its query methods are ever called)."""

    answer: Answer
    name: str = "replay"

    async def setup(self) -> None:
        return None

    async def ingest_day(self, day: int, content: str, metadata: Any = None) -> None:
        return None

    async def finalize_ingestion(self) -> None:
        return None

    async def teardown(self) -> None:
        return None

    async def query_detail(self, question: str) -> QueryDetail:
        if self.answer.error is not None:
            raise self.answer.error
        assert self.answer.detail is not None
        return self.answer.detail

    async def query(self, question: str) -> str:
        return (await self.query_detail(question)).answer


def score_value(result: QuestionResult) -> dict[str, float]:
    """A judged answer as the score's mapping (:mod:`.metrics`)."""
    value: dict[str, float] = {
        "correctness": float(result.score.correctness),
        "completeness": float(result.score.completeness),
        "hallucination": float(result.score.hallucination),
        "composite": float(result.composite_score),
    }
    metrics = result.retrieval_metrics
    figures = metrics.as_dict() if metrics is not None else {}
    for key in RETRIEVAL_METRICS:
        value[key] = float(figures.get(key, float("nan")))
    return value


def _metadata(evaluation: Evaluation) -> dict[str, Any]:
    """What the score keeps beside its value: the latency, the failure, the primary score of an
    appealed answer, and the days of the memories retrieved, best first (kept small: inspect
    copies a score's metadata for every metric it computes)."""
    result = evaluation.result
    out: dict[str, Any] = {"latencyMs": result.latency_ms}
    if result.error is not None:
        out["error"] = {
            "stage": result.error.stage,
            "type": result.error.type,
            "message": result.error.message,
        }
    if result.primary_score is not None:
        out["primaryScore"] = attrs.asdict(result.primary_score)
    if result.retrieved_days is not None:
        out["retrievedDays"] = list(result.retrieved_days)
    elif evaluation.retrieval is not None:
        out["retrievedDays"] = [entry.day for entry in evaluation.retrieval]
    return out


@scorer(metrics=score_metrics())
def recall_judge(ingestion: IngestionState) -> Scorer:
    """The task's judge (``-T judge``) on each answer, as ``recallbench run`` judges it."""
    plan = ingestion.plan

    async def score(state: TaskState, target: Target) -> Score:
        question = ingestion.question(state.sample_id)
        answer = ingestion.answers.pop(state.uuid, None)
        if answer is None:  # a solver of someone else's: its completion, no retrieval
            answer = Answer(detail=QueryDetail(answer=state.output.completion))
        ds = plan.units[question.unit].dataset
        evaluation = await evaluate(
            Replay(answer),
            question.pair,
            plan.days(question),
            plan.judging,
            None,
            persona=ds.definition,
        )
        result = attrs.evolve(evaluation.result, latency_ms=round(answer.latency_ms, 2))
        evaluation = attrs.evolve(evaluation, result=result)
        error = result.error
        if error is not None and error.stage in UNSCORED_STAGES:
            what = "the judge failed" if error.stage == "judge" else "no answer (unreachable)"
            raise JudgeError(f"{question.id}: {what}: {error.type}: {error.message}")
        ingestion.judged(question, evaluation)
        return Score(
            value=score_value(result),
            answer=result.system_answer,
            explanation=result.score.reasoning,
            metadata=_metadata(evaluation),
        )

    return score
