"""Persona engine speed: all shipped variants (6,180 days), in one process and through the CLI, for
every engine version.

    python benchmarks/bench_synth.py [--version N]

Target (issues 4 and 18): all six personas generate in at most 60 s on a 2-core machine; ``personas/``
stays under 40 MB. For each engine version (2, the shipped personas, and 1, the first set, unless
``--version`` picks one) it prints the in-process time per variant, the wall time of
`recallbench synth --all --out DIR` (interpreter start and file writes included, worker processes =
CPUs), the bytes written and `validate --deep` over the result.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def bench(version: int) -> None:
    from recallbench.generation.synth import SHIPPED_VARIANTS, load_domain, synthesize

    print(f"engine version {version}")
    total = 0.0
    for pid, days, seed in SHIPPED_VARIANTS:
        t = time.perf_counter()
        synthesize(load_domain(pid), days, seed, version)
        dt = time.perf_counter() - t
        total += dt
        print(f"  in process: {pid} {days}d: {dt:.2f} s")
    print(
        f"  in process, one core: {total:.1f} s for {sum(d for _, d, _ in SHIPPED_VARIANTS)} days"
    )

    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        argv = ["synth", "--all", "--version", str(version), "--out", tmp]
        subprocess.run(
            [sys.executable, "-m", "recallbench", *argv],
            check=True,
            stderr=subprocess.DEVNULL,
        )
        wall = time.perf_counter() - t
        size = sum(f.stat().st_size for f in Path(tmp).rglob("*") if f.is_file())
        files = sum(1 for f in Path(tmp).rglob("*") if f.is_file())
        print(
            f"  `recallbench synth --all --version {version} --out DIR` ({os.cpu_count()} CPUs): "
            f"{wall:.1f} s wall, {files} files, {size / 1_048_576:.1f} MB"
        )
        for variant in ("arcs-1000d.yaml", "arcs-180d.yaml"):
            t = time.perf_counter()
            personas = [] if variant == "arcs-1000d.yaml" else ["--personas", "executive-assistant"]
            out = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "recallbench",
                    "validate",
                    "--deep",
                    "--data",
                    tmp,
                    "--arcs",
                    variant,
                    *personas,
                ],
                capture_output=True,
                text=True,
            )
            print(
                f"  `validate --deep --arcs {variant}`: {time.perf_counter() - t:.1f} s: "
                f"{out.stdout.strip().splitlines()[-1]}"
            )


def main() -> None:
    from recallbench.generation.synth import ENGINE_VERSIONS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", type=int, choices=ENGINE_VERSIONS, default=None)
    args = parser.parse_args()
    for version in [args.version] if args.version else sorted(ENGINE_VERSIONS, reverse=True):
        bench(version)


if __name__ == "__main__":
    main()
