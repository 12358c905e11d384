"""The pictures and pages of a run, written beside its result: ``heatmap.png``, ``hallucination.png``
and ``report.html``.

``recallbench run`` writes them after every run (a failure to render is logged, never fails the run:
the result is what was paid for); ``recallbench report`` writes them on request, and there a failure
is an error.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import RecallBenchError
from ..harness.config import RunOutput
from ..results.records import BenchmarkResult

__all__ = ["VIEW_NAMES", "write_run_views", "write_views"]

VIEW_NAMES = ("heatmap.png", "hallucination.png", "report.html")

log = logging.getLogger("recallbench")


def write_views(
    result: BenchmarkResult,
    *,
    heatmap_png: Path | None = None,
    hallucination_png: Path | None = None,
    html: Path | None = None,
    interim: str | None = None,
    details: Mapping[tuple[str, str, str], Mapping[str, Any]] | None = None,
    strict: bool = False,
) -> list[Path]:
    """Write the views asked for; returns the paths written.

    Args:
        result: the run.
        heatmap_png, hallucination_png, html: where to write each view (None: not that one).
        interim: a note such as ``INTERIM — 3/10 checkpoints`` for an unfinished run.
        details: the question log's records by (persona, checkpoint, question id), for the HTML
            report's retrieval entries (:attr:`recallbench.results.reading.LoadedRun.details`).
        strict: raise on a failure to render or write, instead of logging it and going on.
    """
    written: list[Path] = []

    def attempt(what: str, path: Path | None, write: Any) -> None:
        if path is None:
            return
        try:
            write(path)
        except Exception as exc:
            if strict:
                raise
            log.warning("[bench] %s skipped: %s: %s", what, type(exc).__name__, exc)
            return
        written.append(path)

    def heatmap(path: Path) -> None:
        from ..results.heatmap import heatmap_view
        from .png import render_heatmap_png

        render_heatmap_png(heatmap_view(result, interim=interim), path)

    def scatter(path: Path) -> None:
        from ..results.hallucination import analyze_hallucination
        from .hallucination_png import render_hallucination_png

        render_hallucination_png(analyze_hallucination(result), path)

    def page(path: Path) -> None:
        from .html import write_html_report

        write_html_report(result, path, interim=interim, details=details)

    attempt("Heatmap PNG", heatmap_png, heatmap)
    attempt("Hallucination PNG", hallucination_png, scatter)
    attempt("HTML report", html, page)
    return written


def write_run_views(
    result: BenchmarkResult,
    output: RunOutput,
    *,
    pngs: bool = True,
    html: bool = True,
    interim: str | None = None,
) -> list[Path]:
    """The views of a run beside its ``result.json`` (none without one); returns the paths written.

    The HTML report shows each answer's retrieved memories and tool calls, which only the question
    log holds: it is read back when the run wrote one. A view that cannot be rendered or written is
    logged and skipped (the result is what was paid for).
    """
    if output.result_json is None:
        return []
    from ..results.reading import read_details

    directory = output.result_json.parent
    page = directory / "report.html" if html else None
    details = None
    if page is not None and output.questions is not None and output.questions.is_file():
        try:
            details = read_details(output.questions)
        except RecallBenchError as exc:
            log.warning("[bench] report.html without retrieval details: %s", exc)
    return write_views(
        result,
        heatmap_png=directory / "heatmap.png" if pngs else None,
        hallucination_png=directory / "hallucination.png" if pngs else None,
        html=page,
        interim=interim,
        details=details,
    )
