"""``recallbench generate-conversations``: Pass 2, each day log → the conversation behind it.

Exit codes: 0 every day done; 1 some days failed (listed; redo them with ``--start N --end N``);
2 bad input; 130 interrupted (every file on disk is complete; rerun the same command to continue).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, TypeVar

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

if TYPE_CHECKING:
    from ..data.persona import Persona

__all__ = ["register"]

T = TypeVar("T")


def register(sub: Any) -> None:
    """Add ``generate-conversations`` to the command line's sub-parsers."""
    p = sub.add_parser(
        "generate-conversations",
        help="Pass 2: turn day logs into user/assistant conversations (conv-NNNN.md/.json)",
        description="Write, for every day log of the span, the 4-12 turn conversation between the "
        "principal and the agent that would have produced it. Days run in parallel; each file is "
        "written the moment its day is done, and days whose file exists are skipped without a "
        "model call (--overwrite redoes them). A day whose reply is not 4-12 turns fails: it is "
        "listed at the end and can be redone with --start N --end N.",
    )
    add_persona_args(p)
    p.add_argument(
        "--conversations-dir",
        metavar="DIR",
        help="output directory, relative to --persona unless absolute (default: the memories "
        "directory's name with 'memories' replaced by 'conversations')",
    )
    add_day_span_args(p)
    p.add_argument(
        "--format",
        choices=("markdown", "json"),
        default="markdown",
        help="conv-NNNN.md with **User**:/**Assistant**: turns, or conv-NNNN.json (default markdown)",
    )
    p.add_argument("--overwrite", action="store_true", help="regenerate existing files")
    add_model_args(p, temperature=0.7, max_tokens=4000, timeout_ms=120000)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Generate the conversations; returns the exit code."""
    from ..generation.conversations import ConversationOptions, generate_conversations

    definition = load_definition(args, arcs_required=False)
    persona: Persona = definition.persona
    memories = sibling_dir(args, "memories")
    start, end = day_span(args, last_day=last_day_or_fail(memories), what="the last day log")
    output = sibling_dir(args, "conversations", args.conversations_dir)
    model = load_generation_model(args)
    options = ConversationOptions(
        temperature=args.temperature,
        max_tokens=args.max_tokens,
        timeout=timeout_seconds(args),
        parallelism=args.parallelism,
        format=args.format,
        overwrite=args.overwrite,
    )
    on_day, written = day_progress("conversations", "conversation")
    epoch = definition.story.epoch or persona.epoch
    try:
        result = run_generation(
            lambda: generate_conversations(
                model,
                persona,
                memories,
                output,
                epoch=epoch,
                start=start,
                end=end,
                options=options,
                on_day=on_day,
            ),
            model,
        )
    except KeyboardInterrupt:
        interrupted("generate-conversations", f"writing {written[0]} file(s)")
        raise
    print_summary(result.to_json("conversationsGenerated"), args)
    redo_hint("generate-conversations", result.failed_days)
    return 1 if result.failed else 0
