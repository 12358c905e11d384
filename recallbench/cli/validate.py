"""``recallbench validate``: every problem of a dataset, each with its file and line."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..data.validate import format_problem, validate_dataset
from ._common import add_dataset_args

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "validate",
        help="check persona datasets and report every problem",
        description="Check persona datasets and report every problem with its file and line. "
        "Exit 2 when there are errors, 0 when clean (warnings do not fail).",
    )
    add_dataset_args(p)
    p.add_argument(
        "--deep",
        action="store_true",
        help="also prove the questions against the corpus: key facts on their relevant days, "
        "derived facts recomputed, absent subjects absent, leak facts only in their forbidden "
        "sessions (personas with basic errors are skipped)",
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    proven = ""
    if args.deep:
        from ..data.deepcheck import deep_check

        report = deep_check(args.data, args.personas, args.arcs)
        problems = list(report.problems)
        proven = f"; {report.proven} of {report.checked} pairs proven against the corpus"
    else:
        problems = validate_dataset(args.data, args.personas, args.arcs)
    errors = [p for p in problems if p.severity == "error"]
    warnings = [p for p in problems if p.severity == "warning"]
    for p in problems:
        print(format_problem(p), file=sys.stdout)
    files = len({p.path for p in problems})
    if errors:
        print(f"\n{len(errors)} error(s), {len(warnings)} warning(s) in {files} file(s)")
        return 2
    suffix = f" ({len(warnings)} warning(s))" if warnings else ""
    print(f"OK: {args.data} is valid with {args.arcs}{proven}{suffix}")
    return 0
