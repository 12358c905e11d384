"""A family whose data is another benchmark's published files converted into persona folders:
:class:`ImportedBenchmark`, the base LoCoMo, LongMemEval and BEAM share (and a third party's
importer may).

Its data is what :func:`~recallbench.data.write_native` wrote (an import marker naming the family
beside the persona folders): it is opened as the family's own
:class:`~recallbench.data.ImportedDataset` (:meth:`ImportedBenchmark.dataset_type`, which names the
family), a published file or folder given as it is being converted first (:meth:`resolve`); and it
is validated and checked before a run as persona folders are (:mod:`recallbench.family.folders`,
with the categories its marker records), without the personas family. Only this module's light
imports are paid when the family is imported; the rest when a method runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .base import BaseBenchmark, Validation

if TYPE_CHECKING:
    from ..data.importers._native import ImportedDataset

__all__ = ["ImportedBenchmark"]


class ImportedBenchmark(BaseBenchmark):
    """A family of converted data (module docstring). Subclasses set :attr:`dataset_type` and
    bring ``resolve`` (the conversion, cached) and ``convert`` (``recallbench import``)."""

    can_import = True
    valid_as: str | None = None
    """The ``OK`` line's name for valid data (``"BEAM data"``; None: the persona folders' line)."""

    def dataset_type(self) -> type[ImportedDataset]:
        """The family's own :class:`~recallbench.data.ImportedDataset`, which names the family
        (import it here, not at the top of the family's module: the family stays light)."""
        from ..data.importers._native import ImportedDataset

        return ImportedDataset

    def open(self, path: Path, *, arcs_file: str) -> ImportedDataset:
        """The data converted at ``path``; a published file or folder given as it is (no import
        marker there) is converted first (:meth:`resolve`)."""
        from ..data.importers._native import IMPORT_MARKER, open_imported

        root = Path(path)
        if not (root / IMPORT_MARKER).is_file():
            root = self.resolve(self.name, str(root), {})
        return open_imported(root, arcs_file, self.dataset_type())

    def unit_ids(self, path: Path, *, arcs_file: str) -> list[str]:
        from ..data.dataset import list_personas

        return list_personas(path)

    def validate(
        self, path: Path, *, personas: Sequence[str] | None, arcs_file: str, deep: bool
    ) -> Validation:
        """As persona folders are validated (read with the categories the marker records; the
        import's warnings are among the problems)."""
        import attrs

        from .folders import validate_folders

        found = validate_folders(path, personas=personas, arcs_file=arcs_file, deep=deep)
        return (
            attrs.evolve(found, ok=f"OK: {path} is valid {self.valid_as}")
            if self.valid_as
            else found
        )

    def preflight(
        self, path: Path, *, personas: Sequence[str], arcs_file: str, full: bool
    ) -> list[str]:
        """The persona folders' checks (the conversion is persona folders)."""
        from .folders import preflight_folders

        return preflight_folders(path, personas=personas, arcs_file=arcs_file, full=full)
