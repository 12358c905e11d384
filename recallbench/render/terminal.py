"""The heatmap as terminal text: the seed's layout, each cell painted with a 24-bit ANSI colour.

::

                                    7d    14d    21d  ...   994d  1000d
    ───────────────────────────────────────────────────────────────────
      factual-recall               5.5    5.5    5.4  ...    3.8    3.8
      contradiction-resolution      --     --     --  ...    2.4    2.4
    ───────────────────────────────────────────────────────────────────
      OVERALL                     5.06   5.04   5.01  ...   3.17   3.16
    ═══════════════════════════════════════════════════════════════════
      Hallucination rate:         1.0%   1.1%   1.1%  ...  10.1%  10.3%
    ═══════════════════════════════════════════════════════════════════

      143 evaluation points (... indicates ~136 omitted columns)

Columns that do not fit ``width`` are elided in the middle: the first and the last ones stay. Text
shows only measured values: a cell the view forward-filled (§3.8) prints ``--`` on gray here, since a
number in a table reads as a measurement. A cell whose every answer failed reads ``fail`` (violet), one
where some failed carries ``!`` after its value, and a legend line says so. Pure; no terminal is queried — the caller decides on colour
(usually ``sys.stdout.isatty()``) and width.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from .._numfmt import to_fixed as _fixed
from ..results.heatmap import (
    FAILED_MARK,
    FAILED_RGB,
    FAILED_TEXT,
    NO_DATA_RGB,
    NOT_ELIGIBLE_RGB,
    WIDE_MARK,
    HeatCell,
    HeatmapView,
    HeatRow,
    cell_rgb,
)

__all__ = ["format_heatmap_terminal"]

EMPTY = "--"
ELLIPSIS = "..."
MIN_LABEL = 24
"""Room for the longest core category name, so grids with and without group rows line up."""

RESET = "\x1b[0m"
BOLD = "\x1b[1m"
INK = (20, 20, 30)
"""Text on a coloured cell."""
DIM_INK = {
    NO_DATA_RGB: (165, 165, 178),
    NOT_ELIGIBLE_RGB: (95, 95, 110),
    FAILED_RGB: (240, 236, 250),
}


def _paint(text: str, background: tuple[int, int, int]) -> str:
    fr, fg, fb = DIM_INK.get(background, INK)
    r, g, b = background
    return f"\x1b[48;2;{r};{g};{b}m\x1b[38;2;{fr};{fg};{fb}m{text}{RESET}"


def _measured(cell: HeatCell) -> bool:
    return cell.state == "score" and not cell.filled and cell.value is not None


def _text(row: HeatRow, cell: HeatCell) -> str:
    if cell.state == "failed":
        return FAILED_TEXT
    if not _measured(cell) or cell.value is None:
        return EMPTY
    mark = (WIDE_MARK if cell.wide else "") + (FAILED_MARK if cell.partly_failed else "")
    if row.kind == "overall":
        return _fixed(cell.value, 2) + mark
    if row.kind == "hallucination":
        return f"{_fixed(cell.value, 1)}%" + (FAILED_MARK if cell.partly_failed else "")
    return _fixed(cell.value, 1) + mark


def _row_label(row: HeatRow) -> str:
    if row.kind == "hallucination":
        return "Hallucination rate:"
    return row.label


def _shown_columns(n: int, fits: int) -> tuple[list[int], int]:
    """The column indexes to print and how many are left out (first and last always shown)."""
    if n <= fits:
        return list(range(n)), 0
    keep = max(2, fits)
    tail = keep // 2
    head = keep - tail
    return [*range(head), *range(n - tail, n)], n - keep


def format_heatmap_terminal(
    view: HeatmapView, *, width: int = 100, color: bool = True, title: bool = False
) -> str:
    """The heatmap as lines of text for a terminal.

    Args:
        view: What to show (see :func:`recallbench.results.heatmap.heatmap_view`).
        width: The terminal's width in characters; columns that do not fit are elided in the
            middle (at least the first and the last are always shown).
        color: Paint each cell's background with its colour (24-bit ANSI escapes); plain text
            without a single escape code otherwise.
        title: Start with the view's title and subtitle between double rules.

    Returns:
        The grid, lines joined by ``\\n``, without a trailing newline.
    """
    labels = [_row_label(r) for r in view.rows]
    label_width = 2 + max([MIN_LABEL, *(len(s) for s in labels)]) + 2
    texts = [[_text(row, c) for c in row.cells] for row in view.rows]
    value_width = max(
        [len(ELLIPSIS), *(len(s) for s in view.columns), *map(len, itertools.chain(*texts))]
    )
    cell_width = value_width + 3  # a separating space, then one space of padding each side

    n = len(view.columns)
    fits = max(0, (width - label_width - cell_width) // cell_width)
    if n * cell_width + label_width <= width:
        fits = n
    shown, omitted = _shown_columns(n, fits)
    elide_at = next((k for k in range(1, len(shown)) if shown[k] != shown[k - 1] + 1), None)
    slots: list[int | None] = list(shown)
    if elide_at is not None:
        slots.insert(elide_at, None)
    line_width = label_width + cell_width * len(slots)

    def cells(values: Sequence[str], row: HeatRow | None) -> str:
        out = []
        for slot in slots:
            if slot is None:
                out.append(" " + ELLIPSIS.center(value_width + 2))
                continue
            padded = f" {values[slot].rjust(value_width)} "
            if color and row is not None:
                padded = _paint(padded, cell_rgb(row, _display(row.cells[slot])))
            out.append(" " + padded)
        return "".join(out)

    def row_line(index: int) -> str:
        row = view.rows[index]
        label = f"  {labels[index]}".ljust(label_width)
        if color and row.kind != "category":
            label = f"{BOLD}{label}{RESET}"
        return label + cells(texts[index], row)

    thin, thick = "─" * line_width, "═" * line_width
    lines: list[str] = []
    if title:
        lines += [thick, f"  {view.title}", f"  {view.subtitle}", thick]
    lines.append(" " * label_width + cells(view.columns, None))
    lines.append(thin)
    kinds = [r.kind for r in view.rows]
    lines += [row_line(i) for i, kind in enumerate(kinds) if kind == "category"]
    lines.append(thin)
    lines += [row_line(i) for i, kind in enumerate(kinds) if kind == "overall"]
    lines.append(thick)
    lines += [row_line(i) for i, kind in enumerate(kinds) if kind == "hallucination"]
    lines.append(thick)
    if omitted:
        lines += ["", f"  {n} evaluation points (... indicates ~{omitted} omitted columns)"]
    if view.interval_legend is not None:
        lines += ["", f"  {view.interval_legend}"]
    if view.failure_legend is not None:
        lines += ["", f"  {view.failure_legend}"]
    return "\n".join(line.rstrip() for line in lines)


def _display(cell: HeatCell) -> HeatCell:
    """A forward-filled cell is drawn as what it is here: no data."""
    if cell.filled:
        return HeatCell(
            value=None,
            state="no-data",
            question_count=cell.question_count,
            eligible_count=cell.eligible_count,
            filled=False,
        )
    return cell
