"""The ``recallbench`` command line: a thin layer over the library.

Each command lives in its own module with ``register(subparsers)``; the command's handler returns the
exit code. Errors of ours print one line and exit 2; nothing prints a traceback unless
``RECALLBENCH_DEBUG=1`` is set.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .._version import __version__
from ..errors import RecallBenchError
from . import (
    catalog,
    compare,
    create_persona,
    generate,
    generate_conversations,
    generate_qa,
    generate_tool_calls,
    judge,
    judge_agreement,
    judge_probe,
    plan,
    report,
    retrieval_eval,
    run,
    serve,
    synth,
    validate,
)

__all__ = ["build_parser", "main"]

_COMMANDS = (
    run,
    report,
    compare,
    serve,
    judge,
    judge_agreement,
    judge_probe,
    retrieval_eval,
    plan,
    validate,
    catalog,
    synth,
    create_persona,
    generate,
    generate_conversations,
    generate_tool_calls,
    generate_qa,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="recallbench",
        description="Benchmark the long-horizon memory of AI agents (Recall Bench).",
    )
    parser.add_argument("--version", action="version", version=f"recallbench {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in _COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 2 bad input or failed checks)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.handler(args)
        return code
    except RecallBenchError as exc:
        print(f"recallbench {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"recallbench {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        if os.environ.get("RECALLBENCH_DEBUG"):
            raise
        print(
            f"recallbench {args.command}: internal error: {type(exc).__name__}: {exc}\n"
            "  (this is a bug in recallbench; set RECALLBENCH_DEBUG=1 for the traceback)",
            file=sys.stderr,
        )
        return 70
