"""``recallbench import NAME FILE --out DIR``: another benchmark's file as native personas, converted
by its benchmark family (:meth:`~recallbench.family.base.Benchmark.convert`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

__all__ = ["register"]

HELP = "convert another benchmark's published file into persona directories"


def register(sub: Any) -> None:
    p = sub.add_parser(
        "import",
        help=HELP,
        description=HELP + " ('recallbench list benchmarks' names the families that import)",
    )
    p.add_argument("format", metavar="NAME", help="the benchmark family whose file it is")
    p.add_argument("file", type=Path, metavar="FILE", help="the published file (or folder)")
    p.add_argument("--out", type=Path, required=True, metavar="DIR", help="where the personas go")
    p.set_defaults(handler=run_import, _family_flags=True)


def run_import(args: argparse.Namespace) -> int:
    from ..errors import ConfigError
    from ..family.registry import all_families, family
    from ._common import family_options

    owner = family(args.format)
    if not owner.can_import:
        importers = ", ".join(f.name for f in all_families() if f.can_import)
        raise ConfigError(
            f"the {owner.name} family has no import command (families that import: {importers})"
        )
    options = {o.dest: o.import_default for o in owner.data_options}
    options.update(family_options(args))
    summary = owner.convert(args.file, args.out, options)
    print(
        f"recallbench import: {summary.what}, {summary.questions} question(s) written as personas "
        f"under {args.out}{summary.detail}"
    )
    from ..data.importers._native import import_warnings

    for line in import_warnings(args.out):  # kept in the marker: validate says them again
        print(f"recallbench import: warning: {line}", file=sys.stderr)
    return 0
