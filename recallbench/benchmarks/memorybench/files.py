"""The files a manifest names stay inside its folder, symlinks followed.

A benchmark folder is the whole of what a manifest may read: its ``data_file`` and its
``evaluation.type_instructions_file`` (:data:`FILE_KEYS`, every key of the manifest reference that
names a file) resolve inside the folder after every symlink is followed. ``../../outside/creds.json``,
``/etc/passwd`` and a symlink pointing out of the folder are refused (a validation error naming the
manifest, the key and the path) before anything is read or sent to a model; a symlink from one file
of the folder to another is fine.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["FILE_KEYS", "outside_folder"]

FILE_KEYS: tuple[tuple[str, ...], ...] = (("data_file",), ("evaluation", "type_instructions_file"))
"""The manifest keys that name a file, as JSON paths (a test holds this to the manifest reference)."""


def outside_folder(folder: Path, name: str) -> str | None:
    """Why the file ``name`` (as a manifest in ``folder`` writes it) is not inside ``folder`` once
    its symlinks are followed, or None when it is (whether or not it exists)."""
    path = Path(name)
    if path.is_absolute() or name.startswith(("/", "\\")) or path.drive:
        return f"{name!r} is an absolute path: a manifest names files inside its folder"
    if ".." in path.parts:
        return (
            f"{name!r} goes up out of the benchmark folder ('..'): a manifest names files "
            "inside its folder"
        )
    try:
        root = Path(os.path.realpath(folder, strict=False))
        target = Path(os.path.realpath(folder / path, strict=False))
    except (OSError, ValueError) as exc:  # a symlink loop, a NUL byte
        return f"{name!r} cannot be resolved: {exc}"
    if target != root and root not in target.parents:
        return (
            f"{name!r} resolves through a symlink to {target}, outside the benchmark folder "
            f"{root}: a manifest names files inside its folder"
        )
    return None
