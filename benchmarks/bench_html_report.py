"""HTML report speed: rendering a 6-persona × 143-checkpoint result (~51,000 answers) to HTML.

    python benchmarks/bench_html_report.py [RUN]

Without RUN, a synthetic result is built: 6 personas, 143 weekly checkpoints (7d … 1000d), 60 answers
per checkpoint with realistic text lengths (a question is re-asked at many checkpoints, as a sampled
run does). With RUN (a result.json, progress.jsonl or run directory), that run is rendered, with and
without its question log's details. Prints the median of three renders; target (issue 8): ≤ 5 s.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from recallbench.data.qa import CORE_CATEGORIES, QAPair
from recallbench.data.ranges import expand_series
from recallbench.render.html import render_html_report
from recallbench.results.aggregate import merge_heatmaps, persona_heatmap, summarize_checkpoint
from recallbench.results.records import (
    BenchmarkResult,
    PersonaResult,
    QuestionResult,
    RetrievalMetrics,
    RunMetadata,
)
from recallbench.results.scoring import JudgeScore

WORDS = [
    "deploy",
    "review",
    "budget",
    "incident",
    "runner",
    "patch",
    "schema",
    "migration",
    "invoice",
    "quarter",
    "roadmap",
    "vendor",
    "contract",
    "latency",
    "outage",
    "dashboard",
    "alert",
    "ticket",
    "customer",
    "renewal",
    "audit",
    "policy",
    "handoff",
]


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def synthetic_result(personas: int = 6, per_checkpoint: int = 60) -> BenchmarkResult:
    rng = random.Random(8)
    ranges = tuple(expand_series(7, 1000, 7))
    persona_results = []
    for p in range(personas):
        pool = [
            QAPair(
                id=f"persona-{p}-q{i:04d}",
                question=_sentence(rng, 18),
                answer=_sentence(rng, 14),
                category=CORE_CATEGORIES[i % len(CORE_CATEGORIES)],
                difficulty=("easy", "medium", "hard")[i % 3],
                relevant_days=(1 + i % 900,),
            )
            for i in range(600)
        ]
        checkpoints = []
        for c, time_range in enumerate(ranges):
            answers = []
            for qa in rng.sample(pool[: 60 + 4 * c], per_checkpoint):
                correctness = rng.randrange(4)
                score = JudgeScore(
                    correctness=correctness,
                    completeness=min(2, correctness),
                    hallucination=0 if rng.random() < 0.05 else 1,
                    reasoning=_sentence(rng, 10),
                )
                answers.append(
                    QuestionResult(
                        qa=qa,
                        system_answer=_sentence(rng, 45),
                        score=score,
                        composite_score=float(score.composite),
                        latency_ms=rng.uniform(0.2, 900.0),
                        retrieval_metrics=RetrievalMetrics(
                            recall_at_5=rng.random(),
                            recall_at_10=rng.random(),
                            ndcg_at_10=rng.random(),
                            mrr=rng.random(),
                        ),
                    )
                )
            eligible = dict.fromkeys(CORE_CATEGORIES, per_checkpoint)
            checkpoints.append(
                summarize_checkpoint(time_range, int(time_range.days), answers, eligible)
            )
        rr = tuple(checkpoints)
        persona_results.append(
            PersonaResult(
                persona_id=f"persona-{p}",
                adapter_name="synthetic",
                range_results=rr,
                heatmap=persona_heatmap(rr),
                total_ingestion_ms=0.0,
                total_query_ms=0.0,
                unique_qa_pair_count=len(pool),
                total_evals_run=sum(r.questions_evaluated for r in rr),
            )
        )
    return BenchmarkResult(
        timestamp="2026-01-01T00:00:00.000Z",
        adapter_name="synthetic",
        ranges=ranges,
        personas=tuple(persona_results),
        heatmap=merge_heatmaps(p.heatmap for p in persona_results),
        metadata=RunMetadata(
            duration_ms=None,
            total_evals_run=sum(p.total_evals_run for p in persona_results),
            unique_qa_pair_count=sum(p.unique_qa_pair_count for p in persona_results),
            judge_model="rubric",
        ),
    )


def _time(label: str, render: Callable[[], str]) -> None:
    times = []
    size = 0
    for _ in range(3):
        t = time.perf_counter()
        size = len(render().encode())
        times.append(time.perf_counter() - t)
    print(
        f"  {label}: median {statistics.median(times):.2f} s (min {min(times):.2f}, max "
        f"{max(times):.2f}) · {size / 1e6:.1f} MB  (target ≤ 5 s)"
    )


def main() -> None:
    details: Any = None
    if len(sys.argv) > 1:
        from recallbench.results.reading import read_run

        run = read_run(sys.argv[1])
        result, details = run.result, run.details
    else:
        result = synthetic_result()
    answers = sum(
        len(rr.question_results) + len(rr.unscored_results or ())
        for p in result.personas
        for rr in p.range_results
    )
    print(
        f"render_html_report: {len(result.personas)} personas × {len(result.ranges)} checkpoints, "
        f"{answers:,} answers"
    )
    _time("result only", lambda: render_html_report(result))
    if details:
        _time(
            f"with {len(details):,} question-log details",
            lambda: render_html_report(result, details=details),
        )


if __name__ == "__main__":
    main()
