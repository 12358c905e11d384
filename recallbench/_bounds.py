"""The bounds of every number a user gives recallbench, in one table.

A number from a flag, a profile, a MemoryBench manifest or a library record (:class:`RunConfig`,
:class:`~recallbench.judges.panel.JudgePanel`, …) is checked against :data:`BOUNDS` before any work:
generous for real use, small enough that no value within them exhausts a 24 GiB machine or hangs a
run (``--epochs 1000000000`` once filled memory; a manifest's ``phase_delay_ms`` of 10¹² slept until
killed). Outside its bound a value is one :class:`~recallbench.errors.ConfigError` naming where it
came from and the bound. ``docs/reference/bounds.md`` draws the table with the reasoning; a test
holds it, the command line's flags (:data:`FLAGS`) and the profile keys (:data:`PROFILE_KEYS`) to
this module.

Pure: imports nothing but attrs and the error tree.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from .errors import ConfigError

__all__ = [
    "BOUNDS",
    "COMMAND_FLAGS",
    "FLAGS",
    "PROFILE_KEYS",
    "Bound",
    "bounded",
    "check",
    "flag_bound",
]

DOCS = "docs/reference/bounds.md"


@attrs.frozen
class Bound:
    """The values a number may take: ``low``..``high`` (``low`` excluded when ``low_open``).

    Attributes:
        low, high: the least and greatest value allowed.
        unit: what the number counts (``days``, ``ms``, ``s`` …), shown after it.
        why: the reasoning, as the reference page gives it.
        note: the bound in words (``a day``), shown beside it.
        low_open: ``low`` itself is refused (a timeout of 0 s is no timeout).
    """

    low: int | float
    high: int | float
    unit: str = ""
    why: str = ""
    note: str = ""
    low_open: bool = False

    def admits(self, value: int | float) -> bool:
        """Whether ``value`` is within the bound (NaN never is)."""
        if isinstance(value, float) and not math.isfinite(value):
            return False
        above_low = value > self.low if self.low_open else value >= self.low
        return above_low and value <= self.high

    def problem(self, value: int | float) -> str | None:
        """What is wrong with ``value`` (``is more than 100, its bound (…)``), or None."""
        if self.admits(value):
            return None
        if isinstance(value, float) and math.isnan(value):
            return f"is not a number (it takes {self.describe()})"
        if value > self.high:
            return f"is more than {self._show(self.high)}, its bound{self._why_short()}"
        if self.low_open:
            return f"must be more than {self._show(self.low)} (it takes {self.describe()})"
        return f"is less than {self._show(self.low)}, its least value (it takes {self.describe()})"

    def describe(self) -> str:
        """``1 to 100`` / ``more than 0 to 6 points``."""
        low = f"more than {_number(self.low)}" if self.low_open else _number(self.low)
        return f"{low} to {self._show(self.high)}"

    def _show(self, value: int | float) -> str:
        return _number(value) + (f" {self.unit}" if self.unit else "")

    def _why_short(self) -> str:
        return f" ({self.note}; {DOCS})" if self.note else f" ({DOCS})"


def _number(value: int | float) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"{value:,}" if isinstance(value, int) else f"{value:g}"


def _given(value: int | float) -> str:
    """The value as the user wrote it (an integer of thousands of digits, shortened)."""
    if isinstance(value, int) and value.bit_length() > 200:
        return f"a number of about {round(abs(value).bit_length() * 0.30103):,} digits"
    return repr(value)


_DAY_S = 86_400
_PARALLEL = (
    "calls in flight at once: no provider takes more from one client, and each holds its "
    "buffers and a socket"
)

BOUNDS: Mapping[str, Bound] = {
    # -- repeats and windows: each multiplies what a run holds in memory ---------------------------
    "epochs": Bound(
        1,
        100,
        why="each epoch asks every question again and every answer is held until the result is "
        "written; a hundred repeats narrow an interval as far as repeats can",
    ),
    "judge-epochs": Bound(
        1,
        100,
        why="each judge epoch is another judge call per answer, every verdict kept",
    ),
    "memory-window": Bound(
        0,
        1_000,
        "days",
        why="±1,000 days covers the whole of the longest shipped corpus (1,000 days) from any day; "
        "the judge's prompt is built from every day in the window",
    ),
    # -- concurrency --------------------------------------------------------------------------------
    "parallelism": Bound(1, 1_024, why=_PARALLEL),
    "unit-parallelism": Bound(
        1,
        1_024,
        why="units in flight at once, each with its own adapter; a Ray cluster spreads them over "
        "machines",
    ),
    "worker-processes": Bound(
        1, 256, why="each worker is a Python process of tens of MB; 256 fit in a few GiB"
    ),
    "cpus-per-unit": Bound(0, 1_024, "CPUs", why="what one unit asks the Ray scheduler for"),
    "gpus-per-unit": Bound(0, 64, "GPUs", why="what one unit asks the Ray scheduler for"),
    # -- counts and thresholds ----------------------------------------------------------------------
    "sample": Bound(
        0, 1_000_000, "questions", why="a cap on questions per checkpoint; more is as good as none"
    ),
    "error-count": Bound(
        0,
        1_000_000,
        "questions",
        why="a threshold of failed questions; no run asks more questions than this",
    ),
    "seed": Bound(
        -(2**63),
        2**63 - 1,
        why="a signed 64-bit integer: recorded in results, read exactly by any JSON reader",
    ),
    "ci-width": Bound(
        0, 6, "points", low_open=True, why="the composite scale is 0-6: no interval is wider"
    ),
    "usd": Bound(
        0,
        100_000,
        "USD",
        low_open=True,
        why="a budget; one run past $100,000 is a mistake, not a benchmark",
    ),
    "context-tokens": Bound(
        1,
        10_000_000,
        "tokens",
        why="five times the largest context window offered (2M tokens); the prompt is built in memory",
    ),
    "max-tokens": Bound(
        1, 1_000_000, "tokens", why="per model reply; no model writes more in one reply"
    ),
    "temperature": Bound(0, 2, why="the range model providers accept"),
    "resamples": Bound(
        1,
        100_000,
        why="bootstrap resamples per interval, ten times the default; each is a pass over the answers",
    ),
    "listed-answers": Bound(0, 100_000, "answers", why="answers listed in a report"),
    "probe-sample": Bound(
        1, 10_000, "pairs", why="pairs per persona, each judged in several styles"
    ),
    "retrieval-k": Bound(1, 1_000, "chunks", why="chunks retrieved per question"),
    "pairs-per-checkpoint": Bound(
        1, 1_000, "pairs", why="pairs asked of the model per checkpoint, in one reply"
    ),
    "history-window": Bound(
        0, 1_000, "entries", why="recent entries of a session put in each generation prompt"
    ),
    "days": Bound(
        1,
        10_000,
        "days",
        why="a story's days (and any day named: --start, --end, --interval); 27 years, beyond "
        "any corpus recallbench reads, as a range series is bounded at 10,000 checkpoints",
    ),
    "engine-version": Bound(1, 1_000, why="the synth engine refuses a version it does not have"),
    # -- time -----------------------------------------------------------------------------------------
    "timeout-ms": Bound(
        0,
        _DAY_S * 1000,
        "ms",
        note="a day",
        low_open=True,
        why="a call that has not answered in a day never will; the run waits for it",
    ),
    "timeout-s": Bound(
        0,
        _DAY_S,
        "s",
        note="a day",
        low_open=True,
        why="a lifecycle step that has not ended in a day never will",
    ),
    "judge-timeout-s": Bound(
        0,
        10 * _DAY_S,
        "s",
        note="ten days",
        low_open=True,
        why="a model judge's score may take ten question timeouts (of at most a day each)",
    ),
    "idle-timeout-s": Bound(
        0,
        _DAY_S,
        "s",
        note="a day",
        why="a lifecycle left idle a day has lost its client (0: never torn down)",
    ),
    "grace-s": Bound(
        0, 3_600, "s", note="an hour", why="how long a server stopping waits for calls in flight"
    ),
    "batch-wait-ms": Bound(
        0, 10_000, "ms", note="10 s", why="a request waiting for company for its encoder call"
    ),
    "phase-delay-ms": Bound(
        0,
        600_000,
        "ms",
        note="10 minutes",
        why="the wait between deleting and asking; no memory system needs longer to settle, and "
        "the run sleeps through it",
    ),
    # -- sizes ----------------------------------------------------------------------------------------
    "message-mib": Bound(
        0, 2_047, "MiB", low_open=True, why="gRPC cannot carry a message of 2 GiB or more"
    ),
    "port": Bound(0, 65_535, why="TCP ports (0: a free one)"),
    "embed-batch": Bound(
        1,
        4_096,
        "texts",
        why="texts in one encoder call; the encoder's activations grow with the batch",
    ),
    "shared-sample-size": Bound(
        1, 10_000, "sessions", why="sessions sampled into each unit, each ingested as a day"
    ),
    "retrieval-limit": Bound(1, 10_000, why="a retrieval cap recorded with each question"),
    "flatten-max-items": Bound(
        1, 1_000_000, "items", why="cases made from one record's list, each a unit"
    ),
}
"""Every bound, by name. docs/reference/bounds.md draws this table."""

FLAGS: Mapping[str, str] = {
    "--epochs": "epochs",
    "--judge-epochs": "judge-epochs",
    "--judge-memory-window": "memory-window",
    "--hallucination-window": "memory-window",
    "--claim-days": "memory-window",
    "--parallelism": "parallelism",
    "--unit-parallelism": "unit-parallelism",
    "--jobs": "worker-processes",
    "--num-cpus-per-unit": "cpus-per-unit",
    "--num-gpus-per-unit": "gpus-per-unit",
    "--sample": "sample",
    "--max-errors": "error-count",
    "--max-adapter-errors": "error-count",
    "--seed": "seed",
    "--ci-width": "ci-width",
    "--max-cost": "usd",
    "--context-tokens": "context-tokens",
    "--max-tokens": "max-tokens",
    "--temperature": "temperature",
    "--resamples": "resamples",
    "--worst": "listed-answers",
    "--k": "retrieval-k",
    "--pairs-per-checkpoint": "pairs-per-checkpoint",
    "--history-window": "history-window",
    "--days": "days",
    "--start": "days",
    "--end": "days",
    "--interval": "days",
    "--version": "engine-version",
    "--timeout": "timeout-ms",
    "--grpc-timeout": "timeout-ms",
    "--setup-timeout": "timeout-s",
    "--ingest-timeout": "timeout-s",
    "--teardown-timeout": "timeout-s",
    "--lifecycle-idle-timeout": "idle-timeout-s",
    "--grace": "grace-s",
    "--batch-wait-ms": "batch-wait-ms",
    "--grpc-max-message-mb": "message-mib",
    "--max-message-mb": "message-mib",
    "--port": "port",
    "--max-batch": "embed-batch",
}
"""Each numeric flag of the command line and its bound (the same in every command that has it,
except :data:`COMMAND_FLAGS`). A test fails when a command has a numeric flag not named here."""

COMMAND_FLAGS: Mapping[tuple[str, str], str] = {
    ("judge-probe", "--sample"): "probe-sample",
}
"""Flags whose bound differs in one command: ``judge-probe --sample`` counts pairs per persona."""

PROFILE_KEYS: Mapping[str, str] = {
    "seed": "seed",
    "timeout": "timeout-ms",
    "parallelism": "parallelism",
    "sample": "sample",
    "judge-memory-window": "memory-window",
    "max-cost": "usd",
    "days": "days",
    "start": "days",
    "end": "days",
    "temperature": "temperature",
    "max-tokens": "max-tokens",
    "history-window": "history-window",
}
"""Each numeric key of a run profile (spelt as its flag: ``judgeMemoryWindow`` is
``judge-memory-window``) and its bound."""


def flag_bound(command: str, option: str) -> Bound | None:
    """The bound of ``command``'s flag ``option`` (None: not a numeric flag)."""
    name = COMMAND_FLAGS.get((command, option)) or FLAGS.get(option)
    return None if name is None else BOUNDS[name]


def check(name: str, value: int | float, where: str) -> None:
    """Refuse ``value`` outside the bound ``name``.

    Args:
        name: a key of :data:`BOUNDS`.
        value: the number given.
        where: what gave it, as the user wrote it (``--epochs``, ``RunConfig.epochs``,
            ``$.ingestion.phase_delay_ms``).

    Raises:
        ConfigError: ``value`` is outside the bound, naming ``where`` and the bound.
    """
    problem = BOUNDS[name].problem(value)
    if problem is not None:
        raise ConfigError(f"{where}: {_given(value)} {problem}")


def bounded(name: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """An attrs validator refusing a number outside the bound ``name`` (None passes) with a
    :class:`~recallbench.errors.ConfigError` naming the record and the field."""
    BOUNDS[name]  # a misspelt name fails at import, not at the first record built

    def validate(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if isinstance(value, int | float) and not isinstance(value, bool):
            check(name, value, f"{type(instance).__name__}.{attribute.name}")

    return validate
