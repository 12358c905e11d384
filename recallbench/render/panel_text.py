"""A judge panel's agreement as text: a section of the full report and a line of the headline
(the numbers: :mod:`recallbench.results.panel_agreement`)."""

from __future__ import annotations

from ..results.panel_agreement import PanelAgreement, rater_label
from ..results.records import BenchmarkResult

__all__ = ["panel_headline_lines", "panel_section_lines"]

_REASONING_CHARS = 160


def _figure(value: float | None) -> str:
    return "undefined" if value is None else f"{value:.3f}"


def _summary(a: PanelAgreement) -> str:
    return (
        f"Krippendorff's alpha {_figure(a.alpha)} (composites) · Fleiss' kappa {_figure(a.kappa)} "
        f"(hallucination) · {a.disagreeing} of {a.answers} answers with differing composites"
    )


def panel_section_lines(
    result: BenchmarkResult, agreement: PanelAgreement | None = None
) -> list[str]:
    """The full report's JUDGE PANEL section (nothing when no answer has two verdicts): who the
    raters are, alpha and kappa, and the answers disagreed on most with every verdict and its
    reasoning."""
    from ..results.panel_agreement import panel_agreement

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
    from ..results.panel_agreement import panel_agreement

    a = panel_agreement(result, shown=0)
    if a is None:
        return []
    return [
        f"  Panel          alpha {_figure(a.alpha)} on composites · kappa {_figure(a.kappa)} on "
        f"hallucination · {a.disagreeing} of {a.answers} answers differ"
    ]
