"""MemoryBench's ``exact-match`` protocol as a judge: the answer must equal the reference. Pure and
synchronous.

Both texts are compared after the same normalisation: with ``normalize_whitespace`` (the default)
leading and trailing whitespace is dropped and every run of whitespace inside becomes one space; with
``case_sensitive`` false (the default) both are case-folded. Nothing else is forgiven: punctuation,
articles and word order count.

Scores on our scale:

* a match: correctness 3, completeness 2, hallucination 1 (composite 6);
* a miss: correctness 0, completeness 0, and hallucination
  - 1 when the answer abstains ("I don't know", "no information": the rubric judge's abstention
    patterns), is empty, or its normalised text lies within the normalised reference (it claims
    nothing the reference does not);
  - 0 otherwise.

That is the ``reference-only`` definition of a hallucination (docs/judges.md, *Hallucination modes*):
the judge sees the reference alone, so a wrong answer that does not abstain is a claim outside the
reference. It cannot tell an invented claim from a real memory given in the wrong place, so its
hallucination rate counts every confidently wrong answer and is not comparable with a rubric-judged
run's (``invented``); the judge declares ``hallucination_mode = "reference-only"`` and the reports say
so.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..._closing import AsyncClosing
from ...judges.base import JudgeContext
from ...judges.stance import ABSTAIN
from ...results.scoring import JudgeScore

__all__ = ["ExactMatchJudge", "normalize_for_match"]


def normalize_for_match(text: str, *, case_sensitive: bool, normalize_whitespace: bool) -> str:
    """``text`` as the exact-match judge compares it."""
    if normalize_whitespace:
        text = " ".join(text.split())
    return text if case_sensitive else text.casefold()


_MATCH = JudgeScore(correctness=3, completeness=2, hallucination=1, reasoning="exact match")


@attrs.define(eq=False)
class ExactMatchJudge(AsyncClosing):
    """The ``exact-match`` protocol.

    Attributes:
        case_sensitive: compare case (default False: case-folded).
        normalize_whitespace: trim and collapse whitespace before comparing (default True).
        name: ``exact-match``.
        synchronous: True: ``score`` never suspends.
        hallucination_mode: ``reference-only`` (see the module docstring).

    It declares no ``cache_identity``: a comparison is cheaper than a cache lookup.
    """

    fingerprint_type: ClassVar[str] = "recallbench.judges.exact_match.ExactMatchJudge"
    """The type a run's fingerprint records it as: its module before the families moved
    (issue 41), so that runs before and after compare as judged alike."""

    case_sensitive: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))
    normalize_whitespace: bool = attrs.field(
        default=True, validator=attrs.validators.instance_of(bool)
    )
    name: str = "exact-match"
    protocol: str = attrs.field(default="exact-match", init=False)
    synchronous: bool = attrs.field(default=True, init=False)
    hallucination_mode: str = attrs.field(default="reference-only", init=False)

    def _norm(self, text: str) -> str:
        return normalize_for_match(
            text,
            case_sensitive=self.case_sensitive,
            normalize_whitespace=self.normalize_whitespace,
        )

    def score_sync(self, question: str, reference: str, answer: str) -> JudgeScore:
        """Score one answer (see the module docstring)."""
        got, want = self._norm(answer), self._norm(reference)
        if got == want:
            return _MATCH
        if not got.strip():
            return JudgeScore(correctness=0, completeness=0, hallucination=1, reasoning="no answer")
        if ABSTAIN.search(answer):
            return JudgeScore(correctness=0, completeness=0, hallucination=1, reasoning="abstained")
        if got in want:
            return JudgeScore(
                correctness=0,
                completeness=0,
                hallucination=1,
                reasoning="no exact match; the answer is part of the reference",
            )
        return JudgeScore(
            correctness=0,
            completeness=0,
            hallucination=0,
            reasoning="no exact match; the answer states what the reference does not",
        )

    async def score(
        self, question: str, reference: str, answer: str, context: JudgeContext | None
    ) -> JudgeScore:
        """Score one answer; the work is synchronous and fast."""
        return self.score_sync(question, reference, answer)
