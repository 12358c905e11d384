"""A companion process (an embedding server a system needs), checked to be what answers its URL.

A readiness URL that answers proves only that *something* listens on its port. Before the companion
starts, the port must be free; once the URL answers, every socket listening on that port (on the
URL's address or a wildcard) must belong to the companion or a process it started. Who holds a
socket is read from the kernel (Linux): ``/proc/net/tcp`` and ``tcp6`` give each listening
socket's address and inode, and the ``socket:[inode]`` links under ``/proc/<pid>/fd`` give its
owners. Anything else is refused with one line naming the port and the other process, so a figure
is never measured against a stranger left on the port (an earlier run's server, another user's).
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Mapping
from pathlib import Path

import attrs

from .errors import Refusal
from .sampling import command_line, descendants

__all__ = ["Companion", "Listener", "holders", "listeners", "url_port"]

LISTEN = "0A"
"""The TCP state ``/proc/net/tcp`` shows for a listening socket."""


@attrs.frozen
class Listener:
    """A listening TCP socket and the processes holding it (empty when none is visible here)."""

    address: str
    port: int
    inode: int
    pids: tuple[int, ...]


def _address(hex_address: str) -> str:
    """``/proc/net/tcp`` spells an address as the bytes of 32-bit words in host order."""
    raw = bytes.fromhex(hex_address)
    words = b"".join(
        int.from_bytes(raw[i : i + 4], sys.byteorder).to_bytes(4, "big")
        for i in range(0, len(raw), 4)
    )
    return str(ipaddress.ip_address(words))


def _socket_owners() -> dict[int, list[int]]:
    """Socket inode → the pids holding a descriptor on it."""
    owners: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            fds = os.scandir(f"/proc/{entry.name}/fd")
        except OSError:  # gone, or not ours to read
            continue
        with fds:
            for fd in fds:
                try:
                    target = os.readlink(fd.path)
                except OSError:
                    continue
                if target.startswith("socket:["):
                    owners.setdefault(int(target[8:-1]), []).append(int(entry.name))
    return owners


def listeners(port: int) -> list[Listener]:
    """The TCP sockets listening on ``port`` now, IPv4 and IPv6, with their holders."""
    found: list[tuple[str, int]] = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            local, state, inode = fields[1], fields[3], int(fields[9])
            address, _, hex_port = local.partition(":")
            if state == LISTEN and int(hex_port, 16) == port:
                found.append((_address(address), inode))
    if not found:
        return []
    owners = _socket_owners()
    return [
        Listener(address=a, port=port, inode=i, pids=tuple(sorted(set(owners.get(i, ())))))
        for a, i in found
    ]


def url_port(url: str) -> tuple[str, int]:
    """The host and port a URL connects to."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Refusal(f"--companion-ready {url}: expected an http:// or https:// URL with a host")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as exc:
        raise Refusal(f"--companion-ready {url}: {exc}") from None
    return parts.hostname, port


def _serves(listener: Listener, host: str) -> bool:
    """Whether a connection to ``host`` could reach this listener (its address or a wildcard)."""
    try:
        targets = {ipaddress.ip_address(info[4][0]) for info in socket.getaddrinfo(host, None)}
    except OSError:
        return True  # unresolvable here: count every listener on the port
    address = ipaddress.ip_address(listener.address)
    if address.is_unspecified:
        return True
    mapped = getattr(address, "ipv4_mapped", None)
    return address in targets or (mapped is not None and mapped in targets)


def _describe(pid: int) -> str:
    argv = command_line(pid)
    return f"pid {pid} ({shlex.join(argv)[:120]})" if argv else f"pid {pid}"


def holders(url: str) -> list[Listener]:
    """The listeners a connection to ``url`` could reach."""
    host, port = url_port(url)
    return [listener for listener in listeners(port) if _serves(listener, host)]


def strangers(url: str, own: set[int]) -> list[str]:
    """One description per listener on ``url``'s port not held by a pid in ``own``."""
    out = []
    for listener in holders(url):
        if not listener.pids:
            out.append(
                f"a socket on {listener.address} no process visible here holds (inode {listener.inode})"
            )
        elif not own.intersection(listener.pids):
            out.append(", ".join(_describe(p) for p in listener.pids))
    return out


class Companion:
    """A helper process started for a run: checked at start, stopped as a process group."""

    def __init__(
        self, command: str, ready_url: str, *, cwd: Path, env: Mapping[str, str], log: Path
    ) -> None:
        self.command, self.ready_url, self.log = command, ready_url, log
        self.cwd, self.env = cwd, dict(env)
        self.process: subprocess.Popen[bytes] | None = None
        self.ready_seconds: float | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self, timeout: float = 120.0) -> Companion:
        """Start the companion on a free port and wait until it, and only it, answers.

        Raises:
            Refusal: the port is held by another process before or after the start, the companion
                exited first, or the URL did not answer within ``timeout`` seconds.
        """
        _, port = url_port(self.ready_url)
        if taken := strangers(self.ready_url, set()):
            raise Refusal(
                f"--companion: port {port} of {self.ready_url} is already held by {taken[0]}, "
                "not by a companion started here; stop it or give the companion another port"
            )
        argv = shlex.split(self.command)
        if not argv:
            raise Refusal("--companion: an empty command")
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("wb") as log:
            try:
                # Its own session: stopping it stops whatever it started (a shell's children too).
                self.process = subprocess.Popen(
                    argv,
                    cwd=self.cwd,
                    env=self.env,
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            except OSError as exc:
                raise Refusal(f"--companion {self.command!r}: {exc.strerror or exc}") from None
        t0 = time.perf_counter()
        while not self._answers():
            code = self.process.poll()
            if code is not None:
                last = self._last_line()
                raise Refusal(
                    f"--companion exited with code {code} before {self.ready_url} answered"
                    + (f": {last}" if last else "")
                )
            if time.perf_counter() - t0 > timeout:
                raise Refusal(
                    f"--companion: {self.ready_url} did not answer within {timeout:.0f} s"
                )
            time.sleep(0.25)
        self.ready_seconds = time.perf_counter() - t0
        self.check()
        return self

    def check(self) -> None:
        """Refuse unless what listens on the readiness URL's port is the companion's tree.

        Raises:
            Refusal: naming the port and the process that holds it instead.
        """
        _, port = url_port(self.ready_url)
        own = descendants(self.pid)
        others = strangers(self.ready_url, own)
        if others:
            raise Refusal(
                f"--companion: what answers {self.ready_url} (port {port}) is {others[0]}, not the "
                f"companion (pid {self.pid}) or a process it started; stop it or give the "
                "companion another port"
            )
        if not any(own.intersection(listener.pids) for listener in holders(self.ready_url)):
            raise Refusal(
                f"--companion: nothing the companion (pid {self.pid}) started listens on port {port}"
            )

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def code(self) -> int | None:
        """The companion's exit code, None while it runs (or before it started)."""
        return None if self.process is None else self.process.poll()

    def stop(self, grace: float = 10.0) -> None:
        """SIGTERM the companion's process group, then SIGKILL what is left after ``grace``."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(grace)
        # The leader may be gone while a child of its own ignores SIGTERM: the group goes anyway.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        # Its children are reaped by whoever inherits them: wait (bounded) until the group is
        # empty, so the port is free when this returns.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)

    def _answers(self) -> bool:
        try:
            with urllib.request.urlopen(self.ready_url, timeout=2) as reply:
                return bool(reply.status < 500)
        except OSError:
            return False

    def _last_line(self) -> str:
        try:
            lines = self.log.read_text(errors="replace").strip().splitlines()
        except OSError:
            return ""
        return lines[-1][:200] if lines else ""
