"""The selections a field row is measured on: the same lifecycle for every system.

``--lifecycle incremental`` everywhere: one setup and one ingest of each day per persona (a LoCoMo
conversation is a persona, its sessions days), questions asked at each checkpoint as the days reach
it. Judges are offline: the rubric judge on the shipped personas, the official token F1
(``locomo-f1``) on LoCoMo.

LoCoMo's file (``locomo10.json``, CC BY-NC 4.0) is not shipped: it is in the ``data/`` folder of
snap-research/locomo on GitHub, and ``--locomo FILE`` names it. A file written by
``benchmarks/locomo_shaped.py`` (every ``sample_id`` ``shaped-N``) has LoCoMo's format but not its
text: it runs as the selection ``locomo-shaped``, never recorded as LoCoMo.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import attrs

from .errors import Refusal

__all__ = ["SELECTIONS", "Selection", "locomo_selection", "selection"]

LIFECYCLE = ("--lifecycle", "incremental")


@attrs.frozen
class Selection:
    """What ``recallbench run`` is given for one selection, and how a record names it."""

    name: str
    label: str
    args: tuple[str, ...]
    """The run's arguments; ``{data}`` stands for a data file's path."""
    data: dict[str, Any] | None = None
    """For a file-backed selection: the file (``path``; ``name``, ``sha256`` and counts recorded)."""
    recordable: bool = True
    """False for a file whose figures must not be committed as the benchmark's (LoCoMo-shaped)."""

    def run_args(self) -> list[str]:
        path = None if self.data is None else self.data["path"]
        return [a.replace("{data}", str(path)) for a in self.args]

    def shown_args(self) -> list[str]:
        """The run's arguments as a record shows them: the data file by its name only."""
        name = None if self.data is None else self.data["name"]
        return [a.replace("{data}", str(name)) for a in self.args]


SELECTIONS: dict[str, Selection] = {
    s.name: s
    for s in (
        Selection(
            name="ea-180d",
            label="executive-assistant, 180 days, 30d/90d/full",
            args=(
                "--personas",
                "executive-assistant",
                "--arcs",
                "arcs-180d.yaml",
                "--ranges",
                "30d,90d,full",
                "--judge",
                "rubric",
                *LIFECYCLE,
            ),
        ),
        Selection(
            name="fa-1000d",
            label="financial-advisor, 1,000 days, default checkpoints",
            args=("--personas", "financial-advisor", "--judge", "rubric", *LIFECYCLE),
        ),
        # For a system that cannot finish the last checkpoint: the same run stopped at 1y.
        Selection(
            name="fa-1000d-to-1y",
            label="financial-advisor, 1,000-day arc, 30d/90d/6mo/1y",
            args=(
                "--personas",
                "financial-advisor",
                "--ranges",
                "30d,90d,6mo,1y",
                "--judge",
                "rubric",
                *LIFECYCLE,
            ),
        ),
    )
}
NEEDS_FILE = {"locomo": "--locomo FILE"}
"""Selections whose data is a file the reader downloads: the flag that names it."""


def locomo_selection(path: Path) -> Selection:
    """The LoCoMo selection over ``path``, checked to be LoCoMo's format.

    Raises:
        Refusal: the file is missing or not a list of LoCoMo conversations (one line, naming it).
    """
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise Refusal(f"--locomo {path}: {exc.strerror or exc}") from None
    try:
        records = json.loads(raw)
    except ValueError as exc:
        raise Refusal(f"--locomo {path}: not JSON ({exc})") from None
    if not isinstance(records, list) or not records:
        raise Refusal(f"--locomo {path}: expected a JSON list of conversations (locomo10.json)")
    for i, record in enumerate(records):
        if not isinstance(record, dict):
            raise Refusal(f"--locomo {path}: item {i} is not an object")
        for key in ("sample_id", "conversation", "qa"):
            if key not in record:
                raise Refusal(
                    f"--locomo {path}: conversation {i} has no {key!r} (locomo10.json has)"
                )
    shaped = all(str(r["sample_id"]).startswith("shaped-") for r in records)
    data = {
        "path": path.resolve(),
        "name": path.name,
        "sha256": hashlib.sha256(raw).hexdigest(),
        "conversations": len(records),
        "questions": sum(len(r["qa"]) for r in records),
    }
    args = ("--data", "locomo:{data}", "--judge", "locomo-f1", *LIFECYCLE)
    if shaped:
        return Selection(
            name="locomo-shaped",
            label="a LoCoMo-shaped file (benchmarks/locomo_shaped.py): LoCoMo's format, not its text",
            args=args,
            data=data,
            recordable=False,
        )
    return Selection(name="locomo", label="LoCoMo (locomo10.json), token F1", args=args, data=data)


def selection(name: str, locomo: Path | None) -> Selection:
    """The selection ``name``; ``locomo`` needs ``--locomo FILE``.

    Raises:
        Refusal: an unknown name, or LoCoMo without its file.
    """
    if name in ("locomo", "locomo-shaped"):
        if locomo is None:
            raise Refusal(
                "--selection locomo needs --locomo FILE: locomo10.json, from the data/ folder of "
                "snap-research/locomo on GitHub (CC BY-NC 4.0)"
            )
        return locomo_selection(locomo)
    found = SELECTIONS.get(name)
    if found is None:
        known = ", ".join([*SELECTIONS, *NEEDS_FILE])
        raise Refusal(f"--selection {name}: no such selection; known: {known}")
    return found
