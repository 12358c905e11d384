"""LongMemEval's ``publicBenchmark`` entry as report sections (:meth:`LongMemEval.tables`): the
title, the notes (which asking counts, how the figures are computed, what is missing, each warning)
and the table (accuracy per question type, then the task-averaged, overall and abstention
accuracies). Pure; the core lays them out as text and HTML.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...family.base import Table
from ...judges.published import ASKING_NOTE, figure_cell

__all__ = ["longmemeval_tables"]


def _table(lme: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    body = [
        [str(t["questionType"]), str(t["questionCount"]), figure_cell(t.get("accuracy"))]
        for t in lme.get("types") or ()
    ]
    body.append(["task-averaged accuracy", "", figure_cell(lme.get("taskAveragedAccuracy"))])
    body.append(
        [
            "overall accuracy",
            str(lme.get("judgedCount", 0)),
            figure_cell(lme.get("overallAccuracy")),
        ]
    )
    body.append(
        [
            "abstention accuracy",
            str(lme.get("abstentionCount", 0)),
            figure_cell(lme.get("abstentionAccuracy")),
        ]
    )
    return ["question type", "n", "accuracy"], body


def longmemeval_tables(lme: Mapping[str, Any]) -> tuple[Table, ...]:
    """The LongMemEval section of the reports (module docstring)."""
    notes = [ASKING_NOTE, "figures as LongMemEval's print_qa_metrics.py computes them"]
    if lme.get("typesMissing"):
        notes.append(
            "task average over the types judged; no answers of: " + ", ".join(lme["typesMissing"])
        )
    if lme.get("unjudgedCount"):
        notes.append(f"{lme['unjudgedCount']} answers unjudged (judge failed)")
    notes += [f"WARNING: {w}" for w in lme.get("warnings") or ()]
    header, body = _table(lme)
    return (
        Table(
            title="LongMemEval",
            notes=tuple(notes),
            header=tuple(header),
            rows=tuple(tuple(row) for row in body),
        ),
    )
