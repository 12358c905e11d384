"""A benchmark's data file read into cases: records in file order, flattened, each with its id and
the line it starts on, so that every problem with a case can name it and its place.

:class:`CaseStream` gives them one record at a time (:mod:`._records`): a case carries the span of
the record it came from, so that :func:`case_fields` can read it again when its unit runs, and
holds the record's fields only while it is being mapped."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from ...data._schema import describe
from ...data.validate import Problem
from ...errors import DatasetError
from ._json import JsonPath, format_path
from ._records import Span, iter_records, read_record
from .manifest import Flatten

__all__ = ["ID_FIELDS", "Case", "CaseStream", "case_fields", "read_cases"]

ID_FIELDS: tuple[str, ...] = ("id", "question_id", "sample_id", "case_id")
"""Where a case's id is read from, the first present (LongMemEval names it ``question_id``, LoCoMo
``sample_id``); a record with none is ``case-<n>``, its 1-based place in the file."""


@attrs.frozen(kw_only=True)
class Case:
    """One case: a record of the data file, or one element of a flattened record."""

    id: str
    item_id: str
    """The id of the record it came from (a flattened case's parent; else its own)."""
    item_index: int
    line: int
    path: JsonPath
    fields: Mapping[str, Any] = attrs.field(repr=False)
    span: Span | None = None
    """Where its record is in the data file (None: a case built in memory)."""

    def bare(self) -> Case:
        """The case without its fields: what is kept of it once it is mapped."""
        return attrs.evolve(self, fields={})

    def where(self, *keys: str | int) -> str:
        """``case 'q1' ($[3].question)``: how a problem names the case and the field."""
        return f"case {self.id!r} ({format_path(self.path + keys)})"


def _item_id(record: Mapping[str, Any], index: int) -> str:
    for key in ID_FIELDS:
        value = record.get(key)
        if isinstance(value, str | int) and not isinstance(value, bool) and str(value).strip():
            return str(value).strip()
    return f"case-{index + 1}"


class CaseStream:
    """The cases of ``data_path``, flattened as the manifest says, a record at a time as iterated
    (once). Problems with a record's shape (not an object, a flatten field that is not a list) are
    collected in :attr:`problems` as they are met; :meth:`finish` adds duplicate ids and an empty
    file, in the order a whole-file read gave them."""

    def __init__(self, data_path: Path, flatten: Flatten | None):
        self.data_path = data_path
        self.flatten = flatten
        self.problems: list[Problem] = []
        self.count = 0
        self._first_line: dict[str, int] = {}
        self._duplicates: list[Problem] = []

    def __iter__(self) -> Iterator[Case]:
        """Each case in file order.

        Raises:
            DatasetError: the file cannot be read or is not JSON / JSON Lines. A JSON Lines line
                that is not JSON keeps the problems of the records before it (they were read); any
                other failure, found before any record by a whole-file read, keeps none.
        """
        try:
            for index, (line, span, record) in enumerate(iter_records(self.data_path)):
                for case in self._cases(index, line, span, record):
                    self._count(case)
                    yield case
                del record
        except DatasetError as exc:
            if not exc.message.startswith("not valid JSON Lines:"):
                self.problems.clear()
            raise

    def _cases(self, index: int, line: int, span: Span, record: Any) -> list[Case]:
        path: JsonPath = (index,)
        if not isinstance(record, dict):
            self.problems.append(
                Problem(
                    path=self.data_path,
                    line=line,
                    message=f"record {index + 1} ({format_path(path)}) must be a JSON object, "
                    f"found {describe(record)}",
                )
            )
            return []
        item_id = _item_id(record, index)
        if self.flatten is None:
            return [
                Case(
                    id=item_id,
                    item_id=item_id,
                    item_index=index,
                    line=line,
                    path=path,
                    fields=record,
                    span=span,
                )
            ]
        return _flattened(
            self.data_path, record, item_id, index, line, self.flatten, self.problems, span
        )

    def _count(self, case: Case) -> None:
        self.count += 1
        first = self._first_line.get(case.id)
        if first is not None:
            self._duplicates.append(
                Problem(
                    path=self.data_path,
                    line=case.line,
                    message=f"{case.where()}: duplicate case id (first at line {first})",
                )
            )
        else:
            self._first_line[case.id] = case.line

    def finish(self, earlier: Sequence[Problem] = ()) -> list[Problem]:
        """Every problem of the file once iterated: the records' shapes, duplicate ids, and no case
        (unless some problem was found: here or ``earlier``, with the benchmark's manifest)."""
        out = self.problems + self._duplicates
        if not self.count and not out and not earlier:
            out.append(Problem(path=self.data_path, message="the data file holds no cases"))
        return out


def read_cases(data_path: Path, flatten: Flatten | None, problems: list[Problem]) -> list[Case]:
    """Every case of ``data_path``, flattened as the manifest says; problems are appended (a record
    that is not an object, a flatten field that is not a list, duplicate ids), never skipped quietly.

    Raises:
        DatasetError: the file cannot be read or is not JSON / JSON Lines.
    """
    stream = CaseStream(data_path, flatten)
    try:
        cases = list(stream)
    except DatasetError:
        problems += stream.problems
        raise
    problems += stream.finish(problems)
    return cases


def case_fields(data_path: Path, case: Case, flatten: Flatten | None) -> Mapping[str, Any]:
    """The fields of ``case`` read again from its record (a case :class:`CaseStream` gave).

    Raises:
        DatasetError: the record cannot be read again, or no longer holds the case (the file
            changed since it was read).
    """
    assert case.span is not None, "a case built in memory has its fields"
    record = read_record(data_path, case.span, case.line)
    if flatten is None and isinstance(record, dict):
        return record
    if flatten is not None and isinstance(record, dict):
        elements = record.get(flatten.field)
        n = case.path[-1]
        if isinstance(elements, list) and isinstance(n, int) and n < len(elements):
            element = elements[n]
            if isinstance(element, dict):
                return _flat_fields(record, element, flatten)
    raise DatasetError(
        f"the data file changed since it was read: {case.where()} is no longer there; read the "
        "benchmark again",
        path=data_path,
        line=case.line,
    )


def _flat_fields(
    record: Mapping[str, Any], element: Mapping[str, Any], flatten: Flatten
) -> dict[str, Any]:
    """A flattened case's fields: its record's besides the flattened list, then its element's."""
    fields = {k: v for k, v in record.items() if k != flatten.field}
    keys = flatten.promote_fields if flatten.promote_fields is not None else tuple(element)
    fields.update({k: element[k] for k in keys if k in element})
    return fields


def _flattened(
    data_path: Path,
    record: Mapping[str, Any],
    item_id: str,
    index: int,
    line: int,
    flatten: Flatten,
    problems: list[Problem],
    span: Span | None = None,
) -> list[Case]:
    where = f"case {item_id!r} ({format_path((index, flatten.field))})"
    if flatten.field not in record:
        problems.append(
            Problem(
                path=data_path,
                line=line,
                message=f"{where}: flatten field {flatten.field!r} is absent",
            )
        )
        return []
    elements = record[flatten.field]
    if not isinstance(elements, list):
        problems.append(
            Problem(
                path=data_path,
                line=line,
                message=f"{where}: flatten over a non-list: {flatten.field!r} is {describe(elements)}",
            )
        )
        return []
    out = []
    for n, element in enumerate(elements[: flatten.max_items] if flatten.max_items else elements):
        if isinstance(element, dict):
            fields = _flat_fields(record, element, flatten)
        else:
            problems.append(
                Problem(
                    path=data_path,
                    line=line,
                    message=f"case {item_id!r} ({format_path((index, flatten.field, n))}): a flattened "
                    f"element must be an object, found {describe(element)}",
                )
            )
            continue
        out.append(
            Case(
                id=f"{item_id}_{n}",
                item_id=item_id,
                item_index=index,
                line=line,
                path=(index, flatten.field, n),
                fields=fields,
                span=span,
            )
        )
    return out
