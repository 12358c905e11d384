"""What a persona folder lacks, said with what it has instead: the arcs files of a persona that lacks
the one asked for, and the ``--arcs`` that picks one."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from ...errors import RecallBenchError

__all__ = ["arcs_hint", "missing_arcs_notes"]

_ARCS_NAME = re.compile(r"^arcs(?:-.+)?\.ya?ml$")


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
        from ...data.dataset import list_personas, persona_dir

        dirs = [persona_dir(data, pid) for pid in (personas or list_personas(data))]
    except RecallBenchError:  # already among the problems reported
        return []
    notes = []
    for pdir in dirs:
        hint = arcs_hint(pdir, arcs)
        if hint is not None:
            notes.append(f"{pdir / arcs}: note: {pdir.name} has no {arcs}; {hint}")
    return notes
