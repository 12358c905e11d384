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

from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

from ..errors import DatasetError
from .jsonl import jsonl_records
from .log_lines import GzipLines

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
    that stopped before its logs closed, or one resumed from it). Every record is held at once:
    the readers of a question log stream it instead (:func:`question_log_records`).

    Raises:
        DatasetError: the file cannot be read, is not gzip where it should be, expands past its
            bound, or a line other than a torn last one is not a JSON object or is too long
            (:mod:`.log_lines`).
    """
    found = _retrieval_file(questions)
    if found is None:
        return None
    return [record for _, record in _records_of(found)]


def _retrieval_file(questions: Path) -> Path | None:
    """The retrieval log beside ``questions`` that is read: the plain one, else the gzipped one."""
    plain, packed = retrieval_log_paths(questions)
    if plain.is_file():
        return plain
    if packed.is_file():
        return packed
    return None


def _records_of(path: Path) -> Generator[tuple[int, dict[str, Any]]]:
    yield from jsonl_records(path, opener=GzipLines if path.name.endswith(".gz") else None)


def question_log_records(questions: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, record) of a question log, each answer's retrieval entries in its ``retrieval``
    key wherever they were kept (inline, or in the retrieval log beside it: then in the place of
    its ``retrievalLine``, so the record reads as the reference's).

    Both files are streamed side by side: the retrieval log is read forward as the answers name
    its lines (a run numbers them in the order it logs its answers), each line read once and only
    the lines named kept (by their records).

    Raises:
        DatasetError: as :func:`~recallbench.results.question_log.jsonl_records`; or an answer's
            ``retrievalLine`` is not a line number (``null`` among them: its entries would be
            lost), names a line that is missing, that an earlier answer's line already passed, or
            that holds another answer's entries.
    """
    entries = _Entries(questions)
    try:
        for number, record in jsonl_records(questions):
            if LINE_KEY in record:
                found = entries.of(number, record, record[LINE_KEY])
                # In the key's place, as the reference's log holds it.
                record = {
                    ("retrieval" if k == LINE_KEY else k): (found if k == LINE_KEY else v)
                    for k, v in record.items()
                }
            yield number, record
    finally:
        entries.close()


class _Entries:
    """The retrieval log beside a question log, read forward as its answers name its lines."""

    def __init__(self, questions: Path) -> None:
        self.questions = questions
        self._opened = False
        self._records: Generator[tuple[int, dict[str, Any]]] | None = None
        self._at = 0  # the last line read (0: none)
        self._ended = False

    def close(self) -> None:
        records, self._records = self._records, None
        if records is not None:
            records.close()  # the generator closes its file

    def of(self, number: int, record: dict[str, Any], line: Any) -> Any:
        """The entries of the answer on line ``number`` of the question log, which names ``line``."""
        where = f"{self.questions}:{number}"
        if "retrieval" in record:
            raise DatasetError(
                f"{where}: the answer holds its retrieval entries and a {LINE_KEY} too: the log "
                "is damaged"
            )
        if type(line) is not int or line < 1:
            raise DatasetError(
                f"{where}: {LINE_KEY} is {_shown(line)}, not a line number of the retrieval log "
                "beside it: the log is damaged (the answer's retrieved memories would be lost)"
            )
        if not self._opened:
            self._opened = True
            found = _retrieval_file(self.questions)
            self._records = _records_of(found) if found is not None else None
        if self._records is None:
            plain, packed = retrieval_log_paths(self.questions)
            raise DatasetError(
                f"{where}: the answer's retrieved memories are in {plain.name} (or {packed.name}) "
                f"beside it, which is missing: copy it with the log"
            )
        if line <= self._at:
            raise DatasetError(
                f"{where}: {LINE_KEY} {line} names a line of the retrieval log before line "
                f"{self._at}, which an earlier answer named: a run numbers its answers' lines in "
                "order; the log is damaged"
            )
        kept = self._line(line)
        if kept is None:
            raise DatasetError(
                f"{where}: {LINE_KEY} {line} names no line of the retrieval log "
                f"({self._at} lines beside it)"
            )
        qa = record.get("qa")
        qa_id = qa.get("id") if isinstance(qa, dict) else None
        if (kept.get("qaId"), kept.get("personaId"), kept.get("checkpoint")) != (
            qa_id,
            record.get("personaId"),
            record.get("checkpoint"),
        ):
            raise DatasetError(
                f"{where}: line {line} of the retrieval log beside it holds another answer's "
                f"memories ({kept.get('personaId')!r} {kept.get('checkpoint')!r} "
                f"{kept.get('qaId')!r}): the two files are not from the same run"
            )
        return kept.get("retrieval")

    def _line(self, line: int) -> dict[str, Any] | None:
        """The record on ``line``, every line before it read and dropped; None when the file ends
        first (or a blank line is there)."""
        assert self._records is not None
        if self._ended:
            return None
        for number, kept in self._records:
            self._at = number
            if number >= line:
                return kept if number == line else None
        self._ended = True
        return None


def _shown(value: Any) -> str:
    text = "null" if value is None else repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


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
        DatasetError: ``packed`` expands past its bound, or holds a line too long for a log
            (:mod:`.log_lines`): nothing is written.
    """
    tmp = plain.with_name(plain.name + ".tmp")
    try:
        with GzipLines(packed) as src, tmp.open("wb") as dst:
            for line in src:
                dst.write(line)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    tmp.replace(plain)
    packed.unlink()
