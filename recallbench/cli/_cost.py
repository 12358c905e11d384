"""``--max-cost`` and ``--prices`` (``run``; ``plan --estimate`` takes ``--prices``)."""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from ..errors import BudgetExceeded

__all__ = ["add_cost_arguments", "add_prices_argument", "stop_message"]


def _usd_flag(text: str) -> float:
    try:
        value = float(text.strip().lstrip("$"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of USD > 0, got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a number of USD > 0, got {text!r}")
    return value


def add_prices_argument(p: Any) -> None:
    p.add_argument(
        "--prices",
        type=Path,
        metavar="FILE",
        help="a price file (YAML or JSON: prices: {MODEL: {input: USD, output: USD}} per million "
        "tokens) over the shipped table; see docs/judges.md",
    )


def add_cost_arguments(p: Any) -> None:
    p.add_argument(
        "--max-cost",
        type=_usd_flag,
        metavar="USD",
        help="stop the run cleanly before a model call would take its cost past USD (everything "
        "paid for is kept; --resume continues it)",
    )
    add_prices_argument(p)


def stop_message(exc: Exception, progress: Path | None) -> str:
    """What ``run`` says when a run stops on a RunFailed: a budget stop says how to go on."""
    if not isinstance(exc, BudgetExceeded):
        return f"failed: {exc}"
    again = f"; rerun with --resume {progress}" if progress else ""
    return (
        f"stopped by the budget: {exc}. Every answer paid for is kept{again} (with a higher "
        "--max-cost, or none) to go on."
    )
