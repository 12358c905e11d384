"""The environment a mapping reads: ``$NAME``, ``${NAME}`` and ``${NAME:-default}`` in the server's
command, arguments, environment, folder, URL and headers, and where a preset's executable is
(``server.locate``: a variable naming an install folder or the executable itself).

Reads ``os.environ`` and the file system; no anyio, no mcp.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

__all__ = ["expand_env", "locate"]

_VARIABLE = re.compile(
    r"\$(?:\{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)(?::-(?P<default>[^}]*))?\}"
    r"|(?P<bare>[A-Za-z_][A-Za-z0-9_]*))"
)


def expand_env(text: str, environ: Mapping[str, str] | None = None) -> str:
    """``text`` with its environment variables written in: ``$NAME`` and ``${NAME}`` as
    ``os.path.expandvars`` does (an unset one is left as written), ``${NAME:-default}`` as the shell
    does (the default when the variable is unset or empty)."""
    if "$" not in text:
        return text
    env = os.environ if environ is None else environ

    def replace(match: re.Match[str]) -> str:
        name = match.group("braced") or match.group("bare")
        value = env.get(name)
        default = match.group("default")
        if default is not None:
            return value if value else default
        return value if value is not None else match.group(0)

    return _VARIABLE.sub(replace, text)


def locate(env: str, under: Sequence[str], default: str) -> str:
    """The executable a mapping runs: the variable ``env`` names a folder (a venv, an npm prefix:
    the first of ``under`` found in it is taken) or the executable itself; unset or empty, the
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
