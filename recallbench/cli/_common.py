"""Arguments and helpers shared by the commands."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import ConfigError

if TYPE_CHECKING:
    from ..data.ranges import TimeRange

T = TypeVar("T")

__all__ = [
    "DataOption",
    "Terminated",
    "add_dataset_args",
    "add_family_flags",
    "family_options",
    "non_negative_int",
    "positive_int",
    "print_json",
    "ranges_arg",
    "run_async",
    "use_color",
]


def family_options(args: argparse.Namespace) -> dict[str, Any]:
    """The benchmark families' flags given on the command line (``--<family>-…``), by attribute
    name; nothing is imported to find them."""
    from ..family.opening import option_owner

    return {
        k: v
        for k, v in vars(args).items()
        if v is not None and not k.startswith("_") and option_owner("--" + k.replace("_", "-"))
    }


def data_arg(value: str, options: dict[str, Any] | None = None) -> Path:
    """``--data``: a path, or ``NAME:PATH`` resolved by that benchmark family (a published file
    converted into the user cache), ``options`` its flags. A malformed file, or a family flag that
    does not apply, is one line on stderr and exit 2 (before any work)."""
    from ..errors import RecallBenchError
    from ..family.opening import resolve_data

    try:
        return resolve_data(value, options)
    except RecallBenchError as exc:
        print(f"recallbench: {exc}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None


def _say_import_warnings(data: Path) -> None:
    """What the importer of a converted ``--data NAME:FILE`` warned about, on stderr (each time:
    the conversion is cached, its warnings are not to be lost after the first run)."""
    from ..data.importers._native import import_warnings

    for line in import_warnings(data):
        print(f"recallbench: warning: {line}", file=sys.stderr, flush=True)


class _ResolvingData:
    """A command's handler, run once ``--data`` is resolved with the family flags given anywhere
    on the line (argparse reads options in order: a flag may follow ``--data``)."""

    def __init__(self, handler: Callable[[argparse.Namespace], int]):
        self.handler = handler

    def __call__(self, args: argparse.Namespace) -> int:
        options = family_options(args)
        if args.data is not None:
            given = str(args.data)
            args.data = data_arg(given, options)
            if given != str(args.data) and getattr(args, "command", None) != "validate":
                _say_import_warnings(args.data)  # validate lists them among its findings
        elif options:
            from ..family.opening import option_owner

            flag = "--" + next(iter(options)).replace("_", "-")
            print(
                f"recallbench: {flag} applies to --data {option_owner(flag)}:FILE, and no --data "
                "was given",
                file=sys.stderr,
                flush=True,
            )
            raise SystemExit(2)
        return self.handler(args)


class DataOption(argparse.Action):
    """``--data`` and the families' flags: stored as given; ``--data`` is resolved when parsing
    is done, just before the command's handler runs (:class:`_ResolvingData`)."""

    def __call__(
        self, parser: Any, namespace: argparse.Namespace, values: Any, option_string: Any = None
    ) -> None:
        setattr(namespace, self.dest, values)
        wrap_handler(namespace)


def wrap_handler(namespace: argparse.Namespace) -> None:
    """Make the command's handler resolve ``--data`` first (once)."""
    handler = getattr(namespace, "handler", None)
    if handler is not None and not isinstance(handler, _ResolvingData):
        namespace.handler = _ResolvingData(handler)


def add_dataset_args(p: Any, *, data_required: bool = False) -> None:
    """``--data``, ``--personas`` and ``--arcs`` (and, parsed apart, the benchmark families'
    flags: :func:`add_family_flags`). Without ``--data`` a command uses the shipped personas
    (``cli._shipped.data_or_shipped``), unless ``data_required``."""
    from ..data.dataset import DEFAULT_ARCS_FILE

    p.add_argument(
        "--data",
        action=DataOption,
        required=data_required,
        metavar="DIR",
        help="personas root: every sub-directory is a persona; another benchmark's data (a folder "
        "its family recognises), or NAME:PATH naming the family ('recallbench list benchmarks'; "
        "a published file is converted once into the user cache)"
        + ("" if data_required else " (default: the shipped personas)"),
    )
    p.set_defaults(_family_flags=True)
    p.add_argument(
        "--personas",
        nargs="+",
        action="extend",
        metavar="ID",
        help="persona ids to use (default: every persona in --data)",
    )
    p.add_argument(
        "--arcs",
        default=DEFAULT_ARCS_FILE,
        metavar="FILE",
        help="arcs file in each persona directory; it selects the memories and qa directories "
        f"(default {DEFAULT_ARCS_FILE}; arcs-180d.yaml selects memories-180d/ and qa-180d/)",
    )


def add_family_flags(p: Any, families: Sequence[Any], *, for_import: bool = False) -> None:
    """The flags ``families`` add to a command that reads data (``--<family>-…``), each
    stored as given (``import`` takes each flag's ``import_default`` when it is not given)."""
    group = p.add_argument_group("benchmark family options") if families else None
    for f in families:
        for option in f.data_options:
            kwargs: dict[str, Any] = {"dest": option.dest, "help": f"{f.name}: {option.help}"}
            if option.choices is not None:
                kwargs["choices"] = option.choices
            if option.metavar is not None:
                kwargs["metavar"] = option.metavar
            if for_import:
                kwargs["default"] = option.import_default
            else:
                kwargs["action"] = DataOption
            assert group is not None
            group.add_argument(option.flag, **kwargs)


def ranges_arg(values: list[str] | None) -> tuple[TimeRange, ...] | None:
    """``--ranges`` values: several per flag, comma- or space-separated, series as START:END:STEP."""
    from ..data.ranges import parse_ranges

    if not values:
        return None
    try:
        return parse_ranges(values)
    except ConfigError as exc:
        raise ConfigError(f"--ranges: {exc}") from None


def non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number ≥ 0, got {text!r}")
    return value


def positive_int(text: str) -> int:
    value = non_negative_int(text)
    if value == 0:
        raise argparse.ArgumentTypeError(f"expected a whole number ≥ 1, got {text!r}")
    return value


def add_judge_cache_args(p: Any, cache_help: str) -> None:
    """``--judge-cache DIR`` (``cache_help`` says what it is to the command) and
    ``--no-judge-cache``, as every command that calls an LLM judge takes them."""
    p.add_argument("--judge-cache", type=Path, metavar="DIR", help=cache_help)
    p.add_argument(
        "--no-judge-cache", action="store_true", help="always call the judge; store nothing"
    )


def add_judge_call_args(p: Any) -> None:
    """``--parallelism`` and ``--timeout`` of the commands that call a judge on many answers."""
    p.add_argument(
        "--parallelism",
        type=positive_int,
        default=4,
        metavar="N",
        help="judge calls in flight (default 4; only model-backed judges gain)",
    )
    p.add_argument(
        "--timeout",
        type=positive_int,
        default=120000,
        metavar="MS",
        help="per model call of a model-backed judge (default 120000)",
    )


def print_json(data: Any) -> None:
    """``data`` as two-space-indented JSON on stdout, through the artifacts' one encoder."""
    from .._convert import json_bytes

    sys.stdout.write(json_bytes(data, pretty=True).decode("utf-8", "surrogatepass") + "\n")


def use_color(choice: str, stream: Any = None) -> bool:
    """Whether to colour output: ``always``/``never``, or ``auto`` — stdout (or ``stream``) is a
    terminal and ``NO_COLOR`` is not set."""
    if choice != "auto":
        return choice == "always"
    stream = stream if stream is not None else sys.stdout
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and not os.environ.get("NO_COLOR")


class Terminated(Exception):
    """The process was asked to stop (SIGTERM, SIGHUP) while a command ran; it stopped as after
    Ctrl-C: work cancelled, agent process trees killed, adapters torn down, logs kept.

    Attributes:
        signum: the signal received.
    """

    def __init__(self, signum: int):
        self.signum = signum
        super().__init__(f"stopped by signal {signum}")


def run_async(fn: Callable[..., Awaitable[T]], *args: Any) -> T:
    """``anyio.run`` for a command: SIGTERM and SIGHUP stop the work exactly as Ctrl-C does (the
    event loop's own interrupt handling: the main task is cancelled, so cleanup runs) and then raise
    :class:`Terminated` instead of :class:`KeyboardInterrupt`. Where Ctrl-C is ignored (a command
    started in the background by a shell, or under ``nohup``) the loop has no interrupt handler:
    SIGTERM and SIGHUP then cancel the main task themselves, with the same cleanup."""
    import asyncio

    import anyio

    received: list[int] = []
    restore: dict[int, Any] = {}

    async def main() -> T:
        if threading.current_thread() is threading.main_thread():
            # Inside the loop, SIGINT's handler is the runner's: it cancels the main task.
            on_interrupt = signal.getsignal(signal.SIGINT)
            task = asyncio.current_task()
            loop = asyncio.get_running_loop()

            def stop(signum: int, frame: Any) -> None:
                received.append(signum)
                if callable(on_interrupt):
                    on_interrupt(signal.SIGINT, frame)
                elif task is not None:
                    loop.call_soon_threadsafe(task.cancel)

            for sig in _TERMINATION_SIGNALS:
                restore[sig] = signal.signal(sig, stop)
        return await fn(*args)

    try:
        return anyio.run(main, backend="asyncio")
    except (KeyboardInterrupt, asyncio.CancelledError):
        if received:
            raise Terminated(received[0]) from None
        raise
    finally:
        for sig, previous in restore.items():
            signal.signal(sig, previous)


_TERMINATION_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
