"""The ``recallbench`` command line: a thin layer over the library.

Each command lives in its own module with ``register(subparsers)``; the command's handler returns the
exit code. Errors of ours print one line and exit 2; nothing prints a traceback unless
``RECALLBENCH_DEBUG=1`` is set.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import os
import signal
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
from ._common import Terminated
from ._stream import SafeStream

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
    parser.set_defaults(_commands=sub.choices)
    return parser


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments; an unknown flag is reported by its command's parser, with the command's usage
    and the nearest flag it has (``run --judges`` → ``did you mean --judge?``)."""
    args, extra = parser.parse_known_args(argv)
    if extra:
        command = args._commands[args.command]
        flags = [o for action in command._actions for o in action.option_strings]
        hints = []
        for arg in extra:
            if arg.startswith("-"):
                near = difflib.get_close_matches(arg.split("=", 1)[0], flags, n=1, cutoff=0.8)
                if near:
                    hints.append(f"did you mean {near[0]}?")
        hint = f" ({'; '.join(hints)})" if hints else ""
        command.error(f"unrecognized arguments: {' '.join(extra)}{hint}")
    return args


_RESUMABLE = {
    "run": "; every answer logged so far is kept: rerun with --resume PROGRESS.jsonl to go on",
    "generate": "; finished days are kept: rerun the same command to go on",
    "generate-qa": "; finished checkpoints are kept: rerun the same command to go on",
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 2 bad input or failed checks)."""
    streams = sys.stdout, sys.stderr
    if not isinstance(sys.stdout, SafeStream):
        sys.stdout, sys.stderr = SafeStream(sys.stdout), SafeStream(sys.stderr)
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = streams


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = _parse(parser, argv)
    try:
        code: int = args.handler(args)
        return code
    except RecallBenchError as exc:
        print(f"recallbench {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(
            f"recallbench {args.command}: interrupted{_RESUMABLE.get(args.command, '')}",
            file=sys.stderr,
        )
        return 130
    except Terminated as exc:
        name = signal.Signals(exc.signum).name
        print(
            f"recallbench {args.command}: stopped by {name}{_RESUMABLE.get(args.command, '')}",
            file=sys.stderr,
        )
        return 128 + exc.signum
    except BrokenPipeError:
        # The reader went away (`| head -1`): what it wanted was printed. Point stdout at devnull so
        # the interpreter's final flush does not complain, and end normally.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.__stdout__.fileno())  # type: ignore[union-attr]
        return 0
    except BaseExceptionGroup as group:
        # An adapter or judge raising KeyboardInterrupt or SystemExit inside the run's task group.
        interrupt, rest = group.split(KeyboardInterrupt)
        if interrupt is not None and rest is None:
            print(
                f"recallbench {args.command}: interrupted{_RESUMABLE.get(args.command, '')}",
                file=sys.stderr,
            )
            return 130
        first = _first_leaf(group)
        print(
            f"recallbench {args.command}: internal error: {type(first).__name__}: {first}\n"
            "  (set RECALLBENCH_DEBUG=1 for the traceback)",
            file=sys.stderr,
        )
        return 70
    except Exception as exc:
        if os.environ.get("RECALLBENCH_DEBUG"):
            raise
        print(
            f"recallbench {args.command}: internal error: {type(exc).__name__}: {exc}\n"
            "  (this is a bug in recallbench; set RECALLBENCH_DEBUG=1 for the traceback)",
            file=sys.stderr,
        )
        return 70


def _first_leaf(group: BaseExceptionGroup[BaseException]) -> BaseException:
    first = group.exceptions[0]
    return _first_leaf(first) if isinstance(first, BaseExceptionGroup) else first
