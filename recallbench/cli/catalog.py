"""``recallbench list`` and ``recallbench ranges``: what is there to run."""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import Any

from ..data.ranges import DEFAULT_RANGES, FULL_DAYS
from ._common import data_arg, print_json
from ._shipped import data_or_shipped

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "list", help="list the personas of a data directory, or the benchmark families"
    )
    p.add_argument(
        "what",
        nargs="?",
        choices=("personas", "benchmarks"),
        default="personas",
        help="personas (the units of --data; the default) or benchmarks (the registered "
        "benchmark families, each with its package, data, judges and flags)",
    )
    p.add_argument(
        "--data",
        type=data_arg,
        metavar="DIR",
        help="personas root, another benchmark's data folder, or NAME:PATH naming its family "
        "(default: the shipped personas)",
    )
    p.add_argument("--json", action="store_true", help="print a JSON array of ids")
    p.add_argument(
        "--stats",
        action="store_true",
        help="also each persona's figures: days, sessions, day-log sizes, questions by category "
        "and by type, its own checkpoints (any data directory, imported ones included)",
    )
    p.set_defaults(handler=run_list)

    r = sub.add_parser("ranges", help="show the default time ranges and the accepted forms")
    r.add_argument("--json", action="store_true", help="print the default ranges as JSON")
    r.set_defaults(handler=run_ranges)


def run_list(args: argparse.Namespace) -> int:
    if args.what == "benchmarks":
        return _list_benchmarks(args.json)
    from ..data.dataset import DEFAULT_ARCS_FILE
    from ..family.opening import data_family

    data = data_or_shipped(args.data, "list")
    owner = data_family(data)
    ids = owner.unit_ids(data, arcs_file=DEFAULT_ARCS_FILE)
    if args.stats:
        return _list_stats(data, ids, args.json)
    if args.json:
        print_json(ids)
        return 0
    unit = owner.unit
    print(
        "Available personas:"
        if unit == "persona"
        else f"Available {unit}s ({owner.title} benchmark):"
    )
    for pid in ids:
        print(f"  - {pid}")
    return 0


def _list_benchmarks(as_json: bool) -> int:
    """The registered benchmark families: each imported (a family that fails to load is one
    line and exit 2)."""
    from ..family.registry import all_families, registrations

    regs = registrations()
    families = all_families()
    rows: list[dict[str, Any]] = [
        {
            "name": f.name,
            "title": f.title,
            "package": regs[f.name].package,
            "entryPoint": regs[f.name].value,
            "summary": f.summary,
            "unit": f.unit,
            "categories": list(f.categories) if f.categories is not None else None,
            "judges": list(f.judge_forms),
            "flags": [o.flag for o in f.data_options],
            "import": f.can_import,
        }
        for f in families
    ]
    if as_json:
        print_json(rows)
        return 0
    print("Benchmark families (--data NAME:PATH; 'recallbench import NAME FILE' where marked):")
    for row in rows:
        extras = [f"package {row['package']}"]
        if row["judges"]:
            extras.append("judges " + ", ".join(row["judges"]))
        if row["flags"]:
            extras.append("flags " + ", ".join(row["flags"]))
        if row["import"]:
            extras.append("import")
        print(f"  - {row['name']:<12} {row['summary']}")
        print(f"    {'':<12} {' · '.join(extras)}")
    return 0


def _list_stats(data: Path, ids: list[str], as_json: bool) -> int:
    from ..data.corpus_stats import corpus_stats
    from ..data.dataset import DEFAULT_ARCS_FILE
    from ..family.opening import open_data

    _, dataset = open_data(data, DEFAULT_ARCS_FILE)
    ranges_of = getattr(dataset, "ranges_of", None)
    rows = []
    for pid in ids:
        stats = corpus_stats(dataset.load(pid))  # one persona at a time: an _m set is large
        own = tuple(ranges_of(pid)) if callable(ranges_of) else ()
        rows.append((stats, own))
    if as_json:
        print_json(
            [
                {
                    "personaId": s.persona_id,
                    "days": s.days,
                    "lastDay": s.last_day,
                    "sessions": s.sessions,
                    "bytes": {"total": s.bytes_total, "median": s.bytes_median, "max": s.bytes_max},
                    "questions": s.questions,
                    "categories": dict(s.categories),
                    "questionTypes": dict(s.question_types),
                    **(
                        {"checkpoints": [{"label": r.label, "days": r.days} for r in own]}
                        if own
                        else {}
                    ),
                }
                for s, own in rows
            ]
        )
        return 0
    print(_stats_text(data, rows))
    return 0


def _size(n: int) -> str:
    for unit, scale in (("GB", 10**9), ("MB", 10**6), ("kB", 10**3)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} B"


def _counts(counts: Counter[str]) -> str:
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return ", ".join(f"{name} {n:,}" for name, n in ranked)


def _stats_text(data: Path, rows: list[tuple[Any, tuple[Any, ...]]]) -> str:
    width = max([len("persona"), *(len(s.persona_id) for s, _ in rows)])
    lines = [
        f"{len(rows)} persona(s) in {data}",
        f"{'persona':<{width}} {'days':>6} {'last day':>8} {'sessions':>8} {'size':>9} "
        f"{'median day':>10} {'largest':>9} {'questions':>9}",
    ]
    categories: Counter[str] = Counter()
    types: Counter[str] = Counter()
    for s, _ in rows:
        lines.append(
            f"{s.persona_id:<{width}} {s.days:>6,} {s.last_day:>8,} {s.sessions:>8,} "
            f"{_size(s.bytes_total):>9} {_size(s.bytes_median):>10} {_size(s.bytes_max):>9} "
            f"{s.questions:>9,}"
        )
        categories.update(s.categories)
        types.update(s.question_types)
    if len(rows) > 1:
        lines.append(
            f"{'total':<{width}} {sum(s.days for s, _ in rows):>6,} {'':>8} "
            f"{sum(s.sessions for s, _ in rows):>8,} "
            f"{_size(sum(s.bytes_total for s, _ in rows)):>9} {'':>10} {'':>9} "
            f"{sum(s.questions for s, _ in rows):>9,}"
        )
    lines.append(f"questions by category: {_counts(categories) or 'none'}")
    if types:
        lines.append(f"questions by type (questionType): {_counts(types)}")
    own = [(s.persona_id, r) for s, r in rows if r]
    if own:
        lines.append("checkpoints of their own (asked when --ranges names none):")
        lines.extend(
            f"  {pid:<{width}} " + " · ".join(f"{r.label} day {r.days}" for r in ranges)
            for pid, ranges in own
        )
    return "\n".join(lines)


def run_ranges(args: argparse.Namespace) -> int:
    if args.json:
        # `full` is every day on disk: null days, not the sentinel that stands for it internally.
        print_json(
            [
                {"label": r.label, "days": None if r.days == FULL_DAYS else r.days}
                for r in DEFAULT_RANGES
            ]
        )
        return 0
    print("Default time ranges:")
    for r in DEFAULT_RANGES:
        days = "all days on disk" if r.days == FULL_DAYS else f"{r.days} days"
        print(f"  {r.label:<6} → {days}")
    print()
    print(
        "Custom ranges: day counts (12, 12d), months (6mo), years (1y), comma- or space-separated,"
    )
    print("and series START:END:STEP closed by END, e.g. --ranges 6d,12d,18d or --ranges 7:1000:7")
    return 0
