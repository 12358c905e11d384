"""The task's parameters, as ``-T NAME=VALUE`` gives them, checked into what the harness takes.

``inspect eval`` reads each ``-T`` value as YAML, so a parameter may arrive as a string, a number or
a list: ``-T personas=executive-assistant`` is one name, ``-T personas=a,b`` and
``-T personas=[a,b]`` are two, ``-T ranges=30d,90d`` two checkpoints. Every mistake is one
:class:`TaskInputError` naming the parameter and what it takes; inspect prints it as one line, with
no traceback. Pure: nothing here imports inspect_ai or reads a file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import attrs

from ..data.plan import LIFECYCLES
from ..data.ranges import DEFAULT_RANGES, TimeRange, parse_ranges
from ..data.selection import DEFAULT_POLICY, SelectionPolicy
from ..errors import ConfigError

__all__ = [
    "LIFECYCLE_CHOICES",
    "SOLVERS",
    "Solver",
    "TaskInputError",
    "TaskParams",
    "names_of",
    "task_params",
]

Solver = Literal["system", "model", "agent"]
SOLVERS: tuple[Solver, ...] = ("system", "model", "agent")
"""``system``: the adapter answers (as ``recallbench run``); ``model``: the model under evaluation
answers from what the memory system retrieved; ``agent``: the model calls the memory server's tools."""

LIFECYCLE_CHOICES = ("fresh", "incremental")
"""The harness's lifecycles the task runs (``snapshot`` restores state between checkpoints, which
a task whose samples run side by side has no use for)."""

DEFAULT_ADAPTER = "builtin:bm25"
"""The adapter of a task given none: ``recallbench run``'s."""


class TaskInputError(ConfigError):
    """A task parameter is not what the task takes: one line naming it (the task raises it as
    inspect's own "print the message, not a traceback" error: :mod:`.task`).

    Attributes:
        detail: what is wrong, without the task's name.
        message: the line printed.
    """

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail
        self.message = f"recallbench/recall_bench: {detail}"

    def __str__(self) -> str:
        return self.message


@attrs.frozen(kw_only=True)
class TaskParams:
    """The task's parameters, checked.

    Attributes:
        data: what ``--data`` takes (a folder, or ``NAME:PATH``); None: the checkout's personas.
        personas: persona ids (None: every persona of the data).
        arcs: the arcs file in each persona folder (None: the data's own default).
        ranges: the checkpoints (the default: the data's own, as ``recallbench run``'s).
        adapter: an adapter spec, as ``--adapter`` takes it.
        judge: a judge spec, as ``--judge`` takes it, or ``role:NAME`` (an LLM judge over inspect's
            model role NAME); None: the data family's own judge, else ``rubric``.
        lifecycle: ``fresh`` or ``incremental``.
        solver: ``system``, ``model`` or ``agent`` (:data:`SOLVERS`).
        selection: sample and seed, as ``--sample`` and ``--seed``.
    """

    data: str | None = None
    personas: tuple[str, ...] | None = None
    arcs: str | None = None
    ranges: tuple[TimeRange, ...] = DEFAULT_RANGES
    adapter: str = DEFAULT_ADAPTER
    judge: str | None = None
    lifecycle: Literal["fresh", "incremental"] = "fresh"
    solver: Solver = "system"
    selection: SelectionPolicy = DEFAULT_POLICY


def names_of(name: str, value: Any) -> tuple[str, ...] | None:
    """A list of names from a ``-T`` value: a string is one name, or several separated by commas; a
    list is its items; None (or an empty string) is None.

    Raises:
        TaskInputError: not a string or a list of strings, or an empty name.
    """
    if value is None or value == "":
        return None
    items: Sequence[Any]
    if isinstance(value, str):
        items = value.split(",")
    elif isinstance(value, list | tuple):
        items = value
    else:
        raise TaskInputError(f"-T {name} takes names (a,b or [a,b]), got {value!r}")
    names = []
    for item in items:
        if not isinstance(item, str) or not item.strip():
            raise TaskInputError(f"-T {name} takes names (a,b or [a,b]), got {value!r}")
        names.append(item.strip())
    return tuple(dict.fromkeys(names))


def _text(name: str, value: Any, default: str | None) -> str | None:
    if value is None or value == "":
        return default
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise TaskInputError(f"-T {name} takes a string, got {value!r}")
    return str(value)


def _choice(name: str, value: Any, choices: Sequence[str], default: str) -> str:
    text = _text(name, value, default)
    assert text is not None
    if text.strip().lower() not in choices:
        raise TaskInputError(f"-T {name} takes {' | '.join(choices)}, got {value!r}")
    return text.strip().lower()


def _ranges(value: Any) -> tuple[TimeRange, ...]:
    if value is None or value == "":
        return DEFAULT_RANGES
    items = value if isinstance(value, list | tuple) else [value]
    if not all(isinstance(v, str | int) and not isinstance(v, bool) for v in items):
        raise TaskInputError(f"-T ranges takes checkpoints (30d,90d or [30d,90d]), got {value!r}")
    try:
        return parse_ranges([str(v) for v in items])
    except ConfigError as exc:
        raise TaskInputError(f"-T ranges: {exc}") from None


def _whole(name: str, value: Any, *, none: bool) -> int | None:
    if value is None or (isinstance(value, str) and value.strip().lower() in ("", "none")):
        if none:
            return None
        raise TaskInputError(f"-T {name} takes a whole number, got {value!r}")
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TaskInputError(f"-T {name} takes a whole number, got {value!r}")
    return value


def task_params(
    *,
    data: Any = None,
    personas: Any = None,
    arcs: Any = None,
    ranges: Any = None,
    adapter: Any = None,
    judge: Any = None,
    lifecycle: Any = None,
    solver: Any = None,
    sample: Any = None,
    seed: Any = None,
) -> TaskParams:
    """The task's parameters from what ``-T`` (or a caller) gave.

    Raises:
        TaskInputError: a value of the wrong form, an unknown lifecycle or solver mode, a
            lifecycle the task does not run; one line naming the parameter.
    """
    chosen = _choice("lifecycle", lifecycle, LIFECYCLES, "fresh")
    if chosen not in LIFECYCLE_CHOICES:
        raise TaskInputError(
            f"-T lifecycle takes {' | '.join(LIFECYCLE_CHOICES)}, got {chosen!r} (its samples "
            "run side by side: there is no state to restore between checkpoints)"
        )
    seed_value = _whole("seed", 42 if seed is None else seed, none=False)
    sample_value = _whole("sample", sample, none=True)
    assert seed_value is not None
    try:
        selection = SelectionPolicy(sample=sample_value, seed=seed_value)
    except (ValueError, ConfigError) as exc:
        raise TaskInputError(f"-T sample/seed: {exc}") from None
    return TaskParams(
        data=_text("data", data, None),
        personas=names_of("personas", personas),
        arcs=_text("arcs", arcs, None),
        ranges=_ranges(ranges),
        adapter=_text("adapter", adapter, DEFAULT_ADAPTER) or DEFAULT_ADAPTER,
        judge=_text("judge", judge, None),
        lifecycle="incremental" if chosen == "incremental" else "fresh",
        solver=_choice("solver", solver, SOLVERS, "system"),  # type: ignore[arg-type]
        selection=selection,
    )
