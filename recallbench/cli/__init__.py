"""The ``recallbench`` command line: a thin layer over the library.

Each command lives in its own module with ``register(subparsers)``; the command's handler returns the
exit code. Errors of ours print one line and exit 2; nothing prints a traceback unless
``RECALLBENCH_DEBUG=1`` is set.

Only the command being run is imported: ``recallbench --help`` and ``recallbench run …`` load no
module of the other commands (nor what those import), the others being named by
:data:`_COMMAND_TABLE` with their one-line help.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import os
import signal
import sys
from collections.abc import Collection, Iterator, Sequence
from types import ModuleType
from typing import Any

from .._version import __version__
from ..errors import RecallBenchError
from ._common import Terminated
from ._stream import SafeStream

__all__ = ["build_parser", "main"]

_COMMAND_TABLE: tuple[tuple[str, str, str], ...] = (
    ("run", "run", "benchmark a memory system"),
    ("report", "report", "re-render a run: text, heatmap PNG, HTML"),
    (
        "compare",
        "compare",
        "compare two runs: deltas by category and checkpoint, a paired interval, canary questions",
    ),
    ("serve", "serve", "serve a Python adapter over gRPC"),
    ("embed-serve", "embed_serve", "serve the offline MiniLM as an OpenAI/Ollama embedding API"),
    ("judge", "judge", "score one answer with a judge"),
    (
        "judge-agreement",
        "judge_agreement",
        "measure how far a judge agrees with the scores of a finished run",
    ),
    (
        "judge-probe",
        "judge_probe",
        "calibrate a judge on answers of known truth (verbatim, paraphrase, fabricated, …)",
    ),
    (
        "rejudge",
        "rejudge",
        "judge a run's saved answers again with another judge, without running the system",
    ),
    (
        "retrieval-eval",
        "retrieval_eval",
        "rank each question's evidence days with retrievers (recall@k, nDCG@10, MRR)",
    ),
    ("plan", "plan", "show the checkpoints, days and questions a run would ask, and its totals"),
    ("validate", "validate", "check persona datasets and report every problem"),
    (
        "import",
        "import_data",
        "convert another benchmark's published file into persona directories",
    ),
    ("list", "catalog", "list the personas of a data directory, or the benchmark families"),
    ("ranges", "catalog", "show the default time ranges and the accepted forms"),
    (
        "synth",
        "synth",
        "generate personas with the deterministic engine (the six shipped ones, or custom)",
    ),
    ("create-persona", "create_persona", "create persona.yaml and an arcs file from a prompt"),
    ("generate", "generate", "Pass 1: generate a persona's day logs"),
    (
        "generate-conversations",
        "generate_conversations",
        "Pass 2: turn day logs into user/assistant conversations (conv-NNNN.md/.json)",
    ),
    (
        "generate-tool-calls",
        "generate_tool_calls",
        "Pass 3: turn day logs into memorySave tool-call traces (tools-<suffix>/day-NNNN.yaml)",
    ),
    (
        "generate-qa",
        "generate_qa",
        "author Q&A pairs over the day logs, checkpoint by checkpoint (questions.yaml)",
    ),
)
"""Every command as ``recallbench --help`` lists it: (name, the module under ``recallbench.cli``
that registers it, its one-line help as that module gives it). The help is repeated here so the
list needs no command module; tests/test_cli_lazy.py holds it equal to the modules' own."""


def _command_module(module: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{module}")


def __getattr__(name: str) -> Any:
    if name == "_COMMANDS":  # every command module, in order (tests look a command up here)
        modules = dict.fromkeys(module for _, module, _ in _COMMAND_TABLE)
        return tuple(_command_module(module) for module in modules)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def build_parser(
    commands: Collection[str] | None = None, *, family_flags: bool | None = None
) -> argparse.ArgumentParser:
    """The command-line parser.

    Args:
        commands: the commands to build in full (their modules imported); the others get a
            parser with their name and help only, enough for ``recallbench --help`` and for
            refusing an unknown command. None: every command in full.
        family_flags: also give every command that reads data the benchmark families' flags
            (``--<family>-…``), which imports every family: for ``--help`` and the CLI
            reference. None: when every command is built in full. Otherwise a family's flags are
            parsed apart, importing only the family whose flag was given (:func:`_parse`).
    """
    from ._flag_bounds import OneLineParser  # a numeric flag's bad value: one line (its module)

    parser = OneLineParser(
        prog="recallbench",
        description="Benchmark the long-horizon memory of AI agents (Recall Bench).",
    )
    parser.add_argument("--version", action="version", version=f"recallbench {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    registered: set[str] = set()
    full = {m for name, m, _ in _COMMAND_TABLE if commands is None or name in commands}
    for name, module, help_ in _COMMAND_TABLE:
        if module not in full:
            sub.add_parser(name, help=help_)
        elif module not in registered:  # a module registering several commands does it once
            registered.add(module)
            _command_module(module).register(sub)
    parser.set_defaults(_commands=sub.choices)
    if family_flags or (family_flags is None and commands is None):
        from ..family.registry import all_families
        from ._common import add_family_flags

        families = all_families()
        for name, command in sub.choices.items():
            if command.get_default("_family_flags"):
                add_family_flags(command, families, for_import=name == "import")
    return parser


def _command_of(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names: its first word that is not an option (``recallbench`` itself
    takes no option with a value), or None."""
    for arg in argv:
        if arg == "--":
            return None
        if not arg.startswith("-"):
            return arg
    return None


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments; an unknown flag is reported by its command's parser, with the command's usage
    and the nearest flag it has (``run --judges`` → ``did you mean --judge?``)."""
    args, extra = parser.parse_known_args(argv)
    if extra and getattr(args, "_family_flags", False):
        extra = _family_flags(args, extra)
    if extra:
        command = args._commands[args.command]
        flags = [o for action in command._actions for o in action.option_strings]
        hints = []
        import difflib

        for arg in extra:
            if arg.startswith("-"):
                near = difflib.get_close_matches(arg.split("=", 1)[0], flags, n=1, cutoff=0.8)
                if near:
                    hints.append(f"did you mean {near[0]}?")
        hint = f" ({'; '.join(hints)})" if hints else ""
        command.error(f"unrecognized arguments: {' '.join(extra)}{hint}")
    return args


def _family_flags(args: argparse.Namespace, extra: list[str]) -> list[str]:
    """The benchmark families' flags among ``extra`` (``--<family>-…``), parsed into ``args`` by
    a parser of the flags of the families named, and only those imported; what is left."""
    from ..family.opening import option_owner
    from ..family.registry import family
    from ._common import add_family_flags, wrap_handler

    owners = sorted({o for a in extra if a.startswith("--") and (o := option_owner(a)) is not None})
    if not owners:
        return extra
    command = args._commands[args.command]
    flags = argparse.ArgumentParser(prog=command.prog, add_help=False)
    importing = args.command == "import"
    add_family_flags(flags, [family(o) for o in owners], for_import=importing)
    _, rest = flags.parse_known_args(extra, namespace=args)
    if not importing:
        wrap_handler(args)
    return rest


_RESUMABLE = {
    # Until run knows its files (then it sets args.stop_hint: the real progress file, or --no-save).
    "run": "; nothing was logged yet: rerun the same command to start again",
    "generate": "; finished days are kept: rerun the same command to go on",
    "generate-qa": "; finished checkpoints are kept: rerun the same command to go on",
}


def _resumable(args: argparse.Namespace) -> str:
    """How to go on after a stop by signal: ``run`` names its real progress file once it knows it."""
    hint = getattr(args, "stop_hint", None)
    return str(hint()) if callable(hint) else _RESUMABLE.get(args.command, "")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 2 bad input or failed checks)."""
    streams = sys.stdout, sys.stderr
    if not isinstance(sys.stdout, SafeStream):
        sys.stdout, sys.stderr = SafeStream(sys.stdout), SafeStream(sys.stderr)
    from ._heap import OWN_PROCESS

    own = OWN_PROCESS.set(argv is None)  # what a command reads is frozen only in its own process
    try:
        return _main(argv)
    finally:
        OWN_PROCESS.reset(own)
        sys.stdout, sys.stderr = streams


@contextlib.contextmanager
def _collector_at_start_up(*, own_process: bool) -> Iterator[None]:
    """The cyclic garbage collector paused while the command's modules are imported and the
    arguments parsed: imports build long-lived objects only (modules, classes, functions), which
    the collector walked again and again for nothing. In a process of its own (the console script,
    ``python -m recallbench``) they are then frozen (:func:`gc.freeze`), so no later collection of
    the run walks them either; a caller's process (``main([...])`` from Python) keeps its
    collector as it was. The 180-day reference run: 0.93× the wall time (issue 36)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if own_process:
            gc.freeze()
        if was_enabled:
            gc.enable()


def _cache_note(exc: BaseException) -> str:
    """What an error about a dataset file read from the YAML parse cache adds (that it was, and
    ``RECALLBENCH_YAML_CACHE=off``); empty when no such file was read (the cache not imported)."""
    cache = sys.modules.get("recallbench.data._yaml_cache")
    return str(cache.cache_note(str(exc))) if cache is not None else ""


def _main(argv: Sequence[str] | None) -> int:
    words = sys.argv[1:] if argv is None else argv
    command = _command_of(words)
    helping = any(w in ("-h", "--help") for w in words)
    with _collector_at_start_up(own_process=argv is None):
        try:
            parser = build_parser(
                () if command is None else (command,), family_flags=helping and command is not None
            )
            args = _parse(parser, argv)
        except RecallBenchError as exc:  # a benchmark family that fails to load, named
            print(f"recallbench: error: {exc}", file=sys.stderr)
            return 2
    try:
        from ._flag_bounds import check_flag_bounds  # after parsing: --help loads no attrs

        check_flag_bounds(args.command, args._commands[args.command], args)
        code: int = args.handler(args)
        return code
    except RecallBenchError as exc:
        print(f"recallbench {args.command}: error: {exc}{_cache_note(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(
            f"recallbench {args.command}: interrupted{_resumable(args)}",
            file=sys.stderr,
        )
        return 130
    except Terminated as exc:
        name = signal.Signals(exc.signum).name
        print(
            f"recallbench {args.command}: stopped by {name}{_resumable(args)}",
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
                f"recallbench {args.command}: interrupted{_resumable(args)}",
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
