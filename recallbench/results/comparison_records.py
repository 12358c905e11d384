"""The records of a run comparison (:mod:`recallbench.results.comparison` computes them, see there for the
definitions; :mod:`recallbench.render.comparison` renders them). Every delta is B − A.
"""

from __future__ import annotations

from typing import Literal

import attrs

from .attribution_moves import AttributionMoves
from .fingerprint_diff import FingerprintCheck
from .hallucination_mode import HallucinationMode
from .stats import BootstrapInterval

__all__ = [
    "Canaries",
    "CanaryQuestion",
    "GroupDelta",
    "Paired",
    "RunComparison",
    "RunSummary",
    "Trend",
    "Verdict",
]

Verdict = Literal["regression", "improvement", "no-difference", "not-comparable"]
"""What ``compare`` calls the overall difference (:attr:`RunComparison.verdict`)."""


@attrs.frozen(kw_only=True)
class Trend:
    """A least-squares line through one run's checkpoints against days ingested.

    Attributes:
        points: checkpoints with answers (at least two distinct day counts).
        first_day: the smallest mean days ingested among them.
        last_day: the largest.
        score_slope: composite points per 100 days.
        hallucination_slope: percentage points of hallucination rate per 100 days.
    """

    points: int
    first_day: float
    last_day: float
    score_slope: float
    hallucination_slope: float


@attrs.frozen(kw_only=True)
class RunSummary:
    """One side of a comparison.

    Attributes:
        ranges: the checkpoint labels the run planned (``result.ranges``).
        checkpoints: the labels it evaluated, for at least one persona.
        answers: scored answers (the sum of the heatmap's question counts).
        question_answers: how many of them carry per-question data (0 from a bare progress.jsonl).
        unscored: answers left out because their judge failed.
        score: mean composite over every scored answer; None without answers.
        hallucination_rate: percent of scored answers hallucinated; None without answers.
        hallucination_mode: the judge's definition of a hallucination, recorded or inferred
            (:func:`recallbench.results.hallucination_mode.run_mode`); None when unknown.
    """

    adapter_name: str
    judge_model: str | None
    appellate_judge_model: str | None
    judge_memory_window: int | None
    sample: int | None
    ranges: tuple[str, ...]
    checkpoints: tuple[str, ...]
    personas: tuple[str, ...]
    answers: int
    question_answers: int
    unscored: int
    score: float | None
    hallucination_rate: float | None
    trend: Trend | None
    hallucination_mode: HallucinationMode | None = None


@attrs.frozen(kw_only=True)
class Paired:
    """Means of both runs over the answers both gave (one group's pairs).

    Attributes:
        count: paired answers.
        score_a: A's mean composite over them; ``score_b`` B's.
        hallucination_a: A's hallucination rate (percent) over them; ``hallucination_b`` B's.
        interval: mean(B − A) of composites with its bootstrap 95% interval; None where not computed.
        hallucination_interval: the same for hallucination, in percentage points.
    """

    count: int
    score_a: float
    score_b: float
    hallucination_a: float
    hallucination_b: float
    interval: BootstrapInterval | None = None
    hallucination_interval: BootstrapInterval | None = None

    @property
    def delta(self) -> float:
        """mean(B − A) of composite scores."""
        return self.score_b - self.score_a

    @property
    def hallucination_delta(self) -> float:
        """B's hallucination rate minus A's, in percentage points."""
        return self.hallucination_b - self.hallucination_a


def _minus(b: float | None, a: float | None) -> float | None:
    return None if a is None or b is None else b - a


@attrs.frozen(kw_only=True)
class GroupDelta:
    """Both runs over one group of answers: everything, a category, a checkpoint or a persona.

    Attributes:
        name: ``overall``, the category, the checkpoint label or the persona id.
        answers_a: A's scored answers in the group; ``answers_b`` B's.
        score_a: A's count-weighted mean composite; None without answers. ``score_b`` B's.
        hallucination_a: A's hallucination rate (percent); None without answers (or, per category,
            without per-question data). ``hallucination_b`` B's.
        paired: over the answers both gave; None without pairs or per-question data.
        days: a checkpoint's days ingested (the most over personas and runs); None for other groups.
    """

    name: str
    answers_a: int
    answers_b: int
    score_a: float | None
    score_b: float | None
    hallucination_a: float | None
    hallucination_b: float | None
    paired: Paired | None
    days: float | None = None

    @property
    def score_delta(self) -> float | None:
        """B's mean composite minus A's (each over everything it answered)."""
        return _minus(self.score_b, self.score_a)

    @property
    def hallucination_delta(self) -> float | None:
        """B's hallucination rate minus A's, in percentage points."""
        return _minus(self.hallucination_b, self.hallucination_a)


@attrs.frozen(kw_only=True)
class CanaryQuestion:
    """A question that hallucinated in at least one run, with its evaluations in both."""

    persona_id: str
    qa_id: str
    question: str
    category: str
    hallucinated_a: int
    evaluations_a: int
    hallucinated_b: int
    evaluations_b: int


@attrs.frozen(kw_only=True)
class Canaries:
    """Questions that hallucinated, sorted most-hallucinating first.

    Attributes:
        a_only: asked in both, hallucinated only in A (fixed in B).
        b_only: asked in both, hallucinated only in B (regressions).
        both: hallucinated in both (persistent).
        a_unmatched: hallucinated in A, never asked in B; ``b_unmatched`` the converse.
    """

    a_only: tuple[CanaryQuestion, ...]
    b_only: tuple[CanaryQuestion, ...]
    both: tuple[CanaryQuestion, ...]
    a_unmatched: tuple[CanaryQuestion, ...]
    b_unmatched: tuple[CanaryQuestion, ...]


@attrs.frozen(kw_only=True)
class RunComparison:
    """Everything :func:`compare_results` found (see the module docstring for the definitions).

    Attributes:
        unpaired_a: A's answers with no partner in B (None without per-question data); likewise
            ``unpaired_b``.
        unavailable: why the paired numbers and canaries are missing, when they are.
        warnings: what makes the two runs hard to compare (judges, ranges, samples, few pairs).
    """

    a: RunSummary
    b: RunSummary
    overall: GroupDelta
    categories: tuple[GroupDelta, ...]
    checkpoints: tuple[GroupDelta, ...]
    personas: tuple[GroupDelta, ...]
    unpaired_a: int | None
    unpaired_b: int | None
    canaries: Canaries | None
    unavailable: str | None
    warnings: tuple[str, ...]
    resamples: int
    seed: int
    fingerprints: FingerprintCheck = attrs.field(factory=lambda: FingerprintCheck(status="unknown"))
    """What the runs' fingerprints say (:mod:`recallbench.results.fingerprint_diff`)."""
    verdict: Verdict | None = None
    """``regression`` or ``improvement`` (the paired 95% interval of B − A's composite lies below
    or above 0), ``no-difference`` (it holds 0), ``not-comparable`` (the runs' datasets or judges
    differ and the comparison was not forced); None without paired answers."""
    forced: bool = False
    """A verdict was asked for although the fingerprints say the runs are not comparable."""
    attribution: AttributionMoves | None = None
    """Which attribution classes the paired answers moved between
    (:mod:`recallbench.results.attribution_moves`); None without per-question answers."""
