"""``generate-qa``: Q&A pairs authored over the corpus in checkpoint windows (reference §5.5).

**Standard mode** walks checkpoints ``T`` (every ``interval`` days) and asks the model for about
``pairs_per_checkpoint`` pairs grounded only in the days of the window ending at ``T`` — a question
never depends on a day the system under test has not seen yet. **Boundary mode** writes
information-boundary probes: for each isolated session and checkpoint, questions asked from the
query session (``principal``) that could only be answered by leaking that session's content.

Built to be left running overnight and resumed:

* ``questions.yaml`` is rewritten atomically after **every** checkpoint
  (:class:`~recallbench.generation.qa_store.QuestionsStore`). Existing pairs keep their text as
  written — every field, ``irrelevant_after`` and keys recallbench does not know included.
* Its first comment lines record which checkpoints are done
  (:class:`~recallbench.generation.qa_store.ProgressHeader`), in the same atomic write as the
  pairs, so a rerun skips exactly those and continues the ids. A file without that header (the
  reference's) falls back to the reference's rule: checkpoints up to the highest relevant day are
  done. A window starts after the last done checkpoint, so windows never overlap.
* Checkpoints run in parallel under ``parallelism``; each commits (ids, dedupe, file rewrite) the
  moment it finishes. With ``parallelism=1`` the order and the prompts are the reference's.
* A failed checkpoint (model error, timeout, a reply with no JSON) is logged, listed in the result,
  not marked done, and the pass goes on: redo it with ``--start T --end T``. A reply cut off
  mid-array keeps its complete pairs. A reply with no valid pair is not marked done either.
* New pairs that nearly repeat an existing pair or each other are dropped and logged
  (:func:`~recallbench.generation.qa_parse.drop_near_duplicates`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal

import attrs

from ..data._yaml import read_text
from ..data.corpus import split_sessions
from ..data.persona import PersonaDefinition, SessionDef, day_date
from ..errors import ConfigError, DatasetError, ModelError
from ..models.base import TextModel
from ._common import GenerationUsage, call_model
from .daylogs import day_logs, last_log_day, notify, remove_stale_temp_files, strip_front_matter
from .qa_parse import (
    category_distribution,
    checkpoints,
    drop_near_duplicates,
    pair_id,
    parse_qa_json,
    validate_pairs,
)
from .qa_prompts import (
    DayText,
    boundary_system_prompt,
    boundary_user_message,
    standard_system_prompt,
    standard_user_message,
)
from .qa_store import QuestionsStore

__all__ = ["QaFailure", "QaMode", "QaOptions", "QaProgress", "QaResult", "generate_qa"]

logger = logging.getLogger("recallbench")

QaMode = Literal["standard", "boundary"]
_DEFAULTS: dict[str, tuple[int, int]] = {"standard": (7, 12), "boundary": (30, 2)}


@attrs.frozen(kw_only=True)
class QaOptions:
    """How ``generate-qa`` runs (its flags; reference defaults).

    Attributes:
        mode: ``standard`` or ``boundary``.
        interval: days between checkpoints (None: 7 standard, 30 boundary).
        pairs_per_checkpoint: pairs asked for per checkpoint — per session and checkpoint in
            boundary mode (None: 12 standard, 2 boundary).
        query_session: the session boundary probes are asked from.
        start, end: first and last checkpoint day (None: ``interval`` and the last day log).
        temperature, max_tokens, timeout: per model call (timeout in seconds; None: no limit).
        parallelism: checkpoint calls in flight at once.
        duplicate_threshold: question similarity from which a new pair with a relevant day in
            common with another is a near-duplicate.
    """

    mode: QaMode = attrs.field(default="standard", validator=attrs.validators.in_(_DEFAULTS))
    interval: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.ge(1))
    )
    pairs_per_checkpoint: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.ge(1))
    )
    query_session: str = "principal"
    start: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.ge(1))
    )
    end: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.ge(1))
    )
    temperature: float | None = 0.7
    max_tokens: int | None = 4000
    timeout: float | None = 600.0
    parallelism: int = attrs.field(default=4, validator=attrs.validators.ge(1))
    duplicate_threshold: float = 0.8

    @property
    def every(self) -> int:
        return self.interval if self.interval is not None else _DEFAULTS[self.mode][0]

    @property
    def target(self) -> int:
        n = self.pairs_per_checkpoint
        return n if n is not None else _DEFAULTS[self.mode][1]


@attrs.frozen(kw_only=True)
class QaFailure:
    """A checkpoint (of one session, in boundary mode) that produced nothing, and why."""

    checkpoint: int
    session: str | None
    reason: str

    def log_line(self) -> str:
        where = f" session={self.session}" if self.session else ""
        return f"[qa] day={self.checkpoint}{where} skipped: {self.reason}"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"checkpoint": self.checkpoint, "reason": self.reason}
        if self.session is not None:
            out["session"] = self.session
        return out


@attrs.frozen(kw_only=True)
class QaProgress:
    """What the ``on_checkpoint`` hook hears after each checkpoint: committed or failed.

    Attributes:
        added: pairs appended to the file; total: pairs in the file now.
        truncated: the reply was cut off and its complete pairs were salvaged.
    """

    checkpoint: int
    session: str | None
    status: Literal["written", "failed"]
    added: int
    total: int
    dropped_invalid: int = 0
    dropped_duplicates: int = 0
    truncated: bool = False
    failure: QaFailure | None = None

    def progress_line(self) -> str:
        """``  [qa]   day <d>  +<n> pairs  (<total> total)`` (``[qa-b]`` with the session)."""
        if self.session is None:
            return f"  [qa]   day {self.checkpoint}  +{self.added} pairs  ({self.total} total)"
        return (
            f"  [qa-b] day {self.checkpoint}  {self.session:<20}  +{self.added} pairs  "
            f"({self.total} total)"
        )


@attrs.frozen(kw_only=True)
class QaResult:
    """What a ``generate-qa`` run did.

    Attributes:
        added: ids of the pairs this run appended.
        per_checkpoint: pairs added per checkpoint day (summed over sessions in boundary mode).
        already_done: checkpoints (per session in boundary mode) skipped as done by earlier runs.
        failed: checkpoints that produced nothing; redo them with ``--start T --end T``.
    """

    persona_id: str
    mode: QaMode
    output_file: Path
    total_pairs: int
    boundary_pairs: int
    added: tuple[str, ...]
    per_checkpoint: dict[int, int]
    already_done: int
    failed: tuple[QaFailure, ...]
    dropped_invalid: int
    dropped_duplicates: int
    truncated_replies: int
    usage: GenerationUsage = attrs.field(eq=False)

    @property
    def failed_checkpoints(self) -> tuple[int, ...]:
        return tuple(sorted({f.checkpoint for f in self.failed}))

    def to_json(self) -> dict[str, object]:
        """The ``--json`` summary: the reference's keys (§6.8) plus ours."""
        out: dict[str, object] = {"personaId": self.persona_id, "mode": self.mode}
        out["totalPairs"] = self.total_pairs
        if self.mode == "boundary":
            out["boundaryPairs"] = self.boundary_pairs
        out |= {
            "newPairs": len(self.added),
            "perCheckpointCounts": {str(k): v for k, v in sorted(self.per_checkpoint.items())},
            "checkpointsAlreadyDone": self.already_done,
            "failedCheckpoints": list(self.failed_checkpoints),
            "failures": [f.to_json() for f in self.failed],
            "droppedInvalid": self.dropped_invalid,
            "droppedDuplicates": self.dropped_duplicates,
            "truncatedReplies": self.truncated_replies,
            **self.usage.to_json(),
            "outputFile": str(self.output_file),
        }
        return out


@attrs.frozen(kw_only=True)
class _Unit:
    """One model call: a checkpoint (of one isolated session, in boundary mode)."""

    checkpoint: int
    window: tuple[int, int]
    session: SessionDef | None = None

    @property
    def key(self) -> str:
        return "standard" if self.session is None else f"boundary {self.session.id}"


def _plan(
    qfile: QuestionsStore,
    points: Sequence[int],
    interval: int,
    session: SessionDef | None,
    bounds: tuple[int, int],
) -> tuple[list[_Unit], int]:
    """The units still to do for one mode/session, and how many were done already."""
    key = "standard" if session is None else f"boundary {session.id}"
    cover = qfile.coverage(key, None if session is None else session.id)
    units: list[_Unit] = []
    done = 0
    for i, t in enumerate(points):
        if t < bounds[0]:
            continue
        if cover.covers(t):
            done += 1
            continue
        # The window starts after the last checkpoint done or planned before T: none overlap.
        previous = max(cover.last_before(t), points[i - 1] if i else 0)
        first = max(bounds[0], t - interval + 1, previous + 1)
        last = min(t, bounds[1])
        if first <= last:
            units.append(_Unit(checkpoint=t, window=(first, last), session=session))
    return units, done


async def generate_qa(
    model: TextModel,
    definition: PersonaDefinition,
    memories_dir: Path,
    qa_file: Path,
    *,
    options: QaOptions | None = None,
    on_checkpoint: Callable[[QaProgress], None] | None = None,
    usage: GenerationUsage | None = None,
) -> QaResult:
    """Author Q&A pairs over ``memories_dir`` into ``qa_file`` (created or extended).

    Args:
        model: the text model that writes the pairs.
        definition: the persona and its story (arcs, sessions, epoch).
        memories_dir: where the ``day-NNNN.md`` logs are.
        qa_file: the ``questions.yaml`` to extend; its existing pairs are kept as they are.
        options: see :class:`QaOptions` (the mode among them).
        on_checkpoint: called after each checkpoint commits or fails (errors in it are logged).
        usage: token totals to add to (a fresh one when None); also on the result.

    Raises:
        DatasetError: no day logs, or an existing questions file that does not load.
        ConfigError: boundary mode on a persona without isolated sessions, or ``start`` > ``end``.
    """
    import anyio

    opts = options or QaOptions()
    usage = usage if usage is not None else GenerationUsage()
    max_day = last_log_day(memories_dir)
    if max_day is None:
        raise DatasetError("no day logs (day-NNNN.md) to author questions from", path=memories_dir)
    interval = opts.every
    end = min(opts.end if opts.end is not None else max_day, max_day)
    if opts.start is not None and opts.start > end:
        raise ConfigError(f"--start {opts.start} is after the last checkpoint day {end}")
    start = opts.start if opts.start is not None else min(interval, end)
    points = checkpoints(start, end, interval)
    logs, _ = day_logs(memories_dir, 1, max_day)
    remove_stale_temp_files(qa_file.parent, qa_file.name)
    qfile = QuestionsStore(qa_file, definition.id)
    units: list[_Unit] = []
    already = 0
    if opts.mode == "standard":
        units, already = _plan(qfile, points, interval, None, (1, max_day))
    else:
        declared = {s.id for s in definition.sessions()} | {"principal"}
        if opts.query_session not in declared:
            raise ConfigError(
                f"--query-session {opts.query_session!r} is not a session of persona "
                f"{definition.id!r} (its sessions: {', '.join(sorted(declared))})"
            )
        # Probes of a session asked from inside it would test nothing: that session is skipped.
        isolated = [s for s in definition.sessions() if s.isolated and s.id != opts.query_session]
        if not isolated:
            raise ConfigError(
                f"persona {definition.id!r} has no isolated session (isolated: true in "
                f"persona.yaml) other than {opts.query_session!r}: boundary mode probes them"
            )
        for s in isolated:
            bounds = (max(1, s.first_day or 1), min(max_day, s.last_day or max_day))
            planned, done = _plan(qfile, points, interval, s, bounds)
            units += planned
            already += done

    standard_system = standard_system_prompt(definition)
    boundary_systems = {
        u.session.id: boundary_system_prompt(definition, u.session) for u in units if u.session
    }
    limiter = anyio.CapacityLimiter(opts.parallelism)
    added: list[str] = []
    per_checkpoint: dict[int, int] = {}
    failed: list[QaFailure] = []
    counts = {"invalid": 0, "duplicates": 0, "truncated": 0}

    def window_days(unit: _Unit) -> list[DayText]:
        shown = []
        for d in range(unit.window[0], unit.window[1] + 1):
            if d not in logs:
                continue
            log = read_text(logs[d])
            if unit.session is None:
                text = strip_front_matter(log)
            else:
                text = split_sessions(log).get(unit.session.id, "")
            if text.strip():
                shown.append(DayText(day=d, date=day_date(definition.epoch, d), text=text))
        return shown

    def prompt(unit: _Unit, days: Sequence[DayText]) -> tuple[str, str]:
        if unit.session is None:
            return standard_system, standard_user_message(
                definition,
                checkpoint=unit.checkpoint,
                window=unit.window,
                days=days,
                existing=category_distribution(qfile.pairs),
                target=opts.target,
            )
        return boundary_systems[unit.session.id], boundary_user_message(
            unit.session,
            checkpoint=unit.checkpoint,
            window=unit.window,
            days=days,
            target=opts.target,
            query_session=opts.query_session,
        )

    def fail(unit: _Unit, reason: str) -> None:
        failure = QaFailure(
            checkpoint=unit.checkpoint,
            session=unit.session.id if unit.session else None,
            reason=reason,
        )
        failed.append(failure)
        logger.info("%s", failure.log_line())
        notify(
            on_checkpoint,
            QaProgress(
                checkpoint=unit.checkpoint,
                session=failure.session,
                status="failed",
                added=0,
                total=len(qfile.pairs),
                failure=failure,
            ),
        )

    def commit(unit: _Unit, items: Sequence[Any], shown: Sequence[int], truncated: bool) -> None:
        # Synchronous from validation to the file rewrite: commits of parallel checkpoints never
        # interleave, so ids stay consecutive and every rewrite holds every earlier commit.
        if unit.session is not None:
            items = [_as_probe(item, unit.session.id) for item in items]
        checked = validate_pairs(
            items,
            checkpoint=unit.checkpoint,
            persona_id=definition.id,
            first_number=qfile.next_number,
            shown_days=frozenset(shown),
            query_session=opts.query_session,
        )
        for note in checked.dropped:
            logger.info("[qa] day=%d %s", unit.checkpoint, note)
        kept, duplicates = drop_near_duplicates(
            checked.pairs, qfile.pairs, threshold=opts.duplicate_threshold
        )
        for dup in duplicates:
            logger.info("%s", dup.log_line())
        counts["invalid"] += len(checked.dropped)
        if not checked.pairs:  # not marked done: a rerun asks again
            fail(unit, f"no valid pair in the reply ({len(checked.dropped)} dropped)")
            return
        numbered = [
            attrs.evolve(p, id=pair_id(definition.id, qfile.next_number + i))
            for i, p in enumerate(kept)
        ]
        qfile.commit(unit.key, unit.checkpoint, numbered, done=True)
        added.extend(p.id for p in numbered)
        per_checkpoint[unit.checkpoint] = per_checkpoint.get(unit.checkpoint, 0) + len(numbered)
        counts["duplicates"] += len(duplicates)
        counts["truncated"] += truncated
        notify(
            on_checkpoint,
            QaProgress(
                checkpoint=unit.checkpoint,
                session=unit.session.id if unit.session else None,
                status="written",
                added=len(numbered),
                total=len(qfile.pairs),
                dropped_invalid=len(checked.dropped),
                dropped_duplicates=len(duplicates),
                truncated=truncated,
            ),
        )

    async def run(unit: _Unit) -> None:
        async with limiter:
            try:
                days = window_days(unit)
            except DatasetError as exc:  # a log that cannot be read fails its checkpoint
                fail(unit, str(exc))
                return
            if not days:
                what = f"{unit.session.id} content" if unit.session else "day logs"
                logger.info(
                    "[qa] day=%d: no %s in days %d–%d, nothing to ask",
                    unit.checkpoint,
                    what,
                    *unit.window,
                )
                return
            system, user = prompt(unit, days)
            try:
                reply = await call_model(
                    model,
                    system,
                    user,
                    temperature=opts.temperature,
                    max_tokens=opts.max_tokens,
                    timeout=opts.timeout,
                    usage=usage,
                )
                parsed = parse_qa_json(reply.text)
            except ModelError as exc:
                fail(unit, str(exc))
                return
        if parsed.truncated:
            logger.info(
                "[qa] day=%d: the reply was cut off; kept its %d complete item(s)",
                unit.checkpoint,
                len(parsed.items),
            )
        commit(unit, parsed.items, [d.day for d in days], parsed.truncated)

    async with anyio.create_task_group() as tg:
        for unit in units:
            tg.start_soon(run, unit)

    return QaResult(
        persona_id=definition.id,
        mode=opts.mode,
        output_file=qa_file,
        total_pairs=len(qfile.pairs),
        boundary_pairs=sum(p.category == "information-boundary" for p in qfile.pairs),
        added=tuple(added),
        per_checkpoint=per_checkpoint,
        already_done=already,
        failed=tuple(sorted(failed, key=lambda f: (f.checkpoint, f.session or ""))),
        dropped_invalid=counts["invalid"],
        dropped_duplicates=counts["duplicates"],
        truncated_replies=counts["truncated"],
        usage=usage,
    )


def _as_probe(item: Any, session: str) -> Any:
    """A boundary reply item as an information-boundary pair forbidding ``session`` (unless it
    names its own forbidden sessions)."""
    if not isinstance(item, dict):
        return item
    probe = dict(item)
    probe["category"] = "information-boundary"
    if not isinstance(probe.get("forbidden_sessions"), list) or not probe["forbidden_sessions"]:
        probe["forbidden_sessions"] = [session]
    return probe
