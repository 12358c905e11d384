"""Renderers of a run's results: each draws a :class:`~recallbench.results.heatmap.HeatmapView` (or a whole
result) in one medium — :mod:`.png` (matplotlib, Agg), :mod:`.terminal` (ANSI text) — and imports its
drawing library only inside the functions that need it, so importing this package costs nothing.

The names below are the family's public surface: the text and JSON reports of a result
(:mod:`.report`), the heatmap grid they share, and the pictures and page of a run written beside its
``result.json`` (:mod:`.artifacts`). Each is imported from its module on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_getattr

if TYPE_CHECKING:
    from .artifacts import write_views
    from .report import format_json_report, format_text_report, to_heatmap_grid

__all__ = [
    "format_json_report",
    "format_text_report",
    "to_heatmap_grid",
    "write_views",
]

_LAZY = {
    "format_json_report": "report",
    "format_text_report": "report",
    "to_heatmap_grid": "report",
    "write_views": "artifacts",
}


__getattr__ = lazy_getattr(__name__, _LAZY, globals())
