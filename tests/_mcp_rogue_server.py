"""A memory server that speaks MCP and misbehaves as real servers do, for the MCP adapter's fault
tests (a real process over stdio, the official SDK's ``MCPServer``)::

    python tests/_mcp_rogue_server.py [knobs]

Tools as the fake memory server's (``remember(id, text, day?, session?)``, ``search(query, limit)``,
``forget(id)``), async, so a blocking call blocks the whole server. ``--file FILE`` (or
``MCP_MEMORY_FILE``) keeps the memories on disk, as a real server keeps them in its data folder.

Knobs:

* ``--pidfile FILE``: add a line ``{"server": pid, …}`` (with its grandchildren's pids) once started.
* ``--grandchildren``: start two sleeping grandchildren: ``child`` in the server's process group,
  ``setsid`` in a session of its own that ignores ``SIGTERM``.
* ``--ignore-eof``: keep running after stdin ends; ``--ignore-term``: ignore ``SIGTERM``.
* ``--die-after N`` (``--die-once FILE``): exit with code 3 during the Nth tool call (only while
  FILE is not there; it is created as the server dies).
* ``--slow-start-if FILE``: when FILE is there at start, sleep a minute before serving.
* ``--hang-after N``: from the Nth tool call on, block the event loop for an hour (pings unanswered).
* ``--slow S``: each search takes S seconds, asleep without blocking (pings answered).
* ``--stderr-flood MB``: write MB megabytes to stderr at start, then the line ``flood done``.
* ``--stdout-noise``: write a line that is not JSON to stdout in every tool call.
* ``--days D,D,…``: the hits of a search carry these days (cycled) in ``day``.
* ``--huge-score``: every hit's score is 10**400.
* ``--deep-text``: search answers with a text content holding JSON nested 100,000 levels.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

SLEEPER = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN) if {ignore} else None; time.sleep(3600)"


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower())) - {"or", "and"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--file", type=Path, default=os.environ.get("MCP_MEMORY_FILE") or None)
    parser.add_argument("--pidfile", type=Path)
    parser.add_argument("--grandchildren", action="store_true")
    parser.add_argument("--ignore-eof", action="store_true")
    parser.add_argument("--ignore-term", action="store_true")
    parser.add_argument("--die-after", type=int)
    parser.add_argument("--die-once", type=Path)
    parser.add_argument("--slow-start-if", type=Path)
    parser.add_argument("--hang-after", type=int)
    parser.add_argument("--slow", type=float, default=0.0)
    parser.add_argument("--stderr-flood", type=int, default=0)
    parser.add_argument("--stdout-noise", action="store_true")
    parser.add_argument("--days", default="")
    parser.add_argument("--huge-score", action="store_true")
    parser.add_argument("--deep-text", action="store_true")
    args = parser.parse_args()

    if args.ignore_term:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)

    # The SDK points fd 1 at stderr while it serves (its own writes go to a copy): noise on the
    # protocol's stream must be written to a copy of our own.
    stdout = os.dup(1)
    pids: dict[str, int] = {"server": os.getpid()}
    if args.grandchildren:
        sleeper = [sys.executable, "-c"]
        pids["child"] = subprocess.Popen([*sleeper, SLEEPER.format(ignore=False)]).pid
        pids["setsid"] = subprocess.Popen(
            [*sleeper, SLEEPER.format(ignore=True)], start_new_session=True
        ).pid
    if args.pidfile is not None:  # one line per start (a server started again adds one)
        with args.pidfile.open("a", encoding="utf-8") as f:
            f.write(json.dumps(pids) + "\n")
    if args.slow_start_if is not None and args.slow_start_if.exists():
        time.sleep(60)
    if args.stderr_flood:
        block = ("x" * 1023 + "\n").encode()
        for _ in range(args.stderr_flood * 1024):
            os.write(2, block)
        os.write(2, b"flood done\n")

    memories: dict[str, dict[str, Any]] = {}
    if args.file is not None and args.file.is_file():
        memories.update(json.loads(args.file.read_text(encoding="utf-8")))
    days = [int(d) for d in args.days.split(",") if d.strip()]
    calls = 0

    def called(tool: str) -> None:
        nonlocal calls
        calls += 1
        if args.stdout_noise:
            os.write(stdout, f"debug: {tool} called ({calls})\n".encode())
        dies = args.die_after is not None and calls >= args.die_after
        if dies and (args.die_once is None or not args.die_once.exists()):
            if args.die_once is not None:
                args.die_once.touch()
            print(f"rogue server: dying at call {calls} ({tool})", file=sys.stderr, flush=True)
            os._exit(3)
        if args.hang_after is not None and calls >= args.hang_after:
            print(f"rogue server: hanging at call {calls}", file=sys.stderr, flush=True)
            time.sleep(3600)  # blocks the event loop: nothing is answered, not even a ping

    def save() -> None:
        if args.file is not None:
            args.file.write_text(json.dumps(memories), encoding="utf-8")

    server = MCPServer("rogue-memory")

    @server.tool()
    async def remember(
        id: str, text: str, day: int | None = None, session: str | None = None
    ) -> dict[str, Any]:
        """Store one memory."""
        called("remember")
        memories[id] = {"id": id, "text": text, "day": day, "session": session}
        save()
        return {"stored": id}

    @server.tool()
    async def forget(id: str) -> dict[str, Any]:
        """Delete one memory."""
        called("forget")
        if memories.pop(id, None) is None:
            raise ToolError(f"no memory {id!r}")
        save()
        return {"deleted": id}

    @server.tool()
    async def search(query: str, limit: int = 10) -> Any:
        """The memories sharing the most words with the query, best first."""
        called("search")
        if args.slow:
            import anyio

            await anyio.sleep(args.slow)
        if args.deep_text:
            return "[" * 100_000 + "]" * 100_000
        wanted = _words(query)
        scored = sorted(
            (-len(wanted & _words(m["text"])), n, m)
            for n, m in enumerate(memories.values())
            if wanted & _words(m["text"])
        )
        hits = []
        for n, (score, _, memory) in enumerate(scored[:limit]):
            hit = {**memory, "score": 10**400 if args.huge_score else float(-score)}
            if days:
                hit["day"] = days[n % len(days)]
            hits.append(hit)
        return {"hits": hits}

    try:
        server.run()
    except BaseException:  # its reader gone (a broken pipe): ignored too, with --ignore-eof
        if not args.ignore_eof:
            raise
    if args.ignore_eof:
        time.sleep(3600)


if __name__ == "__main__":
    main()
