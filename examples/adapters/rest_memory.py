"""A memory service behind a REST API, benchmarked through an aiohttp client.

The adapter holds no memory itself: ``setup`` asks the service for a new, empty memory, each day is
POSTed to it, and each question is a search whose reply carries the answer and what was retrieved.
``rest_memory_server.py`` beside this file is a service speaking the same API (its docstring lists
the endpoints); to benchmark your own service, change the paths and bodies below to its API.

Run it against the reference server (from the repository root)::

    python examples/adapters/rest_memory_server.py --port 8731 &
    python -m recallbench run --adapter examples/adapters/rest_memory.py --judge rubric \
        --data personas --personas executive-assistant --arcs arcs-180d.yaml

Config keys (a profile's ``config``): ``url`` (default ``$MEMORY_SERVICE_URL``, else
``http://127.0.0.1:8731``), ``timeout`` (seconds per request, default 30), ``token`` (sent as
``Authorization: Bearer``; default ``$MEMORY_SERVICE_TOKEN``, else none).

**Failures are one line.** A service that cannot be reached, a request that outlives ``timeout``
(:class:`~recallbench.errors.AdapterTimeout`) and an error status (:class:`~recallbench.errors.AdapterError`
with the status and the service's own ``error`` message, or the start of its body) each name the
request. In ``setup`` or ingestion they stop the persona with that line; in a question they are
that question's recorded error and the run goes on.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

import aiohttp

from recallbench import DayMetadata, QueryDetail, RetrievalEntry
from recallbench.errors import AdapterError, AdapterTimeout

DEFAULT_URL = "http://127.0.0.1:8731"


class RestMemory:
    """The memory system under test, over HTTP."""

    name = "rest-memory"

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        config = dict(config or {})
        self.url = str(
            config.pop("url", None) or os.environ.get("MEMORY_SERVICE_URL") or DEFAULT_URL
        )
        self.url = self.url.rstrip("/")
        self.timeout = float(config.pop("timeout", 30))
        self.token = config.pop("token", None) or os.environ.get("MEMORY_SERVICE_TOKEN")
        if config:
            raise ValueError(f"unknown config keys {sorted(config)}: use url, timeout, token")
        self.http: aiohttp.ClientSession | None = None
        self.memory_id: str | None = None

    async def _call(
        self,
        method: str,
        path: str,
        body: Mapping[str, Any] | None = None,
        *,
        http: aiohttp.ClientSession | None = None,
    ) -> Any:
        """One request; its JSON reply (None for 204), or a one-line error naming the request."""
        http = http or self.http
        assert http is not None, "setup() first"
        what = f"memory service {method} {self.url}{path}"
        try:
            async with http.request(method, self.url + path, json=body) as reply:
                if reply.status >= 400:
                    raise AdapterError(f"{what}: HTTP {reply.status}: {await _message(reply)}")
                if reply.status == 204:
                    return None
                return await reply.json()
        except TimeoutError as exc:
            raise AdapterTimeout(f"{what}: no reply within {self.timeout:g} s") from exc
        except aiohttp.ClientConnectionError as exc:
            raise AdapterError(f"{what}: cannot reach the service ({exc})") from exc
        except aiohttp.ContentTypeError as exc:
            raise AdapterError(f"{what}: the reply is not JSON ({exc.message})") from exc

    async def healthcheck(self) -> str:
        """The service's name, shown in the report as the adapter's (and a first check it is up).
        Called before ``setup``, and ``teardown`` does not follow when it fails: its connection
        pool is its own."""
        async with self._session() as http:
            health = await self._call("GET", "/health", http=http)
        return f"rest:{health.get('name', 'memory')}"

    def _session(self) -> aiohttp.ClientSession:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        return aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=self.timeout), headers=headers
        )

    async def setup(self) -> None:
        """A new, empty memory on the service."""
        if self.http is None:
            self.http = self._session()
        created = await self._call("POST", "/memories")
        self.memory_id = str(created["id"])

    async def ingest_day(self, day: int, content: str, metadata: DayMetadata) -> None:
        await self._call(
            "POST",
            f"/memories/{self.memory_id}/days",
            {
                "day": day,
                "content": content,
                "date": metadata.date,
                "persona_id": metadata.persona_id,
                "isolated_sessions": list(metadata.isolated_sessions),
            },
        )

    async def finalize_ingestion(self) -> None:
        await self._call("POST", f"/memories/{self.memory_id}/finalize")

    async def query_detail(self, question: str, *, session: str = "principal") -> QueryDetail:
        found = await self._call(
            "POST", f"/memories/{self.memory_id}/search", {"question": question, "session": session}
        )
        retrieval = tuple(
            RetrievalEntry(
                path=str(r.get("path", "")),
                score=r.get("score"),
                snippet=r.get("snippet"),
                day=r.get("day"),
            )
            for r in found.get("results", ())
        )
        return QueryDetail(answer=str(found["answer"]), retrieval=retrieval)

    async def query(self, question: str, *, session: str = "principal") -> str:
        return (await self.query_detail(question, session=session)).answer

    async def delete_memory(self, memory_id: str) -> None:
        """Forget one day (``"day-0007"``); ``KeyError`` when the service does not hold it."""
        try:
            await self._call("DELETE", f"/memories/{self.memory_id}/days/{memory_id}")
        except AdapterError as exc:
            if ": HTTP 404:" in str(exc):
                raise KeyError(memory_id) from exc
            raise

    async def teardown(self) -> None:
        """Drop the memory on the service and close the connection pool, whatever happened."""
        try:
            if self.memory_id is not None and self.http is not None:
                try:
                    await self._call("DELETE", f"/memories/{self.memory_id}")
                except AdapterError as exc:
                    if ": HTTP 404:" not in str(exc):  # gone already: nothing to release
                        raise
        finally:
            self.memory_id = None
            if self.http is not None:
                await self.http.close()
                self.http = None


async def _message(reply: aiohttp.ClientResponse) -> str:
    """The service's own ``error`` message, or the start of whatever it sent, on one line."""
    text = await reply.text(errors="replace")
    try:
        error = json.loads(text).get("error")
    except (ValueError, AttributeError):
        error = None
    message = str(error) if error else (text.strip() or reply.reason or "no body")
    return " ".join(message.split())[:300]


adapter = RestMemory
