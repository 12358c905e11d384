"""``--epochs`` and ``--ci-width``: repeated askings and the width at which a heatmap cell is marked
(``run``; ``report`` takes ``--ci-width`` alone)."""

from __future__ import annotations

import argparse
from typing import Any

import attrs

from ..results.intervals import DEFAULT_CI_WIDTH
from ..results.records import BenchmarkResult
from ._common import positive_int


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number > 0, got {text!r}") from None
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number > 0, got {text!r}")
    return value


def add_ci_width_argument(p: Any, *, default: float | None = DEFAULT_CI_WIDTH) -> None:
    p.add_argument(
        "--ci-width",
        type=positive_float,
        default=default,
        metavar="POINTS",
        help="mark heatmap cells whose bootstrap 95%% interval is wider than this, in composite "
        "points of the 0-6 scale (default "
        + (f"{DEFAULT_CI_WIDTH:g}" if default is not None else "the run's own")
        + "; runs of --epochs > 1 only)",
    )


def with_ci_width(result: BenchmarkResult, ci_width: float | None) -> BenchmarkResult:
    """``result`` re-rendered with another threshold (``report --ci-width``): its
    ``metadata.intervals.wideAbove`` replaced; a run without intervals is left as it is."""
    md = result.metadata
    if ci_width is None or md.intervals is None:
        return result
    intervals = {**md.intervals, "wideAbove": ci_width}
    return attrs.evolve(result, metadata=attrs.evolve(md, intervals=intervals))


def add_epoch_arguments(p: Any) -> None:
    p.add_argument(
        "--epochs",
        type=positive_int,
        default=1,
        metavar="N",
        help="ask every question N times at each checkpoint (default 1); with N > 1 each score "
        "gets a bootstrap 95%% interval and every answer its epoch",
    )
    add_ci_width_argument(p)
