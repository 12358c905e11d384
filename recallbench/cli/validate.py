"""``recallbench validate``: every problem of a dataset, each with its file and line, found by the
data's benchmark family (:meth:`~recallbench.family.base.Benchmark.validate`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..data.validate import format_problem
from ._common import add_dataset_args
from ._shipped import data_or_shipped

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "validate",
        help="check persona datasets and report every problem",
        description="Check a dataset (persona folders, or any benchmark family's data) and report "
        "every problem with its file and line. Exit 2 when there are errors, 0 when clean "
        "(warnings do not fail).",
    )
    add_dataset_args(p)
    p.add_argument(
        "--deep",
        action="store_true",
        help="also prove the questions against the corpus: key facts on their relevant days, "
        "derived facts recomputed, absent subjects absent, leak facts only in their forbidden "
        "sessions (personas with basic errors are skipped; persona folders only, other data gets "
        "its family's checks)",
    )
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from ..family.opening import data_family

    data = data_or_shipped(args.data, "validate")
    found = data_family(data).validate(
        data, personas=args.personas, arcs_file=args.arcs, deep=args.deep
    )
    problems = list(found.problems)
    errors = [p for p in problems if p.severity == "error"]
    warnings = [p for p in problems if p.severity == "warning"]
    for p in problems:
        print(format_problem(p), file=sys.stdout)
    for note in found.notes:
        print(note, file=sys.stdout)
    files = len({p.path for p in problems})
    if errors:
        print(f"\n{len(errors)} error(s), {len(warnings)} warning(s) in {files} file(s)")
        return 2
    suffix = f" ({len(warnings)} warning(s))" if warnings else ""
    print(f"{found.ok}{suffix}")
    return 0
