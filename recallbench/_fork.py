"""One function call in a forked child while the caller goes on: ``compare`` reads its second run
beside the first on a second core, ``rejudge`` scores half of a run's answers there.

:func:`in_child` forks (on Linux, with a second core to run on and no other thread; elsewhere the call
is made when its result is asked for), the child calls the function, pickles what it returns into a pipe and
leaves with ``os._exit`` — no ``atexit`` handler, no buffered output of the parent's flushed twice.
:meth:`Forked.result` reads the pickle; a child that died or raised gives None, and so does a
function that returns None: the caller then does the work itself, where an error is raised and
worded as it always was. A fork costs a few milliseconds; the pickled answer should be small (a few
arrays, not a million records).
"""

from __future__ import annotations

import contextlib
import os
import pickle
import sys
from collections.abc import Callable
from typing import Any, Generic, TypeVar

__all__ = ["Forked", "can_fork", "in_child"]

T = TypeVar("T")


def can_fork() -> bool:
    """Linux, a second core, and one thread: a fork copies only the thread that calls it, so a lock
    another thread held (numpy's BLAS threads, a test runner's) could never be released in the
    child — Python 3.12 warns of exactly that — and the command forks before it imports numpy."""
    if sys.platform != "linux" or len(os.sched_getaffinity(0)) < 2:
        return False
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return False


class Forked(Generic[T]):
    """A call running in a child process (or, where there is no fork, a call not yet made)."""

    def __init__(self, fn: Callable[..., T | None], *args: Any) -> None:
        self._fn, self._args = fn, args
        self._pid: int | None = None
        self._fd: int | None = None
        if not can_fork():
            return
        read_fd, write_fd = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            status = 1
            try:
                os.close(read_fd)
                data = pickle.dumps(fn(*args), protocol=pickle.HIGHEST_PROTOCOL)
                with os.fdopen(write_fd, "wb") as out:
                    out.write(data)
                status = 0
            finally:  # whatever happened: an exception dies here unprinted, the parent reads again
                os._exit(status)
        os.close(write_fd)
        self._pid, self._fd = pid, read_fd

    def result(self) -> T | None:
        """What the call returned; None when it returned None or the child failed."""
        if self._pid is None:
            return self._fn(*self._args)
        assert self._fd is not None
        with os.fdopen(self._fd, "rb") as pipe:
            data = pipe.read()
        self._fd = None
        _, status = os.waitpid(self._pid, 0)
        self._pid = None
        if status != 0 or not data:
            return None
        value: T | None = pickle.loads(data)
        return value

    def cancel(self) -> None:
        """Stop the child (when the command fails before it asks for the result)."""
        if self._pid is None:
            return
        import signal

        with contextlib.suppress(ProcessLookupError):
            os.kill(self._pid, signal.SIGKILL)
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        os.waitpid(self._pid, 0)
        self._pid = None


def in_child(fn: Callable[..., T | None], *args: Any) -> Forked[T]:
    """``fn(*args)`` started in a forked child; :meth:`Forked.result` gives what it returned."""
    return Forked(fn, *args)
