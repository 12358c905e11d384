"""A run's logs read a line at a time, within bounds: what the readers of ``questions.jsonl``,
``progress.jsonl`` and the retrieval log beside them (:mod:`.jsonl`, :mod:`.retrieval_log`) open
their files with.

* **A line is at most** :data:`MAX_LINE_BYTES` (8 MiB). No record a run writes comes near it (an
  answer and its scores, ten retrieval entries, a checkpoint's summary: kilobytes); a longer line is
  damage or a hostile file, refused with its file and line before it is held whole — a file's
  lines were read whole by the standard library however long (a 3.2 GB line was 3.2 GB held, and
  its parse many times that).
* **A gzipped log expands at most** :data:`MAX_EXPANSION` (100) times its size, and never past
  :data:`MIN_EXPANDED` (64 MiB) for a small one: a retrieval log gzips to about an eighth of its
  size, so a file expanding a hundredfold was not written by a run (a gzip bomb: 3 MB that expands
  to 3.2 GB). It is inflated a mebibyte at a time, so no more is ever held at once.

A violation is a :class:`~recallbench.errors.DatasetError` naming the file (and line), raised as
the reading reaches it: the command line prints one line and exits 2. A gzip stream cut short (a
kill while it was written) still ends at what was whole, as before; data that is not gzip is an
:class:`OSError` as it is read (the JSON Lines reader words it as ``cannot read``).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from ..errors import DatasetError

__all__ = [
    "MAX_EXPANSION",
    "MAX_LINE_BYTES",
    "MIN_EXPANDED",
    "GzipLines",
    "PlainLines",
    "expansion_limit",
]

MAX_LINE_BYTES = 8 << 20
"""The longest line of a log read back, newline excluded (8 MiB)."""

MAX_EXPANSION = 100
"""How many times its own size a gzipped log may expand to."""

MIN_EXPANDED = 64 << 20
"""What any gzipped log may expand to, whatever its size (64 MiB)."""

_INFLATE_STEP = 1 << 20  # bytes inflated at a time
_READ_STEP = 1 << 16  # compressed bytes read at a time


def expansion_limit(compressed_size: int) -> int:
    """The most a gzipped file of ``compressed_size`` bytes may expand to."""
    return max(MIN_EXPANDED, MAX_EXPANSION * compressed_size)


def _mib(size: int) -> str:
    return f"{size / (1 << 20):g} MiB"


def too_long(path: Path, number: int) -> DatasetError:
    return DatasetError(
        f"line {number} is longer than {_mib(MAX_LINE_BYTES)}, more than any record a run writes: "
        "the file is damaged or not a log",
        path=path,
        line=number,
    )


def _split(path: Path, chunks: Iterator[bytes]) -> Iterator[bytes]:
    """The lines (each with its newline, the last maybe without) of the bytes ``chunks`` give, none
    longer than :data:`MAX_LINE_BYTES`: a longer one raises before more of it is held."""
    pending = b""
    number = 0
    for data in chunks:
        pending += data
        if b"\n" not in data:  # a line still going: nothing to split yet
            if len(pending) > MAX_LINE_BYTES:
                raise too_long(path, number + 1)
            continue
        *lines, pending = pending.split(b"\n")
        for line in lines:
            number += 1
            if len(line) > MAX_LINE_BYTES:
                raise too_long(path, number)
            yield line + b"\n"
        if len(pending) > MAX_LINE_BYTES:
            raise too_long(path, number + 1)
    if pending:
        yield pending


class PlainLines:
    """The lines of a file (a context manager giving one iterator of bytes, each with its
    newline); a line longer than :data:`MAX_LINE_BYTES` raises as it is
    reached, never held whole.

    Raises:
        OSError: the file cannot be opened (at construction) or read.
        DatasetError: a line is too long.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[bytes] = path.open("rb")

    def __enter__(self) -> Iterator[bytes]:
        return self._lines()

    def __exit__(self, *exc: object) -> None:
        self._file.close()

    def _lines(self) -> Iterator[bytes]:
        read = self._file.readline  # as fast as iterating the file, and bounded
        number = 0
        while line := read(MAX_LINE_BYTES + 1):
            number += 1
            if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
                raise too_long(self.path, number)
            yield line


class GzipLines:
    """The lines of a gzip file (a context manager giving one iterator of bytes), inflated a
    mebibyte at a time. A stream cut short (a kill while it was written) ends at what was whole,
    and the torn last line it leaves is skipped by the reader like any torn line; several gzip
    members read as one stream.

    Raises:
        OSError: the file cannot be opened or read, or is not gzip data (as it is read).
        DatasetError: a line is longer than :data:`MAX_LINE_BYTES`, or the file expands past
            :func:`expansion_limit` of its size.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[bytes] = path.open("rb")

    def __enter__(self) -> Iterator[bytes]:
        return _split(self.path, self._inflated())

    def __exit__(self, *exc: object) -> None:
        self._file.close()

    def _inflated(self) -> Iterator[bytes]:
        import os

        limit = expansion_limit(os.fstat(self._file.fileno()).st_size)
        inflate = zlib.decompressobj(wbits=31)
        pending = b""  # compressed bytes not yet inflated
        total = 0
        try:
            while True:
                if not pending:
                    pending = self._file.read(_READ_STEP)
                    if not pending:
                        return
                data = inflate.decompress(pending, _INFLATE_STEP)
                if inflate.eof:  # a member ended: what follows is the next one
                    pending = inflate.unused_data
                    inflate = zlib.decompressobj(wbits=31)
                else:
                    pending = inflate.unconsumed_tail
                total += len(data)
                if total > limit:
                    raise DatasetError(
                        f"expands past {_mib(limit)}, more than {MAX_EXPANSION} times its size: "
                        "not a log a run wrote (a gzip bomb?)",
                        path=self.path,
                    )
                if data:
                    yield data
        except zlib.error as exc:
            raise OSError(f"not gzip data: {exc}") from None
