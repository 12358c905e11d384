"""The personas family: :class:`PersonaFolders`, and its dataset :class:`PersonaDirectory`."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from ...data.corpus import PersonaDataset
from ...data.dataset import DirectoryDataset, list_personas, persona_dir
from ...errors import DatasetError
from ...family.base import BaseBenchmark, Validation
from .hints import arcs_hint, holds_personas, missing_arcs_notes, no_data_hints

__all__ = ["PersonaDirectory", "PersonaFolders", "benchmark"]


@attrs.frozen
class PersonaDirectory(DirectoryDataset):
    """Persona folders read with one arcs file; a persona without it is refused naming the arcs
    files it has (and the ``--arcs`` that picks one)."""

    @property
    def benchmark(self) -> PersonaFolders:
        return benchmark

    def load(self, persona_id: str) -> PersonaDataset:
        pdir = persona_dir(self.data_dir, persona_id)
        hint = arcs_hint(pdir, self.arcs_file)
        if hint is not None:
            raise DatasetError(f"file not found; {hint}", path=pdir / self.arcs_file)
        return super().load(persona_id)


class PersonaFolders(BaseBenchmark):
    """Recall Bench's persona folders (the package docstring)."""

    name = "personas"
    title = "Recall Bench"
    summary = "Recall Bench's persona folders: persona.yaml, arcs-<N>d.yaml, memories and questions"
    unit = "persona"

    def detect(self, path: Path) -> bool:
        """A folder with a sub-folder holding ``persona.yaml``."""
        try:
            with os.scandir(path) as entries:
                return any(
                    e.is_dir()
                    and not e.name.startswith(".")
                    and os.path.isfile(os.path.join(e.path, "persona.yaml"))
                    for e in entries
                )
        except OSError:
            return False

    def resolve(self, spec: str, target: str, options: Mapping[str, Any]) -> Path:
        path = super().resolve(spec, target, options)
        if path.is_file():
            raise DatasetError(
                "--data takes a folder, not this file: a folder of persona directories, or "
                "another benchmark's data as NAME:PATH ('recallbench list benchmarks' names them)",
                path=path,
            )
        return path

    def open(self, path: Path, *, arcs_file: str) -> PersonaDirectory:
        return PersonaDirectory(path, arcs_file)

    def unit_ids(self, path: Path, *, arcs_file: str) -> list[str]:
        return list_personas(path)

    def validate(
        self, path: Path, *, personas: Sequence[str] | None, arcs_file: str, deep: bool
    ) -> Validation:
        proven = ""
        if deep:
            from ...data.deepcheck import deep_check

            report = deep_check(path, personas, arcs_file)
            problems = tuple(report.problems)
            proven = f"; {report.proven} of {report.checked} pairs proven against the corpus"
        else:
            from ...data.validate import validate_dataset

            hints = () if personas or holds_personas(path) else no_data_hints(path)
            problems = tuple(validate_dataset(path, personas, arcs_file, hints))
        return Validation(
            problems=problems,
            ok=f"OK: {path} is valid with {arcs_file}{proven}",
            notes=tuple(missing_arcs_notes(path, personas, arcs_file)),
        )

    def preflight(
        self, path: Path, *, personas: Sequence[str], arcs_file: str, full: bool
    ) -> list[str]:
        from .preflight import check_personas, check_reach

        if full:
            return check_personas(path, personas, arcs_file)
        return check_reach(path, personas, arcs_file)


benchmark = PersonaFolders()
"""The family the ``personas`` entry point names."""
