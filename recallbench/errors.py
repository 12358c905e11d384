"""The exceptions recallbench raises.

One root, so an embedding framework can catch everything of ours in one clause::

    RecallBenchError
    ├── ConfigError (ValueError)        a flag, profile, spec string or range is wrong: fix the call
    ├── DatasetError (ValueError)       a persona directory, YAML or day file is wrong (file, line)
    ├── AdapterError                    the memory system under test failed
    │   ├── AdapterTimeout (TimeoutError)
    │   └── WritesRefused               some of a day's writes were refused: counted, the run goes on
    ├── JudgeError                      the judge failed on one answer
    │   └── JudgeParseError (ValueError)
    ├── ModelError                      a text model / provider call failed
    │   └── ModelTimeout (TimeoutError)
    └── RunFailed                       a run stopped (setup, ingestion or too many errors)
        ├── OutputError                 a file the run writes cannot be written (disk full, read-only)
        └── BudgetExceeded              the next model call would pass ``--max-cost``

"You called it wrong" (ConfigError, DatasetError) is raised at once and never retried. An adapter or
judge failure on a single question is data: the harness records it on that question and goes on.
"""

from __future__ import annotations

from pathlib import Path

__all__ = [
    "AdapterError",
    "AdapterTimeout",
    "BudgetExceeded",
    "ConfigError",
    "DatasetError",
    "JudgeError",
    "JudgeParseError",
    "ModelError",
    "ModelTimeout",
    "OutputError",
    "RecallBenchError",
    "RunFailed",
    "WritesRefused",
]


class RecallBenchError(Exception):
    """Root of every exception recallbench raises on purpose."""


class ConfigError(RecallBenchError, ValueError):
    """A flag, profile entry, spec string or time range is not what was expected."""


class DatasetError(RecallBenchError, ValueError):
    """A dataset file is missing or malformed.

    Attributes:
        path: the file (or directory) at fault, when known.
        line: the 1-based line in that file, when known.
    """

    def __init__(self, message: str, *, path: Path | str | None = None, line: int | None = None):
        self.path = Path(path) if path is not None else None
        self.line = line
        self.message = message
        super().__init__(self._render())

    def _render(self) -> str:
        if self.path is None:
            return self.message
        where = f"{self.path}:{self.line}" if self.line is not None else str(self.path)
        return f"{where}: {self.message}"


class AdapterError(RecallBenchError):
    """The memory system under test raised, or broke its contract."""


class WritesRefused(AdapterError):
    """The memory system refused some of a day's writes (``ingest_day``), and stored the rest.

    Not a failure of the run: the harness counts the refused writes (``writesRefused`` in the
    result, a line in the headline), warns once per day with the first reason, and goes on with
    the next day. An adapter raises it after making every write of the day it could.

    Attributes:
        count: how many writes of the day were refused (at least 1).
        reasons: the server's words for each refusal, in order (at most a few kept).
    """

    def __init__(self, count: int, reasons: tuple[str, ...] = ()) -> None:
        self.count = max(1, int(count))
        self.reasons = tuple(reasons)
        first = f": {self.reasons[0]}" if self.reasons else ""
        super().__init__(f"{self.count} write(s) refused{first}")


class AdapterTimeout(AdapterError, TimeoutError):
    """An adapter call did not finish within its time limit."""


class JudgeError(RecallBenchError):
    """A judge could not score an answer."""


class JudgeParseError(JudgeError, ValueError):
    """A judge replied, but its reply held no valid score."""


class ModelError(RecallBenchError):
    """A text model or provider call failed (after its retries, if it has any)."""


class ModelTimeout(ModelError, TimeoutError):
    """A model call, or a CLI agent, did not finish within its time limit."""


class RunFailed(RecallBenchError):
    """A run (or one persona of it) could not go on: setup, ingestion or teardown failed, or too
    many questions failed."""


class OutputError(RunFailed):
    """A file the run writes (a log, ``result.json``, a view) could not be written: the disk is full,
    the folder read-only, a path runs beneath a regular file. What was logged before is kept, so the
    run resumes (``--resume``) once the cause is fixed.

    Attributes:
        path: the file that could not be written.
    """

    def __init__(self, path: Path | str, reason: str):
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"cannot write {self.path}: {reason}")


class BudgetExceeded(RunFailed):
    """The next model call would take the run past its budget (``--max-cost``), so it was not made:
    the run stops cleanly, keeping everything paid for, and ``--resume`` continues it."""
