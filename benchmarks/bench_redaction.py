"""The secrets redaction over a large result that holds no secret (issue 36.1).

    python benchmarks/bench_redaction.py [--mb N] [--repeat N] [--base DIR]

Builds ``--mb`` megabytes (default 30) of result-like JSON whose answers hold ordinary words with
"sk-" in them ("risk-first", "ask-first") and "keyFacts" on every answer, but no secret, and times
:func:`recallbench._secrets.redact_bytes` over it — what writing a 500-day run's ``result.json``
paid, its pieces together. ``--base DIR`` times another checkout's (``git archive <commit>
recallbench | tar -x -C DIR``) in a child process on the same bytes, alternated. Medians of
``--repeat`` (default 5).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_TIME = """
import sys, time
import recallbench
from recallbench._secrets import redact_bytes
data = open(sys.argv[1], "rb").read()
t = time.perf_counter()
out = redact_bytes(data)
print(time.perf_counter() - t, out == data)
"""


def _blob(megabytes: float) -> bytes:
    answer = {
        "qa": {
            "id": "executive-assistant-q0001",
            "question": "What did Jamie decide about the risk-first review of the vendor list?",
            "answer": "Keep the ask-first rule for anything above $50k.",
            "keyFacts": ["risk-first", "ask-first", "$50k"],
        },
        "systemAnswer": "The risk-first review stays; the ask-first rule covers the desk-side list.",
        "score": {"correctness": 2, "completeness": 1, "hallucination": 1, "reasoning": "partial"},
        "compositeScore": 4,
        "latencyMs": 0.02,
    }
    line = json.dumps(answer, separators=(",", ":")).encode() + b",\n"
    return b"[\n" + line * int(megabytes * 1e6 / len(line)) + b"{}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=30)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--base", type=Path)
    args = parser.parse_args()
    checkouts = {"this": ROOT} | ({"base": args.base.resolve()} if args.base else {})
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "result.json"
        path.write_bytes(_blob(args.mb))
        times: dict[str, list[float]] = {name: [] for name in checkouts}
        for _ in range(args.repeat):
            for name, checkout in checkouts.items():
                env = {**os.environ, "PYTHONPATH": str(checkout)}
                out = subprocess.run(
                    [sys.executable, "-c", _TIME, str(path)],
                    env=env,
                    cwd=tmp,  # not this checkout: `python -c` puts the working directory first
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout.split()
                assert out[1] == "True", "something was redacted"
                times[name].append(float(out[0]))
    size = path.stat().st_size if path.exists() else args.mb * 1e6
    print(f"redact_bytes over {size / 1e6:.0f} MB holding no secret, median of {args.repeat}:")
    for name, ts in times.items():
        print(f"  {name}: {statistics.median(ts) * 1000:.1f} ms (min {min(ts) * 1000:.1f})")
    if "base" in times:
        print(
            f"  ratio this/base: {statistics.median(times['this']) / statistics.median(times['base']):.3f}"
        )


if __name__ == "__main__":
    main()
