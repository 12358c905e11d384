"""Small inline SVG charts for the HTML report: lines over the corpus axis, a scatter, a sparkline.
Pure: strings in, strings out; every text goes through :func:`html.escape`.

Inline SVG rather than embedded PNGs: it stays sharp at any zoom, carries a tooltip per point
(``<title>``), and keeps the report one self-contained file.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

import attrs

__all__ = [
    "PALETTE",
    "ScatterPoint",
    "Series",
    "line_chart",
    "nice_ticks",
    "scatter_chart",
    "sparkline",
]

PALETTE: tuple[str, ...] = (
    "#7aa2ff",
    "#f5b432",
    "#38c364",
    "#e86fd0",
    "#4fd1c5",
    "#ff7f50",
    "#b39ddb",
    "#c0ca33",
    "#90a4ae",
    "#f06292",
)
"""Series colours, in order (distinguishable on the report's dark background)."""


@attrs.frozen(kw_only=True)
class Series:
    """One line: its name, colour and (x, y) points in x order."""

    name: str
    colour: str
    points: tuple[tuple[float, float], ...]
    dashed: bool = False


@attrs.frozen(kw_only=True)
class ScatterPoint:
    x: float
    y: float
    colour: str
    tooltip: str
    radius: float = 4.0


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering ``[low, high]``: steps of 1, 2 or 5 times a power of ten.

    Args:
        low: The axis minimum.
        high: The axis maximum (``high <= low`` gives the single tick ``low``).
        count: About how many ticks to aim for.

    Returns:
        Ascending ticks within ``[low, high]``.
    """
    if not high > low or not math.isfinite(high - low):
        return [low]
    raw = (high - low) / max(1, count)
    exponent = math.floor(math.log10(raw))
    steps = [m * 10**e for e in (exponent - 1, exponent, exponent + 1) for m in (1, 2, 5)]
    index = next(i for i, step in enumerate(steps) if step >= raw)
    # The first round step above raw can be wider than the range and miss it altogether
    # (1 to 400,002 in steps of 500,000): step down until a multiple falls inside.
    while index > 0 and _first_multiple(low, steps[index]) > high + steps[index] * 1e-9:
        index -= 1
    step = steps[index]
    first = _first_multiple(low, step)
    ticks = []
    i = 0
    # Each tick from the first by multiplication: added up, the steps' rounding errors would drift.
    while (value := first + i * step) <= high + step * 1e-9:
        ticks.append(round(value, 10))
        i += 1
    return ticks


def _first_multiple(low: float, step: float) -> float:
    return math.ceil(low / step - 1e-9) * step


def _tick_text(value: float) -> str:
    return f"{value:g}" if abs(value) < 10_000 else f"{value:,.0f}"


class _Frame:
    """A plot area inside an SVG of ``width`` × ``height`` with margins for the axes."""

    left, right, top, bottom = 46, 14, 12, 38

    def __init__(
        self, width: int, height: int, x_range: tuple[float, float], y_range: tuple[float, float]
    ) -> None:
        self.width, self.height = width, height
        self.x0, self.x1 = x_range
        self.y0, self.y1 = y_range

    def x(self, value: float) -> float:
        span = (self.x1 - self.x0) or 1.0
        return self.left + (value - self.x0) / span * (self.width - self.left - self.right)

    def y(self, value: float) -> float:
        span = (self.y1 - self.y0) or 1.0
        return (
            self.height
            - self.bottom
            - (value - self.y0) / span * (self.height - self.top - self.bottom)
        )

    def axes(self, x_label: str, y_label: str) -> list[str]:
        out = []
        for t in nice_ticks(self.y0, self.y1):
            y = self.y(t)
            out.append(
                f'<line class="grid" x1="{self.left}" x2="{self.width - self.right}" '
                f'y1="{y:.1f}" y2="{y:.1f}"/>'
                f'<text x="{self.left - 6}" y="{y + 4:.1f}" text-anchor="end">{_tick_text(t)}</text>'
            )
        base = self.height - self.bottom
        for t in nice_ticks(self.x0, self.x1, 8):
            x = self.x(t)
            out.append(
                f'<line class="axis" x1="{x:.1f}" x2="{x:.1f}" y1="{base}" y2="{base + 4}"/>'
                f'<text x="{x:.1f}" y="{base + 16}" text-anchor="middle">{_tick_text(t)}</text>'
            )
        out.append(
            f'<line class="axis" x1="{self.left}" x2="{self.width - self.right}" y1="{base}" '
            f'y2="{base}"/><line class="axis" x1="{self.left}" x2="{self.left}" y1="{self.top}" '
            f'y2="{base}"/>'
            f'<text x="{(self.left + self.width - self.right) / 2:.1f}" y="{self.height - 4}" '
            f'text-anchor="middle">{escape(x_label)}</text>'
            f'<text transform="translate(12 {(self.top + base) / 2:.1f}) rotate(-90)" '
            f'text-anchor="middle">{escape(y_label)}</text>'
        )
        return out


def _svg(frame: _Frame, label: str, body: list[str]) -> str:
    return (
        f'<svg viewBox="0 0 {frame.width} {frame.height}" role="img" aria-label="{escape(label)}">'
        f"{''.join(body)}</svg>"
    )


def line_chart(
    series: Sequence[Series],
    *,
    label: str,
    x_label: str,
    y_label: str,
    y_range: tuple[float, float],
    width: int = 720,
    height: int = 300,
) -> str:
    """Lines over a shared x axis (from 0 to the largest x), with a tooltip per point."""
    xs = [x for s in series for x, _ in s.points]
    frame = _Frame(width, height, (0.0, max(xs, default=1.0) or 1.0), y_range)
    body = frame.axes(x_label, y_label)
    # A dot per point while they are few enough to tell apart; the same rule for every line.
    dots = max((len(s.points) for s in series), default=0) <= 40
    for s in series:
        if not s.points:
            continue
        path = " ".join(f"{frame.x(x):.1f},{frame.y(y):.1f}" for x, y in s.points)
        dash = ' stroke-dasharray="5 4"' if s.dashed else ""
        body.append(
            f'<polyline fill="none" stroke="{s.colour}" stroke-width="{2.4 if s.dashed else 1.6}"'
            f'{dash} points="{path}"><title>{escape(s.name)}</title></polyline>'
        )
        if dots and not s.dashed:
            for x, y in s.points:
                body.append(
                    f'<circle cx="{frame.x(x):.1f}" cy="{frame.y(y):.1f}" r="2.6" '
                    f'fill="{s.colour}"><title>{escape(s.name)} · {x:g} days · '
                    f"{y:.2f}</title></circle>"
                )
    return _svg(frame, label, body)


def scatter_chart(
    points: Sequence[ScatterPoint],
    *,
    label: str,
    x_label: str,
    y_label: str,
    x_range: tuple[float, float],
    y_range: tuple[float, float],
    trend: tuple[float, float] | None = None,
    width: int = 720,
    height: int = 320,
) -> str:
    """Points with a tooltip each, and an optional fitted line ``y = slope * x + intercept``."""
    frame = _Frame(width, height, x_range, y_range)
    body = frame.axes(x_label, y_label)
    if trend is not None:
        slope, intercept = trend
        x0, x1 = x_range
        y0, y1 = slope * x0 + intercept, slope * x1 + intercept
        if all(math.isfinite(v) for v in (y0, y1)):
            lo, hi = y_range
            body.append(
                f'<line x1="{frame.x(x0):.1f}" y1="{frame.y(min(hi, max(lo, y0))):.1f}" '
                f'x2="{frame.x(x1):.1f}" y2="{frame.y(min(hi, max(lo, y1))):.1f}" '
                'stroke="#e6e8ee" stroke-width="1.2" stroke-dasharray="6 4" opacity=".7">'
                "<title>least-squares fit</title></line>"
            )
    for p in points:
        body.append(
            f'<circle cx="{frame.x(p.x):.1f}" cy="{frame.y(p.y):.1f}" r="{p.radius:.1f}" '
            f'fill="{p.colour}" fill-opacity=".75" stroke="#101217" stroke-width=".6">'
            f"<title>{escape(p.tooltip)}</title></circle>"
        )
    return _svg(frame, label, body)


def sparkline(values: Sequence[float], *, y_max: float, colour: str, width: int = 130) -> str:
    """A tiny line of ``values`` (evenly spaced) on ``[0, y_max]``, for a table cell."""
    height = 26
    if not values:
        return ""
    if len(values) == 1:
        values = [values[0], values[0]]
    step = (width - 4) / (len(values) - 1)
    path = " ".join(
        f"{2 + i * step:.1f},{height - 2 - (min(max(v, 0.0), y_max) / y_max) * (height - 4):.1f}"
        for i, v in enumerate(values)
    )
    return (
        f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" aria-hidden="true" '
        f'><polyline fill="none" stroke="{colour}" '
        f'stroke-width="1.5" points="{path}"/></svg>'
    )
