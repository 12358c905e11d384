"""BEAM's converted data read back: :class:`BeamDataset`."""

from __future__ import annotations

import attrs

from ...data import ImportedDataset
from ...family.base import Benchmark

__all__ = ["BeamDataset"]


@attrs.frozen
class BeamDataset(ImportedDataset):
    """Conversations converted from BEAM's files: personas whose questions' categories are the ten
    abilities, each asked once after its whole haystack (the import marker's checkpoints), their
    days read from disk when a unit of work reads them."""

    @property
    def benchmark(self) -> Benchmark:
        """The BEAM family (the registry's: the package's ``benchmark``), asked of the registry so
        that the family's modules import each other in one direction only."""
        from ...family.registry import family

        return family("beam")
