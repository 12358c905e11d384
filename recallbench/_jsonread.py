"""Reading JSON with a bound on its nesting: the one rule every JSON file recallbench reads goes through.

Both parsers recurse: the standard library's C scanner raises ``RecursionError`` near 1,000 levels
(an internal error, not the reader's "bad input"), orjson refuses past 1,024 levels, and orjson
*writes* at most 254. So a value nested deeper than :data:`MAX_DEPTH` (200) levels is refused before
it is parsed, with a :class:`JSONTooDeep` — a :class:`json.JSONDecodeError` (and so a ``ValueError``),
which every reader already turns into one line naming its file (and line, for JSON Lines). No data
recallbench reads is deeper than about ten levels; a result read back can always be written again.

The check costs little: a text with fewer than :data:`MAX_DEPTH` opening brackets cannot be too deep
(one ``bytes.count``); otherwise strings are dropped and matched bracket pairs peeled off one level a
pass, at C speed (``bytes.replace``), for at most :data:`MAX_DEPTH` passes: 25 ms for a 6 MB
result.json whose parse takes 50.
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson

MAX_DEPTH = 200
"""The deepest nesting of arrays and objects accepted in any JSON read (orjson writes at most 254)."""

# After escapes are gone and only quotes and brackets are kept, a string is a quote to a quote.
_STRING = re.compile(rb'"[^"]*"')
_SAME_BRACKETS = bytes.maketrans(b"{}", b"[]")
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'"[]{}')


class JSONTooDeep(orjson.JSONDecodeError):
    """A JSON text nested deeper than :data:`MAX_DEPTH` levels (an ``orjson.JSONDecodeError``, so a
    :class:`json.JSONDecodeError` too: ``except`` blocks for either parser catch it)."""

    def __init__(self, doc: str = "", pos: int = 0) -> None:
        super().__init__(f"nested deeper than {MAX_DEPTH} levels", doc, pos)


def too_deep(data: str | bytes | bytearray | memoryview) -> bool:
    """Whether ``data`` (a JSON text) nests arrays and objects deeper than :data:`MAX_DEPTH`."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data)
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return False
    # Escapes pair from the left: drop escaped backslashes, then escaped quotes; what is left of a
    # string is its quotes and the brackets it holds, dropped with it. All at C speed.
    kept = raw.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _NOT_STRUCTURE)
    brackets = _STRING.sub(b"", kept).translate(_SAME_BRACKETS)
    for _ in range(MAX_DEPTH):
        if not brackets:
            return False
        peeled = brackets.replace(b"[]", b"")
        if len(peeled) == len(brackets):
            return False  # unbalanced: the parser words that error
        brackets = peeled
    # MAX_DEPTH levels peeled and a pair still left: one more level at least.
    return b"[]" in brackets


def check_depth(data: str | bytes | bytearray | memoryview) -> None:
    """Raise :class:`JSONTooDeep` when ``data`` nests deeper than :data:`MAX_DEPTH` levels."""
    if too_deep(data):
        raise JSONTooDeep()


def json_loads(text: str | bytes | bytearray, **kwargs: Any) -> Any:
    """:func:`json.loads` after the depth check (raises :class:`json.JSONDecodeError` for both)."""
    check_depth(text)
    try:
        return json.loads(text, **kwargs)
    except RecursionError:  # a custom hook recursing: still the input's fault
        raise JSONTooDeep() from None


def orjson_loads(raw: bytes | bytearray | memoryview | str) -> Any:
    """``orjson.loads`` after the depth check (raises ``orjson.JSONDecodeError`` for both)."""
    check_depth(raw)
    return orjson.loads(raw)


_DECODER = json.JSONDecoder()


def raw_decode(text: str, pos: int) -> tuple[Any, int]:
    """:meth:`json.JSONDecoder.raw_decode` of the value at ``pos`` under the same bound, for readers
    that walk a file value by value (its extent unknown until it is parsed): a value past the
    interpreter's recursion limit is caught while parsing, one past :data:`MAX_DEPTH` just after."""
    try:
        value, end = _DECODER.raw_decode(text, pos)
    except RecursionError:
        raise JSONTooDeep(text, pos) from None
    if end - pos > MAX_DEPTH and too_deep(text[pos:end]):
        raise JSONTooDeep(text, pos)
    return value, end
