"""A small memory server that speaks MCP, for testing the MCP adapter (and an MCP client of your own)
against a real server process::

    python -m recallbench.testing.mcp_memory_server              # stdio
    python -m recallbench.testing.mcp_memory_server --http 8765  # streamable HTTP, 127.0.0.1:8765/mcp

Tools: ``remember(id, text, day?, session?)``, ``search(query, limit=10)`` (hits ranked by how many
of the query's words each holds; ``OR`` is ignored), ``forget(id)``, ``replace(id, text)`` and
``stats()``. Each result is structured content; a search's carries ``serverMicros``, the time its
handler took, so a client can tell its own cost from the server's (benchmarks/mcp_overhead.py).
``MCP_MEMORY_FILE`` (or ``--file``) keeps the memories in a JSON file, rewritten on each write.

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


def build_server(
    *,
    file: Path | None = None,
    die_after: int | None = None,
    die_once: Path | None = None,
    malformed: bool = False,
    without: frozenset[str] = frozenset(),
    error_on: frozenset[str] = frozenset(),
) -> Any:
    """The server (an ``mcp.server.mcpserver.MCPServer``) with its tools and knobs."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    server = MCPServer("recallbench-fake-memory")
    memories: dict[str, dict[str, Any]] = {}
    if file is not None and file.is_file():
        memories.update(json.loads(file.read_text(encoding="utf-8")))
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

    def save() -> None:
        if file is not None:
            file.write_text(json.dumps(memories), encoding="utf-8")

    def remember(
        id: str, text: str, day: int | None = None, session: str | None = None
    ) -> dict[str, Any]:
        """Store (or overwrite) one memory."""
        called("remember")
        memories[id] = {"id": id, "text": text, "day": day, "session": session}
        save()
        return {"stored": id, "count": len(memories)}

    def search(query: str, limit: int = 10) -> dict[str, Any]:
        """The memories sharing the most words with the query, best first."""
        started = time.perf_counter()
        called("search")
        wanted = _words(query)
        scored = []
        for order, memory in enumerate(memories.values()):
            score = len(wanted & _words(memory["text"]))
            if score:
                scored.append((-score, order, memory))
        scored.sort(key=lambda s: s[:2])
        hits = [{**m, "score": float(-s)} for s, _, m in scored[:limit]]
        if malformed:
            return {"hits": "not a list", "serverMicros": 0}
        micros = (time.perf_counter() - started) * 1e6
        return {"hits": hits, "serverMicros": round(micros, 1)}

    def forget(id: str) -> dict[str, Any]:
        """Delete one memory (an error when there is none of that id)."""
        called("forget")
        if id not in memories:
            raise ToolError(f"no memory {id!r}")
        del memories[id]
        save()
        return {"deleted": id}

    def replace(id: str, text: str) -> dict[str, Any]:
        """Replace one memory's text."""
        called("replace")
        if id not in memories:
            raise ToolError(f"no memory {id!r}")
        memories[id]["text"] = text
        save()
        return {"replaced": id}

    def stats() -> dict[str, Any]:
        """How many memories are held, and their ids."""
        called("stats")
        return {"count": len(memories), "ids": sorted(memories)}

    for tool in (remember, search, forget, replace, stats):
        if tool.__name__ not in without:
            server.tool()(tool)
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
    args = parser.parse_args(argv)
    server = build_server(
        file=args.file,
        die_after=args.die_after,
        die_once=args.die_once,
        malformed=args.malformed,
        without=frozenset(args.without),
        error_on=frozenset(args.error_on),
    )
    if args.http is not None:
        server.run("streamable-http", host="127.0.0.1", port=args.http)
    else:
        server.run()


if __name__ == "__main__":
    main()
