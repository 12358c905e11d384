"""``recallbench import locomo|longmemeval FILE --out DIR``: another benchmark's file as native personas."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

__all__ = ["register"]

HELP = "convert a LoCoMo or LongMemEval file into persona directories"


def register(sub: Any) -> None:
    p = sub.add_parser("import", help=HELP, description=HELP)
    p.add_argument("format", choices=("locomo", "longmemeval"), help="the file's format")
    p.add_argument(
        "file", type=Path, metavar="FILE", help="locomo10.json, longmemeval_s_cleaned.json…"
    )
    p.add_argument("--out", type=Path, required=True, metavar="DIR", help="where the personas go")
    p.add_argument(
        "--locomo-categories",
        choices=("official", "mem0"),
        default="official",
        help="LoCoMo's category names: the official evaluation's numbering (1 multi-hop, 2 temporal, "
        "3 open-domain, 4 single-hop, 5 adversarial) or mem0's (1 single-hop, 3 multi-hop, "
        "4 open-domain)",
    )
    p.set_defaults(handler=run_import)


def run_import(args: argparse.Namespace) -> int:
    if args.format == "locomo":
        from ..data.importers.locomo import convert_locomo

        personas, ranges = convert_locomo(args.file, args.out, args.locomo_categories)
        what = f"{len(personas)} conversation(s)"
        questions = sum(len(p.questions) for p in personas)
        detail = (
            f"; default checkpoints {', '.join(r.label for r in ranges)} of each conversation's "
            "sessions"
        )
    else:
        from ..data.importers.longmemeval import convert_longmemeval

        ids = convert_longmemeval(args.file, args.out)
        what = f"{len(ids)} LongMemEval record(s)"
        questions = len(ids)
        detail = "; each asked once, after its haystack"
    print(
        f"recallbench import: {what}, {questions} question(s) written as personas under "
        f"{args.out}{detail}"
    )
    from ..data.importers._native import import_warnings

    for line in import_warnings(args.out):  # kept in the marker: validate says them again
        print(f"recallbench import: warning: {line}", file=sys.stderr)
    return 0
