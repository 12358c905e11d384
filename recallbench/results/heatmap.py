"""The heatmap every renderer draws: a pure view model of a result (reference §3.8).

:func:`heatmap_view` turns a :class:`~recallbench.results.records.BenchmarkResult` into rows × columns of
:class:`HeatCell`\\ s with their state (a score, no data, not yet eligible), the forward-fill of
sampling gaps, the OVERALL and hallucination-rate rows, a title and a metadata block. The PNG
(:mod:`recallbench.render.png`), the coloured terminal grid (:mod:`recallbench.render.terminal`) and
the HTML report draw the same view, so they cannot disagree about what a cell means.

Rules kept from the reference, and where we differ:

* Columns are the result's ranges sorted by days, duplicates by label dropped (first wins). The
  reference indexed range results by position in the *unsorted* range list, which misaligned its
  OVERALL and hallucination rows when ranges were given out of order; we look them up by label.
* Category rows come in the fixed :data:`~recallbench.data.qa.CATEGORIES` order (a benchmark
  family's own categories after them, or alone: :func:`~recallbench.data.qa.report_categories`); the two group rows are
  dropped when the run had group support off.
* A category cell is the run heatmap's cell: the question-count-weighted mean over personas of that
  category's mean at that checkpoint. ``eligible_count == 0`` is *not yet eligible* (near-black); a
  missing cell or one with no questions is *no data* (gray).
* Inside the completed columns (up to the last checkpoint any persona reached) a gray cell takes the
  previous real value of its row, marked ``filled`` — sampling gaps are hidden — but a near-black cell
  stops the carry and is never painted over. Columns after the last completed one (a partial run)
  stay gray.
* A cell whose answers the memory system *all* failed to give (any exception; ``query`` or
  ``connection``, :mod:`recallbench.results.failures`) is *failed*, never a score; a cell where
  some failed keeps its score and carries the count (``failures``), which every renderer marks.
* OVERALL is the mean over personas of each persona's overall score at that checkpoint (personas
  without questions there left out), falling back to the mean of the column's category cells; the
  hallucination row is the question-weighted hallucination rate (percent).

Sums go through :func:`math.fsum`, which is exactly rounded, so the order of personas cannot change a
single bit of the view.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

import attrs

from ..data.qa import GROUP_CATEGORIES, report_categories
from ..data.ranges import FULL_DAYS, TimeRange, normalize_ranges
from ..errors import ConfigError
from .failures import Failures, cell_failures, column_failures
from .heatmap_words import days_text as _days_text
from .heatmap_words import metadata_items as _metadata_items
from .heatmap_words import plural as _plural
from .intervals import is_wide, wide_above
from .intervals import points as _points
from .records import (
    BenchmarkResult,
    HeatmapCell,
    PersonaResult,
    ScoreInterval,
    TimeRangeResult,
)
from .scoring import MAX_COMPOSITE

__all__ = [
    "AMBER_RGB",
    "FAILED_MARK",
    "FAILED_RGB",
    "FAILED_TEXT",
    "GREEN_RGB",
    "NOT_ELIGIBLE_RGB",
    "NO_DATA_RGB",
    "RED_RGB",
    "WIDE_MARK",
    "CellState",
    "HeatCell",
    "HeatRow",
    "HeatmapView",
    "RowKind",
    "cell_rgb",
    "heatmap_view",
    "label_columns",
    "rate_rgb",
    "score_rgb",
]

RED_RGB = (220, 60, 60)
"""The ramp at score 0 (and at a 100 % hallucination rate)."""
AMBER_RGB = (245, 180, 50)
"""The ramp at score 3 (50 %)."""
GREEN_RGB = (56, 195, 100)
"""The ramp at score 6 (0 %)."""
NO_DATA_RGB = (60, 60, 68)
"""Gray: no cell, no questions, or a checkpoint not reached yet."""
NOT_ELIGIBLE_RGB = (15, 15, 20)
"""Near-black: no question of the category was eligible yet at that checkpoint."""
FAILED_RGB = (128, 72, 176)
"""Violet, off the ramp: every answer of the cell failed (the memory system gave none)."""
FAILED_TEXT = "fail"
"""What a failed cell reads instead of a value."""
FAILED_MARK = "!"
"""Drawn beside the value of a cell where some answers failed."""

TITLE = "Recall Bench — Aggregate Heatmap"
_NAME = "Recall Bench"


def family_labels(result: BenchmarkResult) -> tuple[str, str]:
    """The heatmap's name for the benchmark and for one of its units: what a benchmark family
    wrote beside its published figures (``heatmapTitle``, ``unit`` in its ``publicBenchmark``
    entry), else Recall Bench's (``Recall Bench``, ``persona``)."""
    for entry in (result.public_benchmark or {}).values():
        if isinstance(entry, Mapping) and isinstance(entry.get("heatmapTitle"), str):
            unit = entry.get("unit")
            return entry["heatmapTitle"], unit if isinstance(unit, str) and unit else "persona"
    return _NAME, "persona"


WIDE_MARK = "±"
"""Drawn beside the value of a cell whose bootstrap interval is wider than the run's threshold
(:attr:`HeatmapView.wide_above`); every renderer says so in a legend line
(:attr:`HeatmapView.interval_legend`)."""

CellState = Literal["score", "no-data", "not-eligible", "failed"]
RowKind = Literal["category", "overall", "hallucination"]

RGB = tuple[int, int, int]


def _round_half_up(x: float) -> int:
    # JavaScript's Math.round, which the reference's colours went through.
    return math.floor(x + 0.5)


def _ramp(t: float) -> RGB:
    if math.isnan(t):
        return NO_DATA_RGB
    t = min(1.0, max(0.0, t))
    if t < 0.5:
        lo, hi, u = RED_RGB, AMBER_RGB, t / 0.5
    else:
        lo, hi, u = AMBER_RGB, GREEN_RGB, (t - 0.5) / 0.5
    r, g, b = (_round_half_up(a + (z - a) * u) for a, z in zip(lo, hi, strict=True))
    return (r, g, b)


def score_rgb(score: float) -> RGB:
    """The colour of a composite score on the continuous red → amber → green ramp (no bins).

    Args:
        score: A composite score; ``t = clamp(score / 6, 0, 1)``. NaN is no data (gray).

    Returns:
        ``(r, g, b)``, each 0–255: red (220, 60, 60) at 0, amber (245, 180, 50) at 3, green
        (56, 195, 100) at 6, linear in between and rounded half up.
    """
    return _ramp(score / MAX_COMPOSITE)


def rate_rgb(rate_pct: float) -> RGB:
    """The colour of a hallucination rate on the same ramp, reversed: 0 % green, 50 % amber,
    100 % red (``t = 1 - rate / 100``).

    Args:
        rate_pct: A percentage, 0–100 (clamped). NaN is no data (gray).

    Returns:
        ``(r, g, b)``, each 0–255.
    """
    return _ramp(1.0 - rate_pct / 100.0)


@attrs.frozen(kw_only=True)
class HeatCell:
    """One cell of the heatmap.

    ``value`` is a composite score (0–6) in category and OVERALL rows and a percentage (0–100) in
    the hallucination row; it is None unless ``state`` is ``"score"``.
    """

    value: float | None
    state: CellState
    question_count: int
    """The questions behind the value at this checkpoint (0 for a filled cell)."""
    eligible_count: int | None
    """Questions of the row that were eligible here, when the result says (None otherwise)."""
    filled: bool
    """True when ``value`` is carried over from the previous real value of the row (§3.8)."""
    interval: ScoreInterval | None = None
    """The bootstrap 95% interval of ``value`` (runs of ``--epochs`` > 1; never on a filled cell
    nor in the hallucination row)."""
    wide: bool = False
    """True when ``interval`` is wider than :attr:`HeatmapView.wide_above`: the renderers mark it."""
    failures: Failures | None = None
    """The failed answers behind the cell, when any failed (state ``failed`` when all did)."""

    @property
    def partly_failed(self) -> bool:
        """Some, not all, of the cell's answers failed: its value is shown, marked."""
        return self.failures is not None and self.state == "score" and not self.filled


@attrs.frozen(kw_only=True)
class HeatRow:
    """A row of the heatmap: a category, OVERALL, or the hallucination rate."""

    label: str
    kind: RowKind
    cells: tuple[HeatCell, ...]


@attrs.frozen(kw_only=True)
class HeatmapView:
    """What a heatmap shows, ready to draw: rows × columns of cells plus the words around them."""

    title: str
    subtitle: str
    columns: tuple[str, ...]
    """The checkpoints' labels, ascending by days."""
    column_days: tuple[int, ...]
    """Days of corpus behind each column (the days actually ingested for ``full``, when known)."""
    rows: tuple[HeatRow, ...]
    """The category rows in fixed order, then OVERALL, then the hallucination rate."""
    metadata_lines: tuple[str, ...]
    """``"key: value"`` lines; the same pairs as :attr:`metadata_items`."""
    interim: bool
    """True for a partial run (re-rendered from its progress log)."""
    metadata_items: tuple[tuple[str, str], ...] = ()
    """(key, value) pairs: adapter, judge, appellate judge, group support, Q&A, runtime, …"""
    completed_columns: int = 0
    """How many leading columns hold results; the rest are checkpoints not reached yet."""
    persona_count: int = 0
    wide_above: float | None = None
    """For a result with intervals (``--epochs`` > 1): the width (composite points) above which a
    cell is marked ``wide``; None otherwise."""
    epochs: int | None = None

    @property
    def interval_legend(self) -> str | None:
        """The line every renderer prints under a heatmap with intervals (None without)."""
        if self.wide_above is None:
            return None
        return (
            f"{WIDE_MARK} 95% interval wider than {_points(self.wide_above)} (bootstrap over "
            f"questions, {self.epochs or 1} epochs each)"
        )

    @property
    def failure_legend(self) -> str | None:
        """The line every renderer prints under a heatmap with failed answers (None without)."""
        if not any(c.failures is not None for r in self.rows for c in r.cells):
            return None
        return (
            f"{FAILED_TEXT} = every answer failed (the memory system gave none) · {FAILED_MARK} = "
            "some answers failed"
        )

    @property
    def category_rows(self) -> tuple[HeatRow, ...]:
        """The rows of kind ``category``."""
        return tuple(r for r in self.rows if r.kind == "category")

    @property
    def summary_rows(self) -> tuple[HeatRow, ...]:
        """OVERALL and the hallucination rate."""
        return tuple(r for r in self.rows if r.kind != "category")


def cell_rgb(row: HeatRow, cell: HeatCell) -> RGB:
    """The colour a cell is drawn in: the ramp for its value (reversed for the hallucination row),
    gray for no data, near-black for not yet eligible.

    Args:
        row: The cell's row (its kind picks the ramp's direction).
        cell: The cell.

    Returns:
        ``(r, g, b)``, each 0–255.
    """
    if cell.state == "not-eligible":
        return NOT_ELIGIBLE_RGB
    if cell.state == "failed":
        return FAILED_RGB
    if cell.state == "no-data" or cell.value is None:
        return NO_DATA_RGB
    return rate_rgb(cell.value) if row.kind == "hallucination" else score_rgb(cell.value)


def label_columns(n_columns: int, max_labels: int) -> tuple[int, ...]:
    """Which columns get an x-axis label when not all of them fit.

    Every column when they fit; otherwise every ``step``-th column from the first, where the last
    column takes the place of the final one of those when it is not on the step itself — so no two
    labelled columns are ever closer than a step and the last checkpoint is always labelled.

    Args:
        n_columns: How many columns there are (0 or more).
        max_labels: The most labels there is room for (1 or more).

    Returns:
        Ascending column indexes, at most ``max_labels`` of them, always holding the last column
        (and the first, when ``max_labels`` is 2 or more), consecutive ones at least
        ``ceil((n_columns - 1) / (max_labels - 1))`` apart.

    Raises:
        ConfigError: ``n_columns`` is negative or ``max_labels`` is below 1.
    """
    if n_columns < 0:
        raise ConfigError(f"n_columns must be 0 or more, got {n_columns}")
    if max_labels < 1:
        raise ConfigError(f"max_labels must be 1 or more, got {max_labels}")
    if n_columns <= max_labels:
        return tuple(range(n_columns))
    last = n_columns - 1
    if max_labels == 1:
        return (last,)
    step = math.ceil(last / (max_labels - 1))
    picked = list(range(0, n_columns, step))
    if picked[-1] != last:
        # Appending would put the last label less than a step from its neighbour (overlapping
        # text); replacing keeps every gap at least a step. (picked holds 0 and step at least.)
        picked[-1] = last
    return tuple(picked)


# --- building the view ---------------------------------------------------------------------------

_NO_DATA = HeatCell(
    value=None, state="no-data", question_count=0, eligible_count=None, filled=False
)


def _category_cell(cell: HeatmapCell | None) -> HeatCell:
    if cell is None:
        return _NO_DATA
    if cell.eligible_count == 0:
        return HeatCell(
            value=None,
            state="not-eligible",
            question_count=cell.question_count,
            eligible_count=0,
            filled=False,
        )
    if cell.question_count <= 0:
        return attrs.evolve(_NO_DATA, eligible_count=cell.eligible_count)
    return HeatCell(
        value=cell.score,
        state="score",
        question_count=cell.question_count,
        eligible_count=cell.eligible_count,
        filled=False,
        interval=cell.interval,
    )


def _failed(cells: Sequence[HeatCell], failures: Sequence[Failures | None]) -> list[HeatCell]:
    """Cells given their failed answers: a cell whose every answer failed is ``failed``."""
    out = []
    for cell, f in zip(cells, failures, strict=True):
        if f is not None and f.all_failed:
            cell = attrs.evolve(cell, value=None, state="failed", interval=None)
        out.append(cell if f is None else attrs.evolve(cell, failures=f))
    return out


def _forward_fill(cells: Sequence[HeatCell], completed: int) -> tuple[HeatCell, ...]:
    """Gray cells within the first ``completed`` columns take the previous real value of the row;
    a not-eligible cell ends the carry (it is never painted, and never carried over)."""
    out: list[HeatCell] = []
    carry: float | None = None
    for i, cell in enumerate(cells):
        if cell.state == "score":
            carry = cell.value
        elif cell.state in ("not-eligible", "failed"):
            carry = None
        elif i < completed and carry is not None:
            cell = attrs.evolve(cell, value=carry, state="score", filled=True)
        out.append(cell)
    return tuple(out)


def _at(persona: PersonaResult, label: str) -> TimeRangeResult | None:
    found = None
    for rr in persona.range_results:
        if rr.range.label == label:
            found = rr  # a later duplicate wins, as the heatmap merge does
    return found


def _summary_cells(
    personas: Sequence[PersonaResult],
    columns: Sequence[str],
    category_rows: Sequence[HeatRow],
) -> tuple[list[HeatCell], list[HeatCell]]:
    overall: list[HeatCell] = []
    hallucination: list[HeatCell] = []
    for i, label in enumerate(columns):
        found = (_at(p, label) for p in personas)
        reached = [rr for rr in found if rr is not None and rr.questions_evaluated > 0]
        column = [row.cells[i] for row in category_rows]
        eligible = [c.eligible_count for c in column if c.eligible_count is not None]
        eligible_total = sum(eligible) if eligible else None
        if reached:
            n = sum(rr.questions_evaluated for rr in reached)
            overall.append(
                HeatCell(
                    value=math.fsum(rr.overall_score for rr in reached) / len(reached),
                    state="score",
                    question_count=n,
                    eligible_count=eligible_total,
                    filled=False,
                )
            )
            rate = math.fsum(rr.hallucination_rate * rr.questions_evaluated for rr in reached) / n
            hallucination.append(
                HeatCell(
                    value=rate,
                    state="score",
                    question_count=n,
                    eligible_count=eligible_total,
                    filled=False,
                )
            )
            continue
        scored = [c for c in column if c.state == "score"]
        blank = _NO_DATA
        if column and all(c.state == "not-eligible" for c in column):
            blank = attrs.evolve(_NO_DATA, state="not-eligible", eligible_count=0)
        if scored:
            overall.append(
                HeatCell(
                    value=math.fsum(c.value or 0.0 for c in scored) / len(scored),
                    state="score",
                    question_count=sum(c.question_count for c in scored),
                    eligible_count=eligible_total,
                    filled=False,
                )
            )
        else:
            overall.append(blank)
        hallucination.append(blank)
    return overall, hallucination


def _columns(
    ranges: Iterable[TimeRange], personas: Sequence[PersonaResult]
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    ordered = normalize_ranges(ranges)
    labels = tuple(r.label for r in ordered)
    days: list[int] = []
    for r in ordered:
        ingested = [rr.days_ingested for p in personas if (rr := _at(p, r.label)) is not None]
        if r.days >= FULL_DAYS and ingested:
            days.append(max(ingested))
        else:
            days.append(int(r.days))
    return labels, tuple(days)


def _marked(
    rows: Sequence[HeatRow], overall: Sequence[ScoreInterval | None], threshold: float
) -> list[HeatRow]:
    """The OVERALL row given its intervals, and every cell wider than ``threshold`` marked."""
    out = []
    for row in rows:
        cells = row.cells
        if row.kind == "overall":
            cells = tuple(
                attrs.evolve(c, interval=iv) if c.state == "score" and not c.filled else c
                for c, iv in zip(cells, overall, strict=True)
            )
        out.append(
            attrs.evolve(
                row,
                cells=tuple(attrs.evolve(c, wide=is_wide(c.interval, threshold)) for c in cells),
            )
        )
    return out


def heatmap_view(
    result: BenchmarkResult,
    *,
    interim: str | None = None,
    persona: str | None = None,
    ci_width: float | None = None,
) -> HeatmapView:
    """The heatmap of a result, as every renderer draws it.

    Args:
        result: A finished (or partial) run.
        interim: Marks a partial run, e.g. ``"INTERIM — 12/30 checkpoints"``; shown in the title.
        persona: Only this persona: its own checkpoints as columns and its own cells.
        ci_width: For a result with intervals, mark cells whose interval is wider than this
            (None: the run's own ``metadata.intervals.wideAbove``, else 1 point).

    Returns:
        The view: category rows (group rows only with group support on), OVERALL and the
        hallucination rate over the run's checkpoints, with the title, subtitle and metadata.

    Raises:
        ConfigError: ``persona`` names no persona of the result.
    """
    personas: tuple[PersonaResult, ...] = result.personas
    cells: Iterable[HeatmapCell] = result.heatmap
    ranges: Iterable[TimeRange] = result.ranges
    name, unit = family_labels(result)
    title = TITLE if name == _NAME else f"{name} — Aggregate Heatmap"
    if persona is not None:
        chosen = [p for p in result.personas if p.persona_id == persona]
        if not chosen:
            known = ", ".join(p.persona_id for p in result.personas) or "none"
            raise ConfigError(f"no persona {persona!r} in this result (personas: {known})")
        personas = (chosen[0],)
        cells = chosen[0].heatmap
        ranges = (rr.range for rr in chosen[0].range_results)
        title = f"{name} — {persona}"
    if interim:
        title = f"{title} ({interim})"

    columns, column_days = _columns(ranges, personas)
    lookup: Mapping[tuple[str, str], HeatmapCell] = {(c.category, c.range): c for c in cells}
    reached = {rr.range.label for p in personas for rr in p.range_results}
    reached.update(label for _, label in lookup)
    completed = max((i + 1 for i, label in enumerate(columns) if label in reached), default=0)

    cells = tuple(cells)
    shown = report_categories((c.category for c in cells), result.categories)
    if not result.metadata.groups_enabled and result.categories is None:
        shown = tuple(c for c in shown if c not in GROUP_CATEGORIES)
    raw_rows = [
        HeatRow(
            label=category,
            kind="category",
            cells=tuple(_category_cell(lookup.get((category, label))) for label in columns),
        )
        for category in shown
    ]
    by_cell, by_column = cell_failures(result, persona), column_failures(result, persona)
    raw_rows = [
        attrs.evolve(
            r,
            cells=tuple(_failed(r.cells, [by_cell.get((label, r.label)) for label in columns])),
        )
        for r in raw_rows
    ]
    overall, hallucination = _summary_cells(personas, columns, raw_rows)
    failed = [by_column.get(label) for label in columns]
    overall, hallucination = _failed(overall, failed), _failed(hallucination, failed)
    rows = [attrs.evolve(r, cells=_forward_fill(r.cells, completed)) for r in raw_rows]
    rows.append(HeatRow(label="OVERALL", kind="overall", cells=_forward_fill(overall, completed)))
    rows.append(
        HeatRow(
            label="hallucination rate",
            kind="hallucination",
            cells=_forward_fill(hallucination, completed),
        )
    )
    threshold: float | None = None
    if result.metadata.intervals is not None:
        threshold = wide_above(result.metadata.intervals, ci_width)
        by_label = (
            {rr.range.label: rr.score_interval for rr in personas[0].range_results}
            if persona is not None
            else dict(result.checkpoint_intervals or {})
        )
        rows = _marked(rows, [by_label.get(label) for label in columns], threshold)

    subtitle_parts = []
    if column_days:
        subtitle_parts.append(_days_text(column_days[-1]))
    subtitle_parts.append(_plural(len(columns), "checkpoint"))
    subtitle_parts.append(_plural(len(personas), unit))
    subtitle_parts.append("composite score (0–6)")
    items = _metadata_items(result.adapter_name, result.metadata)
    return HeatmapView(
        title=title,
        subtitle=" · ".join(subtitle_parts),
        columns=columns,
        column_days=column_days,
        rows=tuple(rows),
        metadata_lines=tuple(f"{k}: {v}" for k, v in items),
        interim=bool(interim),
        metadata_items=items,
        completed_columns=completed,
        persona_count=len(personas),
        wide_above=threshold,
        epochs=result.metadata.epochs,
    )
