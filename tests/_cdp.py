"""Test-only: a small Chrome DevTools Protocol client over aiohttp's websocket, and a headless
Chromium started as a process group of its own (so the renderer, GPU and zygote helpers die with it).

Just enough of the protocol to load a page, collect what it logs, evaluate JavaScript and take a
screenshot; no playwright or selenium.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path
from typing import Any

import aiohttp
import anyio

__all__ = [
    "CHROMIUM_MISSING",
    "Browser",
    "CdpError",
    "Page",
    "find_chromium",
    "launch_chromium",
]

CHROMIUM_MISSING = (
    "headless Chromium not found: install Debian's chromium (apt-get install chromium) or set "
    "RECALLBENCH_CHROMIUM"
)
_CANDIDATES = ("chromium", "chromium-browser", "google-chrome")
_START_LIMIT = 30.0


def find_chromium() -> str | None:
    """``RECALLBENCH_CHROMIUM``, else the first of chromium, chromium-browser, google-chrome on PATH."""
    named = os.environ.get("RECALLBENCH_CHROMIUM")
    if named:
        return named if Path(named).is_file() else shutil.which(named)
    for name in _CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


class CdpError(RuntimeError):
    """The browser answered a command with an error, or did not start."""


class Page:
    """One page target: commands by id, events collected in arrival order."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self._ws = ws
        self._next_id = 0
        self._pending: dict[int, tuple[anyio.Event, list[Mapping[str, Any]]]] = {}
        self.events: list[Mapping[str, Any]] = []
        self._event_arrived = anyio.Event()

    async def read_forever(self) -> None:
        async for msg in self._ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            data = json.loads(msg.data)
            if "id" in data:
                waiter = self._pending.pop(data["id"], None)
                if waiter is not None:
                    waiter[1].append(data)
                    waiter[0].set()
            else:
                self.events.append(data)
                self._event_arrived.set()
                self._event_arrived = anyio.Event()
        for event, _box in self._pending.values():
            event.set()  # the socket closed: wake every caller (they raise)

    async def send(self, method: str, **params: Any) -> Mapping[str, Any]:
        """Send a command and return its ``result``; an error reply raises :class:`CdpError`."""
        self._next_id += 1
        ident = self._next_id
        done = anyio.Event()
        box: list[Mapping[str, Any]] = []
        self._pending[ident] = (done, box)
        await self._ws.send_str(json.dumps({"id": ident, "method": method, "params": params}))
        with anyio.fail_after(60):
            await done.wait()
        if not box:
            raise CdpError(f"{method}: the DevTools connection closed")
        reply = box[0]
        if "error" in reply:
            raise CdpError(f"{method}: {reply['error']}")
        result: Mapping[str, Any] = reply.get("result", {})
        return result

    async def wait_for(
        self,
        method: str,
        predicate: Callable[[Mapping[str, Any]], bool] = lambda _p: True,
        *,
        timeout: float = 30.0,
    ) -> Mapping[str, Any]:
        """The params of the first event ``method`` (already received or still to come) that
        satisfies ``predicate``."""
        seen = 0
        with anyio.fail_after(timeout):
            while True:
                for event in self.events[seen:]:
                    params = event.get("params", {})
                    if event.get("method") == method and predicate(params):
                        return dict(params)
                seen = len(self.events)
                await self._event_arrived.wait()

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression (promises awaited); a thrown error raises."""
        reply = await self.send(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in reply:
            details = reply["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise CdpError(f"evaluating {expression[:60]!r}: {text}")
        return reply.get("result", {}).get("value")

    async def screenshot(self) -> bytes:
        """The viewport as PNG bytes."""
        reply = await self.send("Page.captureScreenshot", format="png")
        return base64.b64decode(reply["data"])

    def errors(self) -> list[str]:
        """Console errors, uncaught exceptions and browser log errors seen so far."""
        out: list[str] = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                args = params.get("args", [])
                out.append("console: " + " ".join(str(a.get("value", a)) for a in args))
            elif method == "Runtime.exceptionThrown":
                details = params.get("exceptionDetails", {})
                text = details.get("exception", {}).get("description") or details.get("text")
                out.append(f"exception: {text}")
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                entry = params["entry"]
                out.append(
                    f"log ({entry.get('source')}): {entry.get('text')} {entry.get('url', '')}"
                )
        return out


class Browser:
    """A running headless Chromium and the HTTP address of its DevTools endpoint."""

    def __init__(self, process: subprocess.Popen[bytes], port: int, http: aiohttp.ClientSession):
        self.process = process
        self.port = port
        self._http = http

    @contextlib.asynccontextmanager
    async def page(self) -> AsyncIterator[Page]:
        """The browser's first page target, with Page, Runtime and Log events enabled."""
        async with self._http.get(f"http://127.0.0.1:{self.port}/json/list") as response:
            targets = await response.json()
        url = next(t["webSocketDebuggerUrl"] for t in targets if t.get("type") == "page")
        # Screenshots arrive as one large base64 message: no size limit.
        async with self._http.ws_connect(url, max_msg_size=0) as ws:
            page = Page(ws)
            # A plain task rather than a task group, so that a failed assertion in the test body
            # surfaces as itself, not wrapped in an exception group. Closing the socket ends it.
            reader = asyncio.get_running_loop().create_task(page.read_forever())
            try:
                for domain in ("Page", "Runtime", "Log"):
                    await page.send(f"{domain}.enable")
                yield page
            finally:
                await ws.close()
                await reader


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM Chromium's process group, wait a little, SIGKILL whatever is left; return once the
    leader is reaped and the group is empty (or after a bounded wait)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5.0)
    # The leader may be gone while its helpers (renderer, zygote, GPU) linger: kill the rest.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=5.0)
    deadline = time.monotonic() + 5.0
    while _group_alive(process.pid) and time.monotonic() < deadline:
        time.sleep(0.02)  # orphaned helpers are reaped by init, not by us


def _read_port(profile: Path, log: Path, process: subprocess.Popen[bytes]) -> int:
    active = profile / "DevToolsActivePort"
    deadline = time.monotonic() + _START_LIMIT
    while time.monotonic() < deadline:
        if active.is_file():
            first = active.read_text(encoding="utf-8").split("\n", 1)[0].strip()
            if first.isdigit():
                return int(first)
        if process.poll() is not None:
            break
        time.sleep(0.05)
    tail = log.read_text(encoding="utf-8", errors="replace")[-2000:]
    raise CdpError(f"Chromium did not open its DevTools port (exit {process.poll()}): {tail}")


@contextlib.asynccontextmanager
async def launch_chromium(executable: str, workdir: Path) -> AsyncIterator[Browser]:
    """Start a headless Chromium with a fresh profile under ``workdir``; kill its process group
    on exit, whatever happened."""
    if sys.platform == "win32":  # pragma: no cover - the suite runs the browser on Linux
        raise CdpError("the Chromium test harness kills a POSIX process group")
    profile = workdir / "profile"
    profile.mkdir(parents=True, exist_ok=True)
    log = workdir / "chromium.log"
    command = [
        executable,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--window-size=1400,1000",
        f"--user-data-dir={profile}",
        "--remote-debugging-port=0",
        "about:blank",
    ]
    with log.open("wb") as sink:
        # A session of its own: the renderer, GPU and zygote processes share its group, so one
        # killpg reaches them all (a plain terminate() would leave them behind).
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=sink, stderr=sink, start_new_session=True
        )
    try:
        port = await anyio.to_thread.run_sync(_read_port, profile, log, process)
        async with aiohttp.ClientSession() as http:
            yield Browser(process, port, http)
    finally:
        _kill_group(process)
