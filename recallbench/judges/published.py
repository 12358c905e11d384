"""What a benchmark's figures in its published layout are read from: each question once, by its last
asking, and the official figure its judge kept at the head of the score's reasoning. Pure.

**Which asking.** A checkpoint run asks a question at each checkpoint that holds its evidence; a
published figure is one answer per question, so each question counts once, by its *last* asking:
the final checkpoint's (the one that has seen the whole conversation or haystack). An answer whose
judge failed has no figure and is counted apart.

**Which figure.** An official scorer keeps its own figure at the head of the score's reasoning
(:func:`~recallbench.judges.official.figure_head`: ``F1 0.6667 [group]``, ``J 1 [group]``,
``J excluded [group]``, ``accuracy 0 [group]``); :func:`head_figure` reads its metric and value
back. An answer judged by any other judge has none.

**How it prints.** A figure prints with four decimals, as the official scripts round them, and a
figure without a value as ``–`` (:func:`figure_cell`); every published table says which asking it
counts (:data:`ASKING_NOTE`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from .._numfmt import to_fixed
from ..results.records import PersonaResult, QuestionResult

__all__ = ["ASKING_NOTE", "MISSING", "figure_cell", "head_figure", "last_askings"]

ASKING_NOTE = "each question counts once, by its last asking (the final checkpoint's answer)"
"""The note of every published table: which answer of a question it counts."""

MISSING = "–"
"""A figure without a value, as a table prints it."""

_HEAD = re.compile(r"(F1|J|accuracy) (excluded|\d+(?:\.\d+)?) \[")
"""The head's metric and value, up to the bracket that opens its group (as the published layouts
have always read it: :func:`~recallbench.judges.official.native_figure` also reads the group)."""


def head_figure(reasoning: str | None) -> tuple[str, float | None] | None:
    """The official figure at the head of a score's reasoning: its metric (``F1``, ``J``,
    ``accuracy``) and value (None: the question is excluded from that figure); None when the
    reasoning has none."""
    m = _HEAD.match(reasoning or "")
    if m is None:
        return None
    return m.group(1), None if m.group(2) == "excluded" else float(m.group(2))


def last_askings(personas: Iterable[PersonaResult]) -> Iterator[tuple[QuestionResult, bool]]:
    """Each question of each persona once, by its last asking (the latest checkpoint that asked
    it), with whether that answer was scored (False: its judge failed)."""
    for persona in personas:
        last: dict[str, tuple[QuestionResult, bool]] = {}
        for r in persona.range_results:
            for q in r.question_results:
                last.pop(q.qa.id, None)
                last[q.qa.id] = (q, True)
            for q in r.unscored_results or ():
                last.pop(q.qa.id, None)
                last[q.qa.id] = (q, False)
        yield from last.values()


def figure_cell(value: Any) -> str:
    """A figure as a published table prints it: four decimals (JavaScript's ``toFixed``), or
    :data:`MISSING` for anything that is not a number."""
    return to_fixed(float(value), 4) if isinstance(value, int | float) else MISSING
