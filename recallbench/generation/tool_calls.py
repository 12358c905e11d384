"""Pass 3 (``generate-tool-calls``): each day log → the ``memorySave`` calls an agent would have made.

One model call per day log, written as ``tools-<suffix>/day-NNNN.yaml`` in the reference's layout
(§1.6: four ``#`` comment lines, then ``day``, ``date``, ``day_of_week``, ``persona``, ``calls``),
with every ``content`` as a literal block — what the reference meant to write.

**Order and parallelism.** Each prompt carries the previous day's calls so the agent's voice stays
continuous, which makes day *d* depend on day *d − 1*. A strictly sequential pass would take a
night for 1,000 days; a free-for-all would give day *d* whatever happened to be on disk, so the
prompts would depend on scheduling. The days still to do are therefore split into ``parallelism``
contiguous chains that run side by side, each in day order: inside a chain, day *d* gets the calls
the chain just wrote for *d − 1*; the first day of a chain (and a day after a failed one) gets
*d − 1*'s file as it was when the pass started, or nothing. The prompts depend only on the files
present at the start, never on timing, and a resumed pass sends the prompts a fresh one would.

Existing files are skipped before any model call (unless ``overwrite``); a failed day or a reply
with no usable call is logged (``[tool-calls] day=<d> skipped: <reason>``), listed in the result,
and leaves no file.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from .._atomic import atomic_write_text
from ..data._yaml import dump_yaml_literal, load_yaml, read_text
from ..data.persona import PersonaDefinition
from ..errors import DatasetError, ModelError
from ..models.base import TextModel
from ._common import GenerationUsage, call_model
from .daylogs import (
    DayPassProgress,
    DayPassResult,
    DayPassTally,
    day_logs,
    last_log_day,
    log_date,
    remove_stale_temp_files,
    strip_front_matter,
    weekday,
)
from .qa_parse import reply_body

__all__ = [
    "MEMORY_SAVE",
    "ToolCall",
    "ToolCallDay",
    "ToolCallOptions",
    "chains",
    "format_tool_calls",
    "generate_tool_calls",
    "parse_tool_calls",
    "read_tool_calls",
    "tool_calls_file",
    "tool_calls_system_prompt",
    "tool_calls_user_message",
]


MEMORY_SAVE = "memorySave"
_CAST_LIMIT = 30


@attrs.frozen(kw_only=True)
class ToolCallOptions:
    """How Pass 3 runs (the ``generate-tool-calls`` flags, reference defaults).

    Attributes:
        temperature, max_tokens: per day call.
        timeout: seconds per model call (None: no limit).
        parallelism: chains of days running at once (see the module docstring).
        overwrite: regenerate files that already exist (default: skip them).
    """

    temperature: float | None = 0.3
    max_tokens: int | None = 4000
    timeout: float | None = 120.0
    parallelism: int = attrs.field(default=4, validator=attrs.validators.ge(1))
    overwrite: bool = False


@attrs.frozen(kw_only=True)
class ToolCall:
    """One ``memorySave`` invocation: what the agent saved, in which session."""

    session: str
    content: str
    tool: str = MEMORY_SAVE


@attrs.frozen(kw_only=True)
class ToolCallDay:
    """A ``tools-*/day-NNNN.yaml`` file."""

    day: int
    date: str
    day_of_week: str
    persona: str
    calls: tuple[ToolCall, ...]


def tool_calls_file(output_dir: Path, day: int) -> Path:
    """``<output_dir>/day-NNNN.yaml``."""
    return output_dir / f"day-{day:04d}.yaml"


def tool_calls_system_prompt() -> str:
    """The system prompt of every Pass 3 call."""
    return "\n".join(
        [
            "You turn an AI agent's daily memory log into the memorySave tool calls the agent "
            "made during that day, one call per durable item it decided to remember.",
            "",
            "Rules:",
            "- Save durable items only: facts, decisions, preferences, commitments, corrections, "
            "open loops. Skip chit-chat and transient status.",
            "- One call per atomic item; a short list may stay together when it is one item.",
            "- Attribute each call to the session whose '# session: <id>' heading holds the item; "
            "use 'internal' only for the agent's own bookkeeping, rarely.",
            "- Write real calendar dates (YYYY-MM-DD), never 'today' or 'day N'.",
            "- Write in the agent's first-person voice, as it would phrase a note to itself.",
            "- Keep the calls grouped by session, in the order the log presents them.",
            "- Typically 8–18 calls for a day.",
            "",
            "Output ONLY a JSON object, without prose or code fences:",
            '{"calls": [{"session": "<session id>", "tool": "memorySave", "content": "..."}]}',
        ]
    )


def tool_calls_user_message(
    definition: PersonaDefinition,
    day: int,
    date: str,
    log: str,
    previous: str | None,
) -> str:
    """The user message of the Pass 3 call for one day.

    Args:
        previous: the previous day's tool-call YAML (for voice continuity), if there is one.
    """
    persona = definition.persona
    lines = [f"Persona: {persona.id} — {persona.name}, {persona.role}".rstrip(", ")]
    if persona.principal is not None:
        role = f" ({persona.principal.role})" if persona.principal.role else ""
        lines.append(f"Principal: {persona.principal.name}{role}")
    if persona.communication_style.strip():
        lines += ["", "Communication style:", persona.communication_style.strip()]
    sessions = definition.sessions()
    if sessions:
        lines += ["", "Sessions:"]
        for s in sessions:
            flags = s.kind + (", isolated" if s.isolated else "")
            lines.append(f"- {s.id} ({flags})")
    if persona.cast:
        lines += ["", "Cast:"]
        lines += [f"- {c.name}: {c.role}".rstrip(": ") for c in persona.cast[:_CAST_LIMIT]]
    if persona.shared_knowledge:
        lines += ["", "Shared knowledge:"]
        lines += [f"- {k}" for k in persona.shared_knowledge]
    lines += ["", f"Day {day} — {date} ({weekday(date)})", "", "Daily log:", ""]
    lines.append(strip_front_matter(log))
    if previous:
        lines += [
            "",
            "The previous day's tool calls (match their voice and granularity; do not repeat them):",
            "",
            previous.strip(),
        ]
    return "\n".join(lines)


def parse_tool_calls(text: str) -> tuple[ToolCall, ...]:
    """The calls of a Pass 3 reply: ``{"calls": [...]}``, keeping the calls with a session, the
    ``memorySave`` tool and some content (trimmed), as the reference does.

    Raises:
        ModelError: the reply holds no JSON object, or its ``calls`` is not a list.
    """
    body = reply_body(text)
    first, last = body.find("{"), body.rfind("}")
    if first < 0 or last < first:
        raise ModelError(f"the reply holds no JSON object: {_excerpt(text)}")
    try:
        data = json.loads(body[first : last + 1])
    except json.JSONDecodeError as exc:
        raise ModelError(f"the reply is not valid JSON ({exc.msg}): {_excerpt(text)}") from None
    calls = data.get("calls") if isinstance(data, dict) else None
    if not isinstance(calls, list):
        raise ModelError(f'the reply has no "calls" list: {_excerpt(text)}')
    return tuple(
        ToolCall(session=c["session"].strip(), content=c["content"].strip())
        for c in calls
        if isinstance(c, dict)
        and isinstance(c.get("session"), str)
        and c["session"].strip()
        and c.get("tool") == MEMORY_SAVE
        and isinstance(c.get("content"), str)
        and c["content"].strip()
    )


def _excerpt(text: str, limit: int = 120) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[:limit] + "…")


def format_tool_calls(record: ToolCallDay) -> str:
    """The text of a ``tools-*/day-NNNN.yaml`` file (§1.6), every ``content`` a literal block."""
    header = [
        f"# {record.date} — Tool calls (memorySave invocations) for {record.persona} "
        f"day {record.day}.",
        "# Generated by recallbench generate-tool-calls (Pass 3).",
        "# Each entry is a single tool call the agent made during the named session",
        "# today, saving one durable item in its own first-person voice.",
    ]
    data: dict[str, Any] = {
        "day": record.day,
        "date": dt.date.fromisoformat(record.date),  # unquoted: a YAML date, as the reference
        "day_of_week": record.day_of_week,
        "persona": record.persona,
        "calls": [
            {"session": c.session, "tool": c.tool, "content": c.content} for c in record.calls
        ],
    }
    return "\n".join(header) + "\n\n" + dump_yaml_literal(data, literal_keys={"content"})


def read_tool_calls(path: Path) -> ToolCallDay:
    """A ``tools-*/day-NNNN.yaml`` file (ours or the reference's).

    Raises:
        DatasetError: the file is not a tool-call day.
    """
    raw = load_yaml(path)
    try:
        calls = tuple(
            ToolCall(session=str(c["session"]), content=str(c["content"]), tool=str(c["tool"]))
            for c in raw["calls"]
        )
        return ToolCallDay(
            day=int(raw["day"]),
            date=str(raw["date"]),
            day_of_week=str(raw["day_of_week"]),
            persona=str(raw["persona"]),
            calls=calls,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise DatasetError(
            f"not a tool-call day (day, date, day_of_week, persona, calls of session/tool/"
            f"content): {type(exc).__name__}: {exc}",
            path=path,
        ) from None


def chains(days: Sequence[int], count: int) -> tuple[tuple[int, ...], ...]:
    """``days`` split, in order, into at most ``count`` contiguous runs whose lengths differ by at
    most one (the longer ones first)."""
    if count < 1:
        raise ValueError(f"count must be at least 1, got {count}")
    n = min(count, len(days))
    if n == 0:
        return ()
    size, extra = divmod(len(days), n)
    out: list[tuple[int, ...]] = []
    at = 0
    for i in range(n):
        length = size + (1 if i < extra else 0)
        out.append(tuple(days[at : at + length]))
        at += length
    return tuple(out)


async def generate_tool_calls(
    model: TextModel,
    definition: PersonaDefinition,
    memories_dir: Path,
    output_dir: Path,
    *,
    start: int = 1,
    end: int | None = None,
    options: ToolCallOptions | None = None,
    on_day: Callable[[DayPassProgress], None] | None = None,
    usage: GenerationUsage | None = None,
) -> DayPassResult:
    """Write the ``memorySave`` trace of every day log in ``start..end`` into ``output_dir``.

    Args:
        model: the text model that writes each day's calls.
        definition: the persona and its story (sessions, cast, epoch).
        memories_dir: where the ``day-NNNN.md`` logs are.
        output_dir: where ``day-NNNN.yaml`` files go (created when needed).
        start, end: the inclusive span (``end`` None: the last day log).
        options: see :class:`ToolCallOptions`.
        on_day: called after each day is written or fails (errors in it are logged).
        usage: token totals to add to (a fresh one when None); also on the result.

    Raises:
        DatasetError: the memories directory is missing.
    """
    import anyio

    opts = options or ToolCallOptions()
    usage = usage if usage is not None else GenerationUsage()
    if end is None:
        end = last_log_day(memories_dir) or start
    logs, missing = day_logs(memories_dir, start, end)
    remove_stale_temp_files(output_dir, "day")
    on_disk = {d for d in range(start - 1, end + 1) if tool_calls_file(output_dir, d).is_file()}
    existing = () if opts.overwrite else tuple(d for d in logs if d in on_disk)
    kept = set(existing)
    todo = [d for d in logs if d not in kept]
    runs = chains(todo, opts.parallelism)
    # What a chain's first day sees of its previous day: the file as it was before anything ran.
    heads = {
        run[0]: read_text(tool_calls_file(output_dir, run[0] - 1))
        for run in runs
        if run[0] - 1 in on_disk
    }
    system = tool_calls_system_prompt()
    todo_set = set(todo)
    tally = DayPassTally(tag="tool-calls", end=end, on_day=on_day)
    last_written: dict[int, str] = {}  # day → text, within the chain that wrote it

    def previous_text(day: int, chain_start: bool) -> str | None:
        if chain_start:
            return heads.get(day)
        if day - 1 in last_written:
            return last_written.pop(day - 1)
        if day - 1 in on_disk and day - 1 not in todo_set:  # kept, so nobody rewrites it
            return read_text(tool_calls_file(output_dir, day - 1))
        return None  # the previous day failed, or has no log

    async def run_chain(run: tuple[int, ...]) -> None:
        for i, day in enumerate(run):
            try:
                # An unreadable file (not UTF-8) fails this day, not the pass.
                previous = previous_text(day, chain_start=i == 0)
                log = read_text(logs[day])
                date = log_date(log, definition.epoch, day)
                assert date is not None  # a definition always has an epoch
                user = tool_calls_user_message(definition, day, date, log, previous)
                reply = await call_model(
                    model,
                    system,
                    user,
                    temperature=opts.temperature,
                    max_tokens=opts.max_tokens,
                    timeout=opts.timeout,
                    usage=usage,
                )
                calls = parse_tool_calls(reply.text)
                if not calls:
                    raise ModelError("the reply holds no usable memorySave call")
            except (ModelError, DatasetError) as exc:
                tally.fail(day, str(exc))
                continue
            record = ToolCallDay(
                day=day,
                date=date,
                day_of_week=weekday(date),
                persona=definition.id,
                calls=calls,
            )
            text = format_tool_calls(record)
            path = tool_calls_file(output_dir, day)
            atomic_write_text(path, text)
            last_written[day] = text
            tally.wrote(day, path, len(calls))

    if runs:
        output_dir.mkdir(parents=True, exist_ok=True)
        async with anyio.create_task_group() as tg:
            for run in runs:
                tg.start_soon(run_chain, run)

    return tally.result(
        persona_id=definition.id,
        output_dir=output_dir,
        start=start,
        existing=existing,
        missing_logs=missing,
        usage=usage,
    )
