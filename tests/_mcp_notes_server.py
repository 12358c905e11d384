"""A small MCP server over stdio (the official SDK's ``MCPServer``): notes per day, recalled by word
overlap. Run by tests/_held_adapters.py's ``McpSessionMemory`` as a real subprocess."""

from __future__ import annotations

import json

from mcp.server.mcpserver import MCPServer

server = MCPServer("notes")
days: dict[int, str] = {}


@server.tool()
def remember(day: int, content: str) -> str:
    """Keep one day's log."""
    days[day] = content
    return "ok"


@server.tool()
def recall(question: str) -> str:
    """The line of the kept days sharing the most words with the question."""
    words = {w.strip("?.,!").lower() for w in question.split() if len(w) > 3}
    best, score = "", 0
    for content in days.values():
        for line in content.splitlines():
            overlap = len(words & {w.strip("?.,!").lower() for w in line.split()})
            if overlap > score:
                best, score = line, overlap
    return best or "No evidence found in memory."


@server.tool()
def snapshot() -> str:
    """Every kept day, as a token."""
    return json.dumps(days)


@server.tool()
def restore(token: str) -> str:
    """Keep exactly the days of a token."""
    days.clear()
    days.update({int(k): v for k, v in json.loads(token).items()})
    return "ok"


if __name__ == "__main__":
    server.run()
