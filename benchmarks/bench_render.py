"""How long the result views take for a long run: the heatmap view, heatmap.png and the HTML report.

    python benchmarks/bench_render.py [--repeat N] [--out DIR]

Builds a synthetic result the size of the seed's showcase run — 6 personas × 143 checkpoints (every
7 days to 1000, ``7:1000:7``), all 10 categories (group support on), about 12 new questions a
checkpoint added to a cumulative pool of which up to 50 are evaluated (so ~40,000 judged answers),
scores that slowly degrade with the corpus and categories that only become eligible after a while —
then times, median of ``--repeat`` runs:

* ``heatmap_view`` (the pure view model);
* ``render_heatmap_png`` (target from the issue: at most 3 s);
* ``recallbench.render.html.write_html_report``, when that module exists.

With ``--out`` the PNG (and HTML) are written there to be looked at.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from recallbench import BenchmarkResult, JudgeScore, PersonaResult, QuestionResult
from recallbench.data import CATEGORIES, QAPair, expand_series
from recallbench.render.png import render_heatmap_png
from recallbench.results import RunMetadata
from recallbench.results.aggregate import merge_heatmaps, persona_heatmap, summarize_checkpoint
from recallbench.results.heatmap import heatmap_view

NEW_PER_CHECKPOINT = 12
SAMPLE = 50
# The day from which each category has eligible questions (contradictions and recency arcs need
# time to develop), and how hard it is.
FIRST_DAY = dict(zip(CATEGORIES, (1, 14, 7, 60, 21, 90, 28, 7, 1, 35), strict=True))
DIFFICULTY = dict(zip(CATEGORIES, (0.2, 0.9, 0.4, 1.3, 0.8, 1.1, 1.4, 0.1, 0.7, 0.6), strict=True))


def _answer(rng: random.Random, qa: QAPair, day: int) -> QuestionResult:
    # Expected composite falls from ~5.5 to ~3 over 1000 days, category-dependent.
    quality = 1.0 - 0.4 * day / 1000 - 0.12 * DIFFICULTY[qa.category] + rng.gauss(0, 0.15)
    quality = min(1.0, max(0.0, quality))
    score = JudgeScore(
        correctness=round(3 * quality),
        completeness=round(2 * quality * rng.uniform(0.8, 1.0)),
        hallucination=1 if rng.random() < 0.95 - 0.2 * day / 1000 else 0,
    )
    return QuestionResult(
        qa=qa,
        system_answer="an answer",
        score=score,
        composite_score=float(score.composite),
        latency_ms=rng.uniform(50, 400),
    )


def synthetic_result(personas: int = 6, seed: int = 7) -> BenchmarkResult:
    """A result shaped like a 6-persona, 143-checkpoint run (see the module docstring)."""
    rng = random.Random(seed)
    ranges = expand_series(7, 1000, 7)
    persona_results = []
    for p in range(personas):
        pool: list[tuple[QAPair, int]] = []
        range_results = []
        for time_range in ranges:
            day = int(time_range.days)
            eligible_categories = [c for c in CATEGORIES if FIRST_DAY[c] <= day]
            for _ in range(NEW_PER_CHECKPOINT):
                category = rng.choice(eligible_categories)
                qid = f"p{p}-q{len(pool)}"
                qa = QAPair(
                    id=qid,
                    question=f"question {qid}?",
                    answer=f"answer {qid}",
                    category=category,
                    difficulty=rng.choice(("easy", "medium", "hard")),
                    relevant_days=(max(1, day - rng.randrange(7)),),
                    forbidden_sessions=("family",) if category == "information-boundary" else None,
                )
                pool.append((qa, day))
            new = pool[-NEW_PER_CHECKPOINT:]
            history = pool[:-NEW_PER_CHECKPOINT]
            picked = new + rng.sample(history, min(len(history), SAMPLE - len(new)))
            answers = [_answer(rng, qa, day) for qa, _ in picked]
            eligible: dict[str, int] = {}
            for qa, _ in pool:
                eligible[qa.category] = eligible.get(qa.category, 0) + 1
            range_results.append(summarize_checkpoint(time_range, day, answers, eligible))
        heatmap = persona_heatmap(range_results)
        persona_results.append(
            PersonaResult(
                persona_id=f"persona-{p}",
                adapter_name="Synthetic",
                range_results=tuple(range_results),
                heatmap=heatmap,
                total_ingestion_ms=1000.0,
                total_query_ms=2000.0,
                unique_qa_pair_count=len(pool),
                total_evals_run=sum(rr.questions_evaluated for rr in range_results),
            )
        )
    total = sum(p.total_evals_run for p in persona_results)
    return BenchmarkResult(
        timestamp="2026-01-01T00:00:00.000Z",
        adapter_name="Synthetic",
        ranges=ranges,
        personas=tuple(persona_results),
        heatmap=merge_heatmaps(p.heatmap for p in persona_results),
        metadata=RunMetadata(
            duration_ms=5 * 3_600_000.0,
            total_evals_run=total,
            unique_qa_pair_count=sum(p.unique_qa_pair_count for p in persona_results),
            sample=SAMPLE,
            judge_memory_window=1,
            groups_enabled=True,
            judge_model="openai:gpt-4o-mini",
        ),
    )


def _median(repeat: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path, help="write heatmap.png (and report.html) here")
    args = parser.parse_args()

    start = time.perf_counter()
    result = synthetic_result()
    print(
        f"synthetic result: {len(result.personas)} personas × {len(result.ranges)} checkpoints, "
        f"{result.metadata.total_evals_run:,} answers (built in {time.perf_counter() - start:.1f} s)"
    )
    out = args.out or Path(tempfile.mkdtemp(prefix="bench-render-"))
    out.mkdir(parents=True, exist_ok=True)

    view_s = _median(args.repeat, lambda: heatmap_view(result))
    view = heatmap_view(result)
    png_s = _median(args.repeat, lambda: render_heatmap_png(view, out / "heatmap.png"))
    size = (out / "heatmap.png").stat().st_size
    print(f"heatmap_view         {view_s * 1000:8.1f} ms")
    print(f"render_heatmap_png   {png_s * 1000:8.1f} ms  ({size:,} bytes; target ≤ 3000 ms)")
    try:
        from recallbench.render.html import write_html_report
    except ImportError:
        print("write_html_report    (recallbench.render.html not available)")
    else:
        html_s = _median(args.repeat, lambda: write_html_report(result, out / "report.html"))
        html_size = (out / "report.html").stat().st_size
        print(f"write_html_report    {html_s * 1000:8.1f} ms  ({html_size:,} bytes)")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
