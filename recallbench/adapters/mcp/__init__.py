"""The generic MCP memory adapter: any memory server that speaks the Model Context Protocol, over
stdio or streamable HTTP, driven by a small mapping (docs/mcp.md).

* :class:`~.adapter.McpAdapter`: the adapter; ``McpAdapter(mapping)`` in Python.
* :func:`~.spec.mcp_builder`: what ``--adapter mcp:<preset>`` / ``mcp:path/to/config.yaml`` builds.
* :data:`~.presets.PRESETS`: ``server-memory``, ``basic-memory``, ``mempalace``.
* :class:`~.server.McpServerDown`: a server that died or hung (a ``ConnectionError``: the harness
  records its questions as unreachable).
* :func:`~.config.parse_mcp_config` / :func:`~.config.load_mcp_file`: the mapping, checked.

Needs the ``mcp`` extra (``pip install 'recallbench[mcp]'``); the SDK is imported only when an
adapter is set up, so importing this package imports no mcp.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import lazy_getattr

if TYPE_CHECKING:
    from .adapter import MCP_EXTRA_HINT, McpAdapter
    from .config import McpConfig, load_mcp_file, parse_mcp_config
    from .presets import PRESETS
    from .server import McpServerDown
    from .spec import MCP_PREFIX, is_mcp_spec, mcp_builder, mcp_config

__all__ = [
    "MCP_EXTRA_HINT",
    "MCP_PREFIX",
    "PRESETS",
    "McpAdapter",
    "McpConfig",
    "McpServerDown",
    "is_mcp_spec",
    "load_mcp_file",
    "mcp_builder",
    "mcp_config",
    "parse_mcp_config",
]

_LAZY = {
    "MCP_EXTRA_HINT": "adapter",
    "MCP_PREFIX": "spec",
    "PRESETS": "presets",
    "McpAdapter": "adapter",
    "McpConfig": "config",
    "McpServerDown": "server",
    "is_mcp_spec": "spec",
    "load_mcp_file": "config",
    "mcp_builder": "spec",
    "mcp_config": "spec",
    "parse_mcp_config": "config",
}

__getattr__ = lazy_getattr(__name__, _LAZY, globals())
