"""``recallbench compare A B``: two runs side by side, every delta B − A.

Imports numpy (for the bootstrap) only when the command runs: ``import recallbench.cli`` stays light.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._fork import in_child
from ._common import non_negative_int, positive_int, print_json
from ._heap import long_lived

if TYPE_CHECKING:
    from ..results.comparison_flat import Flat
    from ..results.reading import LoadedRun

__all__ = ["register", "run"]


def register(sub: Any) -> None:
    """Add ``compare`` to the command line's sub-parsers."""
    p = sub.add_parser(
        "compare",
        help="compare two runs: deltas by category and checkpoint, a paired interval, canary "
        "questions",
        description="Compare run B against run A (every delta is B − A). Each of A and B is a "
        "result.json, a progress.jsonl (a partial run, or the reference's) or a run directory "
        "(its result.json, else its progress.jsonl). Reports the mean composite of each run and "
        "the delta overall, by category, by checkpoint (matched by label) and by persona; the "
        "mean paired difference over answers both runs gave (same persona, checkpoint and "
        "question) with a paired bootstrap 95% interval; hallucination rates and their deltas in "
        "percentage points; and the canary questions — hallucinated in A only (fixed in B), in B "
        "only (regressions) or in both. Warns when the runs used different judges or ranges. "
        "Prints which parts of the two runs' fingerprints differ (persona by persona, judge by "
        "judge) and a verdict from the paired interval, which is 'not-comparable' when the "
        "datasets or judges differ (unless --force).",
    )
    p.add_argument("a", metavar="A", type=Path, help="the baseline run")
    p.add_argument("b", metavar="B", type=Path, help="the run compared against it")
    p.add_argument("--json", action="store_true", help="print everything as JSON (camelCase)")
    p.add_argument(
        "--resamples",
        type=positive_int,
        default=10_000,
        metavar="N",
        help="bootstrap resamples per interval (default 10000)",
    )
    p.add_argument(
        "--seed", type=non_negative_int, default=0, metavar="N", help="bootstrap seed (default 0)"
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="call the overall difference a regression or an improvement even when the runs' "
        "fingerprints say their datasets or judges differ (by default the verdict is then "
        "'not-comparable')",
    )
    p.add_argument(
        "--fail-on-regression",
        action="store_true",
        help="exit 1 when the verdict is a regression, and 3 when the runs are not comparable "
        "(their datasets or judges differ, without --force); for CI",
    )
    p.set_defaults(handler=run)


def _label(run: LoadedRun) -> str:
    note = run.interim_note
    return f"{run.source} ({note})" if note else str(run.source)


def _source(run: LoadedRun) -> dict[str, Any]:
    return {
        "source": str(run.source),
        "interim": run.interim,
        "checkpointsDone": run.checkpoints_done,
        "checkpointsTotal": run.checkpoints_total,
    }


def run(args: argparse.Namespace) -> int:
    """Read both runs, compare them, print text or JSON; returns the exit code."""
    from ..render.comparison import comparison_to_json, format_comparison
    from ..results.comparison import compare_flat
    from ..results.comparison_read import read_flat

    # B is read in a child on the second core while A is read here; each straight to the numbers
    # a comparison needs when its result.json allows (read_flat), else as read_run reads it.
    second = in_child(read_flat, args.b)
    try:
        with long_lived():
            a, fa = _read(args.a, read_flat(args.a))
            b, fb = _read(args.b, second.result())
    finally:
        second.cancel()
    comparison = compare_flat(
        a.result, fa, b.result, fb, resamples=args.resamples, seed=args.seed, force=args.force
    )
    if args.json:
        data = comparison_to_json(comparison)
        data["a"] = {**_source(a), **data["a"]}
        data["b"] = {**_source(b), **data["b"]}
        print_json(data)
    else:
        print(format_comparison(comparison, label_a=_label(a), label_b=_label(b)))
    if args.fail_on_regression:
        return {"regression": 1, "not-comparable": 3}.get(comparison.verdict or "", 0)
    return 0


def _read(path: Path, flat: tuple[LoadedRun, Flat] | None) -> tuple[LoadedRun, Flat]:
    """The run and its numbers, from the fast reader when it read them, else from read_run (which
    raises what is wrong with the file)."""
    if flat is not None:
        return flat
    from ..results._collector import collector_paused
    from ..results.comparison_flat import flatten
    from ..results.reading import read_run

    run = read_run(path)
    with collector_paused():
        return run, flatten(run.result)
