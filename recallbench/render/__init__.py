"""Renderers of a run's results: each draws a :class:`~recallbench.results.heatmap.HeatmapView` (or a whole
result) in one medium — :mod:`.png` (matplotlib, Agg), :mod:`.terminal` (ANSI text) — and imports its
drawing library only inside the functions that need it, so importing this package costs nothing.
"""
