"""``result.json`` written in pieces: the run's skeleton, and each checkpoint's question results
encoded in its place — never the whole document in memory at once.

A 143-checkpoint run's ``result.json`` is tens of megabytes; encoding it as one tree held the tree,
its bytes and their redacted copy at once (issue 21). Here the result is encoded without its
question results (small: a few kilobytes a checkpoint), cut where each checkpoint's
``"questionResults": []`` stands, and the pieces are written in order with each checkpoint's list
encoded in its place and redacted just before it is written.

The layout: the skeleton (the run, its personas, checkpoints, scores and heatmap) two-space
indented as the reference writes it, and each answer one compact line of its list::

      "questionResults": [
        {"qa":{"id":"ea-q001",...},"systemAnswer":"...","score":{...},...},
        {"qa":{"id":"ea-q002",...},...}
      ],

The same JSON as the reference's whole-document indentation (any JSON reader sees the same data),
at about half the bytes: an answer indented over some 25 lines spent more on spaces and newlines
than on its content (issue 35: the main job's ``result.json`` 6.2 → 3.5 MB), and a line per answer
keeps the file greppable. ``tests/test_result_file.py`` holds the bytes to the layout and the data to
the whole result's.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from .._atomic import atomic_writer
from .._convert import json_bytes, to_json
from .._secrets import redact_bytes
from ..results.records import BenchmarkResult, QuestionResult

__all__ = ["result_json_pieces", "write_result_file"]

_SLOT = b'"questionResults": []'


def write_result_file(path: Path, result: BenchmarkResult) -> None:
    """Write ``result.json`` atomically: 2-space JSON with an answer a line (the module's layout),
    raw UTF-8, no trailing newline, secrets redacted. Raises :class:`OSError` when it cannot (the caller names the file)."""
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
        raise AssertionError("result.json: a checkpoint's questionResults slot was not found")
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
    """A checkpoint's answers as a JSON list, one compact answer a line, closed at ``indent``."""
    if not results:
        return b"[]"
    # Compact JSON holds no newline (one in a string is written \n), so each answer is one line.
    start = b"\n" + b" " * (indent + 2)
    lines = (b"," + start).join(_compact_each(to_json(list(results))))
    return b"[" + start + lines + b"\n" + b" " * indent + b"]"


def _compact_each(answers: list[Any]) -> list[bytes]:
    """Each answer's compact JSON (``json_bytes(answer)``), encoded in one call.

    A call per answer cost more than the encoding itself (~10 µs each, tens of thousands a run):
    the answers are encoded as one list with a random marker between them, and the list's bytes
    cut at the markers. Compact JSON writes a string the same wherever it stands, so each piece is
    that answer's own encoding; should the cut not give one piece per answer (a marker's 128
    random bits found in an answer), each is encoded alone."""
    if len(answers) < 2:
        return [json_bytes(a) for a in answers]
    marker = "recallbench-cut-" + secrets.token_hex(16)
    spaced: list[Any] = [marker] * (2 * len(answers) - 1)
    spaced[::2] = answers
    pieces = json_bytes(spaced)[1:-1].split(b',"' + marker.encode() + b'",')
    if len(pieces) != len(answers):
        return [json_bytes(a) for a in answers]
    return pieces
