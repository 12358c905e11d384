"""``report.html``'s judge panel section: the agreement figures and, for the answers the verdicts
disagree on most, every verdict's scores and reasoning side by side (one column per verdict).
Server-rendered: it needs no script. The numbers: :mod:`recallbench.results.panel_agreement`."""

from __future__ import annotations

from html import escape

from ..results.panel_agreement import PanelAgreement, panel_agreement, rater_label
from ..results.panel_scores import PanelVerdict
from ..results.records import BenchmarkResult
from .panel_text import agreement_figure

__all__ = ["PANEL_ANCHOR", "panel_html_section"]

PANEL_ANCHOR = "panel"
DISAGREEMENTS_IN_HTML = 10


def _verdict_column(a: PanelAgreement, v: PanelVerdict) -> str:
    label = rater_label(v, a.epochs > 1)
    return (
        '<div class="rb-verdict">'
        f'<div class="rb-verdict-judge">{escape(label)}</div>'
        f'<div class="mono">correctness {v.correctness}/3 · completeness {v.completeness}/2 · '
        f"hallucination {v.hallucination}/1 · <b>{v.composite}</b>/6</div>"
        f'<div class="rb-verdict-why">{escape(v.reasoning or "(no reasoning given)")}</div>'
        "</div>"
    )


def panel_html_section(result: BenchmarkResult) -> str:
    """The section (``id="panel"``), or "" when no answer has two verdicts."""
    a = panel_agreement(result, shown=DISAGREEMENTS_IN_HTML)
    if a is None:
        return ""
    parts = [
        f'<h2 id="{PANEL_ANCHOR}">Judge panel</h2>',
        '<dl class="rb-meta">'
        f"<dt>Raters</dt><dd>{escape(', '.join(a.raters))}</dd>"
        f"<dt>Krippendorff's alpha</dt><dd>{agreement_figure(a.alpha)} (composites, interval)</dd>"
        f"<dt>Fleiss' kappa</dt><dd>{agreement_figure(a.kappa)} (hallucination verdicts)</dd>"
        f"<dt>Answers that differ</dt><dd>{a.disagreeing} of {a.answers}</dd>"
        "</dl>",
    ]
    if a.disagreements:
        parts.append("<h3>The answers the verdicts disagree on most</h3>")
    for d in a.disagreements:
        parts.append(
            '<div class="rb-disagreement">'
            f'<div class="muted">{escape(d.persona_id)} · {escape(d.checkpoint)} · '
            f"{escape(d.qa_id)} · spread {d.spread}</div>"
            f"<div><b>Q</b> {escape(d.question)}</div>"
            f'<div class="muted"><b>Reference</b> {escape(d.reference)}</div>'
            f"<div><b>Answer</b> {escape(d.answer)}</div>"
            '<div class="rb-verdicts">'
            + "".join(_verdict_column(a, v) for v in d.verdicts)
            + "</div></div>"
        )
    return "".join(parts)
