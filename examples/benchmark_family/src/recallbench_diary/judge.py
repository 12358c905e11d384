"""``--judge diary-f1``: Diary Recall's official scorer as a recallbench judge.

Every answer gets the official figure (:func:`~recallbench_diary.scoring.diary_f1`, 0–1), mapped
onto the scale every recallbench view reads:

* correctness = 3 × F1 and completeness = 2 × F1, rounded half up (an F1 of 1 is 3/2, 0.5 is
  2/1, 0 is 0/0);
* hallucination 1 (grounded) when the F1 is above 0, or the answer declines or is empty; 0 when it
  scores nothing and still asserts something. The scorer sees the reference alone, so this is
  recallbench's ``reference-only`` definition of a hallucination.

The figure itself heads the score's reasoning (``F1 0.6667 [diary fact]``), so that a reader of
``questions.jsonl`` sees it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from recallbench.judges import JudgeContext
from recallbench.results import JudgeScore

from .scoring import declines, diary_f1

__all__ = ["DiaryF1Judge"]

SCORER_VERSION = 1
"""Bumped whenever a score would change: the run's fingerprint records it."""


def _half_up(x: float) -> int:
    return math.floor(x + 0.5)


class DiaryF1Judge:
    """The official token-F1 scorer (module docstring). Offline and synchronous."""

    name = "diary-f1"
    synchronous = True
    """``score`` never suspends: the harness sets no timeout around it."""
    hallucination_mode = "reference-only"
    """The definition of a hallucination its scores apply (recallbench's reports say so)."""

    def describe(self) -> Mapping[str, Any]:
        """What decides its scores, for the run's fingerprint."""
        return {"name": self.name, "version": SCORER_VERSION}

    def score_sync(self, reference: str, answer: str, category: str | None) -> JudgeScore:
        """Score one answer of a Diary Recall category."""
        figure = diary_f1(answer, reference, category)
        grounded = figure > 0 or not answer.strip() or declines(answer)
        return JudgeScore(
            correctness=_half_up(3 * figure),
            completeness=_half_up(2 * figure),
            hallucination=1 if grounded else 0,
            reasoning=f"F1 {figure:.4f} [diary {category or 'no category'}]",
        )

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore:
        """Score one answer; its category comes from ``context.qa``."""
        category = context.qa.category if context is not None and context.qa else None
        return self.score_sync(reference, answer, category)
