"""All YAML reading and writing goes through here; ruamel node types never leave this module.

Two ways to read: :func:`load_yaml` uses the C loader (fast, no positions) and :func:`load_yaml_located`
uses the round-trip parser to also return the line of every key and item, for error messages. Both
return plain dicts, lists and scalars; timestamps stay the text written (``2026-01-01``).
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import DatasetError

__all__ = ["KeyPath", "Locator", "dump_yaml", "load_yaml", "load_yaml_located", "read_text"]

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


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k) if not isinstance(k, str) else k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def load_yaml(path: Path) -> Any:
    """Parse a YAML file with the C loader."""
    from ruamel.yaml.error import YAMLError

    text = read_text(path)
    try:
        return _plain(_fast().load(text))
    except YAMLError as exc:
        raise _syntax_error(path, exc) from None


def load_yaml_located(path: Path) -> tuple[Any, Locator]:
    """Parse a YAML file keeping the line of every mapping key and sequence item."""
    from ruamel.yaml.error import YAMLError

    text = read_text(path)
    try:
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
