"""What the bootstrap intervals of a run of several epochs cost, and how much they move between
seeds (the resample count's justification, :data:`recallbench.results.intervals.RESAMPLES`).

Question values are means of ``--epochs`` composite scores drawn from a fixed mix (0: 30 %, 1: 10 %,
3: 15 %, 5: 15 %, 6: 30 %, generator seeded 7), for checkpoints of 50, 1,000 and 50,000 questions.
For each size it prints the time of one :func:`bootstrap_interval` (best of ``--repeat``) and, over
seeds 0..19, the largest distance of an end point from its mean over seeds. Then it times
:func:`with_intervals` — what a run of several epochs adds at its end — on a synthetic result of
``--personas`` × ``--checkpoints`` checkpoints of ``--questions`` questions (eight categories).

    python benchmarks/bench_intervals.py [--epochs 3] [--repeat 3]
        [--personas 6] [--checkpoints 143] [--questions 40]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from recallbench.data.qa import CATEGORIES, QAPair
from recallbench.data.ranges import TimeRange
from recallbench.results.aggregate import merge_heatmaps, persona_heatmap, summarize_checkpoint
from recallbench.results.intervals import RESAMPLES, bootstrap_interval, with_intervals
from recallbench.results.records import BenchmarkResult, PersonaResult, QuestionResult, RunMetadata
from recallbench.results.scoring import JudgeScore

SCORES = (0, 1, 3, 5, 6)
WEIGHTS = (0.30, 0.10, 0.15, 0.15, 0.30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--personas", type=int, default=6)
    parser.add_argument("--checkpoints", type=int, default=143)
    parser.add_argument("--questions", type=int, default=40)
    args = parser.parse_args()
    rng = random.Random(7)
    print(f"resamples {RESAMPLES}, epochs {args.epochs}")
    for n in (50, 1_000, 50_000):
        values = [statistics.fmean(rng.choices(SCORES, WEIGHTS, k=args.epochs)) for _ in range(n)]
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            bootstrap_interval([values])
            best = min(best, time.perf_counter() - start)
        ends = [bootstrap_interval([values], seed=s) for s in range(20)]
        lows = [e.low for e in ends if e is not None]
        highs = [e.high for e in ends if e is not None]
        drift = max(
            max(abs(x - statistics.fmean(lows)) for x in lows),
            max(abs(x - statistics.fmean(highs)) for x in highs),
        )
        print(
            f"{n:>6} questions: mean {statistics.fmean(values):.3f}, interval "
            f"{statistics.fmean(lows):.3f}–{statistics.fmean(highs):.3f} "
            f"(width {statistics.fmean(highs) - statistics.fmean(lows):.3f}), "
            f"end points move ≤ {drift:.3f} across 20 seeds, {best * 1000:.1f} ms"
        )

    result = synthetic(args.personas, args.checkpoints, args.questions, args.epochs, rng)
    cells = sum(len(p.heatmap) for p in result.personas) + len(result.heatmap)
    start = time.perf_counter()
    with_intervals(result)
    print(
        f"with_intervals: {args.personas} personas × {args.checkpoints} checkpoints × "
        f"{args.questions} questions × {args.epochs} epochs ({cells:,} cells): "
        f"{time.perf_counter() - start:.1f} s"
    )


def synthetic(
    personas: int, checkpoints: int, questions: int, epochs: int, rng: random.Random
) -> BenchmarkResult:
    """A run's result with every answer scored from the fixed mix."""
    categories = CATEGORIES[:8]
    out = []
    for p in range(personas):
        pairs = [
            QAPair(
                id=f"p{p}-q{i}",
                question=f"question {i}?",
                answer="a",
                category=categories[i % len(categories)],
                difficulty="easy",
                relevant_days=(1,),
            )
            for i in range(questions)
        ]
        ranges = []
        for c in range(1, checkpoints + 1):
            answers = []
            for epoch in range(1, epochs + 1):
                for qa in pairs:
                    composite = rng.choices(SCORES, WEIGHTS)[0]
                    score = JudgeScore(
                        correctness=min(3, composite),
                        completeness=max(0, min(2, composite - 3)),
                        hallucination=1 if composite else 0,
                        reasoning="",
                    )
                    answers.append(
                        QuestionResult(
                            qa=qa,
                            system_answer="x",
                            score=score,
                            composite_score=composite,
                            latency_ms=1,
                            epoch=epoch,
                        )
                    )
            counts = {k: sum(1 for q in pairs if q.category == k) for k in categories}
            ranges.append(
                summarize_checkpoint(TimeRange(label=f"{c}d", days=c), c, answers, counts)
            )
        out.append(
            PersonaResult(
                persona_id=f"p{p}",
                adapter_name="synthetic",
                range_results=tuple(ranges),
                heatmap=persona_heatmap(ranges),
                total_ingestion_ms=0,
                total_query_ms=0,
                unique_qa_pair_count=questions,
                total_evals_run=questions * epochs * checkpoints,
            )
        )
    return BenchmarkResult(
        timestamp="",
        adapter_name="synthetic",
        ranges=tuple(rr.range for rr in out[0].range_results),
        personas=tuple(out),
        heatmap=merge_heatmaps(p.heatmap for p in out),
        metadata=RunMetadata(duration_ms=0, total_evals_run=0, unique_qa_pair_count=0),
    )


if __name__ == "__main__":
    main()
