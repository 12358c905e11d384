"""All YAML reading and writing goes through here; ruamel node types never leave this module.

Two ways to read: :func:`load_yaml` uses the C loader (fast, no positions) and :func:`load_yaml_located`
uses the round-trip parser to also return the line of every key and item, for error messages. Both
return plain dicts, lists and scalars; timestamps stay the text written (``2026-01-01``).
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from ..errors import DatasetError

__all__ = [
    "KeyPath",
    "Locator",
    "dump_yaml",
    "dump_yaml_literal",
    "load_yaml",
    "load_yaml_located",
    "loads_yaml",
    "read_text",
]

KeyPath = tuple[str | int, ...]


class Locator:
    """Maps a key path inside a YAML document to its 1-based line."""

    def __init__(self, lines: Mapping[KeyPath, int] | None = None):
        self._lines = dict(lines or {})

    def line(self, path: KeyPath) -> int | None:
        """The line of ``path``, or of its nearest located ancestor."""
        while True:
            if path in self._lines:
                return self._lines[path]
            if not path:
                return None
            path = path[:-1]


def read_text(path: Path) -> str:
    """A file's text, strictly UTF-8 (a BOM is dropped). Errors name the file and the line."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DatasetError("file not found", path=path) from None
    except IsADirectoryError:
        raise DatasetError("expected a file, found a directory", path=path) from None
    except OSError as exc:
        raise DatasetError(f"cannot read file: {exc.strerror}", path=path) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DatasetError(
            f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
            "save the file as UTF-8",
            path=path,
            line=line,
        ) from None
    return text.removeprefix("\ufeff")


_CONSTRUCTORS: dict[str, Any] = {}


def _constructor(typ: str) -> Any:
    """A constructor that keeps YAML timestamps as the text written (``2026-02-30`` is then a clear
    validation error instead of a crash), subclassed so ruamel's process-wide classes stay untouched."""
    if typ not in _CONSTRUCTORS:
        from ruamel.yaml.constructor import RoundTripConstructor, SafeConstructor

        base = SafeConstructor if typ == "safe" else RoundTripConstructor

        class TextTimestamps(base):  # type: ignore[valid-type,misc]
            pass

        def timestamp_as_text(self: Any, node: Any) -> Any:
            return self.construct_scalar(node)

        TextTimestamps.add_constructor("tag:yaml.org,2002:timestamp", timestamp_as_text)
        _CONSTRUCTORS[typ] = TextTimestamps
    return _CONSTRUCTORS[typ]


def _yaml(typ: str) -> Any:
    from ruamel.yaml import YAML

    y = YAML(typ=typ, pure=False)
    if typ in ("safe", "rt"):
        y.Constructor = _constructor(typ)
    return y


_FAST: Any = None


def _fast() -> Any:
    global _FAST
    if _FAST is None:
        _FAST = _yaml("safe")
    return _FAST


def _syntax_error(path: Path, exc: Exception) -> DatasetError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark is not None else None
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    detail = f"{context}, {problem}" if context else str(problem)
    return DatasetError(f"YAML syntax error: {detail}", path=path, line=line)


MAX_DEPTH = 64
"""The deepest nesting of mappings and sequences a dataset file may have (real ones nest below 10)."""
MAX_NODES = 2_000_000
"""The most nodes a file may expand to, aliases expanded: an alias bomb ("billion laughs") stops here
instead of exhausting memory."""


def _check_bounds(text: str, path: Path | None) -> None:
    """Refuse, before building anything, a document nested deeper than :data:`MAX_DEPTH` or whose
    aliases expand past :data:`MAX_NODES` nodes. One pass over the parser's events (iterative, no
    recursion), about a tenth of a load's time."""
    from ruamel.yaml.events import (
        AliasEvent,
        CollectionEndEvent,
        CollectionStartEvent,
        NodeEvent,
    )

    sizes: dict[str, int] = {}
    open_: list[tuple[str | None, int]] = []  # (anchor, expanded count when it opened)
    expanded = 0
    for event in _fast().parse(text):
        if isinstance(event, AliasEvent):
            expanded += sizes.get(str(event.anchor), 1)
        elif isinstance(event, CollectionStartEvent):
            expanded += 1
            open_.append((event.anchor, expanded))
            if len(open_) > MAX_DEPTH:
                raise DatasetError(
                    f"YAML nested more than {MAX_DEPTH} levels deep; a dataset file nests a few",
                    path=path,
                    line=event.start_mark.line + 1,
                )
        elif isinstance(event, CollectionEndEvent):
            anchor, at_start = open_.pop()
            if anchor is not None:
                sizes[str(anchor)] = expanded - at_start + 1
        elif isinstance(event, NodeEvent):  # a scalar
            expanded += 1
            if event.anchor is not None:
                sizes[str(event.anchor)] = 1
        if expanded > MAX_NODES:
            line = event.start_mark.line + 1 if event.start_mark is not None else None
            raise DatasetError(
                f"YAML expands to more than {MAX_NODES:,} nodes (aliases repeating aliases: an "
                "alias bomb?); refusing to load it",
                path=path,
                line=line,
            )


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k) if not isinstance(k, str) else k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def loads_yaml(text: str) -> Any:
    """Parse YAML text (a model's reply, say) with the C loader into plain dicts and lists.

    Raises:
        ruamel.yaml.error.YAMLError: the text is not YAML (its ``problem_mark`` gives the line).
    """
    _check_bounds(text, None)
    return _plain(_fast().load(text))


def load_yaml(path: Path) -> Any:
    """Parse a YAML file with the C loader (bounded: see :data:`MAX_DEPTH`, :data:`MAX_NODES`)."""
    from ruamel.yaml.error import YAMLError

    text = read_text(path)
    try:
        _check_bounds(text, path)
        return _plain(_fast().load(text))
    except YAMLError as exc:
        raise _syntax_error(path, exc) from None


def load_yaml_located(path: Path) -> tuple[Any, Locator]:
    """Parse a YAML file keeping the line of every mapping key and sequence item."""
    from ruamel.yaml.error import YAMLError

    text = read_text(path)
    try:
        _check_bounds(text, path)
        doc = _yaml("rt").load(text)
    except YAMLError as exc:
        raise _syntax_error(path, exc) from None
    lines: dict[KeyPath, int] = {}
    return _walk(doc, (), lines), Locator(lines)


def _walk(node: Any, path: KeyPath, lines: dict[KeyPath, int]) -> Any:
    lc = getattr(node, "lc", None)
    if isinstance(node, dict):
        if lc is not None and path not in lines:
            lines[path] = lc.line + 1
        out: dict[str, Any] = {}
        for k, v in node.items():
            key = k if isinstance(k, str) else str(_plain(k))
            if lc is not None:
                with contextlib.suppress(KeyError, TypeError):
                    lines[(*path, key)] = lc.key(k)[0] + 1
            out[key] = _walk(v, (*path, key), lines)
        return out
    if isinstance(node, list):
        if lc is not None and path not in lines:
            lines[path] = lc.line + 1
        items = []
        for i, v in enumerate(node):
            if lc is not None:
                with contextlib.suppress(KeyError, TypeError):
                    lines[(*path, i)] = lc.item(i)[0] + 1
            items.append(_walk(v, (*path, i), lines))
        return items
    if isinstance(node, str):
        return str(node)
    if isinstance(node, bool):
        return bool(node)
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    return _plain(node)


def dump_yaml(data: Any, *, width: int = 4096) -> str:
    """Serialise plain data as block-style YAML; multi-line strings become literal blocks."""
    from ruamel.yaml.scalarstring import LiteralScalarString

    def literal(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: literal(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [literal(v) for v in value]
        if isinstance(value, str) and "\n" in value:
            return LiteralScalarString(value)
        return value

    y = _yaml("rt")
    y.width = width
    y.indent(mapping=2, sequence=4, offset=2)
    buf = io.StringIO()
    y.dump(literal(data), buf)
    return buf.getvalue()


# Characters a literal block shows verbatim: YAML's printable set without the line breaks a reader
# would normalise to "\n" (CR, NEL, LS, PS) and without the byte-order mark.
_NOT_LITERAL = re.compile(
    r"[^\t\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
)


def _literal_safe(text: str) -> bool:
    # A tab that starts a line would be read as (invalid) indentation.
    return _NOT_LITERAL.search(text) is None and not text.startswith("\t") and "\n\t" not in text


def dump_yaml_literal(data: Any, *, literal_keys: Collection[str], width: int = 4096) -> str:
    """Like :func:`dump_yaml`, but every string under one of ``literal_keys`` is a literal block
    (``|-``), one line or many: the layout of the reference's tool-call files (§1.6), where each
    ``content`` is a block the reader sees verbatim.

    A string a literal block cannot hold verbatim (control characters, carriage returns, Unicode
    line separators, a tab opening a line) is double-quoted with escapes instead, so
    ``load(dump(x)) == x`` for every such string.
    """
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString, LiteralScalarString

    keys = frozenset(literal_keys)

    def literal(value: Any, key: object = None) -> Any:
        if isinstance(value, dict):
            return {k: literal(v, k) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [literal(v, key) for v in value]
        if isinstance(value, str) and (key in keys or "\n" in value):
            if _literal_safe(value):
                return LiteralScalarString(value)
            return DoubleQuotedScalarString(value)  # escapes what a block cannot show
        return value

    y = _yaml("rt")
    y.width = width
    y.indent(mapping=2, sequence=4, offset=2)
    buf = io.StringIO()
    y.dump(literal(data), buf)
    return buf.getvalue()
