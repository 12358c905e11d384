"""``recallbench generate``: Pass 1 — a persona's day logs, written day by day and resumable.

Exit codes: 0 every planned day in the span is on disk; 1 some days were skipped (listed, with the
flags that redo them); 2 bad input; 130 interrupted (every file left behind is complete; rerun the
same command to go on).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..errors import ConfigError
from ._common import non_negative_int, run_async
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
    p = sub.add_parser(
        "generate",
        help="Pass 1: generate a persona's day logs",
        description="Generate the day logs of a persona's story: one model call per active "
        "session per day, the sessions of a day in parallel, each day written as soon as it is "
        "done. Existing day files are kept (and feed the history) unless --overwrite; a day whose "
        "session failed is skipped and listed; --start N resumes with the history rebuilt from "
        "the files on disk.",
    )
    add_persona_args(p)
    add_model_args(p, temperature=0.7, max_tokens=2000, timeout_ms=600000)
    add_day_span_args(p)
    p.add_argument(
        "--history-window",
        type=non_negative_int,
        default=3,
        metavar="N",
        help="recent entries of a session shown in its prompt (default 3)",
    )
    p.add_argument(
        "--overwrite",
        action="store_true",
        help="regenerate day files that already exist (default: keep them)",
    )
    p.add_argument(
        "--schedule",
        choices=("every-day", "arc-days"),
        default="every-day",
        help="every-day: a log for each day an arc runs (default); arc-days: only the days each "
        "arc selects (directives, boundaries and a weekday spread)",
    )
    p.add_argument(
        "--no-gap-fill",
        dest="gap_fill",
        action="store_false",
        help="do not fill weeks with fewer than 5 active weekdays with routine days",
    )
    p.set_defaults(handler=generate_command)


def generate_command(args: argparse.Namespace) -> int:

    from ..data.dataset import load_persona_definition
    from ..generation._common import GenerationUsage
    from ..generation.days import DayProgress, GenerateOptions, GenerateResult, generate_days
    from ..generation.planning import story_horizon
    from ..models import aclose_model

    persona_dir = Path(args.persona).resolve()
    if not persona_dir.is_dir():
        raise ConfigError(f"--persona {args.persona}: no such persona directory")
    definition = load_persona_definition(persona_dir.parent, persona_dir.name, args.arcs)
    horizon = story_horizon(definition.story)
    if horizon == 0:
        raise ConfigError(f"{persona_dir / args.arcs}: the arcs file has no arcs to generate from")
    start, end = day_span(args, last_day=horizon, what=f"the story's last day in {args.arcs}")
    memories = sibling_dir(args, "memories")
    options = GenerateOptions(
        temperature=args.temperature,
        max_tokens=args.max_tokens,
        timeout=timeout_seconds(args),
        parallelism=args.parallelism,
        history_window=args.history_window,
        overwrite=args.overwrite,
        schedule=args.schedule,
        gap_fill=args.gap_fill,
    )
    model = load_generation_model(args)
    usage = GenerationUsage()

    def on_day(progress: DayProgress) -> None:
        if progress.failure is not None:
            print(progress.failure.log_line(), file=sys.stderr, flush=True)
        else:
            print(progress.progress_line(), file=sys.stderr, flush=True)

    async def run() -> GenerateResult:
        try:
            return await generate_days(
                model,
                definition,
                memories,
                start=start,
                end=end,
                options=options,
                on_day=on_day,
                usage=usage,
            )
        finally:
            await aclose_model(model)

    try:
        result = run_async(run)
    except KeyboardInterrupt:
        print(
            f"recallbench generate: interrupted after {usage.calls} model call(s); every day file "
            "on disk is complete and finished sessions are kept — rerun the same command to go on",
            file=sys.stderr,
        )
        return 130
    print_summary(result.to_json(), args)
    if result.failed:
        days = ", ".join(str(d) for d in result.skipped_days)
        print(
            f"recallbench generate: {len(result.failed)} day(s) skipped: {days} — rerun the same "
            "command (finished days are kept) or redo one with --start N --end N",
            file=sys.stderr,
        )
        return 1
    return 0
