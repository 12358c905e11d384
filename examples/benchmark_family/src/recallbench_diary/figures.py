"""Diary Recall's published figures (``publicBenchmark.diary`` in ``result.json``), their table
in the reports, and the run's headline line. Pure.

The figures are the official scorer's (:func:`~recallbench_diary.scoring.diary_f1`), computed
from the answers themselves, so every run over Diary Recall data has them, whichever judge scored
it: the mean token F1 per category and overall, each question counted once, by its *last*
asking (the latest checkpoint that asked it; with several epochs, the mean over that checkpoint's
epochs). An answer the memory system failed to give (an error or a timeout) counts as 0; a
question left without any answer (the memory system could not be reached) is left out and
counted apart.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from recallbench.family import Table
from recallbench.results import PersonaResult, QuestionResult

from .format import CATEGORIES
from .scoring import diary_f1

__all__ = ["diary_headline", "diary_published", "diary_tables"]

TITLE = "Diary Recall"


def _last_askings(persona: PersonaResult) -> Iterable[list[QuestionResult]]:
    """Each question's answers at the latest checkpoint that asked it (one per epoch)."""
    last: dict[str, list[QuestionResult]] = {}
    for checkpoint in persona.range_results:
        here: dict[str, list[QuestionResult]] = {}
        for q in (*checkpoint.question_results, *(checkpoint.unscored_results or ())):
            here.setdefault(q.qa.id, []).append(q)
        last.update(here)
    return last.values()


def _mean(values: Sequence[float]) -> float | None:
    return round(math.fsum(values) / len(values), 4) if values else None


def diary_published(personas: Sequence[PersonaResult]) -> dict[str, Any]:
    """The ``publicBenchmark.diary`` entry of a run (module docstring)."""
    by_category: dict[str, list[float]] = {c: [] for c in CATEGORIES}
    failed = unanswered = 0
    for persona in personas:
        for answers in _last_askings(persona):
            figures = []
            for q in answers:
                stage = q.error.stage if q.error is not None else None
                if stage == "connection":
                    continue
                failed += stage == "query"
                figures.append(diary_f1(q.system_answer, q.qa.answer, q.qa.category))
            if not figures:
                unanswered += 1
                continue
            by_category.setdefault(answers[0].qa.category, []).append(
                math.fsum(figures) / len(figures)
            )
    every = [f for values in by_category.values() for f in values]
    return {
        "scorer": "diary-f1",
        "questions": len(every),
        "overallF1": _mean(every),
        "categories": [
            {"category": c, "questions": len(values), "f1": _mean(values)}
            for c, values in by_category.items()
        ],
        "failedAnswers": failed,
        "unanswered": unanswered,
    }


def _shown(value: Any) -> str:
    return f"{value:.4f}" if isinstance(value, int | float) else "—"


def diary_tables(published: Mapping[str, Any]) -> tuple[Table, ...]:
    """The section the figures make in the text and HTML reports."""
    notes = [
        "token F1 (the diary-f1 scorer), each question once, by its last asking; "
        "computed from the answers, whichever judge scored the run",
    ]
    if published.get("failedAnswers"):
        notes.append(
            f"{published['failedAnswers']} answer(s) failed (an error or a timeout): counted as 0"
        )
    if published.get("unanswered"):
        notes.append(
            f"WARNING: {published['unanswered']} question(s) got no answer (the memory system "
            "could not be reached) and are left out"
        )
    rows = [
        (str(c.get("category")), str(c.get("questions", 0)), _shown(c.get("f1")))
        for c in published.get("categories") or ()
        if isinstance(c, Mapping)
    ]
    rows.append(("overall", str(published.get("questions", 0)), _shown(published.get("overallF1"))))
    return (
        Table(
            title=TITLE,
            notes=tuple(notes),
            header=("category", "questions", "F1"),
            rows=tuple(rows),
        ),
    )


def diary_headline(published: Mapping[str, Any]) -> str | None:
    """``Diary Recall: F1 0.4123 over 12 questions (diary-f1)``; None without a figure."""
    overall = published.get("overallF1")
    if not isinstance(overall, int | float):
        return None
    return f"{TITLE}: F1 {overall:.4f} over {published.get('questions', 0)} questions (diary-f1)"
