"""Presets: the mappings of memory servers people use, so ``--adapter mcp:server-memory`` is all a
user types. Each was written from the tool schemas the server lists (``list_tools``), not guessed.

=================  ==========================================================================
``server-memory``  ``@modelcontextprotocol/server-memory`` (npm): a knowledge graph in a JSONL
                   file. One entity per day × session, its lines the observations;
                   ``search_nodes`` is a case-insensitive substring filter with no ranking, so
                   the adapter searches each keyword and ranks the entities by idf-weighted
                   keyword overlap itself.
``basic-memory``   basic-memory (PyPI, Python >= 3.12, its own venv): one markdown note per day ×
                   session; ``search_notes`` is SQLite FTS5 where every word must match, so the
                   keywords are joined with ``OR``; its bm25 order is kept.
``mempalace``      MemPalace (PyPI): one drawer per day × session (``source_file`` = the record
                   id); ``mempalace_search`` is semantic (Chroma), needing a local
                   OpenAI-compatible embedding endpoint (``recallbench embed-serve``).
=================  ==========================================================================

Where each server lives (nothing is downloaded at run time):

* ``server-memory``: ``RECALLBENCH_SERVER_MEMORY`` — the npm prefix it was installed into
  (``npm install --prefix DIR @modelcontextprotocol/server-memory``) or the ``mcp-server-memory``
  executable; else ``mcp-server-memory`` on ``PATH``.
* ``basic-memory``: ``RECALLBENCH_BASIC_MEMORY`` — its venv or its ``basic-memory`` executable; else
  ``basic-memory`` on ``PATH``.
* ``mempalace``: ``RECALLBENCH_MEMPALACE_PYTHON`` — a Python (or venv) with ``mempalace``
  installed; else ``python3``. Its embeddings: ``RECALLBENCH_EMBED_URL`` (default
  ``http://127.0.0.1:8089/v1``) and ``RECALLBENCH_EMBED_MODEL`` (default ``all-MiniLM-L6-v2``).

A profile's adapter ``config`` is laid over the preset key by key (``server: {command: …}`` picks
another executable; ``search: {limit: 20}`` …).
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ...errors import ConfigError

__all__ = ["PRESETS", "PRESET_INSTALL", "preset_mapping"]


def _located(env: str, under: tuple[str, ...], default: str) -> str:
    """The executable a preset runs: from ``env`` (a directory is searched at ``under``), else
    ``default`` (found on PATH when it is run)."""
    given = os.environ.get(env, "").strip()
    if not given:
        return default
    path = Path(given).expanduser()
    if path.is_dir():
        for relative in under:
            candidate = path / relative
            if candidate.is_file():
                return str(candidate)
    return str(path)


def server_memory() -> dict[str, Any]:
    """``@modelcontextprotocol/server-memory`` (tools checked against server 0.6.3, npm
    2026.8.31)."""
    command = _located(
        "RECALLBENCH_SERVER_MEMORY",
        ("node_modules/.bin/mcp-server-memory", "bin/mcp-server-memory", "mcp-server-memory"),
        "mcp-server-memory",
    )
    return {
        "name": "server-memory",
        "server": {"command": command, "env": {"MEMORY_FILE_PATH": "{data_dir}/memory.jsonl"}},
        "unit": "session",
        "ingest": {
            "tool": "create_entities",
            "args": {
                "entities": [
                    {"name": "{record_id}", "entityType": "day-log", "observations": "{lines}"}
                ]
            },
        },
        "search": {
            "tool": "search_nodes",
            "args": {"query": "{query}"},
            "query": "each",
            "maxKeywords": 8,
            "limit": 10,
            "rank": "overlap",
        },
        "hits": {"from": "structured", "path": "entities", "id": "name", "text": "observations"},
        "delete": {"tool": "delete_entities", "args": {"entityNames": ["{record_id}"]}},
    }


def basic_memory() -> dict[str, Any]:
    """basic-memory 0.24 (tools checked against its MCP server 4.1.3)."""
    command = _located(
        "RECALLBENCH_BASIC_MEMORY", ("bin/basic-memory", "basic-memory"), "basic-memory"
    )
    return {
        "name": "basic-memory",
        "server": {
            "command": command,
            "args": ["mcp"],
            "env": {
                "HOME": "{data_dir}",
                "BASIC_MEMORY_HOME": "{data_dir}/notes",
                "FASTMCP_CHECK_FOR_UPDATES": "off",
            },
            "startTimeout": 120,
        },
        "unit": "session",
        "ingest": {
            "tool": "write_note",
            "args": {"title": "{record_id}", "content": "{content}", "directory": "days"},
        },
        "search": {
            "tool": "search_notes",
            "args": {"query": "{query}", "page_size": "{limit}", "output_format": "json"},
            "query": "or",
            "limit": 10,
        },
        "hits": {
            "from": "structured",
            "path": "result.results",
            "id": "title",
            "text": "content",
            "score": "score",
        },
        "delete": {"tool": "delete_note", "args": {"identifier": "{record_id}"}},
    }


def mempalace() -> dict[str, Any]:
    """MemPalace 3.11 (tools checked against its MCP server 3.11.0)."""
    python = _located("RECALLBENCH_MEMPALACE_PYTHON", ("bin/python", "bin/python3"), "python3")
    return {
        "name": "mempalace",
        "server": {
            "command": python,
            "args": ["-m", "mempalace.mcp_server"],
            "env": {
                "HOME": "{data_dir}",
                "MEMPALACE_PALACE_PATH": "{data_dir}/palace",
                "MEMPALACE_CONFIG_DIR": "{data_dir}/config",
                "MEMPALACE_EMBEDDING_MODEL": "openai-compat",
                "MEMPALACE_EMBEDDING_API_URL": os.environ.get(
                    "RECALLBENCH_EMBED_URL", "http://127.0.0.1:8089/v1"
                ),
                "MEMPALACE_EMBEDDING_API_MODEL": os.environ.get(
                    "RECALLBENCH_EMBED_MODEL", "all-MiniLM-L6-v2"
                ),
            },
            "startTimeout": 120,
        },
        "unit": "session",
        "ingest": {
            "tool": "mempalace_add_drawer",
            "args": {
                "wing": "recallbench",
                "room": "{session}",
                "content": "{content}",
                "source_file": "{record_id}",
            },
        },
        "search": {
            "tool": "mempalace_search",
            "args": {"query": "{query}", "limit": "{limit}"},
            "query": "whole",
            "limit": 10,
        },
        "hits": {
            "from": "auto",
            "path": "results",
            "id": "source_path",
            "text": "text",
            "score": "similarity",
        },
        "delete": {
            "tool": "mempalace_delete_by_source",
            "args": {"source_file": "{record_id}", "dry_run": False},
        },
    }


PRESETS: Mapping[str, Callable[[], dict[str, Any]]] = {
    "server-memory": server_memory,
    "basic-memory": basic_memory,
    "mempalace": mempalace,
}
"""Preset name → a function building its mapping (it reads the environment when called)."""

PRESET_INSTALL: Mapping[str, str] = {
    "server-memory": "npm install --prefix DIR @modelcontextprotocol/server-memory, then set "
    "RECALLBENCH_SERVER_MEMORY=DIR",
    "basic-memory": "python3.12 -m venv DIR && DIR/bin/pip install basic-memory, then set "
    "RECALLBENCH_BASIC_MEMORY=DIR",
    "mempalace": "python -m venv DIR && DIR/bin/pip install mempalace, then set "
    "RECALLBENCH_MEMPALACE_PYTHON=DIR",
}
"""How to install each preset's server where the preset finds it."""


def preset_mapping(name: str) -> dict[str, Any]:
    """The mapping of preset ``name``.

    Raises:
        ConfigError: no preset of that name (with the nearest one, and the list).
    """
    build = PRESETS.get(name.strip().lower())
    if build is None:
        close = difflib.get_close_matches(name.lower(), list(PRESETS), n=1, cutoff=0.5)
        hint = f" (did you mean mcp:{close[0]}?)" if close else ""
        known = ", ".join(f"mcp:{n}" for n in PRESETS)
        raise ConfigError(
            f'no MCP preset "{name}"{hint}; presets: {known}, or mcp:path/to/config.yaml'
        )
    return build()
