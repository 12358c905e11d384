"""mem0's open-source library (``pip install mem0ai``) behind the cookbook's REST memory API.

**Why a service and not an in-process adapter.** mem0ai 2.2.1 requires ``protobuf<7``; recallbench
requires ``protobuf>=7.35.1`` (its generated gRPC code refuses older), so pip cannot put the two in
one environment. This file therefore runs in **mem0's own virtual environment** — it imports
neither recallbench nor anything of it — and serves the API of ``rest_memory_server.py``;
recallbench drives it with ``rest_memory.py``, unchanged.

Each memory (``POST /memories``) is a ``mem0.Memory`` with a local Qdrant store and SQLite history
in a directory of its own. Each day's session is one ``Memory.add`` (mem0's model extracts the facts
to keep, tagged with the day), a session listed as isolated kept under its own ``user_id``; a
question is ``Memory.search`` over the shared memories and its own session's, and the answer is
the best memory's text, or "No evidence found in memory." below ``--threshold``.

**Offline.** The model and the embedder are any OpenAI-compatible endpoints (``--llm-url``,
``--embedder-url``): a local model server, or recallbench's FakeProviderServer in the tests. mem0
sends usage telemetry to PostHog (us.i.posthog.com) unless ``MEM0_TELEMETRY=False``, which this
file sets unless you set it yourself; mem0 also writes ``~/.mem0/config.json``.

Run it::

    python3 -m venv .mem0-venv && .mem0-venv/bin/pip install 'mem0ai==2.2.1' aiohttp
    OPENAI_API_KEY=... .mem0-venv/bin/python examples/adapters/mem0_server.py --port 8732 \
        --llm-url https://api.openai.com/v1 --llm-model gpt-4o-mini \
        --embedder-url https://api.openai.com/v1 --embedder-model text-embedding-3-small --dims 1536
    MEMORY_SERVICE_URL=http://127.0.0.1:8732 python -m recallbench run \
        --adapter examples/adapters/rest_memory.py --judge rubric \
        --data personas --personas executive-assistant --arcs arcs-180d.yaml --lifecycle incremental
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import shutil
import socket
import tempfile
import uuid
from typing import Any

os.environ.setdefault("MEM0_TELEMETRY", "False")  # before mem0 is imported: it reads it then

from aiohttp import web
from mem0 import Memory

ABSTAIN = "No evidence found in memory."
SHARED = "shared"
_SESSION = re.compile(r"^# session:\s*(\S+)\s*$", re.M)
_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)


def sessions(content: str) -> dict[str, str]:
    """A day log's session bodies (``# session: ID`` headings); the whole log as ``principal``
    when it has none."""
    text = _FRONT_MATTER.sub("", content, count=1)
    heads = list(_SESSION.finditer(text))
    if not heads:
        return {"principal": text.strip()}
    return {
        m.group(1): text[
            m.end() : heads[i + 1].start() if i + 1 < len(heads) else len(text)
        ].strip()
        for i, m in enumerate(heads)
    }


class Mem0Memory:
    """One benchmark memory: a mem0 ``Memory`` in a directory of its own."""

    def __init__(self, settings: argparse.Namespace) -> None:
        self.directory = tempfile.mkdtemp(prefix="mem0-memory-")
        key = os.environ.get("OPENAI_API_KEY", "unused")
        self.memory = Memory.from_config(
            {
                "llm": {
                    "provider": "openai",
                    "config": {
                        "model": settings.llm_model,
                        "api_key": key,
                        "openai_base_url": settings.llm_url,
                        "temperature": 0.0,
                    },
                },
                "embedder": {
                    "provider": "openai",
                    "config": {
                        "model": settings.embedder_model,
                        "api_key": key,
                        "openai_base_url": settings.embedder_url,
                        "embedding_dims": settings.dims,
                    },
                },
                "vector_store": {
                    "provider": "qdrant",
                    "config": {
                        "path": os.path.join(self.directory, "qdrant"),
                        "on_disk": True,
                        "embedding_model_dims": settings.dims,
                        "collection_name": "memories",
                    },
                },
                "history_db_path": os.path.join(self.directory, "history.db"),
            }
        )
        self.threshold: float = settings.threshold
        self.isolated: set[str] = set()
        self.pending: list[tuple[int, str, str, str]] = []  # day, date, session, body

    def scope(self, session: str) -> str:
        return session if session in self.isolated else SHARED

    def finalize(self) -> None:
        batch, self.pending = self.pending, []
        for day, date, session, body in batch:
            self.memory.add(
                [{"role": "user", "content": f"[{date}] {body}"}],
                user_id=self.scope(session),
                metadata={"day": day, "session": session, "date": date},
            )

    def search(self, question: str, session: str, top_k: int = 10) -> dict[str, Any]:
        scopes = {SHARED, self.scope(session)}
        hits: list[dict[str, Any]] = []
        for scope in sorted(scopes):
            found = self.memory.search(question, top_k=top_k, filters={"user_id": scope})
            hits.extend(found.get("results", []))
        hits.sort(key=lambda h: -float(h.get("score") or 0.0))
        hits = hits[:top_k]
        results = [
            {
                "path": str(h["id"]),
                "day": (h.get("metadata") or {}).get("day"),
                "score": h.get("score"),
                "snippet": str(h.get("memory", ""))[:200],
            }
            for h in hits
        ]
        best = hits[0] if hits else None
        if best is None or float(best.get("score") or 0.0) < self.threshold:
            return {"answer": ABSTAIN, "results": results}
        return {"answer": str(best.get("memory", "")), "results": results}

    def forget(self, day: int) -> bool:
        self.pending = [p for p in self.pending if p[0] != day]
        gone = False
        for scope in {SHARED, *self.isolated}:
            held = self.memory.get_all(filters={"user_id": scope}, top_k=100_000)
            for item in held.get("results", []):
                if (item.get("metadata") or {}).get("day") == day:
                    self.memory.delete(item["id"])
                    gone = True
        return gone

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.memory.close()
        shutil.rmtree(self.directory, ignore_errors=True)


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"error": " ".join(message.split())[:300]}, status=status)


def make_app(settings: argparse.Namespace) -> web.Application:
    memories: dict[str, Mem0Memory] = {}

    def held(request: web.Request) -> Mem0Memory:
        memory = memories.get(request.match_info["id"])
        if memory is None:
            raise web.HTTPNotFound(reason=f"no memory {request.match_info['id']}")
        return memory

    @web.middleware
    async def errors(request: web.Request, handler: Any) -> web.StreamResponse:
        try:
            response: web.StreamResponse = await handler(request)
            return response
        except web.HTTPException as exc:
            return _error(exc.status, exc.reason or "error")
        except (KeyError, ValueError, TypeError) as exc:
            return _error(400, f"bad request: {type(exc).__name__}: {exc}")
        except Exception as exc:  # mem0's own failure (its model or embedder): a 500 with why
            return _error(500, f"mem0: {type(exc).__name__}: {exc}")

    async def health(request: web.Request) -> web.Response:
        import mem0

        return web.json_response(
            {"name": f"mem0-{getattr(mem0, '__version__', '?')}", "memories": len(memories)}
        )

    async def create(request: web.Request) -> web.Response:
        memory = await asyncio.to_thread(Mem0Memory, settings)
        memory_id = uuid.uuid4().hex
        memories[memory_id] = memory
        return web.json_response({"id": memory_id}, status=201)

    async def drop(request: web.Request) -> web.Response:
        memory = held(request)
        del memories[request.match_info["id"]]
        await asyncio.to_thread(memory.close)
        return web.Response(status=204)

    async def add_day(request: web.Request) -> web.Response:
        memory = held(request)
        body = await request.json()
        memory.isolated.update(body.get("isolated_sessions", ()))
        for session, text in sessions(str(body["content"])).items():
            if text:
                memory.pending.append((int(body["day"]), str(body["date"]), session, text))
        return web.Response(status=204)

    async def finalize(request: web.Request) -> web.Response:
        await asyncio.to_thread(held(request).finalize)
        return web.Response(status=204)

    async def search(request: web.Request) -> web.Response:
        memory = held(request)
        body = await request.json()
        question, session = str(body["question"]), str(body.get("session") or "principal")
        return web.json_response(await asyncio.to_thread(memory.search, question, session))

    async def forget(request: web.Request) -> web.Response:
        memory = held(request)
        name = request.match_info["memory_id"]
        match = re.fullmatch(r"day-0*(\d+)", name)
        if match is None:
            return _error(400, f"not a day's memory id: {name}")
        if not await asyncio.to_thread(memory.forget, int(match.group(1))):
            return _error(404, f"memory {request.match_info['id']} holds no {name}")
        return web.Response(status=204)

    app = web.Application(middlewares=[errors], client_max_size=64 * 1024 * 1024)
    app.router.add_get("/health", health)
    app.router.add_post("/memories", create)
    app.router.add_delete("/memories/{id}", drop)
    app.router.add_post("/memories/{id}/days", add_day)
    app.router.add_post("/memories/{id}/finalize", finalize)
    app.router.add_post("/memories/{id}/search", search)
    app.router.add_delete("/memories/{id}/days/{memory_id}", forget)

    async def close_all(app: web.Application) -> None:
        for memory in memories.values():
            memory.close()

    app.on_cleanup.append(close_all)
    return app


async def _serve(settings: argparse.Namespace) -> None:
    runner = web.AppRunner(make_app(settings), access_log=None)
    await runner.setup()
    sock = socket.create_server((settings.host, settings.port))
    await web.SockSite(runner, sock).start()
    print(f"listening on http://{settings.host}:{sock.getsockname()[1]}", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description="mem0 behind the cookbook's REST memory API.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8732, help="0 takes a free port")
    parser.add_argument("--llm-url", required=True, help="an OpenAI-compatible base URL (…/v1)")
    parser.add_argument("--llm-model", default="gpt-4o-mini")
    parser.add_argument("--embedder-url", required=True, help="an OpenAI-compatible base URL")
    parser.add_argument("--embedder-model", default="text-embedding-3-small")
    parser.add_argument("--dims", type=int, default=1536, help="the embedder's vector length")
    parser.add_argument("--threshold", type=float, default=0.3, help="abstain below this score")
    settings = parser.parse_args()
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(settings))


if __name__ == "__main__":
    main()
