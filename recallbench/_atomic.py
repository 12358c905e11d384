"""Write a file so that readers, and a run killed mid-write, see either the old file or the whole new
one — never half of it: a temporary file in the same directory, flushed and fsynced, renamed into place.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import os
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

import attrs

from ._secrets import redact

__all__ = ["JsonEntries", "atomic_write_bytes", "atomic_write_text", "atomic_writer"]

log = logging.getLogger("recallbench")
T = TypeVar("T")


@functools.cache
def _mode() -> int:
    # Read once: os.umask can only be read by setting it, which is process-wide.
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


@contextlib.contextmanager
def atomic_writer(path: Path) -> Iterator[BinaryIO]:
    """A binary file that replaces ``path`` atomically when the block ends without an exception
    (and is removed when it does not), creating its directory if needed: for a file written in
    pieces, never held whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), _mode())  # mkstemp makes it 0600; a plain file would follow umask
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically, creating its directory if needed."""
    with atomic_writer(path) as f:
        f.write(data)


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8, secrets redacted: :mod:`recallbench._secrets`)
    atomically, creating its directory if needed."""
    atomic_write_bytes(path, redact(text).encode("utf-8"))


@attrs.define
class JsonEntries:
    """JSON entries on disk by key (a hex digest): ``directory/ab/abcd….json``, each written
    atomically — what the judge cache and the model cache store their entries in.

    Attributes:
        directory: where the entries live (created on first write).
        what: the store's name in warnings (``judge cache``).
        again: what a miss leads to, in warnings (``judging again``).
    """

    directory: Path = attrs.field(converter=Path)
    what: str
    again: str

    def path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def read(self, key: str, decode: Callable[[Any], T]) -> T | None:
        """The entry under ``key`` decoded, or None: missing, or unreadable (a warning; a miss)."""
        from ._jsonread import json_loads

        path = self.path(key)
        try:
            return decode(json_loads(path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            log.warning(
                "[bench] %s entry %s is unreadable (%s); %s", self.what, path, exc, self.again
            )
            return None

    def write(self, key: str, entry: Mapping[str, Any]) -> None:
        """Store ``entry`` atomically. A store that cannot be written is reported, not fatal."""
        path = self.path(key)
        try:
            atomic_write_text(path, json.dumps(entry, ensure_ascii=False))
        except OSError as exc:
            log.warning("[bench] cannot write %s entry %s: %s", self.what, path, exc)
