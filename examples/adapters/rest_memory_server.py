"""A small memory service behind a REST API (aiohttp.web): the server ``rest_memory.py`` talks to.

A stand-in for your own memory service, to read and to run. Each memory is a separate store, made by
``POST /memories`` and dropped by ``DELETE /memories/{id}``; its search is recallbench's BM25
baseline (``builtin:bm25``), so its answers are exactly that baseline's. Replace the ``Memory``
calls with your service's own.

Run it (from the repository root), then point the client at it::

    python examples/adapters/rest_memory_server.py --port 8731
    MEMORY_SERVICE_URL=http://127.0.0.1:8731 python -m recallbench run \
        --adapter examples/adapters/rest_memory.py --judge rubric \
        --data personas --personas executive-assistant --arcs arcs-180d.yaml

``--port 0`` takes a free port; the first line printed is ``listening on http://HOST:PORT``.

The API (JSON in, JSON out; an error is ``{"error": "<one line>"}`` with a 4xx/5xx status):

=======  ================================  =============================================  ==========
method   path                              body                                           reply
=======  ================================  =============================================  ==========
GET      /health                           --                                             {name, memories}
POST     /memories                         --                                             201 {id}
DELETE   /memories/{id}                    --                                             204
POST     /memories/{id}/days               {day, content, date, persona_id,               204
                                           isolated_sessions}
POST     /memories/{id}/finalize           --                                             204
POST     /memories/{id}/search             {question, session}                            {answer, results:
                                                                                          [{path, day, score,
                                                                                          snippet}]}
DELETE   /memories/{id}/days/{memory_id}   --                                             204, 404 if not held
=======  ================================  =============================================  ==========
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import socket
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from recallbench import DayMetadata
from recallbench._jsonread import MAX_DEPTH, JSONTooDeep, json_loads
from recallbench.adapters import builtin_adapter
from recallbench.adapters.base import to_query_detail

NAME = "rest-memory-server"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"error": message}, status=status)


@web.middleware
async def _errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every failure as ``{"error": ...}`` with its status, never an HTML page or a traceback."""
    try:
        return await handler(request)
    except web.HTTPException as exc:
        return _error(exc.status, exc.reason or "error")
    except (KeyError, ValueError, TypeError) as exc:
        return _error(400, f"bad request: {type(exc).__name__}: {exc}")
    except Exception as exc:  # the service's own failure: a 500 the client can report
        return _error(500, f"{type(exc).__name__}: {exc}")


class MemoryService:
    """The stores, by id. Each one is a ``builtin:bm25`` adapter: your service goes here."""

    def __init__(self) -> None:
        self.memories: dict[str, Any] = {}

    def memory(self, request: web.Request) -> Any:
        memory = self.memories.get(request.match_info["id"])
        if memory is None:
            raise web.HTTPNotFound(reason=f"no memory {request.match_info['id']}")
        return memory

    async def health(self, request: web.Request) -> web.Response:
        return web.json_response({"name": NAME, "memories": len(self.memories)})

    async def create(self, request: web.Request) -> web.Response:
        memory = builtin_adapter("bm25")
        await memory.setup()
        memory_id = uuid.uuid4().hex
        self.memories[memory_id] = memory
        return web.json_response({"id": memory_id}, status=201)

    async def drop(self, request: web.Request) -> web.Response:
        memory = self.memory(request)
        del self.memories[request.match_info["id"]]
        await memory.teardown()
        return web.Response(status=204)

    async def add_day(self, request: web.Request) -> web.Response:
        memory = self.memory(request)
        body = await _json(request)
        day = _field(body, "day", int, "a whole number from 1")
        if day < 1:
            raise _bad_field("day", "a whole number from 1", day)
        isolated = _field(body, "isolated_sessions", list, "a list of session ids", default=[])
        if not all(isinstance(session, str) for session in isolated):
            raise _bad_field("isolated_sessions", "a list of session ids", isolated)
        metadata = DayMetadata(
            day_number=day,
            date=_field(body, "date", str, "a string"),
            persona_id=_field(body, "persona_id", str, "a string", default=""),
            isolated_sessions=tuple(isolated),
        )
        await memory.ingest_day(day, _field(body, "content", str, "a string"), metadata)
        return web.Response(status=204)

    async def finalize(self, request: web.Request) -> web.Response:
        await self.memory(request).finalize_ingestion()
        return web.Response(status=204)

    async def search(self, request: web.Request) -> web.Response:
        memory = self.memory(request)
        body = await _json(request)
        question = _field(body, "question", str, "a string")
        session = _field(body, "session", str, "a session id", default=None) or "principal"
        detail = to_query_detail(await memory.query_detail(question, session=session))
        results = [
            {"path": r.path, "day": r.day, "score": r.score, "snippet": r.snippet}
            for r in detail.retrieval
        ]
        return web.json_response({"answer": detail.answer, "results": results})

    async def forget(self, request: web.Request) -> web.Response:
        memory = self.memory(request)
        try:
            await memory.delete_memory(request.match_info["memory_id"])
        except KeyError:
            return _error(
                404, f"memory {request.match_info['id']} holds no {request.match_info['memory_id']}"
            )
        return web.Response(status=204)


async def _json(request: web.Request) -> dict[str, Any]:
    # recallbench's own reader: the standard parser recurses, so a body nested a few thousand levels
    # deep would be a RecursionError (a 500); this one refuses past 200 levels, as a ValueError.
    text = await request.text()
    try:
        body = json_loads(text)
    except JSONTooDeep as exc:
        raise web.HTTPBadRequest(
            reason=f"the body is nested too deep: more than {MAX_DEPTH} levels"
        ) from exc
    except ValueError as exc:
        raise web.HTTPBadRequest(reason=f"the body is not JSON: {exc}") from exc
    if not isinstance(body, dict):
        raise web.HTTPBadRequest(reason="the body must be a JSON object")
    return body


_NO_DEFAULT: Any = object()


def _field(
    body: dict[str, Any], name: str, kind: type, expected: str, default: Any = _NO_DEFAULT
) -> Any:
    """``body[name]`` when it is a ``kind`` (a JSON ``true`` is no number, ``1e400`` no integer);
    ``default`` when it is absent or null and may be; else a 400 naming the field."""
    value = body.get(name)
    if value is None and default is not _NO_DEFAULT:
        return default
    if name not in body:
        raise web.HTTPBadRequest(reason=f"field {name!r} is missing: expected {expected}")
    if not isinstance(value, kind) or isinstance(value, bool):
        raise _bad_field(name, expected, value)
    return value


def _bad_field(name: str, expected: str, value: Any) -> web.HTTPBadRequest:
    shown = json.dumps(value)  # inf is shown as Infinity, as JSON readers parse 1e400
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return web.HTTPBadRequest(reason=f"field {name!r} must be {expected}, got {shown}")


def make_app() -> web.Application:
    """The service as an aiohttp application (tests and embedders start it themselves)."""
    service = MemoryService()
    app = web.Application(middlewares=[_errors], client_max_size=64 * 1024 * 1024)
    app.router.add_get("/health", service.health)
    app.router.add_post("/memories", service.create)
    app.router.add_delete("/memories/{id}", service.drop)
    app.router.add_post("/memories/{id}/days", service.add_day)
    app.router.add_post("/memories/{id}/finalize", service.finalize)
    app.router.add_post("/memories/{id}/search", service.search)
    app.router.add_delete("/memories/{id}/days/{memory_id}", service.forget)
    return app


async def start(host: str = "127.0.0.1", port: int = 0) -> tuple[web.AppRunner, str]:
    """Serve :func:`make_app` on ``host:port`` (0: a free port); the runner (``await
    runner.cleanup()`` stops it) and the base URL."""
    runner = web.AppRunner(make_app(), access_log=None)
    await runner.setup()
    # Our own socket, so the port is known when the system picked it.
    sock = socket.create_server((host, port))
    await web.SockSite(runner, sock).start()
    return runner, f"http://{host}:{sock.getsockname()[1]}"


async def _serve(host: str, port: int) -> None:
    runner, url = await start(host, port)
    print(f"listening on {url}", flush=True)
    try:
        await asyncio.Event().wait()  # until Ctrl-C
    finally:
        await runner.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description="A small REST memory service for recallbench.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8731, help="0 takes a free port")
    args = parser.parse_args()
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(args.host, args.port))


if __name__ == "__main__":
    main()
