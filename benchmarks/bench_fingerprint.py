"""What a run's fingerprint costs at its start: the content hashes of every shipped persona.

Loads each shipped persona with the given arcs file (loading is not timed), then times
:func:`recallbench.results.fingerprint.persona_digests` over all of them, best of ``--repeat``.

    python benchmarks/bench_fingerprint.py [--arcs arcs-1000d.yaml] [--repeat 5]
"""

from __future__ import annotations

import argparse
import time

from recallbench.data.dataset import DirectoryDataset, shipped_personas_dir
from recallbench.results.fingerprint import persona_digests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arcs", default="arcs-1000d.yaml")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    dataset = DirectoryDataset(shipped_personas_dir(), args.arcs)
    personas = [dataset.load(pid) for pid in dataset.persona_ids()]
    days = sum(len(p.days) for p in personas)
    pairs = sum(len(p.qa) for p in personas)
    chars = sum(len(d.content) for p in personas for d in p.days)
    best = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        for p in personas:
            persona_digests(p)
        best = min(best, time.perf_counter() - start)
    print(
        f"{len(personas)} personas ({args.arcs}): {days:,} days, {chars / 1e6:.1f} M characters, "
        f"{pairs:,} questions — persona_digests over all: {best:.3f} s (best of {args.repeat})"
    )


if __name__ == "__main__":
    main()
