"""``recallbench run --retry-errors RUN_DIR``: the flag, the log a retry resumes from, and the
settings a retry must share with the run it merges into (:func:`recallbench.harness.resume.read_retry_log`
does the reading; docs/reliability.md says what is asked again)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..harness.config import RunConfig
    from ..harness.resume import ResumeLog

__all__ = ["add_retry_argument", "retry_log", "same_settings"]


def add_retry_argument(group: Any) -> None:
    """``--retry-errors RUN_DIR`` in ``run``'s output & resume group."""
    group.add_argument(
        "--retry-errors",
        type=Path,
        metavar="RUN_DIR",
        help="in an ended run's folder, ask again only the questions whose adapter or judge call "
        "failed (with the run's own flags) and merge them into its result and logs; answers "
        "already paid for are not asked or judged again",
    )


_RETRY_CONFLICTS = (
    ("resume", "--resume"),
    ("output", "--output"),
    ("json_out", "--json-out"),
    ("no_save", "--no-save"),
    ("question_log", "--question-log"),
    ("no_question_log", "--no-question-log"),
    ("progress_jsonl", "--progress-jsonl"),
    ("failure_log", "--failure-log"),
)


def retry_log(args: argparse.Namespace) -> ResumeLog | None:
    """The log ``--retry-errors RUN_DIR`` resumes from, or None without the flag.

    Raises:
        ConfigError: flags that name other files, or a RUN_DIR that is no ended run.
    """
    if args.retry_errors is None:
        return None
    from ..errors import ConfigError
    from ..harness.resume import read_retry_log

    clash = [flag for attr, flag in _RETRY_CONFLICTS if getattr(args, attr, None)]
    if clash:
        raise ConfigError(
            f"--retry-errors writes into the run's own folder: it takes no {', '.join(clash)}"
        )
    return read_retry_log(args.retry_errors)


_RETRY_SETTINGS = (
    ("ranges", "--ranges"),
    ("sample", "--sample"),
    ("groupsEnabled", "--groups-enabled"),
    ("lifecycle", "--lifecycle"),
    ("judgeModel", "--judge"),
    ("appellateJudgeModel", "--appellate-judge"),
    ("judgeMemoryWindow", "--judge-memory-window"),
    ("epochs", "--epochs"),
)
"""Header keys (progress.jsonl) a retry must share with the run it merges into, and their flags."""


def same_settings(retry: ResumeLog, config: RunConfig, run_dir: Path) -> None:
    """Refuse to merge answers made under other settings into a run (a different judge's scores,
    another checkpoint plan): the run's last header against what this run would write.

    Raises:
        ConfigError: a setting differs, naming its flag and both values.
    """
    from .._convert import to_json
    from ..errors import ConfigError

    header = retry.header
    if header is None:
        return  # a run without a header line (hand-made logs): nothing to check against
    ours: dict[str, Any] = {
        "ranges": to_json(list(config.ranges)),
        "sample": config.selection.sample,
        "groupsEnabled": config.selection.groups_enabled,
        "lifecycle": config.lifecycle,
        "judgeModel": config.judge_model,
        "appellateJudgeModel": config.appellate_judge_model,
        "judgeMemoryWindow": config.judge_memory_window or None,
        "epochs": config.epochs,
    }
    for key, flag in _RETRY_SETTINGS:
        theirs = header.get(key)
        if key == "groupsEnabled":
            theirs = bool(theirs)
        elif key == "epochs":  # written only when more than one
            theirs = theirs if type(theirs) is int else 1
        if ours[key] != theirs:
            raise ConfigError(
                f"--retry-errors {run_dir}: {flag} differs from the run's ({_shown(ours[key])} "
                f"here, {_shown(theirs)} in the run); retry with the run's own flags"
            )


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(str(v.get("label", v)) if isinstance(v, dict) else str(v) for v in value)
    return "none" if value is None else str(value)
