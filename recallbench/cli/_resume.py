"""``recallbench run --resume PROGRESS``: the log a resumed run starts from, and where it goes on
writing.

The answers are read wherever the run logged them — the question log the progress file's headers
name, and the one ``--question-log`` names — and the resumed run appends to the same log unless told
otherwise. Logs that lost answers the run already claimed (its checkpoint records, its
``result.json``) are refused before any work (:mod:`recallbench.harness.resume_checks`).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from ..harness.config import RunOutput
    from ..harness.resume import ResumeLog

__all__ = ["resume_of", "retry_output"]


def resume_of(args: argparse.Namespace, output: RunOutput) -> tuple[ResumeLog, RunOutput]:
    """What ``--resume`` resumes from, and the artifacts the resumed run writes.

    Raises:
        DatasetError: a log is damaged.
        ConfigError: the logs hold fewer answers than the progress file counts, or than the
            ``result.json`` the run would write anew.
    """
    from ..harness.resume import read_resume_log
    from ..harness.resume_checks import check_result_kept, logged_question_log

    progress = args.resume.expanduser().resolve()
    named = logged_question_log(progress) if progress.is_file() else None
    questions = (
        args.question_log or named or output.questions or progress.parent / "questions.jsonl"
    )
    resume = read_resume_log(progress, questions)
    check_result_kept(output.result_json, resume.question_log, resume.answer_keys())
    if args.no_question_log:
        return resume, output
    return resume, attrs.evolve(
        output, progress=output.progress or args.resume, questions=questions
    )


def retry_output(retry: ResumeLog, output: RunOutput) -> RunOutput:
    """A retry's artifacts: the run's own folder, its answers appended to the log it wrote."""
    if retry.question_log is None:
        return output
    return attrs.evolve(output, questions=retry.question_log)
