"""What a persona folder lacks, said with what it has instead: the arcs files of a persona that lacks
the one asked for (and the ``--arcs`` that picks one), and for a folder with no persona at all,
what the other families looked for there."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from ...data.dataset import list_personas, persona_dir
from ...errors import RecallBenchError

__all__ = ["arcs_hint", "holds_personas", "missing_arcs_notes", "no_data_hints"]

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
        dirs = [persona_dir(data, pid) for pid in (personas or list_personas(data))]
    except RecallBenchError:  # already among the problems reported
        return []
    notes = []
    for pdir in dirs:
        hint = arcs_hint(pdir, arcs)
        if hint is not None:
            notes.append(f"{pdir / arcs}: note: {pdir.name} has no {arcs}; {hint}")
    return notes


def holds_personas(path: Path) -> bool:
    """Whether ``path`` holds persona folders (or is unreadable: the reader says why)."""
    try:
        return bool(list_personas(path))
    except RecallBenchError:
        return True  # validate_dataset says what is wrong with it


def no_data_hints(path: Path) -> tuple[str, ...]:
    """What every other family looked for in a folder that holds no personas (each imported to
    ask: only when there is nothing here at all)."""
    from ...family.registry import all_families

    return tuple(
        hint for f in all_families() if f.name != "personas" and (hint := f.no_data_hint(path))
    )
