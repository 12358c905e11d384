"""Pass 1 (``generate``): a persona's day logs, one model call per active session per day.

Days go in order, because each session's prompt carries its own recent entries and the running
summary of its arcs (:mod:`recallbench.generation.history`); the sessions of one day run in
parallel under a capacity limit. Written for a night of model calls that will go wrong somewhere:

* **Every day is written as soon as its sessions finish**, atomically: an interrupted run leaves
  only whole day files (and stale temporary files of a killed run are removed on the next start).
* **Existing day files are kept** (unless ``overwrite``): they are read back into the history, so a
  rerun over a span does only what is missing and nothing twice. The history for ``--start N`` is
  rebuilt from the files below ``N``, so a resumed run sends the very prompts an uninterrupted run
  would have sent.
* **A day is written whole or not at all.** When one of its sessions fails, the day is skipped
  (listed in the result, redoable with ``--start N --end N``) rather than written without that
  session — a file on disk is always a complete day, and a rerun that keeps existing files would
  never fill the hole. The sessions that did succeed are not lost: each finished session body is
  kept in ``<memories>/.partial/day-NNNN/<session>.md`` with the digest of its prompt, and a rerun
  whose prompt is unchanged reuses it instead of calling the model again. The same holds for a run
  interrupted (Ctrl-C) in the middle of a day.
* A failed day is logged as ``[generator] arc=<arc ids or -> day=<d> skipped: <reason>`` and the
  run goes on; only a wrong call (a :class:`~recallbench.errors.ConfigError`, a bug) stops it.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import attrs

from .._atomic import atomic_write_text
from ..data._yaml import read_text
from ..data.dataset import scan_day_files
from ..data.persona import PersonaDefinition
from ..errors import ModelError
from ..models.base import TextModel
from ._common import GenerationUsage, call_model
from .day_prompts import assemble_day, clean_body, session_system_prompt, session_user_message
from .history import StoryMemory
from .planning import DayPlan, Schedule, plan_story

__all__ = [
    "DayFailure",
    "DayProgress",
    "GenerateOptions",
    "GenerateResult",
    "day_file",
    "generate_days",
]

logger = logging.getLogger("recallbench")

PARTIAL_DIR = ".partial"
"""Where finished session bodies of unfinished days wait, inside the memories directory."""

_DIGEST_LINE = re.compile(r"\A<!-- prompt-sha256: ([0-9a-f]{64}) -->\n")
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")
_STALE_TEMP = re.compile(r"^\.day-\d{4}\.md\..*\.tmp$")


def day_file(memories_dir: Path, day: int) -> Path:
    """``<memories_dir>/day-NNNN.md``."""
    return memories_dir / f"day-{day:04d}.md"


@attrs.frozen(kw_only=True)
class GenerateOptions:
    """How Pass 1 runs (the ``generate`` flags, reference defaults).

    Attributes:
        temperature, max_tokens: per session call.
        timeout: seconds per model call (None: no limit).
        parallelism: session calls in flight at once.
        history_window: recent bodies of a session shown in its prompt.
        overwrite: regenerate day files that already exist (default: keep them).
        schedule: ``every-day`` or ``arc-days`` (see :mod:`recallbench.generation.planning`).
        gap_fill: fill weeks with fewer than five active weekdays with routine days.
    """

    temperature: float | None = 0.7
    max_tokens: int | None = 2000
    timeout: float | None = 600.0
    parallelism: int = attrs.field(default=4, validator=attrs.validators.ge(1))
    history_window: int = attrs.field(default=3, validator=attrs.validators.ge(0))
    overwrite: bool = False
    schedule: Schedule = "every-day"
    gap_fill: bool = True


@attrs.frozen(kw_only=True)
class DayFailure:
    """A day the generator skipped: which sessions failed, and why."""

    day: int
    arcs: tuple[str, ...]
    sessions: tuple[str, ...]
    reason: str

    def log_line(self) -> str:
        """``[generator] arc=<ids or -> day=<d> skipped: <reason>``."""
        return f"[generator] arc={','.join(self.arcs) or '-'} day={self.day} skipped: {self.reason}"

    def to_json(self) -> dict[str, object]:
        return {
            "day": self.day,
            "arcs": list(self.arcs),
            "sessions": list(self.sessions),
            "reason": self.reason,
        }


@attrs.frozen(kw_only=True)
class DayProgress:
    """What the ``on_day`` hook hears after each planned day: written or skipped.

    Attributes:
        unique: distinct day files in the memories directory now (kept ones included).
    """

    day: int
    end: int
    status: Literal["written", "failed"]
    unique: int
    path: Path | None = None
    failure: DayFailure | None = None

    def progress_line(self) -> str:
        """``Generated day 437/1000 (437 unique)``."""
        return f"Generated day {self.day}/{self.end} ({self.unique} unique)"


@attrs.frozen(kw_only=True)
class GenerateResult:
    """What a Pass 1 run did.

    Attributes:
        written: days written by this run; filler: those of them that are gap-filling days.
        kept: planned days whose existing file was kept (not regenerated).
        failed: days skipped because a session failed.
        reused_sessions: session bodies taken from ``.partial/`` instead of calling the model.
    """

    persona_id: str
    output_dir: Path
    start: int
    end: int
    written: tuple[int, ...]
    filler: tuple[int, ...]
    kept: tuple[int, ...]
    failed: tuple[DayFailure, ...]
    reused_sessions: int
    usage: GenerationUsage = attrs.field(eq=False)

    @property
    def skipped_days(self) -> tuple[int, ...]:
        return tuple(f.day for f in self.failed)

    def to_json(self) -> dict[str, object]:
        """The ``--json`` summary: the reference's keys (§6.5) plus ours."""
        return {
            "personaId": self.persona_id,
            "daysGenerated": len(self.written),
            "fillerDays": len(self.filler),
            "daysKept": len(self.kept),
            "skippedDays": list(self.skipped_days),
            "failures": [f.to_json() for f in self.failed],
            "reusedSessions": self.reused_sessions,
            "start": self.start,
            "end": self.end,
            **self.usage.to_json(),
            "outputDir": str(self.output_dir),
        }


def _digest(system: str, user: str) -> str:
    return hashlib.sha256(f"{system}\0{user}".encode()).hexdigest()


class _Partial:
    """Finished session bodies of a day that is not written yet."""

    def __init__(self, memories_dir: Path, day: int) -> None:
        self.dir = memories_dir / PARTIAL_DIR / f"day-{day:04d}"

    def _path(self, session: str) -> Path:
        return self.dir / f"{_UNSAFE.sub('_', session)}.md"

    def load(self, session: str, digest: str) -> str | None:
        path = self._path(session)
        if not path.is_file():
            return None
        text = read_text(path)
        m = _DIGEST_LINE.match(text)
        if m is None or m.group(1) != digest:
            return None  # written for another prompt: the history or the plan changed since
        return text[m.end() :]

    def save(self, session: str, digest: str, body: str) -> None:
        atomic_write_text(self._path(session), f"<!-- prompt-sha256: {digest} -->\n{body}")

    def discard(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)
        with contextlib.suppress(OSError):  # only when no other day waits there
            self.dir.parent.rmdir()


def _remove_stale_temp_files(memories_dir: Path) -> None:
    # A run killed with SIGKILL in the middle of an atomic write leaves its temporary file behind.
    for path in memories_dir.iterdir():
        if _STALE_TEMP.match(path.name):
            path.unlink(missing_ok=True)


def _notify(on_day: Callable[[DayProgress], None] | None, progress: DayProgress) -> None:
    if on_day is None:
        return
    try:
        on_day(progress)
    except Exception:  # a hook's failure is the embedder's, never the run's
        logger.exception("on_day hook failed for day %d", progress.day)


async def generate_days(
    model: TextModel,
    definition: PersonaDefinition,
    memories_dir: Path,
    *,
    start: int = 1,
    end: int | None = None,
    options: GenerateOptions | None = None,
    on_day: Callable[[DayProgress], None] | None = None,
    usage: GenerationUsage | None = None,
) -> GenerateResult:
    """Generate the day logs of ``definition`` from ``start`` to ``end`` into ``memories_dir``.

    Args:
        model: the text model that writes each session's entry.
        definition: the persona and its story.
        memories_dir: where ``day-NNNN.md`` files go (created if needed).
        start, end: the inclusive span of days (``end`` None: the story's last day).
        options: see :class:`GenerateOptions`.
        on_day: called after each planned day is written or skipped (errors in it are logged).
        usage: token totals to add to (a fresh one when None); also on the result.

    Returns:
        What was written, kept and skipped, with the token totals.
    """
    import anyio

    opts = options or GenerateOptions()
    usage = usage if usage is not None else GenerationUsage()
    plans = plan_story(definition, schedule=opts.schedule, gap_fill=opts.gap_fill)
    last = end if end is not None else max(plans, default=0)
    memories_dir.mkdir(parents=True, exist_ok=True)
    _remove_stale_temp_files(memories_dir)
    on_disk = {f.number for f in scan_day_files(memories_dir) if f.number is not None}
    unique = set(on_disk)
    memory = StoryMemory(definition.story.arcs, epoch=definition.epoch, window=opts.history_window)
    memory.absorb_files(memories_dir, before=start)
    limiter = anyio.CapacityLimiter(opts.parallelism)
    systems: dict[str, str] = {}
    written: list[int] = []
    filler: list[int] = []
    kept: list[int] = []
    failed: list[DayFailure] = []
    reused = 0

    async def session_body(plan: DayPlan, session: str, partial: _Partial) -> tuple[str, bool]:
        system = systems.get(session)
        if system is None:
            system = systems[session] = session_system_prompt(definition, session)
        user = session_user_message(
            plan,
            session,
            epoch=definition.epoch,
            summaries={a: memory.summary(a) for a in plan.arc_ids(session)},
            recent=memory.recent(session),
        )
        digest = _digest(system, user)
        cached = partial.load(session, digest)
        if cached is not None:
            return cached, True
        async with limiter:
            reply = await call_model(
                model,
                system,
                user,
                temperature=opts.temperature,
                max_tokens=opts.max_tokens,
                timeout=opts.timeout,
                usage=usage,
            )
        body = clean_body(reply.text)
        if not body:
            raise ModelError("the model's entry was empty")
        partial.save(session, digest, body)
        return body, False

    async def day_bodies(
        plan: DayPlan, partial: _Partial
    ) -> tuple[dict[str, str], dict[str, str], int]:
        # The sessions of one day in parallel; a model failure is recorded against its session.
        bodies: dict[str, str] = {}
        errors: dict[str, str] = {}
        cached = 0

        async def one(session: str) -> None:
            nonlocal cached
            try:
                body, was_cached = await session_body(plan, session, partial)
            except ModelError as exc:
                errors[session] = str(exc)
                return
            bodies[session] = body
            cached += was_cached

        async with anyio.create_task_group() as tg:
            for session in plan.sessions:
                tg.start_soon(one, session)
        return bodies, errors, cached

    for day in range(start, last + 1):
        plan = plans.get(day)
        path = day_file(memories_dir, day)
        exists = day in on_disk
        if exists and (plan is None or not opts.overwrite):
            memory.absorb(day, read_text(path))
            _Partial(memories_dir, day).discard()  # the day is done: nothing of it is pending
            if plan is not None:
                kept.append(day)
            continue
        if plan is None:
            continue
        partial = _Partial(memories_dir, day)
        bodies, errors, cached = await day_bodies(plan, partial)
        reused += cached
        if errors:
            bad = tuple(s for s in plan.sessions if s in errors)
            arcs = tuple(dict.fromkeys(a for s in bad for a in plan.arc_ids(s)))
            reason = "; ".join(f"session {s}: {errors[s]}" for s in bad)
            failure = DayFailure(day=day, arcs=arcs, sessions=bad, reason=reason)
            failed.append(failure)
            logger.info("%s", failure.log_line())
            _notify(
                on_day,
                DayProgress(
                    day=day, end=last, status="failed", unique=len(unique), failure=failure
                ),
            )
            continue
        text = assemble_day([(s, bodies[s]) for s in plan.sessions])
        atomic_write_text(path, text)
        partial.discard()
        memory.absorb(day, text)
        unique.add(day)
        written.append(day)
        if plan.filler:
            filler.append(day)
        _notify(
            on_day, DayProgress(day=day, end=last, status="written", unique=len(unique), path=path)
        )

    return GenerateResult(
        persona_id=definition.id,
        output_dir=memories_dir,
        start=start,
        end=last,
        written=tuple(written),
        filler=tuple(filler),
        kept=tuple(kept),
        failed=tuple(failed),
        reused_sessions=reused,
        usage=usage,
    )
