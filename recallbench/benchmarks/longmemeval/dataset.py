"""The dataset of converted LongMemEval data: :class:`LongMemEvalQuestions`."""

from __future__ import annotations

import attrs

from ...data.importers._native import ImportedDataset
from ...family.base import Benchmark

__all__ = ["LongMemEvalQuestions"]


@attrs.frozen
class LongMemEvalQuestions(ImportedDataset):
    """The questions ``recallbench import longmemeval`` (or ``--data longmemeval:FILE``) wrote,
    each a unit asked once, after its haystack, when ``--ranges`` names none; it names its
    family."""

    @property
    def benchmark(self) -> Benchmark:
        """The LongMemEval family (the registry's: the package's ``benchmark``)."""
        from ...family.registry import family

        return family("longmemeval")
