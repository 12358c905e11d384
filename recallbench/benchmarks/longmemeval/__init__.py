"""LongMemEval (xiaowu0162/LongMemEval): a question per unit with its own haystack of chat sessions,
as a benchmark family (:class:`LongMemEval`).

A published file (``longmemeval_s_cleaned.json``, ``_m_cleaned``, ``_oracle``) is converted once
into persona folders (``--data longmemeval:FILE``, a plain path to the file, or ``recallbench import
longmemeval FILE --out DIR``): each question a unit asked once, after its haystack
(:mod:`.importer`, streamed: an ``_m`` file is never held whole). The family brings LongMemEval's
official yes/no judge (``--judge longmemeval:<model spec>``: :mod:`.judge`) and its figures as the
official ``print_qa_metrics.py`` computes them (``publicBenchmark["longmemeval"]``: :mod:`.report`,
:mod:`.tables`).

This module stays light (the family object only): the importer, the judge and the report are
imported when a method needs them.
"""

from __future__ import annotations

from .family import LongMemEval

__all__ = ["LongMemEval", "benchmark"]

benchmark = LongMemEval()
"""The family the ``longmemeval`` entry point names."""
