"""MemoryBench benchmarks: the ``memorybench`` family (:class:`MemoryBenchManifests`).

A benchmark folder holds ``manifest.json`` beside a JSON or JSONL data file; ``--data`` names one, a
folder of them, or a ``manifest.json``. Each unit of context is a unit (``<unit>``, or
``<benchmark>/<unit>`` in a folder of several), asked once after its last day, and each benchmark
is judged by its own ``evaluation`` protocol unless ``--judge`` names another judge.

The modules, by concept:

* reading: :mod:`.probe` (is it MemoryBench data, cheaply), :mod:`.manifest` (the manifest's
  records), :mod:`.cases` (the data file, flattened, over :mod:`._records` and :mod:`._json`),
  :mod:`.sessions` and :mod:`.units` (cases mapped onto units, days and questions),
  :mod:`.files` (files stay inside the folder), :mod:`.dataset` (the dataset and the validator);
* judging: :mod:`.judge` (each benchmark's protocol), :mod:`.protocols` (a manifest's
  ``evaluation`` section as a judge), :mod:`.exact_match`, :mod:`.typed_llm`,
  :mod:`.deletion_check`;
* figures: :mod:`.metrics` (``benchmarkMetrics`` of a run).

Only the family object is imported here (its members import the rest when called).
"""

from __future__ import annotations

from .family import MemoryBenchManifests

__all__ = ["MemoryBenchManifests", "benchmark"]

benchmark = MemoryBenchManifests()
"""The family the ``memorybench`` entry point names."""
