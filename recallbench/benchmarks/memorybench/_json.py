"""JSON read with the line each value starts on: a manifest's problems and a data file's cases are
reported at their file:line, which the standard library's parser does not give.

Values are walked with :meth:`json.JSONDecoder.raw_decode` (the C scanner), descending into containers
only as deep as asked, so locating the cases of a large data file costs one C-speed pass.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..._jsonread import json_loads, raw_decode
from ...errors import DatasetError

__all__ = ["JsonPath", "Located", "format_path", "load_located", "read_cases_raw"]

JsonPath = tuple[str | int, ...]
_WS = " \t\n\r"


def format_path(path: JsonPath) -> str:
    """``("ingestion", "strategy")`` → ``$.ingestion.strategy``; ``(3, "question")`` → ``$[3].question``."""
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


class Located:
    """A parsed JSON document and the line of each value down to ``depth`` levels."""

    def __init__(self, value: Any, lines: dict[JsonPath, int]):
        self.value = value
        self._lines = lines

    def line(self, path: JsonPath) -> int | None:
        """The line of ``path``, else of its nearest located ancestor."""
        for n in range(len(path), -1, -1):
            found = self._lines.get(path[:n])
            if found is not None:
                return found
        return None


def _skip_ws(text: str, i: int) -> int:
    while i < len(text) and text[i] in _WS:
        i += 1
    return i


class _Walker:
    def __init__(self, text: str, depth: int):
        self.text = text
        self.depth = depth
        self.lines: dict[JsonPath, int] = {}
        self._line_at = 0
        self._line = 1

    def line_of(self, i: int) -> int:
        # Offsets only grow as the walk goes: count the newlines since the last one asked.
        self._line += self.text.count("\n", self._line_at, i)
        self._line_at = i
        return self._line

    def value(self, i: int, path: JsonPath) -> tuple[Any, int]:
        i = _skip_ws(self.text, i)
        self.lines[path] = self.line_of(i)
        if len(path) < self.depth and i < len(self.text) and self.text[i] in "[{":
            return (self._array if self.text[i] == "[" else self._object)(i, path)
        return raw_decode(self.text, i)

    def _array(self, i: int, path: JsonPath) -> tuple[Any, int]:
        out: list[Any] = []
        i = _skip_ws(self.text, i + 1)
        if self.text.startswith("]", i):
            return out, i + 1
        while True:
            item, i = self.value(i, (*path, len(out)))
            out.append(item)
            i = _skip_ws(self.text, i)
            if self.text.startswith(",", i):
                i += 1
            elif self.text.startswith("]", i):
                return out, i + 1
            else:
                raise json.JSONDecodeError("Expecting ',' delimiter", self.text, i)

    def _object(self, i: int, path: JsonPath) -> tuple[Any, int]:
        out: dict[str, Any] = {}
        i = _skip_ws(self.text, i + 1)
        if self.text.startswith("}", i):
            return out, i + 1
        while True:
            if not self.text.startswith('"', i):
                raise json.JSONDecodeError(
                    "Expecting property name enclosed in double quotes", self.text, i
                )
            key, i = raw_decode(self.text, i)
            i = _skip_ws(self.text, i)
            if not self.text.startswith(":", i):
                raise json.JSONDecodeError("Expecting ':' delimiter", self.text, i)
            out[key], i = self.value(i + 1, (*path, key))
            i = _skip_ws(self.text, i)
            if self.text.startswith(",", i):
                i = _skip_ws(self.text, i + 1)
            elif self.text.startswith("}", i):
                return out, i + 1
            else:
                raise json.JSONDecodeError("Expecting ',' delimiter", self.text, i)


def _read(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DatasetError("file not found", path=path) from None
    except OSError as exc:
        raise DatasetError(f"cannot read: {exc.strerror or exc}", path=path) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise DatasetError("not UTF-8 text", path=path, line=line) from None


def _parse(text: str, path: Path, depth: int, first_line: int = 1) -> Located:
    walker = _Walker(text, depth)
    try:
        value, end = walker.value(0, ())
        end = _skip_ws(text, end)
        if end < len(text):
            raise json.JSONDecodeError("Extra data", text, end)
    except json.JSONDecodeError as exc:
        raise DatasetError(
            f"not valid JSON: {exc.msg}", path=path, line=exc.lineno + first_line - 1
        ) from None
    except RecursionError:
        raise DatasetError("JSON nested too deeply", path=path) from None
    if first_line != 1:
        walker.lines = {k: v + first_line - 1 for k, v in walker.lines.items()}
    return Located(value, walker.lines)


def load_located(path: Path, depth: int = 8) -> Located:
    """A JSON file parsed, with the line of every value ``depth`` levels deep.

    Raises:
        DatasetError: missing, unreadable, not UTF-8 or not JSON (with its line).
    """
    return _parse(_read(path), path, depth)


def read_cases_raw(path: Path) -> Iterator[tuple[int, Any]]:
    """The records of a data file with the line each starts on: a JSON array (its elements) or
    JSON Lines (``.jsonl``/``.ndjson``, or a file not starting with ``[``: one value a line, blank
    lines skipped).

    The whole file is read at once: benchmarks are read by :func:`._records.iter_records`, a record
    at a time; this is the reference the tests hold it to (the same records, lines and errors).

    Raises:
        DatasetError: the file is missing, not UTF-8, not JSON (with its line), or a JSON document
            that is not an array.
    """
    text = _read(path)
    start = _skip_ws(text, 0)
    jsonl = path.suffix.lower() in {".jsonl", ".ndjson"} or not text.startswith("[", start)
    if not jsonl:
        located = _parse(text, path, depth=1)
        for i, item in enumerate(located.value):
            yield located.line((i,)) or 1, item
        return
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield n, json_loads(line)
        except json.JSONDecodeError as exc:
            raise DatasetError(
                f"not valid JSON Lines: {exc.msg} (a JSONL file holds one JSON value a line; a "
                "JSON file holds one array of cases)",
                path=path,
                line=n,
            ) from None
