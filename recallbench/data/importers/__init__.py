"""Importers of other benchmarks' formats, each a :class:`~recallbench.data.dataset.Dataset`.

:func:`open_dataset` is the one door the command line and the harness take from a ``--data`` path to a
dataset: a folder holding ``manifest.json`` (or a folder of such folders) is a MemoryBench benchmark
(:mod:`.memorybench`); anything else stays a persona data directory, read exactly as before.
"""

from __future__ import annotations

from pathlib import Path

from ...errors import ConfigError, DatasetError
from ..dataset import DEFAULT_ARCS_FILE, Dataset, DirectoryDataset
from ._manifest_probe import MANIFEST_FILE, is_manifest_data
from ._native import cached_import, is_imported, open_imported

__all__ = [
    "DATA_SPEC_KINDS",
    "LOCOMO_CATEGORIES",
    "data_folder",
    "default_ranges_of",
    "is_manifest_data",
    "open_dataset",
    "persona_ranges_of",
    "resolve_data_spec",
]

DATA_SPEC_KINDS = ("locomo", "locomo-mem0", "longmemeval")
"""``--data KIND:FILE``: a LoCoMo file (official category names, or mem0's) or a LongMemEval file."""

LOCOMO_CATEGORIES = ("official", "mem0")
"""``--locomo-categories``: the names LoCoMo's category numbers are read under."""


def _convert(kind: str, source: Path, out: Path) -> None:
    if kind == "longmemeval":
        from .longmemeval import convert_longmemeval

        convert_longmemeval(source, out)
    else:
        from .locomo import convert_locomo

        convert_locomo(source, out, "mem0" if kind == "locomo-mem0" else "official")


def resolve_data_spec(value: Path | str, locomo_categories: str | None = None) -> Path:
    """``locomo:FILE``, ``locomo-mem0:FILE`` or ``longmemeval:FILE`` as the directory of personas
    the file converts to (once: cached by the file's content hash); a benchmark's ``manifest.json``
    as its folder; any other path as itself (:func:`data_folder`).

    ``locomo_categories`` (``official`` or ``mem0``; None: as the spec says) names the convention
    a ``locomo:FILE`` is read under: ``locomo:FILE`` with ``mem0`` is ``locomo-mem0:FILE``.

    Raises:
        DatasetError: the file is missing or malformed (naming the record and the field); a path
            that is a file other than a ``manifest.json``.
        ConfigError: ``locomo_categories`` is given for data it cannot apply to, or contradicts
            the spec (``locomo-mem0:FILE`` with ``official``).
    """
    text = str(value)
    kind, sep, rest = text.partition(":")
    if not sep or kind not in DATA_SPEC_KINDS or not rest:
        if locomo_categories is not None:
            raise ConfigError(
                f"--locomo-categories applies to --data locomo:FILE, not to {text}: an imported "
                "directory keeps the names 'recallbench import --locomo-categories' gave it"
            )
        return data_folder(Path(value))
    if locomo_categories is not None:
        if locomo_categories not in LOCOMO_CATEGORIES:
            raise ConfigError(
                f"--locomo-categories must be official or mem0, not {locomo_categories!r}"
            )
        if kind == "longmemeval":
            raise ConfigError("--locomo-categories applies to LoCoMo data, not to longmemeval:FILE")
        if kind == "locomo-mem0" and locomo_categories == "official":
            raise ConfigError(
                "--data locomo-mem0:FILE reads mem0's category names; --locomo-categories "
                "official contradicts it (use --data locomo:FILE)"
            )
        kind = "locomo-mem0" if locomo_categories == "mem0" else kind
    source = Path(rest).expanduser()
    if not source.is_file():
        raise DatasetError(f"--data {kind}:FILE: no such file", path=source)
    return cached_import(kind, source, lambda src, out: _convert(kind, src, out))


def data_folder(path: Path) -> Path:
    """The folder ``--data`` names: a MemoryBench benchmark's ``manifest.json`` is its folder;
    any other path is itself.

    Raises:
        DatasetError: ``path`` is another file (naming what ``--data`` takes), or a
            ``manifest.json`` that is not there.
    """
    if path.is_file():
        if path.name == MANIFEST_FILE:
            return path.parent
        raise DatasetError(
            f"--data takes a folder, not this file: a MemoryBench benchmark's {MANIFEST_FILE} (or "
            "its folder), a folder of persona directories, or locomo:FILE / longmemeval:FILE for "
            "a LoCoMo or LongMemEval file",
            path=path,
        )
    if path.name == MANIFEST_FILE and not path.exists():
        where = "no such folder" if not path.parent.is_dir() else "no such file in its folder"
        raise DatasetError(f"the MemoryBench manifest is not there ({where})", path=path)
    return path


def open_dataset(path: Path | str, arcs_file: str = DEFAULT_ARCS_FILE) -> Dataset:
    """The dataset at ``path``: MemoryBench benchmarks when ``path`` holds ``manifest.json`` or
    folders that do, else the persona data directory read with ``arcs_file``."""
    path = resolve_data_spec(path)
    if is_manifest_data(path):
        from .memorybench import ManifestDataset

        return ManifestDataset(Path(path))
    if is_imported(path):
        return open_imported(path, arcs_file)
    return DirectoryDataset(Path(path), arcs_file)


from ..ranges import default_ranges_of, persona_ranges_of  # noqa: E402  (re-exported)
