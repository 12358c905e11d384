"""Whether a path is MemoryBench data, asked with a few ``stat`` calls (the family's ``detect``,
which runs for every ``--data`` path no other family claims first), and what is said when it is not.

MemoryBench data is a benchmark folder (``manifest.json`` beside its data file), a folder of such
folders, or the path of a ``manifest.json`` (read as its folder).
"""

from __future__ import annotations

from pathlib import Path

__all__ = [
    "MANIFEST_FILE",
    "benchmark_dirs",
    "benchmark_root",
    "is_manifest_data",
    "near_misses",
    "no_manifest_message",
]

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


def near_misses(root: Path) -> str:
    """A hint naming what is there instead of a manifest: a misspelt one, or data files without one."""
    try:
        files = sorted(f for f in root.iterdir() if f.is_file())
    except OSError:
        return ""
    misspelt = [
        f.name for f in files if f.name.lower() == MANIFEST_FILE and f.name != MANIFEST_FILE
    ]
    if misspelt:
        return f"; found {misspelt[0]}: the name is {MANIFEST_FILE}, in lower case"
    data = [f.name for f in files if f.suffix.lower() in (".json", ".jsonl")]
    if data:
        shown = ", ".join(data[:3]) + (" …" if len(data) > 3 else "")
        return (
            f"; found {shown} but no {MANIFEST_FILE} beside it (a LoCoMo or LongMemEval file is "
            "--data locomo:FILE or longmemeval:FILE)"
        )
    return ""


def no_manifest_message(root: Path) -> str:
    """Why ``root`` is no MemoryBench data: what was looked for, and what is there instead."""
    if not root.exists():
        return f"not found (looked for a MemoryBench benchmark's {MANIFEST_FILE} or its folder)"
    return (
        f"no {MANIFEST_FILE} here nor in any sub-folder (looked for {root / MANIFEST_FILE} and "
        f"{root / '*' / MANIFEST_FILE}){near_misses(root)}"
    )
