"""Process trees read from /proc (Linux): who descends from whom, and their memory over a run.

Peak memory, two ways: :class:`TreeSampler` gives the largest sum of RSS over a process and all its
descendants seen by reading /proc every ``interval`` seconds (pages shared between processes count
once per process, so it is an upper bound of the tree's footprint at that instant; a peak shorter
than the interval can be missed); the caller adds the kernel's ``ru_maxrss`` from ``os.wait4``
(exact, but of the largest single process). Both are lower bounds of the tree's true peak.
"""

from __future__ import annotations

import os
import threading

__all__ = ["TreeSampler", "descendants", "label", "process_table", "tree"]

PAGE = os.sysconf("SC_PAGE_SIZE")


def process_table() -> tuple[dict[int, list[int]], dict[int, str]]:
    """``(children by parent pid, name by pid)`` of every process /proc shows now."""
    children: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                stat = f.read().decode(errors="replace")
        except OSError:
            continue
        # The name sits in parentheses and may itself hold spaces or parentheses: cut at the last.
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        ppid = int(stat[stat.rindex(")") + 2 :].split()[1])
        pid = int(entry.name)
        names[pid] = name
        children.setdefault(ppid, []).append(pid)
    return children, names


def descendants(root: int) -> set[int]:
    """``root`` and every process descending from it, now."""
    children, _ = process_table()
    out, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid not in out:
            out.add(pid)
            todo.extend(children.get(pid, ()))
    return out


def tree(root: int) -> list[tuple[int, str, int]]:
    """``(pid, label, rss bytes)`` of a process and its descendants."""
    children, names = process_table()
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        try:
            with open(f"/proc/{pid}/statm", "rb") as f:
                rss = int(f.read().split()[1]) * PAGE
        except (OSError, IndexError, ValueError):
            continue
        out.append((pid, label(pid, names.get(pid, "?")), rss))
        todo.extend(children.get(pid, ()))
    return out


def command_line(pid: int) -> list[str]:
    """A process's argv, or ``[]`` when it is gone or unreadable."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return [a.decode(errors="replace") for a in f.read().split(b"\0") if a]
    except OSError:
        return []


def label(pid: int, name: str = "?") -> str:
    """A process's name for the per-process peaks: its executable's name, and for an interpreter
    the module or script it runs (``python -m mempalace.mcp_server``, ``node index.js``)."""
    argv = command_line(pid)
    if not argv:
        return name
    exe = os.path.basename(argv[0])
    rest = argv[1:]
    if rest[:1] == ["-m"] and len(rest) > 1:
        return f"{exe} -m {rest[1]}"
    if rest and not rest[0].startswith("-") and exe.startswith(("python", "node")):
        return f"{exe} {os.path.basename(rest[0])}"
    return exe


class TreeSampler:
    """Samples the summed RSS of a process and its descendants until stopped."""

    def __init__(self, pid: int, interval: float = 0.1) -> None:
        self.pid, self.interval = pid, interval
        self.peak_sum = 0
        self.peak_processes = 0
        self.peak_by_name: dict[str, int] = {}
        self.samples = 0
        self.max_load1 = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> TreeSampler:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            procs = tree(self.pid)
            if procs:
                for _, name, rss in procs:
                    if rss:  # a process caught starting or exiting has no pages yet
                        self.peak_by_name[name] = max(self.peak_by_name.get(name, 0), rss)
                self.peak_sum = max(self.peak_sum, sum(rss for _, _, rss in procs))
                self.peak_processes = max(self.peak_processes, len(procs))
                self.samples += 1
            self.max_load1 = max(self.max_load1, os.getloadavg()[0])
            self._stop.wait(self.interval)
