"""Presets: the mappings of memory servers people use, so ``--adapter mcp:chroma`` is all a user
types. Each is a mapping file in ``presets/`` (``presets/chroma.yaml``), written from the tool
schemas the server lists (``list_tools``) and the results it returns, not guessed — nothing in
Python but the mapping:

====================  ===========================================================================
``server-memory``     ``@modelcontextprotocol/server-memory`` (npm): a knowledge graph in a JSONL
                      file; ``search_nodes`` is a substring filter, ranked by the adapter.
``basic-memory``      basic-memory (PyPI, Python >= 3.12): one markdown note per day × session;
                      ``search_notes`` is SQLite FTS5 (keywords joined with ``OR``).
``mempalace``         MemPalace (PyPI): one drawer per day × session; semantic search over a local
                      OpenAI-compatible embedding endpoint (``recallbench embed-serve``).
``chroma``            chroma-mcp 0.2.6 (PyPI): a persistent Chroma collection per unit, made by a
                      setup call with the ``openai`` embedding function on the local endpoint;
                      its query answers in columns.
``memory-service``    mcp-memory-service 12.4.0 (PyPI): sqlite-vec, embeddings from the local
                      endpoint; over stdio its search answers in prose (read by a pattern) and it
                      refuses near-duplicates (counted as refused writes).
====================  ===========================================================================

Where each server lives is an environment variable its file names (``server.locate``):
``RECALLBENCH_SERVER_MEMORY``, ``RECALLBENCH_BASIC_MEMORY``, ``RECALLBENCH_MEMPALACE_PYTHON``,
``RECALLBENCH_CHROMA_MCP``, ``RECALLBENCH_MEMORY_SERVICE`` — an install folder (venv, npm prefix)
or the executable; nothing is downloaded at run time. The embedding presets read
``RECALLBENCH_EMBED_URL`` (default ``http://127.0.0.1:8089/v1``).

A profile's adapter ``config`` is laid over the preset key by key (``server: {command: …}`` picks
another executable; ``search: {limit: 20}`` …).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...data._yaml import Locator
from ...errors import ConfigError
from .config import load_mcp_file

__all__ = ["PRESETS", "PRESET_DIR", "preset_file", "preset_located", "preset_mapping"]

PRESET_DIR = Path(__file__).resolve().parent / "presets"
"""The folder of the shipped mapping files."""

PRESETS: Mapping[str, Path] = {path.stem: path for path in sorted(PRESET_DIR.glob("*.yaml"))}
"""Preset name → its mapping file."""


def preset_file(name: str) -> Path:
    """The mapping file of preset ``name``.

    Raises:
        ConfigError: no preset of that name (with the nearest one, and the list).
    """
    path = PRESETS.get(name.strip().lower())
    if path is None:
        close = difflib.get_close_matches(name.lower(), list(PRESETS), n=1, cutoff=0.5)
        hint = f" (did you mean mcp:{close[0]}?)" if close else ""
        known = ", ".join(f"mcp:{n}" for n in PRESETS)
        raise ConfigError(
            f'no MCP preset "{name}"{hint}; presets: {known}, or mcp:path/to/config.yaml'
        )
    return path


def preset_mapping(name: str) -> dict[str, Any]:
    """The mapping of preset ``name``, as its file holds it.

    Raises:
        ConfigError: no preset of that name.
    """
    return load_mcp_file(preset_file(name))[0]


def preset_located(name: str) -> tuple[dict[str, Any], Locator, Path]:
    """The mapping of preset ``name``, the lines of its keys, and its file."""
    path = preset_file(name)
    mapping, locator = load_mcp_file(path)
    return mapping, locator, path
