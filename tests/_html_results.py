"""Test-only: deterministic BenchmarkResults for the HTML report's tests (pure and browser)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from recallbench.data.qa import CORE_CATEGORIES, QAPair
from recallbench.data.ranges import TimeRange
from recallbench.results.aggregate import merge_heatmaps, persona_heatmap, summarize_checkpoint
from recallbench.results.records import (
    BenchmarkResult,
    PersonaResult,
    QuestionError,
    QuestionResult,
    RetrievalMetrics,
    RunMetadata,
)
from recallbench.results.scoring import JudgeScore

__all__ = ["TRICKY", "answer_text", "make_result"]

TRICKY = '</script><script>window.__pwned = 1</script><!-- </SCRIPT > & "quotes" \u2028 ünï'
"""Text that would break out of a naively embedded script block."""


def answer_text(persona: int, checkpoint: int, question: int) -> str:
    return f"answer p{persona} c{checkpoint} q{question}"


def _score(p: int, c: int, q: int) -> JudgeScore:
    # Spread over the whole scale, with some hallucinations, deterministically.
    k = p * 7 + c * 3 + q
    return JudgeScore(
        correctness=k % 4,
        completeness=(k // 2) % 3,
        hallucination=0 if k % 5 == 0 else 1,
        reasoning=f"reasoning {k}",
    )


def make_result(
    *,
    personas: int = 2,
    checkpoints: int = 3,
    questions: int = 6,
    step_days: int = 7,
    tricky_answer: bool = False,
    judge_model: str | None = "rubric",
    score: Callable[[int, int, int], JudgeScore] = _score,
    categories: Sequence[str] = CORE_CATEGORIES,
) -> BenchmarkResult:
    """``personas`` × ``checkpoints`` checkpoints every ``step_days`` days, ``questions`` answers
    each (question ``q`` of persona ``p`` is the same pair at every checkpoint). The first answer of
    the run holds :data:`TRICKY`, when asked; the last question of each persona's first checkpoint
    is an adapter error, and the persona's second checkpoint has one unscored answer."""
    ranges = tuple(
        TimeRange(label=f"{(i + 1) * step_days}d", days=(i + 1) * step_days)
        for i in range(checkpoints)
    )
    persona_results = []
    for p in range(personas):
        pid = f"persona-{p}"
        range_results = []
        for c, rng in enumerate(ranges):
            scored: list[QuestionResult] = []
            for q in range(questions):
                qa = QAPair(
                    id=f"{pid}-q{q:03d}",
                    question=f"What happened in story {q} for {pid}?",
                    answer=f"reference {q}",
                    category=categories[q % len(categories)],
                    difficulty=("easy", "medium", "hard")[q % 3],
                    relevant_days=(1 + q % step_days,),
                )
                text = answer_text(p, c, q)
                if tricky_answer and p == 0 and c == 0 and q == 0:
                    text = TRICKY
                error = None
                js = score(p, c, q)
                if c == 0 and q == questions - 1:
                    error = QuestionError(
                        stage="query", type="AdapterTimeout", message="took too long"
                    )
                    text = "[TIMEOUT]"
                    js = JudgeScore(correctness=0, completeness=0, hallucination=1)
                scored.append(
                    QuestionResult(
                        qa=qa,
                        system_answer=text,
                        score=js,
                        composite_score=float(js.composite),
                        latency_ms=1.5 + q,
                        error=error,
                        retrieval_metrics=RetrievalMetrics(
                            recall_at_5=0.5, recall_at_10=1.0, ndcg_at_10=0.75, mrr=0.5
                        )
                        if q % 2 == 0
                        else None,
                    )
                )
            unscored: list[QuestionResult] = []
            if c == 1:
                qa = QAPair(
                    id=f"{pid}-judge-failed",
                    question=f"Which question did the judge fail on for {pid}?",
                    answer="this one",
                    category="factual-recall",
                    difficulty="easy",
                    relevant_days=(1,),
                )
                unscored.append(
                    QuestionResult(
                        qa=qa,
                        system_answer="an answer nobody scored",
                        score=JudgeScore(correctness=0, completeness=0, hallucination=0),
                        composite_score=0.0,
                        latency_ms=2.0,
                        error=QuestionError(
                            stage="judge", type="JudgeParseError", message="no JSON"
                        ),
                    )
                )
            eligible = dict.fromkeys(categories, questions)
            range_results.append(
                summarize_checkpoint(rng, int(rng.days), scored, eligible, unscored)
            )
        rr = tuple(range_results)
        persona_results.append(
            PersonaResult(
                persona_id=pid,
                adapter_name="Scripted",
                range_results=rr,
                heatmap=persona_heatmap(rr),
                total_ingestion_ms=10.0,
                total_query_ms=20.0,
                unique_qa_pair_count=questions + 1,
                total_evals_run=sum(r.questions_evaluated for r in rr),
            )
        )
    total = sum(p.total_evals_run for p in persona_results)
    return BenchmarkResult(
        timestamp="2026-01-01T00:00:00.000Z",
        adapter_name="Scripted",
        ranges=ranges,
        personas=tuple(persona_results),
        heatmap=merge_heatmaps(p.heatmap for p in persona_results),
        metadata=RunMetadata(
            duration_ms=61_000.0,
            total_evals_run=total,
            unique_qa_pair_count=sum(p.unique_qa_pair_count for p in persona_results),
            judge_model=judge_model,
        ),
    )
