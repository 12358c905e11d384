"""BEAM's converted data read back: :class:`BeamDataset`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from ...data.importers._native import ImportedDataset, open_imported

if TYPE_CHECKING:
    from .family import Beam

__all__ = ["BeamDataset", "open_beam"]


@attrs.frozen
class BeamDataset(ImportedDataset):
    """Conversations converted from BEAM's files: personas whose questions' categories are the ten
    abilities, each asked once after its whole haystack (the import marker's checkpoints), their
    days read from disk when a unit of work reads them."""

    @property
    def benchmark(self) -> Beam:
        """The BEAM family (what the harness asks a dataset for)."""
        from . import benchmark

        return benchmark


def open_beam(path: Path | str, arcs_file: str) -> BeamDataset:
    """The converted conversations at ``path`` (an import marker's folder).

    Raises:
        DatasetError: the import marker is missing or unreadable.
    """
    base = open_imported(path, arcs_file)
    return BeamDataset(
        base.data_dir,
        base.arcs_file,
        base.default_ranges,
        dict(base.persona_ranges),
        base.categories,
    )
