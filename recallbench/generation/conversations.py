"""Pass 2 (``generate-conversations``): each day log → the user/assistant conversation behind it.

One model call per day log, written as ``conv-NNNN.md`` or ``conv-NNNN.json`` (reference §1.7).
A day's conversation depends only on its own log, so days run fully in parallel under a capacity
limit, and each file is written atomically the moment its day completes:

* **Existing files are skipped before the model is called** (unless ``overwrite``): a rerun over
  a span pays only for what is missing. The reference called the model first and then decided.
* **4–12 turns, or the day failed.** A reply that is not a JSON array of user/assistant turns, or
  whose turn count falls outside 4–12, is a failed day — logged, listed in the result, no file —
  never the reference's silent two-turn greeting written in its place.
* **A failed day does not stop the pass**: model errors, timeouts and unusable replies are
  recorded (``[conversations] day=<d> skipped: <reason>``) and the other days go on; redo them with
  ``--start N --end N``.

:class:`~recallbench.generation.daylogs.DayPassResult` and its kin are shared with Pass 3
(:mod:`recallbench.generation.daylogs`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal

import attrs

from .._atomic import atomic_write_text
from ..data._yaml import read_text
from ..data.persona import Persona
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
    "MAX_TURNS",
    "MIN_TURNS",
    "ConversationFormat",
    "ConversationOptions",
    "ConversationTurn",
    "conversation_file",
    "conversation_system_prompt",
    "conversation_user_message",
    "format_conversation",
    "generate_conversations",
    "parse_conversation",
    "parse_conversation_markdown",
]


MIN_TURNS = 4
MAX_TURNS = 12
ConversationFormat = Literal["markdown", "json"]
Role = Literal["user", "assistant"]

_SUFFIX: dict[str, str] = {"markdown": "md", "json": "json"}
_LABEL: dict[Role, str] = {"user": "**User**:", "assistant": "**Assistant**:"}
# ---- Pass 2 -----------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class ConversationOptions:
    """How Pass 2 runs (the ``generate-conversations`` flags, reference defaults).

    Attributes:
        temperature, max_tokens: per day call.
        timeout: seconds per model call (None: no limit).
        parallelism: day calls in flight at once.
        format: ``markdown`` (``conv-NNNN.md``) or ``json`` (``conv-NNNN.json``).
        overwrite: regenerate conversations that already exist (default: skip them).
    """

    temperature: float | None = 0.7
    max_tokens: int | None = 4000
    timeout: float | None = 120.0
    parallelism: int = attrs.field(default=4, validator=attrs.validators.ge(1))
    format: ConversationFormat = attrs.field(
        default="markdown", validator=attrs.validators.in_(tuple(_SUFFIX))
    )
    overwrite: bool = False


def _non_blank(_i: object, a: attrs.Attribute[Any], value: str) -> None:
    if not value.strip():
        raise ValueError(f"{a.name} must not be blank")


@attrs.frozen(kw_only=True)
class ConversationTurn:
    """One message of a conversation."""

    role: Role = attrs.field(validator=attrs.validators.in_(("user", "assistant")))
    content: str = attrs.field(validator=_non_blank)


def conversation_file(output_dir: Path, day: int, fmt: ConversationFormat = "markdown") -> Path:
    """``<output_dir>/conv-NNNN.md`` (or ``.json``)."""
    return output_dir / f"conv-{day:04d}.{_SUFFIX[fmt]}"


def conversation_system_prompt(persona: Persona) -> str:
    """The system prompt of every Pass 2 call (the same for all days of a persona)."""
    principal = persona.principal.name if persona.principal else "the principal"
    return "\n".join(
        [
            f"You reconstruct the conversation behind one day of {persona.name}'s memory log. "
            f"{persona.name} is {persona.role or 'an AI assistant'}; the log is what "
            f"{persona.name} wrote down that day.",
            "",
            f"Write the dialogue between the user ({principal}) and the assistant "
            f"({persona.name}) that would have produced this log:",
            f"- {MIN_TURNS} to {MAX_TURNS} turns in total, alternating, starting with the user.",
            "- Stay consistent with the log: no event, name, number or date the log does not hold.",
            "- Make it organic dialogue, not an extraction: not every entry needs to come up, and "
            "some entries are the assistant's own observations that were never said aloud.",
            "- The assistant speaks in its own voice and communication style; the user sounds "
            "like the person the log describes.",
            "- Refer to days by their calendar dates, never as 'day N'.",
            "",
            "Output ONLY a JSON array, without prose or code fences:",
            '[{"role": "user", "content": "..."}, {"role": "assistant", "content": "..."}, ...]',
        ]
    )


def conversation_user_message(persona: Persona, day: int, date: str | None, log: str) -> str:
    """The user message of the Pass 2 call for one day."""
    lines = [f"Persona: {persona.name} — {persona.role}" if persona.role else persona.name]
    if persona.domain:
        lines.append(f"Domain: {persona.domain}")
    if persona.organisation:
        lines.append(f"Organisation: {persona.organisation}")
    if persona.principal is not None:
        role = f" ({persona.principal.role})" if persona.principal.role else ""
        lines.append(f"User (principal): {persona.principal.name}{role}")
    if persona.communication_style.strip():
        lines += ["", "Communication style:", persona.communication_style.strip()]
    when = f"{date}, {weekday(date)}" if date else f"day-{day}"
    lines += ["", f"Day {day} ({when})", "", "Daily log:", "", strip_front_matter(log)]
    return "\n".join(lines)


def parse_conversation(text: str) -> tuple[ConversationTurn, ...]:
    """The turns of a Pass 2 reply: a JSON array of ``{"role", "content"}`` objects.

    A fenced block is used when the reply has one; otherwise the text from the first ``[`` to the
    last ``]``. Turns whose role is not ``user``/``assistant`` or whose content is blank are dropped.

    Raises:
        ModelError: no JSON array, or a turn count outside ``MIN_TURNS..MAX_TURNS`` once dropped.
    """
    body = reply_body(text)
    first, last = body.find("["), body.rfind("]")
    if first < 0 or last < first:
        raise ModelError(f"the reply holds no JSON array of turns: {_excerpt(text)}")
    try:
        items = json.loads(body[first : last + 1])
    except json.JSONDecodeError as exc:
        raise ModelError(
            f"the reply's turns are not valid JSON ({exc.msg}): {_excerpt(text)}"
        ) from None
    if not isinstance(items, list):
        raise ModelError(f"the reply's turns are not a JSON array: {_excerpt(text)}")
    turns = tuple(
        ConversationTurn(role=item["role"], content=item["content"].strip())
        for item in items
        if isinstance(item, dict)
        and item.get("role") in ("user", "assistant")
        and isinstance(item.get("content"), str)
        and item["content"].strip()
    )
    if not MIN_TURNS <= len(turns) <= MAX_TURNS:
        raise ModelError(
            f"the reply has {len(turns)} user/assistant turns; expected {MIN_TURNS}–{MAX_TURNS}"
        )
    return turns


def _excerpt(text: str, limit: int = 120) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[:limit] + "…")


def format_conversation(turns: Sequence[ConversationTurn], fmt: ConversationFormat) -> str:
    """A conversation file's text (reference §1.7).

    Markdown: per turn a ``**User**:`` or ``**Assistant**:`` line, a blank line, the content, a
    blank line. JSON: an array of ``{"role", "content"}`` with a two-space indent.
    """
    if fmt == "json":
        data = [{"role": t.role, "content": t.content} for t in turns]
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    return "\n".join(f"{_LABEL[t.role]}\n\n{t.content}\n" for t in turns)


def parse_conversation_markdown(text: str) -> tuple[ConversationTurn, ...]:
    """The turns of a markdown conversation file (the inverse of :func:`format_conversation`).

    Raises:
        ValueError: the text does not start with a turn label.
    """
    roles: dict[str, Role] = {"**User**:": "user", "**Assistant**:": "assistant"}
    turns: list[ConversationTurn] = []
    role: Role | None = None
    body: list[str] = []
    lines = text.split("\n")
    for i, line in enumerate(lines):
        starts_turn = line in roles and (i == 0 or lines[i - 1] == "")
        if starts_turn:
            if role is not None:
                turns.append(ConversationTurn(role=role, content="\n".join(body).strip()))
            role, body = roles[line], []
        elif role is None:
            if line.strip():
                raise ValueError("a conversation file starts with **User**: or **Assistant**:")
        else:
            body.append(line)
    if role is not None:
        turns.append(ConversationTurn(role=role, content="\n".join(body).strip()))
    return tuple(turns)


async def generate_conversations(
    model: TextModel,
    persona: Persona,
    memories_dir: Path,
    output_dir: Path,
    *,
    epoch: str | None = None,
    start: int = 1,
    end: int | None = None,
    options: ConversationOptions | None = None,
    on_day: Callable[[DayPassProgress], None] | None = None,
    usage: GenerationUsage | None = None,
) -> DayPassResult:
    """Write the conversation of every day log in ``start..end`` into ``output_dir``.

    Args:
        model: the text model that writes each conversation.
        persona: whose logs these are (name, role, principal and style go into the prompt).
        memories_dir: where the ``day-NNNN.md`` logs are.
        output_dir: where ``conv-NNNN.md``/``.json`` go (created when needed).
        epoch: the story's first date, for days whose log carries no ``date:``.
        start, end: the inclusive span (``end`` None: the last day log).
        options: see :class:`ConversationOptions`.
        on_day: called after each day is written or fails (errors in it are logged).
        usage: token totals to add to (a fresh one when None); also on the result.

    Raises:
        DatasetError: the memories directory is missing.
    """
    import anyio

    opts = options or ConversationOptions()
    usage = usage if usage is not None else GenerationUsage()
    if end is None:
        end = last_log_day(memories_dir) or start
    logs, missing = day_logs(memories_dir, start, end)
    remove_stale_temp_files(output_dir, "conv")
    existing = tuple(
        d
        for d in logs
        if not opts.overwrite and conversation_file(output_dir, d, opts.format).is_file()
    )
    kept = set(existing)
    todo = [d for d in logs if d not in kept]
    system = conversation_system_prompt(persona)
    limiter = anyio.CapacityLimiter(opts.parallelism)
    tally = DayPassTally(tag="conversations", end=end, on_day=on_day)

    async def one(day: int) -> None:
        try:
            async with limiter:
                # Read inside the limit, so a 1,000-day pass holds a few logs in memory, not all.
                log = read_text(logs[day])
                user = conversation_user_message(persona, day, log_date(log, epoch, day), log)
                reply = await call_model(
                    model,
                    system,
                    user,
                    temperature=opts.temperature,
                    max_tokens=opts.max_tokens,
                    timeout=opts.timeout,
                    usage=usage,
                )
            turns = parse_conversation(reply.text)
        except (ModelError, DatasetError) as exc:
            # A log that cannot be read (not UTF-8) fails its day like a model error: the other
            # days go on, and the summary names the file and what is wrong with it.
            tally.fail(day, str(exc))
            return
        path = conversation_file(output_dir, day, opts.format)
        atomic_write_text(path, format_conversation(turns, opts.format))
        tally.wrote(day, path, len(turns))

    if todo:
        output_dir.mkdir(parents=True, exist_ok=True)
        async with anyio.create_task_group() as tg:
            for day in todo:
                tg.start_soon(one, day)

    return tally.result(
        persona_id=persona.id,
        output_dir=output_dir,
        start=start,
        existing=existing,
        missing_logs=missing,
        usage=usage,
    )
