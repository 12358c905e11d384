"""The data folders of MCP servers, and what a killed run left of them.

Each unit of work gets a folder ``recallbench-mcp-…`` in the temporary directory (the server's
``{data_dir}``), holding ``.owner``: a file its process keeps locked (``flock``) for as long as the
folder is in use, with that process's pid in it. The kernel drops a lock when its holder dies,
however it dies, and a pid cannot be reused while the lock is held, so a folder whose lock can be
taken has no owner left: it is **stale**. Every server process carries its folder in its environment
(:data:`MARKER`), and so does every process it starts.

A run stopped in any way but ``SIGKILL`` removes its folders and stops its servers itself (the
adapter's teardown). After a ``SIGKILL`` (or a power cut of the process: an OOM kill) nothing could;
so before a process makes its first folder, :func:`sweep_stale` stops every marked process whose
folder is a stale one of its temporary directory (another directory's are left to the runs that
use it) or is gone, and removes the stale folders. A folder without a lock file (made by an
older recallbench, or half made) is removed only once it is a day old.

Linux finds marked processes through ``/proc``; elsewhere only the folders are swept. On Windows
there is no ``flock``: folders are neither locked nor swept.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import signal
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from ..._process import marked_processes

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["LOCK", "LOCKLESS_AGE", "MARKER", "PREFIX", "DataFolder", "sweep_once", "sweep_stale"]

log = logging.getLogger("recallbench")

MARKER = "RECALLBENCH_MCP_RUN"
"""The environment variable every server process (and each process it starts) carries: the path of
its data folder."""

PREFIX = "recallbench-mcp-"
"""The name every data folder starts with."""
LOCK = ".owner"
"""The lock file in each data folder (its owner's pid inside)."""
LOCKLESS_AGE = 24 * 3600.0
"""Seconds after which a data folder with no lock file is taken as stale."""


class DataFolder:
    """A fresh data folder in ``root`` (the temporary directory), locked by this process until
    :meth:`remove`."""

    def __init__(self, root: Path | None = None) -> None:
        self.path = Path(tempfile.mkdtemp(prefix=PREFIX, dir=root))
        self._fd: int | None = None
        if fcntl is not None:
            fd = os.open(self.path / LOCK, os.O_RDWR | os.O_CREAT, 0o600)  # not inherited
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                os.write(fd, f"{os.getpid()}\n".encode())
            except OSError:
                os.close(fd)
                raise
            self._fd = fd

    def remove(self) -> None:
        """Remove the folder, then let go of its lock."""
        shutil.rmtree(self.path, ignore_errors=True)
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None


def _stale(folder: Path, now: float) -> tuple[bool, int | None]:
    """Whether ``folder`` has no owner left; and, when it is stale, an fd holding its lock (closed
    by the caller once the folder is gone)."""
    if fcntl is None:
        return False, None
    try:
        fd = os.open(folder / LOCK, os.O_RDWR)
    except FileNotFoundError:
        try:
            age = now - folder.stat().st_mtime
        except OSError:
            return False, None
        return age > LOCKLESS_AGE, None
    except OSError:
        return False, None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # held: its owner lives
        os.close(fd)
        return False, None
    return True, fd


def sweep_stale(root: Path | None = None) -> tuple[int, int]:
    """Stop the marked processes whose folder is a stale one of ``root`` (the temporary
    directory) or is gone, and remove the stale folders of ``root`` that this user owns. Returns
    (processes, folders). Nothing raises: a sweep that cannot do something leaves it."""
    root = Path(root or tempfile.gettempdir())
    now = time.time()
    held: list[int] = []
    verdicts: dict[Path, bool] = {}

    def stale(folder: Path) -> bool:
        # Once per folder: the lock taken here is held until the sweep ends, and a second look
        # from this process would find it taken.
        if folder not in verdicts:
            verdicts[folder], fd = _stale(folder, now)
            if fd is not None:
                held.append(fd)
        return verdicts[folder]

    killed = 0
    removed = 0
    try:
        by_folder: dict[str, list[int]] = defaultdict(list)
        for pid, value in marked_processes(MARKER).items():
            by_folder[value].append(pid)
        here = os.path.realpath(root)
        for value, pids in by_folder.items():
            folder = Path(value)
            if not folder.name.startswith(PREFIX) or not folder.is_absolute():
                continue  # not a marker of ours
            if folder.is_dir() and (os.path.realpath(folder.parent) != here or not stale(folder)):
                continue  # alive, or another temporary directory's (its next run sweeps it)
            for pid in pids:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
                    killed += 1
        try:
            candidates = [p for p in root.iterdir() if p.name.startswith(PREFIX)]
        except OSError:
            candidates = []
        me = os.getuid() if hasattr(os, "getuid") else None
        for folder in candidates:
            try:
                if not folder.is_dir() or folder.is_symlink():
                    continue
                if me is not None and folder.stat().st_uid != me:
                    continue
            except OSError:
                continue
            if stale(folder):
                shutil.rmtree(folder, ignore_errors=True)
                removed += not folder.exists()
    finally:
        for fd in held:
            with contextlib.suppress(OSError):
                os.close(fd)
    if killed or removed:
        log.warning(
            "recallbench: stopped %d MCP server process(es) and removed %d data folder(s) in %s "
            "that a killed run left",
            killed,
            removed,
            root,
        )
    return killed, removed


_swept: set[str] = set()


def sweep_once() -> None:
    """:func:`sweep_stale` of the temporary directory, once per process (and directory)."""
    root = tempfile.gettempdir()
    if root not in _swept:
        _swept.add(root)
        sweep_stale(Path(root))
