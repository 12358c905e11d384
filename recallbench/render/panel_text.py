"""A judge panel's agreement as text: a section of the full report and a line of the headline
(the numbers: :mod:`recallbench.results.panel_agreement`)."""

from __future__ import annotations

from ..results.panel_agreement import PanelAgreement, panel_agreement, rater_label
from ..results.records import BenchmarkResult

__all__ = ["agreement_figure", "panel_headline_lines", "panel_section_lines"]

_REASONING_CHARS = 160


def agreement_figure(value: float | None) -> str:
    """Alpha or kappa to three places; ``undefined`` where it is (too few ratings, or all alike)."""
    return "undefined" if value is None else f"{value:.3f}"


def _summary(a: PanelAgreement) -> str:
    return (
        f"Krippendorff's alpha {agreement_figure(a.alpha)} (composites) · "
        f"Fleiss' kappa {agreement_figure(a.kappa)} (hallucination) · "
        f"{a.disagreeing} of {a.answers} answers with differing composites"
    )


def panel_section_lines(
    result: BenchmarkResult, agreement: PanelAgreement | None = None
) -> list[str]:
    """The full report's JUDGE PANEL section (nothing when no answer has two verdicts): who the
    raters are, alpha and kappa, and the answers disagreed on most with every verdict and its
    reasoning."""
    a = agreement if agreement is not None else panel_agreement(result)
    if a is None:
        return []
    lines = ["", "JUDGE PANEL AGREEMENT", f"  raters: {', '.join(a.raters)}", f"  {_summary(a)}"]
    if a.disagreements:
        lines.append("  Answers the verdicts disagree on most:")
    with_epoch = a.epochs > 1
    for d in a.disagreements:
        lines.append(
            f"  - {d.persona_id} {d.checkpoint} {d.qa_id} (spread {d.spread}): {d.question}"
        )
        lines.append(f"      reference: {d.reference}")
        lines.append(f"      answer:    {d.answer}")
        for v in d.verdicts:
            why = (v.reasoning or "").replace("\n", " ")
            if len(why) > _REASONING_CHARS:
                why = why[: _REASONING_CHARS - 1] + "…"
            lines.append(
                f"      {rater_label(v, with_epoch)}: {v.correctness}/{v.completeness}/"
                f"{v.hallucination} = {v.composite}" + (f" — {why}" if why else "")
            )
    return lines


def panel_headline_lines(result: BenchmarkResult) -> list[str]:
    """The run's closing line on its panel (nothing without one)."""
    a = panel_agreement(result, shown=0)
    if a is None:
        return []
    return [
        f"  Panel          alpha {agreement_figure(a.alpha)} on composites · "
        f"kappa {agreement_figure(a.kappa)} on hallucination · "
        f"{a.disagreeing} of {a.answers} answers differ"
    ]
