"""A JSON file's top-level list, read one record at a time.

LongMemEval's ``longmemeval_m_cleaned.json`` is 2.7 GB on one line: ``json.load`` would hold the text
and then every record as Python objects at once. :func:`iter_records` decodes the list's records in
turn with the standard library's ``json.JSONDecoder.raw_decode`` over a window of the file that holds
the record being read and little more: it grows (doubling) only while a record is incomplete, and
what was decoded is let go before the next one. :func:`leading_keys` looks at the start of such a
file only (what kind of records it holds), never decoding it.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from ..._jsonread import raw_decode
from ...errors import DatasetError

__all__ = ["CHUNK_BYTES", "PEEK_BYTES", "iter_records", "leading_keys"]

CHUNK_BYTES = 1 << 20
"""Bytes read at a time; a record longer than the window doubles it until the record fits."""

_WHITESPACE = " \t\n\r"
# A decoding error, or a record's end, this close to the end of the window may be the record being
# cut there: the window grows and the record is decoded again.
_NEAR_END = 16


class _Window:
    """The part of the file not yet decoded: ``text[pos:]``, after ``chars_before`` characters and
    ``lines_before`` line breaks already let go."""

    def __init__(self, f: IO[bytes], path: Path, chunk: int):
        self.f = f
        self.path = path
        self.chunk = chunk
        self.decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self.text = ""
        self.pos = 0
        self.eof = False
        self.chars_before = 0
        self.lines_before = 0

    def read(self, at_least: int) -> None:
        """Drop what was decoded, then read ``at_least`` more bytes (or up to the end)."""
        if self.pos:
            self.lines_before += self.text.count("\n", 0, self.pos)
            self.chars_before += self.pos
            self.text = self.text[self.pos :]
            self.pos = 0
        try:
            data = self.f.read(max(at_least, self.chunk))
            self.text += self.decoder.decode(data, final=not data)
        except OSError as exc:
            raise DatasetError(
                f"cannot read the file: {exc.strerror or exc}", path=self.path
            ) from None
        except UnicodeDecodeError as exc:
            raise DatasetError(f"not UTF-8 text: {exc.reason}", path=self.path) from None
        self.eof = not data

    def ensure(self, chars: int) -> None:
        """Read until the window holds ``chars`` characters past ``pos`` (or the file ends)."""
        while len(self.text) - self.pos < chars and not self.eof:
            self.read(chars - (len(self.text) - self.pos))

    def grow(self) -> None:
        """Read as much again as the window now holds: a long record costs a few doublings."""
        self.read(len(self.text) - self.pos)

    def skip_space(self) -> str:
        """The next character that is not whitespace ("" at the end of the file)."""
        while True:
            text, pos = self.text, self.pos
            while pos < len(text) and text[pos] in _WHITESPACE:
                pos += 1
            self.pos = pos
            if pos < len(text):
                return text[pos]
            if self.eof:
                return ""
            self.read(self.chunk)

    def where(self, pos: int) -> tuple[int, int]:
        """The 1-based line and the 0-based character offset in the file of window position ``pos``."""
        return self.lines_before + self.text.count("\n", 0, pos) + 1, self.chars_before + pos


def iter_records(path: Path, what: str, *, chunk: int = CHUNK_BYTES) -> Iterator[Any]:
    """Each record of the JSON list in ``path``, in order, decoded as it is reached.

    Args:
        path: a UTF-8 JSON file whose top level is a list.
        what: the format's name, for messages (``"LongMemEval"``).
        chunk: bytes read at a time.

    Raises:
        DatasetError: the file cannot be read, is not UTF-8, is not a JSON list, or is not JSON
            (naming the record, the line and the character offset).
    """
    try:
        f = path.open("rb")
    except OSError as exc:
        raise DatasetError(f"cannot read the file: {exc.strerror or exc}", path=path) from None
    with f:
        yield from _records(_Window(f, path, chunk), what)


def _records(w: _Window, what: str) -> Iterator[Any]:

    def fail(index: int | None, message: str, pos: int) -> DatasetError:
        line, char = w.where(pos)
        record = f"{what} record {index}: " if index is not None else ""
        return DatasetError(
            f"not JSON: {record}{message} at character {char:,}", path=w.path, line=line
        )

    first = w.skip_space()
    if first == "":
        raise DatasetError("not JSON: the file is empty", path=w.path)
    if first != "[":
        raise DatasetError(
            f"a {what} file is a JSON list of records", path=w.path, line=w.where(w.pos)[0]
        )
    w.pos += 1
    if w.skip_space() == "]":
        w.pos += 1
        _expect_end(w, fail)
        return
    index = 0
    expect = 0  # the last record's length and a quarter: records of a file are alike in size
    while True:
        if w.skip_space() == "":
            raise fail(index, "the file ends inside the list", w.pos)
        w.ensure(expect)
        start = w.chars_before + w.pos
        while True:
            try:
                value, end = raw_decode(w.text, w.pos)
            except json.JSONDecodeError as exc:
                cut = exc.pos >= len(w.text) - _NEAR_END or exc.msg.startswith("Unterminated")
                if cut and not w.eof:
                    w.grow()
                    continue
                raise fail(index, exc.msg, exc.pos) from None
            if end > len(w.text) - _NEAR_END and not w.eof:
                w.grow()  # a number this near the window's end may go on ("1" of "1.5e3")
                continue
            break
        w.pos = end
        expect = (w.chars_before + end - start) * 5 // 4
        yield value
        del value
        index += 1
        after = w.skip_space()
        if after == "]":
            w.pos += 1
            _expect_end(w, fail)
            return
        if after != ",":
            message = "the file ends inside the list" if after == "" else "expected ',' or ']'"
            raise fail(index - 1, f"{message} after it", w.pos)
        w.pos += 1
        if w.skip_space() == "]":
            raise fail(index, "a ',' before the list's ']' (trailing comma)", w.pos)


def _expect_end(w: _Window, fail: Callable[[int | None, str, int], DatasetError]) -> None:
    if w.skip_space() != "":
        raise fail(None, "extra data after the list", w.pos)


PEEK_BYTES = 16 * 1024
"""How much of a file :func:`leading_keys` reads."""

_KEY = re.compile(r'"((?:[^"\\]|\\.)*)"\s*:')


def leading_keys(path: Path, limit: int = PEEK_BYTES) -> frozenset[str] | None:
    """The object keys written in the first ``limit`` bytes of ``path`` (nested ones too, each
    ``"name":`` seen), when the file begins as a JSON list of objects (``[`` then ``{``, after
    white space and a UTF-8 byte order mark); None for any other file, or one that cannot be read.

    Cheap (one read of ``limit`` bytes, no decoding of the records): a benchmark family asks it
    whether a file given as ``--data FILE`` holds its records.
    """
    try:
        with path.open("rb") as f:
            head = f.read(limit)
    except OSError:
        return None
    text = head.decode("utf-8-sig", errors="ignore").lstrip(_WHITESPACE)
    if not text.startswith("[") or not text[1:].lstrip(_WHITESPACE).startswith("{"):
        return None
    return frozenset(_KEY.findall(text))
