"""``report.html``'s attribution section: the split of every answer into classes (a bar and its
legend), the counts by checkpoint and by category, and each category × checkpoint's commonest loss.
Server-rendered; a click on a class (anywhere in the section) lists its answers in the answers
table, whose class filter the page's script fills from the payload's ``classes``. The counts:
:mod:`recallbench.results.attribution`."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from ..results.attribution import (
    CLASSES,
    DEFINITIONS,
    LABELS,
    NOT_REPORTED_NOTE,
    SHORT_LABELS,
)
from ..results.attribution_summary import AttributionSummary
from .attribution_text import SHOWN_ORDER

__all__ = ["ATTRIBUTION_ANCHOR", "CLASS_COLOURS", "attribution_html_section", "classes_payload"]

ATTRIBUTION_ANCHOR = "attribution"

CLASS_COLOURS: Mapping[str, str] = {
    "correct": "#38c364",
    "correct-abstention": "#7fd6a0",
    "retrieval-miss": "#e67e22",
    "reading-error": "#f5b432",
    "wrong-abstention": "#b58be0",
    "retrieval-unknown": "#8a93a8",
    "hallucination": "#dc3c3c",
    "judge-doubt": "#7aa2ff",
    "timeout": "#8048b0",
    "system-error": "#a05cc8",
    "judge-error": "#5a5f6e",
}
"""Each class's colour in the page (the bar, the legend, the answers table's class column)."""


def classes_payload() -> list[list[str]]:
    """``[name, label, definition, colour]`` of every class, in :data:`CLASSES` order: the
    answers table's rows name their class by its index here."""
    return [[c, LABELS[c], DEFINITIONS[c], CLASS_COLOURS[c]] for c in CLASSES]


def _pct(n: int, total: int) -> str:
    return f"{n / total * 100:.1f}%" if total else "–"


def _class_link(kind: str, text: str, extra: str = "") -> str:
    """A clickable element that lists ``kind``'s answers (``extra``: more data attributes)."""
    return (
        f'<a href="#answers" data-attr-class="{CLASSES.index(kind)}"{extra} '
        f'title="{escape(DEFINITIONS[kind])}">{text}</a>'
    )


def _table(title: str, groups: Mapping[str, Mapping[str, int]], kinds: list[str], attr: str) -> str:
    head = "".join(
        f'<th class=num title="{escape(DEFINITIONS[k])}">{escape(SHORT_LABELS[k])}</th>'
        for k in kinds
    )
    rows = []
    for name, counts in groups.items():
        total = sum(counts.values())
        cells = "".join(
            "<td class=num>"
            + (
                _class_link(k, f"{counts[k]:,}", f' data-attr-{attr}="{escape(name)}"')
                if counts.get(k)
                else "0"
            )
            + "</td>"
            for k in kinds
        )
        rows.append(f"<tr><td>{escape(name)}</td>{cells}<td class=num>{total:,}</td></tr>")
    return (
        f'<table class="rb-table"><tr><th>{escape(title)}</th>{head}<th class=num>answers</th></tr>'
        + "".join(rows)
        + "</table>"
    )


def _loss_table(s: AttributionSummary) -> str:
    labels = list(s.by_checkpoint)
    head = "".join(f"<th class=num>{escape(label)}</th>" for label in labels)
    rows = []
    for category in s.by_category:
        cells = []
        for label in labels:
            counts = s.by_cell.get((category, label), {})
            total = sum(counts.values())
            lost = [
                (n, k)
                for k, n in counts.items()
                if n and k not in ("correct", "correct-abstention")
            ]
            if not total or not lost:
                cells.append(f"<td class=num>{'–' if not total else 'none'}</td>")
                continue
            n, kind = max(lost, key=lambda item: (item[0], -SHOWN_ORDER.index(item[1])))
            share = f"{round(n / total * 100)}%"
            link = _class_link(
                kind,
                f'<i class="bar" style="width:9px;background:{CLASS_COLOURS[kind]}"></i>'
                f"{escape(SHORT_LABELS[kind])} {share}",
                f' data-attr-category="{escape(category)}" data-attr-checkpoint="{escape(label)}"',
            )
            cells.append(f"<td class=num>{link}</td>")
        rows.append(f"<tr><td>{escape(category)}</td>{''.join(cells)}</tr>")
    return (
        '<div style="overflow-x:auto"><table class="rb-table"><tr><th>commonest loss</th>'
        f"{head}</tr>{''.join(rows)}</table></div>"
    )


def attribution_html_section(s: AttributionSummary) -> str:
    """The section (``id="attribution"``), or "" for a run without answers."""
    if not s.total:
        return ""
    kinds = [k for k in SHOWN_ORDER if s.overall.get(k)]
    bar = "".join(
        f'<span style="width:{s.overall[k] / s.total * 100:.3f}%;background:{CLASS_COLOURS[k]}" '
        f'title="{escape(LABELS[k])}: {s.overall[k]:,} ({_pct(s.overall[k], s.total)})"></span>'
        for k in kinds
    )
    legend = "".join(
        "<span>"
        + _class_link(
            k,
            f'<i style="background:{CLASS_COLOURS[k]}"></i>{escape(LABELS[k])} '
            f"<b>{s.overall[k]:,}</b> ({_pct(s.overall[k], s.total)})",
        )
        + "</span>"
        for k in kinds
    )
    definitions = "".join(
        f"<dt>{escape(LABELS[k])}</dt><dd>{escape(DEFINITIONS[k])}</dd>" for k in kinds
    )
    note = (
        ""
        if s.reported
        else f'<div class="rb-banner warning">{escape(NOT_REPORTED_NOTE.capitalize())}.</div>'
    )
    miss = ""
    if s.miss_evidence:
        miss = (
            f'<p class="muted">Retrieval misses: {s.miss_evidence.get("missed", 0):,} retrieved '
            f"no evidence day, {s.miss_evidence.get('partial', 0):,} only some (recall@10 below "
            "1).</p>"
        )
    return (
        f'<h2 id="{ATTRIBUTION_ANCHOR}">Attribution</h2>'
        f'<p class="muted">Every one of the {s.total:,} answers in one class, the first rule that '
        "holds, decided from what the run holds: the question's evidence days, what the system "
        "reported retrieving (recall@10), the answer, its scores and its error. A click on a "
        "class lists its answers below.</p>"
        + note
        + f'<div class="rb-split">{bar}</div><div class="rb-legend">{legend}</div>'
        + miss
        + '<div class="rb-grid2"><div>'
        + _table("checkpoint", s.by_checkpoint, kinds, "checkpoint")
        + "</div><div>"
        + _table("category", s.by_category, kinds, "category")
        + "</div></div>"
        + "<h3>Where each category lost most, checkpoint by checkpoint</h3>"
        + _loss_table(s)
        + f'<details class="rb-fingerprint"><summary>What each class means</summary>'
        f'<dl class="rb-meta">{definitions}</dl></details>'
    )
