"""``recallbench list`` and ``recallbench ranges``: what is there to run."""

from __future__ import annotations

import argparse
from typing import Any

from ..data.dataset import list_personas
from ..data.importers import is_manifest_data, open_dataset
from ..data.ranges import DEFAULT_RANGES, FULL_DAYS
from ._common import data_arg, print_json
from ._shipped import data_or_shipped

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser("list", help="list the personas of a data directory")
    p.add_argument(
        "--data",
        type=data_arg,
        metavar="DIR",
        help="personas root, a MemoryBench benchmark folder, or locomo:FILE / longmemeval:FILE "
        "(default: the shipped personas)",
    )
    p.add_argument("--json", action="store_true", help="print a JSON array of ids")
    p.set_defaults(handler=run_list)

    r = sub.add_parser("ranges", help="show the default time ranges and the accepted forms")
    r.add_argument("--json", action="store_true", help="print the default ranges as JSON")
    r.set_defaults(handler=run_ranges)


def run_list(args: argparse.Namespace) -> int:
    data = data_or_shipped(args.data, "list")
    manifests = is_manifest_data(data)
    ids = open_dataset(data).persona_ids() if manifests else list_personas(data)
    if args.json:
        print_json(ids)
        return 0
    print("Available units (MemoryBench benchmark):" if manifests else "Available personas:")
    for pid in ids:
        print(f"  - {pid}")
    return 0


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
