"""Reading a run back from disk, to re-render, compare or analyse it (reference §3.2–3.4).

:func:`read_run` accepts what a run leaves behind, ours or the reference harness's:

* a ``result.json`` (a finished run; also the reference's reconstructed results, whose ``qa`` objects
  use the question-log shape with ``referenceAnswer``) — :mod:`.result_json`;
* a ``progress.jsonl`` — a run still going or killed, or one whose result was never written: the
  checkpoint records become range results. Without a ``summary`` record the run is **interim**. A
  ``questions.jsonl`` beside it supplies the per-question results (bucketed by the ``checkpoint`` label
  our harness writes, else by timestamp, as the reference's ``result-from-progress.mjs`` does) —
  :mod:`.progress_reading`;
* a run directory holding either (``result.json`` preferred).

Beside the result, :class:`LoadedRun` keeps the question log's per-answer details that result.json never
holds (retrieval entries, tool calls, whether memory context was given), keyed by (persona id,
checkpoint label, question id) — :mod:`.question_log`. Beside a ``result.json`` they are read when first
used: the scores are all in the result, and the text, JSON and comparison views never look.

A result the reference rebuilt from an unfinished run (``metadata.reconstructedComplete: false``) is
interim too.

Bad input raises :class:`~recallbench.errors.DatasetError` naming the file (and line, for JSONL) and
what was expected.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..errors import DatasetError
from .loaded_run import LoadedRun, loaded_from_result
from .progress_reading import read_progress
from .question_log import DetailKey, LazyDetails, read_details
from .result_json import qa_from_json, read_result, result_from_json, score_from_json

__all__ = [
    "DetailKey",
    "LoadedRun",
    "qa_from_json",
    "read_details",
    "read_run",
    "result_from_json",
    "score_from_json",
]


def read_run(path: Path | str) -> LoadedRun:
    """Read a run from a ``result.json``, a ``progress.jsonl`` or a run directory.

    Raises:
        DatasetError: the path does not exist or holds no run, or a file is malformed (the message
            names the file, the line for JSONL, and what was expected).
    """
    path = Path(path)
    if path.is_dir():
        for name in ("result.json", "progress.jsonl"):
            if (path / name).is_file():
                return read_run(path / name)
        raise DatasetError(f"{path}: no result.json or progress.jsonl in this directory")
    if not path.is_file():
        raise DatasetError(
            f"{path}: no such file (expected a result.json, progress.jsonl or run directory)"
        )
    if path.suffix == ".jsonl":
        return read_progress(path)
    result, md = read_result(path)
    questions = path.with_name("questions.jsonl")
    details: Mapping[DetailKey, Mapping[str, object]] = (
        LazyDetails(questions) if questions.is_file() else {}
    )
    return loaded_from_result(result, path, md, details)
