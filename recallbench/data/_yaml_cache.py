"""A parse cache for dataset YAML (``persona.yaml``, the arcs file, ``questions.yaml``): what
:func:`~recallbench.data._yaml.load_yaml` made of a file, kept as JSON under the user cache and
keyed by the SHA-256 of the file's bytes, so the next run over the same data reads it back instead
of parsing it (issue 36: parsing the reference persona's 127 KB ``questions.yaml`` and importing
ruamel were a tenth of a 180-day run).

Correct when a file changes: the key is the content itself (with :data:`CACHE_FORMAT`), never a
path or a time, so an edited file is a new key and parses afresh. Only a parse that succeeded is
kept (errors always come from the parser, with their line), and only data JSON holds exactly
(plain dicts, lists, strings, 64-bit integers, finite floats, booleans, None; anything else is
simply not kept). Safe when the cache cannot be used: an unwritable or missing directory, an
unreadable or damaged entry are a miss and the file is parsed as without a cache.

Where: ``$RECALLBENCH_CACHE_DIR/yaml``, else the platform's user cache (``$XDG_CACHE_HOME`` or
``~/.cache`` on Linux) ``recallbench/yaml``. ``RECALLBENCH_YAML_CACHE=off`` turns it off.

**An entry is checked against the file it claims to be** before it is used (issue 42): its first
line names the file's key and the SHA-256 of the data after it, so an entry changed since it was
written (by hand, by another program, by a bad disk) is a miss; and its data must have the file's
shape, read from the file's own lines at column 0 without parsing (:func:`file_shape`: a mapping
and its top-level keys, or a list and how many items) — an entry of another shape, or with keys or
items added or taken away, is a miss too, so it is never blamed on the file. A miss parses the
file and writes the entry again. What these checks cannot see (an entry rewritten with care, its
digest made anew) can still only change what the file parses to; errors about a file read from
the cache say so, and ``RECALLBENCH_YAML_CACHE=off`` (:func:`recallbench.data._yaml.cache_note`).
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from .._cache_dir import user_cache_dir

__all__ = [
    "CACHE_FORMAT",
    "MAX_ENTRIES",
    "MISS",
    "cache_dir",
    "cache_key",
    "cache_note",
    "cached_parse",
    "file_shape",
    "lookup",
    "store",
]

log = logging.getLogger("recallbench")

CACHE_FORMAT = 2
"""Part of every key: bump it when what :func:`~recallbench.data._yaml.load_yaml` makes of a file
changes (a new scalar rule, say), or how an entry is laid out, so entries made by the old rules are
never read. 2: an entry's first line names its file's key and its data's digest (issue 42)."""

MAX_ENTRIES = 256
"""Entries kept; a new entry past this removes the oldest (a persona's definition files change
rarely: a few entries a persona)."""

MISS: Any = object()
"""What :func:`lookup` returns when it has nothing."""

_OFF = frozenset({"0", "off", "false", "no"})


def cache_dir() -> Path | None:
    """The cache's directory, or None when ``RECALLBENCH_YAML_CACHE`` turns it off."""
    if os.environ.get("RECALLBENCH_YAML_CACHE", "").strip().lower() in _OFF:
        return None
    return user_cache_dir("yaml")


def cache_key(data: bytes) -> str:
    """The entry's name for a file holding ``data``: the SHA-256 of the format and the bytes."""
    hasher = hashlib.sha256(f"recallbench-yaml-v{CACHE_FORMAT}\n".encode())
    hasher.update(data)
    return hasher.hexdigest()


_SERVED: set[str] = set()
"""The files this process was given from a cache entry (as named, and absolute)."""

NOTE = (
    " ({path} was read from recallbench's YAML parse cache; if the file looks right, "
    "RECALLBENCH_YAML_CACHE=off reads the file itself)"
)


def cached_parse(
    directory: Path, raw: bytes, path: Path, parse: Callable[[bytes, Path], Any]
) -> Any:
    """What ``path`` (whose bytes are ``raw``) parses to: its entry's data when there is a good
    one (:func:`lookup`), else ``parse(raw, path)``, kept for next time."""
    key = cache_key(raw)
    data = lookup(directory, key, raw)
    if data is MISS:
        data = parse(raw, path)
        store(directory, key, data)
        return data
    _SERVED.update((str(path), os.path.abspath(path)))
    return data


def cache_note(message: str) -> str:
    """What an error ``message`` about a file this process read from a cache entry adds: that it
    did, and ``RECALLBENCH_YAML_CACHE=off`` (an entry altered with care could be what is wrong);
    empty for any other message."""
    named = [p for p in _SERVED if p in message]
    return NOTE.format(path=max(named, key=len)) if named else ""


def lookup(directory: Path, key: str, raw: bytes | None = None) -> Any:
    """The data kept under ``key``, or :data:`MISS`: no entry, one that cannot be read, one whose
    first line does not name ``key`` or whose data does not match the digest it gives, or data
    whose shape is not the shape of ``raw`` (the file's bytes: :func:`file_shape`; not checked
    when None)."""
    try:
        entry = (directory / f"{key}.json").read_bytes()
    except OSError:
        return MISS
    head, newline, payload = entry.partition(b"\n")
    try:
        header = orjson.loads(head)
    except orjson.JSONDecodeError:  # a damaged entry: parsed again, and written again
        return MISS
    if (
        not newline
        or not isinstance(header, dict)
        or header.get("format") != CACHE_FORMAT
        or header.get("key") != key
        or header.get("sha256") != hashlib.sha256(payload).hexdigest()
    ):
        log.debug("YAML parse cache: entry %s is not the one written for its file; parsing", key)
        return MISS
    try:
        data = orjson.loads(payload)
    except orjson.JSONDecodeError:
        return MISS
    if raw is not None and not _has_shape(data, file_shape(raw)):
        log.debug("YAML parse cache: entry %s has another shape than its file; parsing", key)
        return MISS
    return data


def store(directory: Path, key: str, value: Any) -> None:
    """Keep ``value`` under ``key`` if JSON holds it exactly; a directory that cannot be written is
    left alone (the cache is an optimisation, never a reason to fail)."""
    if not _json_exact(value):
        return
    try:
        payload = orjson.dumps(value)
    except (TypeError, orjson.JSONEncodeError):
        return
    header = orjson.dumps(
        {"format": CACHE_FORMAT, "key": key, "sha256": hashlib.sha256(payload).hexdigest()}
    )
    from .._atomic import atomic_write_bytes

    try:
        atomic_write_bytes(directory / f"{key}.json", header + b"\n" + payload)
        _prune(directory)
    except OSError as exc:
        log.debug("YAML parse cache not written in %s: %s", directory, exc)


Shape = tuple[str, frozenset[str] | int | None]
"""``("mapping", its keys)``, ``("list", its length)`` or ``("empty", None)``."""

# Patterns anchored on a newline, searched in the text after one: five times the speed of ``^``
# with re.MULTILINE, which tries every position.
_FIRST = re.compile(rb"\n( *)[^ \t\r\n#]")
_ITEM = re.compile(rb"-(?:[ \t]|\r?\n|\r?$)")
_PLAIN_KEY = re.compile(r"([^\s\-?:,\[\]{}#&*!|>'\"%@`][^#]*?|[-?:][^\s#][^#]*?)[ \t]*:(?:[ \t]|$)")
_QUOTED_KEY = re.compile(r"""("[^"\\]*"|'[^']*')[ \t]*:(?:[ \t]|$)""")


def file_shape(raw: bytes) -> Shape | None:
    """The top level of a YAML file as its least indented lines show it, without parsing: a block
    mapping and its keys (each ``key:`` line; a list at a key's own indentation is that key's
    value), a block list and how many items (each ``- `` line), or nothing at all. None when the
    lines cannot tell (flow style at the top, a document marker, an anchor, a tag, a complex or
    escaped key, a scalar spread over lines): the entry's digest is then the only check."""
    text = b"\n" + raw.removeprefix(b"\xef\xbb\xbf")
    first = _FIRST.search(text)
    if first is None:
        return ("empty", None)
    base = len(first.group(1))
    if base and re.search(rb"\n {0,%d}[^ \t\r\n#]" % (base - 1), text):
        return None  # a line less indented than the first: not one block
    top = b"\n" + b" " * base
    lines = len(re.findall(re.escape(top) + rb"[^ \t\r\n#]", text))
    if _ITEM.match(text, first.end() - 1):
        items = len(re.findall(re.escape(top) + rb"-(?=[ \t]|\r?\n|\r?$)", text))
        return ("list", items) if items == lines else None
    keys: set[str] = set()
    pattern = re.escape(top) + rb"([^ \t\r\n#\-][^\r\n]*|-[^ \t\r\n][^\r\n]*)"
    for found in re.finditer(pattern, text):
        try:
            line = found.group(1).decode("utf-8")
        except UnicodeDecodeError:
            return None
        key = _QUOTED_KEY.match(line) or _PLAIN_KEY.match(line)
        if key is None:
            return None
        keys.add(key.group(1)[1:-1] if key.re is _QUOTED_KEY else key.group(1))
    return ("mapping", frozenset(keys))


def _has_shape(data: Any, shape: Shape | None) -> bool:
    if shape is None:
        return True
    kind, what = shape
    if kind == "empty":
        return data is None
    if kind == "list":
        return type(data) is list and len(data) == what
    return type(data) is dict and frozenset(data) == what


def _prune(directory: Path) -> None:
    entries = list(directory.glob("*.json"))
    if len(entries) <= MAX_ENTRIES:
        return
    aged = []
    for entry in entries:
        try:
            aged.append((entry.stat().st_mtime_ns, entry))
        except OSError:  # removed by another process meanwhile
            continue
    aged.sort()
    for _, entry in aged[: len(aged) - MAX_ENTRIES]:
        entry.unlink(missing_ok=True)


_INT64 = (-(2**63), 2**63 - 1)


def _json_exact(value: Any) -> bool:
    """Whether JSON gives ``value`` back as it is: exact plain types, string keys, finite floats and
    64-bit integers (orjson writes NaN as null and refuses larger integers)."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str or kind is bool or item is None:
            continue
        if kind is int:
            if not _INT64[0] <= item <= _INT64[1]:
                return False
        elif kind is float:
            if item != item or item in (float("inf"), float("-inf")):
                return False
        elif kind is dict:
            if any(type(k) is not str for k in item):
                return False
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
        else:
            return False
    return True
