"""All YAML reading and writing goes through here; ruamel node types never leave this module.

Two ways to read: :func:`load_yaml` uses the C parser (fast, no positions) and :func:`load_yaml_located`
uses the round-trip parser to also return the line of every key and item, for error messages. Both
return plain dicts, lists and scalars; timestamps stay the text written (``2026-01-01``).

:func:`load_yaml` builds plain data straight from the C parser's events, in the same pass that checks
the bounds, resolving plain scalars with ruamel's own YAML 1.2 table; a document using anything more
(anchors and aliases, explicit tags, merge keys, non-scalar or duplicate keys, directives, several
documents, an unusual number) is loaded by ruamel's constructor instead, so both give the same data
and the same errors (tests/test_yaml_fast.py holds them equal). A file read twice in one process —
preflight, then the dataset load — can be parsed once (``keep=True``); a dataset's definition files
are read back from a parse cache keyed by their bytes when parsed before (``cached=True``,
:mod:`recallbench.data._yaml_cache`), without importing ruamel at all.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from ..errors import DatasetError
from . import _yaml_cache

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
    return _decode(_read_bytes(path), path)


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise DatasetError("file not found", path=path) from None
    except IsADirectoryError:
        raise DatasetError("expected a file, found a directory", path=path) from None
    except OSError as exc:
        raise DatasetError(f"cannot read file: {exc.strerror}", path=path) from None


def _decode(data: bytes, path: Path) -> str:
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
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise DatasetError(
            "a NUL byte: a data file is text (is this a binary file, or a truncated write?)",
            path=path,
            line=line,
        )
    return text.removeprefix("\ufeff")


_NUL_ESCAPE = re.compile(r"\\(?:0|x00|u0000|U00000000)")


def _refuse_nul(data: Any, text: str, path: Path) -> None:
    """A string holding NUL (YAML's ``"\\0"`` escape) is refused as the file's own NUL byte is."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if "\x00" in value:
                found = _NUL_ESCAPE.search(text)
                line = text.count("\n", 0, found.start()) + 1 if found else None
                raise DatasetError(
                    "a NUL character (an escaped \\0): data is text", path=path, line=line
                )
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


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
                raise _too_deep(path, event)
        elif isinstance(event, CollectionEndEvent):
            anchor, at_start = open_.pop()
            if anchor is not None:
                sizes[str(anchor)] = expanded - at_start + 1
        elif isinstance(event, NodeEvent):  # a scalar
            expanded += 1
            if event.anchor is not None:
                sizes[str(event.anchor)] = 1
        if expanded > MAX_NODES:
            raise _too_many(path, event)


def _too_deep(path: Path | None, event: Any) -> DatasetError:
    return DatasetError(
        f"YAML nested more than {MAX_DEPTH} levels deep; a dataset file nests a few",
        path=path,
        line=event.start_mark.line + 1,
    )


def _too_many(path: Path | None, event: Any) -> DatasetError:
    line = event.start_mark.line + 1 if event.start_mark is not None else None
    return DatasetError(
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


class _Unusual(Exception):
    """The document uses something :func:`_build` leaves to ruamel's constructor."""


_RESOLVERS: tuple[dict[str, list[tuple[str, Any]]], list[tuple[str, Any]]] | None = None


def _resolvers() -> tuple[dict[str, list[tuple[str, Any]]], list[tuple[str, Any]]]:
    """ruamel's implicit resolvers for YAML 1.2, as its ``VersionedResolver`` applies them to a
    document without a ``%YAML`` directive: by first character (``""`` for the empty scalar), each
    followed by those for any first character (none unless a library added some); and the latter."""
    global _RESOLVERS
    if _RESOLVERS is None:
        from ruamel.yaml.resolver import implicit_resolvers

        by_first: dict[str | None, list[tuple[str, Any]]] = {}
        for versions, tag, regexp, first in implicit_resolvers:
            if (1, 2) in versions:
                chars: list[str | None] = list(first) if first else [None]
                for ch in chars:
                    by_first.setdefault(ch, []).append((tag, regexp))
        anywhere = by_first.pop(None, [])
        _RESOLVERS = (
            {ch: [*rs, *anywhere] for ch, rs in by_first.items() if ch is not None},
            anywhere,
        )
    return _RESOLVERS


_TAG = "tag:yaml.org,2002:"
_DECIMAL = re.compile(r"[-+]?[0-9]+\Z")
_DECIMAL_POINT = re.compile(r"[-+]?[0-9]+\.[0-9]*\Z")


def _plain_scalar(value: str) -> Any:
    """A plain (unquoted) scalar as ruamel's safe loader makes it, timestamps kept as text."""
    by_first, anywhere = _resolvers()
    tag = next((t for t, regexp in by_first.get(value[:1], anywhere) if regexp.match(value)), None)
    if tag is None:
        return value
    if tag == _TAG + "null":
        return None
    if tag == _TAG + "bool":  # YAML 1.2: true/false in three spellings
        return value.lower() == "true"
    if tag == _TAG + "int" and _DECIMAL.match(value):
        return int(value)
    if tag == _TAG + "float" and _DECIMAL_POINT.match(value):
        return float(value)
    if tag == _TAG + "timestamp":
        return value
    raise _Unusual  # 0x1F, 1_000, .inf, 1e3, <<, =: ruamel's constructor knows them


def _build(text: str, path: Path | None) -> Any:
    """Plain data from the C parser's events, the bounds checked on the way exactly as
    :func:`_check_bounds` checks them (a document without aliases expands to its own nodes).

    Raises:
        _Unusual: the document needs ruamel's constructor.
        DatasetError: nested deeper than :data:`MAX_DEPTH`, or more than :data:`MAX_NODES` nodes.
        ruamel.yaml.error.YAMLError: not YAML.
    """
    from ruamel.yaml.events import (
        DocumentEndEvent,
        DocumentStartEvent,
        MappingEndEvent,
        MappingStartEvent,
        ScalarEvent,
        SequenceEndEvent,
        SequenceStartEvent,
        StreamEndEvent,
        StreamStartEvent,
    )

    no_key = object()
    containers: list[Any] = []
    keys: list[Any] = []  # per open container: the key waiting for its value, or no_key
    odd_keys: list[set[Any] | None] = []  # per open mapping: its non-string keys, for duplicates
    root: Any = None
    documents = 0
    nodes = 0
    for event in _fast().parse(text):
        kind = event.__class__
        if kind is ScalarEvent:
            if event.anchor is not None or event.ctag is not None:
                raise _Unusual
            nodes += 1
            value = _plain_scalar(event.value) if event.implicit[0] else event.value
        elif kind is MappingEndEvent or kind is SequenceEndEvent:
            value = containers.pop()
            keys.pop()
            odd_keys.pop()
        elif kind is MappingStartEvent or kind is SequenceStartEvent:
            if event.anchor is not None or event.ctag is not None:
                raise _Unusual
            nodes += 1
            if len(containers) >= MAX_DEPTH:
                raise _too_deep(path, event)
            if nodes > MAX_NODES:
                raise _too_many(path, event)
            if containers and keys[-1] is no_key and type(containers[-1]) is dict:
                raise _Unusual  # a mapping or sequence as a key
            containers.append({} if kind is MappingStartEvent else [])
            keys.append(no_key)
            odd_keys.append(None)
            continue
        elif kind is DocumentStartEvent:
            documents += 1
            if documents > 1 or event.version is not None or event.tags:
                raise _Unusual
            continue
        elif kind is DocumentEndEvent or kind is StreamStartEvent or kind is StreamEndEvent:
            continue
        else:  # an alias, or an event this builder does not know
            raise _Unusual
        if nodes > MAX_NODES:
            raise _too_many(path, event)
        if not containers:
            root = value
            continue
        parent = containers[-1]
        if type(parent) is list:
            parent.append(value)
            continue
        key = keys[-1]
        if key is no_key:
            keys[-1] = value
            continue
        keys[-1] = no_key
        if type(key) is str:
            if key in parent:  # a duplicate (or a string spelling an earlier non-string key)
                raise _Unusual
            parent[key] = value
            continue
        seen = odd_keys[-1]
        if seen is None:
            seen = odd_keys[-1] = set()
        elif key in seen:  # 1 and true are one key to ruamel as to Python
            raise _Unusual
        seen.add(key)
        parent[str(key)] = value  # as _plain makes it: a later "1" would replace 1's value
    return root


def _load_text(text: str, path: Path | None) -> Any:
    try:
        return _build(text, path)
    except _Unusual:
        _check_bounds(text, path)
        return _plain(_fast().load(text))


def loads_yaml(text: str) -> Any:
    """Parse YAML text (a model's reply, say) with the C parser into plain dicts and lists.

    Raises:
        ruamel.yaml.error.YAMLError: the text is not YAML (its ``problem_mark`` gives the line).
    """
    return _load_text(text, None)


_KEPT: dict[tuple[str, int, int, int, int], Any] = {}
_KEEP_AT_MOST = 32


def _identity(path: Path) -> tuple[str, int, int, int, int] | None:
    """The file as it is now: resolved path, device, inode, size and modification time (ns)."""
    try:
        resolved = path.resolve()
        st = os.stat(resolved)
    except (OSError, RuntimeError):
        return None
    return (str(resolved), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def load_yaml(path: Path, *, keep: bool = False, cached: bool = False) -> Any:
    """Parse a YAML file with the C parser (bounded: see :data:`MAX_DEPTH`, :data:`MAX_NODES`).

    Args:
        path: the file.
        keep: hand this parse to the next ``load_yaml`` of the same file in this process, if the file
            is unchanged by then (same resolved path, inode, size and mtime), instead of parsing it
            again; the handover happens once. For a file read twice in turn (preflight checks
            ``questions.yaml``, the dataset load then reads it): the first reader must not change
            what it got.
        cached: read a file of the same bytes parsed before, in any process, from the parse cache
            under the user cache (:mod:`recallbench.data._yaml_cache`: keyed by the bytes, so an
            edited file parses afresh; an entry that is not what was written for the file, or has
            another shape, is not used), and keep this parse there: for a dataset's definition
            files, which run after run reads unchanged.
    """
    identity = _identity(path)
    if identity is not None:
        kept = _KEPT.pop(identity, _KEPT)
        if kept is not _KEPT:
            if keep:
                _KEPT[identity] = kept
            return kept
    directory = _yaml_cache.cache_dir() if cached else None
    if directory is None:
        data = _parse_file(_read_bytes(path), path)
    else:
        data = _yaml_cache.cached_parse(directory, _read_bytes(path), path, _parse_file)
    if keep and identity is not None:
        while len(_KEPT) >= _KEEP_AT_MOST:  # a preflight whose load never came
            _KEPT.pop(next(iter(_KEPT)))
        _KEPT[identity] = data
    return data


def _parse_file(raw: bytes, path: Path) -> Any:
    """A file's bytes as plain data, every check of :func:`load_yaml` made (UTF-8, no NUL, bounds)."""
    from ruamel.yaml.error import YAMLError

    text = _decode(raw, path)
    try:
        data = _load_text(text, path)
    except YAMLError as exc:
        raise _syntax_error(path, exc) from None
    _refuse_nul(data, text, path)
    return data


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
    data = _walk(doc, (), lines)
    _refuse_nul(data, text, path)
    return data, Locator(lines)


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
# would normalise to "\n" (CR, NEL, LS, PS) and without the byte-order mark. Compiled when first
# written (3 ms: a class of wide ranges), not by every reader of a dataset.
_NOT_LITERAL = (
    r"[^\t\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
)


def _literal_safe(text: str) -> bool:
    # A tab that starts a line would be read as (invalid) indentation.
    return (
        re.search(_NOT_LITERAL, text) is None and not text.startswith("\t") and "\n\t" not in text
    )


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
