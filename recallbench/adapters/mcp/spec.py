"""``--adapter mcp:…``: a preset (``mcp:server-memory``), a mapping file
(``mcp:path/to/config.yaml``) or, with nothing after the colon, the adapter config itself (a
profile's ``config`` section). The adapter config, when there is one, is laid over a preset or a
file key by key.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...errors import ConfigError
from .adapter import McpAdapter, require_mcp
from .config import McpConfig, deep_merge, load_mcp_file, parse_mcp_config, placeholders
from .environ import expand_env
from .presets import PRESETS, preset_located

__all__ = ["MCP_PREFIX", "is_mcp_spec", "mcp_builder", "mcp_config"]

MCP_PREFIX = "mcp:"
"""How an ``--adapter`` spec names the MCP adapter."""

_FILE_SUFFIXES = (".yaml", ".yml", ".json")


def is_mcp_spec(spec: str) -> bool:
    """Whether an adapter spec is ``mcp:…`` (any case) or ``mcp``."""
    text = spec.strip().lower()
    return text == "mcp" or text.startswith(MCP_PREFIX)


def mcp_config(
    spec: str, config: Mapping[str, Any] | None = None, *, base_dir: Path | None = None
) -> McpConfig:
    """The checked mapping an ``mcp:`` spec names, with ``config`` laid over it.

    Raises:
        ConfigError: an unknown preset (did you mean …), a missing or malformed file (file:line),
            a mapping that does not check, or a server executable that is not there.
    """
    target = spec.strip()[len(MCP_PREFIX) :].strip() if ":" in spec else ""
    over = dict(config or {})
    if not target:
        if not over:
            raise ConfigError(
                f'adapter "{spec}" names no server: write mcp:<preset> ({", ".join(PRESETS)}), '
                "mcp:path/to/config.yaml, or give the mapping as the adapter config"
            )
        checked = parse_mcp_config(over, source="adapter config")
    elif target.lower().endswith(_FILE_SUFFIXES) or "/" in target or os.sep in target:
        path = Path(target).expanduser()
        path = path if path.is_absolute() else (base_dir or Path.cwd()) / path
        mapping, locator = load_mcp_file(path)
        source = str(path)
        if over:
            checked = parse_mcp_config(
                deep_merge(mapping, over), source=f"{source} + adapter config"
            )
        else:
            checked = parse_mcp_config(mapping, source=source, locator=locator)
    else:
        mapping, locator, path = preset_located(target)
        source = str(path)
        if over:
            checked = parse_mcp_config(
                deep_merge(mapping, over), source=f"{source} + adapter config"
            )
        else:
            checked = parse_mcp_config(mapping, source=source, locator=locator)
    _check_command(checked)
    return checked


def _check_command(config: McpConfig) -> None:
    """Refuse a stdio server whose executable is not there, before any work."""
    command = config.server.command
    if command is None or "data_dir" in placeholders(command):
        return
    expanded = expand_env(command)
    if shutil.which(expanded) is not None or (os.sep in expanded and Path(expanded).is_file()):
        return
    by = f" (from {config.server.located_by})" if config.server.located_by else ""
    install = f"{by}; install it: {config.install}" if config.install else by
    raise ConfigError(
        f'mcp server "{config.name}": cannot find {expanded!r} to start it{install}; or set '
        f"server.command in the adapter config ({config.source})"
    )


def mcp_builder(
    spec: str, config: Mapping[str, Any] | None = None, *, base_dir: Path | None = None
) -> Any:
    """A builder of MCP adapters for an ``mcp:`` spec, checked now (one adapter is built: that
    starts nothing). The builder carries the adapters' ``name``.

    Raises:
        ConfigError: see :func:`mcp_config`; or the ``mcp`` extra is missing.
    """
    require_mcp()
    checked = mcp_config(spec, config, base_dir=base_dir)
    McpAdapter(checked)

    def build() -> McpAdapter:
        return McpAdapter(checked)

    build.name = f"mcp:{checked.name}"  # type: ignore[attr-defined]
    return build
