"""Judge scores and the numbers derived from one (reference §2.2, §2.10). Pure."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import attrs

from .._closing import AsyncClosing
from ..errors import JudgeParseError

__all__ = ["MAX_COMPOSITE", "STUB_REASONING", "JudgeScore", "StubJudge", "is_failure", "to_score"]

MAX_COMPOSITE = 6
"""correctness (0–3) + completeness (0–2) + hallucination (0–1)."""


def _between(low: int, high: int) -> Any:
    def check(_inst: object, a: attrs.Attribute[int], value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"{a.name} must be a whole number from {low} to {high}, got {value!r}")

    return check


@attrs.frozen(kw_only=True)
class JudgeScore:
    """A judge's verdict on one answer.

    Attributes:
        correctness: 0 wrong or no information … 3 fully matches the reference.
        completeness: 0 most key details missing … 2 all present.
        hallucination: 1 grounded (every claim traces to a memory, or it correctly admits no
            evidence), 0 fabricated. Note the direction: 1 is good.
        reasoning: the judge's one-line explanation, when it gave one.
    """

    correctness: int = attrs.field(validator=_between(0, 3))
    completeness: int = attrs.field(validator=_between(0, 2))
    hallucination: int = attrs.field(validator=_between(0, 1))
    reasoning: str | None = None

    @property
    def composite(self) -> int:
        """correctness + completeness + hallucination, 0–6."""
        return self.correctness + self.completeness + self.hallucination

    @property
    def recall(self) -> int:
        """The recall-quality part alone: correctness + completeness, 0–5."""
        return self.correctness + self.completeness


def is_failure(score: JudgeScore) -> bool:
    """The appellate trigger: composite below 4, a hallucination, or correctness 0."""
    return score.composite < 4 or score.hallucination == 0 or score.correctness == 0


def _whole(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise JudgeParseError(f"judge score field '{name}' is not a number: {value!r}")
    if value != int(value):
        raise JudgeParseError(f"judge score field '{name}' is not a whole number: {value!r}")
    return int(value)


def to_score(value: Any) -> JudgeScore:
    """A JudgeScore from what a judge returned (a JudgeScore, or a mapping); else JudgeParseError."""
    if isinstance(value, JudgeScore):
        return value
    if not isinstance(value, Mapping):
        raise JudgeParseError(
            f"a judge must return a JudgeScore or a mapping, got {type(value).__name__}"
        )
    try:
        reasoning = value.get("reasoning")
        return JudgeScore(
            correctness=_whole("correctness", value.get("correctness")),
            completeness=_whole("completeness", value.get("completeness")),
            hallucination=_whole("hallucination", value.get("hallucination")),
            reasoning=reasoning if isinstance(reasoning, str) and reasoning else None,
        )
    except ValueError as exc:
        raise JudgeParseError(f"judge score out of range: {exc}") from None


STUB_REASONING = "No judge configured — stub scores."


class StubJudge(AsyncClosing):
    """The judge used when none is configured: every answer scores 0/0/0 (reference §4.4), so every
    question fails and, with an appellate judge, goes to appeal. Reports warn about it."""

    name: str = "stub"
    synchronous: bool = True
    """Its ``score`` never suspends: the harness sets no timeout around it."""

    async def score(self, question: str, reference: str, answer: str, context: Any) -> JudgeScore:
        """Zeros, whatever the answer."""
        return _STUB_SCORE


_STUB_SCORE = JudgeScore(correctness=0, completeness=0, hallucination=0, reasoning=STUB_REASONING)
