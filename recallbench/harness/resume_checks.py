"""What a resume may trust: where a run logged its answers, and whether those logs still hold them.

A run's ``progress.jsonl`` header names its question log (``questionLog``, relative to the progress
file's folder), so a resumed or retried run reads the answers wherever they were logged — not only
from the ``questions.jsonl`` beside the progress file. Before anything is asked, the logs are held
against what the run already claimed: every checkpoint record counts the answers its attempt logged,
and a ``result.json`` about to be written anew lists the answers it holds. A question log that holds
fewer (emptied, overwritten, truncated, another run's) is refused, naming the file, rather than
rebuilding checkpoints without their answers and writing a result with less than the logs once held.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import ConfigError, DatasetError
from ..results.question_log import answer_key, jsonl_records

__all__ = [
    "check_answers_kept",
    "check_result_kept",
    "log_location",
    "logged_question_log",
    "named_question_log",
]


def log_location(progress: Path | None, questions: Path | None) -> str | None:
    """The ``questionLog`` of a progress header: where ``questions`` is, relative to the progress
    file's folder (absolute where no relative path leads there); None without either file."""
    if progress is None or questions is None:
        return None
    # Made absolute, not resolved: a log that is a symlink is named as the link (the run wrote
    # through it; its target may be anything, /dev/full in a test).
    target = os.path.abspath(questions.expanduser())
    try:
        return os.path.relpath(target, os.path.dirname(os.path.abspath(progress.expanduser())))
    except ValueError:  # another drive (Windows): no relative path
        return target


def named_question_log(progress: Path, header: Mapping[str, Any]) -> Path | None:
    """The question log a progress header names (``questionLog``), or None."""
    named = header.get("questionLog")
    if not isinstance(named, str) or not named:
        return None
    return Path(os.path.normpath(Path(os.path.abspath(progress.expanduser())).parent / named))


def logged_question_log(progress: Path) -> Path | None:
    """The question log the latest attempt of a run wrote, as its progress file's last header names
    it (None: no header names one — a run made before headers did, or without a question log).
    Damage is not judged here: the strict read that follows names it."""
    found = None
    try:
        for _, record in jsonl_records(progress):
            if record.get("type") == "header":
                found = named_question_log(progress, record) or found
    except (DatasetError, RecursionError):  # the strict read that follows names the damage
        return found
    return found


def _expected(record: Mapping[str, Any]) -> int:
    """The answers a checkpoint record says its attempt logged (scored and unscored)."""
    counted = 0
    for key in ("questionsEvaluated", "unscoredCount"):
        value = record.get(key)
        if type(value) is int and value > 0:
            counted += value
    return counted


def check_answers_kept(
    progress: Path,
    checked: Sequence[tuple[str, str, Mapping[str, Any], Path]],
    logged: Iterable[tuple[str, str, str]],
) -> None:
    """Refuse logs that lost answers their checkpoint records count.

    Args:
        progress: the progress file (named in the message).
        checked: (persona id, checkpoint label, checkpoint record, the question log its attempt
            wrote) of every checkpoint record whose attempt logged its answers; the latest record
            of a checkpoint wins.
        logged: (persona id, checkpoint label, answer key) of every answer the logs hold.

    Raises:
        ConfigError: a checkpoint counts more answers than the logs hold for it.
    """
    latest: dict[tuple[str, str], tuple[int, Path]] = {}
    for pid, label, record, log in checked:
        latest[(pid, label)] = (_expected(record), log)
    if not latest:
        return
    held = Counter((pid, label) for pid, label, _ in set(logged))
    for (pid, label), (expected, log) in latest.items():
        have = held[(pid, label)]
        if have < expected:
            raise ConfigError(
                f"{log} holds {have} answer(s) of {pid} {label}, where {progress} counts "
                f"{expected}: the question log is damaged, truncated or not this run's; nothing "
                "was run (restore the log, or name the one that holds them with --question-log)"
            )


def _result_answers(result: Mapping[str, Any]) -> Iterable[tuple[str, str, str]]:
    for persona in result.get("personas") or ():
        if not isinstance(persona, Mapping) or not isinstance(persona.get("personaId"), str):
            continue
        for checkpoint in persona.get("rangeResults") or ():
            rng = checkpoint.get("range") if isinstance(checkpoint, Mapping) else None
            label = rng.get("label") if isinstance(rng, Mapping) else None
            if not isinstance(label, str):
                continue
            answers = [
                *(checkpoint.get("questionResults") or ()),
                *(checkpoint.get("unscoredResults") or ()),
            ]
            for answer in answers:
                qa = answer.get("qa") if isinstance(answer, Mapping) else None
                qid = qa.get("id") if isinstance(qa, Mapping) else None
                if isinstance(qid, str):
                    epoch = answer.get("epoch")
                    key = answer_key(qid, epoch if type(epoch) is int else None)
                    yield persona["personaId"], label, key


def check_result_kept(
    result_json: Path | None, question_log: Path | None, logged: Iterable[tuple[str, str, str]]
) -> None:
    """Refuse to write ``result_json`` anew with fewer answers than it holds: every answer it lists
    must be in the logs the resume read (``logged``: persona id, checkpoint label, answer key). A
    missing or unreadable ``result.json`` holds nothing worth keeping.

    Raises:
        ConfigError: ``result_json`` holds answers the question log does not.
    """
    if result_json is None or not result_json.is_file():
        return
    import json

    try:
        result = json.loads(result_json.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return
    if not isinstance(result, dict):
        return
    have = set(logged)
    missing = [a for a in _result_answers(result) if a not in have]
    if missing:
        pid, label, _ = missing[0]
        where = question_log if question_log is not None else "no question log"
        raise ConfigError(
            f"{result_json} holds {len(missing)} answer(s) (the first of {pid} {label}) that "
            f"{where} does not: resuming would overwrite it with less; nothing was run (restore "
            "the log, or name the one that holds them with --question-log)"
        )
