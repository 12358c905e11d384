"""JSONL logs read back line by line: ``progress.jsonl`` and ``questions.jsonl`` (reference §3.3–3.4).

:func:`jsonl_records` streams a log's records: one line in memory at a time, parsed by orjson, a torn
last line (a killed writer) skipped, and the standard library's wording for a line orjson refuses.
:func:`read_details` keeps a question log's records by (persona id, checkpoint label, question id);
:class:`LazyDetails` is the same mapping read on first use — a ``result.json`` carries every score
itself, so the 150 MB log beside a large one is read only by what shows its details (the HTML report).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any

import orjson

from .._jsonread import JSONTooDeep, json_loads, orjson_loads
from ..errors import DatasetError
from ._collector import collector_paused

__all__ = ["DetailKey", "LazyDetails", "answer_key", "jsonl_records", "read_details"]

DetailKey = tuple[str, str, str]
"""(persona id, checkpoint label, question id — :func:`answer_key`)."""


def answer_key(qa_id: str, epoch: int | None) -> str:
    """How a checkpoint's answers are told apart: the question's id, and with ``--epochs`` > 1 its
    epoch too (``"q1#2"``)."""
    return qa_id if epoch is None else f"{qa_id}#{epoch}"


def jsonl_records(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, record) of a JSONL file, read a line at a time; a torn last line (a killed
    writer) is skipped.

    Raises:
        DatasetError: the file cannot be read (or is not UTF-8), a line other than the last is not
            JSON, or a line is JSON but not an object.
    """
    try:
        stream = path.open("rb")
    except OSError as exc:
        raise DatasetError(f"{path}: cannot read: {exc}") from None
    with stream:
        yield from _records(path, stream)


def _records(path: Path, stream: IO[bytes]) -> Iterator[tuple[int, dict[str, Any]]]:
    offset = 0  # of the line in the file, for the position an undecodable byte is reported at
    for number, raw in enumerate(_lines(path, stream), start=1):
        start, offset = offset, offset + len(raw)
        try:
            record = orjson_loads(raw)
        except JSONTooDeep as exc:  # whole, not torn: refused wherever it is
            raise DatasetError(f"{path}:{number}: not a JSON line: {exc.msg}") from None
        except orjson.JSONDecodeError:  # also a blank line
            record = _slow(path, stream, number, raw, start)
            if record is _BLANK:
                continue
            if record is _TORN:
                return
        if type(record) is not dict:
            raise DatasetError(f"{path}:{number}: expected a JSON object per line")
        yield number, record


_BLANK: Any = object()
_TORN: Any = object()


def _lines(path: Path, stream: IO[bytes]) -> Iterator[bytes]:
    try:
        yield from stream
    except OSError as exc:
        raise DatasetError(f"{path}: cannot read: {exc}") from None


def _slow(path: Path, stream: IO[bytes], number: int, raw: bytes, start: int) -> Any:
    """A line orjson refused, as the standard library reads it: a record, blank, the torn last line,
    or the error (``cannot read`` for bytes that are not UTF-8, wherever in the file they are)."""
    text = _decode(path, raw, start)
    if not text.strip():
        return _BLANK
    try:
        return json_loads(text)
    except json.JSONDecodeError as exc:
        error = DatasetError(f"{path}:{number}: not a JSON line: {exc.msg}")
    # Torn by a kill mid-write only if nothing but blank lines follows: everything before it stands.
    offset = start + len(raw)
    for rest in _lines(path, stream):
        if _decode(path, rest, offset).strip():
            _decode_rest(path, stream, offset + len(rest))
            raise error
        offset += len(rest)
    return _TORN


def _decode_rest(path: Path, stream: IO[bytes], offset: int) -> None:
    # The whole file is UTF-8 or the error says it cannot be read, as when it was read at once.
    for rest in _lines(path, stream):
        _decode(path, rest, offset)
        offset += len(rest)


def _decode(path: Path, raw: bytes, offset: int) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        where = exc.start + offset
        what = (
            f"byte 0x{raw[exc.start]:02x} in position {where}"
            if exc.end - exc.start == 1
            else f"bytes in position {where}-{exc.end - 1 + offset}"
        )
        raise DatasetError(
            f"{path}: cannot read: 'utf-8' codec can't decode {what}: {exc.reason}"
        ) from None


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
        for _line, record in jsonl_records(questions):
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
