"""``result.json`` written in pieces: the run's skeleton, and each checkpoint's question results
encoded in its place — never the whole document in memory at once.

A 143-checkpoint run's ``result.json`` is tens of megabytes; encoding it as one tree held the tree,
its bytes and their redacted copy at once (issue 21). Here the result is encoded without its
question results (small: a few kilobytes a checkpoint), cut where each checkpoint's
``"questionResults": []`` stands, and the pieces are written in order with each checkpoint's list
encoded, indented to its depth and redacted just before it is written. The bytes are those of
encoding the whole result at once (``tests/test_result_file.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs

from .._atomic import atomic_writer
from .._convert import json_bytes, to_json
from .._secrets import redact_bytes
from ..results.records import BenchmarkResult, QuestionResult

__all__ = ["result_json_pieces", "write_result_file"]

_SLOT = b'"questionResults": []'


def write_result_file(path: Path, result: BenchmarkResult) -> None:
    """Write ``result.json`` atomically: 2-space JSON, raw UTF-8, no trailing newline, secrets
    redacted. Raises :class:`OSError` when it cannot (the caller names the file)."""
    with atomic_writer(path) as f:
        for piece in result_json_pieces(result):
            f.write(redact_bytes(piece))


def result_json_pieces(result: BenchmarkResult) -> Iterator[bytes]:
    """The bytes of ``result.json`` in order, one checkpoint's question results at a time."""
    lists = [r.question_results for p in result.personas for r in p.range_results]
    skeleton = attrs.evolve(
        result,
        personas=tuple(
            attrs.evolve(
                p,
                range_results=tuple(attrs.evolve(r, question_results=()) for r in p.range_results),
            )
            for p in result.personas
        ),
    )
    text = json_bytes(to_json(skeleton), pretty=True)
    parts = text.split(_SLOT)
    if len(parts) != len(lists) + 1:  # cannot happen: the key is written once per checkpoint
        yield json_bytes(to_json(result), pretty=True)
        return
    previous = parts[0]
    yield previous
    for results, part in zip(lists, parts[1:], strict=True):
        yield b'"questionResults": ' + _indented_list(results, _indent_at_end(previous))
        yield part
        previous = part


def _indent_at_end(before: bytes) -> int:
    """The indentation of the line ``before`` ends on (the line of the slot)."""
    line = before[before.rfind(b"\n") + 1 :]
    return len(line) - len(line.lstrip(b" "))


def _indented_list(results: Sequence[QuestionResult], indent: int) -> bytes:
    if not results:
        return b"[]"
    encoded = json_bytes(to_json(list(results)), pretty=True)
    return encoded.replace(b"\n", b"\n" + b" " * indent)
