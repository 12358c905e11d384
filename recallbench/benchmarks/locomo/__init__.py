"""LoCoMo (snap-research/locomo): long conversations between two speakers, as a benchmark family
(:class:`LoCoMo`).

A published ``locomo10.json`` is converted once into persona folders (``--data locomo:FILE``, a
plain path to the file, or ``recallbench import locomo FILE --out DIR``): each conversation a unit
asked at its own session quarters (:mod:`.importer`), its categories read under the official
numbering or mem0's (``--locomo-categories``, ``locomo-mem0:FILE``). The family brings LoCoMo's
official scorers (``--judge locomo-f1``, ``locomo-llm:<model spec>``: :mod:`.judges`) and its
figures in the layout its papers publish (``publicBenchmark["locomo"]``: :mod:`.report`,
:mod:`.tables`).

This module stays light (the family object only): the importer, the judges (nltk) and the report
are imported when a method needs them.
"""

from __future__ import annotations

from .family import LoCoMo

__all__ = ["LoCoMo", "benchmark"]

benchmark = LoCoMo()
"""The family the ``locomo`` entry point names."""
