"""What the bootstrap intervals of a run of several epochs cost, and how much they move between
seeds (the resample count's justification, :data:`recallbench.results.intervals.RESAMPLES`).

Question values are means of ``--epochs`` composite scores drawn from a fixed mix (0: 30 %, 1: 10 %,
3: 15 %, 5: 15 %, 6: 30 %, generator seeded 7), for checkpoints of 50, 1,000 and 50,000 questions.
For each size it prints the time of one :func:`bootstrap_interval` (best of ``--repeat``) and, over
seeds 0..19, the largest distance of an end point from its mean over seeds.

    python benchmarks/bench_intervals.py [--epochs 3] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from recallbench.results.intervals import RESAMPLES, bootstrap_interval

SCORES = (0, 1, 3, 5, 6)
WEIGHTS = (0.30, 0.10, 0.15, 0.15, 0.30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
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


if __name__ == "__main__":
    main()
