"""``run``'s judge check: each HTTP model its judges call asked one tiny scoring request before any
work (:mod:`recallbench.harness.judge_check`), and what is printed of it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from ._common import run_async

__all__ = ["judge_check"]


def judge_check(judge: Any, appellate: Any, timeout: float, cache: Path | None) -> str | None:
    """Check the models of ``judge`` and ``appellate`` within ``timeout`` seconds each (a check in
    the judge cache ``cache`` sends nothing), printing a line for each that passed; the line to
    stop the run on, or None."""
    from ..harness.judge_check import check_judge_models

    checks = run_async(
        lambda: check_judge_models([judge, appellate], timeout=timeout, cache_dir=cache)
    )
    for check in checks:
        if not check.ok:
            fix = "raise --timeout or fix the endpoint" if check.timed_out else "fix it"
            return f"{check.line()}; nothing was run ({fix}, or pass --no-judge-check)"
    for check in checks:
        print(f"[bench preflight] {check.line()}", file=sys.stderr)
    return None
