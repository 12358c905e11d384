"""A large ``result.json`` parsed one persona at a time. Pure (bytes in, parsed JSON out).

A result is written two-space indented (ours and the reference's alike), so each persona object of its
top-level ``personas`` array is the text from a line ``    {`` to the next line ``    }``: lines are
structural in indented JSON — a string never holds a raw line break — and every line inside the
object is indented deeper. :func:`split_personas` finds those spans with a few byte searches and
parses the rest of the file (the skeleton) with the array replaced by a marker; the personas are then
parsed one at a time, so that only one persona's parsed tree is alive at once (a sixth of the file
for six personas, against the whole of it: 0.9 GB peak for a 205 MB result read at once).

The split is taken only when it provably reads what parsing the whole file would: the separators
between the spans are checked byte for byte (``,`` then the next ``    {``, or the closing ``  ]``),
the skeleton must be a JSON object whose (last) ``personas`` key holds the marker, and each span must
parse to exactly one JSON object (a span running past its object's end, over a separator, is
trailing text to the parser) — together, the file is valid JSON with exactly that value. Anything else
(a compact file, another indent, a torn or hand-edited file) returns None or raises
:class:`NotSplit`, and the caller parses the whole file, with the errors it always gave.
"""

from __future__ import annotations

import mmap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import orjson

from .._jsonread import orjson_loads

__all__ = ["NotSplit", "SplitResult", "map_file", "split_personas"]

_KEY = b'\n  "personas": ['
_OPEN = b"\n    {\n"
_CLOSE = b"\n    }"
_END = b"\n  ]"
_NEXT = _CLOSE + b',\n    {\n      "personaId"'
_MARKER = "\x00recallbench: the personas, read apart"


class NotSplit(Exception):
    """A span did not parse to a JSON object: the file must be read whole."""


@attrs.frozen
class SplitResult:
    """A result file split at its personas.

    Attributes:
        skeleton: the parsed file without its personas (``personas`` holds a marker string).
        spans: (start, end) of each persona object in the file's bytes.
    """

    skeleton: dict[str, Any]
    spans: tuple[tuple[int, int], ...]
    raw: bytes | mmap.mmap = attrs.field(repr=False)

    def personas(self, start: int = 0, stop: int | None = None) -> Iterator[dict[str, Any]]:
        """Each persona object (those of ``spans[start:stop]``), parsed when reached.

        Raises:
            NotSplit: a span is not a JSON object.
        """
        view = memoryview(self.raw)
        for first, end in self.spans[start:stop]:
            try:
                persona = orjson_loads(view[first:end])
            except orjson.JSONDecodeError:
                raise NotSplit from None
            if type(persona) is not dict:
                raise NotSplit
            yield persona


def split_personas(raw: bytes | mmap.mmap) -> SplitResult | None:
    """The file split at its personas, or None when it is not laid out so (see the module). ``raw``
    may be the file's memory map (:func:`map_file`)."""
    key = raw.find(_KEY)
    if key < 0:
        return None
    pos = key + len(_KEY)  # at the line break before the first persona's "{"
    spans: list[tuple[int, int]] = []
    while True:
        if raw[pos : pos + len(_OPEN)] != _OPEN:  # (raw may be a memory map: no startswith)
            return None
        # The next persona's opening, when its first key is the personaId, as in every result
        # written: a long needle is found at memory speed, where ``\n    }`` alone, a prefix of
        # every deeper line, took four times as long. A separator found past this persona's end
        # makes a span that is not one JSON object: NotSplit, and the file is read whole.
        end = raw.find(_NEXT, pos + len(_OPEN))
        if end < 0:  # the last persona
            end = raw.find(_CLOSE + _END, pos + len(_OPEN))
            if end < 0:
                return None
            spans.append((pos + 1, end + len(_CLOSE)))
            end += len(_CLOSE + _END)
            break
        spans.append((pos + 1, end + len(_CLOSE)))
        pos = end + len(_CLOSE) + 1
    marker = orjson.dumps(_MARKER)
    try:
        skeleton = orjson_loads(raw[: key + len(_KEY) - 1] + marker + raw[end:])
    except orjson.JSONDecodeError:
        return None
    if type(skeleton) is not dict or skeleton.get("personas") != _MARKER:
        return None
    return SplitResult(skeleton, tuple(spans), raw)


def map_file(path: Path) -> mmap.mmap | None:
    """The file mapped read-only into memory, or None when it cannot be (empty, or no ``mmap``
    for it): a 200 MB result is then read where it lies in the page cache, without allocating and
    filling a copy (0.1 s of system time).

    Raises:
        OSError: the file cannot be opened.
    """
    with path.open("rb") as f:
        try:
            return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError):
            return None
