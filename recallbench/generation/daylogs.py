"""What the per-day passes share (Pass 2 conversations, Pass 3 tool calls, and Q&A authoring): the
day logs on disk, a day's date, the records of a pass's progress and failures, and the clean-up of
temporary files a killed run left behind.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import attrs

from ..data.dataset import scan_day_files
from ..data.persona import day_date
from ..errors import DatasetError
from ._common import GenerationUsage

__all__ = [
    "DayPassFailure",
    "DayPassProgress",
    "DayPassResult",
    "DayPassTally",
    "day_logs",
    "last_log_day",
    "log_date",
    "notify",
    "remove_stale_temp_files",
    "strip_front_matter",
    "weekday",
]

logger = logging.getLogger("recallbench")

_FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n?", re.DOTALL)
_FRONT_DATE = re.compile(r"^date:\s*['\"]?(\d{4}-\d{2}-\d{2})['\"]?\s*$", re.MULTILINE)


# ---- shared by the per-day passes (2 and 3) ---------------------------------------------------


@attrs.frozen(kw_only=True)
class DayPassFailure:
    """A day a per-day pass skipped, and why (redo it with ``--start N --end N``)."""

    day: int
    reason: str

    def log_line(self, tag: str) -> str:
        """``[<tag>] day=<d> skipped: <reason>``."""
        return f"[{tag}] day={self.day} skipped: {self.reason}"

    def to_json(self) -> dict[str, object]:
        return {"day": self.day, "reason": self.reason}


@attrs.frozen(kw_only=True)
class DayPassProgress:
    """What the ``on_day`` hook hears after each day a pass worked on: written or failed.

    Attributes:
        written: files written by this run so far (this one included).
        items: what the written file holds (turns, tool calls); 0 for a failure.
    """

    day: int
    end: int
    status: Literal["written", "failed"]
    written: int
    path: Path | None = None
    items: int = 0
    failure: DayPassFailure | None = None


@attrs.frozen(kw_only=True)
class DayPassResult:
    """What a per-day pass did over ``start..end``.

    Attributes:
        written: days whose file this run wrote.
        existing: days skipped because their file was already there (no model call).
        missing_logs: days of the span without a day log.
        failed: days skipped because the model failed, its reply was unusable, or the day log
            could not be read.
    """

    persona_id: str
    output_dir: Path
    start: int
    end: int
    written: tuple[int, ...]
    existing: tuple[int, ...]
    missing_logs: tuple[int, ...]
    failed: tuple[DayPassFailure, ...]
    usage: GenerationUsage = attrs.field(eq=False)

    @property
    def failed_days(self) -> tuple[int, ...]:
        return tuple(f.day for f in self.failed)

    def to_json(self, written_key: str = "daysGenerated") -> dict[str, object]:
        """The ``--json`` summary: the reference's keys (§6.6–6.7) plus ours."""
        return {
            "personaId": self.persona_id,
            written_key: len(self.written),
            "skippedExisting": len(self.existing),
            "missingLogs": list(self.missing_logs),
            "failedDays": list(self.failed_days),
            "failures": [f.to_json() for f in self.failed],
            "start": self.start,
            "end": self.end,
            **self.usage.to_json(),
            "outputDir": str(self.output_dir),
        }


@attrs.define
class DayPassTally:
    """What a per-day pass has done so far, told to its ``on_day`` hook as each day ends.

    Args:
        tag: the pass's name in log lines (``[<tag>] day=… skipped: …``).
        end: the last day of the span.
        on_day: the embedder's hook, or None.
    """

    tag: str
    end: int
    on_day: Callable[[DayPassProgress], None] | None
    written: list[int] = attrs.field(factory=list)
    failed: list[DayPassFailure] = attrs.field(factory=list)

    def fail(self, day: int, reason: str) -> None:
        """The day failed: log it, keep it for the summary, tell the hook."""
        failure = DayPassFailure(day=day, reason=reason)
        self.failed.append(failure)
        logger.info("%s", failure.log_line(self.tag))
        notify(
            self.on_day,
            DayPassProgress(
                day=day, end=self.end, status="failed", written=len(self.written), failure=failure
            ),
        )

    def wrote(self, day: int, path: Path, items: int) -> None:
        """The day's file is on disk, holding ``items`` turns or calls: tell the hook."""
        self.written.append(day)
        notify(
            self.on_day,
            DayPassProgress(
                day=day,
                end=self.end,
                status="written",
                written=len(self.written),
                path=path,
                items=items,
            ),
        )

    def result(
        self,
        *,
        persona_id: str,
        output_dir: Path,
        start: int,
        existing: tuple[int, ...],
        missing_logs: tuple[int, ...],
        usage: GenerationUsage,
    ) -> DayPassResult:
        """The pass's result, days in order."""
        return DayPassResult(
            persona_id=persona_id,
            output_dir=output_dir,
            start=start,
            end=self.end,
            written=tuple(sorted(self.written)),
            existing=existing,
            missing_logs=missing_logs,
            failed=tuple(sorted(self.failed, key=lambda f: f.day)),
            usage=usage,
        )


def day_logs(memories_dir: Path, start: int, end: int) -> tuple[dict[int, Path], tuple[int, ...]]:
    """The day logs of ``start..end`` by day number, and the days of the span that have none.

    Raises:
        DatasetError: the memories directory does not exist.
    """
    if not memories_dir.is_dir():
        raise DatasetError("memories directory not found", path=memories_dir)
    found = {
        f.number: f.path
        for f in scan_day_files(memories_dir)
        if f.number is not None and start <= f.number <= end
    }
    missing = tuple(d for d in range(start, end + 1) if d not in found)
    return dict(sorted(found.items())), missing


def last_log_day(memories_dir: Path) -> int | None:
    """The highest day number of the logs in ``memories_dir`` (None: no logs).

    Raises:
        DatasetError: the memories directory does not exist.
    """
    if not memories_dir.is_dir():
        raise DatasetError("memories directory not found", path=memories_dir)
    return max((f.number for f in scan_day_files(memories_dir) if f.number), default=None)


def log_date(log: str, epoch: str | None, day: int) -> str | None:
    """A day's date: ``date:`` in the log's front matter, else ``epoch`` + (day − 1), else None."""
    m = _FRONT_MATTER.match(log)
    if m is not None:
        d = _FRONT_DATE.search(m.group(1))
        if d is not None:
            return d.group(1)
    return day_date(epoch, day) if epoch else None


def weekday(date: str) -> str:
    """``2026-01-01`` → ``Thursday``."""
    return dt.date.fromisoformat(date).strftime("%A")


def remove_stale_temp_files(directory: Path, prefix: str) -> None:
    """Delete the temporary files of atomic writes a killed run (SIGKILL) left in ``directory``:
    those of ``<prefix>-NNNN.*`` files, or of the file named ``prefix`` when it has a dot."""
    name = re.escape(prefix) if "." in prefix else rf"{re.escape(prefix)}-\d{{4}}\.[^.]+"
    stale = re.compile(rf"^\.{name}\..*\.tmp$")
    if directory.is_dir():
        for path in directory.iterdir():
            if stale.match(path.name):
                path.unlink(missing_ok=True)


def notify(hook: Callable[[Any], object] | None, payload: Any) -> None:
    """Call an embedder's hook; its failure is logged, never the run's."""
    if hook is None:
        return
    try:
        hook(payload)
    except Exception:
        logger.exception("generation hook failed (ignored)")


def strip_front_matter(log: str) -> str:
    """A day log without its ``---`` front matter, trimmed."""
    return _FRONT_MATTER.sub("", log, count=1).strip()
