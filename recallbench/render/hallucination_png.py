"""``hallucination.png``: the seed's "hallucination versus recall" plot of a run.

Left, the scatter the seed asks for: recall composite (x, 0–5) against hallucination rate (y) per
evaluation point (persona × checkpoint), coloured by persona, with the least-squares line through the
points so the sign of the correlation can be seen. Right, the two trends against corpus size: the
hallucination rate and the recall composite of each checkpoint across personas (white) with the
fitted line and its reading ("+0.9 pp per 100 days"), the personas' own points faint behind. The
correlation, and the seed's warning when hallucination falls as recall falls, sit in the title area.

Drawn on a bare :class:`matplotlib.figure.Figure` with ``FigureCanvasAgg`` (pyplot is never imported),
dark like ``heatmap.png``; the bytes are stable for a given analysis: fixed size and dpi, DejaVu Sans
and the text settings pinned while drawing, no ``Software`` key in the PNG's metadata.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._atomic import atomic_write_bytes
from .._numfmt import to_fixed as _fixed
from ..results.hallucination import (
    EvalPoint,
    HallucinationAnalysis,
    LinearFit,
    direction,
    least_squares,
)
from .hallucination_text import trend_reading

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["PERSONA_COLOURS", "render_hallucination_png"]

DPI = 100
WIDTH, HEIGHT = 1500, 820
FONT = "DejaVu Sans"
BACKGROUND = "#13131f"
PANEL = "#191928"
TEXT = "#e8e8f0"
DIM = "#9696aa"
FAINT = "#69697d"
RULE = "#3a3a4c"
FIT = "#f5b432"
"""Fitted lines: the heatmap's amber."""
WARNING_COLOUR = "#ff6b6b"
HEALTHY = "#38c364"

PERSONA_COLOURS: tuple[str, ...] = (
    "#4e9af1",
    "#f28e4c",
    "#5cc8a0",
    "#e0607e",
    "#b48ef0",
    "#e8d25a",
    "#6fd3e8",
    "#f07cc8",
    "#9ccf5a",
    "#c9a27a",
)
"""One colour per persona, in persona-id order (repeating after ten)."""

MAX_LEGEND = 10
"""Personas named in the scatter's legend; the rest are summed up as ``+k more``."""


def _persona_colours(analysis: HallucinationAnalysis) -> dict[str, str]:
    ids = sorted({p.persona_id for p in analysis.points})
    return {pid: PERSONA_COLOURS[i % len(PERSONA_COLOURS)] for i, pid in enumerate(ids)}


def _style(ax: Axes, *, xlabel: str, ylabel: str) -> None:
    ax.set_facecolor(PANEL)
    for spine in ax.spines.values():
        spine.set_color(RULE)
    ax.tick_params(colors=DIM, labelsize=9)
    ax.grid(True, color=RULE, linewidth=0.6, alpha=0.7)
    ax.set_axisbelow(True)
    ax.set_xlabel(xlabel, color=DIM, fontsize=10)
    ax.set_ylabel(ylabel, color=DIM, fontsize=10)


def _rate_top(points: Sequence[EvalPoint]) -> float:
    """The y-axis top for rates: room above the highest, at least 5 %, at most 100 %."""
    highest = max((p.hallucination_rate for p in points), default=0.0)
    return min(100.0, max(5.0, highest * 1.08 + 1.0))


def _line_through(ax: Axes, fit: LinearFit, x0: float, x1: float, **kw: Any) -> None:
    ax.plot([x0, x1], [fit.intercept + fit.slope * x0, fit.intercept + fit.slope * x1], **kw)


def _scatter(ax: Axes, analysis: HallucinationAnalysis, colours: dict[str, str]) -> None:
    from matplotlib.lines import Line2D

    _style(
        ax,
        xlabel="recall composite (correctness + completeness, 0–5)",
        ylabel="hallucination rate (%)",
    )
    ax.set_title(
        "Recall vs hallucination per evaluation point", color=TEXT, fontsize=12, loc="left", pad=10
    )
    # A little room past 0 and 5 so that points on the edges are not cut in half.
    top = _rate_top(analysis.points)
    ax.set_xlim(-0.08, 5.08)
    ax.set_ylim(-top * 0.015, top)
    # One call, in checkpoint order: drawn persona by persona, the last persona would cover the
    # others wherever their (quantised) rates coincide.
    points = sorted(analysis.points, key=lambda p: (p.days, p.label, p.persona_id))
    many = len(points) > 200
    ax.scatter(
        [p.recall_composite for p in points],
        [p.hallucination_rate for p in points],
        s=13 if many else 30,
        c=[colours[p.persona_id] for p in points],
        alpha=0.6 if many else 0.9,
        linewidths=0,
        zorder=2,
    )
    handles: list[Any] = [
        Line2D([], [], marker="o", linestyle="none", markersize=6, color=colours[pid], label=pid)
        for pid in sorted(colours)[:MAX_LEGEND]
    ]
    # The line through the points shows the sign of r: rising to the left is the healthy pattern.
    xs = [p.recall_composite for p in points]
    fit = least_squares(xs, [p.hallucination_rate for p in points])
    if fit is not None and analysis.correlation is not None:
        (line,) = ax.plot(
            [min(xs), max(xs)],
            [fit.intercept + fit.slope * min(xs), fit.intercept + fit.slope * max(xs)],
            color=FIT,
            linewidth=1.8,
            linestyle="--",
            zorder=3,
            label=f"least squares (r = {_signed2(analysis.correlation)})",
        )
        handles.append(line)
    extra = len(colours) - MAX_LEGEND
    if extra > 0:
        handles.append(Line2D([], [], linestyle="none", label=f"+{extra} more personas"))
    ax.legend(
        handles=handles,
        loc="upper right",
        fontsize=8.5,
        frameon=True,
        facecolor=BACKGROUND,
        edgecolor=RULE,
        labelcolor=TEXT,
    )
    ax.text(
        0.01, 0.985, "← less recall", transform=ax.transAxes, color=FAINT, fontsize=8.5, va="top"
    )


def _signed2(r: float) -> str:
    text = _fixed(r, 2)
    return "\N{MINUS SIGN}" + text[1:] if text.startswith("-") else "+" + text


def _trend_panel(
    ax: Axes,
    analysis: HallucinationAnalysis,
    colours: dict[str, str],
    *,
    field: str,
    fit: LinearFit | None,
    unit: str,
    ylabel: str,
    title: str,
    intercept: str,
) -> None:
    _style(ax, xlabel="corpus size (days ingested)", ylabel=ylabel)
    ax.set_title(title, color=TEXT, fontsize=11, loc="left", pad=8)
    for pid in sorted(colours):
        mine = [p for p in analysis.points if p.persona_id == pid]
        ax.scatter(
            [p.days for p in mine],
            [getattr(p, field) for p in mine],
            s=7 if len(analysis.points) > 200 else 16,
            color=colours[pid],
            alpha=0.35,
            linewidths=0,
            zorder=2,
        )
    cps = analysis.checkpoints
    ax.plot(
        [p.days for p in cps],
        [getattr(p, field) for p in cps],
        color=TEXT,
        linewidth=1.1,
        marker="o" if len(cps) <= 40 else None,
        markersize=3.5,
        zorder=3,
        label="all personas (question-weighted)",
    )
    days = [p.days for p in cps]
    if fit is not None and days:
        reading = trend_reading(fit, unit=unit)
        _line_through(
            ax,
            fit,
            float(min(days)),
            float(max(days)),
            color=FIT,
            linewidth=2.0,
            linestyle="--",
            zorder=4,
            label=f"fit: {reading} · intercept {intercept}",
        )
    ax.legend(
        loc="best",
        fontsize=8.5,
        frameon=True,
        facecolor=BACKGROUND,
        edgecolor=RULE,
        labelcolor=TEXT,
    )


def _centred(fig: Figure, y: float, text: str, **kw: Any) -> None:
    fig.text(0.5, y, text, ha="center", va="center", **kw)


def _header(fig: Figure, analysis: HallucinationAnalysis) -> None:
    title = "Recall Bench — Hallucination vs Recall"
    _centred(fig, 0.962, title, color=TEXT, fontsize=19, fontweight="bold")
    if analysis.overall_rate is None:
        _centred(fig, 0.922, "no scored answers", color=DIM, fontsize=10.5)
        return
    source = (
        "per-question scores"
        if analysis.recall_source == "questions"
        else ("checkpoint aggregates (overall − grounded share)")
    )
    r = analysis.correlation
    sub = (
        f"{_fixed(analysis.overall_rate, 1)}% of {analysis.count:,} scored answers hallucinated · "
        + (f"r = {_signed2(r)}" if r is not None else "no correlation")
        + f" over {len(analysis.points)} evaluation points · recall composite from {source}"
    )
    _centred(fig, 0.922, sub, color=DIM, fontsize=10.5)
    if analysis.warning is not None:
        head, _, rest = analysis.warning.partition(" — ")
        _centred(
            fig, 0.885, f"WARNING: {head}", color=WARNING_COLOUR, fontsize=12.5, fontweight="bold"
        )
        if rest:
            _centred(fig, 0.857, rest[0].upper() + rest[1:], color=WARNING_COLOUR, fontsize=10.5)
    elif direction(analysis) == "expected":
        _centred(
            fig,
            0.885,
            "hallucination rises as recall falls — the expected direction: the system admits what "
            "it has lost",
            color=HEALTHY,
            fontsize=11,
        )
    elif r is not None:
        _centred(
            fig,
            0.885,
            "no clear relationship between recall and hallucination",
            color=DIM,
            fontsize=11,
        )


def _draw(fig: Figure, analysis: HallucinationAnalysis) -> None:
    colours = _persona_colours(analysis)
    _header(fig, analysis)
    grid = fig.add_gridspec(
        2,
        2,
        left=0.055,
        right=0.985,
        bottom=0.075,
        top=0.8,
        wspace=0.16,
        hspace=0.42,
        width_ratios=(1.15, 1.0),
    )
    scatter = fig.add_subplot(grid[:, 0])
    rate = fig.add_subplot(grid[0, 1])
    recall = fig.add_subplot(grid[1, 1], sharex=rate)
    if not analysis.points:
        for ax in (scatter, rate, recall):
            _style(ax, xlabel="", ylabel="")
            ax.set_xticks([])
            ax.set_yticks([])
            ax.text(
                0.5,
                0.5,
                "no scored answers",
                transform=ax.transAxes,
                color=DIM,
                ha="center",
                va="center",
                fontsize=12,
            )
        return
    _scatter(scatter, analysis, colours)
    h = analysis.hallucination_trend
    _trend_panel(
        rate,
        analysis,
        colours,
        field="hallucination_rate",
        fit=h,
        unit="pp",
        ylabel="hallucination rate (%)",
        title="Hallucination rate vs corpus size",
        intercept=f"{_fixed(h.intercept, 1)}%" if h is not None else "",
    )
    top = _rate_top(analysis.points)
    rate.set_ylim(-top * 0.015, top)
    r = analysis.recall_trend
    _trend_panel(
        recall,
        analysis,
        colours,
        field="recall_composite",
        fit=r,
        unit="",
        ylabel="recall composite (0–5)",
        title="Recall composite vs corpus size",
        intercept=_fixed(r.intercept, 2) if r is not None else "",
    )
    recall.set_ylim(-0.08, 5.08)


def render_hallucination_png(analysis: HallucinationAnalysis, path: Path | None = None) -> bytes:
    """Draw ``hallucination.png`` for an analysis.

    Args:
        analysis: From :func:`recallbench.results.hallucination.analyze_hallucination`.
        path: Also write the PNG there (atomically, creating its directory).

    Returns:
        The PNG's bytes (1500 × 820 px), identical for identical analyses.
    """
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    # Pinned so that a user's matplotlibrc cannot change a byte (or turn on TeX, or parse $…$).
    with matplotlib.rc_context(
        {
            "font.family": [FONT],
            "font.style": "normal",
            "font.variant": "normal",
            "font.weight": "normal",
            "font.stretch": "normal",
            "font.size": 10,
            "text.usetex": False,
            "text.parse_math": False,
            "text.antialiased": True,
            "text.hinting": "default",
            "axes.unicode_minus": True,
            "lines.antialiased": True,
            "patch.antialiased": True,
            "path.simplify": True,
        }
    ):
        fig = Figure(figsize=(WIDTH / DPI, HEIGHT / DPI), dpi=DPI, facecolor=BACKGROUND)
        FigureCanvasAgg(fig)
        _draw(fig, analysis)
        fig.text(
            0.5,
            0.018,
            "Generated by recallbench",
            color=FAINT,
            fontsize=8.5,
            ha="center",
            va="center",
        )
        out = io.BytesIO()
        fig.savefig(out, format="png", dpi=DPI, facecolor=BACKGROUND, metadata={"Software": None})
    data = out.getvalue()
    if path is not None:
        atomic_write_bytes(Path(path), data)
    return data
