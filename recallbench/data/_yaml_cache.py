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
"""

from __future__ import annotations

import hashlib
import logging
import os
from pathlib import Path
from typing import Any

import orjson

from .._cache_dir import user_cache_dir

__all__ = ["CACHE_FORMAT", "MAX_ENTRIES", "MISS", "cache_dir", "cache_key", "lookup", "store"]

log = logging.getLogger("recallbench")

CACHE_FORMAT = 1
"""Part of every key: bump it when what :func:`~recallbench.data._yaml.load_yaml` makes of a file
changes (a new scalar rule, say), so entries made by the old rules are never read."""

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


def lookup(directory: Path, key: str) -> Any:
    """The data kept under ``key``, or :data:`MISS` (no entry, or one that cannot be read)."""
    try:
        raw = (directory / f"{key}.json").read_bytes()
    except OSError:
        return MISS
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:  # a damaged entry: parsed again, and written again
        return MISS


def store(directory: Path, key: str, value: Any) -> None:
    """Keep ``value`` under ``key`` if JSON holds it exactly; a directory that cannot be written is
    left alone (the cache is an optimisation, never a reason to fail)."""
    if not _json_exact(value):
        return
    try:
        payload = orjson.dumps(value)
    except (TypeError, orjson.JSONEncodeError):
        return
    from .._atomic import atomic_write_bytes

    try:
        atomic_write_bytes(directory / f"{key}.json", payload)
        _prune(directory)
    except OSError as exc:
        log.debug("YAML parse cache not written in %s: %s", directory, exc)


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
