"""``heatmap.png``: the heatmap view drawn with matplotlib's Agg renderer (reference §3.8).

Everything that is not text — the background, every cell, the separator, the x ticks, the legend's
gradient and swatches — is painted into one RGB array at the figure's exact pixel size and placed
with ``figimage`` (no resampling, so cells are crisp and a 150-column run costs no more than a
5-column one); titles, labels and the metadata block are figure text on top. The figure is a bare
:class:`matplotlib.figure.Figure` on a ``FigureCanvasAgg``: pyplot is never imported, so a notebook's
backend is left alone.

The bytes are stable for a given view: fixed size and dpi, DejaVu Sans (shipped with matplotlib)
and the text settings pinned for the duration of the drawing, and no ``Software`` key in the PNG's
metadata (it would change with every matplotlib upgrade).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from .._atomic import atomic_write_bytes
from ..results.heatmap import (
    FAILED_MARK,
    FAILED_RGB,
    FAILED_TEXT,
    NO_DATA_RGB,
    NOT_ELIGIBLE_RGB,
    WIDE_MARK,
    HeatmapView,
    HeatRow,
    cell_rgb,
    heatmap_view,
    label_columns,
    score_rgb,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.text import Text

    from ..results.records import BenchmarkResult

__all__ = ["PngLayout", "png_layout", "render_heatmap_png", "write_heatmap_png"]

DPI = 100
FONT = "DejaVu Sans"
BACKGROUND = (19, 19, 31)  # #13131f
TEXT = (232, 232, 240)
DIM = (150, 150, 170)
FAINT = (105, 105, 125)
RULE = (58, 58, 76)
HALLUCINATION_LABEL = (214, 140, 140)
INTERIM = (245, 180, 50)
CELL_TEXT = (20, 20, 30)
FAILED_INK = (240, 236, 250)
FAILED_SWATCH_DY = 22
"""The failed swatch's row in the legend, below the others."""
"""Text on a failed (violet) cell."""

LABEL_COLUMN = 270
"""Pixels left of the grid, for the row labels."""
ROW_HEIGHT = 32
CELL_INSET = 2
"""Gap above and below each cell inside its row."""
MIN_WIDTH = 960
RIGHT_MARGIN = 60
GRID_BUDGET = 1000
"""The grid's target width: cells are ``GRID_BUDGET // columns`` wide within the bounds below."""
MIN_CELL, MAX_CELL = 6, 64
LABEL_SPACING = 56
"""At least this many pixels between two x labels."""
VALUE_CELL = 44
"""Cells at least this wide carry their value as text."""
META_LINE = 18
LEGEND_BAR = 300


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


@attrs.frozen(kw_only=True)
class PngLayout:
    """Where things go, in pixels from the top left, for one view."""

    width: int
    height: int
    cell_width: int
    grid_left: int
    grid_top: int
    summary_top: int
    """Top of the OVERALL row (the separator sits midway above it)."""
    axis_top: int
    legend_top: int
    grid_width: int
    labelled_columns: tuple[int, ...]


def png_layout(view: HeatmapView) -> PngLayout:
    """The pixel layout of a view: the figure grows with the column count (cells 6–64 px wide),
    and never gets narrower than 960 px, so 5 and 150+ columns both stay readable.

    Args:
        view: The heatmap to lay out.

    Returns:
        The layout.
    """
    n = len(view.columns)
    cell = min(MAX_CELL, max(MIN_CELL, GRID_BUDGET // max(n, 1)))
    grid_width = cell * n
    width = max(MIN_WIDTH, LABEL_COLUMN + grid_width + RIGHT_MARGIN)
    grid_top = 104 + META_LINE * len(view.metadata_items) + 14
    summary_top = grid_top + ROW_HEIGHT * len(view.category_rows) + 20
    axis_top = summary_top + ROW_HEIGHT * len(view.summary_rows)
    legend_top = axis_top + 58
    height = legend_top + 120
    labelled = label_columns(n, max(1, grid_width // LABEL_SPACING)) if n else ()
    return PngLayout(
        width=width,
        height=height,
        cell_width=cell,
        grid_left=LABEL_COLUMN,
        grid_top=grid_top,
        summary_top=summary_top,
        axis_top=axis_top,
        legend_top=legend_top,
        labelled_columns=labelled,
        grid_width=grid_width,
    )


def _row_pixels(row: HeatRow, cell_width: int) -> np.ndarray[Any, np.dtype[np.uint8]]:
    colours = np.array([cell_rgb(row, c) for c in row.cells], dtype=np.uint8).reshape(-1, 3)
    return np.repeat(colours, cell_width, axis=0)


def _canvas(view: HeatmapView, lay: PngLayout) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """Every non-text pixel of the picture."""
    img = np.empty((lay.height, lay.width, 3), dtype=np.uint8)
    img[:] = BACKGROUND
    left, right = lay.grid_left, lay.grid_left + lay.grid_width
    tops = [lay.grid_top + ROW_HEIGHT * i for i in range(len(view.category_rows))]
    tops += [lay.summary_top + ROW_HEIGHT * i for i in range(len(view.summary_rows))]
    for top, row in zip(tops, (*view.category_rows, *view.summary_rows), strict=True):
        if row.cells:
            img[top + CELL_INSET : top + ROW_HEIGHT - CELL_INSET, left:right] = _row_pixels(
                row, lay.cell_width
            )
    separator = lay.summary_top - 10
    img[separator, 40:right] = RULE
    for i in lay.labelled_columns:
        x = left + i * lay.cell_width + lay.cell_width // 2
        img[lay.axis_top + 3 : lay.axis_top + 8, x] = FAINT
    # Legend: the ramp from 6.0 (left) down to 0.0, then the two swatches.
    bar_top = lay.legend_top
    ramp = np.array(
        [score_rgb(6.0 * (1 - i / (LEGEND_BAR - 1))) for i in range(LEGEND_BAR)], dtype=np.uint8
    )
    img[bar_top : bar_top + 16, left : left + LEGEND_BAR] = ramp
    swatches = [
        (left + LEGEND_BAR + 40, bar_top, NO_DATA_RGB),
        (left + LEGEND_BAR + 170, bar_top, NOT_ELIGIBLE_RGB),
    ]
    if view.failure_legend is not None:  # only then, so that other runs' pictures stay the same
        # Beneath the first swatch: a narrow picture has no room for a third beside it.
        swatches.append((left + LEGEND_BAR + 40, bar_top + FAILED_SWATCH_DY, FAILED_RGB))
    for x, top, rgb in swatches:
        img[top - 1 : top + 17, x - 1 : x + 25] = RULE  # a frame: black is near the background
        img[top : top + 16, x : x + 24] = rgb
    return img


def _fit(fig: Figure, label: Text, pixels: float, *, min_size: float | None = None) -> None:
    """Make a drawn text at most ``pixels`` wide: first smaller (down to ``min_size``), then cut
    with an ellipsis. Measured, not guessed: adapter and model names can be any length."""
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]

    def width() -> float:
        return float(label.get_window_extent(renderer=renderer).width)

    if width() <= pixels:
        return
    size = float(label.get_fontsize())
    while min_size is not None and size > min_size and width() > pixels:
        size -= 1
        label.set_fontsize(size)
    full = label.get_text()
    lo, hi = 1, len(full)  # the longest prefix that fits, by bisection
    while lo < hi and width() > pixels:
        mid = (lo + hi + 1) // 2
        label.set_text(full[:mid] + "…")
        if width() <= pixels:
            lo = mid
        else:
            hi = mid - 1
        label.set_text(full[:lo] + "…")


def _value(kind: str, value: float) -> str:
    return f"{value:.1f}%" if kind == "hallucination" else f"{value:.1f}"


def _draw(fig: Figure, view: HeatmapView, lay: PngLayout, values: bool) -> None:
    w, h = lay.width, lay.height

    def text(
        x: float, y: float, s: str, *, size: float, color: tuple[int, int, int], **kw: Any
    ) -> Text:
        return fig.text(
            x / w, 1 - y / h, s, fontsize=size, color=_hex(color), fontfamily=FONT, **kw
        )

    left = lay.grid_left
    centre = w / 2
    title = text(
        centre,
        40,
        view.title,
        size=20,
        color=INTERIM if view.interim else TEXT,
        ha="center",
        va="center",
        fontweight="bold",
    )
    _fit(fig, title, w - 40, min_size=13)
    subtitle = text(centre, 72, view.subtitle, size=11, color=DIM, ha="center", va="center")
    _fit(fig, subtitle, w - 40)
    key_x, value_x = left - 180, left - 50
    for i, (key, value) in enumerate(view.metadata_items):
        y = 104 + META_LINE * i + META_LINE / 2
        text(key_x, y, key, size=9.5, color=FAINT, va="center")
        shown = text(value_x, y, value, size=9.5, color=TEXT, va="center")
        _fit(fig, shown, w - value_x - 24)

    rows = [(lay.grid_top + ROW_HEIGHT * i, r) for i, r in enumerate(view.category_rows)]
    rows += [(lay.summary_top + ROW_HEIGHT * i, r) for i, r in enumerate(view.summary_rows)]
    for top, row in rows:
        y = top + ROW_HEIGHT / 2
        if row.kind == "category":
            text(left - 14, y, row.label, size=11, color=TEXT, ha="right", va="center")
        else:
            colour = HALLUCINATION_LABEL if row.kind == "hallucination" else TEXT
            text(
                left - 14,
                y,
                row.label,
                size=11,
                color=colour,
                ha="right",
                va="center",
                fontweight="bold",
            )
        for i, cell in enumerate(row.cells):
            x = left + i * lay.cell_width + lay.cell_width / 2
            if cell.state == "failed":  # said in words too: a colour alone is easy to misread
                word = FAILED_TEXT if values else "×"
                text(x, y, word, size=8, color=FAILED_INK, ha="center", va="center")
                continue
            if cell.state != "score" or cell.filled or cell.value is None:
                continue
            mark = (WIDE_MARK if cell.wide else "") + (FAILED_MARK if cell.partly_failed else "")
            if not values and not mark:
                continue
            # A wide interval or a failed answer is marked whether or not the values fit (then
            # the mark alone).
            value = (_value(row.kind, cell.value) if values else "") + mark
            text(x, y, value, size=8, color=CELL_TEXT, ha="center", va="center")

    for i in lay.labelled_columns:
        x = left + i * lay.cell_width + lay.cell_width / 2
        text(x, lay.axis_top + 18, view.columns[i], size=8.5, color=DIM, ha="center", va="center")

    bar = lay.legend_top
    text(left - 14, bar + 8, "composite score", size=9.5, color=DIM, ha="right", va="center")
    for k in range(7):
        x = left + (LEGEND_BAR - 1) * k / 6
        text(x, bar + 28, f"{6 - k:.1f}", size=8.5, color=DIM, ha="center", va="center")
    text(left + LEGEND_BAR + 70, bar + 8, "= no data", size=9.5, color=DIM, va="center")
    text(left + LEGEND_BAR + 200, bar + 8, "= not yet eligible", size=9.5, color=DIM, va="center")
    if view.failure_legend is not None:
        text(
            left + LEGEND_BAR + 70,
            bar + FAILED_SWATCH_DY + 8,
            "= every answer failed",
            size=9.5,
            color=DIM,
            va="center",
        )
    notes = ["hallucination rate row: 0 % green → 50 % amber → 100 % red"]
    if any(c.filled for r in view.rows for c in r.cells):
        notes.append("a gap between sampled checkpoints shows the previous value of its row")
    if view.interval_legend is not None:
        notes.append(view.interval_legend)
    if view.failure_legend is not None:
        notes.append(view.failure_legend)
    for k, note in enumerate(notes):
        text(left, bar + 52 + 16 * k, note, size=8.5, color=FAINT, va="center")
    text(
        centre, h - 22, "Generated by recallbench", size=8.5, color=FAINT, ha="center", va="center"
    )


def render_heatmap_png(
    view: HeatmapView, path: Path | None = None, *, values: bool | None = None
) -> bytes:
    """Draw a heatmap view as a PNG.

    Args:
        view: What to draw (see :func:`recallbench.results.heatmap.heatmap_view`).
        path: Also write the PNG there (atomically, creating its directory).
        values: Print each real cell's value in it; by default only when cells are wide enough
            (about 22 columns or fewer).

    Returns:
        The PNG's bytes, identical for identical views.
    """
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    lay = png_layout(view)
    show_values = lay.cell_width >= VALUE_CELL if values is None else values
    # Pinned so that a user's matplotlibrc cannot change a byte (or turn on TeX, or parse $…$).
    with matplotlib.rc_context(
        {
            "font.family": [FONT],
            "font.style": "normal",
            "font.variant": "normal",
            "font.weight": "normal",
            "font.stretch": "normal",
            "text.usetex": False,
            "text.parse_math": False,
            "text.antialiased": True,
            "text.hinting": "default",
            "axes.unicode_minus": True,
            "savefig.bbox": None,
            "savefig.pad_inches": 0.1,
            "savefig.transparent": False,
            "savefig.orientation": "portrait",
        }
    ):
        fig = Figure(
            figsize=(lay.width / DPI, lay.height / DPI), dpi=DPI, facecolor=_hex(BACKGROUND)
        )
        FigureCanvasAgg(fig)
        fig.figimage(_canvas(view, lay), xo=0, yo=0, origin="upper")
        _draw(fig, view, lay, show_values)
        out = io.BytesIO()
        fig.savefig(
            out, format="png", dpi=DPI, facecolor=_hex(BACKGROUND), metadata={"Software": None}
        )
    data = out.getvalue()
    if path is not None:
        atomic_write_bytes(Path(path), data)
    return data


def write_heatmap_png(
    result: BenchmarkResult, path: Path | str, *, interim: str | None = None
) -> Path:
    """Write ``heatmap.png`` for a result.

    Args:
        result: The run.
        path: Where to write the PNG (usually beside ``result.json``).
        interim: A note for an unfinished run, e.g. ``"INTERIM — 12/30 checkpoints"``.

    Returns:
        The path written.
    """
    target = Path(path)
    render_heatmap_png(heatmap_view(result, interim=interim), target)
    return target
