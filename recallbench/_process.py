"""Run a subprocess to completion and, when it has to stop early, stop all of it.

CLI agents (``claude``, ``codex``, a user's script) are process *trees*: a Node launcher, its
workers, MCP servers, a shell running a tool. Killing only the direct child leaves the rest running,
holding our pipes open and spending tokens. So :func:`run_process` starts the child as the leader of
a process group of its own and, on a timeout or when its caller is cancelled, signals the whole
group:

1. ``SIGTERM`` to the group, so a well-behaved agent can clean up;
2. at most ``grace`` seconds waiting for the leader to exit;
3. ``SIGKILL`` to the group, for whatever is left (and for anything ignoring ``SIGTERM``);
4. reap the leader, read what is still in the pipes, close them.

Steps 1-4 run inside a shielded cancel scope with a deadline: shielded so that the cancellation
which triggered them (Ctrl-C, an outer ``fail_after``) cannot interrupt the kill half-way and leave a
zombie or a live tree behind; bounded so that an unkillable process cannot hang the caller.

On Windows the child is started with ``CREATE_NEW_PROCESS_GROUP`` and the tree is killed with
``taskkill /T /F /PID <pid>``; Windows has no ``SIGTERM`` a piped console program would receive, so
there is no grace period there.

Limitations: the group is the unit that dies. A descendant that leaves it on purpose (``setsid``,
``setpgid``, a daemonising double fork) escapes the kill; if it still holds our stdout or stderr,
draining stops after a short bound instead of waiting for it. On Windows, ``taskkill /T`` walks the
tree from the direct child, so descendants of a child that already exited are not found.

:func:`stop_tree` is the same kill for a long-lived child its caller started itself (an MCP server),
and reaches further on Linux: besides the group, every process that carries an *environment marker*
(a variable the caller set for the child, which its descendants inherit) and every descendant found
beforehand (:func:`descendants`, from ``/proc``) — so a ``setsid`` grandchild dies too. Where there is
no ``/proc`` (macOS, the BSDs) only the group is killed; on Windows, ``taskkill /T``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

import anyio
import attrs
from anyio.abc import ByteReceiveStream, ByteSendStream, Process

__all__ = [
    "ProcessResult",
    "ProcessTimeout",
    "descendants",
    "marked_processes",
    "run_process",
    "stop_tree",
]

log = logging.getLogger("recallbench")

#: After the final kill, how long the kernel may take to deliver it and us to reap the child.
_REAP_LIMIT = 5.0
#: After the kill, how long output still in flight may take to reach EOF. A descendant that
#: escaped the group can hold the pipes open for ever, so this must be bounded.
_DRAIN_LIMIT = 1.0
#: How often a kill in progress looks whether everything it signalled is gone.
_POLL = 0.01
_PROC = Path("/proc")

if sys.platform == "win32":
    # A new process group keeps a console Ctrl-C meant for us away from the agent: we decide when
    # it dies, and then kill the whole tree with taskkill.
    _CREATION_FLAGS = subprocess.CREATE_NEW_PROCESS_GROUP
    _NEW_SESSION = False
else:
    # setsid() in the child: it leads a new session and process group whose id is its pid, so
    # os.killpg(pid, ...) reaches every descendant that stays in the group. It also detaches the
    # agent from our terminal, so a Ctrl-C at the terminal reaches only us, and we kill the tree.
    _CREATION_FLAGS = 0
    _NEW_SESSION = True


@attrs.frozen(kw_only=True)
class ProcessResult:
    """How a process that ran to completion ended.

    Attributes:
        returncode: the exit status; negative ``-N`` when a signal ``N`` ended it (POSIX).
        stdout: everything it wrote to standard output.
        stderr: everything it wrote to standard error.
    """

    returncode: int
    stdout: bytes
    stderr: bytes


class ProcessTimeout(TimeoutError):
    """A process did not finish in time; its whole process group has been killed and reaped.

    Attributes:
        pid: the process id of the direct child.
        timeout: the limit it exceeded, in seconds.
        stdout: what it had written to standard output before it was killed.
        stderr: what it had written to standard error before it was killed.
    """

    def __init__(self, *, pid: int, timeout: float, stdout: bytes, stderr: bytes) -> None:
        super().__init__(
            f"process {pid} did not finish within {timeout:g}s; its process group was killed"
        )
        self.pid = pid
        self.timeout = timeout
        self.stdout = stdout
        self.stderr = stderr


async def run_process(
    command: Sequence[str] | str,
    *,
    input: bytes | None = None,
    timeout: float | None,
    grace: float = 2.0,
    shell: bool = False,
    cwd: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
) -> ProcessResult:
    """Run a command, feed it ``input``, and collect its output and exit status.

    Standard output and standard error are read concurrently, so a child that writes a lot to
    both never blocks on a full pipe. A child that exits without reading all of its input is fine.

    Args:
        command: the program and its arguments; with ``shell=True``, one shell command line.
        input: bytes written to the child's standard input, which is then closed. ``None`` gives it
            an empty standard input.
        timeout: seconds the child may run, until it has exited and closed its output; ``None``
            for no limit.
        grace: seconds between ``SIGTERM`` and ``SIGKILL`` when the process group is killed.
        shell: run ``command`` through the system shell (which then leads the process group).
        cwd: the child's working directory.
        env: the child's environment (default: ours).

    Returns:
        The exit status and the complete output. A non-zero exit status is not an error here.

    Raises:
        ProcessTimeout: the timeout passed; the process group was killed and the child reaped.
        OSError: the command could not be started (``FileNotFoundError`` if it does not exist).
        ValueError: ``timeout`` or ``grace`` is out of range, or ``command`` does not fit ``shell``.

    If the caller is cancelled while the child runs, the process group is killed and the child
    reaped before the cancellation propagates.
    """
    if timeout is not None and not timeout > 0:
        raise ValueError(f"timeout must be positive or None, got {timeout!r}")
    if not grace >= 0:
        raise ValueError(f"grace must be zero or more seconds, got {grace!r}")
    program: str | list[str]
    if shell:
        if not isinstance(command, str):
            raise ValueError("with shell=True, command must be one string")
        program = command
    else:
        program = [command] if isinstance(command, str) else list(command)
        if not program:
            raise ValueError("command is empty")

    # Shielded: if we were cancelled while the child is being spawned we would lose its handle
    # and could never kill it. Spawning is quick; the cancellation is delivered at the next
    # checkpoint below, where the cleanup owns the child.
    with anyio.CancelScope(shield=True):
        process = await _spawn(program, stdin=input is not None, cwd=cwd, env=env)

    stdout = bytearray()
    stderr = bytearray()
    returncode: int | None = None
    try:
        with anyio.move_on_after(timeout):
            async with anyio.create_task_group() as tg:
                if input is not None:
                    assert process.stdin is not None
                    tg.start_soon(_feed, process.stdin, input)
                out, err = _output_pipes(process)
                tg.start_soon(_drain, out, stdout)
                tg.start_soon(_drain, err, stderr)
                code = await process.wait()
            # Reached only when the child exited *and* both pipes reached EOF in time.
            returncode = code
    finally:
        # Runs on success, on the timeout, on an error, and on cancellation of the caller.
        await _finish(process, killed=returncode is None, grace=grace, stdout=stdout, stderr=stderr)

    if returncode is None:
        # The task group neither finished nor raised, and no cancellation came from outside (it
        # would have propagated from the try block): only the timeout scope can have ended it.
        assert timeout is not None
        raise ProcessTimeout(
            pid=process.pid, timeout=timeout, stdout=bytes(stdout), stderr=bytes(stderr)
        )
    return ProcessResult(returncode=returncode, stdout=bytes(stdout), stderr=bytes(stderr))


async def _spawn(
    program: str | list[str],
    *,
    stdin: bool,
    cwd: str | os.PathLike[str] | None,
    env: Mapping[str, str] | None,
) -> Process:
    return await anyio.open_process(
        program,
        stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
        env=env,
        creationflags=_CREATION_FLAGS,
        start_new_session=_NEW_SESSION,
    )


async def _feed(stream: ByteSendStream, data: bytes) -> None:
    """Write ``data`` to the child's stdin and close it."""
    # The child may exit, or close its stdin, without reading everything: not our error. Its exit
    # status and output say what happened.
    with contextlib.suppress(BrokenPipeError, ConnectionResetError, anyio.BrokenResourceError):
        await stream.send(data)
    await stream.aclose()


def _output_pipes(process: Process) -> tuple[ByteReceiveStream, ByteReceiveStream]:
    if process.stdout is None or process.stderr is None:  # pragma: no cover - spawned with PIPE
        raise RuntimeError("the child's stdout and stderr must be pipes")
    return process.stdout, process.stderr


async def _drain(stream: ByteReceiveStream, sink: bytearray) -> None:
    """Append everything the stream yields to ``sink``, until EOF.

    Safe to call again after a cancelled call: chunks already received stay in ``sink`` and the
    next call continues where the last one stopped.
    """
    with contextlib.suppress(anyio.EndOfStream, anyio.ClosedResourceError):
        while True:
            sink.extend(await stream.receive())


async def _finish(
    process: Process, *, killed: bool, grace: float, stdout: bytearray, stderr: bytearray
) -> None:
    """Kill the process group if the child did not finish, then reap it and close the pipes.

    Shielded, so the cancellation that may have brought us here cannot interrupt the cleanup
    (which would leave a live tree or a zombie), and given a deadline, so a process that cannot be
    killed cannot hang the caller either.
    """
    with anyio.CancelScope(shield=True) as scope:
        scope.deadline = anyio.current_time() + grace + _REAP_LIMIT + _DRAIN_LIMIT
        if killed:
            # Even when the direct child has exited, descendants in its group may still hold
            # our pipes open (that is why the drains did not finish): the group is killed anyway.
            await _kill_tree(process, grace)
            out, err = _output_pipes(process)
            with anyio.move_on_after(_DRAIN_LIMIT):
                async with anyio.create_task_group() as tg:
                    tg.start_soon(_drain, out, stdout)
                    tg.start_soon(_drain, err, stderr)
        if process.returncode is not None:
            # Closes our pipe ends (and their transports); waiting is instant, the child is reaped.
            await process.aclose()
    if process.returncode is None:
        log.warning("could not reap process %d within the cleanup deadline", process.pid)


async def _kill_tree(process: Process, grace: float) -> None:
    """Kill the child and every descendant in its process group, then reap the child."""
    if sys.platform == "win32":
        await _taskkill(process)
        with anyio.move_on_after(_REAP_LIMIT):
            await process.wait()
    else:
        await stop_tree(process, grace=grace)


async def stop_tree(
    process: Process,
    *,
    grace: float,
    marker: tuple[str, str] | None = None,
    also: Collection[int] = (),
) -> None:
    """Stop a child started as the leader of a process group of its own (``start_new_session``),
    with everything it started, whether or not it has exited already.

    ``SIGTERM`` to the group — and, on Linux, to each process outside it that carries ``marker``
    (``(NAME, VALUE)``: an environment variable the caller set for the child; descendants inherit
    it) or is in ``also`` (descendants found beforehand, :func:`descendants`); at most ``grace``
    seconds for all of them to be gone; ``SIGKILL`` to whatever is left; the leader reaped (polled,
    not awaited: a survivor holding its pipes must not hold us). Shielded from the caller's
    cancellation and bounded, like the kill of :func:`run_process`. Windows: ``taskkill /T``.
    """
    with anyio.CancelScope(shield=True) as scope:
        scope.deadline = anyio.current_time() + grace + _REAP_LIMIT
        if sys.platform == "win32":
            await _taskkill(process)
            await _reaped(process, _REAP_LIMIT)
            return
        # The group id is the child's pid (it called setsid). Use the pid, not os.getpgid(), which
        # fails once the leader is reaped while the rest of its group lives on. The id cannot be
        # reused for a new group while any member, even a zombie, still exists, so signalling it
        # cannot hit an unrelated group.
        pgid = process.pid
        strays = _strays(pgid, marker, also)
        log.debug("sending SIGTERM to process group %d (and %d more)", pgid, len(strays))
        _signal_group(pgid, signal.SIGTERM)
        _signal_each(strays, signal.SIGTERM)
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            if process.returncode is not None and not _group_alive(pgid) and not _alive(strays):
                break
            await anyio.sleep(_POLL)
        else:
            # Unconditionally: the leader may have exited while descendants ignore SIGTERM, and
            # a leader ignoring SIGTERM has had its grace.
            log.debug("sending SIGKILL to process group %d", pgid)
            _signal_group(pgid, signal.SIGKILL)
            # Marked processes started since the first look die too.
            _signal_each({**strays, **_strays(pgid, marker, ())}, signal.SIGKILL)
        await _reaped(process, _REAP_LIMIT)


async def _reaped(process: Process, limit: float) -> None:
    """Wait at most ``limit`` seconds for the child's exit status (our child: it is reaped)."""
    deadline = time.monotonic() + limit
    while process.returncode is None and time.monotonic() < deadline:
        await anyio.sleep(_POLL)


# -- finding processes (Linux: /proc) ---------------------------------------------------------------


@attrs.frozen
class _Proc:
    pid: int
    ppid: int
    pgrp: int
    zombie: bool
    start: int
    """Clock ticks after boot when it started: a pid reused later has another."""


def _stat(pid: int) -> _Proc | None:
    try:
        text = (_PROC / str(pid) / "stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    # The command name is in parentheses and may itself hold spaces and parentheses.
    fields = text.rpartition(")")[2].split()
    try:
        return _Proc(pid, int(fields[1]), int(fields[2]), fields[0] in {"Z", "X"}, int(fields[19]))
    except (IndexError, ValueError):
        return None


def _pids() -> list[int]:
    try:
        return [int(name) for name in os.listdir(_PROC) if name.isdigit()]
    except OSError:
        return []


def descendants(pid: int) -> set[int]:
    """The living descendants of ``pid`` (children, theirs …), from ``/proc``; empty where there is
    none. A process whose parent exited has been re-parented (to init or a subreaper) and is no
    longer found this way: that is what environment markers are for (:func:`marked_processes`)."""
    children: dict[int, list[int]] = {}
    for other in _pids():
        proc = _stat(other)
        if proc is not None and not proc.zombie:
            children.setdefault(proc.ppid, []).append(proc.pid)
    found: set[int] = set()
    pending = [pid]
    while pending:
        for child in children.get(pending.pop(), ()):
            if child not in found:
                found.add(child)
                pending.append(child)
    return found


def marked_processes(name: str, value: str | None = None) -> dict[int, str]:
    """The living processes whose environment (as they were started) holds ``name`` (equal to
    ``value``, when given): pid → the value. Linux only (``/proc/PID/environ``, readable for our
    own processes); empty elsewhere."""
    key = name.encode() + b"="
    found: dict[int, str] = {}
    me = os.getpid()
    for pid in _pids():
        if pid == me:
            continue
        try:
            environ = (_PROC / str(pid) / "environ").read_bytes()
        except OSError:  # gone, or not ours
            continue
        for entry in environ.split(b"\0"):
            if entry.startswith(key):
                text = entry[len(key) :].decode("utf-8", "replace")
                if value is None or text == value:
                    proc = _stat(pid)
                    if proc is not None and not proc.zombie:
                        found[pid] = text
                break
    return found


def _strays(pgid: int, marker: tuple[str, str] | None, also: Collection[int]) -> dict[int, int]:
    """The processes outside group ``pgid`` to stop with it: pid → start time."""
    pids = set(also)
    if marker is not None:
        pids |= set(marked_processes(*marker))
    out: dict[int, int] = {}
    for pid in pids:
        proc = _stat(pid)
        if proc is not None and not proc.zombie and proc.pgrp != pgid and pid != os.getpid():
            out[pid] = proc.start
    return out


def _same(pid: int, start: int) -> bool:
    proc = _stat(pid)
    return proc is not None and not proc.zombie and proc.start == start


def _alive(procs: Mapping[int, int]) -> bool:
    return any(_same(pid, start) for pid, start in procs.items())


def _signal_each(procs: Mapping[int, int], signum: int) -> None:
    for pid, start in procs.items():
        if _same(pid, start):  # not a pid reused since
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signum)


def _group_alive(pgid: int) -> bool:
    """Whether a member of the group still runs (zombies, dead already, do not count where
    ``/proc`` tells them apart)."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    if not _PROC.is_dir():
        return True
    return any(
        proc is not None and proc.pgrp == pgid and not proc.zombie for proc in map(_stat, _pids())
    )


def _signal_group(pgid: int, signum: int) -> None:
    try:
        os.killpg(pgid, signum)
    except ProcessLookupError:
        # Every member has already exited and been reaped: nothing left to kill.
        pass
    except PermissionError:
        # Every remaining member changed its credentials (a setuid program): we cannot signal it.
        log.warning("not permitted to signal process group %d", pgid)


async def _taskkill(process: Process) -> None:
    """Windows: kill the child and its descendants, walking the tree from the child's pid."""
    with anyio.move_on_after(_REAP_LIMIT):
        try:
            await anyio.run_process(
                ["taskkill", "/T", "/F", "/PID", str(process.pid)],
                check=False,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError as exc:
            log.warning("taskkill failed for process %d: %s", process.pid, exc)
    if process.returncode is None:
        # taskkill missed it (or is missing): at least the direct child must die.
        with contextlib.suppress(ProcessLookupError):
            process.kill()
