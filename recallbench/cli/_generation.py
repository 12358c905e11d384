"""Arguments and helpers shared by the generation commands (``create-persona``, ``generate``,
``generate-conversations``, ``generate-tool-calls``, ``generate-qa``).

Timeouts are given in milliseconds on the command line, like the reference (``--timeout 600000``),
and handed to the library in seconds.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..data.dataset import DEFAULT_ARCS_FILE, derive_sibling_dir
from ..errors import ConfigError
from ._common import positive_int

if TYPE_CHECKING:
    from ..models.base import TextModel

__all__ = [
    "DEFAULT_END_DAY",
    "add_day_span_args",
    "add_model_args",
    "add_persona_args",
    "day_span",
    "load_generation_model",
    "print_summary",
    "sibling_dir",
    "timeout_seconds",
]

DEFAULT_END_DAY = 1000
"""The last day of a span when neither ``--end``/``--days`` nor the data say otherwise."""


def _temperature(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    return value  # its range, 0 to 2, is checked with every bound (recallbench._bounds)


def add_model_args(
    p: Any, *, temperature: float, max_tokens: int, timeout_ms: int, parallel: bool = True
) -> None:
    """Add ``--model`` (required), ``--temperature``, ``--max-tokens``, ``--timeout MS`` (per model
    call), ``--parallelism N`` (default 4; not for a command whose calls cannot overlap:
    ``parallel=False``) and ``--json`` (print the summary as JSON), with the command's defaults."""
    p.add_argument(
        "--model",
        required=True,
        metavar="SPEC",
        help="claude|codex|copilot, openai[:MODEL[;URL]], anthropic:MODEL[;URL], "
        "azure:DEPLOYMENT[;URL], or pkg.module:attr / file.py[:attr]",
    )
    p.add_argument(
        "--temperature",
        type=_temperature,
        default=temperature,
        metavar="T",
        help=f"sampling temperature (default {temperature:g})",
    )
    p.add_argument(
        "--max-tokens",
        type=positive_int,
        default=max_tokens,
        metavar="N",
        help=f"maximum tokens per model reply (default {max_tokens})",
    )
    p.add_argument(
        "--timeout",
        type=positive_int,
        default=timeout_ms,
        metavar="MS",
        help=f"per model call, in milliseconds; a CLI agent that overruns is killed with its "
        f"whole process tree (default {timeout_ms})",
    )
    if parallel:
        p.add_argument(
            "--parallelism",
            type=positive_int,
            default=4,
            metavar="N",
            help="model calls in flight at once (default 4)",
        )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")


def add_day_span_args(p: Any) -> None:
    """Add ``--days N`` (days 1..N), ``--start N`` and ``--end N`` (inclusive)."""
    p.add_argument(
        "--days", type=positive_int, metavar="N", help="days 1..N (instead of --start/--end)"
    )
    p.add_argument("--start", type=positive_int, metavar="N", help="first day (default 1)")
    p.add_argument(
        "--end", type=positive_int, metavar="N", help="last day, inclusive (default: the last day)"
    )


def day_span(
    args: argparse.Namespace, *, last_day: int | None, what: str = "the last day"
) -> tuple[int, int]:
    """The inclusive ``(start, end)`` the flags ask for.

    ``--days N`` is ``1..N``; otherwise ``--start`` defaults to 1 and ``--end`` to ``last_day``
    (or 1000 when None). An end past ``last_day`` is clamped to it.

    Args:
        args: parsed flags from :func:`add_day_span_args`.
        last_day: the last day there is to work on (an arcs horizon, the highest day file), if known.
        what: how to name ``last_day`` in an error ("the arcs horizon", "the last day log").

    Raises:
        ConfigError: ``--days`` given with ``--start``/``--end``, ``--start`` after ``--end``, or a
            span that begins after ``last_day``.
    """
    days: int | None = getattr(args, "days", None)
    start: int | None = getattr(args, "start", None)
    end: int | None = getattr(args, "end", None)
    if days is not None:
        if start is not None or end is not None:
            raise ConfigError(
                f"--days {days} means days 1..{days}: give either --days or --start/--end, not both"
            )
        start, end = 1, days
    if start is None:
        start = 1
    if end is not None and start > end:
        raise ConfigError(f"--start {start} is after --end {end}: expected start ≤ end")
    if last_day is not None and start > last_day:
        raise ConfigError(
            f"--start {start} is after {what} (day {last_day}): there is nothing to do"
        )
    if end is None:
        end = last_day if last_day is not None else DEFAULT_END_DAY
        if start > end:
            raise ConfigError(f"--start {start} is after the default last day {end}: give --end")
    elif last_day is not None:
        end = min(end, last_day)
    return start, end


def timeout_seconds(args: argparse.Namespace) -> float:
    """``--timeout`` (milliseconds) in seconds."""
    return float(args.timeout) / 1000.0


def load_generation_model(args: argparse.Namespace, base_dir: Path | None = None) -> TextModel:
    """The ``--model`` selector as a text model, with ``--timeout`` as its per-call time limit.

    Raises:
        ConfigError: the selector is wrong (see :func:`recallbench.models.load_model`).
    """
    from ..models import load_model

    return load_model(
        args.model,
        base_dir=base_dir if base_dir is not None else Path.cwd(),
        timeout=timeout_seconds(args),
    )


def add_persona_args(p: Any) -> None:
    """Add ``--persona DIR`` (required), ``--arcs FILE`` (default arcs-1000d.yaml) and
    ``--memories-dir DIR`` (default derived from ``--arcs``: arcs-180d.yaml → memories-180d)."""
    p.add_argument("--persona", type=Path, required=True, metavar="DIR", help="persona directory")
    p.add_argument(
        "--arcs",
        default=DEFAULT_ARCS_FILE,
        metavar="FILE",
        help=f"arcs file in the persona directory (default {DEFAULT_ARCS_FILE})",
    )
    p.add_argument(
        "--memories-dir",
        metavar="DIR",
        help="day logs directory, relative to the persona directory unless absolute "
        "(default derived from --arcs: arcs-180d.yaml → memories-180d)",
    )


def sibling_dir(args: argparse.Namespace, base: str, value: str | None = None) -> Path:
    """A persona's directory for ``base`` (``memories``, ``conversations``, ``tools``, ``qa``).

    ``value`` (relative to ``--persona`` unless absolute) when given; with ``base="memories"`` that
    is ``--memories-dir``. Otherwise it is derived from the memories directory when
    ``--memories-dir`` was given (``memories-v2`` → ``tools-v2``: a second corpus never reuses the
    first one's outputs), else from ``--arcs`` (arcs-180d.yaml → ``<persona>/tools-180d``).
    """
    persona: Path = args.persona
    memories_dir = getattr(args, "memories_dir", None)
    if value is None and base == "memories":
        value = memories_dir
    if value is None and memories_dir is not None:
        memories = sibling_dir(args, "memories")
        name = memories.name
        suffix = name[len("memories") :] if name.startswith("memories") else f"-{name}"
        return memories.with_name(base + suffix)
    if value is None:
        return persona / derive_sibling_dir(args.arcs, base)
    path = Path(value)
    return path if path.is_absolute() else persona / path


def _item(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if isinstance(value, dict | list) else str(value)


def print_summary(summary: dict[str, Any], args: argparse.Namespace) -> None:
    """The command's summary on stdout: JSON with ``--json``, else one ``key: value`` line each."""
    if getattr(args, "json", False):
        sys.stdout.write(json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
        return
    for key, value in summary.items():
        if isinstance(value, (list, tuple)):
            text = ", ".join(_item(v) for v in value) if value else "none"
        elif isinstance(value, dict):
            text = json.dumps(value, ensure_ascii=False)
        else:
            text = str(value)
        sys.stdout.write(f"{key}: {text}\n")
