"""A run's attribution as text: the headline's one line and the full report's section (the counts:
:mod:`recallbench.results.attribution`). Pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .._numfmt import to_fixed as _fixed
from ..results.attribution import (
    CLASSES,
    LABELS,
    NOT_REPORTED_NOTE,
    SHORT_LABELS,
)
from ..results.attribution_moves import AttributionMoves
from ..results.attribution_summary import AttributionSummary, summarize_attribution
from ..results.records import BenchmarkResult

__all__ = [
    "SHOWN_ORDER",
    "attribution_headline_line",
    "attribution_section_lines",
    "moves_json",
    "moves_section_lines",
    "split_text",
]

SHOWN_ORDER: tuple[str, ...] = (
    "correct",
    "correct-abstention",
    "retrieval-miss",
    "reading-error",
    "wrong-abstention",
    "retrieval-unknown",
    "hallucination",
    "judge-doubt",
    "timeout",
    "system-error",
    "judge-error",
)
"""The order the views list the classes in: what went right, then where points were lost, from the
memory system's retrieval to its reading, then the judge and the errors. (The order in which the
classes are decided is :data:`~recallbench.results.attribution.CLASSES`.)"""

_LABEL = 28
_COLUMN = 9
_LOSS_COLUMN = 14
_LOSS_SHOWN = 8


def _pct(n: int, total: int) -> str:
    return _fixed(n / total * 100 if total else 0.0, 1) + "%"


def split_text(counts: Mapping[str, int], total: int, *, reported: bool = True) -> str:
    """``correct 18.9% · retrieval miss 56.3% · …``: every class with answers, in
    :data:`SHOWN_ORDER`; ``retrieval unknown`` carries the note that a run without retrieval
    reports cannot tell misses from reading errors."""
    parts = []
    for kind in SHOWN_ORDER:
        n = counts.get(kind, 0)
        if not n:
            continue
        note = f" ({NOT_REPORTED_NOTE})" if kind == "retrieval-unknown" and not reported else ""
        parts.append(f"{LABELS[kind]} {_pct(n, total)}{note}")
    return " · ".join(parts) if parts else "no answers"


def attribution_headline_line(
    result: BenchmarkResult, summary: AttributionSummary | None = None
) -> str | None:
    """The headline's line: the split of every answer into classes, in one line; None for a run
    with no answers or no judge (the stub judge's zeros would attribute nothing)."""
    if not result.judged:
        return None
    s = summary if summary is not None else summarize_attribution(result)
    if not s.total:
        return None
    return (
        f"  Attribution    {split_text(s.overall, s.total, reported=s.reported)} "
        f"— of {s.total:,} answers"
    )


def _shown(counts: Sequence[Mapping[str, int]]) -> list[str]:
    """The classes any of ``counts`` has, in :data:`SHOWN_ORDER`."""
    return [k for k in SHOWN_ORDER if any(c.get(k, 0) for c in counts)]


def _row(label: str, values: Sequence[str], width: int = _COLUMN) -> str:
    return f"  {label:<{_LABEL}}" + "".join(f"{v:>{width}}" for v in values)


def _loss(counts: Mapping[str, int]) -> str:
    """A cell's commonest class other than the right ones, and its share: ``miss 62%``."""
    total = sum(counts.values())
    lost = [(n, k) for k, n in counts.items() if n and k not in ("correct", "correct-abstention")]
    if not total:
        return "--"
    if not lost:
        return "none"
    n, kind = max(lost, key=lambda item: (item[0], -SHOWN_ORDER.index(item[1])))
    return f"{SHORT_LABELS[kind]} {round(n / total * 100)}%"


def _elided(labels: list[str]) -> list[str]:
    """At most :data:`_LOSS_SHOWN` checkpoints: the first and the last ones, ``…`` between."""
    if len(labels) <= _LOSS_SHOWN:
        return labels
    half = _LOSS_SHOWN // 2
    return [*labels[:half], "…", *labels[-half:]]


def attribution_section_lines(
    result: BenchmarkResult, summary: AttributionSummary | None = None
) -> list[str]:
    """The full report's ATTRIBUTION section: the split over the run, counts by class and
    checkpoint, by category and class, and each category × checkpoint's commonest loss; nothing
    for a run without answers or judge."""
    if not result.judged:
        return []
    s = summary if summary is not None else summarize_attribution(result)
    if not s.total:
        return []
    lines = [
        "",
        "Attribution (one class per answer, the first rule that holds; docs/attribution.md):",
        f"  {s.total:,} answers: {split_text(s.overall, s.total, reported=s.reported)}",
    ]
    if s.miss_evidence:
        partial = s.miss_evidence.get("partial", 0)
        lines.append(
            f"  retrieval misses: {s.miss_evidence.get('missed', 0):,} retrieved no evidence day, "
            f"{partial:,} only some (recall@10 below 1)"
        )
    kinds = _shown([s.overall])
    head = [*(SHORT_LABELS[k] for k in kinds), "total"]
    for title, groups in (("by checkpoint", s.by_checkpoint), ("by category", s.by_category)):
        lines.append(_row(title, head))
        for name, counts in groups.items():
            lines.append(
                _row(name, [f"{counts.get(k, 0):,}" for k in kinds] + [f"{sum(counts.values()):,}"])
            )
        lines.append("")
    labels = _elided(list(s.by_checkpoint))
    lines.append(_row("commonest loss", labels, _LOSS_COLUMN))
    for category in s.by_category:
        cells = [
            "…" if label == "…" else _loss(s.by_cell.get((category, label), {})) for label in labels
        ]
        lines.append(_row(category, cells, _LOSS_COLUMN))
    legend = ", ".join(f"{SHORT_LABELS[k]} = {LABELS[k]}" for k in kinds)
    lines.append(f"  ({legend})")
    return lines


MOVES_SHOWN = 8
"""Moves between classes listed in ``compare``'s text (its JSON lists every one)."""


def moves_section_lines(m: AttributionMoves | None) -> list[str]:
    """``compare``'s section: each class over the paired answers in A and in B with the change,
    and the commonest moves between classes; nothing without paired answers."""
    if m is None or not m.paired:
        return []
    kinds = [k for k in SHOWN_ORDER if m.a.get(k) or m.b.get(k)]
    lines = [
        f"Attribution of the {m.paired:,} paired answers, A → B (docs/attribution.md):",
        _row("class", ["A", "B", "B − A"]),
    ]
    for kind in kinds:
        a, b = m.a.get(kind, 0), m.b.get(kind, 0)
        lines.append(_row(LABELS[kind], [f"{a:,}", f"{b:,}", f"{b - a:+,}" if b != a else "0"]))
    if m.moves:
        shown = " · ".join(f"{LABELS[x]} → {LABELS[y]} {n:,}" for x, y, n in m.moves[:MOVES_SHOWN])
        more = len(m.moves) - MOVES_SHOWN
        lines.append(
            f"  moved: {m.changed:,} of {m.paired:,} answers changed class — {shown}"
            + (f" · … {more} more" if more > 0 else "")
        )
    else:
        lines.append("  moved: no answer changed class")
    for side, reported in (("A", m.reported_a), ("B", m.reported_b)):
        if not reported:
            lines.append(f"  ({side}: {NOT_REPORTED_NOTE})")
    return lines


def moves_json(m: AttributionMoves | None) -> dict[str, object] | None:
    """``compare --json``'s ``attribution``: each class's answers among the pairs in A and B and
    over each run (``classes``, every class in the order they are decided), and every move; None
    without paired answers."""
    if m is None:
        return None
    return {
        "paired": m.paired,
        "changed": m.changed,
        "classes": [
            {
                "class": kind,
                "a": m.a.get(kind, 0),
                "b": m.b.get(kind, 0),
                "totalA": m.total_a.get(kind, 0),
                "totalB": m.total_b.get(kind, 0),
            }
            for kind in CLASSES
        ],
        "moves": [{"from": x, "to": y, "answers": n} for x, y, n in m.moves],
        "retrievalReportedA": m.reported_a,
        "retrievalReportedB": m.reported_b,
    }
