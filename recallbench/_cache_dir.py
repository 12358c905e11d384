"""Where recallbench keeps what it caches for a user: one root for every cache."""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["user_cache_dir"]


def user_cache_dir(part: str) -> Path:
    """``$RECALLBENCH_CACHE_DIR/<part>`` when that is set; else the platform's user cache directory
    (``$XDG_CACHE_HOME`` or ``~/.cache`` on Linux, ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%``
    on Windows) with ``recallbench/<part>`` below it. Judge scores (``judge``), model calls
    (``models``), converted public files (``imports``), parsed dataset YAML (``yaml``) and the
    built personas (``personas``) each have their ``part``."""
    override = os.environ.get("RECALLBENCH_CACHE_DIR")
    if override:
        return Path(override).expanduser() / part
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "recallbench" / part
