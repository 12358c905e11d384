"""Validation and preflight of data in persona folders, for any family whose data is read in that
format: Recall Bench's own personas, and every importer's converted data (LoCoMo, LongMemEval,
BEAM, …). A family calls these rather than another family, so that a run of one family imports
no other.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..data.folder_checks import check_personas, check_reach, holds_personas, missing_arcs_notes
from .base import Validation
from .registry import all_families

__all__ = ["no_data_hints", "preflight_folders", "validate_folders"]


def no_data_hints(path: Path, *, besides: str = "personas") -> tuple[str, ...]:
    """What every family but ``besides`` looked for in a folder that holds no persona (each
    imported to ask: only when there is nothing here at all)."""
    return tuple(
        hint for f in all_families() if f.name != besides and (hint := f.no_data_hint(path))
    )


def validate_folders(
    path: Path, *, personas: Sequence[str] | None, arcs_file: str, deep: bool
) -> Validation:
    """Every problem of the persona folders at ``path`` (with ``deep``, every question proven
    against its days too), and the notes on personas without the arcs file asked for."""
    proven = ""
    if deep:
        from ..data.deepcheck import deep_check

        report = deep_check(path, personas, arcs_file)
        problems = tuple(report.problems)
        proven = f"; {report.proven} of {report.checked} pairs proven against the corpus"
    else:
        from ..data.validate import validate_dataset

        hints = () if personas or holds_personas(path) else no_data_hints(path)
        problems = tuple(validate_dataset(path, personas, arcs_file, hints))
    return Validation(
        problems=problems,
        ok=f"OK: {path} is valid with {arcs_file}{proven}",
        notes=tuple(missing_arcs_notes(path, personas, arcs_file)),
    )


def preflight_folders(
    path: Path, *, personas: Sequence[str], arcs_file: str, full: bool
) -> list[str]:
    """Before a run over persona folders: every problem that stops it, one line each; with
    ``full`` False (``--skip-preflight``) only the rule no flag skips, questions citing days
    beyond their persona's corpus."""
    if full:
        return check_personas(path, personas, arcs_file, no_data_hints)
    return check_reach(path, personas, arcs_file)
