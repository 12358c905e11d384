"""The generation pipeline's own overhead, with an instant scripted model (issue 9).

    python benchmarks/bench_generation.py

Works on a copy of the shipped 1,000-day executive assistant's definition (``persona.yaml`` and
``arcs-1000d.yaml`` only — no day logs) in a temporary directory, and drives every pass with a
:class:`recallbench.testing.ScriptedModel` that answers at once with a plausible reply:

* planning the whole story (:func:`recallbench.generation.planning.plan_story`);
* Pass 1 (:func:`~recallbench.generation.generate_days`) over every planned day, parallelism 4 —
  the reply is a ``###`` section per story thread named in the prompt, two sentences each — then a
  rerun over the finished files (history rebuilt from disk, no model call);
* Pass 2 (:func:`~recallbench.generation.generate_conversations`) over those day logs (a 6-turn
  JSON array), and its rerun;
* Pass 3 (:func:`~recallbench.generation.generate_tool_calls`) over them (15 ``memorySave`` calls
  spread over the sessions of the day log), and its rerun;
* ``generate_qa`` in standard mode, interval 7 (12 pairs per checkpoint, each grounded in a day the
  window shows), and its rerun.

Each figure is the median of 3 runs, or one run where a run takes more than 5 s; "per call" is the
wall time divided by the model calls, i.e. what the pipeline costs around a model that takes no
time. Nothing here asserts a speed: the script prints figures for docs/performance.md.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import anyio

from recallbench.data.dataset import load_persona_definition
from recallbench.data.persona import PersonaDefinition
from recallbench.generation import (
    ConversationOptions,
    GenerateOptions,
    QaOptions,
    ToolCallOptions,
    generate_conversations,
    generate_days,
    generate_qa,
    generate_tool_calls,
    plan_story,
)
from recallbench.testing import ScriptedModel

T = TypeVar("T")

PERSONA = "executive-assistant"
ARCS = "arcs-1000d.yaml"
SOURCE = Path(__file__).resolve().parents[1] / "personas" / PERSONA
REPEAT = 3
SLOW = 5.0
"""A run longer than this many seconds is not repeated."""
PARALLELISM = 4

# ---- the scripted replies -------------------------------------------------------------------------

_SESSION = re.compile(r"Write the log of session `([^`]+)` for (\w+), (\d{4}-\d\d-\d\d)\.")
_THREAD = re.compile(r"^### (.+?) \(arc ([\w-]+), ", re.MULTILINE)


def day_entry(_system: str, user: str) -> str:
    """A Pass 1 session entry: a ``###`` section and two sentences per story thread in the prompt
    (routine work when there is none)."""
    m = _SESSION.search(user)
    session, weekday, date = m.groups() if m else ("principal", "Monday", "")
    parts = [
        f"### {title} — update\n"
        f"On {weekday} {date} I moved {title} forward in {session} and filed the notes. "
        f"Outstanding: the next {title} step, tracked with the owner."
        for title, _arc in _THREAD.findall(user)
    ]
    if not parts:
        parts.append(
            f"### Inbox\nI cleared the {session} inbox on {weekday} {date}. "
            "Nothing urgent came in, and the calendar holds."
        )
    return "\n\n".join(parts)


_CONV_DAY = re.compile(r"^Day (\d+) \(([^)]*)\)", re.MULTILINE)


def conversation(_system: str, user: str) -> str:
    """A Pass 2 reply: a valid 6-turn user/assistant JSON array about the day in the prompt."""
    m = _CONV_DAY.search(user)
    when = m.group(2) if m else "that day"
    turns = []
    for i in range(3):
        turns.append({"role": "user", "content": f"What is still open from {when}? ({i + 1})"})
        turns.append(
            {"role": "assistant", "content": f"Item {i + 1} from {when} is tracked and on time."}
        )
    return json.dumps(turns)


_LOG_SESSION = re.compile(r"^# session: (\S+)", re.MULTILINE)
_TOOLS_DAY = re.compile(r"^Day (\d+) — (\d{4}-\d\d-\d\d)", re.MULTILINE)
TOOL_CALLS = 15


def tool_calls(_system: str, user: str) -> str:
    """A Pass 3 reply: 15 memorySave calls spread over the sessions of the day log in the prompt
    (the log comes before the previous day's calls in the message)."""
    log = user.split("The previous day's tool calls", 1)[0]
    sessions = _LOG_SESSION.findall(log) or ["principal"]
    m = _TOOLS_DAY.search(user)
    date = m.group(2) if m else "today"
    calls = [
        {
            "session": sessions[i % len(sessions)],
            "tool": "memorySave",
            "content": f"{date}: durable item {i + 1} of the day, owner and next step noted.",
        }
        for i in range(TOOL_CALLS)
    ]
    return json.dumps({"calls": calls})


_SHOWN_DAY = re.compile(r"^# Day (\d+) — (\d{4}-\d\d-\d\d)", re.MULTILINE)
PAIRS = 12
_CATEGORIES = (
    "factual-recall",
    "temporal-reasoning",
    "decision-tracking",
    "cross-reference",
    "synthesis",
    "recency-bias-resistance",
)


def qa_pairs(_system: str, user: str) -> str:
    """A ``generate-qa`` reply: 12 valid pairs, each citing days the window shows (as the tests'
    ``author`` does), with questions distinct enough not to be near-duplicates."""
    shown = [(int(d), date) for d, date in _SHOWN_DAY.findall(user)]
    pairs = []
    for i in range(PAIRS):
        day, date = shown[i % len(shown)]
        days = [day] if i % 3 else sorted({day, shown[0][0]})
        pairs.append(
            {
                "question": f"Which follow-up number {i + 1} did Marlow log for {date}?",
                "answer": f"Follow-up {i + 1}, logged {date}.",
                "category": _CATEGORIES[i % len(_CATEGORIES)],
                "difficulty": ("easy", "medium", "hard")[i % 3],
                "relevant_days": days,
                "requires_synthesis": len(days) > 1,
            }
        )
    return json.dumps(pairs)


# ---- measuring ------------------------------------------------------------------------------------


def timed(run: Callable[[], Awaitable[T]]) -> tuple[float, T]:
    started = time.perf_counter()
    result = anyio.run(run, backend="asyncio")
    return time.perf_counter() - started, result


def measure(
    make: Callable[[int], Callable[[], Awaitable[T]]],
) -> tuple[float, int, T]:
    """Run ``make(i)()`` up to REPEAT times (once when the first run is slower than SLOW seconds);
    returns the median seconds, the number of runs and the first run's result."""
    first_time, first = timed(make(0))
    times = [first_time]
    if first_time <= SLOW:
        times += [timed(make(i))[0] for i in range(1, REPEAT)]
    return statistics.median(times), len(times), first


def copy_definition(root: Path) -> PersonaDefinition:
    pdir = root / PERSONA
    pdir.mkdir(parents=True)
    for name in ("persona.yaml", ARCS):
        shutil.copyfile(SOURCE / name, pdir / name)
    return load_persona_definition(root, PERSONA, ARCS)


Row = tuple[str, str, str, str, str]


def row(what: str, seconds: float, runs: int, calls: int, note: str = "") -> Row:
    """A table row; the last column is ``note``, else the wall time per model call."""
    per_call = f"{seconds / calls * 1000:.2f} ms" if calls else "—"
    return (what, f"{seconds:.2f} s", f"{runs}", f"{calls}", note or per_call)


def print_table(rows: list[Row]) -> None:
    head: Row = ("what", "wall (median)", "runs", "model calls", "per call / note")
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(5)]
    line = "  ".join(f"{{:<{w}}}" for w in widths)
    print(line.format(*head).rstrip())
    print(line.format(*("-" * w for w in widths)))
    for r in rows:
        print(line.format(*r).rstrip())


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="bench-generation-"))
    try:
        bench(tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def bench(tmp: Path) -> None:
    definition = copy_definition(tmp / "personas")
    pdir = tmp / "personas" / PERSONA
    rows: list[Row] = []
    print(
        f"persona {PERSONA} ({ARCS}, {len(definition.story.arcs)} arcs), in {tmp}; "
        f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs",
        flush=True,
    )

    # Planning the whole story.
    times = []
    for _ in range(REPEAT):
        started = time.perf_counter()
        plans = plan_story(definition)
        times.append(time.perf_counter() - started)
    sessions = sum(len(p.sessions) for p in plans.values())
    filler = sum(p.filler for p in plans.values())
    rows.append(
        (
            "plan_story (whole story)",
            f"{statistics.median(times) * 1000:.1f} ms",
            f"{REPEAT}",
            "0",
            f"{len(plans)} days planned ({filler} filler), {sessions} session calls",
        )
    )

    # Pass 1: every planned day, then a rerun over the finished files.
    memories = pdir / "memories-1000d"
    models: list[ScriptedModel] = []

    def pass1(i: int) -> Callable[[], Awaitable[Any]]:
        target = memories if i == 0 else pdir / f"memories-1000d-{i}"
        model = ScriptedModel(day_entry, input_tokens=1500, output_tokens=200)
        models.append(model)
        options = GenerateOptions(parallelism=PARALLELISM)
        return lambda: generate_days(model, definition, target, options=options)

    seconds, runs, result = measure(pass1)
    calls = len(models[0].calls)
    size = sum(p.stat().st_size for p in memories.glob("day-*.md"))
    rows.append(row(f"Pass 1 generate_days, {len(result.written)} days", seconds, runs, calls))
    assert not result.failed, result.failed[:3]
    print(f"  Pass 1 wrote {len(result.written)} day files, {size / 1e6:.1f} MB", flush=True)
    for extra in pdir.glob("memories-1000d-*"):
        shutil.rmtree(extra)

    rerun_models: list[ScriptedModel] = []

    def pass1_again(_i: int) -> Callable[[], Awaitable[Any]]:
        model = ScriptedModel(day_entry)
        rerun_models.append(model)
        options = GenerateOptions(parallelism=PARALLELISM)
        return lambda: generate_days(model, definition, memories, options=options)

    seconds, runs, again = measure(pass1_again)
    rerun_calls = sum(len(m.calls) for m in rerun_models)
    check_no_calls("Pass 1 rerun", rerun_calls)
    rows.append(
        row(
            "  rerun over the finished files", seconds, runs, rerun_calls, f"{len(again.kept)} kept"
        )
    )

    # Pass 2: conversations of every day log, and the rerun.
    def pass2(out: str, model: ScriptedModel) -> Callable[[], Awaitable[Any]]:
        options = ConversationOptions(parallelism=PARALLELISM)
        return lambda: generate_conversations(
            model, definition.persona, memories, pdir / out, epoch=definition.epoch, options=options
        )

    rows += day_pass("Pass 2 generate_conversations", conversation, pass2, "conversations-1000d")

    # Pass 3: tool-call traces, and the rerun.
    def pass3(out: str, model: ScriptedModel) -> Callable[[], Awaitable[Any]]:
        options = ToolCallOptions(parallelism=PARALLELISM)
        return lambda: generate_tool_calls(model, definition, memories, pdir / out, options=options)

    rows += day_pass("Pass 3 generate_tool_calls", tool_calls, pass3, "tools-1000d")

    # generate-qa, standard mode, interval 7, and the rerun.
    def qa(out: str, model: ScriptedModel) -> Callable[[], Awaitable[Any]]:
        options = QaOptions(mode="standard", interval=7, parallelism=PARALLELISM)
        return lambda: generate_qa(
            model, definition, memories, pdir / out / "questions.yaml", options=options
        )

    rows += day_pass("generate_qa standard, interval 7", qa_pairs, qa, "qa-1000d")

    print()
    print_table(rows)


def day_pass(
    label: str,
    reply: Callable[[str, str], str],
    start: Callable[[str, ScriptedModel], Callable[[], Awaitable[Any]]],
    out: str,
) -> list[Row]:
    """A pass over the day logs into fresh output directories (median of 3 unless slow), then its
    rerun over the first run's output."""
    models: list[ScriptedModel] = []

    def first(i: int) -> Callable[[], Awaitable[Any]]:
        model = ScriptedModel(reply, input_tokens=1500, output_tokens=400)
        models.append(model)
        return start(out if i == 0 else f"{out}-{i}", model)

    seconds, runs, result = measure(first)
    calls = len(models[0].calls)
    what = result_summary(result)
    rows = [row(f"{label}{what}", seconds, runs, calls)]
    print(f"  {label}: {seconds:.2f} s, {calls} calls", flush=True)
    again: list[ScriptedModel] = []

    def rerun(_i: int) -> Callable[[], Awaitable[Any]]:
        model = ScriptedModel(reply)
        again.append(model)
        return start(out, model)

    seconds, runs, _ = measure(rerun)
    rerun_calls = sum(len(m.calls) for m in again)
    check_no_calls(f"{label} rerun", rerun_calls)
    rows.append(row("  rerun", seconds, runs, rerun_calls, "nothing to do"))
    return rows


def check_no_calls(what: str, calls: int) -> None:
    """A rerun over finished output must not call the model: say so loudly if it did."""
    if calls:
        print(f"  WARNING: {what} made {calls} model call(s); expected none", flush=True)


def result_summary(result: Any) -> str:
    if hasattr(result, "total_pairs"):
        assert not result.failed, result.failed[:3]
        return f", {len(result.per_checkpoint)} checkpoints → {result.total_pairs} pairs"
    assert not result.failed, result.failed[:3]
    return f", {len(result.written)} days"


if __name__ == "__main__":
    main()
