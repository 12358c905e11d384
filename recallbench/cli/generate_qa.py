"""``recallbench generate-qa``: author Q&A pairs over the corpus in checkpoint windows.

Exit codes: 0 every checkpoint done; 1 some checkpoints failed (listed; redo them with
``--start T --end T``); 2 bad input; 130 interrupted (questions.yaml holds every checkpoint that
finished; rerun the same command to continue).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from ._common import positive_int
from ._day_passes import interrupted, load_definition, run_generation
from ._generation import (
    add_model_args,
    add_persona_args,
    load_generation_model,
    print_summary,
    sibling_dir,
    timeout_seconds,
)

if TYPE_CHECKING:
    from ..generation.qa import QaProgress

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add ``generate-qa`` to the command line's sub-parsers."""
    p = sub.add_parser(
        "generate-qa",
        help="author Q&A pairs over the day logs, checkpoint by checkpoint (questions.yaml)",
        description="Walk the corpus in checkpoint windows and ask the model for Q&A pairs "
        "grounded only in each window's days (standard), or for information-boundary probes of "
        "each isolated session (boundary). questions.yaml is rewritten after every checkpoint, "
        "keeping every existing pair and field; a rerun skips the checkpoints already done and "
        "continues the ids. Near-duplicate questions are dropped; failed checkpoints are listed "
        "and can be redone with --start T --end T.",
    )
    add_persona_args(p)
    p.add_argument(
        "--qa-dir",
        metavar="DIR",
        help="directory of questions.yaml, relative to --persona unless absolute (default derived "
        "from --arcs: arcs-180d.yaml → qa-180d)",
    )
    p.add_argument(
        "--mode",
        choices=("standard", "boundary"),
        default="standard",
        help="standard recall pairs, or information-boundary probes (default standard)",
    )
    p.add_argument(
        "--interval",
        type=positive_int,
        metavar="DAYS",
        help="days between checkpoints (default 7 standard, 30 boundary)",
    )
    p.add_argument(
        "--pairs-per-checkpoint",
        type=positive_int,
        metavar="N",
        help="pairs asked for per checkpoint, per isolated session in boundary mode "
        "(default 12 standard, 2 boundary)",
    )
    p.add_argument(
        "--query-session",
        default="principal",
        metavar="ID",
        help="the session boundary probes are asked from (default principal)",
    )
    p.add_argument(
        "--start", type=positive_int, metavar="T", help="first checkpoint day (default --interval)"
    )
    p.add_argument(
        "--end", type=positive_int, metavar="T", help="last checkpoint day (default the last day)"
    )
    add_model_args(p, temperature=0.7, max_tokens=4000, timeout_ms=600000)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Author the pairs; returns the exit code."""
    from ..generation.qa import QaOptions, generate_qa

    definition = load_definition(args, arcs_required=True)
    memories = sibling_dir(args, "memories")
    qa_file = sibling_dir(args, "qa", args.qa_dir) / "questions.yaml"
    options = QaOptions(
        mode=args.mode,
        interval=args.interval,
        pairs_per_checkpoint=args.pairs_per_checkpoint,
        query_session=args.query_session,
        start=args.start,
        end=args.end,
        temperature=args.temperature,
        max_tokens=args.max_tokens,
        timeout=timeout_seconds(args),
        parallelism=args.parallelism,
    )
    model = load_generation_model(args)
    added = [0]

    def on_checkpoint(p: QaProgress) -> None:
        if p.failure is not None:
            line = p.failure.log_line()
        else:
            added[0] += p.added
            line = p.progress_line()
        print(line, file=sys.stderr, flush=True)

    try:
        result = run_generation(
            lambda: generate_qa(
                model, definition, memories, qa_file, options=options, on_checkpoint=on_checkpoint
            ),
            model,
        )
    except KeyboardInterrupt:
        interrupted("generate-qa", f"adding {added[0]} pair(s) to {qa_file}")
        raise
    print_summary(result.to_json(), args)
    if result.failed:
        shown = ", ".join(map(str, result.failed_checkpoints))
        print(
            f"recallbench generate-qa: checkpoint(s) {shown} failed; redo each with "
            "--start T --end T",
            file=sys.stderr,
        )
    return 1 if result.failed else 0
