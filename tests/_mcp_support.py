"""What the MCP adapter's tests share: the mapping of the fake memory server
(``python -m recallbench.testing.mcp_memory_server``, a real MCP server process) and day logs."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from recallbench.data.corpus import DayMetadata
from recallbench.testing import ScriptedModel

MODEL = ScriptedModel(replies="CODE-0002")
"""The answering model of the model-answer test (``--adapter-model _mcp_support:MODEL``)."""

SERVER = [sys.executable, "-m", "recallbench.testing.mcp_memory_server"]
ROGUE = str(Path(__file__).resolve().parent / "_mcp_rogue_server.py")
"""A server misbehaving as real ones do (tests/_mcp_rogue_server.py lists its knobs)."""


def fake_mapping(*server_args: str, **over: Any) -> dict[str, Any]:
    """The fake server's mapping over stdio (``server_args``: its failure knobs)."""
    mapping: dict[str, Any] = {
        "name": "fake",
        "server": {"command": SERVER[0], "args": [*SERVER[1:], *server_args]},
        "ingest": {
            "tool": "remember",
            "args": {
                "id": "{record_id}",
                "text": "{content}",
                "day": "{day}",
                "session": "{session}",
            },
        },
        "search": {
            "tool": "search",
            "args": {"query": "{query}", "limit": "{limit}"},
            "query": "or",
        },
        "hits": {"path": "hits", "id": "id", "text": "text", "score": "score"},
        "delete": {"tool": "forget", "args": {"id": "{record_id}"}},
        "update": {"tool": "replace", "args": {"id": "{record_id}", "text": "{content}"}},
    }
    mapping.update(over)
    return mapping


def day_log(day: int, *, board: str = "") -> str:
    """A day with a principal session (the access code of the day) and, when ``board`` is given,
    a board session saying it."""
    text = (
        "---\ntype: daily\n---\n\n# session: principal\n\n### Codes\n\n"
        f"The access code for day {day} is CODE-{day:04d}.\n"
    )
    if board:
        text += f"\n# session: board\n\n### Board\n\n{board}\n"
    return text


def metadata(day: int, *, isolated: tuple[str, ...] = ()) -> DayMetadata:
    return DayMetadata(
        day_number=day,
        date=f"2026-01-{day:02d}",
        persona_id="tiny",
        active_arcs=(),
        isolated_sessions=isolated,
    )


def rogue(*flags: str, **server: Any) -> dict[str, Any]:
    """The rogue server's mapping (no update tool), its memory kept in its data folder; ``server``
    keys are laid over the mapping's ``server``."""
    mapping = fake_mapping()
    mapping.pop("update")
    mapping["name"] = "rogue"
    args = [ROGUE, "--file", "{data_dir}/memories.json", *flags]
    mapping["server"] = {"command": sys.executable, "args": args, **server}
    return mapping
