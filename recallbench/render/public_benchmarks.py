"""LoCoMo and LongMemEval figures in their published layout, from ``result.json``'s
``publicBenchmark`` (:func:`recallbench.results.public_benchmarks.public_benchmark`): as text
(:func:`public_section_lines`, in ``recallbench report`` and at the end of ``recallbench run``) and
as a section of ``report.html`` (:func:`public_html_section`). Pure.

Figures print with four decimals, as the official scripts round them; a figure without a value
prints as ``–``. The LoCoMo category mapping is printed in every LoCoMo report, and each warning
(mixed conventions, answers judged by a judge whose figures are not the published ones) under it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from .._numfmt import to_fixed

__all__ = ["public_html_section", "public_section_lines", "public_tables"]

MISSING = "–"
_RULE = "═" * 59
_ASKING = "each question counts once, by its last asking (the final checkpoint's answer)"


def _cell(value: Any) -> str:
    return to_fixed(float(value), 4) if isinstance(value, int | float) else MISSING


def _mapping_line(locomo: Mapping[str, Any]) -> str:
    names = locomo.get("categoryNames") or {}
    shown = ", ".join(f"{n} {name}" for n, name in names.items())
    return f"category mapping: {locomo.get('categoryMapping', '?')} ({shown})"


def _locomo_table(locomo: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    metrics = list(locomo.get("metrics") or ())
    header = ["category", "n", *metrics]
    body: list[list[str]] = []
    for c in locomo.get("categories") or ():
        if c.get("category") == 5:
            continue
        body.append(
            [
                f"{c['category']} {c['name']}",
                str(c["questionCount"]),
                *(_cell(c.get(m)) for m in metrics),
            ]
        )
    overall = locomo.get("overall") or {}
    body.append(
        [
            "overall (1–4)",
            str(overall.get("questionCount", 0)),
            *(_cell(overall.get(m)) for m in metrics),
        ]
    )
    adversarial = locomo.get("adversarial") or {}
    if adversarial.get("questionCount"):
        body.append(
            [
                "5 adversarial (apart)",
                str(adversarial["questionCount"]),
                *(_cell(adversarial.get(m)) for m in metrics),
            ]
        )
        # What LoCoMo's own statistics print (evaluation_stats.py): every category, 5 included.
        every = locomo.get("overallAccuracy") or {}
        body.append(
            [
                "overall accuracy (1–5)",
                str(every.get("questionCount", 0)),
                *(_cell(every.get(m)) for m in metrics),
            ]
        )
    return header, body


def _longmemeval_table(lme: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    body = [
        [str(t["questionType"]), str(t["questionCount"]), _cell(t.get("accuracy"))]
        for t in lme.get("types") or ()
    ]
    body.append(["task-averaged accuracy", "", _cell(lme.get("taskAveragedAccuracy"))])
    body.append(
        ["overall accuracy", str(lme.get("judgedCount", 0)), _cell(lme.get("overallAccuracy"))]
    )
    body.append(
        [
            "abstention accuracy",
            str(lme.get("abstentionCount", 0)),
            _cell(lme.get("abstentionAccuracy")),
        ]
    )
    return ["question type", "n", "accuracy"], body


def public_tables(
    public: Mapping[str, Any],
) -> list[tuple[str, list[str], list[str], list[list[str]]]]:
    """Per benchmark: its title, its notes (asking, mapping, warnings), its header and rows."""
    out = []
    locomo = public.get("locomo")
    if isinstance(locomo, Mapping):
        notes = [_mapping_line(locomo), _ASKING]
        if not locomo.get("metrics"):
            notes.append("no official figure: judge with --judge locomo-f1 or locomo-llm:MODEL")
        if locomo.get("unjudgedCount"):
            notes.append(f"{locomo['unjudgedCount']} answers unjudged (judge failed)")
        notes += [f"WARNING: {w}" for w in locomo.get("warnings") or ()]
        out.append(("LoCoMo", notes, *_locomo_table(locomo)))
    lme = public.get("longmemeval")
    if isinstance(lme, Mapping):
        notes = [_ASKING, "figures as LongMemEval's print_qa_metrics.py computes them"]
        if lme.get("typesMissing"):
            notes.append(
                "task average over the types judged; no answers of: "
                + ", ".join(lme["typesMissing"])
            )
        if lme.get("unjudgedCount"):
            notes.append(f"{lme['unjudgedCount']} answers unjudged (judge failed)")
        notes += [f"WARNING: {w}" for w in lme.get("warnings") or ()]
        out.append(("LongMemEval", notes, *_longmemeval_table(lme)))
    return out


def _layout(header: Sequence[str], body: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        first = f"{cells[0]:<{widths[0]}}"
        rest = [f"{c:>{w}}" for c, w in zip(cells[1:], widths[1:], strict=True)]
        return "  ".join([first, *rest]).rstrip()

    return [line(header), *(line(cells) for cells in body)]


def public_section_lines(public: Mapping[str, Any] | None) -> list[str]:
    """The published-layout tables under a heading each, for the text report; none without."""
    lines: list[str] = []
    for title, notes, header, body in public_tables(public or {}):
        lines += ["", _RULE, f"{title.upper()} (published layout; see docs/reports.md)", _RULE]
        lines += [f"  {n}" for n in notes]
        lines += [f"  {row}" for row in _layout(header, body)]
    return lines


def public_html_section(public: Mapping[str, Any] | None) -> str:
    """The tables as a section of ``report.html`` (``id="public-benchmark"``); empty without."""
    tables = public_tables(public or {})
    if not tables:
        return ""
    parts = ['<h2 id="public-benchmark">Published layout</h2>']
    for title, notes, header, body in tables:
        parts.append(f"<h3>{escape(title)}</h3>")
        parts += [
            f'<p class="{"rb-banner interim" if n.startswith("WARNING") else "muted"}">{escape(n)}</p>'
            for n in notes
        ]
        head = "".join(
            f"<th{' class=num' if i else ''}>{escape(h)}</th>" for i, h in enumerate(header)
        )
        rows = "".join(
            "<tr>"
            + "".join(f"<td{' class=num' if i else ''}>{escape(c)}</td>" for i, c in enumerate(r))
            + "</tr>"
            for r in body
        )
        parts.append(f'<table class="rb-table"><tr>{head}</tr>{rows}</table>')
    return "".join(parts)
