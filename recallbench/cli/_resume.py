"""``recallbench run --resume PROGRESS``: the log a resumed run starts from, and where it goes on
writing.

The answers are read wherever the run logged them — the question log the progress file's headers
name, and the one ``--question-log`` names — and the resumed run appends to the same log unless told
otherwise. Logs that lost answers the run already claimed (its checkpoint records, its
``result.json``) are refused before any work (:mod:`recallbench.harness.resume_checks`).

``--resume`` names a regular file, or nothing yet (a run that never logged: it starts fresh, writing
its progress there); anything else — a directory, a device such as ``/dev/zero``, a FIFO — is one
line and exit 2 before any work (:func:`check_resume_path`). With ``--no-save`` the logs are read
and nothing is written, not even beside them.
"""

from __future__ import annotations

import argparse
import stat
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from ..harness.config import RunOutput
    from ..harness.resume import ResumeLog

__all__ = ["check_resume_path", "resume_of", "retry_output"]

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
)


def check_resume_path(path: Path | None) -> None:
    """Refuse a ``--resume`` path that is neither a regular file nor missing.

    Raises:
        ConfigError: naming the path and what it is (a directory: with the progress file it
            holds, when it holds one).
    """
    if path is None:
        return
    from ..errors import ConfigError

    flag = f"--resume {path}"
    try:
        mode = path.expanduser().stat().st_mode
    except FileNotFoundError:
        return  # nothing logged there yet: the run starts fresh, and says so
    except OSError as exc:
        raise ConfigError(f"{flag}: cannot read it: {exc.strerror or exc}") from None
    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    inside = path.expanduser() / "progress.jsonl"
    hint = f" (did you mean --resume {inside}?)" if stat.S_ISDIR(mode) and inside.is_file() else ""
    raise ConfigError(
        f"{flag}: it is {kind}, not a file; --resume takes a run's progress.jsonl{hint}"
    )


def resume_of(args: argparse.Namespace, output: RunOutput) -> tuple[ResumeLog, RunOutput]:
    """What ``--resume`` resumes from, and the artifacts the resumed run writes.

    With ``--no-save`` the logs are read and ``output`` (which keeps nothing) is returned as it is.

    Raises:
        DatasetError: a log is damaged.
        ConfigError: the path is not a regular file (:func:`check_resume_path`); the logs hold
            fewer answers than the progress file counts, or than the ``result.json`` the run would
            write anew.
    """
    from ..harness.resume import read_resume_log
    from ..harness.resume_checks import check_result_kept, logged_question_log

    check_resume_path(args.resume)
    progress = args.resume.expanduser().resolve()
    named = logged_question_log(progress) if progress.is_file() else None
    questions = (
        args.question_log or named or output.questions or progress.parent / "questions.jsonl"
    )
    resume = read_resume_log(progress, questions)
    check_result_kept(output.result_json, resume.question_log, resume.answer_keys())
    if args.no_question_log or args.no_save:
        return resume, output
    return resume, attrs.evolve(
        output, progress=output.progress or args.resume, questions=questions
    )


def retry_output(retry: ResumeLog, output: RunOutput) -> RunOutput:
    """A retry's artifacts: the run's own folder, its answers appended to the log it wrote."""
    if retry.question_log is None:
        return output
    return attrs.evolve(output, questions=retry.question_log)
