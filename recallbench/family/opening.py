"""From ``--data`` to a family and its dataset, through the registry only.

``--data NAME:TARGET`` names the family (``locomo:FILE``; a name a family's own begins with, such
as ``locomo-mem0:FILE``, goes to that family too); any other value is a path whose family is
detected:

1. data an importer wrote (the import marker beside its persona folders) belongs to the family
   the marker names;
2. the default family (Recall Bench's persona folders) is asked first, so that a persona run
   imports no other family;
3. then every other family; two that both claim the path are a refusal naming both;
4. data no family claims is read by the default family, which says what it lacks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._jsonread import json_loads
from ..data.importers._native import IMPORT_MARKER
from ..errors import ConfigError
from .base import Benchmark
from .registry import DEFAULT_FAMILY, all_families, family, family_of_prefix, registrations

if TYPE_CHECKING:
    from ..data.dataset import Dataset

__all__ = [
    "IMPORT_MARKER",
    "benchmark_of",
    "data_family",
    "detect",
    "open_data",
    "open_dataset",
    "option_owner",
    "resolve_data",
    "split_spec",
]


_WORD = re.compile(r"[a-z][a-z0-9-]*")

_resolved: dict[Path, str] = {}
"""The family each path resolved to in this process (``--data NAME:…`` named it, or detection
found it): the harness, opening what the command line resolved, asks no family again."""


def _key(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path


def split_spec(value: str | Path) -> tuple[str | None, str, str]:
    """``NAME:TARGET`` as (family, the name as given, target); any other value as (None, "",
    value). Nothing is imported."""
    text = str(value)
    head, sep, rest = text.partition(":")
    if not sep or not rest or not _WORD.fullmatch(head):
        return None, "", text
    owner = family_of_prefix(head)
    return (owner, head, rest) if owner is not None else (None, "", text)


def marked_family(path: Path) -> str | None:
    """The family an importer's marker at ``path`` names (None: no marker there)."""
    marker = path / IMPORT_MARKER
    if not marker.is_file():
        return None
    try:
        raw = json_loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return DEFAULT_FAMILY  # the default family's reader names what is wrong with it
    if not isinstance(raw, dict):
        return DEFAULT_FAMILY
    named = raw.get("family")
    if isinstance(named, str) and named in registrations():
        return named
    source = raw.get("source")
    word = _WORD.match(source) if isinstance(source, str) else None
    owner = family_of_prefix(word.group(0)) if word else None
    return owner or DEFAULT_FAMILY


def detect(path: Path) -> Benchmark:
    """The family of the data at ``path`` (module docstring).

    Raises:
        ConfigError: two families claim it.
    """
    known = _resolved.get(_key(path))
    if known is not None:
        return family(known)
    marked = marked_family(path) if path.is_dir() else None
    if marked is not None:
        return family(marked)
    default = family(DEFAULT_FAMILY)
    if default.detect(path):
        return default
    claims = [f for f in all_families() if f.name != DEFAULT_FAMILY and f.detect(path)]
    if len(claims) > 1:
        names = " and ".join(f.name for f in claims)
        raise ConfigError(
            f"--data {path}: both the {names} families recognise it; name one, as "
            f"--data {claims[0].name}:{path}"
        )
    return claims[0] if claims else default


def option_owner(flag: str) -> str | None:
    """The family a ``--<name>-…`` flag belongs to (None: none of them). Nothing is imported."""
    if not flag.startswith("--"):
        return None
    word = flag[2:].split("=", 1)[0]
    owner = family_of_prefix(word)
    return owner if owner is not None and word != owner else None


def _check_options(owner: Benchmark, given: str, options: Mapping[str, Any]) -> None:
    """A family flag given for another family's data: one line naming both."""
    mine = {o.dest for o in owner.data_options}
    for dest, value in options.items():
        if value is None or dest in mine:
            continue
        flag = "--" + dest.replace("_", "-")
        other = option_owner(flag)
        target = f"{other}:FILE" if other else "its family's data"
        notes = [o.elsewhere for o in family(other).data_options if o.dest == dest] if other else []
        why = f": {notes[0]}" if notes and notes[0] else ""
        raise ConfigError(f"{flag} applies to --data {target}, not to {given}{why}")


def resolve_data(value: str | Path, options: Mapping[str, Any] | None = None) -> Path:
    """The path ``--data`` reads: ``NAME:TARGET`` resolved by its family (a published file
    converted once into the user cache), a path by the family that recognises it.

    ``options`` are the families' flags as given (``{"locomo_categories": "mem0"}``; None values
    are flags not given).

    Raises:
        DatasetError: the data is missing or malformed (naming the file and the field).
        ConfigError: an unknown family, a flag for another family's data, two families claiming it.
    """
    given = {k: v for k, v in (options or {}).items() if v is not None}
    owner_name, spec, target = split_spec(value)
    if owner_name is not None:
        owner = family(owner_name)
        _check_options(owner, str(value), given)
        resolved = owner.resolve(spec, target, given)
    else:
        path = Path(target).expanduser()
        owner = detect(path)
        _check_options(owner, str(value), given)
        resolved = owner.resolve(owner.name, str(path), given)
    _resolved[_key(resolved)] = owner.name
    return resolved


def data_family(path: Path | str) -> Benchmark:
    """The family of a resolved ``--data`` path (:func:`detect`)."""
    return detect(Path(path))


def open_data(path: Path | str, arcs_file: str) -> tuple[Benchmark, Dataset]:
    """The family of the data at ``path`` and its dataset: ``path`` (a path or ``NAME:TARGET``)
    resolved first (:func:`resolve_data`: a published file converted, …), then opened by the
    family that recognises what it resolved to."""
    path = resolve_data(path)
    owner = detect(Path(path))
    return owner, owner.open(Path(path), arcs_file=arcs_file)


def open_dataset(path: Path | str, arcs_file: str | None = None) -> Dataset:
    """The dataset at ``path`` (a path ``--data`` takes, or ``NAME:PATH``), read by its family
    (persona folders with ``arcs_file``, the default arcs file when None)."""
    if arcs_file is None:
        from ..data.dataset import DEFAULT_ARCS_FILE

        arcs_file = DEFAULT_ARCS_FILE
    return open_data(path, arcs_file)[1]


def benchmark_of(dataset: object) -> Benchmark | None:
    """The family a dataset declares (its ``benchmark`` attribute), None for one that declares
    none: the core's defaults then hold (Recall Bench's categories, the stub judge, no figures)."""
    found = getattr(dataset, "benchmark", None)
    return found if isinstance(found, Benchmark) else None
