"""``recallbench generate-tool-calls``: Pass 3, each day log → its ``memorySave`` tool-call trace.

Exit codes: 0 every day done; 1 some days failed (listed; redo them with ``--start N --end N``);
2 bad input; 130 interrupted (every file on disk is complete; rerun the same command to continue).
"""

from __future__ import annotations

import argparse
from typing import Any

from ._day_passes import (
    day_progress,
    interrupted,
    last_day_or_fail,
    load_definition,
    redo_hint,
    run_generation,
)
from ._generation import (
    add_day_span_args,
    add_model_args,
    add_persona_args,
    day_span,
    load_generation_model,
    print_summary,
    sibling_dir,
    timeout_seconds,
)

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add ``generate-tool-calls`` to the command line's sub-parsers."""
    p = sub.add_parser(
        "generate-tool-calls",
        help="Pass 3: turn day logs into memorySave tool-call traces (tools-<suffix>/day-NNNN.yaml)",
        description="Write, for every day log of the span, the memorySave calls an agent would "
        "have made that day, as YAML with each content a literal block. Each prompt carries the "
        "previous day's calls for voice continuity: the days to do are split into --parallelism "
        "contiguous chains that run side by side, each in day order. Days whose file exists are "
        "skipped without a model call (--overwrite redoes them); a failed day is listed at the "
        "end and can be redone with --start N --end N.",
    )
    add_persona_args(p)
    p.add_argument(
        "--tools-dir",
        metavar="DIR",
        help="output directory, relative to --persona unless absolute (default derived from "
        "--arcs: arcs-180d.yaml → tools-180d)",
    )
    add_day_span_args(p)
    p.add_argument("--overwrite", action="store_true", help="regenerate existing files")
    add_model_args(p, temperature=0.3, max_tokens=4000, timeout_ms=120000)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Generate the tool-call traces; returns the exit code."""
    from ..generation.tool_calls import ToolCallOptions, generate_tool_calls

    definition = load_definition(args, arcs_required=True)
    memories = sibling_dir(args, "memories")
    start, end = day_span(args, last_day=last_day_or_fail(memories), what="the last day log")
    output = sibling_dir(args, "tools", args.tools_dir)
    model = load_generation_model(args)
    options = ToolCallOptions(
        temperature=args.temperature,
        max_tokens=args.max_tokens,
        timeout=timeout_seconds(args),
        parallelism=args.parallelism,
        overwrite=args.overwrite,
    )
    on_day, written = day_progress("tool-calls", "tool calls for day")
    try:
        result = run_generation(
            lambda: generate_tool_calls(
                model,
                definition,
                memories,
                output,
                start=start,
                end=end,
                options=options,
                on_day=on_day,
            ),
            model,
        )
    except KeyboardInterrupt:
        interrupted("generate-tool-calls", f"writing {written[0]} file(s)")
        raise
    print_summary(result.to_json("daysGenerated"), args)
    redo_hint("generate-tool-calls", result.failed_days)
    return 1 if result.failed else 0
