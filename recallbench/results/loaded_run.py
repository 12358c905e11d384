"""A run read back from disk: its result, where it came from, whether it finished, its log's details."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from .question_log import DetailKey
from .records import BenchmarkResult

__all__ = ["LoadedRun", "loaded_from_result"]


@attrs.frozen(kw_only=True)
class LoadedRun:
    """A run read back from disk.

    Attributes:
        result: the run as a :class:`BenchmarkResult`.
        source: the file it was read from.
        interim: the run had not finished (a progress file without a summary record).
        checkpoints_done: checkpoint records read (progress files only).
        checkpoints_total: checkpoints the run planned, over all personas (progress files only; None
            when the header does not say).
        details: the question log's records by (persona id, checkpoint label, question id), when a
            ``questions.jsonl`` was found beside the source: retrieval entries, tool calls and the like.
            Beside a ``result.json`` the log is read when the mapping is first used (a malformed log
            raises :class:`~recallbench.errors.DatasetError` then).
    """

    result: BenchmarkResult
    source: Path
    interim: bool = False
    checkpoints_done: int | None = None
    checkpoints_total: int | None = None
    details: Mapping[DetailKey, Mapping[str, Any]] = attrs.field(factory=dict, repr=False)

    @property
    def interim_note(self) -> str | None:
        """``INTERIM — 12/30 checkpoints`` for an unfinished run, else None."""
        if not self.interim:
            return None
        if self.checkpoints_done is None:
            return "INTERIM"
        if self.checkpoints_total:
            return f"INTERIM — {self.checkpoints_done}/{self.checkpoints_total} checkpoints"
        return f"INTERIM — {self.checkpoints_done} checkpoints"


def loaded_from_result(
    result: BenchmarkResult,
    source: Path,
    metadata: Mapping[str, Any],
    details: Mapping[DetailKey, Mapping[str, Any]],
) -> LoadedRun:
    """A run read from a ``result.json`` whose ``metadata`` object is as written: a result the
    reference's ``result-from-progress.mjs`` rebuilt from an unfinished run
    (``reconstructedComplete: false``) is interim."""
    if metadata.get("reconstructedComplete") is False:
        done = metadata.get("reconstructedCheckpoints")
        return LoadedRun(
            result=result,
            source=source,
            interim=True,
            checkpoints_done=done if isinstance(done, int) else None,
            checkpoints_total=len({r.label for r in result.ranges}) * len(result.personas),
            details=details,
        )
    return LoadedRun(result=result, source=source, details=details)
