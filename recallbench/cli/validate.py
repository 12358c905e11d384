"""``recallbench validate``: every problem of a dataset, each with its file and line."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..data.validate import format_problem, validate_dataset
from ..errors import RecallBenchError
from ._common import add_dataset_args
from ._shipped import data_or_shipped

__all__ = ["arcs_hint", "missing_arcs_notes", "register"]

_ARCS_NAME = re.compile(r"^arcs(?:-.+)?\.ya?ml$")


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


def arcs_hint(persona: Path, arcs: str) -> str | None:
    """When ``persona`` (a directory) has no ``arcs``: which arcs files it has and the ``--arcs``
    that picks one; None when the file is there (or the directory is not)."""
    if not persona.is_dir() or (persona / arcs).exists():
        return None
    present = sorted(f.name for f in persona.iterdir() if f.is_file() and _ARCS_NAME.match(f.name))
    if not present:
        return "it has no arcs file at all (arcs-<N>d.yaml, selecting memories-<N>d/ and qa-<N>d/)"
    if len(present) == 1:
        return f"its arcs file is {present[0]}: pass --arcs {present[0]}"
    return f"its arcs files are {', '.join(present)}: pass --arcs with one of them"


def missing_arcs_notes(data: Path, personas: Sequence[str] | None, arcs: str) -> list[str]:
    """A line per persona that lacks ``arcs``, in the problems' format, naming what it has."""
    try:
        from ..data.dataset import list_personas, persona_dir

        dirs = [persona_dir(data, pid) for pid in (personas or list_personas(data))]
    except RecallBenchError:  # already among the problems reported
        return []
    notes = []
    for pdir in dirs:
        hint = arcs_hint(pdir, arcs)
        if hint is not None:
            notes.append(f"{pdir / arcs}: note: {pdir.name} has no {arcs}; {hint}")
    return notes


def run(args: argparse.Namespace) -> int:
    data = data_or_shipped(args.data, "validate")
    from ..data.importers import is_manifest_data

    if is_manifest_data(data):
        return _validate_manifests(data, args)
    proven = ""
    if args.deep:
        from ..data.deepcheck import deep_check

        report = deep_check(data, args.personas, args.arcs)
        problems = list(report.problems)
        proven = f"; {report.proven} of {report.checked} pairs proven against the corpus"
    else:
        problems = validate_dataset(data, args.personas, args.arcs)
    errors = [p for p in problems if p.severity == "error"]
    warnings = [p for p in problems if p.severity == "warning"]
    for p in problems:
        print(format_problem(p), file=sys.stdout)
    for note in missing_arcs_notes(data, args.personas, args.arcs):
        print(note, file=sys.stdout)
    files = len({p.path for p in problems})
    if errors:
        print(f"\n{len(errors)} error(s), {len(warnings)} warning(s) in {files} file(s)")
        return 2
    suffix = f" ({len(warnings)} warning(s))" if warnings else ""
    print(f"OK: {data} is valid with {args.arcs}{proven}{suffix}")
    return 0


def _validate_manifests(data: Path, args: argparse.Namespace) -> int:
    """A MemoryBench benchmark folder (or a folder of them): every problem of its manifest and its
    data file, each with its JSON path and file:line."""
    from ..data.importers.memorybench import validate_manifests

    problems = validate_manifests(data)
    if args.deep:
        print("note: --deep proves persona datasets; a MemoryBench benchmark gets the basic checks")
    errors = [p for p in problems if p.severity == "error"]
    warnings = len(problems) - len(errors)
    for p in problems:
        print(format_problem(p), file=sys.stdout)
    if errors:
        files = len({p.path for p in problems})
        print(f"\n{len(errors)} error(s), {warnings} warning(s) in {files} file(s)")
        return 2
    suffix = f" ({warnings} warning(s))" if warnings else ""
    print(f"OK: {data} is a valid MemoryBench benchmark folder{suffix}")
    return 0
