"""How far a judge panel's verdicts agree: Krippendorff's alpha on the composites, Fleiss' kappa on
the hallucination verdicts, and the answers the verdicts disagree on most. Pure.

Every verdict is a rating: with one judge judged several times (``--judge-epochs``) the figures
measure the judge's agreement with itself; with several judges once each, the judges' agreement with
one another; with both, the mix of the two.

* **Krippendorff's alpha** (interval metric): ``1 − D_o / D_e``, where ``D_o`` is the mean squared
  difference between the ratings of the same answer and ``D_e`` that between any two ratings at
  all (Krippendorff, *Computing Krippendorff's Alpha-Reliability*, 2011). 1 is perfect agreement,
  0 agreement no better than chance; it may go negative. Answers with fewer than two ratings are
  left out (missing values are allowed). Undefined (None) with fewer than two ratings in all, or
  when every rating is the same (no variation to agree about).
* **Fleiss' kappa** (Fleiss 1971), here on the 0/1 hallucination verdict: ``(P̄ − P̄e) / (1 − P̄e)``,
  the observed agreement among the ratings of an answer beyond the agreement the overall
  category shares give by chance. Answers may have different numbers of ratings (each answer's
  agreement uses its own count; with equal counts this is Fleiss' formula exactly). Undefined
  (None) when no answer has two ratings or every rating falls in one category.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

import attrs

from .panel_scores import PanelVerdict
from .records import BenchmarkResult, QuestionResult

__all__ = [
    "Disagreement",
    "PanelAgreement",
    "fleiss_kappa",
    "krippendorff_alpha_interval",
    "panel_agreement",
    "rater_label",
    "spread",
]

DISAGREEMENTS_SHOWN = 5
"""Answers listed as the ones the verdicts disagree on most (by default)."""


def krippendorff_alpha_interval(units: Iterable[Sequence[float | None]]) -> float | None:
    """Krippendorff's alpha, interval metric, over ``units`` (each the ratings of one unit, None for
    a missing rating); None when undefined (see the module docstring)."""
    pairable = [[v for v in unit if v is not None] for unit in units]
    pairable = [values for values in pairable if len(values) >= 2]
    every = [v for values in pairable for v in values]
    n = len(every)
    if n < 2:
        return None
    observed = 0.0
    for values in pairable:
        m = len(values)
        total = sum((a - b) ** 2 for a in values for b in values)
        observed += total / (m - 1)
    observed /= n
    # Sum over ordered pairs of distinct values of (a - b)^2 = 2 n Σv² − 2 (Σv)², computed exactly.
    sum_v = sum(every)
    sum_sq = sum(v * v for v in every)
    expected = (2 * n * sum_sq - 2 * sum_v * sum_v) / (n * (n - 1))
    if expected <= 0:
        return None
    return 1.0 - observed / expected


def fleiss_kappa(subjects: Iterable[Sequence[Hashable]]) -> float | None:
    """Fleiss' kappa over ``subjects`` (each the category every rater gave one subject); None when
    undefined (see the module docstring)."""
    rated = [Counter(ratings) for ratings in subjects if len(ratings) >= 2]
    if not rated:
        return None
    totals: Counter[Hashable] = Counter()
    agreement = 0.0
    ratings = 0
    for counts in rated:
        n = sum(counts.values())
        totals.update(counts)
        ratings += n
        agreement += (sum(c * c for c in counts.values()) - n) / (n * (n - 1))
    observed = agreement / len(rated)
    chance = sum((c / ratings) ** 2 for c in totals.values())
    if chance >= 1:
        return None
    return (observed - chance) / (1 - chance)


def spread(verdicts: Sequence[PanelVerdict]) -> int:
    """The largest difference between two verdicts' composites (0 when they agree)."""
    composites = [v.composite for v in verdicts]
    return max(composites) - min(composites) if composites else 0


@attrs.frozen(kw_only=True)
class Disagreement:
    """An answer the verdicts disagree on: where it is, what was asked and answered, every verdict."""

    persona_id: str
    checkpoint: str
    qa_id: str
    question: str
    reference: str
    answer: str
    spread: int
    verdicts: tuple[PanelVerdict, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "personaId": self.persona_id,
            "checkpoint": self.checkpoint,
            "qaId": self.qa_id,
            "question": self.question,
            "reference": self.reference,
            "answer": self.answer,
            "spread": self.spread,
            "verdicts": [_verdict_json(v) for v in self.verdicts],
        }


def _verdict_json(v: PanelVerdict) -> dict[str, Any]:
    out: dict[str, Any] = {
        "judge": v.judge,
        "epoch": v.epoch,
        "correctness": v.correctness,
        "completeness": v.completeness,
        "hallucination": v.hallucination,
        "composite": v.composite,
    }
    if v.reasoning:
        out["reasoning"] = v.reasoning
    return out


@attrs.frozen(kw_only=True)
class PanelAgreement:
    """A run's inter-judge agreement.

    Attributes:
        raters: the verdicts' labels (``judge`` alone, or ``judge #epoch`` with judge epochs).
        epochs: the most judge epochs any answer had (1: none repeated).
        answers: answers with at least two verdicts (the ones the figures are computed over).
        alpha: Krippendorff's alpha on the composites (interval); None when undefined.
        kappa: Fleiss' kappa on the hallucination verdicts; None when undefined.
        disagreeing: answers whose verdicts' composites differ at all.
        disagreements: the answers disagreed on most, the widest spread first.
    """

    raters: tuple[str, ...]
    epochs: int
    answers: int
    alpha: float | None
    kappa: float | None
    disagreeing: int
    disagreements: tuple[Disagreement, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "raters": list(self.raters),
            "judgeEpochs": self.epochs,
            "answers": self.answers,
            "krippendorffAlpha": self.alpha,
            "fleissKappa": self.kappa,
            "disagreeing": self.disagreeing,
            "disagreements": [d.to_json() for d in self.disagreements],
        }


def rater_label(v: PanelVerdict, with_epoch: bool) -> str:
    return f"{v.judge} #{v.epoch}" if with_epoch else v.judge


def _panelled(result: BenchmarkResult) -> Iterable[tuple[str, str, QuestionResult]]:
    for persona in result.personas:
        for checkpoint in persona.range_results:
            for q in checkpoint.question_results:
                if q.panel is not None and len(q.panel) >= 2:
                    yield persona.persona_id, checkpoint.range.label, q


def panel_agreement(
    result: BenchmarkResult, *, shown: int = DISAGREEMENTS_SHOWN
) -> PanelAgreement | None:
    """The agreement of a run's panel verdicts (scored answers only; answers judged apart from the
    panel, such as those the adapter failed on, have none); None when no answer has two."""
    answers = list(_panelled(result))
    if not answers:
        return None
    epochs = max(v.epoch for _, _, q in answers for v in q.panel or ())
    with_epoch = epochs > 1
    raters: dict[str, None] = {}
    units: list[list[float | None]] = []
    verdicts: list[list[int]] = []
    for _, _, q in answers:
        panel = q.panel or ()
        for v in panel:
            raters.setdefault(rater_label(v, with_epoch), None)
        units.append([float(v.composite) for v in panel])
        verdicts.append([v.hallucination for v in panel])
    ranked = sorted(
        ((spread(q.panel or ()), i) for i, (_, _, q) in enumerate(answers)),
        key=lambda item: (-item[0], item[1]),
    )
    disagreements = []
    for width, i in ranked[:shown]:
        if width == 0:
            break
        pid, label, q = answers[i]
        disagreements.append(
            Disagreement(
                persona_id=pid,
                checkpoint=label,
                qa_id=q.qa.id,
                question=q.qa.question,
                reference=q.qa.answer,
                answer=q.system_answer,
                spread=width,
                verdicts=q.panel or (),
            )
        )
    return PanelAgreement(
        raters=tuple(raters),
        epochs=epochs,
        answers=len(answers),
        alpha=krippendorff_alpha_interval(units),
        kappa=fleiss_kappa(verdicts),
        disagreeing=sum(1 for width, _ in ranked if width > 0),
        disagreements=tuple(disagreements),
    )
