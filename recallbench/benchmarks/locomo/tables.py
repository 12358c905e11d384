"""LoCoMo's ``publicBenchmark`` entry as report sections (:meth:`LoCoMo.tables`): the title, the
notes (the category mapping, which asking counts, what is missing, each warning) and the table
(per category 1–4, ``overall (1–4)``, then category 5 apart and LoCoMo's own "overall accuracy"
over 1–5 when the run asked adversarial questions). Pure; the core lays them out as text and HTML.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...family.base import Table
from ...judges.published import ASKING_NOTE, figure_cell

__all__ = ["locomo_tables"]


def _mapping_line(locomo: Mapping[str, Any]) -> str:
    names = locomo.get("categoryNames") or {}
    shown = ", ".join(f"{n} {name}" for n, name in names.items())
    return f"category mapping: {locomo.get('categoryMapping', '?')} ({shown})"


def _table(locomo: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    metrics = list(locomo.get("metrics") or ())
    header = ["category", "n", *metrics]
    body: list[list[str]] = []
    for c in locomo.get("categories") or ():
        if c.get("category") == 5:
            continue
        body.append(
            [
                f"{c['category']} {c['name']}",
                str(c["questionCount"]),
                *(figure_cell(c.get(m)) for m in metrics),
            ]
        )
    overall = locomo.get("overall") or {}
    body.append(
        [
            "overall (1–4)",
            str(overall.get("questionCount", 0)),
            *(figure_cell(overall.get(m)) for m in metrics),
        ]
    )
    adversarial = locomo.get("adversarial") or {}
    if adversarial.get("questionCount"):
        body.append(
            [
                "5 adversarial (apart)",
                str(adversarial["questionCount"]),
                *(figure_cell(adversarial.get(m)) for m in metrics),
            ]
        )
        # What LoCoMo's own statistics print (evaluation_stats.py): every category, 5 included.
        every = locomo.get("overallAccuracy") or {}
        body.append(
            [
                "overall accuracy (1–5)",
                str(every.get("questionCount", 0)),
                *(figure_cell(every.get(m)) for m in metrics),
            ]
        )
    return header, body


def locomo_tables(locomo: Mapping[str, Any]) -> tuple[Table, ...]:
    """The LoCoMo section of the reports (module docstring)."""
    notes = [_mapping_line(locomo), ASKING_NOTE]
    if not locomo.get("metrics"):
        notes.append("no official figure: judge with --judge locomo-f1 or locomo-llm:MODEL")
    if locomo.get("unjudgedCount"):
        notes.append(f"{locomo['unjudgedCount']} answers unjudged (judge failed)")
    notes += [f"WARNING: {w}" for w in locomo.get("warnings") or ()]
    header, body = _table(locomo)
    return (
        Table(
            title="LoCoMo",
            notes=tuple(notes),
            header=tuple(header),
            rows=tuple(tuple(row) for row in body),
        ),
    )
