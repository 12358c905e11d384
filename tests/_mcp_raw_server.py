"""An MCP server written by hand, line by line, so a test controls every byte it writes to stdout
(the SDK's servers only write what is valid)::

    python tests/_mcp_raw_server.py MODE

It answers ``initialize``, ``tools/list`` (``remember``, ``search``) and ``ping``; ``remember``
stores nothing and answers ``{"stored": true}``. What ``search`` answers depends on ``MODE``:

* ``deep``: a response whose result is nested 100,000 levels deep (its ``id`` first);
* ``not-rpc``: a JSON object with the request's ``id`` that is no JSON-RPC message;
* ``noise``: a line that is not JSON, then the right answer (no hits);
* ``long``: a line of 70 MB without its end, then the right answer on the next line.
"""

from __future__ import annotations

import json
import sys

MODE = sys.argv[1]
TOOLS = [
    {"name": name, "inputSchema": {"type": "object", "properties": {}}}
    for name in ("remember", "search")
]


def send(raw: bytes) -> None:
    sys.stdout.buffer.write(raw + b"\n")
    sys.stdout.buffer.flush()


def answer(ident: object, result: object) -> None:
    send(json.dumps({"jsonrpc": "2.0", "id": ident, "result": result}).encode())


def content(data: object) -> dict[str, object]:
    return {"content": [{"type": "text", "text": json.dumps(data)}], "structuredContent": data}


for line in sys.stdin.buffer:
    request = json.loads(line)
    ident, method = request.get("id"), request.get("method")
    if ident is None:
        continue  # a notification
    if method == "initialize":
        answer(ident, {
            "protocolVersion": request["params"]["protocolVersion"],
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "raw", "version": "1"},
        })  # fmt: skip
    elif method == "tools/list":
        answer(ident, {"tools": TOOLS})
    elif method == "ping":
        answer(ident, {})
    elif request["params"]["name"] == "remember":
        answer(ident, content({"stored": True}))
    elif MODE == "deep":
        head = json.dumps({"jsonrpc": "2.0", "id": ident})[:-1].encode()
        send(head + b', "result": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
    elif MODE == "not-rpc":
        send(json.dumps({"id": ident, "answer": "forty-two"}).encode())
    elif MODE == "noise":
        send(b"starting the search engine...")
        answer(ident, content({"hits": []}))
    elif MODE == "long":
        sys.stdout.buffer.write(b"x" * (70 * 1024 * 1024))
        send(b"")
        answer(ident, content({"hits": []}))
