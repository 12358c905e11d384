"""A question log read back: ``questions.jsonl`` (reference §3.4).

:func:`read_question_log` reads its records, each answer's retrieval entries in place;
:func:`read_details` keeps a question log's records by (persona id, checkpoint label, question id);
:class:`LazyDetails` is the same mapping read on first use — a ``result.json`` carries every score
itself, so the 150 MB log beside a large one is read only by what shows its details (the HTML report).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ._collector import collector_paused
from .jsonl import jsonl_records
from .retrieval_log import question_log_records

__all__ = [
    "DetailKey",
    "LazyDetails",
    "answer_key",
    "jsonl_records",
    "read_details",
    "read_question_log",
]

DetailKey = tuple[str, str, str]
"""(persona id, checkpoint label, question id — :func:`answer_key`)."""


def answer_key(qa_id: str, epoch: int | None) -> str:
    """How a checkpoint's answers are told apart: the question's id, and with ``--epochs`` > 1 its
    epoch too (``"q1#2"``)."""
    return qa_id if epoch is None else f"{qa_id}#{epoch}"


def read_question_log(path: Path | str) -> list[dict[str, Any]]:
    """Every record of a question log (``questions.jsonl``), in the order written, each answer's
    retrieved memories in its ``retrieval`` key as the reference's log holds them — read from the
    retrieval log beside it, where a run keeps them since issue 35
    (:mod:`~recallbench.results.retrieval_log`). A torn last line (a killed run) is skipped.

    Raises:
        DatasetError: the log cannot be read, a line other than a torn last one is not a JSON
            object, or the retrieval log an answer names is missing or from another run.
    """
    with collector_paused():
        return [record for _, record in question_log_records(Path(path))]


def read_details(questions: Path) -> dict[DetailKey, Mapping[str, Any]]:
    """A question log's records by (persona id, checkpoint label, question id — ``id#epoch`` for
    an answer of an ``--epochs`` run), the last record of
    a question winning (a resumed run may log it twice). Records without a checkpoint label (the
    reference's log) are left out: :func:`~recallbench.results.reading.read_run` places those by
    timestamp.

    Raises:
        DatasetError: the file cannot be read, or a line other than a torn last one is not JSON.
    """
    details: dict[DetailKey, Mapping[str, Any]] = {}
    with collector_paused():
        for _line, record in question_log_records(questions):
            qa, pid, label = record.get("qa"), record.get("personaId"), record.get("checkpoint")
            if isinstance(qa, Mapping) and isinstance(pid, str) and isinstance(label, str):
                epoch = record.get("epoch")
                # An --epochs run logs a question once per epoch: "q1#2" is its second answer.
                qid = answer_key(str(qa.get("id")), epoch if type(epoch) is int else None)
                details[(pid, label, qid)] = record
    return details


class LazyDetails(Mapping[DetailKey, Mapping[str, Any]]):
    """:func:`read_details` of a question log, read when first looked into (once).

    Raises:
        DatasetError: on first use, as :func:`read_details`.
    """

    def __init__(self, questions: Path) -> None:
        self.path = questions
        self._details: dict[DetailKey, Mapping[str, Any]] | None = None

    def _read(self) -> dict[DetailKey, Mapping[str, Any]]:
        if self._details is None:
            self._details = read_details(self.path)
        return self._details

    def __getitem__(self, key: DetailKey) -> Mapping[str, Any]:
        return self._read()[key]

    def __iter__(self) -> Iterator[DetailKey]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())

    def __repr__(self) -> str:
        state = "unread" if self._details is None else f"{len(self._details)} records"
        return f"LazyDetails({str(self.path)!r}, {state})"
