"""A benchmark's data file read into cases: records in file order, flattened, each with its id and
the line it starts on, so that every problem with a case can name it and its place."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from ..._schema import describe
from ...validate import Problem
from ._json import JsonPath, format_path, read_cases_raw
from .manifest import Flatten

__all__ = ["ID_FIELDS", "Case", "read_cases"]

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

    def where(self, *keys: str | int) -> str:
        """``case 'q1' ($[3].question)``: how a problem names the case and the field."""
        return f"case {self.id!r} ({format_path(self.path + keys)})"


def _item_id(record: Mapping[str, Any], index: int) -> str:
    for key in ID_FIELDS:
        value = record.get(key)
        if isinstance(value, str | int) and not isinstance(value, bool) and str(value).strip():
            return str(value).strip()
    return f"case-{index + 1}"


def read_cases(data_path: Path, flatten: Flatten | None, problems: list[Problem]) -> list[Case]:
    """Every case of ``data_path``, flattened as the manifest says; problems are appended (a record
    that is not an object, a flatten field that is not a list, duplicate ids), never skipped quietly.

    Raises:
        DatasetError: the file cannot be read or is not JSON / JSON Lines.
    """
    cases: list[Case] = []
    first_line: dict[str, int] = {}
    for index, (line, record) in enumerate(read_cases_raw(data_path)):
        path: JsonPath = (index,)
        if not isinstance(record, dict):
            problems.append(
                Problem(
                    path=data_path,
                    line=line,
                    message=f"record {index + 1} ({format_path(path)}) must be a JSON object, "
                    f"found {describe(record)}",
                )
            )
            continue
        item_id = _item_id(record, index)
        if flatten is None:
            cases.append(
                Case(
                    id=item_id,
                    item_id=item_id,
                    item_index=index,
                    line=line,
                    path=path,
                    fields=record,
                )
            )
        else:
            cases.extend(_flattened(data_path, record, item_id, index, line, flatten, problems))
    for case in cases:
        if case.id in first_line:
            problems.append(
                Problem(
                    path=data_path,
                    line=case.line,
                    message=f"{case.where()}: duplicate case id (first at line {first_line[case.id]})",
                )
            )
        else:
            first_line[case.id] = case.line
    if not cases and not problems:
        problems.append(Problem(path=data_path, message="the data file holds no cases"))
    return cases


def _flattened(
    data_path: Path,
    record: Mapping[str, Any],
    item_id: str,
    index: int,
    line: int,
    flatten: Flatten,
    problems: list[Problem],
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
    base = {k: v for k, v in record.items() if k != flatten.field}
    out = []
    for n, element in enumerate(elements[: flatten.max_items] if flatten.max_items else elements):
        fields = dict(base)
        if isinstance(element, dict):
            keys = flatten.promote_fields if flatten.promote_fields is not None else tuple(element)
            fields.update({k: element[k] for k in keys if k in element})
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
            )
        )
    return out
