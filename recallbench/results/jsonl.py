"""JSON Lines read back a line at a time: a run's logs (reference §3.3–3.4).

:func:`jsonl_records` streams a log's records: one line in memory at a time, parsed by orjson, a torn
last line (a killed writer) skipped, and the standard library's wording for a line orjson refuses.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager as ContextManager
from pathlib import Path
from typing import Any

import orjson

from .._jsonread import JSONTooDeep, json_loads, orjson_loads
from ..errors import DatasetError
from .log_lines import PlainLines

__all__ = ["jsonl_records"]


def jsonl_records(
    path: Path, *, opener: Callable[[Path], ContextManager[Iterator[bytes]]] | None = None
) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, record) of a JSONL file, read a line at a time; a torn last line (a killed
    writer) is skipped. ``opener`` opens the file as its lines (bytes, each with its newline); by
    default :class:`~recallbench.results.log_lines.PlainLines` (a gzipped log passes its own).

    Raises:
        DatasetError: the file cannot be read (or is not UTF-8), a line other than the last is not
            JSON, a line is JSON but not an object, or a line is longer than 8 MiB.
    """
    try:
        stream = opener(path) if opener is not None else PlainLines(path)
    except OSError as exc:
        raise DatasetError(f"{path}: cannot read: {exc}") from None
    with stream as lines:
        yield from _records(path, lines)


def _records(path: Path, stream: Iterator[bytes]) -> Iterator[tuple[int, dict[str, Any]]]:
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


def _lines(path: Path, stream: Iterator[bytes]) -> Iterator[bytes]:
    try:
        yield from stream
    except OSError as exc:
        raise DatasetError(f"{path}: cannot read: {exc}") from None


def _slow(path: Path, stream: Iterator[bytes], number: int, raw: bytes, start: int) -> Any:
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


def _decode_rest(path: Path, stream: Iterator[bytes], offset: int) -> None:
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
