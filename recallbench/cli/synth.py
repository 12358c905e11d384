"""``recallbench synth``: generate the shipped personas (or custom ones) and print their statistics."""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from ..errors import ConfigError
from ._common import positive_int

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "synth",
        help="generate personas with the deterministic engine (the six shipped ones, or custom)",
        description="Generate personas with recallbench's deterministic engine: persona.yaml, "
        "arcs-<N>d.yaml, memories-<N>d/ and qa-<N>d/questions.yaml whose every question is proven "
        "against the days. `--all --out personas` regenerates the shipped personas byte for byte; "
        "`--version 1 --all --out personas-v1` the first shipped set, kept for comparisons.",
    )
    p.add_argument("--all", action="store_true", help="every shipped persona variant (the default)")
    p.add_argument("--persona", metavar="ID", help="one shipped persona's world")
    p.add_argument("--days", type=positive_int, metavar="N", help="story length (with --persona)")
    p.add_argument(
        "--seed", type=int, metavar="S", help="seed (with --persona; default: the shipped one)"
    )
    p.add_argument("--out", type=Path, metavar="DIR", help="personas root to write into")
    p.add_argument("--stats", action="store_true", help="print realism statistics")
    p.add_argument(
        "--version",
        type=int,
        default=None,
        metavar="N",
        help="engine version: 2 (the default: the shipped personas) or 1 (the first shipped "
        "set, for comparisons with figures published on it)",
    )
    p.add_argument(
        "--jobs",
        type=positive_int,
        default=None,
        metavar="N",
        help="worker processes (default: CPUs)",
    )
    p.set_defaults(handler=run)


def _variants(args: argparse.Namespace) -> list[tuple[str, int, int]]:
    from ..generation.synth import SHIPPED, SHIPPED_VARIANTS

    if args.persona is None:
        if args.days is not None or args.seed is not None:
            raise ConfigError("--days and --seed need --persona")
        return list(SHIPPED_VARIANTS)
    if args.all:
        raise ConfigError("give --all or --persona, not both")
    if args.persona not in SHIPPED:
        raise ConfigError(
            f"--persona: no shipped world {args.persona!r}; choose from {', '.join(SHIPPED)}"
        )
    shipped = [v for v in SHIPPED_VARIANTS if v[0] == args.persona]
    days = args.days if args.days is not None else shipped[0][1]
    if days < 60:
        raise ConfigError(f"--days: a persona needs at least 60 days, got {days}")
    seed = args.seed
    if seed is None:
        seed = next((s for pid, d, s in shipped if d == days), shipped[0][2])
    return [(args.persona, days, seed)]


def _engine_version(args: argparse.Namespace) -> int:
    from ..generation.synth import ENGINE_VERSION, ENGINE_VERSIONS

    if args.version is None:
        return ENGINE_VERSION
    if args.version not in ENGINE_VERSIONS:
        raise ConfigError(
            f"--version: the engine writes versions {', '.join(map(str, ENGINE_VERSIONS))}, "
            f"not {args.version}"
        )
    return int(args.version)


def _one(
    variant: tuple[str, int, int], out: Path | None, stats: bool, version: int
) -> tuple[str, float, str]:
    from ..generation.synth import load_domain, synthesize, write_persona
    from ..generation.synth.stats import format_stats, persona_stats

    pid, days, seed = variant
    t0 = time.perf_counter()
    p = synthesize(load_domain(pid), days, seed, version)
    if out is not None:
        write_persona(p, out)
    text = format_stats([persona_stats(p)]) if stats else ""
    return f"{pid} {days}d (seed {seed}): {len(p.questions)} pairs", time.perf_counter() - t0, text


def run(args: argparse.Namespace) -> int:
    if args.out is None and not args.stats:
        raise ConfigError(
            "nothing to do: give --out DIR to write personas and/or --stats to print statistics"
        )
    variants = _variants(args)
    version = _engine_version(args)
    t0 = time.perf_counter()
    if len(variants) == 1 or args.jobs == 1:
        results = [_one(v, args.out, args.stats, version) for v in variants]
    else:
        n = len(variants)
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(
                pool.map(_one, variants, [args.out] * n, [args.stats] * n, [version] * n)
            )
    for line, seconds, text in results:
        print(f"{line} in {seconds:.1f} s", file=sys.stderr)
        if text:
            print(text)
    where = f" into {args.out}" if args.out is not None else ""
    print(
        f"synth: {len(variants)} persona variant(s), engine version {version}{where} in "
        f"{time.perf_counter() - t0:.1f} s",
        file=sys.stderr,
    )
    return 0
