"""The question log's retrieved memories, kept apart and compressed (issue 35).

Each answer a memory system gave with the memories it retrieved — ten entries of path, score, day and
turn, answer after answer — was half of a run's ``questions.jsonl``. They live in a file of their own
beside the log, ``questions.retrieval.jsonl`` for ``questions.jsonl``: one line per answer,
``{"personaId", "checkpoint", "qaId", "epoch"?, "retrieval": [...]}``. The answer's line in the log
says which line holds its entries (``"retrievalLine": n``, 1-based) where the reference's log had them
inline (``retrieval``, reference §3.4, an optional key). While the run goes the file is plain JSON
Lines, appended and flushed answer by answer like the log; when the run's logs close it is gzipped
(``questions.retrieval.jsonl.gz``, an eighth of the size) and a resumed run expands it again.

:func:`question_log_records` reads a question log with each answer's ``retrieval`` put back in place,
whichever file holds the entries (plain, gzipped, or inline in a log written before), so every reader —
resume, the HTML report, :func:`~recallbench.results.reading.read_run` — sees one shape.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import DatasetError
from .jsonl import jsonl_records

__all__ = [
    "LINE_KEY",
    "gunzip_file",
    "gzip_file",
    "question_log_records",
    "read_retrieval_log",
    "retrieval_log_paths",
]

LINE_KEY = "retrievalLine"
"""The key of an answer's line in the log that names its line in the retrieval log."""


def retrieval_log_paths(questions: Path) -> tuple[Path, Path]:
    """(plain, gzipped) paths of the retrieval log beside the question log ``questions``:
    ``questions.jsonl`` → ``questions.retrieval.jsonl`` and ``questions.retrieval.jsonl.gz``."""
    stem = questions.name.removesuffix(".jsonl")
    plain = questions.with_name(f"{stem}.retrieval.jsonl")
    return plain, plain.with_name(plain.name + ".gz")


def read_retrieval_log(questions: Path) -> list[dict[str, Any]] | None:
    """The records of the retrieval log beside ``questions``, in line order (record n−1 is line n);
    None when there is none. The plain file wins over the gzipped one (it is the live one: a run
    that stopped before its logs closed, or one resumed from it).

    Raises:
        DatasetError: the file cannot be read, is not gzip where it should be, or a line other than
            a torn last one is not a JSON object.
    """
    plain, packed = retrieval_log_paths(questions)
    if plain.is_file():
        return [record for _, record in jsonl_records(plain)]
    if packed.is_file():
        return [record for _, record in jsonl_records(packed, opener=_TolerantGzip)]
    return None


class _TolerantGzip:
    """The lines of a gzip file (a context manager giving one iterator); a stream cut short (a kill
    while it was written) ends at what was whole, and the torn last line it leaves is skipped by the
    reader like any torn line. Data that is not gzip raises :class:`OSError` as it is read."""

    def __init__(self, path: Path) -> None:
        self._file = path.open("rb")

    def __enter__(self) -> Iterator[bytes]:
        return self._lines()

    def __exit__(self, *exc: object) -> None:
        self._file.close()

    def _lines(self) -> Iterator[bytes]:
        import zlib

        inflate = zlib.decompressobj(wbits=31)
        pending = b""
        try:
            while chunk := self._file.read(1 << 16):
                data = inflate.decompress(chunk)
                while inflate.eof and inflate.unused_data:  # a second gzip member
                    rest = inflate.unused_data
                    inflate = zlib.decompressobj(wbits=31)
                    data += inflate.decompress(rest)
                pending += data
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    yield line + b"\n"
        except zlib.error as exc:
            raise OSError(f"not gzip data: {exc}") from None
        if pending:
            yield pending


def question_log_records(questions: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, record) of a question log, each answer's retrieval entries in its ``retrieval``
    key wherever they were kept (inline, or in the retrieval log beside it: then in the place of
    its ``retrievalLine``, so the record reads as the reference's).

    Raises:
        DatasetError: as :func:`~recallbench.results.question_log.jsonl_records`; or an answer names a
            line of the retrieval log that is missing, or that holds another answer's entries.
    """
    entries: list[dict[str, Any]] | None = None
    read = False
    for number, record in jsonl_records(questions):
        line = record.get(LINE_KEY)
        if line is not None and "retrieval" not in record:
            if not read:
                entries, read = read_retrieval_log(questions), True
            found = _entries_of(questions, number, record, line, entries)
            # In the key's place, as the reference's log holds it.
            record = {
                ("retrieval" if k == LINE_KEY else k): (found if k == LINE_KEY else v)
                for k, v in record.items()
            }
        yield number, record


def _entries_of(
    questions: Path,
    number: int,
    record: dict[str, Any],
    line: Any,
    entries: list[dict[str, Any]] | None,
) -> Any:
    plain, packed = retrieval_log_paths(questions)
    where = f"{questions}:{number}"
    if entries is None:
        raise DatasetError(
            f"{where}: the answer's retrieved memories are in {plain.name} (or {packed.name}) "
            f"beside it, which is missing: copy it with the log"
        )
    if type(line) is not int or not 1 <= line <= len(entries):
        raise DatasetError(
            f"{where}: {LINE_KEY} {line!r} names no line of the retrieval log "
            f"({len(entries)} lines beside it)"
        )
    kept = entries[line - 1]
    qa = record.get("qa")
    qa_id = qa.get("id") if isinstance(qa, dict) else None
    if (kept.get("qaId"), kept.get("personaId"), kept.get("checkpoint")) != (
        qa_id,
        record.get("personaId"),
        record.get("checkpoint"),
    ):
        raise DatasetError(
            f"{where}: line {line} of the retrieval log beside it holds another answer's memories "
            f"({kept.get('personaId')!r} {kept.get('checkpoint')!r} {kept.get('qaId')!r}): "
            "the two files are not from the same run"
        )
    return kept.get("retrieval")


def gzip_file(plain: Path, packed: Path) -> None:
    """Write ``plain`` gzipped to ``packed`` (through a temporary file renamed into place), then
    remove ``plain``.

    Raises:
        OSError: a file could not be read or written.
    """
    import gzip

    tmp = packed.with_name(packed.name + ".tmp")
    with plain.open("rb") as src, gzip.open(tmp, "wb", compresslevel=6) as dst:
        while chunk := src.read(1 << 20):
            dst.write(chunk)
    tmp.replace(packed)
    plain.unlink()


def gunzip_file(packed: Path, plain: Path) -> None:
    """Expand ``packed`` to ``plain`` (a cut-short stream up to what is whole), then remove
    ``packed``.

    Raises:
        OSError: a file could not be read or written, or ``packed`` is not gzip.
    """
    tmp = plain.with_name(plain.name + ".tmp")
    with _TolerantGzip(packed) as src, tmp.open("wb") as dst:
        for line in src:
            dst.write(line)
    tmp.replace(plain)
    packed.unlink()
