"""Whether a ``--data`` folder is a MemoryBench benchmark, asked without importing the importer.

:mod:`.memorybench` re-exports these; they live here so that resolving ``--data`` for a persona run
(the common path) costs a few ``stat`` calls, not the MemoryBench importer's import.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["MANIFEST_FILE", "benchmark_dirs", "benchmark_root", "is_manifest_data"]

MANIFEST_FILE = "manifest.json"


def benchmark_dirs(path: Path | str) -> list[Path]:
    """The benchmark folders at ``path``: itself when it holds ``manifest.json`` (or the folder of
    the ``manifest.json`` it names), else its sub-folders that do (sorted by name; hidden ones
    skipped)."""
    root = benchmark_root(path)
    if (root / MANIFEST_FILE).is_file():
        return [root]
    if not root.is_dir():
        return []
    return sorted(
        p
        for p in root.iterdir()
        if p.is_dir() and not p.name.startswith(".") and (p / MANIFEST_FILE).is_file()
    )


def benchmark_root(path: Path | str) -> Path:
    """``path``, or the folder of the ``manifest.json`` file it names (``--data`` takes either)."""
    root = Path(path)
    return root.parent if root.name == MANIFEST_FILE and root.is_file() else root


def is_manifest_data(path: Path | str) -> bool:
    """Whether ``path`` is a MemoryBench benchmark or a folder of them (rather than personas)."""
    return bool(benchmark_dirs(path))
