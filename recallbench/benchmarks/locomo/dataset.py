"""The dataset of converted LoCoMo data: :class:`LocomoConversations`."""

from __future__ import annotations

import attrs

from ...data.importers._native import ImportedDataset
from ...family.base import Benchmark

__all__ = ["LocomoConversations"]


@attrs.frozen
class LocomoConversations(ImportedDataset):
    """The conversations ``recallbench import locomo`` (or ``--data locomo:FILE``) wrote, each
    asked at its own session quarters when ``--ranges`` names none; it names its family."""

    @property
    def benchmark(self) -> Benchmark:
        """The LoCoMo family (the registry's: the package's ``benchmark``)."""
        from ...family.registry import family

        return family("locomo")
