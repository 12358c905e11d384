"""Arguments and helpers shared by the commands."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import ConfigError

if TYPE_CHECKING:
    from ..data.ranges import TimeRange

T = TypeVar("T")

__all__ = [
    "Terminated",
    "add_dataset_args",
    "non_negative_int",
    "positive_int",
    "print_json",
    "ranges_arg",
    "run_async",
    "use_color",
]


def data_arg(value: str, locomo_categories: str | None = None) -> Path:
    """``--data``: a path, or ``locomo:FILE`` / ``longmemeval:FILE`` converted into the user cache
    (a LoCoMo file under ``locomo_categories``' names, when given). A malformed file, or a
    ``--locomo-categories`` that does not apply, is one line on stderr and exit 2 (before any
    work)."""
    from ..data.importers import resolve_data_spec
    from ..errors import RecallBenchError

    try:
        return resolve_data_spec(value, locomo_categories)
    except RecallBenchError as exc:
        print(f"recallbench: {exc}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None


def _say_import_warnings(data: Path) -> None:
    """What the importer of a converted ``--data KIND:FILE`` warned about, on stderr (each time:
    the conversion is cached, its warnings are not to be lost after the first run)."""
    from ..data.importers._native import import_warnings

    for line in import_warnings(data):
        print(f"recallbench: warning: {line}", file=sys.stderr, flush=True)


class _ResolvingData:
    """A command's handler, run once ``--data`` is converted with the ``--locomo-categories`` given
    anywhere on the line (argparse reads options in order: the flag may follow ``--data``)."""

    def __init__(self, handler: Callable[[argparse.Namespace], int]):
        self.handler = handler

    def __call__(self, args: argparse.Namespace) -> int:
        categories = getattr(args, "locomo_categories", None)
        if args.data is not None:
            given = str(args.data)
            args.data = data_arg(given, categories)
            if given != str(args.data) and getattr(args, "command", None) != "validate":
                _say_import_warnings(args.data)  # validate lists them among its findings
        elif categories is not None:
            print(
                "recallbench: --locomo-categories applies to --data locomo:FILE, and no --data "
                "was given",
                file=sys.stderr,
                flush=True,
            )
            raise SystemExit(2)
        return self.handler(args)


class _DataOption(argparse.Action):
    """``--data`` and ``--locomo-categories``: stored as given; ``--data`` is converted when parsing
    is done, just before the command's handler runs (:class:`_ResolvingData`)."""

    def __call__(
        self, parser: Any, namespace: argparse.Namespace, values: Any, option_string: Any = None
    ) -> None:
        setattr(namespace, self.dest, values)
        handler = getattr(namespace, "handler", None)
        if handler is not None and not isinstance(handler, _ResolvingData):
            namespace.handler = _ResolvingData(handler)


def add_dataset_args(p: Any, *, data_required: bool = False) -> None:
    """``--data`` (with ``--locomo-categories``), ``--personas`` and ``--arcs``. Without ``--data``
    a command uses the shipped personas (``cli._shipped.data_or_shipped``), unless
    ``data_required``."""
    from ..data.dataset import DEFAULT_ARCS_FILE

    p.add_argument(
        "--data",
        action=_DataOption,
        required=data_required,
        metavar="DIR",
        help="personas root: every sub-directory is a persona; or locomo:FILE, longmemeval:FILE "
        "(converted once into the user cache; locomo-mem0:FILE is locomo:FILE with "
        "--locomo-categories mem0)" + ("" if data_required else " (default: the shipped personas)"),
    )
    p.add_argument(
        "--locomo-categories",
        action=_DataOption,
        choices=("official", "mem0"),
        default=None,
        help="with --data locomo:FILE: the names LoCoMo's category numbers are read under — the "
        "official evaluation's (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, "
        "5 adversarial; the default) or mem0's (1 single-hop, 3 multi-hop, 4 open-domain); "
        "the mapping is printed in every report",
    )
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
