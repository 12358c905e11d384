"""A small memory server that speaks MCP, for testing the MCP adapter (and an MCP client of your own)
against a real server process::

    python -m recallbench.testing.mcp_memory_server              # stdio
    python -m recallbench.testing.mcp_memory_server --http 8765  # streamable HTTP, 127.0.0.1:8765/mcp

Tools: ``remember(id, text, day?, session?, tags?, namespace?)``, ``search(query, limit=10,
namespace?)`` (hits ranked by how many of the query's words each holds; ``OR`` is ignored),
``forget(id, namespace?)``, ``replace(id, text, namespace?)``, ``stats(namespace?)``; with
``--namespaces`` also ``create_namespace(namespace)`` and ``reset(namespace?)`` (forget a namespace's
memories, or every memory). Memories live in namespaces (``""`` unless one is named), so units
sharing one server over HTTP can be kept apart. Each result is structured content; a search's carries ``serverMicros``, the
time its handler took, so a client can tell its own cost from the server's
(benchmarks/mcp_overhead.py). ``MCP_MEMORY_FILE`` (or ``--file``) keeps the memories in a JSON file,
rewritten on each write.

Knobs that shape its answers, for the mapping's v2 keys: ``--columns`` (search answers in columns,
as Chroma does: ``{ids: [[…]], documents: [[…]], distances: [[…]], metadatas: [[…]]}``), ``--prose``
(search answers in text only: ``1. <text>\\n   id: <id> · score: <s> · tags: <a, b>`` per hit,
``No memories found.`` for none), ``--strict-namespaces`` (a namespace must be made by
``create_namespace`` before it is written to or searched; implies ``--namespaces``), ``--refuse TEXT`` (``remember`` refuses a
memory whose text holds TEXT: ``{"success": false, "message": …}``; with ``--refuse-as-error`` an
error result instead).

Knobs that make it fail, for the adapter's failure tests: ``--die-after N`` (the process exits
during its Nth tool call, after a line on stderr; with ``--die-once FILE`` only while ``FILE`` is
not there, which it creates as it dies), ``--malformed`` (search returns a string where
the hits should be), ``--without TOOL`` (the tool is not offered), ``--error-on TOOL`` (the tool
answers with an error result).

Needs the ``mcp`` extra. Importing this module imports mcp; ``recallbench.testing`` does not.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

__all__ = ["build_server", "main"]

_WORD = re.compile(r"[a-z0-9]+")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower())) - {"or", "and"}


def _columns(hits: list[dict[str, Any]]) -> dict[str, Any]:
    """Hits as Chroma's query gives them: one list per field, inside a list per query."""
    return {
        "ids": [[h["id"] for h in hits]],
        "documents": [[h["text"] for h in hits]],
        "distances": [[1.0 / (1.0 + h["score"]) for h in hits]],
        "metadatas": [[{"day": h["day"], "session": h["session"]} for h in hits]],
        "embeddings": None,
    }


def _prose(hits: list[dict[str, Any]], query: str) -> str:
    if not hits:
        return f"No memories found for query: '{query}'."
    lines = [f"Found {len(hits)} memories for query: '{query}'", ""]
    for n, h in enumerate(hits, 1):
        tags = ", ".join(h.get("tags") or [])
        lines.append(f"{n}. {h['text']}\n   id: {h['id']} · score: {h['score']:g} · tags: {tags}")
    return "\n\n".join(lines)


def build_server(
    *,
    file: Path | None = None,
    die_after: int | None = None,
    die_once: Path | None = None,
    malformed: bool = False,
    without: frozenset[str] = frozenset(),
    error_on: frozenset[str] = frozenset(),
    columns: bool = False,
    prose: bool = False,
    namespaces: bool = False,
    strict_namespaces: bool = False,
    refuse: tuple[str, ...] = (),
    refuse_as_error: bool = False,
) -> Any:
    """The server (an ``mcp.server.mcpserver.MCPServer``) with its tools and knobs."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    server = MCPServer("recallbench-fake-memory")
    spaces: dict[str, dict[str, dict[str, Any]]] = {"": {}}
    if file is not None and file.is_file():
        saved = json.loads(file.read_text(encoding="utf-8"))
        spaces = saved if "" in saved else {"": saved}
    calls = 0

    def called(tool: str) -> None:
        nonlocal calls
        calls += 1
        if die_after is not None and calls >= die_after:
            if die_once is not None:
                if die_once.exists():
                    return
                die_once.touch()
            print(f"fake memory server: dying on purpose at call {calls} ({tool})", file=sys.stderr)
            sys.stderr.flush()
            os._exit(3)
        if tool in error_on:
            raise ToolError(f"{tool} fails on purpose")

    def space(namespace: str | None, *, create: bool = False) -> dict[str, dict[str, Any]]:
        name = namespace or ""
        if name not in spaces:
            if strict_namespaces and not create:
                raise ToolError(f"no namespace {name!r}: create_namespace first")
            spaces[name] = {}
        return spaces[name]

    def save() -> None:
        if file is not None:
            file.write_text(json.dumps(spaces), encoding="utf-8")

    def remember(
        id: str,
        text: str,
        day: int | None = None,
        session: str | None = None,
        tags: list[str] | None = None,
        namespace: str | None = None,
    ) -> dict[str, Any]:
        """Store (or overwrite) one memory."""
        called("remember")
        memories = space(namespace)
        refused = next((r for r in refuse if r in text), None)
        if refused is not None:
            message = f"Not stored: it holds {refused!r}, which this server refuses"
            if refuse_as_error:
                raise ToolError(message)
            return {"success": False, "message": message}
        memories[id] = {"id": id, "text": text, "day": day, "session": session, "tags": tags}
        save()
        return {"success": True, "stored": id, "count": len(memories)}

    def ranked(query: str, limit: int, namespace: str | None) -> list[dict[str, Any]]:
        wanted = _words(query)
        scored = []
        for order, memory in enumerate(space(namespace).values()):
            score = len(wanted & _words(memory["text"]))
            if score:
                scored.append((-score, order, memory))
        scored.sort(key=lambda s: s[:2])
        return [{**m, "score": float(-s)} for s, _, m in scored[:limit]]

    def search(query: str, limit: int = 10, namespace: str | None = None) -> dict[str, Any]:
        """The memories sharing the most words with the query, best first."""
        started = time.perf_counter()
        called("search")
        hits = ranked(query, limit, namespace)
        if malformed:
            return {"hits": "not a list", "serverMicros": 0}
        micros = round((time.perf_counter() - started) * 1e6, 1)
        if columns:
            return {**_columns(hits), "serverMicros": micros}
        return {"hits": hits, "serverMicros": micros}

    def search_prose(query: str, limit: int = 10, namespace: str | None = None) -> str:
        """The memories sharing the most words with the query, best first, in prose."""
        called("search")
        return _prose(ranked(query, limit, namespace), query)

    search_prose.__name__ = "search"

    def forget(id: str, namespace: str | None = None) -> dict[str, Any]:
        """Delete one memory (an error when there is none of that id)."""
        called("forget")
        memories = space(namespace)
        if id not in memories:
            raise ToolError(f"no memory {id!r}")
        del memories[id]
        save()
        return {"deleted": id}

    def replace(id: str, text: str, namespace: str | None = None) -> dict[str, Any]:
        """Replace one memory's text."""
        called("replace")
        memories = space(namespace)
        if id not in memories:
            raise ToolError(f"no memory {id!r}")
        memories[id]["text"] = text
        save()
        return {"replaced": id}

    def stats(namespace: str | None = None) -> dict[str, Any]:
        """How many memories are held, and their ids."""
        called("stats")
        memories = space(namespace)
        return {"count": len(memories), "ids": sorted(memories), "namespaces": sorted(spaces)}

    def create_namespace(namespace: str) -> dict[str, Any]:
        """Make a namespace (an error when it is there already)."""
        called("create_namespace")
        if namespace in spaces:
            raise ToolError(f"namespace {namespace!r} exists")
        space(namespace, create=True)
        return {"created": namespace}

    def reset(namespace: str | None = None) -> dict[str, Any]:
        """Forget the memories of one namespace, or (none named) every memory."""
        called("reset")
        if namespace is None:
            count = sum(len(m) for m in spaces.values())
            spaces.clear()
            spaces[""] = {}
        else:
            count = len(spaces.pop(namespace, {}))
        save()
        return {"forgotten": count}

    tools: list[Any] = [remember, forget, replace, stats]
    if namespaces or strict_namespaces:
        tools += [create_namespace, reset]
    for tool in (search_prose if prose else search, *tools):
        if tool.__name__ not in without:
            server.tool(structured_output=False if tool is search_prose else None)(tool)
    return server


def main(argv: list[str] | None = None) -> None:
    """Run the server over stdio, or streamable HTTP with ``--http PORT``."""
    parser = argparse.ArgumentParser(prog="python -m recallbench.testing.mcp_memory_server")
    parser.add_argument(
        "--http", type=int, metavar="PORT", help="serve streamable HTTP on 127.0.0.1"
    )
    parser.add_argument("--file", type=Path, default=os.environ.get("MCP_MEMORY_FILE") or None)
    parser.add_argument("--die-after", type=int, metavar="N")
    parser.add_argument("--die-once", type=Path, metavar="FILE")
    parser.add_argument("--malformed", action="store_true")
    parser.add_argument("--without", action="append", default=[], metavar="TOOL")
    parser.add_argument("--error-on", action="append", default=[], metavar="TOOL")
    parser.add_argument("--columns", action="store_true", help="search answers in columns")
    parser.add_argument("--prose", action="store_true", help="search answers in prose")
    parser.add_argument("--namespaces", action="store_true", help="offer create_namespace, reset")
    parser.add_argument("--strict-namespaces", action="store_true")
    parser.add_argument("--refuse", action="append", default=[], metavar="TEXT")
    parser.add_argument("--refuse-as-error", action="store_true")
    args = parser.parse_args(argv)
    server = build_server(
        file=args.file,
        die_after=args.die_after,
        die_once=args.die_once,
        malformed=args.malformed,
        without=frozenset(args.without),
        error_on=frozenset(args.error_on),
        columns=args.columns,
        prose=args.prose,
        namespaces=args.namespaces,
        strict_namespaces=args.strict_namespaces,
        refuse=tuple(args.refuse),
        refuse_as_error=args.refuse_as_error,
    )
    if args.http is not None:
        server.run("streamable-http", host="127.0.0.1", port=args.http)
    else:
        server.run()


if __name__ == "__main__":
    main()
