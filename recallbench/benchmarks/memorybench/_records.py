"""A benchmark's data file read one record at a time, each with its line and its place in the file.

A MemoryBench data file may be a LongMemEval ``_m``-sized array (2.7 GB on one line) or JSON Lines
of the same. :func:`iter_records` walks it with a window of the file that holds the record being read
and little more (as :mod:`..._jsonstream` does for the importers), and gives each record with the line
it starts on and its :class:`Span`, the bytes it was read from: :func:`read_record` reads that record
again when a unit of work needs its text (:mod:`.units`), without the rest of the file.

What it accepts and how it words a problem are those of reading the whole file at once
(:func:`._json.read_cases_raw`, kept as the reference the tests hold this reader to): a JSON array
(its elements), or JSON Lines (``.jsonl``/``.ndjson``, or a file not starting with ``[``: one value a
line, as :meth:`str.splitlines` cuts lines, blank ones skipped); ``not valid JSON: …`` and
``not valid JSON Lines: …`` at the line of the fault, ``not UTF-8 text`` at the line of the bad byte.
One difference, a streamed file being read once: a file with a JSON fault *before* a byte that is not
UTF-8 is refused for the fault (a whole-file read names the byte first).
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import attrs

from ..._jsonread import json_loads, raw_decode
from ...errors import DatasetError

__all__ = ["CHUNK_BYTES", "Span", "iter_records", "read_record"]

CHUNK_BYTES = 1 << 20
"""Bytes read at a time; a record longer than the window doubles it until the record fits."""

_BOM = codecs.BOM_UTF8
_WS = " \t\n\r"
_NOT_WS = re.compile(r"[^ \t\n\r]")
# A decoding error, or a record's end, this close to the window's end may be the record being cut
# there: the window grows and the record is decoded again.
_NEAR_END = 16
# What str.splitlines() breaks a line at besides "\n" (a JSON Lines file is cut as it would cut it).
_ASCII_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e"
_ALL_BREAKS = _ASCII_BREAKS + "\x85\u2028\u2029"
_JSONL_SUFFIXES = frozenset({".jsonl", ".ndjson"})
_JSONL_HINT = "(a JSONL file holds one JSON value a line; a JSON file holds one array of cases)"


@attrs.frozen
class Span:
    """Where a record is in its file: bytes ``start`` to ``end``; for a JSON Lines line that
    :meth:`str.splitlines` cuts in several (a ``\\r`` or ``\\u2028`` in it), the ``part``-th piece."""

    start: int
    end: int
    part: int = -1


def _open(path: Path) -> IO[bytes]:
    try:
        return path.open("rb")
    except FileNotFoundError:
        raise DatasetError("file not found", path=path) from None
    except OSError as exc:
        raise DatasetError(f"cannot read: {exc.strerror or exc}", path=path) from None


def _read_error(path: Path, exc: OSError) -> DatasetError:
    return DatasetError(f"cannot read: {exc.strerror or exc}", path=path)


def _not_utf8(path: Path, after_bom: int) -> DatasetError:
    """The error of a byte that is not UTF-8, ``after_bom`` bytes after the byte-order mark (if
    any), at the line a whole-file read names: one more than the newlines in the file's first
    ``after_bom`` bytes."""
    lines = 1
    left = after_bom
    with _open(path) as f:
        while left > 0:
            data = f.read(min(left, CHUNK_BYTES))
            if not data:
                break
            lines += data.count(b"\n")
            left -= len(data)
    return DatasetError("not UTF-8 text", path=path, line=lines)


class _Decoder:
    """The file's bytes decoded as UTF-8 a chunk at a time, the byte-order mark dropped, a bad
    byte raised as a whole-file read raises it."""

    def __init__(self, f: IO[bytes], path: Path):
        self.f = f
        self.path = path
        self.inner = codecs.getincrementaldecoder("utf-8")()
        self.fed = 0  # bytes given to the decoder (after the byte-order mark)
        self.bom = 0
        self.started = False
        self.eof = False

    def read(self, size: int) -> str:
        try:
            data = self.f.read(size if self.started else max(size, len(_BOM)))
        except OSError as exc:
            raise _read_error(self.path, exc) from None
        ended = not data
        if not self.started:
            self.started = True
            if data.startswith(_BOM):
                self.bom = len(_BOM)
                data = data[self.bom :]
        pending = len(self.inner.getstate()[0])
        try:
            text = self.inner.decode(data, final=ended)
        except UnicodeDecodeError as exc:
            raise _not_utf8(self.path, self.fed - pending + exc.start) from None
        self.fed += len(data)
        self.eof = ended
        return text


class _Window:
    """The part of the array not yet walked: ``text[pos:]``, which starts at byte ``byte`` and on
    line ``line`` of the file."""

    def __init__(self, decoder: _Decoder, first: str, chunk: int):
        self.decoder = decoder
        self.chunk = chunk
        self.text = first
        self.pos = 0
        self.byte = decoder.bom
        self.line = 1
        self.lines_dropped = 0  # line breaks in the text let go before text[0]

    @property
    def eof(self) -> bool:
        return self.decoder.eof

    def more(self, at_least: int = 0) -> None:
        """Let go of what was walked, then read ``at_least`` more bytes (or up to the end)."""
        if self.pos:
            self.lines_dropped += self.text.count("\n", 0, self.pos)
            self.text = self.text[self.pos :]
            self.pos = 0
        self.text += self.decoder.read(max(at_least, self.chunk))

    def advance(self, to: int, nbytes: int) -> None:
        self.line += self.text.count("\n", self.pos, to)
        self.byte += nbytes
        self.pos = to

    def skip_ws(self) -> str:
        """The next character that is not JSON whitespace ("" at the end of the file)."""
        while True:
            text, pos = self.text, self.pos
            while pos < len(text) and text[pos] in _WS:
                pos += 1
            self.advance(pos, pos - self.pos)  # JSON whitespace is one byte a character
            if pos < len(text):
                return text[pos]
            if self.eof:
                return ""
            self.more()

    def fault(self, exc: json.JSONDecodeError) -> DatasetError:
        line = self.lines_dropped + self.text.count("\n", 0, exc.pos) + 1
        return DatasetError(f"not valid JSON: {exc.msg}", path=self.decoder.path, line=line)

    def fail(self, message: str) -> DatasetError:
        return self.fault(json.JSONDecodeError(message, self.text, self.pos))

    def decode(self, expect: int) -> tuple[Any, int]:
        """The value at ``pos`` and its end, the window grown until it holds the whole value
        (at once to ``expect`` characters: a file's records are alike in size)."""
        if len(self.text) - self.pos < expect and not self.eof:
            self.more(expect - (len(self.text) - self.pos))
        while True:
            try:
                value, end = raw_decode(self.text, self.pos)
            except json.JSONDecodeError as exc:
                cut = exc.pos >= len(self.text) - _NEAR_END or exc.msg.startswith("Unterminated")
                if cut and not self.eof:
                    self.more(len(self.text) - self.pos)
                    continue
                raise self.fault(exc) from None
            if end > len(self.text) - _NEAR_END and not self.eof:
                self.more(len(self.text) - self.pos)  # a number here may go on ("1" of "1.5e3")
                continue
            return value, end


def _utf8_size(text: str, start: int, end: int) -> int:
    """The bytes of ``text[start:end]`` in UTF-8 (without a copy when the text is ASCII, which
    Python knows of a string without looking at it)."""
    if text.isascii():
        return end - start
    return len(text[start:end].encode("utf-8", "surrogatepass"))


def iter_records(path: Path, *, chunk: int = CHUNK_BYTES) -> Iterator[tuple[int, Span, Any]]:
    """Each record of the data file at ``path`` with the line it starts on and its span, in order,
    read as it is reached, ``chunk`` bytes at a time.

    Raises:
        DatasetError: the file is missing, unreadable, not UTF-8, or not JSON (with its line).
    """
    with _open(path) as f:
        decoder = _Decoder(f, path)
        head = decoder.read(chunk)
        first = _NOT_WS.search(head)
        while first is None and not decoder.eof:
            head += decoder.read(chunk)
            first = _NOT_WS.search(head)
        if path.suffix.lower() in _JSONL_SUFFIXES or first is None or first.group() != "[":
            yield from _lines(decoder, head, chunk)
        else:
            yield from _array(_Window(decoder, head, chunk))


def _array(w: _Window) -> Iterator[tuple[int, Span, Any]]:
    w.advance(w.pos + 1, 1)  # "["
    expect = 0  # the last record's length and a quarter
    if w.skip_ws() == "]":
        w.advance(w.pos + 1, 1)
    else:
        while True:
            w.skip_ws()
            line, start = w.line, w.byte
            value, end = w.decode(expect)
            expect = (end - w.pos) * 5 // 4
            size = _utf8_size(w.text, w.pos, end)
            w.advance(end, size)
            yield line, Span(start, start + size), value
            del value
            after = w.skip_ws()
            if after == ",":
                w.advance(w.pos + 1, 1)
            elif after == "]":
                w.advance(w.pos + 1, 1)
                break
            else:
                raise w.fail("Expecting ',' delimiter")
    if w.skip_ws() != "":
        raise w.fail("Extra data")


def _lines(decoder: _Decoder, head: str, chunk: int) -> Iterator[tuple[int, Span, Any]]:
    """JSON Lines: the physical lines (cut at ``\\n``), each cut again as :meth:`str.splitlines`
    would cut it, numbered as it numbers them."""
    n = 0
    byte = decoder.bom
    text, pos = head, 0
    while True:
        cut = text.find("\n", pos)
        while cut < 0 and not decoder.eof:
            looked = len(text) - pos
            text = text[pos:] + decoder.read(max(chunk, looked))
            pos = 0
            cut = text.find("\n", looked)
        if cut < 0:
            line, pos = text[pos:], len(text)
            if not line:
                return
            size = _utf8_size(line, 0, len(line))
        else:
            line, pos = text[pos:cut], cut + 1
            size = _utf8_size(line, 0, len(line)) + 1
        parts = _parts(line, ended=cut >= 0)
        for k, part in enumerate(parts):
            n += 1
            if part.strip():
                span = Span(byte, byte + size, k if len(parts) > 1 else -1)
                yield n, span, _loads(part, decoder.path, n)
        byte += size


def _parts(line: str, *, ended: bool) -> list[str]:
    """A physical line as :meth:`str.splitlines` cuts the whole text there."""
    # One `in` a character finds it at memchr speed; a character class searched for is ten times
    # slower over a 5 MB line (most of reading a JSON Lines file).
    breaks = _ASCII_BREAKS if line.isascii() else _ALL_BREAKS
    if not any(c in line for c in breaks):
        return [line]
    return (line + "\n").splitlines() if ended else line.splitlines()


def _loads(text: str, path: Path, line: int) -> Any:
    try:
        return json_loads(text)
    except json.JSONDecodeError as exc:
        raise DatasetError(
            f"not valid JSON Lines: {exc.msg} {_JSONL_HINT}", path=path, line=line
        ) from None


def read_record(path: Path, span: Span, line: int) -> Any:
    """The record at ``span`` read again (a record :func:`iter_records` gave).

    Raises:
        DatasetError: the file cannot be read there, or no longer holds a JSON value there (it
            changed since it was read: naming ``line``).
    """
    with _open(path) as f:
        try:
            f.seek(span.start)
            raw = f.read(span.end - span.start)
        except OSError as exc:
            raise _read_error(path, exc) from None
    try:
        text = raw.decode("utf-8")
        if span.part >= 0:
            text = text.splitlines()[span.part]
        # Its depth was bounded when first read (json_loads / raw_decode); a record that changed
        # since is caught by the caller's check of what it gives, or here if it recurses too deep.
        return json.loads(text)
    except (UnicodeDecodeError, ValueError, IndexError, RecursionError):
        raise DatasetError(
            "the data file changed since it was read: no record where there was one; read the "
            "benchmark again",
            path=path,
            line=line,
        ) from None
