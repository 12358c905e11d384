"""Whether an HTTP model endpoint is alive: telling a hung server from a slow generation.

A non-streaming completion sends nothing until the whole reply is generated, so a server that
accepted the connection and hung looks, from the request alone, exactly like one generating a long
reply — and the per-attempt timeout (600 s, long generations are slow) is the only way out: a run
judged by a hung endpoint used to take 3 × 300 s to stop. So the silence is checked another way:

* **Connect**: a TCP connection takes at most :data:`CONNECT_TIMEOUT` (10 s) to open.
* **Silence**: when a request to an endpoint has waited :data:`PROBE_AFTER` (15 s) and the endpoint
  has answered nothing in that time — no response to any request from this process — one probe is
  sent (a ``GET`` of the same URL, no key, on a new connection) and given :data:`PROBE_TIMEOUT`
  (10 s). *Any* HTTP answer (a 405, a 401, a 404) proves the server is serving: the request waits
  on, up to its own timeout, and so long generations are never cut. No answer to the probe either
  and the endpoint is **down**: the request fails with :class:`EndpointDown` naming the URL, about
  25 s after it was sent.
* **Refused**: an endpoint that has never answered this process and refuses (or resets) every
  connection of a call's attempts is down too.

A down endpoint stays down for :data:`DOWN_FOR` (60 s): every request to it fails at once with the
same message (not retried), so the run's own limits (three judge failures in a row, the adapter
error limit) stop it in seconds, saying which endpoint. After that the next request tries again.
An endpoint that has answered before and then refuses connections (a restart) is retried as usual.

What it cannot tell apart: a server that serves one request at a time and takes longer than
:data:`PROBE_AFTER` + :data:`PROBE_TIMEOUT` to generate looks hung (give such a server its own
``HttpModel`` with ``probe_after=None``).

:class:`Liveness` itself knows no HTTP: the probe is a callable, what is said of a hung peer is
given to it, and :meth:`Liveness.watch` may watch the requests of a whole connection at once (the
MCP adapter pings a stdio server the same way: :mod:`recallbench.adapters.mcp.server`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable

import anyio

__all__ = [
    "CONNECT_TIMEOUT",
    "DOWN_FOR",
    "PROBE_AFTER",
    "PROBE_TIMEOUT",
    "Liveness",
    "liveness_of",
]

CONNECT_TIMEOUT = 10.0
"""Seconds to open a TCP connection to a model endpoint."""

PROBE_AFTER = 15.0
"""Seconds of silence from an endpoint, with a request waiting, before it is probed."""

PROBE_TIMEOUT = 10.0
"""Seconds the probe waits for any HTTP answer before the endpoint is taken as down."""

DOWN_FOR = 60.0
"""Seconds a down endpoint fails every request at once before it is tried again."""


class Liveness:
    """What one endpoint (a URL) has shown of life in this process.

    Args:
        where: the endpoint, as messages name it.
        silence: what a hung endpoint did, in the message that declares it down.
        probe: what the probe is, in that message.
        probe_timeout: the seconds the probe is given, in that message.
    """

    def __init__(
        self,
        where: str,
        *,
        silence: str = "accepted the connection but answered nothing",
        probe: str = "a probe (GET)",
        probe_timeout: float = PROBE_TIMEOUT,
    ) -> None:
        self.where = where
        self.silence = silence
        self.probe = probe
        self.probe_timeout = probe_timeout
        self.last_heard = -math.inf
        """When it last answered anything (``time.monotonic()``); -inf: never."""
        self.down_reason: str | None = None
        self._down_until = 0.0
        self._probing: anyio.Event | None = None

    @property
    def ever_heard(self) -> bool:
        return self.last_heard > -math.inf

    def heard(self) -> None:
        """An HTTP answer (any status) arrived from the endpoint."""
        self.last_heard = time.monotonic()
        self.down_reason = None

    def down(self) -> str | None:
        """Why the endpoint is down, while it is taken to be; else None."""
        if self.down_reason is not None and time.monotonic() >= self._down_until:
            self.down_reason = None
        return self.down_reason

    def mark_down(self, reason: str) -> None:
        self.down_reason = reason
        self._down_until = time.monotonic() + DOWN_FOR

    async def watch(
        self,
        probe: Callable[[], Awaitable[bool]],
        probe_after: float,
        *,
        waiting_since: Callable[[], float | None] | None = None,
    ) -> str:
        """Return (only) once the endpoint is found down while a request waits on it; the caller
        runs this beside the request and abandons the request when it returns. ``probe`` sends
        the probe and says whether any answer came within :data:`PROBE_TIMEOUT`; one probe at a
        time per endpoint, shared by every request waiting.

        ``waiting_since`` watches many requests at once: it gives when the oldest request still
        owed an answer was sent (``time.monotonic()``), or None while none is; without it, the
        request is the one this call was made for, sent when it was made."""
        started = time.monotonic()

        def since() -> float | None:
            return started if waiting_since is None else waiting_since()

        while True:
            sent = since()
            quiet_since = max(time.monotonic() if sent is None else sent, self.last_heard)
            await anyio.sleep(max(quiet_since + probe_after - time.monotonic(), 0.0))
            reason = self.down()
            if reason is not None:
                return reason
            sent = since()
            if sent is None or time.monotonic() - max(sent, self.last_heard) < probe_after:
                continue  # nothing is waiting, or it answered something meanwhile
            if self._probing is not None:
                await self._probing.wait()
                continue
            self._probing = done = anyio.Event()
            try:
                alive = await probe()
            finally:
                self._probing = None
                done.set()
            if alive:
                self.heard()
                continue
            waited = time.monotonic() - (since() or sent)
            self.mark_down(
                f"{self.where} {self.silence} in {waited:.0f} s, nor {self.probe} in "
                f"{self.probe_timeout:g} s: the server looks hung"
            )
            return self.down_reason or ""


_ENDPOINTS: dict[str, Liveness] = {}


def liveness_of(where: str) -> Liveness:
    """The process's liveness record of the endpoint at ``where`` (a URL without its query)."""
    found = _ENDPOINTS.get(where)
    if found is None:
        found = _ENDPOINTS[where] = Liveness(where)
    return found
