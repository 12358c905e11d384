"""Write a file so that readers, and a run killed mid-write, see either the old file or the whole new
one — never half of it: a temporary file in the same directory, flushed and fsynced, renamed into place.
"""

from __future__ import annotations

import functools
import os
import tempfile
from pathlib import Path

from ._secrets import redact

__all__ = ["atomic_write_bytes", "atomic_write_text"]


@functools.cache
def _mode() -> int:
    # Read once: os.umask can only be read by setting it, which is process-wide.
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically, creating its directory if needed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), _mode())  # mkstemp makes it 0600; a plain file would follow umask
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8, secrets redacted: :mod:`recallbench._secrets`)
    atomically, creating its directory if needed."""
    atomic_write_bytes(path, redact(text).encode("utf-8"))
